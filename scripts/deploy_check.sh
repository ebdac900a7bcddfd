#!/usr/bin/env bash
# Tests the deployment recipe of docs/deploy.md as written: docs/deploy/nginx.conf (only its ports
# and certificate paths changed) in front of two `arbiter serve` instances on one PostgreSQL, with
# a self-signed certificate; then the backup recipe (pg_dump, pg_restore) and a restored instance.
#
#   scripts/deploy_check.sh        (the test command runs it; needs nginx, openssl, curl, PostgreSQL)
#
# Uses ARBITER_BIN (default target/debug/arbiter) and the cluster of ARBITER_TEST_PG, or a
# throwaway one of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ARBITER_BIN:-target/debug/arbiter}
[ -x "$bin" ] || cargo build -q -p arbiter-cli
work=$(mktemp -d /tmp/arbiter-deploy.XXXXXX)
chmod 755 "$work"
pids=()
own_pg=""
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    [ -n "$own_pg" ] && scripts/pg-throwaway.sh stop "$work/pg"
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "deploy check FAILED: $*" >&2; exit 1; }

pg=${ARBITER_TEST_PG:-}
if [ -z "$pg" ]; then
    pg=$(scripts/pg-throwaway.sh start "$work/pg")
    own_pg=1
fi
db_name="deploy_$$_$RANDOM"
psql -X -q "$pg" -c "CREATE DATABASE $db_name"
db="${pg%/*}/$db_name"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
serve() { # serve PORT DB
    "$bin" serve --addr "127.0.0.1:$1" --db "$2" --trusted-proxy 127.0.0.1 >"$work/serve-$1.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 200); do
        curl -sf "http://127.0.0.1:$1/api/catalog" >/dev/null && return 0
        sleep 0.1
    done
    cat "$work/serve-$1.log" >&2
    fail "instance on port $1 did not start"
}
one=$(free_port); two=$(free_port); http_port=$(free_port); https_port=$(free_port)
serve "$one" "$db"
pid_one=${pids[-1]}
serve "$two" "$db"

# The recipe's nginx.conf with this run's ports and a self-signed certificate.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=arbiter.example.org" \
    -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
sed -e "s|listen 80;|listen 127.0.0.1:$http_port;|" \
    -e "s|listen 443 ssl|listen 127.0.0.1:$https_port ssl|" \
    -e "s|127.0.0.1:8081|127.0.0.1:$one|" -e "s|127.0.0.1:8082|127.0.0.1:$two|" \
    -e "s|/etc/letsencrypt/live/arbiter.example.org/fullchain.pem|$work/cert.pem|" \
    -e "s|/etc/letsencrypt/live/arbiter.example.org/privkey.pem|$work/key.pem|" \
    docs/deploy/nginx.conf >"$work/nginx.conf"
mkdir -p "$work/logs"
nginx -p "$work" -c "$work/nginx.conf" -g "pid $work/nginx.pid; error_log $work/logs/error.log;" ||
    fail "nginx refused the recipe's configuration"
for _ in $(seq 50); do [ -f "$work/nginx.pid" ] && break; sleep 0.1; done

site="https://arbiter.example.org:$https_port"
curl_site() { curl -s --cacert "$work/cert.pem" --resolve "arbiter.example.org:$https_port:127.0.0.1" "$@"; }

# Plain HTTP is sent to HTTPS.
code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Host: arbiter.example.org' "http://127.0.0.1:$http_port/")
[ "$code" = 301 ] || fail "http answered $code, not a redirect"
# Through TLS: a player, a game and moves, spread over both instances by nginx.
token=$(curl_site -X POST -H 'content-type: application/json' -d '{}' "$site/api/players" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])') || fail "no player through the proxy"
auth="authorization: Bearer $token"
game=$(curl_site -X POST -H "$auth" -H 'content-type: application/json' -d '{"game":"void"}' "$site/api/games" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])') || fail "no game through the proxy"
play_one() { # plays the first legal move; prints the ply after it
    curl_site -H "$auth" "$site/api/games/$game" >"$work/view.json"
    move=$(python3 -c 'import json, sys; v = json.load(open(sys.argv[1])); print(v["legal"][0]["notation"])' "$work/view.json")
    curl_site -X POST -H "$auth" -H 'content-type: application/json' \
        -d "{\"move\":\"$move\"}" "$site/api/games/$game/moves" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["ply"])'
}
for expected in 1 2 3 4; do
    ply=$(play_one) || fail "a move through the proxy failed"
    [ "$ply" = "$expected" ] || fail "ply $ply after move $expected"
done
# The WebSocket upgrade passes through.
ws=$(curl_site --http1.1 -m 2 -i -N -H 'Connection: Upgrade' -H 'Upgrade: websocket' \
    -H 'Sec-WebSocket-Version: 13' -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' \
    "$site/api/games/$game/ws" || true)
echo "$ws" | head -1 | grep -q ' 101' || fail "no WebSocket upgrade through the proxy: $(echo "$ws" | head -1)"
# One instance dies: the site goes on through the other.
kill -9 "$pid_one"
wait "$pid_one" 2>/dev/null || true
for expected in 5 6; do
    ply=$(play_one) || fail "a move after an instance died failed"
    [ "$ply" = "$expected" ] || fail "ply $ply after move $expected with one instance down"
done

# Backups: pg_dump, restored into a new database, served again with every move.
pg_dump -Fc -d "$db" -f "$work/arbiter.dump" || fail "pg_dump"
psql -X -q "$pg" -c "CREATE DATABASE ${db_name}_restored"
pg_restore --no-owner -d "${db}_restored" "$work/arbiter.dump" || fail "pg_restore"
restored=$(free_port)
serve "$restored" "${db}_restored"
moves=$(curl -s "http://127.0.0.1:$restored/api/games/$game/record" |
    python3 -c 'import json, sys; print(len(json.load(sys.stdin)["moves"]))')
[ "$moves" = 6 ] || fail "the restored database has $moves moves of 6"
echo "deploy check passed: nginx (TLS, WebSocket, redirect) in front of two instances, one killed; pg_dump and pg_restore"
