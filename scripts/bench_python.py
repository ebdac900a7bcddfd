#!/usr/bin/env python3
"""The Python package's speed, measured (not a test).

1. A Python loop of random games on one core -- ``legal_moves()`` + ``random.choice`` + ``play()``
   until the game ends -- for every Arbiter game; the same games through actions
   (``legal_actions()`` + ``random.choice`` + ``apply_action()``: Krux's turns step by step), and
   the actions loop over OpenSpiel's own C++ games (Breakthrough, Chess) in the same run when
   ``pyspiel`` imports. Plies are whole turns in every game.
2. ``arbiter.random_playouts`` (the bulk call, in Rust without the GIL) next to the figure of
   ``arbiter bench`` (the CLI, same machine, same run) when the ``arbiter`` binary is found.

Every figure is the best of --repeat runs (2 by default), the runs of all the games interleaved, so that
a busy machine hurts every column alike.

Usage: scripts/bench_python.py [--seconds S] [--bulk-seconds S] [--repeat N] [--arbiter PATH]
                               [--games void,villawar,...] [--json] [--write docs/python-speed.md]
(run it with the project's .venv Python after ``maturin develop --release``). ``--write`` also
writes the tables, with the command and the date, to that Markdown file.
"""

import argparse
import datetime
import json
import os
import random
import shutil
import subprocess
import sys
import time

import arbiter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ["void", "krux", "attraction", "villawar:size=6", "villawar", "villawar:size=10"]
SPIEL_GAMES = ["breakthrough", "chess"]


def timed_games(seconds, new_state, play_out):
    """Whole games for about `seconds`, each `play_out(new_state())` returning its plies:
    (plies per second, games, plies)."""
    plies = games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        plies += play_out(new_state())
        games += 1
    return plies / (time.perf_counter() - started), games, plies


def loop_arbiter(spec, seconds, seed=1):
    """Random games through moves: legal_moves() + random.choice + play()."""
    choice = random.Random(seed).choice

    def play_out(state):
        plies = 0
        while not state.is_over:
            state.play(choice(state.legal_moves()))
            plies += 1
        return plies

    return timed_games(seconds, arbiter.Game(spec).new_state, play_out)


def loop_actions(spec, seconds, seed=1):
    """Random games through actions, as OpenSpiel loops. A stepwise game's action is a step; its
    plies are the whole turns the games made."""
    choice = random.Random(seed).choice

    def play_out(state):
        while not state.is_over:
            state.apply_action(choice(state.legal_actions()))
        return state.ply

    return timed_games(seconds, arbiter.Game(spec).new_state, play_out)


def loop_spiel(pyspiel, name, seconds, seed=1):
    """The actions loop over an OpenSpiel game, through its own API."""
    choice = random.Random(seed).choice

    def play_out(state):
        plies = 0
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            plies += 1
        return plies

    return timed_games(seconds, pyspiel.load_game(name).new_initial_state, play_out)


def bulk(spec, seconds, seed=1):
    """arbiter.random_playouts for about `seconds`: (plies per second, playouts)."""
    state = arbiter.Game(spec).new_state()
    probe = arbiter.random_playouts(state, 20, seed=seed)
    per_game = max(probe["seconds"] / 20, 1e-7)
    n = max(20, int(seconds / per_game))
    result = arbiter.random_playouts(state, n, seed=seed)
    return result["plies_per_second"], n


def find_cli(given):
    if given:
        return given
    for candidate in (os.path.join(ROOT, "target", "release", "arbiter"), shutil.which("arbiter")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def cli_bench(cli, spec, seconds):
    """`arbiter bench SPEC --json`'s playout figure (plies per second)."""
    out = subprocess.run(
        [cli, "bench", spec, "--seconds", str(seconds), "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out)[0]["plies_per_second"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per loop figure (default 3)")
    parser.add_argument("--bulk-seconds", type=float, default=1.5,
                        help="seconds per bulk figure, and `arbiter bench --seconds` (default 1.5)")
    parser.add_argument("--repeat", type=int, default=2, help="runs per figure, the best kept (default 2)")
    parser.add_argument("--arbiter", help="the arbiter CLI binary (default: target/release/arbiter or PATH)")
    parser.add_argument("--games", help="comma-separated game specs (default: all, Villawar in three sizes)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--write", help="also write the tables, with the command and date, to this Markdown file")
    args = parser.parse_args()
    specs = args.games.split(",") if args.games else GAMES

    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("  pyspiel does not import: no OpenSpiel figures (pip install open-spiel)", file=sys.stderr)

    best = {}

    def keep(key, row):
        if key not in best or row["plies_per_second"] > best[key]["plies_per_second"]:
            best[key] = row

    for run in range(args.repeat):
        for spec in specs:
            rate, games, plies = loop_arbiter(spec, args.seconds)
            keep(("arbiter", spec), {"game": spec, "api": "moves", "plies_per_second": rate, "games": games,
                                     "plies": plies})
            print(f"  run {run + 1}: loop {spec}: {rate:,.0f} plies/s", file=sys.stderr)
            rate, games, plies = loop_actions(spec, args.seconds)
            keep(("actions", spec), {"game": spec, "api": "actions", "plies_per_second": rate, "games": games,
                                     "plies": plies})
            print(f"  run {run + 1}: actions loop {spec}: {rate:,.0f} plies/s", file=sys.stderr)
        for name in SPIEL_GAMES if pyspiel is not None else []:
            rate, games, plies = loop_spiel(pyspiel, name, args.seconds)
            keep(("pyspiel", name), {"game": f"pyspiel {name}", "api": "actions", "plies_per_second": rate,
                                     "games": games, "plies": plies})
            print(f"  run {run + 1}: loop pyspiel {name}: {rate:,.0f} plies/s", file=sys.stderr)
    loop_rows = list(best.values())

    cli = find_cli(args.arbiter)
    bulk_best, cli_best = {}, {}
    for run in range(args.repeat):
        for spec in specs:
            rate, n = bulk(spec, args.bulk_seconds)
            bulk_best[spec] = max(bulk_best.get(spec, 0.0), rate)
            if cli:
                cli_best[spec] = max(cli_best.get(spec, 0.0), cli_bench(cli, spec, args.bulk_seconds))
            print(f"  run {run + 1}: bulk {spec}: {rate:,.0f} plies/s, CLI {cli_best.get(spec, 0):,.0f}",
                  file=sys.stderr)
    bulk_rows = []
    for spec in specs:
        row = {"game": spec, "random_playouts_plies_per_second": bulk_best[spec]}
        if cli:
            row["cli_bench_plies_per_second"] = cli_best[spec]
            row["ratio"] = bulk_best[spec] / cli_best[spec]
        bulk_rows.append(row)

    if args.json:
        print(json.dumps({"loop": loop_rows, "bulk": bulk_rows, "cli": cli}, indent=2))
        return
    lines = tables(args, loop_rows, bulk_rows, cli)
    print("\n".join(lines))
    if args.write:
        command = "scripts/bench_python.py " + " ".join(sys.argv[1:])
        head = [
            "# Python speed",
            "",
            f"Written by `{command.strip()}` on {datetime.date.today().isoformat()} (do not edit by hand). "
            "What the loops are: [python.md](python.md#measured).",
            "",
        ]
        with open(args.write, "w") as f:
            f.write("\n".join(head + lines) + "\n")


def tables(args, loop_rows, bulk_rows, cli):
    """The figures as Markdown tables."""
    cpu = os.uname().machine
    lines = [
        f"Python {sys.version.split()[0]}, arbiter {arbiter.__version__}, {os.cpu_count()} cores ({cpu}), "
        f"best of {args.repeat} runs, one core.",
        "",
        f"Python loops of random games, {args.seconds:g} s a run: `moves` is `legal_moves()` + `random.choice` + "
        "`play()`, `actions` is `legal_actions()` + `random.choice` + `apply_action()` (Krux: a step at a time; "
        "plies are whole turns everywhere).",
        "",
        "| game | API | plies/s | games |",
        "|---|---|---:|---:|",
    ]
    for r in loop_rows:
        lines.append(f"| {r['game']} | {r['api']} | {r['plies_per_second']:,.0f} | {r['games']} |")
    lines += [
        "",
        f"Bulk random playouts (`arbiter.random_playouts`, no GIL) against the CLI's `arbiter bench`, "
        f"{args.bulk_seconds:g} s a run:",
        "",
        "| game | random_playouts | arbiter bench | ratio |",
        "|---|---:|---:|---:|",
    ]
    for r in bulk_rows:
        cli_rate = r.get("cli_bench_plies_per_second")
        cli_text = f"{cli_rate:,.0f}" if cli_rate else "(no binary)"
        ratio = f"{r['ratio']:.2f}" if cli_rate else ""
        lines.append(f"| {r['game']} | {r['random_playouts_plies_per_second']:,.0f} | {cli_text} | {ratio} |")
    if not cli:
        lines += ["", "(build the CLI with `cargo build --release -p arbiter-cli` for the `arbiter bench` column)"]
    return lines


if __name__ == "__main__":
    main()
