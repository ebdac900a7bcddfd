//! The rule of one move, stated once and square by square, with the reason for every refusal
//! ([`Illegal`]): [`in_play`] (the game is not over), [`mover`] (whose piece moves, along which
//! line), [`jump`] (what the line holds and where it ends: the jump rule proper, giving the move
//! or the rule it breaks) and [`pass`]. Parsing answers with them, in that order, with its own
//! check of the separator (`-` or `x`) between `mover` and `jump`; so its error text is the rule's.
//!
//! The bitboard generator (`movegen.rs`) computes the same rule for the whole board at once; it
//! stays separate, and allocation-free, because it is the hot path. The tests below prove that
//! the two accept exactly the same jumps, on every pair of squares of positions of random games
//! and random placements on every size, and that each refusal carries its reason.

use crate::geometry::{Direction, MAX_N};
use crate::moves::{JumpName, Move};
use crate::piece::{player_name, Kind, Piece};
use crate::square::{Square, SquareName};
use crate::{Size, Villawar};
use arbiter_core::{Game, Player};
use std::fmt;

/// The most phalanxes a jump's line can hold: one per square strictly between its two ends.
const MAX_CROSSED: usize = MAX_N - 2;

/// Why a move is not legal. Small and `Copy`, so that refusing costs nothing until the reason is
/// shown; its `Display` is the message for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Illegal {
    /// Two passes in a row have ended the game.
    GameOver,
    /// A pass while a jump exists.
    MayNotPass {
        /// The side to move.
        side: Player,
        /// How many jumps it has.
        jumps: usize,
        /// One of them, to show.
        example: JumpName,
    },
    /// Nothing on the square to jump from.
    NoPiece {
        /// The square to jump from.
        from: SquareName,
    },
    /// The piece belongs to the side not to move.
    NotYours {
        /// The square to jump from.
        from: SquareName,
        /// The piece on it.
        piece: Piece,
        /// The side to move.
        side: Player,
    },
    /// The jump would end where it starts.
    Stays {
        /// The square named twice.
        from: SquareName,
    },
    /// The two squares share no rank, file or diagonal.
    NotInLine {
        /// The square to jump from.
        from: SquareName,
        /// The square to land on.
        to: SquareName,
    },
    /// An enemy piece stands between the two squares.
    CrossesEnemy {
        /// The enemy piece nearest the jumper.
        piece: Piece,
        /// Its square.
        on: SquareName,
    },
    /// Only empty squares between the two squares.
    NoPhalanx {
        /// The square to jump from.
        from: SquareName,
        /// The square to land on.
        to: SquareName,
    },
    /// More than one phalanx between the two squares.
    SeveralPhalanxes {
        /// The phalanxes, nearest the jumper first.
        crossed: Crossed,
    },
    /// A villager aimed at an occupied square.
    VillagerOnPiece {
        /// The square aimed at.
        to: SquareName,
        /// The piece on it.
        there: Piece,
    },
    /// A warrior aimed over villagers.
    WarriorOverVillagers {
        /// The villagers crossed.
        phalanx: Phalanx,
    },
    /// A warrior aimed at an empty square.
    WarriorOnEmpty {
        /// The square aimed at.
        to: SquareName,
    },
    /// A warrior aimed at a piece of its own side.
    WarriorOnOwn {
        /// The square aimed at.
        to: SquareName,
        /// The type of the own piece on it.
        kind: Kind,
    },
}

/// A phalanx on the line of a jump: `len` own pieces of one type, from `first` along `dir`.
/// Kept as squares, not names, so that finding one costs nothing; named only when shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Phalanx {
    size: Size,
    first: Square,
    dir: Direction,
    len: u8,
    kind: Kind,
}

impl Phalanx {
    /// The squares of the phalanx, nearest the jumper first.
    fn squares(self) -> impl Iterator<Item = Square> {
        std::iter::once(self.first)
            .chain(self.first.ray(self.size, self.dir))
            .take(usize::from(self.len))
    }
}

impl fmt::Display for Phalanx {
    /// Its squares and type: `c4 c5 (warriors)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sq) in self.squares().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", sq.name(self.size))?;
        }
        write!(f, " ({}s)", self.kind.word())
    }
}

/// The phalanxes between the two ends of a jump, nearest the jumper first; a fixed array, since
/// a line holds at most [`MAX_CROSSED`] of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Crossed {
    runs: [Option<Phalanx>; MAX_CROSSED],
    count: usize,
}

impl Crossed {
    /// None yet.
    const NONE: Crossed = Crossed {
        runs: [None; MAX_CROSSED],
        count: 0,
    };

    /// Adds the own piece of type `kind` on `sq`, the next square along the line: it lengthens
    /// the last phalanx if it `continues` it (the square before held the same piece), or starts
    /// a new one.
    fn add(&mut self, size: Size, sq: Square, dir: Direction, kind: Kind, continues: bool) {
        if continues {
            if let Some(Some(last)) = self.count.checked_sub(1).and_then(|i| self.runs.get_mut(i)) {
                last.len += 1;
                return;
            }
        }
        self.runs[self.count] = Some(Phalanx {
            size,
            first: sq,
            dir,
            len: 1,
            kind,
        });
        self.count += 1;
    }

    /// The phalanxes, nearest the jumper first.
    fn iter(&self) -> impl Iterator<Item = Phalanx> + '_ {
        self.runs.iter().flatten().copied()
    }
}

impl fmt::Display for Crossed {
    /// `a2 (warriors) and a3 (villagers)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, run) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" and ")?;
            }
            write!(f, "{run}")?;
        }
        Ok(())
    }
}

/// "a white villager": a piece as the messages name it, with its article.
struct A(Piece);

impl fmt::Display for A {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a {}", self.0.describe())
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::GameOver => f.write_str("the game is over: both players have passed in a row"),
            Illegal::MayNotPass { side, jumps, example } => {
                let side = player_name(side);
                write!(
                    f,
                    "{side} may not pass: passing is allowed only when no jump exists, and {side} has "
                )?;
                if jumps == 1 {
                    f.write_str("one jump")?;
                } else {
                    write!(f, "{jumps} jumps")?;
                }
                write!(f, " (for example {example})")
            }
            Illegal::NoPiece { from } => write!(f, "there is no piece on {from}"),
            Illegal::NotYours { from, piece, side } => {
                write!(f, "{from} holds {}, but {} is to move", A(piece), player_name(side))
            }
            Illegal::Stays { from } => write!(f, "a jump must leave {from}"),
            Illegal::NotInLine { from, to } => {
                write!(f, "{from} and {to} are not on one rank, file or diagonal")
            }
            Illegal::CrossesEnemy { piece, on } => write!(
                f,
                "the jump would cross {} on {on}; only your own pieces can be jumped",
                A(piece)
            ),
            Illegal::NoPhalanx { from, to } => {
                write!(f, "there is no phalanx between {from} and {to} to jump over")
            }
            Illegal::SeveralPhalanxes { crossed } => write!(
                f,
                "the jump would cross {} phalanxes, {crossed}; a jump crosses exactly one",
                crossed.count
            ),
            Illegal::VillagerOnPiece { to, there } => write!(
                f,
                "a villager lands only on an empty square, and {to} holds {}",
                A(there)
            ),
            Illegal::WarriorOverVillagers { phalanx } => write!(
                f,
                "a warrior jumps only over its own warriors, not over the villagers {phalanx}"
            ),
            Illegal::WarriorOnEmpty { to } => write!(
                f,
                "a warrior must land on an enemy piece and capture it, and {to} is empty"
            ),
            Illegal::WarriorOnOwn { to, kind } => write!(
                f,
                "a warrior captures only enemy pieces, and {to} holds your own {}",
                kind.word()
            ),
        }
    }
}

/// Whether moves may still be made: not after two passes in a row.
pub(crate) fn in_play(game: &Villawar) -> Result<(), Illegal> {
    if game.passes() >= 2 {
        return Err(Illegal::GameOver);
    }
    Ok(())
}

/// The pass, which is legal only when no jump exists. Whether one exists is the generator's
/// answer: the pass needs no rule of its own.
pub(crate) fn pass(game: &Villawar) -> Result<Move, Illegal> {
    in_play(game)?;
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    match legal.first() {
        Some(&first) if !first.is_pass() => Err(Illegal::MayNotPass {
            side: game.to_move(),
            jumps: legal.len(),
            example: JumpName::of(game, first).expect("a jump"),
        }),
        _ => Ok(Move::PASS),
    }
}

/// Who would jump and along which line: a piece of the side to move on `from`, and the direction
/// of `to`, another square on one of its lines. (The game is taken to be on: see [`in_play`].)
pub(crate) fn mover(game: &Villawar, from: Square, to: Square) -> Result<(Piece, Direction), Illegal> {
    let size = game.size();
    let name = |sq: Square| sq.name(size);
    let piece = game.piece_at(from).ok_or(Illegal::NoPiece { from: name(from) })?;
    let side = game.to_move();
    if piece.player != side {
        return Err(Illegal::NotYours {
            from: name(from),
            piece,
            side,
        });
    }
    let at = |sq: Square| (sq.file(size), sq.rank(size));
    match Direction::between(at(from), at(to)) {
        Some(dir) => Ok((piece, dir)),
        None if from == to => Err(Illegal::Stays { from: name(from) }),
        None => Err(Illegal::NotInLine {
            from: name(from),
            to: name(to),
        }),
    }
}

/// The jump of `piece` (the mover's, on `from`) to `to`, which lies along `dir`: the squares
/// between must be empty but for exactly one phalanx of its own pieces, and then a villager lands
/// on an empty square, a warrior crosses only warriors and lands on an enemy piece. (With nothing
/// but empty squares after the phalanx, `to` is the first occupied square beyond it, which is the
/// generator's "first occupied square" for a warrior.)
pub(crate) fn jump(game: &Villawar, piece: Piece, from: Square, to: Square, dir: Direction) -> Result<Move, Illegal> {
    let size = game.size();
    debug_assert_eq!(game.piece_at(from), Some(piece));
    debug_assert!(from.ray(size, dir).any(|sq| sq == to), "{to:?} is not along {dir:?}");
    let mut crossed = Crossed::NONE;
    let mut previous = None;
    for sq in from.ray(size, dir).take_while(|&sq| sq != to) {
        let here = game.piece_at(sq);
        if let Some(p) = here {
            if p.player != piece.player {
                return Err(Illegal::CrossesEnemy {
                    piece: p,
                    on: sq.name(size),
                });
            }
            crossed.add(size, sq, dir, p.kind, previous == here);
        }
        previous = here;
    }
    let phalanx = match crossed.count {
        0 => {
            return Err(Illegal::NoPhalanx {
                from: from.name(size),
                to: to.name(size),
            })
        }
        1 => crossed.iter().next().expect("one phalanx"),
        _ => return Err(Illegal::SeveralPhalanxes { crossed }),
    };
    let to_name = to.name(size);
    match (piece.kind, game.piece_at(to)) {
        (Kind::Villager, None) => {}
        (Kind::Villager, Some(there)) => return Err(Illegal::VillagerOnPiece { to: to_name, there }),
        (Kind::Warrior, _) if phalanx.kind == Kind::Villager => return Err(Illegal::WarriorOverVillagers { phalanx }),
        (Kind::Warrior, None) => return Err(Illegal::WarriorOnEmpty { to: to_name }),
        (Kind::Warrior, Some(there)) if there.player == piece.player => {
            return Err(Illegal::WarriorOnOwn {
                to: to_name,
                kind: there.kind,
            })
        }
        (Kind::Warrior, Some(_)) => {}
    }
    Ok(Move::jump(from.index(), to.index(), dir.index()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{BLACK, WHITE};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use std::collections::BTreeSet;
    use std::fmt::Write;

    /// Each reason's name, so that the test can see every one of them given.
    fn label(why: &Illegal) -> &'static str {
        match why {
            Illegal::GameOver => "GameOver",
            Illegal::MayNotPass { .. } => "MayNotPass",
            Illegal::NoPiece { .. } => "NoPiece",
            Illegal::NotYours { .. } => "NotYours",
            Illegal::Stays { .. } => "Stays",
            Illegal::NotInLine { .. } => "NotInLine",
            Illegal::CrossesEnemy { .. } => "CrossesEnemy",
            Illegal::NoPhalanx { .. } => "NoPhalanx",
            Illegal::SeveralPhalanxes { .. } => "SeveralPhalanxes",
            Illegal::VillagerOnPiece { .. } => "VillagerOnPiece",
            Illegal::WarriorOverVillagers { .. } => "WarriorOverVillagers",
            Illegal::WarriorOnEmpty { .. } => "WarriorOnEmpty",
            Illegal::WarriorOnOwn { .. } => "WarriorOnOwn",
        }
    }

    const EVERY_REASON: usize = 13;

    /// A jump from `from` to `to`, or the rule it breaks: the rule as parsing applies it, less
    /// the notation's own check of the separator.
    fn check(game: &Villawar, from: Square, to: Square) -> Result<Move, Illegal> {
        in_play(game)?;
        let (piece, dir) = mover(game, from, to)?;
        jump(game, piece, from, to, dir)
    }

    /// Every (from, to) pair of `game` goes through the rule: it gives exactly the moves the
    /// generator lists (direction included), and a worded reason for every other pair; the pass
    /// likewise.
    fn assert_rule_is_the_generator(game: &Villawar, seen: &mut BTreeSet<&'static str>, text: &mut String) {
        let area = game.size().n().pow(2);
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let mut generated = vec![None; area * area];
        for &mv in legal.iter().filter(|m| !m.is_pass()) {
            let slot = &mut generated[mv.origin() * area + mv.target()];
            assert_eq!(*slot, None, "{game:?}: the generator lists {mv:?} twice");
            *slot = Some(mv);
        }
        for from in 0..area {
            for to in 0..area {
                let (from_sq, to_sq) = (Square::from_index(from), Square::from_index(to));
                let verdict = check(game, from_sq, to_sq);
                let expected = generated[from * area + to];
                match verdict {
                    Ok(mv) => assert_eq!(Some(mv), expected, "{game:?}: the rule accepts {mv:?}"),
                    Err(why) => {
                        assert_eq!(expected, None, "{game:?}: the rule refuses a listed jump: {why}");
                        text.clear();
                        write!(text, "{why}").unwrap();
                        assert!(text.len() > 10, "{game:?}: {why:?} is worded '{text}'");
                        seen.insert(label(&why));
                    }
                }
            }
        }
        match pass(game) {
            Ok(mv) => assert_eq!(legal, [mv], "{game:?}: the rule allows the pass"),
            Err(why) => {
                assert_ne!(legal, [Move::PASS], "{game:?}: the rule refuses the pass: {why}");
                seen.insert(label(&why));
            }
        }
    }

    /// A random board, not necessarily reachable: runs of mixed pieces, gaps, pieces at the edges.
    fn random_placement(size: Size, rng: &mut SmallRng) -> Villawar {
        let area = size.n().pow(2);
        let density = rng.random_range(0.15..0.8);
        let cells: Vec<Option<Piece>> = (0..area)
            .map(|_| {
                rng.random_bool(density).then(|| {
                    let player = if rng.random_bool(0.5) { WHITE } else { BLACK };
                    let kind = if rng.random_bool(0.4) {
                        Kind::Warrior
                    } else {
                        Kind::Villager
                    };
                    Piece::new(player, kind)
                })
            })
            .collect();
        let side = if rng.random_bool(0.5) { WHITE } else { BLACK };
        Villawar::from_cells(size, &cells, side, rng.random_range(0..3))
    }

    /// The rule and the generator agree on every pair of squares: along random games to their end
    /// and on random placements, on every size; and between them every reason is given.
    #[test]
    fn the_rule_accepts_exactly_what_the_generator_lists() {
        let mut seen = BTreeSet::new();
        let mut text = String::new();
        let mut moves = Vec::new();
        for size in Size::ALL {
            let mut rng = SmallRng::seed_from_u64(0x7u64 << 8 | size.n() as u64);
            let start = Villawar::start(size);
            let mut positions = 0;
            while positions < 200 {
                let mut game = start;
                loop {
                    assert_rule_is_the_generator(&game, &mut seen, &mut text);
                    positions += 1;
                    game.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    game.play(moves[rng.random_range(0..moves.len())]);
                }
            }
            for _ in 0..200 {
                assert_rule_is_the_generator(&random_placement(size, &mut rng), &mut seen, &mut text);
            }
        }
        assert_eq!(seen.len(), EVERY_REASON, "reasons given: {seen:?}");
    }

    fn pos(text: &str) -> Villawar {
        crate::position::from_position(&crate::VillawarVariant::default(), text).unwrap()
    }

    fn why(game: &Villawar, from: &str, to: &str) -> String {
        let sq = |name: &str| Square::parse(name, game.size()).unwrap();
        check(game, sq(from), sq(to)).unwrap_err().to_string()
    }

    /// The wording of the reasons that name several squares: every phalanx crossed, each with its
    /// squares in order from the jumper.
    #[test]
    fn reasons_name_the_phalanxes_and_squares() {
        let game = pos("8/8/8/V7/W7/V7/V7/V7 w 0");
        assert_eq!(
            why(&game, "a1", "a6"),
            "the jump would cross 3 phalanxes, a2 a3 (villagers) and a4 (warriors) and a5 (villagers); \
             a jump crosses exactly one"
        );
        let game = pos("8/8/8/8/v7/8/V7/W7 w 0");
        assert_eq!(
            why(&game, "a1", "a4"),
            "a warrior jumps only over its own warriors, not over the villagers a2 (villagers)"
        );
        let game = pos("8/8/8/8/3W4/8/1W6/WW6 w 0");
        assert_eq!(
            why(&game, "a1", "h1"),
            "a warrior must land on an enemy piece and capture it, and h1 is empty"
        );
        assert_eq!(
            why(&game, "a1", "d4"),
            "a warrior captures only enemy pieces, and d4 holds your own warrior"
        );
    }
}
