#!/usr/bin/env python3
"""How the searches scale from one thread to more, per game, written to docs/threads.md.

    scripts/bench_threads.py [--threads N] [--rounds R] [--mcts-seconds S]

From each game's start position, `arbiter analyze GAME --json` (this checkout's release build) times
alpha-beta to a fixed depth per game and counts MCTS iterations in a fixed time, with one thread and
with N, alternating in R rounds; the table gives each round's figures and the speed-up of the
medians. Lazy SMP and tree-parallel MCTS need idle cores: the machine's load is written beside the
table, and a figure measured on a busy machine says little.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "threads.md")
BINARY = os.path.join(ROOT, "target", "release", "arbiter")

# The depth alpha-beta is timed to, per game: each takes seconds to tens of seconds on one thread
# of this project's 2-core machine, so that the shared table has time to fill.
DEPTHS = {"void": 8, "krux": 3, "attraction": 11, "villawar": 7}


def analyze(game: str, agent: str) -> dict:
    """The result line of one `arbiter analyze --json`."""
    out = subprocess.run(
        [BINARY, "analyze", game, "--agent", agent, "--json"], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def load() -> str:
    with open("/proc/loadavg", encoding="utf-8") as f:
        return " ".join(f.read().split()[:3])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 2, help="threads beside one (default: cores)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per setting (default 2)")
    parser.add_argument("--mcts-seconds", type=float, default=3.0, help="MCTS thinking time (default 3)")
    args = parser.parse_args()
    if args.threads < 2 or args.rounds < 1 or args.mcts_seconds <= 0:
        parser.error("--threads must be at least 2, --rounds at least 1 and --mcts-seconds above 0")
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "arbiter-cli"], cwd=ROOT, check=True)
    counts = [1, args.threads]
    seconds: dict[tuple[str, int], list[float]] = {}
    iterations: dict[tuple[str, int], list[float]] = {}
    loads = [load()]
    for r in range(args.rounds):
        for game, depth in DEPTHS.items():
            for n in counts:
                print(f"round {r + 1}/{args.rounds}: {game}, {n} thread(s)", file=sys.stderr)
                ab = analyze(game, f"alphabeta:depth={depth},threads={n}")
                seconds.setdefault((game, n), []).append(ab["info"]["elapsed_ms"] / 1000)
                mcts = analyze(game, f"mcts:time={args.mcts_seconds:g}s,threads={n}")
                iterations.setdefault((game, n), []).append(mcts["info"]["nodes"])
        loads.append(load())
    n = args.threads
    command = f"scripts/bench_threads.py --threads {n} --rounds {args.rounds} --mcts-seconds {args.mcts_seconds:g}"
    lines = [
        "# Threads",
        "",
        "Written by `scripts/bench_threads.py` (do not edit by hand): from each game's start position, alpha-beta",
        "(Lazy SMP) timed to a fixed depth and MCTS (tree-parallel with virtual loss) iterations in a fixed time, one",
        f"thread against {n}, alternating; each cell lists the rounds, and the speed-up compares the medians. How the",
        "threads share the work is in [ai.md](ai.md).",
        "",
        f"Command: `{command}` · date: {datetime.date.today().isoformat()} · "
        f"load average during the run (1, 5, 15 min): {' → '.join(loads)} on {os.cpu_count()} cores.",
        "",
        f"| game | alpha-beta to depth: seconds, 1 → {n} threads | speed-up | "
        f"MCTS iterations in {args.mcts_seconds:g} s, 1 → {n} threads | speed-up |",
        "|---|---|---:|---|---:|",
    ]
    for game, depth in DEPTHS.items():
        one, many = seconds[(game, 1)], seconds[(game, n)]
        it_one, it_many = iterations[(game, 1)], iterations[(game, n)]
        lines.append(
            f"| {game} | depth {depth}: {' / '.join(f'{s:.1f}' for s in one)} → {' / '.join(f'{s:.1f}' for s in many)} | "
            f"{statistics.median(one) / statistics.median(many):.2f}× | "
            f"{' / '.join(f'{i:,.0f}' for i in it_one)} → {' / '.join(f'{i:,.0f}' for i in it_many)} | "
            f"{statistics.median(it_many) / statistics.median(it_one):.2f}× |"
        )
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {os.path.relpath(OUT, ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
