//! Moves: playing one (checked, stored, then made live), and building a turn step by step.

use super::{Caller, Service, ServiceError};
use crate::live::{GameEntry, GameView, LiveGame};
use crate::store::{GameState, NewMove};
use arbiter_core::{DynSession, PartialTurn, Player};
use std::sync::Arc;

impl Service {
    /// Plays the caller's move for `side` (by default the side to move); `expected_ply`, if given,
    /// must be the current ply.
    pub fn play(
        self: &Arc<Self>,
        caller: &Caller,
        id: &str,
        side: Option<&str>,
        text: &str,
        expected_ply: Option<usize>,
    ) -> Result<GameView, ServiceError> {
        caller.require()?;
        let entry = self.entry(id)?;
        let mut live = entry.lock();
        // A move meant for another ply is stale, whoever sent it: another move (through this
        // server or another) came first, and the side to move may have changed with it.
        if let Some(ply) = expected_ply {
            if ply != live.session.ply() {
                return Err(ServiceError::conflict(
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
            return Err(ServiceError::conflict("game_over", "the game is over: no more moves"));
        }
        let to_move = live.session.to_move();
        if player != to_move {
            return Err(ServiceError::conflict(
                "not_your_turn",
                format!(
                    "it is {}'s turn, not {}'s",
                    live.session.player_name(to_move),
                    live.session.player_name(player)
                ),
            ));
        }
        if live.seats[player.index()].level().is_some() {
            return Err(ServiceError::conflict(
                "not_your_turn",
                format!("{} is played by the computer", live.session.player_name(player)),
            ));
        }
        if text.len() > 1000 {
            return Err(ServiceError::bad_request("bad_move", "the move text is too long"));
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
    pub(super) fn commit_move(
        self: &Arc<Self>,
        entry: &GameEntry,
        live: &mut LiveGame,
        text: &str,
    ) -> Result<GameView, ServiceError> {
        let now = self.time.now_ms();
        let mover = live.session.to_move();
        if live.clock.is_some_and(|c| c.flagged(mover, now)) {
            self.flag(entry, live)?;
            return Err(ServiceError::conflict("time_up", "the time is up: the game is over"));
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
            outcome: crate::store::outcome_of(next.as_ref()),
            clock: clock.as_ref(),
        };
        self.write(live, |store, id, v| store.add_move(id, v, mv, state))
            .map_err(|e| {
                if e.code == "stale" {
                    // Only one live copy of a game exists here, so another server wrote first.
                    ServiceError::conflict("stale", format!("another move was stored for ply {ply} first: reload"))
                } else {
                    e
                }
            })?;
        // Worded now, while the position before the move is the one just searched (Krux).
        live.words.push(next.move_words(ply));
        live.session = next;
        live.moves.push(played.clone());
        live.left_ms.push(left);
        live.clock = clock;
        live.takeback = None;
        self.rate_if_over(live);
        self.tournament_game_over(live);
        live.version += 1;
        let view = live.view();
        entry.publish(LiveGame::state_message_of(&view));
        self.schedule_flag(live);
        self.settle(live);
        Ok(view)
    }

    /// The partial turn after `tokens` (games built step by step); only for the side to move.
    pub fn turn(self: &Arc<Self>, caller: &Caller, id: &str, tokens: &[String]) -> Result<PartialTurn, ServiceError> {
        let session = self.mover_session(caller, id)?;
        partial_turn(session.as_ref(), tokens)
    }
}

/// The partial turn after `tokens` from the session's position, with the API's errors: too many or
/// too long tokens, a finished game, a game whose moves are whole, the first illegal token.
pub fn partial_turn(session: &dyn DynSession, tokens: &[String]) -> Result<PartialTurn, ServiceError> {
    if tokens.len() > 64 || tokens.iter().any(|t| t.len() > 16) {
        return Err(ServiceError::bad_request("bad_move", "too many or too long tokens"));
    }
    if session.ending().is_some() {
        return Err(ServiceError::conflict("game_over", "the game is over: no more moves"));
    }
    match session.partial_turn(tokens) {
        None => Err(ServiceError::bad_request(
            "no_turn_builder",
            format!("{} moves are whole moves, not built step by step", session.game()),
        )),
        Some(result) => Ok(result?),
    }
}
