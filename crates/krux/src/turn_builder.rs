//! Building a turn one token at a time (public), for interfaces that play click by click.
//!
//! A [`TurnBuilder`] starts from a position, accepts tokens one by one (rejecting illegal ones
//! with the reason), lists the legal next tokens, says whether the turn may end, and gives the
//! finished turn as a [`Move`]. Tokens can be taken back one at a time or all at once.

use crate::board::Krux;
use crate::moves::Move;
use crate::piece::Piece;
use crate::square::Square;
use crate::token::{self, Token};
use crate::turn::TurnState;
use arbiter_core::Error;

/// What a piece without a ring is asked to do, in words, naming only the rings it may take:
/// "take the blue ring first." or "take a ring first (blue or green)."
fn ring_choice(st: &TurnState) -> String {
    let rings: Vec<String> = st.free_rings().rings().map(|r| r.to_string()).collect();
    match rings.as_slice() {
        [] => "its turn begins with a ring.".to_string(),
        [one] => format!("take the {one} ring first."),
        [init @ .., last] => format!("take a ring first ({} or {last}).", init.join(", ")),
    }
}

/// Where a piece is in a turn being built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// On a square of the board.
    On(Square),
    /// Carried by the active carrier (off the board until dropped).
    Carried,
    /// In the hole (the turn has just won the game).
    Fallen,
}

/// A turn under construction.
#[derive(Debug, Clone)]
pub struct TurnBuilder {
    start: Krux,
    /// `states[0]` is the turn's start, `states[i]` the state after `tokens[..i]`.
    states: Vec<TurnState>,
    tokens: Vec<Token>,
}

impl TurnBuilder {
    /// Starts the turn of the piece to move; fails if the game is over.
    pub fn new(position: &Krux) -> Result<TurnBuilder, Error> {
        if position.is_over() {
            return Err(Error::GameOver);
        }
        Ok(TurnBuilder {
            start: *position,
            states: vec![TurnState::start(position)],
            tokens: Vec::new(),
        })
    }

    fn state(&self) -> &TurnState {
        self.states.last().expect("the start state is always there")
    }

    /// The position the turn starts from.
    pub fn position(&self) -> &Krux {
        &self.start
    }

    /// The piece making this turn.
    pub fn piece(&self) -> Piece {
        self.start.piece_to_move()
    }

    /// Adds a token given as text (`d3`, `Re5`, `@g`…).
    pub fn push(&mut self, text: &str) -> Result<(), Error> {
        let n = self.tokens.len() + 1;
        let token = Token::parse(text.trim()).map_err(|e| Error::bad_move(text, format!("token {n}: {e}")))?;
        self.push_token(token)
    }

    /// Adds a token.
    pub fn push_token(&mut self, token: Token) -> Result<(), Error> {
        let n = self.tokens.len() + 1;
        let next = self
            .state()
            .play_token(token)
            .map_err(|e| Error::bad_move(&token.to_string(), format!("token {n} is illegal: {e}")))?;
        self.states.push(next);
        self.tokens.push(token);
        Ok(())
    }

    /// The tokens played so far.
    pub fn tokens(&self) -> &[Token] {
        &self.tokens
    }

    /// The tokens so far in notation (`-` when there are none).
    pub fn notation(&self) -> String {
        token::join(&self.tokens)
    }

    /// Every legal next token, in byte order of their texts; empty once the turn is won or
    /// nothing more can be done.
    pub fn next_tokens(&self) -> Vec<Token> {
        let mut out = Vec::new();
        self.state().expand(|t, _| out.push(t));
        out.sort_unstable();
        out.dedup();
        out
    }

    /// May the turn end now? (A ring has been chosen on a first turn, nothing is carried.)
    pub fn can_finish(&self) -> bool {
        self.state().can_finish()
    }

    /// Has the turn put an opponent piece into the hole (so it is over and won)?
    pub fn is_won(&self) -> bool {
        self.state().fallen().is_some()
    }

    /// The turn as a move, if it may end now.
    pub fn finish(&self) -> Result<Move, Error> {
        let st = self.state();
        if st.can_finish() {
            return Ok(st.result());
        }
        let reason = match st.carried() {
            Some(carried) if st.ring().is_some() => {
                format!("Piece {} still carries piece {carried}: drop it first.", self.piece())
            }
            _ => format!("Piece {} has no ring yet: {}", self.piece(), ring_choice(st)),
        };
        Err(Error::bad_move(&self.notation(), reason))
    }

    /// Takes back the last token, returning it (`None` at the turn's start).
    pub fn undo_token(&mut self) -> Option<Token> {
        let token = self.tokens.pop()?;
        self.states.pop();
        Some(token)
    }

    /// Takes back every token.
    pub fn cancel(&mut self) {
        self.tokens.clear();
        self.states.truncate(1);
    }

    /// Where `piece` is now.
    pub fn placement(&self, piece: Piece) -> Placement {
        match self.state().square(piece) {
            None => Placement::Carried,
            Some(s) if s.is_hole() => Placement::Fallen,
            Some(s) => Placement::On(s),
        }
    }

    /// The piece being carried, if any.
    pub fn carried(&self) -> Option<Piece> {
        self.state().carried()
    }

    /// Steps taken and actions taken so far (a pick-up counts as the action at once).
    pub fn used(&self) -> (u8, u8) {
        self.state().used()
    }

    /// Has the active piece been next to an opponent piece this turn (so it may not step)?
    pub fn is_frozen(&self) -> bool {
        self.state().is_frozen()
    }
}
