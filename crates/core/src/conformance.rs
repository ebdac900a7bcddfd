//! The conformance suite, written once and run for every game (see `crates/games/tests`).
//!
//! It plays seeded random games and checks at every position the contracts of [`crate::Game`]:
//! position strings round-trip, notation round-trips, move lists are duplicate-free and
//! empty exactly when the game is over, every move plays, the incremental hash equals the
//! hash from scratch, records replay, undo returns to the start, games end under a ply cap,
//! and mangled position strings and moves are rejected without a panic.

use crate::{FullGame, HistoryRules, Outcome, Session};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// What a hand-picked position is, as its test states it.
#[derive(Clone, Copy, Debug)]
pub enum Expected<M> {
    /// The game goes on, and `M` (a pass) is not among the side to move's moves.
    Play(M),
    /// The game goes on, but the only move is `M` (a forced pass).
    Only(M),
    /// The game is over with this outcome.
    Over(Outcome),
}

/// Parses a hand-picked position, checks that it is what its test says it is (`what` names it in
/// messages) and that it prints back the same, then runs [`check_position`] on it.
pub fn check_special_position<G: FullGame>(variant: &G::Variant, what: &str, text: &str, expected: Expected<G::Move>) {
    let game = G::from_position(variant, text).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(game.position(), text, "{what}");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    match expected {
        Expected::Play(pass) => {
            assert_eq!(game.outcome(), None, "{what}: {text}");
            assert!(!moves.is_empty() && !moves.contains(&pass), "{what}: {text}");
        }
        Expected::Only(mv) => {
            assert_eq!(game.outcome(), None, "{what}: {text}");
            assert_eq!(moves, [mv], "{what}: {text}");
        }
        Expected::Over(outcome) => assert_eq!(game.outcome(), Some(outcome), "{what}: {text}"),
    }
    check_position(&game, variant);
}

/// Checks one position; panics with a message naming the position on any violation.
pub fn check_position<G: FullGame>(game: &G, variant: &G::Variant) {
    let text = game.position();
    let reparsed = G::from_position(variant, &text)
        .unwrap_or_else(|e| panic!("{}: position '{text}' does not parse back: {e}", G::NAME));
    assert_eq!(reparsed.position(), text, "{}: position string round-trip", G::NAME);
    assert_eq!(
        reparsed.hash(),
        game.hash(),
        "{}: hash after reparsing '{text}'",
        G::NAME
    );
    assert_eq!(
        game.hash(),
        game.hash_from_scratch(),
        "{}: incremental hash of '{text}'",
        G::NAME
    );

    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    // The scratch space starts full of moves: a count must not depend on it.
    let mut scratch = moves.clone();
    assert_eq!(
        game.count_moves(&mut scratch),
        moves.len(),
        "{}: '{text}' counts as many moves as it lists",
        G::NAME
    );
    assert_eq!(
        moves.is_empty(),
        game.outcome().is_some(),
        "{}: '{text}' must have no moves exactly when it is finished (outcome {:?})",
        G::NAME,
        game.outcome()
    );
    let mut seen = HashSet::new();
    for &mv in &moves {
        assert!(seen.insert(mv), "{}: {mv:?} listed twice in '{text}'", G::NAME);
        let notation = game.format_move(mv);
        let parsed = game
            .parse_move(&notation)
            .unwrap_or_else(|e| panic!("{}: '{notation}' in '{text}' does not parse: {e}", G::NAME));
        assert_eq!(
            parsed,
            mv,
            "{}: parse_move(format_move) of '{notation}' in '{text}'",
            G::NAME
        );
        assert_eq!(game.move_info(mv).notation, notation, "{}: move_info notation", G::NAME);
        let mut child = game.clone();
        child.play(mv);
        assert_eq!(
            child.hash(),
            child.hash_from_scratch(),
            "{}: incremental hash after '{notation}' in '{text}'",
            G::NAME
        );
    }
    // Words, where the game has them, for two moves of each position (wording every move would
    // cost more than the rest of the checks).
    for &mv in moves.first().into_iter().chain(moves.last()) {
        if let Some(words) = game.describe_move(mv) {
            let notation = game.format_move(mv);
            assert!(
                !words.trim().is_empty(),
                "{}: '{notation}' in '{text}' is described by no words",
                G::NAME
            );
        }
    }
    check_null_move(game, &text);
    let mut rng = SmallRng::seed_from_u64(game.hash());
    let mut twin = rng.clone();
    let mut buffer = Vec::new();
    let drawn = game.random_move(&mut rng, &mut buffer);
    if let Some(mv) = drawn {
        assert!(
            seen.contains(&mv),
            "{}: random_move gave an unlisted {mv:?} in '{text}'",
            G::NAME
        );
    }
    if G::RANDOM_MOVE_IS_A_LISTED_DRAW {
        let listed = (!moves.is_empty()).then(|| moves[twin.random_range(0..moves.len())]);
        assert_eq!(
            drawn,
            listed,
            "{}: random_move is not the listed draw in '{text}'",
            G::NAME
        );
        assert_eq!(
            rng.random::<u64>(),
            twin.random::<u64>(),
            "{}: random_move drew other numbers than the listed draw in '{text}'",
            G::NAME
        );
    }
}

/// A null move, where the game allows one, hands the move over and keeps the board: the
/// repetition key (board and side to move) changes, and a second null move gives the board, the
/// side to move and the legal moves back, with a pass count of 0 (so a third gives the first's
/// position again); the incremental hash stays right, and no game ends by it. Where the game
/// refuses the null move, nothing changes.
fn check_null_move<G: FullGame>(game: &G, text: &str) {
    let mut passed = game.clone();
    if !passed.null_move() {
        assert_eq!(
            passed.position(),
            text,
            "{}: a refused null move changed '{text}'",
            G::NAME
        );
        return;
    }
    let name = G::NAME;
    assert_eq!(
        passed.to_move(),
        game.to_move().opponent(),
        "{name}: null move in '{text}'"
    );
    assert_eq!(
        passed.hash(),
        passed.hash_from_scratch(),
        "{name}: hash after a null move in '{text}'"
    );
    assert_ne!(
        passed.repetition_key(),
        game.repetition_key(),
        "{name}: null move in '{text}'"
    );
    if game.outcome().is_none() {
        assert_eq!(passed.outcome(), None, "{name}: a null move ended '{text}'");
    }
    let once = passed.position();
    assert!(passed.null_move(), "{name}: second null move refused in '{text}'");
    assert_eq!(
        passed.hash(),
        passed.hash_from_scratch(),
        "{name}: hash after two null moves in '{text}'"
    );
    assert_eq!(
        passed.repetition_key(),
        game.repetition_key(),
        "{name}: two null moves in '{text}'"
    );
    assert_eq!(passed.to_move(), game.to_move(), "{name}: two null moves in '{text}'");
    if game.outcome().is_none() {
        let (mut before, mut after) = (Vec::new(), Vec::new());
        game.legal_moves(&mut before);
        passed.legal_moves(&mut after);
        assert_eq!(after, before, "{name}: legal moves after two null moves in '{text}'");
    }
    assert!(passed.null_move(), "{name}: third null move refused in '{text}'");
    assert_eq!(passed.position(), once, "{name}: null moves from '{text}' do not cycle");
}

/// Feeds mutations of valid text (position strings and move notation, with non-ASCII and
/// control characters among the edits) to the parsers: each must either reject it with an
/// error or accept it as something valid — a position that round-trips, a listed legal move —
/// and never panic.
pub fn check_garbage<G: FullGame, R: Rng>(game: &G, variant: &G::Variant, rng: &mut R) {
    const ALPHABET: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/ -x+*@,.\t\né½—🂡";
    let alphabet: Vec<char> = ALPHABET.chars().collect();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut samples = vec![game.position(), String::new(), "pass".to_string()];
    samples.extend(moves.iter().take(4).map(|&m| game.format_move(m)));
    for sample in samples {
        for _ in 0..4 {
            let mut chars: Vec<char> = sample.chars().collect();
            for _ in 0..rng.random_range(1..4) {
                let at = rng.random_range(0..=chars.len());
                let c = alphabet[rng.random_range(0..alphabet.len())];
                match rng.random_range(0..3) {
                    0 => chars.insert(at, c),
                    1 if at < chars.len() => chars[at] = c,
                    _ if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ => chars.push(c),
                }
            }
            let text: String = chars.into_iter().collect();
            if let Ok(parsed) = G::from_position(variant, &text) {
                let canonical = parsed.position();
                let again = G::from_position(variant, &canonical)
                    .unwrap_or_else(|e| panic!("{}: '{text}' parsed, but its output '{canonical}' not: {e}", G::NAME));
                assert_eq!(
                    again.position(),
                    canonical,
                    "{}: accepted '{text}' does not round-trip",
                    G::NAME
                );
            }
            if let Ok(mv) = game.parse_move(&text) {
                assert!(
                    moves.contains(&mv),
                    "{}: '{text}' parsed to an unlisted move {mv:?}",
                    G::NAME
                );
            }
        }
    }
}

/// Plays `games` seeded random games of at most `ply_cap` plies, checking every position,
/// the game record, undo and termination. Returns the number of positions checked.
pub fn run<G: FullGame>(variant: &G::Variant, seed: u64, games: usize, ply_cap: u32) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut checked = 0;
    let rules = HistoryRules {
        repetition: true,
        ply_limit: Some(ply_cap),
    };
    for _ in 0..games {
        let mut session = Session::<G>::new(variant, rules);
        let mut moves = Vec::new();
        while session.ending().is_none() {
            check_position(session.current(), variant);
            check_garbage(session.current(), variant, &mut rng);
            checked += 1;
            session.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            session.play(mv).expect("a listed move plays");
        }
        check_position(session.current(), variant);
        checked += 1;
        assert!(session.ply() <= ply_cap as usize, "{}: ran past the ply cap", G::NAME);

        let record = session.record();
        let json = serde_json::to_string(&record).expect("records serialize");
        let back: crate::GameRecord = serde_json::from_str(&json).expect("records deserialize");
        let replayed = Session::<G>::from_record(&back, variant, rules)
            .unwrap_or_else(|e| panic!("{}: record does not replay: {e}\n{json}", G::NAME));
        assert_eq!(replayed.current().position(), session.current().position());
        assert_eq!(replayed.ending(), session.ending());

        while session.ply() > 0 {
            session.undo().expect("undo while moves remain");
        }
        assert_eq!(
            session.current().position(),
            G::new(variant).position(),
            "{}: undo to start",
            G::NAME
        );
        assert!(session.undo().is_err(), "{}: undo at the start must fail", G::NAME);
    }
    checked
}
