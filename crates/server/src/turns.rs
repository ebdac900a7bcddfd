//! Token-by-token turn building for games whose turns are sequences (Krux): a generic view of a
//! partial turn, and the table of games that have it. Everything else in the server speaks only
//! `DynSession` strings and `MoveInfo`.

use arbiter_core::{DynSession, Error, Session};
use serde::Serialize;

/// Where one piece is in a partial turn.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct TurnPiece {
    /// The piece's label (`1`…`6` in Krux).
    pub label: String,
    /// The side owning it: `first` or `second`.
    pub owner: arbiter_core::Player,
    /// The cell it stands on; `None` while carried or fallen.
    pub cell: Option<String>,
    /// Carried by the active piece.
    pub carried: bool,
    /// Fell into the hole.
    pub fallen: bool,
    /// Its ring's letter, if it wears one (the active piece's chosen ring included).
    pub ring: Option<String>,
}

/// A partial turn: what has been done, where everything is, and what may come next.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct TurnView {
    /// The tokens played so far.
    pub tokens: Vec<String>,
    /// The tokens so far as a turn in notation (`-` when empty).
    pub notation: String,
    /// Every legal next token.
    pub next: Vec<String>,
    /// May the turn end now?
    pub can_finish: bool,
    /// Has the turn already won (an opponent piece in the hole)?
    pub won: bool,
    /// The active piece's label.
    pub active: String,
    /// Every piece, where it is now.
    pub pieces: Vec<TurnPiece>,
    /// Steps used so far.
    pub steps: u8,
    /// Actions used so far.
    pub actions: u8,
    /// The active piece may not step any more this turn.
    pub frozen: bool,
    /// Why the turn cannot end now, if it cannot.
    pub blocked: Option<String>,
}

/// Does this game build turns token by token?
pub fn has_turn_builder(game: &str) -> bool {
    game == "krux"
}

/// The partial turn after `tokens` from the session's current position: `None` if the game does not
/// build turns token by token, an error naming the first illegal token otherwise.
pub fn build_turn(session: &dyn DynSession, tokens: &[String]) -> Option<Result<TurnView, Error>> {
    if session.game() == "krux" {
        let session = session.as_any().downcast_ref::<Session<arbiter_krux::Krux>>()?;
        return Some(krux_turn(session.current(), tokens));
    }
    None
}

fn krux_turn(position: &arbiter_krux::Krux, tokens: &[String]) -> Result<TurnView, Error> {
    use arbiter_krux::{Piece, Placement, Token, TurnBuilder};
    let mut builder = TurnBuilder::new(position)?;
    for text in tokens {
        builder.push(text)?;
    }
    let active = builder.piece();
    let chosen_ring = builder.tokens().iter().find_map(|t| match t {
        Token::Ring(r) => Some(*r),
        _ => None,
    });
    let pieces = Piece::all()
        .map(|p| {
            let placement = builder.placement(p);
            let ring = if p == active {
                position.ring(p).or(chosen_ring)
            } else {
                position.ring(p)
            };
            TurnPiece {
                label: p.to_string(),
                owner: p.owner(),
                cell: match placement {
                    Placement::On(s) => Some(s.to_string()),
                    _ => None,
                },
                carried: placement == Placement::Carried,
                fallen: placement == Placement::Fallen,
                ring: ring.map(|r| r.letter().to_string()),
            }
        })
        .collect();
    let (steps, actions) = builder.used();
    let blocked = builder.finish().err().map(|e| match e {
        Error::Move { reason, .. } => reason,
        other => other.to_string(),
    });
    Ok(TurnView {
        tokens: builder.tokens().iter().map(|t| t.to_string()).collect(),
        notation: builder.notation(),
        next: builder.next_tokens().iter().map(|t| t.to_string()).collect(),
        can_finish: builder.can_finish(),
        won: builder.is_won(),
        active: active.to_string(),
        pieces,
        steps,
        actions,
        frozen: builder.is_frozen(),
        blocked,
    })
}
