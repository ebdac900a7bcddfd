//! How values are written in the database's text columns, the same for both backends: seats,
//! holders and clocks as JSON, sides as `first`/`second`.

use super::{Challenge, Colour, GameSummary, Ownership, PlayedGame, StoreError, StoreResult, StoredGame, StoredPlayer};
use crate::player::{PlayerId, PlayerRef};
use crate::seat::Seat;
use arbiter_core::{ClockState, Player};

/// A result row of either driver, read by column index: the row readers below are written once
/// for both backends (their queries list the same columns in the same order).
pub(super) trait Columns {
    /// A text column that may be NULL.
    fn opt_text(&self, i: usize) -> StoreResult<Option<String>>;
    /// An integer column that may be NULL.
    fn opt_int(&self, i: usize) -> StoreResult<Option<i64>>;
    /// A boolean column (SQLite: 0/1); NULL reads as false.
    fn flag(&self, i: usize) -> StoreResult<bool>;
    /// A floating-point column.
    fn real(&self, i: usize) -> StoreResult<f64>;

    /// A text column.
    fn text(&self, i: usize) -> StoreResult<String> {
        self.opt_text(i)?
            .ok_or_else(|| StoreError::Failed(format!("column {i} is NULL")))
    }
    /// An integer column.
    fn int(&self, i: usize) -> StoreResult<i64> {
        self.opt_int(i)?
            .ok_or_else(|| StoreError::Failed(format!("column {i} is NULL")))
    }
}

/// The columns [`read_game`] reads, in its order.
pub(super) const GAME_COLUMNS: &str = "id, game, options, start, seats, resigned, result, creator, holders, public, \
     invite_hash, takeback, rematch, clock, timed_out, created_at, updated_at, version, hints, rated, rating_changes, \
     outcome, tournament_id, tournament_seq";

/// A game's row (without its moves).
pub(super) fn read_game(r: &impl Columns) -> StoreResult<StoredGame> {
    Ok(StoredGame {
        id: r.text(0)?,
        game: r.text(1)?,
        options: r.text(2)?,
        start: r.text(3)?,
        seats: parse_seats(&r.text(4)?)?,
        resigned: r.opt_text(5)?,
        result: r.opt_text(6)?,
        owners: Ownership {
            creator: r.opt_text(7)?.map(PlayerId),
            holders: parse_holders(&r.text(8)?)?,
            public: r.flag(9)?,
            invite_hash: r.opt_text(10)?,
        },
        takeback: parse_side_text(r.opt_text(11)?),
        rematch: r.opt_text(12)?,
        clock: parse_clock(r.opt_text(13)?)?,
        timed_out: r.flag(14)?,
        created_at: r.int(15)?,
        updated_at: r.int(16)?,
        version: r.int(17)?,
        hints: r.flag(18)?,
        rated: r.flag(19)?,
        rating_changes: r.opt_text(20)?,
        outcome: r.opt_text(21)?,
        tournament: match (r.opt_text(22)?, r.opt_int(23)?) {
            (Some(id), Some(seq)) => Some((id, seq)),
            _ => None,
        },
        moves: Vec::new(),
        left_ms: Vec::new(),
        played_at: Vec::new(),
    })
}

/// A finished game's row as [`super::Store::results_of`] reads it: `game, seats, outcome, holds
/// the first side, holds the second`.
pub(super) fn read_result(r: &impl Columns) -> StoreResult<super::PlayedResult> {
    Ok(super::PlayedResult {
        game: r.text(0)?,
        seats: parse_seats(&r.text(1)?)?,
        outcome: r.text(2)?,
        holds: [r.flag(3)?, r.flag(4)?],
    })
}

/// The columns of a move [`add_move_row`] reads: `notation, left_ms, played_at`.
pub(super) fn add_move_row(game: &mut StoredGame, r: &impl Columns) -> StoreResult<()> {
    game.moves.push(r.text(0)?);
    game.left_ms.push(r.opt_int(1)?.map(|ms| ms as u64));
    game.played_at.push(r.int(2)?);
    Ok(())
}

/// A line of the games list (the columns of the backends' `list` queries).
pub(super) fn read_summary(r: &impl Columns) -> StoreResult<GameSummary> {
    let result = r.opt_text(4)?;
    Ok(GameSummary {
        id: r.text(0)?,
        game: r.text(1)?,
        options: r.text(2)?,
        seats: parse_seats(&r.text(3)?)?,
        over: result.is_some(),
        result,
        updated_at: r.int(5)?,
        ply: r.int(6)? as usize,
        public: r.flag(7)?,
        players: [r.opt_text(8)?, r.opt_text(9)?],
        yours: r.flag(10)?,
    })
}

/// A played game: [`read_summary`]'s columns, then `rated, rating_changes`, and whether the player
/// holds each side.
pub(super) fn read_played(r: &impl Columns) -> StoreResult<PlayedGame> {
    Ok(PlayedGame {
        summary: read_summary(r)?,
        rated: r.flag(11)?,
        rating_changes: r.opt_text(12)?,
        holds: [r.flag(13)?, r.flag(14)?],
    })
}

/// `id, name`.
pub(super) fn read_player(r: &impl Columns) -> StoreResult<PlayerRef> {
    Ok(PlayerRef {
        id: PlayerId(r.text(0)?),
        name: r.opt_text(1)?,
    })
}

/// `id, name, token_hash, created_at`.
pub(super) fn read_stored_player(r: &impl Columns) -> StoreResult<StoredPlayer> {
    Ok(StoredPlayer {
        player: read_player(r)?,
        token_hash: r.text(2)?,
        created_at: r.int(3)?,
    })
}

/// The query of challenges with their authors' names, in [`read_challenge`]'s order (add a
/// `WHERE` or `ORDER BY`).
pub(super) const SELECT_CHALLENGE: &str = "SELECT c.id, c.creator, p.name, c.game, c.options, c.clock, c.colour, \
     c.public, c.created_at, c.hints, c.rated FROM challenges c JOIN players p ON p.id = c.creator";

pub(super) fn read_challenge(r: &impl Columns) -> StoreResult<Challenge> {
    Ok(Challenge {
        id: r.text(0)?,
        by: PlayerRef {
            id: PlayerId(r.text(1)?),
            name: r.opt_text(2)?,
        },
        game: r.text(3)?,
        options: r.text(4)?,
        clock: r.opt_text(5)?.and_then(|c| c.parse().ok()),
        colour: Colour::parse(&r.text(6)?).unwrap_or(Colour::Random),
        public: r.flag(7)?,
        created_at: r.int(8)?,
        hints: r.flag(9)?,
        rated: r.flag(10)?,
        yours: false,
        rating: None,
        provisional: false,
    })
}

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
