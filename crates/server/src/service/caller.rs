//! Who is asking, as the service sees it: plain data (the player behind the request's token, and
//! whether a token was sent at all). The routes fill it in from the request (`src/auth.rs`).

use super::ServiceError;
use crate::player::PlayerRef;

/// The player making a request, if it carries a known token.
#[derive(Debug, Clone, Default)]
pub struct Caller {
    /// The player, when the token is known.
    pub player: Option<PlayerRef>,
    /// A token was sent (known or not): tells "no token" apart from "a token we do not know".
    pub sent_token: bool,
}

impl Caller {
    /// The player, or an unauthorized error for a request that needs one.
    pub fn require(&self) -> Result<&PlayerRef, ServiceError> {
        match &self.player {
            Some(player) => Ok(player),
            None if self.sent_token => Err(ServiceError::unauthorized(
                "the player token is not known here: get a new one with POST /api/players",
            )),
            None => Err(ServiceError::unauthorized(
                "this needs a player token (the arbiter_token cookie or an Authorization: Bearer header); \
                 POST /api/players gives one",
            )),
        }
    }
}
