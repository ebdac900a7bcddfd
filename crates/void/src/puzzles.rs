//! Void's shipped puzzle set, made by `scripts/make_puzzles.py` (`arbiter puzzles`) from
//! self-play and verified by a deeper search (see `docs/puzzles.md`).

use arbiter_core::PuzzleSet;

/// The set (the game's default rules).
pub(crate) const PUZZLES: &[PuzzleSet] = &[PuzzleSet {
    name: "void",
    options: "",
    lines: include_str!("../puzzles/void.jsonl"),
}];
