//! The click machine: a turn in progress on an analysed position.

use crate::analyses::Analyses;
use crate::analysis::Analysis;
use crate::board::Board;
use crate::setup::{Setup, SetupError};
use crate::surface::Surface;
use crate::{Phase, Prompt};
use arbiter_void::{Move, Square, Void};
use std::sync::Arc;

/// How far the turn in progress has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    /// No piece is picked.
    Nothing,
    /// The piece on this cell is picked (phase `"move"`).
    Picked(Square),
    /// The picked piece has moved `from` → `to` (phase `"attack"`).
    Moved {
        /// Where it started.
        from: Square,
        /// Where it stands now.
        to: Square,
    },
}

/// What the machine knows that voidgame's six attributes do not show directly: the analysed
/// position at the start of the turn in progress, the turn so far, and what it last showed.
///
/// voidgame keeps its state on the board itself (it finds the picked piece by its `selected`
/// marker); the machine keeps it here and checks that the board still shows what it drew
/// (`in_sync`) before acting on it, so a click costs no reading of markers.
#[derive(Debug, Clone)]
pub struct Machine {
    analysis: Arc<Analysis>,
    selection: Selection,
    /// The board as last drawn here: a function of `analysis` and `selection`.
    drawn: Board,
    /// The phase as last set here.
    drawn_phase: Phase,
}

impl Default for Machine {
    fn default() -> Machine {
        Machine::new()
    }
}

impl Machine {
    /// voidgame's new game: the start position, Black to pick a piece.
    pub fn new() -> Machine {
        let analysis = Analyses::shared().start();
        Machine {
            drawn: analysis.base().clone(),
            analysis,
            selection: Selection::Nothing,
            drawn_phase: Phase::Select,
        }
    }

    /// A machine in a given state: the engine position at the start of the turn, the turn so far
    /// and the phase it showed (for restoring a saved machine). Fails if the position does not
    /// parse or the selection is not a legal pick or move in it.
    pub fn restore(position: &str, selection: Selection, phase: Phase) -> Result<Machine, SetupError> {
        let void = Void::parse(position).map_err(|error| SetupError::Position(error.to_string()))?;
        let analysis = Analyses::shared().of(void);
        let drawn = match selection {
            Selection::Nothing => Some(analysis.base().clone()),
            Selection::Picked(from) => analysis.select_board(from),
            Selection::Moved { from, to } => analysis.move_board(from, to),
        }
        .ok_or_else(|| {
            let turn = match selection {
                Selection::Nothing => String::new(),
                Selection::Picked(from) => format!("picking {from}"),
                Selection::Moved { from, to } => format!("{from}-{to}"),
            };
            SetupError::Position(format!("{turn} is not a turn in progress in '{position}'"))
        })?;
        Ok(Machine {
            analysis,
            selection,
            drawn,
            drawn_phase: phase,
        })
    }

    /// The analysed position at the start of the turn in progress.
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// The engine position string at the start of the turn in progress.
    pub fn position(&self) -> String {
        self.analysis.void().to_position_string()
    }

    /// The turn so far.
    pub fn selection(&self) -> Selection {
        self.selection
    }

    /// The board as last drawn.
    pub fn drawn(&self) -> &Board {
        &self.drawn
    }

    /// The phase as last set.
    pub fn drawn_phase(&self) -> Phase {
        self.drawn_phase
    }

    /// Whether the attributes still show the machine's state: the board as drawn, the phase as
    /// set and the side to move as `turn`.
    pub(crate) fn in_sync<S: Surface>(&self, surface: &mut S) -> Result<bool, S::Error> {
        Ok(surface.shows(&self.drawn)?
            && surface.phase() == Some(self.drawn_phase)
            && surface.turn() == Some(self.analysis.side()))
    }

    /// Shows `board` (over the board as drawn) and remembers it as drawn.
    fn show<S: Surface>(&mut self, surface: &mut S, board: Board) -> Result<(), S::Error> {
        let before = std::mem::replace(&mut self.drawn, board);
        surface.draw(&before, &self.drawn)
    }

    /// Sets the phase and remembers it.
    fn enter<S: Surface>(&mut self, surface: &mut S, phase: Phase) {
        self.drawn_phase = phase;
        surface.set_phase(phase);
    }

    /// A click on a piece of the side to move: picks it if it can move. In the move phase
    /// (`clear`) the old pick is dropped, as voidgame does, even if the new one fails.
    pub(crate) fn select<S: Surface>(&mut self, surface: &mut S, from: Square, clear: bool) -> Result<(), S::Error> {
        let Some(board) = self.analysis.select_board(from) else {
            if clear {
                self.selection = Selection::Nothing;
                let base = self.analysis.base().clone();
                self.show(surface, base)?;
            }
            surface.set_prompt(Prompt::InvalidSelect); // the phase stays as it was, as in voidgame
            return Ok(());
        };
        // (voidgame clears the old pick first; drawing the new board over the old one ends the same)
        self.selection = Selection::Picked(from);
        self.show(surface, board)?;
        self.enter(surface, Phase::Move);
        surface.set_prompt(Prompt::Move);
        Ok(())
    }

    /// A click on a `canMove` cell: the picked piece moves there.
    pub(crate) fn move_to<S: Surface>(&mut self, surface: &mut S, to: Square) -> Result<(), S::Error> {
        let board = match self.selection {
            Selection::Picked(from) => self.analysis.move_board(from, to).map(|board| (from, board)),
            _ => None,
        };
        let Some((from, board)) = board else {
            // a canMove marker the machine did not draw: cannot happen when in sync
            surface.set_prompt(Prompt::InvalidMove);
            return Ok(());
        };
        self.selection = Selection::Moved { from, to };
        self.show(surface, board)?;
        self.enter(surface, Phase::Attack);
        surface.set_prompt(Prompt::Attack);
        Ok(())
    }

    /// A click on the `start` cell: the moved piece goes back and stays picked.
    pub(crate) fn move_back<S: Surface>(&mut self, surface: &mut S) -> Result<(), S::Error> {
        let board = match self.selection {
            Selection::Moved { from, .. } => self.analysis.select_board(from).map(|board| (from, board)),
            _ => None,
        };
        let Some((from, board)) = board else {
            // no move to take back: cannot happen when in sync
            surface.set_prompt(Prompt::InvalidAttack);
            return Ok(());
        };
        self.selection = Selection::Picked(from);
        self.show(surface, board)?;
        self.enter(surface, Phase::Move);
        surface.set_prompt(Prompt::Move);
        Ok(())
    }

    /// Ends the turn: an attack on `clicked` (a `canHit` cell), or no attack (a click on the moved
    /// piece). The engine plays it; a side left without moves passes at once (twice in a row is
    /// a draw); the points are counted as voidgame counts them.
    #[inline(never)]
    pub(crate) fn finish<S: Surface>(
        &mut self,
        surface: &mut S,
        clicked: Square,
        attack: bool,
    ) -> Result<(), S::Error> {
        let turn = match self.selection {
            Selection::Moved { from, to } => Some(Move::Turn {
                from,
                to,
                target: attack.then_some(clicked),
            }),
            _ => None,
        };
        let Some(turn) = turn.filter(|&turn| self.analysis.is_legal(turn)) else {
            // a marker the machine did not draw: cannot happen when in sync
            surface.set_prompt(Prompt::InvalidAttack);
            return Ok(());
        };
        let analyses = Analyses::shared();
        let mut next = analyses.after(&self.analysis, turn);
        surface.set_scores(next.scores());
        let mut prompt = Prompt::Select;
        let mut passes = 0;
        while next.only_pass() && passes < 2 {
            next = analyses.after(&next, Move::Pass);
            prompt = Prompt::Pass;
            passes += 1;
        }
        let phase = match next.ending() {
            // like voidgame's win, `turn` stays with the side that moved
            Some(ending) => {
                surface.set_prompt(ending.prompt());
                ending.phase()
            }
            None => {
                surface.set_turn(next.side());
                surface.set_prompt(prompt);
                Phase::Select
            }
        };
        self.selection = Selection::Nothing;
        self.enter(surface, phase);
        let board = next.base().clone();
        self.analysis = next;
        self.show(surface, board)
    }

    /// Takes the attributes as the state, read the way voidgame reads them: the pieces on the
    /// board (markers dropped) and `turn` give the position (with no passes); in the move phase
    /// the `selected` piece is the pick; in the attack phase the `selected` piece is taken back to
    /// the `start` cell to give the position before the move. What cannot be read that way
    /// starts a new turn. The board is then redrawn as the machine draws that state.
    #[cold]
    #[inline(never)]
    pub(crate) fn resync<S: Surface>(&mut self, surface: &mut S) -> Result<(), S::Error> {
        let Some(side) = surface.turn() else {
            return Err(SetupError::Turn(surface.describe_turn()).into());
        };
        let mut setup = Setup::read(surface)?;
        let phase = surface.phase();
        let mut selection = Selection::Nothing;
        match (phase, setup.selected, setup.start) {
            (Some(Phase::Attack), Some(to), Some(from)) if setup.has_piece(to) => {
                setup.take_back(from, to);
                selection = Selection::Moved { from, to };
            }
            (Some(Phase::Move), Some(from), _) if setup.has_piece(from) => selection = Selection::Picked(from),
            _ => {}
        }
        let analysis = Analyses::shared().of(setup.void(side)?);
        let base = || analysis.base().clone();
        let (phase, selection, board) = match (phase, selection) {
            (Some(Phase::Attack), Selection::Moved { from, to }) => match analysis.move_board(from, to) {
                Some(board) => (Phase::Attack, selection, board),
                None => (Phase::Select, Selection::Nothing, base()),
            },
            (Some(Phase::Attack), _) => (Phase::Select, Selection::Nothing, base()),
            (Some(Phase::Move), Selection::Picked(from)) => match analysis.select_board(from) {
                Some(board) => (Phase::Move, selection, board),
                None => (Phase::Move, Selection::Nothing, base()),
            },
            (Some(phase), _) => (phase, Selection::Nothing, base()),
            (None, _) => (Phase::Select, Selection::Nothing, base()),
        };
        self.analysis = analysis;
        self.selection = selection;
        self.enter(surface, phase);
        self.drawn = board;
        surface.redraw(&self.drawn)?;
        if !self.in_sync(surface)? {
            return Err(SetupError::NotLists.into());
        }
        Ok(())
    }
}
