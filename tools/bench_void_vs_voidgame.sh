#!/usr/bin/env bash
# Measures Arbiter's Void and voidgame 1.1 playing random games in one run, on one core each
# in turn, and prints both rates and their ratio. Usage: tools/bench_void_vs_voidgame.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
if ! .venv/bin/python -c 'import voidgame' 2>/dev/null; then
  python3 -m venv .venv && .venv/bin/pip install --quiet voidgame==1.1
fi
cargo build --release --quiet -p arbiter-cli
ours=$(target/release/arbiter bench void --seconds "$seconds" --json | .venv/bin/python -c 'import json,sys; print(json.load(sys.stdin)[0]["plies_per_second"])')
theirs=$(.venv/bin/python tools/bench_voidgame.py --seconds "$seconds" --mode clicks | .venv/bin/python -c 'import json,sys; print(json.load(sys.stdin)["plies_per_second"])')
.venv/bin/python - "$ours" "$theirs" <<'PY'
import sys
ours, theirs = float(sys.argv[1]), float(sys.argv[2])
print(f"arbiter void : {ours:12.0f} random-playout plies/s")
print(f"voidgame 1.1 : {theirs:12.0f} random-click plies/s")
print(f"ratio        : {ours / theirs:12.0f}x")
PY
