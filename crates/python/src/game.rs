//! `arbiter.Game` and `arbiter.games()`.

use crate::state::State;
use crate::{guard, to_py};
use arbiter_ai::Engines;
use arbiter_core::{DynGameType, DynSession, Player, Registry};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};
use std::sync::OnceLock;

/// Every game, built once.
pub(crate) fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(arbiter_games::registry)
}

/// The agents of every game, built once.
pub(crate) fn engines() -> &'static Engines {
    static ENGINES: OnceLock<Engines> = OnceLock::new();
    ENGINES.get_or_init(arbiter_games::engines)
}

/// A game with its options: `Game("villawar", size=10)`, `Game("void:plies=300")`.
#[pyclass(module = "arbiter", frozen)]
pub struct Game {
    pub(crate) kind: &'static dyn DynGameType,
    /// The registry name.
    #[pyo3(get)]
    pub(crate) name: String,
    /// The options in canonical option syntax, "" for the defaults.
    #[pyo3(get)]
    pub(crate) options: String,
    #[pyo3(get)]
    pub(crate) sides: (String, String),
    #[pyo3(get)]
    pub(crate) stepwise: bool,
    #[pyo3(get)]
    pub(crate) num_actions: usize,
    #[pyo3(get)]
    pub(crate) observation_shape: (usize, usize, usize),
}

impl Game {
    /// The game of a registry entry with options (checked; made canonical through a session).
    pub(crate) fn with_options(kind: &'static dyn DynGameType, options: &str) -> Result<Game, arbiter_core::Error> {
        let session = kind.new_session(options, None)?;
        Ok(Game::of_session(kind, session.as_ref()))
    }

    /// The game (name and canonical options) of a session.
    pub(crate) fn of_session(kind: &'static dyn DynGameType, session: &dyn DynSession) -> Game {
        let [planes, rows, columns] = session.observation_shape();
        Game {
            kind,
            name: kind.name().to_string(),
            options: session.options(),
            sides: (
                session.player_name(Player::First).to_string(),
                session.player_name(Player::Second).to_string(),
            ),
            stepwise: session.is_stepwise(),
            num_actions: session.num_actions(),
            observation_shape: (planes, rows, columns),
        }
    }

    /// `name` or `name:options`.
    pub(crate) fn spec_text(&self) -> String {
        if self.options.is_empty() {
            self.name.clone()
        } else {
            format!("{}:{}", self.name, self.options)
        }
    }

    /// A `Game` from a spec and keyword options.
    pub(crate) fn parse(spec: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
        let (name, given) = spec.split_once(':').unwrap_or((spec, ""));
        let mut parts: Vec<String> = Vec::new();
        if !given.trim().is_empty() {
            parts.push(given.trim().to_string());
        }
        if let Some(options) = options {
            for (key, value) in options.iter() {
                let key: String = key.extract()?;
                let value = if value.is_instance_of::<PyBool>() {
                    if value.extract::<bool>()? { "on" } else { "off" }.to_string()
                } else if value.is_instance_of::<PyInt>() {
                    value.extract::<i64>()?.to_string()
                } else if value.is_instance_of::<PyString>() {
                    value.extract::<String>()?
                } else {
                    return Err(PyTypeError::new_err(format!(
                        "option '{key}' must be a str, int or bool, not {}",
                        value.get_type().name()?
                    )));
                };
                parts.push(format!("{key}={value}"));
            }
        }
        let options = parts.join(",");
        let kind = registry().get(name.trim()).map_err(to_py)?;
        guard(|| Game::with_options(kind, &options).map_err(to_py))
    }

    /// A game given as a `Game` or a spec string.
    pub(crate) fn from_any(py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<Py<Game>> {
        if let Ok(game) = game.downcast::<Game>() {
            return Ok(game.clone().unbind());
        }
        if let Ok(spec) = game.extract::<String>() {
            return Py::new(py, Game::parse(&spec, None)?);
        }
        Err(PyTypeError::new_err(format!(
            "a game is an arbiter.Game or a spec string like 'villawar:size=10', not {}",
            game.get_type().name()?
        )))
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (spec, **options))]
    fn new(spec: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
        Game::parse(spec, options)
    }

    /// `name` or `name:options`.
    #[getter]
    fn spec(&self) -> String {
        self.spec_text()
    }

    /// The start position.
    fn new_state(slf: &Bound<'_, Self>) -> PyResult<State> {
        let game = slf.get();
        let session = guard(|| game.kind.new_session(&game.options, None).map_err(to_py))?;
        Ok(State::new(slf.clone().unbind(), session))
    }

    /// A position of this game; ValueError for a bad one.
    fn state(slf: &Bound<'_, Self>, position: &str) -> PyResult<State> {
        State::from_game_position(slf, position)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<Game>()
            .is_ok_and(|o| o.get().name == self.name && o.get().options == self.options)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (&self.name, &self.options).hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        format!("Game('{}')", self.spec_text())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().spec_text(),)))
    }
}

/// Every game: name, sides, options, stepwise, levels, blurb.
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    let mut all = Vec::new();
    for name in registry().names() {
        let kind = registry().get(name).map_err(to_py)?;
        let game = guard(|| Game::with_options(kind, "").map_err(to_py))?;
        let d = PyDict::new(py);
        d.set_item("name", name)?;
        d.set_item("sides", vec![game.sides.0.clone(), game.sides.1.clone()])?;
        d.set_item("options", kind.option_keys())?;
        let choices = PyDict::new(py);
        for (key, values) in kind.option_choices() {
            choices.set_item(*key, values.to_vec())?;
        }
        d.set_item("option_choices", choices)?;
        d.set_item("stepwise", kind.stepwise())?;
        d.set_item("levels", kind.strength_levels().len())?;
        d.set_item(
            "level_agents",
            kind.strength_levels()
                .iter()
                .map(|l| arbiter_ai::levels::agent(l).to_string())
                .collect::<Vec<_>>(),
        )?;
        d.set_item("blurb", kind.blurb())?;
        d.set_item("num_actions", game.num_actions)?;
        d.set_item("observation_shape", game.observation_shape)?;
        all.push(d);
    }
    Ok(all)
}
