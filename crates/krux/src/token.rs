//! One token of a turn (a ring choice, a step, or an action), because a Krux turn is a sequence
//! of them, in notation and when played click by click.

use crate::piece::Ring;
use crate::square::Square;
use std::cmp::Ordering;
use std::fmt;

/// One token of a turn, in the order it happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Token {
    /// `@b` `@g` `@p`: the ring placed on a piece's first turn (first token then).
    Ring(Ring),
    /// `d3`: a step to that neighbouring square.
    Step(Square),
    /// `Re5`: repel the piece on that square.
    Repel(Square),
    /// `Ae5`: attract the piece on that square.
    Attract(Square),
    /// `Pe5`: pick up the piece on that square (carrier).
    PickUp(Square),
    /// `Dd3`: drop the carried piece there (`Dd4`: into the hole).
    Drop(Square),
    /// `Jf4`: jump to that square (jumper).
    Jump(Square),
    /// `Xa3`: switch places with the piece on that square (switcher).
    Switch(Square),
}

impl Token {
    /// The token's text as bytes (2 or 3 of them) and its length: notation and canonical order.
    pub fn bytes(self) -> ([u8; 3], usize) {
        let sq = |s: Square| [b'a' + s.file() as u8, b'1' + s.rank() as u8];
        let action = |c: u8, s: Square| {
            let [f, r] = sq(s);
            ([c, f, r], 3)
        };
        match self {
            Token::Ring(r) => ([b'@', r.letter() as u8, 0], 2),
            Token::Step(s) => {
                let [f, r] = sq(s);
                ([f, r, 0], 2)
            }
            Token::Repel(s) => action(b'R', s),
            Token::Attract(s) => action(b'A', s),
            Token::PickUp(s) => action(b'P', s),
            Token::Drop(s) => action(b'D', s),
            Token::Jump(s) => action(b'J', s),
            Token::Switch(s) => action(b'X', s),
        }
    }

    /// Parses one token (no surrounding spaces, not `-`); the error says what is wrong.
    pub fn parse(text: &str) -> Result<Token, String> {
        let b = text.as_bytes();
        if b.is_empty() {
            return Err("empty token".into());
        }
        if b[0] == b'@' {
            return match text.chars().nth(1).and_then(Ring::from_letter) {
                Some(r) if b.len() == 2 => Ok(Token::Ring(r)),
                _ => Err("a ring token is @b, @g or @p".into()),
            };
        }
        if b[0].is_ascii_lowercase() {
            return Square::parse(text)
                .map(Token::Step)
                .ok_or_else(|| "a step is a square a1..g7; actions start with R, A, P, D, J or X".into());
        }
        let kind: fn(Square) -> Token = match b[0] {
            b'R' => Token::Repel,
            b'A' => Token::Attract,
            b'P' => Token::PickUp,
            b'D' => Token::Drop,
            b'J' => Token::Jump,
            b'X' => Token::Switch,
            _ => {
                return Err("unknown token: expected @b/@g/@p, a square like d3, \
                     or R, A, P, D, J, X followed by a square"
                    .into())
            }
        };
        let rest = text.get(1..).unwrap_or("");
        Square::parse(rest)
            .map(kind)
            .ok_or_else(|| format!("'{rest}' after '{}' is not a square a1..g7", b[0] as char))
    }

    /// The square the token names, if any.
    pub fn square(self) -> Option<Square> {
        match self {
            Token::Ring(_) => None,
            Token::Step(s)
            | Token::Repel(s)
            | Token::Attract(s)
            | Token::PickUp(s)
            | Token::Drop(s)
            | Token::Jump(s)
            | Token::Switch(s) => Some(s),
        }
    }

    /// Is this a step (not an action, not a ring choice)?
    pub fn is_step(self) -> bool {
        matches!(self, Token::Step(_))
    }
}

impl Ord for Token {
    /// Plain byte order of the token texts: with no token a prefix of another, this is the
    /// order of whole comma-joined sequences of equal length, as canonical notation needs.
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, la) = self.bytes();
        let (b, lb) = other.bytes();
        a[..la].cmp(&b[..lb])
    }
}

impl PartialOrd for Token {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (b, n) = self.bytes();
        f.write_str(std::str::from_utf8(&b[..n]).expect("ASCII"))
    }
}

/// Writes a token sequence in notation: comma-separated, `-` for an empty turn.
pub fn join(tokens: &[Token]) -> String {
    if tokens.is_empty() {
        return "-".to_string();
    }
    let mut out = String::with_capacity(tokens.len() * 4);
    for (i, t) in tokens.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&t.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_order() {
        for text in ["@b", "@g", "@p", "d3", "Re5", "Ae5", "Pe5", "Dd4", "Jf4", "Xa3"] {
            assert_eq!(Token::parse(text).unwrap().to_string(), text);
        }
        for bad in ["", "@", "@x", "@bb", "h1", "d0", "Q3", "R", "Rd", "Rd44", "r1", "-"] {
            assert!(Token::parse(bad).is_err(), "{bad}");
        }
        let mut all: Vec<Token> = ["b2", "Xa3", "@p", "Ae5", "a7", "Dd3", "@b", "Jf4", "Re5"]
            .iter()
            .map(|t| Token::parse(t).unwrap())
            .collect();
        all.sort();
        let texts: Vec<String> = all.iter().map(Token::to_string).collect();
        let mut sorted = texts.clone();
        sorted.sort();
        assert_eq!(texts, sorted);
        assert_eq!(join(&[]), "-");
        assert_eq!(join(&all[..2]), "@b,@p");
    }

    /// Every token but a ring choice names a square (the cell a front end marks for it), and
    /// only a plain square token is a step.
    #[test]
    fn square_and_step() {
        for (text, square, step) in [
            ("@b", None, false),
            ("@g", None, false),
            ("@p", None, false),
            ("d3", Some("d3"), true),
            ("Re5", Some("e5"), false),
            ("Ae5", Some("e5"), false),
            ("Pe5", Some("e5"), false),
            ("Dd4", Some("d4"), false),
            ("Jf4", Some("f4"), false),
            ("Xa3", Some("a3"), false),
        ] {
            let t = Token::parse(text).unwrap();
            assert_eq!(t.square(), square.map(|s| Square::parse(s).unwrap()), "{text}");
            assert_eq!(t.is_step(), step, "{text}");
        }
    }
}
