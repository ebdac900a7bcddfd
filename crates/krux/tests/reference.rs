//! A second, deliberately simple and slow turn generator, written from the rules text alone and
//! sharing no code with the crate's generator: it reads the position string itself, walks every
//! raw token sequence (no visited set, no dominance), simulates each token on a plain grid, and
//! collects the distinct resulting position strings. The crate's turn lists must be the same
//! sets, on the start position, on 200+ positions from seeded random play, and in perft; and so
//! in the rule variants (the options `setup`, `hole`, `freeze`, `distance`), which the reference
//! implements from their description in the rules for players, one `if` each.

// The reference reads like the rules: coordinates index the grid, one rule per `if`.
#![allow(clippy::needless_range_loop, clippy::collapsible_match)]

use arbiter_core::Game;
use arbiter_krux::{Distance, Hole, Krux, KruxVariant, Setup};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

const N: i32 = 7;
const HOLE: (i32, i32) = (3, 3);

/// The turn rules of a variant, as the reference reads them.
#[derive(Clone, Copy, Debug)]
struct Rules {
    /// `hole=blocks`: the hole blocks the sight of a repel or attract.
    hole_blocks: bool,
    /// `freeze=on` (the rules) or off.
    freeze: bool,
    /// `distance=`: how many squares a repel or attract moves its target at most.
    distance: u32,
}

impl Rules {
    fn of(v: &KruxVariant) -> Rules {
        Rules {
            hole_blocks: v.hole == Hole::Blocks,
            freeze: v.freeze,
            distance: match v.distance {
                Distance::One => 1,
                Distance::Two => 2,
            },
        }
    }
}

/// A piece on the grid: number 1..6 and ring letter (or ' ').
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct P {
    num: u8,
    ring: char,
}

/// The grid, indexed `[file][rank]`, one byte per cell (see `enc`); the hole cell holds a piece
/// only once one fell in.
type Grid = [[u8; 7]; 7];

/// A cell's byte: 0 empty, else the piece number plus 8 times the ring's place in "bgp" (+1).
fn enc(p: Option<P>) -> u8 {
    match p {
        None => 0,
        Some(p) => p.num + 8 * " bgp".find(p.ring).unwrap() as u8,
    }
}

fn dec(b: u8) -> Option<P> {
    (b != 0).then(|| P {
        num: b % 8,
        ring: " bgp".as_bytes()[(b / 8) as usize] as char,
    })
}

#[derive(Clone, Debug)]
struct Ref {
    grid: Grid,
    mover: u8,
}

fn parse(text: &str) -> Ref {
    let (board, mover) = text.split_once(' ').unwrap();
    let mut grid: Grid = [[0; 7]; 7];
    for (row, rank_text) in board.split('/').enumerate() {
        let rank = 6 - row;
        let chars: Vec<char> = rank_text.chars().collect();
        let mut file = 0;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                let mut ring = ' ';
                if i + 1 < chars.len() && "bgp".contains(chars[i + 1]) {
                    ring = chars[i + 1];
                    i += 1;
                }
                grid[file][rank] = enc(Some(P {
                    num: c as u8 - b'0',
                    ring,
                }));
            }
            file += 1;
            i += 1;
        }
    }
    Ref {
        grid,
        mover: mover.parse().unwrap(),
    }
}

fn format(grid: &Grid, next: u8) -> String {
    let mut s = String::new();
    for rank in (0..7).rev() {
        for file in 0..7 {
            match dec(grid[file][rank]) {
                Some(p) => {
                    s.push((b'0' + p.num) as char);
                    if p.ring != ' ' {
                        s.push(p.ring);
                    }
                }
                None if (file as i32, rank as i32) == HOLE => s.push('*'),
                None => s.push('.'),
            }
        }
        if rank > 0 {
            s.push('/');
        }
    }
    format!("{s} {next}")
}

fn on_board(c: (i32, i32)) -> bool {
    c.0 >= 0 && c.0 < N && c.1 >= 0 && c.1 < N
}

fn white(num: u8) -> bool {
    num % 2 == 1
}

/// A turn in progress, as plainly as possible.
#[derive(Clone)]
struct T {
    grid: Grid,
    me: u8,
    /// Where the active piece stands and its ring (kept by each token that moves it).
    here: (i32, i32),
    ring: char,
    steps: u32,
    actions: u32,
    frozen: bool,
    carrying: Option<P>,
    won: bool,
    rules: Rules,
}

impl T {
    fn find(grid: &Grid, num: u8) -> (i32, i32) {
        for f in 0..7 {
            for r in 0..7 {
                if dec(grid[f][r]).is_some_and(|p| p.num == num) {
                    return (f as i32, r as i32);
                }
            }
        }
        panic!("piece {num} not on the grid")
    }
    fn at(&self, c: (i32, i32)) -> Option<P> {
        dec(self.grid[c.0 as usize][c.1 as usize])
    }
    fn set(&mut self, c: (i32, i32), p: Option<P>) {
        self.grid[c.0 as usize][c.1 as usize] = enc(p);
    }
    fn next_to_opponent(&self) -> bool {
        let c = self.here;
        [(0, 1), (1, 0), (0, -1), (-1, 0)].iter().any(|d| {
            let n = (c.0 + d.0, c.1 + d.1);
            on_board(n) && self.at(n).is_some_and(|p| white(p.num) != white(self.me))
        })
    }
    /// After a token: the hole check (None = illegal), then the freeze check.
    fn after(mut self) -> Option<T> {
        if let Some(p) = self.at(HOLE) {
            if white(p.num) == white(self.me) {
                return None;
            }
            self.won = true;
            return Some(self);
        }
        if self.rules.freeze && self.next_to_opponent() {
            self.frozen = true;
        }
        Some(self)
    }
    fn can_end(&self) -> bool {
        self.won || self.carrying.is_none()
    }
    /// Every next state (one per legal token), found by trying every token on every square.
    fn tokens(&self, out: &mut Vec<T>) {
        out.clear();
        if self.won {
            return;
        }
        let me = self.here;
        let dist = |a: (i32, i32), b: (i32, i32)| (a.0 - b.0).abs() + (a.1 - b.1).abs();
        for f in 0..N {
            for r in 0..N {
                let c = (f, r);
                // Step.
                if self.steps < 3 && !self.frozen && dist(me, c) == 1 && c != HOLE && self.at(c).is_none() {
                    let mut t = self.clone();
                    let p = t.at(me);
                    t.set(me, None);
                    t.set(c, p);
                    t.here = c;
                    t.steps += 1;
                    if let Some(t) = t.after() {
                        out.push(t);
                    }
                }
                // Drop.
                if let Some(carried) = self.carrying {
                    if dist(me, c) == 1 && self.at(c).is_none() {
                        let mut t = self.clone();
                        t.set(c, Some(carried));
                        t.carrying = None;
                        if let Some(t) = t.after() {
                            out.push(t);
                        }
                    }
                    continue;
                }
                if self.actions >= 2 {
                    continue;
                }
                // Repel and attract: c holds the first piece in a straight line from me.
                if let Some(target) = self.at(c) {
                    if c != me && (c.0 == me.0 || c.1 == me.1) {
                        let d = ((c.0 - me.0).signum(), (c.1 - me.1).signum());
                        let mut clear = true;
                        let mut x = (me.0 + d.0, me.1 + d.1);
                        while x != c {
                            if self.at(x).is_some() || (self.rules.hole_blocks && x == HOLE) {
                                clear = false;
                            }
                            x = (x.0 + d.0, x.1 + d.1);
                        }
                        if clear {
                            // Repel: up to 2 squares (the distance) away from me, stopped by the
                            // edge or a piece.
                            let mut pos = c;
                            for _ in 0..self.rules.distance {
                                let nx = (pos.0 + d.0, pos.1 + d.1);
                                if !on_board(nx) || self.at(nx).is_some() {
                                    break;
                                }
                                pos = nx;
                            }
                            if pos != c {
                                let mut t = self.clone();
                                t.set(c, None);
                                t.set(pos, Some(target));
                                t.actions += 1;
                                if let Some(t) = t.after() {
                                    out.push(t);
                                }
                            }
                            // Attract: up to 2 squares (the distance) toward me, stopping next to me.
                            let mut pos = c;
                            for _ in 0..self.rules.distance {
                                if dist(pos, me) == 1 {
                                    break;
                                }
                                pos = (pos.0 - d.0, pos.1 - d.1);
                            }
                            if pos != c {
                                let mut t = self.clone();
                                t.set(c, None);
                                t.set(pos, Some(target));
                                t.actions += 1;
                                if let Some(t) = t.after() {
                                    out.push(t);
                                }
                            }
                        }
                    }
                }
                match self.ring {
                    'b' => {
                        if let Some(p) = self.at(c) {
                            if dist(me, c) == 1 {
                                let mut t = self.clone();
                                t.set(c, None);
                                t.carrying = Some(p);
                                t.actions += 1;
                                if let Some(t) = t.after() {
                                    out.push(t);
                                }
                            }
                        }
                    }
                    'g' => {
                        if dist(me, c) <= 3 && c != HOLE && (c == me || self.at(c).is_none()) {
                            let mut t = self.clone();
                            let p = t.at(me);
                            t.set(me, None);
                            t.set(c, p);
                            t.here = c;
                            for d in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                                let n = (c.0 + d.0, c.1 + d.1);
                                let beyond = (c.0 + 2 * d.0, c.1 + 2 * d.1);
                                if on_board(n)
                                    && t.at(n).is_some()
                                    && on_board(beyond)
                                    && (beyond == HOLE || t.at(beyond).is_none())
                                {
                                    let q = t.at(n);
                                    t.set(n, None);
                                    t.set(beyond, q);
                                }
                            }
                            t.actions += 1;
                            if let Some(t) = t.after() {
                                out.push(t);
                            }
                        }
                    }
                    'p' => {
                        if let Some(p) = self.at(c) {
                            let d = dist(me, c);
                            if (1..=5).contains(&d) {
                                let mut t = self.clone();
                                let mine = t.at(me);
                                t.set(me, Some(p));
                                t.set(c, mine);
                                t.here = c;
                                t.actions += 1;
                                if let Some(t) = t.after() {
                                    out.push(t);
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Every distinct result of the position's turn under a variant's rules, as position strings,
/// and the number of raw token sequences walked.
fn reference_turns_in(variant: &KruxVariant, text: &str) -> (HashSet<String>, u64) {
    let rules = Rules::of(variant);
    let r = parse(text);
    let next = r.mover % 6 + 1;
    let mut results: HashSet<Grid> = HashSet::new();
    let mut raw = 0;
    if r.grid[HOLE.0 as usize][HOLE.1 as usize] != 0 {
        return (HashSet::new(), 0);
    }
    let here = T::find(&r.grid, r.mover);
    let start = T {
        grid: r.grid,
        me: r.mover,
        here,
        ring: dec(r.grid[here.0 as usize][here.1 as usize]).unwrap().ring,
        steps: 0,
        actions: 0,
        frozen: false,
        carrying: None,
        won: false,
        rules,
    };
    let start = T {
        frozen: rules.freeze && start.next_to_opponent(),
        ..start
    };
    let me = start.here;
    let mut starts = Vec::new();
    if start.at(me).unwrap().ring == ' ' {
        // First turn: place one of the owner's unused rings first.
        for ring in ['b', 'g', 'p'] {
            let used = (0..7).any(|f| {
                (0..7).any(|rk| {
                    dec(start.grid[f][rk])
                        .is_some_and(|p| p.num != r.mover && white(p.num) == white(r.mover) && p.ring == ring)
                })
            });
            if !used {
                let mut t = start.clone();
                t.set(me, Some(P { num: r.mover, ring }));
                t.ring = ring;
                starts.push(t);
            }
        }
    } else {
        starts.push(start);
    }
    fn walk(t: &T, results: &mut HashSet<Grid>, raw: &mut u64) {
        *raw += 1;
        if t.can_end() {
            results.insert(t.grid);
        }
        let mut next = Vec::new();
        t.tokens(&mut next);
        for n in &next {
            walk(n, results, raw);
        }
    }
    for t in &starts {
        walk(t, &mut results, &mut raw);
    }
    (results.iter().map(|g| format(g, next)).collect(), raw)
}

/// The crate's turns as position strings.
fn fast_turns(k: &Krux) -> HashSet<String> {
    let mut moves = Vec::new();
    k.legal_moves(&mut moves);
    let set: HashSet<String> = moves
        .iter()
        .map(|&m| {
            let mut c = *k;
            c.play(m);
            c.position()
        })
        .collect();
    assert_eq!(set.len(), moves.len(), "duplicate results in {}", k.position());
    set
}

fn compare(k: &Krux) -> u64 {
    let text = k.position();
    let (reference, raw) = reference_turns_in(&k.variant(), &text);
    let fast = fast_turns(k);
    if reference != fast {
        let missing: Vec<_> = reference.difference(&fast).take(5).collect();
        let extra: Vec<_> = fast.difference(&reference).take(5).collect();
        panic!(
            "{text}: reference {} turns, fast {}\nmissing from fast: {missing:?}\nextra in fast: {extra:?}",
            reference.len(),
            fast.len()
        );
    }
    raw
}

fn reference_perft(text: &str, depth: usize) -> u64 {
    reference_perft_in(&KruxVariant::default(), text, depth)
}

fn reference_perft_in(variant: &KruxVariant, text: &str, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (turns, _) = reference_turns_in(variant, text);
    if depth == 1 {
        return turns.len() as u64;
    }
    turns.iter().map(|t| reference_perft_in(variant, t, depth - 1)).sum()
}

#[test]
fn start_position_agrees_and_perft_is_pinned() {
    let start = Krux::start();
    let raw = compare(&start);
    assert_eq!(fast_turns(&start).len(), 647);
    assert!(raw > 647);
    assert_eq!(arbiter_core::perft::perft(&start, 1), 647);
    assert_eq!(arbiter_core::perft::perft(&start, 2), 526_985);
    assert_eq!(reference_perft(&start.position(), 1), 647);
    assert_eq!(reference_perft(&start.position(), 2), 526_985);
}

/// Distinct positions from seeded random play: uniform over distinct turns in some games, by the token
/// walk in others, so that both early and late, quiet and sharp positions appear.
fn random_positions(count: usize, seed: u64) -> Vec<Krux> {
    random_positions_in(KruxVariant::default(), count, seed)
}

/// [`random_positions`] from a variant's start, under its rules.
fn random_positions_in(variant: KruxVariant, count: usize, seed: u64) -> Vec<Krux> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let mut seen = HashSet::new();
    let mut game = 0;
    while out.len() < count {
        let mut k = Krux::start_of(variant);
        let walk = game % 2 == 1;
        let plies = rng.random_range(4..40);
        for _ in 0..plies {
            if seen.insert(k.position()) {
                out.push(k);
            }
            let mv = if walk {
                k.random_move(&mut rng, &mut moves)
            } else {
                k.legal_moves(&mut moves);
                // Now and then finish the game when a winning turn exists, so that finished
                // positions are compared too.
                let win = moves.iter().copied().find(|m| m.fallen().is_some());
                match win {
                    Some(w) if rng.random_range(0..4) == 0 => Some(w),
                    _ => (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())]),
                }
            };
            match mv {
                Some(m) => k.play(m),
                None => break,
            }
        }
        if seen.insert(k.position()) {
            out.push(k);
        }
        game += 1;
    }
    out
}

#[test]
fn random_positions_agree_with_the_reference() {
    let positions = random_positions(200, 2024);
    assert!(positions.len() >= 200);
    let mut raw_max = 0;
    let mut turns_max = 0;
    let mut finished = 0;
    for k in &positions {
        raw_max = raw_max.max(compare(k));
        turns_max = turns_max.max(fast_turns(k).len());
        finished += usize::from(k.is_over());
    }
    println!(
        "{} positions, {finished} finished, up to {turns_max} turns and {raw_max} raw sequences",
        positions.len()
    );
}

#[test]
fn depth_two_agrees_on_random_positions() {
    // The reference walks every raw token sequence, so depth 2 is checked on the two unfinished
    // positions with the fewest turns among 40 random ones (the start is checked above).
    let mut positions: Vec<(u64, Krux)> = random_positions(40, 77)
        .into_iter()
        .filter(|k| !k.is_over() && *k != Krux::start())
        .map(|k| (arbiter_core::perft::perft(&k, 1), k))
        .collect();
    positions.sort_by_key(|(n, k)| (*n, k.position()));
    for (_, k) in positions.iter().take(2) {
        let text = k.position();
        assert_eq!(
            arbiter_core::perft::perft(k, 2),
            reference_perft(&text, 2),
            "perft(2) of {text}"
        );
    }
}

/// The rule variants, each alone and all at once (with a setup of their own), from the options.
fn rule_variants() -> Vec<KruxVariant> {
    let standard = KruxVariant::default();
    vec![
        KruxVariant {
            hole: Hole::Blocks,
            ..standard
        },
        KruxVariant {
            freeze: false,
            ..standard
        },
        KruxVariant {
            distance: Distance::One,
            ..standard
        },
        KruxVariant {
            setup: Setup::FACING,
            hole: Hole::Blocks,
            freeze: false,
            distance: Distance::One,
        },
    ]
}

#[test]
fn every_setup_and_rule_variant_agrees_from_its_start() {
    let standard = KruxVariant::default();
    let setups = Setup::PRESETS.map(|(_, setup)| KruxVariant { setup, ..standard });
    for variant in setups.into_iter().chain(rule_variants()) {
        let start = Krux::start_of(variant);
        compare(&start);
        assert_eq!(
            arbiter_core::perft::perft(&start, 1),
            reference_perft_in(&variant, &start.position(), 1),
            "{variant:?}"
        );
    }
    // Depth 2 from the standard start under the three rules at once (each alone would take as
    // long as the standard depth 2; the random positions below take each alone).
    let variant = KruxVariant {
        hole: Hole::Blocks,
        freeze: false,
        distance: Distance::One,
        ..standard
    };
    let start = Krux::start_of(variant);
    assert_eq!(arbiter_core::perft::perft(&start, 2), 434_298);
    assert_eq!(reference_perft_in(&variant, &start.position(), 2), 434_298);
}

#[test]
fn random_positions_of_the_rule_variants_agree_with_the_reference() {
    for (i, variant) in rule_variants().into_iter().enumerate() {
        let positions = random_positions_in(variant, 50, 3000 + i as u64);
        let mut finished = 0;
        for k in &positions {
            assert_eq!(k.variant(), variant);
            compare(k);
            finished += usize::from(k.is_over());
        }
        assert!(finished > 0, "{variant:?}: some random games are won");
    }
}
