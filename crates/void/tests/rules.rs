//! The rules of Void (`docs/rules/void.md`): every worked example, the pinned perft figures, and
//! our rulings beyond them — end of game, passes and the pass count, the lone sweeper, flagship
//! rays, bombers, falls, repetition and what a move reports to interfaces.

use arbiter_core::perft::perft;
use arbiter_core::{Game, Heuristics, HistoryRules, NoVariant, Outcome, Player, Presentation, Session};
use arbiter_void::{Square, Void};

const BLACK: Player = Player::First;

fn position(text: &str) -> Void {
    Void::from_position(&NoVariant, text).unwrap_or_else(|e| panic!("{e}"))
}

/// A position from pieces on cells (White uppercase, Black lowercase) and the side to move.
fn setup(pieces: &[(&str, char)], side: char) -> Void {
    let mut grid = [['.'; 18]; 5];
    for &(cell, letter) in pieces {
        let c = Square::parse(cell).unwrap();
        grid[c.orbit() as usize - 1][c.sector() as usize] = letter;
    }
    let orbits: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut run = 0;
            for &c in row {
                if c == '.' {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    out += &run.to_string();
                    run = 0;
                }
                out.push(c);
            }
            if run > 0 {
                out += &run.to_string();
            }
            out
        })
        .collect();
    let text = format!("{} {side} 0", orbits.join("/"));
    Void::from_position(&NoVariant, &text).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(game: &Void) -> Vec<String> {
    let mut list = Vec::new();
    game.legal_moves(&mut list);
    list.into_iter().map(|m| game.format_move(m)).collect()
}

fn play(game: &Void, mv: &str) -> Void {
    let mut next = game.clone();
    next.play(game.parse_move(mv).unwrap_or_else(|e| panic!("{e}")));
    next
}

/// The position string after playing `notation` in `position`.
fn play_from(position: &str, notation: &str) -> String {
    let mut game = Void::from_position(&NoVariant, position).unwrap();
    let mv = game.parse_move(notation).unwrap();
    game.play(mv);
    game.position()
}

fn has(game: &Void, mv: &str) -> bool {
    moves(game).contains(&mv.to_string())
}

// The worked examples of the rules.

/// Example 1: the start position has 40 turns, perft 2 = 1564, and these turns among them.
#[test]
fn start_position_turns_and_perft() {
    let start = Void::new(&NoVariant);
    assert_eq!(start.position(), "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0");
    assert_eq!(start.to_move(), Player::First, "Black moves first");
    let list = moves(&start);
    assert_eq!(list.len(), 40);
    for mv in ["m4-g4", "m4-n4", "m3-k1", "o5-p5", "m5-n4xn3"] {
        assert!(list.contains(&mv.to_string()), "{mv} missing from {list:?}");
    }
    // m4-g4 is as far counter-clockwise as the white sweeper on f4 allows.
    assert!(!list.contains(&"m4-f4".to_string()));
    assert_eq!(perft(&start, 1), 40);
    assert_eq!(perft(&start, 2), 1564);
}

/// Example 1, second half: voidgame's two extra depth-2 turns are fighter attacks past an own piece.
#[test]
fn no_fighter_attack_past_own_piece_after_sweeps() {
    let start = Void::new(&NoVariant);
    let after = play(&start, "m4-g4");
    let list = moves(&after);
    assert!(list.contains(&"d3-e4".to_string()));
    assert!(!list.contains(&"d3-e4xg4".to_string()));
    assert!(after.parse_move("d3-e4xg4").is_err());
    let after = play(&start, "o4-c4");
    assert!(moves(&after).contains(&"f3-e4".to_string()));
    assert!(!moves(&after).contains(&"f3-e4xc4".to_string()));
}

/// Deeper figures from our generator, pinned once the voidgame differential test agreed.
#[test]
fn perft_3_pinned() {
    assert_eq!(perft(&Void::new(&NoVariant), 3), 63_558);
}

/// Example 2: a chain fall sends the mover's own flagship into the void: White wins.
#[test]
fn chain_fall_loses_own_flagship() {
    // Black flagship e1, White piece (a fighter) on f4, White flagship far away on a5.
    let game = position("F17/5X12/18/18/4f13 b 0");
    let list = moves(&game);
    assert!(list.contains(&"e1-f1xf4".to_string()), "{list:?}");
    let after = play(&game, "e1-f1xf4");
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::Second)), "White wins");
    assert_eq!(after.position(), "F17/18/18/18/5X12 w 0");
}

/// Example 3: a fighter's attack is blocked by its own piece at distance 1.
#[test]
fn fighter_blocked_by_own_piece() {
    // Black fighter a1, black piece on c2, white piece on d2; flagships far away.
    let game = position("F8f8/18/18/2xX14/x17 b 0");
    let list = moves(&game);
    assert!(list.contains(&"a1-b2".to_string()));
    assert!(!list.iter().any(|m| m.starts_with("a1-b2x")), "{list:?}");
    assert!(game.parse_move("a1-b2xd2").is_err());
}

/// Example 4: the sweeper's first-target choice decides what falls.
#[test]
fn sweeper_first_target() {
    // Black sweeper a2, black piece on j2 blocking; White c3, e3; black d3.
    let game = position("F8f8/18/2XxX13/s8x8/18 b 0");
    let list = moves(&game);
    for mv in ["a2-f2", "a2-f2xc3", "a2-f2xe3"] {
        assert!(list.contains(&mv.to_string()), "{mv} missing from {list:?}");
    }
    assert!(!list.contains(&"a2-f2xd3".to_string()), "own pieces are never targets");
    assert!(!list.iter().any(|m| m.starts_with("a2-j2")), "j2 is occupied");
    assert!(
        list.contains(&"a2-k2".to_string()),
        "counter-clockwise up to the blocker"
    );
    let both = play(&game, "a2-f2xc3");
    assert_eq!(both.position(), "F8f8/18/3x14/5s3x8/2X1X13 w 0");
    let one = play(&game, "a2-f2xe3");
    assert_eq!(one.position(), "F8f8/18/2Xx14/5s3x8/4X13 w 0");
}

// Our rulings.

#[test]
fn flagship_rays_are_computed_on_the_board_not_on_markers() {
    // White flagship e3 moves to f3; black pieces on f5 and f1: both are targets (voidgame offers only f5).
    let game = setup(&[("e3", 'F'), ("f5", 'b'), ("f1", 'b'), ("a5", 'f')], 'w');
    assert!(has(&game, "e3-f3xf5"));
    assert!(has(&game, "e3-f3xf1"));
}

#[test]
fn flagship_attacks_back_through_its_vacated_cell_up_to_three_cells() {
    let near = setup(&[("e3", 'F'), ("d3", 'x'), ("a5", 'f')], 'w');
    assert!(
        has(&near, "e3-f3xd3"),
        "d3 is two cells from f3, through the vacated e3"
    );
    let three = setup(&[("e3", 'F'), ("c3", 'x'), ("a5", 'f')], 'w');
    assert!(has(&three, "e3-f3xc3"));
    let four = setup(&[("e3", 'F'), ("b3", 'x'), ("a5", 'f')], 'w');
    assert!(!moves(&four).iter().any(|m| m.starts_with("e3-f3x")));
}

#[test]
fn both_flagships_in_the_void_is_a_draw() {
    let game = setup(&[("d4", 'B'), ("e2", 'F'), ("e1", 'f')], 'w');
    let after = play(&game, "d4-e4xe2");
    assert_eq!(after.outcome(), Some(Outcome::Draw));
    assert!(moves(&after).is_empty());
}

#[test]
fn bombing_your_own_flagship_loses() {
    let game = setup(&[("d4", 'B'), ("e1", 'F'), ("a5", 'f')], 'w');
    let after = play(&game, "d4-e4xe1");
    assert_eq!(after.outcome(), Some(Outcome::Win(BLACK)));
}

#[test]
fn two_lone_flagships_draw() {
    let game = setup(&[("a5", 'F'), ("b2", 'f'), ("b1", 'X')], 'b');
    assert_eq!(game.outcome(), None);
    let after = play(&game, "b2-c2xb1");
    assert_eq!(after.outcome(), Some(Outcome::Draw));
    assert!(moves(&after).is_empty());
    let story = after.ending_story(None).map(|s| s.text).unwrap_or_default();
    assert_eq!(story, "Only the two flagships are left: a draw.");
}

#[test]
fn a_side_without_a_flagship_has_lost() {
    assert_eq!(
        setup(&[("a5", 'F'), ("b2", 'x')], 'b').outcome(),
        Some(Outcome::Win(Player::Second))
    );
}

/// A full board: nothing can move.
fn full_board(side: char) -> Void {
    let mut pieces = Vec::new();
    let cells: Vec<String> = (1..=5)
        .flat_map(|o| (b'a'..=b'r').map(move |s| format!("{}{o}", s as char)))
        .collect();
    for cell in &cells {
        let letter = match cell.as_str() {
            "a1" => 'F',
            "j1" => 'f',
            c if c.as_bytes()[0] < b'j' => 'X',
            _ => 'x',
        };
        pieces.push((cell.as_str(), letter));
    }
    setup(&pieces, side)
}

#[test]
fn no_move_means_pass_and_two_passes_draw() {
    let game = full_board('b');
    assert_eq!(moves(&game), vec!["pass"]);
    assert_eq!(game.count_moves(&mut Vec::new()), 1, "perft's count has the pass too");
    let after = play(&game, "pass");
    assert!(after.position().ends_with(" w 1"), "{}", after.position());
    assert_eq!(after.outcome(), None);
    let ended = play(&after, "pass");
    assert!(ended.position().ends_with(" b 2"));
    assert_eq!(ended.outcome(), Some(Outcome::Draw));
    assert!(moves(&ended).is_empty());
    assert_eq!(ended.count_moves(&mut Vec::new()), 0);
    let story = ended.ending_story(None).map(|s| s.text).unwrap_or_default();
    assert_eq!(story, "Neither side could move: both passed, a draw.");
    assert!(Void::new(&NoVariant)
        .parse_move("pass")
        .unwrap_err()
        .to_string()
        .contains("only legal when"));
}

/// The search's null move hands the turn over and keeps the board, the pass count reset, as a
/// move that changes nothing would: the position and its hash are those of that board.
#[test]
fn a_null_move_hands_the_turn_over_and_keeps_the_board() {
    let passed = play(&full_board('b'), "pass");
    let mut null = passed.clone();
    assert!(null.null_move());
    let expected = full_board('b');
    assert_eq!(null.position(), expected.position());
    assert_eq!(null.hash(), expected.hash());
    assert_ne!(null.hash(), passed.hash());
}

#[test]
fn repetition_ignores_the_pass_count() {
    let passed = play(&full_board('b'), "pass");
    let same_board = full_board('w');
    assert_ne!(
        passed.hash(),
        same_board.hash(),
        "the pass count is part of the position"
    );
    assert_eq!(
        passed.repetition_key(),
        same_board.repetition_key(),
        "but not of repetition"
    );
}

#[test]
fn threefold_repetition_draws_unless_switched_off() {
    let start = setup(&[("a5", 'f'), ("j1", 'F'), ("d3", 'x'), ("m3", 'X')], 'b');
    let shuffle = ["a5-b5", "j1-k1", "b5-a5", "k1-j1", "a5-b5", "j1-k1", "b5-a5", "k1-j1"];
    let mut session = Session::from_game(start.clone(), HistoryRules::default());
    for (i, mv) in shuffle.iter().enumerate() {
        assert!(session.ending().is_none(), "ended early at ply {i}");
        session.play_text(mv).unwrap();
    }
    assert_eq!(session.ending().map(|e| e.outcome), Some(Outcome::Draw));
    let mut session = Session::from_game(
        start,
        HistoryRules {
            repetition: false,
            ply_limit: None,
        },
    );
    for mv in shuffle {
        session.play_text(mv).unwrap();
    }
    assert_eq!(session.ending(), None);
}

#[test]
fn lone_sweeper_sees_both_arcs() {
    let pieces = [("a2", 's'), ("c3", 'X'), ("p3", 'X'), ("a5", 'f'), ("j5", 'F')];
    let game = setup(&pieces, 'b');
    let list = moves(&game);
    let plain = list.iter().filter(|m| m.starts_with("a2-") && !m.contains('x')).count();
    assert_eq!(plain, 19, "17 orbital destinations once each, plus a3 and a1");
    assert!(has(&game, "a2-e2xc3"), "clockwise under c3");
    assert!(has(&game, "a2-e2xp3"), "counter-clockwise under p3");
    assert_eq!(list.iter().filter(|m| *m == "a2-c2xc3").count(), 1);
    let cw = play(&game, "a2-e2xc3");
    let expected = setup(&[("e2", 's'), ("c1", 'X'), ("p3", 'X'), ("a5", 'f'), ("j5", 'F')], 'w');
    assert_eq!(cw.position(), expected.position());
    let ccw = play(&game, "a2-e2xp3");
    let expected = setup(&[("e2", 's'), ("c3", 'X'), ("p1", 'X'), ("a5", 'f'), ("j5", 'F')], 'w');
    assert_eq!(ccw.position(), expected.position());
}

#[test]
fn sweeper_attacks_only_after_an_orbital_move() {
    let game = setup(&[("a2", 's'), ("b3", 'X'), ("r2", 'x'), ("a5", 'f'), ("j5", 'F')], 'b');
    assert!(has(&game, "a2-a3") && has(&game, "a2-a1"));
    assert!(!moves(&game)
        .iter()
        .any(|m| m.starts_with("a2-a3x") || m.starts_with("a2-a1x")));
    assert!(has(&game, "a2-b2xb3"));
}

#[test]
fn bomber_target_is_the_highest_piece_below_and_everything_below_falls() {
    let game = setup(&[("b4", 'B'), ("b2", 'x'), ("b1", 'x'), ("a5", 'f'), ("j5", 'F')], 'w');
    assert!(has(&game, "b4-c5"));
    assert!(has(&game, "b4-b3xb2"));
    let err = game.parse_move("b4-b3xb1").unwrap_err().to_string();
    assert!(err.contains("possible targets: b2"), "{err}");
    let after = play(&game, "b4-b3xb2");
    assert_eq!(
        after.position(),
        setup(&[("b3", 'B'), ("a5", 'f'), ("j5", 'F')], 'b').position()
    );
}

#[test]
fn chain_falls_push_occupants_down_one_and_are_reported() {
    let pieces = [("e4", 'x'), ("g3", 'X'), ("g2", 'X'), ("a5", 'f'), ("j5", 'F')];
    let game = setup(&pieces, 'b');
    let after = play(&game, "e4-f3xg3");
    let expected = setup(&[("f3", 'x'), ("g2", 'X'), ("g1", 'X'), ("a5", 'f'), ("j5", 'F')], 'w');
    assert_eq!(after.position(), expected.position());
    let info = game.move_info(game.parse_move("e4-f3xg3").unwrap());
    assert_eq!(info.from.as_deref(), Some("e4"));
    assert_eq!(info.to.as_deref(), Some("f3"));
    assert_eq!(info.notation, "e4-f3xg3");
    assert_eq!(info.path, vec!["f3"]);
    assert_eq!(info.targets, vec!["g3"]);
    assert_eq!(info.falls, vec!["g3", "g2"]);
}

/// What a sweeper's move reports to interfaces: the arc it travelled (the one its first target
/// lies over when both are open) and what fell.
#[test]
fn a_sweeper_reports_the_arc_it_travels() {
    let lone = setup(&[("a2", 's'), ("c3", 'X'), ("p3", 'X'), ("a5", 'f'), ("j5", 'F')], 'b');
    let info = |game: &Void, mv: &str| game.move_info(game.parse_move(mv).unwrap());
    let cw = info(&lone, "a2-e2xc3");
    assert_eq!(cw.path, ["b2", "c2", "d2", "e2"]);
    assert_eq!(cw.falls, ["c3"]);
    let ccw = info(&lone, "a2-e2xp3");
    let arc = [
        "r2", "q2", "p2", "o2", "n2", "m2", "l2", "k2", "j2", "i2", "h2", "g2", "f2", "e2",
    ];
    assert_eq!(ccw.path, arc);
    assert_eq!(ccw.falls, ["p3"]);
    assert_eq!(
        info(&lone, "a2-e2").path,
        ["b2", "c2", "d2", "e2"],
        "clockwise where both are open"
    );
    // Without a target, an orbital move is shown the shorter way round; a tie goes clockwise.
    assert_eq!(info(&lone, "a2-r2").path, ["r2"], "one step counter-clockwise");
    assert_eq!(info(&lone, "a2-o2").path, ["r2", "q2", "p2", "o2"]);
    assert_eq!(info(&lone, "a2-j2").path.first().map(String::as_str), Some("b2"));
    assert_eq!(info(&lone, "a2-j2").path.len(), 9);
    let blocked = setup(
        &[
            ("a2", 's'),
            ("c2", 'x'),
            ("r3", 'X'),
            ("q3", 'X'),
            ("a5", 'f'),
            ("j5", 'F'),
        ],
        'b',
    );
    let round = info(&blocked, "a2-q2xr3");
    assert_eq!(round.path, ["r2", "q2"]);
    assert_eq!(round.falls, ["r3", "q3"]);
    // The target above the destination lies on both arcs; only the open one is travelled.
    assert_eq!(info(&blocked, "a2-q2xq3").path, ["r2", "q2"]);
    assert_eq!(info(&blocked, "a2-q2").path, ["r2", "q2"]);
    // The shorter way is shown only when it is open.
    let behind = setup(&[("a2", 's'), ("q2", 'x'), ("a5", 'f'), ("j5", 'F')], 'b');
    let long = info(&behind, "a2-o2").path;
    assert_eq!((long.len(), long[0].as_str()), (14, "b2"), "{long:?}");
}

/// A fighter's path runs along its diagonal, either way round and across sector a.
#[test]
fn a_fighter_reports_its_diagonal_path() {
    let game = setup(&[("c1", 'x'), ("b4", 'x'), ("a1", 'x'), ("a5", 'f'), ("j5", 'F')], 'b');
    let path = |mv: &str| game.move_info(game.parse_move(mv).unwrap()).path;
    assert_eq!(path("c1-f4"), ["d2", "e3", "f4"], "up clockwise");
    assert_eq!(path("c1-b2"), ["b2"], "up counter-clockwise");
    assert_eq!(
        path("a1-p4"),
        ["r2", "q3", "p4"],
        "up counter-clockwise across sector a"
    );
    assert_eq!(path("b4-d2"), ["c3", "d2"], "down clockwise");
    assert_eq!(
        path("b4-q1"),
        ["a3", "r2", "q1"],
        "down counter-clockwise across sector a"
    );
}

/// The pass count in the position string: a pass adds one, any move resets it to 0 (a rule no
/// other test pinned: a mutant that kept the count after a move survived every test).
#[test]
fn a_move_after_a_pass_resets_the_pass_count() {
    let start = "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 1";
    let after = play_from(start, "m4-n4");
    assert!(after.ends_with(" w 0"), "{after}");
    let mut game = Void::from_position(&NoVariant, start).unwrap();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    for mv in moves {
        let mut next = game.clone();
        next.play(mv);
        assert!(
            next.position().ends_with(" 0"),
            "{} keeps a pass count: {}",
            game.format_move(mv),
            next.position()
        );
    }
    game = Void::from_position(&NoVariant, "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0").unwrap();
    let mv = game.parse_move("m4-n4").unwrap();
    game.play(mv);
    assert!(game.position().ends_with(" w 0"), "a move keeps 0");
}

/// Endings are told in words: whose flagship fell and who wins, or why it is a draw.
#[test]
fn endings_are_told() {
    let tell = |game: &Void, mv: &str| {
        let after = play(game, mv);
        let parsed = game.parse_move(mv).unwrap();
        after
            .ending_story(Some((game, parsed)))
            .map(|s| s.text)
            .unwrap_or_default()
    };
    let own = tell(&position("F17/5X12/18/18/4f13 b 0"), "e1-f1xf4");
    assert!(own.contains("Black's flagship fell into the void"), "{own}");
    let both = tell(&setup(&[("d4", 'B'), ("e2", 'F'), ("e1", 'f')], 'w'), "d4-e4xe2");
    assert_eq!(both, "Both flagships fell into the void: a draw.");
    let bombed = tell(&setup(&[("d4", 'B'), ("e1", 'F'), ("a5", 'f')], 'w'), "d4-e4xe1");
    assert!(bombed.contains("White's flagship fell into the void"), "{bombed}");
    let start = Void::new(&NoVariant);
    assert!(start.ending_story(None).is_none(), "nothing to tell before the end");
}
