//! Puzzle ratings as stored: a rating with its counts (whose `attempts` is also its version), a
//! player's first attempt at a puzzle with both new ratings, and all of it at once for copying.

use super::codec::Columns;
use super::StoreResult;
use crate::player::PlayerId;

/// A Glicko-2 rating and its counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StoredRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated attempts so far: also the row's version.
    pub attempts: i64,
    /// Of which solved.
    pub solved: i64,
}

/// A player's first attempt at a puzzle, with the ratings it leads to.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleAttempt {
    /// Who.
    pub player: PlayerId,
    /// The puzzle's set.
    pub set: String,
    /// The puzzle.
    pub puzzle: String,
    /// Solved or failed.
    pub solved: bool,
    /// When (unix seconds).
    pub at: i64,
    /// The player's new rating on the set; written only if the stored one still has
    /// `attempts − 1` attempts (or is absent and this is the first).
    pub player_rating: StoredRating,
    /// The puzzle's new rating, under the same condition.
    pub puzzle_rating: StoredRating,
}

/// A player's stored attempt.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredAttempt {
    /// Who.
    pub player: PlayerId,
    /// The puzzle.
    pub puzzle: String,
    /// Its set.
    pub set: String,
    /// Solved or failed.
    pub solved: bool,
    /// When (unix seconds).
    pub at: i64,
}

/// Every puzzle row, for copying a store.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PuzzleData {
    /// Each puzzle's rating: (set, puzzle, rating).
    pub puzzles: Vec<(String, String, StoredRating)>,
    /// Each player's rating per set: (player, set, rating).
    pub players: Vec<(PlayerId, String, StoredRating)>,
    /// Every attempt.
    pub attempts: Vec<StoredAttempt>,
}

/// The columns [`read_rating`] reads from `first`: `rating, deviation, volatility, attempts, solved`.
pub(super) const RATING_COLUMNS: &str = "rating, deviation, volatility, attempts, solved";

/// A rating from the five columns starting at `first`.
pub(super) fn read_rating(r: &impl Columns, first: usize) -> StoreResult<StoredRating> {
    Ok(StoredRating {
        rating: r.real(first)?,
        deviation: r.real(first + 1)?,
        volatility: r.real(first + 2)?,
        attempts: r.int(first + 3)?,
        solved: r.int(first + 4)?,
    })
}

/// An attempt from `player_id, puzzle_id, set_name, solved, created_at`.
pub(super) fn read_attempt(r: &impl Columns) -> StoreResult<StoredAttempt> {
    Ok(StoredAttempt {
        player: PlayerId(r.text(0)?),
        puzzle: r.text(1)?,
        set: r.text(2)?,
        solved: r.int(3)? != 0,
        at: r.int(4)?,
    })
}
