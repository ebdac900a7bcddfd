#!/usr/bin/env python3
"""The headline table of docs/reports.md, written from the long reports' report.json files.

    scripts/reports_table.py [--out DIR] [--doc PATH]

DIR holds the reports of scripts/game_reports.sh (default reports-long/), which calls this script when it
is done. For each game's report (Villawar at each size) a row: at the report's strongest level, the first
player's score with half its 95% interval (Wilson's), bold when that interval leaves out 50%; the draws;
the median length with its 10-90% range; the legal moves per position in those games; and the same
first three for random play. The rows replace the part of PATH (default docs/reports.md) between
`<!-- reports_table.py: begin -->` and `<!-- reports_table.py: end -->`; a game whose report is not in
DIR keeps its row. Never edit those lines by hand.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re

from measured import ROOT, load_report, write_marked

# report folder, the game's name in the table
REPORTS = [
    ("krux", "Krux"),
    ("void", "Void"),
    ("attraction", "Attraction"),
    ("villawar-6", "Villawar 6×6"),
    ("villawar-8", "Villawar 8×8"),
    ("villawar-10", "Villawar 10×10"),
]
MARKER = "reports_table.py"


def pct(x: float) -> str:
    return f"{x * 100:.0f}%"


def length(plies: dict) -> str:
    return f"{plies['median']:g} ({plies['p10']:g}–{plies['p90']:g})"


def row(name: str, report: dict) -> tuple[int, str]:
    """The report's strongest level and its row."""
    level = max(report["config"]["levels"])
    by_label = {m["label"]: m for m in report["matchups"]}
    top, rand = by_label[f"level {level}"], by_label["random"]
    s = top["first_score"]
    score = f"{pct(s['p'])} ± {pct((s['high'] - s['low']) / 2)}"
    if s["low"] > 0.5 or s["high"] < 0.5:
        score = f"**{score}**"
    r = rand["first_score"]
    return level, (
        f"| {name} | {score} (n = {top['games']}) | {pct(top['draws']['p'])} | {length(top['plies'])} | "
        f"{top['branching']['mean']:.0f} | {pct(r['p'])}, {pct(rand['draws']['p'])}, {rand['plies']['median']:g} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "reports-long"), help="the reports (default reports-long/)")
    parser.add_argument("--doc", default=os.path.join(ROOT, "docs", "reports.md"), help="the page to write")
    args = parser.parse_args()
    with open(args.doc, encoding="utf-8") as f:
        old = f.read()
    kept = {}
    inside = re.search(rf"<!-- {re.escape(MARKER)}: begin -->\n(.*?)<!-- {re.escape(MARKER)}: end -->", old, re.S)
    if inside:
        for line in inside.group(1).splitlines():
            if line.startswith("| ") and not line.startswith("| game "):
                kept[line.split(" | ")[0][2:]] = line
    rows, levels, found = [], set(), 0
    for folder, name in REPORTS:
        report = load_report(args.out, folder)
        if report is None:
            if name in kept:
                rows.append(kept[name])
            continue
        level, line = row(name, report)
        levels.add(level)
        rows.append(line)
        found += 1
    if not found:
        raise SystemExit(f"no report.json under {args.out}: run scripts/game_reports.sh first")
    level = "/".join(str(n) for n in sorted(levels))
    body = "\n".join(
        [
            f"| game | first player's score at level {level} | draws | median length (10–90%), plies | "
            "legal moves per position | random play: first player, draws, median length |",
            "|---|---|---|---|---|---|",
            *rows,
            "",
            f"Written by `scripts/reports_table.py` from {found} report{'' if found == 1 else 's'} of `scripts/game_reports.sh` "
            f"({datetime.date.today().isoformat()}); a row whose report was not there is kept as it was.",
        ]
    )
    write_marked(args.doc, MARKER, body, "## Headline figures")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
