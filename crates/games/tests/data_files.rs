//! One harness for every game's data files: `crates/<game>/data/positions.txt` (position strings
//! that must round-trip or be rejected), `notation.txt` (moves as typed and as the game writes
//! them, or the error they get) and `perft.txt` (pinned perft figures). Each file has one format
//! for all games, described in its header; the games come from the registry, so a new game fails
//! here until it has its three files.

use arbiter_core::{DynGameType, Error};
use std::path::PathBuf;

/// The cases of one data file: its non-comment lines, numbered from 1.
fn cases(game: &str, file: &str, least: usize) -> Vec<(usize, String)> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", game, "data", file].iter().collect();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let cases: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(i, line)| (i + 1, line.to_string()))
        .collect();
    assert!(cases.len() >= least, "{}: only {} cases", path.display(), cases.len());
    cases
}

/// The fields of a line separated by " | ", kept exactly (spaces inside a field matter for
/// position strings and typed moves).
fn fields(line: &str) -> Vec<&str> {
    line.split(" | ").collect()
}

fn games() -> Vec<(&'static str, &'static dyn DynGameType)> {
    let registry: &'static arbiter_core::Registry = Box::leak(Box::new(arbiter_games::registry()));
    registry
        .names()
        .into_iter()
        .map(|name| (name, registry.get(name).unwrap()))
        .collect()
}

/// `ok | <position>`, `ok | <input> | <printed>`, `bad | <input> [| <words>]`.
#[test]
fn positions_round_trip_or_are_rejected_with_a_reason() {
    for (name, game) in games() {
        let (mut good, mut bad) = (0, 0);
        for (n, line) in cases(name, "positions.txt", 25) {
            let at = format!("{name} positions.txt:{n}");
            let (kind, rest) = line
                .split_once(" |")
                .unwrap_or_else(|| panic!("{at}: no 'ok |' or 'bad |'"));
            let rest = rest.strip_prefix(' ').unwrap_or(rest);
            let parts = fields(rest);
            match kind.trim() {
                "ok" => {
                    let session = game
                        .new_session("", Some(parts[0]))
                        .unwrap_or_else(|e| panic!("{at}: '{}' should parse: {e}", parts[0]));
                    let printed = parts.get(1).copied().unwrap_or(parts[0]);
                    assert_eq!(session.position(), printed, "{at}");
                    // The printed form is a fixed point.
                    let again = game.new_session("", Some(printed)).unwrap();
                    assert_eq!(again.position(), printed, "{at}");
                    good += 1;
                }
                "bad" => {
                    match game.new_session("", Some(parts[0])) {
                        Ok(s) => panic!("{at}: '{}' was accepted as '{}'", parts[0], s.position()),
                        Err(Error::Position(reason)) => {
                            assert!(!reason.is_empty(), "{at}");
                            if let Some(words) = parts.get(1) {
                                assert!(reason.contains(words), "{at}: '{reason}' should say '{words}'");
                            }
                        }
                        Err(other) => panic!("{at}: not a position error: {other}"),
                    }
                    bad += 1;
                }
                other => panic!("{at}: '{other}' is neither ok nor bad"),
            }
        }
        assert!(
            good >= 5 && bad >= 20,
            "{name}: {good} valid and {bad} invalid positions"
        );
    }
}

/// `<position or start> | <typed> | <written>` or `… | error: <words>`.
#[test]
fn moves_are_written_in_one_notation_and_bad_ones_explained() {
    for (name, game) in games() {
        let (mut good, mut bad) = (0, 0);
        for (n, line) in cases(name, "notation.txt", 7) {
            let at = format!("{name} notation.txt:{n}");
            let parts = fields(&line);
            assert_eq!(parts.len(), 3, "{at}: expected three fields");
            let position = (parts[0] != "start").then_some(parts[0]);
            let mut session = game.new_session("", position).unwrap_or_else(|e| panic!("{at}: {e}"));
            let legal = session.legal_moves();
            match (session.play(parts[1]), parts[2].strip_prefix("error: ")) {
                (Ok(written), None) => {
                    assert_eq!(written, parts[2], "{at}: '{}'", parts[1]);
                    assert!(
                        legal.contains(&written),
                        "{at}: '{written}' is not among the legal moves"
                    );
                    good += 1;
                }
                (Err(Error::Move { input, reason }), Some(words)) => {
                    assert_eq!(input, parts[1], "{at}: the error names the input as typed");
                    assert!(reason.contains(words), "{at}: '{reason}' should say '{words}'");
                    bad += 1;
                }
                (Ok(written), Some(_)) => panic!("{at}: '{}' was accepted as {written}", parts[1]),
                (Err(e), _) => panic!("{at}: '{}': {e}", parts[1]),
            }
        }
        assert!(good >= 2 && bad >= 5, "{name}: {good} accepted and {bad} refused moves");
    }
}

/// `<options> | <position or start> | perft(1) perft(2) …`
#[test]
fn perft_figures_are_pinned() {
    let games = games();
    std::thread::scope(|scope| {
        for &(name, game) in &games {
            scope.spawn(move || {
                for (n, line) in cases(name, "perft.txt", 1) {
                    let at = format!("{name} perft.txt:{n}");
                    let parts = fields(line.trim_start_matches('|').trim_start());
                    let (options, position, figures) = match parts.as_slice() {
                        [position, figures] => ("", *position, *figures),
                        [options, position, figures] => (options.trim(), *position, *figures),
                        _ => panic!("{at}: expected options | position | figures"),
                    };
                    let position = (position != "start").then_some(position);
                    for (i, figure) in figures.split_whitespace().enumerate() {
                        let expected: u64 = figure.parse().unwrap_or_else(|e| panic!("{at}: '{figure}': {e}"));
                        let got = game
                            .perft(options, position, i + 1)
                            .unwrap_or_else(|e| panic!("{at}: {e}"));
                        assert_eq!(got, expected, "{at}: perft({})", i + 1);
                    }
                }
            });
        }
    });
}
