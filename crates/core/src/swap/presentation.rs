//! A game with the swap rule as people see it: the game's own board and words, the swap as a
//! button (a step of its own in games entered step by step).

use super::{SwapMove, SwapState, WithSwap, SWAP};
use crate::drawing::Drawing;
use crate::stepwise::{Click, NextStep, PartialTurn};
use crate::story::{capitalised, Story};
use crate::{Error, MoveInfo, Player, Presentation};

/// The swap in words, for its button.
pub const SWAP_LABEL: &str = "Swap: take over the side that has just moved";

impl<G: Presentation> WithSwap<G> {
    /// One line on the swap for the side to move, or none once it has passed.
    fn swap_note(&self) -> Option<String> {
        let first = capitalised(G::player_name(Player::First));
        let second = capitalised(G::player_name(Player::Second));
        match self.state {
            SwapState::Next => Some(format!(
                "Swap rule: after {first}'s first move, the opponent may take over {first}'s side instead of answering."
            )),
            SwapState::Now => Some(format!(
                "Swap rule: answer as {second}, or swap to take over {first}'s side; the opponent then plays {second} and moves next."
            )),
            SwapState::Swapped => Some(format!(
                "The players swapped: the first player now plays {second}, the second {first}."
            )),
            SwapState::Closed => None,
        }
    }
}

impl<G: Presentation> Presentation for WithSwap<G> {
    fn diagram(&self) -> String {
        match self.swap_note() {
            Some(note) => format!("{}\n{note}", self.game.diagram()),
            None => self.game.diagram(),
        }
    }

    fn move_info(&self, mv: Self::Move) -> MoveInfo {
        match mv {
            SwapMove::Play(mv) => self.game.move_info(mv),
            SwapMove::Swap => MoveInfo {
                notation: SWAP.to_string(),
                ..MoveInfo::default()
            },
        }
    }

    fn describe_move(&self, mv: Self::Move) -> Option<String> {
        match mv {
            SwapMove::Play(mv) => self.game.describe_move(mv),
            SwapMove::Swap => G::STEPWISE.then(|| {
                format!(
                    "Swap: the second player takes over {}'s side.",
                    capitalised(G::player_name(Player::First))
                )
            }),
        }
    }

    fn puzzle_themes(&self, line: &[Self::Move]) -> Vec<&'static str> {
        let own: Option<Vec<G::Move>> = line
            .iter()
            .map(|mv| match mv {
                SwapMove::Play(mv) => Some(*mv),
                SwapMove::Swap => None,
            })
            .collect();
        own.map(|own| self.game.puzzle_themes(&own)).unwrap_or_default()
    }

    const BLURB: &'static str = G::BLURB;
    const RULE_SETS: &'static [crate::RuleSet] = G::RULE_SETS;
    const RULES: Option<(&'static str, &'static str)> = G::RULES;

    fn drawing(&self, flipped: bool) -> Drawing {
        self.game.drawing(flipped)
    }

    fn ending_story(&self, last: Option<(&Self, Self::Move)>) -> Option<Story> {
        let last = last.and_then(|(before, mv)| match mv {
            SwapMove::Play(mv) => Some((&before.game, mv)),
            SwapMove::Swap => None,
        });
        self.game.ending_story(last)
    }

    const STEPWISE: bool = G::STEPWISE;

    /// The game's partial turn, with the swap offered as a step of its own where it is open; a
    /// turn that starts with the swap is complete at once.
    fn partial_turn(&self, steps: &[String]) -> Option<Result<PartialTurn, Error>> {
        let may_swap = self.may_swap();
        if may_swap && steps.first().is_some_and(|s| s.trim().eq_ignore_ascii_case(SWAP)) {
            let start = self.game.partial_turn(&[])?;
            return Some(start.and_then(|start| match steps.get(1) {
                Some(more) => Err(Error::bad_move(more, "the swap is the whole turn")),
                None => Ok(PartialTurn {
                    tokens: vec![SWAP.to_string()],
                    notation: SWAP.to_string(),
                    next: Vec::new(),
                    can_finish: true,
                    won: false,
                    blocked: None,
                    status: "Swap sides".to_string(),
                    active: None,
                    note: self.swap_note(),
                    pieces: start.pieces,
                }),
            }));
        }
        let mut turn = self.game.partial_turn(steps)?;
        if let Ok(turn) = &mut turn {
            if may_swap && steps.is_empty() {
                turn.next.push(NextStep {
                    token: SWAP.to_string(),
                    cell: None,
                    mark: SWAP,
                    label: SWAP_LABEL.to_string(),
                });
            }
        }
        Some(turn)
    }

    fn move_clicks(&self, mv: Self::Move) -> Vec<Click> {
        match mv {
            SwapMove::Play(mv) => self.game.move_clicks(mv),
            SwapMove::Swap => vec![Click {
                cell: None,
                label: SWAP_LABEL.to_string(),
                token: G::STEPWISE.then(|| SWAP.to_string()),
            }],
        }
    }

    fn notation_key(&self, mv: Self::Move) -> Option<usize> {
        match mv {
            SwapMove::Swap => Some(0),
            SwapMove::Play(mv) => self.game.notation_key(mv).map(|k| k + 1),
        }
    }
}
