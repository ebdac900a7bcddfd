//! The swap (pie) rule, written once for every game: after the first player's first move (a
//! whole turn), the second player may take over that side instead of answering; the first
//! player then plays the other side and moves next. `swap=on` in a game's options plays it
//! through [`WithSwap`], which wraps the game's position; no game crate knows of it.
//!
//! The players keep their places: [`Player::First`] is still the player who moved first, and
//! after a swap plays the second side ([`Game::plays`]). So everything that counts players (the
//! search's sides, results, seats, clocks) stays with the person, while names follow the
//! pieces: after a swap the first player is "Black" wherever the game calls the second side so.
//!
//! In a position string the state of the swap is one more field at the end: `swap:next` (the
//! first move may be swapped), `swap:now` (the side to move may swap), `swapped` (the sides were
//! swapped); none once the chance has passed.

mod game_type;
mod heuristics;
mod presentation;
mod scratch;

use crate::{Error, Game, OptionMap, Outcome, Player, Variant};
pub use game_type::Swappable;
pub use presentation::SWAP_LABEL;
use rand::Rng;
use scratch::with_scratch;

/// The swap's notation, and the option key that turns the rule on.
pub const SWAP: &str = "swap";

/// Where a game stands with the swap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SwapState {
    /// The side to move makes the first move, which the opponent may then swap.
    Next,
    /// The side to move may swap instead of answering.
    Now,
    /// The second player took over the first player's side.
    Swapped,
    /// The chance has passed (or there never was one).
    Closed,
}

impl SwapState {
    /// The position string's last field for this state, if it has one.
    fn field(self) -> Option<&'static str> {
        match self {
            SwapState::Next => Some("swap:next"),
            SwapState::Now => Some("swap:now"),
            SwapState::Swapped => Some("swapped"),
            SwapState::Closed => None,
        }
    }

    fn from_field(field: &str) -> Option<SwapState> {
        [SwapState::Next, SwapState::Now, SwapState::Swapped]
            .into_iter()
            .find(|s| s.field() == Some(field))
    }

    /// What the state adds to the position's hash: the same board is another position when a
    /// swap is still to come or has happened.
    fn key(self) -> u64 {
        const KEYS: [u64; 3] = crate::zobrist::keys(0x5_3a9);
        match self {
            SwapState::Next => KEYS[0],
            SwapState::Now => KEYS[1],
            SwapState::Swapped => KEYS[2],
            SwapState::Closed => 0,
        }
    }
}

/// A move of a game played with the swap rule: the game's own move, or the swap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SwapMove<M> {
    /// A move of the game.
    Play(M),
    /// The second player takes over the side that made the first move.
    Swap,
}

/// A game's variant with the swap rule on (`swap=on` besides the game's own options).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SwapOn<V>(pub V);

impl<V: Variant> Variant for SwapOn<V> {
    /// The game's keys; `swap` itself is known to every game (the registry reads it).
    const KEYS: &'static [&'static str] = V::KEYS;
    const CHOICES: &'static [(&'static str, &'static [&'static str])] = V::CHOICES;

    fn take_from(map: &mut OptionMap) -> Result<Self, Error> {
        match map.take_flag(SWAP)? {
            Some(true) => Ok(SwapOn(V::take_from(map)?)),
            _ => Err(Error::Options(
                "this game is played with the swap rule: it needs 'swap=on'".into(),
            )),
        }
    }

    fn to_options(&self) -> String {
        match self.0.to_options() {
            own if own.is_empty() => format!("{SWAP}=on"),
            own => format!("{own},{SWAP}=on"),
        }
    }
}

/// The swap rule for players, in Markdown with the game's names for its sides: the section that
/// ends every game's rules page.
pub fn rules_text(first: &str, second: &str) -> String {
    format!(
        "## The swap rule (an option)\n\n\
         Any game can be played with the swap rule, the fair start that Hex and many other games use: tick \
         \"Swap rule\" when you create the game (the option `swap=on`). After {first}'s first turn, the other \
         player chooses: answer it as {second}, as usual, or **swap**, which takes over {first}'s side with that \
         first turn already made. Nothing on the board changes: the player who moved first now plays {second}, \
         and moves next. The swap is open only then, and only once.\n\n\
         So the first player should open with a move that is neither too strong (it would be taken over) nor too \
         weak (it would be left to them).\n\n\
         The swap is written `swap`. In a position string, a last field says where the game stands with it: \
         `swap:next` (the first turn may be swapped), `swap:now` (the side to move may swap) or `swapped`.\n"
    )
}

/// Does an options string turn the swap rule on? An error for a bad `swap` value.
pub fn swap_requested(options: &str) -> Result<bool, Error> {
    Ok(OptionMap::parse(options)?.take_flag(SWAP)?.unwrap_or(false))
}

/// `position` (of a game played with the swap rule, or without) with the swap offered on its next
/// move, as at the start: what a random opening leads to when the swap should follow it (the
/// first deliberate move may be swapped, not a random one).
pub fn swap_next(position: &str) -> String {
    let text = position.trim();
    let board = match text.rsplit_once(char::is_whitespace) {
        Some((rest, last)) if SwapState::from_field(last).is_some() => rest.trim_end(),
        _ => text,
    };
    format!("{board} {}", SwapState::Next.field().unwrap_or_default())
}

/// A position of `G` played with the swap rule.
#[derive(Debug, Clone)]
pub struct WithSwap<G> {
    game: G,
    state: SwapState,
}

impl<G: Game> WithSwap<G> {
    /// The game's own position.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Where the game stands with the swap.
    pub fn state(&self) -> SwapState {
        self.state
    }

    /// The player who moves `side`'s pieces (and the side a player moves: the mapping is its
    /// own inverse).
    fn across(&self, player: Player) -> Player {
        if self.state == SwapState::Swapped {
            player.opponent()
        } else {
            player
        }
    }

    fn may_swap(&self) -> bool {
        self.state == SwapState::Now && self.game.outcome().is_none()
    }
}

impl<G: Game> Game for WithSwap<G> {
    type Move = SwapMove<G::Move>;
    type Variant = SwapOn<G::Variant>;
    const NAME: &'static str = G::NAME;
    // The swap is parsed only where it is open; every other move is the game's.
    const PARSE_CHECKS_LEGALITY: bool = G::PARSE_CHECKS_LEGALITY;

    fn new(variant: &Self::Variant) -> Self {
        WithSwap {
            game: G::new(&variant.0),
            state: SwapState::Next,
        }
    }

    fn from_position(variant: &Self::Variant, position: &str) -> Result<Self, Error> {
        let text = position.trim();
        let (rest, state) = match text.rsplit_once(char::is_whitespace) {
            Some((rest, last)) => match SwapState::from_field(last) {
                Some(state) => (rest.trim_end(), state),
                None => (text, SwapState::Closed),
            },
            None => (text, SwapState::Closed),
        };
        Ok(WithSwap {
            game: G::from_position(&variant.0, rest)?,
            state,
        })
    }

    fn variant(&self) -> Self::Variant {
        SwapOn(self.game.variant())
    }

    fn position(&self) -> String {
        match self.state.field() {
            Some(field) => format!("{} {field}", self.game.position()),
            None => self.game.position(),
        }
    }

    fn to_move(&self) -> Player {
        self.across(self.game.to_move())
    }

    fn plays(&self, player: Player) -> Player {
        self.across(player)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().map(|outcome| match outcome {
            Outcome::Win(side) => Outcome::Win(self.across(side)),
            Outcome::Draw => Outcome::Draw,
        })
    }

    fn can_win(&self, player: Player) -> bool {
        self.game.can_win(self.across(player))
    }

    fn legal_moves(&self, moves: &mut Vec<Self::Move>) {
        moves.clear();
        with_scratch(|own: &mut Vec<G::Move>| {
            self.game.legal_moves(own);
            moves.extend(own.iter().map(|&mv| SwapMove::Play(mv)));
        });
        if self.state == SwapState::Now && !moves.is_empty() {
            moves.push(SwapMove::Swap);
        }
    }

    fn play(&mut self, mv: Self::Move) {
        match mv {
            SwapMove::Play(mv) => {
                self.game.play(mv);
                self.state = match self.state {
                    SwapState::Next => SwapState::Now,
                    SwapState::Now => SwapState::Closed,
                    other => other,
                };
            }
            SwapMove::Swap => {
                debug_assert_eq!(self.state, SwapState::Now, "a swap played when none was open");
                self.state = SwapState::Swapped;
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, Error> {
        if text.trim().eq_ignore_ascii_case(SWAP) {
            return if self.may_swap() {
                Ok(SwapMove::Swap)
            } else {
                Err(Error::bad_move(
                    text,
                    "a swap is only open to the second player, instead of answering the first move",
                ))
            };
        }
        self.game.parse_move(text).map(SwapMove::Play)
    }

    fn format_move(&self, mv: Self::Move) -> String {
        match mv {
            SwapMove::Play(mv) => self.game.format_move(mv),
            SwapMove::Swap => SWAP.to_string(),
        }
    }

    fn hash(&self) -> u64 {
        self.game.hash() ^ self.state.key()
    }

    fn hash_from_scratch(&self) -> u64 {
        self.game.hash_from_scratch() ^ self.state.key()
    }

    fn repetition_key(&self) -> u64 {
        self.game.repetition_key() ^ self.state.key()
    }

    fn player_name(player: Player) -> &'static str {
        G::player_name(player)
    }

    const RANDOM_MOVE_IS_A_LISTED_DRAW: bool = G::RANDOM_MOVE_IS_A_LISTED_DRAW;

    fn random_move<R: Rng>(&self, rng: &mut R, buffer: &mut Vec<Self::Move>) -> Option<Self::Move> {
        if self.state == SwapState::Now {
            self.legal_moves(buffer);
            return (!buffer.is_empty()).then(|| buffer[rng.random_range(0..buffer.len())]);
        }
        with_scratch(|own: &mut Vec<G::Move>| self.game.random_move(rng, own)).map(SwapMove::Play)
    }
}

impl<G: crate::Encoding> crate::Encoding for WithSwap<G> {
    fn observation_shape(variant: &Self::Variant) -> [usize; 3] {
        G::observation_shape(&variant.0)
    }

    fn observation_inputs(&self, mark: &mut dyn FnMut(usize)) {
        self.game.observation_inputs(mark)
    }

    fn perspective_shape(variant: &Self::Variant) -> [usize; 3] {
        G::perspective_shape(&variant.0)
    }

    fn view_inputs(&self, viewer: Player, mark: &mut dyn FnMut(usize)) {
        self.game.view_inputs(viewer, mark)
    }

    fn builtin_net(variant: &Self::Variant) -> Option<crate::BuiltinNet> {
        G::builtin_net(&variant.0)
    }

    /// The game's actions moved up by one: action 0 is the swap, so that the end of a turn
    /// (step-by-step games) stays the last action.
    fn action_space(variant: &Self::Variant) -> usize {
        match G::action_space(&variant.0) {
            0 => 0,
            own => own + 1,
        }
    }

    fn action_of_move(&self, mv: Self::Move) -> Option<usize> {
        match mv {
            SwapMove::Swap => Some(0),
            SwapMove::Play(mv) => self.game.action_of_move(mv).map(|a| a + 1),
        }
    }

    fn action_of_step(step: &str) -> Option<usize> {
        if step.eq_ignore_ascii_case(SWAP) {
            Some(0)
        } else {
            G::action_of_step(step).map(|a| a + 1)
        }
    }

    fn step_of_action(action: usize) -> Option<String> {
        match action {
            0 => Some(SWAP.to_string()),
            a => G::step_of_action(a - 1),
        }
    }

    /// The game's, moved up by one, with the swap first where it is open (as
    /// [`crate::Presentation::partial_turn`] offers it): a turn that is the swap may only end.
    fn step_actions(&self, steps: &[String]) -> Option<Result<crate::StepActions, Error>> {
        let may_swap = self.may_swap();
        if may_swap && steps.first().is_some_and(|s| s.trim().eq_ignore_ascii_case(SWAP)) {
            let end = Self::action_space(&self.variant()).checked_sub(1)?;
            return Some(match steps.get(1) {
                Some(more) => Err(Error::bad_move(more, "the swap is the whole turn")),
                None => Ok(crate::StepActions {
                    actions: vec![end],
                    won: false,
                }),
            });
        }
        let turn = self.game.step_actions(steps)?;
        Some(turn.map(|mut turn| {
            turn.actions.iter_mut().for_each(|a| *a += 1);
            if may_swap && steps.is_empty() {
                turn.actions.insert(0, 0);
            }
            turn
        }))
    }
}
