//! The embedded store: one SQLite file in WAL mode behind a mutex (every operation is a few small
//! statements), nothing else to install.

use super::codec::{
    clock_json, holders_json, parse_clock, parse_holders, parse_seats, parse_side_text, seats_json, side_text,
};
use super::migrations::migrate_sqlite;
use super::{
    now, Challenge, Colour, Ending, GameState, GameSummary, NewMove, Ownership, Store, StoreError, StoreResult,
    StoredGame, StoredPlayer,
};
use crate::player::{PlayerId, PlayerRef};
use crate::seat::Seat;
use arbiter_core::{ClockState, Player};
use rusqlite::types::ToSql;
use rusqlite::{params, Connection, OptionalExtension, Transaction};
use std::path::Path;
use std::sync::Mutex;

/// Games in a SQLite file.
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        match &error {
            // A second row for one key: another writer stored it first (a move for that ply).
            rusqlite::Error::SqliteFailure(e, _)
                if matches!(
                    e.extended_code,
                    rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY | rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                ) =>
            {
                StoreError::Stale
            }
            _ => StoreError::Failed(format!("SQLite: {error}")),
        }
    }
}

/// Runs `UPDATE games SET <set>, version = version + 1 WHERE id = ? AND version = ?` in `tx`: the
/// change is made only from the version its writer read. `set` numbers its parameters from `?3`.
fn update_game(tx: &Transaction<'_>, id: &str, version: i64, set: &str, values: &[&dyn ToSql]) -> StoreResult<()> {
    let sql = format!("UPDATE games SET {set}, version = version + 1 WHERE id = ?1 AND version = ?2");
    let mut all: Vec<&dyn ToSql> = vec![&id, &version];
    all.extend_from_slice(values);
    if tx.execute(&sql, all.as_slice())? == 1 {
        return Ok(());
    }
    let exists: bool = tx.query_row("SELECT COUNT(*) > 0 FROM games WHERE id = ?1", params![id], |r| {
        r.get(0)
    })?;
    Err(if exists {
        StoreError::Stale
    } else {
        StoreError::Missing(format!("game {id}"))
    })
}

fn challenge_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Challenge> {
    let clock: Option<String> = r.get(5)?;
    let colour: String = r.get(6)?;
    Ok(Challenge {
        id: r.get(0)?,
        by: PlayerRef {
            id: PlayerId(r.get(1)?),
            name: r.get(2)?,
        },
        game: r.get(3)?,
        options: r.get(4)?,
        clock: clock.and_then(|c| c.parse().ok()),
        colour: Colour::parse(&colour).unwrap_or(Colour::Random),
        public: r.get(7)?,
        created_at: r.get(8)?,
        yours: false,
    })
}

const SELECT_CHALLENGE: &str = "SELECT c.id, c.creator, p.name, c.game, c.options, c.clock, c.colour, c.public,
                                       c.created_at
                                FROM challenges c JOIN players p ON p.id = c.creator";

fn text_error(e: StoreError) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(e))
}

impl SqliteStore {
    /// Opens (or creates) the database file, switches it to WAL mode and applies the migrations.
    pub fn open(path: &Path) -> StoreResult<SqliteStore> {
        let open = || -> rusqlite::Result<Connection> {
            let mut conn = Connection::open(path)?;
            conn.pragma_update(None, "journal_mode", "WAL")?;
            conn.pragma_update(None, "synchronous", "FULL")?;
            conn.pragma_update(None, "foreign_keys", "ON")?;
            conn.busy_timeout(std::time::Duration::from_secs(5))?;
            migrate_sqlite(&mut conn)?;
            Ok(conn)
        };
        let conn = open().map_err(|e| StoreError::Failed(format!("cannot open {}: {e}", path.display())))?;
        Ok(SqliteStore { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The journal mode in force (`wal`).
    pub fn journal_mode(&self) -> StoreResult<String> {
        Ok(self.conn().query_row("PRAGMA journal_mode", [], |r| r.get(0))?)
    }

    /// Runs `f` in a transaction, committed when it succeeds.
    fn write<T>(&self, f: impl FnOnce(&Transaction<'_>) -> StoreResult<T>) -> StoreResult<T> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let value = f(&tx)?;
        tx.commit()?;
        Ok(value)
    }
}

impl Store for SqliteStore {
    fn backend(&self) -> &'static str {
        "sqlite"
    }

    fn create(&self, game: &StoredGame) -> StoreResult<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO games (id, game, options, start, seats, resigned, result, created_at, updated_at,
                                    creator, holders, public, invite_hash, takeback, rematch, clock, timed_out,
                                    version)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
                params![
                    game.id,
                    game.game,
                    game.options,
                    game.start,
                    seats_json(&game.seats),
                    game.resigned,
                    game.result,
                    game.created_at,
                    game.updated_at,
                    game.owners.creator.as_ref().map(|p| &p.0),
                    holders_json(&game.owners.holders),
                    game.owners.public,
                    game.owners.invite_hash,
                    game.takeback.map(side_text),
                    game.rematch,
                    clock_json(game.clock.as_ref()),
                    game.timed_out,
                    game.version,
                ],
            )?;
            for (ply, mv) in game.moves.iter().enumerate() {
                tx.execute(
                    "INSERT INTO moves (game_id, ply, notation, played_at, left_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![
                        game.id,
                        ply as i64,
                        mv,
                        game.played_at.get(ply).copied().unwrap_or(game.created_at),
                        game.left_ms.get(ply).copied().flatten().map(|ms| ms as i64)
                    ],
                )?;
            }
            Ok(())
        })
    }

    fn add_move(&self, id: &str, version: i64, mv: NewMove<'_>, state: GameState<'_>) -> StoreResult<()> {
        self.write(|tx| {
            let t = now();
            update_game(
                tx,
                id,
                version,
                "result = ?3, updated_at = ?4, takeback = NULL, clock = ?5",
                &[&state.result, &t, &clock_json(state.clock)],
            )?;
            tx.execute(
                "INSERT INTO moves (game_id, ply, notation, played_at, left_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, mv.ply as i64, mv.notation, t, mv.left_ms.map(|ms| ms as i64)],
            )?;
            Ok(())
        })
    }

    fn set_clock(&self, id: &str, version: i64, clock: Option<&ClockState>) -> StoreResult<()> {
        self.write(|tx| update_game(tx, id, version, "clock = ?3", &[&clock_json(clock)]))
    }

    fn rewrite_tail(
        &self,
        id: &str,
        version: i64,
        plies: usize,
        ending: Ending<'_>,
        state: GameState<'_>,
    ) -> StoreResult<()> {
        self.write(|tx| {
            update_game(
                tx,
                id,
                version,
                "resigned = ?3, result = ?4, updated_at = ?5, takeback = NULL, timed_out = ?6, clock = ?7",
                &[
                    &ending.resigned,
                    &state.result,
                    &now(),
                    &ending.timed_out,
                    &clock_json(state.clock),
                ],
            )?;
            tx.execute(
                "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
                params![id, plies as i64],
            )?;
            Ok(())
        })
    }

    fn set_seats(&self, id: &str, version: i64, seats: &[Seat; 2], owners: &Ownership) -> StoreResult<()> {
        self.write(|tx| {
            update_game(
                tx,
                id,
                version,
                "seats = ?3, holders = ?4, invite_hash = ?5, updated_at = ?6",
                &[
                    &seats_json(seats),
                    &holders_json(&owners.holders),
                    &owners.invite_hash,
                    &now(),
                ],
            )
        })
    }

    fn set_takeback(&self, id: &str, version: i64, by: Option<Player>) -> StoreResult<()> {
        self.write(|tx| update_game(tx, id, version, "takeback = ?3", &[&by.map(side_text)]))
    }

    fn set_rematch(&self, id: &str, version: i64, rematch: &str) -> StoreResult<()> {
        self.write(|tx| update_game(tx, id, version, "rematch = ?3", &[&rematch]))
    }

    fn load(&self, id: &str) -> StoreResult<Option<StoredGame>> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT id, game, options, start, seats, resigned, result, creator, holders, public, invite_hash,
                        takeback, rematch, clock, timed_out, created_at, updated_at, version
                 FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok(StoredGame {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        options: r.get(2)?,
                        start: r.get(3)?,
                        seats: parse_seats(&r.get::<_, String>(4)?).map_err(text_error)?,
                        resigned: r.get(5)?,
                        result: r.get(6)?,
                        owners: Ownership {
                            creator: r.get::<_, Option<String>>(7)?.map(PlayerId),
                            holders: parse_holders(&r.get::<_, String>(8)?).map_err(text_error)?,
                            public: r.get(9)?,
                            invite_hash: r.get(10)?,
                        },
                        takeback: parse_side_text(r.get(11)?),
                        rematch: r.get(12)?,
                        clock: parse_clock(r.get(13)?).map_err(text_error)?,
                        timed_out: r.get(14)?,
                        created_at: r.get(15)?,
                        updated_at: r.get(16)?,
                        version: r.get(17)?,
                        moves: Vec::new(),
                        left_ms: Vec::new(),
                        played_at: Vec::new(),
                    })
                },
            )
            .optional()?;
        let Some(mut game) = row else {
            return Ok(None);
        };
        let mut stmt =
            conn.prepare("SELECT notation, left_ms, played_at FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let rows = stmt.query_map(params![id], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, Option<i64>>(1)?, r.get::<_, i64>(2)?))
        })?;
        for row in rows {
            let (notation, left_ms, played_at) = row?;
            game.moves.push(notation);
            game.left_ms.push(left_ms.map(|ms| ms as u64));
            game.played_at.push(played_at);
        }
        Ok(Some(game))
    }

    fn version(&self, id: &str) -> StoreResult<Option<i64>> {
        Ok(self
            .conn()
            .query_row("SELECT version FROM games WHERE id = ?1", params![id], |r| r.get(0))
            .optional()?)
    }

    fn running_clocks(&self) -> StoreResult<Vec<String>> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id FROM games WHERE clock IS NOT NULL AND result IS NULL
               AND json_extract(clock, '$.running_since_ms') IS NOT NULL",
        )?;
        let ids = stmt.query_map([], |r| r.get::<_, String>(0))?;
        Ok(ids.collect::<rusqlite::Result<_>>()?)
    }

    fn list(&self, caller: Option<&PlayerId>, mine_only: bool, limit: usize) -> StoreResult<Vec<GameSummary>> {
        let conn = self.conn();
        let me = caller.map(|p| p.0.as_str()).unwrap_or("");
        let mut stmt = conn.prepare(
            "SELECT g.id, g.game, g.options, g.seats, g.result, g.updated_at,
                    (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id),
                    g.public,
                    (SELECT name FROM players p WHERE p.id = json_extract(g.holders, '$[0]')),
                    (SELECT name FROM players p WHERE p.id = json_extract(g.holders, '$[1]')),
                    (?1 <> '' AND (json_extract(g.holders, '$[0]') = ?1 OR json_extract(g.holders, '$[1]') = ?1))
                      AS yours
             FROM games g
             WHERE (?1 <> '' AND (json_extract(g.holders, '$[0]') = ?1 OR json_extract(g.holders, '$[1]') = ?1))
                OR (?2 = 0 AND g.public = 1)
             ORDER BY g.updated_at DESC, g.created_at DESC, g.id LIMIT ?3",
        )?;
        let rows = stmt.query_map(params![me, mine_only, limit as i64], |r| {
            let result: Option<String> = r.get(4)?;
            Ok(GameSummary {
                id: r.get(0)?,
                game: r.get(1)?,
                options: r.get(2)?,
                seats: parse_seats(&r.get::<_, String>(3)?).map_err(text_error)?,
                over: result.is_some(),
                result,
                updated_at: r.get(5)?,
                ply: r.get::<_, i64>(6)? as usize,
                public: r.get(7)?,
                players: [r.get(8)?, r.get(9)?],
                yours: r.get(10)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    fn game_ids(&self) -> StoreResult<Vec<String>> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT id FROM games ORDER BY created_at, id")?;
        let ids = stmt.query_map([], |r| r.get::<_, String>(0))?;
        Ok(ids.collect::<rusqlite::Result<_>>()?)
    }

    fn create_player(&self, player: &StoredPlayer) -> StoreResult<()> {
        self.conn().execute(
            "INSERT INTO players (id, token_hash, name, created_at) VALUES (?1, ?2, ?3, ?4)",
            params![
                player.player.id.0,
                player.token_hash,
                player.player.name,
                player.created_at
            ],
        )?;
        Ok(())
    }

    fn player_by_token_hash(&self, token_hash: &str) -> StoreResult<Option<PlayerRef>> {
        Ok(self
            .conn()
            .query_row(
                "SELECT id, name FROM players WHERE token_hash = ?1",
                params![token_hash],
                |r| {
                    Ok(PlayerRef {
                        id: PlayerId(r.get(0)?),
                        name: r.get(1)?,
                    })
                },
            )
            .optional()?)
    }

    fn player(&self, id: &PlayerId) -> StoreResult<Option<PlayerRef>> {
        Ok(self
            .conn()
            .query_row("SELECT id, name FROM players WHERE id = ?1", params![id.0], |r| {
                Ok(PlayerRef {
                    id: PlayerId(r.get(0)?),
                    name: r.get(1)?,
                })
            })
            .optional()?)
    }

    fn rename_player(&self, id: &PlayerId, name: &str) -> StoreResult<()> {
        self.conn()
            .execute("UPDATE players SET name = ?2 WHERE id = ?1", params![id.0, name])?;
        Ok(())
    }

    fn players(&self) -> StoreResult<Vec<StoredPlayer>> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT id, name, token_hash, created_at FROM players ORDER BY created_at, id")?;
        let rows = stmt.query_map([], |r| {
            Ok(StoredPlayer {
                player: PlayerRef {
                    id: PlayerId(r.get(0)?),
                    name: r.get(1)?,
                },
                token_hash: r.get(2)?,
                created_at: r.get(3)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    fn add_challenge(&self, c: &Challenge) -> StoreResult<()> {
        self.conn().execute(
            "INSERT INTO challenges (id, creator, game, options, clock, colour, public, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                c.id,
                c.by.id.0,
                c.game,
                c.options,
                c.clock.map(|t| t.to_string()),
                c.colour.text(),
                c.public,
                c.created_at
            ],
        )?;
        Ok(())
    }

    fn challenges(&self, limit: usize) -> StoreResult<Vec<Challenge>> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!("{SELECT_CHALLENGE} ORDER BY c.created_at DESC, c.id LIMIT ?1"))?;
        let rows = stmt.query_map(params![limit as i64], challenge_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    fn challenge(&self, id: &str) -> StoreResult<Option<Challenge>> {
        Ok(self
            .conn()
            .query_row(
                &format!("{SELECT_CHALLENGE} WHERE c.id = ?1"),
                params![id],
                challenge_row,
            )
            .optional()?)
    }

    fn challenges_of(&self, player: &PlayerId) -> StoreResult<usize> {
        Ok(self.conn().query_row(
            "SELECT COUNT(*) FROM challenges WHERE creator = ?1",
            params![player.0],
            |r| r.get::<_, i64>(0).map(|n| n as usize),
        )?)
    }

    fn take_challenge(&self, id: &str) -> StoreResult<bool> {
        Ok(self
            .conn()
            .execute("DELETE FROM challenges WHERE id = ?1", params![id])?
            == 1)
    }

    fn claim_lease(&self, game_id: &str, holder: &str, now_ms: u64, until_ms: u64) -> StoreResult<bool> {
        let changed = self.conn().execute(
            "INSERT INTO leases (game_id, holder, expires_at) VALUES (?1, ?2, ?4)
             ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
             WHERE leases.holder = excluded.holder OR leases.expires_at < ?3",
            params![game_id, holder, now_ms as i64, until_ms as i64],
        )?;
        Ok(changed == 1)
    }

    fn renew_leases(&self, holder: &str, until_ms: u64) -> StoreResult<Vec<String>> {
        let conn = self.conn();
        let mut stmt = conn.prepare("UPDATE leases SET expires_at = ?2 WHERE holder = ?1 RETURNING game_id")?;
        let ids = stmt.query_map(params![holder, until_ms as i64], |r| r.get::<_, String>(0))?;
        Ok(ids.collect::<rusqlite::Result<_>>()?)
    }

    fn release_lease(&self, game_id: &str, holder: &str) -> StoreResult<()> {
        self.conn().execute(
            "DELETE FROM leases WHERE game_id = ?1 AND holder = ?2",
            params![game_id, holder],
        )?;
        Ok(())
    }

    fn expired_leases(&self, now_ms: u64) -> StoreResult<Vec<String>> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT game_id FROM leases WHERE expires_at < ?1 ORDER BY expires_at")?;
        let ids = stmt.query_map(params![now_ms as i64], |r| r.get::<_, String>(0))?;
        Ok(ids.collect::<rusqlite::Result<_>>()?)
    }
}
