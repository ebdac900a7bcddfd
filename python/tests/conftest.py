"""What the test files share: the arbiter CLI built beside the package, to compare the two."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def cli_binary():
    """The arbiter CLI: ARBITER_BIN, else the most recently built of target/release and target/debug, if any."""
    if os.environ.get("ARBITER_BIN"):
        return os.environ["ARBITER_BIN"]
    built = [p for p in (ROOT / "target/release/arbiter", ROOT / "target/debug/arbiter") if p.is_file()]
    return str(max(built, key=lambda p: p.stat().st_mtime)) if built else None


@pytest.fixture
def arbiter_cli():
    """The CLI's path; the test fails (it is not skipped) when it is not built."""
    cli = cli_binary()
    if cli is None:
        pytest.fail("the arbiter CLI is not built: cargo build -p arbiter-cli (the test command builds it first)")
    return cli
