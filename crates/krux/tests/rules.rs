//! The worked examples of `rules/krux.md`, one test each, and further tests of every rule of a
//! turn (actions, ring powers, carrying, freeze, the hole, identity of turns).

use arbiter_core::{Game, Outcome, Player, Presentation};
use arbiter_krux::{Krux, KruxVariant, Move};

mod common;
use common::{illegal, legal, piece, play, pos, sq};

// ---- Worked example 1: attract into the hole.

#[test]
fn example_1_attract_into_the_hole() {
    for ring in ["b", "g", "p"] {
        // White 1 on d6, Black 2 on d2, nothing else on the d-file.
        let k = pos(&format!(
            ".....46/...1{ring}.../......./...*.../......./...2.../35..... 1"
        ));
        let after = play(&k, "Ad2");
        assert_eq!(after.fallen(), Some(piece(2)));
        assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(
            after.position(),
            ".....46/...1".to_string() + ring + ".../......./...2.../......./......./35..... 2"
        );
        assert!(legal(&after).is_empty());
        let mv = k.parse_move("Ad2").unwrap();
        assert_eq!(mv.fallen(), Some(piece(2)));
        assert_eq!(k.format_move(mv), "Ad2");
        // The turn ends at the win: nothing may follow.
        let err = illegal(&k, "Ad2,d5");
        assert!(err.contains("token 2") && err.contains("fell into the hole"), "{err}");
    }
}

// ---- Worked example 2: repel over the hole.

#[test]
fn example_2_repel_over_the_hole() {
    // d5 empty: 2 passes over the hole and lands on d5; no win.
    let k = pos(".....46/......./......./...*.../...2.../......./35.1b... 1");
    let after = play(&k, "Rd3");
    assert_eq!(after.square(piece(2)), sq("d5"));
    assert_eq!(after.outcome(), None);
    // A piece on d5 (either colour): 2 stops on the hole and falls; White wins.
    for (rank7, rank5, rank1) in [(".....6.", "...4...", "35.1b..."), (".....46", "...3...", "5..1b...")] {
        let k = pos(&format!("{rank7}/......./{rank5}/...*.../...2.../......./{rank1} 1"));
        let after = play(&k, "Rd3");
        assert_eq!(after.fallen(), Some(piece(2)), "blocker on d5: {rank5}");
        assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
    }
}

// ---- Worked example 3: freeze.

#[test]
fn example_3_freeze() {
    // White 1 on a1, Black 2 on b2.
    let k = pos("....64./......./......./...*.../......./.2...../1b35.... 1");
    play(&k, "a2");
    let err = illegal(&k, "a2,a3");
    assert!(err.contains("token 2") && err.contains("may not step"), "{err}");
    // An action is still legal after the freezing step.
    let after = play(&k, "a2,Rb2");
    assert_eq!(after.square(piece(2)), sq("d2"));
    // Frozen for the rest of the turn, even once the opponent is gone.
    let err = illegal(&k, "a2,Rb2,a3");
    assert!(err.contains("token 3") && err.contains("may not step"), "{err}");

    // Starting next to an opponent piece: no step at all this turn.
    let k = pos("....64./......./......./...*.../......./2....../1b35.... 1");
    assert!(illegal(&k, "a3").contains("may not step"));
    let k = pos("....64./......./......./...*.../......./2....../1b.35... 1");
    let err = illegal(&k, "b1");
    assert!(err.contains("token 1") && err.contains("may not step"), "{err}");
    play(&k, "Ra2");
    for mv in legal(&k) {
        assert_eq!(mv.square(piece(1)), sq("a1"), "1 moved by a step while frozen");
    }
}

// ---- Worked example 4: own piece into the hole.

#[test]
fn example_4_own_piece_into_the_hole_is_illegal() {
    // Attracting an own piece into the hole.
    let k = pos(".....46/...1b.../......./...*.../......./...3.../52..... 1");
    let err = illegal(&k, "Ad2");
    assert!(err.contains("into the hole") && err.contains("White"), "{err}");
    // Dropping an own piece into the hole, even with more to come in the turn.
    let k = pos(".....46/......./..3..../..1b*.../......./......./52..... 1");
    let err = illegal(&k, "Pc5,Dd4");
    assert!(err.contains("token 2") && err.contains("into the hole"), "{err}");
    illegal(&k, "Pc5,Dd4,c3");
    // A jump that pushes an own piece in: 1 lands on d6, 3 on d5 is pushed to d4.
    let k = pos(".....46/..1g..../...3.../...*.../......./......./52..... 1");
    let err = illegal(&k, "Jd6");
    assert!(err.contains("into the hole"), "{err}");
    // No generated turn of White's ever leaves a White piece in the hole.
    for k in [
        pos(".....46/...1b.../......./...*.../......./...3.../52..... 1"),
        pos(".....46/......./..3..../..1b*.../......./......./52..... 1"),
        pos(".....46/..1g..../...3.../...*.../......./......./52..... 1"),
    ] {
        for mv in legal(&k) {
            if let Some(f) = mv.fallen() {
                assert_eq!(f.owner(), Player::Second, "{mv:?}");
            }
        }
    }
}

// ---- Worked example 5: the first turn begins with a ring token.

#[test]
fn example_5_first_turn_needs_a_ring() {
    let k = Krux::start();
    let err = illegal(&k, "-");
    assert!(err.contains("no ring"), "{err}");
    let err = illegal(&k, "a2");
    assert!(err.contains("token 1") && err.contains("ring"), "{err}");
    let after = play(&k, "@p");
    assert_eq!(after.ring(piece(1)), Some(arbiter_krux::Ring::Pink));
    assert_eq!(after.square(piece(1)), sq("a1"));
    assert_eq!(k.format_move(k.parse_move("@p").unwrap()), "@p");
    play(&k, "@p,a2");
    // Each move of the start wears a ring.
    assert!(legal(&k).iter().all(|m| m.ring().is_some()));
    // Piece 3 may only choose among White's unused rings.
    let k = play(&play(&k, "@g"), "@g");
    assert_eq!(k.piece_to_move(), piece(3));
    let err = illegal(&k, "@g");
    assert!(err.contains("green ring is already worn"), "{err}");
    play(&k, "@b");
    assert!(legal(&k).iter().all(|m| m.ring() != Some(arbiter_krux::Ring::Green)));
    // A ring token only comes first.
    let k = play(&play(&k, "@b"), "@p");
    assert_eq!(k.piece_to_move(), piece(5));
    let err = illegal(&k, "@p,c2,@p");
    assert!(err.contains("token 3") && err.contains("only first"), "{err}");
    play(&k, "@p,c2");
}

// ---- Perft.

#[test]
fn perft_from_the_start() {
    assert_eq!(arbiter_core::perft::perft(&Krux::start(), 1), 647);
    assert_eq!(arbiter_core::perft::perft(&Krux::start(), 2), 526_985);
}

// ---- Further rules.

/// The counting generator lists the same turns and reports its work: at least one board
/// visited per distinct turn, and more where several token sequences meet.
#[test]
fn counting_generation_lists_the_same_turns() {
    let start = Krux::start();
    let next = play(&start, &start.format_move(legal(&start)[0]));
    for k in [start, next] {
        let mut counted = Vec::new();
        let visited = k.legal_moves_counting(&mut counted);
        assert_eq!(counted, legal(&k));
        assert!(visited > counted.len(), "{visited} boards for {} turns", counted.len());
    }
}

#[test]
fn steps_limits() {
    let k = pos("....642/......./......./...*.../......./......./1b35.... 1");
    play(&k, "a2,a3,a4");
    let err = illegal(&k, "a2,a3,a4,a5");
    assert!(err.contains("at most 3 steps"), "{err}");
    assert!(illegal(&k, "a3").contains("not next"));
    // No stepping into the hole.
    let k = pos("....642/......./......./..1b*.../......./......./.35.... 1");
    assert!(illegal(&k, "d4").contains("hole"));
    // An empty turn, and turns that come back to the start, are the same turn.
    let k = pos("....642/......./......./...*.../......./......./1b35.... 1");
    let empty = k.parse_move("-").unwrap();
    assert_eq!(k.parse_move("a2,a1").unwrap(), empty);
    assert_eq!(k.format_move(empty), "-");
}

#[test]
fn actions_limits_and_repel_attract_details() {
    // White 1 on d1 (blue); Black 2 on g1; Black 4 on a1.
    let k = pos("35..6../......./......./...*.../......./......./4..1b..2 1");
    // Repel 2 towards the edge: it can move 0 squares (already on the edge): illegal.
    assert!(illegal(&k, "Rg1").contains("cannot move"));
    // Attract 2 from g1: it moves two squares, to e1.
    assert_eq!(play(&k, "Ag1").square(piece(2)), sq("e1"));
    // Attract 4 from a1: two squares, to c1 (next to 1).
    let after = play(&k, "Aa1");
    assert_eq!(after.square(piece(4)), sq("c1"));
    // A third action is illegal.
    let err = illegal(&k, "Ag1,Aa1,Re1");
    assert!(err.contains("at most 2 actions"), "{err}");
    // Attract stops next to the active piece: 2 on f1 moves just one square, to e1.
    let k = pos("35..6../......./......./...*.../......./......./4..1b.2. 1");
    assert_eq!(play(&k, "Af1").square(piece(2)), sq("e1"));
    // A piece right next to it cannot be attracted.
    let k = pos("35..6../......./......./...*.../......./......./4..1b2.. 1");
    assert!(illegal(&k, "Ae1").contains("cannot move"));
    // Repel stops at the next piece: 2 on e1, 6 on g1: 2 moves to f1 only.
    let k = pos("35...../......./......./...*.../......./......./4..1b2.6 1");
    assert_eq!(play(&k, "Re1").square(piece(2)), sq("f1"));
    // Only the first piece in line can be targeted; sight is blocked by pieces.
    let k = pos("35...../......./......./...*.../......./......./4..1b26. 1");
    assert!(illegal(&k, "Rf1").contains("blocked"));
    // Not in line.
    assert!(illegal(&k, "Re7").contains("no piece") || illegal(&k, "Re7").contains("row"));
    let k = pos("35..6../......./......./...*.../......./....2../4..1b... 1");
    assert!(illegal(&k, "Re2").contains("same row or column"));
    // The hole is transparent for sight. Attracted from d7, 2 moves to d5; attracted again
    // it passes over the hole and lands on d3. Attracted from d6 it ends on the hole: a win.
    let k = pos("35.2.6./......./......./...*.../......./......./4..1b... 1");
    assert_eq!(play(&k, "Ad7").square(piece(2)), sq("d5"));
    let after = play(&k, "Ad7,Ad5");
    assert_eq!(after.square(piece(2)), sq("d3"));
    assert_eq!(after.outcome(), None);
    let k = pos("35...6./...2.../......./...*.../......./......./4..1b... 1");
    let after = play(&k, "Ad6");
    assert_eq!(after.fallen(), Some(piece(2)));
    assert_eq!(k.format_move(k.parse_move("Ad6").unwrap()), "Ad6");
}

#[test]
fn carrier() {
    // White 1 (blue) on b2, Black 2 on b3, White 3 on c2.
    let k = pos("....6.4/......./......./...*.../.2...../.1b3..../5...... 1");
    // Pick-up and drop is one action; the drop must come before the end.
    let err = illegal(&k, "Pb3");
    assert!(err.contains("carries piece 2") && err.contains("drop"), "{err}");
    let after = play(&k, "Pb3,Da2");
    assert_eq!(after.square(piece(2)), sq("a2"));
    // Dropped back where it was: nothing changed; the same turn as the empty one.
    assert_eq!(k.parse_move("Pb3,Db3").unwrap(), k.parse_move("-").unwrap());
    // No other action while carrying.
    let err = illegal(&k, "Pc2,Rb3");
    assert!(err.contains("carrying") && err.contains("token 2"), "{err}");
    // Nothing to drop.
    assert!(illegal(&k, "Da2").contains("carries nothing"));
    // Steps while carrying (freeze permitting): 1 started next to 2, so it is frozen.
    assert!(illegal(&k, "Pc2,a2,Db2").contains("may not step"));
    // Not frozen: carry own 3 from c2 along: steps then drop.
    let k = pos("....6.4/......./.2...../...*.../......./.1b3..../5...... 1");
    let after = play(&k, "Pc2,b1,Dc1");
    assert_eq!(after.square(piece(1)), sq("b1"));
    assert_eq!(after.square(piece(3)), sq("c1"));
    // The carried piece is off the board: 1 may step onto its square.
    let after = play(&k, "Pc2,c2,Dc3");
    assert_eq!(after.square(piece(1)), sq("c2"));
    assert_eq!(after.square(piece(3)), sq("c3"));
    // Picking up needs a neighbour and a blue ring.
    assert!(illegal(&k, "Pb5").contains("not next"));
    let k2 = pos("....6.4/......./.2...../...*.../......./.1g3..../5...... 1");
    assert!(illegal(&k2, "Pc2").contains("carrier"));
    // A second pick-up after the first is complete.
    let k = pos("....6.4/......./......./...*.../......./.1b3..../5.....2 1");
    play(&k, "Pc2,Db3,Pb3,Db1");
    // Drop into the hole: an opponent piece wins, ending the turn.
    let k = pos("....6.4/......./..2..../..1b*.../......./......./35..... 1");
    let after = play(&k, "Pc5,Dd4");
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(k.format_move(k.parse_move("Pc5,Dd4").unwrap()), "Pc5,Dd4");
}

#[test]
fn jumper() {
    // White 1 (green) on b2; Black 2 on b4, White 3 on c3, Black 4 on a3.
    let k = pos("......6/......./......./.2.*.../4.3..../.1g...../5...... 1");
    // Jump to b3: its neighbours 2 (b4) and 3 (c3) are pushed to b5 and d3; 4 (a3) has no
    // square beyond it (the edge), so it stays.
    let after = play(&k, "Jb3");
    assert_eq!(after.square(piece(1)), sq("b3"));
    assert_eq!(after.square(piece(2)), sq("b5"));
    assert_eq!(after.square(piece(3)), sq("d3"));
    assert_eq!(after.square(piece(4)), sq("a3"));
    // Jump range 0..3, never onto a piece or the hole.
    assert!(illegal(&k, "Jb6").contains("0 to 3"));
    assert!(illegal(&k, "Jc3").contains("taken"));
    // Jump in place: pushes the neighbours; with none it changes nothing.
    let k = pos("......6/......./......./...*.../......./.1g3.2../5.4.... 1");
    let after = play(&k, "Jb2");
    assert_eq!(after.square(piece(3)), sq("d2"));
    let lone = pos("......6/......./......./...*.../.....2./.1g.3.../5.4.... 1");
    assert_eq!(lone.parse_move("Jb2").unwrap(), lone.parse_move("-").unwrap());
    // A push into the hole: the opponent piece falls and White wins.
    let k = pos("......6/...1g.../...2.../...*.../......./......./5.34... 1");
    // 1 on d6 jumps in place: 2 on d5 is pushed to d4 = the hole.
    let after = play(&k, "Jd6");
    assert_eq!(after.fallen(), Some(piece(2)));
    let k = pos("......6/...1g.../...2.../...*.../...4.../......./5.3.... 1");
    assert_eq!(
        play(&k, "Jd6").fallen(),
        Some(piece(2)),
        "the hole is free even with 4 beyond"
    );
    // No chain pushes: jumping in place on d2, 3 on c2 is pushed to b2, but 2 on e2 stays,
    // blocked by 4 on f2 behind it.
    let k = pos("......6/......./......./...*.../......./..31g24./5...... 1");
    let after = play(&k, "Jd2");
    assert_eq!(after.square(piece(3)), sq("b2"));
    assert_eq!(after.square(piece(2)), sq("e2"));
    assert_eq!(after.square(piece(4)), sq("f2"));
}

#[test]
fn switcher() {
    // White 1 (pink) on a1; Black 2 on e2 (distance 5), Black 4 on g7 (distance 12).
    let k = pos("......4/......6/......./...*.../......./....2../1p35.... 1");
    let after = play(&k, "Xe2");
    assert_eq!(after.square(piece(1)), sq("e2"));
    assert_eq!(after.square(piece(2)), sq("a1"));
    assert!(illegal(&k, "Xg7").contains("1 to 5"));
    assert!(illegal(&k, "Xa1").contains("itself"));
    assert!(illegal(&k, "Xc4").contains("no piece"));
    // Switching with an own piece, then stepping (not frozen), is fine.
    let after = play(&k, "Xb1,b2");
    assert_eq!(after.square(piece(1)), sq("b2"));
    assert_eq!(after.square(piece(3)), sq("a1"));
    // Switching next to an opponent freezes.
    let k = pos("......4/......6/......./...*.../....2../....3../1p.5.... 1");
    let err = illegal(&k, "Xe2,e1");
    assert!(err.contains("may not step"), "{err}");
}

#[test]
fn finished_positions_have_no_turns() {
    let k = pos("....64./......./......./...2.../......./......./135.... 2");
    assert_eq!(k.outcome(), Some(Outcome::Win(Player::First)));
    assert!(legal(&k).is_empty());
    assert!(k.parse_move("-").is_err());
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(1);
    assert_eq!(k.random_move(&mut rng, &mut Vec::new()), None);
}

#[test]
fn winning_turns_are_identified_by_board_and_fallen_piece() {
    // 1 (green) can win by pushing 2 into the hole in many orders; one distinct turn per board.
    let k = pos("......6/...1g.../...2.../...*.../......./......./5.34... 1");
    let moves = legal(&k);
    let wins: Vec<&Move> = moves.iter().filter(|m| m.fallen().is_some()).collect();
    assert!(!wins.is_empty());
    let mut boards: Vec<String> = wins
        .iter()
        .map(|&&m| {
            let mut c = k;
            c.play(m);
            c.position()
        })
        .collect();
    let n = boards.len();
    boards.sort();
    boards.dedup();
    assert_eq!(boards.len(), n);
}

#[test]
fn diagram_shows_the_board() {
    let k = Krux::from_position(
        &KruxVariant::default(),
        ".2b..4p../....6g../......./..1g*3b../......./......./5p...... 4",
    )
    .unwrap();
    let d = k.diagram();
    assert!(d.contains("a   b   c   d   e   f   g"));
    assert!(d.contains("1g"));
    assert!(d.contains(" O "));
    assert!(d.contains("Piece 4 (Black) to move"));
    assert_eq!(d.lines().filter(|l| l.starts_with("7 |")).count(), 1);
    let start = Krux::start().diagram();
    assert!(start.contains("ring to choose: @b @g @p"), "{start}");
    let over = Krux::from_position(
        &KruxVariant::default(),
        "....64./......./......./...2b.../......./......./1g35.... 2",
    )
    .unwrap();
    assert!(over.diagram().contains("Piece 2 fell into the hole: White wins"));
    assert!(over.diagram().contains("O2b"));
}

// ---- What the turn tells: the hash kept as it goes, the ending's story, the move's path.

/// Every turn keeps the hash the position gives from scratch (pieces, rings, the piece to move),
/// along games whose turns are picked by a fixed rule (the i-th generated turn, i by ply).
#[test]
fn the_hash_is_kept_turn_by_turn() {
    for seed in 0..6usize {
        let mut k = Krux::start();
        for ply in 0..40 {
            assert_eq!(
                k.hash(),
                k.hash_from_scratch(),
                "seed {seed}, ply {ply}: {}",
                k.position()
            );
            assert_eq!(k.hash(), pos(&k.position()).hash(), "seed {seed}, ply {ply}");
            let moves = legal(&k);
            if moves.is_empty() {
                break;
            }
            k.play(moves[(seed * 7919 + ply * 104_729) % moves.len()]);
        }
    }
}

#[test]
fn ending_stories_name_the_action_that_won() {
    let story = |k: &Krux, text: &str| {
        let mv = k.parse_move(text).unwrap();
        let mut after = *k;
        after.play(mv);
        after.ending_story(Some((k, mv))).expect("the turn wins").text
    };
    let attract = pos(".....46/...1b.../......./...*.../......./...2.../35..... 1");
    assert_eq!(
        story(&attract, "Ad2"),
        "White's piece 1 pulled Black's piece 2 into the hole."
    );
    let repel = pos(".....6./......./...4.../...*.../...2.../......./35.1b... 1");
    assert_eq!(
        story(&repel, "Rd3"),
        "White's piece 1 pushed Black's piece 2 into the hole."
    );
    let drop = pos("....6.4/......./..2..../..1b*.../......./......./35..... 1");
    assert_eq!(
        story(&drop, "Pc5,Dd4"),
        "White's piece 1 dropped Black's piece 2 into the hole."
    );
}

#[test]
fn move_info_follows_the_active_piece() {
    let k = pos("....6.4/......./.2...../...*.../......./.1b3..../5...... 1");
    for mv in legal(&k) {
        assert_eq!(k.move_info(mv).notation, k.format_move(mv));
    }
    // 1 picks up 3, steps to b1 and drops 3 on c1: from b2 to b1, nothing in between.
    let info = k.move_info(k.parse_move("Pc2,b1,Dc1").unwrap());
    assert_eq!((info.from.as_deref(), info.to.as_deref()), (Some("b2"), Some("b1")));
    assert!(info.path.is_empty(), "{:?}", info.path);
    assert_eq!(info.targets, ["c2"]);
    assert!(info.falls.is_empty());
}
