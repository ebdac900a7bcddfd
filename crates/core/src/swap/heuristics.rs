//! What the search knows of a game with the swap rule: the game's own knowledge, and the swap's
//! worth where it is open.

use super::{SwapMove, SwapState, WithSwap};
use crate::{Heuristics, Levels, Tactics};

impl<G: Heuristics> Heuristics for WithSwap<G> {
    fn move_order_hint(&self, mv: Self::Move) -> i32 {
        match mv {
            SwapMove::Play(mv) => self.game.move_order_hint(mv),
            SwapMove::Swap => 0,
        }
    }

    fn tactics(&self) -> Tactics {
        self.game.tactics()
    }

    /// Only once the swap is decided: a null move before it would hand the swap to the wrong
    /// player.
    fn null_move(&mut self) -> bool {
        matches!(self.state, SwapState::Swapped | SwapState::Closed) && self.game.null_move()
    }

    /// Where the side to move may swap, the better of its side and the other: swapping gives it
    /// the other side of the same position, with the opponent to move.
    fn evaluate(&self) -> i32 {
        let own = self.game.evaluate();
        if self.state == SwapState::Now {
            own.abs()
        } else {
            own
        }
    }

    fn win_chance_scale(&self) -> f64 {
        self.game.win_chance_scale()
    }

    const SCORES_PREDICT_RESULTS: bool = G::SCORES_PREDICT_RESULTS;

    /// None: where the swap is open the evaluation is not the weighted sum of the terms.
    const EVAL_WEIGHTS: &'static [(&'static str, f64)] = &[];

    const STRENGTH_LEVELS: Levels = G::STRENGTH_LEVELS;
}
