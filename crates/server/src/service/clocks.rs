//! Clocks: flags that fall (checked when a move comes, when the side to move's time runs out, and
//! for games loaded after a pause). The computer's share of its time is `arbiter_ai::clock_move_time`.

use super::{Service, ServiceError};
use crate::live::{GameEntry, LiveGame};
use std::sync::Arc;
use std::time::Duration;

impl Service {
    /// After a game is loaded: a flag that fell while it was out of memory (or the server down)
    /// falls now; its flag and the computer are scheduled.
    pub(super) fn resume(self: &Arc<Self>, entry: &Arc<GameEntry>, live: &mut LiveGame) -> Result<(), ServiceError> {
        let to_move = live.session.to_move();
        let now = self.time.now_ms();
        if live.session.ending().is_none() && live.clock.is_some_and(|c| c.flagged(to_move, now)) && self.hold(live) {
            self.flag(entry, live)?;
        }
        self.schedule_flag(live);
        self.maybe_start_computer(entry, live);
        Ok(())
    }

    /// The side to move ran out of time: the game ends on its flag (stored, told to the watchers).
    pub(super) fn flag(self: &Arc<Self>, entry: &GameEntry, live: &mut LiveGame) -> Result<(), ServiceError> {
        let mut next = live.session.clone_box();
        if next.time_out().is_err() {
            return Ok(()); // over already
        }
        live.stop_thinking();
        self.commit_rewrite(entry, live, next)
    }

    /// Ends the game of `id` if the side to move's time is up (the timer's and tests' check).
    pub fn check_flag(self: &Arc<Self>, id: &str) -> Result<bool, ServiceError> {
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
    pub fn resume_clocks(self: &Arc<Self>) -> Result<usize, ServiceError> {
        let ids = self.store.running_clocks()?;
        for id in &ids {
            self.entry(id)?;
        }
        Ok(ids.len())
    }

    /// Wakes up when the side to move's time runs out, and checks its flag then. The task holds the
    /// game's id, not the game: a game waiting for days stays out of memory.
    pub(super) fn schedule_flag(self: &Arc<Self>, live: &LiveGame) {
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
}
