//! The schema migrations, embedded from `crates/server/migrations/*.sql` and applied in order.
//!
//! The database's `user_version` counts the migrations applied; each runs in its own transaction.

use rusqlite::Connection;

/// Every migration in order: a new schema change is a new file appended here, never an edit.
pub const MIGRATIONS: &[(&str, &str)] = &[
    ("0001_games", include_str!("../../migrations/0001_games.sql")),
    ("0002_players", include_str!("../../migrations/0002_players.sql")),
    ("0003_clocks", include_str!("../../migrations/0003_clocks.sql")),
    ("0004_challenges", include_str!("../../migrations/0004_challenges.sql")),
];

/// Applies the migrations the database has not seen yet; returns how many ran.
pub fn migrate(conn: &mut Connection) -> rusqlite::Result<usize> {
    let applied: usize = conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))? as usize;
    let mut ran = 0;
    for (index, (_name, sql)) in MIGRATIONS.iter().enumerate().skip(applied) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", (index + 1) as i64)?;
        tx.commit()?;
        ran += 1;
    }
    Ok(ran)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_apply_once() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert_eq!(migrate(&mut conn).unwrap(), MIGRATIONS.len());
        assert_eq!(migrate(&mut conn).unwrap(), 0);
        let tables: i64 = conn
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('games', 'moves', 'players')",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 3);
    }
}
