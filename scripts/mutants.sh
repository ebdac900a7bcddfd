#!/usr/bin/env bash
# Mutation testing of one game crate's rules code with cargo-mutants (not part of CI: about
# 30–60 minutes per game on 2 cores).
#
#   scripts/mutants.sh GAME [OUT_DIR [CARGO_MUTANTS_ARGS…]]   GAME: void, krux, attraction, villawar
#   scripts/mutants.sh core [OUT_DIR …]     the default methods of core's split Game traits
#
# e.g. `scripts/mutants.sh krux mutants/krux --iterate` goes on from an interrupted run (or re-tests
# only what a previous run missed), and `JOBS=1` builds one mutant at a time.
#
# Mutates the files that hold the game's rules — move generation, move application, outcome
# and notation, plus the files those delegate to — and runs against each mutant the game's own
# fast tests: the crate's unit tests and test files (without Void's minutes-long differential
# against voidgame) and, from `arbiter-games`, the golden playthroughs and the data files
# (positions, notation, pinned perft figures). The crates' `conformance` test files are left out: cargo
# selects tests by file name, and that name would also run arbiter-games' conformance suite over every
# game (minutes a run at the mutants' opt-level 0). The score is (caught + timeouts) / (caught + missed +
# timeouts) in OUT_DIR/mutants.out (default: mutants/GAME, which git ignores); a full run (no extra
# arguments) writes the game's row of docs/mutants.md.
#
# `core` mutates the trait files whose default methods every game may keep (game, heuristics,
# presentation, encoding) and tests them with core's own tests (the toy game, which keeps every
# default) and, from arbiter-games, the playthroughs and data files of the four games.
set -euo pipefail

game=${1:?usage: scripts/mutants.sh void|krux|attraction|villawar|core [OUT_DIR]}
root=$(cd "$(dirname "$0")/.." && pwd)
out=${2:-$root/mutants/$game}
src=crates/$game/src
rules=(movegen play outcome notation)

case $game in
void) extra=() tests=(rules notation) ;;
krux) extra=(turn token canonical stepwise) tests=(rules notation reference turn_builder variants words) ;;
attraction) extra=(orbit route) tests=(rules notation reference) ;;
villawar) extra=(fill score rule) tests=(rules notation reference dynamic) ;;
core) rules=() extra=(game heuristics presentation encoding) tests=(toy_game) ;;
*)
    echo "unknown game '$game' (void, krux, attraction, villawar or core)" >&2
    exit 2
    ;;
esac

files=()
for f in "${rules[@]}" "${extra[@]}"; do
    files+=(-f "$src/$f.rs")
done
test_args=(--lib --test playthroughs --test data_files)
for t in "${tests[@]}"; do
    test_args+=(--test "$t")
done
# The same targets for cargo-mutants' build and test phases (as --cargo-arg): otherwise each
# mutant would build every test target of both packages.
cargo_args=()
for a in "${test_args[@]}"; do
    cargo_args+=("--cargo-arg=$a")
done

command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants

cd "$root"
# cargo-mutants' own baseline run tests only the mutated package (it ignores --test-package),
# so the unmutated tree is tested here with exactly the mutants' command, and its baseline
# skipped; the timeouts are then fixed rather than derived from the baseline: 120 s, several times the
# unmutated tests' 20-50 s at opt-level 0 on a busy 2-core machine, so that only a mutant that
# loops or slows the tests many times over times out. The mutants' build
# folders start cold (`--copy-target=false`): copying target/ would copy every other build too,
# tens of gigabytes on a working machine.
cargo test -q --profile mutants -p "arbiter-$game" -p arbiter-games "${test_args[@]}" >/dev/null
mkdir -p "$out"
started=$(date -u '+%Y-%m-%d %H:%M')
status=0
cargo mutants -p "arbiter-$game" --test-package="arbiter-$game,arbiter-games" \
    --profile mutants --copy-target=false --baseline=skip --timeout 120 --build-timeout 900 -j "${JOBS:-2}" \
    "${files[@]}" --output "$out" "${cargo_args[@]}" "${@:3}" || status=$?
# cargo-mutants exits 2 when a mutant was missed and 3 when one timed out: the run itself went
# through. Only a full run of the script's own scope (no extra arguments, such as --iterate, which
# tests only what an earlier run missed) is a score for the table.
ran=$([[ $status -eq 0 || $status -eq 2 || $status -eq 3 ]] && echo yes || echo no)
if [[ $ran == yes && $# -le 2 ]]; then
    python3 "$root/scripts/mutants_table.py" "$game" "$out" "scripts/mutants.sh $game" "$started"
elif [[ $ran == yes ]]; then
    echo "docs/mutants.md left as it was: a run with extra arguments is not the game's full score" >&2
fi
exit "$status"
