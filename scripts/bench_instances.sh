#!/usr/bin/env bash
# The web server under the same bounded load on three set-ups, side by side in one run:
# one instance on SQLite, one on PostgreSQL, two on one PostgreSQL. The load (examples/site_load.rs):
# GAMES games played at once over HTTP, a WebSocket watcher on every fourth (through the other
# instance when there are two), for SECONDS; then every acknowledged move is looked for in the
# records. Prints moves/s, move latency p50/p99, errors and lost moves per set-up.
#
#   scripts/bench_instances.sh [GAMES [SECONDS]]     (default 200 games, 20 s)
#
# PostgreSQL is a throwaway cluster (scripts/pg-throwaway.sh), tuned like the tests (no fsync):
# compare set-ups with each other, not with a production database. Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
seconds=${2:-20}

cargo build -q --release -p arbiter-cli
cargo build -q --release -p arbiter-server --example site_load
bin=target/release/arbiter
load=target/release/examples/site_load
work=$(mktemp -d /tmp/arbiter-bench.XXXXXX)
chmod 755 "$work" # the cluster inside belongs to the postgres user when run as root
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    scripts/pg-throwaway.sh stop "$work/pg" || true
    rm -rf "$work"
}
trap cleanup EXIT
pg=$(scripts/pg-throwaway.sh start "$work/pg")
base=${pg%/postgres}

serve() { # serve PORT DB
    "$bin" serve --addr "127.0.0.1:$1" --db "$2" --rate-limits off >"$work/serve-$1.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 100); do
        curl -sf "http://127.0.0.1:$1/api/catalog" >/dev/null && return 0
        sleep 0.1
    done
    cat "$work/serve-$1.log" >&2
    echo "the server on port $1 did not start" >&2
    exit 1
}
stop_all() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    pids=()
}

echo "== $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== one instance, SQLite"
serve 18301 "$work/site.db"
"$load" "$games" "$seconds" http://127.0.0.1:18301
stop_all

echo "== one instance, PostgreSQL"
psql -X -q "$pg" -c "CREATE DATABASE one"
serve 18302 "$base/one"
"$load" "$games" "$seconds" http://127.0.0.1:18302
stop_all

echo "== two instances, one PostgreSQL"
psql -X -q "$pg" -c "CREATE DATABASE two"
serve 18303 "$base/two"
serve 18304 "$base/two"
"$load" "$games" "$seconds" http://127.0.0.1:18303 http://127.0.0.1:18304
stop_all
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
