//! What a program sees of a voidgame state, and may change between clicks.

use crate::board::Board;
use crate::flags::Flags;
use crate::points::Scores;
use crate::setup::SetupError;
use crate::{Phase, Prompt, Side};
use arbiter_void::Square;

/// voidgame's six attributes (`turn`, `phase`, `prompt`, `black`, `white`, `board`) as a program
/// holds them: the click machine reads and writes them only through this trait.
///
/// voidgame keeps its whole state in those attributes and programs assign them (to set up a
/// position, or to restore a saved state), so the machine never assumes they still show what it
/// wrote: [`crate::process`] checks before every click that changes the state, and re-reads the
/// position from them when they differ. The Python binding implements this trait on real Python
/// objects; [`crate::PlainState`] on Rust values.
pub trait Surface {
    /// Errors of reading the attributes (a malformed board, a bad index); the machine's own
    /// errors arrive as [`SetupError`]s.
    type Error: From<SetupError>;

    /// The phase, `None` if `phase` holds anything but one of the five phase strings.
    fn phase(&self) -> Option<Phase>;

    /// The side `turn` names, `None` if it holds anything but `"black"` or `"white"`.
    fn turn(&self) -> Option<Side>;

    /// `turn` as the program wrote it, for the message of a bad one (Python's `repr`).
    fn describe_turn(&self) -> String;

    /// voidgame's tests on `board[orbit][sector]`, the coordinates indexing as voidgame's do
    /// (negative ones from the end; out of range is an error). `drawn` is the board as the
    /// machine last drew it, which most cells still show: a surface may recognise its own cell
    /// strings by it instead of reading them.
    fn flags(&mut self, orbit: i64, sector: i64, drawn: &Board) -> Result<Flags, Self::Error>;

    /// Whether `board` equals `drawn` (5 lists of 18 equal strings).
    fn shows(&mut self, drawn: &Board) -> Result<bool, Self::Error>;

    /// Calls `visit` with every cell's string (`str()` of it), orbit 0 first; fails with
    /// [`SetupError::Shape`] unless `board` has 5 orbits of 18 sectors.
    fn read_cells(&mut self, visit: &mut dyn FnMut(Square, &str)) -> Result<(), Self::Error>;

    /// Sets `prompt`.
    fn set_prompt(&mut self, prompt: Prompt);

    /// Sets `phase`.
    fn set_phase(&mut self, phase: Phase);

    /// Sets `turn`.
    fn set_turn(&mut self, side: Side);

    /// Sets `black` and `white`.
    fn set_scores(&mut self, scores: Scores);

    /// Shows `after` on a board that shows `before` (as [`Surface::shows`] found), changing the
    /// program's lists in place as voidgame does.
    fn draw(&mut self, before: &Board, after: &Board) -> Result<(), Self::Error>;

    /// Shows `board` whatever the program's lists hold now (after re-reading them), in place.
    fn redraw(&mut self, board: &Board) -> Result<(), Self::Error>;
}
