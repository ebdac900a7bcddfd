#!/usr/bin/env python3
"""Perft of Arbiter's games beside cozy-chess's chess perft, and beside an old Arbiter build, in one run.

    scripts/bench_perft.py [--current PATH] [--baseline PATH] [--rounds N] [--quick] [--write]

Measures, in alternating rounds on the same machine, (1) cozy-chess's chess perft with bulk counting
(tools/cozy-perft, built here if missing), (2) `arbiter perft GAME DEPTH` of an old build (commit
8ad3fb6 unless --baseline-commit says otherwise; built into the git worktree ../arbiter-COMMIT with
CARGO_TARGET_DIR=../target-COMMIT unless --baseline is given or that binary exists) and (3) `arbiter
perft` of the current build (target/release/arbiter, never built here). Every run is single-threaded.
Each round runs, for each game in turn: cozy-chess, the old build, the current build; the table shows
medians. It is printed, and with --write it replaces the part of docs/performance.md between the lines
`<!-- bench_perft.py: begin -->` and `<!-- bench_perft.py: end -->` (a new section at the end of the
file if they are missing). The figures in that part come from this script only, never edited by hand.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

from measured import load, write_marked

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
CURRENT = ROOT / "target" / "release" / "arbiter"
COZY_DIR = ROOT / "tools" / "cozy-perft"
COZY_BIN = COZY_DIR / "target" / "release" / "cozy-perft"
SECTION = """## Perft beside a chess move generator

Perft counts every sequence of moves of a given length from the start position, so its speed is that of
generating and playing moves. The table compares each game's perft on one thread in the current build with
the same count in an older build, and with cozy-chess, a chess move generator written in Rust, counting chess
move sequences with bulk counting (at the last ply the moves are counted, not played). The games differ, so
the last column compares speeds, not the work done. Written by `scripts/bench_perft.py --write`: medians of
alternating rounds on one machine.
"""

# Arbiter's games in table order, with the depths of the issue (the deepest under 30 s on one thread of
# the 2-core machine: Void 6 ≈ 13 s, Villawar 5 ≈ 3 s, Attraction 7 ≈ 2 s, the next depth of each over
# 30 s; Krux 3 takes a minute, but its depth 2 is too short to time) and of --quick. Krux counts distinct
# turns.
GAMES = {"void": (6, 4), "villawar": (5, 4), "attraction": (7, 5), "krux": (3, 2)}
CHESS_DEPTHS = (7, 6)
DEFAULT_COMMIT = "8ad3fb6"  # the day the issue "speed round: perft at chess-engine parity" was filed


def fail(message: str) -> NoReturn:
    sys.exit(f"bench_perft.py: {message}")


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    try:
        done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    except OSError as e:
        fail(f"cannot run {shlex.join(command)}: {e}")
    if done.returncode != 0:
        fail(f"{shlex.join(command)} failed (exit {done.returncode}):\n{done.stderr.strip()}")
    return done


def build_cozy() -> None:
    """Builds tools/cozy-perft (a standalone crate: its own lock file and target folder)."""
    print("building tools/cozy-perft …", file=sys.stderr)
    command = ["cargo", "build", "--release", "--manifest-path", str(COZY_DIR / "Cargo.toml")]
    env = {k: v for k, v in os.environ.items() if k != "CARGO_TARGET_DIR"}
    subprocess.run(command, check=True, env=env)


def build_baseline(commit: str, worktree: Path, target: Path) -> None:
    """Builds `commit`'s arbiter into `target` from the git worktree `worktree` (added if missing)."""
    if not worktree.exists():
        print(f"adding git worktree {worktree} at {commit} …", file=sys.stderr)
        subprocess.run(["git", "worktree", "add", "--detach", str(worktree), commit], cwd=ROOT, check=True)
    elif not (worktree / ".git").exists():
        fail(f"{worktree} exists but is not a git worktree; remove it or pass --baseline")
    head = run(["git", "rev-parse", "HEAD"], cwd=worktree).stdout.strip()
    wanted = run(["git", "rev-parse", f"{commit}^{{commit}}"], cwd=ROOT).stdout.strip()
    if head != wanted:
        fail(f"the worktree {worktree} is at {head[:12]}, not {commit}; remove it or pass --baseline")
    print(f"building {commit} into {target} (several minutes) …", file=sys.stderr)
    env = dict(os.environ, CARGO_TARGET_DIR=str(target))
    subprocess.run(["cargo", "build", "--release", "-p", "arbiter-cli"], cwd=worktree, env=env, check=True)


class Arbiter:
    """An arbiter binary, with what its `perft` command accepts."""

    def __init__(self, path: Path):
        self.path = path
        help_text = run([str(path), "perft", "--help"]).stdout
        self.json = "--json" in help_text
        self.threads = "--threads" in help_text

    def perft(self, game: str, depth: int) -> dict[str, float]:
        command = [str(self.path), "perft", game, str(depth)]
        command += ["--threads", "1"] if self.threads else []
        command += ["--json"] if self.json else []
        out = run(command).stdout
        return parse_arbiter(out, self.json, command)


def parse_arbiter(out: str, is_json: bool, command: list[str]) -> dict[str, float]:
    """Nodes, seconds and nodes/s from `arbiter perft`'s JSON line, or from its text:
    `perft(N) = X` and `time: T s, R nodes/s` (T has three decimals, so R is taken as printed)."""
    if is_json:
        for line in reversed(out.splitlines()):
            if line.strip().startswith("{"):
                value = json.loads(line)
                return {k: float(value[k]) for k in ("nodes", "seconds", "nodes_per_second")}
    else:
        nodes = re.search(r"perft\(\d+\)\s*=\s*(\d+)", out)
        time = re.search(r"time:\s*([0-9.eE+-]+)\s*s\s*,\s*([0-9.eE+-]+)\s*nodes/s", out)
        if nodes and time:
            return {"nodes": float(nodes[1]), "seconds": float(time[1]), "nodes_per_second": float(time[2])}
    fail(f"cannot read the output of {shlex.join(command)}:\n{out.strip()}")


def cozy_perft(path: Path, depth: int) -> dict[str, float]:
    command = [str(path), str(depth)]
    value = json.loads(run(command).stdout)
    return {k: float(value[k]) for k in ("nodes", "seconds", "nodes_per_second")}


def rate(x: float) -> str:
    return f"{x / 1e6:.1f} M" if x >= 1e6 else f"{x / 1e3:.0f} k"


def median(runs: list[dict[str, float]], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def describe_tree() -> str:
    try:
        command = ["git", "describe", "--always", "--dirty"]
        out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    except OSError:
        return "unknown"
    return out.stdout.strip() or "unknown"


def table(args, games, depths, chess_depth, runs, loads, label: str, command: str) -> str:
    cozy_all = [r for game in games for r in runs["cozy"][game]]
    cozy_rate = median(cozy_all, "nodes_per_second")
    lines = [
        f"cozy-chess 0.3, chess perft({chess_depth}) from the start with bulk counting: "
        f"{int(cozy_all[0]['nodes']):,} nodes, {rate(cozy_rate)} nodes/s (median of {len(cozy_all)} runs).",
        "",
        f"| game | depth | nodes | current nodes/s | {label} nodes/s | current / {label} | current / cozy-chess |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    notes = []
    for game in games:
        current, baseline = runs["current"][game], runs["baseline"][game]
        nodes = int(current[0]["nodes"])
        if any(int(r["nodes"]) != nodes for r in current + baseline):
            notes.append(f"{game}: the builds count different nodes ({int(baseline[0]['nodes']):,} in {label}).")
        cur, base = median(current, "nodes_per_second"), median(baseline, "nodes_per_second")
        lines.append(
            f"| {game} | {depths[game]} | {nodes:,} | {rate(cur)} | {rate(base)} | "
            f"{cur / base:.2f}× | {cur / cozy_rate:.2f}× |"
        )
    lines.append("")
    lines += notes + ([""] if notes else [])
    if args.current.resolve() == CURRENT.resolve():
        built = f"current build from the working tree at {describe_tree()}"
    else:
        built = f"current build {args.current}"
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    lines.append(
        f"`{command}`, {now} (UTC), {built}; "
        f"{os.cpu_count()} cores, load averages {loads[0]} before and {loads[1]} after; "
        f"{args.rounds} round{'s' if args.rounds != 1 else ''}, one thread."
    )
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 2)[2],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add = parser.add_argument
    add("--current", type=Path, default=CURRENT, help="the current build's arbiter (default: target/release/arbiter)")
    add("--baseline", type=Path, help="an old build's arbiter binary (default: built from --baseline-commit)")
    add(
        "--baseline-commit",
        help=f"the old build's commit, built when --baseline is not given (default {DEFAULT_COMMIT}); "
        "with --baseline, the old build's name in the table",
    )
    add(
        "--cozy",
        type=Path,
        default=COZY_BIN,
        help="the cozy-perft binary (default: tools/cozy-perft's, built if missing)",
    )
    add("--rounds", type=int, default=3, help="rounds, median taken (default 3)")
    add("--games", default=",".join(GAMES), help=f"comma-separated games (default {','.join(GAMES)})")
    add("--chess-depth", type=int, help="cozy-chess's perft depth (default 7, 6 with --quick)")
    add("--quick", action="store_true", help="smaller depths: void 4, villawar 4, attraction 5, krux 2, chess 6")
    add("--write", action="store_true", help="rewrite the generated part of docs/performance.md (else print only)")
    args = parser.parse_args()

    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in GAMES]
    if not games or unknown or len(set(games)) != len(games):
        parser.error(f"--games takes distinct names among {', '.join(GAMES)}")
    depths = {g: GAMES[g][1 if args.quick else 0] for g in games}
    chess_depth = args.chess_depth if args.chess_depth is not None else CHESS_DEPTHS[1 if args.quick else 0]
    if not 1 <= chess_depth <= 20:
        parser.error("--chess-depth must be between 1 and 20")

    if not os.access(args.current, os.X_OK):
        parser.error(f"no current build at {args.current} (cargo build --release -p arbiter-cli)")
    if args.baseline is not None:
        if not os.access(args.baseline, os.X_OK):
            parser.error(f"--baseline {args.baseline} is not an executable file")
        baseline_path, label = args.baseline, args.baseline_commit or "baseline"
    else:
        short = args.baseline_commit or DEFAULT_COMMIT
        worktree, target = ROOT.parent / f"arbiter-{short}", ROOT.parent / f"target-{short}"
        baseline_path, label = target / "release" / "arbiter", short
        if not os.access(baseline_path, os.X_OK):
            build_baseline(short, worktree, target)
    if not os.access(args.cozy, os.X_OK):
        if args.cozy != COZY_BIN:
            parser.error(f"--cozy {args.cozy} is not an executable file")
        build_cozy()

    current, baseline = Arbiter(args.current), Arbiter(baseline_path)
    for name, build in (("current", current), (label, baseline)):
        flags = f"--json {'yes' if build.json else 'no, text parsed'}, --threads {'yes' if build.threads else 'no'}"
        print(f"{name}: {build.path} ({flags})", file=sys.stderr)

    runs: dict[str, dict[str, list[dict[str, float]]]] = {
        key: {game: [] for game in games} for key in ("cozy", "baseline", "current")
    }
    loads = [load()]
    for r in range(args.rounds):
        for game in games:
            for key in ("cozy", "baseline", "current"):
                if key == "cozy":
                    what, result = f"cozy-chess chess {chess_depth}", cozy_perft(args.cozy, chess_depth)
                else:
                    build = baseline if key == "baseline" else current
                    what = f"{label if key == 'baseline' else key} {game} {depths[game]}"
                    result = build.perft(game, depths[game])
                runs[key][game].append(result)
                print(
                    f"round {r + 1}/{args.rounds}: {what}: {int(result['nodes']):,} nodes, "
                    f"{result['seconds']:.3f} s, {rate(result['nodes_per_second'])} nodes/s",
                    file=sys.stderr,
                )
    loads.append(load())

    command = shlex.join(["scripts/bench_perft.py", *sys.argv[1:]])
    body = table(args, games, depths, chess_depth, runs, loads, label, command)
    print(body, end="")
    if args.write:
        write_marked(str(DOC), "bench_perft.py", body, SECTION)
    return 0


if __name__ == "__main__":
    sys.exit(main())
