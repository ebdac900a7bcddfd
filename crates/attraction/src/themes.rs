//! A puzzle's themes in Attraction's own words ([`arbiter_core::Presentation::puzzle_themes`]),
//! for players who filter puzzles by them: the filled goal row, the chains of orbits and gravity
//! pushes the solver plays, and the passes forced on the opponent. Whether a move needs a chain
//! is read from its shortest chain (`route.rs`): a move is identified by its ends, not its path.
//!
//! | theme | meaning |
//! |---|---|
//! | `goal-row` | the line ends with the solver's goal reached: the opponent's start row full, a stone its own |
//! | `opponent-stones-help` | that row still holds opponent stones, which count toward filling it |
//! | `chain-of-orbits` | a solver's move needs two orbits or more (no single orbit makes it) |
//! | `gravity-push` | a solver's move ends with a gravity push |
//! | `forced-pass` | the opponent has no legal move and must pass in the line |
//!
//! Attraction has no captures: stones are only moved, never taken.

use crate::{route, Attraction, Board, Move};

/// The themes of the puzzle whose solution is `line` from `start` (the solver to move).
pub(crate) fn puzzle_themes(start: &Attraction, line: &[Move]) -> Vec<&'static str> {
    let solver = start.side();
    let mut themes = Vec::new();
    let mut add = |theme: &'static str| {
        if !themes.contains(&theme) {
            themes.push(theme);
        }
    };
    let mut board = *start;
    for &mv in line {
        if crate::outcome::outcome(&board).is_some() {
            break;
        }
        if board.side() == solver {
            if route::orbits(&board, mv).is_some_and(|orbits| orbits.len() >= 2) {
                add("chain-of-orbits");
            }
            if matches!(mv, Move::Orbit { push: Some(_), .. }) {
                add("gravity-push");
            }
        } else if mv == Move::Pass {
            add("forced-pass");
        }
        crate::play::play(&mut board, mv);
    }
    if board.board.goal_reached(solver) {
        add("goal-row");
        if board.board.stones(solver.opponent()) & Board::goal_row(solver) != 0 {
            add("opponent-stones-help");
        }
    }
    themes
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::NoVariant;

    /// The themes of the line written in notation from the position `text`.
    fn themes(text: &str, line: &[&str]) -> Vec<&'static str> {
        arbiter_core::themes_of_line::<Attraction>(&NoVariant, text, line).unwrap()
    }

    #[test]
    fn the_goal_row_with_and_without_the_opponents_stones() {
        // The rules' goal picture: g7 orbits round g8 to h8; Red's a8 never left.
        assert_eq!(
            themes("rvvvvvv1/6v1/8/8/8/8/8/4rrrr v 0", &["g7-h8"]),
            ["goal-row", "opponent-stones-help"]
        );
        // The same row filled by Violet alone.
        assert_eq!(themes("vvvvvvv1/6v1/8/8/8/8/8/4rrrr v 0", &["g7-h8"]), ["goal-row"]);
        // b8 orbits round a8 to a7 instead: a point of the row is left empty.
        assert!(themes("rvvvvvv1/6v1/8/8/8/8/8/4rrrr v 0", &["b8-a7"]).is_empty());
    }

    #[test]
    fn chains_and_pushes_of_the_worked_examples() {
        let examples = "8/8/2v5/2r5/8/2r5/1r1vr3/8 r 0";
        // Example 1: a half-turn round d2 is one orbit.
        assert!(themes(examples, &["e2-c2"]).is_empty());
        // Example 3: round d2, then round c3.
        assert_eq!(themes(examples, &["e2-c4"]), ["chain-of-orbits"]);
        // Example 5: three orbits ending with a push of c6 to d6.
        assert_eq!(themes(examples, &["e2-c6+d6"]), ["chain-of-orbits", "gravity-push"]);
    }

    #[test]
    fn the_opponent_must_pass() {
        // Red's lone stone on h8 has no neighbour to orbit: after a1-b2 it must pass.
        let stuck = "7r/8/8/8/8/8/8/vv6 v 0";
        assert_eq!(themes(stuck, &["a1-b2", "pass", "b2-a1"]), ["forced-pass"]);
        assert!(themes(stuck, &["a1-b2"]).is_empty());
    }
}
