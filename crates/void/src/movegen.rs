//! Legal turn generation: every move with each of its attack choices.
//!
//! Squares are stepped through the compile-time step table and read from the mailbox: no
//! division, no scan. Turns go to a [`Sink`]: the move list, or a counter for perft's last ply
//! (bulk counting), so both come from the same code. The order of the list is part of the
//! behaviour (seeded random games and the search's node counts depend on it): pieces by square
//! index, then each kind's turns in the order written below.

use crate::geometry::Direction;
use crate::{outcome, Kind, Move, Piece, Square, Void, SECTORS};

/// Clears `out` and fills it with every legal turn; `pass` alone when no piece can move,
/// nothing when the game is over.
pub(crate) fn legal_moves(board: &Void, out: &mut Vec<Move>) {
    out.clear();
    let mut list = List { out, pending: 0 };
    generate(board, &mut list);
}

/// The number of legal turns, as [`legal_moves`] would list them.
pub(crate) fn count_moves(board: &Void) -> usize {
    let mut count = Count(0);
    generate(board, &mut count);
    count.0
}

/// Where generated turns go.
trait Sink {
    /// Makes room for `n` more turns.
    fn room(&mut self, n: usize);
    /// Takes `turn` if `keep`: stored either way and then kept or not, so that the caller need
    /// not branch. In the varied positions of real games those branches, which cannot be
    /// predicted, were the generator's main cost.
    fn push_if(&mut self, keep: bool, turn: Move);
    /// Turns taken so far.
    fn len(&self) -> usize;
}

/// The move list: turns are written into its spare room and the length set over them.
struct List<'a> {
    out: &'a mut Vec<Move>,
    /// Turns written past the list's length and kept.
    pending: usize,
}

impl List<'_> {
    #[allow(unsafe_code)] // the list's length set over the turns written: the generator's one unsafe call
    #[inline]
    fn commit(&mut self) {
        let len = self.out.len() + self.pending;
        // SAFETY: each of the `pending` slots after the length was written by `push_if` (a slot
        // is written before `pending` moves past it, and only the slot at `pending` is written),
        // and writing indexes the spare room with a bounds check, so they are within capacity.
        unsafe { self.out.set_len(len) }
        self.pending = 0;
    }
}

impl Sink for List<'_> {
    #[inline]
    fn room(&mut self, n: usize) {
        self.commit();
        self.out.reserve(n);
    }

    #[inline]
    fn push_if(&mut self, keep: bool, turn: Move) {
        self.out.spare_capacity_mut()[self.pending].write(turn);
        self.pending += keep as usize;
    }

    #[inline]
    fn len(&self) -> usize {
        self.out.len() + self.pending
    }
}

impl Drop for List<'_> {
    #[inline]
    fn drop(&mut self) {
        self.commit();
    }
}

/// A counter of turns (perft's last ply).
struct Count(usize);

impl Sink for Count {
    #[inline]
    fn room(&mut self, _: usize) {}

    #[inline]
    fn push_if(&mut self, keep: bool, _: Move) {
        self.0 += keep as usize;
    }

    #[inline]
    fn len(&self) -> usize {
        self.0
    }
}

/// The board as move generation reads it: the piece codes, every occupied square, and the
/// first code of the opponent's pieces (their four codes follow it).
#[derive(Clone, Copy)]
struct Cells<'a> {
    codes: &'a [u8; 128],
    occupied: u128,
    enemy_codes: u8,
}

impl Cells<'_> {
    #[inline]
    fn is_empty(self, square: Square) -> bool {
        self.codes[square.index() & 127] == 0
    }

    #[inline]
    fn is_enemy(self, square: Square) -> bool {
        self.codes[square.index() & 127].wrapping_sub(self.enemy_codes) < 4
    }
}

/// Every legal turn into `sink`; `pass` alone when no piece can move, nothing when the game is
/// over.
#[inline(always)]
fn generate(board: &Void, sink: &mut impl Sink) {
    if outcome::outcome(board).is_some() {
        return;
    }
    let cells = Cells {
        codes: board.codes(),
        occupied: board.occupied(),
        enemy_codes: Piece {
            kind: Kind::Flagship,
            owner: board.side().opponent(),
        }
        .code(),
    };
    let mut own = board.occupied_by(board.side());
    while own != 0 {
        let from = Square::from_index(own.trailing_zeros() as usize);
        own &= own - 1;
        let kind = board.piece(from).expect("occupancy matches the board").kind;
        match kind {
            Kind::Flagship => flagship_turns(cells, from, sink),
            Kind::Bomber => bomber_turns(cells, from, sink),
            Kind::Sweeper => sweeper_turns(board, cells, from, sink),
            Kind::Fighter => fighter_turns(cells, from, sink),
        }
    }
    if sink.len() == 0 {
        sink.room(1);
        sink.push_if(true, Move::Pass);
    }
}

/// The most turns a flagship (2 × 9), a bomber (8 × 2) or a fighter (4 diagonals of at most 4
/// squares, × 2) has.
const MOST_TURNS_OF_A_PIECE: usize = 32;

fn flagship_turns(board: Cells<'_>, from: Square, sink: &mut impl Sink) {
    sink.room(MOST_TURNS_OF_A_PIECE);
    for along in [Direction::CLOCKWISE, Direction::COUNTER_CLOCKWISE] {
        let Some(to) = from.step(along) else { continue };
        if !board.is_empty(to) {
            continue;
        }
        sink.push_if(true, Move::Turn { from, to, target: None });
        // The flagship has left `from`: its rays pass over it.
        for d in Direction::ALL {
            let mut square = to;
            for _ in 0..3 {
                let Some(next) = square.step(d) else { break };
                square = next;
                if square != from && !board.is_empty(square) {
                    sink.push_if(
                        board.is_enemy(square),
                        Move::Turn {
                            from,
                            to,
                            target: Some(square),
                        },
                    );
                    break;
                }
            }
        }
    }
}

fn bomber_turns(board: Cells<'_>, from: Square, sink: &mut impl Sink) {
    sink.room(MOST_TURNS_OF_A_PIECE);
    for d in Direction::ALL {
        let Some(to) = from.step(d) else { continue };
        if !board.is_empty(to) {
            continue;
        }
        sink.push_if(true, Move::Turn { from, to, target: None });
        // The highest piece below the destination (orbits grow with the index), the bomber's
        // own start left out.
        let below = board.occupied & !from.bit() & to.below();
        let target = Square::from_index(127 - below.leading_zeros().min(127) as usize);
        sink.push_if(
            below != 0,
            Move::Turn {
                from,
                to,
                target: Some(target),
            },
        );
    }
}

fn sweeper_turns(whole: &Void, board: Cells<'_>, from: Square, sink: &mut impl Sink) {
    sink.room(2);
    for d in [Direction::OUTWARD, Direction::INWARD] {
        if let Some(to) = from.step(d) {
            sink.push_if(board.is_empty(to), Move::Turn { from, to, target: None });
        }
    }
    // Alone on its orbit, the sweeper reaches every sector both ways round: each destination
    // and the target above it are listed once (clockwise); the other targets tell the arcs apart.
    let alone = alone_on_orbit(whole, from);
    // Each pass round the orbit, and whether it lists the moves without a target and those whose
    // first target stands above the destination: when the sweeper is alone both passes reach
    // every sector, and only the clockwise one lists them.
    for (along, settled) in [(Direction::CLOCKWISE, true), (Direction::COUNTER_CLOCKWISE, !alone)] {
        // Enemy pieces above the path so far: each may be chosen as the first target.
        let mut candidates = [from; SECTORS];
        let mut found = 0;
        let mut to = from;
        for _ in 1..SECTORS {
            to = to.step(along).expect("orbital steps stay on the board");
            if !board.is_empty(to) {
                break;
            }
            sink.room(found + 2);
            sink.push_if(settled, Move::Turn { from, to, target: None });
            for &target in &candidates[..found] {
                sink.push_if(
                    true,
                    Move::Turn {
                        from,
                        to,
                        target: Some(target),
                    },
                );
            }
            let above = to.step(Direction::OUTWARD).unwrap_or(from);
            if board.is_enemy(above) {
                sink.push_if(
                    settled,
                    Move::Turn {
                        from,
                        to,
                        target: Some(above),
                    },
                );
                candidates[found] = above;
                found += 1;
            }
        }
    }
}

/// Whether the piece on `square` is the only piece on its orbit.
fn alone_on_orbit(board: &Void, square: Square) -> bool {
    let start = (square.orbit() as usize - 1) * SECTORS;
    let row_mask = ((1u128 << SECTORS) - 1) << start;
    board.occupied() & row_mask == square.bit()
}

fn fighter_turns(board: Cells<'_>, from: Square, sink: &mut impl Sink) {
    sink.room(MOST_TURNS_OF_A_PIECE);
    for d in Direction::DIAGONALS {
        let along = Direction::along_orbit(d.sector);
        let mut to = from;
        while let Some(next) = to.step(d) {
            to = next;
            if !board.is_empty(to) {
                break;
            }
            sink.push_if(true, Move::Turn { from, to, target: None });
            // The first piece one or two sectors on, in the fighter's orbital sense.
            let near = to.step(along).expect("orbital steps stay on the board");
            let far = near.step(along).expect("orbital steps stay on the board");
            let target = if board.is_empty(near) { far } else { near };
            sink.push_if(
                board.is_enemy(target),
                Move::Turn {
                    from,
                    to,
                    target: Some(target),
                },
            );
        }
    }
}
