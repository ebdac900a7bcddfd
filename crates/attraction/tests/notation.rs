//! Move notation: round trips, clear errors for malformed or illegal moves, and move_info routes.

use arbiter_attraction::{Attraction, Move, Square};
use arbiter_core::{Game, NoVariant, Presentation};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const EXAMPLE: &str = "8/8/2v5/2r5/8/2r5/1r1vr3/8 r 0";

fn game(text: &str) -> Attraction {
    Attraction::from_position(&NoVariant, text).unwrap()
}

#[test]
fn formats_and_parses() {
    let g = game(EXAMPLE);
    let sq = |t| Square::parse(t).unwrap();
    assert_eq!(g.parse_move("e2-c4"), Ok(Move::orbit(sq("e2"), sq("c4"))));
    assert_eq!(g.parse_move("e2-c6+d6"), Ok(Move::push(sq("e2"), sq("c6"), sq("d6"))));
    assert_eq!(g.parse_move(" E2-C4 "), g.parse_move("e2-c4"));
    assert_eq!(g.format_move(Move::push(sq("e2"), sq("c6"), sq("b6"))), "e2-c6+b6");
}

#[test]
fn errors_name_the_reason() {
    let g = game(EXAMPLE);
    let cases = [
        ("", "the move is empty"),
        ("e2c4", "expected a move like e2-c4"),
        ("e2-", "'' is not a point"),
        ("e9-c4", "'e9' is not a point"),
        ("e2-c4+", "'' is not a point"),
        ("e2-c6+z1", "'z1' is not a point"),
        ("f4-f5", "there is no stone on f4"),
        ("c6-b6", "the stone on c6 is violet, but red is to move"),
        ("e2-e2", "ends on its start point e2"),
        ("e2-c4+c5", "c4 is empty: there is no stone to push"),
        ("e2-c6", "c6 is occupied: a move can end there only by pushing"),
        ("e2-c6+e6", "e6 cannot be where it goes"),
        ("e2-c6+c5", "push blocked: c5 is occupied"),
        (
            "e2-c6+c7",
            "no chain of orbits of the stone on e2 meets the stone on c6 travelling towards c7",
        ),
        ("e2-h8", "the stone on e2 cannot reach h8"),
        ("b2-b1", "the stone on b2 cannot reach b1"),
        ("pass", "red has a move, and passing is allowed only without one"),
    ];
    for (text, expected) in cases {
        let err = g.parse_move(text).unwrap_err().to_string();
        assert!(err.contains(expected), "'{text}': '{err}' should say '{expected}'");
        assert!(err.contains(&format!("'{text}'")), "{err}");
    }
    let stuck = game("8/8/8/3v4/8/8/rr6/8 v 0");
    let err = stuck.parse_move("d5-d6").unwrap_err().to_string();
    assert!(err.contains("violet has no legal move: the only move is pass"), "{err}");
    let over = game("vrrrrrrr/8/8/8/8/8/8/8 r 0");
    let err = over.parse_move("b8-a7").unwrap_err().to_string();
    assert!(err.contains("the game is over"), "{err}");
}

/// Orbits move a stone by diagonal quarter-turns, so a moving stone keeps its colour on a
/// checkerboard, while a pushed stone moves orthogonally and changes colour. (So a push can never
/// go to the moving stone's start, although the rules count that point empty.)
fn check_colours(g: &Attraction) {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let colour = |s: Square| (s.file() + s.rank()) % 2;
    for &mv in &moves {
        if let Move::Orbit { from, to, push } = mv {
            assert_eq!(colour(from), colour(to), "{}", g.format_move(mv));
            if let Some(p) = push {
                assert_ne!(colour(p), colour(to), "{}", g.format_move(mv));
                assert_ne!(p, from);
            }
        }
    }
}

/// Checks that the route of every legal move is a real chain of quarter-turns.
fn check_routes(g: &Attraction) {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    for &mv in &moves {
        let Move::Orbit { from, to, push } = mv else {
            assert!(g.route(mv).is_none());
            continue;
        };
        let route = g
            .route(mv)
            .unwrap_or_else(|| panic!("no route for {} in {}", g.format_move(mv), g.position()));
        assert_eq!(route.first(), Some(&from));
        assert_eq!(route.last(), Some(&to));
        assert!(route.len() >= 2);
        for pair in route.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(
                a.file().abs_diff(b.file()) == 1 && a.rank().abs_diff(b.rank()) == 1,
                "{} {a}→{b} is not a quarter-turn",
                g.format_move(mv)
            );
        }
        for &p in &route[1..route.len() - 1] {
            assert!(
                p == from || g.board().owner(p).is_none(),
                "{} passes the stone on {p}",
                g.format_move(mv)
            );
        }
        assert_eq!(g.board().owner(to).is_some(), push.is_some());
        let info = g.move_info(mv);
        assert_eq!(info.path.len(), route.len());
    }
}

#[test]
fn routes_are_real_chains_and_stones_keep_their_colour() {
    check_routes(&game(EXAMPLE));
    check_colours(&game(EXAMPLE));
    let mut rng = SmallRng::seed_from_u64(5);
    let mut moves = Vec::new();
    for _ in 0..4 {
        let mut g = Attraction::new(&NoVariant);
        for _ in 0..60 {
            check_routes(&g);
            check_colours(&g);
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            g.play(moves[rng.random_range(0..moves.len())]);
        }
    }
}

#[test]
fn random_moves_are_uniform() {
    // 14 moves at the start; 14,000 draws: each move should come up about 1,000 times.
    let g = Attraction::new(&NoVariant);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut rng = SmallRng::seed_from_u64(3);
    let mut buffer = Vec::new();
    let mut counts = std::collections::HashMap::new();
    for _ in 0..14_000 {
        let mv = g.random_move(&mut rng, &mut buffer).unwrap();
        *counts.entry(mv).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 14);
    for mv in moves {
        let n = counts[&mv];
        assert!((800..1200).contains(&n), "{} drawn {n} times", g.format_move(mv));
    }
}
