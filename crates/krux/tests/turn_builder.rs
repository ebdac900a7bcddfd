//! The step-by-step turn builder: tokens one at a time, legal next tokens, finishing, undo.

use arbiter_core::{Click, Error, Game, NextStep, PartialTurn, Presentation};
use arbiter_krux::{Krux, KruxVariant, Piece, Placement, Square, Token, TurnBuilder};
use std::collections::HashSet;

fn pos(text: &str) -> Krux {
    Krux::from_position(&KruxVariant::default(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
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

/// A piece without a ring is told in words which rings it may take: only those its side has not
/// placed yet (no ring token notation).
#[test]
fn a_piece_without_a_ring_is_told_the_rings_it_may_take() {
    let reason = |text: &str| match TurnBuilder::new(&pos(text)).unwrap().finish() {
        Err(Error::Move { reason, .. }) => reason,
        other => panic!("{text}: {other:?}"),
    };
    // White's 1 wears green and 3 pink: 5 may take only the blue ring.
    assert_eq!(
        reason("....6.4/......./.2...../...*.../......./......./1g3p5.... 5"),
        "Piece 5 has no ring yet: take the blue ring first."
    );
    // Only 1 wears a ring (pink): 3 chooses between blue and green.
    assert_eq!(
        reason("....6.4/......./.2...../...*.../......./......./1p35.... 3"),
        "Piece 3 has no ring yet: take a ring first (blue or green)."
    );
    assert_eq!(
        reason("....642/......./......./...*.../......./......./135.... 1"),
        "Piece 1 has no ring yet: take a ring first (blue, green or pink)."
    );
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
/// every generated turn is reached: the builder and the generator agree. Parsing a path's
/// notation replays the same tokens to the same turn, so a parsed turn is legal (what
/// `Game::PARSE_CHECKS_LEGALITY` promises: a session plays it without listing every turn).
#[test]
fn builder_walks_reach_exactly_the_generated_turns() {
    const { assert!(Krux::PARSE_CHECKS_LEGALITY) };
    fn walk(b: &mut TurnBuilder, found: &mut HashSet<arbiter_krux::Move>) {
        if b.can_finish() {
            let turn = b.finish().unwrap();
            assert_eq!(
                b.position().parse_move(&b.notation()).unwrap(),
                turn,
                "{}",
                b.notation()
            );
            found.insert(turn);
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

// ---- The partial turn a step-by-step front end shows (`Game::partial_turn`, `move_clicks`).

fn partial(k: &Krux, tokens: &[&str]) -> PartialTurn {
    let steps: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
    k.partial_turn(&steps)
        .expect("Krux turns are entered step by step")
        .unwrap_or_else(|e| panic!("{tokens:?}: {e}"))
}

fn next_step(token: &str, cell: Option<&str>, mark: &'static str, label: &str) -> NextStep {
    NextStep {
        token: token.to_string(),
        cell: cell.map(str::to_string),
        mark,
        label: label.to_string(),
    }
}

/// Each piece's cell and glyph (`piece-N-R`, R the ring letter or 0), in piece order.
fn glyphs(turn: &PartialTurn) -> Vec<(String, String)> {
    turn.pieces.iter().map(|p| (p.cell.clone(), p.glyph.clone())).collect()
}

/// At the start, piece 1 must choose a ring: the three ring buttons (no cell) are all it is
/// offered, the note asks for a ring, and the turn cannot end yet. Once a ring is chosen the
/// note goes, piece 1 (and only piece 1) is drawn wearing it, and its steps and switches are
/// offered on their cells with their marks and words.
#[test]
fn partial_turn_of_a_first_turn_shows_the_ring_choice() {
    let k = Krux::start();
    let turn = partial(&k, &[]);
    assert_eq!(
        turn.next,
        [
            next_step("@b", None, "ring", "Blue ring (carrier)"),
            next_step("@g", None, "ring", "Green ring (jumper)"),
            next_step("@p", None, "ring", "Pink ring (switcher)"),
        ]
    );
    assert_eq!(
        turn.note.as_deref(),
        Some("Piece 1 moves for the first time: choose its ring first.")
    );
    assert_eq!(turn.status, "Piece 1 (White) is moving · steps 0/3 · actions 0/2");
    assert_eq!(turn.active.as_deref(), Some("a1"));
    assert!(!turn.can_finish && !turn.won);
    assert_eq!(
        turn.blocked.as_deref(),
        Some("Piece 1 has no ring yet: take a ring first (blue, green or pink).")
    );
    assert_eq!(turn.notation, "-");
    let unringed = |p: &str| format!("piece-{p}-0");
    let start = [
        ("a1", unringed("1")),
        ("g7", unringed("2")),
        ("b1", unringed("3")),
        ("f7", unringed("4")),
        ("c1", unringed("5")),
        ("e7", unringed("6")),
    ]
    .map(|(c, g)| (c.to_string(), g));
    assert_eq!(glyphs(&turn), start);

    // The pink ring chosen: 1 may step to a2 (b1 is taken) or switch with its own 3 and 5,
    // the only pieces within 5 squares; Black is 12 and more away.
    let turn = partial(&k, &["@p"]);
    assert_eq!(turn.tokens, ["@p"]);
    assert_eq!(turn.notation, "@p");
    assert_eq!(turn.note, None);
    assert!(turn.can_finish && turn.blocked.is_none());
    assert_eq!(turn.active.as_deref(), Some("a1"));
    let mut after = start.clone();
    after[0].1 = "piece-1-p".to_string();
    assert_eq!(glyphs(&turn), after);
    assert_eq!(
        turn.next,
        [
            next_step("Xb1", Some("b1"), "switch", "Switch places with piece 3 on b1"),
            next_step("Xc1", Some("c1"), "switch", "Switch places with piece 5 on c1"),
            next_step("a2", Some("a2"), "step", "Step to a2"),
        ]
    );

    // On a later turn the ring is the position's: no note, and the glyph shows it; the status
    // counts the step and the action taken.
    let later = pos("....642/......./......./...*.../......./......./1p35.... 1");
    let turn = partial(&later, &["a2", "Xb1"]);
    assert_eq!(turn.note, None);
    assert_eq!(turn.status, "Piece 1 (White) is moving · steps 1/3 · actions 1/2");
    assert_eq!(turn.active.as_deref(), Some("b1"));
    assert_eq!(turn.pieces[0].cell, "b1");
    assert_eq!(turn.pieces[0].glyph, "piece-1-p");
    assert_eq!(turn.pieces[2].cell, "a2");
}

/// A carrier next to the hole, frozen from the start by Black 2 beside it: it may only repel 2
/// or pick it up; carrying, it is offered the drops on every empty neighbour, the one on the
/// hole worded as such, and the carried piece is drawn nowhere. Dropping 2 into the hole wins:
/// nothing more is offered and 2 is drawn on the hole.
#[test]
fn partial_turn_of_a_carrier_shows_pick_up_and_drops() {
    // White 1 (blue) on c4, Black 2 on c5.
    let k = pos("....6.4/......./..2..../..1b*.../......./......./35..... 1");
    let frozen = " · frozen: it has been next to an opponent piece, so it may not step any more";
    let turn = partial(&k, &[]);
    assert_eq!(
        turn.next,
        [
            next_step("Pc5", Some("c5"), "pickup", "Pick up piece 2 on c5"),
            next_step("Rc5", Some("c5"), "repel", "Repel piece 2 on c5"),
        ]
    );
    assert_eq!(
        turn.status,
        format!("Piece 1 (White) is moving · steps 0/3 · actions 0/2{frozen}")
    );
    assert_eq!(turn.note, None);
    assert_eq!(turn.active.as_deref(), Some("c4"));

    let turn = partial(&k, &["Pc5"]);
    assert_eq!(
        turn.next,
        [
            next_step("Db4", Some("b4"), "drop", "Drop on b4"),
            next_step("Dc3", Some("c3"), "drop", "Drop on c3"),
            next_step("Dc5", Some("c5"), "drop", "Drop on c5"),
            next_step("Dd4", Some("d4"), "drop", "Drop into the hole (d4)"),
        ]
    );
    assert_eq!(
        turn.note.as_deref(),
        Some("Carrying piece 2: drop it on a marked square.")
    );
    assert_eq!(
        turn.status,
        format!("Piece 1 (White) is moving · steps 0/3 · actions 1/2{frozen}")
    );
    assert!(!turn.can_finish);
    assert_eq!(
        turn.blocked.as_deref(),
        Some("Piece 1 still carries piece 2: drop it first.")
    );
    let cells: Vec<&str> = turn.pieces.iter().map(|p| p.cell.as_str()).collect();
    assert_eq!(cells, ["c4", "a1", "g7", "b1", "e7"], "2 is carried, off the board");

    let turn = partial(&k, &["Pc5", "Dd4"]);
    assert!(turn.won && turn.can_finish);
    assert!(turn.next.is_empty());
    assert_eq!(turn.blocked, None);
    assert_eq!(turn.notation, "Pc5,Dd4");
    assert_eq!(
        (turn.pieces[1].cell.as_str(), turn.pieces[1].glyph.as_str()),
        ("d4", "piece-2-0")
    );
}

/// The words of the other actions: an attract names the piece it pulls, a jump its square.
#[test]
fn partial_turn_words_attracts_and_jumps() {
    // White 1 (blue) on d1; Black 4 on a1, Black 2 on g1.
    let k = pos("35..6../......./......./...*.../......./......./4..1b..2 1");
    let next = partial(&k, &[]).next;
    let offered = |token: &str| next.iter().find(|n| n.token == token).cloned();
    assert_eq!(
        offered("Ag1"),
        Some(next_step("Ag1", Some("g1"), "attract", "Attract piece 2 on g1"))
    );
    assert_eq!(
        offered("Aa1"),
        Some(next_step("Aa1", Some("a1"), "attract", "Attract piece 4 on a1"))
    );
    assert_eq!(offered("Ra1"), None, "4 on the edge cannot be repelled");
    // White 1 (green) on d6 next to Black 2 on d5: frozen, but it may jump, even in place.
    let k = pos("......6/...1g.../...2.../...*.../......./......./5.34... 1");
    let next = partial(&k, &[]).next;
    assert!(next.iter().all(|n| n.mark != "step"));
    for (token, cell, label) in [("Jd6", "d6", "Jump to d6"), ("Ja6", "a6", "Jump to a6")] {
        let found = next.iter().find(|n| n.token == token).cloned();
        assert_eq!(found, Some(next_step(token, Some(cell), "jump", label)));
    }
}

/// `move_clicks` enters a turn as the clicks of its canonical tokens, each worded as the partial
/// turn words it at that point (the ring as a button without a cell).
#[test]
fn move_clicks_follow_the_canonical_tokens() {
    let click = |cell: Option<&str>, label: &str, token: &str| Click {
        cell: cell.map(str::to_string),
        label: label.to_string(),
        token: Some(token.to_string()),
    };
    let k = pos("....6.4/......./..2..../..1b*.../......./......./35..... 1");
    let mv = k.parse_move("Pc5,Dd4").unwrap();
    assert_eq!(
        k.move_clicks(mv),
        [
            click(Some("c5"), "Pick up piece 2 on c5", "Pc5"),
            click(Some("d4"), "Drop into the hole (d4)", "Dd4"),
        ]
    );
    let k = Krux::start();
    let mv = k.parse_move("@p,Xb1").unwrap();
    assert_eq!(
        k.move_clicks(mv),
        [
            click(None, "Pink ring (switcher)", "@p"),
            click(Some("b1"), "Switch places with piece 3 on b1", "Xb1"),
        ]
    );
}
