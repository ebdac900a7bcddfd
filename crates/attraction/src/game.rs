//! The Attraction position and its [`Game`] implementation.

use crate::board::Board;
use crate::square::squares;
use crate::{movegen, notation, position, route, zobrist, Move};
use arbiter_core::{Drawing, Error, Game, MoveInfo, NoVariant, Outcome, Player, Story};

/// An Attraction position: the stones, the side to move and the passes just played in a row.
///
/// Small and `Copy`; the Zobrist key of board and side is kept incrementally.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Attraction {
    board: Board,
    to_move: Player,
    passes: u8,
    /// Key of board and side to move (the repetition key); the pass key is added by `hash()`.
    key: u64,
}

impl Attraction {
    /// A position from its parts; `passes` above 2 is taken as 2.
    pub fn from_parts(board: Board, to_move: Player, passes: u8) -> Attraction {
        Attraction {
            board,
            to_move,
            passes: passes.min(2),
            key: zobrist::board_key(&board, to_move),
        }
    }

    /// The stones.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Passes just played in a row (2 = the game ended by two passes).
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Whether `player` has any orbit move here (whoever is to move).
    pub fn can_move(&self, player: Player) -> bool {
        movegen::any_move(self.board.occupied(), self.board.stones(player))
    }

    /// The number of orbit moves `player` would have here (whoever is to move).
    pub fn mobility(&self, player: Player) -> u32 {
        let occupied = self.board.occupied();
        squares(self.board.stones(player))
            .map(|from| movegen::reach(occupied, from).count())
            .sum()
    }

    /// One chain of orbits making `mv`: every point the moving stone passes, start and end
    /// included. `None` for a pass or a move that is not legal here.
    pub fn route(&self, mv: Move) -> Option<Vec<crate::Square>> {
        if self.outcome().is_some() {
            return None;
        }
        route::route(self.board.occupied(), mv)
    }
}

impl Game for Attraction {
    type Move = Move;
    type Variant = NoVariant;

    const NAME: &'static str = "attraction";
    const RULES: Option<(&'static str, &'static str)> = Some((
        include_str!("../../../docs/rules/attraction.md"),
        include_str!("../../../docs/rules/attraction.json"),
    ));
    const BLURB: &'static str = "Stones orbit each other. Chain orbits, push with gravity, and fill the far row first.";

    fn drawing(&self, flipped: bool) -> Drawing {
        self.picture(flipped)
    }

    fn observation_shape(_: &NoVariant) -> [usize; 3] {
        crate::encoding::SHAPE
    }

    fn observe(&self, out: &mut [f32]) {
        self.write_planes(out);
    }

    fn action_space(_: &NoVariant) -> usize {
        crate::encoding::ACTIONS
    }

    fn action_of_move(&self, mv: Move) -> Option<usize> {
        Some(crate::encoding::action(mv))
    }

    /// A move's notation is its points alone: its action serves as the key.
    fn notation_key(&self, mv: Move) -> Option<usize> {
        Some(crate::encoding::action(mv))
    }

    fn ending_story(&self, last: Option<(&Self, Move)>) -> Option<Story> {
        self.tell_ending(last)
    }

    fn new(_: &NoVariant) -> Self {
        Attraction::from_parts(Board::START, Player::First, 0)
    }

    fn from_position(_: &NoVariant, text: &str) -> Result<Self, Error> {
        let p = position::parse(text)?;
        Ok(Attraction::from_parts(p.board, p.to_move, p.passes))
    }

    fn variant(&self) -> NoVariant {
        NoVariant
    }

    fn position(&self) -> String {
        position::format(&self.board, self.to_move, self.passes)
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    /// The mover's goal first (the side that just moved is the opponent of the side to move),
    /// then the other side's goal, then two passes.
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        let mover = self.to_move.opponent();
        if self.board.goal_reached(mover) {
            Some(Outcome::Win(mover))
        } else if self.board.goal_reached(self.to_move) {
            Some(Outcome::Win(self.to_move))
        } else if self.passes >= 2 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        movegen::generate(self.board.occupied(), self.board.stones(self.to_move), moves);
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        match mv {
            Move::Pass => {
                self.key ^= zobrist::RED_TO_MOVE;
                self.to_move = self.to_move.opponent();
                self.passes = (self.passes + 1).min(2);
            }
            Move::Orbit { from, to, push } => {
                let mover = self.to_move;
                if let Some(push) = push {
                    let pushed = self.board.owner(to).expect("a push moves a stone");
                    self.board.relocate(pushed, to, push);
                    let keys = &zobrist::STONE[pushed.index()];
                    self.key ^= keys[to.index()] ^ keys[push.index()];
                }
                self.board.relocate(mover, from, to);
                let keys = &zobrist::STONE[mover.index()];
                self.key ^= keys[from.index()] ^ keys[to.index()] ^ zobrist::RED_TO_MOVE;
                self.to_move = mover.opponent();
                self.passes = 0;
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        notation::parse(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format(mv)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.key ^ zobrist::PASSES[self.passes as usize]
    }

    fn hash_from_scratch(&self) -> u64 {
        zobrist::board_key(&self.board, self.to_move) ^ zobrist::PASSES[self.passes as usize]
    }

    /// Board and side to move only: the pass count is not part of a repetition.
    fn repetition_key(&self) -> u64 {
        self.key
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            Player::First => "violet",
            Player::Second => "red",
        }
    }

    fn diagram(&self) -> String {
        crate::diagram::diagram(self)
    }

    fn move_info(&self, mv: Move) -> MoveInfo {
        let notation = notation::format(mv);
        match mv {
            Move::Pass => MoveInfo {
                notation,
                ..MoveInfo::default()
            },
            Move::Orbit { from, to, push } => MoveInfo {
                notation,
                from: Some(from.to_string()),
                to: Some(to.to_string()),
                path: self
                    .route(mv)
                    .unwrap_or_default()
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
                targets: push.map(|_| to.to_string()).into_iter().collect(),
                falls: Vec::new(),
                choice: push.map(|p| p.to_string()),
            },
        }
    }

    fn evaluate(&self) -> i32 {
        crate::eval::evaluate(self)
    }

    const STRENGTH_LEVELS: arbiter_core::Levels = crate::levels::STRENGTH_LEVELS;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_small_and_hashes_incrementally() {
        assert!(std::mem::size_of::<Attraction>() <= 32);
        let mut g = Attraction::new(&NoVariant);
        let mut moves = Vec::new();
        for i in 0..40 {
            g.legal_moves(&mut moves);
            g.play(moves[(i * 7) % moves.len()]);
            assert_eq!(g.hash(), g.hash_from_scratch());
        }
    }
}
