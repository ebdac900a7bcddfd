//! Whether the piece to move has a winning turn, without listing its turns. The search's
//! quiescence asks this at every leaf, and most leaves have none, so it must cost a fraction of
//! a full generation: it is the turn search of `movegen.rs`, stopped at the first fall and cut
//! wherever no fall can follow any more (`TurnState::may_still_win`, a bound by distances to the
//! hole).

use crate::board::Krux;
use crate::table::{Visit, Visited};
use crate::turn::TurnState;
use std::cell::RefCell;

thread_local! {
    /// One visited table per thread, so the question allocates nothing in steady state.
    static VISITED: RefCell<Visited> = RefCell::new(Visited::new(13));
}

/// Whether the piece to move in `k` can put an opponent piece into the hole this turn.
pub(crate) fn has_winning_turn(k: &Krux) -> bool {
    if k.is_over() {
        return false;
    }
    VISITED.with(|v| {
        let mut visited = v.borrow_mut();
        visited.clear();
        finds_fall(&mut visited, &TurnState::start(k))
    })
}

fn finds_fall(visited: &mut Visited, st: &TurnState) -> bool {
    if st.fallen().is_some() {
        return true;
    }
    if !st.may_still_win() || visited.visit(st.key(), st.budget()) == Visit::Dominated {
        return false;
    }
    let mut found = false;
    st.expand(|_, child| found = found || finds_fall(visited, child));
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Distance, Hole, KruxVariant};
    use arbiter_core::Game;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// In positions from random games of the rules and of each rule variant, the answer is
    /// whether some listed turn wins: the distance bound never cuts a winning turn.
    #[test]
    fn agrees_with_the_full_generation() {
        let rules = KruxVariant::default();
        let variants = [
            rules,
            KruxVariant { freeze: false, ..rules },
            KruxVariant {
                hole: Hole::Blocks,
                ..rules
            },
            KruxVariant {
                distance: Distance::One,
                ..rules
            },
        ];
        let mut rng = SmallRng::seed_from_u64(11);
        let mut moves = Vec::new();
        for variant in variants {
            let (mut checked, mut wins) = (0, 0);
            for _ in 0..150 {
                let mut k = Krux::start_of(variant);
                for _ in 0..40 {
                    if k.is_over() {
                        break;
                    }
                    k.legal_moves(&mut moves);
                    let expected = moves.iter().any(|m| m.fallen().is_some());
                    assert_eq!(has_winning_turn(&k), expected, "{variant:?} {}", k.position());
                    checked += 1;
                    wins += usize::from(expected);
                    k.play(moves[rng.random_range(0..moves.len())]);
                }
            }
            assert!(
                checked > 1500 && wins > 50,
                "{variant:?}: {checked} positions, {wins} with a win"
            );
        }
    }

    #[test]
    fn a_finished_game_has_none() {
        let k = crate::position::from_position(
            &KruxVariant::default(),
            "....642/......./......./...1.../......./......./.35.... 3",
        )
        .unwrap();
        assert!(!has_winning_turn(&k));
    }
}
