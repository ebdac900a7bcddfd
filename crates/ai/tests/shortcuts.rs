//! Alpha-beta with the shortcuts of `Heuristics::tactics` (a win in one scored without listing the
//! moves, a quiet horizon left without listing them) is exact about forced results within its
//! reach: in Krux, the game that answers it, a depth-2 search (our turn, the reply, and our
//! winning turn found at the horizon) reports a win or loss only where the exact solver proves
//! it, and calls a position open only where the solver finds no forced win within 3 plies and
//! some turn survives the reply. The positions are the Krux bench's middle games.

use arbiter_ai::{Agent, AgentSpec, Score};
use arbiter_core::proof::forced_win;
use arbiter_core::{Game, HistoryRules, Session};
use arbiter_krux::Krux;
use std::sync::atomic::AtomicBool;

#[path = "../../krux/benches/shared/middle_games.rs"]
mod middle_games;
use middle_games::middle_games;

/// The score alpha-beta to depth 2 reports for the position.
fn searched(k: Krux) -> Score {
    let session = Session::from_game(k, HistoryRules::default());
    let mut agent: Box<dyn Agent<Krux>> = "alphabeta:depth=2".parse::<AgentSpec>().unwrap().build::<Krux>();
    agent
        .choose(&session, &AtomicBool::new(false), &mut |_| {})
        .unwrap()
        .info
        .score
}

/// Whether the side to move can force a win within `plies`.
fn wins_within(k: &Krux, plies: u32) -> bool {
    forced_win(k, plies, &mut |_, _, _| {}).win_in.is_some()
}

/// Whether every turn of the side to move lets the opponent win at once.
fn every_turn_loses(k: &Krux) -> bool {
    let mut moves = Vec::new();
    k.legal_moves(&mut moves);
    moves.iter().all(|&mv| {
        let mut child = *k;
        child.play(mv);
        wins_within(&child, 1)
    })
}

#[test]
fn forced_results_are_exact() {
    let (mut wins, mut losses, mut open) = (0, 0, 0);
    for k in middle_games(40, 3) {
        let position = k.position();
        match searched(k) {
            Score::WinIn(n) => {
                assert!(n <= 3 && wins_within(&k, n), "{position}: no forced win in {n}");
                wins += 1;
            }
            Score::LossIn(n) => {
                assert!(n == 2 && every_turn_loses(&k), "{position}: a turn survives");
                losses += 1;
            }
            Score::Eval(_) => {
                assert!(
                    !wins_within(&k, 3),
                    "{position}: a forced win within 3 plies was missed"
                );
                assert!(!every_turn_loses(&k), "{position}: every turn loses at once");
                open += 1;
            }
            other => panic!("{position}: {other:?}"),
        }
    }
    assert!(wins >= 5 && open >= 5, "{wins} wins, {losses} losses, {open} open");
}
