//! The parallel searches (`threads=N`: Lazy SMP alpha-beta, tree-parallel MCTS) on real games:
//! legal moves in every game, limits and the stop flag obeyed by every thread, and node counts
//! summed over threads. (Their forced wins are checked with the other agents' in `tactics.rs`.)
//!
//! Nothing here asserts how fast anything is: a parallel search is not reproducible, so the
//! tests assert only what holds however the threads are scheduled.

use arbiter_ai::{Agent, AgentSpec, Choice, SearchInfo};
use arbiter_attraction::Attraction;
use arbiter_core::{FullGame, HistoryRules, Session};
use arbiter_krux::Krux;
use arbiter_villawar::Villawar;
use arbiter_void::Void;
use std::sync::atomic::{AtomicBool, Ordering};

/// Nodes a search thread searches between looks at its limits (the search's own constant).
const CHECK_EVERY: u64 = 1024;

fn agent<G: FullGame>(spec: &str) -> Box<dyn Agent<G>> {
    spec.parse::<AgentSpec>().unwrap().build::<G>()
}

fn assert_legal<G: FullGame>(session: &Session<G>, choice: &Choice<G::Move>, spec: &str) {
    let mut legal = Vec::new();
    session.current().legal_moves(&mut legal);
    assert!(
        legal.contains(&choice.mv),
        "{spec} chose an illegal move in {}",
        session.current().position()
    );
}

/// Plays `plies` plies from the start, the sides taking turns with two and four threads searching
/// to `depth`, checking every move and every report.
fn play_with_threads<G: FullGame>(depth: u32, plies: usize) {
    play_with::<G>(
        [
            format!("alphabeta:depth={depth},threads=2"),
            format!("alphabeta:depth={depth},lmr=on,threads=4"),
        ],
        plies,
    );
}

/// Plays `plies` plies from the start between the two agents `specs`, checking every move and
/// every report.
fn play_with<G: FullGame>(specs: [String; 2], plies: usize) {
    let mut agents = specs.each_ref().map(|spec| agent::<G>(spec));
    let mut session = Session::<G>::new(&G::Variant::default(), HistoryRules::default());
    for ply in 0..plies {
        if session.ending().is_some() {
            break;
        }
        let side = ply % 2;
        let mut reports: Vec<SearchInfo> = Vec::new();
        let choice = agents[side]
            .choose(&session, &AtomicBool::new(false), &mut |info| {
                reports.push(info.clone())
            })
            .expect("a game in progress");
        assert_legal(&session, &choice, &specs[side]);
        assert!(!reports.is_empty(), "{}: {} reported nothing", G::NAME, specs[side]);
        assert!(choice.info.depth >= 1, "{}: {:?}", G::NAME, choice.info);
        // The final count has every thread's nodes, so it is at least what was reported.
        let last = reports.last().unwrap();
        assert!(
            choice.info.nodes >= last.nodes,
            "{}: {:?} after {last:?}",
            G::NAME,
            choice.info
        );
        session.play(choice.mv).unwrap();
    }
}

#[test]
fn every_game_gets_legal_moves_from_two_and_four_threads() {
    // Krux's turns are long sequences: depth 2 there is as much work as depth 4 elsewhere.
    play_with_threads::<Void>(4, 8);
    play_with_threads::<Krux>(2, 4);
    play_with_threads::<Attraction>(4, 8);
    play_with_threads::<Villawar>(3, 8);
}

#[test]
fn every_game_gets_legal_moves_from_tree_parallel_mcts() {
    fn play<G: FullGame>(plies: usize) {
        let specs = ["mcts:iterations=3000,threads=2", "uct:iterations=2000,threads=4"];
        play_with::<G>(specs.map(String::from), plies);
        // A fresh tree holds exactly the iterations of all threads, each counted once.
        for spec in specs {
            let choice = search::<G>(spec, &AtomicBool::new(false), &mut |_| {});
            let budget = if spec.starts_with("mcts") { 3000 } else { 2000 };
            assert!(
                (budget..budget + 4).contains(&choice.info.nodes),
                "{spec}: {:?}",
                choice.info
            );
        }
    }
    play::<Void>(8);
    play::<Krux>(4);
    play::<Attraction>(8);
    play::<Villawar>(8);
}

/// Searches the start position of `G` with `spec`, calling `on_info` with the stop flag.
fn search<G: FullGame>(spec: &str, stop: &AtomicBool, on_info: &mut dyn FnMut(&SearchInfo)) -> Choice<G::Move> {
    let session = Session::<G>::new(&G::Variant::default(), HistoryRules::default());
    let choice = agent::<G>(spec)
        .choose(&session, stop, on_info)
        .expect("a game in progress");
    assert_legal(&session, &choice, spec);
    choice
}

fn stopped_before_the_start<G: FullGame>() {
    for threads in [2, 4] {
        // MCTS threads look at the flag before their first iteration.
        for kind in ["mcts", "uct"] {
            let spec = format!("{kind}:time=60m,threads={threads}");
            let choice = search::<G>(&spec, &AtomicBool::new(true), &mut |_| {});
            assert_eq!(choice.info.nodes, 0, "{} {spec}: {:?}", G::NAME, choice.info);
        }
        let spec = format!("alphabeta:time=60m,threads={threads}");
        let choice = search::<G>(&spec, &AtomicBool::new(true), &mut |_| {});
        // Each thread stops at its first look at the flag, the main one after depth 1 at most.
        assert!(choice.info.depth <= 1, "{}: {:?}", G::NAME, choice.info);
        assert!(
            choice.info.nodes <= threads * CHECK_EVERY,
            "{} {spec}: {:?}",
            G::NAME,
            choice.info
        );
    }
}

#[test]
fn a_stop_flag_set_before_the_search_stops_every_thread_at_once() {
    stopped_before_the_start::<Void>();
    stopped_before_the_start::<Krux>();
    stopped_before_the_start::<Attraction>();
    stopped_before_the_start::<Villawar>();
}

#[test]
fn a_stop_flag_set_while_searching_ends_the_search_after_that_iteration() {
    for threads in [2, 4] {
        let spec = format!("alphabeta:time=60m,threads={threads}");
        let stop = AtomicBool::new(false);
        let choice = search::<Void>(&spec, &stop, &mut |info| {
            if info.depth >= 3 {
                stop.store(true, Ordering::Relaxed);
            }
        });
        // Without the flag, an hour would allow far deeper iterations: the main thread stopped
        // at the flag, and the call returned, so the helpers stopped too.
        assert_eq!(choice.info.depth, 3, "{spec}: {:?}", choice.info);
    }
}

#[test]
fn a_deadline_ends_every_thread() {
    for threads in [2, 4] {
        let spec = format!("alphabeta:time=20ms,threads={threads}");
        let choice = search::<Villawar>(&spec, &AtomicBool::new(false), &mut |_| {});
        assert!(choice.info.depth < 64, "{spec}: {:?}", choice.info);
        // The call returns, so every MCTS thread saw the deadline too.
        let spec = format!("mcts:time=20ms,threads={threads}");
        let choice = search::<Villawar>(&spec, &AtomicBool::new(false), &mut |_| {});
        assert!(choice.info.nodes > 0, "{spec}: {:?}", choice.info);
    }
}

#[test]
fn a_node_budget_is_shared_by_the_threads() {
    let budget = 30_000;
    for threads in [1, 2, 4] {
        let spec = format!("alphabeta:nodes={budget},threads={threads}");
        let choice = search::<Attraction>(&spec, &AtomicBool::new(false), &mut |_| {});
        // Each thread may pass the budget only by the nodes it searches before its next look.
        assert!(
            choice.info.nodes <= budget + (threads + 1) * CHECK_EVERY,
            "{spec}: {:?}",
            choice.info
        );
    }
}
