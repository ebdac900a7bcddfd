#!/usr/bin/env bash
# Rewrites the golden playthroughs (crates/games/data/playthroughs/<game>[-<variant>]-<n>.txt):
# three seeded random games per game and variant, ply by ply. The test
# `cargo test -p arbiter-games --test playthroughs` fails when the engines no longer play them
# exactly; run this after an intended change and review `git diff` of the files.
set -euo pipefail
cd "$(dirname "$0")/.."
ARBITER_UPDATE_PLAYTHROUGHS=1 cargo test --quiet -p arbiter-games --test playthroughs -- --nocapture "$@"
echo "playthroughs in crates/games/data/playthroughs/: $(ls crates/games/data/playthroughs/*.txt | wc -l) files, $(du -sh crates/games/data/playthroughs | cut -f1)"
git status --short -- crates/games/data/playthroughs || true
