//! The game service: creates, loads, plays, undoes and resigns games, keeping memory, the database and the
//! watchers in step, and lets the computer move on its turns. Every change is tried on a copy of the
//! session first, stored, and only then made live, so a rejected or failed request leaves the game untouched.
//!
//! The service knows no HTTP: it takes a [`Caller`] and plain arguments and answers with data or a
//! [`ServiceError`]; the routes (`src/routes/`) translate both ways. Its methods are synchronous and
//! may wait for the store, so the routes call them on a blocking thread (`AppState::run`, in
//! `src/state.rs`).
//!
//! This file holds the [`Service`] itself: its construction, the games kept in memory, loading a
//! game (and reloading it when another server changed it), and the helpers every change goes
//! through (storing it, checking who may make it). The requests are in the files beside it, one
//! concern each.

mod accounts;
mod analysis;
pub mod caller;
mod clocks;
mod computer;
pub mod error;
mod games;
mod leases;
pub mod lobby;
mod moves;
mod players;
mod profiles;
mod puzzles;
mod ratings;
mod seats;
mod takeback;
mod tournaments;

pub use accounts::Me;
pub use analysis::{AnalysisLimits, AnalysisView, ANALYSIS_LEASE};
pub use caller::Caller;
pub use computer::HINT_LEVEL;
pub use error::{ErrorKind, ServiceError};
pub use games::{NewGame, NewSeats};
pub use leases::LEASE;
pub use moves::partial_turn;
pub use profiles::{Profile, PROFILE_GAMES_MAX};
pub use puzzles::{AttemptView, MistakesView, PuzzleMode, PuzzleView, SetsView};
pub use ratings::{pool_of, Leaderboard, LeaderboardLine, RatingView, LEADERBOARD_MAX};
pub use tournaments::{NewTournament, TournamentSummary, TournamentView};

use crate::computer::Computer;
use crate::live::{GameEntry, LiveGame};
use crate::player::{PlayerId, PlayerRef};
use crate::store::{Store, StoreError, StoreResult, StoredGame};
use crate::time::TimeSource;
use arbiter_core::{DynSession, Player, Registry};
use lru::LruCache;
use rand::Rng;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The shared state of the server.
pub struct Service {
    registry: Registry,
    store: Box<dyn Store>,
    /// Other servers write the same store (PostgreSQL): computer moves and flags need a lease.
    shared: bool,
    /// This server's name in the leases table.
    instance: String,
    /// The games whose lease this server holds (renewed by [`Service::keep_leases`]).
    held: Mutex<HashSet<String>>,
    games: Mutex<LruCache<String, Arc<GameEntry>>>,
    cache_games: usize,
    /// The players of recently seen tokens, so that a request need not ask the store who it is.
    known_tokens: players::KnownTokens,
    computer: Arc<dyn Computer>,
    time: Arc<dyn TimeSource>,
    lobby: tokio::sync::broadcast::Sender<Arc<str>>,
    /// Pause between two computer moves when both sides are the computer, so people can follow.
    pub computer_pause: Duration,
    shutdown: tokio::sync::watch::Sender<bool>,
    /// Games read back from the store because it said they changed (see [`Service::reloads`]).
    reloads: std::sync::atomic::AtomicU64,
    /// The engine's workers for people: analyses and hints wait their turn here.
    workers: Arc<crate::workers::Workers>,
    /// The analyses this server runs.
    analyses: analysis::Jobs,
    analysis_limits: AnalysisLimits,
    /// The shipped puzzle sets.
    puzzles: puzzles::PuzzleBook,
    /// The watchers of tournaments' live standings.
    tournament_watchers: tournaments::Watchers,
    /// Since when (the server's milliseconds) each free player of a tournament this server pairs
    /// has waited, by tournament and player.
    arena_waiting: Mutex<std::collections::HashMap<(String, PlayerId), u64>>,
    /// The status each tournament this server pairs was last announced with.
    arena_status: Mutex<std::collections::HashMap<String, &'static str>>,
}

/// How many games stay in memory by default (the others are in the database and reload on demand).
pub const DEFAULT_CACHE_GAMES: usize = 1000;

/// A new random id (games, challenges, server instances): 10 letters and digits.
fn new_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    (0..10)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Is `id` shaped like one of our ids (so that junk never reaches the database)?
fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Drops the least recently used games nobody holds until at most `cap` remain. A game someone holds
/// — a request in progress, a watcher, the computer thinking — has more than the map's reference and
/// stays: dropping it would leave two live copies of one game (the cause of duplicate moves).
fn trim(games: &mut LruCache<String, Arc<GameEntry>>, cap: usize) {
    while games.len() > cap {
        let idle = games
            .iter()
            .rev()
            .find(|(_, entry)| Arc::strong_count(entry) == 1)
            .map(|(id, _)| id.clone());
        match idle {
            Some(id) => {
                games.pop(&id);
            }
            None => break,
        }
    }
}

fn side_name(live: &LiveGame, side: Player) -> &'static str {
    live.session.player_name(side)
}

impl Service {
    /// A service over a store, with the games of `registry` and a computer player; at most
    /// `cache_games` idle games stay in memory.
    pub fn new(
        registry: Registry,
        store: Box<dyn Store>,
        computer: Arc<dyn Computer>,
        cache_games: usize,
        time: Arc<dyn TimeSource>,
        analysis_limits: AnalysisLimits,
    ) -> Arc<Service> {
        let puzzles = puzzles::PuzzleBook::new(&registry);
        Arc::new(Service {
            registry,
            shared: store.changes().is_some(),
            store,
            instance: format!("i{}", new_id()),
            held: Mutex::new(HashSet::new()),
            games: Mutex::new(LruCache::unbounded()),
            known_tokens: players::KnownTokens::default(),
            cache_games: cache_games.max(1),
            computer,
            time,
            lobby: tokio::sync::broadcast::channel(64).0,
            computer_pause: Duration::from_millis(400),
            shutdown: tokio::sync::watch::channel(false).0,
            reloads: Default::default(),
            workers: Arc::new(crate::workers::Workers::new(analysis_limits.workers)),
            analyses: Default::default(),
            analysis_limits,
            puzzles,
            tournament_watchers: Default::default(),
            arena_waiting: Default::default(),
            arena_status: Default::default(),
        })
    }

    /// Tells every open WebSocket to close (the server is stopping).
    pub fn shut_down(&self) {
        self.shutdown.send_replace(true);
        self.stop_analyses();
    }

    /// Becomes `true` when the server is stopping.
    pub fn shutdown_signal(&self) -> tokio::sync::watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    /// The game registry.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The store.
    pub fn store(&self) -> &dyn Store {
        self.store.as_ref()
    }

    /// The lobby's changes, as JSON messages for its WebSocket.
    pub fn lobby_updates(&self) -> &tokio::sync::broadcast::Sender<Arc<str>> {
        &self.lobby
    }

    /// Now, by the server's clock.
    pub fn now_ms(&self) -> u64 {
        self.time.now_ms()
    }

    /// The computer player's name.
    pub fn computer_name(&self) -> &'static str {
        self.computer.name()
    }

    /// How many games are in memory now.
    pub fn games_in_memory(&self) -> usize {
        self.games().len()
    }

    /// How many times a game in memory was read back from the store and replayed because it had
    /// changed there (another server's change, or a write that found the copy stale).
    pub fn reloads(&self) -> u64 {
        self.reloads.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn games(&self) -> std::sync::MutexGuard<'_, LruCache<String, Arc<GameEntry>>> {
        self.games.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Keeps a live game in memory (or, if another request loaded it first, returns that copy: there
    /// is only ever one live copy of a game).
    fn remember(&self, id: &str, live: LiveGame) -> Arc<GameEntry> {
        let mut games = self.games();
        if let Some(entry) = games.get(id) {
            return entry.clone();
        }
        let entry = GameEntry::new(live);
        games.put(id.to_string(), entry.clone());
        trim(&mut games, self.cache_games);
        entry
    }

    fn person(&self, id: Option<PlayerId>) -> Result<Option<PlayerRef>, ServiceError> {
        let Some(id) = id else { return Ok(None) };
        Ok(Some(self.store.player(&id)?.unwrap_or(PlayerRef { id, name: None })))
    }

    /// The live game of that id, loaded from the database (and replayed) on first use. A copy in
    /// memory that a write found out of date is reloaded first.
    pub fn entry(self: &Arc<Self>, id: &str) -> Result<Arc<GameEntry>, ServiceError> {
        if !valid_id(id) {
            return Err(ServiceError::not_found(format!("no game with id '{id}'")));
        }
        let cached = self.games().get(id).cloned();
        if let Some(entry) = cached {
            let (stale, version) = {
                let live = entry.lock();
                (live.stale, live.stored_version)
            };
            // On a shared store another server may have changed the game a moment ago (its
            // announcement may still be on its way): one look at the version keeps every answer
            // current, so that what one server acknowledged, every server shows.
            let newer = self.shared && self.store.version(id)?.is_some_and(|v| v > version);
            if stale || newer {
                self.reload(&entry, None)?;
            }
            return Ok(entry);
        }
        let stored = self
            .store
            .load(id)?
            .ok_or_else(|| ServiceError::not_found(format!("no game with id '{id}'")))?;
        let live = self.replay(stored)?;
        let entry = self.remember(id, live);
        // Another server's change stored while this one read and replayed the game was announced
        // before the copy was in memory, so nobody applied it: one look at the version after
        // remembering it catches it (later announcements find the copy). Without this a game
        // opened just as the opponent moved stayed a move behind on this server's sockets.
        if self.shared {
            let version = entry.lock().stored_version;
            if self.store.version(id)?.is_some_and(|v| v > version) {
                self.reload(&entry, None)?;
            }
        }
        {
            let mut live = entry.lock();
            // A rated game that ended while its rating could not be stored is rated now.
            self.rate_if_over(&mut live);
            self.resume(&entry, &mut live)?;
        }
        Ok(entry)
    }

    /// Brings a game's copy in memory up to date with the store (when it is older than `version`,
    /// or whatever its version when `None`): replayed anew, told to its watchers.
    pub fn reload(self: &Arc<Self>, entry: &Arc<GameEntry>, version: Option<i64>) -> Result<(), ServiceError> {
        let id = {
            let live = entry.lock();
            if version.is_some_and(|wanted| !live.stale && live.stored_version >= wanted) {
                // Current already (a server's own announcement): the store is not asked at all.
                return Ok(());
            }
            live.id.clone()
        };
        self.reloads.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let stored = self
            .store
            .load(&id)?
            .ok_or_else(|| ServiceError::not_found(format!("no game with id '{id}'")))?;
        let fresh = self.replay(stored)?;
        let mut live = entry.lock();
        let wanted = version.unwrap_or(fresh.stored_version);
        if !live.stale && live.stored_version >= wanted {
            return Ok(()); // current already (its own change, or reloaded meanwhile)
        }
        live.stop_thinking();
        let version = live.version + 1;
        *live = LiveGame { version, ..fresh };
        entry.publish(live.state_message());
        self.resume(entry, &mut live)
    }

    /// A stored game replayed into a live one.
    fn replay(&self, stored: StoredGame) -> Result<LiveGame, ServiceError> {
        let id = stored.id.clone();
        let corrupt = |e: arbiter_core::Error| ServiceError::internal(format!("stored game {id} does not replay: {e}"));
        let game_type = self.registry.get(&stored.game).map_err(corrupt)?;
        let mut session = game_type
            .new_session(&stored.options, Some(&stored.start))
            .map_err(corrupt)?;
        let mut moves = Vec::with_capacity(stored.moves.len());
        let mut words = Vec::with_capacity(stored.moves.len());
        for mv in &stored.moves {
            moves.push(session.play(mv).map_err(corrupt)?);
            // Worded right after playing: Krux's words reuse the search that wrote the notation.
            words.push(session.move_words(moves.len() - 1));
        }
        if let Some(side) = &stored.resigned {
            let player = session
                .parse_player(side)
                .ok_or_else(|| ServiceError::internal(format!("stored game {id} has a bad resignation '{side}'")))?;
            session.resign(player).map_err(corrupt)?;
        }
        if stored.timed_out {
            session.time_out().map_err(corrupt)?;
        }
        let [first, second] = stored.owners.holders.clone();
        Ok(LiveGame {
            id: stored.id,
            seats: stored.seats,
            session,
            version: 1,
            stored_version: stored.version,
            stale: false,
            thinking: None,
            start: stored.start,
            moves,
            words,
            holders: [self.person(first)?, self.person(second)?],
            creator: self.person(stored.owners.creator)?,
            public: stored.owners.public,
            invite_hash: stored.owners.invite_hash,
            takeback: stored.takeback,
            hints: stored.hints,
            rated: stored.rated,
            rating_changes: stored
                .rating_changes
                .as_deref()
                .and_then(|json| serde_json::from_str(json).ok()),
            rematch: stored.rematch,
            clock: stored.clock,
            left_ms: stored.left_ms,
            time: self.time.clone(),
            tournament: match stored.tournament {
                Some((id, seq)) => {
                    let name = self.store.tournament(&id)?.map(|t| t.name).unwrap_or_default();
                    Some(crate::live::TournamentTag { id, name, seq })
                }
                None => None,
            },
        })
    }

    /// Stores a change to a game made from the version it shows, and counts it. When another server
    /// (or request) changed the game first, nothing is stored: the copy is marked for reloading and
    /// the caller gets 409 `stale`.
    fn write(
        &self,
        live: &mut LiveGame,
        op: impl FnOnce(&dyn Store, &str, i64) -> StoreResult<()>,
    ) -> Result<(), ServiceError> {
        match op(self.store.as_ref(), &live.id, live.stored_version) {
            Ok(()) => {
                live.stored_version += 1;
                Ok(())
            }
            Err(StoreError::Stale) => {
                live.stale = true;
                Err(ServiceError::conflict(
                    "stale",
                    "the game was changed meanwhile (another move or change was stored first): reload",
                ))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// A copy of game `id`'s session, for the player of the side to move only (hints, turns being
    /// built): the engine or the turn builder then works without the game's lock.
    fn mover_session(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<Box<dyn DynSession>, ServiceError> {
        Ok(self.mover_game(caller, id)?.0)
    }

    /// [`Service::mover_session`], and why the game refuses hints, if it does ([`LiveGame::hints_refusal`]).
    fn mover_game(
        self: &Arc<Self>,
        caller: &Caller,
        id: &str,
    ) -> Result<(Box<dyn DynSession>, Option<&'static str>), ServiceError> {
        caller.require()?;
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let to_move = live.session.to_move();
        self.authorize(caller, &mut live, to_move)?;
        Ok((live.session.clone_box(), live.hints_refusal()))
    }

    /// Checks that the caller holds `side`. A game from before players existed has no holders: the
    /// first player to act for one of its human sides takes it.
    fn authorize(&self, caller: &Caller, live: &mut LiveGame, side: Player) -> Result<PlayerRef, ServiceError> {
        let me = caller.require()?;
        if live.holds(&me.id, side) {
            return Ok(me.clone());
        }
        if live.creator.is_none() && live.holders[side.index()].is_none() && live.seats[side.index()].level().is_none()
        {
            let mut owners = live.ownership();
            owners.holders[side.index()] = Some(me.id.clone());
            let seats = live.seats;
            self.write(live, |store, id, v| store.set_seats(id, v, &seats, &owners))?;
            live.holders[side.index()] = Some(me.clone());
            return Ok(me.clone());
        }
        Err(ServiceError::forbidden(format!(
            "you do not play {} in this game{}",
            side_name(live, side),
            if live.sides_of(&me.id).is_empty() {
                " (you are watching)"
            } else {
                ""
            }
        )))
    }

    /// The side the caller names, else the one side they hold, else (holding both) the one of them
    /// that a person plays: against the computer, the caller's own side.
    fn own_side(live: &LiveGame, caller: &Caller, named: Option<&str>) -> Result<Player, ServiceError> {
        let me = caller.require()?;
        let mine = live.sides_of(&me.id);
        match (named, mine.as_slice()) {
            (Some(text), _) => {
                let side = Self::parse_side(live.session.as_ref(), text)?;
                if mine.contains(&side) {
                    Ok(side)
                } else {
                    Err(ServiceError::forbidden(format!(
                        "you do not play {} in this game",
                        side_name(live, side)
                    )))
                }
            }
            (None, [side]) => Ok(*side),
            (None, []) => Err(ServiceError::forbidden(
                "you do not play in this game (you are watching)",
            )),
            (None, both) => {
                let human: Vec<Player> = both
                    .iter()
                    .copied()
                    .filter(|side| live.seats[side.index()].level().is_none())
                    .collect();
                match human.as_slice() {
                    [side] => Ok(*side),
                    _ => Err(ServiceError::bad_request(
                        "bad_side",
                        "you play both sides: say which ('side')",
                    )),
                }
            }
        }
    }

    fn parse_side(session: &dyn DynSession, side: &str) -> Result<Player, ServiceError> {
        let side = side.trim();
        match side {
            "first" => return Ok(Player::First),
            "second" => return Ok(Player::Second),
            _ => {}
        }
        session.parse_player(side).ok_or_else(|| {
            ServiceError::bad_request(
                "bad_side",
                format!(
                    "'{side}' is not a side of {} (sides: {}, {})",
                    session.game(),
                    session.player_name(Player::First),
                    session.player_name(Player::Second)
                ),
            )
        })
    }
}
