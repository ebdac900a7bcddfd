//! Move notation: canonical forms, tolerated input, errors that say which rule is broken, and
//! notation keys (one per legal move, one written form per key).

use arbiter_core::{Error, Game, Presentation};
use arbiter_villawar::{Move, Size, Villawar, VillawarVariant};

fn start() -> Villawar {
    Villawar::new(&VillawarVariant::default())
}

fn pos(text: &str) -> Villawar {
    Villawar::from_position(&VillawarVariant::default(), text).unwrap()
}

fn error(game: &Villawar, text: &str) -> String {
    match game.parse_move(text) {
        Ok(mv) => panic!("'{text}' was accepted as {}", game.format_move(mv)),
        Err(Error::Move { input, reason }) => {
            assert_eq!(input, text, "the error names the input as given");
            reason
        }
        Err(other) => panic!("'{text}': not a move error: {other}"),
    }
}

#[test]
fn canonical_forms_and_tolerated_input() {
    let game = start();
    let mv = game.parse_move("a1-a3").unwrap();
    assert_eq!(game.format_move(mv), "a1-a3");
    assert_eq!(game.parse_move("A1-A3").unwrap(), mv);
    assert_eq!(game.parse_move("  a1-a3 ").unwrap(), mv);
    assert_eq!(mv.from().unwrap().index(), 0);
    assert_eq!(mv.to().unwrap().index(), 16);
    assert!(!mv.is_pass());

    let warriors = pos("8/8/2v5/8/2W5/2W5/8/8 w 0");
    let capture = warriors.parse_move("c3xc6").unwrap();
    assert_eq!(warriors.format_move(capture), "c3xc6");
    assert_eq!(warriors.parse_move("C3XC6").unwrap(), capture);

    let stuck = pos("8/8/8/V5v1/3v4/7V/8/8 w 0");
    assert_eq!(stuck.parse_move("pass").unwrap(), Move::PASS);
    assert_eq!(stuck.parse_move("PASS").unwrap(), Move::PASS);
    assert_eq!(stuck.format_move(Move::PASS), "pass");
    assert!(Move::PASS.from().is_none());

    let ten = Villawar::new(&VillawarVariant::new(arbiter_villawar::Size::Ten));
    let mv = ten.parse_move("j1-j8").unwrap();
    assert_eq!(ten.format_move(mv), "j1-j8");
    let info = ten.move_info(mv);
    assert_eq!(info.from.as_deref(), Some("j1"));
    assert_eq!(info.to.as_deref(), Some("j8"));
    assert_eq!(info.path, vec!["j2", "j3", "j4", "j5", "j6", "j7"]);
    assert_eq!(info.targets, vec!["j2"]);
}

#[test]
fn malformed_moves_are_explained() {
    let game = start();
    let cases = [
        ("", "expected a jump like c1-c5"),
        ("a1", "expected a jump like c1-c5"),
        ("a1 a3", "expected a jump like c1-c5"),
        ("a1-", "a square is missing"),
        ("-a3", "a square is missing"),
        ("a1--a3", "starts with a file letter"),
        ("a1-a9", "a9 is not on the 8×8 board"),
        ("k1-k3", "k1 is not on the 8×8 board"),
        ("a0-a3", "ranks count from 1"),
        ("a1-a3x", "not a square"),
        ("a1-a3-a5", "not a square"),
    ];
    for (text, expected) in cases {
        let reason = error(&game, text);
        assert!(reason.contains(expected), "'{text}': '{reason}' lacks '{expected}'");
    }
}

#[test]
fn illegal_moves_are_explained() {
    let game = start();
    let cases = [
        ("a3-a5", "there is no piece on a3"),
        ("a7-a5", "a7 holds a black villager, but white is to move"),
        ("a1-b3", "not on one rank, file or diagonal"),
        ("a1-a1", "a jump must leave a1"),
        ("a1xa3", "a villager, which never captures: write a1-a3"),
        ("a2-a4", "there is no phalanx between a2 and a4"),
        (
            "a1-a7",
            "a villager lands only on an empty square, and a7 holds a black villager",
        ),
        ("a1-a8", "cross a black villager on a7"),
        ("b1-b2", "there is no phalanx between b1 and b2"),
        ("pass", "white may not pass"),
    ];
    for (text, expected) in cases {
        let reason = error(&game, text);
        assert!(reason.contains(expected), "'{text}': '{reason}' lacks '{expected}'");
    }

    let warriors = pos("8/8/2v5/8/2W5/2W5/8/8 w 0");
    let cases = [
        ("c3-c6", "a warrior, which moves only by capturing: write c3xc6"),
        ("c3xc5", "must land on an enemy piece and capture it, and c5 is empty"),
        ("c4xc6", "there is no phalanx between c4 and c6"),
        ("c3xc8", "cross a black villager on c6"),
    ];
    for (text, expected) in cases {
        let reason = error(&warriors, text);
        assert!(reason.contains(expected), "'{text}': '{reason}' lacks '{expected}'");
    }

    let own_target = pos("8/8/2V5/8/2W5/2W5/8/8 w 0");
    let reason = error(&own_target, "c3xc6");
    assert!(reason.contains("holds your own villager"), "{reason}");

    let over = pos("8/8/8/V5v1/3v4/7V/8/8 w 2");
    let reason = error(&over, "pass");
    assert!(reason.contains("the game is over"), "{reason}");
}

/// Every legal move has its own notation key, and a move's info carries its notation.
#[test]
fn notation_keys_are_distinct_and_info_names_the_move() {
    let games = [
        pos("8/8/8/V5v1/3v4/7V/8/8 w 0"),
        pos("W7/8/8/V7/7v/8/wwwwwww1/8 b 0"),
        Villawar::new(&VillawarVariant::default()),
    ];
    for game in games {
        let mut list = Vec::new();
        game.legal_moves(&mut list);
        let mut keys: Vec<usize> = list.iter().map(|&m| game.notation_key(m).expect("a key")).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), list.len(), "{game}");
        for &mv in &list {
            assert_eq!(game.move_info(mv).notation, game.format_move(mv));
        }
    }
}

/// A refused pass counts the jumps there are, in words for one.
#[test]
fn a_refused_pass_counts_the_jumps() {
    let one = pos("8/8/8/8/v7/8/V7/V7 w 0");
    let mut moves = Vec::new();
    one.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1, "only a1-a3");
    let err = one.parse_move("pass").unwrap_err().to_string();
    assert!(err.contains("white has one jump (for example a1-a3)"), "{err}");
    let start = Villawar::new(&VillawarVariant::default());
    start.legal_moves(&mut moves);
    let err = start.parse_move("pass").unwrap_err().to_string();
    assert!(
        err.contains(&format!("white has {} jumps (for example", moves.len())),
        "{err}"
    );
}

/// The key is the action's number twice over, plus one for a warrior's jump: a villager's `-` and
/// a warrior's `x` along the same squares get neighbouring keys, the warrior's odd.
#[test]
fn a_notation_key_tells_a_warriors_jump_from_a_villagers() {
    let villager = pos("8/8/8/8/8/8/V7/V7 w 0");
    let warrior = pos("8/8/8/8/8/v7/W7/W7 w 0");
    let (walk, capture) = (
        villager.parse_move("a1-a3").unwrap(),
        warrior.parse_move("a1xa3").unwrap(),
    );
    assert_eq!((walk.from(), walk.to()), (capture.from(), capture.to()));
    let (key_walk, key_capture) = (
        villager.notation_key(walk).unwrap(),
        warrior.notation_key(capture).unwrap(),
    );
    assert_eq!(key_walk % 2, 0, "a villager's jump has an even key");
    assert_eq!(key_capture, key_walk + 1, "the same squares jumped by a warrior");
}

/// Moves with one notation key are written alike in every position of a variant (the bindings
/// cache one string per key): checked over the positions of several games on every size.
#[test]
fn a_notation_key_means_one_notation_everywhere() {
    for size in Size::ALL {
        let variant = VillawarVariant { size };
        let mut written: std::collections::HashMap<usize, String> = std::collections::HashMap::new();
        for seed in 0..6usize {
            let mut game = Villawar::new(&variant);
            for ply in 0..60 {
                let mut list = Vec::new();
                game.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                for &mv in &list {
                    let key = game.notation_key(mv).expect("a key");
                    let text = game.format_move(mv);
                    let first = written.entry(key).or_insert_with(|| text.clone());
                    assert_eq!(*first, text, "{size:?}: key {key}");
                }
                game.play(list[(seed * 31 + ply * 7) % list.len()]);
            }
        }
        assert!(written.len() > 100, "{size:?}: {} keys seen", written.len());
    }
}
