//! What one game shows when it is replayed: the choices at every ply, the evaluation over the
//! game, and facts read from the game's own descriptions of positions and moves — the pieces in
//! its board picture ([`arbiter_core::Drawing`]), the cells each move touches
//! ([`arbiter_core::MoveInfo`]), the steps of step-by-step turns and the ending in words
//! ([`arbiter_core::Story`]). Nothing here names a game.

use crate::selfplay::PlayedGame;
use arbiter_core::{swap, DynGameType, DynSession, EndReason, Error, Player};
use std::collections::BTreeMap;

/// A kind of piece of one side: `(side 0 or 1, name)`, the name as the board picture gives it.
pub type PieceKind = (u8, String);

/// One replayed game, reduced to what the metrics need.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GameTrace {
    /// Plies played.
    pub plies: u32,
    /// Random opening plies at its start.
    pub opening_plies: u32,
    /// The winner, if any.
    pub winner: Option<Player>,
    /// Why it ended.
    pub reason: Option<EndReason>,
    /// Did side `a` of its matchup play first?
    pub a_first: bool,
    /// Legal moves (distinct turns) in the position before each ply.
    pub branching: Vec<u32>,
    /// The game's static evaluation before each ply, from the first player's view.
    pub evals: Vec<f64>,
    /// Pieces that left the board, per kind (a count that went down during a move).
    pub lost: BTreeMap<PieceKind, u32>,
    /// Pieces that changed kind (one kind's count of a side went down and another's up in the
    /// same move), per side, old and new kind.
    pub changed: BTreeMap<(u8, String, String), u32>,
    /// Pieces on the cells a move names as falling, per kind.
    pub falls: BTreeMap<PieceKind, u32>,
    /// Cells of pieces attacked, captured, pushed or converted, summed over the moves.
    pub targets: u32,
    /// Moves that name at least one such cell.
    pub target_moves: u32,
    /// Step-by-step games: the steps played, by kind (`step`, `repel`, `ring`, …).
    pub steps: BTreeMap<String, u32>,
    /// Step-by-step games: the steps chosen by a button rather than a cell (a ring), by label.
    pub choices: BTreeMap<String, u32>,
    /// The same by side and order: `(side, k, label)` for a side's k-th such choice (from 1).
    pub choice_order: BTreeMap<(u8, u32, String), u32>,
    /// Step-by-step games: the kind of the step after which the winning turn had won.
    pub winning_step: Option<String>,
    /// The ending in words with every run of digits replaced by `#`.
    pub story_pattern: Option<String>,
    /// The numbers of the ending in words, in order.
    pub story_numbers: Vec<f64>,
    /// Step-by-step games: sampled positions' distinct turns against token sequences.
    pub sequences: Vec<SequenceSample>,
}

/// A position's distinct turns against the token sequences that enter them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SequenceSample {
    /// The ply of the position.
    pub ply: u32,
    /// The position string.
    pub position: String,
    /// Distinct turns (legal moves).
    pub turns: u32,
    /// Complete token sequences (every sequence of steps that may end the turn).
    pub sequences: u64,
    /// The count stopped at the budget: `sequences` is a lower bound.
    pub capped: bool,
}

/// Splits an ending in words into a pattern (digits as `#`) and its numbers.
pub fn story_pattern(text: &str) -> (String, Vec<f64>) {
    let mut pattern = String::new();
    let mut numbers = Vec::new();
    let mut digits = String::new();
    for c in text.chars().chain(std::iter::once('\u{0}')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            numbers.push(digits.parse().unwrap_or(0.0));
            digits.clear();
            pattern.push('#');
        }
        if c != '\u{0}' {
            pattern.push(c);
        }
    }
    (pattern, numbers)
}

/// Counts of pieces per kind in a position's board picture.
fn piece_counts(session: &dyn DynSession) -> BTreeMap<PieceKind, u32> {
    let mut counts = BTreeMap::new();
    for piece in session.drawing(false).pieces {
        *counts.entry((piece.side, piece.name)).or_insert(0) += 1;
    }
    counts
}

/// Adds the changes of piece counts between two positions to the trace.
fn count_changes(trace: &mut GameTrace, before: &BTreeMap<PieceKind, u32>, after: &BTreeMap<PieceKind, u32>) {
    let mut down: BTreeMap<PieceKind, u32> = BTreeMap::new();
    let mut up: BTreeMap<PieceKind, u32> = BTreeMap::new();
    for key in before.keys().chain(after.keys()) {
        let (b, a) = (
            before.get(key).copied().unwrap_or(0),
            after.get(key).copied().unwrap_or(0),
        );
        if b > a {
            down.insert(key.clone(), b - a);
        } else if a > b {
            up.insert(key.clone(), a - b);
        }
    }
    // A side's kind that went down while another of its kinds went up changed kind.
    for (kind, lost) in down.iter_mut() {
        for (gained_kind, gained) in up.iter_mut() {
            if gained_kind.0 != kind.0 || *gained == 0 || *lost == 0 {
                continue;
            }
            let n = (*lost).min(*gained);
            *trace
                .changed
                .entry((kind.0, kind.1.clone(), gained_kind.1.clone()))
                .or_insert(0) += n;
            *lost -= n;
            *gained -= n;
        }
    }
    for (kind, lost) in down {
        if lost > 0 {
            *trace.lost.entry(kind).or_insert(0) += lost;
        }
    }
}

/// Follows a step-by-step turn step by step: counts its steps by kind and notes the winning one.
fn follow_steps(trace: &mut GameTrace, session: &dyn DynSession, mv: &str) -> Result<(), Error> {
    let details = session.move_details(mv)?;
    let mut steps: Vec<String> = Vec::new();
    for token in details.clicks.iter().filter_map(|c| c.token.clone()) {
        let Some(Ok(turn)) = session.partial_turn(&steps) else {
            break;
        };
        if let Some(next) = turn.next.iter().find(|n| n.token == token) {
            *trace.steps.entry(next.mark.to_string()).or_insert(0) += 1;
            if next.cell.is_none() {
                *trace.choices.entry(next.label.clone()).or_insert(0) += 1;
                let side = u8::from(session.to_move() == Player::Second);
                let made = trace.choice_order.keys().filter(|k| k.0 == side).count() as u32;
                *trace
                    .choice_order
                    .entry((side, made + 1, next.label.clone()))
                    .or_insert(0) += 1;
            }
            steps.push(token);
            if trace.winning_step.is_none() {
                if let Some(Ok(after)) = session.partial_turn(&steps) {
                    if after.won {
                        trace.winning_step = Some(next.mark.to_string());
                    }
                }
            }
        } else {
            break;
        }
    }
    Ok(())
}

/// Counts the complete token sequences of a step-by-step position, visiting at most `budget`
/// partial turns; returns the count and whether the budget ran out.
pub fn count_sequences(session: &dyn DynSession, budget: u64) -> (u64, bool) {
    fn walk(session: &dyn DynSession, steps: &mut Vec<String>, visits: &mut u64, budget: u64) -> u64 {
        if *visits >= budget {
            return 0;
        }
        *visits += 1;
        let Some(Ok(turn)) = session.partial_turn(steps) else {
            return 0;
        };
        let mut count = u64::from(turn.can_finish);
        if turn.won {
            return count;
        }
        for next in &turn.next {
            steps.push(next.token.clone());
            count += walk(session, steps, visits, budget);
            steps.pop();
        }
        count
    }
    let mut visits = 0;
    let count = walk(session, &mut Vec::new(), &mut visits, budget);
    (count, visits >= budget)
}

/// Replays a played game and traces it; at the plies in `sample_plies` (step-by-step games only)
/// it also counts token sequences, visiting at most `sequence_budget` partial turns each.
pub fn trace_game(
    game: &dyn DynGameType,
    played: &PlayedGame,
    sample_plies: &[u32],
    sequence_budget: u64,
) -> Result<GameTrace, Error> {
    let record = &played.record;
    let mut session = game.new_session(&record.options, Some(&record.start))?;
    // With the swap rule a game starts after its random opening (see arbiter_ai::game_loop): its
    // length still counts the opening, as in every other game.
    let unrecorded = if swap::swap_requested(&record.options)? {
        played.opening_plies
    } else {
        0
    };
    let mut trace = GameTrace {
        plies: record.moves.len() as u32 + unrecorded,
        opening_plies: played.opening_plies,
        a_first: played.a_first,
        ..GameTrace::default()
    };
    trace.reason = record.result.as_ref().map(|r| r.reason);
    let stepwise = session.is_stepwise();
    let mut counts = piece_counts(session.as_ref());
    for (ply, mv) in record.moves.iter().enumerate() {
        let moves = session.legal_moves().len() as u32;
        trace.branching.push(moves);
        let value = f64::from(session.evaluate());
        trace.evals.push(if session.to_move() == Player::First {
            value
        } else {
            -value
        });
        if stepwise {
            if sample_plies.contains(&(ply as u32)) {
                let (sequences, capped) = count_sequences(session.as_ref(), sequence_budget);
                trace.sequences.push(SequenceSample {
                    ply: ply as u32,
                    position: session.position(),
                    turns: moves,
                    sequences,
                    capped,
                });
            }
            follow_steps(&mut trace, session.as_ref(), mv)?;
        }
        let pieces_before = session.drawing(false).pieces;
        session.play(mv)?;
        if let Some(info) = session.last_move_info() {
            if !info.targets.is_empty() {
                trace.targets += info.targets.len() as u32;
                trace.target_moves += 1;
            }
            for cell in &info.falls {
                if let Some(piece) = pieces_before.iter().find(|p| &p.cell == cell) {
                    *trace.falls.entry((piece.side, piece.name.clone())).or_insert(0) += 1;
                }
            }
        }
        let after = piece_counts(session.as_ref());
        count_changes(&mut trace, &counts, &after);
        counts = after;
    }
    // The winner by the name of the side it played at the end (after a swap, not its first side).
    trace.winner = record
        .result
        .as_ref()
        .and_then(|r| r.winner.as_deref())
        .and_then(|w| session.parse_player(w));
    // A game that ended by resignation (or forfeit) ends so only in its record.
    if session.ending().is_none() {
        if let Some(winner) = trace.winner {
            session.resign(winner.opponent())?;
        }
    }
    if let Some(story) = session.story() {
        let (pattern, numbers) = story_pattern(&story.text);
        trace.story_pattern = Some(pattern);
        trace.story_numbers = numbers;
    }
    Ok(trace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stories_become_patterns() {
        let (p, n) = story_pattern("White has 3 villagers on its row 8 to Black's 10.");
        assert_eq!(p, "White has # villagers on its row # to Black's #.");
        assert_eq!(n, vec![3.0, 8.0, 10.0]);
        assert_eq!(story_pattern("no digits"), ("no digits".to_string(), vec![]));
        assert_eq!(story_pattern("ends 42").1, vec![42.0]);
    }

    #[test]
    fn piece_count_changes_are_losses_or_changes_of_kind() {
        let counts = |list: &[(u8, &str, u32)]| -> BTreeMap<PieceKind, u32> {
            list.iter().map(|&(s, k, n)| ((s, k.to_string()), n)).collect()
        };
        let mut trace = GameTrace::default();
        // Side 0: two villagers became one warrior and one villager was lost; side 1 lost a
        // warrior (its last: the kind is gone from the picture).
        let before = counts(&[(0, "villager", 10), (0, "warrior", 1), (1, "warrior", 1)]);
        let after = counts(&[(0, "villager", 7), (0, "warrior", 3)]);
        count_changes(&mut trace, &before, &after);
        assert_eq!(
            trace.changed,
            [((0, "villager".to_string(), "warrior".to_string()), 2)]
                .into_iter()
                .collect()
        );
        assert_eq!(trace.lost, counts(&[(0, "villager", 1), (1, "warrior", 1)]));
    }
}
