#!/usr/bin/env python3
"""Writes one game's mutation score into docs/mutants.md from a cargo-mutants run (do not edit that file by hand).

    scripts/mutants_table.py GAME OUT_DIR COMMAND START

Called by scripts/mutants.sh when its cargo-mutants run ends: reads OUT_DIR/mutants.out/outcomes.json,
counts the mutants caught, missed, timed out and unviable, and replaces GAME's row of the table (the
other games' rows are kept), with the mutants no test caught listed under the table. A timeout counts
as caught (the mutant made a test loop), as cargo-mutants reports it; unviable mutants (which do not
build) are left out of the score: score = (caught + timeouts) / (caught + missed + timeouts).
"""

from __future__ import annotations

import datetime
import json
import os
import sys

from measured import load

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "mutants.md")
TARGET = 0.95

HEAD = [
    "# Mutation scores of the game crates",
    "",
    "Written by `scripts/mutants.sh GAME` through `scripts/mutants_table.py` (do not edit by hand): cargo-mutants on",
    "the files that hold the game's rules against the game's own fast tests (`core`: the default methods of the split",
    "Game traits against core's toy game and the games' playthroughs; what is mutated and tested, and why:",
    "[architecture.md](architecture.md#mutation-testing)). Score = caught (timeouts included) / viable mutants; the",
    f"target is ≥ {TARGET:.0%}. Each run replaces its game's row and list of missed mutants.",
    "",
    "| game | mutants | viable | caught | timeouts | missed | score | ≥ 95%? | command, started → ended, load |",
    "|---|---:|---:|---:|---:|---:|---:|---|---|",
]
MISSED = "## Missed mutants"


def counts(outcomes: list[dict]) -> dict[str, int]:
    """The number of mutants per cargo-mutants summary, the unmutated baseline left out."""
    tally: dict[str, int] = {}
    for outcome in outcomes:
        if outcome.get("scenario") == "Baseline":
            continue
        tally[outcome["summary"]] = tally.get(outcome["summary"], 0) + 1
    return tally


def read_existing() -> tuple[list[str], dict[str, list[str]]]:
    """The table's rows and each game's list of missed mutants from the file as it is."""
    rows: list[str] = []
    missed: dict[str, list[str]] = {}
    if not os.path.exists(OUT):
        return rows, missed
    section = None
    with open(OUT, encoding="utf-8") as f:
        for line in f.read().splitlines():
            if line.startswith("### "):
                section = line[4:].strip()
                missed[section] = []
            elif section is not None and line.startswith("- "):
                missed[section].append(line)
            elif section is None and line.startswith("| ") and not line.startswith("| game"):
                rows.append(line)
    return rows, missed


def main() -> int:
    if len(sys.argv) != 5:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    game, out_dir, command, started = sys.argv[1:]
    path = os.path.join(out_dir, "mutants.out", "outcomes.json")
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        print(f"no cargo-mutants outcomes to read at {path}: {e}", file=sys.stderr)
        return 1
    tally = counts(data.get("outcomes", []))
    caught = tally.get("CaughtMutant", 0)
    missed = tally.get("MissedMutant", 0)
    timeouts = tally.get("Timeout", 0)
    unviable = tally.get("Unviable", 0)
    total = sum(tally.values())
    viable = caught + missed + timeouts
    if viable == 0:
        print(f"{path} holds no viable mutant (summaries: {tally})", file=sys.stderr)
        return 1
    score = (caught + timeouts) / viable
    ended = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
    row = (
        f"| {game} | {total} | {viable} | {caught} | {timeouts} | {missed} | {score:.1%} | "
        f"{'yes' if score >= TARGET else 'no'} | `{command}`, {started} → {ended} UTC, "
        f"load {load()} on {os.cpu_count()} cores |"
    )
    if total != viable + unviable:
        print(f"unexpected summaries in {path}: {tally}", file=sys.stderr)
        return 1
    names = []
    for outcome in data.get("outcomes", []):
        if outcome.get("summary") == "MissedMutant":
            scenario = outcome.get("scenario", {})
            mutant = scenario.get("Mutant", scenario) if isinstance(scenario, dict) else scenario
            names.append(f"- `{mutant.get('name', mutant) if isinstance(mutant, dict) else mutant}`")

    rows, missed_lists = read_existing()
    rows = [r for r in rows if r.split(" | ")[0] != f"| {game}"] + [row]
    missed_lists[game] = sorted(names) or ["- none"]
    lines = HEAD + sorted(rows) + ["", MISSED, ""]
    for name in sorted(missed_lists):
        lines += [f"### {name}", ""] + missed_lists[name] + [""]
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines).rstrip("\n") + "\n")
    print(row, file=sys.stderr)
    print(f"wrote {os.path.relpath(OUT, ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
