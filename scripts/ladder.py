#!/usr/bin/env python3
"""The strength ladder: each level against the one below it, per game, written to docs/ladder.md.

    scripts/ladder.py GAME [GAME ...] [--levels 5,6] [--games N] [--concurrency C] [--bin DIR]
                      [--against BIN --release NAME] [--records DIR]

For each GAME (with options, like villawar:size=6) and each level n of --levels (2 to 6; default
all), `arbiter match GAME --a level=n --b level=(n-1)`: N games at most from 4 random safe opening
plies, colours alternating, stopped early by an SPRT(0, 50) once one level is clearly stronger.
The claim the levels make is that each beats the one below by at least 65%; a row says whether it
did, with the score's 95% interval. The levels are timed (levels 5 and 6 think 250 ms and 1 s a
move), so the load of the machine is written beside each row: C games at once on fewer than 2C
idle cores slow both sides alike but shorten what each level sees. Each game's rows replace the
ones from an earlier run; the others are kept.

With --against BIN (an earlier build's arbiter, called NAME by --release, e.g. its commit), each
level n plays that build's level n instead, run as an engine (`engine:BIN engine GAME,Level=n`):
the claim that a release's strongest level beats the one before it by the same 65%.

With --records DIR each pair's match keeps its games in DIR/GAME/PAIR (`arbiter match --records`),
and a pair whose folder already holds a match continues it (`--resume`): an SPRT of hours survives
a killed run or a restarted machine. Use a new DIR for a new build.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys

from measured import ROOT, arbiter_binary, load, table_rows, write_doc

OUT = os.path.join(ROOT, "docs", "ladder.md")

HEAD = [
    "# Strength ladder: each level against the one below",
    "",
    "Written by `scripts/ladder.py` (do not edit by hand): `arbiter match GAME --a level=n --b level=n-1` from 4",
    "random safe opening plies, stopped early by an SPRT(0, 50). The levels (agent specs) and why they are what they",
    "are: [strength.md](strength.md). A pair \"n vs n of NAME\" is level n against the same level of an earlier",
    "build NAME (a commit), played as an engine (`--against BIN --release NAME`): a release against the one before.",
    "",
    "| game | pair | the first's score (W–D–L, Elo [95%]) | ≥ 65%? | SPRT | command, date, load |",
    "|---|---|---|---|---|---|",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", help="games with options, like villawar:size=6")
    parser.add_argument("--levels", default="2,3,4,5,6",
                        help="the upper level of each pair (default 2,3,4,5,6; with --against, the level of both)")
    parser.add_argument("--games-per-pair", "--games", dest="n", type=int, default=60,
                        help="games per pair at most (default 60)")
    parser.add_argument("--concurrency", type=int, default=1, help="games at once (default 1)")
    parser.add_argument("--bin", help="a folder with a prebuilt arbiter; by default target/release, built first")
    parser.add_argument("--against", metavar="BIN", help="an earlier build's arbiter binary: level n plays its level n")
    parser.add_argument("--release", metavar="NAME", help="what to call that build in the table (e.g. its commit)")
    parser.add_argument("--records", metavar="DIR",
                        help="keep each pair's games in DIR/GAME/PAIR and continue a pair found there")
    args = parser.parse_args()
    if bool(args.against) != bool(args.release):
        parser.error("--against and --release go together")
    if args.against and not os.access(args.against, os.X_OK):
        parser.error(f"--against {args.against}: not an executable file")
    binary = arbiter_binary(args.bin)
    pairs = [int(n) for n in args.levels.split(",")]
    if any(n < (1 if args.against else 2) or n > 6 for n in pairs):
        parser.error("--levels are the upper levels of pairs, 2 to 6 (with --against, 1 to 6)")
    rows = []
    for game in args.games:
        for n in pairs:
            before = load()
            if args.against:
                pair, other = f"{n} vs {n} of {args.release}", f"engine:{args.against} engine {game},Level={n}"
            else:
                pair, other = f"{n} vs {n - 1}", f"level={n - 1}"
            command = [binary, "match", game, "--a", f"level={n}", "--b", other, "-n", str(args.n),
                       "--opening-plies", "4", "--safe-openings", "--sprt", "0,50", "--concurrency",
                       str(args.concurrency), "--json"]
            if args.records:
                folder = os.path.join(args.records, game.replace(":", "_"), pair.replace(" ", "-"))
                command += ["--records", folder]
                if os.path.exists(os.path.join(folder, "match.jsonl")):
                    command.append("--resume")
            print("$ " + " ".join(command), file=sys.stderr, flush=True)
            m = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
            t, e = m["tally"], m["elo"]
            played = t["wins"] + t["draws"] + t["losses"]
            sprt = m.get("sprt") or {}
            shown = (f"scripts/ladder.py {game} --levels {n} --games {args.n} --concurrency {args.concurrency}"
                     + (f" --against BIN --release {args.release}" if args.against else ""))
            rows.append(
                f"| {game} | {pair} | {m['score'] * 100:.1f}% "
                f"({t['wins']}–{t['draws']}–{t['losses']} of {played}, {e['elo']:+.0f} [{e['low']:+.0f}, "
                f"{e['high']:+.0f}]) | {'yes' if m['score'] >= 0.65 else 'no'} | {sprt.get('status', '—')}"
                f"{' (LLR %.2f)' % sprt['llr'] if 'llr' in sprt else ''} | `{shown}`, "
                f"{datetime.date.today().isoformat()}, load {before} → {load()} on {os.cpu_count()} cores |"
            )
            print(rows[-1], file=sys.stderr, flush=True)
    replaced = {tuple(r.split(" | ")[:2]) for r in rows}
    kept = table_rows(OUT, lambda row: tuple(row.split(" | ")[:2]) not in replaced)
    write_doc(OUT, HEAD + sorted(kept + rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
