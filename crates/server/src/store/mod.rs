//! Game storage in SQLite (WAL mode): a row per game and a row per move, written as each move is made,
//! so that a crash or a restart loses nothing.

mod challenges;
mod migrations;

pub use challenges::{Challenge, Colour};
pub use migrations::MIGRATIONS;

use crate::player::{PlayerId, PlayerRef};
use crate::seat::Seat;
use arbiter_core::{ClockState, Player};
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
    /// Each move's time left for its mover (`None`: no clock then).
    pub left_ms: Vec<Option<u64>>,
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

fn clock_json(clock: Option<&ClockState>) -> Option<String> {
    clock.and_then(|c| serde_json::to_string(c).ok())
}

fn parse_clock(text: Option<String>) -> rusqlite::Result<Option<ClockState>> {
    text.map(|t| {
        serde_json::from_str(&t)
            .map_err(|e| rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, e.into()))
    })
    .transpose()
}

fn holders_json(holders: &[Option<PlayerId>; 2]) -> String {
    serde_json::to_string(&[holders[0].as_ref().map(|p| &p.0), holders[1].as_ref().map(|p| &p.0)])
        .unwrap_or_else(|_| "[null,null]".into())
}

fn parse_holders(text: &str) -> rusqlite::Result<[Option<PlayerId>; 2]> {
    let ids: [Option<String>; 2] = serde_json::from_str(text)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, e.into()))?;
    let [a, b] = ids;
    Ok([a.map(PlayerId), b.map(PlayerId)])
}

/// `first`/`second` as stored.
fn side_text(side: Player) -> &'static str {
    match side {
        Player::First => "first",
        Player::Second => "second",
    }
}

fn parse_side_text(text: Option<String>) -> Option<Player> {
    match text.as_deref() {
        Some("first") => Some(Player::First),
        Some("second") => Some(Player::Second),
        _ => None,
    }
}

/// Is this the error of a second row for one `(game, ply)`: another request stored a move for that
/// turn first?
pub fn is_duplicate_move(error: &rusqlite::Error) -> bool {
    matches!(error, rusqlite::Error::SqliteFailure(e, _) if e.code == rusqlite::ErrorCode::ConstraintViolation)
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
            "INSERT INTO games (id, game, options, start, seats, resigned, result, created_at, updated_at,
                                creator, holders, public, invite_hash, takeback, rematch, clock, timed_out)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
            params![
                game.id,
                game.game,
                game.options,
                game.start,
                seats_json(&game.seats),
                game.resigned,
                result,
                t,
                game.owners.creator.as_ref().map(|p| &p.0),
                holders_json(&game.owners.holders),
                game.owners.public,
                game.owners.invite_hash,
                game.takeback.map(side_text),
                game.rematch,
                clock_json(game.clock.as_ref()),
                game.timed_out,
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

    /// Appends the move of ply `ply` (0-based) with its mover's time left, and updates the result
    /// and the clock.
    pub fn add_move(
        &self,
        id: &str,
        ply: usize,
        notation: &str,
        result: Option<&str>,
        left_ms: Option<u64>,
        clock: Option<&ClockState>,
    ) -> rusqlite::Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let t = now();
        tx.execute(
            "INSERT INTO moves (game_id, ply, notation, played_at, left_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, ply as i64, notation, t, left_ms.map(|ms| ms as i64)],
        )?;
        tx.execute(
            "UPDATE games SET result = ?2, updated_at = ?3, takeback = NULL, clock = ?4 WHERE id = ?1",
            params![id, result, t, clock_json(clock)],
        )?;
        tx.commit()
    }

    /// Sets the clock (started, stopped).
    pub fn set_clock(&self, id: &str, clock: Option<&ClockState>) -> rusqlite::Result<()> {
        self.conn().execute(
            "UPDATE games SET clock = ?2 WHERE id = ?1",
            params![id, clock_json(clock)],
        )?;
        Ok(())
    }

    /// The games whose clock runs and that are not over: their flags must fall even if nobody opens them.
    pub fn running_clocks(&self) -> rusqlite::Result<Vec<String>> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id FROM games WHERE clock IS NOT NULL AND result IS NULL
               AND json_extract(clock, '$.running_since_ms') IS NOT NULL",
        )?;
        let ids = stmt.query_map([], |r| r.get::<_, String>(0))?;
        ids.collect()
    }

    /// Keeps the first `plies` moves, sets the resignation or flag fall, the result and the clock
    /// (after an undo, a resignation or a flag fall).
    pub fn rewrite_tail(
        &self,
        id: &str,
        plies: usize,
        resigned: Option<&str>,
        timed_out: bool,
        result: Option<&str>,
        clock: Option<&ClockState>,
    ) -> rusqlite::Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
            params![id, plies as i64],
        )?;
        tx.execute(
            "UPDATE games SET resigned = ?2, result = ?3, updated_at = ?4, takeback = NULL, timed_out = ?5,
                              clock = ?6
             WHERE id = ?1",
            params![id, resigned, result, now(), timed_out, clock_json(clock)],
        )?;
        tx.commit()
    }

    /// Changes who plays each side and who holds it, and the open side's invite.
    pub fn set_seats(&self, id: &str, seats: &[Seat; 2], owners: &Ownership) -> rusqlite::Result<()> {
        self.conn().execute(
            "UPDATE games SET seats = ?2, holders = ?3, invite_hash = ?4, updated_at = ?5 WHERE id = ?1",
            params![
                id,
                seats_json(seats),
                holders_json(&owners.holders),
                owners.invite_hash,
                now()
            ],
        )?;
        Ok(())
    }

    /// Sets or clears the pending takeback request.
    pub fn set_takeback(&self, id: &str, by: Option<Player>) -> rusqlite::Result<()> {
        self.conn().execute(
            "UPDATE games SET takeback = ?2 WHERE id = ?1",
            params![id, by.map(side_text)],
        )?;
        Ok(())
    }

    /// Notes the rematch of a game.
    pub fn set_rematch(&self, id: &str, rematch: &str) -> rusqlite::Result<()> {
        self.conn()
            .execute("UPDATE games SET rematch = ?2 WHERE id = ?1", params![id, rematch])?;
        Ok(())
    }

    /// Stores a new player by the hash of their token.
    pub fn create_player(&self, player: &PlayerRef, token_hash: &str) -> rusqlite::Result<()> {
        self.conn().execute(
            "INSERT INTO players (id, token_hash, name, created_at) VALUES (?1, ?2, ?3, ?4)",
            params![player.id.0, token_hash, player.name, now()],
        )?;
        Ok(())
    }

    /// The player whose token has this hash.
    pub fn player_by_token_hash(&self, token_hash: &str) -> rusqlite::Result<Option<PlayerRef>> {
        self.conn()
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
            .optional()
    }

    /// A player by id.
    pub fn player(&self, id: &PlayerId) -> rusqlite::Result<Option<PlayerRef>> {
        self.conn()
            .query_row("SELECT id, name FROM players WHERE id = ?1", params![id.0], |r| {
                Ok(PlayerRef {
                    id: PlayerId(r.get(0)?),
                    name: r.get(1)?,
                })
            })
            .optional()
    }

    /// Changes a player's display name.
    pub fn rename_player(&self, id: &PlayerId, name: &str) -> rusqlite::Result<()> {
        self.conn()
            .execute("UPDATE players SET name = ?2 WHERE id = ?1", params![id.0, name])?;
        Ok(())
    }

    /// Loads a game with its moves; `None` if there is no such game.
    pub fn load(&self, id: &str) -> rusqlite::Result<Option<StoredGame>> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT id, game, options, start, seats, resigned, creator, holders, public, invite_hash,
                        takeback, rematch, clock, timed_out
                 FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok((
                        (
                            r.get::<_, String>(0)?,
                            r.get::<_, String>(1)?,
                            r.get::<_, String>(2)?,
                            r.get::<_, String>(3)?,
                            r.get::<_, String>(4)?,
                            r.get::<_, Option<String>>(5)?,
                        ),
                        Ownership {
                            creator: r.get::<_, Option<String>>(6)?.map(PlayerId),
                            holders: parse_holders(&r.get::<_, String>(7)?)?,
                            public: r.get(8)?,
                            invite_hash: r.get(9)?,
                        },
                        parse_side_text(r.get(10)?),
                        r.get::<_, Option<String>>(11)?,
                        (parse_clock(r.get(12)?)?, r.get::<_, bool>(13)?),
                    ))
                },
            )
            .optional()?;
        let Some(((id, game, options, start, seats, resigned), owners, takeback, rematch, (clock, timed_out))) = row
        else {
            return Ok(None);
        };
        let mut stmt = conn.prepare("SELECT notation, left_ms FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let rows = stmt
            .query_map(params![id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, Option<i64>>(1)?.map(|ms| ms as u64)))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let (moves, left_ms) = rows.into_iter().unzip();
        Ok(Some(StoredGame {
            seats: parse_seats(&seats)?,
            id,
            game,
            options,
            start,
            resigned,
            moves,
            owners,
            takeback,
            rematch,
            clock,
            timed_out,
            left_ms,
        }))
    }

    /// The most recently changed games, newest first, that `caller` may list: the games they hold a
    /// side in, and (unless `mine_only`) public games.
    pub fn list(&self, caller: Option<&PlayerId>, mine_only: bool, limit: usize) -> rusqlite::Result<Vec<GameSummary>> {
        let conn = self.conn();
        let me = caller.map(|p| p.0.as_str()).unwrap_or("");
        let mut stmt = conn.prepare(
            "SELECT g.id, g.game, g.options, g.seats, g.result, g.updated_at,
                    (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id),
                    g.public, g.holders,
                    (SELECT name FROM players p WHERE p.id = json_extract(g.holders, '$[0]')),
                    (SELECT name FROM players p WHERE p.id = json_extract(g.holders, '$[1]')),
                    (?1 <> '' AND (json_extract(g.holders, '$[0]') = ?1 OR json_extract(g.holders, '$[1]') = ?1))
                      AS yours
             FROM games g
             WHERE (?1 <> '' AND (json_extract(g.holders, '$[0]') = ?1 OR json_extract(g.holders, '$[1]') = ?1))
                OR (?2 = 0 AND g.public = 1)
             ORDER BY g.updated_at DESC, g.created_at DESC LIMIT ?3",
        )?;
        let rows = stmt.query_map(params![me, mine_only, limit as i64], |r| {
            let result: Option<String> = r.get(4)?;
            Ok(GameSummary {
                id: r.get(0)?,
                game: r.get(1)?,
                options: r.get(2)?,
                seats: parse_seats(&r.get::<_, String>(3)?)?,
                over: result.is_some(),
                result,
                updated_at: r.get(5)?,
                ply: r.get::<_, i64>(6)? as usize,
                public: r.get(7)?,
                players: [r.get(9)?, r.get(10)?],
                yours: r.get(11)?,
            })
        })?;
        rows.collect()
    }
}
