#!/usr/bin/env bash
# Draws every diagram of the players' rules (docs/rules/<game>.md) from the rules' manifests
# (docs/rules/<game>.json) with the web app's own drawing: docs/rules/img/<game>-<id>.svg.
# A test fails when the committed files are not what the program draws.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p arbiter-cli
rm -f docs/rules/img/*.svg
for game in void krux attraction villawar; do
  target/release/arbiter diagram "$game" --rules-images docs/rules/img >/dev/null
done
echo "wrote $(ls docs/rules/img/*.svg | wc -l) diagrams into docs/rules/img/"
