//! Notation: any legal token sequence parses to its turn, errors name the first bad token, and
//! the canonical form (fewest tokens, then smallest string) is checked against a brute force
//! over every raw token sequence.

use arbiter_core::{Error, Game, Presentation};
use arbiter_krux::{Krux, KruxVariant, Move, Token, TurnBuilder};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

fn pos(text: &str) -> Krux {
    Krux::from_position(&KruxVariant::default(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Walks every raw token sequence with a turn builder; for every result keeps the best
/// (token count, text).
fn brute_force_canonical(k: &Krux) -> HashMap<Move, (usize, String)> {
    fn walk(b: &mut TurnBuilder, best: &mut HashMap<Move, (usize, String)>) {
        if b.can_finish() {
            let mv = b.finish().unwrap();
            let cand = (b.tokens().len(), b.notation());
            let entry = best.entry(mv).or_insert_with(|| cand.clone());
            if cand < *entry {
                *entry = cand;
            }
        }
        for t in b.next_tokens() {
            b.push_token(t).unwrap();
            walk(b, best);
            assert_eq!(b.undo_token(), Some(t));
        }
    }
    let mut best = HashMap::new();
    walk(&mut TurnBuilder::new(k).unwrap(), &mut best);
    best
}

fn random_positions(seed: u64, count: usize) -> Vec<Krux> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = vec![Krux::start()];
    let mut k = Krux::start();
    let mut buf = Vec::new();
    while out.len() < count {
        match k.random_move(&mut rng, &mut buf) {
            Some(m) if rng.random_range(0..20) > 0 => {
                k.play(m);
                out.push(k);
            }
            _ => k = Krux::start(),
        }
    }
    out
}

#[test]
fn canonical_form_matches_brute_force() {
    for k in random_positions(11, 40).iter().step_by(4) {
        let best = brute_force_canonical(k);
        println!("{}: {} turns", k.position(), best.len());
        let mut moves = Vec::new();
        k.legal_moves(&mut moves);
        assert_eq!(best.len(), moves.len(), "{}", k.position());
        for mv in moves {
            let (_, text) = best
                .get(&mv)
                .unwrap_or_else(|| panic!("{mv:?} not found by brute force"));
            let canonical = k.format_move(mv);
            // "-" is the empty turn: fewest tokens by definition.
            let expected = if text.is_empty() { "-" } else { text };
            assert_eq!(canonical, expected, "in {}", k.position());
            assert_eq!(k.parse_move(&canonical).unwrap(), mv);
        }
    }
}

#[test]
fn any_order_parses_to_the_same_turn() {
    // White 1 (blue) on b2 carries its own 3 around: several orders, one turn.
    let k = pos("....6.4/......./.2...../...*.../......./.1b3..../5...... 1");
    let a = k.parse_move("Pc2,b1,Dc1").unwrap();
    let b = k.parse_move("b1,a1,b1,Pc1,Pb2").err();
    assert!(b.is_some());
    let c = k.parse_move("b1,Pc1?").err();
    assert!(c.is_some());
    let d = k.parse_move(" Pc2 , b1 , Dc1 ").unwrap();
    assert_eq!(a, d);
    // 1 steps to b1 and repels 2 from b5 in either order: the same result.
    let k = pos("....6.4/......./.2...../...*.../......./.1p3..../5...... 1");
    let x = k.parse_move("Rb5,b3").unwrap();
    let y = k.parse_move("b3,Rb5").unwrap();
    assert_eq!(x, y);
    assert_eq!(k.format_move(x), "Rb5,b3");
    // Empty turns.
    assert_eq!(k.parse_move("-").unwrap(), k.parse_move("b1,b2").unwrap());
    assert_eq!(k.format_move(k.parse_move("b3,b2").unwrap()), "-");
}

#[test]
fn errors_name_the_first_bad_token() {
    let k = pos("....6.4/......./.2...../...*.../......./.1p3..../5...... 1");
    let cases = [
        ("", "empty move"),
        ("  ", "empty move"),
        ("b1,,b2", "token 2 '': empty token"),
        ("b1,-", "token 2 '-'"),
        ("b1,Q3", "token 2 'Q3'"),
        ("b1,Rz9", "token 2 'Rz9'"),
        ("b1,h1", "token 2 'h1'"),
        ("@b", "token 1 '@b' is illegal: a ring token comes only first"),
        ("c2", "token 1 'c2' is illegal: c2 is taken by piece 3"),
        ("b1,b2,b3,b4", "token 4 'b4' is illegal: no step left"),
        ("Pc2", "not a carrier"),
        ("Jb3", "not a jumper"),
        ("Xg7", "1 to 5"),
        ("Xc2,Xb2,Xc2", "token 3 'Xc2' is illegal: no action left"),
        ("Ra3", "no piece on a3"),
    ];
    for (text, needle) in cases {
        let err = k.parse_move(text).expect_err(text).to_string();
        assert!(err.contains(needle), "'{text}': {err}");
        assert!(err.contains(&format!("'{text}'")), "the input is quoted: {err}");
    }
}

/// The reasons given for illegal tokens, word for word: the rings still free on a first turn
/// (comma-separated ring tokens), the action named with its verb, a step or a jump into the
/// hole, and a repel or attract of a piece that cannot move.
#[test]
fn illegal_tokens_are_explained_word_for_word() {
    let pink = "....6.4/......./.2...../...*.../......./.1p3..../5...... 1";
    let blue = "....6.4/......./.2...../...*.../......./.1b3..../5...... 1";
    let cases = [
        (
            "....642/......./......./...*.../......./......./135.... 1",
            "a2",
            "token 1 'a2' is illegal: piece 1 has no ring yet: its first turn must begin with a \
             ring token (@b, @g, @p)",
        ),
        // White 1 wears green: piece 3 may choose blue or pink.
        (
            "....642g/......./......./...*.../......./......./1g35.... 3",
            "@g",
            "token 1 '@g' is illegal: the green ring is already worn by another of White's pieces \
             (free: @b, @p)",
        ),
        // White 1 green and 3 blue: only pink is left for 5.
        (
            "....64b2g/......./......./...*.../......./......./1g3b5.... 5",
            "@b",
            "token 1 '@b' is illegal: the blue ring is already worn by another of White's pieces \
             (free: @p)",
        ),
        (pink, "Ra3", "token 1 'Ra3' is illegal: no piece on a3 to repel"),
        (pink, "b1,Aa3", "token 2 'Aa3' is illegal: no piece on a3 to attract"),
        (pink, "Xc4", "token 1 'Xc4' is illegal: no piece on c4 to switch with"),
        (blue, "Pb3", "token 1 'Pb3' is illegal: no piece on b3 to pick up"),
        (pink, "Rb2", "token 1 'Rb2' is illegal: piece 1 cannot repel itself"),
        (pink, "Ab2", "token 1 'Ab2' is illegal: piece 1 cannot attract itself"),
        (
            pink,
            "Xb2",
            "token 1 'Xb2' is illegal: piece 1 cannot switch with itself",
        ),
        (
            "....642/......./......./..1b*.../......./......./.35.... 1",
            "d4",
            "token 1 'd4' is illegal: no piece may step into the hole",
        ),
        (
            "....642/......./......./..1g*.../......./......./.35.... 1",
            "Jd4",
            "token 1 'Jd4' is illegal: no piece may jump into the hole",
        ),
        // 2 on g1 is on the edge, away from 1 on d1.
        (
            "35..6../......./......./...*.../......./......./4..1b..2 1",
            "Rg1",
            "token 1 'Rg1' is illegal: the piece on g1 cannot be repelled: it cannot move",
        ),
        // 2 on e1 is next to 1 on d1 already.
        (
            "35..6../......./......./...*.../......./......./4..1b2.. 1",
            "Ae1",
            "token 1 'Ae1' is illegal: the piece on e1 cannot be attracted: it cannot move",
        ),
    ];
    for (position, text, expected) in cases {
        match pos(position).parse_move(text) {
            Err(Error::Move { input, reason }) => {
                assert_eq!(input, text);
                assert_eq!(reason, expected, "'{text}' in {position}");
            }
            other => panic!("'{text}' in {position}: {other:?}"),
        }
    }
}

#[test]
fn notation_of_the_start() {
    let k = Krux::start();
    let mut moves = Vec::new();
    k.legal_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| k.format_move(m)).collect();
    for expected in ["@b", "@g", "@p", "@g,Ja3", "@b,a2,a3", "@p,Xb1", "@b,Pb1,Da2"] {
        assert!(
            texts.iter().any(|t| t == expected),
            "'{expected}' missing from the start's turns"
        );
    }
    // Every canonical form begins with the ring token; the longest have 8 tokens (ring, three
    // steps, two pick-up and drop pairs).
    for t in &texts {
        assert!(t.starts_with('@'), "{t}");
        assert!(t.split(',').count() <= 8, "{t}");
    }
    // Tokens are plain values too.
    assert_eq!(Token::parse("Dd4").unwrap().to_string(), "Dd4");
}

#[test]
fn move_info_describes_the_turn() {
    // White 1 (green) on d6 jumps in place and pushes 2 from d5 into the hole.
    let k = pos("......6/...1g.../...2.../...*.../......./......./5.34... 1");
    let mv = k.parse_move("Jd6").unwrap();
    let info = k.move_info(mv);
    assert_eq!(info.notation, "Jd6");
    assert_eq!(info.from.as_deref(), Some("d6"));
    assert_eq!(info.to.as_deref(), Some("d6"));
    assert_eq!(info.targets, vec!["d5".to_string()]);
    assert_eq!(info.falls, vec!["d5".to_string()]);
    // Steps: path holds the squares between.
    let k = pos("....642/......./......./...*.../......./......./1b35.... 1");
    let info = k.move_info(k.parse_move("a2,a3,a4").unwrap());
    assert_eq!(info.from.as_deref(), Some("a1"));
    assert_eq!(info.to.as_deref(), Some("a4"));
    assert_eq!(info.path, vec!["a2".to_string(), "a3".to_string()]);
    assert!(info.targets.is_empty() && info.falls.is_empty());
}

/// A turn of another position, which this one cannot replay, is shown as `?` with no squares
/// rather than as an empty string that a move list would show as nothing at all.
#[test]
fn move_info_of_a_turn_this_position_cannot_play_is_a_question_mark() {
    let k = pos("....642/......./......./...*.../......./......./1b35.... 1");
    let elsewhere = k.parse_move("a2,a3,a4").unwrap();
    // Black's 4 one square lower: the turn's end (4 on e7) cannot be reached from here.
    let other = pos("....6.2/....4../......./...*.../......./......./1b35.... 1");
    let mut moves = Vec::new();
    other.legal_moves(&mut moves);
    assert!(!moves.contains(&elsewhere));
    let info = other.move_info(elsewhere);
    assert_eq!(info.notation, "?");
    assert_eq!((info.from, info.to), (None, None));
    assert!(info.path.is_empty() && info.targets.is_empty() && info.falls.is_empty());
}
