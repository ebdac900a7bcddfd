#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, in a folder of its own, on a free loopback port.
#
#   scripts/pg-throwaway.sh start DIR   creates and starts it; prints its URL (user arbiter, no password)
#   scripts/pg-throwaway.sh stop DIR    stops it and removes DIR
#
# Uses Debian's PostgreSQL server (package postgresql: /usr/lib/postgresql/*/bin). initdb refuses
# to run as root, so as root the cluster belongs to the package's `postgres` user. Tuned for tests,
# not for keeping data: no fsync.
set -euo pipefail

action=${1:?usage: pg-throwaway.sh start|stop DIR}
dir=${2:?usage: pg-throwaway.sh start|stop DIR}

bindir=""
if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    bindir=$(dirname "$(command -v pg_ctl)")
else
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$d/initdb" ]; then bindir=$d; break; fi
    done
fi
if [ -z "$bindir" ]; then
    echo "pg-throwaway: no PostgreSQL server found (install Debian's postgresql package)" >&2
    exit 1
fi

as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

case $action in
start)
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || { echo "pg-throwaway: as root, the 'postgres' user is needed" >&2; exit 1; }
        chown postgres "$dir"
    fi
    as_owner "$bindir/initdb" -D "$dir/data" -A trust -U arbiter -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w -t 60 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400" \
        start >/dev/null || { cat "$dir/data/server.log" >&2; exit 1; }
    echo "postgres://arbiter@127.0.0.1:$port/postgres"
    ;;
stop)
    if [ -d "$dir/data" ]; then
        as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "pg-throwaway: unknown action '$action' (start or stop)" >&2
    exit 2
    ;;
esac
