//! A second, deliberately simple move generator, written apart from the fast one (no shared code:
//! a plain 8×8 array, chains walked one orbit at a time with a visited set), and the tests that
//! the two agree: on the start, on positions reached by seeded random play, on scattered random
//! positions, and on perft.

use arbiter_attraction::Attraction;
use arbiter_core::{perft::perft, Game, NoVariant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeSet, HashSet};

const EMPTY: u8 = 0;
const VIOLET: u8 = 1;
const RED: u8 = 2;

/// A position as a plain array: `cells[rank][file]`, rank 0 = rank 1.
#[derive(Clone, Debug, PartialEq)]
struct Naive {
    cells: [[u8; 8]; 8],
    side: u8,
    passes: u8,
}

fn name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn point(text: &str) -> (i32, i32) {
    let b = text.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

impl Naive {
    fn parse(text: &str) -> Naive {
        let fields: Vec<&str> = text.split(' ').collect();
        let mut cells = [[EMPTY; 8]; 8];
        for (i, row) in fields[0].split('/').enumerate() {
            let y = 7 - i;
            let mut x = 0;
            for c in row.chars() {
                match c {
                    'v' => {
                        cells[y][x] = VIOLET;
                        x += 1;
                    }
                    'r' => {
                        cells[y][x] = RED;
                        x += 1;
                    }
                    d => x += d.to_digit(10).unwrap() as usize,
                }
            }
        }
        Naive {
            cells,
            side: if fields[1] == "v" { VIOLET } else { RED },
            passes: fields.get(2).map_or(0, |p| p.parse().unwrap()),
        }
    }

    fn text(&self) -> String {
        let mut rows = Vec::new();
        for y in (0..8).rev() {
            let mut row = String::new();
            let mut run = 0;
            for x in 0..8 {
                let c = self.cells[y][x];
                if c == EMPTY {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    row += &run.to_string();
                    run = 0;
                }
                row.push(if c == VIOLET { 'v' } else { 'r' });
            }
            if run > 0 {
                row += &run.to_string();
            }
            rows.push(row);
        }
        let side = if self.side == VIOLET { "v" } else { "r" };
        format!("{} {side} {}", rows.join("/"), self.passes)
    }

    fn at(cells: &[[u8; 8]; 8], x: i32, y: i32) -> Option<u8> {
        if (0..8).contains(&x) && (0..8).contains(&y) {
            Some(cells[y as usize][x as usize])
        } else {
            None
        }
    }

    fn goal(&self, who: u8) -> bool {
        let row = if who == VIOLET { 7 } else { 0 };
        self.cells[row].iter().all(|&c| c != EMPTY) && self.cells[row].contains(&who)
    }

    /// 1 violet won, 2 red won, 3 draw, 0 going on.
    fn outcome(&self) -> u8 {
        let mover = 3 - self.side;
        if self.goal(mover) {
            mover
        } else if self.goal(self.side) {
            self.side
        } else if self.passes >= 2 {
            3
        } else {
            0
        }
    }

    /// Every orbit move of the side to move, in notation.
    fn orbit_moves(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for fy in 0..8 {
            for fx in 0..8 {
                if self.cells[fy as usize][fx as usize] == self.side {
                    self.moves_from(fx, fy, &mut out);
                }
            }
        }
        out
    }

    fn moves_from(&self, fx: i32, fy: i32, out: &mut BTreeSet<String>) {
        let mut cells = self.cells;
        cells[fy as usize][fx as usize] = EMPTY; // the start counts as empty during the move
        let from = name(fx, fy);
        // States: (x, y, sense of the last orbit: 0 none, 1 clockwise, 2 counter-clockwise).
        let mut seen = HashSet::new();
        let mut stack = vec![(fx, fy, 0u8)];
        seen.insert((fx, fy, 0u8));
        while let Some((x, y, last)) = stack.pop() {
            for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let (cx, cy) = (x + dx, y + dy);
                if !matches!(Self::at(&cells, cx, cy), Some(c) if c != EMPTY) {
                    continue;
                }
                // The centre's neighbours in clockwise order: north, east, south, west.
                let ring = [(cx, cy + 1), (cx + 1, cy), (cx, cy - 1), (cx - 1, cy)];
                let i = ring.iter().position(|&p| p == (x, y)).unwrap();
                for sense in [1u8, 2] {
                    if sense == last {
                        continue;
                    }
                    for k in 1..=3 {
                        let j = if sense == 1 { (i + k) % 4 } else { (i + 4 - k) % 4 };
                        let (px, py) = ring[j];
                        match Self::at(&cells, px, py) {
                            None => break,
                            Some(EMPTY) => {
                                if (px, py) != (fx, fy) {
                                    out.insert(format!("{from}-{}", name(px, py)));
                                }
                                if seen.insert((px, py, sense)) {
                                    stack.push((px, py, sense));
                                }
                            }
                            Some(_) => {
                                // The radius turned a quarter the way the stone travels.
                                let (rx, ry) = (px - cx, py - cy);
                                let (tx, ty) = if sense == 1 { (ry, -rx) } else { (-ry, rx) };
                                if Self::at(&cells, px + tx, py + ty) == Some(EMPTY) {
                                    out.insert(format!("{from}-{}+{}", name(px, py), name(px + tx, py + ty)));
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    fn legal(&self) -> BTreeSet<String> {
        if self.outcome() != 0 {
            return BTreeSet::new();
        }
        let moves = self.orbit_moves();
        if moves.is_empty() {
            BTreeSet::from(["pass".to_string()])
        } else {
            moves
        }
    }

    fn play(&self, mv: &str) -> Naive {
        let mut next = self.clone();
        next.side = 3 - self.side;
        if mv == "pass" {
            next.passes = (self.passes + 1).min(2);
            return next;
        }
        next.passes = 0;
        let (from, rest) = mv.split_once('-').unwrap();
        let (to, push) = match rest.split_once('+') {
            Some((t, p)) => (t, Some(p)),
            None => (rest, None),
        };
        let (fx, fy) = point(from);
        let (tx, ty) = point(to);
        if let Some(p) = push {
            let (px, py) = point(p);
            next.cells[py as usize][px as usize] = next.cells[ty as usize][tx as usize];
        }
        next.cells[ty as usize][tx as usize] = next.cells[fy as usize][fx as usize];
        next.cells[fy as usize][fx as usize] = EMPTY;
        next
    }

    fn perft(&self, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal().iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

fn fast_moves(g: &Attraction) -> BTreeSet<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let set: BTreeSet<String> = moves.iter().map(|&m| g.format_move(m)).collect();
    assert_eq!(set.len(), moves.len(), "duplicates in {}", g.position());
    set
}

/// Compares the two generators on one position, and the positions each move leads to.
fn compare(g: &Attraction) {
    let text = g.position();
    let naive = Naive::parse(&text);
    assert_eq!(naive.text(), text, "the reference reads the position back");
    let fast = fast_moves(g);
    let slow = naive.legal();
    assert_eq!(fast, slow, "move sets differ in {text}");
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    for &mv in &moves {
        let mut child = *g;
        child.play(mv);
        let notation = g.format_move(mv);
        assert_eq!(child.position(), naive.play(&notation).text(), "{notation} in {text}");
    }
    let expected = match naive.outcome() {
        0 => None,
        1 => Some(arbiter_core::Outcome::Win(arbiter_core::Player::First)),
        2 => Some(arbiter_core::Outcome::Win(arbiter_core::Player::Second)),
        _ => Some(arbiter_core::Outcome::Draw),
    };
    assert_eq!(g.outcome(), expected, "outcome of {text}");
}

#[test]
fn agree_on_the_worked_example() {
    let g = Attraction::from_position(&NoVariant, "8/8/2v5/2r5/8/2r5/1r1vr3/8 r 0").unwrap();
    compare(&g);
    let naive = Naive::parse(&g.position());
    for (depth, expected) in [1u64, 14, 122, 1_777, 15_986].into_iter().enumerate() {
        assert_eq!(perft(&g, depth), expected, "fast perft({depth})");
        assert_eq!(naive.perft(depth), expected, "reference perft({depth})");
    }
}

#[test]
fn perft_from_the_start_is_pinned_and_agrees() {
    let start = Attraction::new(&NoVariant);
    compare(&start);
    let naive = Naive::parse(&start.position());
    let pinned = [1u64, 14, 196, 2884, 42436, 721_000];
    for (depth, &expected) in pinned.iter().enumerate() {
        assert_eq!(perft(&start, depth), expected, "fast perft({depth})");
        assert_eq!(naive.perft(depth), expected, "reference perft({depth})");
    }
}

#[test]
fn agree_on_positions_of_random_play() {
    let mut rng = SmallRng::seed_from_u64(0xA77);
    let mut checked = 0;
    let mut pushes = 0;
    let mut moves = Vec::new();
    for _ in 0..12 {
        let mut g = Attraction::new(&NoVariant);
        for _ in 0..120 {
            compare(&g);
            checked += 1;
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pushes += moves.iter().filter(|m| g.format_move(**m).contains('+')).count();
            g.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(checked >= 200, "{checked} positions");
    assert!(pushes > 100, "pushes must be exercised ({pushes})");
}

#[test]
fn agree_on_scattered_random_positions() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut total_moves = 0;
    for _ in 0..400 {
        let mut naive = Naive {
            cells: [[EMPTY; 8]; 8],
            side: if rng.random_bool(0.5) { VIOLET } else { RED },
            passes: rng.random_range(0..2),
        };
        let density = rng.random_range(0.05..0.7);
        for row in naive.cells.iter_mut() {
            for c in row.iter_mut() {
                if rng.random_bool(density) {
                    *c = if rng.random_bool(0.5) { VIOLET } else { RED };
                }
            }
        }
        let g = Attraction::from_position(&NoVariant, &naive.text()).unwrap();
        compare(&g);
        total_moves += naive.legal().len();
    }
    assert!(total_moves > 5000, "{total_moves}");
}

#[test]
fn perft_agrees_on_random_positions() {
    let mut rng = SmallRng::seed_from_u64(99);
    let mut moves = Vec::new();
    for _ in 0..6 {
        let mut g = Attraction::new(&NoVariant);
        for _ in 0..rng.random_range(10..60) {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            g.play(moves[rng.random_range(0..moves.len())]);
        }
        let naive = Naive::parse(&g.position());
        assert_eq!(perft(&g, 2), naive.perft(2), "perft(2) of {}", g.position());
    }
}
