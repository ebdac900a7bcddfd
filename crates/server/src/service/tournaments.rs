//! Arena tournaments: created by players with an account, joined and left by anyone, their free
//! players paired about once a second by the server holding the tournament's lease (any server of a
//! shared store may), the standings computed from the stored games by [`crate::arena`] and told live
//! to the tournament's watchers. Its games are ordinary games between two people whose clocks run
//! from the start.

use super::leases::{wall_ms, LEASE};
use super::{new_id, valid_id, Caller, Service, ServiceError};
use crate::arena::{self, ArenaGame, ArenaOutcome, Standing, Waiting};
use crate::live::{LiveGame, NewLiveGame, TournamentTag};
use crate::player::{validate_name, PlayerId, PlayerRef};
use crate::seat::Seat;
use crate::store::{Entrant, StoredTournament, TournamentGame};
use arbiter_core::TimeControl;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use tokio::sync::broadcast;

/// The longest tournament, in minutes (and the shortest: 1).
pub const MAX_TOURNAMENT_MINUTES: i64 = 180;
/// How far ahead a tournament may be scheduled, in minutes.
pub const MAX_STARTS_IN: i64 = 24 * 60;
/// The longest base time of an arena's clock: games must fit in a tournament.
pub const MAX_ARENA_BASE_MS: u64 = 60 * 60 * 1000;
/// Tournaments one player may have created that are not finished.
pub const MAX_OPEN_TOURNAMENTS: usize = 2;
/// The most players in one tournament.
pub const MAX_ENTRANTS: usize = 200;
/// The most tournaments listed.
pub const TOURNAMENTS_LISTED: usize = 50;
/// The most games a tournament's view lists (the newest).
pub const GAMES_SHOWN: usize = 50;

/// A tournament as asked for.
pub struct NewTournament {
    /// Its name (`None`: the game's name and "arena").
    pub name: Option<String>,
    /// The registry name.
    pub game: String,
    /// The game's options string.
    pub options: String,
    /// The time control of every game (`fischer:…`).
    pub clock: String,
    /// How long it runs, in minutes.
    pub minutes: i64,
    /// Minutes from now until it starts.
    pub starts_in: i64,
    /// Its games are rated.
    pub rated: bool,
}

/// A line of the standings.
#[derive(Debug, Clone, Serialize)]
pub struct StandingView {
    /// 1 for the leader.
    pub rank: usize,
    /// The player.
    pub player: PlayerRef,
    /// Points so far.
    pub score: i64,
    /// Finished games.
    pub games: u32,
    /// Of which won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost.
    pub losses: u32,
    /// On a streak: the next game counts double.
    pub fire: bool,
    /// Each game's points, oldest first.
    pub points: Vec<i64>,
    /// Joined and not left.
    pub active: bool,
    /// The game they are playing.
    pub playing: Option<String>,
}

/// A game of the tournament.
#[derive(Debug, Clone, Serialize)]
pub struct ArenaGameView {
    /// The game's id.
    pub id: String,
    /// Who plays the first side.
    pub first: PlayerRef,
    /// Who plays the second side.
    pub second: PlayerRef,
    /// `first`, `second` or `draw` once over.
    pub outcome: Option<String>,
}

/// The caller's place in a tournament.
#[derive(Debug, Clone, Serialize)]
pub struct YouView {
    /// They joined (and may have left).
    pub joined: bool,
    /// Joined and not left: paired when free.
    pub active: bool,
    /// The game they are playing.
    pub playing: Option<String>,
}

/// The leader of a tournament, for lists.
#[derive(Debug, Clone, Serialize)]
pub struct Leader {
    /// The player.
    #[serde(flatten)]
    pub player: PlayerRef,
    /// Their score.
    pub score: i64,
}

/// A tournament as a list shows it.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentSummary {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The registry name of its game.
    pub game: String,
    /// The game's options.
    pub options: String,
    /// The time control.
    pub clock: String,
    /// How long it runs.
    pub minutes: i64,
    /// Rated games.
    pub rated: bool,
    /// `upcoming`, `running`, `finishing` (time is up, games go on) or `finished`.
    pub status: &'static str,
    /// When it starts, unix seconds.
    pub starts_at: i64,
    /// When pairing stops, unix seconds.
    pub ends_at: i64,
    /// Who created it.
    pub created_by: PlayerRef,
    /// How many joined.
    pub players: usize,
    /// The best score, once someone scored.
    pub leader: Option<Leader>,
}

/// A tournament with its standings and games.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentView {
    /// What a list shows.
    #[serde(flatten)]
    pub summary: TournamentSummary,
    /// The server's time, unix seconds (for countdowns).
    pub now: i64,
    /// Everyone who joined, best first.
    pub standings: Vec<StandingView>,
    /// The newest games first.
    pub games: Vec<ArenaGameView>,
    /// The caller's place (`None`: no player, or the live updates every watcher shares).
    pub you: Option<YouView>,
}

/// What a tournament's state is read from: the tournament, who joined, its games.
struct Loaded {
    tournament: StoredTournament,
    entrants: Vec<Entrant>,
    games: Vec<TournamentGame>,
}

impl Loaded {
    fn arena_games(&self) -> Vec<ArenaGame> {
        self.games
            .iter()
            .map(|g| ArenaGame {
                players: [g.players[0].id.clone(), g.players[1].id.clone()],
                outcome: g.outcome.as_deref().and_then(ArenaOutcome::parse),
            })
            .collect()
    }

    fn standings(&self) -> Vec<Standing> {
        let ids: Vec<PlayerId> = self.entrants.iter().map(|e| e.player.id.clone()).collect();
        arena::standings(&ids, &self.arena_games())
    }

    fn status(&self, now: i64) -> &'static str {
        let t = &self.tournament;
        if t.finished_at.is_some() {
            "finished"
        } else if now < t.starts_at {
            "upcoming"
        } else if now < t.ends_at {
            "running"
        } else {
            "finishing"
        }
    }

    fn summary(&self, now: i64, standings: &[Standing]) -> TournamentSummary {
        let t = &self.tournament;
        let leader = standings.first().filter(|s| s.score > 0).map(|s| Leader {
            player: self.player(&s.player),
            score: s.score,
        });
        TournamentSummary {
            id: t.id.clone(),
            name: t.name.clone(),
            game: t.game.clone(),
            options: t.options.clone(),
            clock: t.clock.clone(),
            minutes: t.minutes,
            rated: t.rated,
            status: self.status(now),
            starts_at: t.starts_at,
            ends_at: t.ends_at,
            created_by: t.created_by.clone(),
            players: self.entrants.len(),
            leader,
        }
    }

    fn player(&self, id: &PlayerId) -> PlayerRef {
        self.entrants
            .iter()
            .map(|e| &e.player)
            .chain(self.games.iter().flat_map(|g| g.players.iter()))
            .find(|p| &p.id == id)
            .cloned()
            .unwrap_or(PlayerRef {
                id: id.clone(),
                name: None,
            })
    }

    fn view(&self, now: i64, caller: Option<&PlayerId>) -> TournamentView {
        let standings = self.standings();
        let active: HashSet<&PlayerId> = self
            .entrants
            .iter()
            .filter(|e| e.active)
            .map(|e| &e.player.id)
            .collect();
        let lines: Vec<StandingView> = standings
            .iter()
            .enumerate()
            .map(|(i, s)| StandingView {
                rank: i + 1,
                player: self.player(&s.player),
                score: s.score,
                games: s.games,
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
                fire: s.fire,
                points: s.points.clone(),
                active: active.contains(&s.player),
                playing: s.playing.map(|g| self.games[g].id.clone()),
            })
            .collect();
        let you = caller.map(|me| {
            let line = lines.iter().find(|l| &l.player.id == me);
            YouView {
                joined: self.entrants.iter().any(|e| &e.player.id == me),
                active: active.contains(me),
                playing: line.and_then(|l| l.playing.clone()),
            }
        });
        TournamentView {
            summary: self.summary(now, &standings),
            now,
            games: self
                .games
                .iter()
                .rev()
                .take(GAMES_SHOWN)
                .map(|g| ArenaGameView {
                    id: g.id.clone(),
                    first: g.players[0].clone(),
                    second: g.players[1].clone(),
                    outcome: g.outcome.clone(),
                })
                .collect(),
            standings: lines,
            you,
        }
    }
}

/// The watchers of each tournament's live standings.
#[derive(Default)]
pub(super) struct Watchers(std::sync::Mutex<HashMap<String, broadcast::Sender<Arc<str>>>>);

impl Watchers {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, broadcast::Sender<Arc<str>>>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Service {
    /// The server's time, unix seconds: what tournaments start and end by (a test's clock in tests).
    fn now_s(&self) -> i64 {
        (self.time.now_ms() / 1000) as i64
    }

    fn load_tournament(&self, id: &str) -> Result<Loaded, ServiceError> {
        if !valid_id(id) {
            return Err(ServiceError::not_found("no such tournament"));
        }
        let missing = || ServiceError::not_found(format!("no tournament with id '{id}'"));
        let tournament = self.store.tournament(id)?.ok_or_else(missing)?;
        self.with_players_and_games(tournament)
    }

    /// A stored tournament with who joined it and its games.
    fn with_players_and_games(&self, tournament: StoredTournament) -> Result<Loaded, ServiceError> {
        Ok(Loaded {
            entrants: self.store.entrants(&tournament.id)?,
            games: self.store.tournament_games(&tournament.id)?,
            tournament,
        })
    }

    /// Creates a tournament; the caller needs an account.
    pub fn create_tournament(&self, caller: &Caller, new: NewTournament) -> Result<TournamentView, ServiceError> {
        let me = caller.require()?.clone();
        if self.store.account_of(&me.id)?.is_none() {
            return Err(ServiceError::forbidden_code(
                "account_needed",
                "creating a tournament needs an account: choose a username and a password first",
            ));
        }
        let game_type = self.registry.get(new.game.trim())?;
        let session = game_type.new_session(&new.options, None)?;
        let clock: TimeControl = new
            .clock
            .parse()
            .map_err(|m| ServiceError::bad_request("bad_clock", m))?;
        match clock {
            TimeControl::Fischer { base_ms, .. } if base_ms <= MAX_ARENA_BASE_MS => {}
            _ => {
                return Err(ServiceError::bad_request(
                    "bad_clock",
                    "an arena's clock is fischer:BASE+INCREMENT with a base of at most 3600 seconds",
                ))
            }
        }
        if !(1..=MAX_TOURNAMENT_MINUTES).contains(&new.minutes) {
            return Err(ServiceError::bad_request(
                "bad_minutes",
                format!(
                    "a tournament lasts 1 to {MAX_TOURNAMENT_MINUTES} minutes, not {}",
                    new.minutes
                ),
            ));
        }
        if !(0..=MAX_STARTS_IN).contains(&new.starts_in) {
            return Err(ServiceError::bad_request(
                "bad_starts_in",
                format!(
                    "a tournament starts 0 to {MAX_STARTS_IN} minutes from now, not {}",
                    new.starts_in
                ),
            ));
        }
        let name = match new.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
            Some(name) => validate_name(name).map_err(|m| ServiceError::bad_request("bad_name", m))?,
            None => format!("{} arena", arbiter_core::story::capitalised(session.game())),
        };
        if self.store.open_tournaments_of(&me.id)? >= MAX_OPEN_TOURNAMENTS {
            return Err(ServiceError::conflict(
                "too_many_tournaments",
                format!("you have {MAX_OPEN_TOURNAMENTS} tournaments that are not finished: wait for one to end"),
            ));
        }
        let now = self.now_s();
        let starts_at = now + new.starts_in * 60;
        let tournament = StoredTournament {
            id: format!("t{}", new_id()),
            name,
            game: session.game().to_string(),
            options: session.options(),
            clock: clock.to_string(),
            minutes: new.minutes,
            rated: new.rated,
            created_by: me.clone(),
            created_at: now,
            starts_at,
            ends_at: starts_at + new.minutes * 60,
            finished_at: None,
        };
        self.store.add_tournament(&tournament)?;
        Ok(self.load_tournament(&tournament.id)?.view(now, Some(&me.id)))
    }

    /// The tournaments to list: not finished first (soonest first), then the latest finished.
    pub fn tournaments(&self) -> Result<Vec<TournamentSummary>, ServiceError> {
        let now = self.now_s();
        let mut list = Vec::new();
        for t in self.store.tournaments(TOURNAMENTS_LISTED)? {
            let loaded = self.with_players_and_games(t)?;
            list.push(loaded.summary(now, &loaded.standings()));
        }
        Ok(list)
    }

    /// A tournament with its standings, and the caller's place in it.
    pub fn tournament(&self, caller: &Caller, id: &str) -> Result<TournamentView, ServiceError> {
        let me = caller.player.as_ref().map(|p| &p.id);
        Ok(self.load_tournament(id)?.view(self.now_s(), me))
    }

    /// The caller joins a tournament (again, after leaving): paired as soon as free.
    pub fn join_tournament(&self, caller: &Caller, id: &str) -> Result<TournamentView, ServiceError> {
        self.set_entrant(caller, id, true)
    }

    /// The caller leaves a tournament: not paired any more; their games and points stay.
    pub fn leave_tournament(&self, caller: &Caller, id: &str) -> Result<TournamentView, ServiceError> {
        self.set_entrant(caller, id, false)
    }

    fn set_entrant(&self, caller: &Caller, id: &str, active: bool) -> Result<TournamentView, ServiceError> {
        let me = caller.require()?.clone();
        let loaded = self.load_tournament(id)?;
        let now = self.now_s();
        let joined = loaded.entrants.iter().find(|e| e.player.id == me.id);
        if active {
            if loaded.status(now) == "finished" || loaded.status(now) == "finishing" {
                return Err(ServiceError::conflict("tournament_over", "this tournament is over"));
            }
            if joined.is_none() && loaded.entrants.len() >= MAX_ENTRANTS {
                return Err(ServiceError::conflict(
                    "tournament_full",
                    format!("this tournament has its {MAX_ENTRANTS} players"),
                ));
            }
        } else if joined.is_none() {
            return Err(ServiceError::conflict(
                "not_joined",
                "you have not joined this tournament",
            ));
        }
        if joined.map(|e| e.active) != Some(active) {
            self.store.set_entrant(id, &me.id, active, now)?;
            self.tournament_changed(id);
        }
        Ok(self.load_tournament(id)?.view(now, Some(&me.id)))
    }

    /// The live updates of a tournament's standings: one message now, then one after each change.
    pub fn watch_tournament(&self, id: &str) -> Result<(String, broadcast::Receiver<Arc<str>>), ServiceError> {
        let loaded = self.load_tournament(id)?;
        let receiver = self
            .tournament_watchers
            .lock()
            .entry(id.to_string())
            .or_insert_with(|| broadcast::channel(16).0)
            .subscribe();
        Ok((tournament_message(&loaded.view(self.now_s(), None)), receiver))
    }

    /// The tournaments someone here watches.
    pub(super) fn watched_tournaments(&self) -> Vec<String> {
        self.tournament_watchers.lock().keys().cloned().collect()
    }

    /// Tells a tournament's watchers here its state now.
    pub(super) fn publish_tournament(&self, id: &str) {
        let sender = {
            let mut watchers = self.tournament_watchers.lock();
            watchers.retain(|_, s| s.receiver_count() > 0);
            watchers.get(id).cloned()
        };
        let Some(sender) = sender else { return };
        if let Ok(loaded) = self.load_tournament(id) {
            let _ = sender.send(Arc::from(tournament_message(&loaded.view(self.now_s(), None))));
        }
    }

    /// A tournament changed: its watchers hear it, on every server.
    fn tournament_changed(&self, id: &str) {
        if self.shared {
            // Every server, this one too, hears the announcement and tells its watchers.
            let _ = self.store.announce_tournament(id);
        } else {
            self.publish_tournament(id);
        }
    }

    /// After a change to a game: if it ended and a tournament paired it, the standings changed.
    pub(super) fn tournament_game_over(&self, live: &LiveGame) {
        if let (Some(tag), Some(_)) = (&live.tournament, live.session.ending()) {
            self.tournament_changed(&tag.id);
        }
    }

    /// Pairs the free players of every running tournament whose lease this server holds, and
    /// finishes those whose time is up once their last game ended. Run about once a second.
    pub fn run_tournaments(self: &Arc<Self>) {
        let now = self.now_s();
        let Ok(ids) = self.store.live_tournaments(now) else {
            return;
        };
        for id in ids {
            if self.shared {
                let wall = wall_ms();
                let claimed = self
                    .store
                    .claim_tournament(&id, &self.instance, wall, wall + LEASE.as_millis() as u64);
                if !matches!(claimed, Ok(true)) {
                    continue; // another server pairs it
                }
            }
            if let Err(e) = self.pair_tournament(&id, now) {
                eprintln!("tournament {id}: {}", e.message);
            }
        }
    }

    fn pair_tournament(self: &Arc<Self>, id: &str, now: i64) -> Result<(), ServiceError> {
        let loaded = self.load_tournament(id)?;
        let t = &loaded.tournament;
        // Its start and its end change its status with nothing stored: the watchers hear it too.
        let status = loaded.status(now);
        let told = self
            .arena_status
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id.to_string(), status);
        if told != Some(status) {
            self.tournament_changed(id);
        }
        if now >= t.ends_at {
            if loaded.games.iter().all(|g| g.outcome.is_some()) && self.store.finish_tournament(id, now)? {
                self.forget_waiting(id);
                if !self.shared {
                    self.publish_tournament(id);
                }
            }
            return Ok(());
        }
        let games = loaded.arena_games();
        let standings = loaded.standings();
        let rank: HashMap<&PlayerId, usize> = standings.iter().enumerate().map(|(i, s)| (&s.player, i)).collect();
        let busy: HashSet<&PlayerId> = standings
            .iter()
            .filter(|s| s.playing.is_some())
            .map(|s| &s.player)
            .collect();
        let active: Vec<&Entrant> = loaded.entrants.iter().filter(|e| e.active).collect();
        let others_playing = active.iter().any(|e| busy.contains(&e.player.id));
        let now_ms = self.time.now_ms();
        let free: Vec<Waiting> = {
            let mut since = self.arena_waiting.lock().unwrap_or_else(|p| p.into_inner());
            // Who is not free any more waits no longer.
            since.retain(|(t, p), _| t != id || active.iter().any(|e| &e.player.id == p && !busy.contains(p)));
            active
                .iter()
                .filter(|e| !busy.contains(&e.player.id))
                .map(|e| {
                    let from = *since.entry((id.to_string(), e.player.id.clone())).or_insert(now_ms);
                    let (last_opponent, last_side, balance) = arena::history(&e.player.id, &games);
                    Waiting {
                        player: e.player.id.clone(),
                        rank: rank.get(&e.player.id).copied().unwrap_or(usize::MAX),
                        last_opponent,
                        last_side,
                        balance,
                        waited_s: (now_ms.saturating_sub(from) / 1000) as i64,
                    }
                })
                .collect()
        };
        let pairs = arena::pairings(&free, others_playing);
        if pairs.is_empty() {
            return Ok(());
        }
        let control: TimeControl = t
            .clock
            .parse()
            .map_err(|m: String| ServiceError::internal(format!("tournament {id} has a bad clock: {m}")))?;
        let last = loaded.games.last().map_or(0, |g| g.seq);
        for (seq, [first, second]) in (last + 1..).zip(pairs) {
            let session = self.registry.get(&t.game)?.new_session(&t.options, None)?;
            let new = NewLiveGame {
                seats: [Seat::Human, Seat::Human],
                holders: [Some(loaded.player(&first)), Some(loaded.player(&second))],
                creator: t.created_by.clone(),
                public: true,
                hints: false,
                rated: t.rated,
                invite_hash: None,
                clock: Some(control),
                tournament: Some(TournamentTag {
                    id: id.to_string(),
                    name: t.name.clone(),
                    seq,
                }),
            };
            let entry = self.open_game(session, new)?;
            {
                let live = entry.lock();
                // This server runs the new game's clock: its flag falls even if nobody moves.
                self.hold(&live);
                self.schedule_flag(&live);
            }
            let mut since = self.arena_waiting.lock().unwrap_or_else(|p| p.into_inner());
            since.remove(&(id.to_string(), first));
            since.remove(&(id.to_string(), second));
        }
        self.tournament_changed(id);
        Ok(())
    }

    fn forget_waiting(&self, id: &str) {
        let mut since = self.arena_waiting.lock().unwrap_or_else(|p| p.into_inner());
        since.retain(|(t, _), _| t != id);
        self.arena_status.lock().unwrap_or_else(|p| p.into_inner()).remove(id);
    }
}

fn tournament_message(view: &TournamentView) -> String {
    serde_json::json!({"type": "tournament", "tournament": view}).to_string()
}
