//! Accounts: an anonymous player keeps their identity by choosing a username and a password, then
//! signs in on another device and is the same player there (same games, same seats). Signing out
//! revokes the device's token; signing out everywhere revokes all of them.
//!
//! No answer tells which usernames exist, except the one that must (a username taken at sign-up):
//! a sign-in with an unknown username checks the password against a decoy hash, so it takes as long
//! as a wrong password and says the same words.

use super::{Caller, Service, ServiceError};
use crate::account::{check_password, decoy_hash, hash_password, parse_username, verify_password};
use crate::player::{new_secret, secret_hash, PlayerRef, DELETED_NAME};
use crate::store::{now, Revoke, StoreError, StoredAccount, StoredToken};
use serde::Serialize;

/// Who the caller is: their player, and their username if they made an account.
#[derive(Debug, Clone, Serialize)]
pub struct Me {
    /// The public id.
    pub id: String,
    /// The display name.
    pub name: Option<String>,
    /// The username they sign in with, if they have an account.
    pub username: Option<String>,
    /// Their ratings, pool by pool (none before their first rated game).
    pub ratings: Vec<super::RatingView>,
}

/// The one answer to every failed sign-in.
fn bad_login() -> ServiceError {
    ServiceError::new(
        super::ErrorKind::Unauthorized,
        "bad_login",
        "wrong username or password",
    )
}

impl Service {
    /// The caller, with their username.
    pub fn me(&self, caller: &Caller) -> Result<Me, ServiceError> {
        let player = caller.require()?;
        let account = self.store.account_of(&player.id)?;
        Ok(Me {
            id: player.id.0.clone(),
            name: player.name.clone(),
            username: account.map(|a| a.username),
            ratings: self.ratings_of(player)?,
        })
    }

    /// Gives the caller an account: from now on `username` and `password` sign in as them. A player
    /// without a display name takes the username as one.
    pub fn create_account(&self, caller: &Caller, username: &str, password: &str) -> Result<Me, ServiceError> {
        let player = caller.require()?.clone();
        let username = parse_username(username).map_err(|m| ServiceError::bad_request("bad_username", m))?;
        check_password(password).map_err(|m| ServiceError::bad_request("bad_password", m))?;
        if password.trim().eq_ignore_ascii_case(&username.shown) {
            return Err(ServiceError::bad_request(
                "bad_password",
                "a password must not be the username",
            ));
        }
        if self.store.account_of(&player.id)?.is_some() {
            return Err(ServiceError::conflict(
                "has_account",
                "this player has an account already: change its password instead",
            ));
        }
        let account = StoredAccount {
            player: player.id.clone(),
            username: username.shown.clone(),
            username_key: username.key,
            password_hash: hash_password(password).map_err(ServiceError::internal)?,
            created_at: now(),
        };
        match self.store.create_account(&account) {
            Err(StoreError::Stale) => {
                return Err(ServiceError::conflict(
                    "username_taken",
                    format!(
                        "the username {} is taken, or looks too much like one that is: choose another",
                        username.shown
                    ),
                ))
            }
            other => other?,
        }
        let ratings = self.ratings_of(&player)?;
        let name = match player.name {
            Some(name) => Some(name),
            None => Some(self.rename(caller, &username.shown)?.name.unwrap_or_default()),
        };
        Ok(Me {
            ratings,
            id: player.id.0,
            name,
            username: Some(username.shown),
        })
    }

    /// Signs in: a new token for the account's player (this device's), and who they are.
    pub fn sign_in(&self, username: &str, password: &str) -> Result<(Me, String), ServiceError> {
        let account = match parse_username(username) {
            Ok(username) => self.store.account_by_key(&username.key)?,
            Err(_) => None,
        };
        // Check a password either way, so an unknown username takes as long as a known one.
        let hash = account.as_ref().map_or(decoy_hash(), |a| a.password_hash.as_str());
        let matches = verify_password(password, hash);
        let Some(account) = account.filter(|_| matches) else {
            return Err(bad_login());
        };
        let player = self
            .store
            .player(&account.player)?
            .ok_or_else(|| ServiceError::internal("an account without its player"))?;
        let token = new_secret();
        self.store.add_token(&StoredToken {
            token_hash: secret_hash(&token),
            player: player.id.clone(),
            created_at: now(),
        })?;
        let me = Me {
            ratings: self.ratings_of(&player)?,
            id: player.id.0,
            name: player.name,
            username: Some(account.username),
        };
        Ok((me, token))
    }

    /// Signs this device out: `token` (the one the request carried) stops working. Only for a
    /// player with an account: an anonymous player signing out would be lost for good.
    pub fn sign_out(&self, caller: &Caller, token: &str) -> Result<(), ServiceError> {
        let player = self.account_holder(caller)?;
        self.revoke(&player, Revoke::Only(&secret_hash(token)))
    }

    /// Signs out every device, this one too.
    pub fn sign_out_everywhere(&self, caller: &Caller) -> Result<(), ServiceError> {
        let player = self.account_holder(caller)?;
        self.revoke(&player, Revoke::All)
    }

    /// Changes the password, given the current one; every other device is signed out (this one,
    /// which sent `token`, stays signed in).
    pub fn change_password(&self, caller: &Caller, token: &str, current: &str, new: &str) -> Result<(), ServiceError> {
        let player = self.account_holder(caller)?;
        let account = self.checked_account(&player, current)?;
        check_password(new).map_err(|m| ServiceError::bad_request("bad_password", m))?;
        if new.trim().eq_ignore_ascii_case(&account.username) {
            return Err(ServiceError::bad_request(
                "bad_password",
                "a password must not be the username",
            ));
        }
        let hash = hash_password(new).map_err(ServiceError::internal)?;
        self.store.set_password(&player.id, &hash)?;
        self.revoke(&player, Revoke::AllBut(&secret_hash(token)))
    }

    /// Deletes the caller's account, given its password: every device is signed out and nobody can
    /// be this player again. Their games stay, played by "deleted player".
    pub fn delete_account(&self, caller: &Caller, password: &str) -> Result<(), ServiceError> {
        let player = self.account_holder(caller)?;
        self.checked_account(&player, password)?;
        self.store
            .delete_account(&player.id, &secret_hash(&new_secret()), DELETED_NAME)?;
        self.known_tokens.forget(&player.id);
        self.renamed(&player.id, DELETED_NAME);
        Ok(())
    }

    /// The caller, who must have an account.
    fn account_holder(&self, caller: &Caller) -> Result<PlayerRef, ServiceError> {
        let player = caller.require()?.clone();
        if self.store.account_of(&player.id)?.is_none() {
            return Err(ServiceError::conflict(
                "no_account",
                "this player has no account: signing out would lose them for good (choose a username and a \
                 password first)",
            ));
        }
        Ok(player)
    }

    /// The player's account if `password` is its password (403 `wrong_password` if not).
    fn checked_account(&self, player: &PlayerRef, password: &str) -> Result<StoredAccount, ServiceError> {
        let account = self
            .store
            .account_of(&player.id)?
            .ok_or_else(|| ServiceError::conflict("no_account", "this player has no account"))?;
        if !verify_password(password, &account.password_hash) {
            return Err(ServiceError::forbidden_code(
                "wrong_password",
                "that is not the account's password",
            ));
        }
        Ok(account)
    }

    /// Revokes some of the player's tokens, here at once (other servers hear it from the store).
    fn revoke(&self, player: &PlayerRef, which: Revoke<'_>) -> Result<(), ServiceError> {
        self.store
            .revoke_tokens(&player.id, which, &secret_hash(&new_secret()))?;
        self.known_tokens.forget(&player.id);
        Ok(())
    }
}
