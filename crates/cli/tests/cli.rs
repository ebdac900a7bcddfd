//! The `arbiter` binary end to end: real processes, real output.

mod common;

use assert_cmd::Command;
use predicates::prelude::*;

fn arbiter() -> Command {
    Command::cargo_bin("arbiter").expect("the arbiter binary is built")
}

#[test]
fn moves_lists_the_start_turns() {
    let out = arbiter()
        .args(["moves", "void"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 40);
    assert!(text.lines().any(|l| l == "m5-n4xn3"));
}

#[test]
fn perft_counts_and_divides() {
    arbiter()
        .args(["perft", "void", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("perft(2) = 1564"));
    let value = common::json_stdout(arbiter().args(["perft", "void", "2", "--divide", "--json"]));
    assert_eq!(value["nodes"], 1564);
    let divide = value["divide"].as_object().unwrap();
    assert_eq!(divide.len(), 40);
    assert_eq!(divide.values().map(|v| v.as_u64().unwrap()).sum::<u64>(), 1564);
}

#[test]
fn perft_on_threads_counts_the_same_in_every_game() {
    for (game, depth) in [
        ("void", "3"),
        ("krux", "2"),
        ("attraction", "3"),
        ("villawar:size=10", "3"),
    ] {
        let one = common::json_stdout(arbiter().args(["perft", game, depth, "--divide", "--json"]));
        for threads in ["2", "3", "0"] {
            let many =
                common::json_stdout(arbiter().args(["perft", game, depth, "--divide", "--json", "--threads", threads]));
            assert_eq!(many["nodes"], one["nodes"], "{game} on {threads} threads");
            assert_eq!(
                many["divide"], one["divide"],
                "{game} on {threads} threads: the split by first move"
            );
        }
        assert_eq!(one["threads"], 1);
    }
}

#[test]
fn solve_proves_short_wins_and_their_absence() {
    // The Krux rules' worked example 1: White 1 attracts Black 2 into the hole.
    let value = common::json_stdout(
        arbiter()
            .args(["solve", "krux", "--plies", "3", "--json", "--position"])
            .arg(".....46/...1b.../......./...*.../......./...2.../35..... 1"),
    );
    assert_eq!(value["win_in"], 1);
    assert_eq!(value["line"].as_array().unwrap().len(), 1, "{value}");
    assert!(value["line"][0].as_str().unwrap().ends_with("Ad2"), "{value}");
    // A Villawar jump after which both sides must pass, the mover ahead.
    arbiter()
        .args([
            "solve",
            "villawar",
            "--plies",
            "3",
            "--position",
            "4w1/1VWv2/2W3/3w2/3W2/3WVV w 1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("forces a win within 3 plies (none within 1)"));
    arbiter()
        .args(["solve", "void", "--plies", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("no forced win within 3 plies"));
    // Proof-number search gives the same answers, on two threads too.
    let value = common::json_stdout(
        arbiter()
            .args([
                "solve",
                "krux",
                "--plies",
                "3",
                "--method",
                "dfpn",
                "--threads",
                "2",
                "--json",
                "--position",
            ])
            .arg(".....46/...1b.../......./...*.../......./...2.../35..... 1"),
    );
    assert_eq!(
        (
            value["win_in"].clone(),
            value["method"].clone(),
            value["threads"].clone()
        ),
        (1.into(), "proof-number".into(), 2.into())
    );
    arbiter()
        .args(["solve", "void", "--plies", "3", "--method", "dfpn"])
        .assert()
        .success()
        .stdout(predicate::str::contains("no forced win within 3 plies"));
    arbiter()
        .args(["solve", "void", "--method", "guess"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown proof method 'guess' (exact or dfpn)"));
}

#[test]
fn tune_fits_the_weights_to_recorded_games_and_refuses_what_it_cannot_use() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("records");
    arbiter()
        .args([
            "match",
            "villawar:size=6",
            "--a",
            "alphabeta:depth=2",
            "--b",
            "alphabeta:depth=1",
        ])
        .args(["-n", "20", "--opening-plies", "4", "--records"])
        .arg(&records)
        .assert()
        .success();
    let value = common::json_stdout(
        arbiter()
            .args(["tune", "villawar", "--json", "--records"])
            .arg(&records),
    );
    assert_eq!(value["games"], 20, "{value}");
    let terms = value["terms"].as_array().unwrap();
    let names: Vec<&str> = terms.iter().map(|t| t["term"].as_str().unwrap()).collect();
    assert_eq!(names, ["villager row²", "warrior row"]);
    assert!(
        terms.iter().all(|t| t["tuned"].as_f64().unwrap().is_finite()),
        "{value}"
    );
    assert!(value["positions"]["train"].as_u64().unwrap() > 100, "{value}");
    let train = &value["error"]["train"];
    assert!(
        train["after"].as_f64().unwrap() <= train["before"].as_f64().unwrap(),
        "{value}"
    );
    // A table for people.
    arbiter()
        .args(["tune", "villawar", "--records"])
        .arg(&records)
        .assert()
        .success()
        .stdout(predicate::str::contains("villager row²").and(predicate::str::contains("mean squared error")));

    // What it cannot use: an untunable evaluation, an empty folder, another game's records.
    arbiter()
        .args(["tune", "krux", "--records"])
        .arg(&records)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "krux's evaluation is not a sum of weighted terms",
        ));
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    arbiter()
        .args(["tune", "villawar", "--records"])
        .arg(&empty)
        .assert()
        .failure()
        .stderr(predicate::str::contains("no game records"));
    arbiter()
        .args(["tune", "void", "--records"])
        .arg(&records)
        .assert()
        .failure()
        .stderr(predicate::str::contains("is a record of villawar, not void"));
    std::fs::write(empty.join("junk.json"), "{not json").unwrap();
    arbiter()
        .args(["tune", "void", "--records"])
        .arg(&empty)
        .assert()
        .failure()
        .stderr(predicate::str::contains("junk.json is not a game record"));
}

#[test]
fn show_draws_the_board() {
    arbiter()
        .args(["show", "void", "--position", "F17/5X12/18/18/4f13 b"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("5   F . . . . . . . . . . . . . . . . .")
                .and(predicate::str::contains("position: F17/5X12/18/18/4f13 b 0")),
        );
}

#[test]
fn bad_input_is_a_one_line_error_not_a_panic() {
    for args in [
        vec!["moves", "void", "--position", "3BFB6bfb3/3S1S6s1s3 b 0"],
        vec!["moves", "void", "--position", "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 g 0"],
        vec!["moves", "void", "--position", "FF17/18/18/18/18 b 0"],
        vec!["moves", "chess"],
        vec!["moves", "void:colour=red"],
        vec!["perft", "void:plies=x", "1"],
        vec!["bench", "void", "--seconds", "0"],
        vec!["datagen", "chess", "--out", "never.bin"],
        vec!["datagen", "void", "--out", "never.bin", "--games", "0"],
        vec!["datagen", "void", "--out", "never.bin", "--agent", "alphabeta:nodes=-1"],
        vec!["datagen", "void", "--out", "Cargo.toml"],
        vec![
            "solve",
            "krux",
            "--position",
            ".....46/...1b.../......./...2.../......./......./35..... 2",
        ],
    ] {
        let assert = arbiter().args(&args).assert().code(1);
        let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn play_takes_moves_undo_and_resignation_and_saves_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    let assert = arbiter()
        .args(["play", "void", "--save"])
        .arg(&file)
        .write_stdin("m4-g4\nd3-e4xg4\nzz9\nmoves\nundo\nm4-g4\nXd3-e4\nresign\n")
        .assert()
        .success();
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert!(out.contains("black plays m4-g4"));
    assert!(
        out.contains("bad move 'd3-e4xg4'"),
        "the fighter may not attack past its own piece: {out}"
    );
    assert!(out.contains("bad move 'zz9'"));
    assert!(
        out.contains("white plays d3-e4"),
        "a leading piece letter is accepted: {out}"
    );
    assert!(out.contains("Black resigned. White wins."), "{out}");
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(record["game"], "void");
    assert_eq!(record["moves"], serde_json::json!(["m4-g4", "d3-e4"]));
    assert_eq!(record["result"]["reason"], "resignation");
    assert_eq!(
        record["result"]["text"], "Black resigned. White wins.",
        "the record tells the ending too"
    );
    assert_eq!(record["result"]["winner"], "white");
}

#[test]
fn random_players_finish_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    arbiter()
        .args([
            "play",
            "void:plies=400",
            "--white",
            "random",
            "--black",
            "random",
            "--seed",
            "7",
            "--save",
        ])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("wins").or(predicate::str::contains("Draw")));
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(record["result"].is_object());
    assert_eq!(record["options"], "plies=400");
}

#[test]
fn play_rejects_a_side_the_game_does_not_have() {
    arbiter()
        .args(["play", "void", "--violet", "random"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("void has no side called violet"));
}

#[test]
fn datagen_writes_and_resumes_training_data() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("krux.bin");
    let run = |games: &str| {
        common::json_stdout(arbiter().args([
            "datagen",
            "krux",
            "--out",
            out.to_str().unwrap(),
            "--games",
            games,
            "--agent",
            "alphabeta:depth=1",
            "--threads",
            "2",
            "--json",
        ]))
    };
    let first = run("2");
    assert_eq!(
        (first["games_played"].as_u64(), first["games_skipped"].as_u64()),
        (Some(2), Some(0))
    );
    assert!(first["samples"].as_u64().unwrap() > 0);
    let second = run("3");
    assert_eq!(
        (second["games_played"].as_u64(), second["games_skipped"].as_u64()),
        (Some(1), Some(2))
    );
    let size = std::fs::metadata(&out).unwrap().len();
    assert!(size > first["bytes"].as_u64().unwrap() + second["bytes"].as_u64().unwrap());
}

#[test]
fn bench_reports_json() {
    let value = common::json_stdout(arbiter().args(["bench", "void", "--seconds", "0.2", "--json"]));
    let first = &value[0];
    assert_eq!(first["game"], "void");
    assert!(first["plies_per_second"].as_f64().unwrap() > 0.0);
    assert!(first["perft_nodes"].as_u64().unwrap() > 0);
    assert_eq!(first["threads"], 1);
    // On two threads: both threads' playouts counted, perft the same count at its depth.
    let two = common::json_stdout(arbiter().args(["bench", "void", "--seconds", "0.2", "--threads", "2", "--json"]));
    assert_eq!(two[0]["threads"], 2);
    assert!(two[0]["plies_per_second"].as_f64().unwrap() > 0.0);
    let perft = common::json_stdout(arbiter().args(["perft", "void", &two[0]["perft_depth"].to_string(), "--json"]));
    assert_eq!(two[0]["perft_nodes"], perft["nodes"]);
}

#[test]
fn a_closed_pipe_is_not_a_panic() {
    use std::process::{Command as Process, Stdio};
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("arbiter"))
        .args(["moves", "villawar:size=10"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{:?}", String::from_utf8_lossy(&output.stderr));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn perft_depth_is_bounded_and_bench_keeps_its_budget() {
    arbiter()
        .args(["perft", "void", "300"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("0..=64"));
    let mut bench = arbiter();
    bench
        .args(["bench", "krux", "--seconds", "0.2", "--json"])
        .timeout(std::time::Duration::from_secs(120));
    let value: serde_json::Value = serde_json::from_slice(&bench.assert().success().get_output().stdout).unwrap();
    assert!(
        value[0]["perft_depth"].as_u64().unwrap() <= 2,
        "perft(3) of Krux takes minutes: {value}"
    );
}

#[test]
fn an_unwritable_save_path_is_refused_before_the_first_move() {
    arbiter()
        .args(["play", "void", "--save", "/nonexistent-dir/game.json"])
        .write_stdin("m4-n4\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot write /nonexistent-dir/game.json"));
}

#[test]
fn diagram_draws_svg_json_and_text() {
    for game in ["void", "krux", "attraction", "villawar:size=6"] {
        let out = arbiter()
            .args(["diagram", game])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let svg = String::from_utf8(out).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{game}");
        assert!(
            svg.contains(".pc-body"),
            "{game}: the web app's board stylesheet is embedded"
        );
        assert!(svg.contains("class=\"piece pc-"), "{game}: pieces are drawn");
    }
    let drawing = common::json_stdout(arbiter().args(["diagram", "void", "--format", "json", "--flip"]));
    assert_eq!(drawing["cells"].as_array().unwrap().len(), 90);
    assert_eq!(drawing["pieces"].as_array().unwrap().len(), 16);
    // A worked example with its move marked: an arrow and the falling pieces.
    let out = arbiter()
        .args([
            "diagram",
            "void",
            "--position",
            "F17/5X12/18/18/4f13 b 0",
            "--move",
            "e1-f1xf4",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let svg = String::from_utf8(out).unwrap();
    assert!(svg.contains("mark-arrow") && svg.contains("mark-fall") && svg.contains("mark-target"));
    arbiter()
        .args(["diagram", "void", "--move", "a1-a9"])
        .assert()
        .failure()
        .stderr(predicate::str::starts_with("error: "));
    arbiter()
        .args(["diagram", "void", "--format", "png"])
        .assert()
        .failure();
}

/// The diagrams of `docs/rules/` are drawn from the rules' manifests by `arbiter diagram
/// --rules-images`: the committed files must be what the program draws now.
#[test]
fn the_rules_diagrams_in_docs_are_up_to_date() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules/img");
    let fresh = tempfile::tempdir().unwrap();
    for game in ["void", "krux", "attraction", "villawar"] {
        let out = arbiter()
            .args(["diagram", game, "--rules-images"])
            .arg(fresh.path())
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let written = String::from_utf8(out).unwrap();
        assert!(written.lines().count() >= 2, "{game}: {written}");
        for path in written.lines() {
            let name = std::path::Path::new(path).file_name().unwrap();
            let committed = std::fs::read_to_string(docs.join(name)).unwrap_or_else(|_| {
                panic!(
                    "docs/rules/img/{} is missing: run scripts/diagrams.sh",
                    name.to_string_lossy()
                )
            });
            assert!(
                committed == std::fs::read_to_string(path).unwrap(),
                "docs/rules/img/{} is stale: run scripts/diagrams.sh",
                name.to_string_lossy()
            );
        }
    }
}

/// Garbage gets a short one-line error, and a line of bad bytes in `play` is one bad entry.
#[test]
fn long_or_binary_input_is_refused_in_one_short_line() {
    let huge = "x\n".repeat(50_000);
    let out = arbiter()
        .args(["moves", "void", "--position", &huge])
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.len() < 600,
        "the input is not echoed back whole: {} bytes",
        text.len()
    );
    let assert = arbiter()
        .args(["play", "void"])
        .write_stdin(b"m4-g4\n\xff\xfe\nd3-e4\nquit\n".to_vec())
        .assert()
        .success();
    let out = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    assert!(out.contains("not valid UTF-8"), "{out}");
    assert!(
        out.contains("white plays d3-e4"),
        "the game goes on after a bad line: {out}"
    );
}
