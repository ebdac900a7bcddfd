#!/usr/bin/env python3
"""Makes the shipped puzzle sets and writes docs/puzzles.md (do not edit that file by hand).

For each game (Villawar per size): `arbiter puzzles GAME --count N` from self-play of level 1
against level 3 (Villawar 10x10: 1000 MCTS iterations against level 3), written to `crates/<game>/puzzles/<set>.jsonl` (the sets the game crates build
in), with the generation report beside it (`<set>.report.json`); then the table of every set's
report (games, candidates, kept, rejected by reason, candidates per thread-hour, themes).

    scripts/make_puzzles.py [--bin target/release/arbiter] [--count 500] [--threads 2] [--only krux] [--resume]
    scripts/make_puzzles.py --table-only     # rewrite docs/puzzles.md from the reports
    scripts/make_puzzles.py --difficulty     # rate each set by levels 1-6 (docs/puzzle-difficulty.md)

The difficulty: `arbiter puzzle-difficulty SET --sample 100 --move-time 100ms`, levels 1-6 of the game
each try 100 puzzles of the set once, Glicko-2 rating solvers and puzzles as the server rates people.
"""

import argparse
import datetime
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "puzzles.md"
# (game spec, crate, set name, the side that makes the mistakes; the other is level 3)
SETS = [
    ("void", "void", "void", "level=1"),
    ("krux", "krux", "krux", "level=1"),
    ("attraction", "attraction", "attraction", "level=1"),
    ("villawar:size=6", "villawar", "villawar-6", "level=1"),
    ("villawar", "villawar", "villawar-8", "level=1"),
    # Level 1 (60 MCTS iterations) is near random among 10x10's ~120 moves: its opponent is
    # already winning and keeps several good moves. 1000 iterations (level 2 until 2026-12-07, when
    # level 2 became 300) found 2 puzzles in 30 games, level 1 none in 40 (seed 1). Named as a spec,
    # not a level, so that the set goes on from the same self-play whatever the levels become.
    ("villawar:size=10", "villawar", "villawar-10", "mcts:iterations=1000"),
]


def set_paths(crate, name):
    folder = ROOT / "crates" / crate / "puzzles"
    return folder / f"{name}.jsonl", folder / f"{name}.report.json"


def make(args, spec, crate, name, weaker):
    puzzles, report = set_paths(crate, name)
    puzzles.parent.mkdir(parents=True, exist_ok=True)
    command = [
        args.bin, "puzzles", spec, "--a", weaker, "--b", "level=3", "--games", str(args.games),
        "--count", str(args.count), "--threads", str(args.threads), "--seed", "1",
        "--out", str(puzzles), "--report", str(report),
    ] + (["--resume"] if args.resume else [])
    print(" ".join(command), flush=True)
    subprocess.run(command, check=True)


def table():
    lines = [
        "# Puzzle sets",
        "",
        "Written by `scripts/make_puzzles.py` (do not edit by hand); last table "
        f"{datetime.date.today().isoformat()}. Each set is `arbiter puzzles GAME --a level=1 --b level=3 "
        "--count 500 --seed 1` (self-play of level 1 against level 3, 4 random opening plies; Villawar 10×10: "
        "`--a mcts:iterations=1000`, since level 1 is near random among that board's ~120 moves, so that its "
        "opponent is already winning with several good moves: no puzzle in 40 games, against 2 in 30 with 1000 "
        "iterations), kept in "
        "`crates/<game>/puzzles/` and built into the server. How puzzles are found and verified: "
        "[analysis.md](analysis.md#puzzles).",
        "",
        "| Set | Puzzles | Games | Positions | Candidates | Kept | Rejected (why) | Candidates per thread-hour | Wall time |",
        "|---|---:|---:|---:|---:|---:|---|---:|---:|",
    ]
    themes = []
    for spec, crate, name, _ in SETS:
        _, path = set_paths(crate, name)
        if not path.exists():
            lines.append(f"| {name} | not made | | | | | | | |")
            continue
        r = json.loads(path.read_text())
        rejected = "; ".join(f"{why}: {n}" for why, n in r["rejected"].items()) or "none"
        hours = r["seconds"] * r["threads"] / 3600
        rate = r["candidates"] / hours if hours else 0
        kept = r["accepted"] / r["candidates"] if r["candidates"] else 0
        lines.append(
            f"| {name} | {r['accepted']} | {r['games']} | {r['positions']} | {r['candidates']} | "
            f"{kept:.0%} | {rejected} | {rate:.0f} | {r['seconds'] / 60:.1f} min on {r['threads']} threads"
            f"{' (stopped before 500)' if r['accepted'] < 500 else ''} |"
        )
        top = ", ".join(f"{t} {n}" for t, n in sorted(r["themes"].items(), key=lambda kv: -kv[1]))
        themes.append(f"- **{name}** ({r['verify']}): {top}")
    lines += [
        "",
        "A set below 500 is a run stopped for time, not one that ran out of games: it keeps the puzzles of the games it "
        "finished (the set is rewritten after every game), and `scripts/make_puzzles.py --resume --only SET` goes on "
        "from its next game (the set an unstopped run makes; the wall time adds up the runs). Krux costs most per candidate (each of its ~650 turns is "
        "searched at every step). Villawar 10×10 keeps the fewest candidates: most have a second good first move "
        "(many ways to take an advantage on a big board) or do not hold at the verification depth (its shallow "
        "scan swings between the sides in the opening).",
    ]
    lines += ["", "Themes (puzzles per theme; a puzzle has several):", ""] + themes
    difficulty = ROOT / "docs" / "puzzle-difficulty.md"
    if difficulty.exists():
        lines += ["", "Difficulty spread: [puzzle-difficulty.md](puzzle-difficulty.md)."]
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT}")


def difficulty(args):
    out = ROOT / "docs" / "puzzle-difficulty.md"
    lines = [
        "# Puzzle difficulty",
        "",
        "Written by `scripts/make_puzzles.py --difficulty` (do not edit by hand) on "
        f"{datetime.date.today().isoformat()}: for each shipped set, `arbiter puzzle-difficulty SET --sample "
        f"{args.sample} --move-time {args.move_time} --seed 1` — the game's levels 1–6 (their thinking time capped "
        f"at {args.move_time} a move) each try the same {args.sample} puzzles once, in a shuffled order, and "
        "Glicko-2 rates solvers and puzzles as the server rates people (everyone starts at 1500 ± 350).",
        "",
        "| Set | Puzzles | Puzzle ratings: 10% · 25% · median · 75% · 90% (range) | "
        + " | ".join(f"Level {n}" for n in range(1, 7))
        + " |",
        "|---|---:|---|" + "---:|" * 6,
    ]
    for spec, crate, name, _ in SETS:
        puzzles, _ = set_paths(crate, name)
        if not puzzles.exists() or not puzzles.read_text().strip():
            continue
        command = [
            args.bin, "puzzle-difficulty", str(puzzles), "--sample", str(args.sample), "--move-time",
            args.move_time, "--seed", "1", "--json",
        ]
        print(" ".join(command), flush=True)
        r = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        p = " · ".join(f"{x:.0f}" for x in r["percentiles"])
        levels = " | ".join(
            f"{s['rating']:.0f} ({s['solved']}/{s['attempts']})" for s in r["solvers"]
        )
        lines.append(f"| {name} | {r['puzzles']} | {p} ({r['range'][0]:.0f}–{r['range'][1]:.0f}) | {levels} |")
    lines += [
        "",
        "Each level's cell: its puzzle rating at the end (solved/tried). Puzzles that every level solves end "
        "near the bottom of the scale, and the levels that solve everything share the top: a set whose "
        "levels all solve it is easy for a computer, which says little of how hard it is for a person; the "
        "server's ratings from people's attempts are what the puzzle pages serve by.",
    ]
    out.write_text("\n".join(lines) + "\n")
    print(f"wrote {out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(ROOT / "target" / "release" / "arbiter"))
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--only", help="make only this set (its name, e.g. villawar-6)")
    parser.add_argument("--resume", action="store_true",
                        help="go on from the set and report a stopped run left (the same settings), from its next game")
    parser.add_argument("--table-only", action="store_true")
    parser.add_argument("--difficulty", action="store_true", help="rate the shipped sets by levels 1-6")
    parser.add_argument("--sample", type=int, default=100)
    parser.add_argument("--move-time", default="100ms")
    args = parser.parse_args()
    if args.difficulty:
        return difficulty(args)
    if not args.table_only:
        for spec, crate, name, weaker in SETS:
            if args.only is None or args.only == name:
                make(args, spec, crate, name, weaker)
    table()


if __name__ == "__main__":
    sys.exit(main())
