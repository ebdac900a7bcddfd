//! The computer-opponent commands end to end: `match`, `analyze`, `play` against levels, `bench`.

mod common;

use assert_cmd::Command;
use predicates::prelude::*;

fn arbiter() -> Command {
    Command::cargo_bin("arbiter").expect("the arbiter binary is built")
}

/// Runs `arbiter ARGS FILE` and checks that it fails (exit 1) saying `message`.
fn refuses(args: &[&str], file: &std::path::Path, message: &str) {
    arbiter()
        .args(args)
        .arg(file)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(message));
}

#[test]
fn match_reports_json_and_saves_records() {
    let dir = tempfile::tempdir().unwrap();
    let value = common::json_stdout(
        arbiter()
            .args([
                "match",
                "attraction",
                "--a",
                "alphabeta:depth=1",
                "--b",
                "random",
                "--games",
                "4",
                "--opening-plies",
                "2",
                "--concurrency",
                "2",
                "--max-plies",
                "150",
                "--json",
                "--records",
            ])
            .arg(dir.path()),
    );
    let tally = &value["tally"];
    let total = tally["wins"].as_u64().unwrap() + tally["draws"].as_u64().unwrap() + tally["losses"].as_u64().unwrap();
    assert_eq!(total, 4);
    assert!(value["elo"]["elo"].is_number());
    assert_eq!(value["game"], "attraction:plies=150");
    for i in 1..=4 {
        let record = std::fs::read_to_string(dir.path().join(format!("game-{i:04}.json"))).unwrap();
        let record: serde_json::Value = serde_json::from_str(&record).unwrap();
        assert_eq!(record["game"], "attraction");
        assert!(record["result"].is_object());
    }
}

/// A match killed part way (here: its journal cut after two games, the third line half
/// written) continues with --resume, plays only the games it lacks, and ends as the same match
/// played in one go; a folder holding another match is refused, and so is starting over in one.
#[test]
fn a_match_saved_in_its_records_folder_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let run = |folder: &str, games: &str, agent_b: &str, resume: bool| {
        let mut cmd = arbiter();
        cmd.args(["match", "villawar:size=6", "--a", "alphabeta:depth=1", "--b", agent_b])
            .args([
                "-n",
                games,
                "--opening-plies",
                "2",
                "--safe-openings",
                "--json",
                "--records",
            ])
            .arg(dir.path().join(folder));
        if resume {
            cmd.arg("--resume");
        }
        cmd
    };
    let whole = common::json_stdout(&mut run("whole", "6", "alphabeta:depth=2", false));
    common::json_stdout(&mut run("cut", "4", "alphabeta:depth=2", false));
    let journal = dir.path().join("cut/match.jsonl");
    let text = std::fs::read_to_string(&journal).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "the settings and a line per game");
    let cut = format!(
        "{}\n{}\n{}\n{}",
        lines[0],
        lines[1],
        lines[2],
        &lines[3][..lines[3].len() / 2]
    );
    std::fs::write(&journal, cut).unwrap();
    let done: Vec<u64> = lines[1..3]
        .iter()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["index"]
                .as_u64()
                .unwrap()
        })
        .collect();

    let output = run("cut", "6", "alphabeta:depth=2", true)
        .assert()
        .success()
        .get_output()
        .clone();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the last line is incomplete; that game is played again"),
        "{stderr}"
    );
    let resumed: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(resumed["tally"], whole["tally"]);
    let games = |v: &serde_json::Value| {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| (g["index"].clone(), g["a_score"].clone(), g["record"]["moves"].clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(games(&resumed), games(&whole));
    // The journal now holds every game once, the two kept ones first.
    let text = std::fs::read_to_string(&journal).unwrap();
    let mut indices: Vec<u64> = text
        .lines()
        .skip(1)
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["index"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(indices[..2], done[..]);
    indices.sort();
    assert_eq!(indices, [0, 1, 2, 3, 4, 5]);
    for i in 1..=6 {
        assert!(dir.path().join(format!("cut/game-{i:04}.json")).exists());
    }

    // Resumed with all its games played: nothing more to play.
    let again = common::json_stdout(&mut run("cut", "6", "alphabeta:depth=2", true));
    assert_eq!(again["tally"], whole["tally"]);

    for (cmd, message) in [
        (
            run("cut", "6", "alphabeta:depth=3", true),
            "is another match: agent B: alphabeta:depth=2 before, alphabeta:depth=3 now",
        ),
        (
            run("cut", "6", "alphabeta:depth=2", false),
            "already holds a match (match.jsonl): pass --resume to continue it",
        ),
        (
            run("empty", "6", "alphabeta:depth=2", true),
            "holds no match to resume (no match.jsonl)",
        ),
        (
            run("cut", "3", "alphabeta:depth=2", true),
            "game 4 was played but the match has only 3 games",
        ),
    ] {
        let mut cmd = cmd;
        cmd.assert().code(1).stderr(predicate::str::contains(message));
    }
    arbiter()
        .args(["match", "void", "--a", "random", "--b", "random", "--resume"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--records"));
}

#[test]
fn match_prints_a_summary_and_sprt() {
    arbiter()
        .args([
            "match", "void", "--a", "level=2", "--b", "random", "-n", "6", "--sprt", "0,200",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("A = level=2 (alphabeta:depth=2), B = random"))
        .stdout(predicate::str::contains("Elo difference A - B"))
        .stdout(predicate::str::contains("SPRT elo0=0 elo1=200"));
}

#[test]
fn match_rejects_bad_specs_and_flags() {
    for (args, needle) in [
        (vec!["--a", "minimax", "--b", "random"], "unknown agent 'minimax'"),
        (vec!["--a", "mcts:time=5", "--b", "random"], "needs a unit"),
        (vec!["--a", "level=9", "--b", "random"], "level must be 1 to 6"),
        (
            vec!["--a", "random", "--b", "random", "--sprt", "50,0"],
            "must be below",
        ),
        (
            vec!["--a", "random", "--b", "random", "--games", "0"],
            "--games must be at least 1",
        ),
        (
            vec!["--a", "random", "--b", "random", "--concurrency", "0"],
            "--concurrency",
        ),
    ] {
        arbiter()
            .arg("match")
            .arg("void")
            .args(&args)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(needle));
    }
}

#[test]
fn analyze_prints_reports_and_the_best_move() {
    arbiter()
        .args([
            "analyze",
            "void",
            "--position",
            "12b5/18/16f1/18/1F16 b 0",
            "--time",
            "200ms",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("best move "))
        .stdout(predicate::str::contains("win in 1"));
    let out = arbiter()
        .args(["analyze", "attraction", "--agent", "mcts:iterations=500", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert!(last["best"].is_string());
    assert_eq!(last["info"]["nodes"], 500);
    arbiter()
        .args(["analyze", "void", "--time", "soon"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--time"));
}

#[test]
fn analyze_game_marks_the_moves_of_a_record_and_refuses_what_is_not_one() {
    let dir = tempfile::tempdir().unwrap();
    let record = common::short_record(dir.path());
    let text = arbiter()
        .args(["analyze-game", "--nodes", "500"])
        .arg(&record)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(text.starts_with("villawar size=6"), "{text}");
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains(" analysed by alphabeta:nodes=500"),
        "{text}"
    );
    assert!(text.contains("average loss"), "{text}");
    let json = common::json_stdout(
        arbiter()
            .args(["analyze-game", "--nodes", "500", "--json"])
            .arg(&record),
    );
    let played: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(
        json["moves"].as_array().unwrap().len(),
        played["moves"].as_array().unwrap().len()
    );
    // One line per move in the text, as many as the JSON's moves.
    let lines = text.lines().filter(|l| {
        l.trim_start()
            .split('.')
            .next()
            .is_some_and(|n| n.parse::<usize>().is_ok())
    });
    assert_eq!(lines.count(), json["moves"].as_array().unwrap().len());
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "{\"game\": \"void\"}").unwrap();
    refuses(&["analyze-game"], &junk, "is not a game record");
    refuses(&["analyze-game", "--nodes", "0"], &record, "--nodes must be at least 1");
}

#[test]
fn play_against_a_level_shows_its_thinking() {
    arbiter()
        .args([
            "play",
            "attraction:plies=6",
            "--violet",
            "level=2",
            "--red",
            "level=1",
            "--think",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("violet (level=2) plays"))
        .stdout(predicate::str::contains("nodes"))
        .stdout(predicate::str::contains("Draw: the 6-ply limit was reached."));
    arbiter()
        .args(["play", "void", "--white", "level=12"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("level must be 1 to 6"));
}

#[test]
fn bench_reports_search_speeds() {
    let value = common::json_stdout(arbiter().args(["bench", "attraction", "--seconds", "0.2", "--json"]));
    assert!(value[0]["mcts_iterations_per_second"].as_f64().unwrap() > 0.0);
    assert!(value[0]["alphabeta_nodes_per_second"].as_f64().unwrap() > 0.0);
    // A game with a built-in net (today every game has one) is also searched with it.
    assert!(value[0]["alphabeta_net_nodes_per_second"].as_f64().unwrap() > 0.0);
    assert!(value[0]["alphabeta_net_depth"].as_u64().unwrap() >= 1);
    let value = common::json_stdout(arbiter().args(["bench", "krux", "--seconds", "0.2", "--json"]));
    assert!(
        value[0]["alphabeta_net_nodes_per_second"].as_f64().unwrap() > 0.0,
        "Krux's net is searched too"
    );
}

#[test]
fn bench_signature_is_the_same_every_time() {
    let total = || {
        let out = arbiter()
            .args(["bench", "attraction", "--signature", "--json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(value["games"][0]["game"], "attraction");
        assert_eq!(value["games"][0]["positions"], 4);
        value["nodes"].as_u64().unwrap()
    };
    let first = total();
    assert!(first > 1000, "a real search: {first} nodes");
    assert_eq!(first, total(), "the signature does not depend on the run");
    arbiter()
        .args(["bench", "chess", "--signature"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("the signature covers void"));
}

#[test]
fn puzzles_come_from_self_play_and_records_and_bad_settings_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let small = [
        "--scan-nodes",
        "2000",
        "--screen-nodes",
        "300",
        "--verify-nodes",
        "5000",
        "--threads",
        "1",
    ];
    let out = dir.path().join("set.jsonl");
    let report_path = dir.path().join("report.json");
    // Self-play of A against level 2, the set and its report written to files.
    let make = |games: &str, count: &str, a: &str| {
        let mut command = arbiter();
        command
            .args([
                "puzzles",
                "attraction",
                "--games",
                games,
                "--count",
                count,
                "--a",
                a,
                "--b",
                "level=2",
            ])
            .args(small)
            .arg("--out")
            .arg(&out)
            .arg("--report")
            .arg(&report_path);
        command
    };
    make("4", "1", "level=1")
        .assert()
        .success()
        .stderr(predicate::str::contains("puzzles from"));
    let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report_path).unwrap()).unwrap();
    let first_line = std::fs::read_to_string(&out).unwrap();
    let puzzles: Vec<serde_json::Value> = first_line.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(report["accepted"].as_u64(), Some(puzzles.len() as u64));
    assert_eq!(puzzles.len(), 1, "{report}");
    assert_eq!(puzzles[0]["game"], "attraction");
    assert!(puzzles[0]["solution"].as_array().unwrap().len() % 2 == 1);
    // Going on from that set: the first puzzle kept, more games played for the new count.
    let go_on = |count: &str, a: &str| {
        let mut command = make("8", count, a);
        command.arg("--resume");
        command
    };
    go_on("3", "level=1").assert().success();
    let resumed: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report_path).unwrap()).unwrap();
    let lines = std::fs::read_to_string(&out).unwrap();
    let more: Vec<serde_json::Value> = lines.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(more[0], puzzles[0]);
    assert_eq!(
        lines.lines().next(),
        first_line.lines().next(),
        "the kept puzzle written back byte for byte"
    );
    assert_eq!(resumed["accepted"].as_u64(), Some(more.len() as u64));
    assert!(resumed["games"].as_u64() > report["games"].as_u64(), "{resumed}");
    go_on("4", "level=2")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the earlier set was made with another source"));
    std::fs::write(&report_path, "{").unwrap();
    go_on("4", "level=1")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("is not a puzzle generation report"));
    std::fs::remove_file(&report_path).unwrap();
    go_on("4", "level=1")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--resume needs both"));
    arbiter()
        .args(["puzzles", "attraction", "--resume", "--out"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--resume needs --out and --report"));
    // The same from a record: a game played by `match`, read back with --from.
    arbiter()
        .args([
            "match",
            "attraction",
            "--a",
            "level=1",
            "--b",
            "level=2",
            "-n",
            "2",
            "--records",
        ])
        .arg(dir.path().join("records"))
        .assert()
        .success();
    let stdout = arbiter()
        .args(["puzzles", "attraction", "--json", "--from"])
        .arg(dir.path().join("records"))
        .args(small)
        .assert()
        .success()
        .get_output()
        .clone();
    // The puzzles on standard output (no --out), the report as JSON on standard error.
    let json: serde_json::Value = serde_json::from_slice(&stdout.stderr).unwrap();
    let found = String::from_utf8(stdout.stdout).unwrap();
    assert_eq!(found.lines().count() as u64, json["accepted"].as_u64().unwrap());
    assert_eq!(json["games"], 2, "{json}");
    assert_eq!(json["source"], "2 recorded games");
    for (args, message) in [
        (
            vec!["puzzles", "attraction", "--count", "0"],
            "--count and --max-moves must be at least 1",
        ),
        (
            vec!["puzzles", "attraction", "--verify-nodes", "0"],
            "--verify-nodes must be at least 1",
        ),
        (vec!["puzzles", "chess"], "unknown game"),
        (vec!["puzzles", "void", "--a", "nonsense"], "bad agent spec"),
    ] {
        arbiter()
            .args(&args)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(message));
    }
    arbiter()
        .args(["puzzles", "void", "--from"])
        .arg(dir.path().join("records"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("is a game of attraction, not void"));
}

#[test]
fn puzzle_difficulty_rates_a_set_by_the_levels_attempts() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set.jsonl");
    arbiter()
        .args([
            "puzzles",
            "attraction",
            "--games",
            "6",
            "--count",
            "2",
            "--a",
            "level=1",
            "--b",
            "level=2",
        ])
        .args([
            "--scan-nodes",
            "2000",
            "--screen-nodes",
            "300",
            "--verify-nodes",
            "5000",
            "--threads",
            "1",
        ])
        .arg("--out")
        .arg(&set)
        .assert()
        .success();
    let report = common::json_stdout(
        arbiter()
            .args(["puzzle-difficulty", "--move-time", "20ms", "--json"])
            .arg(&set),
    );
    let solvers = report["solvers"].as_array().unwrap();
    assert_eq!(solvers.len(), 6, "{report}");
    let puzzles = report["puzzles"].as_u64().unwrap();
    assert!(puzzles >= 1, "{report}");
    for s in solvers {
        assert_eq!(s["attempts"].as_u64(), Some(puzzles), "{s}");
        assert!(s["solved"].as_u64().unwrap() <= puzzles);
    }
    assert_eq!(report["ratings"].as_array().unwrap().len() as u64, puzzles);
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    refuses(&["puzzle-difficulty"], &empty, "holds no puzzle");
    refuses(
        &["puzzle-difficulty", "--rounds", "0"],
        &set,
        "--rounds must be at least 1",
    );
}
