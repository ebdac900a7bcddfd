#!/usr/bin/env python3
"""How the searches, perft and random playouts scale from one thread to more, per game, written to docs/threads.md.

    scripts/bench_threads.py [--threads N] [--rounds R] [--mcts-seconds S] [--playout-seconds S]
                             [--only search,perft,playouts] [--out PATH] [--no-build]

From each game's start position, with one thread and with N, alternating in R rounds (this
checkout's release build):

- search: `arbiter analyze GAME --json` times alpha-beta (Lazy SMP) to a fixed depth per game and
  counts MCTS (tree-parallel) iterations in a fixed time;
- perft: `arbiter perft GAME DEPTH --threads T --json` counts to a fixed depth per game, the first
  moves shared out among the threads, and gives its nodes per second;
- playouts: `arbiter bench GAME --seconds S --threads T --json` plays random playouts on T threads,
  each with its own seed, and gives their plies per second summed (bench also times perft and the
  searches for S seconds each; only the playouts' rate is kept).

The tables give each round's figures and the speed-up of the medians. `--only` picks the
measurements (default all); `--out` writes elsewhere than docs/threads.md, for a trial run. Threads
need idle cores: the machine's load is written beside the tables, and a figure measured on a busy
machine says little.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys

from measured import load

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "threads.md")
BINARY = os.path.join(ROOT, "target", "release", "arbiter")

# The depth alpha-beta is timed to, per game: each takes seconds to tens of seconds on one thread
# of this project's 2-core machine, so that the shared table has time to fill.
DEPTHS = {"void": 8, "krux": 3, "attraction": 11, "villawar": 7}

# The depth perft counts to, per game, and its time on one thread of this project's 2-core machine
# (timed once, 2026-12-06): void 5 0.33 s (6: 15 s), krux 3 56 s (2: 0.03 s, too short to time:
# 12–17 M nodes/s from run to run), attraction 7 2.6 s, villawar 5 2.9 s.
PERFT_DEPTHS = {"void": 5, "krux": 3, "attraction": 7, "villawar": 5}

MEASUREMENTS = ("search", "perft", "playouts")


def run_json(args: list[str]):
    """The JSON an `arbiter` command prints last (a line, or a pretty-printed document)."""
    out = subprocess.run([BINARY, *args], check=True, capture_output=True, text=True).stdout
    try:
        return json.loads(out)
    except json.JSONDecodeError:
        return json.loads(out.strip().splitlines()[-1])


def analyze(game: str, agent: str) -> dict:
    """The result line of one `arbiter analyze --json`."""
    return run_json(["analyze", game, "--agent", agent, "--json"])


def perft_rate(game: str, depth: int, threads: int) -> float:
    """Nodes per second of one `arbiter perft GAME DEPTH --threads T --json`."""
    return run_json(["perft", game, str(depth), "--threads", str(threads), "--json"])["nodes_per_second"]


def playout_rate(game: str, seconds: float, threads: int) -> float:
    """Plies per second of the random playouts of one `arbiter bench GAME --threads T --json`."""
    figures = run_json(["bench", game, "--seconds", f"{seconds:g}", "--threads", str(threads), "--json"])
    return figures[0]["plies_per_second"]


def rounds(values: list[float], fmt: str) -> str:
    """One setting's figures, round after round."""
    return " / ".join(format(v, fmt) for v in values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 2, help="threads beside one (default: cores)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per setting (default 2)")
    parser.add_argument("--mcts-seconds", type=float, default=3.0, help="MCTS thinking time (default 3)")
    parser.add_argument(
        "--playout-seconds", type=float, default=2.0, help="time of the random playouts per run (default 2)"
    )
    parser.add_argument(
        "--only",
        default=",".join(MEASUREMENTS),
        help=f"measurements to run, comma-separated, of {', '.join(MEASUREMENTS)} (default all)",
    )
    parser.add_argument("--out", default=OUT, help="file written (default docs/threads.md)")
    parser.add_argument("--no-build", action="store_true", help="use target/release/arbiter as it is, unbuilt")
    args = parser.parse_args()
    if args.threads < 2 or args.rounds < 1 or args.mcts_seconds <= 0 or args.playout_seconds <= 0:
        parser.error(
            "--threads must be at least 2, --rounds at least 1, --mcts-seconds and --playout-seconds above 0"
        )
    only = [m.strip() for m in args.only.split(",") if m.strip()]
    unknown = [m for m in only if m not in MEASUREMENTS]
    if not only or unknown:
        parser.error(f"--only takes some of {', '.join(MEASUREMENTS)}, not {args.only!r}")
    only = [m for m in MEASUREMENTS if m in only]
    out_path = os.path.abspath(args.out)
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "arbiter-cli"], cwd=ROOT, check=True)
    counts = [1, args.threads]
    seconds: dict[tuple[str, int], list[float]] = {}
    iterations: dict[tuple[str, int], list[float]] = {}
    perft: dict[tuple[str, int], list[float]] = {}
    playouts: dict[tuple[str, int], list[float]] = {}
    loads = [load()]
    for r in range(args.rounds):
        for game in DEPTHS:
            for n in counts:
                print(f"round {r + 1}/{args.rounds}: {game}, {n} thread(s): {', '.join(only)}", file=sys.stderr)
                if "search" in only:
                    ab = analyze(game, f"alphabeta:depth={DEPTHS[game]},threads={n}")
                    seconds.setdefault((game, n), []).append(ab["info"]["elapsed_ms"] / 1000)
                    mcts = analyze(game, f"mcts:time={args.mcts_seconds:g}s,threads={n}")
                    iterations.setdefault((game, n), []).append(mcts["info"]["nodes"])
                if "perft" in only:
                    perft.setdefault((game, n), []).append(perft_rate(game, PERFT_DEPTHS[game], n))
                if "playouts" in only:
                    playouts.setdefault((game, n), []).append(playout_rate(game, args.playout_seconds, n))
        loads.append(load())
    n = args.threads
    command = f"scripts/bench_threads.py --threads {n} --rounds {args.rounds}"
    if "search" in only:
        command += f" --mcts-seconds {args.mcts_seconds:g}"
    if "playouts" in only:
        command += f" --playout-seconds {args.playout_seconds:g}"
    if len(only) < len(MEASUREMENTS):
        command += f" --only {','.join(only)}"
    if out_path != OUT:
        shown = os.path.relpath(out_path, ROOT)
        command += f" --out {out_path if shown.startswith('..') else shown}"
    what = []
    if "search" in only:
        what.append("alpha-beta (Lazy SMP) timed to a fixed depth and MCTS (tree-parallel with virtual loss) iterations in a fixed time")
    if "perft" in only:
        what.append("perft to a fixed depth (the first moves shared out among the threads) in nodes per second")
    if "playouts" in only:
        what.append("random playouts (each thread its own seed, summed, from `arbiter bench`) in plies per second")
    intro = (
        "Written by `scripts/bench_threads.py` (do not edit by hand): from each game's start position, "
        + "; ".join(what)
        + f"; one thread against {n}, alternating; each cell lists the rounds, and the speed-up compares the medians. "
        + "How the searches' threads share the work is in [ai.md](ai.md)."
    )
    lines = [
        "# Threads",
        "",
        intro,
        "",
        f"Command: `{command}` · date: {datetime.date.today().isoformat()} · "
        f"load average during the run (1, 5, 15 min): {' → '.join(loads)} on {os.cpu_count()} cores.",
    ]
    if "search" in only:
        lines += [
            "",
            f"| game | alpha-beta to depth: seconds, 1 → {n} threads | speed-up | "
            f"MCTS iterations in {args.mcts_seconds:g} s, 1 → {n} threads | speed-up |",
            "|---|---|---:|---|---:|",
        ]
        for game, depth in DEPTHS.items():
            one, many = seconds[(game, 1)], seconds[(game, n)]
            it_one, it_many = iterations[(game, 1)], iterations[(game, n)]
            lines.append(
                f"| {game} | depth {depth}: {rounds(one, '.1f')} → {rounds(many, '.1f')} | "
                f"{statistics.median(one) / statistics.median(many):.2f}× | "
                f"{rounds(it_one, ',.0f')} → {rounds(it_many, ',.0f')} | "
                f"{statistics.median(it_many) / statistics.median(it_one):.2f}× |"
            )
    if "perft" in only or "playouts" in only:
        header, rule = ["game"], ["---"]
        if "perft" in only:
            header += [f"perft to depth: M nodes/s, 1 → {n} threads", "speed-up"]
            rule += ["---", "---:"]
        if "playouts" in only:
            header += [f"random playouts ({args.playout_seconds:g} s): M plies/s, 1 → {n} threads", "speed-up"]
            rule += ["---", "---:"]
        lines += ["", "| " + " | ".join(header) + " |", "|" + "|".join(rule) + "|"]
        for game in DEPTHS:
            cells = [game]
            for key, table, label in (
                ("perft", perft, f"depth {PERFT_DEPTHS[game]}: "),
                ("playouts", playouts, ""),
            ):
                if key in only:
                    one, many = [v / 1e6 for v in table[(game, 1)]], [v / 1e6 for v in table[(game, n)]]
                    cells += [
                        f"{label}{rounds(one, ',.1f')} → {rounds(many, ',.1f')}",
                        f"{statistics.median(many) / statistics.median(one):.2f}×",
                    ]
            lines.append("| " + " | ".join(cells) + " |")
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {out_path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
