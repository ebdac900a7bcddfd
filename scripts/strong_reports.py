#!/usr/bin/env python3
"""Balance with strong play: game reports at the top level, written to docs/reports-strong.md.

    scripts/strong_reports.py [--out DIR] [--level N] [--concurrency C] [--bin DIR] [NAME ...]

For each report (by default all of REPORTS; or the NAMEs given), `arbiter report GAME --levels N
-n GAMES` into DIR/NAME (games cached there, so a stopped run resumes), then a table of the
self-play of level N from every report.json in DIR: the first player's score with its 95% interval,
draws and length. docs/reports.md compares these with the level-5 figures of the long reports.
"""

from __future__ import annotations

import argparse
import datetime
import os
import subprocess
import sys

from measured import arbiter_binary, load_report, write_doc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "reports-strong.md")

# name, game with options, games: the boards whose verdicts docs/reports.md asks about (Krux under
# every setup, Villawar's smallest and largest board).
REPORTS = [
    ("krux", "krux", 60),
    ("villawar-6", "villawar:size=6", 40),
    ("villawar-10", "villawar:size=10", 20),
    ("krux-setup-spread", "krux:setup=spread", 40),
    ("krux-setup-facing", "krux:setup=facing", 40),
    ("krux-freeze-off", "krux:freeze=off", 40),
    ("krux-setup-reversed", "krux:setup=reversed", 40),
    ("krux-hole-blocks", "krux:hole=blocks", 40),
    ("krux-distance-1", "krux:distance=1", 40),
    ("krux-setup-centre", "krux:setup=centre", 40),
    # Issue 36's candidates for Krux's recommended rules (a first cut of 100 games each): the fairest setups
    # combined with the rulings, and the swap rule (after the random opening, the first chosen turn may be
    # swapped); and whether the swap rule balances Villawar's small and large boards.
    ("krux-swap", "krux:swap=on", 100),
    ("krux-setup-facing-swap", "krux:setup=facing,swap=on", 100),
    ("krux-setup-spread-swap", "krux:setup=spread,swap=on", 400),  # survived the first cut
    # The recommended set again, with the level 6 that has Krux's net (the row above is without it).
    ("krux-setup-spread-swap-net", "krux:setup=spread,swap=on", 400),
    # With the net the swap rule leans to the second player (36-42% over 400 games each): the setups without the
    # swap, again with the net (a first cut of 100 games each).
    ("krux-setup-facing-net", "krux:setup=facing", 400),  # survived the first cut
    ("krux-setup-spread-net", "krux:setup=spread", 100),
    ("krux-net", "krux", 100),
    # The other setups and rulings with the net, as many games as their rows without it (issue 34: the reports
    # re-run with the new top level).
    ("krux-freeze-off-net", "krux:freeze=off", 40),
    ("krux-setup-reversed-net", "krux:setup=reversed", 40),
    ("krux-hole-blocks-net", "krux:hole=blocks", 40),
    ("krux-distance-1-net", "krux:distance=1", 40),
    ("krux-setup-centre-net", "krux:setup=centre", 40),
    ("krux-facing-freeze-off", "krux:setup=facing,freeze=off", 100),
    ("krux-spread-freeze-off", "krux:setup=spread,freeze=off", 100),
    ("krux-facing-distance-1", "krux:setup=facing,distance=1", 100),
    ("krux-spread-distance-1", "krux:setup=spread,distance=1", 100),
    # The rulings that did not pass alone, with the swap rule (a first cut of 100 games each).
    ("krux-facing-freeze-off-swap", "krux:setup=facing,freeze=off,swap=on", 100),
    ("krux-spread-freeze-off-swap", "krux:setup=spread,freeze=off,swap=on", 400),  # survived the first cut
    ("krux-facing-distance-1-swap", "krux:setup=facing,distance=1,swap=on", 400),  # survived the first cut
    ("krux-spread-distance-1-swap", "krux:setup=spread,distance=1,swap=on", 100),
    ("villawar-6-swap", "villawar:size=6,swap=on", 40),
    ("villawar-10-swap", "villawar:size=10,swap=on", 20),
]


def pct(x: float) -> str:
    return f"{x * 100:.0f}%"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="reports to (re)play, by name (default: all); none played with --table-only")
    parser.add_argument("--out", default=os.path.join(ROOT, "reports-strong"), help="report folders (default reports-strong/)")
    parser.add_argument("--level", type=int, default=6, help="the level that plays itself (default 6)")
    parser.add_argument("--concurrency", type=int, default=2, help="games at once (default 2)")
    parser.add_argument("--bin", help="a folder with a prebuilt arbiter; by default target/release, built first")
    parser.add_argument("--table-only", action="store_true", help="only write the table from the reports in --out")
    args = parser.parse_args()
    if not args.table_only:
        binary = arbiter_binary(args.bin)
        for name, game, games in REPORTS:
            if args.names and name not in args.names:
                continue
            command = [binary, "report", game, "--levels", str(args.level), "-n", str(games), "--concurrency",
                       str(args.concurrency), "--out", os.path.join(args.out, name)]
            print("$ " + " ".join(command), file=sys.stderr, flush=True)
            subprocess.run(command, check=True, capture_output=True)
    # The rows already in the table, by game and spec: a report whose folder is not here (another
    # machine, an earlier checkout) keeps its rows and their dates. One game may have rows of several
    # specs (Krux's level 6 before and after its net).
    kept: dict = {}
    if os.path.exists(OUT):
        with open(OUT, encoding="utf-8") as f:
            text = f.read()
        old_date = next((line.split(";")[0][len("Date: "):] for line in text.splitlines()
                         if line.startswith("Date: ")), "")
        for line in text.splitlines():
            if line.startswith("| `"):
                cells = line.split(" | ")
                if len(cells) == 7:  # written before rows had their own date
                    line = line + f" {old_date} |"
                kept[(cells[0][2:].strip("`"), cells[1].strip("`"))] = line
    today = datetime.date.today().isoformat()
    reports = {name: load_report(args.out, name) for name, _, _ in REPORTS}
    measured = {(game, next(level["spec"] for level in reports[name]["levels"] if level["level"] == args.level))
                for name, game, _ in REPORTS if reports[name] is not None}
    rows = []
    for name, game, _ in REPORTS:
        report = reports[name]
        if report is None:
            for (kept_game, spec), line in kept.items():
                if kept_game == game and (kept_game, spec) not in measured and line not in rows:
                    rows.append(line)
            continue
        label = f"level {args.level}"
        selfplay = [m for m in report["matchups"] if m["label"] == label]
        if not selfplay:
            continue
        m = selfplay[0]
        s, d, p = m["first_score"], m["draws"], m["plies"]
        spec = next(level["spec"] for level in report["levels"] if level["level"] == args.level)
        row = (
            f"| `{game}` | `{spec}` | {m['games']} | {m['first']['wins']}–{m['first']['draws']}–{m['first']['losses']} | "
            f"**{pct(s['p'])}** ({pct(s['low'])}–{pct(s['high'])}) | {pct(d['p'])} | {p['median']:g} "
            f"({p['p10']:g}–{p['p90']:g}) |"
        )
        # A row whose figures did not change keeps the date of the run that measured them.
        old = kept.get((game, spec), "")
        rows.append(old if old.rsplit(" | ", 1)[0] + " |" == row else f"{row} {today} |")
    lines = [
        "# Balance with strong play",
        "",
        f"Written by `scripts/strong_reports.py` (do not edit by hand) from `arbiter report GAME --levels {args.level}`: "
        f"level {args.level} against itself at its own time per move, after 2 random opening plies (none lets the "
        "opponent win at once; each opening played with both colours). First player's score = (wins + draws/2) / "
        "games, with Wilson's 95% interval. Compared with level 5 in [reports.md](reports.md#with-strong-play).",
        "",
        f"Each row is dated by the run that measured it (a row whose report is not in `{os.path.relpath(args.out, ROOT)}/` "
        "is kept as it was). Both sides are the same engine: games 2k and 2k + 1 share their opening and often repeat "
        "each other move for move, so the intervals (which count every game) are narrower than the evidence.",
        "",
        "| game | level's spec | games | first player won–drew–lost | first player's score (95%) | draws | median plies (10–90%) | measured |",
        "|---|---|---:|---|---|---:|---|---|",
        *rows,
    ]
    write_doc(OUT, lines, f" ({len(rows)} reports)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
