//! A second, deliberately simple move generator, written from the rules file alone and sharing
//! no code with the crate (its own position parser and printer, a grid of characters, square by
//! square walks). The fast bitboard generator must agree with it move for move (as notation and
//! as resulting position) on the starts, on random positions reached by play and on random
//! placements, and on perft.

use arbiter_core::perft::perft;
use arbiter_core::{Game, Presentation};
use arbiter_villawar::{Size, Villawar, VillawarVariant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

/// A position as the rules file describes it: `grid[rank][file]`, '.' for empty.
#[derive(Clone, Debug, PartialEq)]
struct Ref {
    n: usize,
    grid: Vec<Vec<char>>,
    white_to_move: bool,
    passes: u32,
}

#[derive(Clone, Copy, Debug)]
struct RefMove {
    from: (usize, usize),
    to: (usize, usize),
}

impl Ref {
    fn parse(text: &str) -> Ref {
        let fields: Vec<&str> = text.split(' ').collect();
        let rows: Vec<&str> = fields[0].split('/').collect();
        let n = rows.len();
        let mut grid = vec![vec!['.'; n]; n];
        for (i, row) in rows.iter().enumerate() {
            let rank = n - 1 - i;
            let mut file = 0;
            let mut number = String::new();
            for c in row.chars().chain(std::iter::once('|')) {
                if c.is_ascii_digit() {
                    number.push(c);
                    continue;
                }
                if !number.is_empty() {
                    file += number.parse::<usize>().unwrap();
                    number.clear();
                }
                if c != '|' {
                    grid[rank][file] = c;
                    file += 1;
                }
            }
            assert_eq!(file, n);
        }
        Ref {
            n,
            grid,
            white_to_move: fields[1] == "w",
            passes: fields.get(2).map_or(0, |p| p.parse().unwrap()),
        }
    }

    fn format(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..self.n).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..self.n {
                let c = self.grid[rank][file];
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(c);
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        format!(
            "{} {} {}",
            rows.join("/"),
            if self.white_to_move { "w" } else { "b" },
            self.passes
        )
    }

    fn cell(&self, file: isize, rank: isize) -> Option<char> {
        if file < 0 || rank < 0 || file >= self.n as isize || rank >= self.n as isize {
            None
        } else {
            Some(self.grid[rank as usize][file as usize])
        }
    }

    fn is_mine(&self, c: char) -> bool {
        if self.white_to_move {
            c == 'V' || c == 'W'
        } else {
            c == 'v' || c == 'w'
        }
    }

    fn is_theirs(&self, c: char) -> bool {
        c != '.' && !self.is_mine(c)
    }

    fn is_villager(c: char) -> bool {
        c == 'V' || c == 'v'
    }

    /// The jumps, straight from the rules; `None` stands for the pass.
    fn moves(&self) -> Vec<Option<RefMove>> {
        if self.passes >= 2 {
            return Vec::new();
        }
        let dirs = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
        let mut out = Vec::new();
        for rank in 0..self.n {
            for file in 0..self.n {
                let piece = self.grid[rank][file];
                if !self.is_mine(piece) {
                    continue;
                }
                for (df, dr) in dirs {
                    let at = |k: isize| self.cell(file as isize + k * df, rank as isize + k * dr);
                    let square = |k: isize| ((file as isize + k * df) as usize, (rank as isize + k * dr) as usize);
                    let mut k = 1;
                    // zero or more empty squares
                    while at(k) == Some('.') {
                        k += 1;
                    }
                    // then the phalanx: the whole run of one own piece letter
                    let Some(first) = at(k) else { continue };
                    if !self.is_mine(first) {
                        continue;
                    }
                    while at(k) == Some(first) {
                        k += 1;
                    }
                    if Self::is_villager(piece) {
                        // any empty square of the stretch right after the phalanx
                        while at(k) == Some('.') {
                            out.push(Some(RefMove {
                                from: (file, rank),
                                to: square(k),
                            }));
                            k += 1;
                        }
                    } else {
                        if Self::is_villager(first) {
                            continue;
                        }
                        while at(k) == Some('.') {
                            k += 1;
                        }
                        if at(k).is_some_and(|c| self.is_theirs(c)) {
                            out.push(Some(RefMove {
                                from: (file, rank),
                                to: square(k),
                            }));
                        }
                    }
                }
            }
        }
        if out.is_empty() {
            out.push(None);
        }
        out
    }

    fn notation(&self, mv: Option<RefMove>) -> String {
        match mv {
            None => "pass".into(),
            Some(m) => {
                let name = |(f, r): (usize, usize)| format!("{}{}", (b'a' + f as u8) as char, r + 1);
                let sep = if Self::is_villager(self.grid[m.from.1][m.from.0]) {
                    '-'
                } else {
                    'x'
                };
                format!("{}{sep}{}", name(m.from), name(m.to))
            }
        }
    }

    fn play(&self, mv: Option<RefMove>) -> Ref {
        let mut next = self.clone();
        next.white_to_move = !self.white_to_move;
        let Some(m) = mv else {
            next.passes = self.passes + 1;
            return next;
        };
        next.passes = 0;
        let piece = self.grid[m.from.1][m.from.0];
        let df = (m.to.0 as isize - m.from.0 as isize).signum();
        let dr = (m.to.1 as isize - m.from.1 as isize).signum();
        let (mut f, mut r) = (m.from.0 as isize + df, m.from.1 as isize + dr);
        while (f as usize, r as usize) != m.to {
            let c = &mut next.grid[r as usize][f as usize];
            if Self::is_villager(piece) {
                *c = match *c {
                    'V' => 'W',
                    'v' => 'w',
                    _ => '.',
                };
            }
            f += df;
            r += dr;
        }
        next.grid[m.from.1][m.from.0] = '.';
        next.grid[m.to.1][m.to.0] = piece;
        next
    }

    fn perft(&self, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.into_iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

/// Every move as (notation, resulting position) by the fast generator.
fn fast_moves(game: &Villawar) -> BTreeSet<(String, String)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let set: BTreeSet<_> = moves
        .iter()
        .map(|&m| {
            let mut child = *game;
            child.play(m);
            (game.format_move(m), child.position())
        })
        .collect();
    assert_eq!(set.len(), moves.len(), "duplicate moves in {game}");
    set
}

fn reference_moves(pos: &Ref) -> BTreeSet<(String, String)> {
    let moves = pos.moves();
    let set: BTreeSet<_> = moves.iter().map(|&m| (pos.notation(m), pos.play(m).format())).collect();
    assert_eq!(set.len(), moves.len(), "reference duplicates in {}", pos.format());
    set
}

fn assert_agree(game: &Villawar) {
    let text = game.position();
    let pos = Ref::parse(&text);
    assert_eq!(pos.format(), text, "the two printers differ");
    let fast = fast_moves(game);
    let slow = reference_moves(&pos);
    if fast != slow {
        let only_fast: Vec<_> = fast.difference(&slow).map(|m| &m.0).collect();
        let only_slow: Vec<_> = slow.difference(&fast).map(|m| &m.0).collect();
        panic!(
            "generators disagree on '{text}'\n{}\nonly fast: {only_fast:?}\nonly reference: {only_slow:?}",
            game.diagram()
        );
    }
}

const PERFT: [(Size, [u64; 3]); 3] = [
    (Size::Six, [26, 596, 13_642]),
    (Size::Eight, [68, 4_314, 267_456]),
    (Size::Ten, [126, 15_128, 1_767_586]),
];

#[test]
fn perft_from_the_starts_is_pinned_and_matches_the_reference() {
    for (size, expected) in PERFT {
        let game = Villawar::new(&VillawarVariant::new(size));
        let pos = Ref::parse(&game.position());
        for (i, &nodes) in expected.iter().enumerate() {
            let depth = i + 1;
            assert_eq!(perft(&game, depth), nodes, "{size} perft({depth})");
            assert_eq!(pos.perft(depth), nodes, "{size} reference perft({depth})");
        }
    }
}

#[test]
fn deeper_perft_on_the_small_boards_is_pinned() {
    let six = Villawar::new(&VillawarVariant::new(Size::Six));
    assert_eq!(perft(&six, 4), 287_642);
    assert_eq!(Ref::parse(&six.position()).perft(4), 287_642);
    let eight = Villawar::new(&VillawarVariant::new(Size::Eight));
    assert_eq!(perft(&eight, 4), 15_695_328);
}

#[test]
fn generators_agree_on_the_starts_and_along_random_games() {
    for size in Size::ALL {
        let start = Villawar::new(&VillawarVariant::new(size));
        assert_agree(&start);
        let mut rng = SmallRng::seed_from_u64(0x5EED + size.n() as u64);
        let mut checked = 0;
        let mut moves = Vec::new();
        while checked < 300 {
            let mut game = start;
            loop {
                assert_agree(&game);
                checked += 1;
                game.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}

/// Random boards, not necessarily reachable: runs of mixed pieces, gaps, pieces at the edges.
fn random_position(size: Size, rng: &mut SmallRng) -> String {
    let n = size.n();
    let density = rng.random_range(0.15..0.8);
    let mut counts = [0usize; 2];
    let mut grid = vec![vec!['.'; n]; n];
    for row in grid.iter_mut() {
        for cell in row.iter_mut() {
            if rng.random_bool(density) {
                let white = rng.random_bool(0.5);
                let side = usize::from(!white);
                if counts[side] < 2 * n {
                    counts[side] += 1;
                    let warrior = rng.random_bool(0.4);
                    *cell = match (white, warrior) {
                        (true, false) => 'V',
                        (true, true) => 'W',
                        (false, false) => 'v',
                        (false, true) => 'w',
                    };
                }
            }
        }
    }
    let pos = Ref {
        n,
        grid,
        white_to_move: rng.random_bool(0.5),
        passes: rng.random_range(0..3),
    };
    pos.format()
}

#[test]
fn generators_agree_on_random_placements() {
    let mut rng = SmallRng::seed_from_u64(99);
    for size in Size::ALL {
        for _ in 0..1000 {
            let text = random_position(size, &mut rng);
            let game =
                Villawar::from_position(&VillawarVariant::default(), &text).unwrap_or_else(|e| panic!("'{text}': {e}"));
            assert_eq!(game.position(), text);
            assert_agree(&game);
        }
    }
}
