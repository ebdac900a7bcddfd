use thiserror::Error;

/// Everything that can go wrong when text from outside (a user, a file, a socket) meets a game.
///
/// Every message says what was wrong, so that interfaces can show it as it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A position string that does not describe a valid position.
    #[error("bad position: {0}")]
    Position(String),
    /// A move that is malformed or not legal in the current position.
    #[error("bad move '{input}': {reason}")]
    Move {
        /// The text as given.
        input: String,
        /// Why it was rejected.
        reason: String,
    },
    /// Options that do not parse or do not apply to the game.
    #[error("bad options: {0}")]
    Options(String),
    /// A game name the registry does not know.
    #[error("unknown game '{name}' (known games: {known})")]
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
    #[error("{0}")]
    Invalid(String),
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
