//! Players' profiles: who they are, their ratings pool by pool with how each moved game by game,
//! and the games they played (everyone sees their public and rated games; they see all of theirs).

use super::ratings::{pool_of, RatingView};
use super::{Caller, Service, ServiceError};
use crate::account::parse_username;
use crate::live::RatingChangeView;
use crate::player::PlayerId;
use crate::seat::Seat;
use crate::store::{GameSummary, PlayedResult, RatingChange};
use serde::Serialize;
use std::collections::HashMap;

/// The most games a profile lists.
pub const PROFILE_GAMES_MAX: usize = 200;

/// A player's profile.
#[derive(Debug, Clone, Serialize)]
pub struct Profile {
    /// The public id.
    pub id: String,
    /// The display name.
    pub name: Option<String>,
    /// The username, if they have an account.
    pub username: Option<String>,
    /// The profile is the caller's own (it lists their private games too).
    pub yours: bool,
    /// Their ratings, pool by pool.
    pub ratings: Vec<RatingView>,
    /// How each rating moved: per pool, the rating before the first listed rated game and after each.
    pub history: Vec<RatingHistory>,
    /// Their wins, draws and losses game by game (rated or not; against the computer too), from
    /// the games the caller may see.
    pub results: Vec<ResultLine>,
    /// Their games, newest first.
    pub games: Vec<ProfileGame>,
}

/// A player's wins, draws and losses in one game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ResultLine {
    /// The registry name.
    pub game: String,
    /// Games won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost.
    pub losses: u32,
}

/// Wins, draws and losses game by game (in the registry's order of names), counting the games
/// where the player played one side themselves: not those they played against themselves.
fn results(played: &[PlayedResult]) -> Vec<ResultLine> {
    let mut lines: Vec<ResultLine> = Vec::new();
    for game in played {
        let mine: Vec<usize> = (0..2)
            .filter(|&i| game.holds[i] && game.seats[i] == Seat::Human)
            .collect();
        let [side] = mine[..] else { continue };
        let i = match lines.iter().position(|l| l.game == game.game) {
            Some(i) => i,
            None => {
                lines.push(ResultLine {
                    game: game.game.clone(),
                    ..Default::default()
                });
                lines.len() - 1
            }
        };
        let line = &mut lines[i];
        match (game.outcome.as_str(), side) {
            ("draw", _) => line.draws += 1,
            ("first", 0) | ("second", 1) => line.wins += 1,
            ("first", _) | ("second", _) => line.losses += 1,
            _ => {}
        }
    }
    lines.sort_by(|a, b| a.game.cmp(&b.game));
    lines
}

/// A rating's course in one pool.
#[derive(Debug, Clone, Serialize)]
pub struct RatingHistory {
    /// The pool.
    pub pool: String,
    /// Oldest first.
    pub points: Vec<RatingPoint>,
}

/// A rating at a moment.
#[derive(Debug, Clone, Serialize)]
pub struct RatingPoint {
    /// Unix seconds (of the game's last change).
    pub at: i64,
    /// The rating, rounded.
    pub rating: i64,
    /// The game that made it (none for the starting point).
    pub game: Option<String>,
}

/// A game on a profile.
#[derive(Debug, Clone, Serialize)]
pub struct ProfileGame {
    /// The game as listed.
    #[serde(flatten)]
    pub summary: GameSummary,
    /// Its rating pool.
    pub pool: String,
    /// The side the player held (the first, if both).
    pub side: usize,
    /// A rated game.
    pub rated: bool,
    /// The player's rating change, once rated.
    pub rating_change: Option<RatingChangeView>,
}

impl Service {
    /// Writes the outcome of finished games stored before outcomes were, replaying each (once, at
    /// start-up, in the background): their wins and losses count on profiles. How many it wrote.
    pub fn backfill_outcomes(&self) -> Result<usize, ServiceError> {
        let mut written = 0;
        let mut failed = std::collections::HashSet::new();
        loop {
            let ids = self.store.games_without_outcome(failed.len() + 100)?;
            let todo: Vec<String> = ids.into_iter().filter(|id| !failed.contains(id)).collect();
            if todo.is_empty() {
                return Ok(written);
            }
            for id in todo {
                let outcome = self
                    .store
                    .load(&id)?
                    .and_then(|stored| self.replay(stored).ok())
                    .and_then(|live| crate::store::outcome_of(live.session.as_ref()));
                match outcome {
                    Some(outcome) => {
                        self.store.set_outcome(&id, outcome)?;
                        written += 1;
                    }
                    None => {
                        failed.insert(id);
                    }
                }
            }
        }
    }

    /// The profile of the player named `who`: a username (any spelling with its key) or a player id.
    pub fn profile(&self, caller: &Caller, who: &str, limit: usize) -> Result<Profile, ServiceError> {
        let who = who.trim();
        let mut player = self.store.player(&PlayerId(who.to_string()))?;
        if player.is_none() {
            if let Ok(username) = parse_username(who) {
                if let Some(account) = self.store.account_by_key(&username.key)? {
                    player = self.store.player(&account.player)?;
                }
            }
        }
        let player =
            player.ok_or_else(|| ServiceError::not_found(format!("no player '{}'", arbiter_core::quote(who))))?;
        let yours = caller.player.as_ref().is_some_and(|p| p.id == player.id);
        let played = self
            .store
            .games_of(&player.id, yours, limit.clamp(1, PROFILE_GAMES_MAX))?;
        let mut pools: HashMap<(String, String), String> = HashMap::new();
        let mut games = Vec::with_capacity(played.len());
        for g in played {
            let key = (g.summary.game.clone(), g.summary.options.clone());
            let pool = match pools.get(&key) {
                Some(pool) => pool.clone(),
                None => {
                    let session = self.registry.get(&key.0)?.new_session(&key.1, None)?;
                    let pool = pool_of(session.as_ref());
                    pools.insert(key, pool.clone());
                    pool
                }
            };
            let side = if g.holds[0] { 0 } else { 1 };
            let change = g
                .rating_changes
                .as_deref()
                .and_then(|json| serde_json::from_str::<[RatingChange; 2]>(json).ok())
                .map(|c| c[side]);
            let mut summary = g.summary;
            summary.yours = yours;
            games.push((
                ProfileGame {
                    summary,
                    pool,
                    side,
                    rated: g.rated,
                    rating_change: change.map(RatingChangeView::from),
                },
                change,
            ));
        }
        // The courses, oldest game first: in the order the ratings were applied (each change counts the
        // player's rated games in its pool), not by time, which has one-second steps.
        let mut rated: Vec<_> = games.iter().filter_map(|(g, c)| c.map(|c| (g, c))).collect();
        rated.sort_by_key(|(_, c)| c.after.games);
        let mut history: Vec<RatingHistory> = Vec::new();
        for (game, change) in rated {
            let course = match history.iter_mut().position(|h| h.pool == game.pool) {
                Some(i) => &mut history[i],
                None => {
                    history.push(RatingHistory {
                        pool: game.pool.clone(),
                        points: vec![RatingPoint {
                            at: game.summary.updated_at,
                            rating: change.before.rating.round() as i64,
                            game: None,
                        }],
                    });
                    history.last_mut().expect("just pushed")
                }
            };
            course.points.push(RatingPoint {
                at: game.summary.updated_at,
                rating: change.after.rating.round() as i64,
                game: Some(game.summary.id.clone()),
            });
        }
        let username = self.store.account_of(&player.id)?.map(|a| a.username);
        let results = results(&self.store.results_of(&player.id, yours)?);
        Ok(Profile {
            ratings: self.ratings_of(&player)?,
            id: player.id.0,
            name: player.name,
            username,
            yours,
            history,
            results,
            games: games.into_iter().map(|(g, _)| g).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(game: &str, seats: [Seat; 2], holds: [bool; 2], outcome: &str) -> PlayedResult {
        PlayedResult {
            game: game.into(),
            seats,
            holds,
            outcome: outcome.into(),
        }
    }

    #[test]
    fn results_count_the_side_the_player_played_themselves() {
        let (h, c) = (Seat::Human, Seat::Computer { level: 3 });
        let lines = results(&[
            played("void", [h, h], [true, false], "first"), // won
            played("void", [h, h], [false, true], "first"), // lost
            played("void", [c, h], [true, true], "second"), // won against the computer
            played("krux", [h, h], [true, false], "draw"),  // drawn
            played("krux", [h, h], [true, true], "first"),  // against themselves: not counted
            played("krux", [c, c], [true, true], "second"), // two computers: not counted
        ]);
        let line = |game: &str, wins, draws, losses| ResultLine {
            game: game.into(),
            wins,
            draws,
            losses,
        };
        assert_eq!(lines, vec![line("krux", 0, 1, 0), line("void", 2, 0, 1)]);
    }
}
