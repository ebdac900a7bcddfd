//! Players: anonymous identities that hold seats. A player is known by a long random secret (the
//! token), carried by a cookie in the browser or a `Bearer` header for API clients; the server keeps
//! only the token's SHA-256, so a leaked database does not let anyone act for a player.

use rand::Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// The name of the cookie that carries the token in the browser.
pub const TOKEN_COOKIE: &str = "arbiter_token";

/// The longest display name.
pub const MAX_NAME: usize = 24;

/// A player's public id (`p` and 10 characters); safe to show, unlike the token.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct PlayerId(pub String);

/// A player as others see them: the id and the display name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerRef {
    /// The public id.
    pub id: PlayerId,
    /// The display name, if they chose one.
    pub name: Option<String>,
}

fn random_text(len: usize, alphabet: &[u8]) -> String {
    let mut rng = rand::rng();
    (0..len)
        .map(|_| alphabet[rng.random_range(0..alphabet.len())] as char)
        .collect()
}

/// A new public player id.
pub fn new_player_id() -> PlayerId {
    PlayerId(format!("p{}", random_text(10, b"abcdefghijkmnpqrstuvwxyz23456789")))
}

/// A new secret: 256 random bits as 64 hex digits (tokens and invites alike).
pub fn new_secret() -> String {
    random_text(64, b"0123456789abcdef")
}

/// The hex SHA-256 of a secret: what is stored and looked up.
pub fn secret_hash(secret: &str) -> String {
    let digest = Sha256::digest(secret.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Is this shaped like one of our secrets (so that junk never reaches the database)?
pub fn well_formed_secret(secret: &str) -> bool {
    secret.len() == 64 && secret.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Checks a display name: 1 to 24 characters, letters, digits, spaces and `-_.'`; trimmed.
pub fn validate_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME {
        return Err(format!("a name has 1 to {MAX_NAME} characters, not {count}"));
    }
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.' | '\'')))
    {
        return Err(format!(
            "a name may have letters, digits, spaces and - _ . ' only, not {}",
            bad.escape_default()
        ));
    }
    Ok(name.split_whitespace().collect::<Vec<_>>().join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_random_and_hashed() {
        let a = new_secret();
        assert!(well_formed_secret(&a));
        assert_ne!(a, new_secret());
        assert_eq!(secret_hash(&a).len(), 64);
        assert_ne!(secret_hash(&a), a);
        assert!(!well_formed_secret("short"));
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(validate_name("  Ann  Lee ").unwrap(), "Ann Lee");
        assert_eq!(validate_name("Zoë-O'Neil").unwrap(), "Zoë-O'Neil");
        assert!(validate_name("").is_err());
        assert!(validate_name(&"x".repeat(25)).is_err());
        assert!(validate_name("<script>").unwrap_err().contains('<'));
        assert!(validate_name("a\nb").is_err());
    }
}
