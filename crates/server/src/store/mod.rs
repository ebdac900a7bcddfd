//! Game storage in SQLite (WAL mode): a row per game and a row per move, written as each move is made,
//! so that a crash or a restart loses nothing.

mod migrations;

pub use migrations::MIGRATIONS;

use crate::seat::Seat;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use std::path::Path;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

/// A game as stored: enough to replay it.
#[derive(Debug, Clone)]
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
    /// The moves, in order.
    pub moves: Vec<String>,
}

/// A line of the list of recent games.
#[derive(Debug, Clone, Serialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The options string.
    pub options: String,
    /// Who plays each side.
    pub seats: [Seat; 2],
    /// Plies played.
    pub ply: usize,
    /// The result in words, once over.
    pub result: Option<String>,
    /// Last change, unix seconds.
    pub updated_at: i64,
}

/// The database: one connection behind a mutex (every operation is a few small statements).
pub struct Store {
    conn: Mutex<Connection>,
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn seats_json(seats: &[Seat; 2]) -> String {
    serde_json::to_string(seats).unwrap_or_else(|_| "[]".into())
}

fn parse_seats(text: &str) -> rusqlite::Result<[Seat; 2]> {
    serde_json::from_str(text)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, e.into()))
}

impl Store {
    /// Opens (or creates) the database file, switches it to WAL mode and applies the migrations.
    pub fn open(path: &Path) -> rusqlite::Result<Store> {
        let mut conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        migrations::migrate(&mut conn)?;
        Ok(Store { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The journal mode in force (`wal`).
    pub fn journal_mode(&self) -> rusqlite::Result<String> {
        self.conn().query_row("PRAGMA journal_mode", [], |r| r.get(0))
    }

    /// Stores a new game with the moves it already has (a loaded record), in one transaction.
    pub fn create(&self, game: &StoredGame, result: Option<&str>) -> rusqlite::Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let t = now();
        tx.execute(
            "INSERT INTO games (id, game, options, start, seats, resigned, result, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
            params![
                game.id,
                game.game,
                game.options,
                game.start,
                seats_json(&game.seats),
                game.resigned,
                result,
                t
            ],
        )?;
        for (ply, mv) in game.moves.iter().enumerate() {
            tx.execute(
                "INSERT INTO moves (game_id, ply, notation, played_at) VALUES (?1, ?2, ?3, ?4)",
                params![game.id, ply as i64, mv, t],
            )?;
        }
        tx.commit()
    }

    /// Appends the move of ply `ply` (0-based) and updates the result.
    pub fn add_move(&self, id: &str, ply: usize, notation: &str, result: Option<&str>) -> rusqlite::Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let t = now();
        tx.execute(
            "INSERT INTO moves (game_id, ply, notation, played_at) VALUES (?1, ?2, ?3, ?4)",
            params![id, ply as i64, notation, t],
        )?;
        tx.execute(
            "UPDATE games SET result = ?2, updated_at = ?3 WHERE id = ?1",
            params![id, result, t],
        )?;
        tx.commit()
    }

    /// Keeps the first `plies` moves, sets the resignation and the result (after an undo or a resignation).
    pub fn rewrite_tail(
        &self,
        id: &str,
        plies: usize,
        resigned: Option<&str>,
        result: Option<&str>,
    ) -> rusqlite::Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
            params![id, plies as i64],
        )?;
        tx.execute(
            "UPDATE games SET resigned = ?2, result = ?3, updated_at = ?4 WHERE id = ?1",
            params![id, resigned, result, now()],
        )?;
        tx.commit()
    }

    /// Changes who plays each side.
    pub fn set_seats(&self, id: &str, seats: &[Seat; 2]) -> rusqlite::Result<()> {
        self.conn().execute(
            "UPDATE games SET seats = ?2, updated_at = ?3 WHERE id = ?1",
            params![id, seats_json(seats), now()],
        )?;
        Ok(())
    }

    /// Loads a game with its moves; `None` if there is no such game.
    pub fn load(&self, id: &str) -> rusqlite::Result<Option<StoredGame>> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT id, game, options, start, seats, resigned FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, Option<String>>(5)?,
                    ))
                },
            )
            .optional()?;
        let Some((id, game, options, start, seats, resigned)) = row else {
            return Ok(None);
        };
        let mut stmt = conn.prepare("SELECT notation FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let moves = stmt
            .query_map(params![id], |r| r.get::<_, String>(0))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(Some(StoredGame {
            seats: parse_seats(&seats)?,
            id,
            game,
            options,
            start,
            resigned,
            moves,
        }))
    }

    /// The most recently changed games, newest first.
    pub fn recent(&self, limit: usize) -> rusqlite::Result<Vec<GameSummary>> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT g.id, g.game, g.options, g.seats, g.result, g.updated_at,
                    (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)
             FROM games g ORDER BY g.updated_at DESC, g.created_at DESC LIMIT ?1",
        )?;
        let rows = stmt.query_map(params![limit as i64], |r| {
            Ok(GameSummary {
                id: r.get(0)?,
                game: r.get(1)?,
                options: r.get(2)?,
                seats: parse_seats(&r.get::<_, String>(3)?)?,
                result: r.get(4)?,
                updated_at: r.get(5)?,
                ply: r.get::<_, i64>(6)? as usize,
            })
        })?;
        rows.collect()
    }
}
