#!/usr/bin/env bash
# The web server under the same bounded load on three set-ups, side by side in one run:
# one instance on SQLite, one on PostgreSQL, two on one PostgreSQL. The load (examples/site_load.rs):
# GAMES games played at once over HTTP, a WebSocket watcher on every fourth (through the other
# instance when there are two), for SECONDS; then every acknowledged move is looked for in the
# records. Prints moves/s, move latency p50/p99, errors and lost moves per set-up.
#
#   [BASELINE=path/to/older/arbiter] scripts/bench_instances.sh [GAMES [SECONDS]]   (default 200 games, 20 s)
#
# Writes the table to docs/server-load.md, headed by the command and the date.
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

# Every simulated player comes from 127.0.0.1: no per-address caps (builds before them ignore this).
roomy() { # the flags BIN knows
    if "$1" serve --help | grep -q -- --connections-per-address; then
        echo "--connections-per-address 100000 --websockets-per-address 100000"
    fi
}
serve() { # serve PORT DB (with $bin)
    "$bin" serve --addr "127.0.0.1:$1" --db "$2" --rate-limits off $(roomy "$bin") >"$work/serve-$1.log" 2>&1 &
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

# run_setup LABEL BIN DB... : one set-up served by BIN, loaded, one table row.
rows=()
port=18300
run_setup() {
    local label=$1 binary=$2
    shift 2
    local urls=()
    for db in "$@"; do
        port=$((port + 1))
        bin=$binary serve "$port" "$db"
        urls+=("http://127.0.0.1:$port")
    done
    local line
    line=$("$load" "$games" "$seconds" "${urls[@]}")
    echo "$label: $line"
    # "... N moves, X moves/s, p50 A ms, p99 B ms, E errors, L lost moves, ..."
    local rate p50 p99 errors lost
    rate=$(sed -E 's/.* ([0-9]+) moves\/s.*/\1/' <<<"$line")
    p50=$(sed -E 's/.*p50 ([0-9.]+) ms.*/\1/' <<<"$line")
    p99=$(sed -E 's/.*p99 ([0-9.]+) ms.*/\1/' <<<"$line")
    errors=$(sed -E 's/.* ([0-9]+) errors.*/\1/' <<<"$line")
    lost=$(sed -E 's/.* ([0-9]+) lost moves.*/\1/' <<<"$line")
    rows+=("| $label | $rate | $p50 / $p99 ms | $errors | $lost |")
    stop_all
}

builds=("this build|target/release/arbiter")
if [ -n "${BASELINE:-}" ]; then
    builds=("baseline|$BASELINE" "${builds[@]}")
fi
echo "== $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
n=0
for setup in sqlite pg-one pg-two; do
    for build in "${builds[@]}"; do
        name=${build%%|*}
        binary=${build#*|}
        n=$((n + 1))
        case $setup in
        sqlite) run_setup "one instance, SQLite — $name" "$binary" "$work/site-$n.db" ;;
        pg-one)
            psql -X -q "$pg" -c "CREATE DATABASE one_$n"
            run_setup "one instance, PostgreSQL — $name" "$binary" "$base/one_$n"
            ;;
        pg-two)
            psql -X -q "$pg" -c "CREATE DATABASE two_$n"
            run_setup "two instances, one PostgreSQL — $name" "$binary" "$base/two_$n" "$base/two_$n"
            ;;
        esac
    done
done
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

out=docs/server-load.md
{
    echo "# The web server under load"
    echo
    echo "Written by \`${BASELINE:+BASELINE=$BASELINE }scripts/bench_instances.sh $games $seconds\` on $(date -u +%F)"
    echo "($(nproc) cores; the servers, PostgreSQL with its test settings and the load client all on this one machine)."
    echo "$games games played at once over HTTP for $seconds s, a WebSocket watcher on every fourth game (through the"
    echo "other instance when there are two); afterwards every acknowledged move is looked up in the records."
    echo "With \`BASELINE=path/to/arbiter\`, each set-up is run with that build first, then this one."
    echo
    echo "| set-up | moves/s | move latency p50 / p99 | errors | lost moves |"
    echo "|---|---|---|---|---|"
    printf '%s\n' "${rows[@]}"
} >"$out"
echo "== written to $out"
