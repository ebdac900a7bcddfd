//! The [`Game`] implementation: each method is one call into the module that owns it.

use crate::{
    board, diagram, drawing, encoding, eval, movegen, notation, outcome, piece, play, position, themes, zobrist, Move,
    Void,
};
use arbiter_core::{
    Drawing, Encoding, Error, Game, Heuristics, MoveInfo, NoVariant, Outcome, Player, Presentation, Story,
};

impl Game for Void {
    type Move = Move;

    type Variant = NoVariant;

    const NAME: &'static str = "void";

    fn new(variant: &NoVariant) -> Self {
        board::new(variant)
    }

    fn from_position(variant: &NoVariant, text: &str) -> Result<Self, Error> {
        position::from_position(variant, text)
    }

    fn variant(&self) -> NoVariant {
        NoVariant
    }

    fn position(&self) -> String {
        position::position(self)
    }

    fn to_move(&self) -> Player {
        self.side()
    }

    fn outcome(&self) -> Option<Outcome> {
        outcome::outcome(self)
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        movegen::legal_moves(self, moves);
    }

    fn count_moves(&self, _: &mut Vec<Move>) -> usize {
        movegen::count_moves(self)
    }

    fn play(&mut self, mv: Move) {
        play::play(self, mv, &mut |_| {});
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(mv)
    }

    fn hash(&self) -> u64 {
        self.key()
    }

    fn hash_from_scratch(&self) -> u64 {
        zobrist::hash_from_scratch(self)
    }

    fn repetition_key(&self) -> u64 {
        zobrist::repetition_key(self)
    }

    fn player_name(player: Player) -> &'static str {
        piece::player_name(player)
    }
}

impl Heuristics for Void {
    fn win_chance_scale(&self) -> f64 {
        crate::eval::WIN_CHANCE_SCALE
    }

    fn null_move(&mut self) -> bool {
        play::null_move(self);
        true
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    const EVAL_WEIGHTS: &'static [(&'static str, f64)] = &eval::WEIGHTS;

    fn eval_terms(&self, out: &mut Vec<f64>) {
        out.extend(eval::terms(self).map(f64::from));
    }

    const STRENGTH_LEVELS: arbiter_core::Levels = crate::levels::STRENGTH_LEVELS;

    const SIGNATURE: &'static [(&'static str, u32)] = crate::levels::SIGNATURE;

    fn move_order_hint(&self, mv: Move) -> i32 {
        eval::move_order_hint(self, mv)
    }
}

impl Presentation for Void {
    const PUZZLES: &'static [arbiter_core::PuzzleSet] = crate::puzzles::PUZZLES;
    const RULES: Option<(&'static str, &'static str)> = Some((
        include_str!("../../../docs/rules/void.md"),
        include_str!("../../../docs/rules/void.json"),
    ));

    const BLURB: &'static str = "Five rings around the void. Move, then attack: send the enemy flagship into the void.";

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

    /// The last blow, the flagship's fall and the falls on the way (see `themes.rs`).
    fn puzzle_themes(&self, line: &[Move]) -> Vec<&'static str> {
        themes::puzzle_themes(self, line)
    }
}

impl Encoding for Void {
    fn observation_shape(variant: &NoVariant) -> [usize; 3] {
        encoding::observation_shape(variant)
    }

    fn observation_inputs(&self, mark: &mut dyn FnMut(usize)) {
        encoding::observation_inputs(self, mark);
    }

    fn perspective_shape(variant: &NoVariant) -> [usize; 3] {
        encoding::perspective_shape(variant)
    }

    fn view_inputs(&self, viewer: Player, mark: &mut dyn FnMut(usize)) {
        encoding::view_inputs(self, viewer, mark);
    }

    fn builtin_net(_variant: &NoVariant) -> Option<arbiter_core::BuiltinNet> {
        Some(crate::nets::builtin())
    }

    fn action_space(variant: &NoVariant) -> usize {
        encoding::action_space(variant)
    }

    fn action_of_move(&self, mv: Move) -> Option<usize> {
        encoding::action_of_move(self, mv)
    }
}
