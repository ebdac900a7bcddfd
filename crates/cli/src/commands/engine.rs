//! `arbiter engine GAME`: the engine protocol on standard input and output, for any registered
//! game (described in `docs/engine-protocol.md`).
//!
//! The main thread reads commands; a search runs on a worker thread with the AI's stop flag, so
//! that `isready`, `stop` and `quit` are answered while it thinks. Nothing sent to the engine can
//! end it except `quit` or the end of its input: a bad line is answered with
//! `info string error: …` and otherwise ignored.

use crate::spec::{engines, registry};
use arbiter_ai::protocol::{bestmove_line, info_line, read_line, Go, Line};
use arbiter_ai::Threads;
use arbiter_ai::{levels, AgentKind, AgentSpec, DynAgent, Limits};
use arbiter_core::{quote, DynGameType, DynSession, Ending, Outcome, Player};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::Duration;

/// `arbiter engine <game>`
#[derive(clap::Args)]
pub struct Args {
    /// The game, optionally with options: void, krux, attraction, villawar, villawar:size=10.
    /// Options may also be set later with `setoption`.
    game: String,
}

/// The longest line read; the rest of a longer one is skipped and the line refused.
const MAX_LINE: usize = 1 << 20;

/// The default transposition table size of alpha-beta in MB (`Hash`).
const DEFAULT_HASH_MB: usize = 16;

/// The largest `Hash` in MB (the agent spec's own bound).
const MAX_HASH_MB: usize = 1024;

/// The largest `plies` option offered (0 means no limit).
const MAX_PLIES: u32 = 1_000_000;

/// How long `go infinite` may think: until `stop`, in practice.
const INFINITE: Duration = Duration::from_secs(30 * 24 * 3600);

/// Writes one line to standard output and flushes it; a reader that went away ends the engine,
/// since nobody is left to answer.
fn say(text: &str) {
    let mut out = io::stdout().lock();
    if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// Answers a bad command; the engine goes on as if the line had not been sent.
fn complain(message: &str) {
    say(&format!("info string error: {message}"));
}

/// Runs the protocol until `quit` or the end of standard input.
pub fn run(args: Args) -> Result<(), String> {
    let (game, options) = registry().parse_spec(&args.game).map_err(|e| e.to_string())?;
    let mut engine = Engine::new(game, options)?;
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut buffer = Vec::new();
    loop {
        match read_line(&mut input, &mut buffer, MAX_LINE) {
            Ok(Line::Text) => {}
            Ok(Line::TooLong) => {
                complain(&format!("line too long (more than {MAX_LINE} bytes): ignored"));
                continue;
            }
            Ok(Line::End) | Err(_) => {
                // Piped commands end with the input: a search under way gives its answer
                // (`go infinite` is stopped), then the engine exits.
                engine.finish_bounded_search();
                break;
            }
        }
        let text = String::from_utf8_lossy(&buffer);
        if engine.handle(&text) == Flow::Quit {
            break;
        }
    }
    engine.finish_search();
    Ok(())
}

/// Whether to read on.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// A search under way on its worker thread.
struct Search {
    /// Set to end the search.
    stop: Arc<AtomicBool>,
    /// A `go infinite`, which only `stop` ends.
    infinite: bool,
    /// Lets a `go infinite` that finished early give its answer (sent on `stop`).
    release: mpsc::Sender<()>,
    /// Gives the agent back (to keep its table or tree for the next move) just before the
    /// `bestmove` line, so that a command sent after that line never finds the search running.
    /// (`None` after a search that failed badly: its agent is not kept).
    done: mpsc::Receiver<Option<(AgentSpec, Box<dyn DynAgent>)>>,
    worker: JoinHandle<()>,
}

/// The engine's state between commands.
struct Engine {
    game: &'static dyn DynGameType,
    /// The game options as `key=value` pairs, in the order first set.
    options: Vec<(String, String)>,
    session: Box<dyn DynSession>,
    level: u8,
    hash_mb: usize,
    /// Threads of a level's search (`Threads`): Lazy SMP for alpha-beta, one shared tree for MCTS.
    threads: Threads,
    /// The agent of the last search with its spec, kept while the spec stays the same.
    agent: Option<(AgentSpec, Box<dyn DynAgent>)>,
    search: Option<Search>,
}

impl Engine {
    fn new(game: &'static dyn DynGameType, options: &str) -> Result<Engine, String> {
        let options: Vec<(String, String)> = options
            .split(',')
            .filter_map(|part| part.split_once('='))
            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
            .collect();
        let text = join_options(&options);
        let session = game.new_session(&text, None).map_err(|e| e.to_string())?;
        Ok(Engine {
            game,
            options,
            session,
            level: levels::LEVELS,
            hash_mb: DEFAULT_HASH_MB,
            threads: Threads::ONE,
            agent: None,
            search: None,
        })
    }

    fn options_text(&self) -> String {
        join_options(&self.options)
    }

    /// Answers one line.
    fn handle(&mut self, line: &str) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return Flow::Continue;
        };
        self.reap();
        match command {
            "ugi" | "uci" => self.hello(if command == "ugi" { "ugiok" } else { "uciok" }),
            "isready" => say("readyok"),
            "quit" => return Flow::Quit,
            "stop" => self.finish_search(),
            "query" => self.query(rest),
            "setoption" | "uginewgame" | "ucinewgame" | "position" | "go" if self.search.is_some() => {
                complain(&format!("'{command}' while a search is running: send stop first"))
            }
            "setoption" => self.set_option(rest),
            "uginewgame" | "ucinewgame" => self.new_game(),
            "position" => self.position(rest),
            "go" => self.go(rest),
            _ => complain(&format!("unknown command '{}'", quote(command))),
        }
        Flow::Continue
    }

    /// Collects a search that has given its answer (a `go infinite` waits for `stop`).
    fn reap(&mut self) {
        let Some(search) = self.search.as_ref() else {
            return;
        };
        match search.done.try_recv() {
            Ok(kept) => self.agent = kept,
            Err(mpsc::TryRecvError::Empty) => return,
            Err(mpsc::TryRecvError::Disconnected) => {}
        }
        if let Some(search) = self.search.take() {
            let _ = search.worker.join();
        }
    }

    /// Waits for the search under way, if any, to end by its limits (a `go infinite` is stopped).
    fn finish_bounded_search(&mut self) {
        if let Some(search) = self.search.take() {
            if !search.infinite {
                if let Ok(kept) = search.done.recv() {
                    self.agent = kept;
                }
            }
            self.search = Some(search);
        }
        self.finish_search();
    }

    /// Stops the search under way, if any, and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop.store(true, Ordering::Relaxed);
            let _ = search.release.send(());
            if let Ok(kept) = search.done.recv() {
                self.agent = kept;
            }
            let _ = search.worker.join();
        }
    }

    /// `ugi`: who we are and the options, then `ugiok`.
    fn hello(&self, ok: &str) {
        say(&format!(
            "id name Arbiter {} ({})",
            env!("CARGO_PKG_VERSION"),
            self.game.name()
        ));
        say("id author the Arbiter authors");
        say(&format!(
            "option name Threads type spin default {} min 1 max {}",
            Threads::ONE,
            Threads::MAX
        ));
        say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        say(&format!(
            "option name Level type spin default {} min 1 max {}",
            levels::LEVELS,
            levels::LEVELS
        ));
        for key in self.game.option_keys() {
            say(&self.declare(key));
        }
        say(ok);
    }

    /// The `option` line of a game option, with its current value as the default.
    fn declare(&self, key: &str) -> String {
        let current = self.options.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        match key {
            // On/off rules: repetition is on by default, the swap rule off.
            "repetition" | "swap" => {
                let on = current.map_or(key == "repetition", |v| matches!(v, "on" | "true" | "yes" | "1"));
                format!("option name {key} type check default {on}")
            }
            "plies" => format!(
                "option name {key} type spin default {} min 0 max {MAX_PLIES}",
                current.unwrap_or("0")
            ),
            _ => match self.game.option_choices().iter().find(|(k, _)| *k == key) {
                Some((_, choices)) => {
                    let default = current
                        .map(str::to_string)
                        .or_else(|| self.default_choice(key, choices))
                        .unwrap_or_else(|| choices[0].to_string());
                    let vars: String = choices.iter().map(|c| format!(" var {c}")).collect();
                    format!("option name {key} type combo default {default}{vars}")
                }
                None => format!("option name {key} type string default {}", current.unwrap_or("<empty>")),
            },
        }
    }

    /// The choice of `key` that gives the same start as no option at all (the game's default).
    fn default_choice(&self, key: &str, choices: &[&str]) -> Option<String> {
        let plain = self.game.start_position("").ok()?;
        choices
            .iter()
            .find(|c| self.game.start_position(&format!("{key}={c}")).ok().as_ref() == Some(&plain))
            .map(|c| c.to_string())
    }

    /// `setoption name <name> value <value>`.
    fn set_option(&mut self, words: &[&str]) {
        let Some(("name", words)) = words.split_first().map(|(w, r)| (*w, r)) else {
            return complain("setoption needs: setoption name <name> value <value>");
        };
        let split = words.iter().position(|w| *w == "value");
        let (name, value) = match split {
            Some(i) => (words[..i].join(" "), Some(words[i + 1..].join(" "))),
            None => (words.join(" "), None),
        };
        if name.is_empty() {
            return complain("setoption needs an option name");
        }
        let Some(value) = value else {
            return complain(&format!("option '{}' needs a value", quote(&name)));
        };
        let lower = name.to_ascii_lowercase();
        let result = match lower.as_str() {
            "threads" => value
                .parse()
                .map(|threads| self.threads = threads)
                .map_err(|why| format!("Threads {why}")),
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.hash_mb = mb;
                    Ok(())
                }
                _ => Err(format!("Hash must be 1 to {MAX_HASH_MB} (MB), not '{}'", quote(&value))),
            },
            "level" => match value.parse::<u8>() {
                Ok(n) if (1..=levels::LEVELS).contains(&n) => {
                    self.level = n;
                    Ok(())
                }
                _ => Err(format!(
                    "Level must be 1 to {}, not '{}'",
                    levels::LEVELS,
                    quote(&value)
                )),
            },
            _ => match self.game.option_keys().into_iter().find(|k| *k == lower) {
                Some(key) => self.set_game_option(key, &value),
                None => Err(format!(
                    "unknown option '{}' (known: Threads, Hash, Level{})",
                    quote(&name),
                    self.game
                        .option_keys()
                        .iter()
                        .map(|k| format!(", {k}"))
                        .collect::<String>()
                )),
            },
        };
        match result {
            Ok(()) => self.agent = None,
            Err(message) => complain(&message),
        }
    }

    /// Sets a game option (an empty value, `<empty>`, or `0` for `plies`, returns it to its
    /// default), checks the whole set, and starts again from the start position.
    fn set_game_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        let value = value.trim();
        if value.contains([',', '=']) || value.split_whitespace().count() > 1 {
            return Err(format!("bad value '{}' for option {key}", quote(value)));
        }
        let value = match value {
            "true" if key == "repetition" => "on",
            "false" if key == "repetition" => "off",
            "0" if key == "plies" => "",
            "<empty>" => "",
            v => v,
        };
        let mut options: Vec<(String, String)> = self.options.iter().filter(|(k, _)| k != key).cloned().collect();
        if !value.is_empty() {
            options.push((key.to_string(), value.to_string()));
        }
        let text = join_options(&options);
        let session = self.game.new_session(&text, None).map_err(|e| e.to_string())?;
        self.options = options;
        self.session = session;
        Ok(())
    }

    /// `uginewgame`: the start position, and an agent that remembers nothing.
    fn new_game(&mut self) {
        if let Some((_, agent)) = self.agent.as_mut() {
            agent.new_game();
        }
        match self.game.new_session(&self.options_text(), None) {
            Ok(session) => self.session = session,
            Err(e) => complain(&e.to_string()),
        }
    }

    /// `position startpos|fen <position string> [moves …]`: all or nothing.
    fn position(&mut self, words: &[&str]) {
        let (start, moves) = match words.iter().position(|w| *w == "moves") {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let position = match start.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"startpos", extra)) => {
                return complain(&format!(
                    "unexpected '{}' after startpos (moves come after the word moves)",
                    quote(&extra.join(" "))
                ))
            }
            Some((&"fen", [])) => return complain("position fen needs a position string"),
            Some((&"fen", fen)) => Some(fen.join(" ")),
            _ => return complain("position needs: position startpos|fen <position string> [moves …]"),
        };
        let mut session = match self.game.new_session(&self.options_text(), position.as_deref()) {
            Ok(session) => session,
            Err(e) => return complain(&e.to_string()),
        };
        for (i, mv) in moves.iter().enumerate() {
            if let Err(e) = session.play(mv) {
                return complain(&format!("move {} of the list: {e}; the position is unchanged", i + 1));
            }
        }
        self.session = session;
    }

    /// `query gameover|p1turn|result|fen|moves`: one `response` line.
    fn query(&self, words: &[&str]) {
        let ending = self.session.ending();
        let answer = match words {
            ["gameover"] => ending.is_some().to_string(),
            ["p1turn"] => (ending.is_none() && self.session.to_move() == Player::First).to_string(),
            ["result"] => match ending {
                None => "none".to_string(),
                Some(Ending {
                    outcome: Outcome::Draw, ..
                }) => "draw".to_string(),
                Some(Ending {
                    outcome: Outcome::Win(Player::First),
                    ..
                }) => "p1win".to_string(),
                Some(Ending {
                    outcome: Outcome::Win(Player::Second),
                    ..
                }) => "p2win".to_string(),
            },
            ["fen"] => self.session.position(),
            ["moves"] => self.session.legal_moves().join(" "),
            _ => {
                return complain(&format!(
                    "query needs one of gameover, p1turn, result, fen, moves (not '{}')",
                    quote(&words.join(" "))
                ))
            }
        };
        say(&format!("response {answer}"));
    }

    /// `go …`: starts a search on a worker thread, which ends with `bestmove`.
    fn go(&mut self, words: &[&str]) {
        // `wtime` is White's time where the game has a White, else the first player's.
        let white = self.session.parse_player("white").unwrap_or(Player::First);
        let go = match Go::parse(words, white) {
            Ok(go) => go,
            Err(message) => return complain(&message),
        };
        if self.session.ending().is_some() {
            complain("the game is over: there is no move to find");
            return say(&bestmove_line(None));
        }
        let spec = self.spec_for(&go);
        let agent = match self.agent.take() {
            Some((kept, agent)) if kept == spec => agent,
            _ => match engines().agent(self.game.name(), &spec) {
                Ok(agent) => agent,
                Err(e) => return complain(&e.to_string()),
            },
        };
        let stop = Arc::new(AtomicBool::new(false));
        let (release, released) = mpsc::channel::<()>();
        let (give_back, done) = mpsc::channel();
        let session = self.session.clone_box();
        let infinite = go.infinite;
        let flag = Arc::clone(&stop);
        let worker = std::thread::spawn(move || {
            let (answer, agent) = think(session.as_ref(), agent, &flag, infinite, &released);
            let _ = give_back.send(agent.map(|agent| (spec, agent)));
            for line in answer {
                say(&line);
            }
        });
        self.search = Some(Search {
            stop,
            infinite,
            release,
            done,
            worker,
        });
    }

    /// The agent spec of a `go`: the level's agent, with the limits `go` gives instead of the
    /// level's own budget (none given: the level's budget).
    fn spec_for(&self, go: &Go) -> AgentSpec {
        let mut spec = AgentSpec::level(self.level)
            .expect("levels are checked when set")
            .resolve(self.game.strength_levels());
        let side = self.session.to_move().index();
        let clock = go.time[side].map(|left| {
            let time = arbiter_ai::move_time(
                Duration::from_millis(left),
                Duration::from_millis(go.inc[side]),
                go.movestogo,
            );
            time.as_millis() as u64
        });
        let time = match (go.movetime, clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut limits = Limits {
            time: time.map(|ms| Duration::from_millis(ms.max(1))),
            nodes: go.nodes,
            depth: go.depth,
        };
        if go.infinite {
            limits.time = Some(INFINITE);
        }
        // MCTS has no depth: a depth alone leaves it the level's budget.
        let mcts = matches!(spec.kind, AgentKind::Mcts | AgentKind::Uct);
        if mcts {
            limits.depth = None;
        }
        if !limits.is_unlimited() {
            spec.limits = limits;
        }
        if spec.kind == AgentKind::AlphaBeta {
            spec.hash_mb = Some(self.hash_mb);
        }
        if matches!(spec.kind, AgentKind::AlphaBeta | AgentKind::Mcts | AgentKind::Uct) {
            spec.threads = Some(self.threads);
        }
        spec
    }
}

/// The worker's search: reports `info` as it goes, waits for `stop` after a `go infinite`, and
/// gives the last lines to say (ending with `bestmove`) with the agent to keep. A search that
/// panics (a bug) answers with an error and `bestmove (none)`, and its agent is dropped.
fn think(
    session: &dyn DynSession,
    mut agent: Box<dyn DynAgent>,
    stop: &AtomicBool,
    infinite: bool,
    released: &mpsc::Receiver<()>,
) -> (Vec<String>, Option<Box<dyn DynAgent>>) {
    let mut last = None;
    let search = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        agent.choose(session, stop, &mut |info| {
            say(&info_line(info));
            last = Some(info.clone());
        })
    }));
    let (result, agent) = match search {
        Ok(result) => (result, Some(agent)),
        Err(_) => (
            Err(arbiter_core::Error::Invalid(
                "the search failed (a bug in the engine)".into(),
            )),
            None,
        ),
    };
    if infinite {
        // Whatever happens, `go infinite` answers only after `stop` (or `quit`).
        let _ = released.recv();
    }
    let mut answer = Vec::new();
    match result {
        Ok(result) => {
            if last.as_ref() != Some(&result.info) {
                answer.push(info_line(&result.info));
            }
            answer.push(bestmove_line(Some(&result.best)));
        }
        Err(e) => {
            answer.push(format!("info string error: {e}"));
            answer.push(bestmove_line(None));
        }
    }
    (answer, agent)
}

fn join_options(options: &[(String, String)]) -> String {
    options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}
