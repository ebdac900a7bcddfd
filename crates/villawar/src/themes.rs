//! A puzzle's themes in Villawar's own words ([`arbiter_core::Presentation::puzzle_themes`]),
//! for players who filter puzzles by them: what the solver's jumps do (capture, make warriors
//! that capture, clear its own warriors away, bring a villager to the far row) and the passes
//! forced on the opponent. Each jump is read from the board before it: the jumper's face and the
//! squares it crosses.
//!
//! | theme | meaning |
//! |---|---|
//! | `warrior-capture` | a solver's warrior jumps its warriors and captures the enemy piece it lands on |
//! | `new-warrior-captures` | that warrior became one earlier in the line, jumped by the solver's own villager |
//! | `own-warriors-removed` | a solver's villager jumps a phalanx of its own warriors, which leave the board |
//! | `reach-far-row` | a solver's villager lands on its far row (the opponent's first row), the row counted first |
//! | `forced-pass` | the opponent has no jump and must pass in the line |
//!
//! A captured piece leaves the board; it never changes side.

use crate::piece::{Kind, Piece};
use crate::{Move, Size, Square, Villawar};
use arbiter_core::{Game, Player};

/// The themes of the puzzle whose solution is `line` from `start` (the solver to move).
pub(crate) fn puzzle_themes(start: &Villawar, line: &[Move]) -> Vec<&'static str> {
    let solver = start.to_move();
    let size = start.size();
    let far_rank = far_rank(solver, size);
    let warrior = Piece::new(solver, Kind::Warrior);
    let mut themes = Vec::new();
    let mut add = |theme: &'static str| {
        if !themes.contains(&theme) {
            themes.push(theme);
        }
    };
    // The solver's warriors made by its own villagers' jumps in the line.
    let mut new_warriors: Vec<Square> = Vec::new();
    let mut board = *start;
    for &mv in line {
        if board.outcome().is_some() {
            break;
        }
        let mover = board.to_move();
        match (mv.from(), mv.to(), mv.direction()) {
            (Some(from), Some(to), Some(dir)) if mover == solver => {
                let crossed: Vec<Square> = from
                    .ray(size, dir)
                    .take_while(|&s| s != to)
                    .filter(|&s| board.piece_at(s).is_some())
                    .collect();
                match board.piece_at(from).map(|p| p.kind) {
                    Some(Kind::Warrior) => {
                        add("warrior-capture");
                        if let Some(i) = new_warriors.iter().position(|&s| s == from) {
                            add("new-warrior-captures");
                            new_warriors[i] = to;
                        }
                    }
                    Some(Kind::Villager) => {
                        if crossed.iter().any(|&s| board.piece_at(s) == Some(warrior)) {
                            add("own-warriors-removed");
                        } else {
                            new_warriors.extend(crossed);
                        }
                        if to.rank(size) == far_rank {
                            add("reach-far-row");
                        }
                    }
                    None => {}
                }
            }
            _ if mover != solver && mv.is_pass() => add("forced-pass"),
            _ => {}
        }
        board.play(mv);
        // The opponent may have captured some of them.
        new_warriors.retain(|&s| board.piece_at(s) == Some(warrior));
    }
    themes
}

/// The rank (from 0) of `player`'s far row: the last rank for White, the first for Black.
fn far_rank(player: Player, size: Size) -> usize {
    if player == crate::WHITE {
        size.n() - 1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::VillawarVariant;

    /// The themes of the line written in notation from the position `text`.
    fn themes(text: &str, line: &[&str]) -> Vec<&'static str> {
        arbiter_core::themes_of_line::<Villawar>(&VillawarVariant::default(), text, line).unwrap()
    }

    #[test]
    fn captures_by_old_and_new_warriors() {
        // Worked example 3: the warrior on c3 jumps c4 and captures the villager on c6.
        assert_eq!(themes("8/8/2v5/8/2W5/2W5/8/8 w 0", &["c3xc6"]), ["warrior-capture"]);
        // c1 jumps c2, which becomes a warrior; after Black's reply it jumps the warrior on d3
        // and captures e4.
        let made = "7v/7v/8/8/4v3/3W4/2V5/2V5 w 0";
        assert_eq!(
            themes(made, &["c1-c3", "h8-h6", "c2xe4"]),
            ["warrior-capture", "new-warrior-captures"]
        );
    }

    #[test]
    fn own_warriors_removed() {
        // Worked example 2: a1-a4 makes a2 a warrior, and a4-a1 jumps it off the board.
        let start = "vvvvvvvv/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV w 0";
        assert_eq!(themes(start, &["a1-a4", "h8-h5", "a4-a1"]), ["own-warriors-removed"]);
        assert!(themes(start, &["a1-a4"]).is_empty());
    }

    #[test]
    fn the_far_row_and_a_forced_pass() {
        // a1 jumps a2 all the way up; Black's lone villager on h8 has no jump.
        let runner = "7v/8/8/8/8/8/V7/V7 w 0";
        assert_eq!(themes(runner, &["a1-a8"]), ["reach-far-row"]);
        assert_eq!(
            themes(runner, &["a1-a5", "pass", "a5-a1"]),
            ["forced-pass", "own-warriors-removed"]
        );
        // For Black the far row is rank 1.
        assert_eq!(themes("v7/v7/8/8/8/8/8/7V b 0", &["a8-a1"]), ["reach-far-row"]);
    }
}
