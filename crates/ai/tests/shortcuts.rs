//! The search's shortcuts through `Game::tactics` (a win in one scored without listing the
//! moves, a quiet horizon left without listing them) change no value: alpha-beta on Krux, the
//! game that answers it, gives the same score as on the same game behind a wrapper that only
//! says "unknown", in positions from random games.

use arbiter_ai::{Agent, AgentSpec};
use arbiter_core::{Drawing, Error, Game, HistoryRules, Outcome, Player, Session};
use arbiter_krux::{Krux, KruxVariant, Move};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;

/// Krux that never answers `tactics` (the default `Tactics::Unknown`); everything else is
/// Krux's own.
#[derive(Clone, Debug)]
struct Untold(Krux);

impl Game for Untold {
    type Move = Move;
    type Variant = KruxVariant;
    const NAME: &'static str = "krux";
    const BLURB: &'static str = Krux::BLURB;

    fn new(variant: &KruxVariant) -> Self {
        Untold(Krux::new(variant))
    }
    fn from_position(variant: &KruxVariant, position: &str) -> Result<Self, Error> {
        Krux::from_position(variant, position).map(Untold)
    }
    fn variant(&self) -> KruxVariant {
        self.0.variant()
    }
    fn position(&self) -> String {
        self.0.position()
    }
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.0.legal_moves(moves)
    }
    fn play(&mut self, mv: Move) {
        self.0.play(mv)
    }
    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        self.0.parse_move(text)
    }
    fn format_move(&self, mv: Move) -> String {
        self.0.format_move(mv)
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn hash_from_scratch(&self) -> u64 {
        self.0.hash_from_scratch()
    }
    fn player_name(player: Player) -> &'static str {
        Krux::player_name(player)
    }
    fn diagram(&self) -> String {
        self.0.diagram()
    }
    fn drawing(&self, flipped: bool) -> Drawing {
        self.0.drawing(flipped)
    }
    fn move_order_hint(&self, mv: Move) -> i32 {
        self.0.move_order_hint(mv)
    }
    fn evaluate(&self) -> i32 {
        self.0.evaluate()
    }
}

/// The score alpha-beta to `depth` gives the position, as reported.
fn score<G: Game>(game: G, depth: u32) -> String {
    let session = Session::from_game(game, HistoryRules::default());
    let spec = format!("alphabeta:depth={depth}");
    let mut agent: Box<dyn Agent<G>> = spec.parse::<AgentSpec>().unwrap().build::<G>();
    let choice = agent.choose(&session, &AtomicBool::new(false), &mut |_| {}).unwrap();
    format!("{:?}", choice.info.score)
}

#[test]
fn answering_tactics_changes_no_score() {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut moves = Vec::new();
    let (mut compared, mut decided) = (0, 0);
    while compared < 40 {
        let mut k = Krux::start();
        for _ in 0..rng.random_range(2..12) {
            k.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            k.play(moves[rng.random_range(0..moves.len())]);
        }
        if k.outcome().is_some() {
            continue;
        }
        let told = score(k, 3);
        assert_eq!(told, score(Untold(k), 3), "{}", k.position());
        compared += 1;
        decided += usize::from(told.contains("Win") || told.contains("Loss"));
    }
    assert!(decided >= 5, "only {decided} of the positions had a forced result");
}
