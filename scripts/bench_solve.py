#!/usr/bin/env python3
"""The proof search's cost on one question, this build beside a baseline, written to docs/solve.md.

    scripts/bench_solve.py [--game krux] [--plies 5] [--baseline PATH [--baseline-label TEXT]] [--current PATH]

Runs `arbiter solve GAME --plies N --method M --json` by both methods (exact and dfpn) with this
checkout's release build and, when given, a baseline build, one after the other, and writes each
answer, the positions visited and the time with the command, the date and the machine's load (a
busy machine lengthens every time; the positions visited do not change with it). The answers of
every run must agree, or the script fails without writing.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys

from measured import load, write_doc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "solve.md")
METHODS = ["exact", "dfpn"]


def solve(binary: str, game: str, plies: int, method: str) -> dict:
    command = [binary, "solve", game, "--plies", str(plies), "--method", method, "--json"]
    print("$ " + " ".join(command), file=sys.stderr, flush=True)
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def answer(result: dict) -> str:
    if result["win_in"] is None:
        return f"no forced win within {result['searched_plies']} plies"
    return f"a forced win in {result['win_in']} plies"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="krux", help="the game, with options (default krux)")
    parser.add_argument("--plies", type=int, default=5, help="the horizon (default 5)")
    parser.add_argument("--baseline", help="a baseline build's arbiter binary, run first")
    parser.add_argument("--baseline-label", help="what the baseline is (a commit, say), shown beside it")
    parser.add_argument("--current", default=os.path.join(ROOT, "target", "release", "arbiter"),
                        help="this build's binary (default target/release/arbiter)")
    args = parser.parse_args()
    label = f"baseline ({args.baseline_label})" if args.baseline_label else "baseline"
    builds = ([(label, args.baseline)] if args.baseline else []) + [("this build", args.current)]
    for _, binary in builds:
        if not os.access(binary, os.X_OK):
            parser.error(f"no binary at {binary}")
    before = load()
    rows = []
    answers = set()
    for name, binary in builds:
        for method in METHODS:
            r = solve(binary, args.game, args.plies, method)
            answers.add(answer(r))
            rows.append(f"| {name} | {method} | {answer(r)} | {r['nodes']:,} | {r['seconds']:.1f} |")
            print(rows[-1], file=sys.stderr, flush=True)
    if len(answers) != 1:
        print(f"the runs disagree: {sorted(answers)}", file=sys.stderr)
        return 1
    command = f"scripts/bench_solve.py --game {args.game} --plies {args.plies}" + (
        f" --baseline {args.baseline}" if args.baseline else "") + (
        f" --baseline-label {args.baseline_label}" if args.baseline_label else "")
    lines = [
        "# Proof search: what one question costs",
        "",
        "Written by `scripts/bench_solve.py` (do not edit by hand): `arbiter solve GAME --plies N --method M --json`",
        "by both methods, this build and a baseline one after the other. How the proof search works:",
        "[cli.md](cli.md). Positions visited count every position a method looked at, the exact search's",
        "near the horizon included; they do not change with the machine's load, the times do.",
        "",
        f"Command: `{command}` · date: {datetime.date.today().isoformat()} · load average (1, 5, 15 min): "
        f"{before} → {load()} on {os.cpu_count()} cores.",
        "",
        "| build | method | answer | positions visited | seconds |",
        "|---|---|---|---:|---:|",
        *rows,
    ]
    write_doc(OUT, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
