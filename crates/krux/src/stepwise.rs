//! Krux turns entered token by token in any front end, since a turn is many clicks: the partial
//! turn ([`arbiter_core::PartialTurn`]) and the clicks that enter a whole turn.

use crate::board::Krux;
use crate::drawing::placed;
use crate::moves::Move;
use crate::outcome::side;
use crate::piece::Piece;
use crate::square::Square;
use crate::token::Token;
use crate::turn::{MAX_ACTIONS, MAX_STEPS};
use crate::turn_builder::{Placement, TurnBuilder};
use arbiter_core::story::capitalised;
use arbiter_core::{Click, Error, NextStep, PartialTurn};

/// The mark a token's square gets, and what the token does, in words.
fn describe(builder: &TurnBuilder, token: Token) -> (&'static str, String) {
    let on = |s: Square| {
        Piece::all()
            .find(|&p| builder.placement(p) == Placement::On(s))
            .map_or(format!("{s}"), |p| format!("piece {p} on {s}"))
    };
    match token {
        Token::Ring(r) => (
            "ring",
            format!("{} ring ({})", capitalised(&format!("{r:?}").to_lowercase()), r.power()),
        ),
        Token::Step(s) => ("step", format!("Step to {s}")),
        Token::Repel(s) => ("repel", format!("Repel {}", on(s))),
        Token::Attract(s) => ("attract", format!("Attract {}", on(s))),
        Token::PickUp(s) => ("pickup", format!("Pick up {}", on(s))),
        Token::Drop(s) if s.is_hole() => ("drop", "Drop into the hole (d4)".to_string()),
        Token::Drop(s) => ("drop", format!("Drop on {s}")),
        Token::Jump(s) => ("jump", format!("Jump to {s}")),
        Token::Switch(s) => ("switch", format!("Switch places with {}", on(s))),
    }
}

/// The partial turn after `steps` (see [`arbiter_core::Presentation::partial_turn`]).
pub(crate) fn partial_turn(position: &Krux, steps: &[String]) -> Result<PartialTurn, Error> {
    let mut builder = TurnBuilder::new(position)?;
    for text in steps {
        builder.push(text)?;
    }
    let active = builder.piece();
    let chosen_ring = builder.tokens().iter().find_map(|t| match t {
        Token::Ring(r) => Some(*r),
        _ => None,
    });
    let mut pieces = Vec::new();
    for p in Piece::all() {
        let ring = if p == active {
            position.ring(p).or(chosen_ring)
        } else {
            position.ring(p)
        };
        match builder.placement(p) {
            Placement::On(s) => pieces.push(placed(p, ring, s)),
            Placement::Fallen => pieces.push(placed(p, ring, Square::HOLE)),
            Placement::Carried => {}
        }
    }
    let next = builder
        .next_tokens()
        .into_iter()
        .map(|t| {
            let (mark, label) = describe(&builder, t);
            NextStep {
                token: t.to_string(),
                cell: t.square().map(|s| s.to_string()),
                mark,
                label,
            }
        })
        .collect();
    let (used_steps, used_actions) = builder.used();
    let mut status = format!(
        "Piece {active} ({}) is moving · steps {used_steps}/{MAX_STEPS} · actions {used_actions}/{MAX_ACTIONS}",
        side(active)
    );
    if builder.is_frozen() {
        status.push_str(" · frozen: it has been next to an opponent piece, so it may not step any more");
    }
    let note = if let Some(carried) = builder.carried() {
        Some(format!("Carrying piece {carried}: drop it on a marked square."))
    } else if chosen_ring.is_none() && position.ring(active).is_none() {
        Some(format!(
            "Piece {active} moves for the first time: choose its ring first."
        ))
    } else {
        None
    };
    let blocked = builder.finish().err().map(|e| match e {
        Error::Move { reason, .. } => reason,
        other => other.to_string(),
    });
    Ok(PartialTurn {
        tokens: builder.tokens().iter().map(|t| t.to_string()).collect(),
        notation: builder.notation(),
        next,
        can_finish: builder.can_finish(),
        won: builder.is_won(),
        blocked,
        status,
        active: match builder.placement(active) {
            Placement::On(s) => Some(s.to_string()),
            _ => None,
        },
        note,
        pieces,
    })
}

/// The clicks that enter a turn: its canonical tokens, in order.
pub(crate) fn move_clicks(position: &Krux, mv: Move) -> Vec<Click> {
    let Some(tokens) = position.canonical_tokens(mv) else {
        return Vec::new();
    };
    let Ok(mut builder) = TurnBuilder::new(position) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for token in tokens {
        let (_, label) = describe(&builder, token);
        out.push(Click {
            cell: token.square().map(|s| s.to_string()),
            label,
            token: Some(token.to_string()),
        });
        if builder.push_token(token).is_err() {
            break;
        }
    }
    out
}
