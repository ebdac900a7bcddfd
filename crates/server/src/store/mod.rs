//! Where games, players and challenges are kept: one [`Store`] trait with two implementations —
//! SQLite in a file ([`SqliteStore`], the embedded default) and PostgreSQL ([`PgStore`], for many
//! server instances on one database). Both apply the same numbered migrations and pass the same
//! test suite (`tests/store.rs`).
//!
//! Every move is a row written as it is made, so a crash or a restart loses nothing. Every change to
//! a game is conditional on the game's `version` (optimistic concurrency): a writer whose copy is
//! out of date gets [`StoreError::Stale`] instead of overwriting what another server stored.

mod accounts;
mod challenges;
mod codec;
mod copy;
mod migrations;
mod postgres;
mod puzzles;
mod ratings;
mod sqlite;
mod tournaments;

pub use accounts::{AccountData, Revoke, StoredAccount, StoredToken};
pub use challenges::{Challenge, Colour};
pub use copy::{copy_store, Copied};
pub use migrations::{Migration, POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
pub use postgres::PgStore;
pub use puzzles::{PuzzleAttempt, PuzzleData, StoredAttempt, StoredRating};
pub use ratings::{GameRating, RatedGame, RatingChange, RatingData};
pub use sqlite::SqliteStore;
pub use tournaments::{Entrant, StoredTournament, TournamentGame};

use crate::player::{PlayerId, PlayerRef};
use crate::seat::Seat;
use arbiter_core::{ClockState, Player};
use serde::Serialize;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

/// A game as stored: enough to replay it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The options string.
    pub options: String,
    /// The start position string.
    pub start: String,
    /// Who plays each side.
    pub seats: [Seat; 2],
    /// The name of the side that resigned, if one did.
    pub resigned: Option<String>,
    /// The result in words, once over.
    pub result: Option<String>,
    /// The moves, in order.
    pub moves: Vec<String>,
    /// Each move's time left for its mover (`None`: no clock then), in step with `moves`.
    pub left_ms: Vec<Option<u64>>,
    /// When each move was stored (unix seconds), in step with `moves`.
    pub played_at: Vec<i64>,
    /// Who holds each side, who created the game, whether it is public, the open side's invite.
    pub owners: Ownership,
    /// A pending takeback request by that side.
    pub takeback: Option<Player>,
    /// The id of the rematch game, once one was started.
    pub rematch: Option<String>,
    /// The clock, for a game with a time control.
    pub clock: Option<ClockState>,
    /// The side to move ran out of time.
    pub timed_out: bool,
    /// The creator allowed the engine's hints in a game between two people (games with no other
    /// person allow them anyway).
    pub hints: bool,
    /// A rated game between two people (no computer, no undo, no hints until it ends).
    pub rated: bool,
    /// Once a rated game ended and was rated: each side's rating before and after (JSON).
    pub rating_changes: Option<String>,
    /// How it ended (`first`, `second` or `draw`), once over: what standings and records count.
    pub outcome: Option<String>,
    /// The arena tournament that paired it, with the pairing's number there.
    pub tournament: Option<(String, i64)>,
    /// When it was created and last changed, unix seconds.
    pub created_at: i64,
    /// See `created_at`.
    pub updated_at: i64,
    /// Bumped by every change: a change names the version it was made from.
    pub version: i64,
}

/// Who a game belongs to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ownership {
    /// The player who created the game (`None`: a game from before players existed).
    pub creator: Option<PlayerId>,
    /// The player holding each side, by [`Player::index`]: the person playing it, or the one who
    /// handed it to the computer. `None`: an open side.
    pub holders: [Option<PlayerId>; 2],
    /// Listed to everyone.
    pub public: bool,
    /// The SHA-256 of the single-use claim for the open side.
    pub invite_hash: Option<String>,
}

/// A game a player played, for their profile.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedGame {
    /// The game as listed (`yours`: the player holds a side).
    pub summary: GameSummary,
    /// The sides the player holds, by [`Player::index`].
    pub holds: [bool; 2],
    /// A rated game.
    pub rated: bool,
    /// Its rating changes, once rated (JSON, as stored).
    pub rating_changes: Option<String>,
}

/// How a finished game ended for a player.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedResult {
    /// The registry name.
    pub game: String,
    /// Who plays each side.
    pub seats: [Seat; 2],
    /// The sides the player holds, by [`Player::index`].
    pub holds: [bool; 2],
    /// `first`, `second` or `draw`.
    pub outcome: String,
}

/// A line of the list of recent games.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The options string.
    pub options: String,
    /// Who plays each side.
    pub seats: [Seat; 2],
    /// The display names of the people holding each side (`null`: open, or no name).
    pub players: [Option<String>; 2],
    /// Listed to everyone.
    pub public: bool,
    /// The caller holds a side.
    pub yours: bool,
    /// The game is over.
    pub over: bool,
    /// Plies played.
    pub ply: usize,
    /// The result in words, once over.
    pub result: Option<String>,
    /// Last change, unix seconds.
    pub updated_at: i64,
}

/// A player as stored, also for copying a database ([`copy_store`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPlayer {
    /// The id and display name.
    pub player: PlayerRef,
    /// The SHA-256 of their token.
    pub token_hash: String,
    /// When they first came, unix seconds.
    pub created_at: i64,
}

/// A move to append to a game.
#[derive(Debug, Clone, Copy)]
pub struct NewMove<'a> {
    /// Its ply, 0 for the first move: a second move for one ply is refused.
    pub ply: usize,
    /// The move in the game's notation.
    pub notation: &'a str,
    /// The mover's time left, if the game has a clock.
    pub left_ms: Option<u64>,
}

/// The state of a game after a change, written with it.
#[derive(Debug, Clone, Copy)]
pub struct GameState<'a> {
    /// The result in words, once over.
    pub result: Option<&'a str>,
    /// How it ended, once over (`first`, `second`, `draw`).
    pub outcome: Option<&'static str>,
    /// The clock, for a game with a time control.
    pub clock: Option<&'a ClockState>,
}

/// Why a store operation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// Another writer came first: the game changed since this copy of it was read (another server,
    /// or another request), or a move for that ply is stored already. Reload and try again.
    Stale,
    /// A game or player that was named is not there.
    Missing(String),
    /// The database failed, refused or could not be reached.
    Failed(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Stale => f.write_str("the game was changed by another request first"),
            StoreError::Missing(what) => write!(f, "{what} is not stored"),
            StoreError::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for StoreError {}

/// The result of a store operation.
pub type StoreResult<T> = Result<T, StoreError>;

/// Which database a store keeps its data in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbLocation {
    /// A SQLite file, created with its schema when missing.
    Sqlite(PathBuf),
    /// A PostgreSQL connection URL (`postgres://user:password@host:port/database`).
    Postgres(String),
}

impl DbLocation {
    /// Reads `--db`/`ARBITER_DB`: a `postgres://` or `postgresql://` URL, or else a SQLite file path.
    pub fn parse(text: &str) -> Result<DbLocation, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("the database is empty: give a SQLite file path or a postgres:// URL".into());
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            text.parse::<tokio_postgres::Config>()
                .map_err(|e| format!("bad PostgreSQL URL: {e}"))?;
            return Ok(DbLocation::Postgres(text.to_string()));
        }
        if let Some((scheme, _)) = text.split_once("://") {
            return Err(format!(
                "unknown database scheme '{scheme}://': give a SQLite file path or a postgres:// URL"
            ));
        }
        Ok(DbLocation::Sqlite(PathBuf::from(text)))
    }

    /// The folder beside a SQLite file (where reports go by default); the working folder for PostgreSQL.
    pub fn data_dir(&self) -> PathBuf {
        match self {
            DbLocation::Sqlite(path) => path.parent().map(PathBuf::from).unwrap_or_default(),
            DbLocation::Postgres(_) => PathBuf::new(),
        }
    }

    /// Opens the store, applying the migrations it has not seen.
    pub fn open(&self) -> StoreResult<Box<dyn Store>> {
        Ok(match self {
            DbLocation::Sqlite(path) => Box::new(SqliteStore::open(path)?),
            DbLocation::Postgres(url) => Box::new(PgStore::connect(url)?),
        })
    }
}

impl std::fmt::Display for DbLocation {
    /// The file path, or the URL without its password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbLocation::Sqlite(path) => write!(f, "{}", path.display()),
            DbLocation::Postgres(url) => f.write_str(&codec::redact_password(url)),
        }
    }
}

/// The database behind the server. Every method is a few small statements; a change to a game
/// names the `version` it was made from and bumps it, or fails with [`StoreError::Stale`].
pub trait Store: Send + Sync {
    /// `sqlite` or `postgres`.
    fn backend(&self) -> &'static str;

    /// Stores a new game (or a copied one) with its moves, in one transaction.
    fn create(&self, game: &StoredGame) -> StoreResult<()>;

    /// Appends a move made from `version` and writes the game's state after it.
    fn add_move(&self, id: &str, version: i64, mv: NewMove<'_>, state: GameState<'_>) -> StoreResult<()>;

    /// Sets the clock (started, stopped).
    fn set_clock(&self, id: &str, version: i64, clock: Option<&ClockState>) -> StoreResult<()>;

    /// Keeps the first `plies` moves and writes the state after an undo, a resignation or a flag fall.
    fn rewrite_tail(
        &self,
        id: &str,
        version: i64,
        plies: usize,
        ending: Ending<'_>,
        state: GameState<'_>,
    ) -> StoreResult<()>;

    /// Changes who plays each side and who holds it, and the open side's invite.
    fn set_seats(&self, id: &str, version: i64, seats: &[Seat; 2], owners: &Ownership) -> StoreResult<()>;

    /// Sets or clears the pending takeback request.
    fn set_takeback(&self, id: &str, version: i64, by: Option<Player>) -> StoreResult<()>;

    /// Notes the rematch of a game.
    fn set_rematch(&self, id: &str, version: i64, rematch: &str) -> StoreResult<()>;

    /// Loads a game with its moves; `None` if there is no such game.
    fn load(&self, id: &str) -> StoreResult<Option<StoredGame>>;

    /// The stored version of a game (`None`: no such game): cheaper than [`Store::load`], to tell
    /// whether a copy in memory is current.
    fn version(&self, id: &str) -> StoreResult<Option<i64>>;

    /// The games whose clock runs and that are not over: their flags must fall even if nobody opens them.
    fn running_clocks(&self) -> StoreResult<Vec<String>>;

    /// The most recently changed games, newest first, that `caller` may list: the games they hold a
    /// side in, and (unless `mine_only`) public games.
    fn list(&self, caller: Option<&PlayerId>, mine_only: bool, limit: usize) -> StoreResult<Vec<GameSummary>>;

    /// The games `player` holds a side of, newest first: all of them with `everything`, else only
    /// those listed to everyone or rated (what others may see on their profile).
    fn games_of(&self, player: &PlayerId, everything: bool, limit: usize) -> StoreResult<Vec<PlayedGame>>;

    /// Finished games stored before outcomes were (their result is in words only), at most `limit`.
    fn games_without_outcome(&self, limit: usize) -> StoreResult<Vec<String>>;

    /// Writes how a game stored before outcomes were ended (it does not change the game).
    fn set_outcome(&self, id: &str, outcome: &str) -> StoreResult<()>;

    /// How every finished game `player` holds a side of ended (all of them with `everything`, else
    /// those others may see), for their wins, draws and losses.
    fn results_of(&self, player: &PlayerId, everything: bool) -> StoreResult<Vec<PlayedResult>>;

    /// Every game's id, oldest first (for copying a database).
    fn game_ids(&self) -> StoreResult<Vec<String>>;

    /// Stores a new player by the hash of their token.
    fn create_player(&self, player: &StoredPlayer) -> StoreResult<()>;

    /// The player whose token has this hash.
    fn player_by_token_hash(&self, token_hash: &str) -> StoreResult<Option<PlayerRef>>;

    /// A player by id.
    fn player(&self, id: &PlayerId) -> StoreResult<Option<PlayerRef>>;

    /// Changes a player's display name.
    fn rename_player(&self, id: &PlayerId, name: &str) -> StoreResult<()>;

    /// Every player, oldest first (for copying a database).
    fn players(&self) -> StoreResult<Vec<StoredPlayer>>;

    /// Stores a finished rated game's new ratings, all or nothing: `false` (nothing stored) if the
    /// game was rated already or is not rated; [`StoreError::Stale`] if either player's rating is no
    /// longer the one the change was made from (another game was rated meanwhile: compute again).
    fn record_rated_game(&self, rated: &RatedGame) -> StoreResult<bool>;

    /// A player's rating in a pool, if they played a rated game there.
    fn game_rating(&self, player: &PlayerId, pool: &str) -> StoreResult<Option<GameRating>>;

    /// A player's ratings in every pool they played in.
    fn game_ratings_of(&self, player: &PlayerId) -> StoreResult<Vec<(String, GameRating)>>;

    /// The best-rated players of a pool, best first: those whose deviation is at most
    /// `max_deviation` (not provisional), at most `limit`.
    fn leaderboard(&self, pool: &str, max_deviation: f64, limit: usize) -> StoreResult<Vec<(PlayerRef, GameRating)>>;

    /// Every pool someone has a rating in, in order.
    fn rating_pools(&self) -> StoreResult<Vec<String>>;

    /// Every rating.
    fn rating_data(&self) -> StoreResult<RatingData>;

    /// Stores ratings read by [`Store::rating_data`] (into a database without them).
    fn put_rating_data(&self, data: &RatingData) -> StoreResult<()>;

    /// Stores a new account; [`StoreError::Stale`] if its username's key is taken or the player has
    /// one already.
    fn create_account(&self, account: &StoredAccount) -> StoreResult<()>;

    /// The account whose username has this key.
    fn account_by_key(&self, username_key: &str) -> StoreResult<Option<StoredAccount>>;

    /// The player's account, if they made one.
    fn account_of(&self, player: &PlayerId) -> StoreResult<Option<StoredAccount>>;

    /// Replaces the account's password hash.
    fn set_password(&self, player: &PlayerId, password_hash: &str) -> StoreResult<()>;

    /// Stores a token given at a sign-in.
    fn add_token(&self, token: &StoredToken) -> StoreResult<()>;

    /// Revokes the player's tokens: every one but `keep` (a token's hash), or only `only`. The token
    /// the player was created with is replaced by `replacement` (the hash of a secret nobody holds).
    /// Told to every server on the store ([`Change::Revoked`]).
    fn revoke_tokens(&self, player: &PlayerId, which: Revoke<'_>, replacement: &str) -> StoreResult<()>;

    /// Deletes the account and revokes every token of the player, whose name becomes `name`; their
    /// games stay.
    fn delete_account(&self, player: &PlayerId, replacement: &str, name: &str) -> StoreResult<()>;

    /// Every account and sign-in token.
    fn account_data(&self) -> StoreResult<AccountData>;

    /// Stores accounts and tokens read by [`Store::account_data`] (into a database without them).
    fn put_account_data(&self, data: &AccountData) -> StoreResult<()>;

    /// Stores a new challenge (with its `created_at`).
    fn add_challenge(&self, challenge: &Challenge) -> StoreResult<()>;

    /// The open challenges, newest first (at most `limit`).
    fn challenges(&self, limit: usize) -> StoreResult<Vec<Challenge>>;

    /// One challenge.
    fn challenge(&self, id: &str) -> StoreResult<Option<Challenge>>;

    /// How many open challenges a player has.
    fn challenges_of(&self, player: &PlayerId) -> StoreResult<usize>;

    /// Removes a challenge; whether it was there (so that of two accepting at once, one wins, on
    /// any number of servers).
    fn take_challenge(&self, id: &str) -> StoreResult<bool>;

    /// Stores a new tournament.
    fn add_tournament(&self, t: &StoredTournament) -> StoreResult<()>;

    /// A tournament.
    fn tournament(&self, id: &str) -> StoreResult<Option<StoredTournament>>;

    /// Tournaments to list: those not finished (soonest start first), then the latest finished,
    /// at most `limit` in all.
    fn tournaments(&self, limit: usize) -> StoreResult<Vec<StoredTournament>>;

    /// How many tournaments `player` created that are not finished.
    fn open_tournaments_of(&self, player: &PlayerId) -> StoreResult<usize>;

    /// The tournaments not finished that started by `now` (unix seconds): to pair or to finish.
    fn live_tournaments(&self, now: i64) -> StoreResult<Vec<String>>;

    /// A player joins a tournament (`active`) or leaves it (not `active`; their games stay), and
    /// the change is announced.
    fn set_entrant(&self, tournament: &str, player: &PlayerId, active: bool, at: i64) -> StoreResult<()>;

    /// Everyone who joined a tournament, in the order they joined.
    fn entrants(&self, tournament: &str) -> StoreResult<Vec<Entrant>>;

    /// A tournament's games in pairing order.
    fn tournament_games(&self, tournament: &str) -> StoreResult<Vec<TournamentGame>>;

    /// Takes (or renews) the right to pair a tournament's players, as [`Store::claim_lease`] does for a game.
    fn claim_tournament(&self, id: &str, holder: &str, now_ms: u64, until_ms: u64) -> StoreResult<bool>;

    /// Marks a tournament finished (its standings final) and announces it; whether it was not already.
    fn finish_tournament(&self, id: &str, at: i64) -> StoreResult<bool>;

    /// Tells the other servers a tournament changed (a game of it ended, a pairing): nothing to do
    /// for a store of one server's own.
    fn announce_tournament(&self, id: &str) -> StoreResult<()>;

    /// Every tournament with who joined it (for copying a database).
    fn tournament_data(&self) -> StoreResult<Vec<(StoredTournament, Vec<Entrant>)>>;

    /// Takes (or renews) the lease on running a game's computer and clock for `holder` until
    /// `until_ms` (unix milliseconds): granted when nobody holds it, `holder` holds it already, or
    /// the holder's lease ran out before `now_ms`. Whether `holder` has it now.
    fn claim_lease(&self, game_id: &str, holder: &str, now_ms: u64, until_ms: u64) -> StoreResult<bool>;

    /// Renews every lease `holder` has until `until_ms`; the games whose lease it still had.
    fn renew_leases(&self, holder: &str, until_ms: u64) -> StoreResult<Vec<String>>;

    /// Gives a lease back (the computer moved, the game ended, the server stops).
    fn release_lease(&self, game_id: &str, holder: &str) -> StoreResult<()>;

    /// The games whose lease ran out before `now_ms`: their server died while it had work to do.
    fn expired_leases(&self, now_ms: u64) -> StoreResult<Vec<String>>;

    /// Takes (or renews) the right to run the analysis of a game for `holder` until `until_ms`, as
    /// [`Store::claim_lease`] does for the computer: granted when nobody runs it, `holder` does
    /// already, or the runner's claim ran out before `now_ms`.
    fn claim_analysis(&self, game_id: &str, holder: &str, now_ms: u64, until_ms: u64) -> StoreResult<bool>;

    /// Ends `holder`'s run of a game's analysis: with its result (`Some((plies, json))`, which replaces
    /// the stored one) or without (cancelled, failed). Nothing happens if `holder` does not run it.
    fn finish_analysis(
        &self,
        game_id: &str,
        holder: &str,
        result: Option<(usize, &str)>,
        now_ms: u64,
    ) -> StoreResult<()>;

    /// A game's stored analysis, and who runs one on it now (whose claim runs out after `now_ms`).
    fn analysis(&self, game_id: &str, now_ms: u64) -> StoreResult<Option<StoredAnalysis>>;

    /// A player's rating on a puzzle set, if they were ever rated there.
    fn player_puzzle_rating(&self, player: &PlayerId, set: &str) -> StoreResult<Option<StoredRating>>;

    /// The ratings of a set's puzzles that were ever attempted, by puzzle id.
    fn puzzle_ratings(&self, set: &str) -> StoreResult<Vec<(String, StoredRating)>>;

    /// One puzzle's rating, if it was ever attempted (puzzle ids are unique across sets).
    fn puzzle_rating(&self, puzzle: &str) -> StoreResult<Option<StoredRating>>;

    /// The puzzles of a set a player has attempted.
    fn attempted_puzzles(&self, player: &PlayerId, set: &str) -> StoreResult<Vec<String>>;

    /// Records a player's first attempt at a puzzle and writes both new ratings, in one
    /// transaction: `Ok(false)` (nothing written) when the player attempted it before;
    /// [`StoreError::Stale`] (nothing written) when either rating changed since it was read.
    fn record_puzzle_attempt(&self, attempt: &PuzzleAttempt) -> StoreResult<bool>;

    /// Every puzzle row, for copying the store.
    fn puzzle_data(&self) -> StoreResult<PuzzleData>;

    /// Writes rows read by [`Store::puzzle_data`] from another store (into empty tables).
    fn put_puzzle_data(&self, data: &PuzzleData) -> StoreResult<()>;

    /// What other servers change, as they commit it (PostgreSQL's LISTEN/NOTIFY); `None` for a store
    /// that only this server writes (SQLite).
    fn changes(&self) -> Option<tokio::sync::broadcast::Receiver<Change>> {
        None
    }
}

/// A game's analysis as stored: its last result and the server running one now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAnalysis {
    /// The moves the stored result covers.
    pub plies: usize,
    /// The result (JSON), if one was ever finished.
    pub body: Option<String>,
    /// The server running an analysis of the game now, if any.
    pub running: Option<String>,
}

/// A change committed to a shared store, told to every server on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A game changed: it is now at `version`.
    Game {
        /// The game's id.
        id: String,
        /// Its version after the change.
        version: i64,
    },
    /// A challenge was posted, taken or cancelled.
    Lobby,
    /// A player chose a new display name: the copies in memory that show the old one change.
    Renamed {
        /// The player's id.
        player: String,
    },
    /// A tournament changed: a player joined or left, a game of it started or ended.
    Tournament {
        /// The tournament's id.
        id: String,
    },
    /// Some of a player's tokens were revoked: forget who the tokens belonged to.
    Revoked {
        /// The player's id.
        player: String,
    },
    /// The notifications were interrupted (the connection was lost and is back): any copy in memory
    /// may be out of date.
    Resync,
}

impl Change {
    /// The notification's payload: `g <version> <id>` or `lobby`.
    pub fn payload(&self) -> String {
        match self {
            Change::Game { id, version } => format!("g {version} {id}"),
            Change::Lobby => "lobby".into(),
            Change::Revoked { player } => format!("r {player}"),
            Change::Tournament { id } => format!("t {id}"),
            Change::Renamed { player } => format!("n {player}"),
            Change::Resync => "resync".into(),
        }
    }

    /// Reads a payload; `None` for one this server does not know (a newer server's).
    pub fn parse(payload: &str) -> Option<Change> {
        let mut words = payload.split(' ');
        match (words.next()?, words.next(), words.next(), words.next()) {
            ("g", Some(version), Some(id), None) => Some(Change::Game {
                id: id.to_string(),
                version: version.parse().ok()?,
            }),
            ("lobby", None, None, None) => Some(Change::Lobby),
            ("r", Some(player), None, None) => Some(Change::Revoked {
                player: player.to_string(),
            }),
            ("t", Some(id), None, None) => Some(Change::Tournament { id: id.to_string() }),
            ("n", Some(player), None, None) => Some(Change::Renamed {
                player: player.to_string(),
            }),
            ("resync", None, None, None) => Some(Change::Resync),
            _ => None,
        }
    }
}

/// How a game ended by a rewrite, as stored beside its moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ending<'a> {
    /// The name of the side that resigned.
    pub resigned: Option<&'a str>,
    /// The side to move ran out of time.
    pub timed_out: bool,
}

/// How a session ended, as the `outcome` column keeps it (`None` while it goes on).
pub fn outcome_of(session: &dyn arbiter_core::DynSession) -> Option<&'static str> {
    session.ending().map(|e| match e.outcome {
        arbiter_core::Outcome::Win(arbiter_core::Player::First) => "first",
        arbiter_core::Outcome::Win(arbiter_core::Player::Second) => "second",
        arbiter_core::Outcome::Draw => "draw",
    })
}

/// Now, unix seconds.
pub(crate) fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::Change;

    #[test]
    fn every_change_reads_back_from_its_payload() {
        let all = [
            Change::Game {
                id: "g1".into(),
                version: 7,
            },
            Change::Lobby,
            Change::Revoked { player: "p1".into() },
            Change::Tournament { id: "t1".into() },
            Change::Renamed { player: "p2".into() },
            Change::Resync,
        ];
        for change in all {
            assert_eq!(Change::parse(&change.payload()), Some(change.clone()), "{change:?}");
        }
        assert_eq!(Change::parse("x y"), None, "a newer server's change");
        assert_eq!(Change::parse("g notanumber g1"), None);
    }
}
