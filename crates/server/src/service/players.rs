//! Players: who a request's token belongs to, a new anonymous player (and their token), and display names.

use super::{Caller, Service, ServiceError};
use crate::player::{new_player_id, new_secret, secret_hash, validate_name, well_formed_secret, PlayerId, PlayerRef};
use crate::store::{now, StoredPlayer};
use lru::LruCache;
use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many tokens' players are remembered.
const KNOWN_TOKENS: usize = 10_000;

/// How long a remembered player is believed: a name changed through another server shows here
/// after at most this long (a name changed here shows at once).
const KNOWN_FOR: Duration = Duration::from_secs(60);

/// The players of recently seen tokens (by the token's hash). Every request names its player, and
/// asking the store each time was one database round trip per request; tokens are never reissued,
/// so only the name can change.
pub(crate) struct KnownTokens(Mutex<LruCache<String, (PlayerRef, Instant)>>);

impl Default for KnownTokens {
    fn default() -> Self {
        KnownTokens(Mutex::new(LruCache::new(
            NonZeroUsize::new(KNOWN_TOKENS).unwrap_or(NonZeroUsize::MIN),
        )))
    }
}

impl KnownTokens {
    fn lock(&self) -> std::sync::MutexGuard<'_, LruCache<String, (PlayerRef, Instant)>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn get(&self, hash: &str) -> Option<PlayerRef> {
        let mut known = self.lock();
        match known.get(hash) {
            Some((player, at)) if at.elapsed() < KNOWN_FOR => Some(player.clone()),
            Some(_) => {
                known.pop(hash);
                None
            }
            None => None,
        }
    }

    fn put(&self, hash: String, player: PlayerRef) {
        self.lock().put(hash, (player, Instant::now()));
    }

    /// Forgets every token of the player (some were revoked).
    pub(crate) fn forget(&self, id: &PlayerId) {
        let mut known = self.lock();
        let tokens: Vec<String> = known
            .iter()
            .filter(|(_, (player, _))| &player.id == id)
            .map(|(hash, _)| hash.clone())
            .collect();
        for hash in tokens {
            known.pop(&hash);
        }
    }

    /// Forgets every token (revocations may have been missed).
    pub(crate) fn clear(&self) {
        self.lock().clear();
    }

    pub(crate) fn renamed(&self, id: &PlayerId, name: &str) {
        for (_, (player, _)) in self.lock().iter_mut() {
            if &player.id == id {
                player.name = Some(name.to_string());
            }
        }
    }
}

impl Service {
    /// The caller who sent `token`, if this server has seen its player lately (no store call, so
    /// it may run on an async worker); `None`: ask [`Service::caller`].
    pub fn known_caller(&self, token: &str) -> Option<Caller> {
        if !well_formed_secret(token) {
            return Some(Caller {
                player: None,
                sent_token: true,
            });
        }
        let player = self.known_tokens.get(&secret_hash(token))?;
        Some(Caller {
            player: Some(player),
            sent_token: true,
        })
    }

    /// The caller who sent `token` (a request's player token): the player it belongs to, if it is
    /// known here.
    pub fn caller(&self, token: &str) -> Result<Caller, ServiceError> {
        let player = if well_formed_secret(token) {
            let hash = secret_hash(token);
            let player = self.store.player_by_token_hash(&hash)?;
            if let Some(player) = &player {
                self.known_tokens.put(hash, player.clone());
            }
            player
        } else {
            None
        };
        Ok(Caller {
            player,
            sent_token: true,
        })
    }

    /// A new anonymous player with an optional display name: the player and their secret token.
    pub fn new_player(&self, name: Option<&str>) -> Result<(PlayerRef, String), ServiceError> {
        let name = name
            .map(validate_name)
            .transpose()
            .map_err(|m| ServiceError::bad_request("bad_name", m))?;
        let player = PlayerRef {
            id: new_player_id(),
            name,
        };
        let token = new_secret();
        self.store.create_player(&StoredPlayer {
            player: player.clone(),
            token_hash: secret_hash(&token),
            created_at: now(),
        })?;
        Ok((player, token))
    }

    /// A player's new name, in what this server holds in memory: the players of tokens, and the
    /// games in memory (so their views show it at once).
    pub(super) fn renamed(&self, id: &PlayerId, name: &str) {
        self.known_tokens.renamed(id, name);
        let entries: Vec<_> = self.games().iter().map(|(_, entry)| entry.clone()).collect();
        for entry in entries {
            let mut guard = entry.lock();
            let live = &mut *guard;
            for person in live
                .holders
                .iter_mut()
                .chain(std::iter::once(&mut live.creator))
                .flatten()
            {
                if &person.id == id {
                    person.name = Some(name.to_string());
                }
            }
        }
    }

    /// Changes the caller's display name.
    pub fn rename(&self, caller: &Caller, name: &str) -> Result<PlayerRef, ServiceError> {
        let me = caller.require()?;
        let name = validate_name(name).map_err(|m| ServiceError::bad_request("bad_name", m))?;
        self.store.rename_player(&me.id, &name)?;
        self.renamed(&me.id, &name);
        Ok(PlayerRef {
            id: me.id.clone(),
            name: Some(name),
        })
    }
}
