//! Krux for machine learning: the position as planes, and a turn as a sequence of step actions.
//!
//! Observation: 12 planes × 7 × 7 (row 0 = rank 1, column 0 = file a). Planes 0–5: piece 1 to 6
//! (a one on its square; a piece in the hole on d4); 6–8: the squares of pieces wearing the blue,
//! green, pink ring; 9: White's pieces; 10: the piece to move; 11: the hole.
//!
//! A player's view (for nets with a view per player): 10 planes × 7 × 7. Planes 0–2: the
//! viewer's pieces in the order they move (White's 1, 3, 5; Black's 2, 4, 6); 3–5: the
//! opponent's, likewise; 6–8: the blue, green, pink rings; 9: the piece to move. Black sees the
//! board turned half round through the hole (square `i` at `48 − i`), so that each side sees its
//! own pieces start where White's do.
//!
//! Actions are **steps**, not whole turns: a Krux turn is up to 8 steps in any order, and one
//! position has up to ~5,000 distinct turns out of ~200,000 step sequences, with no small fixed
//! numbering of whole turns (a turn is the end square of every piece it moves, plus the ring).
//! The 347 step actions are: 0–2 the rings `@b @g @p`; 3 + square a step; then for `R`, `A`, `P`,
//! `D`, `J`, `X` in that order 49 actions each (the action on that square); 346 ends the turn.
//! A turn is the steps of one player in a row, ended by 346 or by a step that wins.

use crate::board::Krux;
use crate::piece::{Piece, Ring};
use crate::square::{Square, SIZE, SQUARES};
use crate::token::Token;
use crate::turn_builder::TurnBuilder;
use crate::variant::KruxVariant;
use arbiter_core::{Error, Player, StepActions};

/// Planes of the observation.
const PLANES: usize = 12;
/// The action that ends a turn, the last of the space.
const END: usize = 3 + 7 * SQUARES;

/// The observation's shape: 12 planes of 7 × 7, in every variant (the planes do not show the
/// variant's rules).
pub(crate) fn observation_shape(_: &KruxVariant) -> [usize; 3] {
    [PLANES, SIZE, SIZE]
}

/// The size of the action space: 347 step actions.
pub(crate) fn action_space(_: &KruxVariant) -> usize {
    END + 1
}

/// The action letters in the order of their blocks.
const ACTION_LETTERS: [char; 6] = ['R', 'A', 'P', 'D', 'J', 'X'];

/// Marks the ones of the planes (see the module's doc): `12 × 7 × 7` values.
pub(crate) fn observation_inputs(k: &Krux, mark: &mut dyn FnMut(usize)) {
    let mut set = |plane: usize, square: Square| mark(plane * SQUARES + square.index());
    for piece in Piece::all() {
        let square = k.square(piece);
        set(piece.index(), square);
        if let Some(ring) = k.ring(piece) {
            set(6 + Ring::ALL.iter().position(|&r| r == ring).expect("a ring"), square);
        }
        if piece.owner() == arbiter_core::Player::First {
            set(9, square);
        }
    }
    set(10, k.square(k.piece_to_move()));
    set(11, Square::HOLE);
}

/// Planes of a player's view.
const VIEW_PLANES: usize = 10;

/// The shape of a player's view, the same in every variant.
pub(crate) fn perspective_shape(_: &KruxVariant) -> [usize; 3] {
    [VIEW_PLANES, SIZE, SIZE]
}

/// Marks the ones of `viewer`'s view (see the module's doc): `10 × 7 × 7` inputs.
pub(crate) fn view_inputs(k: &Krux, viewer: Player, mark: &mut dyn FnMut(usize)) {
    let turned = viewer == Player::Second;
    let mut set = |plane: usize, square: Square| {
        let cell = if turned {
            SQUARES - 1 - square.index()
        } else {
            square.index()
        };
        mark(plane * SQUARES + cell);
    };
    for piece in Piece::all() {
        let square = k.square(piece);
        // Pieces 1–6 alternate owners: index / 2 is the piece's place among its owner's.
        let side = if piece.owner() == viewer { 0 } else { 3 };
        set(side + piece.index() / 2, square);
        if let Some(ring) = k.ring(piece) {
            set(6 + Ring::ALL.iter().position(|&r| r == ring).expect("a ring"), square);
        }
    }
    set(9, k.square(k.piece_to_move()));
}

/// The action of a step in notation.
pub(crate) fn action_of_step(text: &str) -> Option<usize> {
    Token::parse(text).ok().map(action_of_token)
}

/// The action of a step.
fn action_of_token(token: Token) -> usize {
    match token {
        Token::Ring(r) => usize::from(r.code() - 1),
        Token::Step(s) => 3 + s.index(),
        Token::Repel(s) => 3 + SQUARES + s.index(),
        Token::Attract(s) => 3 + 2 * SQUARES + s.index(),
        Token::PickUp(s) => 3 + 3 * SQUARES + s.index(),
        Token::Drop(s) => 3 + 4 * SQUARES + s.index(),
        Token::Jump(s) => 3 + 5 * SQUARES + s.index(),
        Token::Switch(s) => 3 + 6 * SQUARES + s.index(),
    }
}

/// The legal actions after `steps` of the turn in progress (see
/// [`arbiter_core::Encoding::step_actions`]): the turn builder's next tokens, as
/// [`crate::stepwise`] shows them to players.
pub(crate) fn step_actions(k: &Krux, steps: &[String]) -> Result<StepActions, Error> {
    let mut builder = TurnBuilder::new(k)?;
    for text in steps {
        builder.push(text)?;
    }
    let won = builder.is_won();
    let mut actions: Vec<usize> = builder.next_tokens().into_iter().map(action_of_token).collect();
    if builder.can_finish() && !won {
        actions.push(END);
    }
    actions.sort_unstable();
    Ok(StepActions { actions, won })
}

/// The step of an action, in notation; `None` for the end of a turn or past the space.
pub(crate) fn step_of_action(action: usize) -> Option<String> {
    if action < 3 {
        return Some(format!("@{}", Ring::ALL[action].letter()));
    }
    if action >= END {
        return None;
    }
    let (block, square) = ((action - 3) / SQUARES, (action - 3) % SQUARES);
    let square = Square::from_index(square)?;
    Some(match block {
        0 => square.to_string(),
        b => format!("{}{square}", ACTION_LETTERS[b - 1]),
    })
}
