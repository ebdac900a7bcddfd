//! `Krux` as an [`arbiter_core::Game`]: the glue between the core's API and this crate's parts.

use crate::krux_move::Move;
use crate::piece::Piece;
use crate::square::Square;
use crate::state::Krux;
use crate::token::{self, Token};
use crate::turn::TurnState;
use crate::{canonical, eval, movegen, notation, position, random_walk};
use arbiter_core::{Click, Drawing, Error, Game, MoveInfo, NoVariant, Outcome, PartialTurn, Player, Story};
use rand::Rng;

impl Krux {
    /// The canonical token sequence of a turn (empty for the empty turn), `None` if `mv` is not
    /// a legal turn here.
    pub fn canonical_tokens(&self, mv: Move) -> Option<Vec<Token>> {
        canonical::canonical_tokens(self, mv)
    }

    /// Parses a turn and also returns the tokens as read.
    pub fn parse_tokens(&self, text: &str) -> Result<(Move, Vec<Token>), Error> {
        notation::parse_turn(self, text)
    }

    /// Generates every distinct turn into `moves` and returns how many distinct intermediate
    /// boards the search visited (a measure of its work).
    pub fn legal_moves_counting(&self, moves: &mut Vec<Move>) -> usize {
        movegen::generate_counting(self, moves)
    }
}

impl Game for Krux {
    type Move = Move;
    type Variant = NoVariant;

    const NAME: &'static str = "krux";
    const RULES: Option<(&'static str, &'static str)> = Some((
        include_str!("../../../docs/rules/krux.md"),
        include_str!("../../../docs/rules/krux.json"),
    ));
    const BLURB: &'static str = "Six numbered pieces with rings of power on a 7×7 board with a hole. \
         Push, pull, carry, jump or switch a foe into it.";
    const STEPWISE: bool = true;

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

    fn action_of_step(step: &str) -> Option<usize> {
        crate::encoding::action_of_step(step)
    }

    fn step_of_action(action: usize) -> Option<String> {
        crate::encoding::step_of_action(action)
    }

    fn ending_story(&self, last: Option<(&Self, Move)>) -> Option<Story> {
        crate::stepwise::ending_story(self, last)
    }

    fn partial_turn(&self, steps: &[String]) -> Option<Result<PartialTurn, Error>> {
        Some(crate::stepwise::partial_turn(self, steps))
    }

    fn move_clicks(&self, mv: Move) -> Vec<Click> {
        crate::stepwise::clicks(self, mv)
    }

    fn new(_: &NoVariant) -> Self {
        Krux::start()
    }

    fn from_position(_: &NoVariant, text: &str) -> Result<Self, Error> {
        position::parse(text)
    }

    fn variant(&self) -> NoVariant {
        NoVariant
    }

    fn position(&self) -> String {
        position::format(self)
    }

    fn to_move(&self) -> Player {
        self.piece_to_move().owner()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        movegen::generate(self, moves);
    }

    fn play(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        notation::parse_turn(self, text).map(|(mv, _)| mv)
    }

    fn format_move(&self, mv: Move) -> String {
        match self.canonical_tokens(mv) {
            Some(tokens) => token::join(&tokens),
            None => "?".to_string(),
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            Player::First => "white",
            Player::Second => "black",
        }
    }

    fn diagram(&self) -> String {
        position::diagram(self)
    }

    /// `from`/`to`: the active piece's squares; `path`: where it stood in between (along the
    /// canonical sequence); `targets`: start squares of the other pieces the turn moves;
    /// `falls`: the start square of the piece that ends in the hole.
    fn move_info(&self, mv: Move) -> MoveInfo {
        let Some(tokens) = self.canonical_tokens(mv) else {
            return MoveInfo {
                notation: "?".into(),
                ..MoveInfo::default()
            };
        };
        let me = self.piece_to_move();
        let name = |i: u8| Square::from_index(i as usize).map(|s| s.to_string());
        let mut st = TurnState::start(self);
        let mut path = Vec::new();
        for &t in &tokens {
            st = st.apply(t).expect("canonical tokens replay");
            let here = st.sq[me.index()];
            if path.last() != Some(&here) && here != self.squares[me.index()] {
                path.push(here);
            }
        }
        let end = mv.square_index(me.index());
        if path.last() == Some(&end) {
            path.pop();
        }
        let mut targets = Vec::new();
        let mut falls = Vec::new();
        for p in Piece::all().filter(|&p| p != me) {
            let (from, to) = (self.squares[p.index()], mv.square_index(p.index()));
            if from != to {
                targets.extend(name(from));
                if Square::from_index(to as usize).is_some_and(Square::is_hole) {
                    falls.extend(name(from));
                }
            }
        }
        MoveInfo {
            notation: token::join(&tokens),
            from: name(self.squares[me.index()]),
            to: name(end),
            path: path.into_iter().filter_map(name).collect(),
            targets,
            falls,
            choice: None,
        }
    }

    /// A random turn by a random token walk (see [`crate::random_walk`]): legal, cheap, and
    /// **not** uniform over distinct turns. `buffer` is not needed.
    fn random_move<R: Rng>(&self, rng: &mut R, _buffer: &mut Vec<Move>) -> Option<Move> {
        random_walk::random_turn(self, rng)
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    /// Winning turns (an opponent piece falls) first; the search's quiescence then looks for a
    /// winning turn at its horizon, which in a game decided by one fall matters most.
    fn move_order_hint(&self, mv: Move) -> i32 {
        if mv.fallen().is_some() {
            1000
        } else {
            0
        }
    }

    const STRENGTH_LEVELS: arbiter_core::Levels = crate::levels::STRENGTH_LEVELS;
}
