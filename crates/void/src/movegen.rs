//! Legal turn generation: every move with each of its attack choices.

use crate::{Cell, Kind, Void, VoidMove, SECTORS};

/// The eight directions as (orbit, sector) steps.
pub(crate) const ALL_DIRECTIONS: [(i32, i32); 8] =
    [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Void {
    /// Clears `out` and fills it with every legal turn; `pass` alone when no piece can move,
    /// nothing when the game is over.
    pub(crate) fn generate(&self, out: &mut Vec<VoidMove>) {
        out.clear();
        if self.board_outcome().is_some() {
            return;
        }
        let mut own = self.occupied_by(self.side_to_move());
        while own != 0 {
            let index = own.trailing_zeros() as usize;
            own &= own - 1;
            let from = Cell::from_index(index);
            let kind = self.piece(from).expect("occupancy matches the board").kind;
            match kind {
                Kind::Flagship => self.flagship_turns(from, out),
                Kind::Bomber => self.bomber_turns(from, out),
                Kind::Sweeper => self.sweeper_turns(from, out),
                Kind::Fighter => self.fighter_turns(from, out),
            }
        }
        if out.is_empty() {
            out.push(VoidMove::Pass);
        }
    }

    /// Whether `cell` holds a piece of the side not to move.
    #[inline]
    fn is_enemy(&self, cell: Cell) -> bool {
        self.occupied_by(self.side_to_move().opponent()) >> cell.index() & 1 != 0
    }

    fn flagship_turns(&self, from: Cell, out: &mut Vec<VoidMove>) {
        for ds in [1, -1] {
            let Some(to) = from.offset(0, ds) else { continue };
            if !self.is_empty(to) {
                continue;
            }
            out.push(VoidMove::Turn { from, to, target: None });
            for (d_orbit, d_sector) in ALL_DIRECTIONS {
                for step in 1..=3 {
                    let Some(cell) = to.offset(d_orbit * step, d_sector * step) else {
                        break;
                    };
                    if cell == from || self.is_empty(cell) {
                        continue;
                    }
                    if self.is_enemy(cell) {
                        out.push(VoidMove::Turn {
                            from,
                            to,
                            target: Some(cell),
                        });
                    }
                    break;
                }
            }
        }
    }

    fn bomber_turns(&self, from: Cell, out: &mut Vec<VoidMove>) {
        for (d_orbit, d_sector) in ALL_DIRECTIONS {
            let Some(to) = from.offset(d_orbit, d_sector) else {
                continue;
            };
            if !self.is_empty(to) {
                continue;
            }
            out.push(VoidMove::Turn { from, to, target: None });
            let highest_below = (1..to.orbit())
                .rev()
                .filter_map(|orbit| Cell::new(orbit, to.sector()))
                .find(|&c| c != from && !self.is_empty(c));
            if let Some(target) = highest_below {
                out.push(VoidMove::Turn {
                    from,
                    to,
                    target: Some(target),
                });
            }
        }
    }

    fn sweeper_turns(&self, from: Cell, out: &mut Vec<VoidMove>) {
        for d_orbit in [1, -1] {
            if let Some(to) = from.offset(d_orbit, 0) {
                if self.is_empty(to) {
                    out.push(VoidMove::Turn { from, to, target: None });
                }
            }
        }
        // Alone on its orbit, the sweeper reaches every sector both ways round: each destination
        // and the target above it are listed once (clockwise); the other targets tell the arcs apart.
        let alone = self.alone_on_orbit(from);
        for ds in [1, -1] {
            // Enemy pieces above the path so far: each may be chosen as the first target.
            let mut candidates = [from; SECTORS];
            let mut found = 0;
            let second_way = alone && ds == -1;
            for k in 1..SECTORS as i32 {
                let to = from.offset(0, ds * k).expect("orbital offsets stay on the board");
                if !self.is_empty(to) {
                    break;
                }
                if !second_way {
                    out.push(VoidMove::Turn { from, to, target: None });
                }
                for &target in &candidates[..found] {
                    out.push(VoidMove::Turn {
                        from,
                        to,
                        target: Some(target),
                    });
                }
                if let Some(above) = to.offset(1, 0).filter(|&c| self.is_enemy(c)) {
                    if !second_way {
                        out.push(VoidMove::Turn {
                            from,
                            to,
                            target: Some(above),
                        });
                    }
                    candidates[found] = above;
                    found += 1;
                }
            }
        }
    }

    /// Whether the piece on `cell` is the only piece on its orbit.
    pub(crate) fn alone_on_orbit(&self, cell: Cell) -> bool {
        let start = (cell.orbit() as usize - 1) * SECTORS;
        let row_mask = ((1u128 << SECTORS) - 1) << start;
        let occupied =
            (self.occupied_by(arbiter_core::Player::First) | self.occupied_by(arbiter_core::Player::Second)) & row_mask;
        occupied == 1u128 << cell.index()
    }

    fn fighter_turns(&self, from: Cell, out: &mut Vec<VoidMove>) {
        for (d_orbit, d_sector) in DIAGONALS {
            let mut n = 1;
            while let Some(to) = from.offset(d_orbit * n, d_sector * n) {
                if !self.is_empty(to) {
                    break;
                }
                out.push(VoidMove::Turn { from, to, target: None });
                let first_piece = [1, 2]
                    .into_iter()
                    .filter_map(|k| to.offset(0, d_sector * k))
                    .find(|&c| !self.is_empty(c));
                if let Some(target) = first_piece.filter(|&c| self.is_enemy(c)) {
                    out.push(VoidMove::Turn {
                        from,
                        to,
                        target: Some(target),
                    });
                }
                n += 1;
            }
        }
    }
}
