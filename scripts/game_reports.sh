#!/usr/bin/env bash
# The long game reports behind docs/reports.md: every game (Villawar at every size) and the Krux
# rule variants, at a budget of a few hours on 2 cores. Games are cached in OUT (default
# reports-long/), so a stopped run continues where it stopped; then the key charts are copied to
# docs/reports/<report>/.
#
#   scripts/game_reports.sh [OUT]           # all of it
#   ONLY="krux void" scripts/game_reports.sh  # some reports only (names as below)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-reports-long}
ARBITER=${ARBITER:-target/release/arbiter}
CONCURRENCY=${CONCURRENCY:-2}
[ -x "$ARBITER" ] || cargo build --release -p arbiter-cli

# name | game[:options] | arguments
REPORTS=(
  "krux|krux|--games 200 --levels 1,3,5"
  "villawar-6|villawar:size=6|--games 200 --levels 1,3,5 --seconds-per-move 0.1"
  "villawar-8|villawar|--games 100 --levels 1,3,5 --seconds-per-move 0.1"
  "villawar-10|villawar:size=10|--games 40 --levels 1,3,5 --seconds-per-move 0.1"
  "void|void|--games 60 --levels 1,3,5 --seconds-per-move 0.1"
  "attraction|attraction|--games 60 --levels 1,3,5 --seconds-per-move 0.1"
  # Krux's rule variants, each in self-play at level 5 (alpha-beta to depth 2), as today's rules above.
  "krux-setup-spread|krux:setup=spread|--games 100 --levels 5"
  "krux-setup-reversed|krux:setup=reversed|--games 100 --levels 5"
  "krux-setup-centre|krux:setup=centre|--games 100 --levels 5"
  "krux-setup-facing|krux:setup=facing|--games 100 --levels 5"
  "krux-hole-blocks|krux:hole=blocks|--games 100 --levels 5"
  "krux-freeze-off|krux:freeze=off|--games 100 --levels 5"
  "krux-distance-1|krux:distance=1|--games 100 --levels 5"
)
# The charts worth showing outside the page.
PLOTS="balance endings duration branching ladder drama"

for entry in "${REPORTS[@]}"; do
  IFS='|' read -r name game args <<<"$entry"
  if [ -n "${ONLY:-}" ]; then case " $ONLY " in *" $name "*) ;; *) continue ;; esac; fi
  echo "== $name ($game $args) $(date +%T)"
  # shellcheck disable=SC2086
  "$ARBITER" report "$game" $args --concurrency "$CONCURRENCY" --out "$OUT/$name"
  [ -n "${NO_COPY:-}" ] && continue
  mkdir -p "docs/reports/$name"
  cp "$OUT/$name/index.html" "docs/reports/$name/"
  case $name in krux-*) continue ;; esac # a variant's page is enough
  for plot in $PLOTS; do
    if [ -f "$OUT/$name/plots/$plot.svg" ]; then cp "$OUT/$name/plots/$plot.svg" "docs/reports/$name/"; fi
  done
done
# The headline table of docs/reports.md, from every report in OUT (a game without one keeps its row).
[ -n "${NO_COPY:-}" ] || python3 scripts/reports_table.py --out "$OUT"
echo "reports in $OUT/, charts in docs/reports/"
