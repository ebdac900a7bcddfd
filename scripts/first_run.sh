#!/usr/bin/env bash
# How long the README's two commands take the first time: a fresh clone of this commit with an
# empty target folder, an empty cargo registry cache and no .venv or node_modules, then the test
# command, then the first `serve` until it answers. Appends a row per run to docs/first-run.md.
#
#   scripts/first_run.sh           on the machine as it is (keep it otherwise idle)
#   scripts/first_run.sh busy      with one core kept busy by another job for the whole run
#
# What it cannot make fresh: the Debian packages (chromium, postgresql, nginx, nodejs) and the
# Rust toolchain stay installed, and downloads come from whatever mirrors and network there are.
set -euo pipefail
cd "$(dirname "$0")/.."
load=${1:-idle}
case "$load" in idle | busy) ;; *) echo "usage: scripts/first_run.sh [idle|busy]" >&2; exit 2 ;; esac

repo=$PWD
commit=$(git rev-parse --short HEAD)
work=$(mktemp -d /tmp/arbiter-first-run.XXXXXX)
hog=""
serve_pid=""
cleanup() {
    [ -n "$hog" ] && kill "$hog" 2>/dev/null || true
    [ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

git clone --quiet "$repo" "$work/arbiter"
git -C "$work/arbiter" checkout --quiet "$commit"
# Fresh caches: crates, wheels and npm packages are downloaded as on a new machine.
export CARGO_HOME="$work/cargo-home" PIP_NO_CACHE_DIR=1 npm_config_cache="$work/npm-cache"
mkdir -p "$CARGO_HOME"
unset CARGO_TARGET_DIR
# The toolchain itself stays where rustup put it.
cargo=$(command -v cargo)
export PATH="$(dirname "$cargo"):$PATH" RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}"

if [ "$load" = busy ]; then
    # Another job on one of the cores, as on a developer's machine with a build or a browser busy.
    (while :; do :; done) &
    hog=$!
fi

ticks=$(getconf CLK_TCK)

echo "== first run of $commit ($load): the test command"
start=$SECONDS
# The whole log is kept in /tmp, whatever happens.
log=/tmp/arbiter-first-run-$commit-$load.log
set +e
/usr/bin/time -f "%e %U %S" -o "$work/test.time" \
    bash -c "cd '$work/arbiter' && scripts/test.sh" >"$log" 2>&1
test_status=$?
set -e
grep '^== \[' "$log" || true
[ "$test_status" = 0 ] || { tail -40 "$log" >&2; echo "the test command failed ($test_status): $log" >&2; exit 1; }
# time(1) writes its figures on the last line (after a note when the command failed).
read -r test_wall test_user test_sys < <(tail -1 "$work/test.time")

echo "== first run of $commit ($load): the first serve"
port=$((20000 + RANDOM % 20000))
serve_start=$SECONDS
(cd "$work/arbiter" && exec cargo run --quiet --release -p arbiter-cli -- serve --addr "127.0.0.1:$port" \
    --db "$work/arbiter.db") >"$work/serve.log" 2>&1 &
serve_pid=$!
until curl -fs -o /dev/null "http://127.0.0.1:$port/"; do
    kill -0 "$serve_pid" 2>/dev/null || { cat "$work/serve.log" >&2; exit 1; }
    sleep 1
done
serve_wall=$((SECONDS - serve_start))
serve_cpu=$(awk -v t="$ticks" '{ print ($16 + $17) / t }' /proc/$serve_pid/stat)

# Where the test command's time went: each "== [Ns] step" line marks when a step began.
phases=$(awk -v total="$test_wall" '
    /^== \[[0-9]+s\]/ {
        t = substr($2, 2) + 0
        if (name != "") printf "%s %d min %02d s; ", name, (t - at) / 60, (t - at) % 60
        name = $3; at = t
        for (i = 4; i <= NF && i <= 5; i++) name = name " " $i
        sub(/ *[(:,].*$/, "", name)
    }' "$log")

mmss() { printf "%d min %02d s" "$(( ${1%.*} / 60 ))" "$(( ${1%.*} % 60 ))"; }
out=docs/first-run.md
if [ ! -f "$out" ]; then
    cat >"$out" <<'EOF'
# First-run times

How long the README's two commands take the first time, written by `scripts/first_run.sh`
(`scripts/first_run.sh` on an otherwise idle machine, `scripts/first_run.sh busy` with one core
kept busy by another job). Each run starts from a fresh clone with an empty target folder and
empty cargo, pip and npm caches, so crates, wheels and npm packages are downloaded again; the
Debian packages (chromium, postgresql, nginx, nodejs) were already installed, and installing
them adds a few minutes more on a new machine, depending on its mirror.

What the figures depend on: most of the test command is its `cargo test` step — compiling the
workspace's optimised test build, then running the tests (the browser tests in Chromium, the
PostgreSQL and several-server tests); the rest is clippy's check build, the Python binding built
in release and its tests, and the downloads. `serve` compiles the release build with link-time
optimisation (reusing what the binding's release build compiled). Compiling and the tests are
CPU-bound, so the figures follow the cores free for them (two here) and the CPU's speed, and the
network's speed for the downloads; a second run only rebuilds what changed.

| date | commit | machine | load | test command | its CPU time | steps of the test command | first `serve` after it | its CPU time |
|---|---|---|---|---|---|---|---|---|
EOF
fi
machine="$(nproc) cores, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo | sed 's/  */ /g')"
cpu=$(awk -v u="$test_user" -v s="$test_sys" 'BEGIN { print u + s }')
echo "| $(date -u +%Y-%m-%d) | $commit | $machine | $load | $(mmss "$test_wall") | $(mmss "$cpu") | ${phases%; } | $(mmss "$serve_wall") | $(mmss "$serve_cpu") |" >>"$out"
tail -1 "$out"
