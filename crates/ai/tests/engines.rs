//! The object-safe layer and the match runner, on real games.

use arbiter_ai::match_runner::{run_match, MatchConfig};
use arbiter_ai::{AgentSpec, Engines, Score, SearchResult};
use arbiter_attraction::Attraction;
use arbiter_core::{DynSession, Error, Registry};
use arbiter_krux::Krux;
use arbiter_villawar::Villawar;
use arbiter_void::Void;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn engines() -> Engines {
    Engines::new()
        .with::<Void>()
        .with::<Attraction>()
        .with::<Krux>()
        .with::<Villawar>()
}

fn registry() -> Registry {
    Registry::new()
        .with::<Void>()
        .with::<Attraction>()
        .with::<Krux>()
        .with::<Villawar>()
}

fn no_stop() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

#[test]
fn every_spec_returns_a_legal_move_and_reports() {
    let registry = registry();
    for game in ["void", "attraction"] {
        let session = registry.get(game).unwrap().new_session("", None).unwrap();
        for spec in [
            "random",
            "level=1",
            "level=2",
            "mcts:iterations=300",
            "uct:iterations=300",
            "alphabeta:depth=2",
        ] {
            let spec: AgentSpec = spec.parse().unwrap();
            let mut reports = 0;
            let result = engines()
                .choose(session.as_ref(), &spec, no_stop(), &mut |_| reports += 1)
                .unwrap();
            assert!(session.legal_moves().contains(&result.best), "{game} {spec}");
            assert!(reports >= 1, "{game} {spec}");
            let json = serde_json::to_value(&result).unwrap();
            assert_eq!(json["best"], result.best.as_str());
            assert!(json["info"]["pv"].is_array());
        }
    }
}

#[test]
fn errors_are_clear() {
    let registry = registry();
    let void = registry.get("void").unwrap().new_session("", None).unwrap();
    let mut agent = engines().agent("attraction", &"random".parse().unwrap()).unwrap();
    let err = agent
        .choose(void.as_ref(), &AtomicBool::new(false), &mut |_| {})
        .unwrap_err();
    assert!(err.to_string().contains("cannot play a void session"), "{err}");
    let err = engines().agent("chess", &"random".parse().unwrap()).err().unwrap();
    assert!(matches!(err, Error::UnknownGame { .. }));
    let over = registry
        .get("void")
        .unwrap()
        .new_session("", Some("4f13/18/18/18/18 w 0"))
        .unwrap();
    let err = engines()
        .choose(over.as_ref(), &AgentSpec::level(3).unwrap(), no_stop(), &mut |_| {})
        .unwrap_err();
    assert_eq!(err, Error::GameOver);
}

#[test]
fn the_stop_flag_ends_an_unlimited_search() {
    let registry = registry();
    for game in ["void", "attraction"] {
        let session = registry.get(game).unwrap().new_session("", None).unwrap();
        for spec in ["mcts", "alphabeta"] {
            let mut spec: AgentSpec = spec.parse().unwrap();
            spec.limits.nodes = None;
            let stop = Arc::new(AtomicBool::new(false));
            let setter = {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    std::thread::sleep(Duration::from_millis(50));
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                })
            };
            // Give it an hour: only the stop flag can end it in time.
            spec.limits.time = Some(Duration::from_secs(3600));
            let started = Instant::now();
            let result = engines().choose(session.as_ref(), &spec, stop, &mut |_| {}).unwrap();
            setter.join().unwrap();
            assert!(session.legal_moves().contains(&result.best));
            // Loose: the point is that it stopped at all, not how fast.
            assert!(started.elapsed() < Duration::from_secs(20), "{game} {spec}");
        }
    }
}

#[test]
fn a_time_limit_is_kept_loosely() {
    let registry = registry();
    let session = registry.get("void").unwrap().new_session("", None).unwrap();
    for spec in ["mcts:time=100ms", "uct:time=100ms", "alphabeta:time=100ms"] {
        let started = Instant::now();
        let result = engines()
            .choose(session.as_ref(), &spec.parse().unwrap(), no_stop(), &mut |_| {})
            .unwrap();
        assert!(session.legal_moves().contains(&result.best));
        // Compliance is measured by `arbiter bench --time-limits`; this only catches runaways.
        assert!(started.elapsed() < Duration::from_secs(5), "{spec}");
    }
}

/// A time per move saves nothing for later moves, so alpha-beta spends all of it: it starts
/// another iteration after one that ended early, and keeps the best move of the part searched.
/// (A lower bound: a busy machine can only make the search later, never earlier.)
#[test]
fn alpha_beta_uses_all_of_its_time() {
    let registry = registry();
    for game in ["void", "villawar", "attraction"] {
        let session = registry.get(game).unwrap().new_session("", None).unwrap();
        let started = Instant::now();
        let result = engines()
            .choose(
                session.as_ref(),
                &"alphabeta:time=300ms".parse().unwrap(),
                no_stop(),
                &mut |_| {},
            )
            .unwrap();
        assert!(session.legal_moves().contains(&result.best), "{game}");
        assert!(
            started.elapsed() >= Duration::from_millis(300),
            "{game}: {:?}",
            started.elapsed()
        );
        assert!(result.info.elapsed_ms >= 290, "{game}: {} ms", result.info.elapsed_ms);
    }
}

#[test]
fn proven_wins_are_reported_as_such() {
    let registry = registry();
    let session = registry
        .get("void")
        .unwrap()
        .new_session("", Some("12b5/18/16f1/18/1F16 b 0"))
        .unwrap();
    for spec in ["alphabeta:depth=3", "mcts:iterations=2000"] {
        let result = engines()
            .choose(session.as_ref(), &spec.parse().unwrap(), no_stop(), &mut |_| {})
            .unwrap();
        assert_eq!(result.info.score, Score::WinIn(1), "{spec}");
    }
}

/// On a clock the agents think for a share of their time left, and the records keep each move's
/// time left (none for the random opening, played before the clock starts).
#[test]
fn a_match_on_a_clock_records_the_time_left() {
    let registry = registry();
    let game = registry.get("attraction").unwrap();
    let config = MatchConfig {
        a: "alphabeta:depth=1".parse().unwrap(),
        b: "random".parse().unwrap(),
        games: 2,
        opening_plies: 2,
        safe_openings: false,
        clock: Some("fischer:10+1".parse().unwrap()),
        concurrency: 2,
        seed: 3,
        sprt: None,
        stop: None,
        played: Vec::new(),
    };
    let summary = run_match(&engines(), game, "plies=30", None, &config, &mut |_, _| {}).unwrap();
    for g in &summary.games {
        let clock = g.record.clock.as_ref().expect("a clock game's record has its clock");
        assert_eq!(clock.control.to_string(), "fischer:10+1");
        assert_eq!(clock.left_ms.len(), g.record.moves.len());
        assert_eq!(clock.left_ms[..2], [None, None]);
        // Each side's time grows by at most the increment a move (these moves take milliseconds).
        for side in 0..2 {
            let left: Vec<u64> = clock.left_ms[2..]
                .iter()
                .skip(side)
                .step_by(2)
                .map(|t| t.unwrap())
                .collect();
            assert!(left[0] <= 11_000, "{left:?}");
            assert!(left.windows(2).all(|w| w[1] <= w[0] + 1_000), "{left:?}");
        }
        assert!(game.load_record(&g.record).is_ok());
    }
}

#[test]
fn a_small_match_alternates_colours_and_keeps_records() {
    let registry = registry();
    let game = registry.get("attraction").unwrap();
    let config = MatchConfig {
        a: "alphabeta:depth=1".parse().unwrap(),
        b: "random".parse().unwrap(),
        games: 6,
        opening_plies: 2,
        safe_openings: false,
        clock: None,
        concurrency: 2,
        seed: 3,
        sprt: None,
        stop: None,
        played: Vec::new(),
    };
    let mut seen = 0;
    let summary = run_match(&engines(), game, "plies=200", None, &config, &mut |_, tally| {
        seen += 1;
        assert_eq!(tally.games(), seen);
    })
    .unwrap();
    assert_eq!(summary.tally.games(), 6);
    assert_eq!(summary.games.len(), 6);
    for (i, g) in summary.games.iter().enumerate() {
        assert_eq!(g.index as usize, i);
        assert_eq!(g.a_side, if i % 2 == 0 { "violet" } else { "red" });
        assert!(game.load_record(&g.record).is_ok());
    }
    // Games 0 and 1 share their random opening.
    assert_eq!(summary.games[0].record.moves[..2], summary.games[1].record.moves[..2]);
    assert!(summary.score > 0.5);
}

/// In Krux a careless random turn often leaves a piece that the opponent drops into the hole at
/// once; safe openings redraw such plies, so no game is decided by its random opening.
#[test]
fn safe_openings_never_hand_over_a_win_in_one() {
    let registry = registry();
    let game = registry.get("krux").unwrap();
    const PLIES: usize = 4;
    let config = |safe_openings| MatchConfig {
        a: "alphabeta:depth=1".parse().unwrap(),
        b: "alphabeta:depth=1".parse().unwrap(),
        games: 24,
        opening_plies: PLIES as u32,
        safe_openings,
        clock: None,
        concurrency: 2,
        seed: 5,
        sprt: None,
        stop: None,
        played: Vec::new(),
    };
    // Opening plies after which the side to move could win at once.
    let lost_plies = |record: &arbiter_core::GameRecord| {
        let mut session = game.new_session(&record.options, None).unwrap();
        let mut lost = 0;
        for mv in record.moves.iter().take(PLIES) {
            session.play(mv).unwrap();
            lost += usize::from(arbiter_ai::game_loop::can_win_at_once(session.as_ref()));
        }
        lost
    };
    let plain = run_match(&engines(), game, "", None, &config(false), &mut |_, _| {}).unwrap();
    let lost: usize = plain.games.iter().map(|g| lost_plies(&g.record)).sum();
    assert!(lost > 0, "plain random Krux openings include plies that lose at once");
    let safe = run_match(&engines(), game, "", None, &config(true), &mut |_, _| {}).unwrap();
    for g in &safe.games {
        assert_eq!(lost_plies(&g.record), 0, "game {}: {:?}", g.index, g.record.moves);
        assert!(g.plies > PLIES, "game {} ended at ply {}", g.index, g.plies);
    }
}

/// Positions of every game in which the tests below compare a search option with the plain
/// search: starts, middle games and endings, some with proven results within reach.
const COMPARED: [(&str, Option<&str>); 7] = [
    ("void", None),
    ("void", Some("15B2/12x5/3F4B5f3/12s5/1S3x4X3b3 w 0")),
    ("attraction", Some("rvrr1rrr/4r3/8/3vv3/1r1v4/4v3/3v4/2v4v v 0")),
    ("villawar", None),
    ("villawar", Some("8/3v4/1W4v1/8/2V1w3/8/1V6/8 w 0")),
    (
        "krux",
        Some("..6p..4b./......./..3g..../...*.../......./......./.1b.2g5p.. 5"),
    ),
    (
        "krux",
        Some("1b....64/...2b.../...3p.../...*.../...5g.../......./....... 1"),
    ),
];

/// One search by `spec`, with a fresh agent.
fn search(session: &dyn DynSession, spec: &str) -> SearchResult {
    engines()
        .choose(session, &spec.parse().unwrap(), no_stop(), &mut |_| {})
        .unwrap()
}

/// Ordering quiet moves by the evaluation after them, and reducing late moves, change which
/// moves are searched first and how deep, not whether a search completes its depths and finds
/// proven wins.
#[test]
fn evaluation_ordering_and_reductions_search_soundly() {
    let registry = registry();
    for (game, position) in COMPARED {
        let session = registry.get(game).unwrap().new_session("", position).unwrap();
        let plain = search(session.as_ref(), "alphabeta:depth=3,order=history");
        for spec in ["alphabeta:depth=3,order=eval", "alphabeta:depth=3,order=eval,lmr=on"] {
            let result = search(session.as_ref(), spec);
            assert!(
                session.legal_moves().contains(&result.best),
                "{game} {position:?} {spec}"
            );
            if matches!(plain.info.score, Score::WinIn(_) | Score::LossIn(_)) {
                assert_eq!(result.info.score, plain.info.score, "{game} {position:?} {spec}");
            } else {
                assert_eq!(result.info.depth, 3, "{game} {position:?} {spec}");
            }
        }
    }
}

/// Null-move pruning completes its depths and keeps the proven results of the plain search in
/// every game that allows a null move, and cuts Void's tree from the start (the game whose level
/// 6 uses it: in Villawar's start the null searches cost as much as they cut); in a game that
/// refuses the null move (Krux) it searches exactly as without it, node for node.
#[test]
fn null_move_pruning_searches_soundly() {
    let registry = registry();
    for (game, position) in COMPARED {
        let session = registry.get(game).unwrap().new_session("", position).unwrap();
        let plain = search(session.as_ref(), "alphabeta:depth=5");
        let pruned = search(session.as_ref(), "alphabeta:depth=5,null=on");
        let label = format!("{game} {position:?}");
        assert!(session.legal_moves().contains(&pruned.best), "{label}");
        if game == "krux" {
            assert_eq!(pruned.info.nodes, plain.info.nodes, "{label}: Krux has no null move");
            assert_eq!(pruned.best, plain.best, "{label}");
        } else if matches!(plain.info.score, Score::WinIn(_) | Score::LossIn(_)) {
            assert_eq!(pruned.info.score, plain.info.score, "{label}");
        } else {
            assert_eq!(pruned.info.depth, 5, "{label}");
        }
        if game == "void" && position.is_none() {
            assert!(
                pruned.info.nodes < plain.info.nodes,
                "{label}: {} nodes with null moves, {} without",
                pruned.info.nodes,
                plain.info.nodes
            );
        }
    }
}

/// With contempt, a draw counts below even for the side that searches: when every move reaches
/// the ply limit, the search's value is minus the contempt.
#[test]
fn contempt_scores_draws_below_even() {
    let registry = registry();
    let session = registry.get("void").unwrap().new_session("plies=1", None).unwrap();
    for (spec, value) in [("alphabeta:depth=3", 0), ("alphabeta:depth=3,contempt=40", -40)] {
        let result = engines()
            .choose(session.as_ref(), &spec.parse().unwrap(), no_stop(), &mut |_| {})
            .unwrap();
        assert_eq!(result.info.score, Score::Eval(value), "{spec}");
    }
}

/// A match stopped from another thread ends its searches under way and starts no game after.
#[test]
fn a_match_can_be_stopped_from_outside() {
    let registry = registry();
    let game = registry.get("void").unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let config = MatchConfig {
        // Far more than could ever be searched: only the stop flag ends these moves.
        a: "mcts:iterations=2000000000".parse().unwrap(),
        b: "mcts:iterations=2000000000".parse().unwrap(),
        games: 50,
        opening_plies: 0,
        safe_openings: false,
        clock: None,
        concurrency: 2,
        seed: 1,
        sprt: None,
        stop: Some(stop.clone()),
        played: Vec::new(),
    };
    let setter = std::thread::spawn({
        let stop = stop.clone();
        move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    let result = run_match(&engines(), game, "", None, &config, &mut |_, _| {});
    setter.join().unwrap();
    let err = result.expect_err("a stopped match is an error");
    assert_eq!(err.to_string(), "the match was stopped");
    // Stopped before it starts: no game is played.
    let summary = run_match(&engines(), game, "", None, &config, &mut |_, _| {}).unwrap();
    assert_eq!(summary.tally.games(), 0);
}

/// A resumed match plays only the games its earlier run did not finish, and ends as the whole
/// match would have: every game's opening and seed come from its index.
#[test]
fn a_resumed_match_plays_only_the_missing_games() {
    let registry = registry();
    let game = registry.get("villawar").unwrap();
    let config = MatchConfig {
        a: "alphabeta:depth=1".parse().unwrap(),
        b: "alphabeta:depth=2".parse().unwrap(),
        games: 6,
        opening_plies: 2,
        safe_openings: true,
        clock: None,
        concurrency: 2,
        seed: 9,
        sprt: None,
        stop: None,
        played: Vec::new(),
    };
    let whole = run_match(&engines(), game, "size=6", None, &config, &mut |_, _| {}).unwrap();
    let earlier: Vec<_> = whole
        .games
        .iter()
        .filter(|g| [0, 3, 4].contains(&g.index))
        .cloned()
        .collect();
    let resumed_config = MatchConfig {
        played: earlier,
        ..config.clone()
    };
    let mut replayed = Vec::new();
    let resumed = run_match(&engines(), game, "size=6", None, &resumed_config, &mut |g, _| {
        replayed.push(g.index)
    })
    .unwrap();
    replayed.sort();
    assert_eq!(replayed, [1, 2, 5]);
    assert_eq!(resumed.tally, whole.tally);
    let moves = |s: &arbiter_ai::match_runner::MatchSummary| {
        s.games
            .iter()
            .map(|g| (g.index, g.a_score, g.record.moves.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(&resumed), moves(&whole));

    // A game played twice, or past the match's end, is refused.
    let twice = MatchConfig {
        played: vec![whole.games[0].clone(), whole.games[0].clone()],
        ..config.clone()
    };
    let err = run_match(&engines(), game, "size=6", None, &twice, &mut |_, _| {}).unwrap_err();
    assert_eq!(err.to_string(), "game 1 was played twice");
    let shorter = MatchConfig {
        games: 3,
        played: whole.games.clone(),
        ..config
    };
    let err = run_match(&engines(), game, "size=6", None, &shorter, &mut |_, _| {}).unwrap_err();
    assert_eq!(err.to_string(), "game 4 was played but the match has only 3 games");
}

/// An SPRT already decided by the games of an earlier run starts no game.
#[test]
fn a_resumed_match_whose_sprt_is_decided_plays_no_more() {
    let registry = registry();
    let game = registry.get("villawar").unwrap();
    let config = MatchConfig {
        a: "alphabeta:depth=2".parse().unwrap(),
        b: "random".parse().unwrap(),
        games: 40,
        opening_plies: 0,
        safe_openings: false,
        clock: None,
        concurrency: 2,
        seed: 2,
        sprt: Some(arbiter_ai::sprt::Sprt::parse("0,50").unwrap()),
        stop: None,
        played: Vec::new(),
    };
    let first = run_match(&engines(), game, "size=6", None, &config, &mut |_, _| {}).unwrap();
    let sprt = first.sprt.expect("an SPRT ran");
    assert_eq!(sprt.status, arbiter_ai::sprt::SprtStatus::AcceptH1, "{first:?}");
    let again = MatchConfig {
        played: first.games.clone(),
        ..config
    };
    let mut more = 0;
    let resumed = run_match(&engines(), game, "size=6", None, &again, &mut |_, _| more += 1).unwrap();
    assert_eq!(more, 0);
    assert_eq!(resumed.tally, first.tally);
    assert_eq!(
        resumed.sprt.map(|s| s.status),
        Some(arbiter_ai::sprt::SprtStatus::AcceptH1)
    );
}
