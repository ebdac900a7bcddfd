//! Step-by-step move input, for games whose turns are sequences of small steps (Krux): a partial
//! turn with its next legal steps, as any front end shows it. A game offers it through
//! [`crate::Presentation::partial_turn`]; the server and the web app know no game's steps.

use crate::drawing::PlacedPiece;
use serde::Serialize;

/// One legal next step of a partial turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NextStep {
    /// The step in notation, as it is sent back.
    pub token: String,
    /// The cell a click chooses it on; `None` for a step chosen by a button (a ring).
    pub cell: Option<String>,
    /// The mark drawn on that cell (`step`, `jump`, `repel`, … : CSS class `mark-<mark>`).
    pub mark: &'static str,
    /// What it does, in words ("Repel piece 4 on c3").
    pub label: String,
}

/// A turn being built: what has been done, where everything stands, what may come next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PartialTurn {
    /// The steps played so far.
    pub tokens: Vec<String>,
    /// The steps so far as a turn in notation.
    pub notation: String,
    /// Every legal next step.
    pub next: Vec<NextStep>,
    /// May the turn end now?
    pub can_finish: bool,
    /// Has the turn already won?
    pub won: bool,
    /// Why the turn cannot end now, if it cannot.
    pub blocked: Option<String>,
    /// One line on the turn so far ("Piece 3 is moving · steps 1/3 · actions 0/2").
    pub status: String,
    /// The cell of the moving piece, if it stands on one.
    pub active: Option<String>,
    /// Anything else the player must know now ("Carrying piece 4: drop it on a marked square").
    pub note: Option<String>,
    /// Every piece where it stands now.
    pub pieces: Vec<PlacedPiece>,
}

/// The legal actions of a turn in progress ([`crate::Encoding::step_actions`]): what
/// [`PartialTurn`] says, as action indices, without its words and pictures.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StepActions {
    /// The next steps' actions, and the end of the turn (the last action of the space) when the
    /// turn may end, ascending; empty once the turn has won.
    pub actions: Vec<usize>,
    /// Have the steps won the game (so the turn is over)?
    pub won: bool,
}

/// One click of a move's input: a cell, or a button when `cell` is `None`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Click {
    /// The cell clicked, if any.
    pub cell: Option<String>,
    /// What the click does, in words.
    pub label: String,
    /// The step it enters, for step-by-step games.
    pub token: Option<String>,
}
