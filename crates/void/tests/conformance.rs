//! The core conformance checks (round-trips of positions and notation, hashes, duplicate-free
//! move lists, null moves, random moves) on hand-picked Void positions: the worked examples of
//! the rules, our rulings and the ends of the game. The suite's seeded random games run for every
//! game in one place: `crates/games/tests/conformance.rs`.

use arbiter_core::conformance::{check_special_position, Expected};
use arbiter_core::{NoVariant, Outcome, Player};
use arbiter_void::{Move, Void};

const BLACK: Player = Player::First;
const WHITE: Player = Player::Second;

/// A board where every cell is taken, so that nothing can move: White's flagship on a1, Black's
/// on j1, White fighters on sectors a–i and Black fighters on sectors j–r elsewhere.
const FULL: &str = "XXXXXXXXXxxxxxxxxx/XXXXXXXXXxxxxxxxxx/XXXXXXXXXxxxxxxxxx/XXXXXXXXXxxxxxxxxx/FXXXXXXXXfxxxxxxxx";

/// The game goes on, and a pass is not among the moves.
const PLAY: Expected<Move> = Expected::Play(Move::Pass);
/// The game goes on, but the only move is a pass.
const PASS: Expected<Move> = Expected::Only(Move::Pass);
use Expected::Over;

#[test]
fn conformance_on_special_positions() {
    let full = |side_and_passes: &str| format!("{FULL} {side_and_passes}");
    let cases: Vec<(&str, String, Expected<Move>)> = vec![
        // Worked example 1: the start, with sweepers stopped by enemy pieces and bombers that may
        // bomb their own fighters.
        ("start", "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0".into(), PLAY),
        // Worked example 1, second half: after m4-g4, where voidgame would let d3-e4 attack g4
        // past White's own sweeper on f4.
        ("after m4-g4", "3BFB6bfb3/3S1Ss7s3/3XXX6xxx3/18/18 w 0".into(), PLAY),
        // Worked example 2: e1-f1xf4 makes the white piece fall onto Black's own flagship...
        ("chain fall", "F17/5X12/18/18/4f13 b 0".into(), PLAY),
        // ... and after it Black has no flagship: White wins.
        (
            "after the chain fall",
            "F17/18/18/18/5X12 w 0".into(),
            Over(Outcome::Win(WHITE)),
        ),
        // Worked example 3: a fighter's attack blocked by its own piece at distance 1.
        ("fighter blocked", "F8f8/18/18/2xX14/x17 b 0".into(), PLAY),
        // Worked example 4: a sweeper choosing its first target among c3 and e3, over its own d3.
        ("sweeper's first target", "F8f8/18/2XxX13/s8x8/18 b 0".into(), PLAY),
        // Ruling: flagship rays are computed on the board (e3-f3 may attack f5 or f1).
        ("flagship rays", "f4b12/18/4F13/18/5b12 w 0".into(), PLAY),
        // Ruling: a sweeper alone on its orbit goes either way round: one FROM-TO with targets
        // above both arcs, which must still be distinct turns.
        ("lone sweeper", "f8F8/18/2X12X2/s17/18 b 0".into(), PLAY),
        // A bomber over two pieces: only the highest is written as the target.
        ("bomber column", "f8F8/1B16/18/1x16/1x16 w 0".into(), PLAY),
        // Fighters whose diagonals cross sector a (r and a are neighbours).
        ("across sector a", "f8F8/1x16/18/18/x1x15 b 0".into(), PLAY),
        // One flagship attack away from two lone flagships...
        ("before two lone flagships", "F17/18/18/1f16/1X16 b 0".into(), PLAY),
        // ... which draw.
        (
            "two lone flagships",
            "F17/18/18/2f15/18 w 0".into(),
            Over(Outcome::Draw),
        ),
        // A bomb that sinks both flagships at once...
        ("before both flagships fall", "18/3B14/18/4F13/4f13 w 0".into(), PLAY),
        // ... is a draw (ruling: voidgame says Black wins).
        ("no flagship left", "18/4B13/18/18/18 b 0".into(), Over(Outcome::Draw)),
        // White bombed its own flagship: Black wins.
        (
            "own flagship bombed",
            "f17/4B13/18/18/18 b 0".into(),
            Over(Outcome::Win(BLACK)),
        ),
        // Nothing can move: the only move is a pass; after one pass the other side must pass too;
        // two passes in a row draw (rulings: voidgame freezes).
        ("full board", full("b 0"), PASS),
        ("full board, one pass", full("w 1"), PASS),
        ("full board, two passes", full("b 2"), Over(Outcome::Draw)),
        // A pass count that the next move resets.
        (
            "start after a pass",
            "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 1".into(),
            PLAY,
        ),
    ];
    for (what, text, expected) in cases {
        check_special_position::<Void>(&NoVariant, what, &text, expected);
    }
}
