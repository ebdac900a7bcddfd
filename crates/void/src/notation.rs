use crate::{Cell, Void};
use arbiter_core::Error;
use std::fmt;

/// One Void turn: a move of one piece with an optional attack by it, or a forced pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VoidMove {
    /// The only move when no piece can move.
    Pass,
    /// A piece moves from `from` to `to` and, if `target` is given, attacks it. For a sweeper the
    /// target is the first piece chosen; for a bomber, the highest piece below it.
    Turn {
        /// Where the piece starts.
        from: Cell,
        /// Where it lands.
        to: Cell,
        /// The piece attacked, if any.
        target: Option<Cell>,
    },
}

impl fmt::Display for VoidMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VoidMove::Pass => f.write_str("pass"),
            VoidMove::Turn { from, to, target: None } => write!(f, "{from}-{to}"),
            VoidMove::Turn {
                from,
                to,
                target: Some(t),
            } => write!(f, "{from}-{to}x{t}"),
        }
    }
}

/// The parts of a turn as written, before checking legality.
struct Written {
    from: Cell,
    to: Cell,
    target: Option<Cell>,
}

fn split(text: &str) -> Result<Option<Written>, String> {
    if text == "pass" {
        return Ok(None);
    }
    let mut body = text;
    let bytes = text.as_bytes();
    let piece_letter = bytes
        .first()
        .is_some_and(|b| matches!(b.to_ascii_uppercase(), b'F' | b'B' | b'S' | b'X'));
    if piece_letter && bytes.get(1).is_some_and(u8::is_ascii_alphabetic) {
        body = &text[1..];
    }
    let (from, rest) = body
        .split_once('-')
        .ok_or("a turn is written FROM-TO or FROM-TOxTARGET (like d3-f5 or n5-o5xo2), or pass")?;
    let (to, target) = match rest.split_once('x') {
        Some((to, target)) => (to, Some(target)),
        None => (rest, None),
    };
    Ok(Some(Written {
        from: Cell::parse(from)?,
        to: Cell::parse(to)?,
        target: target.map(Cell::parse).transpose()?,
    }))
}

impl Void {
    /// Parses a turn and checks that it is legal here, explaining why when it is not.
    pub(crate) fn parse_turn(&self, input: &str) -> Result<VoidMove, Error> {
        let text = input.trim();
        let bad = |reason: String| Error::bad_move(input, reason);
        let mut legal = Vec::new();
        self.generate(&mut legal);
        if legal.is_empty() {
            return Err(bad("the game is over".into()));
        }
        let Some(w) = split(text).map_err(bad)? else {
            return if legal == [VoidMove::Pass] {
                Ok(VoidMove::Pass)
            } else {
                Err(bad("pass is only legal when no piece can move".into()))
            };
        };
        let piece = self
            .piece(w.from)
            .ok_or_else(|| bad(format!("there is no piece on {}", w.from)))?;
        if piece.owner != self.side_to_move() {
            return Err(bad(format!("the piece on {} is not the mover's", w.from)));
        }
        let name = format!("{:?}", piece.kind).to_lowercase();
        let candidates: Vec<_> = legal
            .iter()
            .filter_map(|m| match *m {
                VoidMove::Turn { from, to, target } if from == w.from && to == w.to => Some(target),
                _ => None,
            })
            .collect();
        if candidates.is_empty() {
            return Err(bad(format!("the {name} on {} cannot move to {}", w.from, w.to)));
        }
        if candidates.contains(&w.target) {
            return Ok(VoidMove::Turn {
                from: w.from,
                to: w.to,
                target: w.target,
            });
        }
        let targets: Vec<String> = candidates.iter().flatten().map(|c| c.to_string()).collect();
        let offered = if targets.is_empty() {
            "none".to_string()
        } else {
            targets.join(", ")
        };
        Err(bad(format!(
            "the {name} moving {}-{} cannot attack {} (possible targets: {offered})",
            w.from,
            w.to,
            w.target.expect("a missing target is always legal")
        )))
    }
}
