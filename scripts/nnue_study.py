#!/usr/bin/env python3
"""Data, net and measurements of a learned evaluation for one game, written to docs/nnue.md.

    scripts/nnue_study.py GAME [--games N] [--agent SPEC] [--epochs E] [--hidden H]
                          [--scale S] [--lambda L] [--proven] [--depth D] [--time T] [--match-games M]
                          [--top SPEC --against SPEC --top-games K] [--inputs views] [--versus NET]
                          [--bin DIR]

1. `arbiter datagen GAME` (resumed if the data file is there): N self-play games of SPEC.
2. `arbiter-train` on that data: the net in nets/<game>.safetensors, its curve beside it (with
   --proven, the positions whose score the search proved are trained on too; with --inputs views,
   a net of each player's view with an accumulator per player, in nets/<game>-views.safetensors).
3. Speed: alpha-beta to depth D from the start with the net and with the game's own evaluation,
   alternating, three times each (nodes per second and time to the depth).
4. Strength: the net against the game's own evaluation (or, with --versus NET, against alpha-beta
   with that net: `builtin` for the net the game carries), alpha-beta on both sides, first at equal
   depth D (does the net judge positions better?), then at equal time T per move (does it pay for
   its cost?), each M games from 4 random safe opening plies, stopped early by an SPRT(0, 50).
5. With --top and --against: the top spec with the net (say today's level 6, `alphabeta:time=1s,lmr=on`)
   against another agent (say the baseline build's level 6 as an engine), K games, SPRT(0, 50).

A run's row in docs/nnue.md replaces the row of the same command (other settings tried for the game
are kept); the table says the command and date.
The data files stay in nets/data/ and the nets in nets/ (neither committed: a net that wins is copied
into its game crate's nets/ folder, named by its hash, and named in the crate's nets.rs); the curves
go to docs/nnue/.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys

from measured import load, table_rows, write_doc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "nnue.md")
NETS = os.path.join(ROOT, "nets")
ARBITER = os.path.join(ROOT, "target", "release", "arbiter")
TRAIN = os.path.join(ROOT, "target", "release", "arbiter-train")

HEAD = [
    "# Learned evaluations: measured",
    "",
    "Written by `scripts/nnue_study.py` (do not edit by hand): for each game, self-play data from `arbiter datagen`, a",
    "net from `arbiter-train`, then alpha-beta with the net (A) against alpha-beta with the game's own evaluation (B;",
    "with `--versus NET` in the command, B is alpha-beta with that net, `builtin` the one the game carries):",
    "nodes per second from the start (median of three, alternating), and matches from 4 random safe opening plies at",
    "equal depth and at equal time per move, each stopped early by an SPRT(0, 50). What the parts are:",
    "[learning.md](learning.md).",
    "",
    "| game | command, date, load | data | training (validation loss: untrained → last epoch) | nodes/s: net / own | equal depth: A's score (W–D–L, Elo) | equal time: A's score (W–D–L, Elo, SPRT) | top spec with the net against another: its score |",
    "|---|---|---|---|---|---|---|---|",
]


def run(command: list[str], **kw) -> str:
    print("$ " + " ".join(command), file=sys.stderr, flush=True)
    return subprocess.run(command, check=True, capture_output=True, text=True, **kw).stdout


def rate(game: str, agent: str) -> float:
    out = run([ARBITER, "analyze", game, "--agent", agent, "--json"])
    return json.loads(out.strip().splitlines()[-1])["info"]["nodes_per_second"]


def match(game: str, a: str, b: str, games: int, concurrency: int = 1) -> dict:
    out = run([ARBITER, "match", game, "--a", a, "--b", b, "-n", str(games), "--opening-plies", "4",
               "--safe-openings", "--sprt", "0,50", "--concurrency", str(concurrency), "--json"])
    return json.loads(out)


def score(m: dict, with_sprt: bool) -> str:
    t, e = m["tally"], m["elo"]
    games = t["wins"] + t["draws"] + t["losses"]
    text = (f"{m['score'] * 100:.1f}% ({t['wins']}–{t['draws']}–{t['losses']} of {games}, "
            f"{e['elo']:+.0f} [{e['low']:+.0f}, {e['high']:+.0f}])")
    if with_sprt and m.get("sprt"):
        text += f", SPRT {m['sprt']['status']} (LLR {m['sprt']['llr']:.2f})"
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="the game with options, like villawar or villawar:size=10")
    parser.add_argument("--games", type=int, default=4000, help="self-play games of data (default 4000)")
    parser.add_argument("--agent", default="alphabeta:nodes=2000", help="the datagen agent")
    parser.add_argument("--epochs", type=int, default=8, help="training epochs (default 8)")
    parser.add_argument("--hidden", type=int, default=128, help="hidden width (default 128)")
    parser.add_argument("--scale", type=float, default=400.0,
                        help="the score the target's sigmoid divides by, about the size of a clear advantage in the "
                        "game's own units (default 400)")
    parser.add_argument("--lambda", dest="lam", type=float, default=0.5,
                        help="share of the game's result in the target (default 0.5)")
    parser.add_argument("--proven", action="store_true",
                        help="train on the positions whose score was proven too (left out by default)")
    parser.add_argument("--depth", type=int, default=3, help="depth of the equal-depth match and the speed runs")
    parser.add_argument("--time", default="250ms", help="time per move of the equal-time match (default 250ms)")
    parser.add_argument("--match-games", type=int, default=100, help="games per match at most (default 100)")
    parser.add_argument("--top", help="a strong spec to give the net, like alphabeta:time=1s,lmr=on")
    parser.add_argument("--against", help="what --top with the net plays, like engine:PATH engine GAME,Level=6")
    parser.add_argument("--top-games", type=int, default=40, help="games of that match at most (default 40)")
    parser.add_argument("--inputs", choices=["planes", "views"], default="planes",
                        help="the net's inputs: the observation planes (default) or each player's view (NNUE's two "
                        "accumulators)")
    parser.add_argument("--versus", help="B's net instead of the game's own evaluation: builtin or a net file")
    parser.add_argument("--bin", help="a folder with prebuilt arbiter and arbiter-train (so that the tree can change "
                        "during a long run); by default both are built in target/release")
    args = parser.parse_args()
    global ARBITER, TRAIN
    if args.bin:
        ARBITER, TRAIN = os.path.join(args.bin, "arbiter"), os.path.join(args.bin, "arbiter-train")
    else:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "arbiter-cli", "-p", "arbiter-train"], cwd=ROOT,
                       check=True)
    name = re.sub(r"[^a-z0-9]+", "-", args.game.lower()).strip("-")
    os.makedirs(os.path.join(NETS, "data"), exist_ok=True)
    data = os.path.join(NETS, "data", f"{name}.bin")
    net = os.path.join(NETS, f"{name}{'-views' if args.inputs == 'views' else ''}.safetensors")
    loads = [load()]
    summary = json.loads(run([ARBITER, "datagen", args.game, "--out", data, "--games", str(args.games),
                              "--agent", args.agent, "--json"]))
    curve = os.path.join(ROOT, "docs", "nnue", f"{name}{'-views' if args.inputs == 'views' else ''}-curve.svg")
    trained = json.loads(run([TRAIN, "--data", data, "--out", net, "--epochs", str(args.epochs), "--hidden",
                              str(args.hidden), "--scale", str(args.scale), "--lambda", str(args.lam), "--curve",
                              curve, "--inputs", args.inputs, "--json"] + (["--proven"] if args.proven else [])))
    loads.append(load())
    versus = f",net={args.versus}" if args.versus else ""
    with_net = f"alphabeta:depth={args.depth},net={os.path.relpath(net, ROOT)}"
    own = f"alphabeta:depth={args.depth}{versus}"
    rates: dict[str, list[float]] = {"net": [], "own": []}
    for _ in range(3):
        rates["net"].append(rate(args.game, with_net))
        rates["own"].append(rate(args.game, own))
    depth = match(args.game, with_net, own, args.match_games)
    timed = match(args.game, f"alphabeta:time={args.time},net={os.path.relpath(net, ROOT)}",
                  f"alphabeta:time={args.time}{versus}", args.match_games)
    top = "—"
    if args.top and args.against:
        # One game per core: each side thinks on one thread, and the two games share nothing.
        m = match(args.game, f"{args.top},net={os.path.relpath(net, ROOT)}", args.against, args.top_games,
                  concurrency=os.cpu_count() or 1)
        top = f"`{args.top}` + net vs `{args.against}`: {score(m, True)}"
    loads.append(load())
    validation = trained["curve"]["validation"]
    command = (f"scripts/nnue_study.py {args.game} --games {args.games} --agent {args.agent} --epochs {args.epochs} "
               f"--hidden {args.hidden} --depth {args.depth} --time {args.time} --match-games {args.match_games}")
    if (args.scale, args.lam) != (400.0, 0.5):
        command += f" --scale {args.scale:g} --lambda {args.lam:g}"
    if args.proven:
        command += " --proven"
    if args.inputs == "views":
        command += " --inputs views"
    if args.versus:
        command += f" --versus {args.versus}"
    if args.top and args.against:
        command += f" --top {args.top} --against '{args.against}' --top-games {args.top_games}"
    net_rate, own_rate = statistics.median(rates["net"]), statistics.median(rates["own"])
    views = trained.get("views", 1)
    shape = (f"{trained['inputs']} → {args.hidden}" if views == 1
             else f"2 views × ({trained['inputs']} → {args.hidden})")
    row = (
        f"| {args.game} | `{command}`, {datetime.date.today().isoformat()}, load {' → '.join(loads)} on "
        f"{os.cpu_count()} cores | {args.games} games of `{args.agent}`: {trained['training_positions']:,} training "
        f"and {trained['validation_positions']:,} validation positions ({trained['proven']:,} proven ones "
        f"{'among them' if args.proven else 'left out'}) | {shape} → 1, {args.epochs} epochs: {validation[0][1]:.4f} → "
        f"{validation[-1][1]:.4f} ({trained['seconds']:.0f} s) | {net_rate / 1e3:,.0f} k / {own_rate / 1e3:,.0f} k "
        f"({net_rate / own_rate:.2f}×) | depth {args.depth}: {score(depth, False)} | {args.time}: "
        f"{score(timed, True)} | {top} |"
    )
    # A row is replaced by a run of the same command; other settings of the same game are kept.
    rows = table_rows(OUT, lambda line: not line.startswith(f"| {args.game} | `{command}`"))
    write_doc(OUT, HEAD + rows + [row], f" and {os.path.relpath(net, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
