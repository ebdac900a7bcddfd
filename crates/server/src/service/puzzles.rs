//! Puzzles for players: the sets every game ships, the next puzzle for a player (rated: one they
//! have not tried, near their rating; streak: easiest first), an attempt checked move by move
//! against the solution (the replies come from it; a move that wins at once is always right), the
//! ratings of the player and the puzzle updated by Glicko-2 after a player's first rated attempt,
//! and the player's own mistakes from the analyses of their finished games.

use super::{Caller, ErrorKind, Service, ServiceError};
use crate::player::PlayerId;
use crate::store::{PuzzleAttempt, StoreError, StoredRating};
use arbiter_ai::puzzles::{is_right, Goal, Puzzle};
use arbiter_ai::rating::Rating;
use arbiter_core::{DynSession, MoveInfo, Player, Registry};
use rand::seq::IndexedRandom;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};

/// Puzzles a rated pick chooses among: those nearest the player's rating.
const NEAREST: usize = 20;
/// Tries of a rated attempt whose ratings another attempt changed meanwhile.
const RATING_TRIES: usize = 5;
/// The most moves an attempt may name.
const MAX_ATTEMPT_MOVES: usize = 16;

/// The shipped puzzle sets, read once from the games.
pub struct PuzzleBook {
    sets: Vec<BookSet>,
    /// Puzzle id → (set, index in it).
    by_id: HashMap<String, (usize, usize)>,
}

struct BookSet {
    name: &'static str,
    game: &'static str,
    options: &'static str,
    puzzles: Vec<Puzzle>,
}

impl PuzzleBook {
    /// Every set of every game in `registry`. A line that does not parse is left out with a
    /// warning (the sets are tested sound, so this is a build that went wrong).
    pub fn new(registry: &Registry) -> PuzzleBook {
        let mut sets = Vec::new();
        let mut by_id = HashMap::new();
        for name in registry.names() {
            let Ok(game) = registry.get(name) else { continue };
            for set in game.puzzle_sets() {
                let mut puzzles = Vec::new();
                for (n, line) in set.lines.lines().enumerate() {
                    match serde_json::from_str::<Puzzle>(line) {
                        Ok(p) => puzzles.push(p),
                        Err(e) => eprintln!("puzzle set {} line {}: {e}", set.name, n + 1),
                    }
                }
                if puzzles.is_empty() {
                    // A set not made yet (or made empty) is no page to offer.
                    continue;
                }
                for (i, p) in puzzles.iter().enumerate() {
                    by_id.insert(p.id.clone(), (sets.len(), i));
                }
                sets.push(BookSet {
                    name: set.name,
                    game: game.name(),
                    options: set.options,
                    puzzles,
                });
            }
        }
        PuzzleBook { sets, by_id }
    }

    fn set(&self, name: &str) -> Result<&BookSet, ServiceError> {
        self.sets
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| ServiceError::not_found(format!("there is no puzzle set named '{}'", clip(name))))
    }

    fn puzzle(&self, id: &str) -> Result<(&BookSet, &Puzzle), ServiceError> {
        let &(s, i) = self
            .by_id
            .get(id)
            .ok_or_else(|| ServiceError::not_found(format!("there is no puzzle '{}'", clip(id))))?;
        Ok((&self.sets[s], &self.sets[s].puzzles[i]))
    }
}

fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}

/// How puzzles are served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleMode {
    /// One the player has not tried, near their rating; the first attempt is rated.
    Rated,
    /// The set's puzzles easiest first, unrated.
    Streak,
}

impl PuzzleMode {
    /// `rated` or `streak`.
    pub fn parse(text: &str) -> Result<PuzzleMode, ServiceError> {
        match text {
            "rated" => Ok(PuzzleMode::Rated),
            "streak" => Ok(PuzzleMode::Streak),
            other => Err(ServiceError::bad_request(
                "bad_mode",
                format!("mode must be rated or streak, not '{}'", clip(other)),
            )),
        }
    }
}

/// The sets, for the puzzles page.
#[derive(Debug, Clone, Serialize)]
pub struct SetsView {
    /// Every set.
    pub sets: Vec<SetView>,
}

/// One set.
#[derive(Debug, Clone, Serialize)]
pub struct SetView {
    /// Its name (the page's address).
    pub name: &'static str,
    /// The game.
    pub game: &'static str,
    /// The variant's options.
    pub options: &'static str,
    /// Puzzles in it.
    pub count: usize,
    /// Its themes, the most common first.
    pub themes: Vec<ThemeCount>,
}

/// A theme and how many puzzles have it.
#[derive(Debug, Clone, Serialize)]
pub struct ThemeCount {
    /// The theme.
    pub theme: String,
    /// Puzzles with it.
    pub count: usize,
}

/// A player's puzzle rating on a set.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerRatingView {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Still provisional (shown with a `?`)?
    pub provisional: bool,
    /// Rated attempts.
    pub attempts: i64,
    /// Of which solved.
    pub solved: i64,
    /// What the attempt just finished changed, when it was rated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub change: Option<f64>,
}

/// A puzzle as the player sees it: no solution.
#[derive(Debug, Clone, Serialize)]
pub struct PuzzleView {
    /// Its id.
    pub id: String,
    /// Its set.
    pub set: &'static str,
    /// The game.
    pub game: &'static str,
    /// The variant's options.
    pub options: &'static str,
    /// The position before the opponent's mistake.
    pub before: String,
    /// The mistake.
    pub mistake: String,
    /// The puzzle's position.
    pub position: String,
    /// The solver's side.
    pub solver: String,
    /// The solver's moves in the solution.
    pub moves: usize,
    /// Its themes.
    pub themes: Vec<String>,
    /// What the line reaches.
    pub goal: Goal,
    /// The puzzle's rating, rounded.
    pub rating: i64,
    /// Turns are entered step by step.
    pub stepwise: bool,
    /// The solver's legal moves with the cells they touch (absent where turns are built step by
    /// step): what the board offers to click.
    pub legal: Option<Vec<MoveInfo>>,
    /// Will an attempt now be rated?
    pub rated: bool,
    /// The player's rating on the set.
    pub player: PlayerRatingView,
}

/// How an attempt stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AttemptStatus {
    /// Right so far: the reply was played, the next move is the player's.
    Continue,
    /// Solved.
    Solved,
    /// A wrong move, or given up.
    Failed,
}

/// The answer to an attempt.
#[derive(Debug, Clone, Serialize)]
pub struct AttemptView {
    /// How it stands.
    pub status: AttemptStatus,
    /// The opponent's reply (when it continues).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
    /// The solver's legal moves after the reply (when it continues, and turns are not built step
    /// by step).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<MoveInfo>>,
    /// The position after the player's last move and the reply (after the wrong move when failed).
    pub position: String,
    /// The whole solution, once the attempt is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<String>>,
    /// Did this attempt change ratings?
    pub rated: bool,
    /// The player's rating on the set.
    pub player: PlayerRatingView,
    /// The puzzle's rating, rounded.
    pub puzzle_rating: i64,
}

/// The caller's mistakes from their analysed games.
#[derive(Debug, Clone, Serialize)]
pub struct MistakesView {
    /// Each mistake, the most recent game first.
    pub mistakes: Vec<MistakeView>,
}

/// A move of the caller's that the analysis marked a mistake or a blunder.
#[derive(Debug, Clone, Serialize)]
pub struct MistakeView {
    /// The game.
    pub game_id: String,
    /// Its game type.
    pub game: String,
    /// Its options.
    pub options: String,
    /// The number of the move (the position is before it).
    pub ply: usize,
    /// The position the caller moved in.
    pub position: String,
    /// The caller's side.
    pub solver: String,
    /// The move played.
    pub played: String,
    /// The analysis's best move.
    pub best: String,
    /// The win chance the move lost.
    pub loss: f64,
    /// `mistake` or `blunder`.
    pub mark: String,
}

/// The most games the mistakes page looks through.
const MISTAKE_GAMES: usize = 50;

fn rating_of(stored: Option<StoredRating>) -> (Rating, i64, i64) {
    match stored {
        Some(s) => (
            Rating {
                rating: s.rating,
                deviation: s.deviation,
                volatility: s.volatility,
            },
            s.attempts,
            s.solved,
        ),
        None => (Rating::default(), 0, 0),
    }
}

/// The legal moves a board offers, where whole moves are picked from a list.
fn legal_moves(session: &dyn DynSession) -> Option<Vec<MoveInfo>> {
    (!session.is_stepwise() && session.ending().is_none()).then(|| session.legal_move_infos())
}

fn player_view(stored: Option<StoredRating>, change: Option<f64>) -> PlayerRatingView {
    let (r, attempts, solved) = rating_of(stored);
    PlayerRatingView {
        rating: r.rating,
        deviation: r.deviation,
        provisional: r.provisional(),
        attempts,
        solved,
        change,
    }
}

impl Service {
    /// The shipped puzzle sets.
    pub fn puzzle_sets(&self) -> SetsView {
        SetsView {
            sets: self
                .puzzles
                .sets
                .iter()
                .map(|s| {
                    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
                    for p in &s.puzzles {
                        for t in &p.themes {
                            *counts.entry(t).or_default() += 1;
                        }
                    }
                    let mut themes: Vec<ThemeCount> = counts
                        .into_iter()
                        .map(|(theme, count)| ThemeCount {
                            theme: theme.to_string(),
                            count,
                        })
                        .collect();
                    themes.sort_by(|a, b| b.count.cmp(&a.count).then(a.theme.cmp(&b.theme)));
                    SetView {
                        name: s.name,
                        game: s.game,
                        options: s.options,
                        count: s.puzzles.len(),
                        themes,
                    }
                })
                .collect(),
        }
    }

    /// The next puzzle of `set` for the caller: in `Rated` mode one they have not tried, near
    /// their rating; in `Streak` mode the `step`-th easiest. `theme` keeps only puzzles with it.
    pub fn next_puzzle(
        &self,
        caller: &Caller,
        set: &str,
        theme: Option<&str>,
        mode: PuzzleMode,
        step: usize,
    ) -> Result<PuzzleView, ServiceError> {
        let player = &caller.require()?.id;
        let book = self.puzzles.set(set)?;
        let ratings: HashMap<String, f64> = self
            .store
            .puzzle_ratings(book.name)?
            .into_iter()
            .map(|(id, r)| (id, r.rating))
            .collect();
        let rating = |p: &Puzzle| ratings.get(&p.id).copied().unwrap_or(Rating::default().rating);
        let mut pool: Vec<&Puzzle> = book
            .puzzles
            .iter()
            .filter(|p| theme.is_none_or(|t| p.themes.iter().any(|x| x == t)))
            .collect();
        let chosen = match mode {
            PuzzleMode::Streak => {
                pool.sort_by(|a, b| {
                    rating(a)
                        .total_cmp(&rating(b))
                        .then(a.solution.len().cmp(&b.solution.len()))
                        .then(a.id.cmp(&b.id))
                });
                pool.get(step).copied()
            }
            PuzzleMode::Rated => {
                let tried: HashSet<String> = self.store.attempted_puzzles(player, book.name)?.into_iter().collect();
                let mine = rating_of(self.store.player_puzzle_rating(player, book.name)?).0.rating;
                pool.retain(|p| !tried.contains(&p.id));
                pool.sort_by(|a, b| {
                    (rating(a) - mine)
                        .abs()
                        .total_cmp(&(rating(b) - mine).abs())
                        .then(a.id.cmp(&b.id))
                });
                pool.truncate(NEAREST);
                pool.choose(&mut rand::rng()).copied()
            }
        };
        let puzzle = chosen.ok_or_else(|| {
            let which = theme.map_or(String::new(), |t| format!(" with the theme {}", clip(t)));
            let why = match mode {
                PuzzleMode::Rated => format!("you have tried every puzzle of {}{which}", book.name),
                PuzzleMode::Streak => format!("the streak went past the last puzzle of {}{which}", book.name),
            };
            ServiceError::new(ErrorKind::NotFound, "no_puzzle", why)
        })?;
        self.puzzle_view(player, puzzle, mode)
    }

    /// Is there a shipped puzzle with this id?
    pub fn puzzle_exists(&self, id: &str) -> bool {
        self.puzzles.by_id.contains_key(id)
    }

    /// A puzzle by its id, for the caller (a rated attempt if they have not tried it).
    pub fn puzzle(&self, caller: &Caller, id: &str) -> Result<PuzzleView, ServiceError> {
        let player = &caller.require()?.id;
        let (_, puzzle) = self.puzzles.puzzle(id)?;
        self.puzzle_view(player, puzzle, PuzzleMode::Rated)
    }

    fn puzzle_view(&self, player: &PlayerId, p: &Puzzle, mode: PuzzleMode) -> Result<PuzzleView, ServiceError> {
        let (book, _) = self.puzzles.puzzle(&p.id)?;
        let stored = self.store.player_puzzle_rating(player, book.name)?;
        let tried = self.store.attempted_puzzles(player, book.name)?.contains(&p.id);
        let puzzle_rating = self.puzzle_rating(&p.id)?;
        let game = self.registry.get(book.game)?;
        let session = game.new_session(book.options, Some(&p.position))?;
        Ok(PuzzleView {
            id: p.id.clone(),
            set: book.name,
            game: book.game,
            options: book.options,
            before: p.before.clone(),
            mistake: p.mistake.clone(),
            position: p.position.clone(),
            solver: p.solver.clone(),
            moves: p.solution.len().div_ceil(2),
            themes: p.themes.clone(),
            goal: p.goal,
            rating: puzzle_rating.0.rating.round() as i64,
            stepwise: game.stepwise(),
            legal: legal_moves(session.as_ref()),
            rated: mode == PuzzleMode::Rated && !tried,
            player: player_view(stored, None),
        })
    }

    fn puzzle_rating(&self, id: &str) -> Result<(Rating, i64, i64), ServiceError> {
        Ok(rating_of(self.store.puzzle_rating(id)?))
    }

    /// Checks the caller's moves so far (the solver's, in order) against puzzle `id`'s solution:
    /// continue with the reply, solved, or failed; `give_up` fails it and shows the line. The end
    /// of the caller's first attempt in `Rated` mode updates both ratings.
    pub fn attempt_puzzle(
        &self,
        caller: &Caller,
        id: &str,
        moves: &[String],
        give_up: bool,
        mode: PuzzleMode,
    ) -> Result<AttemptView, ServiceError> {
        let player = caller.require()?.id.clone();
        let (book, puzzle) = self.puzzles.puzzle(id)?;
        let solver_moves = puzzle.solution.len().div_ceil(2);
        if moves.len() > MAX_ATTEMPT_MOVES || moves.len() > solver_moves {
            return Err(ServiceError::bad_request(
                "too_many_moves",
                format!("this puzzle takes {solver_moves} moves of yours, not {}", moves.len()),
            ));
        }
        if moves.is_empty() && !give_up {
            return Err(ServiceError::bad_request(
                "no_moves",
                "an attempt names at least one move",
            ));
        }
        let game = self.registry.get(book.game)?;
        let mut session = game.new_session(book.options, Some(&puzzle.position))?;
        let mut status = if give_up {
            AttemptStatus::Failed
        } else {
            AttemptStatus::Continue
        };
        let mut reply = None;
        for (step, mv) in moves.iter().enumerate() {
            if status != AttemptStatus::Continue {
                break;
            }
            let right = is_right(session.as_ref(), puzzle, step, mv)
                .map_err(|e| ServiceError::bad_request("illegal_move", format!("move {}: {e}", step + 1)))?;
            session.play(mv)?;
            reply = None;
            if !right {
                status = AttemptStatus::Failed;
            } else if session.ending().is_some() || step + 1 == solver_moves {
                status = AttemptStatus::Solved;
            } else {
                let answer = &puzzle.solution[2 * step + 1];
                session.play(answer)?;
                reply = Some(answer.clone());
            }
        }
        let position = session.position();
        if status == AttemptStatus::Continue {
            let stored = self.store.player_puzzle_rating(&player, book.name)?;
            return Ok(AttemptView {
                status,
                reply,
                legal: legal_moves(session.as_ref()),
                position,
                solution: None,
                rated: false,
                player: player_view(stored, None),
                puzzle_rating: self.puzzle_rating(id)?.0.rating.round() as i64,
            });
        }
        let solved = status == AttemptStatus::Solved;
        let (rated, player_rating, change, puzzle_rating) = if mode == PuzzleMode::Rated {
            self.rate_attempt(&player, book.name, id, solved)?
        } else {
            let stored = self.store.player_puzzle_rating(&player, book.name)?;
            (false, stored, None, self.puzzle_rating(id)?.0)
        };
        Ok(AttemptView {
            status,
            reply: None,
            legal: None,
            position,
            solution: Some(puzzle.solution.clone()),
            rated,
            player: player_view(player_rating, change),
            puzzle_rating: puzzle_rating.rating.round() as i64,
        })
    }

    /// Rates the player's first attempt at a puzzle (a later one changes nothing), trying again
    /// when another attempt changed either rating meanwhile.
    #[allow(clippy::type_complexity)]
    fn rate_attempt(
        &self,
        player: &PlayerId,
        set: &str,
        id: &str,
        solved: bool,
    ) -> Result<(bool, Option<StoredRating>, Option<f64>, Rating), ServiceError> {
        for _ in 0..RATING_TRIES {
            let stored = self.store.player_puzzle_rating(player, set)?;
            let (mine, attempts, solved_count) = rating_of(stored);
            let (theirs, p_attempts, p_solved) = self.puzzle_rating(id)?;
            let (new_mine, new_theirs) = Rating::after_attempt(mine, theirs, solved);
            let row = |r: Rating, attempts: i64, solved_count: i64| StoredRating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
                attempts: attempts + 1,
                solved: solved_count + i64::from(solved),
            };
            let attempt = PuzzleAttempt {
                player: player.clone(),
                set: set.to_string(),
                puzzle: id.to_string(),
                solved,
                at: crate::store::now(),
                player_rating: row(new_mine, attempts, solved_count),
                puzzle_rating: row(new_theirs, p_attempts, p_solved),
            };
            match self.store.record_puzzle_attempt(&attempt) {
                Ok(true) => {
                    return Ok((
                        true,
                        Some(attempt.player_rating),
                        Some(new_mine.rating - mine.rating),
                        new_theirs,
                    ))
                }
                Ok(false) => return Ok((false, stored, None, theirs)),
                Err(StoreError::Stale) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(ServiceError::conflict(
            "busy",
            "the ratings kept changing under this attempt: try again",
        ))
    }

    /// The caller's moves that the analyses of their finished games marked as mistakes or
    /// blunders: positions to find the better move in.
    pub fn my_mistakes(&self, caller: &Caller) -> Result<MistakesView, ServiceError> {
        let me = &caller.require()?.id;
        let mut mistakes = Vec::new();
        for summary in self.store.list(Some(me), true, MISTAKE_GAMES)? {
            if !summary.over {
                continue;
            }
            let Some(body) = self.store.analysis(&summary.id, 0)?.and_then(|a| a.body) else {
                continue;
            };
            let Some(game) = self.store.load(&summary.id)? else {
                continue;
            };
            let Ok(kind) = self.registry.get(&game.game) else {
                continue;
            };
            let session = kind.new_session(&game.options, None)?;
            let mine: Vec<&str> = Player::BOTH
                .iter()
                .zip(&game.owners.holders)
                .filter(|(_, holder)| holder.as_ref() == Some(me))
                .map(|(&side, _)| session.player_name(side))
                .collect();
            let Ok(analysis) = serde_json::from_str::<serde_json::Value>(&body) else {
                continue;
            };
            let positions = analysis["positions"].as_array().cloned().unwrap_or_default();
            for m in analysis["moves"].as_array().into_iter().flatten() {
                let mark = m["mark"].as_str().unwrap_or("");
                let mover = m["mover"].as_str().unwrap_or("");
                let (Some(ply), Some(best)) = (m["ply"].as_u64(), m["best"].as_str()) else {
                    continue;
                };
                if !matches!(mark, "mistake" | "blunder") || !mine.contains(&mover) {
                    continue;
                }
                let Some(position) = positions.get(ply as usize - 1).and_then(|p| p["position"].as_str()) else {
                    continue;
                };
                mistakes.push(MistakeView {
                    game_id: summary.id.clone(),
                    game: game.game.clone(),
                    options: game.options.clone(),
                    ply: ply as usize,
                    position: position.to_string(),
                    solver: mover.to_string(),
                    played: m["played"].as_str().unwrap_or("").to_string(),
                    best: best.to_string(),
                    loss: m["loss"].as_f64().unwrap_or(0.0),
                    mark: mark.to_string(),
                });
            }
        }
        Ok(MistakesView { mistakes })
    }
}
