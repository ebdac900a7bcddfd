use crate::state::{BLACK, WHITE};
use crate::{zobrist, Cell, Void, VoidMove};
use arbiter_core::{Drawing, Error, Game, MoveInfo, NoVariant, Outcome, Player, Story};

impl Game for Void {
    type Move = VoidMove;
    type Variant = NoVariant;
    const NAME: &'static str = "void";
    const RULES: Option<(&'static str, &'static str)> = Some((
        include_str!("../../../docs/rules/void.md"),
        include_str!("../../../docs/rules/void.json"),
    ));
    const BLURB: &'static str = "Five rings around the void. Move, then attack: send the enemy flagship into the void.";

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

    fn action_of_move(&self, mv: VoidMove) -> Option<usize> {
        Some(crate::encoding::action(mv))
    }

    /// A turn's notation is its cells alone: its action serves as the key.
    fn notation_key(&self, mv: VoidMove) -> Option<usize> {
        Some(crate::encoding::action(mv))
    }

    fn ending_story(&self, last: Option<(&Self, VoidMove)>) -> Option<Story> {
        self.tell_ending(last)
    }

    fn new(_: &NoVariant) -> Self {
        Void::parse(crate::position::START).expect("the start position parses")
    }

    fn from_position(_: &NoVariant, position: &str) -> Result<Self, Error> {
        Void::parse(position)
    }

    fn variant(&self) -> NoVariant {
        NoVariant
    }

    fn position(&self) -> String {
        self.to_position_string()
    }

    fn to_move(&self) -> Player {
        self.side_to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.board_outcome()
    }

    fn legal_moves(&self, moves: &mut Vec<VoidMove>) {
        self.generate(moves);
    }

    fn play(&mut self, mv: VoidMove) {
        self.apply(mv, &mut |_| {});
    }

    fn parse_move(&self, text: &str) -> Result<VoidMove, Error> {
        self.parse_turn(text)
    }

    fn format_move(&self, mv: VoidMove) -> String {
        mv.to_string()
    }

    fn hash(&self) -> u64 {
        self.stored_hash()
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn repetition_key(&self) -> u64 {
        self.stored_hash() ^ zobrist::passes(self.passes())
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            BLACK => "black",
            WHITE => "white",
        }
    }

    fn diagram(&self) -> String {
        self.render()
    }

    fn move_info(&self, mv: VoidMove) -> MoveInfo {
        let mut info = MoveInfo {
            notation: mv.to_string(),
            ..MoveInfo::default()
        };
        if let VoidMove::Turn { from, to, target } = mv {
            info.from = Some(from.to_string());
            info.to = Some(to.to_string());
            info.path = self.path(from, to, target).iter().map(Cell::to_string).collect();
            let mut after = self.clone();
            let mut falls = Vec::new();
            after.apply(mv, &mut |c| falls.push(c.to_string()));
            info.targets = target.iter().map(Cell::to_string).collect();
            info.choice = target.map(|t| t.to_string());
            info.falls = falls;
        }
        info
    }

    fn evaluate(&self) -> i32 {
        self.heuristic()
    }

    const STRENGTH_LEVELS: arbiter_core::Levels = crate::levels::STRENGTH_LEVELS;

    fn move_order_hint(&self, mv: VoidMove) -> i32 {
        match mv {
            VoidMove::Turn { target: Some(_), .. } => 100,
            _ => 0,
        }
    }
}

impl Void {
    /// The cells a move passes on its way, destination included (one route where two exist).
    fn path(&self, from: Cell, to: Cell, target: Option<Cell>) -> Vec<Cell> {
        let (d_orbit, d_sector) = (to.orbit() - from.orbit(), to.sector() - from.sector());
        let sectors = crate::SECTORS as i32;
        let cw = d_sector.rem_euclid(sectors);
        if d_orbit != 0 {
            let steps = d_orbit.abs();
            let ds = if cw == 0 {
                0
            } else if cw <= sectors / 2 {
                1
            } else {
                -1
            };
            return (1..=steps)
                .filter_map(|k| from.offset(d_orbit.signum() * k, ds * k))
                .collect();
        }
        // Orbital: clockwise if that arc is clear and (when a target is chosen) holds it.
        let clear_cw = (1..cw).all(|k| self.is_empty(from.offset(0, k).expect("orbital")));
        let target_cw = target.is_none_or(|t| (1..=cw).contains(&(t.sector() - from.sector()).rem_euclid(sectors)));
        if clear_cw && target_cw {
            (1..=cw).filter_map(|k| from.offset(0, k)).collect()
        } else {
            (1..=sectors - cw).filter_map(|k| from.offset(0, -k)).collect()
        }
    }
}
