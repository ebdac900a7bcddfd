//! The computer: its search on its turns (started, stopped when the game changes, its answer
//! played), and hints for people.

use super::{Caller, Service, ServiceError};
use crate::computer::ComputerMove;
use crate::live::{GameEntry, LiveGame};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The level the hint button searches at.
pub const HINT_LEVEL: u8 = 3;

impl Service {
    /// Starts the computer's search if the computer is to move and not thinking yet.
    pub(super) fn maybe_start_computer(self: &Arc<Self>, entry: &Arc<GameEntry>, live: &mut LiveGame) {
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
            .and_then(|clock| arbiter_ai::clock_move_time(&clock, live.session.to_move(), self.time.now_ms()));
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
            let answer = match result {
                Ok(Ok(choice)) => Ok(choice.best),
                Ok(Err(e)) => Err(e.to_string()),
                Err(e) => Err(format!("the engine stopped: {e}")),
            };
            // Played (and stored) on a blocking thread too: the store may wait, an async worker must not.
            let _ = tokio::task::spawn_blocking(move || service.computer_answered(&entry, version, answer)).await;
        });
        entry.publish(live.state_message());
    }

    /// The computer's search on `version` of the game ended with its move (or why it has none): the
    /// move is played, and the computer goes on if it is to move again.
    fn computer_answered(self: &Arc<Self>, entry: &Arc<GameEntry>, version: u64, answer: Result<String, String>) {
        let mut live = entry.lock();
        if live.version != version {
            return; // the game changed meanwhile (undo, resignation, new seats): the answer is stale
        }
        live.thinking = None;
        let failure = match answer {
            Ok(best) => self.commit_move(entry, &mut live, &best).err().map(|e| e.message),
            Err(message) => Some(message),
        };
        match failure {
            // Do not retry at once: the same failure would repeat; a change to the game retries.
            Some(message) => {
                entry.publish(serde_json::json!({"type": "error", "message": message}).to_string());
                entry.publish(live.state_message());
            }
            None => {
                self.maybe_start_computer(entry, &mut live);
                self.settle(&live);
            }
        }
    }

    /// The engine's best move for the side to move (the hint button), for its player only. The
    /// engine thinks for a while: call it on a blocking thread.
    pub fn hint(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<ComputerMove, ServiceError> {
        let (session, refusal) = self.mover_game(caller, id)?;
        if session.ending().is_some() {
            return Err(ServiceError::conflict("game_over", "the game is over: no hint"));
        }
        if let Some(why) = refusal {
            return Err(ServiceError::forbidden_code("hints_off", why));
        }
        let stop = Arc::new(AtomicBool::new(false));
        // A hint waits for a worker like an analysis does, behind those who asked first.
        let _worker = self.workers.acquire();
        Ok(self.computer.choose(session.as_ref(), HINT_LEVEL, stop, &mut |_| {})?)
    }
}
