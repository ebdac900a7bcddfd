//! The pass count in the position string: a pass adds one, any move resets it to 0 (a rule no
//! other test pinned: a mutant that kept the count after a move survived every test).

use arbiter_core::{Game, NoVariant};
use arbiter_void::Void;

fn play(position: &str, notation: &str) -> String {
    let mut game = Void::from_position(&NoVariant, position).unwrap();
    let mv = game.parse_move(notation).unwrap();
    game.play(mv);
    game.position()
}

#[test]
fn a_move_after_a_pass_resets_the_pass_count() {
    let start = "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 1";
    let after = play(start, "m4-n4");
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
