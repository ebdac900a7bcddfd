//! Accounts and sign-in tokens as stored, and all of them at once for copying a database.

use super::codec::Columns;
use super::StoreResult;
use crate::player::PlayerId;

/// A player's account: their username and password hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAccount {
    /// Whose.
    pub player: PlayerId,
    /// The username as typed.
    pub username: String,
    /// Its key (unique; see `account::Username`).
    pub username_key: String,
    /// The password's Argon2id hash (a PHC string).
    pub password_hash: String,
    /// When it was made, unix seconds.
    pub created_at: i64,
}

/// A token given at a sign-in (the one a player was created with is in their player row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredToken {
    /// The SHA-256 of the token.
    pub token_hash: String,
    /// Whose.
    pub player: PlayerId,
    /// When it was given, unix seconds.
    pub created_at: i64,
}

/// Every account and sign-in token (for [`super::copy_store`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountData {
    /// The accounts.
    pub accounts: Vec<StoredAccount>,
    /// The sign-in tokens.
    pub tokens: Vec<StoredToken>,
}

/// Which of a player's tokens [`super::Store::revoke_tokens`] revokes (by their hashes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revoke<'a> {
    /// This one (a sign-out).
    Only(&'a str),
    /// All but this one (a password change: the device that made it stays signed in).
    AllBut(&'a str),
    /// All of them (sign out everywhere).
    All,
}

impl Revoke<'_> {
    /// The tokens revoked as an SQL comparison with a hash: `token_hash <op> <hash>`.
    pub(super) fn condition(&self) -> (&'static str, &str) {
        match *self {
            Revoke::Only(hash) => ("=", hash),
            Revoke::AllBut(hash) => ("<>", hash),
            Revoke::All => ("<>", ""), // no token's hash is empty
        }
    }
}

/// The columns [`read_account`] reads, in its order.
pub(super) const ACCOUNT_COLUMNS: &str = "player_id, username, username_key, password_hash, created_at";

/// An account's row.
pub(super) fn read_account(r: &impl Columns) -> StoreResult<StoredAccount> {
    Ok(StoredAccount {
        player: PlayerId(r.text(0)?),
        username: r.text(1)?,
        username_key: r.text(2)?,
        password_hash: r.text(3)?,
        created_at: r.int(4)?,
    })
}

/// A sign-in token's row (`token_hash, player_id, created_at`).
pub(super) fn read_token(r: &impl Columns) -> StoreResult<StoredToken> {
    Ok(StoredToken {
        token_hash: r.text(0)?,
        player: PlayerId(r.text(1)?),
        created_at: r.int(2)?,
    })
}
