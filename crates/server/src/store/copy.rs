//! Copying a whole database to another store (`arbiter db migrate --from arbiter.db --to postgres://…`):
//! every player, game (with its moves, times, version and analysis), open challenge, puzzle rating,
//! account, game rating and tournament, kept as it was.

use super::{Store, StoreError, StoreResult};

/// What a copy copied.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Copied {
    /// Players.
    pub players: usize,
    /// Games.
    pub games: usize,
    /// Moves of those games.
    pub moves: usize,
    /// Open challenges.
    pub challenges: usize,
    /// Stored analyses of games.
    pub analyses: usize,
    /// Puzzle attempts (with the players' and puzzles' ratings).
    pub puzzle_attempts: usize,
    /// Accounts.
    pub accounts: usize,
    /// Game ratings (a player in a pool).
    pub ratings: usize,
    /// Tournaments (with who joined them; their games are among the games).
    pub tournaments: usize,
}

/// Copies everything in `from` into `to`, which must hold no player and no game yet (so that
/// nothing there is overwritten or mixed up); `progress` hears each game copied. Each game is one
/// transaction: a copy that stops half-way is resumed by emptying the target and starting again.
pub fn copy_store(from: &dyn Store, to: &dyn Store, progress: &mut dyn FnMut(&Copied)) -> StoreResult<Copied> {
    if !to.players()?.is_empty() || !to.game_ids()?.is_empty() {
        return Err(StoreError::Failed(
            "the target database already holds players or games: copy into an empty one".into(),
        ));
    }
    let mut copied = Copied::default();
    for player in from.players()? {
        to.create_player(&player)?;
        copied.players += 1;
    }
    for id in from.game_ids()? {
        let game = from
            .load(&id)?
            .ok_or_else(|| StoreError::Missing(format!("game {id}")))?;
        to.create(&game)?;
        if let Some(analysis) = from.analysis(&id, 0)? {
            if let Some(body) = &analysis.body {
                // Written through a claim of the copy's own, as a finished job writes it.
                to.claim_analysis(&id, "copy", 0, 1)?;
                to.finish_analysis(&id, "copy", Some((analysis.plies, body)), super::now() as u64 * 1000)?;
                copied.analyses += 1;
            }
        }
        copied.games += 1;
        copied.moves += game.moves.len();
        progress(&copied);
    }
    for challenge in from.challenges(usize::MAX >> 1)? {
        to.add_challenge(&challenge)?;
        copied.challenges += 1;
    }
    let puzzles = from.puzzle_data()?;
    to.put_puzzle_data(&puzzles)?;
    copied.puzzle_attempts = puzzles.attempts.len();
    let accounts = from.account_data()?;
    to.put_account_data(&accounts)?;
    copied.accounts = accounts.accounts.len();
    let ratings = from.rating_data()?;
    to.put_rating_data(&ratings)?;
    copied.ratings = ratings.ratings.len();
    for (tournament, entrants) in from.tournament_data()? {
        to.add_tournament(&tournament)?;
        for e in entrants {
            to.set_entrant(&tournament.id, &e.player.id, e.active, e.joined_at)?;
        }
        copied.tournaments += 1;
    }
    Ok(copied)
}
