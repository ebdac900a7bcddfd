//! The game service: creates, loads, plays, undoes and resigns games, keeping memory, the database and the
//! watchers in step, and lets the computer move on its turns. Every change is tried on a copy of the
//! session first, stored, and only then made live, so a rejected or failed request leaves the game untouched.

use crate::auth::Caller;
use crate::computer::{Computer, ComputerMove};
use crate::error::ApiError;
use crate::live::{GameEntry, GameView, LiveGame, NewLiveGame};
use crate::player::{new_player_id, new_secret, secret_hash, validate_name, well_formed_secret, PlayerId, PlayerRef};
use crate::seat::Seat;
use crate::store::{
    now, Change, Ending, GameState, GameSummary, NewMove, Store, StoreError, StoreResult, StoredGame, StoredPlayer,
};
use crate::time::TimeSource;
use arbiter_core::{ClockState, DynSession, GameRecord, PartialTurn, Player, RecordClock, Registry, TimeControl};
use lru::LruCache;
use rand::Rng;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What a new game starts from.
#[derive(Debug, Clone)]
pub enum NewGame {
    /// A game by name with options, from its start or from a position string.
    Fresh {
        /// The registry name.
        game: String,
        /// The options string.
        options: String,
        /// A position string to start from instead of the start position.
        position: Option<String>,
    },
    /// A game record, replayed and checked move by move.
    Record(GameRecord),
}

/// Who a new game is for: its seats, the side left open for an invitee, and whether it is listed.
#[derive(Debug, Clone)]
pub struct NewSeats {
    /// Who plays each side, first mover first.
    pub seats: [Seat; 2],
    /// A human side left open (claimed through the invite); the creator holds every other side.
    pub open: Option<String>,
    /// Listed to everyone.
    pub public: bool,
    /// The time control, if the game has a clock.
    pub clock: Option<TimeControl>,
}

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
    computer: Arc<dyn Computer>,
    time: Arc<dyn TimeSource>,
    lobby: tokio::sync::broadcast::Sender<Arc<str>>,
    /// Pause between two computer moves when both sides are the computer, so people can follow.
    pub computer_pause: Duration,
    shutdown: tokio::sync::watch::Sender<bool>,
}

/// How long a lease on running a game's computer and clock lasts unless renewed: when a server
/// dies, another takes its games over within about this long.
pub const LEASE: Duration = Duration::from_secs(5);

/// Wall-clock milliseconds, for leases (which servers compare, so never a test's hand-moved time).
fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// How many games stay in memory by default (the others are in the database and reload on demand).
pub const DEFAULT_CACHE_GAMES: usize = 1000;

/// The level the hint button searches at.
pub const HINT_LEVEL: u8 = 3;

pub(crate) fn new_id() -> String {
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
    ) -> Arc<Service> {
        Arc::new(Service {
            registry,
            shared: store.changes().is_some(),
            store,
            instance: format!("i{}", new_id()),
            held: Mutex::new(HashSet::new()),
            games: Mutex::new(LruCache::unbounded()),
            cache_games: cache_games.max(1),
            computer,
            time,
            lobby: tokio::sync::broadcast::channel(64).0,
            computer_pause: Duration::from_millis(400),
            shutdown: tokio::sync::watch::channel(false).0,
        })
    }

    /// Tells every open WebSocket to close (the server is stopping).
    pub fn shut_down(&self) {
        self.shutdown.send_replace(true);
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

    /// A new anonymous player with an optional display name: the player and their secret token.
    pub fn new_player(&self, name: Option<&str>) -> Result<(PlayerRef, String), ApiError> {
        let name = name
            .map(validate_name)
            .transpose()
            .map_err(|m| ApiError::bad_request("bad_name", m))?;
        let player = PlayerRef {
            id: new_player_id(),
            name,
        };
        let token = new_secret();
        self.store.create_player(&StoredPlayer {
            player: player.clone(),
            token_hash: secret_hash(&token),
            created_at: now(),
        })?;
        Ok((player, token))
    }

    /// Changes the caller's display name.
    pub fn rename(&self, caller: &Caller, name: &str) -> Result<PlayerRef, ApiError> {
        let me = caller.require()?;
        let name = validate_name(name).map_err(|m| ApiError::bad_request("bad_name", m))?;
        self.store.rename_player(&me.id, &name)?;
        Ok(PlayerRef {
            id: me.id.clone(),
            name: Some(name),
        })
    }

    /// Creates and stores a game for the caller; the computer starts thinking if it moves first.
    /// The answer carries the open side's invite, if a side was left open.
    pub fn create(self: &Arc<Self>, caller: &Caller, new: NewGame, seats: NewSeats) -> Result<GameView, ApiError> {
        let me = caller.require()?.clone();
        for seat in seats.seats {
            seat.validate().map_err(|m| ApiError::bad_request("bad_players", m))?;
        }
        let session: Box<dyn DynSession> = match &new {
            NewGame::Fresh {
                game,
                options,
                position,
            } => {
                let game_type = self.registry.get(game.trim())?;
                game_type.new_session(options, position.as_deref())?
            }
            NewGame::Record(record) => {
                let game_type = self.registry.get(record.game.trim())?;
                game_type
                    .load_record(record)
                    .map_err(|e| ApiError::bad_request("bad_record", format!("the record does not replay: {e}")))?
            }
        };
        let open = match seats.open.as_deref() {
            None => None,
            Some(text) => {
                let side = Self::parse_side(session.as_ref(), text)?;
                if seats.seats[side.index()].level().is_some() {
                    return Err(ApiError::bad_request(
                        "bad_players",
                        format!(
                            "{} is played by the computer: only a human side can be open",
                            session.player_name(side)
                        ),
                    ));
                }
                Some(side)
            }
        };
        let holders = [Player::First, Player::Second].map(|side| (open != Some(side)).then(|| me.clone()));
        let invite = open.map(|_| new_secret());
        let new = NewLiveGame {
            seats: seats.seats,
            holders,
            creator: me,
            public: seats.public,
            invite_hash: invite.as_deref().map(secret_hash),
            clock: seats.clock,
        };
        let entry = self.open_game(session, new)?;
        let mut view = entry.lock().view();
        view.invite = invite;
        Ok(view)
    }

    /// Stores a new game, keeps it in memory and lets the computer start if it moves first.
    pub(crate) fn open_game(
        self: &Arc<Self>,
        session: Box<dyn DynSession>,
        new: NewLiveGame,
    ) -> Result<Arc<GameEntry>, ApiError> {
        let id = new_id();
        let live = LiveGame::new(id.clone(), session, new, self.time.clone());
        self.store.create(&live.stored(now()))?;
        let entry = self.remember(&id, live);
        {
            let mut live = entry.lock();
            self.maybe_start_computer(&entry, &mut live);
        }
        Ok(entry)
    }

    fn person(&self, id: Option<PlayerId>) -> Result<Option<PlayerRef>, ApiError> {
        let Some(id) = id else { return Ok(None) };
        Ok(Some(self.store.player(&id)?.unwrap_or(PlayerRef { id, name: None })))
    }

    /// The live game of that id, loaded from the database (and replayed) on first use. A copy in
    /// memory that a write found out of date is reloaded first.
    pub fn entry(self: &Arc<Self>, id: &str) -> Result<Arc<GameEntry>, ApiError> {
        if !valid_id(id) {
            return Err(ApiError::not_found(format!("no game with id '{id}'")));
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
            .ok_or_else(|| ApiError::not_found(format!("no game with id '{id}'")))?;
        let live = self.replay(stored)?;
        let entry = self.remember(id, live);
        {
            let mut live = entry.lock();
            self.resume(&entry, &mut live)?;
        }
        Ok(entry)
    }

    /// Brings a game's copy in memory up to date with the store (when it is older than `version`,
    /// or whatever its version when `None`): replayed anew, told to its watchers.
    pub fn reload(self: &Arc<Self>, entry: &Arc<GameEntry>, version: Option<i64>) -> Result<(), ApiError> {
        let id = entry.lock().id.clone();
        let stored = self
            .store
            .load(&id)?
            .ok_or_else(|| ApiError::not_found(format!("no game with id '{id}'")))?;
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

    /// After a game is loaded: a flag that fell while it was out of memory (or the server down)
    /// falls now; its flag and the computer are scheduled.
    fn resume(self: &Arc<Self>, entry: &Arc<GameEntry>, live: &mut LiveGame) -> Result<(), ApiError> {
        let to_move = live.session.to_move();
        let now = self.time.now_ms();
        if live.session.ending().is_none() && live.clock.is_some_and(|c| c.flagged(to_move, now)) && self.hold(live) {
            self.flag(entry, live)?;
        }
        self.schedule_flag(live);
        self.maybe_start_computer(entry, live);
        Ok(())
    }

    /// A stored game replayed into a live one.
    fn replay(&self, stored: StoredGame) -> Result<LiveGame, ApiError> {
        let id = stored.id.clone();
        let corrupt = |e: arbiter_core::Error| ApiError::internal(format!("stored game {id} does not replay: {e}"));
        let game_type = self.registry.get(&stored.game).map_err(corrupt)?;
        let mut session = game_type
            .new_session(&stored.options, Some(&stored.start))
            .map_err(corrupt)?;
        let mut moves = Vec::with_capacity(stored.moves.len());
        for mv in &stored.moves {
            moves.push(session.play(mv).map_err(corrupt)?);
        }
        if let Some(side) = &stored.resigned {
            let player = session
                .parse_player(side)
                .ok_or_else(|| ApiError::internal(format!("stored game {id} has a bad resignation '{side}'")))?;
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
            holders: [self.person(first)?, self.person(second)?],
            creator: self.person(stored.owners.creator)?,
            public: stored.owners.public,
            invite_hash: stored.owners.invite_hash,
            takeback: stored.takeback,
            rematch: stored.rematch,
            clock: stored.clock,
            left_ms: stored.left_ms,
            time: self.time.clone(),
        })
    }

    /// Stores a change to a game made from the version it shows, and counts it. When another server
    /// (or request) changed the game first, nothing is stored: the copy is marked for reloading and
    /// the caller gets 409 `stale`.
    fn write(
        &self,
        live: &mut LiveGame,
        op: impl FnOnce(&dyn Store, &str, i64) -> StoreResult<()>,
    ) -> Result<(), ApiError> {
        match op(self.store.as_ref(), &live.id, live.stored_version) {
            Ok(()) => {
                live.stored_version += 1;
                Ok(())
            }
            Err(StoreError::Stale) => {
                live.stale = true;
                Err(ApiError::conflict(
                    "stale",
                    "the game was changed meanwhile (another move or change was stored first): reload",
                ))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Checks that the caller holds `side`. A game from before players existed has no holders: the
    /// first player to act for one of its human sides takes it.
    fn authorize(&self, caller: &Caller, live: &mut LiveGame, side: Player) -> Result<PlayerRef, ApiError> {
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
        Err(ApiError::forbidden(format!(
            "you do not play {} in this game{}",
            side_name(live, side),
            if live.sides_of(&me.id).is_empty() {
                " (you are watching)"
            } else {
                ""
            }
        )))
    }

    /// The one side the caller holds, or the side they name when they hold both.
    fn own_side(live: &LiveGame, caller: &Caller, named: Option<&str>) -> Result<Player, ApiError> {
        let me = caller.require()?;
        let mine = live.sides_of(&me.id);
        match (named, mine.as_slice()) {
            (Some(text), _) => {
                let side = Self::parse_side(live.session.as_ref(), text)?;
                if mine.contains(&side) {
                    Ok(side)
                } else {
                    Err(ApiError::forbidden(format!(
                        "you do not play {} in this game",
                        side_name(live, side)
                    )))
                }
            }
            (None, [side]) => Ok(*side),
            (None, []) => Err(ApiError::forbidden("you do not play in this game (you are watching)")),
            (None, _) => Err(ApiError::bad_request(
                "bad_side",
                "you play both sides: say which ('side')",
            )),
        }
    }

    /// The view of a game.
    pub fn view(self: &Arc<Self>, id: &str) -> Result<GameView, ApiError> {
        Ok(self.entry(id)?.lock().view())
    }

    /// The record of a game.
    pub fn record(self: &Arc<Self>, id: &str) -> Result<GameRecord, ApiError> {
        let entry = self.entry(id)?;
        let live = entry.lock();
        let mut record = live.session.record();
        record.clock = live.clock.map(|clock| RecordClock {
            control: clock.control,
            left_ms: live.left_ms.clone(),
        });
        Ok(record)
    }

    /// The position after each ply, from the start (index 0) to now: for reviewing a game move by move.
    pub fn positions(self: &Arc<Self>, id: &str) -> Result<Vec<String>, ApiError> {
        let mut session = self.entry(id)?.lock().session.clone_box();
        let mut positions = vec![session.position()];
        let mut ply = session.ply();
        // The first undo may only withdraw a resignation: keep a position per ply.
        while session.undo().is_ok() {
            if session.ply() < ply {
                ply = session.ply();
                positions.push(session.position());
            }
        }
        positions.reverse();
        Ok(positions)
    }

    /// The games the caller may list, newest first: theirs, and (unless `mine_only`) public ones.
    pub fn list(&self, caller: &Caller, mine_only: bool, limit: usize) -> Result<Vec<GameSummary>, ApiError> {
        let me = caller.player.as_ref().map(|p| &p.id);
        Ok(self.store.list(me, mine_only, limit.clamp(1, 200))?)
    }

    fn parse_side(session: &dyn DynSession, side: &str) -> Result<Player, ApiError> {
        let side = side.trim();
        match side {
            "first" => return Ok(Player::First),
            "second" => return Ok(Player::Second),
            _ => {}
        }
        session.parse_player(side).ok_or_else(|| {
            ApiError::bad_request(
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

    /// Plays the caller's move for `side` (by default the side to move); `expected_ply`, if given,
    /// must be the current ply.
    pub fn play(
        self: &Arc<Self>,
        caller: &Caller,
        id: &str,
        side: Option<&str>,
        text: &str,
        expected_ply: Option<usize>,
    ) -> Result<GameView, ApiError> {
        caller.require()?;
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        // A move meant for another ply is stale, whoever sent it: another move (through this
        // server or another) came first, and the side to move may have changed with it.
        if let Some(ply) = expected_ply {
            if ply != live.session.ply() {
                return Err(ApiError::conflict(
                    "stale",
                    format!(
                        "the move was meant for ply {ply} but the game is at ply {}: reload",
                        live.session.ply()
                    ),
                ));
            }
        }
        let player = match side {
            Some(side) => Self::parse_side(live.session.as_ref(), side)?,
            None => live.session.to_move(),
        };
        self.authorize(caller, &mut live, player)?;
        if live.session.ending().is_some() {
            return Err(ApiError::conflict("game_over", "the game is over: no more moves"));
        }
        let to_move = live.session.to_move();
        if player != to_move {
            return Err(ApiError::conflict(
                "not_your_turn",
                format!(
                    "it is {}'s turn, not {}'s",
                    live.session.player_name(to_move),
                    live.session.player_name(player)
                ),
            ));
        }
        if live.seats[player.index()].level().is_some() {
            return Err(ApiError::conflict(
                "not_your_turn",
                format!("{} is played by the computer", live.session.player_name(player)),
            ));
        }
        if text.len() > 1000 {
            return Err(ApiError::bad_request("bad_move", "the move text is too long"));
        }
        let view = self.commit_move(&entry, &mut live, text)?;
        let was_thinking = live.thinking.is_some();
        self.maybe_start_computer(&entry, &mut live);
        if live.thinking.is_some() != was_thinking {
            return Ok(live.view()); // the computer started on its reply
        }
        Ok(view)
    }

    /// Plays `text` on a copy, stores it, then makes it live and tells the watchers.
    /// Returns the view it told the watchers (a view is costly: it lists every legal move).
    fn commit_move(self: &Arc<Self>, entry: &GameEntry, live: &mut LiveGame, text: &str) -> Result<GameView, ApiError> {
        let now = self.time.now_ms();
        let mover = live.session.to_move();
        if live.clock.is_some_and(|c| c.flagged(mover, now)) {
            self.flag(entry, live)?;
            return Err(ApiError::conflict("time_up", "the time is up: the game is over"));
        }
        let mut next = live.session.clone_box();
        let played = next.play(text)?;
        let ply = live.session.ply();
        let result = next.story().map(|story| story.text);
        let mut clock = live.clock;
        let left = clock.as_mut().map(|c| {
            let left = c.on_move(mover, now);
            let open = [Player::First, Player::Second]
                .into_iter()
                .any(|side| live.is_open(side));
            if next.ending().is_some() {
                c.running_since_ms = None;
            } else if !open {
                c.start(now);
            }
            left
        });
        let mv = NewMove {
            ply,
            notation: &played,
            left_ms: left,
        };
        let state = GameState {
            result: result.as_deref(),
            clock: clock.as_ref(),
        };
        self.write(live, |store, id, v| store.add_move(id, v, mv, state))
            .map_err(|e| {
                if e.code == "stale" {
                    // Only one live copy of a game exists here, so another server wrote first.
                    ApiError::conflict("stale", format!("another move was stored for ply {ply} first: reload"))
                } else {
                    e
                }
            })?;
        live.session = next;
        live.moves.push(played.clone());
        live.left_ms.push(left);
        live.clock = clock;
        live.takeback = None;
        live.version += 1;
        let view = live.view();
        entry.publish(LiveGame::state_message_of(&view));
        self.schedule_flag(live);
        self.settle(live);
        Ok(view)
    }

    /// The side to move ran out of time: the game ends on its flag (stored, told to the watchers).
    fn flag(self: &Arc<Self>, entry: &GameEntry, live: &mut LiveGame) -> Result<(), ApiError> {
        let mut next = live.session.clone_box();
        if next.time_out().is_err() {
            return Ok(()); // over already
        }
        live.stop_thinking();
        self.commit_rewrite(entry, live, next)
    }

    /// Ends the game of `id` if the side to move's time is up (the timer's and tests' check).
    pub fn check_flag(self: &Arc<Self>, id: &str) -> Result<bool, ApiError> {
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let to_move = live.session.to_move();
        let now = self.time.now_ms();
        if live.session.ending().is_none() && live.clock.is_some_and(|c| c.flagged(to_move, now)) && self.hold(&live) {
            self.flag(&entry, &mut live)?;
            self.settle(&live);
            return Ok(true);
        }
        Ok(false)
    }

    /// Checks every game in memory for a fallen flag; how many fell.
    pub fn check_clocks(self: &Arc<Self>) -> usize {
        let ids: Vec<String> = self.games().iter().map(|(id, _)| id.clone()).collect();
        ids.iter().filter(|id| self.check_flag(id).unwrap_or(false)).count()
    }

    /// Loads every stored game whose clock runs, so that its flag falls even if nobody opens it
    /// (at start-up: a flag that fell while the server was down falls at once).
    pub fn resume_clocks(self: &Arc<Self>) -> Result<usize, ApiError> {
        let ids = self.store.running_clocks()?;
        for id in &ids {
            self.entry(id)?;
        }
        Ok(ids.len())
    }

    /// Wakes up when the side to move's time runs out, and checks its flag then. The task holds the
    /// game's id, not the game: a game waiting for days stays out of memory.
    fn schedule_flag(self: &Arc<Self>, live: &LiveGame) {
        if live.session.ending().is_some() {
            return;
        }
        let Some(deadline) = live.clock.and_then(|c| c.deadline_ms(live.session.to_move())) else {
            return;
        };
        if !self.hold(live) {
            return; // another server runs this game's clock
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let wait = Duration::from_millis(deadline.saturating_sub(self.time.now_ms()) + 1);
        let service = self.clone();
        let id = live.id.clone();
        runtime.spawn(async move {
            tokio::time::sleep(wait).await;
            let _ = tokio::task::spawn_blocking(move || service.check_flag(&id)).await;
        });
    }

    /// Stores the session's tail (after an undo or a resignation) and makes `next` live.
    fn commit_rewrite(
        self: &Arc<Self>,
        entry: &GameEntry,
        live: &mut LiveGame,
        next: Box<dyn DynSession>,
    ) -> Result<(), ApiError> {
        let now = self.time.now_ms();
        let to_move_before = live.session.to_move();
        let previous = std::mem::replace(&mut live.session, next);
        let resigned = live.resigned();
        let result = live.result_text();
        // The clock stops at the end (charging the side that was thinking); after an undo it runs
        // again for the side to move, with the times as they were.
        let mut clock = live.clock;
        if let Some(c) = clock.as_mut() {
            if c.running_since_ms.is_some() {
                c.stop(to_move_before, now);
            }
            if live.clock_may_run() {
                c.start(now);
            }
        }
        let plies = live.session.ply();
        let ending = Ending {
            resigned,
            timed_out: live.timed_out(),
        };
        let state = GameState {
            result: result.as_deref(),
            clock: clock.as_ref(),
        };
        if let Err(e) = self.write(live, |store, id, v| store.rewrite_tail(id, v, plies, ending, state)) {
            live.session = previous;
            return Err(e);
        }
        live.clock = clock;
        let ply = live.session.ply();
        live.moves.truncate(ply);
        live.left_ms.truncate(ply);
        live.takeback = None;
        live.version += 1;
        entry.publish(live.state_message());
        self.schedule_flag(live);
        self.settle(live);
        Ok(())
    }

    /// Takes back the last move (or a resignation). When nobody else plays in the game (the caller
    /// holds every human side; the computer plays the rest), at once, back to a human's turn; against
    /// another person it asks them: a takeback request they accept or decline.
    pub fn undo(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<GameView, ApiError> {
        let me = caller.require()?.clone();
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let mine = live.sides_of(&me.id);
        let Some(&asker) = mine.first() else {
            return Err(ApiError::forbidden("you do not play in this game (you are watching)"));
        };
        if live.timed_out() {
            return Err(ApiError::conflict("time_up", "a loss on time cannot be taken back"));
        }
        let mut next = live.session.clone_box();
        next.undo()
            .map_err(|e| ApiError::conflict("nothing_to_undo", e.to_string()))?;
        if live.another_person_plays(&me.id) {
            if live.takeback.is_some() {
                return Err(ApiError::conflict(
                    "takeback_pending",
                    "a takeback request is waiting for an answer",
                ));
            }
            self.set_takeback(&entry, &mut live, Some(asker))?;
            return Ok(live.view());
        }
        let any_human = live.seats.iter().any(|s| s.level().is_none());
        let seats = live.seats;
        self.take_back(&entry, &mut live, next, |next| {
            any_human && seats[next.to_move().index()].level().is_some()
        })
    }

    /// Sets or clears the pending takeback request, stored and told to the watchers.
    fn set_takeback(&self, entry: &GameEntry, live: &mut LiveGame, by: Option<Player>) -> Result<(), ApiError> {
        self.write(live, |store, id, v| store.set_takeback(id, v, by))?;
        live.takeback = by;
        live.version += 1;
        entry.publish(live.state_message());
        Ok(())
    }

    /// Makes `next` (already one ply or a forfeit back) live after taking back further while
    /// `further` says so; the computer's search stops and restarts if it is then to move.
    fn take_back(
        self: &Arc<Self>,
        entry: &Arc<GameEntry>,
        live: &mut LiveGame,
        mut next: Box<dyn DynSession>,
        further: impl Fn(&dyn DynSession) -> bool,
    ) -> Result<GameView, ApiError> {
        while next.ply() > 0 && further(next.as_ref()) {
            if next.undo().is_err() {
                break;
            }
        }
        live.stop_thinking();
        self.commit_rewrite(entry, live, next)?;
        self.maybe_start_computer(entry, live);
        Ok(live.view())
    }

    /// Answers the pending takeback request: the opponent accepts (the moves back to the asker's
    /// turn are taken back) or declines; the asker may withdraw it (`accept: false`).
    pub fn answer_takeback(self: &Arc<Self>, caller: &Caller, id: &str, accept: bool) -> Result<GameView, ApiError> {
        let me = caller.require()?.clone();
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let Some(asker) = live.takeback else {
            return Err(ApiError::conflict("no_takeback", "no takeback request is waiting"));
        };
        let answerer = asker.opponent();
        let is_asker = live.holds(&me.id, asker);
        let is_answerer = live.holds(&me.id, answerer);
        if !is_asker && !is_answerer {
            return Err(ApiError::forbidden("you do not play in this game (you are watching)"));
        }
        if !accept {
            self.set_takeback(&entry, &mut live, None)?;
            return Ok(live.view());
        }
        if !is_answerer {
            return Err(ApiError::forbidden(
                "only your opponent can accept your takeback request",
            ));
        }
        let mut next = live.session.clone_box();
        next.undo()
            .map_err(|e| ApiError::conflict("nothing_to_undo", e.to_string()))?;
        self.take_back(&entry, &mut live, next, |next| next.to_move() != asker)
    }

    /// The caller resigns their side (`side` names it when they hold both).
    pub fn resign(self: &Arc<Self>, caller: &Caller, id: &str, side: Option<&str>) -> Result<GameView, ApiError> {
        caller.require()?;
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let player = match side {
            Some(text) => {
                let side = Self::parse_side(live.session.as_ref(), text)?;
                self.authorize(caller, &mut live, side)?;
                side
            }
            None => Self::own_side(&live, caller, None)?,
        };
        let mut next = live.session.clone_box();
        next.resign(player)
            .map_err(|_| ApiError::conflict("game_over", "the game is over already"))?;
        live.stop_thinking();
        self.commit_rewrite(&entry, &mut live, next)?;
        Ok(live.view())
    }

    /// Changes who plays each side (for example: let the computer take over). The caller may change
    /// only the sides they hold, and open sides of a game they created; a side handed to the computer
    /// stays theirs to take back.
    pub fn set_seats(self: &Arc<Self>, caller: &Caller, id: &str, seats: [Seat; 2]) -> Result<GameView, ApiError> {
        let me = caller.require()?.clone();
        for seat in seats {
            seat.validate().map_err(|m| ApiError::bad_request("bad_players", m))?;
        }
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let created = live.creator.as_ref().is_some_and(|c| c.id == me.id);
        let mut holders = live.holders.clone();
        for side in [Player::First, Player::Second] {
            let i = side.index();
            if seats[i] == live.seats[i] {
                continue;
            }
            let may = live.holds(&me.id, side) || (live.holders[i].is_none() && (created || live.creator.is_none()));
            if !may {
                return Err(ApiError::forbidden(format!(
                    "{} is not yours to change",
                    side_name(&live, side)
                )));
            }
            holders[i] = Some(me.clone());
        }
        let mut owners = live.ownership();
        owners.holders = [0, 1].map(|i| holders[i].as_ref().map(|p| p.id.clone()));
        let still_open = (0..2).any(|i| seats[i].level().is_none() && holders[i].is_none());
        if !still_open {
            owners.invite_hash = None;
        }
        self.write(&mut live, |store, id, v| store.set_seats(id, v, &seats, &owners))?;
        live.seats = seats;
        live.holders = holders;
        live.invite_hash = owners.invite_hash;
        live.stop_thinking();
        live.version += 1;
        entry.publish(live.state_message());
        self.maybe_start_computer(&entry, &mut live);
        Ok(live.view())
    }

    /// Claims the open side with its invite.
    pub fn claim(self: &Arc<Self>, caller: &Caller, id: &str, invite: &str) -> Result<GameView, ApiError> {
        let me = caller.require()?.clone();
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let Some(open) = [Player::First, Player::Second].into_iter().find(|&s| live.is_open(s)) else {
            return Err(ApiError::conflict(
                "no_open_seat",
                "both sides are taken: you can watch this game",
            ));
        };
        let good = live
            .invite_hash
            .as_deref()
            .is_some_and(|hash| well_formed_secret(invite.trim()) && secret_hash(invite.trim()) == hash);
        if !good {
            return Err(ApiError::forbidden_code(
                "bad_invite",
                "this invite is not valid (it may have been used or replaced): you can watch this game",
            ));
        }
        if !live.sides_of(&me.id).is_empty() {
            return Err(ApiError::conflict(
                "already_playing",
                "you already play the other side: send the invite to your opponent",
            ));
        }
        let mut owners = live.ownership();
        owners.holders[open.index()] = Some(me.id.clone());
        owners.invite_hash = None;
        let seats = live.seats;
        self.write(&mut live, |store, id, v| store.set_seats(id, v, &seats, &owners))?;
        live.holders[open.index()] = Some(me);
        live.invite_hash = None;
        if live.clock_may_run() {
            let mut clock = live.clock;
            if let Some(c) = clock.as_mut() {
                c.start(self.time.now_ms());
            }
            self.write(&mut live, |store, id, v| store.set_clock(id, v, clock.as_ref()))?;
            live.clock = clock;
            self.schedule_flag(&live);
        }
        live.version += 1;
        entry.publish(live.state_message());
        Ok(live.view())
    }

    /// A new invite for the open side (the old one stops working); only the game's creator.
    pub fn new_invite(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<String, ApiError> {
        let me = caller.require()?;
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        if !live.creator.as_ref().is_some_and(|c| c.id == me.id) {
            return Err(ApiError::forbidden("only the game's creator can invite"));
        }
        if ![Player::First, Player::Second].into_iter().any(|s| live.is_open(s)) {
            return Err(ApiError::conflict("no_open_seat", "both sides are taken"));
        }
        let invite = new_secret();
        let mut owners = live.ownership();
        owners.invite_hash = Some(secret_hash(&invite));
        let seats = live.seats;
        self.write(&mut live, |store, id, v| store.set_seats(id, v, &seats, &owners))?;
        live.invite_hash = owners.invite_hash;
        Ok(invite)
    }

    /// Starts a rematch of a finished game: the same game, options, start and people, sides swapped.
    /// Asked again, it answers the same rematch.
    pub fn rematch(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<GameView, ApiError> {
        let me = caller.require()?.clone();
        let entry = self.entry(id)?;
        let (game, options, start, seats, holders, public, clock) = {
            let live = entry.lock();
            if live.sides_of(&me.id).is_empty() {
                return Err(ApiError::forbidden("only a player of this game can ask for a rematch"));
            }
            if live.session.ending().is_none() {
                return Err(ApiError::conflict("not_over", "the game is not over yet"));
            }
            (
                live.session.game().to_string(),
                live.session.options(),
                live.start.clone(),
                [live.seats[1], live.seats[0]],
                [live.holders[1].clone(), live.holders[0].clone()],
                live.public,
                live.clock.map(|c| c.control),
            )
        };
        // Under the old game's lock, so that two players asking at once get one rematch.
        let mut old = entry.lock();
        if let Some(rematch) = old.rematch.clone() {
            drop(old);
            return self.view(&rematch);
        }
        let session = self.registry.get(&game)?.new_session(&options, Some(&start))?;
        let new = NewLiveGame {
            seats,
            holders,
            creator: me,
            public,
            invite_hash: None,
            clock,
        };
        let new_entry = self.open_game(session, new)?;
        let new_id = new_entry.lock().id.clone();
        self.write(&mut old, |store, id, v| store.set_rematch(id, v, &new_id))?;
        old.rematch = Some(new_id);
        old.version += 1;
        entry.publish(old.state_message());
        drop(old);
        let view = new_entry.lock().view();
        Ok(view)
    }

    /// The partial turn after `tokens` (games built step by step); only for the side to move.
    pub fn turn(self: &Arc<Self>, caller: &Caller, id: &str, tokens: &[String]) -> Result<PartialTurn, ApiError> {
        caller.require()?;
        let entry = self.entry(id)?;
        let session = {
            let mut live = entry.lock();
            let to_move = live.session.to_move();
            self.authorize(caller, &mut live, to_move)?;
            live.session.clone_box()
        };
        partial_turn(session.as_ref(), tokens)
    }

    /// The engine's best move for the side to move (the hint button), for its player only; runs on
    /// a blocking thread.
    pub async fn hint(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<ComputerMove, ApiError> {
        caller.require()?;
        let entry = self.entry(id)?;
        let session = {
            let mut live = entry.lock();
            let to_move = live.session.to_move();
            self.authorize(caller, &mut live, to_move)?;
            live.session.clone_box()
        };
        if session.ending().is_some() {
            return Err(ApiError::conflict("game_over", "the game is over: no hint"));
        }
        let computer = self.computer.clone();
        let stop = Arc::new(AtomicBool::new(false));
        tokio::task::spawn_blocking(move || computer.choose(session.as_ref(), HINT_LEVEL, stop, &mut |_| {}))
            .await
            .map_err(|e| ApiError::internal(format!("the engine failed: {e}")))?
            .map_err(ApiError::from)
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.held.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether this server runs the game's computer and clock: always with a store of its own; on a
    /// shared store, when it holds the game's lease or takes it now (nobody holds it, or its
    /// holder stopped renewing it).
    fn hold(&self, live: &LiveGame) -> bool {
        if !self.shared || self.held().contains(&live.id) {
            return true;
        }
        let now = wall_ms();
        let until = now + LEASE.as_millis() as u64;
        match self.store.claim_lease(&live.id, &self.instance, now, until) {
            Ok(true) => {
                self.held().insert(live.id.clone());
                true
            }
            _ => false,
        }
    }

    /// Gives the game's lease back once there is nothing to run: the game is over, or a person is
    /// to move without a running clock.
    fn settle(&self, live: &LiveGame) {
        if !self.shared {
            return;
        }
        let to_move = live.session.to_move();
        let work = live.session.ending().is_none()
            && (live.seats[to_move.index()].level().is_some()
                || live.clock.is_some_and(|c| c.running_since_ms.is_some()));
        if !work && self.held().remove(&live.id) {
            let _ = self.store.release_lease(&live.id, &self.instance);
        }
    }

    /// Renews this server's leases and takes over the games whose server stopped renewing theirs
    /// (it died): their computer moves and flags go on here. Run about once a second on a shared store.
    pub fn keep_leases(self: &Arc<Self>) {
        if !self.shared {
            return;
        }
        let until = wall_ms() + LEASE.as_millis() as u64;
        if let Ok(kept) = self.store.renew_leases(&self.instance, until) {
            let kept: HashSet<String> = kept.into_iter().collect();
            let lost: Vec<String> = self.held().iter().filter(|id| !kept.contains(*id)).cloned().collect();
            for id in lost {
                self.held().remove(&id);
                let cached = self.games().get(&id).cloned();
                if let Some(entry) = cached {
                    entry.lock().stop_thinking(); // another server took it over
                }
            }
        }
        let Ok(orphans) = self.store.expired_leases(wall_ms()) else {
            return;
        };
        for id in orphans {
            let now = wall_ms();
            if !matches!(
                self.store
                    .claim_lease(&id, &self.instance, now, now + LEASE.as_millis() as u64),
                Ok(true)
            ) {
                continue; // another server took it first
            }
            self.held().insert(id.clone());
            let Ok(entry) = self.entry(&id) else {
                let _ = self.store.release_lease(&id, &self.instance);
                self.held().remove(&id);
                continue;
            };
            let _ = self.reload(&entry, None);
            let mut live = entry.lock();
            let _ = self.resume(&entry, &mut live);
            self.settle(&live);
        }
    }

    /// Follows what other servers change in a shared store: a game in memory that changed is
    /// reloaded (and its watchers told), a lobby change is passed on to the lobby's watchers.
    pub fn follow_changes(self: &Arc<Self>) {
        let Some(mut changes) = self.store.changes() else {
            return;
        };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let service = Arc::downgrade(self);
        runtime.spawn(async move {
            loop {
                let change = match changes.recv().await {
                    Ok(change) => change,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => Change::Resync,
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                };
                let Some(service) = service.upgrade() else { return };
                if *service.shutdown.borrow() {
                    return;
                }
                let _ = tokio::task::spawn_blocking(move || service.apply_change(change)).await;
            }
        });
    }

    fn apply_change(self: &Arc<Self>, change: Change) {
        match change {
            Change::Lobby => self.publish_lobby(None),
            Change::Game { id, version } => {
                let cached = self.games().get(&id).cloned();
                if let Some(entry) = cached {
                    let _ = self.reload(&entry, Some(version));
                }
            }
            Change::Resync => {
                let entries: Vec<Arc<GameEntry>> = self.games().iter().map(|(_, e)| e.clone()).collect();
                for entry in entries {
                    let _ = self.reload(&entry, None);
                }
                self.publish_lobby(None);
            }
        }
    }

    /// Gives back every lease this server holds (it is stopping): others take its games over at once.
    pub fn release_leases(&self) {
        let held: Vec<String> = self.held().drain().collect();
        for id in held {
            let _ = self.store.release_lease(&id, &self.instance);
        }
    }

    /// Starts the computer's search if the computer is to move and not thinking yet.
    fn maybe_start_computer(self: &Arc<Self>, entry: &Arc<GameEntry>, live: &mut LiveGame) {
        if live.thinking.is_some() || live.session.ending().is_some() {
            return;
        }
        let Some(level) = live.seats[live.session.to_move().index()].level() else {
            return;
        };
        if !self.hold(live) {
            return; // another server runs this game's computer
        }
        let stop = Arc::new(AtomicBool::new(false));
        live.thinking = Some(stop.clone());
        let version = live.version;
        let budget = live
            .clock
            .and_then(|clock| computer_budget(&clock, live.session.to_move(), self.time.now_ms()));
        let snapshot = live.session.clone_box();
        let both_computers = live.seats.iter().all(|s| s.level().is_some());
        let service = self.clone();
        let task_entry = entry.clone();
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            live.thinking = None;
            return;
        };
        if let Some(budget) = budget {
            // The computer answers within its share of the clock, whatever its level's own time.
            let stop = stop.clone();
            runtime.spawn(async move {
                tokio::time::sleep(budget).await;
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            });
        }
        runtime.spawn(async move {
            let entry = task_entry;
            if both_computers && snapshot.ply() > 0 {
                tokio::time::sleep(service.computer_pause).await;
            }
            let computer = service.computer.clone();
            let watcher = entry.clone();
            let result = tokio::task::spawn_blocking(move || {
                let mut on_info = |info: serde_json::Value| {
                    watcher.publish(serde_json::json!({"type": "thinking", "info": info}).to_string())
                };
                computer.choose(snapshot.as_ref(), level, stop, &mut on_info)
            })
            .await;
            let mut live = entry.lock();
            if live.version != version {
                return; // the game changed meanwhile (undo, resignation, new seats): the answer is stale
            }
            live.thinking = None;
            let failure = match result {
                Ok(Ok(choice)) => service
                    .commit_move(&entry, &mut live, &choice.best)
                    .err()
                    .map(|e| e.message),
                Ok(Err(e)) => Some(e.to_string()),
                Err(e) => Some(format!("the engine stopped: {e}")),
            };
            match failure {
                // Do not retry at once: the same failure would repeat; a change to the game retries.
                Some(message) => {
                    entry.publish(serde_json::json!({"type": "error", "message": message}).to_string());
                    entry.publish(live.state_message());
                }
                None => {
                    service.maybe_start_computer(&entry, &mut live);
                    service.settle(&live);
                }
            }
        });
        entry.publish(live.state_message());
    }
}

/// How long the computer may think on a running Fischer clock: a 25th of its time left plus most
/// of the increment (at least 50 ms). Correspondence days are far longer than any level thinks.
fn computer_budget(clock: &ClockState, side: Player, now_ms: u64) -> Option<Duration> {
    clock.running_since_ms?;
    match clock.control {
        TimeControl::Fischer { increment_ms, .. } => {
            let left = clock.left_ms(side, side, now_ms);
            Some(Duration::from_millis((left / 25 + increment_ms * 3 / 4).max(50)))
        }
        TimeControl::Correspondence { .. } => None,
    }
}

/// The partial turn after `tokens` from the session's position, with the API's errors: too many or
/// too long tokens, a finished game, a game whose moves are whole, the first illegal token.
pub fn partial_turn(session: &dyn DynSession, tokens: &[String]) -> Result<PartialTurn, ApiError> {
    if tokens.len() > 64 || tokens.iter().any(|t| t.len() > 16) {
        return Err(ApiError::bad_request("bad_move", "too many or too long tokens"));
    }
    if session.ending().is_some() {
        return Err(ApiError::conflict("game_over", "the game is over: no more moves"));
    }
    match session.partial_turn(tokens) {
        None => Err(ApiError::bad_request(
            "no_turn_builder",
            format!("{} moves are whole moves, not built step by step", session.game()),
        )),
        Some(result) => Ok(result?),
    }
}
