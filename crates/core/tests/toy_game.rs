//! The core's shared behaviour (Session, records, registry, perft, playouts, conformance),
//! tested once on a toy game small enough to check by hand.

use arbiter_core::drawing::{CellArea, LegendEntry, PlacedPiece, Shape};
use arbiter_core::perft::{divide, perft};
use arbiter_core::playout::random_playout;
use arbiter_core::{
    conformance, themes_of_line, Drawing, Encoding, EndReason, Error, Game, GameRecord, Heuristics, HistoryRules,
    MoveInfo, NoVariant, Outcome, Player, Presentation, Registry, Session, Story, Tactics, Variant, DEFAULT_LEVELS,
};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// A counter from 0 to 5: each turn moves it up or down by one; whoever reaches 5 wins.
#[derive(Debug, Clone, PartialEq)]
struct Climb {
    n: u8,
    to_move: Player,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Step {
    Up,
    Down,
}

impl Game for Climb {
    type Move = Step;

    type Variant = NoVariant;

    const NAME: &'static str = "climb";

    fn new(_: &NoVariant) -> Self {
        Climb {
            n: 0,
            to_move: Player::First,
        }
    }

    fn from_position(_: &NoVariant, position: &str) -> Result<Self, Error> {
        let (n, side) = position
            .split_once(' ')
            .ok_or_else(|| Error::bad_position("need 2 fields"))?;
        let n: u8 = n.parse().map_err(|_| Error::bad_position("not a number"))?;
        if n > 5 {
            return Err(Error::bad_position("above 5"));
        }
        let to_move = match side {
            "1" => Player::First,
            "2" => Player::Second,
            _ => return Err(Error::bad_position("side must be 1 or 2")),
        };
        Ok(Climb { n, to_move })
    }

    fn variant(&self) -> NoVariant {
        NoVariant
    }

    fn position(&self) -> String {
        format!("{} {}", self.n, self.to_move.index() + 1)
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.n == 5).then_some(Outcome::Win(self.to_move.opponent()))
    }

    fn legal_moves(&self, moves: &mut Vec<Step>) {
        moves.clear();
        if self.n < 5 {
            moves.push(Step::Up);
            if self.n > 0 {
                moves.push(Step::Down);
            }
        }
    }

    fn play(&mut self, mv: Step) {
        match mv {
            Step::Up => self.n += 1,
            Step::Down => self.n -= 1,
        }
        self.to_move = self.to_move.opponent();
    }

    fn parse_move(&self, text: &str) -> Result<Step, Error> {
        let mv = match text {
            "up" => Step::Up,
            "down" => Step::Down,
            _ => return Err(Error::bad_move(text, "write up or down")),
        };
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        legal
            .contains(&mv)
            .then_some(mv)
            .ok_or_else(|| Error::bad_move(text, "not legal here"))
    }

    fn format_move(&self, mv: Step) -> String {
        if mv == Step::Up { "up" } else { "down" }.into()
    }

    fn hash(&self) -> u64 {
        u64::from(self.n) * 2 + self.to_move.index() as u64
    }

    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }

    fn player_name(player: Player) -> &'static str {
        if player == Player::First {
            "left"
        } else {
            "right"
        }
    }
}

impl Heuristics for Climb {}

impl Presentation for Climb {
    const BLURB: &'static str = "Count to five.";

    fn drawing(&self, _flipped: bool) -> Drawing {
        let cells: Vec<CellArea> = (0..6)
            .map(|i| CellArea {
                name: i.to_string(),
                center: [50.0 + 100.0 * i as f64, 50.0],
                shape: Shape::rect(100.0 * i as f64, 0.0, 100.0, 100.0),
            })
            .collect();
        Drawing {
            view_box: [0.0, 0.0, 600.0, 100.0],
            unit: 100.0,
            background: vec![Shape::rect(0.0, 0.0, 600.0, 100.0).class("board-frame")],
            cells,
            glyphs: [("counter".to_string(), Shape::circle(0.0, 0.0, 30.0).class("pc-body"))].into(),
            pieces: vec![PlacedPiece {
                cell: self.n.to_string(),
                glyph: "counter".into(),
                side: 0,
                name: "counter".into(),
                label: "C".into(),
            }],
            key: Vec::new(),
            legend: vec![LegendEntry::new("last", "area", "last move")],
        }
    }

    fn ending_story(&self, last: Option<(&Self, Step)>) -> Option<Story> {
        let cells = last
            .map(|(before, _)| vec![before.n.to_string(), self.n.to_string()])
            .unwrap_or_default();
        Some(Story::new("The counter reached 5.", cells))
    }

    fn diagram(&self) -> String {
        format!("[{}]", self.n)
    }
}

impl Encoding for Climb {}

/// One move from one position: a piece on `a` goes to `b` by way of `x` or of `y`, or to `c` by
/// way of `z`. Its moves have cells (Climb's have none), so that the default
/// [`Presentation::move_clicks`] has clicks to make: the two moves to `b` need their third cell.
#[derive(Debug, Clone, PartialEq)]
struct Fork {
    moved: Option<Route>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Route {
    BByX,
    BByY,
    CByZ,
}

impl Route {
    const ALL: [Route; 3] = [Route::BByX, Route::BByY, Route::CByZ];

    /// Where it ends, and the cell it passes.
    fn cells(self) -> (&'static str, &'static str) {
        match self {
            Route::BByX => ("b", "x"),
            Route::BByY => ("b", "y"),
            Route::CByZ => ("c", "z"),
        }
    }
}

impl Game for Fork {
    type Move = Route;
    type Variant = NoVariant;
    const NAME: &'static str = "fork";

    fn new(_: &NoVariant) -> Self {
        Fork { moved: None }
    }
    fn from_position(_: &NoVariant, position: &str) -> Result<Self, Error> {
        match position {
            "a" => Ok(Fork { moved: None }),
            _ => Err(Error::bad_position("only the start, 'a'")),
        }
    }
    fn variant(&self) -> NoVariant {
        NoVariant
    }
    fn position(&self) -> String {
        self.moved.map_or("a".into(), |r| self.format_move(r))
    }
    fn to_move(&self) -> Player {
        if self.moved.is_some() {
            Player::Second
        } else {
            Player::First
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.moved.map(|_| Outcome::Win(Player::First))
    }
    fn legal_moves(&self, moves: &mut Vec<Route>) {
        moves.clear();
        if self.moved.is_none() {
            moves.extend(Route::ALL);
        }
    }
    fn play(&mut self, mv: Route) {
        self.moved = Some(mv);
    }
    fn parse_move(&self, text: &str) -> Result<Route, Error> {
        Route::ALL
            .into_iter()
            .find(|&r| self.format_move(r) == text)
            .ok_or_else(|| Error::bad_move(text, "write a-b/x, a-b/y or a-c/z"))
    }
    fn format_move(&self, mv: Route) -> String {
        let (to, by) = mv.cells();
        format!("a-{to}/{by}")
    }
    fn hash(&self) -> u64 {
        self.moved.map_or(0, |r| r as u64 + 1)
    }
    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }
    fn player_name(player: Player) -> &'static str {
        Climb::player_name(player)
    }
}

impl Presentation for Fork {
    const BLURB: &'static str = "One move, three ways.";

    fn drawing(&self, flipped: bool) -> Drawing {
        Climb::new(&NoVariant).drawing(flipped)
    }

    fn diagram(&self) -> String {
        self.position()
    }

    fn move_info(&self, mv: Route) -> MoveInfo {
        let (to, by) = mv.cells();
        MoveInfo {
            notation: self.format_move(mv),
            from: Some("a".into()),
            to: Some(to.into()),
            choice: Some(by.into()),
            ..Default::default()
        }
    }
}

/// The default clicks: the piece, where it goes, and the third cell only where another legal move
/// has the same two — what Void, Attraction and Villawar keep.
#[test]
fn the_default_clicks_add_the_third_cell_only_where_two_moves_share_the_first_two() {
    let fork = Fork::new(&NoVariant);
    let cells = |mv| -> Vec<String> {
        fork.move_clicks(mv)
            .into_iter()
            .map(|c| {
                assert!(c.token.is_none() && c.label.ends_with(c.cell.as_deref().unwrap()));
                c.cell.unwrap()
            })
            .collect()
    };
    assert_eq!(cells(Route::BByX), ["a", "b", "x"]);
    assert_eq!(cells(Route::BByY), ["a", "b", "y"]);
    assert_eq!(cells(Route::CByZ), ["a", "c"]);
    let labels: Vec<String> = fork.move_clicks(Route::BByX).into_iter().map(|c| c.label).collect();
    assert_eq!(labels, ["Select the piece on a", "Move it to b", "Choose x"]);
}

fn rules(repetition: bool, ply_limit: Option<u32>) -> HistoryRules {
    HistoryRules { repetition, ply_limit }
}

/// A game states only what it knows: every item of Heuristics, Presentation and Encoding it does
/// not write keeps a neutral default, which the search, the front ends and the bindings rely on.
#[test]
fn the_parts_a_game_leaves_out_are_neutral() {
    let start = Climb::new(&NoVariant);
    let mut one = start.clone();
    one.play(Step::Up);
    // Heuristics: no knowledge.
    assert_eq!(one.evaluate(), 0);
    assert_eq!(one.move_order_hint(Step::Up), 0);
    assert_eq!(one.move_order_hint(Step::Down), 0);
    assert_eq!(one.tactics(), Tactics::Unknown);
    let mut passed = one.clone();
    assert!(!passed.null_move(), "no null move unless the game says so");
    assert_eq!(passed, one, "a refused null move changes nothing");
    assert!(Climb::EVAL_WEIGHTS.is_empty());
    let mut terms = vec![1.5];
    one.eval_terms(&mut terms);
    assert_eq!(terms, [1.5]);
    assert_eq!(Climb::STRENGTH_LEVELS, DEFAULT_LEVELS);
    assert!(Climb::SIGNATURE.is_empty());
    // Encoding: none.
    assert_eq!(Climb::observation_shape(&NoVariant), [0, 0, 0]);
    assert_eq!(Climb::action_space(&NoVariant), 0);
    assert_eq!(one.action_of_move(Step::Up), None);
    assert_eq!(Climb::action_of_step("up"), None);
    assert_eq!(Climb::step_of_action(0), None);
    assert!(one.step_actions(&["up".to_string()]).is_none());
    // Presentation: the notation, and no cells to click.
    let info = one.move_info(Step::Down);
    assert_eq!(info.notation, "down");
    assert_eq!((info.from, info.to, info.choice), (None, None, None));
    assert!(one.move_clicks(Step::Down).is_empty());
    assert_eq!(one.describe_move(Step::Up), None);
    assert_eq!(one.notation_key(Step::Up), None);
    assert!(one.puzzle_themes(&[Step::Up]).is_empty());
    assert_eq!(
        themes_of_line::<Climb>(&NoVariant, "1 1", &["up", "down"]).unwrap(),
        Vec::<&str>::new()
    );
    let bad = themes_of_line::<Climb>(&NoVariant, "1 1", &["up", "sideways"]).unwrap_err();
    assert!(bad.to_string().contains("sideways"), "{bad}");
    // Scores are read as win chances on the default scale: one scale unit ahead is 1/(1+e^-1).
    assert_eq!(one.win_chance_scale(), 200.0);
    const { assert!(!Climb::STEPWISE) };
    assert!(one.partial_turn(&["up".to_string()]).is_none());
    // The rules' defaults: anyone can still win, repetition compares the hash, names parse.
    assert!(one.can_win(Player::First) && one.can_win(Player::Second));
    assert_eq!(one.repetition_key(), one.hash());
    assert_ne!(start.repetition_key(), one.repetition_key());
    assert_eq!(Climb::parse_player("LEFT"), Some(Player::First));
    assert_eq!(Climb::parse_player("right"), Some(Player::Second));
    assert_eq!(Climb::parse_player("middle"), None);
    let mut rng = SmallRng::seed_from_u64(7);
    let mut buffer = Vec::new();
    assert_eq!(
        start.random_move(&mut rng, &mut buffer),
        Some(Step::Up),
        "the only legal move"
    );
    let seen: std::collections::HashSet<Step> =
        (0..64).filter_map(|_| one.random_move(&mut rng, &mut buffer)).collect();
    assert_eq!(seen.len(), 2, "both moves come up");
    let finished = Climb::from_position(&NoVariant, "5 2").unwrap();
    assert_eq!(finished.random_move(&mut rng, &mut buffer), None);
    assert!(NoVariant::take_from(&mut arbiter_core::OptionMap::parse("").unwrap()).is_ok());
    assert_eq!(NoVariant.to_options(), "");
}

#[test]
fn perft_and_divide_count_sequences() {
    let g = Climb::new(&NoVariant);
    assert_eq!(perft(&g, 0), 1);
    assert_eq!(perft(&g, 1), 1);
    assert_eq!(perft(&g, 2), 2); // up-up, up-down
    assert_eq!(perft(&g, 3), 3); // uuu, uud, udu
    let mut calls = 0;
    assert_eq!(divide(&g, 3, 2, |_, _| calls += 1), vec![("up".to_string(), 3)]);
    assert_eq!(calls, 1);
}

#[test]
fn threefold_repetition_draws_when_enabled() {
    let mut s = Session::<Climb>::new(&NoVariant, rules(true, None));
    for mv in ["up", "down", "up", "down"] {
        assert!(s.ending().is_none());
        s.play_text(mv).unwrap();
    }
    // "0 1" has now occurred three times.
    assert_eq!(s.occurrences(), 3);
    assert_eq!(s.ending().map(|e| e.reason), Some(EndReason::Repetition));
    assert_eq!(s.ending().map(|e| e.outcome), Some(Outcome::Draw));
    assert_eq!(s.play_text("up"), Err(Error::GameOver));
    let mut moves = vec![Step::Up];
    s.legal_moves(&mut moves);
    assert!(moves.is_empty(), "a finished session has no legal moves");

    let mut off = Session::<Climb>::new(&NoVariant, rules(false, None));
    for mv in ["up", "down", "up", "down", "up"] {
        off.play_text(mv).unwrap();
    }
    assert!(off.ending().is_none());
}

#[test]
fn ply_limit_draws() {
    let mut s = Session::<Climb>::new(&NoVariant, rules(false, Some(2)));
    s.play_text("up").unwrap();
    assert!(s.ending().is_none());
    s.play_text("up").unwrap();
    assert_eq!(s.ending().map(|e| e.reason), Some(EndReason::PlyLimit));
}

#[test]
fn board_wins_resignation_and_undo() {
    let mut s = Session::<Climb>::new(&NoVariant, rules(true, None));
    for _ in 0..5 {
        s.play_text("up").unwrap();
    }
    let ending = s.ending().unwrap();
    assert_eq!(
        (ending.outcome, ending.reason),
        (Outcome::Win(Player::First), EndReason::Board)
    );
    s.undo().unwrap();
    assert!(s.ending().is_none());
    s.resign(Player::Second).unwrap();
    assert_eq!(s.ending().unwrap().outcome, Outcome::Win(Player::First));
    assert_eq!(
        s.resign(Player::First),
        Err(Error::GameOver),
        "no resigning a finished game"
    );
    s.undo().unwrap();
    assert!(s.ending().is_none(), "undo withdraws a resignation first");
    assert_eq!(s.ply(), 4);
    assert!(matches!(s.play_text("sideways"), Err(Error::Move { .. })));
    assert_eq!(s.ply(), 4, "a bad move changes nothing");
}

#[test]
fn records_round_trip_and_tampering_is_caught() {
    let mut s = Session::<Climb>::new(&NoVariant, rules(true, Some(50)));
    s.play_text("up").unwrap();
    s.resign(Player::Second).unwrap();
    let record = s.record();
    assert_eq!(record.options, "plies=50");
    let json = serde_json::to_string(&record).unwrap();
    assert!(json.contains("\"reason\":\"resignation\""), "{json}");
    let back: GameRecord = serde_json::from_str(&json).unwrap();
    let replay = Session::<Climb>::from_record(&back, &NoVariant, rules(true, Some(50))).unwrap();
    assert_eq!(replay.ending(), s.ending());

    let mut wrong_reason = back.clone();
    wrong_reason.result.as_mut().unwrap().reason = EndReason::Board;
    let err = Session::<Climb>::from_record(&wrong_reason, &NoVariant, HistoryRules::default()).unwrap_err();
    assert!(err.to_string().contains("does not follow from its moves"), "{err}");
    let mut unfinished = back.clone();
    unfinished.result = None;
    let replay = Session::<Climb>::from_record(&unfinished, &NoVariant, HistoryRules::default()).unwrap();
    assert!(replay.ending().is_none());
    let mut illegal = back.clone();
    illegal.moves = vec!["down".into()];
    let err = Session::<Climb>::from_record(&illegal, &NoVariant, HistoryRules::default()).unwrap_err();
    assert!(err.to_string().contains("move 1 of the record"), "{err}");
    let mut other_game = back;
    other_game.game = "void".into();
    assert!(Session::<Climb>::from_record(&other_game, &NoVariant, HistoryRules::default()).is_err());
    assert!(serde_json::from_str::<GameRecord>("{\"game\":\"climb\"}").is_err());
}

#[test]
fn registry_finds_games_and_checks_options() {
    let registry = Registry::new().with::<Climb>();
    assert_eq!(registry.names(), vec!["climb"]);
    let (game, options) = registry.parse_spec("climb:plies=10,repetition=off").unwrap();
    assert_eq!(game.name(), "climb");
    let mut session = game.new_session(options, None).unwrap();
    assert_eq!(session.options(), "repetition=off,plies=10");
    assert_eq!(session.legal_moves(), vec!["up"]);
    assert_eq!(session.play("up").unwrap(), "up");
    assert_eq!(session.parse_player("RIGHT"), Some(Player::Second));
    assert_eq!(game.perft(options, Some("1 1"), 2).unwrap(), 3);
    assert!(matches!(registry.parse_spec("chess"), Err(Error::UnknownGame { .. })));
    assert!(matches!(registry.parse_spec("climb:size=8"), Err(Error::Options(_))));
    assert!(game.new_session("", Some("9 1")).is_err());
    let err = game
        .new_session("plies=x", None)
        .err()
        .expect("bad option value")
        .to_string();
    assert!(err.contains("must be a whole number"), "{err}");
    let record = session.record();
    let restored = game.load_record(&record).unwrap();
    assert_eq!(restored.position(), "1 2");
}

#[test]
fn playouts_end_or_stop_at_the_cap() {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut buffer = Vec::new();
    let mut g = Climb::new(&NoVariant);
    let p = random_playout(&mut g, &mut rng, &mut buffer, 10_000);
    assert_eq!(p.outcome.is_some(), g.n == 5);
    let mut g = Climb::new(&NoVariant);
    let p = random_playout(&mut g, &mut rng, &mut buffer, 3);
    assert!(p.plies <= 3);
}

#[test]
fn the_conformance_suite_passes_on_the_toy_game() {
    assert!(conformance::run::<Climb>(&NoVariant, 5, 20, 40) > 20);
}

#[test]
fn endings_are_told_in_words_with_their_cells() {
    let mut s = Session::<Climb>::new(&NoVariant, rules(true, Some(50)));
    assert_eq!(s.story(), None, "a game in progress has no ending to tell");
    for _ in 0..5 {
        s.play_text("up").unwrap();
    }
    let story = s.story().expect("over");
    let winner = arbiter_core::story::side_name(s.current(), Player::First);
    assert_eq!(story.text, format!("The counter reached 5. {winner} wins."));
    assert_eq!(
        story.cells,
        vec!["4".to_string(), "5".to_string()],
        "the last move's cells, from the game"
    );

    s.undo().unwrap();
    s.resign(Player::Second).unwrap();
    let loser = arbiter_core::story::side_name(s.current(), Player::Second);
    assert_eq!(s.story().unwrap().text, format!("{loser} resigned. {winner} wins."));

    let mut repeated = Session::<Climb>::new(&NoVariant, rules(true, None));
    for mv in ["up", "down", "up", "down"] {
        repeated.play_text(mv).unwrap();
    }
    assert!(repeated
        .story()
        .unwrap()
        .text
        .starts_with("Draw by threefold repetition"));

    let mut limited = Session::<Climb>::new(&NoVariant, rules(false, Some(2)));
    limited.play_text("up").unwrap();
    limited.play_text("up").unwrap();
    assert_eq!(limited.story().unwrap().text, "Draw: the 2-ply limit was reached.");
}

#[test]
fn a_drawing_becomes_a_standalone_svg_with_marks() {
    let game = Climb::new(&NoVariant);
    let drawing = game.drawing(false);
    let marks = [arbiter_core::drawing::Mark {
        cell: "0".into(),
        kind: "last",
    }];
    let svg = drawing.to_svg(".pc-body { fill: red }", &marks, Some(("0", "3")));
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains("viewBox=\"0 0 600 100\""));
    assert!(svg.contains(".pc-body { fill: red }"), "the stylesheet is embedded");
    assert!(svg.contains("class=\"mark-last\""), "the mark is drawn on the cell");
    assert!(
        svg.contains("translate(50,50)"),
        "the piece stands on its cell's centre"
    );
    assert!(
        svg.contains("class=\"mark-arrow\"") && svg.contains("M50,50 L"),
        "an arrow from the first cell"
    );
    let json = serde_json::to_value(&drawing).unwrap();
    assert_eq!(json["pieces"][0]["glyph"], "counter");
    assert_eq!(json["cells"][5]["center"][0], 550.0);
}
