//! A turn in progress: the board, what the active piece has used up, and the rules for each
//! token. [`TurnState::expand`] lists every legal next token with its result (the generator's
//! inner loop); [`TurnState::apply`] checks one token and says why it is illegal (notation, the
//! turn builder). Both share the effect functions below, and a test checks they agree.
//!
//! Rulings taken from the rules text:
//! - freeze is checked at the turn's start and after every token (step, action, ring choice,
//!   pick-up, drop); a carried piece is off the board, so it neither blocks nor counts as
//!   "next to". Picking up a neighbouring opponent never unfreezes anything: it was next to the
//!   carrier after the previous token already.
//! - a pick-up uses the action at once (so it needs one left); the drop completes it.

use crate::krux_move::Move;
use crate::piece::Ring;
use crate::square::{Square, DISTANCE, HOLE, JUMPS, NEIGHBOURS, NEIGHBOUR_MASK, NONE, RAYS};
use crate::state::Krux;
use crate::token::Token;

/// The square value of a carried piece in packed forms (not a board square).
pub(crate) const CARRIED: u8 = 63;
/// "No piece" for `carried`.
pub(crate) const NO_PIECE: u8 = 6;
/// Steps per turn.
pub(crate) const MAX_STEPS: u8 = 3;
/// Actions per turn.
pub(crate) const MAX_ACTIONS: u8 = 2;

/// A turn in progress. Small and `Copy`: the search copies it for every token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TurnState {
    /// Square per piece: a board square, `HOLE` (fell in: only the opponent's, and then the turn
    /// is won), or `CARRIED`.
    pub sq: [u8; 6],
    /// Occupied squares per colour (piece index % 2), carried and fallen pieces excluded.
    pub occ: [u64; 2],
    /// Index of the active piece.
    pub active: u8,
    /// Ring code of the active piece (0 until the first token of its first turn).
    pub ring: u8,
    /// Ring codes the owner may still choose, as bits `1 << code` (first turn only).
    pub free_rings: u8,
    /// Steps taken.
    pub steps: u8,
    /// Actions taken (a pick-up counts at once).
    pub actions: u8,
    /// Has the active piece been next to an opponent piece this turn?
    pub frozen: bool,
    /// The carried piece, or `NO_PIECE`.
    pub carried: u8,
    /// An opponent piece fell in: the turn ended and won the game.
    pub won: bool,
}

/// Why a token could not be played: a message for people.
pub(crate) type Illegal = String;

#[inline]
fn bit(sq: u8) -> u64 {
    1u64 << sq
}

impl TurnState {
    /// The turn of the piece to move in `k` (which must not be finished).
    pub fn start(k: &Krux) -> TurnState {
        let mut occ = [0u64; 2];
        for (p, &s) in k.squares.iter().enumerate() {
            if s != HOLE {
                occ[p & 1] |= bit(s);
            }
        }
        let active = k.to_move;
        let owner = active & 1;
        let mut used = 0u8;
        for p in (owner as usize..6).step_by(2) {
            used |= 1 << k.rings[p];
        }
        let mut st = TurnState {
            sq: k.squares,
            occ,
            active,
            ring: k.rings[active as usize],
            free_rings: 0b1110 & !used,
            steps: 0,
            actions: 0,
            frozen: false,
            carried: NO_PIECE,
            won: false,
        };
        st.frozen = st.next_to_opponent();
        st
    }

    /// The active piece's square.
    #[inline]
    pub fn here(&self) -> u8 {
        self.sq[self.active as usize]
    }

    #[inline]
    fn occupied(&self) -> u64 {
        self.occ[0] | self.occ[1]
    }

    #[inline]
    fn next_to_opponent(&self) -> bool {
        NEIGHBOUR_MASK[self.here() as usize] & self.occ[(self.active as usize & 1) ^ 1] != 0
    }

    /// May the turn end here? (A ring is chosen, nothing is carried; or the game was just won.)
    #[inline]
    pub fn can_finish(&self) -> bool {
        self.won || (self.ring != 0 && self.carried == NO_PIECE)
    }

    /// The piece on a board square.
    #[inline]
    pub fn piece_at(&self, s: u8) -> Option<usize> {
        if self.occupied() & bit(s) == 0 {
            return None;
        }
        self.sq.iter().position(|&x| x == s)
    }

    /// The board and ring, packed: the turn's identity once it ends (see [`Move`]).
    #[inline]
    pub fn key(&self) -> u64 {
        Move::pack(&self.sq, self.ring)
    }

    /// What is left, as one of 12 budget classes: `steps_left * 3 + actions_left`, where a
    /// frozen piece has no steps left. A state with the same key and no smaller budget in
    /// both parts can do everything this one can.
    #[inline]
    pub fn budget(&self) -> usize {
        let steps_left = if self.frozen { 0 } else { MAX_STEPS - self.steps };
        steps_left as usize * 3 + (MAX_ACTIONS - self.actions) as usize
    }

    /// Moves piece `p` to `to` (a board square or the hole).
    #[inline]
    fn put(&mut self, p: usize, to: u8) {
        let c = p & 1;
        let from = self.sq[p];
        if from != CARRIED && from != HOLE {
            self.occ[c] &= !bit(from);
        }
        if to != HOLE && to != CARRIED {
            self.occ[c] |= bit(to);
        }
        self.sq[p] = to;
    }

    /// After an action: a fallen own piece makes it illegal (`false`); a fallen opponent piece
    /// wins. Then the freeze check.
    #[inline]
    fn settle(&mut self) -> bool {
        if let Some(p) = self.sq.iter().position(|&s| s == HOLE) {
            if (p as u8 ^ self.active) & 1 == 0 {
                return false;
            }
            self.won = true;
            return true;
        }
        self.frozen |= self.next_to_opponent();
        true
    }

    /// The first piece in direction `d` from the active piece: (piece, ray index).
    #[inline]
    fn first_in_line(&self, d: usize) -> Option<(usize, usize)> {
        let ray = &RAYS[self.here() as usize][d];
        let occ = self.occupied();
        for (k, &s) in ray.iter().enumerate() {
            if s == NONE {
                return None;
            }
            if occ & bit(s) != 0 {
                return self.piece_at(s).map(|p| (p, k));
            }
        }
        None
    }

    /// Where a piece at ray index `k` in direction `d` ends when repelled; `None` if it cannot
    /// move at all. The hole is passed over when the square beyond is free.
    #[inline]
    fn repel_to(&self, d: usize, k: usize) -> Option<u8> {
        let ray = &RAYS[self.here() as usize][d];
        let occ = self.occupied();
        let free = |i: usize| i < ray.len() && ray[i] != NONE && occ & bit(ray[i]) == 0;
        if !free(k + 1) {
            return None;
        }
        if free(k + 2) {
            Some(ray[k + 2])
        } else {
            Some(ray[k + 1])
        }
    }

    /// Where a piece at ray index `k` in direction `d` ends when attracted (2 squares, or until
    /// next to the active piece); `None` if it is next to it already.
    #[inline]
    fn attract_to(&self, d: usize, k: usize) -> Option<u8> {
        let ray = &RAYS[self.here() as usize][d];
        match k {
            0 => None,
            1 => Some(ray[0]),
            _ => Some(ray[k - 2]),
        }
    }

    /// Jumps the active piece to `to` and pushes its new neighbours one square away where that
    /// square is free or the hole. Returns `false` if an own piece fell.
    #[inline]
    fn jump(&mut self, to: u8) -> bool {
        self.put(self.active as usize, to);
        let occ = self.occupied();
        for d in 0..4 {
            let n = NEIGHBOURS[to as usize][d];
            if n == NONE || occ & bit(n) == 0 {
                continue;
            }
            let beyond = RAYS[to as usize][d][1];
            if beyond != NONE && (beyond == HOLE || occ & bit(beyond) == 0) {
                if let Some(p) = self.piece_at(n) {
                    self.put(p, beyond);
                }
            }
        }
        self.settle()
    }

    /// Exchanges the active piece with piece `p`.
    #[inline]
    fn switch(&mut self, p: usize) {
        let a = self.active as usize;
        let (sa, sp) = (self.sq[a], self.sq[p]);
        self.put(a, sp);
        self.put(p, sa);
        // `put` clears the old square after the other piece moved in when colours match.
        self.occ[a & 1] |= bit(sp);
        self.occ[p & 1] |= bit(sa);
    }

    /// Calls `f` with every legal next token and the state after it, in no particular order.
    #[inline]
    pub fn expand<F: FnMut(Token, &TurnState)>(&self, mut f: F) {
        if self.won {
            return;
        }
        if self.ring == 0 {
            for r in Ring::ALL {
                if self.free_rings & (1 << r.code()) != 0 {
                    let mut c = *self;
                    c.ring = r.code();
                    f(Token::Ring(r), &c);
                }
            }
            return;
        }
        let here = self.here();
        let occ = self.occupied();
        let me = self.active as usize;
        // Steps.
        if !self.frozen && self.steps < MAX_STEPS {
            for &n in &NEIGHBOURS[here as usize] {
                if n != NONE && n != HOLE && occ & bit(n) == 0 {
                    let mut c = *self;
                    c.put(me, n);
                    c.steps += 1;
                    c.frozen |= c.next_to_opponent();
                    f(Token::Step(sq(n)), &c);
                }
            }
        }
        // Carrying: only the drop.
        if self.carried != NO_PIECE {
            let p = self.carried as usize;
            for &n in &NEIGHBOURS[here as usize] {
                if n != NONE && (n == HOLE || occ & bit(n) == 0) {
                    let mut c = *self;
                    c.put(p, n);
                    c.carried = NO_PIECE;
                    if c.settle() {
                        f(Token::Drop(sq(n)), &c);
                    }
                }
            }
            return;
        }
        if self.actions >= MAX_ACTIONS {
            return;
        }
        // Repel and attract.
        for (d, ray) in RAYS[here as usize].iter().enumerate() {
            if let Some((p, k)) = self.first_in_line(d) {
                let target = ray[k];
                if let Some(to) = self.repel_to(d, k) {
                    let mut c = *self;
                    c.put(p, to);
                    c.actions += 1;
                    if c.settle() {
                        f(Token::Repel(sq(target)), &c);
                    }
                }
                if let Some(to) = self.attract_to(d, k) {
                    let mut c = *self;
                    c.put(p, to);
                    c.actions += 1;
                    if c.settle() {
                        f(Token::Attract(sq(target)), &c);
                    }
                }
            }
        }
        match Ring::from_code(self.ring) {
            Some(Ring::Blue) => {
                for &n in &NEIGHBOURS[here as usize] {
                    if n != NONE && occ & bit(n) != 0 {
                        if let Some(p) = self.piece_at(n) {
                            let mut c = *self;
                            c.put(p, CARRIED);
                            c.carried = p as u8;
                            c.actions += 1;
                            c.frozen |= c.next_to_opponent();
                            f(Token::PickUp(sq(n)), &c);
                        }
                    }
                }
            }
            Some(Ring::Green) => {
                let (count, squares) = &JUMPS[here as usize];
                for &to in &squares[..*count as usize] {
                    if to == here || occ & bit(to) == 0 {
                        let mut c = *self;
                        c.actions += 1;
                        if c.jump(to) {
                            f(Token::Jump(sq(to)), &c);
                        }
                    }
                }
            }
            Some(Ring::Pink) => {
                for p in 0..6 {
                    let s = self.sq[p];
                    if p != me && s != HOLE && s != CARRIED {
                        let dist = DISTANCE[here as usize][s as usize];
                        if (1..=5).contains(&dist) {
                            let mut c = *self;
                            c.switch(p);
                            c.actions += 1;
                            c.frozen |= c.next_to_opponent();
                            f(Token::Switch(sq(s)), &c);
                        }
                    }
                }
            }
            None => {}
        }
    }

    /// Plays one token, or says why it is not legal here.
    pub fn apply(&self, token: Token) -> Result<TurnState, Illegal> {
        let me = self.active as usize;
        let name = format!("piece {}", me + 1);
        if self.won {
            let fallen = self.sq.iter().position(|&s| s == HOLE).unwrap_or(0);
            return Err(format!(
                "the turn is over: piece {} fell into the hole and the game is won",
                fallen + 1
            ));
        }
        if self.ring == 0 {
            let Token::Ring(r) = token else {
                return Err(format!(
                    "{name} has no ring yet: its first turn must begin with a ring token ({})",
                    self.free_ring_tokens()
                ));
            };
            if self.free_rings & (1 << r.code()) == 0 {
                return Err(format!(
                    "the {r} ring is already worn by another of {}'s pieces (free: {})",
                    colour(me),
                    self.free_ring_tokens()
                ));
            }
            let mut c = *self;
            c.ring = r.code();
            return Ok(c);
        }
        let here = self.here();
        let occ = self.occupied();
        let piece_on = |s: Square| self.piece_at(s.index() as u8);
        let is_action = !matches!(token, Token::Step(_) | Token::Drop(_) | Token::Ring(_));
        if is_action {
            if self.carried != NO_PIECE {
                return Err(format!(
                    "{name} is carrying piece {}: no other action before it is dropped",
                    self.carried + 1
                ));
            }
            if self.actions >= MAX_ACTIONS {
                return Err("no action left: a turn has at most 2 actions".into());
            }
        }
        let adjacent = |s: Square| NEIGHBOUR_MASK[here as usize] & (1u64 << s.index()) != 0;
        let mut c = *self;
        match token {
            Token::Ring(_) => Err(format!(
                "a ring token comes only first on a piece's first turn; {name} wears {} already",
                Ring::from_code(self.ring).map_or("none".into(), |r| r.to_string())
            )),
            Token::Step(to) => {
                if self.steps >= MAX_STEPS {
                    return Err("no step left: a turn has at most 3 steps".into());
                }
                if self.frozen {
                    return Err(format!(
                        "{name} may not step: it has been next to an opponent piece this turn"
                    ));
                }
                if !adjacent(to) {
                    return Err(format!("{to} is not next to {name} (on {})", sq(here)));
                }
                if to.is_hole() {
                    return Err("no piece may step into the hole".into());
                }
                if let Some(p) = piece_on(to) {
                    return Err(format!("{to} is taken by piece {}", p + 1));
                }
                c.put(me, to.index() as u8);
                c.steps += 1;
                c.frozen |= c.next_to_opponent();
                Ok(c)
            }
            Token::Repel(t) | Token::Attract(t) => {
                let repel = matches!(token, Token::Repel(_));
                let (verb, done) = if repel {
                    ("repel", "repelled")
                } else {
                    ("attract", "attracted")
                };
                let Some(p) = piece_on(t) else {
                    return Err(format!("no piece on {t} to {verb}"));
                };
                if p == me {
                    return Err(format!("{name} cannot {verb} itself"));
                }
                let Some((d, k)) = (0..4).find_map(|d| {
                    RAYS[here as usize][d]
                        .iter()
                        .position(|&s| s == t.index() as u8)
                        .map(|k| (d, k))
                }) else {
                    return Err(format!(
                        "{t} is not on the same row or column as {name} (on {})",
                        sq(here)
                    ));
                };
                if let Some(b) = RAYS[here as usize][d][..k].iter().find(|&&s| occ & bit(s) != 0) {
                    return Err(format!("the sight from {} to {t} is blocked on {}", sq(here), sq(*b)));
                }
                let to = if repel {
                    self.repel_to(d, k)
                } else {
                    self.attract_to(d, k)
                };
                let Some(to) = to else {
                    return Err(format!("the piece on {t} cannot be {done}: it cannot move"));
                };
                c.put(p, to);
                c.actions += 1;
                c.settled(p)
            }
            Token::PickUp(t) => {
                if self.ring != Ring::Blue.code() {
                    return Err(format!("{name} is not a carrier (blue ring): it cannot pick up"));
                }
                if !adjacent(t) {
                    return Err(format!("{t} is not next to {name} (on {})", sq(here)));
                }
                let Some(p) = piece_on(t) else {
                    return Err(format!("no piece on {t} to pick up"));
                };
                c.put(p, CARRIED);
                c.carried = p as u8;
                c.actions += 1;
                c.frozen |= c.next_to_opponent();
                Ok(c)
            }
            Token::Drop(t) => {
                if self.carried == NO_PIECE {
                    return Err(format!("{name} carries nothing to drop"));
                }
                if !adjacent(t) {
                    return Err(format!("{t} is not next to {name} (on {})", sq(here)));
                }
                if let Some(p) = piece_on(t) {
                    return Err(format!("{t} is taken by piece {}", p + 1));
                }
                let p = self.carried as usize;
                c.put(p, t.index() as u8);
                c.carried = NO_PIECE;
                c.settled(p)
            }
            Token::Jump(t) => {
                if self.ring != Ring::Green.code() {
                    return Err(format!("{name} is not a jumper (green ring): it cannot jump"));
                }
                if t.is_hole() {
                    return Err("no piece may jump into the hole".into());
                }
                let dist = DISTANCE[here as usize][t.index()];
                if dist > 3 {
                    return Err(format!(
                        "{t} is {dist} squares from {name} (on {}); a jump reaches 0 to 3",
                        sq(here)
                    ));
                }
                if let Some(p) = piece_on(t).filter(|&p| p != me) {
                    return Err(format!("{t} is taken by piece {}", p + 1));
                }
                c.actions += 1;
                if c.jump(t.index() as u8) {
                    Ok(c)
                } else {
                    let p = c.sq.iter().position(|&s| s == HOLE).unwrap_or(0);
                    Err(own_fall(p))
                }
            }
            Token::Switch(t) => {
                if self.ring != Ring::Pink.code() {
                    return Err(format!("{name} is not a switcher (pink ring): it cannot switch"));
                }
                let Some(p) = piece_on(t) else {
                    return Err(format!("no piece on {t} to switch with"));
                };
                if p == me {
                    return Err(format!("{name} cannot switch with itself"));
                }
                let dist = DISTANCE[here as usize][t.index()];
                if dist > 5 {
                    return Err(format!(
                        "{t} is {dist} squares from {name} (on {}); a switch reaches 1 to 5",
                        sq(here)
                    ));
                }
                c.switch(p);
                c.actions += 1;
                c.frozen |= c.next_to_opponent();
                Ok(c)
            }
        }
    }

    /// `settle` with the reason when an own piece fell.
    fn settled(mut self, moved: usize) -> Result<TurnState, Illegal> {
        if self.settle() {
            Ok(self)
        } else {
            Err(own_fall(moved))
        }
    }

    /// The ring tokens still open, for messages.
    fn free_ring_tokens(&self) -> String {
        Ring::ALL
            .iter()
            .filter(|r| self.free_rings & (1 << r.code()) != 0)
            .map(|r| format!("@{}", r.letter()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The message for a turn that would put an own piece into the hole.
fn own_fall(p: usize) -> Illegal {
    format!(
        "it would put {}'s piece {} into the hole, which is illegal for its own side",
        colour(p),
        p + 1
    )
}

fn colour(p: usize) -> &'static str {
    if p & 1 == 0 {
        "White"
    } else {
        "Black"
    }
}

#[inline]
fn sq(i: u8) -> Square {
    Square::from_index(i as usize).expect("a board square")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_walk::random_turn;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Every token that could be written: rings, and each kind on each square.
    fn all_tokens() -> Vec<Token> {
        let mut out: Vec<Token> = Ring::ALL.iter().map(|&r| Token::Ring(r)).collect();
        for s in Square::all() {
            out.extend([
                Token::Step(s),
                Token::Repel(s),
                Token::Attract(s),
                Token::PickUp(s),
                Token::Drop(s),
                Token::Jump(s),
                Token::Switch(s),
            ]);
        }
        out
    }

    /// `apply` accepts exactly the tokens `expand` lists, with the same results, on the states
    /// of random token walks from random positions.
    #[test]
    fn apply_agrees_with_expand() {
        let mut rng = SmallRng::seed_from_u64(5);
        let tokens = all_tokens();
        let mut checked = 0;
        for _game in 0..12 {
            let mut k = Krux::start();
            for _ply in 0..30 {
                if k.is_over() {
                    break;
                }
                let mut st = TurnState::start(&k);
                loop {
                    let mut listed = Vec::new();
                    st.expand(|t, c| listed.push((t, *c)));
                    for &t in &tokens {
                        let applied = st.apply(t).ok();
                        let expanded = listed.iter().find(|(u, _)| *u == t).map(|(_, c)| *c);
                        assert_eq!(applied, expanded, "token {t} in {:?}", st);
                        checked += 1;
                    }
                    if listed.is_empty() || (st.can_finish() && rng.random_range(0..4) == 0) {
                        break;
                    }
                    st = listed[rng.random_range(0..listed.len())].1;
                }
                let mv = random_turn(&k, &mut rng).expect("not over");
                k.apply(mv);
            }
        }
        assert!(checked > 100_000);
    }
}
