//! The step-by-step turn builder: tokens one at a time, legal next tokens, finishing, undo.

use arbiter_core::{Error, Game, NoVariant};
use arbiter_krux::{Krux, Piece, Placement, Square, Token, TurnBuilder};
use std::collections::HashSet;

fn pos(text: &str) -> Krux {
    Krux::from_position(&NoVariant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn texts(tokens: &[Token]) -> Vec<String> {
    tokens.iter().map(Token::to_string).collect()
}

#[test]
fn first_turn_starts_with_a_ring() {
    let k = Krux::start();
    let mut b = TurnBuilder::new(&k).unwrap();
    assert_eq!(b.piece().number(), 1);
    assert_eq!(texts(&b.next_tokens()), ["@b", "@g", "@p"]);
    assert!(!b.can_finish());
    assert!(b.finish().unwrap_err().to_string().contains("no ring yet"));
    assert!(b.push("a2").unwrap_err().to_string().contains("ring"));
    b.push("@g").unwrap();
    assert!(b.can_finish());
    let next = texts(&b.next_tokens());
    // Steps to a2 (b1 is taken) and jumps; sorted in byte order.
    assert!(next.contains(&"a2".to_string()) && next.contains(&"Ja3".to_string()));
    assert!(!next.contains(&"b1".to_string()));
    let mut sorted = next.clone();
    sorted.sort();
    assert_eq!(next, sorted);
    assert_eq!(b.finish().unwrap(), k.parse_move("@g").unwrap());
}

#[test]
fn tokens_undo_cancel_and_finish() {
    // White 1 (blue) on b2, own 3 on c2, Black 2 on b5.
    let k = pos("....6.4/......./.2...../...*.../......./.1b3..../5...... 1");
    let mut b = TurnBuilder::new(&k).unwrap();
    assert!(b.can_finish(), "an empty turn is legal");
    b.push("Pc2").unwrap();
    assert_eq!(b.carried(), Some(Piece::from_number(3).unwrap()));
    assert_eq!(b.placement(Piece::from_number(3).unwrap()), Placement::Carried);
    assert!(!b.can_finish());
    assert!(b.finish().unwrap_err().to_string().contains("drop it first"));
    // While carrying: steps (c2 is free now) and drops only.
    let next = texts(&b.next_tokens());
    assert!(next.iter().all(|t| t.starts_with('D') || t.len() == 2), "{next:?}");
    assert!(next.contains(&"c2".to_string()) && next.contains(&"Dc2".to_string()));
    assert!(b.push("Rb5").is_err());
    b.push("b1").unwrap();
    b.push("Dc1").unwrap();
    assert_eq!(b.notation(), "Pc2,b1,Dc1");
    assert_eq!(b.used(), (1, 1));
    assert_eq!(
        b.placement(Piece::from_number(3).unwrap()),
        Placement::On(Square::parse("c1").unwrap())
    );
    let mv = b.finish().unwrap();
    assert_eq!(mv, k.parse_move("Pc2,b1,Dc1").unwrap());
    assert_eq!(b.undo_token().map(|t| t.to_string()).as_deref(), Some("Dc1"));
    assert!(!b.can_finish());
    b.cancel();
    assert!(b.tokens().is_empty());
    assert_eq!(b.notation(), "-");
    assert_eq!(b.undo_token(), None);
    assert_eq!(b.finish().unwrap(), k.parse_move("-").unwrap());
}

#[test]
fn winning_token_ends_the_turn() {
    let k = pos(".....46/...1b.../......./...*.../......./...2.../35..... 1");
    let mut b = TurnBuilder::new(&k).unwrap();
    b.push("Ad2").unwrap();
    assert!(b.is_won());
    assert!(b.can_finish());
    assert!(b.next_tokens().is_empty());
    assert_eq!(b.placement(Piece::from_number(2).unwrap()), Placement::Fallen);
    let err = b.push("d5").unwrap_err().to_string();
    assert!(err.contains("turn is over"), "{err}");
    let mut after = k;
    after.play(b.finish().unwrap());
    assert!(after.outcome().is_some());
    // No builder for a finished game.
    assert!(matches!(TurnBuilder::new(&after), Err(Error::GameOver)));
}

#[test]
fn freeze_is_reported() {
    let k = pos("....64./......./......./...*.../......./.2...../1b35.... 1");
    let mut b = TurnBuilder::new(&k).unwrap();
    assert!(!b.is_frozen());
    b.push("a2").unwrap();
    assert!(b.is_frozen());
    assert!(b.next_tokens().iter().all(|t| !t.is_step()));
}

/// Every path through the builder (following `next_tokens`) ends in a generated turn, and
/// every generated turn is reached: the builder and the generator agree.
#[test]
fn builder_walks_reach_exactly_the_generated_turns() {
    fn walk(b: &mut TurnBuilder, found: &mut HashSet<arbiter_krux::Move>) {
        if b.can_finish() {
            found.insert(b.finish().unwrap());
        }
        for t in b.next_tokens() {
            b.push_token(t).unwrap();
            walk(b, found);
            b.undo_token();
        }
    }
    for text in [
        "....642/......./......./...*.../......./......./135.... 1",
        "....6.4/......./.2...../...*.../......./.1b3..../5...... 1",
        "......6/...1g.../...2.../...*.../......./......./5.34... 1",
        "......4/......6/......./...*.../....2../....3../1p.5.... 1",
    ] {
        let k = pos(text);
        let mut found = HashSet::new();
        walk(&mut TurnBuilder::new(&k).unwrap(), &mut found);
        let mut moves = Vec::new();
        k.legal_moves(&mut moves);
        let generated: HashSet<_> = moves.into_iter().collect();
        assert_eq!(found, generated, "{text}");
    }
}
