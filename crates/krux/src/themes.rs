//! A puzzle's themes in Krux's own words ([`arbiter_core::Presentation::puzzle_themes`]), for
//! players who filter puzzles by them: how the winning turn puts the piece into the hole, and
//! whether it needs both of its actions for that. A Krux turn is compound, so the winning turn
//! is read along its canonical tokens (as `words.rs` and the ending story read it) up to the
//! token after which the piece lies in the hole.
//!
//! | theme | the solver's winning turn … |
//! |---|---|
//! | `push-into-hole` | repels the piece into the hole |
//! | `pull-into-hole` | attracts the piece into the hole |
//! | `jump-into-hole` | jumps beside the piece and shoves it into the hole (jumper) |
//! | `carry-into-hole` | picks the piece up and drops it into the hole (carrier) |
//! | `two-action-turn` | uses both its actions: one sets the win up, the other wins |
//!
//! A switch cannot put a piece into the hole (it only swaps two pieces off the hole); a switch
//! that sets up the win shows as `two-action-turn`.

use crate::board::Krux;
use crate::moves::Move;
use crate::token::Token;
use crate::turn::{TurnState, MAX_ACTIONS};

/// The themes of the puzzle whose solution is `line` from `start` (the solver to move).
pub(crate) fn puzzle_themes(start: &Krux, line: &[Move]) -> Vec<&'static str> {
    let solver = start.side();
    let mut themes = Vec::new();
    let mut k = *start;
    for &mv in line {
        if k.is_over() {
            break;
        }
        if k.side() == solver && mv.fallen().is_some_and(|p| p.owner() != solver) {
            winning_turn(&k, mv, &mut themes);
        }
        crate::play::play(&mut k, mv);
    }
    themes
}

/// The themes of the winning turn `mv` in `k`: the action that put the piece into the hole, and
/// how many actions the turn took up to it.
fn winning_turn(k: &Krux, mv: Move, themes: &mut Vec<&'static str>) {
    let Some(tokens) = k.canonical_tokens(mv) else {
        return;
    };
    let mut st = TurnState::start(k);
    for token in tokens {
        let Ok(next) = st.play_token(token) else {
            return;
        };
        st = next;
        if st.fallen().is_some() {
            themes.extend(match token {
                Token::Repel(_) => Some("push-into-hole"),
                Token::Attract(_) => Some("pull-into-hole"),
                Token::Jump(_) => Some("jump-into-hole"),
                Token::Drop(_) => Some("carry-into-hole"),
                Token::Ring(_) | Token::Step(_) | Token::PickUp(_) | Token::Switch(_) => None,
            });
            if st.used().1 == MAX_ACTIONS {
                themes.push("two-action-turn");
            }
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::KruxVariant;

    /// The themes of the line written as turns from the position `text`.
    fn themes(text: &str, line: &[&str]) -> Vec<&'static str> {
        arbiter_core::themes_of_line::<Krux>(&KruxVariant::default(), text, line).unwrap()
    }

    #[test]
    fn the_action_that_wins_names_the_theme() {
        // Worked example 1: White's 1 on d6 pulls Black's 2 from d2 into the hole.
        let pull = ".....46/...1b.../......./...*.../......./...2.../35..... 1";
        assert_eq!(themes(pull, &["Ad2"]), ["pull-into-hole"]);
        // Worked example 2: 2 on d3, stopped on the hole by 4 on d5.
        let push = ".....6./......./...4.../...*.../...2.../......./35.1b... 1";
        assert_eq!(themes(push, &["Rd3"]), ["push-into-hole"]);
        // Worked example 4: the jumper lands on b4 and shoves 2 from c4 into the hole.
        let jump = "....6.4/......./...1g.../..2*3../......./......./5...... 1";
        assert_eq!(themes(jump, &["Jb4"]), ["jump-into-hole"]);
        // The carrier picks up 2 beside it and drops it into the hole: one action.
        let carry = "....6.4/......./..2..../..1b*.../......./......./35..... 1";
        assert_eq!(themes(carry, &["Pc5,Dd4"]), ["carry-into-hole"]);
    }

    #[test]
    fn a_set_up_action_makes_a_two_action_turn() {
        // The switcher example of the rules: 1 swaps with its own 3 onto d6, then pulls 2 in.
        let switch = ".....46/.1p.3.../......./...*.../......./...2.../5...... 1";
        assert_eq!(themes(switch, &["Xd6,Ad2"]), ["pull-into-hole", "two-action-turn"]);
    }

    #[test]
    fn only_the_solvers_winning_turn_counts() {
        // Piece 1 waits, Black's 2 takes a ring and stays, then 3 pulls 2 in.
        let later = ".....46/...3p.../......./...*.../......./...2.../1b5..... 1";
        assert_eq!(themes(later, &["-", "@b", "Ad2"]), ["pull-into-hole"]);
        // Worked example 2 with d5 empty: 2 passes over the hole, nothing falls.
        let over = ".....46/......./......./...*.../...2.../......./35.1b... 1";
        assert!(themes(over, &["Rd3"]).is_empty());
    }
}
