//! The rule variants (game options `setup`, `hole`, `freeze`, `distance`): parsing and printing
//! the options, each setup's start, and each rule on positions built to show it, against the
//! standard rules on the same position. `tests/reference.rs` checks the variants' turn lists
//! against the independent generator.

use arbiter_core::dynamic::GameType;
use arbiter_core::{DynGameType, Error, Game, OptionMap, Outcome, Player, Variant};
use arbiter_krux::{Distance, Hole, Krux, KruxVariant, Move, Piece, Setup, Square, TurnBuilder};
use std::collections::HashSet;

fn variant(options: &str) -> KruxVariant {
    take(options).unwrap_or_else(|e| panic!("{options}: {e}"))
}

fn take(options: &str) -> Result<KruxVariant, Error> {
    let mut map = OptionMap::parse(options)?;
    let v = KruxVariant::take_from(&mut map)?;
    map.finish("krux", KruxVariant::KEYS)?;
    Ok(v)
}

mod common;
use common::{illegal, legal, piece, play, sq};

fn pos(options: &str, text: &str) -> Krux {
    common::pos_in(&variant(options), text)
}

// ---- Options.

#[test]
fn every_key_and_value_parses_and_prints_back() {
    let standard = KruxVariant::default();
    assert_eq!(variant(""), standard);
    assert_eq!(standard.to_options(), "");
    assert_eq!(
        KruxVariant::KEYS,
        KruxVariant::CHOICES.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
        "every key offers its choices, in the printing order"
    );
    for (key, values) in KruxVariant::CHOICES {
        for (i, value) in values.iter().enumerate() {
            let text = format!("{key}={value}");
            let v = variant(&text);
            // The first choice is the standard rule, printed as nothing; the others print as given.
            let printed = if i == 0 { String::new() } else { text.clone() };
            assert_eq!(v.to_options(), printed, "{text}");
            assert_eq!(variant(&v.to_options()), v, "{text}");
            assert_eq!(v != standard, i != 0, "{text}");
        }
    }
    let v = variant("setup=spread,hole=blocks,freeze=off,distance=1");
    assert_eq!(
        v,
        KruxVariant {
            setup: Setup::SPREAD,
            hole: Hole::Blocks,
            freeze: false,
            distance: Distance::One,
        }
    );
    assert_eq!(v.to_options(), "setup=spread,hole=blocks,freeze=off,distance=1");
    // A fixed key order whatever the order typed; defaults given explicitly are not printed.
    assert_eq!(
        variant("distance=1,freeze=on,setup=reversed,hole=transparent").to_options(),
        "setup=reversed,distance=1"
    );
    // The freeze takes every on/off word of the options syntax.
    for off in ["off", "false", "no", "0", "OFF"] {
        assert!(!variant(&format!("freeze={off}")).freeze, "{off}");
    }
    for on in ["on", "true", "yes", "1"] {
        assert!(variant(&format!("freeze={on}")).freeze, "{on}");
    }
}

#[test]
fn a_setup_may_be_six_squares() {
    let v = variant("setup=a2.g6.b1.f7.c1.e7");
    assert_eq!(v.setup.square(piece(1)), sq("a2"));
    assert_eq!(v.setup.square(piece(6)), sq("e7"));
    assert_eq!(v.setup.name(), None);
    assert_eq!(v.to_options(), "setup=a2.g6.b1.f7.c1.e7");
    assert_eq!(variant(&v.to_options()), v);
    // Squares that make a preset are that preset.
    assert_eq!(variant("setup=a1.g7.b1.f7.c1.e7"), KruxVariant::default());
    assert_eq!(variant("setup=a1.g7.c1.e7.e1.c7").to_options(), "setup=spread");
    // Neither symmetry nor staying off the hole's lines is required of a custom setup.
    let v = variant("setup=d1.a7.b1.b7.c1.c7");
    assert!(!v.setup.is_point_symmetric());
    let k = Krux::new(&v);
    assert_eq!(
        k.position(),
        "246..../......./......./...*.../......./......./.351... 1"
    );
    assert_eq!(k.variant(), v);
    assert!(!legal(&k).is_empty());
}

#[test]
fn bad_values_are_refused_naming_the_key_and_what_it_takes() {
    let cases: [(&str, &[&str]); 13] = [
        (
            "setup=middle",
            &[
                "option 'setup'",
                "corner, spread, reversed, centre or facing",
                "six squares",
                "'middle'",
            ],
        ),
        (
            "setup=Corner",
            &["option 'setup'", "corner, spread, reversed, centre or facing"],
        ),
        ("setup=a1", &["option 'setup'", "1 square", "six"]),
        ("setup=a1.g7.b1.f7.c1", &["option 'setup'", "5 square", "six"]),
        ("setup=a1.g7.b1.f7.c1.e7.g1", &["option 'setup'", "7 square", "six"]),
        (
            "setup=a1.g7.b1.f7.c1.z9",
            &["option 'setup'", "'z9' (piece 6)", "not a square"],
        ),
        (
            "setup=a1.g7.b1.f7..e7",
            &["option 'setup'", "'' (piece 5)", "not a square"],
        ),
        (
            "setup=a1.g7.b1.d4.c1.e7",
            &["option 'setup'", "piece 4 is on d4, the hole"],
        ),
        (
            "setup=a1.g7.a1.f7.c1.e7",
            &["option 'setup'", "pieces 1 and 3 both start on a1"],
        ),
        ("hole=opaque", &["option 'hole'", "transparent or blocks", "'opaque'"]),
        ("freeze=maybe", &["option 'freeze'", "on or off", "'maybe'"]),
        ("distance=3", &["option 'distance'", "2 or 1", "'3'"]),
        ("distance=two", &["option 'distance'", "2 or 1", "'two'"]),
    ];
    for (options, words) in cases {
        let err = take(options).expect_err(options);
        assert!(matches!(err, Error::Options(_)), "{options}: {err:?}");
        let text = err.to_string();
        for w in words {
            assert!(text.contains(w), "{options}: '{text}' lacks '{w}'");
        }
    }
    // Keys the variant does not know are left to the core, which refuses them and lists the known.
    let err = GameType::<Krux>::parse_options("setup=spread,size=8")
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown option 'size' for krux"), "{err}");
    assert!(
        err.contains("setup, hole, freeze, distance, repetition, plies"),
        "{err}"
    );
}

// ---- Setups.

/// The presets as the rules for players give them, pieces 1 to 6.
const PRESETS: [(&str, [&str; 6], u64); 5] = [
    ("corner", ["a1", "g7", "b1", "f7", "c1", "e7"], 647),
    ("spread", ["a1", "g7", "c1", "e7", "e1", "c7"], 1185),
    ("reversed", ["c1", "e7", "b1", "f7", "a1", "g7"], 1064),
    ("centre", ["b2", "f6", "c2", "e6", "b3", "f5"], 4352),
    ("facing", ["a3", "g5", "b2", "f6", "c1", "e7"], 2132),
];

#[test]
fn every_setup_starts_on_its_squares_and_none_wins_at_once() {
    assert_eq!(
        Setup::PRESETS.map(|(name, _)| name),
        PRESETS.map(|(name, _, _)| name),
        "the presets, the standard one first"
    );
    for (name, squares, perft) in PRESETS {
        let v = variant(&format!("setup={name}"));
        assert_eq!(v.setup.name(), Some(name));
        let k = Krux::new(&v);
        assert_eq!(k.variant(), v);
        assert_eq!(k.piece_to_move(), piece(1));
        for (i, s) in squares.iter().enumerate() {
            let p = piece(i + 1);
            assert_eq!(k.square(p), sq(s), "{name}: piece {p}");
            assert_eq!(k.ring(p), None);
        }
        assert!(v.setup.is_point_symmetric(), "{name}");
        for p in Piece::all() {
            let s = k.square(p);
            assert!(
                s.file() != 3 && s.rank() != 3,
                "{name}: piece {p} on {s}, in line with the hole"
            );
        }
        // The position string carries no options: parsed under the variant, it is the start.
        assert_eq!(Krux::from_position(&v, &k.position()).unwrap(), k);
        let moves = legal(&k);
        assert_eq!(moves.len() as u64, perft, "{name}: perft(1)");
        assert_eq!(arbiter_core::perft::perft(&k, 1), perft, "{name}");
        assert!(moves.iter().all(|m| m.fallen().is_none()), "{name}: White wins at once");
    }
    // The ones the rules for players print.
    let start = |name: &str| Krux::new(&variant(&format!("setup={name}"))).position();
    assert_eq!(
        start("corner"),
        "....642/......./......./...*.../......./......./135.... 1"
    );
    assert_eq!(
        start("spread"),
        "..6.4.2/......./......./...*.../......./......./1.3.5.. 1"
    );
    assert_eq!(
        start("centre"),
        "......./....42./.....6./...*.../.5...../.13..../....... 1"
    );
}

/// The standard setup mirrored in the a1–g7 diagonal, a symmetry of the rules, is the same game
/// (which is why no preset is that mirror).
#[test]
fn a_mirrored_setup_is_the_same_game() {
    let corner = Krux::new(&variant(""));
    let edge = Krux::new(&variant("setup=a1.g7.a2.g6.a3.g5"));
    assert_eq!(edge.variant().setup.name(), None);
    let mirrored = |s: Square| Square::new(s.rank(), s.file()).unwrap();
    for p in Piece::all() {
        assert_eq!(edge.square(p), mirrored(corner.square(p)));
    }
    assert_eq!(arbiter_core::perft::perft(&edge, 2), 526_985);
}

// ---- hole=blocks.

#[test]
fn a_blocking_hole_hides_what_lies_beyond_it() {
    // Worked example 1: 1 on d6 attracts 2 from d2 over the hole, into it. Not under hole=blocks.
    let text = ".....46/...1b.../......./...*.../......./...2.../35..... 1";
    let standard = pos("", text);
    assert_eq!(play(&standard, "Ad2").outcome(), Some(Outcome::Win(Player::First)));
    let k = pos("hole=blocks", text);
    for token in ["Ad2", "Rd2"] {
        let err = illegal(&k, token);
        assert!(err.contains("the hole (d4) blocks the sight from d6 to d2"), "{err}");
    }
    // The same along a rank: 1 on a4 pulls 2 from f4 over e4 into the hole, or cannot see it.
    let text = ".....46/......./......./1b..*.2./......./......./35..... 1";
    let after = play(&pos("", text), "Af4");
    assert_eq!(after.fallen(), Some(piece(2)));
    assert!(illegal(&pos("hole=blocks", text), "Af4").contains("blocks the sight"));
    // Blocking only takes turns away: every turn under hole=blocks is a turn of the standard rules.
    for text in [
        ".....46/...1b.../......./...*.../......./...2.../35..... 1",
        ".....46/......./......./1b..*.2./......./......./35..... 1",
        ".2b..4p../....6g../......./..1g*3b../......./......./5p...... 4",
    ] {
        let all: HashSet<Move> = legal(&pos("", text)).into_iter().collect();
        let blocked = legal(&pos("hole=blocks", text));
        assert!(blocked.iter().all(|m| all.contains(m)), "{text}");
        assert!(blocked.len() < all.len(), "{text}: the hole hides something");
    }
}

#[test]
fn a_blocking_hole_still_lets_pieces_on_its_side_be_seen_and_pass_over_it() {
    // 1 on a4 sees 2 on c4, on its side of the hole: attracted one square, next to it.
    let k = pos(
        "hole=blocks",
        ".....46/......./......./1b.2*.../......./......./35..... 1",
    );
    assert_eq!(play(&k, "Ac4").square(piece(2)), sq("b4"));
    // Worked example 2 turned round: 1 on d6 repels 2 from d5 over the hole; it lands on d3.
    let k = pos(
        "hole=blocks",
        ".....46/...1b.../...2.../...*.../......./......./35..... 1",
    );
    let after = play(&k, "Rd5");
    assert_eq!(after.square(piece(2)), sq("d3"));
    assert_eq!(after.outcome(), None);
    // With a piece on d3 it stops on the hole and falls: White wins.
    let k = pos(
        "hole=blocks",
        "......6/...1b.../...2.../...*.../...4.../......./35..... 1",
    );
    let after = play(&k, "Rd5");
    assert_eq!(after.fallen(), Some(piece(2)));
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
}

// ---- freeze=off.

#[test]
fn without_the_freeze_a_piece_steps_past_opponents() {
    // Worked example 3: 1 on a1, Black's 2 on b2. After a2 (next to 2) the standard rules
    // forbid a further step; freeze=off allows all three.
    let text = "....64./......./......./...*.../......./.2...../1b35.... 1";
    let err = illegal(&pos("", text), "a2,a3");
    assert!(err.contains("token 2") && err.contains("may not step"), "{err}");
    let k = pos("freeze=off", text);
    let after = play(&k, "a2,a3");
    assert_eq!(after.square(piece(1)), sq("a3"));
    play(&k, "a2,Rb2,a3");
    play(&k, "a2,a3,a4");
    let mut builder = TurnBuilder::new(&k).unwrap();
    builder.push("a2").unwrap();
    assert!(!builder.is_frozen());
    assert!(builder.next_tokens().iter().any(|t| t.to_string() == "a3"));
    // Starting next to an opponent piece: frozen from the start by default, free without.
    let text = "....64./......./......./...*.../......./2....../1b.35... 1";
    assert!(illegal(&pos("", text), "b1").contains("may not step"));
    assert_eq!(play(&pos("freeze=off", text), "b1").square(piece(1)), sq("b1"));
    // The freeze only takes turns away: without it every standard turn is still there.
    for text in [
        "....64./......./......./...*.../......./.2...../1b35.... 1",
        "....64./......./......./...*.../......./2....../1b.35... 1",
        ".2b..4p../....6g../......./..1g*3b../......./......./5p...... 4",
    ] {
        let free: HashSet<Move> = legal(&pos("freeze=off", text)).into_iter().collect();
        let standard = legal(&pos("", text));
        assert!(standard.iter().all(|m| free.contains(m)), "{text}");
        assert!(standard.len() < free.len(), "{text}: the freeze forbade something");
    }
}

// ---- distance=1.

#[test]
fn at_distance_one_repel_and_attract_move_one_square() {
    // 1 on a5, Black's 4 on e5, nothing beyond: repel moves it two squares, or one.
    let text = "......6/......./1b...4../...*.../......./......./35...2. 1";
    assert_eq!(play(&pos("", text), "Re5").square(piece(4)), sq("g5"));
    assert_eq!(play(&pos("distance=1", text), "Re5").square(piece(4)), sq("f5"));
    assert_eq!(play(&pos("", text), "Ae5").square(piece(4)), sq("c5"));
    assert_eq!(play(&pos("distance=1", text), "Ae5").square(piece(4)), sq("d5"));
    // A piece next to the active one cannot be attracted at any distance.
    let k = pos(
        "distance=1",
        "......6/......./1b4...../...*.../......./......./35...2. 1",
    );
    assert!(illegal(&k, "Ab5").contains("cannot be attracted"));
}

#[test]
fn at_distance_one_a_piece_falls_in_only_from_next_to_the_hole() {
    // Worked example 2: 1 on d1 repels 2 from d3. Two squares carry it over the hole to d5;
    // one square drops it in.
    let text = ".....46/......./......./...*.../...2.../......./35.1b... 1";
    assert_eq!(play(&pos("", text), "Rd3").square(piece(2)), sq("d5"));
    let after = play(&pos("distance=1", text), "Rd3");
    assert_eq!(after.fallen(), Some(piece(2)));
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
    // Worked example 1: 2 on d2 is two squares from the hole; pulled one square it stops on d3.
    let text = ".....46/...1b.../......./...*.../......./...2.../35..... 1";
    let after = play(&pos("distance=1", text), "Ad2");
    assert_eq!(after.square(piece(2)), sq("d3"));
    assert_eq!(after.outcome(), None);
    // From d3, next to the hole, it falls in; at distance 2 it would cross to d5.
    let text = ".....46/...1b.../......./...*.../...2.../......./35..... 1";
    assert_eq!(play(&pos("", text), "Ad3").square(piece(2)), sq("d5"));
    assert_eq!(play(&pos("distance=1", text), "Ad3").fallen(), Some(piece(2)));
}

// ---- The variant travels with the position and through the dynamic layer.

#[test]
fn the_variant_belongs_to_the_position() {
    let standard = Krux::start();
    let free = Krux::new(&variant("freeze=off"));
    // The same board, string and hash, but not the same position: the rules differ.
    assert_eq!(free.position(), standard.position());
    assert_eq!(free.hash(), standard.hash());
    assert_ne!(free, standard);
    // Playing keeps the variant.
    let mut k = Krux::new(&variant("setup=facing,hole=blocks"));
    for _ in 0..6 {
        let moves = legal(&k);
        k.play(moves[moves.len() / 2]);
        assert_eq!(k.variant().to_options(), "setup=facing,hole=blocks");
    }
}

#[test]
fn the_dynamic_layer_reads_and_writes_the_options() {
    let (k, _) = GameType::<Krux>::game("setup=spread,freeze=off", None).unwrap();
    assert_eq!(
        k.variant(),
        KruxVariant {
            setup: Setup::SPREAD,
            freeze: false,
            ..KruxVariant::default()
        }
    );
    assert_eq!(k.variant().to_options(), "setup=spread,freeze=off");
    assert_eq!(
        k.position(),
        "..6.4.2/......./......./...*.../......./......./1.3.5.. 1"
    );
    // A position string is read under the options' rules.
    let example_1 = ".....46/...1b.../......./...*.../......./...2.../35..... 1";
    let (k, _) = GameType::<Krux>::game("hole=blocks", Some(example_1)).unwrap();
    assert_eq!(k.variant().hole, Hole::Blocks);
    assert!(k.parse_move("Ad2").is_err());
    // Sessions give their options back in the fixed order, history rules last.
    let game = GameType::<Krux>::default();
    let mut session = game.new_session("plies=50,distance=1,setup=reversed", None).unwrap();
    assert_eq!(session.options(), "setup=reversed,distance=1,plies=50");
    assert_eq!(
        game.start_position("setup=centre").unwrap(),
        "......./....42./.....6./...*.../.5...../.13..../....... 1"
    );
    assert_eq!(game.option_choices(), KruxVariant::CHOICES);
    // A game played under options replays from its record under them.
    let first = session.legal_moves()[0].clone();
    session.play(&first).unwrap();
    let record = session.record();
    assert_eq!(record.options, "setup=reversed,distance=1,plies=50");
    let replayed = game.load_record(&record).unwrap();
    assert_eq!(replayed.position(), session.position());
    assert_eq!(replayed.options(), session.options());
}
