//! What a game tells the search about itself: an evaluation, move-ordering hints, what it can see
//! without listing moves, a null move, the evaluation's terms for tuning, and the strength levels
//! it chose. Core runs no search: these are the game's knowledge, which `arbiter_ai` uses.

use crate::Game;

/// The least [`Heuristics::move_order_hint`] of a tactical move: a capture, an attack or a winning
/// turn, which the quiescence search plays on beyond the horizon. A quiet move that is merely
/// promising (a villager's jump forward) gets a lower positive hint: the quiescence search
/// follows it only in its first plies, so that it stays small.
pub const TACTICAL_HINT: i32 = 1000;

/// What a game can tell about the side to move's moves without listing them
/// ([`Heuristics::tactics`]), so that the search can skip the listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tactics {
    /// It cannot tell: list the moves.
    Unknown,
    /// Some move wins the game at once.
    WinAtOnce,
    /// No move has a positive [`Heuristics::move_order_hint`]: the position is quiet.
    Quiet,
}

/// How many strength levels every game has. The AI, the server, the CLI and (through the
/// catalog) the web page all read this one constant.
pub const LEVELS: u8 = 6;

/// A game's strength levels, level 1 first, each an agent in `arbiter_ai`'s spec syntax
/// (`alphabeta:time=1s,depth=4`): the very text of the `arbiter match` runs that chose them. Core
/// reads none of them; the AI layer parses them, and a test checks that every level of every game
/// is a limited search.
pub type Levels = [&'static str; LEVELS as usize];

/// The levels of a game that has not measured its own: heuristic MCTS with growing budgets.
pub const DEFAULT_LEVELS: Levels = [
    "mcts:iterations=60",
    "mcts:iterations=1000",
    "mcts:time=100ms",
    "mcts:time=250ms",
    "mcts:time=500ms",
    "mcts:time=1s",
];

/// The search's view of a game: every item has a neutral default, so a game states only what it
/// knows.
pub trait Heuristics: Game {
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

    /// The evaluation's units per unit of the win chance's logistic: a heuristic score `e` for the
    /// side to move predicts its expected result (1 a win, ½ a draw) as `1 / (1 + e^(−e / scale))`.
    /// The analysis of games reads scores as win chances through it, so it is fitted per game to
    /// self-play positions with their games' results (`docs/analysis.md`).
    fn win_chance_scale(&self) -> f64 {
        200.0
    }

    /// Do heuristic scores predict results (is [`Heuristics::win_chance_scale`] fitted)? Where they
    /// do not, a puzzle must be a proven win at every step: an "advantage" by the evaluation means
    /// nothing there.
    const SCORES_PREDICT_RESULTS: bool = true;

    /// The names and weights of the evaluation's terms, for tuning (`arbiter tune`): for a game
    /// that lists them, `evaluate()` of a position in play is the sum of each of
    /// [`Heuristics::eval_terms`] times its weight, rounded toward zero and clamped to ±1000. Empty
    /// for an evaluation that is not such a sum.
    const EVAL_WEIGHTS: &'static [(&'static str, f64)] = &[];

    /// The values of the evaluation's terms in this position, for the side to move, one per
    /// entry of [`Heuristics::EVAL_WEIGHTS`], appended to `out`.
    fn eval_terms(&self, _out: &mut Vec<f64>) {}

    /// The computer's strength levels, level 1 first. Each game chooses its own by measurement,
    /// since which search and budget is strong depends on the game; the default (heuristic MCTS
    /// with growing budgets) is for a game that has not been measured yet.
    const STRENGTH_LEVELS: Levels = DEFAULT_LEVELS;

    /// This game's share of the bench signature (`arbiter bench --signature`, a node count that
    /// changes only when the search or move generation does): each variant (as options) and the
    /// alpha-beta depth its positions are searched to, chosen so that each takes about a second.
    /// Empty: the game is not in the signature.
    const SIGNATURE: &'static [(&'static str, u32)] = &[];
}
