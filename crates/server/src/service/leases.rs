//! Leases, for servers sharing a store (PostgreSQL): which server runs a game's computer and clock
//! (holding, settling, keeping and releasing leases), and following what the other servers change.

use super::Service;
use crate::live::{GameEntry, LiveGame};
use crate::player::PlayerRef;
use crate::store::Change;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

/// How long a lease on running a game's computer and clock lasts unless renewed: when a server
/// dies, another takes its games over within about this long.
pub const LEASE: Duration = Duration::from_secs(5);

/// How many games another server changed are reloaded at once.
const FOLLOWERS: usize = 8;

/// Wall-clock milliseconds, for leases (which servers compare, so never a test's hand-moved time).
pub(super) fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

impl Service {
    fn held(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.held.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether this server runs the game's computer and clock: always with a store of its own; on a
    /// shared store, when it holds the game's lease or takes it now (nobody holds it, or its
    /// holder stopped renewing it).
    pub(super) fn hold(&self, live: &LiveGame) -> bool {
        if !self.shared || self.held().contains(&live.id) {
            return true;
        }
        let now = wall_ms();
        let until = now + LEASE.as_millis() as u64;
        match self.store.claim_lease(&live.id, &self.instance, now, until) {
            Ok(true) => {
                self.held().insert(live.id.clone());
                true
            }
            _ => false,
        }
    }

    /// Gives the game's lease back once there is nothing to run: the game is over, or a person is
    /// to move without a running clock.
    pub(super) fn settle(&self, live: &LiveGame) {
        if !self.shared {
            return;
        }
        let to_move = live.session.to_move();
        let work = live.session.ending().is_none()
            && (live.seats[to_move.index()].level().is_some()
                || live.clock.is_some_and(|c| c.running_since_ms.is_some()));
        if !work && self.held().remove(&live.id) {
            let _ = self.store.release_lease(&live.id, &self.instance);
        }
    }

    /// Renews this server's leases and takes over the games whose server stopped renewing theirs
    /// (it died): their computer moves and flags go on here. Run about once a second on a shared store.
    pub fn keep_leases(self: &Arc<Self>) {
        if !self.shared {
            return;
        }
        let until = wall_ms() + LEASE.as_millis() as u64;
        if let Ok(kept) = self.store.renew_leases(&self.instance, until) {
            let kept: HashSet<String> = kept.into_iter().collect();
            let lost: Vec<String> = self.held().iter().filter(|id| !kept.contains(*id)).cloned().collect();
            for id in lost {
                self.held().remove(&id);
                let cached = self.games().get(&id).cloned();
                if let Some(entry) = cached {
                    entry.lock().stop_thinking(); // another server took it over
                }
            }
        }
        let Ok(orphans) = self.store.expired_leases(wall_ms()) else {
            return;
        };
        for id in orphans {
            let now = wall_ms();
            if !matches!(
                self.store
                    .claim_lease(&id, &self.instance, now, now + LEASE.as_millis() as u64),
                Ok(true)
            ) {
                continue; // another server took it first
            }
            self.held().insert(id.clone());
            let Ok(entry) = self.entry(&id) else {
                let _ = self.store.release_lease(&id, &self.instance);
                self.held().remove(&id);
                continue;
            };
            let _ = self.reload(&entry, None);
            let mut live = entry.lock();
            let _ = self.resume(&entry, &mut live);
            self.settle(&live);
        }
    }

    /// Follows what other servers change in a shared store: a game in memory that changed is
    /// reloaded (and its watchers told), a lobby change is passed on to the lobby's watchers.
    pub fn follow_changes(self: &Arc<Self>) {
        let Some(mut changes) = self.store.changes() else {
            return;
        };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let service = Arc::downgrade(self);
        runtime.spawn(async move {
            use tokio::sync::broadcast::error::{RecvError, TryRecvError};
            loop {
                // Everything announced meanwhile is applied at once, each game once at its newest
                // version: under load the announcements come faster than games reload one by one,
                // and a follower that fell behind would only ever catch up by reloading everything.
                let mut batch = vec![match changes.recv().await {
                    Ok(change) => change,
                    Err(RecvError::Lagged(_)) => Change::Resync,
                    Err(RecvError::Closed) => return,
                }];
                loop {
                    match changes.try_recv() {
                        Ok(change) => batch.push(change),
                        Err(TryRecvError::Lagged(_)) => batch.push(Change::Resync),
                        Err(TryRecvError::Empty) | Err(TryRecvError::Closed) => break,
                    }
                }
                let Some(service) = service.upgrade() else { return };
                if *service.shutdown.borrow() {
                    return;
                }
                // Games reload side by side (each is a store round trip and a replay): one by one,
                // a follower under load fell seconds behind and its watchers saw few of the moves.
                let mut applying = tokio::task::JoinSet::new();
                for change in coalesce(batch) {
                    if applying.len() >= FOLLOWERS {
                        applying.join_next().await;
                    }
                    let service = service.clone();
                    applying.spawn_blocking(move || service.apply_change(change));
                }
                while applying.join_next().await.is_some() {}
            }
        });
    }

    fn apply_change(self: &Arc<Self>, change: Change) {
        match change {
            Change::Lobby => self.publish_lobby(None),
            Change::Game { id, version } => {
                let cached = self.games().get(&id).cloned();
                if let Some(entry) = cached {
                    // Every server hears its own announcements too: `reload` leaves a copy that is
                    // current already alone.
                    let _ = self.reload(&entry, Some(version));
                }
            }
            Change::Revoked { player } => self.known_tokens.forget(&crate::player::PlayerId(player)),
            Change::Tournament { id } => self.publish_tournament(&id),
            Change::Renamed { player } => {
                let id = crate::player::PlayerId(player);
                if let Ok(Some(PlayerRef { name: Some(name), .. })) = self.store.player(&id) {
                    self.renamed(&id, &name);
                }
            }
            Change::Resync => {
                self.known_tokens.clear();
                let entries: Vec<Arc<GameEntry>> = self.games().iter().map(|(_, e)| e.clone()).collect();
                for entry in entries {
                    let _ = self.reload(&entry, None);
                }
                self.publish_lobby(None);
                for id in self.watched_tournaments() {
                    self.publish_tournament(&id);
                }
            }
        }
    }

    /// Gives back every lease this server holds (it is stopping): others take its games over at once.
    pub fn release_leases(&self) {
        let held: Vec<String> = self.held().drain().collect();
        for id in held {
            let _ = self.store.release_lease(&id, &self.instance);
        }
    }
}

/// A batch of announcements as the changes to apply: a resync alone if any asked for one, else each
/// game once at its newest version, and the lobby once.
fn coalesce(batch: Vec<Change>) -> Vec<Change> {
    if batch.iter().any(|c| matches!(c, Change::Resync)) {
        return vec![Change::Resync];
    }
    let mut newest: Vec<Change> = Vec::new();
    for change in batch {
        match &change {
            Change::Game { id, version } => {
                let seen = newest
                    .iter_mut()
                    .find(|c| matches!(c, Change::Game { id: other, .. } if other == id));
                match seen {
                    Some(Change::Game { version: v, .. }) => *v = (*v).max(*version),
                    _ => newest.push(change),
                }
            }
            Change::Lobby if newest.iter().any(|c| matches!(c, Change::Lobby)) => {}
            _ => newest.push(change),
        }
    }
    newest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_are_applied_once_per_game_at_the_newest_version() {
        let game = |id: &str, version| Change::Game {
            id: id.to_string(),
            version,
        };
        let applied = coalesce(vec![
            game("a", 3),
            Change::Lobby,
            game("b", 7),
            game("a", 5),
            Change::Lobby,
        ]);
        assert_eq!(applied, vec![game("a", 5), Change::Lobby, game("b", 7)]);
        assert_eq!(coalesce(vec![game("a", 1), Change::Resync]), vec![Change::Resync]);
    }
}
