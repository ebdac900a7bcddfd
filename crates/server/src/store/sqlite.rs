//! The embedded store: one SQLite file in WAL mode behind a mutex (every operation is a few small
//! statements), nothing else to install.

use super::accounts::{read_account, read_token, ACCOUNT_COLUMNS};
use super::codec::{
    add_move_row, clock_json, holders_json, read_challenge, read_game, read_played, read_player, read_result,
    read_stored_player, read_summary, seats_json, side_text, Columns, GAME_COLUMNS, SELECT_CHALLENGE,
};
use super::migrations::migrate_sqlite;
use super::puzzles::{read_attempt, read_rating, RATING_COLUMNS};
use super::ratings::{read_game_rating, GAME_RATING_COLUMNS};
use super::tournaments::{
    read_entrant, read_tournament, read_tournament_game, select_tournament_game, SELECT_ENTRANT, SELECT_TOURNAMENT,
};
use super::{
    now, AccountData, Challenge, Ending, GameRating, GameState, GameSummary, NewMove, Ownership, PlayedGame,
    PuzzleAttempt, PuzzleData, RatedGame, RatingData, Revoke, Store, StoreError, StoreResult, StoredAccount,
    StoredAnalysis, StoredGame, StoredPlayer, StoredRating, StoredToken,
};
use super::{Entrant, StoredTournament, TournamentGame};
use crate::player::{PlayerId, PlayerRef};
use crate::seat::Seat;
use arbiter_core::{ClockState, Player};
use rusqlite::types::ToSql;
use rusqlite::{params, Connection, Transaction};
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
/// The statement is kept on the connection (a move's write prepares nothing).
fn update_game(tx: &Transaction<'_>, id: &str, version: i64, set: &str, values: &[&dyn ToSql]) -> StoreResult<()> {
    let sql = format!("UPDATE games SET {set}, version = version + 1 WHERE id = ?1 AND version = ?2");
    let mut all: Vec<&dyn ToSql> = vec![&id, &version];
    all.extend_from_slice(values);
    if tx.prepare_cached(&sql)?.execute(all.as_slice())? == 1 {
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

impl Columns for rusqlite::Row<'_> {
    fn opt_text(&self, i: usize) -> StoreResult<Option<String>> {
        Ok(self.get(i)?)
    }

    fn opt_int(&self, i: usize) -> StoreResult<Option<i64>> {
        Ok(self.get(i)?)
    }

    fn flag(&self, i: usize) -> StoreResult<bool> {
        Ok(self.get::<_, Option<bool>>(i)?.unwrap_or(false))
    }

    fn real(&self, i: usize) -> StoreResult<f64> {
        Ok(self.get(i)?)
    }
}

/// Every row of a query, read by `read`.
fn rows<T>(
    conn: &Connection,
    sql: &str,
    values: &[&dyn ToSql],
    read: impl Fn(&rusqlite::Row<'_>) -> StoreResult<T>,
) -> StoreResult<Vec<T>> {
    let mut stmt = conn.prepare(sql)?;
    let mut found = stmt.query(values)?;
    let mut all = Vec::new();
    while let Some(row) = found.next()? {
        all.push(read(row)?);
    }
    Ok(all)
}

/// The first row of a query, if any.
fn first<T>(
    conn: &Connection,
    sql: &str,
    values: &[&dyn ToSql],
    read: impl Fn(&rusqlite::Row<'_>) -> StoreResult<T>,
) -> StoreResult<Option<T>> {
    Ok(rows(conn, sql, values, read)?.into_iter().next())
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
                                    version, hints, rated, rating_changes, outcome, tournament_id, tournament_seq)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21,
                         ?22, ?23, ?24)",
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
                    game.hints,
                    game.rated,
                    game.rating_changes,
                    game.outcome,
                    game.tournament.as_ref().map(|t| &t.0),
                    game.tournament.as_ref().map(|t| t.1),
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
                "result = ?3, updated_at = ?4, takeback = NULL, clock = ?5, outcome = ?6",
                &[&state.result, &t, &clock_json(state.clock), &state.outcome],
            )?;
            tx.prepare_cached(
                "INSERT INTO moves (game_id, ply, notation, played_at, left_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                id,
                mv.ply as i64,
                mv.notation,
                t,
                mv.left_ms.map(|ms| ms as i64)
            ])?;
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
                "resigned = ?3, result = ?4, updated_at = ?5, takeback = NULL, timed_out = ?6, clock = ?7, outcome = ?8",
                &[
                    &ending.resigned,
                    &state.result,
                    &now(),
                    &ending.timed_out,
                    &clock_json(state.clock),
                    &state.outcome,
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
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
        let Some(mut game) = first(&conn, &sql, &[&id], |r| read_game(r))? else {
            return Ok(None);
        };
        let moves = "SELECT notation, left_ms, played_at FROM moves WHERE game_id = ?1 ORDER BY ply";
        let mut stmt = conn.prepare(moves)?;
        let mut found = stmt.query(params![id])?;
        while let Some(row) = found.next()? {
            add_move_row(&mut game, row)?;
        }
        Ok(Some(game))
    }

    fn version(&self, id: &str) -> StoreResult<Option<i64>> {
        first(&self.conn(), "SELECT version FROM games WHERE id = ?1", &[&id], |r| {
            r.int(0)
        })
    }

    fn running_clocks(&self) -> StoreResult<Vec<String>> {
        let sql = "SELECT id FROM games WHERE clock IS NOT NULL AND result IS NULL
                     AND json_extract(clock, '$.running_since_ms') IS NOT NULL";
        rows(&self.conn(), sql, &[], |r| r.text(0))
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
        let mut found = stmt.query(params![me, mine_only, limit as i64])?;
        let mut all = Vec::new();
        while let Some(row) = found.next()? {
            all.push(read_summary(row)?);
        }
        Ok(all)
    }

    fn games_of(&self, player: &PlayerId, everything: bool, limit: usize) -> StoreResult<Vec<PlayedGame>> {
        let sql = "SELECT g.id, g.game, g.options, g.seats, g.result, g.updated_at,
                          (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id),
                          g.public,
                          (SELECT name FROM players p WHERE p.id = json_extract(g.holders, '$[0]')),
                          (SELECT name FROM players p WHERE p.id = json_extract(g.holders, '$[1]')),
                          1, g.rated, g.rating_changes,
                          COALESCE(json_extract(g.holders, '$[0]') = ?1, 0),
                          COALESCE(json_extract(g.holders, '$[1]') = ?1, 0)
                   FROM games g
                   WHERE (json_extract(g.holders, '$[0]') = ?1 OR json_extract(g.holders, '$[1]') = ?1)
                     AND (?2 = 1 OR g.public = 1 OR g.rated = 1)
                   ORDER BY g.updated_at DESC, g.created_at DESC, g.id LIMIT ?3";
        let limit = limit.min(i64::MAX as usize) as i64;
        rows(&self.conn(), sql, &[&player.0, &everything, &limit], |r| read_played(r))
    }

    fn games_without_outcome(&self, limit: usize) -> StoreResult<Vec<String>> {
        let sql = "SELECT id FROM games WHERE result IS NOT NULL AND outcome IS NULL ORDER BY id LIMIT ?1";
        rows(&self.conn(), sql, &[&(limit.min(i64::MAX as usize) as i64)], |r| {
            r.text(0)
        })
    }

    fn set_outcome(&self, id: &str, outcome: &str) -> StoreResult<()> {
        let sql = "UPDATE games SET outcome = ?2 WHERE id = ?1 AND result IS NOT NULL";
        self.conn().execute(sql, params![id, outcome])?;
        Ok(())
    }

    fn results_of(&self, player: &PlayerId, everything: bool) -> StoreResult<Vec<super::PlayedResult>> {
        let sql = "SELECT g.game, g.seats, g.outcome,
                          COALESCE(json_extract(g.holders, '$[0]') = ?1, 0),
                          COALESCE(json_extract(g.holders, '$[1]') = ?1, 0)
                   FROM games g
                   WHERE (json_extract(g.holders, '$[0]') = ?1 OR json_extract(g.holders, '$[1]') = ?1)
                     AND g.outcome IS NOT NULL AND (?2 = 1 OR g.public = 1 OR g.rated = 1)";
        rows(&self.conn(), sql, &[&player.0, &everything], |r| read_result(r))
    }

    fn game_ids(&self) -> StoreResult<Vec<String>> {
        rows(&self.conn(), "SELECT id FROM games ORDER BY created_at, id", &[], |r| {
            r.text(0)
        })
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
        let sql = "SELECT id, name FROM players WHERE token_hash = ?1
                   UNION ALL
                   SELECT p.id, p.name FROM player_tokens t JOIN players p ON p.id = t.player_id WHERE t.token_hash = ?1";
        first(&self.conn(), sql, &[&token_hash], |r| read_player(r))
    }

    fn player(&self, id: &PlayerId) -> StoreResult<Option<PlayerRef>> {
        first(
            &self.conn(),
            "SELECT id, name FROM players WHERE id = ?1",
            &[&id.0],
            |r| read_player(r),
        )
    }

    fn rename_player(&self, id: &PlayerId, name: &str) -> StoreResult<()> {
        self.conn()
            .execute("UPDATE players SET name = ?2 WHERE id = ?1", params![id.0, name])?;
        Ok(())
    }

    fn players(&self) -> StoreResult<Vec<StoredPlayer>> {
        let sql = "SELECT id, name, token_hash, created_at FROM players ORDER BY created_at, id";
        rows(&self.conn(), sql, &[], |r| read_stored_player(r))
    }

    fn record_rated_game(&self, rated: &RatedGame) -> StoreResult<bool> {
        let changes = serde_json::to_string(&rated.changes).map_err(|e| StoreError::Failed(e.to_string()))?;
        self.write(|tx| {
            let claimed = tx.execute(
                "UPDATE games SET rating_changes = ?2 WHERE id = ?1 AND rated = 1 AND rating_changes IS NULL",
                params![rated.game_id, changes],
            )?;
            if claimed == 0 {
                return Ok(false);
            }
            for (player, change) in rated.players.iter().zip(&rated.changes) {
                let (b, a) = (change.before, change.after);
                let stored = if b.games == 0 {
                    insert_rating(tx, player, &rated.pool, &a, rated.at)?
                } else {
                    tx.execute(
                        "UPDATE player_ratings SET rating = ?3, deviation = ?4, volatility = ?5, games = ?6, wins = ?7,
                                draws = ?8, losses = ?9, updated_at = ?10
                         WHERE player_id = ?1 AND pool = ?2 AND games = ?11",
                        params![
                            player.0,
                            rated.pool,
                            a.rating,
                            a.deviation,
                            a.volatility,
                            a.games,
                            a.wins,
                            a.draws,
                            a.losses,
                            rated.at,
                            b.games
                        ],
                    )?
                };
                if stored != 1 {
                    return Err(StoreError::Stale);
                }
            }
            Ok(true)
        })
    }

    fn game_rating(&self, player: &PlayerId, pool: &str) -> StoreResult<Option<GameRating>> {
        let sql = format!("SELECT {GAME_RATING_COLUMNS} FROM player_ratings WHERE player_id = ?1 AND pool = ?2");
        first(&self.conn(), &sql, &[&player.0, &pool], |r| read_game_rating(r, 0))
    }

    fn game_ratings_of(&self, player: &PlayerId) -> StoreResult<Vec<(String, GameRating)>> {
        let sql = format!("SELECT pool, {GAME_RATING_COLUMNS} FROM player_ratings WHERE player_id = ?1 ORDER BY pool");
        rows(&self.conn(), &sql, &[&player.0], |r| {
            Ok((r.text(0)?, read_game_rating(r, 1)?))
        })
    }

    fn leaderboard(&self, pool: &str, max_deviation: f64, limit: usize) -> StoreResult<Vec<(PlayerRef, GameRating)>> {
        let sql = format!(
            "SELECT p.id, p.name, {} FROM player_ratings r JOIN players p ON p.id = r.player_id
             WHERE r.pool = ?1 AND r.deviation <= ?2 ORDER BY r.rating DESC, p.id LIMIT ?3",
            GAME_RATING_COLUMNS
                .split(", ")
                .map(|c| format!("r.{c}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let limit = limit.min(i64::MAX as usize) as i64;
        rows(&self.conn(), &sql, &[&pool, &max_deviation, &limit], |r| {
            Ok((read_player(r)?, read_game_rating(r, 2)?))
        })
    }

    fn rating_pools(&self) -> StoreResult<Vec<String>> {
        rows(
            &self.conn(),
            "SELECT DISTINCT pool FROM player_ratings ORDER BY pool",
            &[],
            |r| r.text(0),
        )
    }

    fn rating_data(&self) -> StoreResult<RatingData> {
        let sql = format!(
            "SELECT player_id, pool, {GAME_RATING_COLUMNS}, updated_at FROM player_ratings ORDER BY player_id, pool"
        );
        Ok(RatingData {
            ratings: rows(&self.conn(), &sql, &[], |r| {
                Ok((PlayerId(r.text(0)?), r.text(1)?, read_game_rating(r, 2)?, r.int(9)?))
            })?,
        })
    }

    fn put_rating_data(&self, data: &RatingData) -> StoreResult<()> {
        self.write(|tx| {
            for (player, pool, rating, at) in &data.ratings {
                insert_rating(tx, player, pool, rating, *at)?;
            }
            Ok(())
        })
    }

    fn create_account(&self, a: &StoredAccount) -> StoreResult<()> {
        self.conn().execute(
            &format!("INSERT INTO accounts ({ACCOUNT_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5)"),
            params![a.player.0, a.username, a.username_key, a.password_hash, a.created_at],
        )?;
        Ok(())
    }

    fn account_by_key(&self, username_key: &str) -> StoreResult<Option<StoredAccount>> {
        let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE username_key = ?1");
        first(&self.conn(), &sql, &[&username_key], |r| read_account(r))
    }

    fn account_of(&self, player: &PlayerId) -> StoreResult<Option<StoredAccount>> {
        let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE player_id = ?1");
        first(&self.conn(), &sql, &[&player.0], |r| read_account(r))
    }

    fn set_password(&self, player: &PlayerId, password_hash: &str) -> StoreResult<()> {
        let changed = self.conn().execute(
            "UPDATE accounts SET password_hash = ?2 WHERE player_id = ?1",
            params![player.0, password_hash],
        )?;
        if changed == 0 {
            return Err(StoreError::Missing(format!("the account of {}", player.0)));
        }
        Ok(())
    }

    fn add_token(&self, t: &StoredToken) -> StoreResult<()> {
        self.conn().execute(
            "INSERT INTO player_tokens (token_hash, player_id, created_at) VALUES (?1, ?2, ?3)",
            params![t.token_hash, t.player.0, t.created_at],
        )?;
        Ok(())
    }

    fn revoke_tokens(&self, player: &PlayerId, which: Revoke<'_>, replacement: &str) -> StoreResult<()> {
        self.write(|tx| revoke_in(tx, player, which, replacement))
    }

    fn delete_account(&self, player: &PlayerId, replacement: &str, name: &str) -> StoreResult<()> {
        self.write(|tx| {
            revoke_in(tx, player, Revoke::All, replacement)?;
            tx.execute("DELETE FROM accounts WHERE player_id = ?1", params![player.0])?;
            tx.execute("UPDATE players SET name = ?2 WHERE id = ?1", params![player.0, name])?;
            Ok(())
        })
    }

    fn account_data(&self) -> StoreResult<AccountData> {
        let conn = self.conn();
        Ok(AccountData {
            accounts: rows(
                &conn,
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts ORDER BY player_id"),
                &[],
                |r| read_account(r),
            )?,
            tokens: rows(
                &conn,
                "SELECT token_hash, player_id, created_at FROM player_tokens ORDER BY token_hash",
                &[],
                |r| read_token(r),
            )?,
        })
    }

    fn put_account_data(&self, data: &AccountData) -> StoreResult<()> {
        self.write(|tx| {
            for a in &data.accounts {
                tx.execute(
                    &format!("INSERT INTO accounts ({ACCOUNT_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5)"),
                    params![a.player.0, a.username, a.username_key, a.password_hash, a.created_at],
                )?;
            }
            for t in &data.tokens {
                tx.execute(
                    "INSERT INTO player_tokens (token_hash, player_id, created_at) VALUES (?1, ?2, ?3)",
                    params![t.token_hash, t.player.0, t.created_at],
                )?;
            }
            Ok(())
        })
    }

    fn add_challenge(&self, c: &Challenge) -> StoreResult<()> {
        self.conn().execute(
            "INSERT INTO challenges (id, creator, game, options, clock, colour, public, created_at, hints, rated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                c.id,
                c.by.id.0,
                c.game,
                c.options,
                c.clock.map(|t| t.to_string()),
                c.colour.text(),
                c.public,
                c.created_at,
                c.hints,
                c.rated
            ],
        )?;
        Ok(())
    }

    fn challenges(&self, limit: usize) -> StoreResult<Vec<Challenge>> {
        let sql = format!("{SELECT_CHALLENGE} ORDER BY c.created_at DESC, c.id LIMIT ?1");
        rows(&self.conn(), &sql, &[&(limit as i64)], |r| read_challenge(r))
    }

    fn challenge(&self, id: &str) -> StoreResult<Option<Challenge>> {
        first(
            &self.conn(),
            &format!("{SELECT_CHALLENGE} WHERE c.id = ?1"),
            &[&id],
            |r| read_challenge(r),
        )
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

    fn add_tournament(&self, t: &StoredTournament) -> StoreResult<()> {
        self.conn().execute(
            "INSERT INTO tournaments (id, name, game, options, clock, minutes, rated, created_by, created_at, starts_at,
                                      ends_at, finished_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            params![
                t.id,
                t.name,
                t.game,
                t.options,
                t.clock,
                t.minutes,
                t.rated,
                t.created_by.id.0,
                t.created_at,
                t.starts_at,
                t.ends_at,
                t.finished_at
            ],
        )?;
        Ok(())
    }

    fn tournament(&self, id: &str) -> StoreResult<Option<StoredTournament>> {
        let sql = format!("{SELECT_TOURNAMENT} WHERE t.id = ?1");
        first(&self.conn(), &sql, &[&id], |r| read_tournament(r))
    }

    fn tournaments(&self, limit: usize) -> StoreResult<Vec<StoredTournament>> {
        let limit = limit.min(i64::MAX as usize) as i64;
        let sql = format!(
            "SELECT * FROM ({SELECT_TOURNAMENT} WHERE t.finished_at IS NULL ORDER BY t.starts_at, t.id LIMIT ?1)
             UNION ALL
             SELECT * FROM ({SELECT_TOURNAMENT} WHERE t.finished_at IS NOT NULL ORDER BY t.finished_at DESC, t.id LIMIT ?1)"
        );
        let mut all = rows(&self.conn(), &sql, &[&limit], |r| read_tournament(r))?;
        all.truncate(limit as usize);
        Ok(all)
    }

    fn open_tournaments_of(&self, player: &PlayerId) -> StoreResult<usize> {
        let sql = "SELECT COUNT(*) FROM tournaments WHERE created_by = ?1 AND finished_at IS NULL";
        Ok(first(&self.conn(), sql, &[&player.0], |r| r.int(0))?.unwrap_or(0) as usize)
    }

    fn live_tournaments(&self, now: i64) -> StoreResult<Vec<String>> {
        let sql = "SELECT id FROM tournaments WHERE finished_at IS NULL AND starts_at <= ?1 ORDER BY starts_at, id";
        rows(&self.conn(), sql, &[&now], |r| r.text(0))
    }

    fn set_entrant(&self, tournament: &str, player: &PlayerId, active: bool, at: i64) -> StoreResult<()> {
        self.conn().execute(
            "INSERT INTO tournament_players (tournament_id, player_id, joined_at, active) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (tournament_id, player_id) DO UPDATE SET active = excluded.active",
            params![tournament, player.0, at, active],
        )?;
        Ok(())
    }

    fn entrants(&self, tournament: &str) -> StoreResult<Vec<Entrant>> {
        let sql = format!("{SELECT_ENTRANT} WHERE e.tournament_id = ?1 ORDER BY e.joined_at, e.player_id");
        rows(&self.conn(), &sql, &[&tournament], |r| read_entrant(r))
    }

    fn tournament_games(&self, tournament: &str) -> StoreResult<Vec<TournamentGame>> {
        let sql = format!(
            "{} WHERE g.tournament_id = ?1 ORDER BY g.tournament_seq",
            select_tournament_game("json_extract(g.holders, '$[{}]')")
        );
        rows(&self.conn(), &sql, &[&tournament], |r| read_tournament_game(r))
    }

    fn claim_tournament(&self, id: &str, holder: &str, now_ms: u64, until_ms: u64) -> StoreResult<bool> {
        let changed = self.conn().execute(
            "UPDATE tournaments SET lease_holder = ?2, lease_until = ?4
             WHERE id = ?1 AND (lease_holder IS NULL OR lease_holder = ?2 OR lease_until < ?3)",
            params![id, holder, now_ms as i64, until_ms as i64],
        )?;
        Ok(changed == 1)
    }

    fn finish_tournament(&self, id: &str, at: i64) -> StoreResult<bool> {
        let changed = self.conn().execute(
            "UPDATE tournaments SET finished_at = ?2, lease_holder = NULL WHERE id = ?1 AND finished_at IS NULL",
            params![id, at],
        )?;
        Ok(changed == 1)
    }

    fn announce_tournament(&self, _id: &str) -> StoreResult<()> {
        Ok(()) // one server: it tells its own watchers
    }

    fn tournament_data(&self) -> StoreResult<Vec<(StoredTournament, Vec<Entrant>)>> {
        let sql = format!("{SELECT_TOURNAMENT} ORDER BY t.created_at, t.id");
        let all = rows(&self.conn(), &sql, &[], |r| read_tournament(r))?;
        all.into_iter()
            .map(|t| {
                let entrants = self.entrants(&t.id)?;
                Ok((t, entrants))
            })
            .collect()
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
        let sql = "UPDATE leases SET expires_at = ?2 WHERE holder = ?1 RETURNING game_id";
        rows(&self.conn(), sql, &[&holder, &(until_ms as i64)], |r| r.text(0))
    }

    fn release_lease(&self, game_id: &str, holder: &str) -> StoreResult<()> {
        self.conn().execute(
            "DELETE FROM leases WHERE game_id = ?1 AND holder = ?2",
            params![game_id, holder],
        )?;
        Ok(())
    }

    fn expired_leases(&self, now_ms: u64) -> StoreResult<Vec<String>> {
        let sql = "SELECT game_id FROM leases WHERE expires_at < ?1 ORDER BY expires_at";
        rows(&self.conn(), sql, &[&(now_ms as i64)], |r| r.text(0))
    }

    fn claim_analysis(&self, game_id: &str, holder: &str, now_ms: u64, until_ms: u64) -> StoreResult<bool> {
        let changed = self.conn().execute(
            "INSERT INTO analyses (game_id, holder, expires_at) VALUES (?1, ?2, ?4)
             ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
             WHERE analyses.holder IS NULL OR analyses.holder = excluded.holder OR analyses.expires_at < ?3",
            params![game_id, holder, now_ms as i64, until_ms as i64],
        )?;
        Ok(changed == 1)
    }

    fn finish_analysis(
        &self,
        game_id: &str,
        holder: &str,
        result: Option<(usize, &str)>,
        now_ms: u64,
    ) -> StoreResult<()> {
        let conn = self.conn();
        match result {
            Some((plies, body)) => conn.execute(
                "UPDATE analyses SET plies = ?3, body = ?4, updated_at = ?5, holder = NULL, expires_at = 0
                 WHERE game_id = ?1 AND holder = ?2",
                params![game_id, holder, plies as i64, body, now_ms as i64],
            )?,
            None => conn.execute(
                "UPDATE analyses SET holder = NULL, expires_at = 0 WHERE game_id = ?1 AND holder = ?2",
                params![game_id, holder],
            )?,
        };
        Ok(())
    }

    fn analysis(&self, game_id: &str, now_ms: u64) -> StoreResult<Option<StoredAnalysis>> {
        let sql = "SELECT plies, body, CASE WHEN expires_at >= ?2 THEN holder END FROM analyses WHERE game_id = ?1";
        first(&self.conn(), sql, &[&game_id, &(now_ms as i64)], |r| {
            Ok(StoredAnalysis {
                plies: r.int(0)? as usize,
                body: r.opt_text(1)?,
                running: r.opt_text(2)?,
            })
        })
    }

    fn player_puzzle_rating(&self, player: &PlayerId, set: &str) -> StoreResult<Option<StoredRating>> {
        let sql = format!("SELECT {RATING_COLUMNS} FROM player_puzzle_ratings WHERE player_id = ?1 AND set_name = ?2");
        first(&self.conn(), &sql, &[&player.0, &set], |r| read_rating(r, 0))
    }

    fn puzzle_ratings(&self, set: &str) -> StoreResult<Vec<(String, StoredRating)>> {
        let sql = format!("SELECT puzzle_id, {RATING_COLUMNS} FROM puzzle_ratings WHERE set_name = ?1");
        rows(&self.conn(), &sql, &[&set], |r| Ok((r.text(0)?, read_rating(r, 1)?)))
    }

    fn puzzle_rating(&self, puzzle: &str) -> StoreResult<Option<StoredRating>> {
        let sql = format!("SELECT {RATING_COLUMNS} FROM puzzle_ratings WHERE puzzle_id = ?1");
        first(&self.conn(), &sql, &[&puzzle], |r| read_rating(r, 0))
    }

    fn attempted_puzzles(&self, player: &PlayerId, set: &str) -> StoreResult<Vec<String>> {
        let sql = "SELECT puzzle_id FROM puzzle_attempts WHERE player_id = ?1 AND set_name = ?2";
        rows(&self.conn(), sql, &[&player.0, &set], |r| r.text(0))
    }

    fn record_puzzle_attempt(&self, a: &PuzzleAttempt) -> StoreResult<bool> {
        self.write(|tx| {
            let inserted = tx.execute(
                "INSERT INTO puzzle_attempts (player_id, puzzle_id, set_name, solved, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
                params![a.player.0, a.puzzle, a.set, i64::from(a.solved), a.at],
            )?;
            if inserted == 0 {
                return Ok(false);
            }
            let p = &a.player_rating;
            let changed = tx.execute(
                "INSERT INTO player_puzzle_ratings (player_id, set_name, rating, deviation, volatility, attempts, solved)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT (player_id, set_name) DO UPDATE SET rating = excluded.rating,
                   deviation = excluded.deviation, volatility = excluded.volatility,
                   attempts = excluded.attempts, solved = excluded.solved
                 WHERE player_puzzle_ratings.attempts = excluded.attempts - 1",
                params![a.player.0, a.set, p.rating, p.deviation, p.volatility, p.attempts, p.solved],
            )?;
            let z = &a.puzzle_rating;
            let changed_puzzle = tx.execute(
                "INSERT INTO puzzle_ratings (puzzle_id, set_name, rating, deviation, volatility, attempts, solved)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT (puzzle_id) DO UPDATE SET rating = excluded.rating,
                   deviation = excluded.deviation, volatility = excluded.volatility,
                   attempts = excluded.attempts, solved = excluded.solved
                 WHERE puzzle_ratings.attempts = excluded.attempts - 1",
                params![a.puzzle, a.set, z.rating, z.deviation, z.volatility, z.attempts, z.solved],
            )?;
            if changed != 1 || changed_puzzle != 1 {
                // Dropping the transaction rolls the attempt back too.
                return Err(StoreError::Stale);
            }
            Ok(true)
        })
    }

    fn puzzle_data(&self) -> StoreResult<PuzzleData> {
        let conn = self.conn();
        Ok(PuzzleData {
            puzzles: rows(
                &conn,
                &format!("SELECT set_name, puzzle_id, {RATING_COLUMNS} FROM puzzle_ratings ORDER BY puzzle_id"),
                &[],
                |r| Ok((r.text(0)?, r.text(1)?, read_rating(r, 2)?)),
            )?,
            players: rows(
                &conn,
                &format!(
                    "SELECT player_id, set_name, {RATING_COLUMNS} FROM player_puzzle_ratings ORDER BY player_id, set_name"
                ),
                &[],
                |r| Ok((PlayerId(r.text(0)?), r.text(1)?, read_rating(r, 2)?)),
            )?,
            attempts: rows(
                &conn,
                "SELECT player_id, puzzle_id, set_name, solved, created_at FROM puzzle_attempts
                 ORDER BY player_id, puzzle_id",
                &[],
                |r| read_attempt(r),
            )?,
        })
    }

    fn put_puzzle_data(&self, data: &PuzzleData) -> StoreResult<()> {
        self.write(|tx| {
            for (set, puzzle, r) in &data.puzzles {
                tx.execute(
                    "INSERT INTO puzzle_ratings (puzzle_id, set_name, rating, deviation, volatility, attempts, solved)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![puzzle, set, r.rating, r.deviation, r.volatility, r.attempts, r.solved],
                )?;
            }
            for (player, set, r) in &data.players {
                tx.execute(
                    "INSERT INTO player_puzzle_ratings (player_id, set_name, rating, deviation, volatility, attempts, solved)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![player.0, set, r.rating, r.deviation, r.volatility, r.attempts, r.solved],
                )?;
            }
            for a in &data.attempts {
                tx.execute(
                    "INSERT INTO puzzle_attempts (player_id, puzzle_id, set_name, solved, created_at)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![a.player.0, a.puzzle, a.set, i64::from(a.solved), a.at],
                )?;
            }
            Ok(())
        })
    }
}

/// [`Store::revoke_tokens`] inside a transaction.
fn revoke_in(tx: &Transaction<'_>, player: &PlayerId, which: Revoke<'_>, replacement: &str) -> StoreResult<()> {
    let (op, hash) = which.condition();
    tx.execute(
        &format!("DELETE FROM player_tokens WHERE player_id = ?1 AND token_hash {op} ?2"),
        params![player.0, hash],
    )?;
    tx.execute(
        &format!("UPDATE players SET token_hash = ?3 WHERE id = ?1 AND token_hash {op} ?2"),
        params![player.0, hash, replacement],
    )?;
    Ok(())
}

/// A player's first rating row in a pool.
fn insert_rating(tx: &Transaction<'_>, player: &PlayerId, pool: &str, r: &GameRating, at: i64) -> StoreResult<usize> {
    Ok(tx.execute(
        &format!(
            "INSERT INTO player_ratings (player_id, pool, {GAME_RATING_COLUMNS}, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
        ),
        params![
            player.0,
            pool,
            r.rating,
            r.deviation,
            r.volatility,
            r.games,
            r.wins,
            r.draws,
            r.losses,
            at
        ],
    )?)
}
