//! The core conformance checks (round-trips of positions and notation, hashes, duplicate-free
//! move lists, null moves, random moves) on hand-picked Villawar positions of every board size:
//! the worked examples of the rules, the finer points of the jump, forced passes and finished
//! games. The suite's seeded random games run for every game and size in one place:
//! `crates/games/tests/conformance.rs`.

use arbiter_core::conformance::{check_special_position, Expected};
use arbiter_core::{Game, Outcome};
use arbiter_villawar::{Move, Size, Villawar, VillawarVariant, BLACK, WHITE};

/// The game goes on, and a pass is not among the moves.
const PLAY: Expected<Move> = Expected::Play(Move::PASS);
/// The game goes on, but the only move is a pass.
const PASS: Expected<Move> = Expected::Only(Move::PASS);
use Expected::Over;

fn check(size: Size, cases: &[(&str, &str, Expected<Move>)]) {
    let variant = VillawarVariant::new(size);
    for &(what, text, expected) in cases {
        let game = Villawar::from_position(&variant, text).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(game.size(), size, "{what}");
        check_special_position::<Villawar>(&variant, what, text, expected);
    }
}

#[test]
fn conformance_on_special_positions_6x6() {
    check(
        Size::Six,
        &[
            ("start", "vvvvvv/vvvvvv/6/6/VVVVVV/VVVVVV w 0", PLAY),
            // The warrior on a3 jumps a4 and captures on Black's first row the last black piece.
            ("capture of the last piece", "v5/6/W5/W5/6/6 w 0", PLAY),
            // Two lone villagers, Black has just passed: White's forced pass ends the game (a draw).
            ("the last pass", "6/2v3/6/6/3V2/6 w 1", PASS),
            ("an empty board, over", "6/6/6/6/6/6 b 2", Over(Outcome::Draw)),
        ],
    );
}

#[test]
fn conformance_on_special_positions_8x8() {
    check(
        Size::Eight,
        &[
            // Worked example 1: 68 jumps, none along a rank.
            ("start", "vvvvvvvv/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV w 0", PLAY),
            // A pass count of 1 is taken as given, and the next jump resets it.
            (
                "start after a pass",
                "vvvvvvvv/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV w 1",
                PLAY,
            ),
            // Worked example 2: after a1-a4 h8-h5, a4-a1 removes the warrior on a2.
            (
                "removing a warrior",
                "vvvvvvv1/vvvvvvvw/8/7v/V7/8/WVVVVVVV/1VVVVVVV w 0",
                PLAY,
            ),
            // Worked example 3: c3xc6 over the warrior c4 and the empty c5; then c3xc5.
            ("warrior capture", "8/8/2v5/8/2W5/2W5/8/8 w 0", PLAY),
            ("warrior capture, nearer", "8/8/2v5/2v5/2W5/2W5/8/8 w 0", PLAY),
            // Worked example 4: no jump for either side; two passes, and Black wins the count.
            ("the count, first pass", "8/8/8/V5v1/3v4/7V/8/8 w 0", PASS),
            ("the count, second pass", "8/8/8/V5v1/3v4/7V/8/8 b 1", PASS),
            ("the count", "8/8/8/V5v1/3v4/7V/8/8 w 2", Over(Outcome::Win(BLACK))),
            // The jumper is not part of the phalanx: a1 and a2 may both land on a4 … a8.
            ("a file of villagers", "8/8/8/8/8/V7/V7/V7 w 0", PLAY),
            // A warrior between two villagers: faces mixed on a line block every jump, so White,
            // with three pieces, must pass.
            ("mixed faces", "8/8/8/8/8/V7/W7/V7 w 0", PASS),
            // A warrior lands only on an enemy: a1 not on its own a4, a2 over a4 onto a5.
            ("warrior before its own piece", "8/8/8/v7/W7/8/W7/W7 w 0", PLAY),
            // Villagers equal, the warriors decide (far row first): White wins.
            (
                "warriors decide",
                "W7/8/8/V7/7v/8/wwwwwww1/8 b 2",
                Over(Outcome::Win(WHITE)),
            ),
            // Mirror images: every count equal, a draw.
            ("a mirrored draw", "8/1w6/8/3v4/3V4/8/1W6/8 w 2", Over(Outcome::Draw)),
        ],
    );
}

#[test]
fn conformance_on_special_positions_10x10() {
    check(
        Size::Ten,
        &[
            (
                "start",
                "vvvvvvvvvv/vvvvvvvvvv/10/10/10/10/10/10/VVVVVVVVVV/VVVVVVVVVV w 0",
                PLAY,
            ),
            // A pass count of 2 ends the game whatever the board: the start, over, a draw.
            (
                "the start, over",
                "vvvvvvvvvv/vvvvvvvvvv/10/10/10/10/10/10/VVVVVVVVVV/VVVVVVVVVV w 2",
                Over(Outcome::Draw),
            ),
            // j1xj10 across seven empty squares: a two-digit rank in the notation.
            ("a capture up the j-file", "9v/10/10/10/10/10/10/10/9W/9W w 0", PLAY),
            // a1 over b2, then any square of the long diagonal up to j10.
            ("the long diagonal", "10/10/10/10/10/10/10/10/1V8/V9 w 0", PLAY),
            // Each side has a villager on its far row, and nothing else: a draw.
            (
                "far rows level",
                "V9/10/10/10/10/10/10/10/10/9v b 2",
                Over(Outcome::Draw),
            ),
        ],
    );
}
