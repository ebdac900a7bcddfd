"""What the measuring scripts share: the machine's load, written beside every figure they record."""

from __future__ import annotations

import os


def load() -> str:
    """The load average over the last 1, 5 and 15 minutes: a busy machine lowers every speed figure
    and shortens what a timed search sees, so each table says how busy the machine was."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())
