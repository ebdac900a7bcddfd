//! Games as a whole: creating one (fresh, from a position or from a record), its view, record and
//! positions, the list of games, and rematches.

use super::{new_id, Caller, Service, ServiceError};
use crate::live::{GameEntry, GameView, LiveGame, NewLiveGame};
use crate::player::{new_secret, secret_hash};
use crate::seat::Seat;
use crate::store::{now, GameSummary};
use arbiter_core::{DynSession, GameRecord, Player, RecordClock, TimeControl};
use std::sync::Arc;

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
    /// Allow the engine's hints to both players of a game between two people.
    pub hints: bool,
    /// A rated game: between two people (one side open for the invitee), from the start.
    pub rated: bool,
    /// The time control, if the game has a clock.
    pub clock: Option<TimeControl>,
}

impl Service {
    /// Creates and stores a game for the caller; the computer starts thinking if it moves first.
    /// The answer carries the open side's invite, if a side was left open.
    pub fn create(self: &Arc<Self>, caller: &Caller, new: NewGame, seats: NewSeats) -> Result<GameView, ServiceError> {
        let me = caller.require()?.clone();
        for seat in seats.seats {
            seat.validate()
                .map_err(|m| ServiceError::bad_request("bad_players", m))?;
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
                    .map_err(|e| ServiceError::bad_request("bad_record", format!("the record does not replay: {e}")))?
            }
        };
        let open = match seats.open.as_deref() {
            None => None,
            Some(text) => {
                let side = Self::parse_side(session.as_ref(), text)?;
                if seats.seats[side.index()].level().is_some() {
                    return Err(ServiceError::bad_request(
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
        if seats.rated {
            let fresh = matches!(&new, NewGame::Fresh { position: None, .. });
            let people = seats.seats.iter().all(|s| s.level().is_none());
            if !(fresh && people && open.is_some()) {
                return Err(ServiceError::bad_request(
                    "bad_rated",
                    "a rated game is between two people from the start: both sides human, one of them open for \
                     your opponent, no position or record",
                ));
            }
        }
        let holders = [Player::First, Player::Second].map(|side| (open != Some(side)).then(|| me.clone()));
        let invite = open.map(|_| new_secret());
        let new = NewLiveGame {
            seats: seats.seats,
            holders,
            creator: me,
            public: seats.public,
            hints: seats.hints,
            rated: seats.rated,
            invite_hash: invite.as_deref().map(secret_hash),
            clock: seats.clock,
            tournament: None,
        };
        let entry = self.open_game(session, new)?;
        let mut view = entry.lock().view();
        view.invite = invite;
        Ok(view)
    }

    /// Stores a new game, keeps it in memory and lets the computer start if it moves first.
    pub(super) fn open_game(
        self: &Arc<Self>,
        session: Box<dyn DynSession>,
        new: NewLiveGame,
    ) -> Result<Arc<GameEntry>, ServiceError> {
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

    /// The view of a game.
    pub fn view(self: &Arc<Self>, id: &str) -> Result<GameView, ServiceError> {
        Ok(self.entry(id)?.lock().view())
    }

    /// The record of a game.
    pub fn record(self: &Arc<Self>, id: &str) -> Result<GameRecord, ServiceError> {
        let entry = self.entry(id)?;
        let live = entry.lock();
        let mut record = live.session.record();
        record.clock = live.clock.map(|clock| RecordClock {
            control: clock.control,
            left_ms: live.left_ms.clone(),
        });
        Ok(record)
    }

    /// The game's record as text for people ([`GameRecord::to_text`]), tagged with who played
    /// each side and the game's id.
    pub fn record_text(self: &Arc<Self>, id: &str) -> Result<String, ServiceError> {
        let record = self.record(id)?;
        let usual = self.registry.get(&record.game)?.start_position(&record.options).ok();
        let entry = self.entry(id)?;
        let live = entry.lock();
        let mut tags: Vec<(String, String)> = vec![("Id".into(), id.to_string())];
        for side in [Player::First, Player::Second] {
            let who = match (live.seats[side.index()].level(), &live.holders[side.index()]) {
                (Some(level), _) => format!("computer, level {level}"),
                (None, Some(p)) => p.name.clone().unwrap_or_else(|| "anonymous player".into()),
                (None, None) => "open".into(),
            };
            tags.push((arbiter_core::story::capitalised(live.session.player_name(side)), who));
        }
        if live.rated {
            tags.push(("Rated".into(), "yes".into()));
        }
        let tags: Vec<(&str, &str)> = tags.iter().map(|(t, v)| (t.as_str(), v.as_str())).collect();
        Ok(record.to_text(usual.as_deref(), &tags))
    }

    /// The position after each ply, from the start (index 0) to now: for reviewing a game move by move.
    pub fn positions(self: &Arc<Self>, id: &str) -> Result<Vec<String>, ServiceError> {
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
    pub fn list(&self, caller: &Caller, mine_only: bool, limit: usize) -> Result<Vec<GameSummary>, ServiceError> {
        let me = caller.player.as_ref().map(|p| &p.id);
        Ok(self.store.list(me, mine_only, limit.clamp(1, 200))?)
    }

    /// Starts a rematch of a finished game: the same game, options, start and people, sides swapped.
    /// Asked again, it answers the same rematch.
    pub fn rematch(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<GameView, ServiceError> {
        let me = caller.require()?.clone();
        let entry = self.entry(id)?;
        let (game, options, start, seats, holders, public, hints, rated, clock) = {
            let live = entry.lock();
            if live.sides_of(&me.id).is_empty() {
                return Err(ServiceError::forbidden(
                    "only a player of this game can ask for a rematch",
                ));
            }
            if live.session.ending().is_none() {
                return Err(ServiceError::conflict("not_over", "the game is not over yet"));
            }
            if live.tournament.is_some() {
                return Err(ServiceError::conflict(
                    "tournament_game",
                    "no rematch in a tournament: it pairs your next game itself",
                ));
            }
            (
                live.session.game().to_string(),
                live.session.options(),
                live.start.clone(),
                [live.seats[1], live.seats[0]],
                [live.holders[1].clone(), live.holders[0].clone()],
                live.public,
                live.hints,
                live.rated,
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
            hints,
            rated,
            invite_hash: None,
            clock,
            tournament: None,
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
}
