//! Playing a turn: the move, the attack and the falls it causes.

use crate::{Cell, Kind, Void, VoidMove, SECTORS};

impl Void {
    /// Plays a legal turn. `fell` is told the cell of every piece that falls (chain falls
    /// included), before it falls: interfaces mark those pieces, the hot path ignores them.
    pub(crate) fn apply(&mut self, mv: VoidMove, fell: &mut impl FnMut(Cell)) {
        let mover = self.side_to_move();
        match mv {
            VoidMove::Pass => {
                self.set_passes(self.passes() + 1);
            }
            VoidMove::Turn { from, to, target } => {
                let piece = self.take(from).expect("a legal turn starts on a piece");
                self.put(to, piece);
                if let Some(target) = target {
                    match piece.kind {
                        Kind::Flagship => self.fall(target, 3, fell),
                        Kind::Fighter => self.fall(target, 1, fell),
                        Kind::Bomber => {
                            for orbit in (1..to.orbit()).rev() {
                                let cell = Cell::new(orbit, to.sector()).expect("on the board");
                                if !self.is_empty(cell) {
                                    fell(cell);
                                    self.take(cell);
                                }
                            }
                        }
                        Kind::Sweeper => self.sweep(from, to, target, fell),
                    }
                }
                if self.passes() != 0 {
                    self.set_passes(0);
                }
            }
        }
        self.set_side_to_move(mover.opponent());
    }

    /// A piece falls `distance` orbits; into the void below orbit 1. A piece in the way of its
    /// landing falls one first (chain reaction).
    fn fall(&mut self, cell: Cell, distance: i32, fell: &mut impl FnMut(Cell)) {
        fell(cell);
        let piece = self.take(cell).expect("a falling cell holds a piece");
        if let Some(landing) = cell.offset(-distance, 0) {
            if !self.is_empty(landing) {
                self.fall(landing, 1, fell);
            }
            self.put(landing, piece);
        }
    }

    /// The sweeper's attack after an orbital move `from`→`to` with first target `first`:
    /// it and every enemy above the rest of the path up to the destination fall 2.
    fn sweep(&mut self, from: Cell, to: Cell, first: Cell, fell: &mut impl FnMut(Cell)) {
        let sectors = SECTORS as i32;
        let cw_distance = (to.sector() - from.sector()).rem_euclid(sectors);
        let first_cw = (first.sector() - from.sector()).rem_euclid(sectors);
        // Clockwise if that arc was clear (the sweeper now stands at its end) and holds the
        // first target; otherwise the counter-clockwise arc was travelled.
        let cw_clear = (1..cw_distance).all(|k| self.is_empty(from.offset(0, k).expect("orbital")));
        let (step, start, length) = if cw_clear && (1..=cw_distance).contains(&first_cw) {
            (1, first_cw, cw_distance)
        } else {
            (-1, (sectors - first_cw) % sectors, sectors - cw_distance)
        };
        let enemy = self.side_to_move().opponent();
        for k in start..=length {
            let above = from
                .offset(1, step * k)
                .expect("a sweeper with a target is below orbit 5");
            if self.piece(above).is_some_and(|p| p.owner == enemy) {
                self.fall(above, 2, fell);
            }
        }
    }
}
