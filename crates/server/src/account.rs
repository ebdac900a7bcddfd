//! Accounts' credentials: usernames (checked, and keyed so that two names that look alike are one),
//! passwords (a length policy) and their Argon2id hashes.
//!
//! An account is optional: it lets an anonymous player keep their identity on other devices. The
//! username is what they sign in with; the display name others see stays separate.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rand::RngCore;
use std::sync::OnceLock;
use unicode_security::skeleton;

/// The shortest and longest username.
pub const USERNAME_LENGTH: std::ops::RangeInclusive<usize> = 3..=20;

/// The shortest password; the longest keeps one request from holding a worker hashing megabytes.
pub const PASSWORD_LENGTH: std::ops::RangeInclusive<usize> = 8..=256;

/// Argon2id's memory (KiB), passes and lanes: OWASP's recommended minimum (19 MiB, 2 passes, 1 lane),
/// which is also the `argon2` crate's default: about 20–40 ms a hash on one core of a small server.
pub const ARGON2_MEMORY_KIB: u32 = 19 * 1024;
/// See [`ARGON2_MEMORY_KIB`].
pub const ARGON2_PASSES: u32 = 2;
/// See [`ARGON2_MEMORY_KIB`].
pub const ARGON2_LANES: u32 = 1;

/// A username as typed (shown as typed) and its key (what is unique and looked up).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username {
    /// As the player typed it.
    pub shown: String,
    /// Case folded, UTS #39 confusables and `i`/`l` merged (see `username_key`): `Alice`, `ALICE`, `AIice` and
    /// `A1ice` share the key `allce`, so one of them can be taken, not four.
    pub key: String,
}

/// Checks a username: 3 to 20 ASCII letters, digits, `_` and `-`, starting with a letter or a digit.
/// ASCII only, so no other script's look-alike letter gets in; within ASCII, look-alikes (`l`, `I`,
/// `1`; `O`, `0`; `rn`, `m`) share a key and so cannot both be taken.
pub fn parse_username(input: &str) -> Result<Username, String> {
    let name = input.trim();
    let count = name.chars().count();
    if !USERNAME_LENGTH.contains(&count) {
        return Err(format!(
            "a username has {} to {} characters, not {count}",
            USERNAME_LENGTH.start(),
            USERNAME_LENGTH.end()
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(format!(
            "a username has letters a-z, digits, '_' and '-' only, not '{}'",
            c.escape_default()
        ));
    }
    if !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return Err("a username starts with a letter or a digit".into());
    }
    Ok(Username {
        shown: name.to_string(),
        key: username_key(name),
    })
}

/// The key of a username (see [`Username::key`]): lower case, the UTS #39 skeleton (`1` → `l`, `0` → `o`,
/// `rn` → `m`), lower case again, and `i` → `l`: case is folded, and the capital `I` looks like `l`, so
/// `i`, `I`, `l`, `L` and `1` are one letter here.
fn username_key(name: &str) -> String {
    skeleton(&name.to_ascii_lowercase())
        .collect::<String>()
        .to_lowercase()
        .replace('i', "l")
}

/// Checks a new password's length (in characters).
pub fn check_password(password: &str) -> Result<(), String> {
    let count = password.chars().count();
    if !PASSWORD_LENGTH.contains(&count) {
        return Err(format!(
            "a password has {} to {} characters, not {count}",
            PASSWORD_LENGTH.start(),
            PASSWORD_LENGTH.end()
        ));
    }
    Ok(())
}

fn argon2() -> Argon2<'static> {
    let params = Params::new(ARGON2_MEMORY_KIB, ARGON2_PASSES, ARGON2_LANES, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The Argon2id hash of a password with a fresh random salt, as a PHC string (`$argon2id$v=19$…`),
/// which carries its own parameters: raising them later leaves old hashes verifiable.
pub fn hash_password(password: &str) -> Result<String, String> {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    let salt = SaltString::encode_b64(&bytes).map_err(|e| format!("making a salt failed: {e}"))?;
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| format!("hashing the password failed: {e}"))
}

/// Does `password` match the stored hash? A malformed hash matches nothing.
pub fn verify_password(password: &str, hash: &str) -> bool {
    match PasswordHash::new(hash) {
        Ok(parsed) => argon2().verify_password(password.as_bytes(), &parsed).is_ok(),
        Err(_) => false,
    }
}

/// A hash to check a password against when the username is unknown, so that "no such user" takes
/// as long as "wrong password" and the answer's timing does not tell which usernames exist.
pub fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| hash_password("no account has this password").unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_are_checked_and_look_alikes_share_a_key() {
        let alice = parse_username("  Alice_99 ").unwrap();
        assert_eq!(alice.shown, "Alice_99");
        assert_eq!(alice.key, "allce_99");
        for twin in ["ALICE_99", "A1ice_99", "AIice_99", "aLiCe_99"] {
            assert_eq!(parse_username(twin).unwrap().key, alice.key, "{twin}");
        }
        assert_eq!(
            parse_username("rnoon").unwrap().key,
            parse_username("m00n").unwrap().key
        );
        assert_ne!(parse_username("bob").unwrap().key, parse_username("bab").unwrap().key);
        for (bad, why) in [
            ("ab", "3 to 20 characters, not 2"),
            ("a-very-long-username-x", "not 22"),
            ("Аlice", "not '\\u{410}'"),
            ("al ice", "not ' '"),
            ("_alice", "starts with a letter or a digit"),
            ("al\u{200b}ice", "not '\\u{200b}'"),
        ] {
            let message = parse_username(bad).unwrap_err();
            assert!(message.contains(why), "{bad}: {message}");
        }
    }

    #[test]
    fn passwords_hash_with_argon2id_and_verify() {
        assert!(check_password("short").unwrap_err().contains("8 to 256"));
        assert!(check_password(&"x".repeat(257)).is_err());
        check_password("correct horse").unwrap();
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert_ne!(hash, hash_password("correct horse").unwrap(), "a fresh salt each time");
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("correct horse!", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
        assert!(!verify_password("no account has this password!", decoy_hash()));
    }
}
