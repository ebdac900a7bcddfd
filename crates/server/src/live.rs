//! A game in memory: its session, who plays each side, whether the computer is thinking, and the
//! JSON view that clients draw from.

use crate::seat::Seat;
use crate::turns::{self, TurnView};
use arbiter_core::{DynSession, EndReason, Ending, MoveInfo, Outcome, Player};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

/// A game being played, as kept in memory.
pub struct LiveGame {
    /// The game's id.
    pub id: String,
    /// Who plays each side, by [`Player::index`].
    pub seats: [Seat; 2],
    /// The session with its whole history.
    pub session: Box<dyn DynSession>,
    /// Bumped on every change, so that late computer answers and stale clients are recognised.
    pub version: u64,
    /// The stop flag of the computer's search in progress, if it is thinking.
    pub thinking: Option<Arc<AtomicBool>>,
    /// The start position string (kept: a session does not give it cheaply).
    pub start: String,
    /// The moves played in canonical notation, kept in step with the session (formatting a whole
    /// history again is slow for Krux, whose canonical notation needs a search per turn).
    pub moves: Vec<String>,
}

/// A live game and the channel that tells its watchers about every change.
pub struct GameEntry {
    state: Mutex<LiveGame>,
    /// Every change as a JSON message (`{"type":"state",…}` or `{"type":"thinking",…}`).
    pub updates: broadcast::Sender<Arc<str>>,
}

impl GameEntry {
    /// Wraps a live game.
    pub fn new(game: LiveGame) -> Arc<GameEntry> {
        let (updates, _) = broadcast::channel(64);
        Arc::new(GameEntry {
            state: Mutex::new(game),
            updates,
        })
    }

    /// Locks the game (never across an `.await`).
    pub fn lock(&self) -> MutexGuard<'_, LiveGame> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Sends a message to every watcher (none listening is fine).
    pub fn publish(&self, message: String) {
        let _ = self.updates.send(Arc::from(message));
    }
}

/// One side in the view.
#[derive(Debug, Clone, Serialize)]
pub struct SideView {
    /// The game's name for the side (`black`, `violet`…).
    pub name: &'static str,
    /// Who plays it.
    pub seat: Seat,
}

/// The end of a game in the view.
#[derive(Debug, Clone, Serialize)]
pub struct EndingView {
    /// The winner's side name; absent for a draw.
    pub winner: Option<&'static str>,
    /// Why the game ended.
    pub reason: EndReason,
    /// A sentence for a banner: "Black wins: the flagship of White fell into the void" is game knowledge,
    /// so this stays generic: "Black wins by resignation".
    pub text: String,
}

/// Everything a client needs to draw a game and offer its moves.
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: &'static str,
    /// The options string.
    pub options: String,
    /// The start position string.
    pub start: String,
    /// The current position string.
    pub position: String,
    /// The position before the last move (for highlighting it), if any move was played.
    pub previous: Option<String>,
    /// The side to move: `first` or `second`.
    pub to_move: Player,
    /// The two sides, first mover first.
    pub sides: [SideView; 2],
    /// The moves played, in notation.
    pub moves: Vec<String>,
    /// Plies played.
    pub ply: usize,
    /// The ending, once over.
    pub ending: Option<EndingView>,
    /// The legal moves with the cells they touch (absent for games built token by token).
    pub legal: Option<Vec<MoveInfo>>,
    /// The empty partial turn, for games built token by token (Krux).
    pub turn: Option<TurnView>,
    /// The computer is thinking about its move.
    pub thinking: bool,
    /// The change counter (increases with every change).
    pub version: u64,
}

fn capitalised(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Describes an ending in words: "White wins by resignation", "Draw by threefold repetition".
pub fn describe_ending(session: &dyn DynSession, ending: Ending) -> String {
    let result = match ending.outcome {
        Outcome::Win(p) => format!("{} wins", capitalised(session.player_name(p))),
        Outcome::Draw => "Draw".to_string(),
    };
    let reason = match (ending.reason, ending.outcome) {
        (EndReason::Board, Outcome::Win(_)) => "by the rules",
        (EndReason::Board, Outcome::Draw) => "by the rules (no progress possible)",
        (EndReason::Repetition, _) => "by threefold repetition",
        (EndReason::PlyLimit, _) => "by the move limit",
        (EndReason::Resignation, _) => "by resignation",
    };
    format!("{result} {reason}")
}

impl LiveGame {
    /// The view of the game now.
    pub fn view(&self) -> GameView {
        let s = self.session.as_ref();
        let previous = if s.ply() > 0 {
            let mut before = s.clone_box();
            // Withdraw a resignation first, then take back the last move.
            while before.ply() == s.ply() && before.undo().is_ok() {}
            Some(before.position())
        } else {
            None
        };
        let ending = s.ending().map(|e| EndingView {
            winner: e.outcome.winner().map(|p| s.player_name(p)),
            reason: e.reason,
            text: describe_ending(s, e),
        });
        let stepwise = turns::has_turn_builder(s.game());
        let turn = if stepwise && ending.is_none() {
            turns::build_turn(s, &[]).and_then(Result::ok)
        } else {
            None
        };
        GameView {
            id: self.id.clone(),
            game: s.game(),
            options: s.options(),
            start: self.start.clone(),
            position: s.position(),
            previous,
            to_move: s.to_move(),
            sides: [
                SideView {
                    name: s.player_name(Player::First),
                    seat: self.seats[0],
                },
                SideView {
                    name: s.player_name(Player::Second),
                    seat: self.seats[1],
                },
            ],
            moves: self.moves.clone(),
            ply: s.ply(),
            ending,
            legal: if stepwise { None } else { Some(s.legal_move_infos()) },
            turn,
            thinking: self.thinking.is_some(),
            version: self.version,
        }
    }

    /// The name of the side that resigned, if the game ended by resignation.
    pub fn resigned(&self) -> Option<&'static str> {
        let ending = self.session.ending()?;
        if ending.reason != EndReason::Resignation {
            return None;
        }
        let winner = ending.outcome.winner()?;
        Some(self.session.player_name(winner.opponent()))
    }

    /// The result in words, once over.
    pub fn result_text(&self) -> Option<String> {
        self.session.ending().map(|e| describe_ending(self.session.as_ref(), e))
    }

    /// Stops the computer's search, if it is thinking; its answer will be ignored.
    pub fn stop_thinking(&mut self) {
        if let Some(stop) = self.thinking.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The `{"type":"state"}` message of the view now.
    pub fn state_message(&self) -> String {
        serde_json::json!({ "type": "state", "state": self.view() }).to_string()
    }
}
