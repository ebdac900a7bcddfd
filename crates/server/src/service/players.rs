//! Players: who a request's token belongs to, a new anonymous player (and their token), and display names.

use super::{Caller, Service, ServiceError};
use crate::player::{new_player_id, new_secret, secret_hash, validate_name, well_formed_secret, PlayerRef};
use crate::store::{now, StoredPlayer};

impl Service {
    /// The caller who sent `token` (a request's player token): the player it belongs to, if it is
    /// known here.
    pub fn caller(&self, token: &str) -> Result<Caller, ServiceError> {
        let player = if well_formed_secret(token) {
            self.store.player_by_token_hash(&secret_hash(token))?
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

    /// Changes the caller's display name.
    pub fn rename(&self, caller: &Caller, name: &str) -> Result<PlayerRef, ServiceError> {
        let me = caller.require()?;
        let name = validate_name(name).map_err(|m| ServiceError::bad_request("bad_name", m))?;
        self.store.rename_player(&me.id, &name)?;
        Ok(PlayerRef {
            id: me.id.clone(),
            name: Some(name),
        })
    }
}
