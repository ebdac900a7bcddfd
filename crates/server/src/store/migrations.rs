//! The schema migrations, embedded from `crates/server/migrations/{sqlite,postgres}/*.sql`: the same
//! numbered steps for both backends, each in its own dialect, applied in order and each in its own
//! transaction. A new schema change is a new file appended to both lists, never an edit.
//!
//! SQLite counts the migrations applied in its `user_version`; PostgreSQL in the table
//! `schema_migrations`.

/// A migration: its name (`0001_games`) and its SQL.
pub type Migration = (&'static str, &'static str);

macro_rules! migrations {
    ($dialect:literal: $($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../migrations/", $dialect, "/", $name, ".sql")))),*]
    };
}

/// The migrations of a SQLite database.
pub const SQLITE_MIGRATIONS: &[Migration] = migrations!("sqlite":
    "0001_games", "0002_players", "0003_clocks", "0004_challenges", "0005_versions", "0006_leases", "0007_analyses",
    "0008_puzzles", "0009_hints", "0010_accounts", "0011_ratings", "0012_tournaments");

/// The migrations of a PostgreSQL database: the same steps.
pub const POSTGRES_MIGRATIONS: &[Migration] = migrations!("postgres":
    "0001_games", "0002_players", "0003_clocks", "0004_challenges", "0005_versions", "0006_leases", "0007_analyses",
    "0008_puzzles", "0009_hints", "0010_accounts", "0011_ratings", "0012_tournaments");

/// Applies the migrations a SQLite database has not seen yet; returns how many ran.
pub(super) fn migrate_sqlite(conn: &mut rusqlite::Connection) -> rusqlite::Result<usize> {
    let applied: usize = conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))? as usize;
    let mut ran = 0;
    for (index, (_name, sql)) in SQLITE_MIGRATIONS.iter().enumerate().skip(applied) {
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
    use rusqlite::Connection;

    #[test]
    fn both_backends_have_the_same_steps() {
        let names = |list: &[Migration]| list.iter().map(|(name, _)| *name).collect::<Vec<_>>();
        assert_eq!(names(SQLITE_MIGRATIONS), names(POSTGRES_MIGRATIONS));
    }

    #[test]
    fn sqlite_migrations_apply_once() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert_eq!(migrate_sqlite(&mut conn).unwrap(), SQLITE_MIGRATIONS.len());
        assert_eq!(migrate_sqlite(&mut conn).unwrap(), 0);
        let tables: i64 = conn
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'
                   AND name IN ('games', 'moves', 'players', 'challenges', 'leases')",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 5);
    }
}
