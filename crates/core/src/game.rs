//! The `Game` trait every game crate implements: the rules alone — position, moves, notation,
//! hash and outcome. What the search, people and learning need besides are the game's
//! [`Heuristics`](crate::Heuristics), [`Presentation`](crate::Presentation) and
//! [`Encoding`](crate::Encoding).

use crate::{Error, OptionMap, Outcome, Player};
use rand::Rng;
use std::fmt::Debug;
use std::hash::Hash;

/// The options that change a game's rules or board (Villawar's `size`); not history rules.
pub trait Variant: Clone + Debug + Default + PartialEq + Send + Sync + 'static {
    /// The option keys this variant reads.
    const KEYS: &'static [&'static str];
    /// The values a key may take, for keys with a short list of them (Villawar's sizes), so that
    /// front ends can offer a choice.
    const CHOICES: &'static [(&'static str, &'static [&'static str])] = &[];
    /// Takes this variant's keys from the map, rejecting bad values.
    fn take_from(map: &mut OptionMap) -> Result<Self, Error>;
    /// The variant in option syntax (`size=10`), empty for the default.
    fn to_options(&self) -> String;
}

/// The variant of a game that has none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoVariant;

impl Variant for NoVariant {
    const KEYS: &'static [&'static str] = &[];
    fn take_from(_: &mut OptionMap) -> Result<Self, Error> {
        Ok(NoVariant)
    }
    fn to_options(&self) -> String {
        String::new()
    }
}

/// One two-player game: a position without history, and its rules.
///
/// The trait is static and fast: moves are small `Copy` values, move lists are caller-owned
/// buffers that are reused, so that generation and playouts allocate nothing per ply.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// One complete turn, identified by what it does.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// Options that change the board or rules.
    type Variant: Variant;

    /// The registry name: `void`, `krux`, `attraction`, `villawar`.
    const NAME: &'static str;

    /// Does [`Game::parse_move`] accept only moves legal in the position (as Krux's does, which
    /// replays a turn's steps by the rules)? A session then plays a parsed move without listing
    /// every legal move to find it there — thousands of turns in Krux.
    const PARSE_CHECKS_LEGALITY: bool = false;

    /// The start position of the given variant.
    fn new(variant: &Self::Variant) -> Self;

    /// Parses a position string. Games whose variant shows in the position (Villawar's size)
    /// take it from there; `variant` is then only a default.
    fn from_position(variant: &Self::Variant, position: &str) -> Result<Self, Error>;

    /// The variant this position belongs to.
    fn variant(&self) -> Self::Variant;

    /// The position string.
    fn position(&self) -> String;

    /// The side to move (in a finished game, the side that would have moved next).
    fn to_move(&self) -> Player;

    /// The side whose pieces `player` moves, by the start position's order: `player` itself,
    /// except after a swap ([`crate::swap`]), where the players have taken each other's sides.
    fn plays(&self, player: Player) -> Player {
        player
    }

    /// The name of the side `player` moves now: [`Game::player_name`] of [`Game::plays`].
    fn side_name(&self, player: Player) -> &'static str {
        Self::player_name(self.plays(player))
    }

    /// The player who moves the side of that name now (see [`Game::side_name`]).
    fn parse_side(&self, name: &str) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|&p| self.side_name(p).eq_ignore_ascii_case(name.trim()))
    }

    /// The result shown by the position itself, if the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Could `player` still win from here, by some sequence of legal moves? When the side to move
    /// runs out of time against a side that could not, the game is drawn instead of lost. Every game
    /// of this project answers `true` (see each game's rules: a side that could no longer win has
    /// already lost or drawn by the board); a game with bare-king endings would say otherwise.
    fn can_win(&self, player: Player) -> bool {
        let _ = player;
        true
    }

    /// Clears `moves` and fills it with every legal move, each once. Empty iff the game is over.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The number of legal moves, as [`Game::legal_moves`] lists them: perft's last ply (bulk
    /// counting). A game with a faster way than listing them overrides it; `scratch` is space
    /// to reuse.
    fn count_moves(&self, scratch: &mut Vec<Self::Move>) -> usize {
        self.legal_moves(scratch);
        scratch.len()
    }

    /// Plays a move that `legal_moves` listed.
    fn play(&mut self, mv: Self::Move);

    /// Parses a move in this game's notation; it must be legal here (checked by the session
    /// unless [`Game::PARSE_CHECKS_LEGALITY`]).
    fn parse_move(&self, text: &str) -> Result<Self::Move, Error>;

    /// The canonical notation of a legal move.
    fn format_move(&self, mv: Self::Move) -> String;

    /// The incrementally kept Zobrist hash of the whole position.
    fn hash(&self) -> u64;

    /// The same hash computed from scratch, to check the incremental one.
    fn hash_from_scratch(&self) -> u64;

    /// The key that threefold repetition compares: board and side to move, not the pass count.
    fn repetition_key(&self) -> u64 {
        self.hash()
    }

    /// The game's name for a side (`black`, `white`, `violet`, `red`).
    fn player_name(player: Player) -> &'static str;

    /// Whether [`Game::random_move`] gives exactly the listed move at the place it draws, with
    /// the same random numbers (the default's draw, or a faster one that counts instead of
    /// listing): the conformance suite checks it. A game that samples otherwise says `false`.
    const RANDOM_MOVE_IS_A_LISTED_DRAW: bool = true;

    /// A uniformly random legal move (or a cheaper sample where a game has huge move lists),
    /// `None` when the game is over. `buffer` is scratch space.
    fn random_move<R: Rng>(&self, rng: &mut R, buffer: &mut Vec<Self::Move>) -> Option<Self::Move> {
        self.legal_moves(buffer);
        if buffer.is_empty() {
            None
        } else {
            Some(buffer[rng.random_range(0..buffer.len())])
        }
    }

    /// Parses a player name as this game writes it.
    fn parse_player(name: &str) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|&p| Self::player_name(p).eq_ignore_ascii_case(name))
    }
}

/// A game with all its parts — rules, heuristics, presentation and encoding — as the registry,
/// the engines and the bindings take it. Every type that has the four is one.
pub trait FullGame: Game + crate::Heuristics + crate::Presentation + crate::Encoding {}

impl<G: Game + crate::Heuristics + crate::Presentation + crate::Encoding> FullGame for G {}
