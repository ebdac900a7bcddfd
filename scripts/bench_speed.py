#!/usr/bin/env python3
"""Speed of move generation, random games and search, per game, written to docs/bench.md.

    scripts/bench_speed.py [--baseline PATH] [--rounds N] [--seconds S]

Runs `arbiter bench --json` (single thread) of this checkout's release build, and of a baseline build
when one is given, in alternating rounds on the same machine, and writes the median of each figure
with the command and the date. With a baseline the table shows both and their ratio, so that a change
is measured side by side in one run, never against figures from another day. The machine's load
during the run is written beside the table: a busy machine lowers every figure.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys

from measured import load, write_doc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "bench.md")

# Variants measured beside every game's default (`arbiter bench` runs the defaults): the board
# sizes whose speed differs most from the default's.
VARIANTS = ["villawar:size=6", "villawar:size=10"]

# The figures shown, in order: (key in `arbiter bench --json`, column title).
FIGURES = [
    ("plies_per_second", "random-playout plies/s"),
    ("perft_nodes_per_second", "perft nodes/s"),
    ("mcts_iterations_per_second", "MCTS iterations/s"),
    ("uct_iterations_per_second", "UCT iterations/s"),
    ("alphabeta_nodes_per_second", "alpha-beta nodes/s"),
]


def bench(binary: str, seconds: float) -> dict[str, dict[str, float]]:
    """`arbiter bench --json` of every game and of each of VARIANTS: figures by game (with options)."""
    rows = {}
    for game in [None, *VARIANTS]:
        command = [binary, "bench", "--json", "--seconds", str(seconds)] + ([game] if game else [])
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        rows.update({row["game"]: row for row in json.loads(out)})
    return rows


def millions(x: float) -> str:
    return f"{x / 1e6:.2f} M" if x >= 1e6 else f"{x / 1e3:.0f} k"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", help="a baseline build's arbiter binary, measured in the same run")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per build (median taken; default 3)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per figure (default 2)")
    args = parser.parse_args()
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "arbiter-cli"], cwd=ROOT, check=True)
    builds = {"this build": os.path.join(ROOT, "target", "release", "arbiter")}
    if args.baseline:
        if not os.access(args.baseline, os.X_OK):
            parser.error(f"--baseline {args.baseline!r} is not an executable file")
        builds["baseline"] = args.baseline
    runs: dict[str, list[dict[str, dict[str, float]]]] = {name: [] for name in builds}
    loads = [load()]
    for r in range(args.rounds):
        for name, binary in builds.items():
            print(f"round {r + 1}/{args.rounds}: {name}", file=sys.stderr)
            runs[name].append(bench(binary, args.seconds))
        loads.append(load())
    games = list(runs["this build"][0])

    def median(name: str, game: str, key: str) -> float:
        return statistics.median(run[game][key] for run in runs[name])

    command = "scripts/bench_speed.py" + (f" --baseline {args.baseline}" if args.baseline else "")
    command += f" --rounds {args.rounds} --seconds {args.seconds:g}"
    lines = [
        "# Speed",
        "",
        "Written by `scripts/bench_speed.py` (do not edit by hand): `arbiter bench --json`, single thread, from each",
        "game's start position (and of the board sizes named), the median of the rounds"
        + (", this build and the baseline alternating in one run." if args.baseline else "."),
        "",
        f"Command: `{command}` · date: {datetime.date.today().isoformat()} · "
        f"load average during the run (1, 5, 15 min): {' → '.join(loads)} on {os.cpu_count()} cores.",
        "",
        "| game | " + " | ".join(title for _, title in FIGURES) + " | alpha-beta nodes/s with the built-in net |",
        "|---|" + "---:|" * (len(FIGURES) + 1),
    ]
    for game in games:
        cells = []
        for key, _ in FIGURES:
            now = median("this build", game, key)
            if "baseline" in builds:
                before = median("baseline", game, key)
                ratio = now / before if before else float("nan")
                cells.append(f"{millions(now)} ({millions(before)}, {ratio:.2f}×)")
            else:
                cells.append(millions(now))
        nets = [run[game].get("alphabeta_net_nodes_per_second") for run in runs["this build"]]
        if all(nets):
            net = statistics.median(nets)
            cells.append(f"{millions(net)} ({net / median('this build', game, 'alphabeta_nodes_per_second'):.2f}×)")
        else:
            cells.append("—")
        lines.append(f"| {game} | " + " | ".join(cells) + " |")
    if "baseline" in builds:
        lines += ["", "Each cell: this build (the baseline, this build ÷ baseline)."]
    lines += ["", "The last column: this build's alpha-beta with the variant's built-in net (`net=builtin`) and, in",
              "brackets, its nodes per second ÷ those of the same search with the game's own evaluation."]
    write_doc(OUT, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
