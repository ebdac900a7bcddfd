//! Game ratings as stored: a player's Glicko-2 rating in a pool with its counts (whose `games` is
//! also the row's version), a rated game's changes, and all of it at once for copying.

use super::codec::Columns;
use super::StoreResult;
use crate::player::PlayerId;
use serde::{Deserialize, Serialize};

/// A player's rating in one pool, with their record there.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GameRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games so far: also the row's version.
    pub games: i64,
    /// Of which won.
    pub wins: i64,
    /// Drawn.
    pub draws: i64,
    /// Lost.
    pub losses: i64,
}

/// A player's rating before and after a rated game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// Before the game.
    pub before: GameRating,
    /// After it.
    pub after: GameRating,
}

/// A finished rated game's new ratings, to store at once.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedGame {
    /// The game.
    pub game_id: String,
    /// The rating pool.
    pub pool: String,
    /// The players of the first and the second side.
    pub players: [PlayerId; 2],
    /// Their ratings before and after, in the same order.
    pub changes: [RatingChange; 2],
    /// When, unix seconds.
    pub at: i64,
}

/// Every player's rating in every pool (for [`super::copy_store`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RatingData {
    /// Player, pool, rating, when it last changed.
    pub ratings: Vec<(PlayerId, String, GameRating, i64)>,
}

/// The columns [`read_game_rating`] reads, in its order.
pub(super) const GAME_RATING_COLUMNS: &str = "rating, deviation, volatility, games, wins, draws, losses";

/// A rating's columns, from column `at` on.
pub(super) fn read_game_rating(r: &impl Columns, at: usize) -> StoreResult<GameRating> {
    Ok(GameRating {
        rating: r.real(at)?,
        deviation: r.real(at + 1)?,
        volatility: r.real(at + 2)?,
        games: r.int(at + 3)?,
        wins: r.int(at + 4)?,
        draws: r.int(at + 5)?,
        losses: r.int(at + 6)?,
    })
}
