"""What the measuring scripts share: the machine's load, written beside every figure they record, and
writing the page of a table."""

from __future__ import annotations

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


def write_doc(path: str, lines: list[str], note: str = "") -> None:
    """Writes a measured table's page (`lines`, one per line) and says so on stderr."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {os.path.relpath(path, ROOT)}{note}", file=sys.stderr)
