//! The lobby's open challenges in the database, so that a restart (or another server on the same
//! data) keeps them.

use super::{now, Store};
use crate::player::{PlayerId, PlayerRef};
use arbiter_core::TimeControl;
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

/// The side a challenger asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// The first mover's side.
    First,
    /// The second mover's side.
    Second,
    /// Drawn by lot when the challenge is accepted.
    Random,
}

impl Colour {
    fn text(self) -> &'static str {
        match self {
            Colour::First => "first",
            Colour::Second => "second",
            Colour::Random => "random",
        }
    }

    fn parse(text: &str) -> Option<Colour> {
        match text {
            "first" => Some(Colour::First),
            "second" => Some(Colour::Second),
            "random" => Some(Colour::Random),
            _ => None,
        }
    }
}

/// An open challenge: a game anyone may accept.
#[derive(Debug, Clone, Serialize)]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// Who offers it.
    pub by: PlayerRef,
    /// The registry name.
    pub game: String,
    /// The options string.
    pub options: String,
    /// The time control, if any.
    pub clock: Option<TimeControl>,
    /// The challenger's side.
    pub colour: Colour,
    /// The game will be listed to everyone.
    pub public: bool,
    /// When it was posted, unix seconds.
    pub created_at: i64,
    /// The caller posted it.
    pub yours: bool,
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

const SELECT: &str = "SELECT c.id, c.creator, p.name, c.game, c.options, c.clock, c.colour, c.public, c.created_at
                      FROM challenges c JOIN players p ON p.id = c.creator";

impl Store {
    /// Stores a new challenge.
    pub fn add_challenge(&self, c: &Challenge) -> rusqlite::Result<()> {
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
                now()
            ],
        )?;
        Ok(())
    }

    /// The open challenges, newest first (at most 200).
    pub fn challenges(&self) -> rusqlite::Result<Vec<Challenge>> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!("{SELECT} ORDER BY c.created_at DESC, c.id LIMIT 200"))?;
        let rows = stmt.query_map([], challenge_row)?;
        rows.collect()
    }

    /// One challenge.
    pub fn challenge(&self, id: &str) -> rusqlite::Result<Option<Challenge>> {
        self.conn()
            .query_row(&format!("{SELECT} WHERE c.id = ?1"), params![id], challenge_row)
            .optional()
    }

    /// How many open challenges a player has.
    pub fn challenges_of(&self, player: &PlayerId) -> rusqlite::Result<usize> {
        self.conn().query_row(
            "SELECT COUNT(*) FROM challenges WHERE creator = ?1",
            params![player.0],
            |r| r.get::<_, i64>(0).map(|n| n as usize),
        )
    }

    /// Removes a challenge; whether it was there (so that of two accepting at once, one wins).
    pub fn take_challenge(&self, id: &str) -> rusqlite::Result<bool> {
        Ok(self
            .conn()
            .execute("DELETE FROM challenges WHERE id = ?1", params![id])?
            == 1)
    }
}
