//! `arbiter.Agent`, `arbiter.analyze` and `arbiter.match`: searches run on a helper thread without
//! the GIL while the calling thread waits for them in short slices, checking for Ctrl-C between.

use crate::game::{engines, Game};
use crate::state::{reason_name, record_dict, State};
use crate::{guard, panic_error, panic_text, to_py, ArbiterError, GameOver};
use arbiter_ai::match_runner::{run_match, MatchConfig, MatchSummary};
use arbiter_ai::{AgentKind, AgentSpec, DynAgent, Limits, Score, SearchResult};
use arbiter_core::{DynSession, Error};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often a waiting call looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(50);

/// A search report.
#[pyclass(module = "arbiter", frozen)]
pub struct SearchInfo {
    #[pyo3(get)]
    depth: u32,
    #[pyo3(get)]
    nodes: u64,
    #[pyo3(get)]
    nodes_per_second: f64,
    #[pyo3(get)]
    elapsed_ms: u64,
    /// The score as text: "+35", "win in 3", "loss in 2", "draw", "60.1%", "?".
    #[pyo3(get)]
    score: String,
    /// "eval", "win_rate", "win_in", "loss_in", "draw" or "unknown".
    #[pyo3(get)]
    score_kind: &'static str,
    /// The evaluation, the win rate (0..1) or the plies to the end; None for draw and unknown.
    #[pyo3(get)]
    score_value: Option<f64>,
    #[pyo3(get)]
    pv: Vec<String>,
}

impl From<&arbiter_ai::SearchInfo> for SearchInfo {
    fn from(info: &arbiter_ai::SearchInfo) -> Self {
        let (score_kind, score_value) = match info.score {
            Score::Eval(v) => ("eval", Some(f64::from(v))),
            Score::WinRate(p) => ("win_rate", Some(p)),
            Score::WinIn(n) => ("win_in", Some(f64::from(n))),
            Score::LossIn(n) => ("loss_in", Some(f64::from(n))),
            Score::Draw => ("draw", None),
            Score::Unknown => ("unknown", None),
        };
        SearchInfo {
            depth: info.depth,
            nodes: info.nodes,
            nodes_per_second: info.nodes_per_second,
            elapsed_ms: info.elapsed_ms,
            score: info.score.to_string(),
            score_kind,
            score_value,
            pv: info.pv.clone(),
        }
    }
}

#[pymethods]
impl SearchInfo {
    fn __repr__(&self) -> String {
        format!(
            "SearchInfo(depth={}, score='{}', nodes={}, elapsed_ms={}, pv={:?})",
            self.depth, self.score, self.nodes, self.elapsed_ms, self.pv
        )
    }
}

/// A chosen move with the search's final report.
#[pyclass(module = "arbiter", frozen)]
pub struct Choice {
    #[pyo3(get, name = "move")]
    mv: String,
    #[pyo3(get)]
    info: Py<SearchInfo>,
}

#[pymethods]
impl Choice {
    fn __repr__(&self) -> String {
        format!("Choice(move='{}', info={})", self.mv, self.info.get().__repr__())
    }
}

/// What the search thread sends: reports, then the result (or a panic's text).
enum Message {
    Info(arbiter_ai::SearchInfo),
    Done(Result<Result<SearchResult, Error>, String>),
}

/// Waits for the next message in a slice of `POLL` without the GIL.
fn receive<T: Send>(py: Python<'_>, rx: Receiver<T>) -> (Result<T, RecvTimeoutError>, Receiver<T>) {
    py.allow_threads(move || (rx.recv_timeout(POLL), rx))
}

/// Joins a helper thread without the GIL.
fn join<T: Send + 'static>(py: Python<'_>, handle: JoinHandle<T>) -> std::thread::Result<T> {
    py.allow_threads(move || handle.join())
}

/// What a worker thread sends once: its result, or the text of its panic.
pub(crate) type WorkerResult<T> = Result<Result<T, Error>, String>;

/// Waits without the GIL for the one answer of `worker` (called `what` in errors), looking for
/// Ctrl-C every `POLL`: then `stop` is set, the worker joined and the interrupt raised.
pub(crate) fn await_worker<T: Send>(
    py: Python<'_>,
    mut rx: Receiver<WorkerResult<T>>,
    worker: JoinHandle<()>,
    stop: &AtomicBool,
    what: &str,
) -> PyResult<T> {
    loop {
        let (message, back) = receive(py, rx);
        rx = back;
        if let Err(interrupt) = py.check_signals() {
            stop.store(true, Ordering::Relaxed);
            let _ = join(py, worker);
            return Err(interrupt);
        }
        match message {
            Ok(result) => {
                let _ = join(py, worker);
                return match result {
                    Err(panic) => Err(ArbiterError::new_err(format!(
                        "internal error in arbiter (please report it): {panic}"
                    ))),
                    Ok(Err(e)) => Err(to_py(e)),
                    Ok(Ok(value)) => Ok(value),
                };
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(match join(py, worker) {
                    Err(payload) => panic_error(payload.as_ref()),
                    Ok(()) => ArbiterError::new_err(format!("{what} ended without a result")),
                });
            }
        }
    }
}

/// Runs `agent` on `session` on a helper thread, passing its reports to `on_info`; Ctrl-C (or an
/// exception in `on_info`) sets `stop` and is raised once the search has ended.
fn run_search(
    py: Python<'_>,
    agent: Arc<Mutex<Box<dyn DynAgent>>>,
    stop: Arc<AtomicBool>,
    session: Box<dyn DynSession>,
    on_info: Option<&Bound<'_, PyAny>>,
) -> PyResult<Choice> {
    let (tx, mut rx) = mpsc::channel::<Message>();
    let worker = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut agent = agent.lock().unwrap_or_else(PoisonError::into_inner);
                let infos = tx.clone();
                agent.choose(session.as_ref(), &stop, &mut |info| {
                    let _ = infos.send(Message::Info(info.clone()));
                })
            }));
            let _ = tx.send(Message::Done(result.map_err(|p| panic_text(p.as_ref()))));
        })
    };
    let mut pending: Option<PyErr> = None;
    loop {
        let (message, back) = receive(py, rx);
        rx = back;
        if pending.is_none() {
            if let Err(e) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                pending = Some(e);
            }
        }
        match message {
            Ok(Message::Info(info)) => {
                if let (Some(callback), None) = (on_info, &pending) {
                    if let Err(e) = callback.call1((SearchInfo::from(&info),)) {
                        stop.store(true, Ordering::Relaxed);
                        pending = Some(e);
                    }
                }
            }
            Ok(Message::Done(result)) => {
                let _ = join(py, worker);
                if let Some(e) = pending {
                    return Err(e);
                }
                return match result {
                    Err(panic) => Err(ArbiterError::new_err(format!(
                        "internal error in arbiter (please report it): {panic}"
                    ))),
                    Ok(Err(e)) => Err(to_py(e)),
                    Ok(Ok(r)) => Ok(Choice {
                        mv: r.best,
                        info: Py::new(py, SearchInfo::from(&r.info))?,
                    }),
                };
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(match join(py, worker) {
                    Err(payload) => panic_error(payload.as_ref()),
                    Ok(()) => ArbiterError::new_err("the search thread ended without a result"),
                });
            }
        }
    }
}

/// Parses an agent spec; ValueError with the CLI's message.
fn parse_spec(text: &str) -> PyResult<AgentSpec> {
    text.parse::<AgentSpec>().map_err(to_py)
}

/// A clone of a state's session for a search, checking that the game is not over.
fn search_session(state: &Bound<'_, State>) -> PyResult<Box<dyn DynSession>> {
    let state = state.try_borrow()?;
    if let Some(story) = state.session.story() {
        return Err(GameOver::new_err(format!("the game is over: {}", story.text)));
    }
    Ok(state.session.clone_box())
}

/// A computer player of one game; keeps its tree or table between the moves of a game.
#[pyclass(module = "arbiter", frozen)]
pub struct Agent {
    game: Py<Game>,
    #[pyo3(get)]
    spec: String,
    /// The agent's kind: `mcts`, `alphabeta`, `random` …
    #[pyo3(get)]
    name: String,
    agent: Arc<Mutex<Box<dyn DynAgent>>>,
    stop: Arc<AtomicBool>,
}

#[pymethods]
impl Agent {
    #[new]
    fn new(py: Python<'_>, game: &Bound<'_, PyAny>, spec: &str) -> PyResult<Agent> {
        let game = Game::from_any(py, game)?;
        let parsed = parse_spec(spec)?;
        let agent = guard(|| engines().agent(&game.get().name, &parsed).map_err(to_py))?;
        Ok(Agent {
            game,
            spec: spec.to_string(),
            name: agent.name(),
            agent: Arc::new(Mutex::new(agent)),
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// Chooses a move for the side to move (without the GIL; Ctrl-C or `stop()` end it early).
    #[pyo3(signature = (state, on_info = None))]
    fn choose(&self, state: &Bound<'_, State>, on_info: Option<&Bound<'_, PyAny>>) -> PyResult<Choice> {
        let py = state.py();
        let session = search_session(state)?;
        let game = &self.game.get().name;
        if session.game() != game {
            return Err(PyValueError::new_err(format!(
                "this {game} agent cannot play a {} state",
                session.game()
            )));
        }
        self.stop.store(false, Ordering::Relaxed);
        run_search(py, self.agent.clone(), self.stop.clone(), session, on_info)
    }

    /// Ends the search in progress (from another thread): `choose` returns its best move so far.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets what was kept from earlier moves (call it before another game).
    fn new_game(&self, py: Python<'_>) {
        let agent = self.agent.clone();
        py.allow_threads(move || agent.lock().unwrap_or_else(PoisonError::into_inner).new_game());
    }

    fn __repr__(&self) -> String {
        format!("Agent('{}', '{}')", self.game.get().spec_text(), self.spec)
    }
}

/// A thinking time: seconds (a number) or text like "500ms", "2s".
#[derive(FromPyObject)]
pub enum Time {
    Text(String),
    Seconds(f64),
}

impl Time {
    pub(crate) fn duration(&self) -> PyResult<Duration> {
        let seconds = match self {
            Time::Text(text) => {
                return arbiter_ai::parse_duration(text.trim()).map_err(|e| PyValueError::new_err(format!("time: {e}")))
            }
            Time::Seconds(s) => *s,
        };
        if !(seconds > 0.0 && seconds <= 24.0 * 3600.0) {
            return Err(PyValueError::new_err(format!(
                "time: {seconds} s must be more than 0 and at most 24 hours"
            )));
        }
        Ok(Duration::from_secs_f64(seconds))
    }
}

/// Analyses a position with a fresh agent for `time` (None: the agent's own limits).
#[pyfunction]
#[pyo3(signature = (state, time = Some(Time::Seconds(1.0)), agent = "level=6", on_info = None))]
pub fn analyze(
    state: &Bound<'_, State>,
    time: Option<Time>,
    agent: &str,
    on_info: Option<&Bound<'_, PyAny>>,
) -> PyResult<Choice> {
    let py = state.py();
    let session = search_session(state)?;
    let game = state.try_borrow()?.game_kind();
    let mut spec = parse_spec(agent)?.resolve(game.strength_levels());
    if matches!(spec.kind, AgentKind::Random) {
        return Err(PyValueError::new_err(
            "analyze needs a searching agent (mcts, uct, alphabeta or a level)",
        ));
    }
    if let Some(time) = time {
        spec.limits = Limits::time(time.duration()?);
    }
    let searcher = guard(|| engines().agent(game.name(), &spec).map_err(to_py))?;
    run_search(
        py,
        Arc::new(Mutex::new(searcher)),
        Arc::new(AtomicBool::new(false)),
        session,
        on_info,
    )
}

fn summary_dict<'py>(py: Python<'py>, s: &MatchSummary) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("game", &s.game)?;
    d.set_item("a", &s.a)?;
    d.set_item("b", &s.b)?;
    d.set_item("games", s.tally.games())?;
    d.set_item("a_wins", s.tally.wins)?;
    d.set_item("draws", s.tally.draws)?;
    d.set_item("b_wins", s.tally.losses)?;
    d.set_item("a_score", s.score)?;
    d.set_item("elo", s.elo.elo)?;
    d.set_item("elo_low", s.elo.low)?;
    d.set_item("elo_high", s.elo.high)?;
    let mut results = Vec::new();
    for g in &s.games {
        let r = PyDict::new(py);
        r.set_item("index", g.index)?;
        r.set_item("a_side", &g.a_side)?;
        r.set_item("a_score", g.a_score)?;
        r.set_item("reason", reason_name(g.reason))?;
        r.set_item("plies", g.plies)?;
        r.set_item("a_max_move_ms", g.a_max_move_ms)?;
        r.set_item("b_max_move_ms", g.b_max_move_ms)?;
        r.set_item("record", record_dict(py, &g.record)?)?;
        results.push(r);
    }
    d.set_item("results", results)?;
    Ok(d)
}

/// Plays a match of `games` games between agents `a` and `b` (colours alternating), on
/// `concurrency` threads without the GIL.
#[pyfunction]
#[pyo3(name = "match", signature = (game, a, b, games = 10, opening_plies = 0, max_plies = 400, seed = 0,
    concurrency = 1, safe_openings = false))]
#[allow(clippy::too_many_arguments)]
pub fn play_match<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    a: &str,
    b: &str,
    games: u32,
    opening_plies: u32,
    max_plies: u32,
    seed: u64,
    concurrency: usize,
    safe_openings: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let game = Game::from_any(py, game)?;
    let (kind, options) = (game.get().kind, game.get().options.clone());
    if games == 0 {
        return Err(PyValueError::new_err("games must be at least 1"));
    }
    crate::batch::check_arguments(concurrency, max_plies)?;
    let stop = Arc::new(AtomicBool::new(false));
    let config = MatchConfig {
        a: parse_spec(a)?,
        b: parse_spec(b)?,
        games,
        opening_plies,
        safe_openings,
        clock: None,
        concurrency,
        seed,
        sprt: None,
        stop: Some(stop.clone()),
        played: Vec::new(),
    };
    let options = arbiter_core::with_ply_limit(&options, max_plies).map_err(to_py)?;
    let (tx, rx) = mpsc::channel();
    // On Ctrl-C the stop flag ends the searches under way and the games after them.
    let worker = std::thread::spawn(move || {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run_match(engines(), kind, &options, None, &config, &mut |_, _| {})
        }));
        let _ = tx.send(result.map_err(|p| panic_text(p.as_ref())));
    });
    let summary = await_worker(py, rx, worker, &stop, "the match thread")?;
    summary_dict(py, &summary)
}
