//! Random playouts: the raw speed measure of a rules engine and the basis of Monte Carlo search.

use crate::{Game, Outcome};
use rand::Rng;
use std::time::{Duration, Instant};

/// What one playout did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Playout {
    /// Plies played.
    pub plies: u32,
    /// The position's outcome at the end, `None` if the ply cap stopped it first.
    pub outcome: Option<Outcome>,
}

/// Plays random legal moves from `game` until it ends or `ply_cap` plies were played.
/// `buffer` is reused scratch space: nothing is allocated once it has grown.
pub fn random_playout<G: Game, R: Rng>(game: &mut G, rng: &mut R, buffer: &mut Vec<G::Move>, ply_cap: u32) -> Playout {
    let mut plies = 0;
    while plies < ply_cap {
        match game.random_move(rng, buffer) {
            Some(mv) => {
                game.play(mv);
                plies += 1;
            }
            None => break,
        }
    }
    Playout {
        plies,
        outcome: game.outcome(),
    }
}

/// Totals of many playouts, for benchmarks and statistics.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PlayoutStats {
    /// Playouts run.
    pub games: u64,
    /// Plies played in all.
    pub plies: u64,
    /// Playouts won by the first player, by the second, drawn, and stopped by the cap.
    pub first_wins: u64,
    /// Playouts won by the second player.
    pub second_wins: u64,
    /// Playouts drawn by the position.
    pub draws: u64,
    /// Playouts stopped by the ply cap.
    pub capped: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

impl PlayoutStats {
    /// Plies per second.
    pub fn plies_per_second(&self) -> f64 {
        self.plies as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
    /// Playouts per second.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The playouts of runs made side by side (on threads at once): their counts summed, the
    /// longest run's wall time.
    pub fn side_by_side(runs: &[PlayoutStats]) -> PlayoutStats {
        let mut all = PlayoutStats::default();
        for r in runs {
            all.games += r.games;
            all.plies += r.plies;
            all.first_wins += r.first_wins;
            all.second_wins += r.second_wins;
            all.draws += r.draws;
            all.capped += r.capped;
            all.elapsed = all.elapsed.max(r.elapsed);
        }
        all
    }
}

/// The machine's cores (1 when unknown): the threads of a parallel run by default.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The threads a caller asked for, 0 meaning all cores (the command line's and Python's rule).
pub fn threads_or_all(requested: usize) -> usize {
    match requested {
        0 => cores(),
        n => n,
    }
}

/// The seed of thread `i` of a run on several threads: `seed` itself for the first, so that one
/// thread plays what a single-threaded run plays.
pub fn thread_seed(seed: u64, i: u64) -> u64 {
    seed.wrapping_add(i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// The share of `total` playouts that thread `i` of `threads` plays (the first ones one more when
/// they do not divide evenly).
pub fn thread_share(total: u64, threads: usize, i: usize) -> u64 {
    let threads = threads.max(1) as u64;
    total / threads + u64::from((i as u64) < total % threads)
}

/// Runs `run(i, seed)` on `threads` threads at once, thread `i` with its own
/// [`thread_seed`], and adds their playouts up ([`PlayoutStats::side_by_side`]).
pub fn on_threads<E: Send>(
    threads: usize,
    seed: u64,
    run: impl Fn(usize, u64) -> Result<PlayoutStats, E> + Sync,
) -> Result<PlayoutStats, E> {
    let runs: Vec<Result<PlayoutStats, E>> = std::thread::scope(|scope| {
        let run = &run;
        let handles: Vec<_> = (0..threads.max(1))
            .map(|i| scope.spawn(move || run(i, thread_seed(seed, i as u64))))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    });
    let runs = runs.into_iter().collect::<Result<Vec<_>, E>>()?;
    Ok(PlayoutStats::side_by_side(&runs))
}

/// Runs random playouts from `start` for at least `budget` (checked between playouts).
pub fn run_playouts<G: Game, R: Rng>(start: &G, rng: &mut R, ply_cap: u32, budget: Duration) -> PlayoutStats {
    run_playouts_until(start, rng, ply_cap, |stats| stats.elapsed >= budget)
}

/// Runs exactly `count` random playouts from `start`.
pub fn run_playouts_count<G: Game, R: Rng>(start: &G, rng: &mut R, ply_cap: u32, count: u64) -> PlayoutStats {
    if count == 0 {
        return PlayoutStats::default();
    }
    run_playouts_until(start, rng, ply_cap, |stats| stats.games >= count)
}

/// Runs random playouts until `done` says so (asked after each one).
fn run_playouts_until<G: Game, R: Rng>(
    start: &G,
    rng: &mut R,
    ply_cap: u32,
    done: impl Fn(&PlayoutStats) -> bool,
) -> PlayoutStats {
    let mut stats = PlayoutStats::default();
    let mut buffer = Vec::with_capacity(256);
    let began = Instant::now();
    loop {
        let mut game = start.clone();
        let p = random_playout(&mut game, rng, &mut buffer, ply_cap);
        stats.games += 1;
        stats.plies += u64::from(p.plies);
        match p.outcome {
            Some(Outcome::Win(crate::Player::First)) => stats.first_wins += 1,
            Some(Outcome::Win(crate::Player::Second)) => stats.second_wins += 1,
            Some(Outcome::Draw) => stats.draws += 1,
            None => stats.capped += 1,
        }
        stats.elapsed = began.elapsed();
        if done(&stats) {
            return stats;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PlayoutStats;
    use std::time::Duration;

    #[test]
    fn runs_side_by_side_add_their_counts_over_the_longest_time() {
        let run = |games, plies, ms| PlayoutStats {
            games,
            plies,
            first_wins: games,
            elapsed: Duration::from_millis(ms),
            ..PlayoutStats::default()
        };
        let all = PlayoutStats::side_by_side(&[run(3, 30, 900), run(5, 50, 1000)]);
        assert_eq!((all.games, all.plies, all.first_wins), (8, 80, 8));
        assert_eq!(all.elapsed, Duration::from_millis(1000));
        assert_eq!(all.plies_per_second(), 80.0);
    }
}
