//! How hard a puzzle set is: a simulated population — the game's computer levels — solves its
//! puzzles, and Glicko-2 rates solvers and puzzles as the server rates people, so that the
//! puzzles' ratings spread by difficulty and each level gets a puzzle rating.

use super::{is_right, Puzzle};
use crate::rating::Rating;
use crate::{AgentSpec, Engines};
use arbiter_core::{DynGameType, Error};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A solver of the simulation.
#[derive(Debug, Clone)]
pub struct Solver {
    /// Its name in the report (`level 3`).
    pub name: String,
    /// How it chooses its moves.
    pub spec: AgentSpec,
}

impl Solver {
    /// The game's level `n`, its thinking time capped at `cap` (the levels' full second a move
    /// would make the simulation take hours).
    pub fn level(game: &dyn DynGameType, n: u8, cap: Duration) -> Solver {
        let mut spec = crate::levels::spec(game.strength_levels(), n);
        if spec.limits.time.is_some_and(|t| t > cap) {
            spec.limits.time = Some(cap);
        }
        Solver {
            name: format!("level {n}"),
            spec,
        }
    }
}

/// One solver's result.
#[derive(Debug, Clone, Serialize)]
pub struct SolverResult {
    /// Its name.
    pub name: String,
    /// Its agent.
    pub spec: String,
    /// Its puzzle rating at the end.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Puzzles tried.
    pub attempts: usize,
    /// Of which solved.
    pub solved: usize,
}

/// The simulation's result.
#[derive(Debug, Clone, Serialize)]
pub struct DifficultyReport {
    /// The game.
    pub game: String,
    /// Its options.
    pub options: String,
    /// Puzzles rated.
    pub puzzles: usize,
    /// Rounds: each solver tried each puzzle this many times.
    pub rounds: usize,
    /// Every solver, in the order given.
    pub solvers: Vec<SolverResult>,
    /// The puzzles' ratings at the end: the 10th, 25th, 50th, 75th and 90th percentiles.
    pub percentiles: [f64; 5],
    /// The lowest and highest puzzle rating.
    pub range: [f64; 2],
    /// The puzzles' final ratings, in the order given.
    pub ratings: Vec<f64>,
}

/// Each solver tries each puzzle `rounds` times, in an order shuffled by `seed`; every attempt
/// is rated like a player's first attempt on the server.
pub fn simulate(
    engines: &Engines,
    game: &dyn DynGameType,
    puzzles: &[Puzzle],
    solvers: &[Solver],
    rounds: usize,
    seed: u64,
    stop: &AtomicBool,
) -> Result<DifficultyReport, Error> {
    let mut solver_ratings = vec![Rating::default(); solvers.len()];
    let mut puzzle_ratings = vec![Rating::default(); puzzles.len()];
    let mut counts = vec![(0usize, 0usize); solvers.len()];
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for _ in 0..rounds {
        let mut pairs: Vec<(usize, usize)> = (0..solvers.len())
            .flat_map(|s| (0..puzzles.len()).map(move |p| (s, p)))
            .collect();
        pairs.shuffle(&mut rng);
        for (s, p) in pairs {
            let solved = attempt(engines, game, &puzzles[p], &solvers[s].spec, stop)?;
            let (mine, theirs) = Rating::after_attempt(solver_ratings[s], puzzle_ratings[p], solved);
            solver_ratings[s] = mine;
            puzzle_ratings[p] = theirs;
            counts[s].0 += 1;
            counts[s].1 += usize::from(solved);
        }
    }
    let ratings: Vec<f64> = puzzle_ratings.iter().map(|r| r.rating).collect();
    let mut sorted = ratings.clone();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| {
        if sorted.is_empty() {
            0.0
        } else {
            sorted[((sorted.len() - 1) as f64 * q).round() as usize]
        }
    };
    Ok(DifficultyReport {
        game: game.name().to_string(),
        options: puzzles.first().map_or(String::new(), |p| p.options.clone()),
        puzzles: puzzles.len(),
        rounds,
        solvers: solvers
            .iter()
            .zip(&solver_ratings)
            .zip(&counts)
            .map(|((s, r), &(attempts, solved))| SolverResult {
                name: s.name.clone(),
                spec: s.spec.to_string(),
                rating: r.rating,
                deviation: r.deviation,
                attempts,
                solved,
            })
            .collect(),
        percentiles: [at(0.1), at(0.25), at(0.5), at(0.75), at(0.9)],
        range: [at(0.0), at(1.0)],
        ratings,
    })
}

/// Does `spec`'s agent solve the puzzle, the replies coming from the solution?
fn attempt(
    engines: &Engines,
    game: &dyn DynGameType,
    puzzle: &Puzzle,
    spec: &AgentSpec,
    stop: &AtomicBool,
) -> Result<bool, Error> {
    let mut session = game.new_session(&puzzle.options, Some(&puzzle.position))?;
    let steps = puzzle.solution.len().div_ceil(2);
    for step in 0..steps {
        let mut agent = engines.agent(game.name(), spec)?;
        let chosen = agent.choose(session.as_ref(), stop, &mut |_| {})?.best;
        if !is_right(session.as_ref(), puzzle, step, &chosen)? {
            return Ok(false);
        }
        session.play(&chosen)?;
        if session.ending().is_some() {
            return Ok(true);
        }
        if let Some(reply) = puzzle.solution.get(2 * step + 1) {
            session.play(reply)?;
        }
    }
    Ok(true)
}
