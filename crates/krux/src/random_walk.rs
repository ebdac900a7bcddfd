//! Random turns for playouts, cheaper than listing every distinct turn: a random walk over tokens.
//!
//! At each point of the turn the walk picks uniformly among the legal next tokens and, where
//! the turn may end, ending it (reservoir sampling over [`TurnState::expand`], so nothing is
//! stored). This is **not** uniform over distinct turns: turns reachable by many token orders,
//! and long turns, are favoured. It is cheap (a few token expansions per turn, no allocation)
//! and every turn it returns is legal, which is what playouts need.

use crate::board::Krux;
use crate::movegen;
use crate::moves::Move;
use crate::turn::TurnState;
use rand::Rng;

/// A random legal turn by a token walk, `None` if the game is over.
pub(crate) fn random_move<R: Rng>(k: &Krux, rng: &mut R) -> Option<Move> {
    if k.is_over() {
        return None;
    }
    let mut st = TurnState::start(k);
    loop {
        let mut options: u32 = u32::from(st.can_finish());
        let mut chosen: Option<TurnState> = None;
        st.expand(|_, child| {
            options += 1;
            if rng.random_range(0..options) == 0 {
                chosen = Some(*child);
            }
        });
        match chosen {
            Some(next) => st = next,
            None if st.can_finish() => return Some(st.result()),
            None => {
                // Unreachable by the rules (a carrier can always drop back where it stood),
                // but never leave a caller without a move.
                let mut all = Vec::new();
                movegen::legal_moves(k, &mut all);
                return all.get(rng.random_range(0..all.len().max(1))).copied();
            }
        }
    }
}
