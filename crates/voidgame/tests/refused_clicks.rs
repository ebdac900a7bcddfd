//! Refused clicks (most of a user's) allocate nothing and only set the prompt, and `refusal`
//! answers exactly as `process` does.

use arbiter_voidgame::{
    process, refusal, Board, Flags, Machine, Phase, Prompt, Scores, SetupError, Side, Square, Surface,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell as StdCell;

/// Counts this thread's allocations.
struct Counting;

thread_local! {
    static ALLOCATIONS: StdCell<usize> = const { StdCell::new(0) };
}

// A global allocator cannot be written without unsafe code.
#[allow(unsafe_code)]
// SAFETY: forwards to the system allocator; the count is a plain thread-local number.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.with(StdCell::get)
}

/// voidgame's attributes held as the machine's own values: no strings.
struct Quiet {
    phase: Phase,
    turn: Side,
    prompt: Prompt,
    board: Board,
}

impl Surface for Quiet {
    type Error = SetupError;

    fn phase(&self) -> Option<Phase> {
        Some(self.phase)
    }

    fn turn(&self) -> Option<Side> {
        Some(self.turn)
    }

    fn describe_turn(&self) -> String {
        self.turn.name().to_string()
    }

    fn flags(&mut self, orbit: i64, sector: i64, _drawn: &Board) -> Result<Flags, SetupError> {
        Ok(Flags::of_cell(self.board[Board::cell_of(orbit, sector)]))
    }

    fn shows(&mut self, drawn: &Board) -> Result<bool, SetupError> {
        Ok(self.board == *drawn)
    }

    fn read_cells(&mut self, visit: &mut dyn FnMut(Square, &str)) -> Result<(), SetupError> {
        for (cell, text) in self.board.cells() {
            visit(cell, &text.text());
        }
        Ok(())
    }

    fn set_prompt(&mut self, prompt: Prompt) {
        self.prompt = prompt;
    }

    fn set_phase(&mut self, phase: Phase) {
        self.phase = phase;
    }

    fn set_turn(&mut self, side: Side) {
        self.turn = side;
    }

    fn set_scores(&mut self, _scores: Scores) {}

    fn draw(&mut self, _before: &Board, after: &Board) -> Result<(), SetupError> {
        self.board = after.clone();
        Ok(())
    }

    fn redraw(&mut self, board: &Board) -> Result<(), SetupError> {
        self.board = board.clone();
        Ok(())
    }
}

/// Clicks every cell of `quiet`'s board that `refusal` refuses: none may allocate or change
/// anything but the prompt, and each must leave `refusal`'s prompt.
fn click_refused_cells(machine: &mut Machine, quiet: &mut Quiet) -> usize {
    let mut refused = 0;
    for o in 0..5 {
        for s in 0..18 {
            let flags = Flags::of_cell(quiet.board[Board::cell_of(o, s)]);
            let Some(prompt) = refusal(quiet.phase, Some(quiet.turn), flags) else {
                continue;
            };
            let (phase, board) = (quiet.phase, quiet.board.clone());
            let before = allocations();
            process(machine, quiet, o, s).expect("a refused click");
            assert_eq!(allocations(), before, "a refused click allocated");
            assert_eq!((quiet.phase, quiet.prompt), (phase, prompt));
            assert!(quiet.board == board);
            refused += 1;
        }
    }
    refused
}

#[test]
fn refused_clicks_allocate_nothing_and_match_refusal() {
    let mut machine = Machine::new();
    let mut quiet = Quiet {
        phase: Phase::Select,
        turn: Side::Black,
        prompt: Prompt::Select,
        board: machine.drawn().clone(),
    };
    assert!(click_refused_cells(&mut machine, &mut quiet) > 70);
    process(&mut machine, &mut quiet, 3, 12).expect("Black's sweeper"); // m4
    assert_eq!(quiet.phase, Phase::Move);
    assert!(click_refused_cells(&mut machine, &mut quiet) > 70);
    process(&mut machine, &mut quiet, 3, 6).expect("to g4");
    assert_eq!(quiet.phase, Phase::Attack);
    assert!(click_refused_cells(&mut machine, &mut quiet) > 70);
    // a finished game ignores clicks: refusal leaves them to process, which does nothing
    assert_eq!(refusal(Phase::Win, Some(Side::Black), Flags::default()), None);
    quiet.phase = Phase::Win;
    let board = quiet.board.clone();
    process(&mut machine, &mut quiet, 0, 0).expect("ignored");
    assert!(quiet.board == board && quiet.phase == Phase::Win);
}
