//! voidgame's `process`: what one click does.

use crate::board::Board;
use crate::flags::Flags;
use crate::machine::Machine;
use crate::setup::SetupError;
use crate::surface::Surface;
use crate::{Phase, Prompt, Side};
use arbiter_void::Square;

/// What a click asks for, decided as voidgame's `process` decides it: by the phase, `turn` and
/// the clicked cell's string alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    /// Nothing happens but this prompt.
    Refuse(Prompt),
    /// A piece of the side to move: pick it (`clear`: dropping the current pick first).
    Select { clear: bool },
    /// A `canMove` cell: move there.
    MoveTo,
    /// The `start` cell: move back.
    MoveBack,
    /// A `canHit` cell (`attack`) or the moved piece: end the turn.
    Finish { attack: bool },
}

/// voidgame's dispatch of a click in a phase where clicks count.
#[inline(always)]
fn action(phase: Phase, turn: Option<Side>, cell: Flags) -> Action {
    // voidgame's "<turn>#" prefix: anything but "black" counts as white
    let mover = turn.unwrap_or(Side::White);
    match phase {
        Phase::Select if cell.shows_piece_of(mover) => Action::Select { clear: false },
        Phase::Move if cell.can_move() => Action::MoveTo,
        Phase::Move if cell.shows_piece_of(mover) => Action::Select { clear: true },
        Phase::Attack if cell.is_start() => Action::MoveBack,
        Phase::Attack if cell.can_hit() => Action::Finish { attack: true },
        Phase::Attack if cell.is_selected() => Action::Finish { attack: false },
        Phase::Select => Action::Refuse(Prompt::InvalidSelect),
        Phase::Move => Action::Refuse(Prompt::InvalidMove),
        Phase::Attack | Phase::Win | Phase::Draw => Action::Refuse(Prompt::InvalidAttack),
    }
}

/// The prompt of a click voidgame refuses (it changes nothing else), `None` for a click that
/// changes the state (or, in a phase where clicks are ignored, does nothing): given `phase`,
/// `turn` and voidgame's tests on the clicked cell, as [`process`] decides.
///
/// Most of a user's clicks are refused; a binding may answer them from this alone, without
/// [`process`], when it has read the cell without doubt.
#[inline]
pub fn refusal(phase: Phase, turn: Option<Side>, cell: Flags) -> Option<Prompt> {
    if !phase.is_playing() {
        return None;
    }
    match action(phase, turn, cell) {
        Action::Refuse(prompt) => Some(prompt),
        _ => None,
    }
}

/// One click on cell (`orbit`, `sector`), exactly as voidgame 1.1's `process(state, orbit,
/// sector)` does it, except for Arbiter's rulings (the engine decides every rule).
///
/// Clicks are ignored once the game is over (or while `phase` is not a phase). A refused click
/// only sets the prompt: it reads one cell and allocates nothing. A click that changes the state
/// first checks that the attributes still show what the machine drew; if a program has changed
/// them, the position is read from them again (see [`Machine`]) and the click is then processed
/// on it.
#[inline]
pub fn process<S: Surface>(machine: &mut Machine, surface: &mut S, orbit: i64, sector: i64) -> Result<(), S::Error> {
    let Some(phase) = surface.phase().filter(|phase| phase.is_playing()) else {
        return Ok(());
    };
    let cell = surface.flags(orbit, sector, machine.drawn())?;
    match action(phase, surface.turn(), cell) {
        Action::Refuse(prompt) => {
            surface.set_prompt(prompt);
            Ok(())
        }
        action => act(machine, surface, action, Board::cell_of(orbit, sector)).or_else(|resync| match resync {
            Resync::Needed => reread_and_process(machine, surface, orbit, sector),
            Resync::Failed(error) => Err(error),
        }),
    }
}

/// Why [`act`] did not act.
enum Resync<E> {
    /// The attributes no longer show the machine's state.
    Needed,
    /// Reading them failed.
    Failed(E),
}

/// Carries out a click that changes the state, if the attributes still show the machine's state.
#[inline(never)]
fn act<S: Surface>(
    machine: &mut Machine,
    surface: &mut S,
    action: Action,
    clicked: Square,
) -> Result<(), Resync<S::Error>> {
    match machine.in_sync(surface) {
        Ok(true) => {}
        Ok(false) => return Err(Resync::Needed),
        Err(error) => return Err(Resync::Failed(error)),
    }
    match action {
        Action::Select { clear } => machine.select(surface, clicked, clear),
        Action::MoveTo => machine.move_to(surface, clicked),
        Action::MoveBack => machine.move_back(surface),
        Action::Finish { attack } => machine.finish(surface, clicked, attack),
        Action::Refuse(prompt) => {
            surface.set_prompt(prompt);
            Ok(())
        }
    }
    .map_err(Resync::Failed)
}

/// Takes the attributes a program has changed as the state, then processes the click on it.
#[cold]
#[inline(never)]
fn reread_and_process<S: Surface>(
    machine: &mut Machine,
    surface: &mut S,
    orbit: i64,
    sector: i64,
) -> Result<(), S::Error> {
    machine.resync(surface)?;
    let Some(phase) = surface.phase().filter(|phase| phase.is_playing()) else {
        return Ok(());
    };
    let cell = surface.flags(orbit, sector, machine.drawn())?;
    match action(phase, surface.turn(), cell) {
        Action::Refuse(prompt) => {
            surface.set_prompt(prompt);
            Ok(())
        }
        action => act(machine, surface, action, Board::cell_of(orbit, sector)).map_err(|resync| match resync {
            // the board was just redrawn and checked: only a board that compares in strange ways
            // gets here
            Resync::Needed => SetupError::NotLists.into(),
            Resync::Failed(error) => error,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dispatch_follows_voidgame() {
        let piece = Flags::of_text("black#flag");
        assert_eq!(
            action(Phase::Select, Some(Side::Black), piece),
            Action::Select { clear: false }
        );
        assert_eq!(
            action(Phase::Select, Some(Side::White), piece),
            Action::Refuse(Prompt::InvalidSelect)
        );
        // a turn that is neither colour reads as white, as voidgame's prefix does
        let white = Flags::of_text("white#bomber");
        assert_eq!(action(Phase::Select, None, white), Action::Select { clear: false });
        assert_eq!(
            action(Phase::Move, Some(Side::Black), Flags::of_text("canMove")),
            Action::MoveTo
        );
        assert_eq!(
            action(Phase::Move, Some(Side::Black), piece),
            Action::Select { clear: true }
        );
        assert_eq!(
            action(Phase::Attack, Some(Side::Black), Flags::of_text("start")),
            Action::MoveBack
        );
        assert_eq!(
            action(Phase::Attack, Some(Side::Black), Flags::of_text("start willFall")),
            Action::Refuse(Prompt::InvalidAttack)
        );
        assert_eq!(
            action(Phase::Attack, Some(Side::Black), Flags::of_text("white#x canHit")),
            Action::Finish { attack: true }
        );
        assert_eq!(
            action(
                Phase::Attack,
                Some(Side::Black),
                Flags::of_text("black#flag selected willFall")
            ),
            Action::Finish { attack: false }
        );
    }
}
