//! Krux's rules for one token, written once, since a Krux turn is a sequence of tokens: a turn
//! in progress ([`TurnState`]) and [`TurnState::play_token`], which gives the state after a
//! token or the reason ([`Illegal`]) it is not legal there. Under it, `apply` plays a token in
//! place through one function per kind of token (`step`, `repel_or_attract`, `pick_up`, `drop`,
//! `jump`, `switch`, `choose_ring`). Turn generation, the random walk, canonical notation, the
//! notation parser and the turn builder all go through it: [`TurnState::expand`] only proposes
//! candidate tokens by geometry and keeps those `apply` accepts, and an illegal token costs a
//! small `Illegal` value that is only worded when shown.
//!
//! Rulings taken from the rules text:
//! - freeze is checked at the turn's start and after every token that moves a piece (step,
//!   action, pick-up, drop); a carried piece is off the board, so it neither blocks nor counts as
//!   "next to". Picking up a neighbouring opponent never unfreezes anything: it was next to the
//!   carrier after the previous token already.
//! - a pick-up uses the action at once (so it needs one left); the drop completes it.
//!
//! The rules variant (`variant.rs`) is read once, in [`TurnState::start`], into a byte of flags
//! that the rules below consult: `freeze=off` never freezes, `hole=blocks` adds the hole to what
//! blocks the sight of a repel or attract, `distance=1` moves their target one square.

use crate::geometry::{near_hole, near_hole_on_lines, Direction};
use crate::moves::{Layout, Move};
use crate::piece::{Piece, Ring};
use crate::square::Square;
use crate::token::Token;
use crate::variant::{Distance, Hole, KruxVariant};
use std::fmt;

/// Steps per turn.
pub(crate) const MAX_STEPS: u8 = 3;
/// Actions per turn.
pub(crate) const MAX_ACTIONS: u8 = 2;

/// A set of rings (the ones a piece may still choose on its first turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RingSet(u8);

impl RingSet {
    const NONE: RingSet = RingSet(0);

    /// The rings `player` has not placed yet in `k`.
    fn unused(k: &crate::Krux, player: arbiter_core::Player) -> RingSet {
        let mut used = 0;
        for p in Piece::all().filter(|p| p.owner() == player) {
            used |= k.ring(p).map_or(0, |r| 1 << r.code());
        }
        RingSet(0b1110 & !used)
    }

    #[inline]
    fn contains(self, ring: Ring) -> bool {
        self.0 & 1 << ring.code() != 0
    }

    /// The rings in the set, in the byte order of their letters.
    pub fn rings(self) -> impl Iterator<Item = Ring> {
        Ring::ALL.into_iter().filter(move |&r| self.contains(r))
    }
}

/// The variant's rules for a turn, and whether the freeze has struck, packed in one byte so that
/// a [`TurnState`] stays 32 bytes (the search copies one for every token it tries).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Flags(u8);

impl Flags {
    /// The active piece has been next to an opponent piece this turn (only under the freeze).
    const FROZEN: u8 = 1;
    /// The freeze applies (`freeze=on`); one place above [`Flags::FROZEN`], see `freeze_if`.
    const FREEZE: u8 = 1 << 1;
    /// The hole blocks the sight of a repel or attract (`hole=blocks`).
    const HOLE_BLOCKS: u8 = 1 << 2;
    /// A repel or attract moves its target one square at most (`distance=1`).
    const ONE_SQUARE: u8 = 1 << 3;

    /// The rules of `variant`, nothing frozen yet.
    fn of(variant: &KruxVariant) -> Flags {
        let mut bits = 0;
        if variant.freeze {
            bits |= Flags::FREEZE;
        }
        if variant.hole == Hole::Blocks {
            bits |= Flags::HOLE_BLOCKS;
        }
        if variant.distance == Distance::One {
            bits |= Flags::ONE_SQUARE;
        }
        Flags(bits)
    }

    #[inline]
    fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }

    /// Freezes the active piece if it is `next` to an opponent piece and the freeze applies
    /// (without a branch: the freeze bit, shifted down, is the frozen bit's mask).
    #[inline]
    fn freeze_if(&mut self, next: bool) {
        self.0 |= u8::from(next) & (self.0 >> 1) & Flags::FROZEN;
    }
}

impl fmt::Display for RingSet {
    /// The ring tokens, for messages: `@b, @p`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for r in Ring::ALL.into_iter().filter(|&r| self.contains(r)) {
            if !first {
                f.write_str(", ")?;
            }
            write!(f, "@{}", r.letter())?;
            first = false;
        }
        Ok(())
    }
}

/// The actions, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    /// `R`: push the first piece in a line away.
    Repel,
    /// `A`: pull the first piece in a line closer.
    Attract,
    /// `P`: pick up a neighbouring piece (carrier).
    PickUp,
    /// `J`: jump (jumper).
    Jump,
    /// `X`: switch places (switcher).
    Switch,
}

impl Action {
    /// The verb, with its preposition: "to {verb} it", "cannot {verb} itself".
    fn verb(self) -> &'static str {
        match self {
            Action::Repel => "repel",
            Action::Attract => "attract",
            Action::PickUp => "pick up",
            Action::Jump => "jump",
            Action::Switch => "switch with",
        }
    }
}

/// The moves of the active piece itself that may not end on the hole, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Motion {
    /// A step.
    Step,
    /// A jump.
    Jump,
}

/// Why a token cannot be played where it was tried. Cheap to make (generation tries tokens
/// that turn out illegal and drops the reason); its `Display` is the message for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Illegal {
    /// A piece fell in: the turn is over and won.
    TurnOver { fallen: Piece },
    /// A first turn must begin with a ring token.
    NoRingYet { piece: Piece, free: RingSet },
    /// The ring chosen is worn by another piece of the same side.
    RingTaken { ring: Ring, piece: Piece, free: RingSet },
    /// A ring token after the first token of a first turn, or on a later turn.
    RingNotFirst { piece: Piece, ring: Ring },
    /// An action while carrying.
    Carrying { piece: Piece, carried: Piece },
    /// Both actions are used.
    NoActionLeft,
    /// All three steps are used.
    NoStepLeft,
    /// The active piece has been next to an opponent piece this turn.
    Frozen { piece: Piece },
    /// A step, pick-up or drop on a square not next to the active piece.
    NotNext { square: Square, piece: Piece, here: Square },
    /// A step or a jump onto the hole.
    IntoHole { action: Motion },
    /// A step, drop or jump onto a piece.
    Taken { square: Square, by: Piece },
    /// An action aimed at an empty square.
    NoPiece { square: Square, action: Action },
    /// An action aimed at the active piece.
    Itself { piece: Piece, action: Action },
    /// A repel or attract off the active piece's row and column.
    NotInLine { square: Square, piece: Piece, here: Square },
    /// A repel or attract past the first piece in line (or, under `hole=blocks`, past the hole).
    Blocked { here: Square, square: Square, at: Square },
    /// A repel or attract of a piece that cannot move at all.
    CannotMove { square: Square, action: Action },
    /// A ring power the active piece lacks.
    NoPower { piece: Piece, ring: Ring },
    /// A drop with nothing carried.
    CarriesNothing { piece: Piece },
    /// A jump or switch out of reach.
    TooFar {
        square: Square,
        distance: u8,
        piece: Piece,
        here: Square,
        action: Action,
    },
    /// The token would put a piece of the mover's side into the hole.
    OwnFall { piece: Piece },
}

/// "White" or "Black", for messages.
fn colour(piece: Piece) -> &'static str {
    match piece.owner() {
        arbiter_core::Player::First => "White",
        arbiter_core::Player::Second => "Black",
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::TurnOver { fallen } => write!(
                f,
                "the turn is over: piece {fallen} fell into the hole and the game is won"
            ),
            Illegal::NoRingYet { piece, free } => write!(
                f,
                "piece {piece} has no ring yet: its first turn must begin with a ring token ({free})"
            ),
            Illegal::RingTaken { ring, piece, free } => write!(
                f,
                "the {ring} ring is already worn by another of {}'s pieces (free: {free})",
                colour(piece)
            ),
            Illegal::RingNotFirst { piece, ring } => write!(
                f,
                "a ring token comes only first on a piece's first turn; piece {piece} wears {ring} already"
            ),
            Illegal::Carrying { piece, carried } => write!(
                f,
                "piece {piece} is carrying piece {carried}: no other action before it is dropped"
            ),
            Illegal::NoActionLeft => write!(f, "no action left: a turn has at most {MAX_ACTIONS} actions"),
            Illegal::NoStepLeft => write!(f, "no step left: a turn has at most {MAX_STEPS} steps"),
            Illegal::Frozen { piece } => write!(
                f,
                "piece {piece} may not step: it has been next to an opponent piece this turn"
            ),
            Illegal::NotNext { square, piece, here } => {
                write!(f, "{square} is not next to piece {piece} (on {here})")
            }
            Illegal::IntoHole { action } => {
                let verb = if action == Motion::Step { "step" } else { "jump" };
                write!(f, "no piece may {verb} into the hole")
            }
            Illegal::Taken { square, by } => write!(f, "{square} is taken by piece {by}"),
            Illegal::NoPiece { square, action } => write!(f, "no piece on {square} to {}", action.verb()),
            Illegal::Itself { piece, action } => write!(f, "piece {piece} cannot {} itself", action.verb()),
            Illegal::NotInLine { square, piece, here } => write!(
                f,
                "{square} is not on the same row or column as piece {piece} (on {here})"
            ),
            Illegal::Blocked { here, square, at } if at.is_hole() => write!(
                f,
                "the hole ({at}) blocks the sight from {here} to {square} (option hole=blocks)"
            ),
            Illegal::Blocked { here, square, at } => {
                write!(f, "the sight from {here} to {square} is blocked on {at}")
            }
            Illegal::CannotMove { square, action } => {
                let done = if action == Action::Repel {
                    "repelled"
                } else {
                    "attracted"
                };
                write!(f, "the piece on {square} cannot be {done}: it cannot move")
            }
            Illegal::NoPower { piece, ring } => {
                let verb = match ring {
                    Ring::Blue => "pick up",
                    Ring::Green => "jump",
                    Ring::Pink => "switch",
                };
                write!(
                    f,
                    "piece {piece} is not a {} ({ring} ring): it cannot {verb}",
                    ring.power()
                )
            }
            Illegal::CarriesNothing { piece } => write!(f, "piece {piece} carries nothing to drop"),
            Illegal::TooFar {
                square,
                distance,
                piece,
                here,
                action,
            } => {
                let reach = if action == Action::Jump {
                    "a jump reaches 0 to 3"
                } else {
                    "a switch reaches 1 to 5"
                };
                write!(
                    f,
                    "{square} is {distance} squares from piece {piece} (on {here}); {reach}"
                )
            }
            Illegal::OwnFall { piece } => write!(
                f,
                "it would put {}'s piece {piece} into the hole, which is illegal for its own side",
                colour(piece)
            ),
        }
    }
}

/// A turn in progress. Small and `Copy`: the search copies it for every token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TurnState {
    /// Where each piece is: on a square (the hole: it fell in, which only an opponent piece
    /// may, and then the turn is won), or carried.
    layout: Layout,
    /// Occupied squares per colour (by `Player::index`), carried and fallen pieces excluded.
    occ: [u64; 2],
    /// The piece making the turn.
    active: Piece,
    /// Its ring (`None` until the first token of its first turn).
    ring: Option<Ring>,
    /// The rings its owner may still choose (on a first turn; empty otherwise).
    free_rings: RingSet,
    /// Steps taken.
    steps: u8,
    /// Actions taken (a pick-up counts at once).
    actions: u8,
    /// The variant's rules, and whether the active piece has been next to an opponent piece
    /// this turn (frozen).
    flags: Flags,
    /// The piece being carried.
    carried: Option<Piece>,
    /// The opponent piece that fell in: the turn ended and won the game.
    fallen: Option<Piece>,
}

impl TurnState {
    /// The turn of the piece to move in `k` (which must not be finished).
    pub fn start(k: &crate::Krux) -> TurnState {
        let mut occ = [0u64; 2];
        for p in Piece::all() {
            let s = k.square(p);
            if !s.is_hole() {
                occ[p.owner().index()] |= s.bit();
            }
        }
        let active = k.piece_to_move();
        let ring = k.ring(active);
        let mut st = TurnState {
            layout: Layout::new(k.squares),
            occ,
            active,
            ring,
            // Only a first turn chooses a ring.
            free_rings: match ring {
                None => RingSet::unused(k, active.owner()),
                Some(_) => RingSet::NONE,
            },
            steps: 0,
            actions: 0,
            flags: Flags::of(&k.variant),
            carried: None,
            fallen: None,
        };
        st.flags.freeze_if(st.next_to_opponent(k.square(active)));
        st
    }

    // ---- What the state says.

    /// The piece making the turn.
    pub fn active(&self) -> Piece {
        self.active
    }

    /// The active piece's ring (`None` before the ring token of a first turn).
    pub fn ring(&self) -> Option<Ring> {
        self.ring
    }

    /// The rings the active piece may still choose (its first turn, before its ring token;
    /// none otherwise).
    pub fn free_rings(&self) -> RingSet {
        if self.ring.is_some() {
            RingSet::NONE
        } else {
            self.free_rings
        }
    }

    /// Where `piece` is: a square (the hole if it fell in), or `None` while carried.
    pub fn square(&self, piece: Piece) -> Option<Square> {
        self.layout.get(piece)
    }

    /// The piece being carried.
    pub fn carried(&self) -> Option<Piece> {
        self.carried
    }

    /// The opponent piece that fell into the hole, ending and winning the turn.
    pub fn fallen(&self) -> Option<Piece> {
        self.fallen
    }

    /// Steps and actions taken.
    pub fn used(&self) -> (u8, u8) {
        (self.steps, self.actions)
    }

    /// Has the active piece been next to an opponent piece this turn (so it may not step)?
    /// Never under `freeze=off`.
    #[inline]
    pub fn is_frozen(&self) -> bool {
        self.flags.has(Flags::FROZEN)
    }

    /// Could an opponent piece still fall this turn? A bound by distances to the hole, so it
    /// costs a few mask tests: only actions move other pieces, and each moves one by at most 2
    /// squares (a repel or attract; a jump pushes 1), except a carry, which moves it as far as
    /// the carrier walks, and a switch, which sends it to the active piece's square. So the
    /// last action needs its target on the hole's lines within 2 of it (a carrier: within 2
    /// more than its steps left), and with two actions left the target may start 2 further
    /// away, or anywhere for a carrier or a switcher near enough to the hole to be switched
    /// with. `false` means no sequence of the tokens left can win; `true` promises nothing.
    #[inline]
    pub fn may_still_win(&self) -> bool {
        let Some(ring) = self.ring else {
            return true;
        };
        if let Some(carried) = self.carried {
            if carried.owner() != self.active.owner() {
                return true;
            }
        }
        let targets = self.occ[self.active.owner().opponent().index()];
        let steps_left = if self.is_frozen() { 0 } else { MAX_STEPS - self.steps } as usize;
        match (MAX_ACTIONS - self.actions, ring) {
            (0, _) => false,
            (1, Ring::Blue) => targets & near_hole(2 + steps_left) != 0,
            (1, _) => targets & near_hole_on_lines(2) != 0,
            (_, Ring::Blue) => true,
            (_, Ring::Pink) if self.here().distance(Square::HOLE) <= 2 + steps_left => true,
            _ => targets & near_hole(4) != 0,
        }
    }

    /// May the turn end here? (A ring is chosen, nothing is carried; or the game was just won.)
    #[inline]
    pub fn can_finish(&self) -> bool {
        self.fallen.is_some() || (self.ring.is_some() && self.carried.is_none())
    }

    /// The board and ring, packed: the turn's identity once it ends (see [`Move`]), and the
    /// search's key for it before.
    #[inline]
    pub fn key(&self) -> u64 {
        self.layout.with_ring(self.ring)
    }

    /// The turn as a move; only meaningful where [`TurnState::can_finish`].
    #[inline]
    pub fn result(&self) -> Move {
        debug_assert!(self.can_finish());
        Move(self.key())
    }

    /// What is left, as one of 12 budget classes: `steps_left * 3 + actions_left`, where a
    /// frozen piece has no steps left. A state with the same key and no smaller budget in
    /// both parts can do everything this one can.
    #[inline]
    pub fn budget(&self) -> usize {
        let steps_left = if self.is_frozen() { 0 } else { MAX_STEPS - self.steps };
        steps_left as usize * 3 + (MAX_ACTIONS - self.actions) as usize
    }

    // ---- The board.

    /// The active piece's square.
    #[inline]
    fn here(&self) -> Square {
        self.layout.on_board(self.active)
    }

    #[inline]
    fn occupied(&self) -> u64 {
        self.occ[0] | self.occ[1]
    }

    #[inline]
    fn is_free(&self, s: Square) -> bool {
        self.occupied() & s.bit() == 0
    }

    /// The piece on a board square (never the carried piece, never on the hole).
    #[inline]
    fn piece_at(&self, s: Square) -> Option<Piece> {
        if self.is_free(s) {
            return None;
        }
        self.layout.find(s)
    }

    /// Would the active piece on `square` be next to an opponent piece?
    #[inline]
    fn next_to_opponent(&self, square: Square) -> bool {
        square.neighbour_mask() & self.occ[self.active.owner().opponent().index()] != 0
    }

    /// Takes `p` off its board square `from` (it is carried).
    #[inline]
    fn lift(&mut self, p: Piece, from: Square) {
        debug_assert_eq!(self.layout.get(p), Some(from));
        self.occ[p.owner().index()] &= !from.bit();
        self.layout.set(p, None);
    }

    /// Puts the carried piece `p` on `to`: a board square or the hole.
    #[inline]
    fn place(&mut self, p: Piece, to: Square) {
        if !to.is_hole() {
            self.occ[p.owner().index()] |= to.bit();
        }
        self.layout.set(p, Some(to));
    }

    /// Moves `p` from its board square `from` to `to` (a board square or the hole).
    #[inline]
    fn relocate(&mut self, p: Piece, from: Square, to: Square) {
        let occ = &mut self.occ[p.owner().index()];
        *occ &= !from.bit();
        if !to.is_hole() {
            *occ |= to.bit();
        }
        self.layout.shift(p, from, to);
    }

    /// After a token that left the active piece on `active_on`: the piece it put into the hole
    /// (`fell`), if any, makes it illegal if it is the mover's own and otherwise wins and ends
    /// the turn; with none, the freeze check.
    #[inline]
    fn settle(&mut self, fell: Option<Piece>, active_on: Square) -> Result<(), Illegal> {
        if let Some(p) = fell {
            debug_assert_eq!(self.layout.get(p), Some(Square::HOLE));
            if p.owner() == self.active.owner() {
                return Err(Illegal::OwnFall { piece: p });
            }
            self.fallen = Some(p);
            return Ok(());
        }
        debug_assert_eq!(self.layout.get(self.active), Some(active_on));
        self.flags.freeze_if(self.next_to_opponent(active_on));
        Ok(())
    }

    // ---- The rules.

    /// Plays one token: the state after it, or why it is not legal here.
    #[inline]
    pub fn play_token(&self, token: Token) -> Result<TurnState, Illegal> {
        let mut next = *self;
        next.apply(token)?;
        Ok(next)
    }

    /// Plays one token in place, or says why it is not legal here (then `self` is left in no
    /// particular state: callers work on a copy). The one implementation of every rule of a
    /// turn: one function per kind of token, each checking its rules and then moving pieces.
    #[inline(always)]
    fn apply(&mut self, token: Token) -> Result<(), Illegal> {
        if let Some(fallen) = self.fallen {
            return Err(Illegal::TurnOver { fallen });
        }
        let Some(ring) = self.ring else {
            return self.choose_ring(token);
        };
        match token {
            Token::Ring(_) => Err(Illegal::RingNotFirst {
                piece: self.active,
                ring,
            }),
            Token::Step(to) => self.step(to),
            Token::Drop(to) => self.drop(to),
            Token::Repel(target) => self.repel_or_attract(target, Action::Repel),
            Token::Attract(target) => self.repel_or_attract(target, Action::Attract),
            Token::PickUp(target) => self.pick_up(ring, target),
            Token::Jump(to) => self.jump(ring, to),
            Token::Switch(target) => self.switch(ring, target),
        }
    }

    /// The first token of a first turn: a ring the owner has not used.
    #[inline]
    fn choose_ring(&mut self, token: Token) -> Result<(), Illegal> {
        let (piece, free) = (self.active, self.free_rings);
        let Token::Ring(ring) = token else {
            return Err(Illegal::NoRingYet { piece, free });
        };
        if !free.contains(ring) {
            return Err(Illegal::RingTaken { ring, piece, free });
        }
        self.ring = Some(ring);
        Ok(())
    }

    /// May the active piece step now? (Steps left, not frozen.)
    #[inline]
    fn may_step(&self) -> Result<(), Illegal> {
        if self.steps >= MAX_STEPS {
            return Err(Illegal::NoStepLeft);
        }
        if self.is_frozen() {
            return Err(Illegal::Frozen { piece: self.active });
        }
        Ok(())
    }

    /// May the active piece start an action now? (Nothing carried, actions left.)
    #[inline]
    fn may_act(&self) -> Result<(), Illegal> {
        if let Some(carried) = self.carried {
            return Err(Illegal::Carrying {
                piece: self.active,
                carried,
            });
        }
        if self.actions >= MAX_ACTIONS {
            return Err(Illegal::NoActionLeft);
        }
        Ok(())
    }

    /// Does the active piece wear `needed`?
    #[inline]
    fn has_power(&self, ring: Ring, needed: Ring) -> Result<(), Illegal> {
        if ring == needed {
            Ok(())
        } else {
            Err(Illegal::NoPower {
                piece: self.active,
                ring: needed,
            })
        }
    }

    /// Is `s` next to the active piece? Gives the active piece's square.
    #[inline]
    fn next_to_active(&self, s: Square) -> Result<Square, Illegal> {
        let here = self.here();
        if here.neighbour_mask() & s.bit() == 0 {
            return Err(Illegal::NotNext {
                square: s,
                piece: self.active,
                here,
            });
        }
        Ok(here)
    }

    /// The piece an action aims at: on `target`, not the active piece.
    #[inline]
    fn target(&self, target: Square, action: Action) -> Result<Piece, Illegal> {
        match self.piece_at(target) {
            None => Err(Illegal::NoPiece { square: target, action }),
            Some(p) if p == self.active => Err(Illegal::Itself {
                piece: self.active,
                action,
            }),
            Some(p) => Ok(p),
        }
    }

    /// A step to a neighbouring empty square (never the hole).
    #[inline(always)]
    fn step(&mut self, to: Square) -> Result<(), Illegal> {
        self.may_step()?;
        let here = self.next_to_active(to)?;
        if to.is_hole() {
            return Err(Illegal::IntoHole { action: Motion::Step });
        }
        if let Some(by) = self.piece_at(to) {
            return Err(Illegal::Taken { square: to, by });
        }
        self.relocate(self.active, here, to);
        self.steps += 1;
        self.settle(None, to)
    }

    /// Repel or attract the first piece in a line. Repel: it moves 2 squares away, or 1 if the
    /// second is off the board or taken; attract: 2 squares closer, or 1 to stop next to the
    /// active piece (under `distance=1`, 1 square either way). Empty squares and the hole count
    /// alike for the moving piece, so it may pass over the hole or end on it (and fall); under
    /// `hole=blocks` the hole blocks the sight from the active piece to its target.
    #[inline(always)]
    fn repel_or_attract(&mut self, target: Square, action: Action) -> Result<(), Illegal> {
        self.may_act()?;
        let p = self.target(target, action)?;
        let here = self.here();
        let Some(d) = here.direction_to(target) else {
            return Err(Illegal::NotInLine {
                square: target,
                piece: self.active,
                here,
            });
        };
        let hole = if self.flags.has(Flags::HOLE_BLOCKS) {
            Square::HOLE.bit()
        } else {
            0
        };
        if let Some(at) = here.nearest(d, (self.occupied() | hole) & here.between(target, d)) {
            return Err(Illegal::Blocked {
                here,
                square: target,
                at,
            });
        }
        let to = if action == Action::Repel {
            self.repel_to(target, d)
        } else {
            attract_to(here, target, d, self.flags.has(Flags::ONE_SQUARE))
        };
        let Some(to) = to else {
            return Err(Illegal::CannotMove { square: target, action });
        };
        self.relocate(p, target, to);
        self.actions += 1;
        self.settle(to.is_hole().then_some(p), here)
    }

    /// Where the piece on `target`, in direction `d` from the active piece, ends when
    /// repelled; `None` if it cannot move.
    #[inline]
    fn repel_to(&self, target: Square, d: Direction) -> Option<Square> {
        let free = |s: Option<Square>| s.filter(|&s| self.is_free(s));
        let one = free(target.neighbour(d))?;
        if self.flags.has(Flags::ONE_SQUARE) {
            return Some(one);
        }
        Some(free(one.neighbour(d)).unwrap_or(one))
    }

    /// Carrier: pick up a neighbouring piece (the action is spent at once).
    #[inline(always)]
    fn pick_up(&mut self, ring: Ring, target: Square) -> Result<(), Illegal> {
        self.may_act()?;
        self.has_power(ring, Ring::Blue)?;
        let here = self.next_to_active(target)?;
        let p = self.target(target, Action::PickUp)?;
        self.lift(p, target);
        self.carried = Some(p);
        self.actions += 1;
        self.settle(None, here)
    }

    /// Carrier: drop the carried piece on a neighbouring empty square or into the hole.
    #[inline(always)]
    fn drop(&mut self, to: Square) -> Result<(), Illegal> {
        let Some(p) = self.carried else {
            return Err(Illegal::CarriesNothing { piece: self.active });
        };
        let here = self.next_to_active(to)?;
        if let Some(by) = self.piece_at(to) {
            return Err(Illegal::Taken { square: to, by });
        }
        self.place(p, to);
        self.carried = None;
        self.settle(to.is_hole().then_some(p), here)
    }

    /// Jumper: jump to an empty square (not the hole) 0..3 away, then push every neighbouring
    /// piece one square away where that square is empty or the hole (no chain pushes).
    #[inline(always)]
    fn jump(&mut self, ring: Ring, to: Square) -> Result<(), Illegal> {
        self.may_act()?;
        self.has_power(ring, Ring::Green)?;
        if to.is_hole() {
            return Err(Illegal::IntoHole { action: Motion::Jump });
        }
        let here = self.here();
        let distance = here.distance(to) as u8;
        if distance > 3 {
            return Err(Illegal::TooFar {
                square: to,
                distance,
                piece: self.active,
                here,
                action: Action::Jump,
            });
        }
        if let Some(by) = self.piece_at(to).filter(|&p| p != self.active) {
            return Err(Illegal::Taken { square: to, by });
        }
        self.relocate(self.active, here, to);
        self.actions += 1;
        let mut fell = None;
        if to.neighbour_mask() & self.occupied() != 0 {
            for d in Direction::ALL {
                let Some(n) = to.neighbour(d) else { continue };
                let Some(pushed) = self.piece_at(n) else { continue };
                // Two squares from `to`, so no other push can have filled it.
                if let Some(beyond) = n.neighbour(d).filter(|&b| self.is_free(b)) {
                    self.relocate(pushed, n, beyond);
                    if beyond.is_hole() {
                        fell = Some(pushed);
                    }
                }
            }
        }
        self.settle(fell, to)
    }

    /// Switcher: exchange places with any piece 1..5 away.
    #[inline(always)]
    fn switch(&mut self, ring: Ring, target: Square) -> Result<(), Illegal> {
        self.may_act()?;
        self.has_power(ring, Ring::Pink)?;
        let p = self.target(target, Action::Switch)?;
        let here = self.here();
        let distance = here.distance(target) as u8;
        if distance > 5 {
            return Err(Illegal::TooFar {
                square: target,
                distance,
                piece: self.active,
                here,
                action: Action::Switch,
            });
        }
        self.layout.shift(self.active, here, target);
        self.layout.shift(p, target, here);
        let both = here.bit() | target.bit();
        self.occ[self.active.owner().index()] ^= both;
        self.occ[p.owner().index()] ^= both;
        self.actions += 1;
        self.settle(None, target)
    }

    // ---- Generation.

    /// Calls `f` with every legal next token and the state after it, in no particular order.
    /// It proposes candidate tokens by geometry and keeps those `apply` accepts (on a copy, made
    /// before the token changes anything, so the child is built where `f` reads it); the gates
    /// (`may_step`, `may_act`) are the same rules, asked once for all the candidates they would
    /// refuse.
    #[inline]
    pub fn expand<F: FnMut(Token, &TurnState)>(&self, mut f: F) {
        let mut propose = |token: Token| {
            let mut next = *self;
            if next.apply(token).is_ok() {
                f(token, &next);
            }
        };
        if self.fallen.is_some() {
            return;
        }
        let Some(ring) = self.ring else {
            for r in Ring::ALL {
                propose(Token::Ring(r));
            }
            return;
        };
        let here = self.here();
        if self.may_step().is_ok() {
            for &n in here.neighbours() {
                propose(Token::Step(n));
            }
        }
        if self.carried.is_some() {
            for &n in here.neighbours() {
                propose(Token::Drop(n));
            }
        }
        if self.may_act().is_err() {
            return;
        }
        let occupied = self.occupied();
        for d in Direction::ALL {
            if let Some(first) = here.nearest(d, occupied) {
                propose(Token::Repel(first));
                propose(Token::Attract(first));
            }
        }
        match ring {
            Ring::Blue => {
                for &n in here.neighbours() {
                    if occupied & n.bit() != 0 {
                        propose(Token::PickUp(n));
                    }
                }
            }
            Ring::Green => {
                for &to in here.jump_targets() {
                    propose(Token::Jump(to));
                }
            }
            Ring::Pink => {
                for p in Piece::all().filter(|&p| p != self.active) {
                    if let Some(s) = self.layout.get(p) {
                        propose(Token::Switch(s));
                    }
                }
            }
        }
    }
}

/// Where the piece on `target`, in direction `d` from `here`, ends when attracted: 2 squares
/// closer (1 if `one_square`), or 1 to stop next to `here`; `None` if it is next to it already.
/// (The squares between are empty or the hole: sight is clear.)
#[inline]
fn attract_to(here: Square, target: Square, d: Direction, one_square: bool) -> Option<Square> {
    let back = d.opposite();
    match here.distance(target) {
        1 => None,
        2 => target.neighbour(back),
        _ if one_square => target.neighbour(back),
        _ => target.neighbour(back).and_then(|s| s.neighbour(back)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_walk::random_move;
    use crate::Krux;
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

    /// `expand` lists exactly the tokens `play_token` accepts, with the same results, on the
    /// states of random token walks from random positions: its candidates miss nothing. In the
    /// standard game and in each rules variant (whose rules `expand` leaves to `play_token`).
    #[test]
    fn expand_lists_every_token_play_token_accepts() {
        let mut rng = SmallRng::seed_from_u64(5);
        let tokens = all_tokens();
        let mut checked = 0;
        let standard = KruxVariant::default();
        let variants = [
            (standard, 12),
            (
                KruxVariant {
                    hole: Hole::Blocks,
                    ..standard
                },
                4,
            ),
            (
                KruxVariant {
                    freeze: false,
                    ..standard
                },
                4,
            ),
            (
                KruxVariant {
                    distance: Distance::One,
                    ..standard
                },
                4,
            ),
            (
                KruxVariant {
                    setup: crate::Setup::CENTRE,
                    hole: Hole::Blocks,
                    freeze: false,
                    distance: Distance::One,
                },
                4,
            ),
        ];
        for (variant, games) in variants {
            checked += walk_and_compare(variant, games, &tokens, &mut rng);
        }
        assert!(checked > 150_000, "{checked}");
    }

    /// The state after `tokens` (in notation) from the position `text` of the standard game.
    fn after(text: &str, tokens: &[&str]) -> TurnState {
        let k = crate::position::from_position(&KruxVariant::default(), text).expect(text);
        tokens.iter().fold(TurnState::start(&k), |st, t| {
            let token = Token::parse(t).expect(t);
            st.play_token(token).unwrap_or_else(|e| panic!("{t} in {text}: {e}"))
        })
    }

    /// Whether some sequence of tokens from `st` puts an opponent piece into the hole: the
    /// whole turn search, without the bound.
    fn a_fall_can_follow(st: &TurnState, seen: &mut std::collections::HashSet<(u64, usize)>) -> bool {
        if st.fallen().is_some() {
            return true;
        }
        if !seen.insert((st.key(), st.budget())) {
            return false;
        }
        let mut found = false;
        st.expand(|_, child| found = found || a_fall_can_follow(child, seen));
        found
    }

    /// The win finder's bound cuts each kind of state its comment names once no fall can
    /// follow, and keeps one from which a fall can: a bound that said "maybe" everywhere would
    /// be correct but would leave the quiescence search as slow as a full generation. Each
    /// case is checked against the whole turn search first.
    #[test]
    fn the_bound_cuts_the_states_from_which_no_fall_can_follow() {
        // White's 1 on a1 wearing the ring, 3 on a3, 5 on a7; Black's 4, 2 and 6 on f7, g7
        // and g6, five and six squares from the hole.
        let far = |ring: &str| format!("5....42/......6/......./...*.../3....../......./1{ring}...... 1");
        let cases: [(String, &[&str], bool, &str); 8] = [
            (
                far("b"),
                &["a2", "Ra3"],
                false,
                "blue, a step and an action used: within 2 + 2 steps",
            ),
            (far("b"), &["Ra3", "Ra5"], false, "blue, both actions used"),
            (far("g"), &["Ra3", "Ra5"], false, "green, both actions used"),
            (
                far("g"),
                &["Ra3"],
                false,
                "green, one action left, nothing on the hole's lines",
            ),
            (far("g"), &[], false, "green, two actions left, nothing within 4"),
            // Black's 4 on c3 instead: two from the hole but off its lines, where one more
            // push or pull (along c3's own file or rank) cannot take it.
            (
                "5.....2/......6/......./...*.../3.4..../......./1g...... 1".to_string(),
                &["Ra3"],
                false,
                "green, one action left, a piece near the hole but off its lines",
            ),
            (
                far("p"),
                &[],
                false,
                "pink on a corner, six from the hole, nothing near to switch with",
            ),
            // Black's 4 on d6 instead, two from the hole on its file: a pull from d1 (three
            // steps away) drops it in.
            (
                "5.....2/...4..6/......./...*.../3....../......./1g...... 1".to_string(),
                &["Ra3"],
                true,
                "green, one action left, a piece on the hole's file within 2",
            ),
        ];
        for (text, tokens, expected, why) in cases {
            let st = after(&text, tokens);
            let possible = a_fall_can_follow(&st, &mut Default::default());
            assert_eq!(
                possible, expected,
                "{why}: can a fall follow in {text} after {tokens:?}?"
            );
            assert_eq!(
                st.may_still_win(),
                expected,
                "{why}: the bound in {text} after {tokens:?}"
            );
        }
    }

    /// The turn state and the position stay small: the search copies states for every token.
    #[test]
    fn states_and_positions_are_small() {
        assert_eq!(std::mem::size_of::<TurnState>(), 32);
        assert_eq!(std::mem::size_of::<Krux>(), 32);
    }

    /// [`expand_lists_every_token_play_token_accepts`] for `games` games of one variant; the
    /// number of tokens checked.
    fn walk_and_compare(variant: KruxVariant, games: usize, tokens: &[Token], rng: &mut SmallRng) -> usize {
        let mut checked = 0;
        for _game in 0..games {
            let mut k = Krux::start_of(variant);
            for _ply in 0..30 {
                if k.is_over() {
                    break;
                }
                let mut st = TurnState::start(&k);
                loop {
                    let mut listed = Vec::new();
                    st.expand(|t, c| listed.push((t, *c)));
                    for &t in tokens {
                        let played = st.play_token(t).ok();
                        let expanded = listed.iter().find(|(u, _)| *u == t).map(|(_, c)| *c);
                        assert_eq!(played, expanded, "token {t} in {st:?}");
                        checked += 1;
                    }
                    if listed.is_empty() || (st.can_finish() && rng.random_range(0..4) == 0) {
                        break;
                    }
                    st = listed[rng.random_range(0..listed.len())].1;
                }
                let mv = random_move(&k, rng).expect("not over");
                crate::play::play(&mut k, mv);
            }
        }
        checked
    }
}
