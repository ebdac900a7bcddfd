//! A puzzle's themes in Void's own words ([`arbiter_core::Presentation::puzzle_themes`]), for
//! players who filter puzzles by them: which ship strikes the last blow, whether the enemy
//! flagship falls into the void, and the falls and quiet moves on the way. The line is replayed
//! with the falls of every attack recorded, since a chain fall shows only in them.
//!
//! | theme | meaning |
//! |---|---|
//! | `flagship-falls` | the opponent's flagship falls into the void by the end of the line |
//! | `flagship-attack`, `bomber-attack`, `sweeper-attack`, `fighter-attack` | the solver's last move attacks with it |
//! | `chain-fall` | a solver's attack drops a piece onto an occupied cell, so the piece there falls too |
//! | `own-piece-lost` | a solver's move sends one of its own pieces into the void (a bomber's column, a chain fall) |
//! | `quiet-move` | a solver's move before the last attacks nothing |
//!
//! Void has no captures, and its lines never cross the void, so there is no attack across it.

use crate::{Kind, Move, Square, Void};

/// The themes of the puzzle whose solution is `line` from `start` (the solver to move).
pub(crate) fn puzzle_themes(start: &Void, line: &[Move]) -> Vec<&'static str> {
    let solver = start.side();
    let enemy = solver.opponent();
    let mut themes = Vec::new();
    let mut add = |theme: &'static str| {
        if !themes.contains(&theme) {
            themes.push(theme);
        }
    };
    let last_solver_move = (0..line.len()).rev().find(|i| i % 2 == 0);
    let mut board = start.clone();
    for (i, &mv) in line.iter().enumerate() {
        if crate::outcome::outcome(&board).is_some() {
            break;
        }
        let solvers = board.side() == solver;
        let own_before = board.occupied_by(solver).count_ones();
        let mut fell = Vec::new();
        let attacker = match mv {
            Move::Turn { from, to, target } => board.piece(from).map(|p| (p.kind, to, target)),
            Move::Pass => None,
        };
        crate::play::play(&mut board, mv, &mut |s| fell.push(s));
        if !solvers {
            continue;
        }
        let Some((kind, to, target)) = attacker else {
            continue;
        };
        let Some(target) = target else {
            if Some(i) != last_solver_move {
                add("quiet-move");
            }
            continue;
        };
        if fell.iter().any(|&s| !is_struck(kind, to, target, s)) {
            add("chain-fall");
        }
        if board.occupied_by(solver).count_ones() < own_before {
            add("own-piece-lost");
        }
        if Some(i) == last_solver_move {
            add(match kind {
                Kind::Flagship => "flagship-attack",
                Kind::Bomber => "bomber-attack",
                Kind::Sweeper => "sweeper-attack",
                Kind::Fighter => "fighter-attack",
            });
        }
    }
    if start.flagship_count(enemy) > 0 && board.flagship_count(enemy) == 0 {
        add("flagship-falls");
    }
    themes
}

/// Whether the piece that fell from `fallen` was struck by the attack itself (of a `kind` that
/// landed on `to` and named `target`) rather than knocked down by a piece landing on it. A
/// flagship or fighter strikes only its target; a sweeper strikes only the orbit above its path,
/// and chain falls happen two orbits lower; a bomber drops its whole column into the void, where
/// nothing lands on anything.
fn is_struck(kind: Kind, to: Square, target: Square, fallen: Square) -> bool {
    match kind {
        Kind::Flagship | Kind::Fighter => fallen == target,
        Kind::Sweeper => fallen.orbit() == to.orbit() + 1,
        Kind::Bomber => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::NoVariant;

    /// The themes of the line written in notation from the position `text`.
    fn themes(text: &str, line: &[&str]) -> Vec<&'static str> {
        arbiter_core::themes_of_line::<Void>(&NoVariant, text, line).unwrap()
    }

    #[test]
    fn the_last_blow_and_the_flagship() {
        // Black's flagship steps from e3 to f3 and attacks White's on f1: it falls 3, into the void.
        let flagship = "X17/18/4f13/18/5F12 b 0";
        assert_eq!(themes(flagship, &["e3-f3xf1"]), ["flagship-attack", "flagship-falls"]);
        // Black's bomber bombs column f: White's flagship and its own fighter on f3 fall.
        let bomber = "f3b13/18/5x12/18/5F12 b 0";
        assert_eq!(
            themes(bomber, &["e5-f5xf3"]),
            ["own-piece-lost", "bomber-attack", "flagship-falls"]
        );
    }

    #[test]
    fn a_chain_fall_takes_the_flagship() {
        // White's fighter dives d3-e2 and hits f2, which falls onto Black's flagship on f1.
        let chain = "F17/18/3X14/5x12/5f12 w 0";
        assert_eq!(
            themes(chain, &["d3-e2xf2"]),
            ["chain-fall", "fighter-attack", "flagship-falls"]
        );
        // Worked example 2: the same fall backfires on the mover's own flagship.
        let backfire = "F17/5X12/18/18/4f13 b 0";
        assert_eq!(
            themes(backfire, &["e1-f1xf4"]),
            ["chain-fall", "own-piece-lost", "flagship-attack"]
        );
    }

    #[test]
    fn a_quiet_move_first_and_attacks_without_a_fall() {
        // Black's fighter moves away quietly, White replies, Black's flagship strikes.
        let quiet = "X17/18/4f4x8/18/5F12 b 0";
        assert_eq!(
            themes(quiet, &["j3-k4", "a5-b4", "e3-f3xf1"]),
            ["quiet-move", "flagship-attack", "flagship-falls"]
        );
        // Worked example 4: the sweep drops c3 and e3 two orbits; no flagship falls.
        let sweep = "F8f8/18/2XxX13/s8x8/18 b 0";
        assert_eq!(themes(sweep, &["a2-f2xc3"]), ["sweeper-attack"]);
        // A lone quiet move has no theme.
        assert!(themes("3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0", &["m4-g4"]).is_empty());
    }
}
