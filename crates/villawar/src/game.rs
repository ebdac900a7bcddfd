//! [`Villawar`]: one type for all three board sizes, dispatching to the size's bitboard code.

use crate::board::Board;
use crate::geometry::{Geometry, G10, G6, G8, MAX_SQUARES};
use crate::moves::Move;
use crate::piece::{color_name, Piece};
use crate::square::Square;
use crate::{diagram, notation, position, zobrist, Size, VillawarVariant};
use arbiter_core::{Drawing, Error, Game, MoveInfo, Outcome, Player, Story};
use rand::Rng;
use std::cmp::Ordering;
use std::fmt;

/// A Villawar position of any size: the board, the side to move and the passes just played.
///
/// Small and `Copy`; no history. See the crate documentation for the rules.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Villawar {
    inner: Inner,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Inner {
    Six(Board<G6>),
    Eight(Board<G8>),
    Ten(Board<G10>),
}

/// Runs `$body` with `$b` bound to the board of whatever size the position has.
macro_rules! dispatch {
    ($self:expr, $b:ident => $body:expr) => {
        match &$self.inner {
            Inner::Six($b) => $body,
            Inner::Eight($b) => $body,
            Inner::Ten($b) => $body,
        }
    };
}

/// The same with a mutable board.
macro_rules! dispatch_mut {
    ($self:expr, $b:ident => $body:expr) => {
        match &mut $self.inner {
            Inner::Six($b) => $body,
            Inner::Eight($b) => $body,
            Inner::Ten($b) => $body,
        }
    };
}

fn board_from_cells<G: Geometry>(cells: &[Option<Piece>], side: Player, passes: u8) -> Board<G> {
    let mut board = Board::<G>::empty(side, passes);
    for (sq, cell) in cells.iter().enumerate().take(G::N * G::N) {
        if let Some(piece) = *cell {
            board.put(sq, piece);
        }
    }
    board
}

impl Villawar {
    /// The start position of a board size.
    pub fn start(size: Size) -> Villawar {
        let inner = match size {
            Size::Six => Inner::Six(Board::start()),
            Size::Eight => Inner::Eight(Board::start()),
            Size::Ten => Inner::Ten(Board::start()),
        };
        Villawar { inner }
    }

    /// A position from its squares (`cells[rank * N + file]`), side to move and pass count
    /// (counts above 2 are taken as 2).
    pub fn from_cells(size: Size, cells: &[Option<Piece>], side: Player, passes: u8) -> Villawar {
        let passes = passes.min(2);
        let inner = match size {
            Size::Six => Inner::Six(board_from_cells(cells, side, passes)),
            Size::Eight => Inner::Eight(board_from_cells(cells, side, passes)),
            Size::Ten => Inner::Ten(board_from_cells(cells, side, passes)),
        };
        Villawar { inner }
    }

    /// The squares as `cells[rank * N + file]` (the first `N * N` entries are meaningful).
    pub fn cells(&self) -> [Option<Piece>; MAX_SQUARES] {
        let mut cells = [None; MAX_SQUARES];
        let n = self.size().n();
        for (sq, cell) in cells.iter_mut().enumerate().take(n * n) {
            *cell = self.piece_at(Square::from_index(sq));
        }
        cells
    }

    /// The board size.
    pub fn size(&self) -> Size {
        match self.inner {
            Inner::Six(_) => Size::Six,
            Inner::Eight(_) => Size::Eight,
            Inner::Ten(_) => Size::Ten,
        }
    }

    /// The piece on a square, if any (`None` for a square off this board).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let n = self.size().n();
        if sq.index() >= n * n {
            return None;
        }
        dispatch!(self, b => b.piece_at(sq.index()))
    }

    /// The number of passes just played in a row: 0, 1, or 2 (the game is over).
    pub fn passes(&self) -> u8 {
        dispatch!(self, b => b.passes())
    }

    /// White's final score against Black's by the rules' row-by-row comparison, applied to the
    /// board as it stands (`Greater`: White is ahead).
    pub fn compare_scores(&self) -> Ordering {
        dispatch!(self, b => b.compare_scores())
    }

    /// How many pieces of `piece`'s colour and type stand on its owner's row `row`
    /// (1 = the owner's first row, N = the far row); 0 for rows off the board.
    pub fn count_on_row(&self, piece: Piece, row: usize) -> u32 {
        if row == 0 || row > self.size().n() {
            return 0;
        }
        dispatch!(self, b => b.count_on_row(piece.player, piece.kind, row))
    }
}

impl fmt::Debug for Villawar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Villawar(\"{}\")", position::format(self))
    }
}

impl fmt::Display for Villawar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&position::format(self))
    }
}

impl Game for Villawar {
    type Move = Move;
    type Variant = VillawarVariant;

    const NAME: &'static str = "villawar";
    const RULES: Option<(&'static str, &'static str)> = Some((
        include_str!("../../../docs/rules/villawar.md"),
        include_str!("../../../docs/rules/villawar.json"),
    ));
    const BLURB: &'static str =
        "Villagers jump their own lines and become warriors; warriors capture. The farthest villagers win.";

    fn drawing(&self, flipped: bool) -> Drawing {
        self.picture(flipped)
    }

    fn observation_shape(variant: &VillawarVariant) -> [usize; 3] {
        crate::encoding::shape(variant.size)
    }

    fn observe(&self, out: &mut [f32]) {
        self.write_planes(out);
    }

    fn action_space(variant: &VillawarVariant) -> usize {
        crate::encoding::actions(variant.size)
    }

    fn action_of_move(&self, mv: Move) -> Option<usize> {
        Some(self.action(mv))
    }

    /// A jump is written with its two squares and `x` after a warrior or `-` after a villager:
    /// the action and whether a warrior jumps (the board size is the variant's, fixed).
    fn notation_key(&self, mv: Move) -> Option<usize> {
        let warrior = mv
            .from()
            .and_then(|from| self.piece_at(from))
            .is_some_and(|p| p.kind == crate::Kind::Warrior);
        Some(self.action(mv) * 2 + usize::from(warrior))
    }

    fn ending_story(&self, last: Option<(&Self, Move)>) -> Option<Story> {
        self.tell_ending(last)
    }

    fn new(variant: &VillawarVariant) -> Self {
        Villawar::start(variant.size)
    }

    /// The size comes from the position string (its number of ranks); `variant` is not used.
    fn from_position(_variant: &VillawarVariant, text: &str) -> Result<Self, Error> {
        position::parse(text)
    }

    fn variant(&self) -> VillawarVariant {
        VillawarVariant::new(self.size())
    }

    fn position(&self) -> String {
        position::format(self)
    }

    fn to_move(&self) -> Player {
        dispatch!(self, b => b.side())
    }

    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, b => b.outcome())
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        dispatch!(self, b => b.generate(moves))
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        dispatch_mut!(self, b => b.play(mv))
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        notation::parse(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format(self, mv)
    }

    fn hash(&self) -> u64 {
        dispatch!(self, b => b.hash())
    }

    fn hash_from_scratch(&self) -> u64 {
        dispatch!(self, b => b.compute_hash())
    }

    /// The hash without the pass count: the board and the side to move only.
    fn repetition_key(&self) -> u64 {
        self.hash() ^ zobrist::PASSES[usize::from(self.passes().min(2))]
    }

    fn player_name(player: Player) -> &'static str {
        color_name(player)
    }

    fn diagram(&self) -> String {
        diagram::render(self)
    }

    fn move_info(&self, mv: Move) -> MoveInfo {
        notation::info(self, mv)
    }

    #[inline]
    fn random_move<R: Rng>(&self, rng: &mut R, buffer: &mut Vec<Move>) -> Option<Move> {
        self.legal_moves(buffer);
        match buffer.len() {
            0 => None,
            len => Some(buffer[rng.random_range(0..len)]),
        }
    }

    /// Captures first (a villager captured is worth more), then villager jumps by the rows they
    /// gain towards the far side (backward jumps last).
    fn move_order_hint(&self, mv: Move) -> i32 {
        dispatch!(self, b => b.order_hint(mv))
    }

    fn evaluate(&self) -> i32 {
        dispatch!(self, b => b.evaluate())
    }

    const STRENGTH_LEVELS: arbiter_core::Levels = crate::levels::STRENGTH_LEVELS;
}
