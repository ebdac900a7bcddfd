//! Self-play data for every registered game: each sample is a real position of its game with the
//! side to move, score and result it claims, and a run split over threads and restarts writes the
//! same games as one run.

use arbiter_learn::{generate, DataHeader, DataReader, DatagenSettings, GameBlock, PROVEN_SCORE};
use std::sync::atomic::AtomicBool;

fn settings(game: &str, options: &str, games: u32, threads: usize) -> DatagenSettings {
    DatagenSettings {
        header: DataHeader {
            game: game.into(),
            options: options.into(),
            agent: "alphabeta:nodes=300".into(),
            opening_plies: 4,
            safe_openings: true,
            seed: 9,
        },
        games,
        threads,
    }
}

fn blocks(path: &std::path::Path) -> Vec<GameBlock> {
    let mut blocks: Vec<GameBlock> = DataReader::open(path).unwrap().collect::<Result<_, _>>().unwrap();
    blocks.sort_by_key(|b| b.index);
    blocks
}

#[test]
fn every_game_writes_samples_that_are_its_positions() {
    let registry = arbiter_games::registry();
    let engines = arbiter_games::engines();
    let dir = tempfile::tempdir().unwrap();
    for name in registry.names() {
        let game = registry.get(name).unwrap();
        for options in arbiter_games::variants_to_test(game).into_iter().take(2) {
            let options = arbiter_core::with_ply_limit(&options, 120).unwrap();
            let path = dir.path().join(format!("{name}-{options}.bin"));
            let run = settings(name, &options, 3, 2);
            let summary = generate(&engines, game, &run, &path, &AtomicBool::new(false), &mut |_| {}).unwrap();
            assert_eq!(
                (summary.games_played, summary.games_skipped, summary.stopped),
                (3, 0, false)
            );
            let blocks = blocks(&path);
            assert_eq!(blocks.iter().map(|b| b.index).collect::<Vec<_>>(), vec![0, 1, 2]);
            let samples: usize = blocks.iter().map(|b| b.samples.len()).sum();
            assert_eq!(samples as u64, summary.samples);
            assert!(samples > 0, "{name} {options}: no samples");
            for block in &blocks {
                let results: Vec<i8> = block.samples.iter().map(|s| s.result).collect();
                for sample in &block.samples {
                    let session = game.new_session(&options, Some(&sample.position)).unwrap();
                    assert!(session.ending().is_none(), "{name}: a finished position was searched");
                    assert_eq!(
                        session.to_move() == arbiter_core::Player::Second,
                        sample.second_to_move,
                        "{name}: side to move of {}",
                        sample.position
                    );
                    if sample.proven {
                        assert!(
                            [-PROVEN_SCORE, 0, PROVEN_SCORE].contains(&sample.score),
                            "{name}: {sample:?}"
                        );
                    } else {
                        assert!(sample.score.abs() < PROVEN_SCORE, "{name}: {sample:?}");
                    }
                    // One result per game: the movers' results are opposite, or both draws.
                    let mine = if sample.second_to_move {
                        -sample.result
                    } else {
                        sample.result
                    };
                    let first = if block.samples[0].second_to_move {
                        -results[0]
                    } else {
                        results[0]
                    };
                    assert_eq!(mine, first, "{name}: results of one game disagree");
                }
            }
        }
    }
}

#[test]
fn a_run_split_over_restarts_and_threads_writes_the_same_games() {
    let registry = arbiter_games::registry();
    let engines = arbiter_games::engines();
    let game = registry.get("villawar").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.bin");
    let split = dir.path().join("split.bin");
    let stop = AtomicBool::new(false);
    generate(
        &engines,
        game,
        &settings("villawar", "size=6", 6, 1),
        &whole,
        &stop,
        &mut |_| {},
    )
    .unwrap();
    generate(
        &engines,
        game,
        &settings("villawar", "size=6", 2, 2),
        &split,
        &stop,
        &mut |_| {},
    )
    .unwrap();
    let mut seen = Vec::new();
    let summary = generate(
        &engines,
        game,
        &settings("villawar", "size=6", 6, 2),
        &split,
        &stop,
        &mut |p| seen.push(p.games_done),
    )
    .unwrap();
    assert_eq!((summary.games_played, summary.games_skipped), (4, 2));
    assert_eq!(seen, vec![3, 4, 5, 6], "progress counts the games already in the file");
    assert_eq!(blocks(&whole), blocks(&split));
    assert_eq!(blocks(&whole).len(), 6);
}

#[test]
fn a_stopped_run_writes_nothing_more_and_says_so() {
    let registry = arbiter_games::registry();
    let engines = arbiter_games::engines();
    let game = registry.get("void").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stopped.bin");
    let summary = generate(
        &engines,
        game,
        &settings("void", "", 4, 2),
        &path,
        &AtomicBool::new(true),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!((summary.games_played, summary.stopped), (0, true));
    assert!(blocks(&path).is_empty());
}

#[test]
fn bad_settings_are_refused_before_any_file_is_made() {
    let registry = arbiter_games::registry();
    let engines = arbiter_games::engines();
    let game = registry.get("void").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("never.bin");
    let stop = AtomicBool::new(false);
    let mut bad_agent = settings("void", "", 1, 1);
    bad_agent.header.agent = "alphabeta:depth=zero".into();
    let mut bad_options = settings("void", "colour=red", 1, 1);
    bad_options.header.options = "colour=red".into();
    let no_threads = settings("void", "", 1, 0);
    for run in [bad_agent, bad_options, no_threads] {
        let error = generate(&engines, game, &run, &path, &stop, &mut |_| {}).err().unwrap();
        assert!(!error.to_string().is_empty());
        assert!(!path.exists(), "{error}");
    }
}
