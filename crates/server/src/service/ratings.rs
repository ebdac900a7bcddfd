//! Ratings of games between two people: a rated game that ends updates both players' Glicko-2
//! ratings in its pool (the game and the options that make it another game), once, all or nothing;
//! leaderboards per pool.

use super::{Service, ServiceError};
use crate::live::LiveGame;
use crate::player::PlayerRef;
use crate::store::{now, GameRating, RatedGame, RatingChange, StoreError};
use arbiter_ai::rating::{Rating, PROVISIONAL_DEVIATION};
use arbiter_core::{DynSession, Outcome, Player};
use serde::Serialize;

/// Tries to store a game's ratings when other games' ratings change them meanwhile.
const RATING_TRIES: usize = 5;

/// The most players a leaderboard lists.
pub const LEADERBOARD_MAX: usize = 200;

/// A game's rating pool: its name and its variant's options (`villawar:size=10`).
pub fn pool_of(session: &dyn DynSession) -> String {
    match session.variant_options() {
        options if options.is_empty() => session.game().to_string(),
        options => format!("{}:{options}", session.game()),
    }
}

/// A rating as players see it.
#[derive(Debug, Clone, Serialize)]
pub struct RatingView {
    /// The pool.
    pub pool: String,
    /// The rating, rounded.
    pub rating: i64,
    /// Its deviation, rounded.
    pub deviation: i64,
    /// Too uncertain yet (shown with a `?`; not on leaderboards).
    pub provisional: bool,
    /// Rated games played.
    pub games: i64,
    /// Won.
    pub wins: i64,
    /// Drawn.
    pub draws: i64,
    /// Lost.
    pub losses: i64,
}

impl RatingView {
    /// A rating as shown where only the number matters (the lobby): rounded, and provisional; a
    /// player with no rated game in the pool is 1500, provisional.
    pub fn of(rating: Option<GameRating>) -> (i64, bool) {
        let r = rating.unwrap_or_else(unrated);
        (r.rating.round() as i64, r.deviation > PROVISIONAL_DEVIATION)
    }

    fn new(pool: String, r: GameRating) -> Self {
        RatingView {
            pool,
            rating: r.rating.round() as i64,
            deviation: r.deviation.round() as i64,
            provisional: r.deviation > PROVISIONAL_DEVIATION,
            games: r.games,
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
        }
    }
}

/// A line of a leaderboard.
#[derive(Debug, Clone, Serialize)]
pub struct LeaderboardLine {
    /// 1 for the best.
    pub rank: usize,
    /// Who.
    pub player: PlayerRef,
    /// Their rating.
    #[serde(flatten)]
    pub rating: RatingView,
}

/// One pool's leaderboard.
#[derive(Debug, Clone, Serialize)]
pub struct Leaderboard {
    /// The pool.
    pub pool: String,
    /// Its best settled ratings, best first.
    pub lines: Vec<LeaderboardLine>,
}

/// A new player's rating: 1500, deviation 350, no games.
fn unrated() -> GameRating {
    let r = Rating::default();
    GameRating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: 0,
        wins: 0,
        draws: 0,
        losses: 0,
    }
}

/// A rating after one more game scored `score` (1, ½, 0), its new Glicko-2 values being `new`.
fn counted(before: GameRating, new: Rating, score: f64) -> GameRating {
    GameRating {
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
        games: before.games + 1,
        wins: before.wins + i64::from(score > 0.5),
        draws: before.draws + i64::from(score == 0.5),
        losses: before.losses + i64::from(score < 0.5),
    }
}

fn glicko(r: GameRating) -> Rating {
    Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

impl Service {
    /// Rates a rated game that has ended between two people, once: both players' ratings in its
    /// pool, stored all at once (kept in the game for its view). Nothing happens for any other game.
    /// A failure to store leaves the game unrated, to be rated when it is next loaded.
    pub(super) fn rate_if_over(&self, live: &mut LiveGame) {
        if !live.rated || live.rating_changes.is_some() {
            return;
        }
        let Some(ending) = live.session.ending() else { return };
        let [Some(first), Some(second)] = live.holders.clone() else {
            return;
        };
        if first.id == second.id {
            return;
        }
        let score = match ending.outcome {
            Outcome::Win(Player::First) => 1.0,
            Outcome::Win(Player::Second) => 0.0,
            Outcome::Draw => 0.5,
        };
        let pool = pool_of(live.session.as_ref());
        for _ in 0..RATING_TRIES {
            let before = match [&first, &second].map(|p| self.store.game_rating(&p.id, &pool)) {
                [Ok(a), Ok(b)] => [a.unwrap_or_else(unrated), b.unwrap_or_else(unrated)],
                _ => return,
            };
            let (a, b) = Rating::after_game(glicko(before[0]), glicko(before[1]), score);
            let changes = [
                RatingChange {
                    before: before[0],
                    after: counted(before[0], a, score),
                },
                RatingChange {
                    before: before[1],
                    after: counted(before[1], b, 1.0 - score),
                },
            ];
            let rated = RatedGame {
                game_id: live.id.clone(),
                pool: pool.clone(),
                players: [first.id.clone(), second.id.clone()],
                changes,
                at: now(),
            };
            match self.store.record_rated_game(&rated) {
                Ok(true) => {
                    live.rating_changes = Some(changes);
                    return;
                }
                Ok(false) => {
                    // Rated already (by another server): its changes are in the store.
                    if let Ok(Some(stored)) = self.store.load(&live.id) {
                        live.rating_changes = stored.rating_changes.and_then(|j| serde_json::from_str(&j).ok());
                    }
                    return;
                }
                Err(StoreError::Stale) => continue,
                Err(e) => {
                    eprintln!("rating game {}: {e}", live.id);
                    return;
                }
            }
        }
    }

    /// A player's ratings, pool by pool.
    pub fn ratings_of(&self, player: &PlayerRef) -> Result<Vec<RatingView>, ServiceError> {
        Ok(self
            .store
            .game_ratings_of(&player.id)?
            .into_iter()
            .map(|(pool, r)| RatingView::new(pool, r))
            .collect())
    }

    /// Every pool's leaderboard (pools where someone has a rating), `limit` lines each.
    pub fn leaderboards(&self, limit: usize) -> Result<Vec<Leaderboard>, ServiceError> {
        self.store
            .rating_pools()?
            .into_iter()
            .map(|pool| {
                Ok(Leaderboard {
                    lines: self.leaderboard(&pool, limit)?,
                    pool,
                })
            })
            .collect()
    }

    /// The best-rated players of a pool (`game` or `game:options`, as any spelling of the options
    /// names it), best first; provisional ratings are not listed.
    pub fn leaderboard(&self, pool: &str, limit: usize) -> Result<Vec<LeaderboardLine>, ServiceError> {
        let (game, options) = pool.split_once(':').unwrap_or((pool, ""));
        let session = self.registry.get(game.trim())?.new_session(options, None)?;
        let pool = pool_of(session.as_ref());
        Ok(self
            .store
            .leaderboard(&pool, PROVISIONAL_DEVIATION, limit.clamp(1, LEADERBOARD_MAX))?
            .into_iter()
            .enumerate()
            .map(|(i, (player, r))| LeaderboardLine {
                rank: i + 1,
                player,
                rating: RatingView::new(pool.clone(), r),
            })
            .collect())
    }
}
