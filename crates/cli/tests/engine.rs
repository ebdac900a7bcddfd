//! `arbiter engine` end to end: the protocol conversation for every registered game, input that
//! must not kill it, and `arbiter match` between external engines, broken ones included.
//!
//! Timeouts here only guard against hangs; nothing asserts how fast anything is.

use arbiter_core::{DynSession, Ending, Outcome, Player};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");

/// A hang guard, far above anything a busy machine needs.
const PATIENCE: Duration = Duration::from_secs(120);

/// An `arbiter engine` process under test.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
}

impl Engine {
    fn start(game: &str) -> Engine {
        let mut child = Command::new(BIN)
            .args(["engine", game])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the arbiter binary starts");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn next(&mut self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("the engine answers (hang guard)")
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self.next();
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Sends `isready` and returns every line before `readyok`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// The answer to a `query`.
    fn query(&mut self, what: &str) -> String {
        self.send(&format!("query {what}"));
        let line = self.until("response").pop().unwrap();
        line["response".len()..].trim().to_string()
    }

    /// Sends a `go`, returns the move of its `bestmove` and the `info` lines before it.
    fn go(&mut self, command: &str) -> (String, Vec<String>) {
        self.send(command);
        let mut lines = self.until("bestmove");
        let best = lines.pop().unwrap()["bestmove".len()..].trim().to_string();
        (best, lines)
    }

    /// `quit`, and the engine ends well.
    fn quit(mut self) {
        self.send("quit");
        self.wait_success();
    }

    /// Closes the input, and the engine ends well.
    fn close(mut self) {
        self.stdin = None;
        self.wait_success();
    }

    fn wait_success(&mut self) {
        for _ in 0..(PATIENCE.as_millis() / 20) {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the engine did not end (hang guard)");
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn games() -> Vec<&'static str> {
    arbiter_games::registry().names()
}

fn session(game: &str) -> Box<dyn DynSession> {
    arbiter_games::registry()
        .get(game)
        .unwrap()
        .new_session("", None)
        .unwrap()
}

/// The game after `moves` from the start, as the test sees it.
fn after(game: &str, moves: &[String]) -> Box<dyn DynSession> {
    let mut s = session(game);
    for mv in moves {
        s.play(mv).unwrap();
    }
    s
}

fn is_legal(game: &str, moves: &[String], best: &str) -> bool {
    after(game, moves).play(best).is_ok()
}

#[test]
fn the_handshake_names_the_game_and_its_options() {
    for game in games() {
        let mut engine = Engine::start(game);
        engine.send("ugi");
        let lines = engine.until("ugiok");
        assert!(
            lines[0].starts_with("id name Arbiter") && lines[0].contains(game),
            "{lines:?}"
        );
        assert!(lines.iter().any(|l| l.starts_with("id author")), "{lines:?}");
        for option in ["Threads", "Hash", "Level"] {
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with(&format!("option name {option} type spin"))),
                "{game} {option}: {lines:?}"
            );
        }
        let keys = arbiter_games::registry().get(game).unwrap().option_keys();
        for key in keys {
            assert!(
                lines.iter().any(|l| l.starts_with(&format!("option name {key} type "))),
                "{game} {key}: {lines:?}"
            );
        }
        assert!(engine.sync().is_empty());
        engine.quit();
    }
    // UCI's words work too.
    let mut engine = Engine::start("void");
    engine.send("uci");
    engine.until("uciok");
    engine.send("ucinewgame");
    assert!(engine.sync().is_empty());
    engine.quit();
}

#[test]
fn positions_and_searches_give_legal_moves_in_every_game() {
    for game in games() {
        let mut engine = Engine::start(game);
        engine.send("ugi");
        engine.until("ugiok");
        engine.send("uginewgame");
        let start = session(game);
        assert_eq!(engine.query("fen"), start.position(), "{game}");
        assert_eq!(engine.query("moves"), start.legal_moves().join(" "), "{game}");
        // Two plies in, from the start and from the position string.
        let mut moves = Vec::new();
        let mut s = session(game);
        for seed in 0..2 {
            let mv = s.random_move(seed).unwrap();
            s.play(&mv).unwrap();
            moves.push(mv);
        }
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        assert_eq!(engine.query("fen"), s.position(), "{game}");
        engine.send(&format!("position fen {} moves {}", start.position(), moves.join(" ")));
        assert_eq!(engine.query("fen"), s.position(), "{game}");
        assert_eq!(engine.query("p1turn"), (s.to_move() == Player::First).to_string());
        for go in [
            "go depth 2",
            "go nodes 200",
            "go movetime 100",
            "go wtime 3000 btime 3000 winc 100 binc 100",
            "go p1time 2000 p2time 2000",
        ] {
            let (best, infos) = engine.go(go);
            assert!(is_legal(game, &moves, &best), "{game} {go}: {best}");
            assert!(
                infos
                    .iter()
                    .any(|l| l.starts_with("info depth ") && l.contains(" nodes ")),
                "{game} {go}: {infos:?}"
            );
        }
        // Every level plays.
        for level in 1..=6 {
            engine.send(&format!("setoption name Level value {level}"));
            let (best, _) = engine.go("go movetime 50");
            assert!(is_legal(game, &moves, &best), "{game} level {level}: {best}");
        }
        engine.send("setoption name Hash value 4");
        let (best, _) = engine.go("go depth 1");
        assert!(is_legal(game, &moves, &best), "{game}: {best}");
        assert!(engine.sync().is_empty(), "{game}");
        engine.quit();
    }
}

#[test]
fn threads_are_offered_and_a_parallel_search_gives_a_best_move() {
    let mut engine = Engine::start("void");
    engine.send("ugi");
    let lines = engine.until("ugiok");
    assert!(
        lines.contains(&"option name Threads type spin default 1 min 1 max 256".to_string()),
        "{lines:?}"
    );
    engine.send("setoption name Threads value 2");
    assert!(engine.sync().is_empty());
    engine.send("position startpos");
    let (best, infos) = engine.go("go depth 4");
    assert!(is_legal("void", &[], &best), "{best}");
    assert!(infos.iter().any(|l| l.starts_with("info depth 4 ")), "{infos:?}");
    for bad in ["0", "257", "two"] {
        engine.send(&format!("setoption name Threads value {bad}"));
        assert_eq!(
            engine.sync(),
            [format!(
                "info string error: Threads must be a whole number from 1 to 256, not '{bad}'"
            )]
        );
    }
    // The refused values changed nothing: two threads still search.
    let (best, _) = engine.go("go depth 2");
    assert!(is_legal("void", &[], &best), "{best}");
    engine.quit();
}

#[test]
fn go_infinite_thinks_until_stop_and_answers_meanwhile() {
    for game in games() {
        let mut engine = Engine::start(game);
        engine.send("position startpos");
        engine.send("go infinite");
        // Answered while it thinks; no bestmove before stop.
        let meanwhile = engine.sync();
        assert!(meanwhile.iter().all(|l| l.starts_with("info ")), "{meanwhile:?}");
        assert!(
            meanwhile.iter().all(|l| !l.starts_with("info string error")),
            "{meanwhile:?}"
        );
        engine.send("position startpos");
        let refused = engine.sync();
        assert!(
            refused
                .iter()
                .any(|l| l.contains("error") && l.contains("send stop first")),
            "{refused:?}"
        );
        assert_eq!(engine.query("gameover"), "false");
        engine.send("stop");
        let lines = engine.until("bestmove");
        let best = lines.last().unwrap()["bestmove".len()..].trim().to_string();
        assert!(is_legal(game, &[], &best), "{game}: {best}");
        // A stop with nothing to stop is harmless.
        engine.send("stop");
        assert!(engine.sync().is_empty());
        // Quit during a search ends the engine.
        engine.send("go infinite");
        engine.quit();
    }
}

#[test]
fn queries_follow_the_game_to_its_end() {
    for game in games() {
        // A random game to its end (a board result, or the ply limit set through the option).
        let mut s = arbiter_games::registry()
            .get(game)
            .unwrap()
            .new_session("plies=300", None)
            .unwrap();
        let mut moves = Vec::new();
        let mut seed = 0;
        while s.ending().is_none() {
            let mv = s.random_move(seed).unwrap();
            seed += 1;
            s.play(&mv).unwrap();
            moves.push(mv);
        }
        let mut engine = Engine::start(game);
        engine.send("setoption name plies value 300");
        assert_eq!(engine.query("result"), "none");
        assert_eq!(engine.query("gameover"), "false");
        assert_eq!(engine.query("p1turn"), "true");
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        assert_eq!(engine.query("fen"), s.position(), "{game}");
        assert_eq!(engine.query("gameover"), "true", "{game}");
        assert_eq!(engine.query("p1turn"), "false", "{game}");
        let expected = match s.ending().unwrap() {
            Ending {
                outcome: Outcome::Win(Player::First),
                ..
            } => "p1win",
            Ending {
                outcome: Outcome::Win(Player::Second),
                ..
            } => "p2win",
            _ => "draw",
        };
        assert_eq!(engine.query("result"), expected, "{game}");
        assert_eq!(engine.query("moves"), "", "{game}");
        // Nothing to find: an error and no move.
        engine.send("go depth 1");
        let lines = engine.until("bestmove");
        assert_eq!(lines.last().unwrap(), "bestmove (none)");
        assert!(lines.iter().any(|l| l.starts_with("info string error")), "{lines:?}");
        // One ply before the end, the last move is legal again.
        engine.send(&format!(
            "position startpos moves {}",
            moves[..moves.len() - 1].join(" ")
        ));
        assert_eq!(engine.query("gameover"), "false", "{game}");
        engine.close();
    }
}

#[test]
fn game_options_are_set_and_checked() {
    let mut engine = Engine::start("villawar");
    engine.send("ugi");
    let lines = engine.until("ugiok");
    assert!(
        lines.contains(&"option name size type combo default 8 var 6 var 8 var 10".to_string()),
        "{lines:?}"
    );
    engine.send("setoption name size value 10");
    assert!(engine.sync().is_empty());
    let ten = arbiter_games::registry()
        .get("villawar")
        .unwrap()
        .start_position("size=10")
        .unwrap();
    assert_eq!(engine.query("fen"), ten);
    engine.send("setoption name size value 7");
    let refused = engine.sync();
    assert!(
        refused.len() == 1 && refused[0].starts_with("info string error: bad options:"),
        "{refused:?}"
    );
    assert_eq!(engine.query("fen"), ten, "a refused option changes nothing");
    // Options given on the command line are the defaults offered.
    let mut engine = Engine::start("villawar:size=6,repetition=off");
    engine.send("ugi");
    let lines = engine.until("ugiok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name size type combo default 6 ")),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"option name repetition type check default false".to_string()),
        "{lines:?}"
    );
    engine.send("setoption name size value <empty>");
    engine.send("setoption name plies value 2");
    let mut s = session("villawar");
    let mut moves = Vec::new();
    for seed in 0..2 {
        let mv = s.random_move(seed).unwrap();
        s.play(&mv).unwrap();
        moves.push(mv);
    }
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    assert_eq!(engine.query("result"), "draw", "the 2-ply limit");
    engine.send("setoption name plies value 0");
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    assert_eq!(engine.query("result"), "none");
    assert!(engine.sync().is_empty());
    engine.quit();
}

#[test]
fn krux_turns_are_taken_in_any_legal_token_order() {
    let mut engine = Engine::start("krux");
    engine.send("position startpos moves @b");
    let canonical = engine.query("fen");
    engine.send("position startpos moves @b,a2,a1");
    assert_eq!(engine.query("fen"), canonical);
    engine.send("position startpos moves @b,a3");
    let lines = engine.sync();
    assert!(
        lines.len() == 1 && lines[0].starts_with("info string error: move 1 of the list: bad move '@b,a3'"),
        "{lines:?}"
    );
    assert_eq!(
        engine.query("fen"),
        canonical,
        "a bad move leaves the previous position"
    );
    engine.quit();
}

#[test]
fn malformed_lines_are_answered_and_ignored() {
    let mut engine = Engine::start("void");
    let start = session("void");
    let first = start.legal_moves()[0].clone();
    engine.send(&format!("position startpos moves {first}"));
    let position = engine.query("fen");
    for line in [
        "hello",
        "position",
        "position fen",
        "position fen not a position",
        "position startpos now",
        &format!("position startpos moves {first} {first}"),
        "position startpos moves zz",
        "go depth",
        "go depth 0",
        "go depth x",
        "go nodes -4",
        "go movetime soon",
        "go wibble 3",
        "go ponder",
        "setoption",
        "setoption name",
        "setoption name Level",
        "setoption name Level value 0",
        "setoption name Level value 7",
        "setoption name Level value high",
        "setoption name Hash value 0",
        "setoption name Hash value 99999",
        "setoption name Threads value 0",
        "setoption name Threads value 257",
        "setoption name Colour value blue",
        "setoption name plies value -1",
        "setoption name repetition value maybe",
        "setoption name repetition value on,plies=3",
        "query",
        "query everything",
    ] {
        engine.send(line);
        let lines = engine.sync();
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string error: "),
            "{line}: {lines:?}"
        );
        assert_eq!(engine.query("fen"), position, "{line}: the position is kept");
    }
    // Blank lines and surrounding blanks are fine.
    engine.send("");
    engine.send("   ");
    engine.send("  query   gameover  ");
    assert_eq!(engine.until("response"), ["response false"]);
    let (best, _) = engine.go("go depth 1");
    assert!(is_legal("void", std::slice::from_ref(&first), &best));
    engine.quit();
}

#[test]
fn garbage_and_binary_input_never_kill_it() {
    let mut engine = Engine::start("krux");
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut bytes = Vec::new();
    for _ in 0..200_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        bytes.push((state >> 24) as u8);
    }
    engine.send_bytes(&bytes);
    engine.send_bytes(b"\n\0\0\xff\xfe\r\n\r\rgo \xc3\x28 depth\n");
    // A line of 3 MB: refused in one short line.
    engine.send_bytes(&vec![b'g'; 3 << 20]);
    engine.send_bytes(b"\n");
    let lines = engine.sync();
    assert!(lines.iter().all(|l| l.starts_with("info string error: ")), "{lines:?}");
    assert!(lines.iter().all(|l| l.len() < 400), "answers stay short");
    assert!(lines.iter().any(|l| l.contains("line too long")));
    // Half a command, then the rest.
    engine.send_bytes(b"query game");
    engine.send_bytes(b"over\n");
    assert_eq!(engine.query("gameover"), "false");
    let (best, _) = engine.go("go nodes 100");
    assert!(is_legal("krux", &[], &best));
    // The end of the input is a quit.
    engine.close();
}

#[test]
fn piped_commands_get_their_answers_before_the_engine_ends() {
    let mut child = Command::new(BIN)
        .args(["engine", "void"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"position startpos\ngo depth 3\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")), "{text}");
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(is_legal("void", &[], best), "{text}");
}

#[test]
fn a_bad_game_is_a_one_line_error() {
    let out = Command::new(BIN).args(["engine", "chess"]).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: unknown game 'chess'"), "{err}");
}

fn run_match(args: &[&str]) -> serde_json::Value {
    let out = Command::new(BIN)
        .arg("match")
        .args(args)
        .arg("--json")
        .stderr(Stdio::inherit())
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_match_between_two_engine_processes_finishes_with_a_tally() {
    let a = format!("engine:'{BIN}' engine void,time=40ms");
    let b = format!("engine:'{BIN}' engine void,Level=1");
    let summary = run_match(&["void", "--a", &a, "--b", &b, "-n", "2", "--max-plies", "30"]);
    let tally = &summary["tally"];
    let played = ["wins", "draws", "losses"]
        .iter()
        .map(|k| tally[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(played, 2, "{summary}");
    for game in summary["games"].as_array().unwrap() {
        assert!(game.get("forfeit").is_none(), "{game}");
        assert!(game["plies"].as_u64().unwrap() > 0);
    }
    // Engines meet built-in agents too, in any game.
    for game in games() {
        let a = format!("engine:'{BIN}' engine {game},depth=1");
        let summary = run_match(&[game, "--a", &a, "--b", "level=1", "-n", "2", "--max-plies", "12"]);
        assert_eq!(summary["games"].as_array().unwrap().len(), 2, "{game}");
        for game in summary["games"].as_array().unwrap() {
            assert!(game.get("forfeit").is_none(), "{game}");
        }
    }
}

/// A broken engine for `sh`: it answers the handshake, then on `go` does what its argument says.
#[cfg(unix)]
const BROKEN: &str = r#"
mode="$1"
while read -r line; do
  case "$line" in
    ugi) echo "id name broken $mode"; echo ugiok ;;
    isready) echo readyok ;;
    go*)
      case "$mode" in
        exit) echo "it hurts" >&2; exit 3 ;;
        silent) ;;
        illegal) echo "bestmove nonsense" ;;
        none) echo "bestmove (none)" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
"#;

#[cfg(unix)]
#[test]
fn a_broken_engine_loses_each_game_with_the_reason_and_the_match_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("broken.sh");
    std::fs::write(&script, BROKEN).unwrap();
    for (mode, reason) in [
        ("exit", "the engine closed its output; it exited"),
        ("silent", "no bestmove within"),
        ("illegal", "it played an illegal move: bad move 'nonsense'"),
        ("none", "no move"),
    ] {
        let a = format!("engine:sh '{}' {mode},time=100ms", script.display());
        // A folder per match: one that holds a match is only ever resumed.
        let records = dir.path().join(format!("records-{mode}"));
        let summary = run_match(&[
            "void",
            "--a",
            &a,
            "--b",
            "level=1",
            "-n",
            "2",
            "--records",
            records.to_str().unwrap(),
        ]);
        assert_eq!(summary["tally"]["losses"], 2, "{mode}: {summary}");
        for (i, game) in summary["games"].as_array().unwrap().iter().enumerate() {
            let forfeit = game["forfeit"].as_str().unwrap_or_else(|| panic!("{mode}: {game}"));
            assert!(
                forfeit.contains("(A) forfeits") && forfeit.contains(reason),
                "{mode}: {forfeit}"
            );
            assert_eq!(game["reason"], "resignation");
            assert_eq!(game["record"]["result"]["text"], forfeit);
            let saved = std::fs::read_to_string(records.join(format!("game-{:04}.json", i + 1))).unwrap();
            assert!(saved.contains(reason), "{mode}: {saved}");
        }
        if mode == "exit" {
            let text = summary["games"][0]["forfeit"].as_str().unwrap();
            assert!(text.contains("it hurts"), "the engine's last words: {text}");
        }
    }
    // The summary for people lists the forfeits.
    let out = Command::new(BIN)
        .args(["match", "void", "--b", "level=1", "-n", "1", "--a"])
        .arg(format!("engine:sh '{}' illegal", script.display()))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("game 1: black (A) forfeits:"), "{text}");
    // A program that cannot be started loses the same way.
    let summary = run_match(&["void", "--a", "engine:/nonexistent/engine", "--b", "random", "-n", "1"]);
    let forfeit = summary["games"][0]["forfeit"].as_str().unwrap();
    assert!(forfeit.contains("cannot start"), "{forfeit}");
}

/// The swap rule through the engine protocol: an on/off option, `swap` a move of the position
/// command, and the engine's answer to a first move may be the swap.
#[test]
fn the_swap_rule_is_an_option_and_swap_a_move() {
    let mut engine = Engine::start("void");
    engine.send("ugi");
    let lines = engine.until("ugiok");
    assert!(
        lines.contains(&"option name swap type check default false".to_string()),
        "{lines:?}"
    );
    engine.send("setoption name swap value true");
    assert!(engine.sync().is_empty());
    let registry = arbiter_games::registry();
    let void = registry.get("void").unwrap();
    assert_eq!(engine.query("fen"), void.start_position("swap=on").unwrap());
    let mut s = void.new_session("swap=on", None).unwrap();
    let first = s.legal_moves()[0].clone();
    s.play(&first).unwrap();
    engine.send(&format!("position startpos moves {first}"));
    let (best, _) = engine.go("go depth 2");
    assert!(s.legal_moves().contains(&best), "{best}");
    engine.send(&format!("position startpos moves {first} swap"));
    s.play("swap").unwrap();
    assert_eq!(engine.query("fen"), s.position());
    let (best, _) = engine.go("go depth 2");
    assert!(s.legal_moves().contains(&best) && best != "swap", "{best}");
    engine.quit();
}
