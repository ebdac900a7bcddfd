//! The proof search (`arbiter_core::proof`, `arbiter solve`) on every game, by both methods (the
//! exact depth-first search and df-pn): known wins are found at their length with a line that
//! really wins, on random positions the answers agree with a plain minimax written without a
//! table, killers or ordering, the two methods agree with each other at longer horizons, and
//! sharing the first moves out among threads changes neither answer nor line.

use arbiter_attraction::Attraction;
use arbiter_core::proof::{forced_win_by, Proof, ProofMethod};
use arbiter_core::{FullGame, Game, Outcome, Player};
use arbiter_krux::Krux;
use arbiter_villawar::Villawar;
use arbiter_void::Void;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The proof by both methods, which must give the same answer, each with a line that wins, and
/// df-pn on three threads, which must give the same answer and line as on one.
fn forced_win<G: FullGame>(game: &G, plies: u32, _: &mut dyn FnMut(u32, usize, usize)) -> Proof {
    let exact = forced_win_by(ProofMethod::Exact, game, plies, 1, &mut |_, _, _| {});
    let pns = forced_win_by(ProofMethod::ProofNumber, game, plies, 1, &mut |_, _, _| {});
    assert_eq!(
        (pns.win_in, pns.searched_plies),
        (exact.win_in, exact.searched_plies),
        "df-pn and the exact search disagree on {}",
        game.position()
    );
    if let Some(n) = pns.win_in {
        assert_line_wins(game, &pns.line, n);
    }
    // The first moves shared out among threads: the same answer and the same line.
    let threaded = forced_win_by(ProofMethod::ProofNumber, game, plies, 3, &mut |_, _, _| {});
    assert_eq!(
        (&threaded.win_in, threaded.searched_plies, &threaded.line),
        (&pns.win_in, pns.searched_plies, &pns.line),
        "three threads and one disagree on {}",
        game.position()
    );
    exact
}

fn position<G: FullGame>(text: &str) -> G {
    G::from_position(&G::Variant::default(), text).expect("the position parses")
}

/// Plain minimax: can `attacker` (to move) force a win within `plies`?
fn naive_wins<G: FullGame>(game: &G, attacker: Player, plies: u32) -> bool {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.iter().any(|&mv| {
        let mut child = game.clone();
        child.play(mv);
        match child.outcome() {
            Some(o) => o == Outcome::Win(attacker),
            None => plies >= 3 && naive_loses(&child, attacker, plies - 1),
        }
    })
}

fn naive_loses<G: FullGame>(game: &G, attacker: Player, plies: u32) -> bool {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.iter().all(|&mv| {
        let mut child = game.clone();
        child.play(mv);
        match child.outcome() {
            Some(o) => o == Outcome::Win(attacker),
            None => naive_wins(&child, attacker, plies - 1),
        }
    })
}

/// Plays the line and checks that it is legal and ends in the mover's win within `plies` but
/// not within `plies - 2` (a game that a defender's move can end may be won in an even number).
fn assert_line_wins<G: FullGame>(game: &G, line: &[String], plies: u32) {
    let attacker = game.to_move();
    let mut g = game.clone();
    for text in line {
        assert!(g.outcome().is_none(), "the line goes on after the end: {line:?}");
        let mv = g.parse_move(text).unwrap_or_else(|e| panic!("{text} in {line:?}: {e}"));
        g.play(mv);
    }
    assert!(line.len() as u32 == plies || line.len() as u32 + 1 == plies, "{line:?}");
    assert_eq!(g.outcome(), Some(Outcome::Win(attacker)), "{line:?}");
}

fn assert_wins_in<G: FullGame>(text: &str, plies: u32) {
    let game = position::<G>(text);
    let proof = forced_win(&game, plies + 2, &mut |_, _, _| {});
    assert_eq!(proof.win_in, Some(plies), "{text}");
    assert_eq!(proof.searched_plies, plies);
    assert_line_wins(&game, &proof.line, plies);
    if plies > 1 {
        let shorter = forced_win(&game, plies - 2, &mut |_, _, _| {});
        assert_eq!(shorter.win_in, None, "{text}: no win within {} plies", plies - 2);
    }
}

#[test]
fn wins_in_one_are_found_with_their_move() {
    assert_wins_in::<Void>("12b5/18/16f1/18/1F16 b 0", 1);
    assert_wins_in::<Attraction>("3r1r2/2r5/2r3rr/4r3/8/1v6/6r1/vvvvv1vv r 0", 1);
    // The rules' worked example 1: White 1 attracts Black 2 into the hole.
    assert_wins_in::<Krux>(".....46/...1b.../......./...*.../......./...2.../35..... 1", 1);
}

#[test]
fn a_villawar_jump_that_forces_both_passes_is_a_win_in_three() {
    // After the jump the opponent must pass, then the mover passes too, ahead.
    assert_wins_in::<Villawar>("4w1/1VWv2/2W3/3w2/3W2/3WVV w 1", 3);
    assert_wins_in::<Villawar>("8/5w1w/3w3V/4v3/4w3/8/1v6/1W3V2 b 0", 3);
}

#[test]
fn a_krux_turn_that_ignores_a_threat_loses_at_once() {
    // Black 2 on d6 threatens to repel White 3 from d5 onto the hole (d3 is held by White 5).
    let game = position::<Krux>("1b....64/...2b.../...3p.../...*.../...5g.../......./....... 1");
    let proof = forced_win(&game, 1, &mut |_, _, _| {});
    assert_eq!(proof.win_in.is_some(), naive_wins(&game, game.to_move(), 1));
    // After White's empty turn, Black wins in one: the proof finds it and its line wins.
    let mut quiet = game;
    let pass = quiet.parse_move("-").expect("an empty turn is legal");
    quiet.play(pass);
    let proof = forced_win(&quiet, 3, &mut |_, _, _| {});
    assert_eq!(proof.win_in, Some(1));
    assert_line_wins(&quiet, &proof.line, 1);
}

/// Random positions of a game: the proof and plain minimax agree at 1 and 3 plies.
/// Returns how many had a forced win.
fn agrees_with_minimax<G: FullGame>(
    seed: u64,
    positions: usize,
    random_plies: std::ops::RangeInclusive<usize>,
) -> usize {
    let (mut wins, mut checked) = (0, 0);
    for game in random_positions::<G>(seed, positions, random_plies) {
        let proof = forced_win(&game, 3, &mut |_, _, _| {});
        let naive1 = naive_wins(&game, game.to_move(), 1);
        let naive3 = naive_wins(&game, game.to_move(), 3);
        let expected = if naive1 {
            Some(1)
        } else if naive3 {
            Some(3)
        } else {
            None
        };
        assert_eq!(proof.win_in, expected, "{}", game.position());
        if let Some(n) = proof.win_in {
            assert_line_wins(&game, &proof.line, n);
            wins += 1;
        }
        checked += 1;
    }
    assert!(checked >= positions / 2, "{} positions checked", checked);
    eprintln!(
        "{}: {checked} positions, {wins} with a forced win within 3 plies",
        G::NAME
    );
    wins
}

#[test]
fn agrees_with_plain_minimax_on_random_positions() {
    // Villawar ends only when both sides pass: late positions have short wins.
    let wins = agrees_with_minimax::<Villawar>(1, 60, 35..=60)
        + agrees_with_minimax::<Void>(2, 60, 0..=200)
        + agrees_with_minimax::<Attraction>(3, 30, 0..=400);
    assert!(wins >= 5, "both answers are tested: {wins} positions with a forced win");
}

/// Krux's proofs settle a position by its tactics (whether a winning turn exists, found without
/// listing the turns): a defender that can win at once refutes, and an attacker with one ply left
/// and no winning turn has lost the race. On random positions the answers at 1 and 3 plies are
/// plain minimax's, which lists every turn.
#[test]
fn krux_proofs_settled_by_tactics_agree_with_plain_minimax() {
    let positions = 12;
    let wins = agrees_with_minimax::<Krux>(4, positions, 4..=30);
    assert!(
        wins >= 1 && wins < positions,
        "both answers are tested: {wins} of {positions} positions with a forced win"
    );
}

/// Random positions: within 5 plies, df-pn and the exact search give the same answer (the
/// wrapper above compares them), and some positions have a win.
fn methods_agree_at_five<G: FullGame>(
    seed: u64,
    positions: usize,
    random_plies: std::ops::RangeInclusive<usize>,
) -> usize {
    random_positions::<G>(seed, positions, random_plies)
        .filter(|game| forced_win(game, 5, &mut |_, _, _| {}).win_in.is_some())
        .count()
}

/// Up to `positions` seeded random positions of a game in play, each after a random number of
/// random plies in `random_plies` (those that end the game are left out).
fn random_positions<G: FullGame>(
    seed: u64,
    positions: usize,
    random_plies: std::ops::RangeInclusive<usize>,
) -> impl Iterator<Item = G> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    (0..positions).filter_map(move |_| {
        let mut game = G::new(&G::Variant::default());
        for _ in 0..rng.random_range(random_plies.clone()) {
            match game.random_move(&mut rng, &mut moves) {
                Some(mv) if game.outcome().is_none() => game.play(mv),
                _ => break,
            }
        }
        game.outcome().is_none().then_some(game)
    })
}

#[test]
fn proof_number_search_agrees_with_the_exact_search_at_five_plies() {
    let wins = methods_agree_at_five::<Villawar>(11, 20, 35..=60)
        + methods_agree_at_five::<Void>(12, 12, 40..=200)
        + methods_agree_at_five::<Attraction>(13, 8, 100..=400);
    assert!(wins >= 3, "wins within 5 plies among the positions: {wins}");
}
