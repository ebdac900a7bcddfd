//! `arbiter.State`, `arbiter.Outcome` and records.

use crate::fast::FastPath;
use crate::game::{registry, Game};
use crate::{guard, to_py, GameOver, IllegalMove};
use arbiter_core::{DynSession, EndReason, Error, GameRecord, MoveInfo, Player, StepActions};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyByteArray, PyDict, PyList, PyString, PyType};

/// The name of an end reason, as records write it.
pub(crate) fn reason_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Board => "board",
        EndReason::Repetition => "repetition",
        EndReason::PlyLimit => "ply_limit",
        EndReason::Resignation => "resignation",
        EndReason::Time => "time",
    }
}

/// How a finished game came out.
#[pyclass(module = "arbiter", frozen)]
pub struct Outcome {
    #[pyo3(get)]
    winner: Option<String>,
    #[pyo3(get)]
    winner_index: Option<usize>,
    #[pyo3(get)]
    reason: &'static str,
    #[pyo3(get)]
    text: String,
}

#[pymethods]
impl Outcome {
    /// (+1, -1), (-1, +1) or (0, 0).
    fn returns(&self) -> (f64, f64) {
        match self.winner_index {
            Some(0) => (1.0, -1.0),
            Some(_) => (-1.0, 1.0),
            None => (0.0, 0.0),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, reason='{}', text='{}')",
            self.winner.as_ref().map_or("None".to_string(), |w| format!("'{w}'")),
            self.reason,
            self.text
        )
    }
}

/// A game in progress: changes in place (`play`, `apply_action`, `undo`).
#[pyclass(module = "arbiter")]
pub struct State {
    game: Py<Game>,
    pub(crate) session: Box<dyn DynSession>,
    /// Stepwise games: the steps of the turn in progress.
    steps: Vec<String>,
    /// The fast path of `legal_moves` and `play` ([`crate::fast`]).
    fast: FastPath,
    /// Stepwise games: the legal actions after `steps`, once asked (a learning loop asks for
    /// them, then plays one, which checks it against them).
    turn: Option<StepActions>,
}

/// The numpy module, imported once.
fn numpy(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    static NUMPY: GILOnceCell<Py<PyModule>> = GILOnceCell::new();
    NUMPY
        .get_or_try_init(py, || py.import("numpy").map(Bound::unbind))
        .map(|m| m.bind(py))
}

/// A numpy array over a fresh bytearray (writable, owned by the array).
fn array<'py>(py: Python<'py>, bytes: &[u8], dtype: &str, shape: Vec<usize>) -> PyResult<Bound<'py, PyAny>> {
    let buffer = PyByteArray::new(py, bytes);
    numpy(py)?
        .getattr("frombuffer")?
        .call1((buffer, dtype))?
        .call_method1("reshape", (shape,))
}

fn move_info_dict<'py>(py: Python<'py>, info: &MoveInfo) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("notation", &info.notation)?;
    d.set_item("from", &info.from)?;
    d.set_item("to", &info.to)?;
    d.set_item("path", &info.path)?;
    d.set_item("targets", &info.targets)?;
    d.set_item("falls", &info.falls)?;
    d.set_item("choice", &info.choice)?;
    Ok(d)
}

/// A record as a JSON-shaped dict.
pub(crate) fn record_dict<'py>(py: Python<'py>, record: &GameRecord) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("game", &record.game)?;
    d.set_item("options", &record.options)?;
    d.set_item("start", &record.start)?;
    d.set_item("moves", &record.moves)?;
    match &record.result {
        None => d.set_item("result", py.None())?,
        Some(result) => {
            let r = PyDict::new(py);
            r.set_item("winner", &result.winner)?;
            r.set_item("reason", reason_name(result.reason))?;
            if let Some(text) = &result.text {
                r.set_item("text", text)?;
            }
            d.set_item("result", r)?;
        }
    }
    Ok(d)
}

/// A record from its JSON text.
fn parse_record(json: &str) -> PyResult<GameRecord> {
    serde_json::from_str(json).map_err(|e| PyValueError::new_err(format!("bad record: {e}")))
}

/// A session replayed from a record, with its game.
fn replay(py: Python<'_>, record: &GameRecord) -> PyResult<State> {
    let kind = registry().get(&record.game).map_err(to_py)?;
    let session = guard(|| kind.load_record(record).map_err(to_py))?;
    let game = Py::new(py, Game::of_session(kind, session.as_ref()))?;
    Ok(State::new(game, session))
}

/// A state replayed from a record in JSON text (`arbiter.load_record` reads files and dicts).
#[pyfunction]
#[pyo3(name = "_load_record_json")]
pub fn load_record_json(py: Python<'_>, json: &str) -> PyResult<State> {
    replay(py, &parse_record(json)?)
}

impl State {
    pub(crate) fn new(game: Py<Game>, session: Box<dyn DynSession>) -> State {
        State {
            game,
            session,
            steps: Vec::new(),
            fast: FastPath::default(),
            turn: None,
        }
    }

    /// Forgets what the fast path and the turn in progress knew of the position (call before
    /// any change).
    fn changing(&mut self) {
        self.fast.forget();
        self.turn = None;
    }

    /// A state of `game` at `position`; ValueError if the position is of another variant.
    pub(crate) fn from_game_position(game: &Bound<'_, Game>, position: &str) -> PyResult<State> {
        let g = game.get();
        let session = guard(|| g.kind.new_session(&g.options, Some(position)).map_err(to_py))?;
        if session.options() != g.options {
            let found = Game::of_session(g.kind, session.as_ref());
            return Err(to_py(Error::Options(format!(
                "the position does not fit the game {} (it is a {} position)",
                g.spec_text(),
                found.spec_text()
            ))));
        }
        Ok(State::new(game.clone().unbind(), session))
    }

    /// A state at `position` of the game of a spec string: the variant comes from the position
    /// unless the spec names it (`villawar` takes any size, `villawar:size=10` only 10×10).
    pub(crate) fn from_spec_position(py: Python<'_>, spec: &str, position: &str) -> PyResult<State> {
        let (kind, options) = registry().parse_spec(spec).map_err(to_py)?;
        let session = guard(|| kind.new_session(options, Some(position)).map_err(to_py))?;
        let game = Py::new(py, Game::of_session(kind, session.as_ref()))?;
        Ok(State::new(game, session))
    }

    /// The game's registry entry.
    pub(crate) fn game_kind(&self) -> &'static dyn arbiter_core::DynGameType {
        self.game.get().kind
    }

    /// The position string and the game's options, for the whole-game tools.
    pub(crate) fn tool_args(&self) -> (&'static dyn arbiter_core::DynGameType, String, String) {
        let game = self.game.get();
        (game.kind, game.options.clone(), self.session.position())
    }

    fn game_ref(&self) -> &Game {
        self.game.get()
    }

    fn over(&self) -> bool {
        self.session.ending().is_some()
    }

    /// Fails unless a whole move may be played now.
    fn check_no_steps(&self) -> PyResult<()> {
        if self.steps.is_empty() {
            Ok(())
        } else {
            Err(PyValueError::new_err(format!(
                "a turn is being entered step by step ({}): finish it with apply_action, or undo its steps",
                self.steps.join(",")
            )))
        }
    }

    /// The turn of the steps so far in notation.
    fn turn_text(&self) -> String {
        if self.steps.is_empty() {
            "-".to_string()
        } else {
            self.steps.join(",")
        }
    }

    /// The legal actions now: moves, or the steps and end of the turn in progress.
    fn actions(&mut self) -> PyResult<Vec<usize>> {
        if self.game_ref().stepwise {
            Ok(self.turn()?.actions.clone())
        } else {
            Ok(self.session.legal_actions())
        }
    }

    /// Stepwise games: the legal actions after the steps so far, and whether they won.
    fn turn(&mut self) -> PyResult<&StepActions> {
        let turn = match self.turn.take() {
            Some(turn) => turn,
            None => self.session.step_actions(&self.steps).map_err(to_py)?,
        };
        Ok(self.turn.insert(turn))
    }

    /// What identifies a state: game, start, moves, resignation, steps.
    fn key(&self) -> (String, String, String, Vec<String>, Option<usize>, Vec<String>) {
        let record = self.session.record();
        let resigned = self
            .session
            .ending()
            .filter(|e| e.reason == EndReason::Resignation)
            .and_then(|e| e.outcome.winner())
            .map(Player::index);
        let game = self.game_ref();
        (
            game.name.clone(),
            game.options.clone(),
            record.start,
            record.moves,
            resigned,
            self.steps.clone(),
        )
    }

    fn clone_state(&self, py: Python<'_>) -> State {
        State {
            game: self.game.clone_ref(py),
            session: self.session.clone_box(),
            steps: self.steps.clone(),
            fast: FastPath::default(),
            turn: self.turn.clone(),
        }
    }

    fn play_move<'py>(&mut self, text: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyString>> {
        self.check_no_steps()?;
        self.turn = None;
        guard(|| {
            if let Some(result) = self.fast.play(self.session.as_mut(), text) {
                result.map_err(to_py)?;
                return Ok(text.clone());
            }
            self.changing();
            let played = self.session.play(&text.to_cow()?).map_err(to_py)?;
            Ok(PyString::new(text.py(), &played))
        })
    }
}

#[pymethods]
impl State {
    /// A state at a position of a game (a `Game` or a spec); ValueError for a bad position.
    #[staticmethod]
    fn from_position(game: &Bound<'_, PyAny>, position: &str) -> PyResult<State> {
        if let Ok(spec) = game.extract::<String>() {
            return State::from_spec_position(game.py(), &spec, position);
        }
        let py = game.py();
        let game = Game::from_any(py, game)?;
        State::from_game_position(game.bind(py), position)
    }

    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    #[getter]
    fn position(&self) -> PyResult<String> {
        guard(|| Ok(self.session.position()))
    }

    #[getter]
    fn start(&self) -> PyResult<String> {
        guard(|| Ok(self.session.record().start))
    }

    #[getter]
    fn moves(&self) -> Vec<String> {
        self.session.moves()
    }

    #[getter]
    fn ply(&self) -> usize {
        self.session.ply()
    }

    #[getter]
    fn to_move(&self) -> &'static str {
        self.session.player_name(self.session.to_move())
    }

    #[getter]
    fn to_move_index(&self) -> usize {
        self.session.to_move().index()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.over()
    }

    #[getter]
    fn outcome(&self) -> PyResult<Option<Outcome>> {
        guard(|| {
            Ok(self.session.ending().map(|ending| {
                let winner = ending.outcome.winner();
                Outcome {
                    winner: winner.map(|p| self.session.player_name(p).to_string()),
                    winner_index: winner.map(Player::index),
                    reason: reason_name(ending.reason),
                    text: self.session.story().map(|s| s.text).unwrap_or_default(),
                }
            }))
        })
    }

    #[getter]
    fn steps(&self) -> Vec<String> {
        self.steps.clone()
    }

    /// The legal moves in canonical notation; [] when over.
    fn legal_moves<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guard(|| {
            if let Some(list) = self.fast.legal_moves(py, self.session.as_mut()) {
                return list;
            }
            PyList::new(py, self.session.legal_moves())
        })
    }

    /// The legal moves with the cells they touch.
    fn legal_move_infos<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let infos = guard(|| Ok(self.session.legal_move_infos()))?;
        infos.iter().map(|info| move_info_dict(py, info)).collect()
    }

    /// Plays a move in place; returns its canonical notation.
    fn play<'py>(&mut self, r#move: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyString>> {
        self.play_move(r#move)
    }

    /// A new state after the move.
    fn child(&self, py: Python<'_>, r#move: &Bound<'_, PyString>) -> PyResult<State> {
        let mut next = self.clone_state(py);
        next.play_move(r#move)?;
        Ok(next)
    }

    /// Takes back the last step of a turn in progress, else the last move (or a resignation).
    fn undo(&mut self) -> PyResult<()> {
        if self.steps.pop().is_some() {
            self.turn = None;
            return Ok(());
        }
        self.changing();
        guard(|| self.session.undo().map_err(to_py))
    }

    /// A side resigns (the side to move by default).
    #[pyo3(signature = (side = None))]
    fn resign(&mut self, side: Option<&str>) -> PyResult<()> {
        let player = match side {
            None => self.session.to_move(),
            Some(name) => self.session.parse_player(name.trim()).ok_or_else(|| {
                let g = self.game_ref();
                PyValueError::new_err(format!(
                    "{} has no side called '{name}' (its sides are {} and {})",
                    g.name, g.sides.0, g.sides.1
                ))
            })?,
        };
        self.changing();
        guard(|| self.session.resign(player).map_err(to_py))?;
        self.steps.clear();
        Ok(())
    }

    fn clone(&self, py: Python<'_>) -> State {
        self.clone_state(py)
    }

    fn __copy__(&self, py: Python<'_>) -> State {
        self.clone_state(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> State {
        self.clone_state(py)
    }

    /// The game's heuristic for the side to move.
    fn evaluate(&self) -> PyResult<i32> {
        guard(|| Ok(self.session.evaluate()))
    }

    /// The observation tensor (float32, planes × rows × columns).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut values = Vec::new();
        guard(|| {
            self.session.observe(&mut values);
            Ok(())
        })?;
        let (p, r, c) = self.game_ref().observation_shape;
        if values.len() != p * r * c {
            return Err(crate::ArbiterError::new_err(format!(
                "{} wrote {} observation values for a shape of {p}×{r}×{c}",
                self.game_ref().name,
                values.len()
            )));
        }
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        array(py, &bytes, "float32", vec![p, r, c])
    }

    /// The legal actions, ascending.
    fn legal_actions(&mut self) -> PyResult<Vec<usize>> {
        guard(|| self.actions())
    }

    /// A bool mask over the action space.
    fn legal_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let size = self.game_ref().num_actions;
        let mut mask = vec![0u8; size];
        for a in guard(|| self.actions())? {
            if let Some(slot) = mask.get_mut(a) {
                *slot = 1;
            }
        }
        array(py, &mask, "bool", vec![size])
    }

    /// The action of a legal move (whole-move games) or of a step (stepwise games).
    fn action_index(&self, r#move: &str) -> PyResult<usize> {
        guard(|| self.session.action_of(r#move).map_err(to_py))
    }

    /// The legal move, or step, of an action (the end of a turn: the turn it plays).
    fn move_from_index(&mut self, action: usize) -> PyResult<String> {
        guard(|| {
            if self.over() {
                return Err(GameOver::new_err(Error::GameOver.to_string()));
            }
            if !self.game_ref().stepwise {
                return Ok(self.session.move_of_action(action).map_err(to_py)?.unwrap_or_default());
            }
            let step = self.session.move_of_action(action).map_err(to_py)?;
            if !self.actions()?.contains(&action) {
                return Err(illegal_step(action, step.as_deref()));
            }
            Ok(step.unwrap_or_else(|| self.turn_text()))
        })
    }

    /// Plays an action in place: a move, or a step or the end of a turn (stepwise games).
    fn apply_action(&mut self, action: usize) -> PyResult<()> {
        guard(|| {
            if self.over() {
                return Err(GameOver::new_err(Error::GameOver.to_string()));
            }
            if !self.game_ref().stepwise {
                self.changing();
                let mv = self.session.move_of_action(action).map_err(to_py)?.unwrap_or_default();
                self.session.play_without_notation(&mv).map_err(to_py)?;
                return Ok(());
            }
            let step = self.session.move_of_action(action).map_err(to_py)?;
            if !self.turn()?.actions.contains(&action) {
                return Err(illegal_step(action, step.as_deref()));
            }
            let finish = match step {
                None => true,
                Some(token) => {
                    self.steps.push(token);
                    self.turn = None;
                    self.turn()?.won
                }
            };
            if finish {
                let turn = self.turn_text();
                self.changing();
                self.session.play_without_notation(&turn).map_err(to_py)?;
                self.steps.clear();
            }
            Ok(())
        })
    }

    /// The game record as a JSON-shaped dict.
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let record = guard(|| Ok(self.session.record()))?;
        record_dict(py, &record)
    }

    fn __str__(&self) -> PyResult<String> {
        guard(|| Ok(self.session.diagram()))
    }

    fn __repr__(&self) -> PyResult<String> {
        let steps = if self.steps.is_empty() {
            String::new()
        } else {
            format!(", steps='{}'", self.steps.join(","))
        };
        Ok(format!(
            "State({}, '{}', ply={}{steps})",
            self.game_ref().spec_text(),
            self.position()?,
            self.session.ply()
        ))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.downcast::<State>() {
            Ok(o) => {
                let o = o.try_borrow()?;
                guard(|| Ok(self.key() == o.key()))
            }
            Err(_) => Ok(false),
        }
    }

    fn __hash__(&self) -> PyResult<u64> {
        use std::hash::{Hash, Hasher};
        let key = guard(|| Ok(self.key()))?;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        key.hash(&mut h);
        Ok(h.finish())
    }

    /// Pickling: the record (and the steps of a turn in progress).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let this = slf.borrow();
        let record = guard(|| Ok(this.session.record()))?;
        let json = serde_json::to_string(&record).map_err(|e| crate::ArbiterError::new_err(e.to_string()))?;
        Ok((slf.get_type().getattr("_from_pickle")?, (json, this.steps.clone())))
    }

    /// Unpickling (see `__reduce__`).
    #[classmethod]
    fn _from_pickle(cls: &Bound<'_, PyType>, json: &str, steps: Vec<String>) -> PyResult<State> {
        let mut state = replay(cls.py(), &parse_record(json)?)?;
        state.steps = steps;
        Ok(state)
    }
}

/// What `__reduce__` gives pickle: the unpickling function and its arguments.
type Reduced<'py> = (Bound<'py, PyAny>, (String, Vec<String>));

fn illegal_step(action: usize, step: Option<&str>) -> PyErr {
    let what = match step {
        Some(token) => format!("the step {token} is not legal now"),
        None => "the turn cannot end now".to_string(),
    };
    IllegalMove::new_err(Error::bad_move(&action.to_string(), what).to_string())
}
