//! The game service: creates, loads, plays, undoes and resigns games, keeping memory, the database and the
//! watchers in step, and lets the computer move on its turns. Every change is tried on a copy of the
//! session first, stored, and only then made live, so a rejected or failed request leaves the game untouched.

use crate::computer::{Computer, ComputerMove};
use crate::error::ApiError;
use crate::live::{GameEntry, GameView, LiveGame};
use crate::seat::Seat;
use crate::store::{GameSummary, Store, StoredGame};
use arbiter_core::{DynSession, GameRecord, PartialTurn, Player, Registry};
use rand::Rng;
use std::collections::HashMap;
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

/// The shared state of the server.
pub struct Service {
    registry: Registry,
    store: Store,
    games: Mutex<HashMap<String, Arc<GameEntry>>>,
    computer: Arc<dyn Computer>,
    /// Pause between two computer moves when both sides are the computer, so people can follow.
    pub computer_pause: Duration,
    shutdown: tokio::sync::watch::Sender<bool>,
}

/// How many games stay in memory before idle ones are dropped (they are all in the database).
const MAX_LIVE_GAMES: usize = 1000;

/// The level the hint button searches at.
pub const HINT_LEVEL: u8 = 3;

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

impl Service {
    /// A service over a store, with the games of `registry` and a computer player.
    pub fn new(registry: Registry, store: Store, computer: Arc<dyn Computer>) -> Arc<Service> {
        Arc::new(Service {
            registry,
            store,
            games: Mutex::new(HashMap::new()),
            computer,
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
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The computer player's name.
    pub fn computer_name(&self) -> &'static str {
        self.computer.name()
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<GameEntry>>> {
        self.games.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Creates and stores a game; the computer starts thinking if it moves first.
    pub fn create(self: &Arc<Self>, new: NewGame, seats: [Seat; 2]) -> Result<GameView, ApiError> {
        for seat in seats {
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
        let id = new_id();
        let record = session.record();
        let live = LiveGame {
            id: id.clone(),
            seats,
            session,
            version: 1,
            thinking: None,
            start: record.start.clone(),
            moves: record.moves.clone(),
        };
        let stored = StoredGame {
            id: id.clone(),
            game: record.game.clone(),
            options: record.options.clone(),
            start: record.start.clone(),
            seats,
            resigned: live.resigned().map(str::to_string),
            moves: record.moves.clone(),
        };
        self.store.create(&stored, live.result_text().as_deref())?;
        let entry = GameEntry::new(live);
        self.games().insert(id, entry.clone());
        let mut live = entry.lock();
        self.maybe_start_computer(&entry, &mut live);
        Ok(live.view())
    }

    /// The live game of that id, loaded from the database (and replayed) on first use.
    pub fn entry(self: &Arc<Self>, id: &str) -> Result<Arc<GameEntry>, ApiError> {
        if !valid_id(id) {
            return Err(ApiError::not_found(format!("no game with id '{id}'")));
        }
        if let Some(entry) = self.games().get(id) {
            return Ok(entry.clone());
        }
        let stored = self
            .store
            .load(id)?
            .ok_or_else(|| ApiError::not_found(format!("no game with id '{id}'")))?;
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
        let live = LiveGame {
            id: id.to_string(),
            seats: stored.seats,
            session,
            version: 1,
            thinking: None,
            start: stored.start.clone(),
            moves,
        };
        let entry = {
            let mut games = self.games();
            if games.len() >= MAX_LIVE_GAMES {
                // Forget games nobody watches and the computer is not thinking about: they reload on demand.
                games.retain(|_, e| e.updates.receiver_count() > 0 || e.lock().thinking.is_some());
            }
            games
                .entry(id.to_string())
                .or_insert_with(|| GameEntry::new(live))
                .clone()
        };
        {
            let mut live = entry.lock();
            self.maybe_start_computer(&entry, &mut live);
        }
        Ok(entry)
    }

    /// The view of a game.
    pub fn view(self: &Arc<Self>, id: &str) -> Result<GameView, ApiError> {
        Ok(self.entry(id)?.lock().view())
    }

    /// The record of a game.
    pub fn record(self: &Arc<Self>, id: &str) -> Result<GameRecord, ApiError> {
        Ok(self.entry(id)?.lock().session.record())
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

    /// The most recent games.
    pub fn recent(&self, limit: usize) -> Result<Vec<GameSummary>, ApiError> {
        Ok(self.store.recent(limit.clamp(1, 200))?)
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

    /// Plays a human's move for `side`; `expected_ply`, if given, must be the current ply.
    pub fn play(
        self: &Arc<Self>,
        id: &str,
        side: &str,
        text: &str,
        expected_ply: Option<usize>,
    ) -> Result<GameView, ApiError> {
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let player = Self::parse_side(live.session.as_ref(), side)?;
        if live.session.ending().is_some() {
            return Err(ApiError::conflict("game_over", "the game is over: no more moves"));
        }
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
        self.commit_move(&entry, &mut live, text)?;
        self.maybe_start_computer(&entry, &mut live);
        Ok(live.view())
    }

    /// Plays `text` on a copy, stores it, then makes it live and tells the watchers.
    fn commit_move(&self, entry: &GameEntry, live: &mut LiveGame, text: &str) -> Result<String, ApiError> {
        let mut next = live.session.clone_box();
        let played = next.play(text)?;
        let ply = live.session.ply();
        let result = next.story().map(|story| story.text);
        self.store.add_move(&live.id, ply, &played, result.as_deref())?;
        live.session = next;
        live.moves.push(played.clone());
        live.version += 1;
        entry.publish(live.state_message());
        Ok(played)
    }

    /// Stores the session's tail (after an undo or a resignation) and makes `next` live.
    fn commit_rewrite(
        &self,
        entry: &GameEntry,
        live: &mut LiveGame,
        next: Box<dyn DynSession>,
    ) -> Result<(), ApiError> {
        let previous = std::mem::replace(&mut live.session, next);
        let resigned = live.resigned();
        let result = live.result_text();
        if let Err(e) = self
            .store
            .rewrite_tail(&live.id, live.session.ply(), resigned, result.as_deref())
        {
            live.session = previous;
            return Err(e.into());
        }
        let ply = live.session.ply();
        live.moves.truncate(ply);
        live.version += 1;
        entry.publish(live.state_message());
        Ok(())
    }

    /// Takes back the last move (or a resignation), and further back to a human's turn when the
    /// computer plays the other side. Stops the computer if it was thinking.
    pub fn undo(self: &Arc<Self>, id: &str) -> Result<GameView, ApiError> {
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let mut next = live.session.clone_box();
        next.undo()
            .map_err(|e| ApiError::conflict("nothing_to_undo", e.to_string()))?;
        let any_human = live.seats.iter().any(|s| s.level().is_none());
        while any_human && next.ply() > 0 && live.seats[next.to_move().index()].level().is_some() {
            if next.undo().is_err() {
                break;
            }
        }
        live.stop_thinking();
        self.commit_rewrite(&entry, &mut live, next)?;
        self.maybe_start_computer(&entry, &mut live);
        Ok(live.view())
    }

    /// `side` resigns.
    pub fn resign(self: &Arc<Self>, id: &str, side: &str) -> Result<GameView, ApiError> {
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let player = Self::parse_side(live.session.as_ref(), side)?;
        let mut next = live.session.clone_box();
        next.resign(player)
            .map_err(|_| ApiError::conflict("game_over", "the game is over already"))?;
        live.stop_thinking();
        self.commit_rewrite(&entry, &mut live, next)?;
        Ok(live.view())
    }

    /// Changes who plays each side (for example: let the computer take over).
    pub fn set_seats(self: &Arc<Self>, id: &str, seats: [Seat; 2]) -> Result<GameView, ApiError> {
        for seat in seats {
            seat.validate().map_err(|m| ApiError::bad_request("bad_players", m))?;
        }
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        self.store.set_seats(id, &seats)?;
        live.seats = seats;
        live.stop_thinking();
        live.version += 1;
        entry.publish(live.state_message());
        self.maybe_start_computer(&entry, &mut live);
        Ok(live.view())
    }

    /// The partial turn after `tokens` (games built step by step).
    pub fn turn(self: &Arc<Self>, id: &str, tokens: &[String]) -> Result<PartialTurn, ApiError> {
        let session = self.entry(id)?.lock().session.clone_box();
        partial_turn(session.as_ref(), tokens)
    }

    /// The engine's best move for the side to move (the hint button); runs on a blocking thread.
    pub async fn hint(self: &Arc<Self>, id: &str) -> Result<ComputerMove, ApiError> {
        let session = self.entry(id)?.lock().session.clone_box();
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

    /// Starts the computer's search if the computer is to move and not thinking yet.
    fn maybe_start_computer(self: &Arc<Self>, entry: &Arc<GameEntry>, live: &mut LiveGame) {
        if live.thinking.is_some() || live.session.ending().is_some() {
            return;
        }
        let Some(level) = live.seats[live.session.to_move().index()].level() else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        live.thinking = Some(stop.clone());
        let version = live.version;
        let snapshot = live.session.clone_box();
        let both_computers = live.seats.iter().all(|s| s.level().is_some());
        let service = self.clone();
        let task_entry = entry.clone();
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            live.thinking = None;
            return;
        };
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
                None => service.maybe_start_computer(&entry, &mut live),
            }
        });
        entry.publish(live.state_message());
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
