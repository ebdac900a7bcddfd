//! Turns in words (`Game::describe_move`): each token told plainly, along the canonical tokens
//! that the move list shows, so that the words and the listed notation say the same turn.

use arbiter_core::{Game, Presentation};
use arbiter_krux::{Krux, KruxVariant};

fn pos(text: &str) -> Krux {
    Krux::from_position(&KruxVariant::default(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The turn entered as `entered`: its listed (canonical) notation and its words.
fn listed(k: &Krux, entered: &str) -> (String, String) {
    let mv = k.parse_move(entered).unwrap_or_else(|e| panic!("{entered}: {e}"));
    let words = k.describe_move(mv).expect("Krux describes every turn");
    (k.format_move(mv), words)
}

fn pair(notation: &str, words: &str) -> (String, String) {
    (notation.to_string(), words.to_string())
}

/// A turn entered with steps that change nothing is listed without them, and its words follow
/// the listed turn: 5 switches with 3, steps, switches with 1; stepping to b1 and back to a1
/// afterwards leaves every piece where it was, so neither the notation nor the words keep it.
#[test]
fn a_switch_turn_is_told_as_listed_without_the_steps_that_change_nothing() {
    // White's 1 wears blue, 3 green: 5's first turn, the pink ring free.
    let k = pos("....642/......./......./...*.../......./......./1b3g5.... 5");
    let told = pair(
        "@p,Xb1,b2,Xa1",
        "Piece 5 (White) takes the pink ring, switches places with piece 3 on b1, steps to b2, \
         then switches places with piece 1 on a1.",
    );
    assert_eq!(listed(&k, "@p,Xb1,b2,Xa1,b1,a1"), told);
    assert_eq!(listed(&k, "@p,Xb1,b2,Xa1"), told);
}

/// Pulls and pushes name the piece, where it stood and where it went; a pull undone by a push
/// is no turn at all but the empty one.
#[test]
fn pulls_and_pushes_say_which_piece_goes_where() {
    // White 1 (blue) on d1; Black 4 on a1, Black 2 on g1.
    let k = pos("35..6../......./......./...*.../......./......./4..1b..2 1");
    assert_eq!(
        listed(&k, "Ag1,Aa1"),
        pair(
            "Aa1,Ag1",
            "Piece 1 (White) pulls piece 4 from a1 to c1, then pulls piece 2 from g1 to e1."
        )
    );
    assert_eq!(
        listed(&k, "Aa1,Rc1"),
        pair("-", "Piece 1 (White) stays where it is (an empty turn).")
    );
    // Black 2 on f1 now: a push sends it to g1.
    let k = pos("35..6../......./......./...*.../......./......./4..1b.2. 1");
    assert_eq!(
        listed(&k, "Rf1"),
        pair("Rf1", "Piece 1 (White) pushes piece 2 from f1 to g1.")
    );
}

/// A carry: the ring, the pick-up, the steps in a row told as one, the drop; and the carrier
/// that drops a foe into the hole.
#[test]
fn carries_and_steps_are_told_in_order() {
    let k = Krux::start();
    assert_eq!(
        listed(&k, "@b,Pb1,a2,a3,Da4"),
        pair(
            "@b,Pb1,a2,a3,Da4",
            "Piece 1 (White) takes the blue ring, picks up piece 3 from b1, steps to a2 and a3, \
             then drops it on a4."
        )
    );
    assert_eq!(
        listed(&k, "@p,a2,a3,a4"),
        pair(
            "@p,a2,a3,a4",
            "Piece 1 (White) takes the pink ring, then steps to a2, a3 and a4."
        )
    );
    assert_eq!(listed(&k, "@g"), pair("@g", "Piece 1 (White) takes the green ring."));
    let k = pos("....6.4/......./..2..../..1b*.../......./......./35..... 1");
    assert_eq!(
        listed(&k, "Pc5,Dd4"),
        pair(
            "Pc5,Dd4",
            "Piece 1 (White) picks up piece 2 from c5, then drops it into the hole."
        )
    );
}

/// A jump names the pieces it pushes away, and a jump on the spot says so.
#[test]
fn a_jump_names_what_it_pushes() {
    // White 1 (green) on d6 next to Black 2 on d5.
    let k = pos("......6/...1g.../...2.../...*.../......./......./5.34... 1");
    assert_eq!(listed(&k, "Ja6"), pair("Ja6", "Piece 1 (White) jumps to a6."));
    assert_eq!(
        listed(&k, "Jd6"),
        pair(
            "Jd6",
            "Piece 1 (White) jumps in place on d6, pushing piece 2 into the hole."
        )
    );
}
