"""What the measuring scripts share: the machine's load, written beside every figure they record, and
writing the page of a table."""

from __future__ import annotations

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def arbiter_binary(folder: str | None) -> str:
    """The `arbiter` to measure: the one in `folder` (a prebuilt one, so that the tree may change while a
    long run goes on), or else target/release's, built first so that it is this tree's."""
    if not folder:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "arbiter-cli"], cwd=ROOT, check=True)
    return os.path.join(folder or os.path.join(ROOT, "target", "release"), "arbiter")


def load() -> str:
    """The load average over the last 1, 5 and 15 minutes: a busy machine lowers every speed figure
    and shortens what a timed search sees, so each table says how busy the machine was."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def table_rows(path: str, keep=lambda row: True) -> list[str]:
    """The data rows of the tables in `path` (none if it does not exist yet) for which `keep` holds: a
    script replaces the rows of what it measured again and keeps the others."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    heads = {i - 1 for i, line in enumerate(lines) if line.startswith("|---")}
    return [line for i, line in enumerate(lines)
            if line.startswith("| ") and i not in heads and not line.startswith("|---") and keep(line)]


def write_marked(path: str, marker: str, body: str, heading: str) -> None:
    """Replaces a script's part of a page that also holds prose: the lines between `<!-- MARKER: begin -->` and
    `<!-- MARKER: end -->` become `body`; a page without them gets `heading`, the markers and `body` at its end."""
    begin, end = f"<!-- {marker}: begin -->", f"<!-- {marker}: end -->"
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.strip() == begin]
    ends = [i for i, line in enumerate(lines) if line.strip() == end]
    body = body if body.endswith("\n") else body + "\n"
    if starts or ends:
        if len(starts) != 1 or len(ends) != 1 or starts[0] > ends[0]:
            raise SystemExit(f"{path}: expected one {begin!r} line followed by one {end!r} line")
        new = "".join(lines[: starts[0] + 1]) + body + "".join(lines[ends[0]:])
    else:
        new = f"{text}{'' if text.endswith(chr(10)) else chr(10)}\n{heading}\n{begin}\n{body}{end}\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)
    print(f"wrote {os.path.relpath(path, ROOT)}", file=sys.stderr)


def write_doc(path: str, lines: list[str], note: str = "") -> None:
    """Writes a measured table's page (`lines`, one per line) and says so on stderr."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {os.path.relpath(path, ROOT)}{note}", file=sys.stderr)


def load_report(out: str, name: str) -> dict | None:
    """The report.json of `arbiter report … --out OUT/NAME`, or None when that report is not there (its row in a
    table is then kept as it was)."""
    path = os.path.join(out, name, "report.json")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)
