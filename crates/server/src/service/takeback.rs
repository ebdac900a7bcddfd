//! Taking moves back: an undo (at once against the computer, asked for against a person), the
//! answer to a takeback request, and resigning.

use super::{Caller, Service, ServiceError};
use crate::live::{GameEntry, GameView, LiveGame};
use crate::store::{Ending, GameState};
use arbiter_core::{DynSession, Player};
use std::sync::Arc;

impl Service {
    /// Stores the session's tail (after an undo or a resignation) and makes `next` live.
    pub(super) fn commit_rewrite(
        self: &Arc<Self>,
        entry: &GameEntry,
        live: &mut LiveGame,
        next: Box<dyn DynSession>,
    ) -> Result<(), ServiceError> {
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
            outcome: crate::store::outcome_of(live.session.as_ref()),
            clock: clock.as_ref(),
        };
        if let Err(e) = self.write(live, |store, id, v| store.rewrite_tail(id, v, plies, ending, state)) {
            live.session = previous;
            return Err(e);
        }
        live.clock = clock;
        let ply = live.session.ply();
        live.moves.truncate(ply);
        live.words.truncate(ply);
        live.left_ms.truncate(ply);
        live.takeback = None;
        self.rate_if_over(live);
        self.tournament_game_over(live);
        live.version += 1;
        entry.publish(live.state_message());
        self.schedule_flag(live);
        self.settle(live);
        Ok(())
    }

    /// Takes back the last move. When nobody else plays in the game (the caller holds every human
    /// side; the computer plays the rest), at once, back to a human's turn; against another person
    /// it asks them: a takeback request they accept or decline. A finished game stays finished
    /// (resigned, won, drawn or lost on time): 409 `game_over` (`time_up` for a loss on time).
    pub fn undo(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<GameView, ServiceError> {
        let me = caller.require()?.clone();
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        if live.played_to_the_end() && live.session.ending().is_none() {
            return Err(ServiceError::conflict(
                "rated_game",
                "no takebacks in a rated or tournament game",
            ));
        }
        let mine = live.sides_of(&me.id);
        let Some(&asker) = mine.first() else {
            return Err(ServiceError::forbidden(
                "you do not play in this game (you are watching)",
            ));
        };
        if live.timed_out() {
            return Err(ServiceError::conflict("time_up", "a loss on time cannot be taken back"));
        }
        Self::not_over(&live)?;
        let mut next = live.session.clone_box();
        next.undo()
            .map_err(|e| ServiceError::conflict("nothing_to_undo", e.to_string()))?;
        if live.another_person_plays(&me.id) {
            if live.takeback.is_some() {
                return Err(ServiceError::conflict(
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

    /// Refuses to take back anything of a finished game: 409 `game_over`.
    fn not_over(live: &LiveGame) -> Result<(), ServiceError> {
        match live.session.ending() {
            Some(_) => Err(ServiceError::conflict(
                "game_over",
                "the game is over: a finished game cannot be taken back (start a rematch or a new game)",
            )),
            None => Ok(()),
        }
    }

    /// Sets or clears the pending takeback request, stored and told to the watchers.
    fn set_takeback(&self, entry: &GameEntry, live: &mut LiveGame, by: Option<Player>) -> Result<(), ServiceError> {
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
    ) -> Result<GameView, ServiceError> {
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
    pub fn answer_takeback(
        self: &Arc<Self>,
        caller: &Caller,
        id: &str,
        accept: bool,
    ) -> Result<GameView, ServiceError> {
        let me = caller.require()?.clone();
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let Some(asker) = live.takeback else {
            return Err(ServiceError::conflict("no_takeback", "no takeback request is waiting"));
        };
        let answerer = asker.opponent();
        let is_asker = live.holds(&me.id, asker);
        let is_answerer = live.holds(&me.id, answerer);
        if !is_asker && !is_answerer {
            return Err(ServiceError::forbidden(
                "you do not play in this game (you are watching)",
            ));
        }
        if !accept {
            self.set_takeback(&entry, &mut live, None)?;
            return Ok(live.view());
        }
        if !is_answerer {
            return Err(ServiceError::forbidden(
                "only your opponent can accept your takeback request",
            ));
        }
        Self::not_over(&live)?;
        let mut next = live.session.clone_box();
        next.undo()
            .map_err(|e| ServiceError::conflict("nothing_to_undo", e.to_string()))?;
        self.take_back(&entry, &mut live, next, |next| next.to_move() != asker)
    }

    /// The caller resigns their side (`side` names it when they hold both).
    pub fn resign(self: &Arc<Self>, caller: &Caller, id: &str, side: Option<&str>) -> Result<GameView, ServiceError> {
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
            .map_err(|_| ServiceError::conflict("game_over", "the game is over already"))?;
        live.stop_thinking();
        self.commit_rewrite(&entry, &mut live, next)?;
        Ok(live.view())
    }
}
