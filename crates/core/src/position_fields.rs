//! Splitting a position string into its fields, the same way for every game with passes.

use crate::Error;

/// The fields of a position string `board mover passes` (the pass count may be left out).
///
/// The conventions shared by every game allow exactly single spaces between fields and
/// nothing before or after; every game with a pass count splits its positions here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionFields<'a> {
    /// The board field, for the game to parse.
    pub board: &'a str,
    /// The side (or piece) to move, for the game to parse.
    pub mover: &'a str,
    /// Passes just played in a row: 0, 1 or 2 (0 when the field is left out).
    pub passes: u8,
}

impl<'a> PositionFields<'a> {
    /// Splits `text`; `mover` describes the second field for error messages (`"b or w"`).
    pub fn split(text: &'a str, mover: &str) -> Result<Self, Error> {
        let bad = |reason: String| Error::bad_position(format!("{reason} in '{}'", crate::quote(text)));
        if text.is_empty() {
            return Err(bad("the position is empty".into()));
        }
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.iter().any(|f| f.is_empty()) || text.chars().any(|c| c.is_whitespace() && c != ' ') {
            return Err(bad(
                "fields must be separated by single spaces, with nothing before or after".into(),
            ));
        }
        let (board, side, passes) = match fields[..] {
            [board, side] => (board, side, "0"),
            [board, side, passes] => (board, side, passes),
            _ => {
                return Err(bad(format!(
                    "expected 3 fields (board, side to move {mover}, passes) or 2 (without passes), found {}",
                    fields.len()
                )))
            }
        };
        let passes = match passes {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            other => return Err(bad(format!("the pass count must be 0, 1 or 2, not '{other}'"))),
        };
        Ok(PositionFields {
            board,
            mover: side,
            passes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::PositionFields;

    #[test]
    fn splits_two_and_three_fields() {
        let f = PositionFields::split("x/y b 1", "b or w").unwrap();
        assert_eq!((f.board, f.mover, f.passes), ("x/y", "b", 1));
        assert_eq!(PositionFields::split("x/y w", "b or w").unwrap().passes, 0);
    }

    #[test]
    fn rejects_anything_but_single_spaces() {
        for text in [
            "", " x b 0", "x b 0 ", "x  b 0", "x\tb 0", "x b\n", "x", "x b 0 0", "x b 3", "x b -",
        ] {
            assert!(PositionFields::split(text, "b or w").is_err(), "{text:?}");
        }
        let err = PositionFields::split("x b 0 ", "b or w").unwrap_err().to_string();
        assert!(err.contains("single spaces"), "{err}");
    }
}
