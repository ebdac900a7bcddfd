"""What the measuring scripts share: the machine's load, written beside every figure they record, and
writing the page of a table."""

from __future__ import annotations

import os
import sys


def load() -> str:
    """The load average over the last 1, 5 and 15 minutes: a busy machine lowers every speed figure
    and shortens what a timed search sees, so each table says how busy the machine was."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def write_doc(path: str, lines: list[str], note: str = "") -> None:
    """Writes a measured table's page (`lines`, one per line) and says so on stderr."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    print(f"wrote {os.path.relpath(path, root)}{note}", file=sys.stderr)
