//! Move notation: `e2-c4` (a chain of orbits from e2 ending on c4), `e2-c6+d6` (ending on c6 and
//! pushing the stone there to d6), `pass`.

use crate::movegen::{any_move, reach};
use crate::piece::player_name;
use crate::{encoding, outcome, route, Attraction, Move, Square};
use arbiter_core::{Error, MoveInfo};

/// The canonical notation of a move.
pub(crate) fn format_move(mv: Move) -> String {
    match mv {
        Move::Pass => "pass".to_string(),
        Move::Orbit { from, to, push: None } => format!("{from}-{to}"),
        Move::Orbit {
            from,
            to,
            push: Some(push),
        } => format!("{from}-{to}+{push}"),
    }
}

fn square(input: &str, text: &str) -> Result<Square, Error> {
    Square::parse(text).ok_or_else(|| {
        Error::bad_move(
            input,
            format!("'{text}' is not a point: expected a file a-h and a rank 1-8, like e2"),
        )
    })
}

/// Parses a move (case-insensitive) and checks that it is legal in `board`, naming the reason if not.
pub(crate) fn parse_move(board: &Attraction, input: &str) -> Result<Move, Error> {
    let err = |reason: String| Error::bad_move(input, reason);
    let text = input.trim().to_ascii_lowercase();
    if text.is_empty() {
        return Err(err("the move is empty".into()));
    }
    if let Some(outcome) = outcome::outcome(board) {
        return Err(err(format!("the game is over ({outcome:?})")));
    }
    let side = player_name(board.to_move);
    let stones = &board.board;
    let has_moves = any_move(stones.occupied(), stones.stones(board.to_move));
    if text == "pass" {
        return if has_moves {
            Err(err(format!(
                "{side} has a move, and passing is allowed only without one"
            )))
        } else {
            Ok(Move::Pass)
        };
    }
    let Some((from_text, rest)) = text.split_once('-') else {
        return Err(err("expected a move like e2-c4, e2-c6+d6 (with a push) or pass".into()));
    };
    let (to_text, push_text) = match rest.split_once('+') {
        Some((to, push)) => (to, Some(push)),
        None => (rest, None),
    };
    let from = square(input, from_text)?;
    let to = square(input, to_text)?;
    let push = push_text.map(|p| square(input, p)).transpose()?;

    match stones.owner(from) {
        None => return Err(err(format!("there is no stone on {from}"))),
        Some(owner) if owner != board.to_move => {
            return Err(err(format!(
                "the stone on {from} is {}, but {side} is to move",
                player_name(owner)
            )))
        }
        Some(_) => {}
    }
    if !has_moves {
        return Err(err(format!("{side} has no legal move: the only move is pass")));
    }
    if to == from {
        return Err(err(format!(
            "a chain that ends on its start point {from} is not a move"
        )));
    }
    let target = stones.owner(to);
    match (target, push) {
        (None, Some(_)) => return Err(err(format!("{to} is empty: there is no stone to push"))),
        (Some(_), None) => {
            return Err(err(format!(
                "{to} is occupied: a move can end there only by pushing its stone (write {from}-{to}+<point>)"
            )))
        }
        _ => {}
    }
    if let Some(push) = push {
        let adjacent = (to.file().abs_diff(push.file()) + to.rank().abs_diff(push.rank())) == 1;
        if !adjacent {
            return Err(err(format!(
                "a push moves the stone on {to} one point orthogonally, so {push} cannot be where it goes"
            )));
        }
        if stones.owner(push).is_some() && push != from {
            return Err(err(format!("push blocked: {push} is occupied")));
        }
    }
    let mv = Move::Orbit { from, to, push };
    let r = reach(stones.occupied(), from);
    let legal = match push {
        None => r.stops & to.bit() != 0,
        Some(p) => {
            let d = (0..4).find(|&d| {
                let (dx, dy) = crate::geometry::Direction::ORTHOGONAL[d].delta();
                to.offset(dx, dy) == Some(p)
            });
            d.is_some_and(|d| r.pushes[d] & to.bit() != 0)
        }
    };
    if legal {
        Ok(mv)
    } else if let Some(p) = push {
        Err(err(format!(
            "no chain of orbits of the stone on {from} meets the stone on {to} travelling towards {p}"
        )))
    } else {
        Err(err(format!(
            "the stone on {from} cannot reach {to} by a chain of orbits"
        )))
    }
}

/// A move's notation is its points alone: its action serves as the key.
pub(crate) fn notation_key(board: &Attraction, mv: Move) -> Option<usize> {
    encoding::action_of_move(board, mv)
}

/// What a move shows interfaces: its points, the route of one chain making it, and the stone
/// pushed with where it goes.
pub(crate) fn move_info(board: &Attraction, mv: Move) -> MoveInfo {
    let notation = format_move(mv);
    match mv {
        Move::Pass => MoveInfo {
            notation,
            ..MoveInfo::default()
        },
        Move::Orbit { from, to, push } => MoveInfo {
            notation,
            from: Some(from.to_string()),
            to: Some(to.to_string()),
            path: route::route(board, mv)
                .unwrap_or_default()
                .iter()
                .map(ToString::to_string)
                .collect(),
            targets: push.map(|_| to.to_string()).into_iter().collect(),
            falls: Vec::new(),
            choice: push.map(|p| p.to_string()),
        },
    }
}
