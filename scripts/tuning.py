#!/usr/bin/env python3
"""What Texel tuning gives today: games recorded, then `arbiter tune`, written to docs/tuning.md.

    scripts/tuning.py GAME [--a SPEC] [--b SPEC] [--games N] [--opening-plies P] [--skip-plies S]
                      [--seed S] [--concurrency C] [--records DIR [--reuse]] [--bin DIR]

Plays N games of GAME (with options, like villawar:size=6) between two searches, A and B, from P
random safe opening plies, recording them into DIR (default runs/tuning/GAME, which git ignores;
a folder that already holds records is refused, or with --reuse tuned on as it is), then fits the evaluation's weights to the results
with `arbiter tune GAME --records DIR --skip-plies S --json`. A row per term gives the weight in
the code today, the tuned weight, and the mean squared error on the held-out games before and
after: weights that move far, with the held-out error falling, are a candidate for the code (to
be confirmed by a match, see strength.md). Each game's rows replace the ones from an earlier run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys

from measured import ROOT, arbiter_binary, load, table_rows, write_doc

OUT = os.path.join(ROOT, "docs", "tuning.md")

HEAD = [
    "# What tuning the evaluation gives today",
    "",
    "Written by `scripts/tuning.py` (do not edit by hand): games between two searches recorded, then `arbiter tune`",
    "(Texel's method, described in [strength.md](strength.md#tuning-the-evaluation)) fits the weights to their",
    "results. \"In the code\" is the weight the evaluation has now; the error is the mean squared error of the",
    "predicted result on the held-out games (every fifth), before and after.",
    "",
    "| game | term | in the code | tuned | held-out error before → after | data | command, date, load |",
    "|---|---|---:|---:|---|---|---|",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a game with options, like villawar:size=6")
    parser.add_argument("--a", default="alphabeta:depth=3", help="agent A (default alphabeta:depth=3)")
    parser.add_argument("--b", default="alphabeta:depth=2", help="agent B (default alphabeta:depth=2)")
    parser.add_argument("--games", type=int, default=400, help="games to record (default 400)")
    parser.add_argument("--opening-plies", type=int, default=8, help="random safe opening plies (default 8)")
    parser.add_argument("--skip-plies", type=int, default=8, help="plies of each game left out (default 8)")
    parser.add_argument("--max-plies", type=int, default=300, help="a game's length at most (default 300)")
    parser.add_argument("--seed", type=int, default=7, help="the openings' seed (default 7)")
    parser.add_argument("--concurrency", type=int, default=1, help="games at once (default 1)")
    parser.add_argument("--records", help="the records' folder (default runs/tuning/GAME)")
    parser.add_argument("--reuse", action="store_true", help="tune on the records already in the folder")
    parser.add_argument("--bin", help="a folder with a prebuilt arbiter; by default target/release, built first")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    binary = arbiter_binary(args.bin)
    records = args.records or os.path.join(ROOT, "runs", "tuning", args.game.replace(":", "-").replace("=", "-"))
    os.makedirs(records, exist_ok=True)
    held = [f for f in os.listdir(records) if f.endswith(".json")]
    if held and not args.reuse:
        parser.error(f"{records} already holds {len(held)} records: --reuse to tune on them, or another --records")
    before = load()
    play = [binary, "match", args.game, "--a", args.a, "--b", args.b, "-n", str(args.games),
            "--opening-plies", str(args.opening_plies), "--safe-openings", "--max-plies", str(args.max_plies),
            "--seed", str(args.seed), "--concurrency", str(args.concurrency), "--records", records]
    if not held:
        print("$ " + " ".join(play), file=sys.stderr, flush=True)
        subprocess.run(play, check=True, stdout=subprocess.DEVNULL)
    tune = [binary, "tune", args.game.split(":")[0], "--records", records, "--skip-plies", str(args.skip_plies),
            "--json"]
    print("$ " + " ".join(tune), file=sys.stderr, flush=True)
    t = json.loads(subprocess.run(tune, check=True, capture_output=True, text=True).stdout)
    v = t["error"]["validation"]
    shown = (f"scripts/tuning.py {args.game} --a {args.a} --b {args.b} --games {args.games} "
             f"--opening-plies {args.opening_plies} --skip-plies {args.skip_plies} --seed {args.seed}"
             + (" --reuse" if held else ""))
    data = (f"{t['games']} games ({t['unfinished']} unfinished left out), "
            f"{t['positions']['train']:,} + {t['positions']['validation']:,} held-out positions")
    stamp = f"`{shown}`, {datetime.date.today().isoformat()}, load {before} → {load()} on {os.cpu_count()} cores"
    error = (f"{v['before']:.5f} → {v['after']:.5f}" if t["positions"]["validation"]
             else "— (too few games to hold any out)")
    rows = []
    for i, term in enumerate(t["terms"]):
        first = i == 0
        rows.append(
            f"| {args.game} | {term['term']} | {term['weight']:.2f} | {term['tuned']:.2f} | "
            + (f"{error} | {data} | {stamp} |" if first else "| | |")
        )
        print(rows[-1], file=sys.stderr, flush=True)
    kept = table_rows(OUT, lambda row: row.split(" | ")[0] != f"| {args.game}")
    write_doc(OUT, HEAD + kept + rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
