//! How values are written in the database's text columns, the same for both backends: seats,
//! holders and clocks as JSON, sides as `first`/`second`.

use super::StoreError;
use crate::player::PlayerId;
use crate::seat::Seat;
use arbiter_core::{ClockState, Player};

fn corrupt(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Failed(format!("a stored {what} does not read: {e}"))
}

pub(super) fn seats_json(seats: &[Seat; 2]) -> String {
    serde_json::to_string(seats).unwrap_or_else(|_| "[]".into())
}

pub(super) fn parse_seats(text: &str) -> Result<[Seat; 2], StoreError> {
    serde_json::from_str(text).map_err(|e| corrupt("seat list", e))
}

pub(super) fn clock_json(clock: Option<&ClockState>) -> Option<String> {
    clock.and_then(|c| serde_json::to_string(c).ok())
}

pub(super) fn parse_clock(text: Option<String>) -> Result<Option<ClockState>, StoreError> {
    text.map(|t| serde_json::from_str(&t).map_err(|e| corrupt("clock", e)))
        .transpose()
}

pub(super) fn holders_json(holders: &[Option<PlayerId>; 2]) -> String {
    serde_json::to_string(&[holders[0].as_ref().map(|p| &p.0), holders[1].as_ref().map(|p| &p.0)])
        .unwrap_or_else(|_| "[null,null]".into())
}

pub(super) fn parse_holders(text: &str) -> Result<[Option<PlayerId>; 2], StoreError> {
    let [a, b]: [Option<String>; 2] = serde_json::from_str(text).map_err(|e| corrupt("holder list", e))?;
    Ok([a.map(PlayerId), b.map(PlayerId)])
}

/// `first`/`second` as stored.
pub(super) fn side_text(side: Player) -> &'static str {
    match side {
        Player::First => "first",
        Player::Second => "second",
    }
}

pub(super) fn parse_side_text(text: Option<String>) -> Option<Player> {
    match text.as_deref() {
        Some("first") => Some(Player::First),
        Some("second") => Some(Player::Second),
        _ => None,
    }
}

/// A connection URL fit to print: the password replaced by `***`.
pub(super) fn redact_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((user_info, host)) => match user_info.split_once(':') {
            Some((user, _password)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_not_printed() {
        assert_eq!(
            redact_password("postgres://arbiter:s3cret@db.example:5432/arbiter"),
            "postgres://arbiter:***@db.example:5432/arbiter"
        );
        assert_eq!(
            redact_password("postgres://arbiter@localhost/arbiter"),
            "postgres://arbiter@localhost/arbiter"
        );
        assert_eq!(redact_password("postgresql://h/db"), "postgresql://h/db");
    }

    #[test]
    fn values_round_trip() {
        let holders = [Some(PlayerId("pabc".into())), None];
        assert_eq!(parse_holders(&holders_json(&holders)).unwrap(), holders);
        let seats = [Seat::Human, Seat::Computer { level: 3 }];
        assert_eq!(parse_seats(&seats_json(&seats)).unwrap(), seats);
        for side in [Player::First, Player::Second] {
            assert_eq!(parse_side_text(Some(side_text(side).into())), Some(side));
        }
        assert!(matches!(parse_seats("[1"), Err(StoreError::Failed(m)) if m.contains("seat list")));
    }
}
