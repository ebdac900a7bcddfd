//! The [`Game`] implementation: each method is one call into the module that owns it, made on the
//! board of the position's size where the hot code is compiled per size.

use crate::board::{dispatch, dispatch_mut};
use crate::{
    board, diagram, drawing, encoding, eval, movegen, notation, outcome, piece, play, position, themes, zobrist, Move,
    Villawar, VillawarVariant,
};
use arbiter_core::{Drawing, Encoding, Error, Game, Heuristics, MoveInfo, Outcome, Player, Presentation, Story};

impl Game for Villawar {
    type Move = Move;

    type Variant = VillawarVariant;

    const NAME: &'static str = "villawar";

    fn new(variant: &VillawarVariant) -> Self {
        board::new(variant)
    }

    fn from_position(variant: &VillawarVariant, text: &str) -> Result<Self, Error> {
        position::from_position(variant, text)
    }

    fn variant(&self) -> VillawarVariant {
        VillawarVariant::new(self.size())
    }

    fn position(&self) -> String {
        position::position(self)
    }

    fn to_move(&self) -> Player {
        dispatch!(self, b => b.side())
    }

    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, b => outcome::outcome(b))
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        dispatch!(self, b => movegen::legal_moves(b, moves))
    }

    #[inline]
    fn count_moves(&self, _: &mut Vec<Move>) -> usize {
        dispatch!(self, b => movegen::count_moves(b))
    }

    #[inline]
    fn random_move<R: rand::Rng>(&self, rng: &mut R, _: &mut Vec<Move>) -> Option<Move> {
        dispatch!(self, b => movegen::random_move(b, rng))
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        dispatch_mut!(self, b => play::play(b, mv))
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(self, mv)
    }

    fn hash(&self) -> u64 {
        dispatch!(self, b => b.key())
    }

    fn hash_from_scratch(&self) -> u64 {
        dispatch!(self, b => zobrist::hash_from_scratch(b))
    }

    fn repetition_key(&self) -> u64 {
        dispatch!(self, b => zobrist::repetition_key(b))
    }

    fn player_name(player: Player) -> &'static str {
        piece::player_name(player)
    }
}

impl Heuristics for Villawar {
    fn win_chance_scale(&self) -> f64 {
        crate::eval::win_chance_scale(self.size())
    }

    fn move_order_hint(&self, mv: Move) -> i32 {
        dispatch!(self, b => eval::move_order_hint(b, mv))
    }

    fn null_move(&mut self) -> bool {
        dispatch_mut!(self, b => play::null_move(b));
        true
    }

    fn evaluate(&self) -> i32 {
        dispatch!(self, b => eval::evaluate(b))
    }

    const EVAL_WEIGHTS: &'static [(&'static str, f64)] = &eval::WEIGHTS;

    fn eval_terms(&self, out: &mut Vec<f64>) {
        out.extend(dispatch!(self, b => eval::terms(b)));
    }

    const STRENGTH_LEVELS: arbiter_core::Levels = crate::levels::STRENGTH_LEVELS;

    const SIGNATURE: &'static [(&'static str, u32)] = crate::levels::SIGNATURE;
}

impl Presentation for Villawar {
    const PUZZLES: &'static [arbiter_core::PuzzleSet] = crate::puzzles::PUZZLES;
    const RULES: Option<(&'static str, &'static str)> = Some((
        include_str!("../../../docs/rules/villawar.md"),
        include_str!("../../../docs/rules/villawar.json"),
    ));

    const BLURB: &'static str =
        "Villagers jump their own lines and become warriors; warriors capture. The farthest villagers win.";

    fn drawing(&self, flipped: bool) -> Drawing {
        drawing::drawing(self, flipped)
    }

    fn notation_key(&self, mv: Move) -> Option<usize> {
        notation::notation_key(self, mv)
    }

    fn ending_story(&self, last: Option<(&Self, Move)>) -> Option<Story> {
        outcome::ending_story(self, last)
    }

    fn diagram(&self) -> String {
        diagram::diagram(self)
    }

    fn move_info(&self, mv: Move) -> MoveInfo {
        notation::move_info(self, mv)
    }

    /// What the solver's jumps do and the passes forced on the opponent (see `themes.rs`).
    fn puzzle_themes(&self, line: &[Move]) -> Vec<&'static str> {
        themes::puzzle_themes(self, line)
    }
}

impl Encoding for Villawar {
    fn observation_shape(variant: &VillawarVariant) -> [usize; 3] {
        encoding::observation_shape(variant)
    }

    fn observation_inputs(&self, mark: &mut dyn FnMut(usize)) {
        encoding::observation_inputs(self, mark);
    }

    fn perspective_shape(variant: &VillawarVariant) -> [usize; 3] {
        encoding::perspective_shape(variant)
    }

    fn view_inputs(&self, viewer: Player, mark: &mut dyn FnMut(usize)) {
        encoding::view_inputs(self, viewer, mark);
    }

    fn builtin_net(variant: &VillawarVariant) -> Option<arbiter_core::BuiltinNet> {
        crate::nets::builtin(variant)
    }

    fn action_space(variant: &VillawarVariant) -> usize {
        encoding::action_space(variant)
    }

    fn action_of_move(&self, mv: Move) -> Option<usize> {
        encoding::action_of_move(self, mv)
    }
}
