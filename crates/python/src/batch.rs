//! Batches of games for `arbiter.distributed` (private functions of `arbiter._arbiter`): any games of a
//! match or of a report's self-play, chosen by their indices, played on threads without the GIL.
//!
//! Game `i` of a batch is exactly game `i` of the whole run: the same opening, colours and agent seeds
//! as in `arbiter.match` / `arbiter match` (`_match_batch`), or as in `arbiter report`'s self-play
//! (`_report_batch`, whose cache files `arbiter report` reads back). A match or a report can so be cut
//! into batches played anywhere, in any order, and come out as if played in one piece. The seeding
//! below copies `arbiter_ai::match_runner` and `arbiter_report::selfplay` (whose game functions are
//! private); `python/tests/test_distributed.py` checks that the games are the same.

use crate::game::{engines, registry, Game};
use crate::search::{await_worker, WorkerResult};
use crate::state::reason_name;
use crate::{panic_text, to_py};
use arbiter_ai::match_runner::{can_win_at_once, OPENING_TRIES};
use arbiter_ai::{levels, AgentKind, AgentSpec};
use arbiter_core::{with_ply_limit, DynGameType, EndReason, Error, GameRecord, Player};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Whose seeding a batch follows.
#[derive(Clone, Copy)]
enum Scheme {
    /// `arbiter match`: openings from `seed × 0x9E3779B9 + i / 2`, agents seeded `seed + 7919 i`.
    Match { safe_openings: bool },
    /// `arbiter report`: splitmix-mixed seeds, safe openings, agents seeded by the matchup too.
    Report { key_hash: u64 },
}

/// What a batch plays.
struct Plan {
    kind: &'static dyn DynGameType,
    /// The options with the ply limit.
    options: String,
    a: AgentSpec,
    b: AgentSpec,
    opening_plies: u32,
    seed: u64,
    scheme: Scheme,
}

/// One finished game.
struct Played {
    index: u32,
    a_first: bool,
    a_side: String,
    a_score: f64,
    reason: EndReason,
    plies: usize,
    opening_plies: u32,
    a_max_move_ms: u64,
    b_max_move_ms: u64,
    millis: u64,
    record: GameRecord,
    forfeit: Option<String>,
}

/// `arbiter_report::selfplay`'s seed mixer (splitmix64's finaliser).
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `arbiter_report::selfplay`'s FNV-1a (64 bits), for matchup keys and cache folder names.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Plays game `index` of the plan, as `arbiter_ai::match_runner` or `arbiter_report::selfplay` does.
fn play(plan: &Plan, index: u32, stop: &AtomicBool) -> Result<Played, Error> {
    let started = Instant::now();
    let game = plan.kind;
    let mut session = game.new_session(&plan.options, None)?;
    let (opening_seed, safe) = match plan.scheme {
        Scheme::Match { safe_openings } => (
            plan.seed.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(index / 2)),
            safe_openings,
        ),
        Scheme::Report { .. } => (mix(plan.seed, u64::from(index / 2)), true),
    };
    let mut opening = 0;
    for ply in 0..plan.opening_plies {
        if session.ending().is_some() {
            break;
        }
        let seed = match plan.scheme {
            Scheme::Match { .. } => opening_seed.wrapping_mul(1000).wrapping_add(u64::from(ply)),
            Scheme::Report { .. } => mix(opening_seed, u64::from(ply)),
        };
        let mut mv = session.random_move(seed).ok_or(Error::GameOver)?;
        if safe {
            for attempt in 1..OPENING_TRIES {
                let mut next = session.clone_box();
                next.play(&mv)?;
                if next.ending().is_none() && !can_win_at_once(next.as_ref()) {
                    break;
                }
                let retry = match plan.scheme {
                    Scheme::Match { .. } => seed.wrapping_add(attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
                    Scheme::Report { .. } => mix(seed, attempt),
                };
                mv = session.random_move(retry).ok_or(Error::GameOver)?;
            }
        }
        session.play(&mv)?;
        opening += 1;
    }
    let agent_seed = match plan.scheme {
        Scheme::Match { .. } => plan.seed.wrapping_add(u64::from(index) * 7919),
        Scheme::Report { key_hash } => mix(mix(plan.seed, key_hash), u64::from(index)),
    };
    let mut a = engines().agent(game.name(), &plan.a.with_default_seed(agent_seed))?;
    let mut b = engines().agent(game.name(), &plan.b.with_default_seed(agent_seed.wrapping_add(1)))?;
    let a_first = index.is_multiple_of(2);
    let a_player = if a_first { Player::First } else { Player::Second };
    let stopped = || Error::Invalid("the batch was stopped".into());
    let mut max_ms = [0u64; 2];
    let mut forfeit = None;
    while session.ending().is_none() {
        if stop.load(Ordering::Relaxed) {
            return Err(stopped());
        }
        let a_to_move = session.to_move() == a_player;
        let agent = if a_to_move { &mut a } else { &mut b };
        let move_started = Instant::now();
        let result = agent.choose(session.as_ref(), stop, &mut |_| {});
        if stop.load(Ordering::Relaxed) {
            return Err(stopped());
        }
        let ms = move_started.elapsed().as_millis() as u64;
        let slot = &mut max_ms[usize::from(!a_to_move)];
        *slot = (*slot).max(ms);
        let failure = match result {
            Ok(result) => session
                .play(&result.best)
                .err()
                .map(|e| format!("{} chose an illegal move: {e}", agent.name())),
            Err(e) => Some(e.to_string()),
        };
        if let Some(why) = failure {
            let loser = session.to_move();
            session.resign(loser)?;
            let name = session.player_name(loser);
            forfeit = Some(match plan.scheme {
                Scheme::Match { .. } => format!("{name} ({}) forfeits: {why}", if a_to_move { "A" } else { "B" }),
                Scheme::Report { .. } => format!("{name} forfeits: {why}"),
            });
        }
    }
    let mut record = session.record();
    if let (Some(why), Some(result)) = (&forfeit, record.result.as_mut()) {
        result.text = Some(why.clone());
    }
    let ending = session.ending().expect("the loop ends with the game");
    Ok(Played {
        index,
        a_first,
        a_side: session.player_name(a_player).to_string(),
        a_score: (ending.outcome.score_for(a_player) as f64 + 1.0) / 2.0,
        reason: ending.reason,
        plies: session.ply(),
        opening_plies: opening,
        a_max_move_ms: max_ms[0],
        b_max_move_ms: max_ms[1],
        millis: started.elapsed().as_millis() as u64,
        record,
        forfeit,
    })
}

/// Plays the games `indices` of the plan on `concurrency` threads without the GIL, in the order of
/// `indices`; Ctrl-C (or a KeyboardInterrupt from Ray's `cancel`) stops them and is raised.
fn run(py: Python<'_>, plan: Plan, indices: Vec<u32>, concurrency: usize) -> PyResult<Vec<Played>> {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<WorkerResult<Vec<Played>>>();
    let worker = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let next = AtomicUsize::new(0);
                let slots: Vec<std::sync::Mutex<Option<Result<Played, Error>>>> =
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
                        None => return Err(Error::Invalid("the batch was stopped".into())),
                    }
                }
                Ok(games)
            }));
            let _ = tx.send(result.map_err(|p| panic_text(p.as_ref())));
        })
    };
    await_worker(py, rx, worker, &stop, "the batch thread")
}

/// Checks a batch's common arguments.
fn check_arguments(concurrency: usize, max_plies: u32) -> PyResult<()> {
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

/// The game as `arbiter report` caches it (`selfplay::PlayedGame`, pretty JSON, without the final
/// newline): its fields in their order, the record nested.
fn cached_text(game: &Played) -> String {
    let record = record_text(&game.record).replace('\n', "\n  ");
    let mut text = format!(
        "{{\n  \"index\": {},\n  \"a_first\": {},\n  \"opening_plies\": {},\n",
        game.index, game.a_first, game.opening_plies
    );
    if let Some(why) = &game.forfeit {
        let why = serde_json::to_string(why).expect("strings serialize");
        text.push_str(&format!("  \"forfeit\": {why},\n"));
    }
    text.push_str(&format!("  \"millis\": {},\n  \"record\": {record}\n}}", game.millis));
    text
}

/// A played game as a dict: what `arbiter.match` gives for a game, with the record as JSON text.
fn played_dict<'py>(py: Python<'py>, g: &Played) -> PyResult<Bound<'py, PyDict>> {
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
    let plan = Plan {
        kind,
        options,
        a: a.parse::<AgentSpec>().map_err(to_py)?,
        b: b.parse::<AgentSpec>().map_err(to_py)?,
        opening_plies,
        seed,
        scheme: Scheme::Match { safe_openings },
    };
    // What run_match checks before it plays.
    crate::guard(|| {
        kind.check_options(&plan.options).map_err(to_py)?;
        kind.new_session(&plan.options, None).map_err(to_py)?;
        engines().agent(kind.name(), &plan.a).map_err(to_py)?;
        engines().agent(kind.name(), &plan.b).map_err(to_py)?;
        Ok(())
    })?;
    let d = PyDict::new(py);
    d.set_item("game", format!("{}:{}", kind.name(), plan.options))?;
    d.set_item("a", plan.a.to_string())?;
    d.set_item("b", plan.b.to_string())?;
    let games = run(py, plan, indices, concurrency)?;
    let results = PyList::empty(py);
    for g in &games {
        results.append(played_dict(py, g)?)?;
    }
    d.set_item("results", results)?;
    Ok(d)
}

/// A contender of a report: 0 the random mover, 1..=6 a strength level.
fn contender_spec(kind: &dyn DynGameType, contender: u8, seconds_per_move: Option<f64>) -> AgentSpec {
    if contender == 0 {
        return AgentSpec::of(AgentKind::Random);
    }
    let mut spec = levels::spec(kind.strength_levels(), contender);
    if let (Some(seconds), Some(_)) = (seconds_per_move, spec.limits.time) {
        spec.limits.time = Some(Duration::from_secs_f64(seconds.max(0.001)));
    }
    spec
}

fn contender_slug(contender: u8) -> String {
    if contender == 0 {
        "random".into()
    } else {
        format!("level{contender}")
    }
}

fn contender_label(contender: u8) -> String {
    if contender == 0 {
        "random".into()
    } else {
        format!("level {contender}")
    }
}

/// A contender as the report's settings.json writes it: "random" or {"level": n}.
fn contender_json(contender: u8) -> serde_json::Value {
    if contender == 0 {
        serde_json::json!("random")
    } else {
        serde_json::json!({ "level": contender })
    }
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
    let options = with_ply_limit(&options, max_plies).map_err(to_py)?;
    let session = crate::guard(|| kind.new_session(&options, None).map_err(to_py))?;
    // selfplay::plan: self-play of the random mover and of every level, then the ladder.
    let mut sorted = levels.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let contenders: Vec<u8> = std::iter::once(0).chain(sorted).collect();
    let mut pairs: Vec<(&str, u8, u8)> = contenders.iter().map(|&c| ("self-play", c, c)).collect();
    pairs.extend(contenders.windows(2).map(|w| ("ladder", w[0], w[1])));
    let matchups = PyList::empty(py);
    for (kind_name, a, b) in pairs {
        let (a_spec, b_spec) = (
            contender_spec(kind, a, seconds_per_move),
            contender_spec(kind, b, seconds_per_move),
        );
        let key = format!("{}-vs-{}", contender_slug(a), contender_slug(b));
        let identity = format!(
            "{{\"version\":1,\"game\":{},\"options\":{},\"opening_plies\":{opening_plies},\"seed\":{seed},\"a\":{},\"b\":{}}}",
            serde_json::json!(kind.name()),
            serde_json::json!(options),
            serde_json::json!(a_spec.to_string()),
            serde_json::json!(b_spec.to_string()),
        );
        let about = serde_json::json!({
            "game": kind.name(),
            "options": options,
            "matchup": { "kind": kind_name, "a": contender_json(a), "b": contender_json(b) },
            "a": a_spec.to_string(),
            "b": b_spec.to_string(),
            "opening_plies": opening_plies,
            "seed": seed,
        });
        let deterministic = |s: &AgentSpec| s.kind == AgentKind::Random || s.limits.time.is_none();
        let m = PyDict::new(py);
        m.set_item("key", &key)?;
        m.set_item(
            "label",
            if kind_name == "self-play" {
                contender_label(a)
            } else {
                format!("{} vs {}", contender_label(a), contender_label(b))
            },
        )?;
        m.set_item("kind", kind_name)?;
        m.set_item("a", a)?;
        m.set_item("b", b)?;
        m.set_item("a_spec", a_spec.to_string())?;
        m.set_item("b_spec", b_spec.to_string())?;
        m.set_item("deterministic", deterministic(&a_spec) && deterministic(&b_spec))?;
        m.set_item("folder", format!("games/{key}-{:08x}", fnv1a(&identity) as u32))?;
        m.set_item(
            "settings_json",
            serde_json::to_string_pretty(&about).expect("plain data serializes"),
        )?;
        matchups.append(m)?;
    }
    let d = PyDict::new(py);
    d.set_item("game", kind.name())?;
    d.set_item("options", &options)?;
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
    let options = with_ply_limit(&options, max_plies).map_err(to_py)?;
    let key = format!("{}-vs-{}", contender_slug(a), contender_slug(b));
    let plan = Plan {
        kind,
        options,
        a: contender_spec(kind, a, seconds_per_move),
        b: contender_spec(kind, b, seconds_per_move),
        opening_plies,
        seed,
        scheme: Scheme::Report { key_hash: fnv1a(&key) },
    };
    crate::guard(|| {
        kind.new_session(&plan.options, None).map_err(to_py)?;
        engines().agent(kind.name(), &plan.a).map_err(to_py)?;
        Ok(())
    })?;
    let games = run(py, plan, indices, concurrency)?;
    let list = PyList::empty(py);
    for g in &games {
        let d = played_dict(py, g)?;
        d.set_item("cached_json", cached_text(g))?;
        list.append(d)?;
    }
    Ok(list)
}
