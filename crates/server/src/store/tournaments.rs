//! Arena tournaments as stored: the tournament, who joined it, and its games (ordinary games tagged
//! with the tournament and their pairing's number), read the same way by both backends.

use super::codec::Columns;
use super::StoreResult;
use crate::player::{PlayerId, PlayerRef};

/// A tournament's row.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredTournament {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The registry name of its game.
    pub game: String,
    /// The game's options string.
    pub options: String,
    /// The time control of every game.
    pub clock: String,
    /// How long it runs.
    pub minutes: i64,
    /// Its games are rated.
    pub rated: bool,
    /// Who created it.
    pub created_by: PlayerRef,
    /// When it was created, starts and ends (no pairing after), unix seconds.
    pub created_at: i64,
    /// See `created_at`.
    pub starts_at: i64,
    /// See `created_at`.
    pub ends_at: i64,
    /// When its last game ended after `ends_at`: the standings are final.
    pub finished_at: Option<i64>,
}

/// A player who joined a tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct Entrant {
    /// The player.
    pub player: PlayerRef,
    /// When they first joined, unix seconds.
    pub joined_at: i64,
    /// Joined and not left: paired whenever free.
    pub active: bool,
}

/// A game of a tournament, as standings and pairing read it.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentGame {
    /// The game's id.
    pub id: String,
    /// The pairing's number in the tournament.
    pub seq: i64,
    /// Who played each side, by [`arbiter_core::Player::index`].
    pub players: [PlayerRef; 2],
    /// `first`, `second` or `draw` once over.
    pub outcome: Option<String>,
    /// When it last changed (its end, once over), unix seconds.
    pub updated_at: i64,
}

/// The columns [`read_tournament`] reads, after `FROM tournaments t JOIN players p ON p.id = t.created_by`.
pub(super) const SELECT_TOURNAMENT: &str = "SELECT t.id, t.name, t.game, t.options, t.clock, t.minutes, t.rated, \
     t.created_by, p.name, t.created_at, t.starts_at, t.ends_at, t.finished_at \
     FROM tournaments t JOIN players p ON p.id = t.created_by";

pub(super) fn read_tournament(r: &impl Columns) -> StoreResult<StoredTournament> {
    Ok(StoredTournament {
        id: r.text(0)?,
        name: r.text(1)?,
        game: r.text(2)?,
        options: r.text(3)?,
        clock: r.text(4)?,
        minutes: r.int(5)?,
        rated: r.flag(6)?,
        created_by: PlayerRef {
            id: PlayerId(r.text(7)?),
            name: r.opt_text(8)?,
        },
        created_at: r.int(9)?,
        starts_at: r.int(10)?,
        ends_at: r.int(11)?,
        finished_at: r.opt_int(12)?,
    })
}

/// The columns [`read_entrant`] reads.
pub(super) const SELECT_ENTRANT: &str = "SELECT e.player_id, p.name, e.joined_at, e.active \
     FROM tournament_players e JOIN players p ON p.id = e.player_id";

pub(super) fn read_entrant(r: &impl Columns) -> StoreResult<Entrant> {
    Ok(Entrant {
        player: PlayerRef {
            id: PlayerId(r.text(0)?),
            name: r.opt_text(1)?,
        },
        joined_at: r.int(2)?,
        active: r.flag(3)?,
    })
}

/// The query whose columns [`read_tournament_game`] reads, given how the dialect reads a holder's
/// id from the holders' JSON (`{}` stands for the index).
pub(super) fn select_tournament_game(holder: &str) -> String {
    let name = |i: &str| format!("(SELECT name FROM players p WHERE p.id = {})", holder.replace("{}", i));
    format!(
        "SELECT g.id, g.tournament_seq, g.holders, g.outcome, g.updated_at, {}, {} FROM games g",
        name("0"),
        name("1")
    )
}

pub(super) fn read_tournament_game(r: &impl Columns) -> StoreResult<TournamentGame> {
    let holders = super::codec::parse_holders(&r.text(2)?)?;
    let player = |i: usize, name: Option<String>| -> StoreResult<PlayerRef> {
        let id = holders[i]
            .clone()
            .ok_or_else(|| super::StoreError::Failed("a tournament game has an open side".into()))?;
        Ok(PlayerRef { id, name })
    };
    Ok(TournamentGame {
        id: r.text(0)?,
        seq: r.int(1)?,
        players: [player(0, r.opt_text(5)?)?, player(1, r.opt_text(6)?)?],
        outcome: r.opt_text(3)?,
        updated_at: r.int(4)?,
    })
}
