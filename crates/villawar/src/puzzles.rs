//! Villawar's shipped puzzle sets, one per board size, made by `scripts/make_puzzles.py`
//! (`arbiter puzzles`) from self-play and verified by a deeper search (see `docs/puzzles.md`).

use arbiter_core::PuzzleSet;

/// The sets, smallest board first.
pub(crate) const PUZZLES: &[PuzzleSet] = &[
    PuzzleSet {
        name: "villawar-6",
        options: "size=6",
        lines: include_str!("../puzzles/villawar-6.jsonl"),
    },
    PuzzleSet {
        name: "villawar-8",
        options: "",
        lines: include_str!("../puzzles/villawar-8.jsonl"),
    },
    PuzzleSet {
        name: "villawar-10",
        options: "size=10",
        lines: include_str!("../puzzles/villawar-10.jsonl"),
    },
];
