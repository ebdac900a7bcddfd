//! The self-play a report needs: every matchup's games, played on several threads, each game
//! written to `DIR/games/<matchup>/game-NNNN.json` as soon as it ends, so that a second run with
//! the same settings reads those back and plays only what is missing (a stopped report resumes).
//!
//! Games are deterministic given the seed (for levels budgeted by depth or iterations; a level
//! that thinks for a time depends on the machine's speed): game `i` of every matchup opens with
//! the same random opening, shared by games `2k` and `2k + 1`, and the agents' seeds depend only
//! on the seed, the matchup and `i`.

use arbiter_ai::game_loop::{self, stopped, FinishedGame, GameSetup, Seeding};
use arbiter_ai::{levels, AgentKind, AgentSpec, Engines};
use arbiter_core::{DynGameType, Error, GameRecord};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// Who plays a side: the random mover or a strength level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Contender {
    /// Uniformly random legal moves.
    Random,
    /// Strength level 1..=6 of the game.
    Level(u8),
}

impl Contender {
    /// For people: `random`, `level 3`.
    pub fn label(self) -> String {
        match self {
            Contender::Random => "random".into(),
            Contender::Level(n) => format!("level {n}"),
        }
    }

    /// For axes: `R`, `L3`.
    pub fn short(self) -> String {
        match self {
            Contender::Random => "R".into(),
            Contender::Level(n) => format!("L{n}"),
        }
    }

    /// For file names: `random`, `level3`.
    pub fn slug(self) -> String {
        match self {
            Contender::Random => "random".into(),
            Contender::Level(n) => format!("level{n}"),
        }
    }
}

/// What a matchup measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatchupKind {
    /// The same contender on both sides: balance, draws, duration, drama.
    SelfPlay,
    /// A contender against the next stronger one: the level ladder.
    Ladder,
}

impl Contender {
    /// A contender by number, as the Python layer passes it: 0 the random mover, else the level.
    pub fn from_number(number: u8) -> Contender {
        match number {
            0 => Contender::Random,
            level => Contender::Level(level),
        }
    }
}

/// Two contenders; in a ladder matchup `b` is the stronger one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Matchup {
    /// What it measures.
    pub kind: MatchupKind,
    /// One side (the weaker in a ladder matchup).
    pub a: Contender,
    /// The other side (the stronger in a ladder matchup).
    pub b: Contender,
}

impl Matchup {
    /// `random-vs-level1`.
    pub fn key(&self) -> String {
        format!("{}-vs-{}", self.a.slug(), self.b.slug())
    }

    /// `level 1 vs level 3`, or `level 3` for self-play.
    pub fn label(&self) -> String {
        match self.kind {
            MatchupKind::SelfPlay => self.a.label(),
            MatchupKind::Ladder => format!("{} vs {}", self.a.label(), self.b.label()),
        }
    }

    /// `L3`, `L1-L3`: for axes.
    pub fn short(&self) -> String {
        match self.kind {
            MatchupKind::SelfPlay => self.a.short(),
            MatchupKind::Ladder => format!("{}-{}", self.a.short(), self.b.short()),
        }
    }
}

/// The matchups of a report on `levels`: self-play of the random mover and of every level
/// (balance), then the ladder: random against the lowest level, and each level against the next.
pub fn plan(levels: &[u8]) -> Vec<Matchup> {
    let mut sorted: Vec<u8> = levels.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let contenders: Vec<Contender> = std::iter::once(Contender::Random)
        .chain(sorted.iter().map(|&n| Contender::Level(n)))
        .collect();
    let mut matchups: Vec<Matchup> = contenders
        .iter()
        .map(|&c| Matchup {
            kind: MatchupKind::SelfPlay,
            a: c,
            b: c,
        })
        .collect();
    matchups.extend(contenders.windows(2).map(|pair| Matchup {
        kind: MatchupKind::Ladder,
        a: pair[0],
        b: pair[1],
    }));
    matchups
}

/// How the games are played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlaySettings {
    /// The game's registry name.
    pub game: String,
    /// Its options, the ply limit included (`plies=400`).
    pub options: String,
    /// Random plies before the agents take over (safe ones: none lets the opponent win at once).
    pub opening_plies: u32,
    /// Replaces the thinking time of the levels that think by time (seconds; depth and iteration
    /// budgets are kept).
    pub seconds_per_move: Option<f64>,
    /// The base seed.
    pub seed: u64,
}

/// The agent spec that plays for a contender in `game` under `settings`.
pub fn agent_spec(game: &dyn DynGameType, contender: Contender, settings: &PlaySettings) -> AgentSpec {
    match contender {
        Contender::Random => AgentSpec::of(AgentKind::Random),
        Contender::Level(n) => {
            let mut spec = levels::spec(game.strength_levels(), n);
            if let (Some(seconds), Some(_)) = (settings.seconds_per_move, spec.limits.time) {
                spec.limits.time = Some(Duration::from_secs_f64(seconds.max(0.001)));
            }
            spec
        }
    }
}

/// Whether a contender's games are reproducible from the seed (no time budget).
pub fn is_deterministic(spec: &AgentSpec) -> bool {
    spec.kind == AgentKind::Random || spec.limits.time.is_none()
}

/// One game as cached in `DIR/games/<matchup>/game-NNNN.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayedGame {
    /// The game's number in its matchup, from 0.
    pub index: u32,
    /// Did side `a` of the matchup play first?
    pub a_first: bool,
    /// Random opening plies actually played.
    pub opening_plies: u32,
    /// Why a player lost by failing (an agent error), if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<String>,
    /// Wall time of the whole game in ms (for information: it is not reproducible).
    pub millis: u64,
    /// The game record (its result included).
    pub record: GameRecord,
}

impl From<FinishedGame> for PlayedGame {
    fn from(game: FinishedGame) -> PlayedGame {
        PlayedGame {
            index: game.index,
            a_first: game.a_first,
            opening_plies: game.opening_plies,
            forfeit: game.forfeit,
            millis: game.millis,
            record: game.record,
        }
    }
}

impl PlayedGame {
    /// The cache file's text (pretty JSON, ending in a newline).
    pub fn cache_text(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialize") + "\n"
    }
}

/// The games of one matchup, by index.
#[derive(Debug, Clone)]
pub struct MatchupGames {
    /// The matchup.
    pub matchup: Matchup,
    /// Side a's agent spec as played.
    pub a_spec: String,
    /// Side b's agent spec as played.
    pub b_spec: String,
    /// Whether both agents are reproducible from the seed.
    pub deterministic: bool,
    /// The folder of its cached games.
    pub folder: PathBuf,
    /// Its games, in order of index.
    pub games: Vec<PlayedGame>,
}

/// How far the self-play has come.
#[derive(Debug, Clone, Default)]
pub struct Progress {
    /// Games available (read from the cache or played).
    pub done: usize,
    /// Games the report needs.
    pub total: usize,
    /// Games read from the cache.
    pub cached: usize,
    /// The last game played: its matchup, plies and result, in words.
    pub last: Option<String>,
}

/// FNV-1a, 64 bits: a stable hash of the settings for cache folder names.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What identifies a matchup's cached games: a change of any of it starts another folder.
#[derive(Serialize)]
struct CacheIdentity<'a> {
    version: u32,
    game: &'a str,
    options: &'a str,
    opening_plies: u32,
    seed: u64,
    a: String,
    b: String,
}

/// The cache layout's version: a change of how games are played bumps it.
const CACHE_VERSION: u32 = 1;

/// The folder of a matchup's games under `dir`: `games/<key>-<hash of the settings>`.
fn cache_folder(dir: &Path, matchup: &Matchup, settings: &PlaySettings, a: &AgentSpec, b: &AgentSpec) -> PathBuf {
    dir.join(cache_folder_name(matchup, settings, a, b))
}

/// The folder of a matchup's games in a report's folder, `games/<key>-<hash of the settings>`:
/// where `arbiter report` looks for games played before (also by `arbiter.distributed`).
pub fn cache_folder_name(matchup: &Matchup, settings: &PlaySettings, a: &AgentSpec, b: &AgentSpec) -> String {
    let identity = CacheIdentity {
        version: CACHE_VERSION,
        game: &settings.game,
        options: &settings.options,
        opening_plies: settings.opening_plies,
        seed: settings.seed,
        a: a.to_string(),
        b: b.to_string(),
    };
    let text = serde_json::to_string(&identity).expect("plain data serializes");
    format!("games/{}-{:08x}", matchup.key(), fnv1a(&text) as u32)
}

/// The `settings.json` written beside a matchup's cached games, for people reading the folder.
pub fn settings_text(settings: &PlaySettings, matchup: &Matchup, a: &AgentSpec, b: &AgentSpec) -> String {
    let about = serde_json::json!({
        "game": settings.game,
        "options": settings.options,
        "matchup": matchup,
        "a": a.to_string(),
        "b": b.to_string(),
        "opening_plies": settings.opening_plies,
        "seed": settings.seed,
    });
    serde_json::to_string_pretty(&about).expect("plain data serializes") + "\n"
}

fn game_path(folder: &Path, index: u32) -> PathBuf {
    folder.join(format!("game-{:04}.json", index + 1))
}

/// Reads a cached game; `None` if it is missing or unreadable (then it is played again).
fn read_cached(path: &Path, index: u32) -> Option<PlayedGame> {
    let text = std::fs::read_to_string(path).ok()?;
    let game: PlayedGame = serde_json::from_str(&text).ok()?;
    (game.index == index && game.record.result.is_some()).then_some(game)
}

/// Writes a file whole or not at all (a temporary file renamed), so that a stopped run never
/// leaves half a record.
fn write_atomic(path: &Path, text: &str) -> Result<(), Error> {
    let temporary = path.with_extension("json.partial");
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| Error::Invalid(format!("cannot write {}: {e}", path.display())))
}

/// Plays game `index` of a matchup as every report plays it (safe openings, the report's
/// seeding): `arbiter report` and `arbiter.distributed`'s batches alike.
pub fn play_game(
    engines: &Engines,
    game: &dyn DynGameType,
    settings: &PlaySettings,
    matchup: &Matchup,
    index: u32,
    stop: &AtomicBool,
) -> Result<FinishedGame, Error> {
    let (a, b) = (
        agent_spec(game, matchup.a, settings),
        agent_spec(game, matchup.b, settings),
    );
    let setup = GameSetup {
        run: "report",
        game,
        options: &settings.options,
        position: None,
        a: &a,
        b: &b,
        opening_plies: settings.opening_plies,
        safe_openings: true,
        seed: settings.seed,
        seeding: Seeding::Report {
            matchup: fnv1a(&matchup.key()),
        },
        clock: None,
    };
    game_loop::play_game(engines, &setup, index, stop)
}

/// A short line on a finished game, for the progress bar.
fn describe(matchup: &Matchup, game: &PlayedGame) -> String {
    let result = match game.record.result.as_ref().and_then(|r| r.winner.clone()) {
        Some(winner) => format!("{winner} won"),
        None => "draw".into(),
    };
    format!(
        "{} #{}: {} in {} plies",
        matchup.label(),
        game.index + 1,
        result,
        game.record.moves.len()
    )
}

/// Plays (or reads back) `games` games of every matchup into `dir/games/`, `concurrency` at a
/// time, calling `progress` after each; returns every matchup's games in order. `stop`, set from
/// another thread, ends the run early with an error (the games finished so far stay cached).
#[allow(clippy::too_many_arguments)]
pub fn run(
    engines: &Engines,
    game: &dyn DynGameType,
    settings: &PlaySettings,
    matchups: &[Matchup],
    games: u32,
    dir: &Path,
    concurrency: usize,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Vec<MatchupGames>, Error> {
    game.check_options(&settings.options)?;
    game.new_session(&settings.options, None)?;
    let never = AtomicBool::new(false);
    let stop = stop.unwrap_or(&never);
    let mut result = Vec::new();
    let mut jobs = Vec::new();
    let mut state = Progress {
        total: matchups.len() * games as usize,
        ..Progress::default()
    };
    for (m, matchup) in matchups.iter().enumerate() {
        let a = agent_spec(game, matchup.a, settings);
        let b = agent_spec(game, matchup.b, settings);
        engines.agent(game.name(), &a)?;
        let folder = cache_folder(dir, matchup, settings, &a, &b);
        std::fs::create_dir_all(&folder)
            .map_err(|e| Error::Invalid(format!("cannot create {}: {e}", folder.display())))?;
        write_atomic(&folder.join("settings.json"), &settings_text(settings, matchup, &a, &b))?;
        let mut cached = Vec::new();
        for index in 0..games {
            match read_cached(&game_path(&folder, index), index) {
                Some(g) => cached.push(g),
                None => jobs.push((m, index)),
            }
        }
        state.cached += cached.len();
        result.push(MatchupGames {
            matchup: *matchup,
            a_spec: a.to_string(),
            b_spec: b.to_string(),
            deterministic: is_deterministic(&a) && is_deterministic(&b),
            folder,
            games: cached,
        });
    }
    state.done = state.cached;
    progress(&state);
    // Round-robin order: a run stopped early has some games of every matchup.
    jobs.sort_by_key(|&(m, index)| (index, m));
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<Result<(usize, PlayedGame), Error>>();
    let folders: Vec<PathBuf> = result.iter().map(|r| r.folder.clone()).collect();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..concurrency.clamp(1, 256).min(jobs.len().max(1)) {
            let sender = sender.clone();
            let (jobs, next, failed, folders) = (&jobs, &next, &failed, &folders);
            scope.spawn(move || loop {
                if failed.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                    return;
                }
                let Some(&(m, index)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    return;
                };
                let played = play_game(engines, game, settings, &matchups[m], index, stop).and_then(|g| {
                    let g = PlayedGame::from(g);
                    write_atomic(&game_path(&folders[m], index), &g.cache_text())?;
                    Ok((m, g))
                });
                let bad = played.is_err();
                if bad {
                    failed.store(true, Ordering::Relaxed);
                }
                if sender.send(played).is_err() || bad {
                    return;
                }
            });
        }
        drop(sender);
        for message in receiver {
            match message {
                Ok((m, g)) => {
                    state.done += 1;
                    state.last = Some(describe(&matchups[m], &g));
                    result[m].games.push(g);
                    progress(&state);
                }
                Err(e) => {
                    failure.get_or_insert(e);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    if stop.load(Ordering::Relaxed) {
        return Err(stopped("report"));
    }
    for r in &mut result {
        r.games.sort_by_key(|g| g.index);
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_has_self_play_then_the_ladder() {
        let keys: Vec<String> = plan(&[5, 1, 3, 3]).iter().map(Matchup::key).collect();
        assert_eq!(
            keys,
            [
                "random-vs-random",
                "level1-vs-level1",
                "level3-vs-level3",
                "level5-vs-level5",
                "random-vs-level1",
                "level1-vs-level3",
                "level3-vs-level5"
            ]
        );
        assert_eq!(plan(&[]).len(), 1);
    }

    #[test]
    fn hashes_are_stable() {
        assert_eq!(fnv1a(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
