//! Seats: who plays each side (a person or the computer), claiming the open side with an invite,
//! and new invites.

use super::{side_name, Caller, Service, ServiceError};
use crate::live::GameView;
use crate::player::{new_secret, secret_hash, well_formed_secret};
use crate::seat::Seat;
use arbiter_core::Player;
use std::sync::Arc;

impl Service {
    /// Changes who plays each side (for example: let the computer take over). The caller may change
    /// only the sides they hold, and open sides of a game they created; a side handed to the computer
    /// stays theirs to take back. Seats as they are already change nothing: a player of the game (or
    /// its creator) gets the view as it is, with nothing stored, told or restarted; anyone else is
    /// refused.
    pub fn set_seats(self: &Arc<Self>, caller: &Caller, id: &str, seats: [Seat; 2]) -> Result<GameView, ServiceError> {
        let me = caller.require()?.clone();
        for seat in seats {
            seat.validate()
                .map_err(|m| ServiceError::bad_request("bad_players", m))?;
        }
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let created = live.creator.as_ref().is_some_and(|c| c.id == me.id);
        if seats == live.seats {
            if !created && live.sides_of(&me.id).is_empty() {
                return Err(ServiceError::forbidden(
                    "you do not play in this game (you are watching)",
                ));
            }
            return Ok(live.view());
        }
        if live.played_to_the_end() {
            return Err(ServiceError::conflict(
                "rated_game",
                "a rated or tournament game is played by its two people to the end: no side goes to the computer",
            ));
        }
        let mut holders = live.holders.clone();
        for side in [Player::First, Player::Second] {
            let i = side.index();
            if seats[i] == live.seats[i] {
                continue;
            }
            let may = live.holds(&me.id, side) || (live.holders[i].is_none() && (created || live.creator.is_none()));
            if !may {
                return Err(ServiceError::forbidden(format!(
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
    pub fn claim(self: &Arc<Self>, caller: &Caller, id: &str, invite: &str) -> Result<GameView, ServiceError> {
        let me = caller.require()?.clone();
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        let Some(open) = [Player::First, Player::Second].into_iter().find(|&s| live.is_open(s)) else {
            return Err(ServiceError::conflict(
                "no_open_seat",
                "both sides are taken: you can watch this game",
            ));
        };
        let good = live
            .invite_hash
            .as_deref()
            .is_some_and(|hash| well_formed_secret(invite.trim()) && secret_hash(invite.trim()) == hash);
        if !good {
            return Err(ServiceError::forbidden_code(
                "bad_invite",
                "this invite is not valid (it may have been used or replaced): you can watch this game",
            ));
        }
        if !live.sides_of(&me.id).is_empty() {
            return Err(ServiceError::conflict(
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
    pub fn new_invite(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<String, ServiceError> {
        let me = caller.require()?;
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        if !live.creator.as_ref().is_some_and(|c| c.id == me.id) {
            return Err(ServiceError::forbidden("only the game's creator can invite"));
        }
        if ![Player::First, Player::Second].into_iter().any(|s| live.is_open(s)) {
            return Err(ServiceError::conflict("no_open_seat", "both sides are taken"));
        }
        let invite = new_secret();
        let mut owners = live.ownership();
        owners.invite_hash = Some(secret_hash(&invite));
        let seats = live.seats;
        self.write(&mut live, |store, id, v| store.set_seats(id, v, &seats, &owners))?;
        live.invite_hash = owners.invite_hash;
        Ok(invite)
    }
}
