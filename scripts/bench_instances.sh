#!/usr/bin/env bash
# The web server under the same bounded load on three set-ups, side by side in one run:
# one instance on SQLite, one on PostgreSQL, two on one PostgreSQL. The load (examples/site_load.rs):
# GAMES games played at once over HTTP, a WebSocket watcher on every fourth (through the other
# instance when there are two), for SECONDS; then every acknowledged move is looked for in the
# records. Prints moves/s, move latency p50/p99, errors and lost moves per set-up.
#
#   [BASELINE=path/to/older/arbiter] [PROFILE=1] scripts/bench_instances.sh [GAMES [SECONDS]]
#                                                              (default 200 games, 20 s)
#
# Writes the table to docs/server-load.md, headed by the command and the date, with where the CPU
# went during each run (the servers, PostgreSQL, the load client, the rest, from /proc) and, with
# PROFILE=1, the functions the servers of this build spent their time in (perf, sampling CPU time).
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

# CPU seconds used so far by the processes named $1 (all of them, children not included).
cpu_of() {
    local ticks total=0
    ticks=$(getconf CLK_TCK)
    for pid in $(pgrep -x "$1"); do
        total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0)))
    done
    awk -v t="$total" -v k="$ticks" 'BEGIN { printf "%.2f", t / k }'
}
# CPU seconds the whole machine spent busy, and elapsed in all, so far (from /proc/stat).
machine_cpu() { awk -v k="$(getconf CLK_TCK)" '/^cpu / { busy = $2 + $3 + $4 + $7 + $8; all = busy + $5 + $6; printf "%.2f %.2f", busy / k, all / k }' /proc/stat; }

# run_setup LABEL BIN DB... : one set-up served by BIN, loaded, one row in each table.
rows=()
cpu_rows=()
profiles=()
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
    local line before after perf_pid=""
    if [ -n "${profiling:-}" ]; then
        perf record -q -e cpu-clock -F 499 -g -o "$work/perf.data" -p "$(IFS=,; echo "${pids[*]}")" \
            >/dev/null 2>&1 &
        perf_pid=$!
    fi
    before="$(machine_cpu) $(cpu_of arbiter) $(cpu_of postgres)"
    /usr/bin/time -f "%U %S" -o "$work/load.time" "$load" "$games" "$seconds" "${urls[@]}" >"$work/load.out"
    after="$(machine_cpu) $(cpu_of arbiter) $(cpu_of postgres)"
    line=$(cat "$work/load.out")
    echo "$label: $line"
    # Shares of the machine's CPU time over the run (the load client's own time from time(1)).
    [ -n "${profiling:-}" ] || cpu_rows+=("$(awk -v b="$before" -v a="$after" -v l="$(cat "$work/load.time")" -v label="$label" 'BEGIN {
        split(b, x, " "); split(a, y, " "); split(l, z, " ")
        busy = y[1] - x[1]; all = y[2] - x[2]; srv = y[3] - x[3]; pg = y[4] - x[4]; client = z[1] + z[2]
        other = busy - srv - pg - client; if (other < 0) other = 0
        printf "| %s | %.0f%% | %.0f%% | %.0f%% | %.0f%% | %.0f%% |", label, 100 * busy / all,
            100 * srv / all, 100 * pg / all, 100 * client / all, 100 * other / all }')")
    if [ -n "$perf_pid" ]; then
        kill -INT "$perf_pid"
        wait "$perf_pid" 2>/dev/null || true
        profiles+=("#### $label" "" '```')
        profiles+=("$(perf report -i "$work/perf.data" --no-children --sort sym --stdio 2>/dev/null |
            grep -E '^ +[0-9.]+%' | awk 'NR <= 20' | cut -c1-110)")
        profiles+=('```' "")
    fi
    # "... N moves, X moves/s, p50 A ms, p99 B ms, E errors, L lost moves, ..."
    local rate p50 p99 errors lost
    rate=$(sed -E 's/.* ([0-9]+) moves\/s.*/\1/' <<<"$line")
    p50=$(sed -E 's/.*p50 ([0-9.]+) ms.*/\1/' <<<"$line")
    p99=$(sed -E 's/.*p99 ([0-9.]+) ms.*/\1/' <<<"$line")
    errors=$(sed -E 's/.* ([0-9]+) errors.*/\1/' <<<"$line")
    lost=$(sed -E 's/.* ([0-9]+) lost moves.*/\1/' <<<"$line")
    [ -n "${profiling:-}" ] || rows+=("| $label | $rate | $p50 / $p99 ms | $errors | $lost |")
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
# The profiles come from runs of their own, so that perf's sampling slows none of the runs compared.
if [ -n "${PROFILE:-}" ] && command -v perf >/dev/null; then
    profiling=1
    psql -X -q "$pg" -c "CREATE DATABASE profile_one" -c "CREATE DATABASE profile_two"
    run_setup "one instance, PostgreSQL — this build, under perf" target/release/arbiter "$base/profile_one"
    run_setup "two instances, one PostgreSQL — this build, under perf" target/release/arbiter "$base/profile_two" "$base/profile_two"
    profiling=""
fi
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

out=docs/server-load.md
{
    echo "# The web server under load"
    echo
    echo "Written by \`${BASELINE:+BASELINE=$BASELINE }${PROFILE:+PROFILE=1 }scripts/bench_instances.sh $games $seconds\` on $(date -u +%F)"
    echo "($(nproc) cores; the servers, PostgreSQL with its test settings and the load client all on this one machine)."
    echo "$games games played at once over HTTP for $seconds s, a WebSocket watcher on every fourth game (through the"
    echo "other instance when there are two); afterwards every acknowledged move is looked up in the records."
    echo "With \`BASELINE=path/to/arbiter\`, each set-up is run with that build first, then this one."
    echo
    echo "| set-up | moves/s | move latency p50 / p99 | errors | lost moves |"
    echo "|---|---|---|---|---|"
    printf '%s\n' "${rows[@]}"
    echo
    echo "## Where the CPU went"
    echo
    echo "Shares of all the machine's CPU time during each run ($(nproc) cores = 100%), from \`/proc\`: the"
    echo "\`arbiter\` servers, PostgreSQL's processes, the load client, and everything else (the kernel's"
    echo "softirq work for loopback traffic, other programs)."
    echo
    echo "| set-up | busy | servers | PostgreSQL | load client | rest |"
    echo "|---|---|---|---|---|---|"
    printf '%s\n' "${cpu_rows[@]}"
    if [ ${#profiles[@]} -gt 0 ]; then
        echo
        echo "## Where the servers spent their time (this build)"
        echo
        echo "\`perf record -e cpu-clock -g\` on the servers' processes during a run of its own (not one of the"
        echo "runs above); the functions with the most samples of their own (children not included)."
        echo
        printf '%s\n' "${profiles[@]}"
    fi
} >"$out"
echo "== written to $out"
