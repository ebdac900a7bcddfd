//! The `Game` trait every game crate implements: position, moves, notation, outcome, and what the
//! interfaces and the search need to know of a game.

use crate::drawing::Drawing;
use crate::stepwise::{Click, PartialTurn};
use crate::story::Story;
use crate::{Error, Levels, MoveInfo, OptionMap, Outcome, Player};
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

/// The least [`Game::move_order_hint`] of a tactical move: a capture, an attack or a winning
/// turn, which the quiescence search plays on beyond the horizon. A quiet move that is merely
/// promising (a villager's jump forward) gets a lower positive hint: the quiescence search
/// follows it only in its first plies, so that it stays small.
pub const TACTICAL_HINT: i32 = 1000;

/// What a game can tell about the side to move's moves without listing them
/// ([`Game::tactics`]), so that the search can skip the listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tactics {
    /// It cannot tell: list the moves.
    Unknown,
    /// Some move wins the game at once.
    WinAtOnce,
    /// No move has a positive [`Game::move_order_hint`]: the position is quiet.
    Quiet,
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

    /// Plays a move that `legal_moves` listed.
    fn play(&mut self, mv: Self::Move);

    /// Parses a move in this game's notation; it must be legal here.
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

    /// A text diagram of the position for terminals.
    fn diagram(&self) -> String;

    /// The cells a move touches, for interfaces that highlight and animate.
    fn move_info(&self, mv: Self::Move) -> MoveInfo {
        MoveInfo {
            notation: self.format_move(mv),
            ..MoveInfo::default()
        }
    }

    /// The move in words for players, for a game whose notation is hard to read (a move list
    /// shows it beside the notation): "Piece 5 (White) takes the pink ring, steps to b2, then
    /// switches places with piece 1 on a1." `None`, the default, where the notation says it
    /// plainly enough.
    fn describe_move(&self, _mv: Self::Move) -> Option<String> {
        None
    }

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

    /// A hint for search move ordering: higher is tried first (attacks and captures high, quiet
    /// moves 0). It only orders; it never changes which moves are legal. Hints of
    /// [`TACTICAL_HINT`] and more mark the moves that change the material or end the game
    /// (captures, attacks, winning turns), which alpha-beta's quiescence search follows beyond
    /// its horizon; lower positive hints mark promising moves, followed only in its first plies.
    fn move_order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// What the side to move's moves hold, if the game can tell without listing them: the
    /// search then scores a win in one, or stands pat in a quiet position, without the listing,
    /// which is most of its work in a game whose move lists are long (Krux). Only worth
    /// answering when it is much cheaper than `legal_moves`.
    fn tactics(&self) -> Tactics {
        Tactics::Unknown
    }

    /// Hands the move to the opponent as if the side to move had played a move that changes
    /// nothing, for alpha-beta's null-move pruning, and says whether it did: the board stays, a
    /// pass count becomes 0 (a null move stands for a move, not for a `pass`, so it never
    /// helps end a game by passes). A game answers `false`, changing nothing, where the turn
    /// cannot simply change hands (Krux's pieces move in a fixed order). Never played in a game.
    fn null_move(&mut self) -> bool {
        false
    }

    /// A heuristic value of the position for the side to move, in roughly ±1000 (0 = even).
    fn evaluate(&self) -> i32 {
        0
    }

    /// The names and weights of the evaluation's terms, for tuning (`arbiter tune`): for a game
    /// that lists them, `evaluate()` of a position in play is the sum of each of
    /// [`Game::eval_terms`] times its weight, rounded toward zero and clamped to ±1000. Empty
    /// for an evaluation that is not such a sum.
    const EVAL_WEIGHTS: &'static [(&'static str, f64)] = &[];

    /// The values of the evaluation's terms in this position, for the side to move, one per
    /// entry of [`Game::EVAL_WEIGHTS`], appended to `out`.
    fn eval_terms(&self, _out: &mut Vec<f64>) {}

    /// The computer's strength levels, level 1 first. Each game chooses its own by measurement,
    /// since which search and budget is strong depends on the game; the default (heuristic MCTS
    /// with growing budgets) is for a game that has not been measured yet.
    const STRENGTH_LEVELS: Levels = crate::strength::DEFAULT_LEVELS;

    /// One line for players choosing a game.
    const BLURB: &'static str;

    /// The rules for players (Markdown) and their diagrams and tutorial (JSON, see
    /// `docs/rules/`), if the game has them.
    const RULES: Option<(&'static str, &'static str)> = None;

    /// The board picture of this position, turned round when `flipped` (the second player at
    /// the bottom). The web app, the CLI and the docs all draw from it.
    fn drawing(&self, flipped: bool) -> Drawing;

    /// The ending shown by the board, told in words, with the decisive cells: "Black's flagship
    /// fell into the void". `last` is the position before the final move and that move, when
    /// known. `None` when the game has nothing to say beyond who won.
    fn ending_story(&self, _last: Option<(&Self, Self::Move)>) -> Option<Story> {
        None
    }

    /// Turns are entered step by step ([`Game::partial_turn`]) rather than picked from a list.
    const STEPWISE: bool = false;

    /// The partial turn after `steps` from this position, for games that build turns step by
    /// step; `None` for the others, an error naming the first illegal step otherwise.
    fn partial_turn(&self, _steps: &[String]) -> Option<Result<PartialTurn, Error>> {
        None
    }

    /// How a person enters a legal move by clicking: where the piece starts, where it ends, and
    /// the cell that tells it apart from other moves with the same two (its `choice`).
    fn move_clicks(&self, mv: Self::Move) -> Vec<Click> {
        let info = self.move_info(mv);
        let mut clicks = Vec::new();
        let mut push = |cell: &Option<String>, what: &str| {
            if let Some(cell) = cell {
                clicks.push(Click {
                    cell: Some(cell.clone()),
                    label: format!("{what} {cell}"),
                    token: None,
                });
            }
        };
        push(&info.from, "Select the piece on");
        push(&info.to, "Move it to");
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let alike = legal
            .into_iter()
            .filter(|&other| {
                let o = self.move_info(other);
                o.from == info.from && o.to == info.to
            })
            .count();
        if alike > 1 {
            push(&info.choice, "Choose");
        }
        clicks
    }

    /// A small number (below 2^26) that determines this move's notation in this position: moves
    /// with equal keys, in any positions of one variant, are written alike. Bindings cache one
    /// string per key. `None` where the notation needs more of the position (Krux).
    fn notation_key(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// The shape of [`Game::observe`]'s tensor for a variant: planes × rows × columns. `[0, 0, 0]`
    /// for a game without one.
    fn observation_shape(_variant: &Self::Variant) -> [usize; 3] {
        [0, 0, 0]
    }

    /// Writes the position as planes × rows × columns of 0/1 values, for machine learning (each
    /// game documents its planes). `out` has the length of [`Game::observation_shape`].
    fn observe(&self, _out: &mut [f32]) {}

    /// The size of the game's fixed action space for a variant: every move (or, for games built
    /// step by step, every step and the end of a turn) has an index below it. 0 for none.
    fn action_space(_variant: &Self::Variant) -> usize {
        0
    }

    /// The action index of a legal move (whole-move games).
    fn action_of_move(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// The action index of a step (games built step by step); the end of a turn is the last
    /// action of the space.
    fn action_of_step(_step: &str) -> Option<usize> {
        None
    }

    /// The step of an action index (games built step by step), `None` for the end of a turn or an
    /// index that names no step.
    fn step_of_action(_action: usize) -> Option<String> {
        None
    }

    /// Parses a player name as this game writes it.
    fn parse_player(name: &str) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|&p| Self::player_name(p).eq_ignore_ascii_case(name))
    }
}
