//! The shared store: PostgreSQL through tokio-postgres with a deadpool connection pool, so that any
//! number of server instances can serve one site. Changes are announced with NOTIFY in the
//! transaction that makes them (delivered at commit), and every instance LISTENs.
//!
//! The server's game logic is synchronous (a game is changed under its lock, and the change is
//! stored before it is made live), so the store runs the async driver on a small runtime of its
//! own and waits for each operation's answer: a caller on any thread — an async worker, a blocking
//! task, a test — gets a plain result.

use super::accounts::{read_account, read_token, ACCOUNT_COLUMNS};
use super::codec::{
    add_move_row, clock_json, holders_json, read_challenge, read_game, read_played, read_player, read_result,
    read_stored_player, read_summary, seats_json, side_text, Columns, GAME_COLUMNS, SELECT_CHALLENGE,
};
use super::migrations::POSTGRES_MIGRATIONS;
use super::puzzles::{read_attempt, read_rating, RATING_COLUMNS};
use super::ratings::{read_game_rating, GAME_RATING_COLUMNS};
use super::tournaments::{
    read_entrant, read_tournament, read_tournament_game, select_tournament_game, SELECT_ENTRANT, SELECT_TOURNAMENT,
};
use super::{
    now, AccountData, Challenge, Change, Ending, GameRating, GameState, GameSummary, NewMove, Ownership, PlayedGame,
    PuzzleAttempt, PuzzleData, RatedGame, RatingData, Revoke, Store, StoreError, StoreResult, StoredAccount,
    StoredAnalysis, StoredGame, StoredPlayer, StoredRating, StoredToken,
};
use super::{Entrant, StoredTournament, TournamentGame};
use crate::player::{PlayerId, PlayerRef};
use crate::seat::Seat;
use arbiter_core::{ClockState, Player};
use deadpool_postgres::{GenericClient, Manager, ManagerConfig, Pool, RecyclingMethod};
use futures_util::StreamExt;
use std::future::Future;
use std::time::Duration;
use tokio::sync::broadcast;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{AsyncMessage, NoTls, Row};

/// The NOTIFY channel of the changes.
const CHANNEL: &str = "arbiter_changes";

/// Connections in the pool: enough for a busy instance; PostgreSQL's default limit is 100 in all.
const POOL_SIZE: usize = 16;

/// Games, players and challenges in PostgreSQL.
pub struct PgStore {
    pool: Pool,
    runtime: Option<tokio::runtime::Runtime>,
    changes: broadcast::Sender<Change>,
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(error: tokio_postgres::Error) -> Self {
        if error.code() == Some(&SqlState::UNIQUE_VIOLATION) {
            return StoreError::Stale; // a second row for one key: another writer stored it first
        }
        match error.as_db_error() {
            Some(db) => StoreError::Failed(format!("PostgreSQL: {}", db.message())),
            None => StoreError::Failed(format!("PostgreSQL: {error}")),
        }
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(error: deadpool_postgres::PoolError) -> Self {
        match error {
            deadpool_postgres::PoolError::Backend(e) => e.into(),
            other => StoreError::Failed(format!("PostgreSQL connection pool: {other}")),
        }
    }
}

type Params<'a> = &'a [&'a (dyn ToSql + Sync)];

/// `UPDATE games SET <set>, version = version + 1 WHERE id = $1 AND version = $2` (with `set`
/// numbering its parameters from `$3`), announced to the other servers at commit by the same
/// statement (one round trip, its plan cached on the connection).
async fn update_game(
    tx: &impl GenericClient,
    id: &str,
    version: i64,
    set: &str,
    values: Params<'_>,
) -> StoreResult<()> {
    let sql = format!(
        "UPDATE games SET {set}, version = version + 1 WHERE id = $1 AND version = $2 RETURNING {}",
        notify_new_version(values.len() + 3)
    );
    let payload = new_version_payload(id, version);
    let mut all: Vec<&(dyn ToSql + Sync)> = vec![&id, &version];
    all.extend_from_slice(values);
    all.push(&payload);
    let statement = tx.prepare_cached(&sql).await?;
    if tx.execute(&statement, &all).await? == 1 {
        return Ok(());
    }
    Err(stale_or_missing(tx, id).await?)
}

/// The SQL that announces a game's new version, its payload (see [`new_version_payload`]) the
/// statement's parameter `$payload`: evaluated once for the one row a versioned update changes.
fn notify_new_version(payload: usize) -> String {
    format!("pg_notify('{CHANNEL}', ${payload})")
}

/// The announcement of game `id` at the version after `version`.
fn new_version_payload(id: &str, version: i64) -> String {
    Change::Game {
        id: id.to_string(),
        version: version + 1,
    }
    .payload()
}

/// Why a versioned update of game `id` changed nothing: another write came first, or the game
/// is gone.
async fn stale_or_missing(tx: &impl GenericClient, id: &str) -> StoreResult<StoreError> {
    let exists = tx
        .query_opt("SELECT 1 FROM games WHERE id = $1", &[&id])
        .await?
        .is_some();
    Ok(if exists {
        StoreError::Stale
    } else {
        StoreError::Missing(format!("game {id}"))
    })
}

impl Columns for Row {
    fn opt_text(&self, i: usize) -> StoreResult<Option<String>> {
        Ok(self.try_get(i)?)
    }

    fn opt_int(&self, i: usize) -> StoreResult<Option<i64>> {
        Ok(self.try_get(i)?)
    }

    fn flag(&self, i: usize) -> StoreResult<bool> {
        Ok(self.try_get::<_, Option<bool>>(i)?.unwrap_or(false))
    }

    fn real(&self, i: usize) -> StoreResult<f64> {
        Ok(self.try_get(i)?)
    }
}

/// A query parameter that can travel to the store's runtime.
type Param = Box<dyn ToSql + Sync + Send>;

fn param(value: impl ToSql + Sync + Send + 'static) -> Param {
    Box::new(value)
}

fn borrowed(values: &[Param]) -> Vec<&(dyn ToSql + Sync)> {
    values.iter().map(|v| v.as_ref() as &(dyn ToSql + Sync)).collect()
}

/// Applies the migrations the database has not seen, each in its own transaction, under an
/// advisory lock so that servers starting together apply each once.
async fn migrate(pool: &Pool) -> StoreResult<usize> {
    let mut client = pool.get().await?;
    // Created under the migrations' lock: `IF NOT EXISTS` alone is no guard against servers
    // starting together (the loser fails with "already exists" or a unique violation).
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock(727172)", &[]).await?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
             version    BIGINT PRIMARY KEY,
             name       TEXT NOT NULL,
             applied_at BIGINT NOT NULL)",
    )
    .await?;
    tx.commit().await?;
    let mut ran = 0;
    loop {
        let tx = client.transaction().await?;
        tx.execute("SELECT pg_advisory_xact_lock(727172)", &[]).await?;
        let applied: i64 = tx
            .query_one("SELECT COUNT(*) FROM schema_migrations", &[])
            .await?
            .try_get(0)?;
        let Some((name, sql)) = POSTGRES_MIGRATIONS.get(applied as usize) else {
            return Ok(ran);
        };
        tx.batch_execute(sql).await?;
        tx.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
            &[&(applied + 1), name, &now()],
        )
        .await?;
        tx.commit().await?;
        ran += 1;
    }
}

/// Forwards the changes other servers announce, reconnecting (and saying [`Change::Resync`]) when the
/// connection is lost, until the store is dropped.
async fn listen(config: tokio_postgres::Config, changes: broadcast::Sender<Change>) {
    let mut first = true;
    loop {
        if let Ok((client, mut connection)) = config.connect(NoTls).await {
            let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
            let forward = async {
                while let Some(Ok(message)) = messages.next().await {
                    if let AsyncMessage::Notification(n) = message {
                        if let Some(change) = Change::parse(n.payload()) {
                            let _ = changes.send(change);
                        }
                    }
                }
            };
            let subscribe = async {
                if client.batch_execute(&format!("LISTEN {CHANNEL}")).await.is_ok() && !first {
                    let _ = changes.send(Change::Resync);
                }
                std::future::pending::<()>().await
            };
            tokio::select! {
                _ = forward => {}
                _ = subscribe => {}
            }
            first = false;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user:password@host:port/database`), applies
    /// the migrations it has not seen and starts listening to the other servers' changes.
    pub fn connect(url: &str) -> StoreResult<PgStore> {
        let config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| StoreError::Failed(format!("bad PostgreSQL URL: {e}")))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("arbiter-postgres")
            .enable_all()
            .build()
            .map_err(|e| StoreError::Failed(format!("cannot start the PostgreSQL runtime: {e}")))?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(Duration::from_secs(10)))
            .create_timeout(Some(Duration::from_secs(10)))
            .build()
            .map_err(|e| StoreError::Failed(format!("cannot make the PostgreSQL connection pool: {e}")))?;
        let (changes, _) = broadcast::channel(1024);
        let store = PgStore {
            pool,
            runtime: Some(runtime),
            changes,
        };
        store.run(|pool| async move { migrate(&pool).await.map(|_| ()) })?;
        store.runtime().spawn(listen(config, store.changes.clone()));
        Ok(store)
    }

    fn runtime(&self) -> &tokio::runtime::Runtime {
        self.runtime.as_ref().expect("the runtime lives as long as the store")
    }

    /// Runs `work` with the pool on the store's runtime and waits for its answer.
    fn run<T, F>(&self, work: impl FnOnce(Pool) -> F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: Future<Output = StoreResult<T>> + Send + 'static,
    {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let future = work(self.pool.clone());
        self.runtime().spawn(async move {
            let _ = tx.send(future.await);
        });
        rx.recv()
            .map_err(|_| StoreError::Failed("the PostgreSQL task stopped".into()))?
    }

    /// Runs `work` in a transaction, committed when it succeeds.
    fn write<T, W>(&self, work: W) -> StoreResult<T>
    where
        T: Send + 'static,
        W: for<'t> FnOnce(&'t deadpool_postgres::Transaction<'t>) -> BoxFuture<'t, StoreResult<T>> + Send + 'static,
    {
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let value = work(&tx).await?;
            tx.commit().await?;
            Ok(value)
        })
    }
}

impl PgStore {
    /// Every row of a query, read by `read`. Queries are prepared once per connection (their SQL
    /// is built from constants only, so the cache stays small): a round trip and a plan saved.
    fn rows<T: Send + 'static>(
        &self,
        sql: impl Into<String>,
        values: Vec<Param>,
        read: fn(&Row) -> StoreResult<T>,
    ) -> StoreResult<Vec<T>> {
        let sql = sql.into();
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let statement = client.prepare_cached(&sql).await?;
            let rows = client.query(&statement, &borrowed(&values)).await?;
            rows.iter().map(read).collect()
        })
    }

    /// The first row of a query, if any.
    fn first<T: Send + 'static>(
        &self,
        sql: impl Into<String>,
        values: Vec<Param>,
        read: fn(&Row) -> StoreResult<T>,
    ) -> StoreResult<Option<T>> {
        Ok(self.rows(sql, values, read)?.into_iter().next())
    }

    /// Runs a statement; how many rows it changed.
    fn execute(&self, sql: &'static str, values: Vec<Param>) -> StoreResult<u64> {
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let statement = client.prepare_cached(sql).await?;
            Ok(client.execute(&statement, &borrowed(&values)).await?)
        })
    }
}

type BoxFuture<'a, T> = std::pin::Pin<Box<dyn Future<Output = T> + Send + 'a>>;

impl Drop for PgStore {
    fn drop(&mut self) {
        // Dropping a runtime may block, which an async caller must not: let it end in the background.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

fn owned(text: &str) -> String {
    text.to_string()
}

impl Store for PgStore {
    fn backend(&self) -> &'static str {
        "postgres"
    }

    fn create(&self, game: &StoredGame) -> StoreResult<()> {
        let game = game.clone();
        self.write(move |tx| {
            Box::pin(async move {
                tx.execute(
                    "INSERT INTO games (id, game, options, start, seats, resigned, result, created_at, updated_at,
                                        creator, holders, public, invite_hash, takeback, rematch, clock, timed_out,
                                        version, hints, rated, rating_changes, outcome, tournament_id,
                                        tournament_seq)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
                             $21, $22, $23, $24)",
                    &[
                        &game.id,
                        &game.game,
                        &game.options,
                        &game.start,
                        &seats_json(&game.seats),
                        &game.resigned,
                        &game.result,
                        &game.created_at,
                        &game.updated_at,
                        &game.owners.creator.as_ref().map(|p| p.0.clone()),
                        &holders_json(&game.owners.holders),
                        &game.owners.public,
                        &game.owners.invite_hash,
                        &game.takeback.map(side_text),
                        &game.rematch,
                        &clock_json(game.clock.as_ref()),
                        &game.timed_out,
                        &game.version,
                        &game.hints,
                        &game.rated,
                        &game.rating_changes,
                        &game.outcome,
                        &game.tournament.as_ref().map(|t| t.0.clone()),
                        &game.tournament.as_ref().map(|t| t.1),
                    ],
                )
                .await?;
                if !game.moves.is_empty() {
                    let insert = tx
                        .prepare("INSERT INTO moves (game_id, ply, notation, played_at, left_ms) VALUES ($1, $2, $3, $4, $5)")
                        .await?;
                    for (ply, mv) in game.moves.iter().enumerate() {
                        let played_at = game.played_at.get(ply).copied().unwrap_or(game.created_at);
                        let left_ms = game.left_ms.get(ply).copied().flatten().map(|ms| ms as i64);
                        tx.execute(&insert, &[&game.id, &(ply as i64), mv, &played_at, &left_ms])
                            .await?;
                    }
                }
                Ok(())
            })
        })
    }

    fn add_move(&self, id: &str, version: i64, mv: NewMove<'_>, state: GameState<'_>) -> StoreResult<()> {
        let (id, notation, ply, left_ms) = (
            owned(id),
            owned(mv.notation),
            mv.ply as i64,
            mv.left_ms.map(|ms| ms as i64),
        );
        let (result, clock, outcome) = (state.result.map(owned), clock_json(state.clock), state.outcome);
        // The hottest write of a busy site: the game's new version, its announcement and the move in
        // one statement (atomic on its own), one round trip with its plan cached on the connection.
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let t = now();
            let payload = new_version_payload(&id, version);
            let sql = format!(
                "WITH changed AS (UPDATE games SET result = $3, updated_at = $4, takeback = NULL, clock = $5, \
                 outcome = $6, version = version + 1 WHERE id = $1 AND version = $2 RETURNING {}) \
                 INSERT INTO moves (game_id, ply, notation, played_at, left_ms) \
                 SELECT $1, $8::BIGINT, $9::TEXT, $4, $10::BIGINT FROM changed",
                notify_new_version(7)
            );
            let statement = client.prepare_cached(&sql).await?;
            let params: [&(dyn ToSql + Sync); 10] = [
                &id, &version, &result, &t, &clock, &outcome, &payload, &ply, &notation, &left_ms,
            ];
            if client.execute(&statement, &params).await? == 1 {
                return Ok(());
            }
            Err(stale_or_missing(&client, &id).await?)
        })
    }

    fn set_clock(&self, id: &str, version: i64, clock: Option<&ClockState>) -> StoreResult<()> {
        let (id, clock) = (owned(id), clock_json(clock));
        self.write(move |tx| Box::pin(async move { update_game(tx, &id, version, "clock = $3", &[&clock]).await }))
    }

    fn rewrite_tail(
        &self,
        id: &str,
        version: i64,
        plies: usize,
        ending: Ending<'_>,
        state: GameState<'_>,
    ) -> StoreResult<()> {
        let (id, plies) = (owned(id), plies as i64);
        let (resigned, timed_out) = (ending.resigned.map(owned), ending.timed_out);
        let (result, clock, outcome) = (state.result.map(owned), clock_json(state.clock), state.outcome);
        self.write(move |tx| {
            Box::pin(async move {
                update_game(
                    tx,
                    &id,
                    version,
                    "resigned = $3, result = $4, updated_at = $5, takeback = NULL, timed_out = $6, clock = $7, \
                     outcome = $8",
                    &[&resigned, &result, &now(), &timed_out, &clock, &outcome],
                )
                .await?;
                tx.execute("DELETE FROM moves WHERE game_id = $1 AND ply >= $2", &[&id, &plies])
                    .await?;
                Ok(())
            })
        })
    }

    fn set_seats(&self, id: &str, version: i64, seats: &[Seat; 2], owners: &Ownership) -> StoreResult<()> {
        let (id, seats, holders, invite) = (
            owned(id),
            seats_json(seats),
            holders_json(&owners.holders),
            owners.invite_hash.clone(),
        );
        self.write(move |tx| {
            Box::pin(async move {
                update_game(
                    tx,
                    &id,
                    version,
                    "seats = $3, holders = $4, invite_hash = $5, updated_at = $6",
                    &[&seats, &holders, &invite, &now()],
                )
                .await
            })
        })
    }

    fn set_takeback(&self, id: &str, version: i64, by: Option<Player>) -> StoreResult<()> {
        let (id, by) = (owned(id), by.map(side_text));
        self.write(move |tx| Box::pin(async move { update_game(tx, &id, version, "takeback = $3", &[&by]).await }))
    }

    fn set_rematch(&self, id: &str, version: i64, rematch: &str) -> StoreResult<()> {
        let (id, rematch) = (owned(id), owned(rematch));
        self.write(move |tx| Box::pin(async move { update_game(tx, &id, version, "rematch = $3", &[&rematch]).await }))
    }

    fn load(&self, id: &str) -> StoreResult<Option<StoredGame>> {
        let id = owned(id);
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            // One snapshot for the game and its moves, whatever other servers write meanwhile.
            let tx = client
                .build_transaction()
                .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .await?;
            let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
            let Some(row) = tx.query_opt(sql.as_str(), &[&id]).await? else {
                return Ok(None);
            };
            let mut game = read_game(&row)?;
            let moves = "SELECT notation, left_ms, played_at FROM moves WHERE game_id = $1 ORDER BY ply";
            for row in tx.query(moves, &[&id]).await? {
                add_move_row(&mut game, &row)?;
            }
            tx.commit().await?;
            Ok(Some(game))
        })
    }

    fn version(&self, id: &str) -> StoreResult<Option<i64>> {
        let sql = "SELECT version FROM games WHERE id = $1";
        self.first(sql, vec![param(owned(id))], |r| r.int(0))
    }

    fn running_clocks(&self) -> StoreResult<Vec<String>> {
        let sql = "SELECT id FROM games WHERE clock IS NOT NULL AND result IS NULL
                     AND (clock::jsonb ->> 'running_since_ms') IS NOT NULL";
        self.rows(sql, vec![], |r| r.text(0))
    }

    fn list(&self, caller: Option<&PlayerId>, mine_only: bool, limit: usize) -> StoreResult<Vec<GameSummary>> {
        let me = caller.map(|p| p.0.clone()).unwrap_or_default();
        let sql = "SELECT g.id, g.game, g.options, g.seats, g.result, g.updated_at,
                          (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id),
                          g.public,
                          (SELECT name FROM players p WHERE p.id = (g.holders::jsonb ->> 0)),
                          (SELECT name FROM players p WHERE p.id = (g.holders::jsonb ->> 1)),
                          ($1 <> '' AND ((g.holders::jsonb ->> 0) = $1 OR (g.holders::jsonb ->> 1) = $1))
                            AS yours
                   FROM games g
                   WHERE ($1 <> '' AND ((g.holders::jsonb ->> 0) = $1 OR (g.holders::jsonb ->> 1) = $1))
                      OR (NOT $2 AND g.public)
                   ORDER BY g.updated_at DESC, g.created_at DESC, g.id LIMIT $3";
        self.rows(
            sql,
            vec![param(me), param(mine_only), param(limit as i64)],
            read_summary,
        )
    }

    fn games_of(&self, player: &PlayerId, everything: bool, limit: usize) -> StoreResult<Vec<PlayedGame>> {
        let sql = "SELECT g.id, g.game, g.options, g.seats, g.result, g.updated_at,
                          (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id),
                          g.public,
                          (SELECT name FROM players p WHERE p.id = (g.holders::jsonb ->> 0)),
                          (SELECT name FROM players p WHERE p.id = (g.holders::jsonb ->> 1)),
                          TRUE, g.rated, g.rating_changes,
                          COALESCE((g.holders::jsonb ->> 0) = $1, FALSE),
                          COALESCE((g.holders::jsonb ->> 1) = $1, FALSE)
                   FROM games g
                   WHERE ((g.holders::jsonb ->> 0) = $1 OR (g.holders::jsonb ->> 1) = $1)
                     AND ($2 OR g.public OR g.rated)
                   ORDER BY g.updated_at DESC, g.created_at DESC, g.id LIMIT $3";
        let limit = limit.min(i64::MAX as usize) as i64;
        self.rows(
            sql,
            vec![param(player.0.clone()), param(everything), param(limit)],
            read_played,
        )
    }

    fn games_without_outcome(&self, limit: usize) -> StoreResult<Vec<String>> {
        let sql = "SELECT id FROM games WHERE result IS NOT NULL AND outcome IS NULL ORDER BY id LIMIT $1";
        self.rows(sql, vec![param(limit.min(i64::MAX as usize) as i64)], |r| r.text(0))
    }

    fn set_outcome(&self, id: &str, outcome: &str) -> StoreResult<()> {
        let sql = "UPDATE games SET outcome = $2 WHERE id = $1 AND result IS NOT NULL";
        self.execute(sql, vec![param(owned(id)), param(owned(outcome))])
            .map(|_| ())
    }

    fn results_of(&self, player: &PlayerId, everything: bool) -> StoreResult<Vec<super::PlayedResult>> {
        let sql = "SELECT g.game, g.seats, g.outcome,
                          COALESCE((g.holders::jsonb ->> 0) = $1, FALSE),
                          COALESCE((g.holders::jsonb ->> 1) = $1, FALSE)
                   FROM games g
                   WHERE ((g.holders::jsonb ->> 0) = $1 OR (g.holders::jsonb ->> 1) = $1)
                     AND g.outcome IS NOT NULL AND ($2 OR g.public OR g.rated)";
        self.rows(sql, vec![param(player.0.clone()), param(everything)], read_result)
    }

    fn game_ids(&self) -> StoreResult<Vec<String>> {
        self.rows("SELECT id FROM games ORDER BY created_at, id", vec![], |r| r.text(0))
    }

    fn create_player(&self, player: &StoredPlayer) -> StoreResult<()> {
        let p = player.clone();
        let sql = "INSERT INTO players (id, token_hash, name, created_at) VALUES ($1, $2, $3, $4)";
        let values = vec![
            param(p.player.id.0),
            param(p.token_hash),
            param(p.player.name),
            param(p.created_at),
        ];
        self.execute(sql, values).map(|_| ())
    }

    fn player_by_token_hash(&self, token_hash: &str) -> StoreResult<Option<PlayerRef>> {
        let sql = "SELECT id, name FROM players WHERE token_hash = $1
                   UNION ALL
                   SELECT p.id, p.name FROM player_tokens t JOIN players p ON p.id = t.player_id WHERE t.token_hash = $1";
        self.first(sql, vec![param(owned(token_hash))], read_player)
    }

    fn player(&self, id: &PlayerId) -> StoreResult<Option<PlayerRef>> {
        self.first(
            "SELECT id, name FROM players WHERE id = $1",
            vec![param(id.0.clone())],
            read_player,
        )
    }

    fn rename_player(&self, id: &PlayerId, name: &str) -> StoreResult<()> {
        let (id, name) = (id.0.clone(), owned(name));
        self.write(move |tx| {
            Box::pin(async move {
                tx.execute("UPDATE players SET name = $2 WHERE id = $1", &[&id, &name])
                    .await?;
                let change = Change::Renamed { player: id.clone() };
                tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &change.payload()])
                    .await?;
                Ok(())
            })
        })
    }

    fn players(&self) -> StoreResult<Vec<StoredPlayer>> {
        let sql = "SELECT id, name, token_hash, created_at FROM players ORDER BY created_at, id";
        self.rows(sql, vec![], read_stored_player)
    }

    fn record_rated_game(&self, rated: &RatedGame) -> StoreResult<bool> {
        let changes = serde_json::to_string(&rated.changes).map_err(|e| StoreError::Failed(e.to_string()))?;
        let rated = rated.clone();
        self.write(move |tx| {
            Box::pin(async move {
                let claimed = tx
                    .execute(
                        "UPDATE games SET rating_changes = $2 WHERE id = $1 AND rated AND rating_changes IS NULL",
                        &[&rated.game_id, &changes],
                    )
                    .await?;
                if claimed == 0 {
                    return Ok(false);
                }
                for (player, change) in rated.players.iter().zip(&rated.changes) {
                    let (b, a) = (change.before, change.after);
                    let stored = if b.games == 0 {
                        insert_rating(tx, &player.0, &rated.pool, &a, rated.at).await?
                    } else {
                        tx.execute(
                            "UPDATE player_ratings SET rating = $3, deviation = $4, volatility = $5, games = $6, wins = $7,
                                    draws = $8, losses = $9, updated_at = $10
                             WHERE player_id = $1 AND pool = $2 AND games = $11",
                            &[&player.0, &rated.pool, &a.rating, &a.deviation, &a.volatility, &a.games, &a.wins, &a.draws, &a.losses, &rated.at, &b.games],
                        )
                        .await?
                    };
                    if stored != 1 {
                        return Err(StoreError::Stale);
                    }
                }
                Ok(true)
            })
        })
    }

    fn game_rating(&self, player: &PlayerId, pool: &str) -> StoreResult<Option<GameRating>> {
        let sql = format!("SELECT {GAME_RATING_COLUMNS} FROM player_ratings WHERE player_id = $1 AND pool = $2");
        self.first(sql, vec![param(player.0.clone()), param(owned(pool))], |r| {
            read_game_rating(r, 0)
        })
    }

    fn game_ratings_of(&self, player: &PlayerId) -> StoreResult<Vec<(String, GameRating)>> {
        let sql = format!("SELECT pool, {GAME_RATING_COLUMNS} FROM player_ratings WHERE player_id = $1 ORDER BY pool");
        self.rows(sql, vec![param(player.0.clone())], |r| {
            Ok((r.text(0)?, read_game_rating(r, 1)?))
        })
    }

    fn leaderboard(&self, pool: &str, max_deviation: f64, limit: usize) -> StoreResult<Vec<(PlayerRef, GameRating)>> {
        let sql = format!(
            "SELECT p.id, p.name, {} FROM player_ratings r JOIN players p ON p.id = r.player_id
             WHERE r.pool = $1 AND r.deviation <= $2 ORDER BY r.rating DESC, p.id LIMIT $3",
            GAME_RATING_COLUMNS
                .split(", ")
                .map(|c| format!("r.{c}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let limit = limit.min(i64::MAX as usize) as i64;
        self.rows(sql, vec![param(owned(pool)), param(max_deviation), param(limit)], |r| {
            Ok((read_player(r)?, read_game_rating(r, 2)?))
        })
    }

    fn rating_pools(&self) -> StoreResult<Vec<String>> {
        self.rows("SELECT DISTINCT pool FROM player_ratings ORDER BY pool", vec![], |r| {
            r.text(0)
        })
    }

    fn rating_data(&self) -> StoreResult<RatingData> {
        let sql = format!(
            "SELECT player_id, pool, {GAME_RATING_COLUMNS}, updated_at FROM player_ratings ORDER BY player_id, pool"
        );
        Ok(RatingData {
            ratings: self.rows(sql, vec![], |r| {
                Ok((PlayerId(r.text(0)?), r.text(1)?, read_game_rating(r, 2)?, r.int(9)?))
            })?,
        })
    }

    fn put_rating_data(&self, data: &RatingData) -> StoreResult<()> {
        let data = data.clone();
        self.write(move |tx| {
            Box::pin(async move {
                for (player, pool, rating, at) in &data.ratings {
                    insert_rating(tx, &player.0, pool, rating, *at).await?;
                }
                Ok(())
            })
        })
    }

    fn create_account(&self, a: &StoredAccount) -> StoreResult<()> {
        let sql = "INSERT INTO accounts (player_id, username, username_key, password_hash, created_at)
                   VALUES ($1, $2, $3, $4, $5)";
        let a = a.clone();
        let values = vec![
            param(a.player.0),
            param(a.username),
            param(a.username_key),
            param(a.password_hash),
            param(a.created_at),
        ];
        self.execute(sql, values).map(|_| ())
    }

    fn account_by_key(&self, username_key: &str) -> StoreResult<Option<StoredAccount>> {
        let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE username_key = $1");
        self.first(sql, vec![param(owned(username_key))], read_account)
    }

    fn account_of(&self, player: &PlayerId) -> StoreResult<Option<StoredAccount>> {
        let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE player_id = $1");
        self.first(sql, vec![param(player.0.clone())], read_account)
    }

    fn set_password(&self, player: &PlayerId, password_hash: &str) -> StoreResult<()> {
        let sql = "UPDATE accounts SET password_hash = $2 WHERE player_id = $1";
        match self.execute(sql, vec![param(player.0.clone()), param(owned(password_hash))])? {
            0 => Err(StoreError::Missing(format!("the account of {}", player.0))),
            _ => Ok(()),
        }
    }

    fn add_token(&self, t: &StoredToken) -> StoreResult<()> {
        let sql = "INSERT INTO player_tokens (token_hash, player_id, created_at) VALUES ($1, $2, $3)";
        let t = t.clone();
        self.execute(sql, vec![param(t.token_hash), param(t.player.0), param(t.created_at)])
            .map(|_| ())
    }

    fn revoke_tokens(&self, player: &PlayerId, which: Revoke<'_>, replacement: &str) -> StoreResult<()> {
        let (op, hash) = which.condition();
        let (player, hash, replacement) = (player.0.clone(), hash.to_string(), replacement.to_string());
        self.write(move |tx| Box::pin(async move { revoke_in(tx, &player, op, &hash, &replacement).await }))
    }

    fn delete_account(&self, player: &PlayerId, replacement: &str, name: &str) -> StoreResult<()> {
        let (op, hash) = Revoke::All.condition();
        let (player, replacement, name) = (player.0.clone(), replacement.to_string(), name.to_string());
        self.write(move |tx| {
            Box::pin(async move {
                revoke_in(tx, &player, op, hash, &replacement).await?;
                tx.execute("DELETE FROM accounts WHERE player_id = $1", &[&player])
                    .await?;
                tx.execute("UPDATE players SET name = $2 WHERE id = $1", &[&player, &name])
                    .await?;
                Ok(())
            })
        })
    }

    fn account_data(&self) -> StoreResult<AccountData> {
        Ok(AccountData {
            accounts: self.rows(
                format!("SELECT {ACCOUNT_COLUMNS} FROM accounts ORDER BY player_id"),
                vec![],
                read_account,
            )?,
            tokens: self.rows(
                "SELECT token_hash, player_id, created_at FROM player_tokens ORDER BY token_hash",
                vec![],
                read_token,
            )?,
        })
    }

    fn put_account_data(&self, data: &AccountData) -> StoreResult<()> {
        let data = data.clone();
        self.write(move |tx| {
            Box::pin(async move {
                for a in &data.accounts {
                    tx.execute(
                        "INSERT INTO accounts (player_id, username, username_key, password_hash, created_at)
                         VALUES ($1, $2, $3, $4, $5)",
                        &[
                            &a.player.0,
                            &a.username,
                            &a.username_key,
                            &a.password_hash,
                            &a.created_at,
                        ],
                    )
                    .await?;
                }
                for t in &data.tokens {
                    tx.execute(
                        "INSERT INTO player_tokens (token_hash, player_id, created_at) VALUES ($1, $2, $3)",
                        &[&t.token_hash, &t.player.0, &t.created_at],
                    )
                    .await?;
                }
                Ok(())
            })
        })
    }

    fn add_challenge(&self, c: &Challenge) -> StoreResult<()> {
        let c = c.clone();
        self.write(move |tx| {
            Box::pin(async move {
                tx.execute(
                    "INSERT INTO challenges (id, creator, game, options, clock, colour, public, created_at, hints, rated)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                    &[
                        &c.id,
                        &c.by.id.0,
                        &c.game,
                        &c.options,
                        &c.clock.map(|t| t.to_string()),
                        &c.colour.text(),
                        &c.public,
                        &c.created_at,
                        &c.hints,
                        &c.rated,
                    ],
                )
                .await?;
                tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &Change::Lobby.payload()])
                    .await?;
                Ok(())
            })
        })
    }

    fn challenges(&self, limit: usize) -> StoreResult<Vec<Challenge>> {
        let sql = format!("{SELECT_CHALLENGE} ORDER BY c.created_at DESC, c.id LIMIT $1");
        self.rows(sql, vec![param(limit as i64)], read_challenge)
    }

    fn challenge(&self, id: &str) -> StoreResult<Option<Challenge>> {
        let sql = format!("{SELECT_CHALLENGE} WHERE c.id = $1");
        self.first(sql, vec![param(owned(id))], read_challenge)
    }

    fn challenges_of(&self, player: &PlayerId) -> StoreResult<usize> {
        let sql = "SELECT COUNT(*) FROM challenges WHERE creator = $1";
        let count = self.first(sql, vec![param(player.0.clone())], |r| r.int(0))?;
        Ok(count.unwrap_or(0) as usize)
    }

    fn take_challenge(&self, id: &str) -> StoreResult<bool> {
        let id = owned(id);
        self.write(move |tx| {
            Box::pin(async move {
                let taken = tx.execute("DELETE FROM challenges WHERE id = $1", &[&id]).await? == 1;
                if taken {
                    tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &Change::Lobby.payload()])
                        .await?;
                }
                Ok(taken)
            })
        })
    }

    fn add_tournament(&self, t: &StoredTournament) -> StoreResult<()> {
        let sql = "INSERT INTO tournaments (id, name, game, options, clock, minutes, rated, created_by, created_at,
                                            starts_at, ends_at, finished_at)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)";
        let values = vec![
            param(t.id.clone()),
            param(t.name.clone()),
            param(t.game.clone()),
            param(t.options.clone()),
            param(t.clock.clone()),
            param(t.minutes),
            param(t.rated),
            param(t.created_by.id.0.clone()),
            param(t.created_at),
            param(t.starts_at),
            param(t.ends_at),
            param(t.finished_at),
        ];
        self.execute(sql, values).map(|_| ())
    }

    fn tournament(&self, id: &str) -> StoreResult<Option<StoredTournament>> {
        let sql = format!("{SELECT_TOURNAMENT} WHERE t.id = $1");
        self.first(sql, vec![param(owned(id))], read_tournament)
    }

    fn tournaments(&self, limit: usize) -> StoreResult<Vec<StoredTournament>> {
        let limit = limit.min(i64::MAX as usize) as i64;
        let sql = format!(
            "(SELECT * FROM ({SELECT_TOURNAMENT} WHERE t.finished_at IS NULL ORDER BY t.starts_at, t.id LIMIT $1) o)
             UNION ALL
             (SELECT * FROM ({SELECT_TOURNAMENT} WHERE t.finished_at IS NOT NULL ORDER BY t.finished_at DESC, t.id
                             LIMIT $1) f)"
        );
        let mut all = self.rows(sql, vec![param(limit)], read_tournament)?;
        all.truncate(limit as usize);
        Ok(all)
    }

    fn open_tournaments_of(&self, player: &PlayerId) -> StoreResult<usize> {
        let sql = "SELECT COUNT(*) FROM tournaments WHERE created_by = $1 AND finished_at IS NULL";
        Ok(self
            .first(sql, vec![param(player.0.clone())], |r| r.int(0))?
            .unwrap_or(0) as usize)
    }

    fn live_tournaments(&self, now: i64) -> StoreResult<Vec<String>> {
        let sql = "SELECT id FROM tournaments WHERE finished_at IS NULL AND starts_at <= $1 ORDER BY starts_at, id";
        self.rows(sql, vec![param(now)], |r| r.text(0))
    }

    fn set_entrant(&self, tournament: &str, player: &PlayerId, active: bool, at: i64) -> StoreResult<()> {
        let (tournament, player) = (owned(tournament), player.0.clone());
        self.write(move |tx| {
            Box::pin(async move {
                tx.execute(
                    "INSERT INTO tournament_players (tournament_id, player_id, joined_at, active) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (tournament_id, player_id) DO UPDATE SET active = EXCLUDED.active",
                    &[&tournament, &player, &at, &active],
                )
                .await?;
                let change = Change::Tournament { id: tournament.clone() };
                tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &change.payload()])
                    .await?;
                Ok(())
            })
        })
    }

    fn entrants(&self, tournament: &str) -> StoreResult<Vec<Entrant>> {
        let sql = format!("{SELECT_ENTRANT} WHERE e.tournament_id = $1 ORDER BY e.joined_at, e.player_id");
        self.rows(sql, vec![param(owned(tournament))], read_entrant)
    }

    fn tournament_games(&self, tournament: &str) -> StoreResult<Vec<TournamentGame>> {
        let sql = format!(
            "{} WHERE g.tournament_id = $1 ORDER BY g.tournament_seq",
            select_tournament_game("(g.holders::jsonb ->> {})")
        );
        self.rows(sql, vec![param(owned(tournament))], read_tournament_game)
    }

    fn claim_tournament(&self, id: &str, holder: &str, now_ms: u64, until_ms: u64) -> StoreResult<bool> {
        let sql = "UPDATE tournaments SET lease_holder = $2, lease_until = $4
                   WHERE id = $1 AND (lease_holder IS NULL OR lease_holder = $2 OR lease_until < $3)";
        let values = vec![
            param(owned(id)),
            param(owned(holder)),
            param(now_ms as i64),
            param(until_ms as i64),
        ];
        Ok(self.execute(sql, values)? == 1)
    }

    fn finish_tournament(&self, id: &str, at: i64) -> StoreResult<bool> {
        let id = owned(id);
        self.write(move |tx| {
            Box::pin(async move {
                let changed = tx
                    .execute(
                        "UPDATE tournaments SET finished_at = $2, lease_holder = NULL WHERE id = $1 AND finished_at IS NULL",
                        &[&id, &at],
                    )
                    .await?;
                let change = Change::Tournament { id: id.clone() };
                tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &change.payload()])
                    .await?;
                Ok(changed == 1)
            })
        })
    }

    fn announce_tournament(&self, id: &str) -> StoreResult<()> {
        let change = Change::Tournament { id: owned(id) };
        let sql = "SELECT pg_notify($1, $2)";
        self.execute(sql, vec![param(CHANNEL), param(change.payload())])
            .map(|_| ())
    }

    fn tournament_data(&self) -> StoreResult<Vec<(StoredTournament, Vec<Entrant>)>> {
        let sql = format!("{SELECT_TOURNAMENT} ORDER BY t.created_at, t.id");
        let all = self.rows(sql, vec![], read_tournament)?;
        all.into_iter()
            .map(|t| {
                let entrants = self.entrants(&t.id)?;
                Ok((t, entrants))
            })
            .collect()
    }

    fn claim_lease(&self, game_id: &str, holder: &str, now_ms: u64, until_ms: u64) -> StoreResult<bool> {
        let sql = "INSERT INTO leases (game_id, holder, expires_at) VALUES ($1, $2, $4)
                   ON CONFLICT (game_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
                   WHERE leases.holder = EXCLUDED.holder OR leases.expires_at < $3";
        let values = vec![
            param(owned(game_id)),
            param(owned(holder)),
            param(now_ms as i64),
            param(until_ms as i64),
        ];
        Ok(self.execute(sql, values)? == 1)
    }

    fn renew_leases(&self, holder: &str, until_ms: u64) -> StoreResult<Vec<String>> {
        let sql = "UPDATE leases SET expires_at = $2 WHERE holder = $1 RETURNING game_id";
        self.rows(sql, vec![param(owned(holder)), param(until_ms as i64)], |r| r.text(0))
    }

    fn release_lease(&self, game_id: &str, holder: &str) -> StoreResult<()> {
        let sql = "DELETE FROM leases WHERE game_id = $1 AND holder = $2";
        self.execute(sql, vec![param(owned(game_id)), param(owned(holder))])
            .map(|_| ())
    }

    fn expired_leases(&self, now_ms: u64) -> StoreResult<Vec<String>> {
        let sql = "SELECT game_id FROM leases WHERE expires_at < $1 ORDER BY expires_at";
        self.rows(sql, vec![param(now_ms as i64)], |r| r.text(0))
    }

    fn claim_analysis(&self, game_id: &str, holder: &str, now_ms: u64, until_ms: u64) -> StoreResult<bool> {
        let sql = "INSERT INTO analyses (game_id, holder, expires_at) VALUES ($1, $2, $4)
                   ON CONFLICT (game_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
                   WHERE analyses.holder IS NULL OR analyses.holder = EXCLUDED.holder OR analyses.expires_at < $3";
        let values = vec![
            param(owned(game_id)),
            param(owned(holder)),
            param(now_ms as i64),
            param(until_ms as i64),
        ];
        Ok(self.execute(sql, values)? == 1)
    }

    fn finish_analysis(
        &self,
        game_id: &str,
        holder: &str,
        result: Option<(usize, &str)>,
        now_ms: u64,
    ) -> StoreResult<()> {
        match result {
            Some((plies, body)) => {
                let sql = "UPDATE analyses SET plies = $3, body = $4, updated_at = $5, holder = NULL, expires_at = 0
                           WHERE game_id = $1 AND holder = $2";
                let values = vec![
                    param(owned(game_id)),
                    param(owned(holder)),
                    param(plies as i64),
                    param(owned(body)),
                    param(now_ms as i64),
                ];
                self.execute(sql, values)?;
            }
            None => {
                let sql = "UPDATE analyses SET holder = NULL, expires_at = 0 WHERE game_id = $1 AND holder = $2";
                self.execute(sql, vec![param(owned(game_id)), param(owned(holder))])?;
            }
        }
        Ok(())
    }

    fn analysis(&self, game_id: &str, now_ms: u64) -> StoreResult<Option<StoredAnalysis>> {
        let sql = "SELECT plies, body, CASE WHEN expires_at >= $2 THEN holder END FROM analyses WHERE game_id = $1";
        self.first(sql, vec![param(owned(game_id)), param(now_ms as i64)], |r| {
            Ok(StoredAnalysis {
                plies: r.int(0)? as usize,
                body: r.opt_text(1)?,
                running: r.opt_text(2)?,
            })
        })
    }

    fn player_puzzle_rating(&self, player: &PlayerId, set: &str) -> StoreResult<Option<StoredRating>> {
        let sql = format!("SELECT {RATING_COLUMNS} FROM player_puzzle_ratings WHERE player_id = $1 AND set_name = $2");
        self.first(sql, vec![param(player.0.clone()), param(owned(set))], |r| {
            read_rating(r, 0)
        })
    }

    fn puzzle_ratings(&self, set: &str) -> StoreResult<Vec<(String, StoredRating)>> {
        let sql = format!("SELECT puzzle_id, {RATING_COLUMNS} FROM puzzle_ratings WHERE set_name = $1");
        self.rows(sql, vec![param(owned(set))], |r| Ok((r.text(0)?, read_rating(r, 1)?)))
    }

    fn puzzle_rating(&self, puzzle: &str) -> StoreResult<Option<StoredRating>> {
        let sql = format!("SELECT {RATING_COLUMNS} FROM puzzle_ratings WHERE puzzle_id = $1");
        self.first(sql, vec![param(owned(puzzle))], |r| read_rating(r, 0))
    }

    fn attempted_puzzles(&self, player: &PlayerId, set: &str) -> StoreResult<Vec<String>> {
        let sql = "SELECT puzzle_id FROM puzzle_attempts WHERE player_id = $1 AND set_name = $2";
        self.rows(sql, vec![param(player.0.clone()), param(owned(set))], |r| r.text(0))
    }

    fn record_puzzle_attempt(&self, a: &PuzzleAttempt) -> StoreResult<bool> {
        let a = a.clone();
        self.write(move |tx| {
            Box::pin(async move {
                let inserted = tx
                    .execute(
                        "INSERT INTO puzzle_attempts (player_id, puzzle_id, set_name, solved, created_at)
                         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                        &[&a.player.0, &a.puzzle, &a.set, &i64::from(a.solved), &a.at],
                    )
                    .await?;
                if inserted == 0 {
                    return Ok(false);
                }
                let p = &a.player_rating;
                let changed = tx
                    .execute(
                        "INSERT INTO player_puzzle_ratings
                           (player_id, set_name, rating, deviation, volatility, attempts, solved)
                         VALUES ($1, $2, $3, $4, $5, $6, $7)
                         ON CONFLICT (player_id, set_name) DO UPDATE SET rating = EXCLUDED.rating,
                           deviation = EXCLUDED.deviation, volatility = EXCLUDED.volatility,
                           attempts = EXCLUDED.attempts, solved = EXCLUDED.solved
                         WHERE player_puzzle_ratings.attempts = EXCLUDED.attempts - 1",
                        &[&a.player.0, &a.set, &p.rating, &p.deviation, &p.volatility, &p.attempts, &p.solved],
                    )
                    .await?;
                let z = &a.puzzle_rating;
                let changed_puzzle = tx
                    .execute(
                        "INSERT INTO puzzle_ratings (puzzle_id, set_name, rating, deviation, volatility, attempts, solved)
                         VALUES ($1, $2, $3, $4, $5, $6, $7)
                         ON CONFLICT (puzzle_id) DO UPDATE SET rating = EXCLUDED.rating,
                           deviation = EXCLUDED.deviation, volatility = EXCLUDED.volatility,
                           attempts = EXCLUDED.attempts, solved = EXCLUDED.solved
                         WHERE puzzle_ratings.attempts = EXCLUDED.attempts - 1",
                        &[&a.puzzle, &a.set, &z.rating, &z.deviation, &z.volatility, &z.attempts, &z.solved],
                    )
                    .await?;
                if changed != 1 || changed_puzzle != 1 {
                    // The error rolls the whole transaction back, the attempt with it.
                    return Err(StoreError::Stale);
                }
                Ok(true)
            })
        })
    }

    fn puzzle_data(&self) -> StoreResult<PuzzleData> {
        Ok(PuzzleData {
            puzzles: self.rows(
                format!("SELECT set_name, puzzle_id, {RATING_COLUMNS} FROM puzzle_ratings ORDER BY puzzle_id"),
                vec![],
                |r| Ok((r.text(0)?, r.text(1)?, read_rating(r, 2)?)),
            )?,
            players: self.rows(
                format!(
                    "SELECT player_id, set_name, {RATING_COLUMNS} FROM player_puzzle_ratings ORDER BY player_id, set_name"
                ),
                vec![],
                |r| Ok((PlayerId(r.text(0)?), r.text(1)?, read_rating(r, 2)?)),
            )?,
            attempts: self.rows(
                "SELECT player_id, puzzle_id, set_name, solved, created_at FROM puzzle_attempts
                 ORDER BY player_id, puzzle_id",
                vec![],
                read_attempt,
            )?,
        })
    }

    fn put_puzzle_data(&self, data: &PuzzleData) -> StoreResult<()> {
        let data = data.clone();
        self.write(move |tx| {
            Box::pin(async move {
                for (set, puzzle, r) in &data.puzzles {
                    tx.execute(
                        "INSERT INTO puzzle_ratings (puzzle_id, set_name, rating, deviation, volatility, attempts, solved)
                         VALUES ($1, $2, $3, $4, $5, $6, $7)",
                        &[puzzle, set, &r.rating, &r.deviation, &r.volatility, &r.attempts, &r.solved],
                    )
                    .await?;
                }
                for (player, set, r) in &data.players {
                    tx.execute(
                        "INSERT INTO player_puzzle_ratings
                           (player_id, set_name, rating, deviation, volatility, attempts, solved)
                         VALUES ($1, $2, $3, $4, $5, $6, $7)",
                        &[&player.0, set, &r.rating, &r.deviation, &r.volatility, &r.attempts, &r.solved],
                    )
                    .await?;
                }
                for a in &data.attempts {
                    tx.execute(
                        "INSERT INTO puzzle_attempts (player_id, puzzle_id, set_name, solved, created_at)
                         VALUES ($1, $2, $3, $4, $5)",
                        &[&a.player.0, &a.puzzle, &a.set, &i64::from(a.solved), &a.at],
                    )
                    .await?;
                }
                Ok(())
            })
        })
    }

    fn changes(&self) -> Option<broadcast::Receiver<Change>> {
        Some(self.changes.subscribe())
    }
}

/// Revokes a player's tokens whose hash compares with `op` to `hash` (see [`Revoke`]), and tells
/// every server at commit.
async fn revoke_in(tx: &impl GenericClient, player: &str, op: &str, hash: &str, replacement: &str) -> StoreResult<()> {
    let delete = format!("DELETE FROM player_tokens WHERE player_id = $1 AND token_hash {op} $2");
    tx.execute(delete.as_str(), &[&player, &hash]).await?;
    let first = format!("UPDATE players SET token_hash = $3 WHERE id = $1 AND token_hash {op} $2");
    tx.execute(first.as_str(), &[&player, &hash, &replacement]).await?;
    let change = Change::Revoked {
        player: player.to_string(),
    };
    tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &change.payload()])
        .await?;
    Ok(())
}

/// A player's first rating row in a pool.
async fn insert_rating(tx: &impl GenericClient, player: &str, pool: &str, r: &GameRating, at: i64) -> StoreResult<u64> {
    let sql = format!(
        "INSERT INTO player_ratings (player_id, pool, {GAME_RATING_COLUMNS}, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
    );
    Ok(tx
        .execute(
            sql.as_str(),
            &[
                &player,
                &pool,
                &r.rating,
                &r.deviation,
                &r.volatility,
                &r.games,
                &r.wins,
                &r.draws,
                &r.losses,
                &at,
            ],
        )
        .await?)
}
