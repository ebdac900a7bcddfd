//! Batches of games for `arbiter.distributed` (private functions of `arbiter._arbiter`): any games of a
//! match or of a report's self-play, chosen by their indices, played on threads without the GIL.
//!
//! Game `i` of a batch is exactly game `i` of the whole run, because it is played by the same code:
//! `arbiter_ai::game_loop` with the match's seeding (`_match_batch`), or `arbiter_report::selfplay`'s
//! `play_game` (`_report_batch`, whose cache files `arbiter report` reads back). A match or a report
//! can so be cut into batches played anywhere, in any order, and come out as if played in one piece.

use crate::game::{engines, registry, Game};
use crate::search::{await_worker, WorkerResult};
use crate::state::reason_name;
use crate::{panic_text, to_py};
use arbiter_ai::game_loop::{self, stopped, FinishedGame, GameSetup, Seeding};
use arbiter_ai::AgentSpec;
use arbiter_core::{with_ply_limit, DynGameType, Error, GameRecord, Player};
use arbiter_report::selfplay::{self, Contender, Matchup, MatchupKind, PlaySettings, PlayedGame};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

/// A match's games, as `arbiter match` plays them.
struct MatchPlan {
    kind: &'static dyn DynGameType,
    /// The options with the ply limit.
    options: String,
    a: AgentSpec,
    b: AgentSpec,
    opening_plies: u32,
    seed: u64,
    safe_openings: bool,
}

/// What a batch plays: a match's games, or a report matchup's.
enum Plan {
    Match(Box<MatchPlan>),
    Report {
        kind: &'static dyn DynGameType,
        settings: PlaySettings,
        matchup: Matchup,
    },
}

/// Plays game `index` of the plan, as `arbiter match` or `arbiter report` would.
fn play(plan: &Plan, index: u32, stop: &AtomicBool) -> Result<FinishedGame, Error> {
    match plan {
        Plan::Match(plan) => {
            let setup = GameSetup {
                run: "batch",
                game: plan.kind,
                options: &plan.options,
                position: None,
                a: &plan.a,
                b: &plan.b,
                opening_plies: plan.opening_plies,
                safe_openings: plan.safe_openings,
                seed: plan.seed,
                seeding: Seeding::Match,
                clock: None,
            };
            game_loop::play_game(engines(), &setup, index, stop)
        }
        Plan::Report {
            kind,
            settings,
            matchup,
        } => selfplay::play_game(engines(), *kind, settings, matchup, index, stop),
    }
}

/// Plays the games `indices` of the plan on `concurrency` threads without the GIL, in the order of
/// `indices`; Ctrl-C (or a KeyboardInterrupt from Ray's `cancel`) stops them and is raised.
fn run(py: Python<'_>, plan: Plan, indices: Vec<u32>, concurrency: usize) -> PyResult<Vec<FinishedGame>> {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<WorkerResult<Vec<FinishedGame>>>();
    let worker = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let next = AtomicUsize::new(0);
                let slots: Vec<std::sync::Mutex<Option<Result<FinishedGame, Error>>>> =
                    indices.iter().map(|_| std::sync::Mutex::new(None)).collect();
                std::thread::scope(|scope| {
                    for _ in 0..concurrency.min(indices.len()).max(1) {
                        scope.spawn(|| loop {
                            if stop.load(Ordering::Relaxed) {
                                return;
                            }
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&index) = indices.get(i) else { return };
                            let played = play(&plan, index, &stop);
                            if played.is_err() {
                                stop.store(true, Ordering::Relaxed);
                            }
                            *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(played);
                        });
                    }
                });
                let mut games = Vec::with_capacity(slots.len());
                for slot in slots {
                    match slot.into_inner().unwrap_or_else(|e| e.into_inner()) {
                        Some(Ok(g)) => games.push(g),
                        Some(Err(e)) => return Err(e),
                        None => return Err(stopped("batch")),
                    }
                }
                Ok(games)
            }));
            let _ = tx.send(result.map_err(|p| panic_text(p.as_ref())));
        })
    };
    await_worker(py, rx, worker, &stop, "the batch thread")
}

/// Checks the arguments every way of playing games from Python shares (matches and batches).
pub(crate) fn check_arguments(concurrency: usize, max_plies: u32) -> PyResult<()> {
    if concurrency == 0 || concurrency > 64 {
        return Err(PyValueError::new_err(format!(
            "concurrency must be 1 to 64, not {concurrency}"
        )));
    }
    if max_plies == 0 {
        return Err(PyValueError::new_err("max_plies must be at least 1"));
    }
    Ok(())
}

/// A game's record as `arbiter match --records` writes it (without the final newline).
fn record_text(record: &GameRecord) -> String {
    serde_json::to_string_pretty(record).expect("records serialize")
}

/// A played game as a dict: what `arbiter.match` gives for a game, with the record as JSON text.
fn played_dict<'py>(py: Python<'py>, g: &FinishedGame) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("index", g.index)?;
    d.set_item("a_side", &g.a_side)?;
    d.set_item("a_first", g.a_first)?;
    d.set_item("a_score", g.a_score)?;
    d.set_item("reason", reason_name(g.reason))?;
    d.set_item("plies", g.plies)?;
    d.set_item("opening_plies", g.opening_plies)?;
    d.set_item("a_max_move_ms", g.a_max_move_ms)?;
    d.set_item("b_max_move_ms", g.b_max_move_ms)?;
    d.set_item("millis", g.millis)?;
    d.set_item("forfeit", &g.forfeit)?;
    d.set_item("record_json", record_text(&g.record))?;
    Ok(d)
}

/// The games `indices` of the match `arbiter.match(game, a, b, ...)` would play (the same games,
/// whatever the batch): `{"game", "a", "b", "results": [{"index", "a_side", "a_first", "a_score",
/// "reason", "plies", "opening_plies", "a_max_move_ms", "b_max_move_ms", "millis", "forfeit",
/// "record_json"}]}`, the results in the order of `indices`, each record as `arbiter match
/// --records` writes it. No indices: only checks the arguments.
#[pyfunction]
#[pyo3(name = "_match_batch", signature = (game, a, b, indices, opening_plies = 0, max_plies = 400, seed = 0,
    safe_openings = false, concurrency = 1))]
#[allow(clippy::too_many_arguments)]
pub fn match_batch<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    a: &str,
    b: &str,
    indices: Vec<u32>,
    opening_plies: u32,
    max_plies: u32,
    seed: u64,
    safe_openings: bool,
    concurrency: usize,
) -> PyResult<Bound<'py, PyDict>> {
    check_arguments(concurrency, max_plies)?;
    let game = Game::from_any(py, game)?;
    let kind = game.get().kind;
    let options = with_ply_limit(&game.get().options, max_plies).map_err(to_py)?;
    let (a, b) = (
        a.parse::<AgentSpec>().map_err(to_py)?,
        b.parse::<AgentSpec>().map_err(to_py)?,
    );
    // What run_match checks before it plays.
    crate::guard(|| {
        kind.check_options(&options).map_err(to_py)?;
        kind.new_session(&options, None).map_err(to_py)?;
        engines().agent(kind.name(), &a).map_err(to_py)?;
        engines().agent(kind.name(), &b).map_err(to_py)?;
        Ok(())
    })?;
    let d = PyDict::new(py);
    d.set_item("game", format!("{}:{options}", kind.name()))?;
    d.set_item("a", a.to_string())?;
    d.set_item("b", b.to_string())?;
    let plan = Plan::Match(Box::new(MatchPlan {
        kind,
        options,
        a,
        b,
        opening_plies,
        seed,
        safe_openings,
    }));
    let games = run(py, plan, indices, concurrency)?;
    let results = PyList::empty(py);
    for g in &games {
        results.append(played_dict(py, g)?)?;
    }
    d.set_item("results", results)?;
    Ok(d)
}

/// The game kind and options of a report's game spec, as `arbiter report` reads its argument.
fn report_game(game: &Bound<'_, PyAny>) -> PyResult<(&'static dyn DynGameType, String)> {
    let spec = match game.downcast::<Game>() {
        Ok(g) => g.get().spec_text(),
        Err(_) => game.extract::<String>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err("a game is an arbiter.Game or a spec string like 'villawar:size=6'")
        })?,
    };
    let (kind, options) = registry().parse_spec(&spec).map_err(to_py)?;
    Ok((kind, options.to_string()))
}

fn check_report(seconds_per_move: Option<f64>, max_plies: u32) -> PyResult<()> {
    if max_plies == 0 {
        return Err(PyValueError::new_err("max_plies must be at least 1"));
    }
    if seconds_per_move.is_some_and(|s| !(s > 0.0 && s.is_finite())) {
        return Err(PyValueError::new_err(
            "seconds_per_move must be a positive number of seconds",
        ));
    }
    Ok(())
}

/// The report's play settings, as `arbiter report` makes them from its arguments.
fn report_settings(
    kind: &dyn DynGameType,
    options: &str,
    opening_plies: u32,
    max_plies: u32,
    seed: u64,
    seconds_per_move: Option<f64>,
) -> PyResult<PlaySettings> {
    Ok(PlaySettings {
        game: kind.name().to_string(),
        options: with_ply_limit(options, max_plies).map_err(to_py)?,
        opening_plies,
        seconds_per_move,
        seed,
    })
}

/// The matchups of `arbiter report GAME --levels ...` with where it caches their games: `{"game",
/// "options" (with the ply limit), "sides", "matchups": [{"key", "label", "kind", "a", "b" (0 for
/// random, else the level), "a_spec", "b_spec", "deterministic", "folder" ("games/<key>-<hash>"),
/// "settings_json"}]}`.
#[pyfunction]
#[pyo3(name = "_report_plan", signature = (game, levels, opening_plies = 2, max_plies = 400, seed = 1,
    seconds_per_move = None))]
pub fn report_plan<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    levels: Vec<u8>,
    opening_plies: u32,
    max_plies: u32,
    seed: u64,
    seconds_per_move: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    check_report(seconds_per_move, max_plies)?;
    let (kind, options) = report_game(game)?;
    if let Some(&bad) = levels.iter().find(|&&l| l == 0 || l > arbiter_core::LEVELS) {
        return Err(PyValueError::new_err(format!(
            "levels are 1 to {}, not {bad}",
            arbiter_core::LEVELS
        )));
    }
    let settings = report_settings(kind, &options, opening_plies, max_plies, seed, seconds_per_move)?;
    let session = crate::guard(|| kind.new_session(&settings.options, None).map_err(to_py))?;
    let number = |c: Contender| match c {
        Contender::Random => 0,
        Contender::Level(n) => n,
    };
    let matchups = PyList::empty(py);
    for matchup in selfplay::plan(&levels) {
        let a_spec = selfplay::agent_spec(kind, matchup.a, &settings);
        let b_spec = selfplay::agent_spec(kind, matchup.b, &settings);
        let m = PyDict::new(py);
        m.set_item("key", matchup.key())?;
        m.set_item("label", matchup.label())?;
        m.set_item(
            "kind",
            match matchup.kind {
                MatchupKind::SelfPlay => "self-play",
                MatchupKind::Ladder => "ladder",
            },
        )?;
        m.set_item("a", number(matchup.a))?;
        m.set_item("b", number(matchup.b))?;
        m.set_item("a_spec", a_spec.to_string())?;
        m.set_item("b_spec", b_spec.to_string())?;
        m.set_item(
            "deterministic",
            selfplay::is_deterministic(&a_spec) && selfplay::is_deterministic(&b_spec),
        )?;
        m.set_item(
            "folder",
            selfplay::cache_folder_name(&matchup, &settings, &a_spec, &b_spec),
        )?;
        let about = selfplay::settings_text(&settings, &matchup, &a_spec, &b_spec);
        m.set_item("settings_json", about.trim_end())?;
        matchups.append(m)?;
    }
    let d = PyDict::new(py);
    d.set_item("game", kind.name())?;
    d.set_item("options", &settings.options)?;
    d.set_item(
        "sides",
        (session.player_name(Player::First), session.player_name(Player::Second)),
    )?;
    d.set_item("matchups", matchups)?;
    Ok(d)
}

/// The games `indices` of a report matchup (contenders `a` and `b`: 0 random, else the level), as
/// `arbiter report` plays them: a list of the game dicts of `_match_batch`, each also with
/// "cached_json", the file `arbiter report` caches it in (without the final newline).
#[pyfunction]
#[pyo3(name = "_report_batch", signature = (game, a, b, indices, opening_plies = 2, max_plies = 400, seed = 1,
    seconds_per_move = None, concurrency = 1))]
#[allow(clippy::too_many_arguments)]
pub fn report_batch<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    a: u8,
    b: u8,
    indices: Vec<u32>,
    opening_plies: u32,
    max_plies: u32,
    seed: u64,
    seconds_per_move: Option<f64>,
    concurrency: usize,
) -> PyResult<Bound<'py, PyList>> {
    check_arguments(concurrency, max_plies)?;
    check_report(seconds_per_move, max_plies)?;
    let (kind, options) = report_game(game)?;
    if let Some(bad) = [a, b].into_iter().find(|&c| c > arbiter_core::LEVELS) {
        return Err(PyValueError::new_err(format!(
            "a contender is 0 (random) or a level 1 to {}, not {bad}",
            arbiter_core::LEVELS
        )));
    }
    let settings = report_settings(kind, &options, opening_plies, max_plies, seed, seconds_per_move)?;
    let matchup = Matchup {
        kind: if a == b {
            MatchupKind::SelfPlay
        } else {
            MatchupKind::Ladder
        },
        a: Contender::from_number(a),
        b: Contender::from_number(b),
    };
    crate::guard(|| {
        kind.new_session(&settings.options, None).map_err(to_py)?;
        engines()
            .agent(kind.name(), &selfplay::agent_spec(kind, matchup.a, &settings))
            .map_err(to_py)?;
        Ok(())
    })?;
    let games = run(
        py,
        Plan::Report {
            kind,
            settings,
            matchup,
        },
        indices,
        concurrency,
    )?;
    let list = PyList::empty(py);
    for g in games {
        let d = played_dict(py, &g)?;
        let cached = PlayedGame::from(g).cache_text();
        d.set_item("cached_json", cached.trim_end())?;
        list.append(d)?;
    }
    Ok(list)
}
