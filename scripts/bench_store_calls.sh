#!/usr/bin/env bash
# The cost of a PostgreSQL store call under concurrency, three ways of calling it from async code:
# the synchronous PgStore straight from an async task (today), the same in spawn_blocking (A), and
# the same SQL awaited with tokio-postgres on a deadpool pool (B); a read (player_by_token_hash) and
# a write (add_move), at 1, 16, 64 and 200 concurrent tasks, on a 2-worker runtime. Prints a markdown
# table: calls/s, latency p50/p99, and how long a neighbouring task on the runtime waits meanwhile
# (examples/store_calls.rs says what is measured and how), and writes it to docs/store-calls.md.
#
#   scripts/bench_store_calls.sh [SECONDS [WARMUP [LEVELS]]]   (default 5 s, 1 s warm-up, 1,16,64,200)
#
# PostgreSQL is a throwaway cluster (scripts/pg-throwaway.sh), tuned like the tests (no fsync), on
# loopback: compare the designs with each other, not with a production database. Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
warmup=${2:-1}
levels=${3:-1,16,64,200}

cargo build -q --release -p arbiter-server --example store_calls
bench=target/release/examples/store_calls
work=$(mktemp -d /tmp/arbiter-store-calls.XXXXXX)
chmod 755 "$work" # the cluster inside belongs to the postgres user when run as root
cleanup() {
    scripts/pg-throwaway.sh stop "$work/pg" || true
    rm -rf "$work"
}
trap cleanup EXIT
pg=$(scripts/pg-throwaway.sh start "$work/pg")
base=${pg%/postgres}
psql -X -q "$pg" -c "CREATE DATABASE store_calls"

out=docs/store-calls.md
exec > >(tee "$out")
echo "# Store calls under concurrency ($(date -u +%F))"
echo
echo "Command: \`scripts/bench_store_calls.sh $seconds $warmup $levels\` — $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "PostgreSQL $(psql -X -A -t "$pg" -c 'SHOW server_version'), throwaway cluster on loopback (fsync off); ${seconds} s measured after ${warmup} s warm-up per row."
echo
"$bench" "$base/store_calls" "$seconds" "$warmup" "$levels"
echo
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
