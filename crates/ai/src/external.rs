//! External engines: any program that speaks the engine protocol of `arbiter engine`
//! (`docs/engine-protocol.md`), named by the agent spec `engine:<command line>[,key=value…]`.
//!
//! The program is started on the first move of a game (no shell is involved: the command line is
//! split into words as a shell would, with quotes), greeted with `ugi` and set up with `setoption`
//! and `uginewgame`; each move is a `position fen <start> moves …` and a `go` with the spec's
//! limits. A program that cannot be started, exits, falls silent, answers garbage or plays an
//! illegal move fails the move with the reason in words; the agent then stays broken for the rest
//! of the game. The program is ended when the agent is dropped (after a `quit`, it is killed if it
//! lingers) and always waited for.

use crate::limits::{parse_duration, UNTIMED_CAP};
use crate::protocol::{parse_bestmove, parse_info, read_line, Go, Line};
use crate::{Agent, Choice, DynAgent, Limits, SearchInfo, SearchResult};
use arbiter_core::{quote, shorten, DynSession, Error, FullGame, Session};
use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `ugi` and `isready` when it starts.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(15);

/// How long past its thinking time an engine may take to answer `go` before it loses the game:
/// this, plus a quarter of the thinking time.
pub const GRACE: Duration = Duration::from_secs(2);

/// How long an engine has to answer `stop` with its `bestmove`.
const STOP_GRACE: Duration = Duration::from_secs(1);

/// How long an engine has to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// The longest line read from an engine; the rest of a longer one is skipped.
const MAX_LINE: usize = 1 << 16;

/// The last lines of an engine's standard error kept to explain a crash.
const STDERR_LINES: usize = 4;

/// An external engine as a spec names it: the program and the options it is given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The command line as written (split into words when the program is started).
    pub command: String,
    /// Options sent with `setoption name <key> value <value>` after the handshake, in order.
    pub options: Vec<(String, String)>,
}

impl ExternalSpec {
    /// The program and its arguments.
    pub fn words(&self) -> Result<Vec<String>, String> {
        split_command(&self.command)
    }
}

/// Splits a command line into words like a POSIX shell, without running one: blanks separate
/// words; `'…'` keeps everything literally, `"…"` keeps everything but `\"` and `\\`, and a
/// backslash outside quotes keeps the next character.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("a quote ' is not closed".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err("a quote \" is not closed".into()),
                        },
                        Some(c) => word.push(c),
                        None => return Err("a quote \" is not closed".into()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err("a backslash ends the command".into()),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("the command is empty".into());
    }
    Ok(words)
}

/// Splits `text` at commas outside quotes (the quotes are kept).
fn split_commas(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut quote, mut escaped) = (0, None, false);
    for (i, c) in text.char_indices() {
        match (c, quote) {
            _ if escaped => escaped = false,
            ('\\', q) if q != Some('\'') => escaped = true,
            ('\'' | '"', None) => quote = Some(c),
            (c, Some(q)) if c == q => quote = None,
            (',', None) => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// Parses the part of `engine:<command line>[,key=value…]` after the colon. `time`, `depth` and
/// `nodes` are the limits sent with `go`; every other key is an option for `setoption`.
pub(crate) fn parse(text: &str, params: &str) -> Result<(ExternalSpec, Limits), Error> {
    let bad = |why: String| Error::Invalid(format!("bad agent spec '{}': {}", quote(text), shorten(&why, 160)));
    let mut parts = split_commas(params).into_iter();
    let command = parts.next().unwrap_or_default().trim().to_string();
    split_command(&command).map_err(|e| bad(format!("engine:<command line>: {e}")))?;
    let mut limits = Limits::default();
    let mut options: Vec<(String, String)> = Vec::new();
    for (key, value) in arbiter_core::key_values_in(parts).map_err(bad)? {
        let lower = key.to_ascii_lowercase();
        let positive = |value: &str| match value.parse::<u64>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(bad(format!("'{key}' must be a whole number above 0, not '{value}'"))),
        };
        match lower.as_str() {
            "time" => limits.time = Some(parse_duration(value).map_err(bad)?),
            "depth" => limits.depth = Some(positive(value)?.min(64) as u32),
            "nodes" => limits.nodes = Some(positive(value)?),
            _ => options.push((key.to_string(), value.to_string())),
        }
    }
    Ok((ExternalSpec { command, options }, limits))
}

/// Writes an external spec in its own syntax (`engine:<command>,key=value,…,time=…`).
pub(crate) fn format(external: &ExternalSpec, limits: &Limits) -> String {
    let mut text = format!("engine:{}", external.command);
    for (key, value) in &external.options {
        text.push_str(&format!(",{key}={value}"));
    }
    if let Some(t) = limits.time {
        let ms = t.as_millis();
        if ms % 1000 == 0 {
            text.push_str(&format!(",time={}s", ms / 1000));
        } else {
            text.push_str(&format!(",time={ms}ms"));
        }
    }
    if let Some(d) = limits.depth {
        text.push_str(&format!(",depth={d}"));
    }
    if let Some(n) = limits.nodes {
        text.push_str(&format!(",nodes={n}"));
    }
    text
}

/// A running engine program and the threads that read it.
struct Process {
    child: Child,
    stdin: ChildStdin,
    /// Lines of its standard output; closed when it closes its output.
    lines: mpsc::Receiver<String>,
    /// The last lines of its standard error.
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The thread that reads them, done at the end of the program's standard error.
    stderr_reader: std::thread::JoinHandle<()>,
    /// Its `id name`, once told.
    name: Option<String>,
}

impl Process {
    /// Starts the program and reads its output on two threads.
    fn start(words: &[String]) -> Result<Process, String> {
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", quote(&words[0])))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let stderr_pipe = child.stderr.take().expect("piped");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = Vec::new();
            loop {
                match read_line(&mut reader, &mut line, MAX_LINE) {
                    Ok(Line::Text) => {}
                    Ok(Line::TooLong) => continue,
                    Ok(Line::End) | Err(_) => return,
                }
                if sender.send(String::from_utf8_lossy(&line).trim().to_string()).is_err() {
                    return;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        let stderr_reader = std::thread::spawn(move || {
            let mut reader = BufReader::new(stderr_pipe);
            let mut line = Vec::new();
            while let Ok(Line::Text | Line::TooLong) = read_line(&mut reader, &mut line, MAX_LINE) {
                let text = String::from_utf8_lossy(&line).trim().to_string();
                if text.is_empty() {
                    continue;
                }
                let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
                if tail.len() == STDERR_LINES {
                    tail.pop_front();
                }
                tail.push_back(shorten(&text, 200));
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
            stderr,
            stderr_reader,
            name: None,
        })
    }

    /// Sends one line.
    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write to the engine ({e}){}", self.exit_note()))
    }

    /// The next line before `deadline`.
    fn next_line(&mut self, deadline: Instant) -> Result<Option<String>, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait.min(Duration::from_millis(50))) {
            Ok(line) => Ok(Some(line)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(format!("the engine closed its output{}", self.exit_note())),
        }
    }

    /// Waits for a line that `done` accepts; `waiting` says what for in the error. Lines
    /// `info string error: …` fail when `strict`.
    fn expect(&mut self, done: &str, waiting: &str, strict: bool) -> Result<(), String> {
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            match self.next_line(deadline)? {
                Some(line) if line == done => return Ok(()),
                Some(line) if strict && line.starts_with("info string error") => {
                    return Err(format!("the engine refused its set-up: {}", quote(&line)))
                }
                Some(line) => {
                    if let Some(name) = line.strip_prefix("id name ") {
                        self.name = Some(shorten(name.trim(), 80));
                    }
                }
                None if Instant::now() >= deadline => {
                    return Err(format!(
                        "no '{done}' within {} s of '{waiting}'",
                        HANDSHAKE_TIMEOUT.as_secs()
                    ))
                }
                None => {}
            }
        }
    }

    /// How the program ended, if it has (waiting a moment for it), and its last words.
    fn exit_note(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_millis(500);
        let mut status = None;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(s)) => {
                    status = Some(s);
                    break;
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                Err(_) => break,
            }
        }
        let mut note = match status {
            Some(s) => format!("; it exited ({s})"),
            None => String::new(),
        };
        // Its last words may still be on their way.
        let deadline = Instant::now() + Duration::from_millis(500);
        while status.is_some() && !self.stderr_reader.is_finished() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        if !tail.is_empty() {
            let lines: Vec<&str> = tail.iter().map(String::as_str).collect();
            note.push_str(&format!("; its last words: {}", lines.join(" | ")));
        }
        note
    }
}

impl Drop for Process {
    /// `quit`, then a kill if it lingers; always waited for, so that no zombie is left.
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A player that is an external program (see the module documentation). One agent plays one
/// game at a time; its program is started on its first move and ended when it is dropped.
pub struct ExternalAgent {
    game: &'static str,
    spec: ExternalSpec,
    limits: Limits,
    process: Option<Process>,
    /// Why the engine cannot play on, once it failed.
    broken: Option<String>,
}

impl ExternalAgent {
    /// An agent for `game` from an `engine:` spec's engine and limits (nothing is started yet).
    pub fn new(game: &'static str, external: Option<&ExternalSpec>, limits: Limits) -> Result<ExternalAgent, Error> {
        let external = external
            .cloned()
            .ok_or_else(|| Error::Invalid("this agent spec names no external engine".into()))?;
        external.words().map_err(Error::Invalid)?;
        Ok(ExternalAgent {
            game,
            spec: external,
            limits,
            process: None,
            broken: None,
        })
    }

    /// Starts the program and sets it up: `ugi`, the options, `isready`, `uginewgame`.
    fn start(&self) -> Result<Process, String> {
        let words = self.spec.words()?;
        let mut process = Process::start(&words)?;
        process.send("ugi")?;
        process.expect("ugiok", "ugi", false)?;
        for (key, value) in &self.spec.options {
            process.send(&format!("setoption name {key} value {value}"))?;
        }
        process.send("isready")?;
        process.expect("readyok", "isready", true)?;
        process.send("uginewgame")?;
        Ok(process)
    }

    /// Asks the program for a move: the answer as it gave it, checked later.
    fn ask(
        &mut self,
        session: &dyn DynSession,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<(String, SearchInfo), String> {
        if self.process.is_none() {
            self.process = Some(self.start()?);
        }
        let limits = self.limits;
        let process = self.process.as_mut().expect("started");
        let record = session.record();
        let mut position = format!("position fen {}", record.start);
        if !record.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&record.moves.join(" "));
        }
        process.send(&position)?;
        let go = Go::of_limits(&limits).line();
        process.send(&go)?;
        let budget = limits.time.unwrap_or(UNTIMED_CAP);
        let mut deadline = Instant::now() + budget + budget / 4 + GRACE;
        let mut stopping = false;
        let mut last = SearchInfo::empty();
        loop {
            if stop.load(Ordering::Relaxed) && !stopping {
                stopping = true;
                process.send("stop")?;
                deadline = deadline.min(Instant::now() + STOP_GRACE);
            }
            match process.next_line(deadline)? {
                Some(line) => {
                    if let Some(best) = parse_bestmove(&line) {
                        return match best {
                            Some(mv) => Ok((mv.to_string(), last)),
                            None => Err(format!("it answered '{}': no move", quote(&line))),
                        };
                    }
                    if let Some(info) = parse_info(&line) {
                        on_info(&info);
                        last = info;
                    }
                }
                None if Instant::now() >= deadline => {
                    return Err(if stopping {
                        "no bestmove after stop".to_string()
                    } else {
                        format!(
                            "no bestmove within {:.1} s of '{go}'",
                            (budget + budget / 4 + GRACE).as_secs_f64()
                        )
                    })
                }
                None => {}
            }
        }
    }
}

impl DynAgent for ExternalAgent {
    fn game(&self) -> &'static str {
        self.game
    }

    fn name(&self) -> String {
        match self.process.as_ref().and_then(|p| p.name.as_ref()) {
            Some(name) => format!("{name} (engine:{})", self.spec.command),
            None => format!("engine:{}", self.spec.command),
        }
    }

    fn choose(
        &mut self,
        session: &dyn DynSession,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, Error> {
        if let Some(why) = &self.broken {
            return Err(Error::Invalid(why.clone()));
        }
        if session.ending().is_some() {
            return Err(Error::GameOver);
        }
        let answer = self.ask(session, stop, on_info).and_then(|(mv, info)| {
            let mut next = session.clone_box();
            match next.play(&mv) {
                Ok(best) => Ok(SearchResult { best, info }),
                Err(e) => Err(format!("it played an illegal move: {e}")),
            }
        });
        answer.map_err(|why| {
            let why = format!("engine:{}: {why}", self.spec.command);
            self.broken = Some(why.clone());
            self.process = None;
            Error::Invalid(why)
        })
    }

    fn new_game(&mut self) {
        self.broken = None;
        if let Some(process) = self.process.as_mut() {
            if process.send("uginewgame").is_err() {
                self.process = None;
            }
        }
    }
}

/// The typed face of an [`ExternalAgent`], for [`AgentSpec::build`]. A typed agent cannot fail,
/// so an engine that fails gives no move (`None`), as at the end of a game; play through
/// [`crate::Engines`] to learn why.
pub(crate) struct TypedExternal(ExternalAgent);

impl TypedExternal {
    /// The agent for the game `G`.
    pub(crate) fn boxed<G: FullGame>(external: Option<&ExternalSpec>, limits: Limits, seed: u64) -> Box<dyn Agent<G>> {
        match ExternalAgent::new(G::NAME, external, limits) {
            Ok(agent) => Box::new(TypedExternal(agent)),
            // Specs are checked when parsed; one built by hand without a command plays randomly.
            Err(_) => Box::new(crate::RandomAgent::new(seed)),
        }
    }
}

impl<G: FullGame> Agent<G> for TypedExternal {
    fn name(&self) -> String {
        self.0.name()
    }

    fn choose(
        &mut self,
        session: &Session<G>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Choice<G::Move>> {
        let result = self.0.choose(session, stop, on_info).ok()?;
        let mv = session.current().parse_move(&result.best).ok()?;
        Some(Choice { mv, info: result.info })
    }

    fn new_game(&mut self) {
        self.0.new_game();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(
            split_command("arbiter engine void").unwrap(),
            ["arbiter", "engine", "void"]
        );
        assert_eq!(
            split_command(r#"  'my engine' "a \"b\" c" d\ e  "#).unwrap(),
            ["my engine", "a \"b\" c", "d e"]
        );
        assert_eq!(split_command("''").unwrap(), [""]);
        assert!(split_command("   ").is_err());
        assert!(split_command("'open").is_err());
        assert!(split_command("\"open").is_err());
    }
}
