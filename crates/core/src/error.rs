//! The one error type of text from outside meeting a game: every message says what was wrong.

use thiserror::Error;

/// Everything that can go wrong when text from outside (a user, a file, a socket) meets a game.
///
/// Every message says what was wrong, so that interfaces can show it as it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A position string that does not describe a valid position.
    #[error("bad position: {}", shorten(.0, MESSAGE))]
    Position(String),
    /// A move that is malformed or not legal in the current position.
    #[error("bad move '{}': {}", shorten(.input, QUOTE), shorten(.reason, MESSAGE))]
    Move {
        /// The text as given.
        input: String,
        /// Why it was rejected.
        reason: String,
    },
    /// Options that do not parse or do not apply to the game.
    #[error("bad options: {}", shorten(.0, MESSAGE))]
    Options(String),
    /// A game name the registry does not know.
    #[error("unknown game '{}' (known games: {known})", shorten(.name, QUOTE))]
    UnknownGame {
        /// The name as given.
        name: String,
        /// The registered names, comma separated.
        known: String,
    },
    /// An operation that needs a game in progress, asked of a finished one.
    #[error("the game is over")]
    GameOver,
    /// An operation that cannot be done now (undo at the start, for example).
    #[error("{}", shorten(.0, MESSAGE))]
    Invalid(String),
}

/// The most characters of a quoted input (a move, a name) in a message.
const QUOTE: usize = 80;
/// The most characters of a whole message.
const MESSAGE: usize = 400;

/// Outside text quoted in a message: at most 80 characters, control characters escaped.
pub fn quote(text: &str) -> String {
    shorten(text, QUOTE)
}

/// Text from outside made fit for a one-line message: control characters (newlines included)
/// escaped, and at most `limit` characters, the rest counted ("… (1048576 characters)"), so that
/// a megabyte of garbage is never echoed back whole.
pub fn shorten(text: &str, limit: usize) -> String {
    let mut out = String::new();
    let mut written = 0;
    for c in text.chars() {
        if written >= limit {
            out.push_str(&format!("… ({} characters)", text.chars().count()));
            return out;
        }
        if c.is_control() {
            let escaped: String = c.escape_default().collect();
            written += escaped.chars().count();
            out.push_str(&escaped);
        } else {
            written += 1;
            out.push(c);
        }
    }
    out
}

impl Error {
    /// A bad-move error with its reason.
    pub fn bad_move(input: &str, reason: impl Into<String>) -> Self {
        Error::Move {
            input: input.to_string(),
            reason: reason.into(),
        }
    }

    /// A bad-position error.
    pub fn bad_position(reason: impl Into<String>) -> Self {
        Error::Position(reason.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_quote_outside_text_short_and_on_one_line() {
        let huge = "x\n".repeat(500_000);
        let text = Error::bad_move(&huge, "not a move").to_string();
        assert!(text.len() < 200, "{text}");
        assert!(!text.contains('\n'), "{text}");
        assert!(text.contains("(1000000 characters)"), "{text}");
        let text = Error::bad_position(format!("'{huge}' is not a board")).to_string();
        assert!(text.len() < 500 && !text.contains('\n'), "{text}");
        assert_eq!(
            Error::bad_move("a1-a2", "blocked").to_string(),
            "bad move 'a1-a2': blocked"
        );
        assert_eq!(shorten("tab\there", 10), "tab\\there");
    }
}
