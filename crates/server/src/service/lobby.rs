//! The lobby: open challenges (a game, its options, a clock, a colour) that anyone may accept,
//! told live to everyone on the lobby's WebSocket. Accepting one starts the game between the two.

use super::{new_id, Caller, Service, ServiceError};
use crate::live::{GameView, NewLiveGame};
use crate::seat::Seat;
use crate::store::{Challenge, Colour};
use arbiter_core::{Player, TimeControl};
use serde_json::json;
use std::sync::Arc;

/// The most open challenges one player may have.
pub const MAX_OPEN_CHALLENGES: usize = 5;

/// The most challenges the lobby lists (the newest).
pub const MAX_LISTED: usize = 200;

/// A challenge as asked for.
pub struct NewChallenge {
    /// The registry name.
    pub game: String,
    /// The options string.
    pub options: String,
    /// The time control text, if any.
    pub clock: Option<String>,
    /// The challenger's side (`first`, `second`, `random`).
    pub colour: Option<String>,
    /// The game will be listed to everyone.
    pub public: bool,
    /// The game allows the engine's hints to both players.
    pub hints: bool,
    /// The game will be rated.
    pub rated: bool,
}

impl Service {
    /// The open challenges, newest first; `yours` marks the caller's.
    pub fn challenges(&self, caller: &Caller) -> Result<Vec<Challenge>, ServiceError> {
        let mut list = self.rated_challenges()?;
        if let Some(me) = &caller.player {
            for c in &mut list {
                c.yours = c.by.id == me.id;
            }
        }
        Ok(list)
    }

    /// The open challenges, each with its challenger's rating in the game's pool.
    fn rated_challenges(&self) -> Result<Vec<Challenge>, ServiceError> {
        let mut list = self.store().challenges(MAX_LISTED)?;
        for c in &mut list {
            let Ok(session) = self
                .registry()
                .get(&c.game)
                .and_then(|g| g.new_session(&c.options, None))
            else {
                continue;
            };
            let rating = self.store().game_rating(&c.by.id, &super::pool_of(session.as_ref()))?;
            let shown = super::RatingView::of(rating);
            c.rating = Some(shown.0);
            c.provisional = shown.1;
        }
        Ok(list)
    }

    /// Tells the lobby's watchers the list now (and, first, an event such as an acceptance).
    pub(super) fn publish_lobby(&self, event: Option<serde_json::Value>) {
        if let Some(event) = event {
            let _ = self.lobby_updates().send(Arc::from(event.to_string()));
        }
        if let Ok(list) = self.rated_challenges() {
            let message = json!({"type": "challenges", "challenges": list}).to_string();
            let _ = self.lobby_updates().send(Arc::from(message));
        }
    }

    /// Posts a challenge for the caller, checked as a game would be.
    pub fn post_challenge(&self, caller: &Caller, new: NewChallenge) -> Result<Challenge, ServiceError> {
        let me = caller.require()?.clone();
        let game_type = self.registry().get(new.game.trim())?;
        let session = game_type.new_session(&new.options, None)?;
        let clock = new
            .clock
            .as_deref()
            .map(str::parse::<TimeControl>)
            .transpose()
            .map_err(|m| ServiceError::bad_request("bad_clock", m))?;
        let colour = match new.colour.as_deref().unwrap_or("random") {
            "first" => Colour::First,
            "second" => Colour::Second,
            "random" => Colour::Random,
            other => {
                return Err(ServiceError::bad_request(
                    "bad_colour",
                    format!("colour is first, second or random, not '{other}'"),
                ))
            }
        };
        if self.store().challenges_of(&me.id)? >= MAX_OPEN_CHALLENGES {
            return Err(ServiceError::conflict(
                "too_many_challenges",
                format!("you have {MAX_OPEN_CHALLENGES} open challenges: cancel one first"),
            ));
        }
        let challenge = Challenge {
            id: format!("c{}", new_id()),
            by: me,
            game: session.game().to_string(),
            options: session.options(),
            clock,
            colour,
            public: new.public,
            hints: new.hints,
            rated: new.rated,
            created_at: crate::store::now(),
            yours: true,
            rating: None,
            provisional: false,
        };
        self.store().add_challenge(&challenge)?;
        self.publish_lobby(None);
        let mut stored = self
            .store()
            .challenge(&challenge.id)?
            .ok_or_else(|| ServiceError::internal("the challenge was not stored"))?;
        stored.yours = true;
        Ok(stored)
    }

    /// Cancels the caller's challenge.
    pub fn cancel_challenge(&self, caller: &Caller, id: &str) -> Result<(), ServiceError> {
        let me = caller.require()?;
        let challenge = self
            .store()
            .challenge(id)?
            .ok_or_else(|| ServiceError::not_found("no such open challenge (taken or cancelled)"))?;
        if challenge.by.id != me.id {
            return Err(ServiceError::forbidden("only its author can cancel a challenge"));
        }
        self.store().take_challenge(id)?;
        self.publish_lobby(None);
        Ok(())
    }

    /// Accepts a challenge: the game starts between its author (who created it) and the caller.
    pub fn accept_challenge(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<GameView, ServiceError> {
        let me = caller.require()?.clone();
        let challenge = self
            .store()
            .challenge(id)?
            .ok_or_else(|| ServiceError::not_found("no such open challenge (taken or cancelled)"))?;
        if challenge.by.id == me.id {
            return Err(ServiceError::conflict("own_challenge", "this is your own challenge"));
        }
        // Taking it from the table decides who gets it when two accept at once.
        if !self.store().take_challenge(id)? {
            return Err(ServiceError::not_found("no such open challenge (taken or cancelled)"));
        }
        let session = self
            .registry()
            .get(&challenge.game)?
            .new_session(&challenge.options, None)?;
        let author_side = match challenge.colour {
            Colour::First => Player::First,
            Colour::Second => Player::Second,
            Colour::Random if rand::random::<bool>() => Player::First,
            Colour::Random => Player::Second,
        };
        let mut holders = [Some(me.clone()), Some(me.clone())];
        holders[author_side.index()] = Some(challenge.by.clone());
        let new = NewLiveGame {
            seats: [Seat::Human, Seat::Human],
            holders,
            creator: challenge.by.clone(),
            public: challenge.public,
            hints: challenge.hints,
            rated: challenge.rated,
            invite_hash: None,
            clock: challenge.clock,
            tournament: None,
        };
        let entry = self.open_game(session, new)?;
        let view = entry.lock().view();
        self.publish_lobby(Some(json!({
            "type": "accepted", "challenge": id, "game": view.id, "by": me,
        })));
        Ok(view)
    }
}
