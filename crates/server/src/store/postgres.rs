//! The shared store: PostgreSQL through tokio-postgres with a deadpool connection pool, so that any
//! number of server instances can serve one site. Changes are announced with NOTIFY in the
//! transaction that makes them (delivered at commit), and every instance LISTENs.
//!
//! The server's game logic is synchronous (a game is changed under its lock, and the change is
//! stored before it is made live), so the store runs the async driver on a small runtime of its
//! own and waits for each operation's answer: a caller on any thread — an async worker, a blocking
//! task, a test — gets a plain result.

use super::codec::{
    clock_json, holders_json, parse_clock, parse_holders, parse_seats, parse_side_text, seats_json, side_text,
};
use super::migrations::POSTGRES_MIGRATIONS;
use super::{
    now, Challenge, Change, Colour, Ending, GameState, GameSummary, NewMove, Ownership, Store, StoreError, StoreResult,
    StoredGame, StoredPlayer,
};
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
/// numbering its parameters from `$3`), announced to the other servers at commit.
async fn update_game(
    tx: &impl GenericClient,
    id: &str,
    version: i64,
    set: &str,
    values: Params<'_>,
) -> StoreResult<()> {
    let sql = format!("UPDATE games SET {set}, version = version + 1 WHERE id = $1 AND version = $2");
    let mut all: Vec<&(dyn ToSql + Sync)> = vec![&id, &version];
    all.extend_from_slice(values);
    if tx.execute(sql.as_str(), &all).await? == 1 {
        let change = Change::Game {
            id: id.to_string(),
            version: version + 1,
        };
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &change.payload()])
            .await?;
        return Ok(());
    }
    let exists = tx
        .query_opt("SELECT 1 FROM games WHERE id = $1", &[&id])
        .await?
        .is_some();
    Err(if exists {
        StoreError::Stale
    } else {
        StoreError::Missing(format!("game {id}"))
    })
}

fn stored_game(r: &Row) -> StoreResult<StoredGame> {
    Ok(StoredGame {
        id: r.try_get(0)?,
        game: r.try_get(1)?,
        options: r.try_get(2)?,
        start: r.try_get(3)?,
        seats: parse_seats(r.try_get(4)?)?,
        resigned: r.try_get(5)?,
        result: r.try_get(6)?,
        owners: Ownership {
            creator: r.try_get::<_, Option<String>>(7)?.map(PlayerId),
            holders: parse_holders(r.try_get(8)?)?,
            public: r.try_get(9)?,
            invite_hash: r.try_get(10)?,
        },
        takeback: parse_side_text(r.try_get(11)?),
        rematch: r.try_get(12)?,
        clock: parse_clock(r.try_get(13)?)?,
        timed_out: r.try_get(14)?,
        created_at: r.try_get(15)?,
        updated_at: r.try_get(16)?,
        version: r.try_get(17)?,
        moves: Vec::new(),
        left_ms: Vec::new(),
        played_at: Vec::new(),
    })
}

fn challenge_row(r: &Row) -> StoreResult<Challenge> {
    let clock: Option<String> = r.try_get(5)?;
    let colour: String = r.try_get(6)?;
    Ok(Challenge {
        id: r.try_get(0)?,
        by: PlayerRef {
            id: PlayerId(r.try_get(1)?),
            name: r.try_get(2)?,
        },
        game: r.try_get(3)?,
        options: r.try_get(4)?,
        clock: clock.and_then(|c| c.parse().ok()),
        colour: Colour::parse(&colour).unwrap_or(Colour::Random),
        public: r.try_get(7)?,
        created_at: r.try_get(8)?,
        yours: false,
    })
}

fn player_ref(r: &Row) -> StoreResult<PlayerRef> {
    Ok(PlayerRef {
        id: PlayerId(r.try_get(0)?),
        name: r.try_get(1)?,
    })
}

const SELECT_CHALLENGE: &str = "SELECT c.id, c.creator, p.name, c.game, c.options, c.clock, c.colour, c.public,
                                       c.created_at
                                FROM challenges c JOIN players p ON p.id = c.creator";

/// Applies the migrations the database has not seen, each in its own transaction, under an
/// advisory lock so that servers starting together apply each once.
async fn migrate(pool: &Pool) -> StoreResult<usize> {
    let mut client = pool.get().await?;
    client
        .batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                 version    BIGINT PRIMARY KEY,
                 name       TEXT NOT NULL,
                 applied_at BIGINT NOT NULL)",
        )
        .await
        .or_else(|e| {
            // Two servers creating the table at once: the other one won.
            if e.code() == Some(&SqlState::UNIQUE_VIOLATION) {
                Ok(())
            } else {
                Err(e)
            }
        })?;
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
                                        version)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
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
        let (result, clock) = (state.result.map(owned), clock_json(state.clock));
        self.write(move |tx| {
            Box::pin(async move {
                let t = now();
                update_game(
                    tx,
                    &id,
                    version,
                    "result = $3, updated_at = $4, takeback = NULL, clock = $5",
                    &[&result, &t, &clock],
                )
                .await?;
                tx.execute(
                    "INSERT INTO moves (game_id, ply, notation, played_at, left_ms) VALUES ($1, $2, $3, $4, $5)",
                    &[&id, &ply, &notation, &t, &left_ms],
                )
                .await?;
                Ok(())
            })
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
        let (result, clock) = (state.result.map(owned), clock_json(state.clock));
        self.write(move |tx| {
            Box::pin(async move {
                update_game(
                    tx,
                    &id,
                    version,
                    "resigned = $3, result = $4, updated_at = $5, takeback = NULL, timed_out = $6, clock = $7",
                    &[&resigned, &result, &now(), &timed_out, &clock],
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
            let client = pool.get().await?;
            let Some(row) = client
                .query_opt(
                    "SELECT id, game, options, start, seats, resigned, result, creator, holders, public, invite_hash,
                            takeback, rematch, clock, timed_out, created_at, updated_at, version
                     FROM games WHERE id = $1",
                    &[&id],
                )
                .await?
            else {
                return Ok(None);
            };
            let mut game = stored_game(&row)?;
            let moves = client
                .query(
                    "SELECT notation, left_ms, played_at FROM moves WHERE game_id = $1 ORDER BY ply",
                    &[&id],
                )
                .await?;
            for row in moves {
                game.moves.push(row.try_get(0)?);
                game.left_ms.push(row.try_get::<_, Option<i64>>(1)?.map(|ms| ms as u64));
                game.played_at.push(row.try_get(2)?);
            }
            Ok(Some(game))
        })
    }

    fn version(&self, id: &str) -> StoreResult<Option<i64>> {
        let id = owned(id);
        self.run(|pool| async move {
            let client = pool.get().await?;
            let row = client
                .query_opt("SELECT version FROM games WHERE id = $1", &[&id])
                .await?;
            Ok(row.map(|r| r.try_get(0)).transpose()?)
        })
    }

    fn running_clocks(&self) -> StoreResult<Vec<String>> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            let rows = client
                .query(
                    "SELECT id FROM games WHERE clock IS NOT NULL AND result IS NULL
                       AND (clock::jsonb ->> 'running_since_ms') IS NOT NULL",
                    &[],
                )
                .await?;
            Ok(rows.iter().map(|r| r.try_get(0)).collect::<Result<_, _>>()?)
        })
    }

    fn list(&self, caller: Option<&PlayerId>, mine_only: bool, limit: usize) -> StoreResult<Vec<GameSummary>> {
        let me = caller.map(|p| p.0.clone()).unwrap_or_default();
        let limit = limit as i64;
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let rows = client
                .query(
                    "SELECT g.id, g.game, g.options, g.seats, g.result, g.updated_at,
                            (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id),
                            g.public,
                            (SELECT name FROM players p WHERE p.id = (g.holders::jsonb ->> 0)),
                            (SELECT name FROM players p WHERE p.id = (g.holders::jsonb ->> 1)),
                            ($1 <> '' AND ((g.holders::jsonb ->> 0) = $1 OR (g.holders::jsonb ->> 1) = $1))
                              AS yours
                     FROM games g
                     WHERE ($1 <> '' AND ((g.holders::jsonb ->> 0) = $1 OR (g.holders::jsonb ->> 1) = $1))
                        OR (NOT $2 AND g.public)
                     ORDER BY g.updated_at DESC, g.created_at DESC, g.id LIMIT $3",
                    &[&me, &mine_only, &limit],
                )
                .await?;
            rows.iter()
                .map(|r| {
                    let result: Option<String> = r.try_get(4)?;
                    Ok(GameSummary {
                        id: r.try_get(0)?,
                        game: r.try_get(1)?,
                        options: r.try_get(2)?,
                        seats: parse_seats(r.try_get(3)?)?,
                        over: result.is_some(),
                        result,
                        updated_at: r.try_get(5)?,
                        ply: r.try_get::<_, i64>(6)? as usize,
                        public: r.try_get(7)?,
                        players: [r.try_get(8)?, r.try_get(9)?],
                        yours: r.try_get::<_, Option<bool>>(10)?.unwrap_or(false),
                    })
                })
                .collect()
        })
    }

    fn game_ids(&self) -> StoreResult<Vec<String>> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            let rows = client
                .query("SELECT id FROM games ORDER BY created_at, id", &[])
                .await?;
            Ok(rows.iter().map(|r| r.try_get(0)).collect::<Result<_, _>>()?)
        })
    }

    fn create_player(&self, player: &StoredPlayer) -> StoreResult<()> {
        let player = player.clone();
        self.run(|pool| async move {
            pool.get()
                .await?
                .execute(
                    "INSERT INTO players (id, token_hash, name, created_at) VALUES ($1, $2, $3, $4)",
                    &[
                        &player.player.id.0,
                        &player.token_hash,
                        &player.player.name,
                        &player.created_at,
                    ],
                )
                .await?;
            Ok(())
        })
    }

    fn player_by_token_hash(&self, token_hash: &str) -> StoreResult<Option<PlayerRef>> {
        let hash = owned(token_hash);
        self.run(|pool| async move {
            let row = pool
                .get()
                .await?
                .query_opt("SELECT id, name FROM players WHERE token_hash = $1", &[&hash])
                .await?;
            row.as_ref().map(player_ref).transpose()
        })
    }

    fn player(&self, id: &PlayerId) -> StoreResult<Option<PlayerRef>> {
        let id = id.0.clone();
        self.run(|pool| async move {
            let row = pool
                .get()
                .await?
                .query_opt("SELECT id, name FROM players WHERE id = $1", &[&id])
                .await?;
            row.as_ref().map(player_ref).transpose()
        })
    }

    fn rename_player(&self, id: &PlayerId, name: &str) -> StoreResult<()> {
        let (id, name) = (id.0.clone(), owned(name));
        self.run(|pool| async move {
            pool.get()
                .await?
                .execute("UPDATE players SET name = $2 WHERE id = $1", &[&id, &name])
                .await?;
            Ok(())
        })
    }

    fn players(&self) -> StoreResult<Vec<StoredPlayer>> {
        self.run(|pool| async move {
            let rows = pool
                .get()
                .await?
                .query(
                    "SELECT id, name, token_hash, created_at FROM players ORDER BY created_at, id",
                    &[],
                )
                .await?;
            rows.iter()
                .map(|r| {
                    Ok(StoredPlayer {
                        player: player_ref(r)?,
                        token_hash: r.try_get(2)?,
                        created_at: r.try_get(3)?,
                    })
                })
                .collect()
        })
    }

    fn add_challenge(&self, c: &Challenge) -> StoreResult<()> {
        let c = c.clone();
        self.write(move |tx| {
            Box::pin(async move {
                tx.execute(
                    "INSERT INTO challenges (id, creator, game, options, clock, colour, public, created_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                    &[
                        &c.id,
                        &c.by.id.0,
                        &c.game,
                        &c.options,
                        &c.clock.map(|t| t.to_string()),
                        &c.colour.text(),
                        &c.public,
                        &c.created_at,
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
        let limit = limit as i64;
        self.run(move |pool| async move {
            let rows = pool
                .get()
                .await?
                .query(
                    format!("{SELECT_CHALLENGE} ORDER BY c.created_at DESC, c.id LIMIT $1").as_str(),
                    &[&limit],
                )
                .await?;
            rows.iter().map(challenge_row).collect()
        })
    }

    fn challenge(&self, id: &str) -> StoreResult<Option<Challenge>> {
        let id = owned(id);
        self.run(|pool| async move {
            let row = pool
                .get()
                .await?
                .query_opt(format!("{SELECT_CHALLENGE} WHERE c.id = $1").as_str(), &[&id])
                .await?;
            row.as_ref().map(challenge_row).transpose()
        })
    }

    fn challenges_of(&self, player: &PlayerId) -> StoreResult<usize> {
        let id = player.0.clone();
        self.run(|pool| async move {
            let row = pool
                .get()
                .await?
                .query_one("SELECT COUNT(*) FROM challenges WHERE creator = $1", &[&id])
                .await?;
            Ok(row.try_get::<_, i64>(0)? as usize)
        })
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

    fn claim_lease(&self, game_id: &str, holder: &str, now_ms: u64, until_ms: u64) -> StoreResult<bool> {
        let (game_id, holder, now_ms, until_ms) = (owned(game_id), owned(holder), now_ms as i64, until_ms as i64);
        self.run(|pool| async move {
            let changed = pool
                .get()
                .await?
                .execute(
                    "INSERT INTO leases (game_id, holder, expires_at) VALUES ($1, $2, $4)
                     ON CONFLICT (game_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
                     WHERE leases.holder = EXCLUDED.holder OR leases.expires_at < $3",
                    &[&game_id, &holder, &now_ms, &until_ms],
                )
                .await?;
            Ok(changed == 1)
        })
    }

    fn renew_leases(&self, holder: &str, until_ms: u64) -> StoreResult<Vec<String>> {
        let (holder, until_ms) = (owned(holder), until_ms as i64);
        self.run(move |pool| async move {
            let rows = pool
                .get()
                .await?
                .query(
                    "UPDATE leases SET expires_at = $2 WHERE holder = $1 RETURNING game_id",
                    &[&holder, &until_ms],
                )
                .await?;
            Ok(rows.iter().map(|r| r.try_get(0)).collect::<Result<_, _>>()?)
        })
    }

    fn release_lease(&self, game_id: &str, holder: &str) -> StoreResult<()> {
        let (game_id, holder) = (owned(game_id), owned(holder));
        self.run(|pool| async move {
            pool.get()
                .await?
                .execute(
                    "DELETE FROM leases WHERE game_id = $1 AND holder = $2",
                    &[&game_id, &holder],
                )
                .await?;
            Ok(())
        })
    }

    fn expired_leases(&self, now_ms: u64) -> StoreResult<Vec<String>> {
        let now_ms = now_ms as i64;
        self.run(move |pool| async move {
            let rows = pool
                .get()
                .await?
                .query(
                    "SELECT game_id FROM leases WHERE expires_at < $1 ORDER BY expires_at",
                    &[&now_ms],
                )
                .await?;
            Ok(rows.iter().map(|r| r.try_get(0)).collect::<Result<_, _>>()?)
        })
    }

    fn changes(&self) -> Option<broadcast::Receiver<Change>> {
        Some(self.changes.subscribe())
    }
}
