#!/usr/bin/env python3
"""A simulated arena tournament against real servers: pairing waits, HTTP errors and the standings check;
writes the section "Simulated arena" of docs/tournaments.md.

    scripts/arena_sim.py [--quick] [--bots N] [--minutes M] [--game GAME] [--clock C] [--level L]
                         [--pg | --pg-url URL] [--bin DIR] [--trace FILE] [--no-write]

(with the project's Python: .venv/bin/python scripts/arena_sim.py --quick tries it in about a minute)

Why: an arena lives on its pairing loop (a free player should get a new game within a second or two) and
on its scoring (2/1/0, doubled while on fire), which must come out the same however the results arrive.
This plays a whole tournament as its players would, through the HTTP API only, and checks both.

1. `arbiter serve` (release build, rate limits off, no per-address caps: every bot comes from 127.0.0.1)
   on a fresh SQLite file; or with --pg two instances on one throwaway PostgreSQL cluster
   (scripts/pg-throwaway.sh; --pg-url URL: an existing, empty database), the bots spread over both.
2. One player with an account creates the tournament (starting now); N bots (new anonymous players) join
   it, each on a thread of its own. A free bot polls GET /api/tournaments/{id} every --poll seconds until
   its `you.playing` names a new game, then plays it to the end: it watches the game's WebSocket and, on
   its turn, rebuilds the position from the game's start and moves with the `arbiter` Python package,
   asks the project's computer level --level for a move (arbiter.Agent) and posts it to
   POST /api/games/{id}/moves with the side and the ply, as the web app does. The clock is given as on
   the web app's form ("1+1": minutes + seconds) and sent as the API takes it (`fischer:60+1`).
   Bots answer in milliseconds, so a game socket silent for 3 s is suspect: the bot asks it for the state
   and reads the game over HTTP; an HTTP view newer than the socket's last state is counted as a socket
   left behind (and played on, so that the game does not stall until a flag falls).
3. Pairing wait: from a bot becoming free (its join answered, or its previous game's end seen) to its next
   game seen in its poll, so it includes up to one poll interval. HTTP errors: every answer that is not
   2xx, except a 409 to a move (a race the API allows), and every request or socket that failed.
4. After ends_at, once the status is "finished": every bot's tournament games (those it played, and any
   other game of its `GET /api/games?mine=true` whose view names the tournament) are read back with
   GET /api/games/{id}, and the standings are recomputed from them (a win 2, a draw 1, a loss 0; after two
   wins in a row a win 4 and a draw 2 until a non-win; each player's games in the order they played them)
   and compared with the served standings: score, games, W/D/L, the points sequence and the fire flag.
"""

from __future__ import annotations

import argparse
import base64
import collections
import datetime
import http.client
import json
import math
import os
import re
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import urllib.parse
from pathlib import Path

from measured import arbiter_binary

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "tournaments.md"
SECTION = "## Simulated arena"
# Each setup has its own part of the section, so that a run on one does not replace the other's figures.
PART = {False: "### One server, SQLite", True: "### Two servers, one PostgreSQL"}

try:
    import arbiter
except ImportError:
    sys.exit("the arbiter Python package is missing: run this with .venv/bin/python (after "
             "`cd python && VIRTUAL_ENV=../.venv ../.venv/bin/maturin develop --release`)")


# ---------------------------------------------------------------------------------------------------------
# HTTP and WebSocket clients (standard library only)


class Tally:
    """Requests and failures, shared by every thread."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.stale_moves = 0
        self.errors = collections.Counter()  # (method, route, status, code) -> count
        self.examples = {}  # the same key -> the first answer's body, shortened

    def request(self):
        with self.lock:
            self.requests += 1

    def stale(self):
        with self.lock:
            self.stale_moves += 1

    def error(self, method, route, status, code, body=None):
        key = (method, route, status, code)
        with self.lock:
            self.errors[key] += 1
            if key not in self.examples:
                self.examples[key] = json.dumps(body)[:300] if body is not None else ""

    def total_errors(self):
        with self.lock:
            return sum(self.errors.values())


TALLY = Tally()


def route_of(path):
    """The route of a path, for counting: ids become {id}, the query goes."""
    path = path.split("?")[0]
    return re.sub(r"/(games|tournaments|players)/[^/]+", r"/\1/{id}", path)


class Client:
    """One kept-alive HTTP connection to one server, with a player's token (one per thread)."""

    def __init__(self, base, token=None):
        url = urllib.parse.urlsplit(base)
        self.host, self.port = url.hostname, url.port
        self.token = token
        self.conn = None

    def call(self, method, path, body=None, stale_ok=False, count=True):
        """The answer's status and JSON body; status 0 when the request failed. Every failure and every
        non-2xx answer is counted, except a 409 to a request that may race (`stale_ok`)."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"content-type": "application/json", "accept": "application/json"}
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        for attempt in range(2):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
                if count:
                    TALLY.request()
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                status = response.status
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError,
                    http.client.CannotSendRequest, http.client.ResponseNotReady) as e:
                # A kept-alive connection the server closed while idle: once more on a new one.
                self.close()
                if attempt == 1:
                    if count:
                        TALLY.error(method, route_of(path), 0, type(e).__name__)
                    return 0, None
            except OSError as e:
                self.close()
                if count:
                    TALLY.error(method, route_of(path), 0, type(e).__name__)
                return 0, None
        try:
            answer = json.loads(raw) if raw else None
        except ValueError:
            answer = {"unparsed": raw[:200].decode(errors="replace")}
        if not 200 <= status < 300:
            if status == 409 and stale_ok:
                TALLY.stale()
            elif count:
                code = ((answer or {}).get("error") or {}).get("code") if isinstance(answer, dict) else None
                TALLY.error(method, route_of(path), status, code or "", answer)
        return status, answer

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


class WebSocket:
    """A WebSocket client good enough for the server's sockets: text messages in, `state` requests out."""

    def __init__(self, base, path):
        url = urllib.parse.urlsplit(base)
        self.sock = socket.create_connection((url.hostname, url.port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (f"GET {path} HTTP/1.1\r\nHost: {url.hostname}:{url.port}\r\nUpgrade: websocket\r\n"
             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status_line = head.split(b"\r\n")[0].decode(errors="replace")
        if " 101 " not in status_line + " ":
            raise ConnectionError(f"no upgrade: {status_line}")

    def _exactly(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def recv(self, timeout):
        """The next text message, or None after `timeout` seconds without one; EOFError once closed."""
        parts = []
        while True:
            if not self.buffer:
                self.sock.settimeout(timeout)
                try:
                    chunk = self.sock.recv(65536)
                except socket.timeout:
                    if parts:
                        raise EOFError("a message broke off")
                    return None
                if not chunk:
                    raise EOFError("closed")
                self.buffer += chunk
            self.sock.settimeout(30)  # the rest of a frame that began
            b0, b1 = self._exactly(2)
            opcode, length = b0 & 0x0F, b1 & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._exactly(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._exactly(8))[0]
            mask = self._exactly(4) if b1 & 0x80 else None
            payload = self._exactly(length)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 8:
                raise EOFError("closed by the server")
            if opcode == 9:
                self._send(10, payload)
                continue
            if opcode in (0, 1, 2):
                parts.append(payload)
                if b0 & 0x80:
                    return b"".join(parts).decode()

    def _send(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def send_text(self, text):
        self._send(1, text.encode())

    def close(self):
        try:
            self._send(8, struct.pack(">H", 1000))
        except OSError:
            pass
        self.sock.close()


# ---------------------------------------------------------------------------------------------------------
# Servers


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Servers:
    """`arbiter serve` on a fresh SQLite file, or `instances` of it on one PostgreSQL database (a throwaway
    cluster unless a URL is given); all stopped on exit."""

    def __init__(self, arbiter_bin, pg=False, pg_url=None):
        self.dir = tempfile.mkdtemp(prefix="arena-sim.")
        os.chmod(self.dir, 0o755)  # as root the throwaway cluster inside belongs to the postgres user
        self.processes, self.bases, self.logs = [], [], []
        self.cluster = None
        try:
            if pg or pg_url:
                if pg_url is None:
                    self.cluster = os.path.join(self.dir, "pg")
                    pg_url = subprocess.run([str(ROOT / "scripts" / "pg-throwaway.sh"), "start", self.cluster],
                                            check=True, capture_output=True, text=True).stdout.strip()
                dbs = [pg_url, pg_url]
            else:
                dbs = [os.path.join(self.dir, "arena.db")]
            roomy = []
            if "--connections-per-address" in subprocess.run([arbiter_bin, "serve", "--help"], capture_output=True,
                                                             text=True).stdout:
                roomy = ["--connections-per-address", "100000", "--websockets-per-address", "100000"]
            for i, db in enumerate(dbs):
                port = free_port()
                log = os.path.join(self.dir, f"serve-{i}.log")
                self.logs.append(log)
                self.processes.append(subprocess.Popen(
                    [arbiter_bin, "serve", "--addr", f"127.0.0.1:{port}", "--db", db, "--rate-limits", "off", *roomy],
                    stdout=open(log, "wb"), stderr=subprocess.STDOUT))
                self.bases.append(f"http://127.0.0.1:{port}")
                self._wait_for(self.bases[-1], log)  # one at a time: the first applies the migrations
        except BaseException:
            self.stop()
            raise

    def _wait_for(self, base, log):
        for _ in range(300):
            try:
                status, _ = Client(base).call("GET", "/api/catalog", count=False)
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        sys.stderr.write(Path(log).read_text(errors="replace")[-3000:])
        raise SystemExit("the server did not start")

    def stop(self):
        for p in self.processes:
            p.terminate()
        for p in self.processes:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        self.processes = []
        if self.cluster:
            subprocess.run([str(ROOT / "scripts" / "pg-throwaway.sh"), "stop", self.cluster], capture_output=True)
            self.cluster = None

    def error_lines(self):
        """Lines of the servers' logs that look like errors or panics."""
        out = []
        for log in self.logs:
            try:
                for line in Path(log).read_text(errors="replace").splitlines():
                    if re.search(r"\b(ERROR|WARN|panicked)\b", line):
                        out.append(f"{os.path.basename(log)}: {line.strip()}")
            except OSError:
                pass
        return out

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


# ---------------------------------------------------------------------------------------------------------
# The bots


class Bot(threading.Thread):
    """A player who joins the tournament and plays every game it is given, until the tournament ends."""

    def __init__(self, index, base, tid, args, started):
        super().__init__(name=f"bot{index:02d}", daemon=True)
        self.index, self.base, self.tid, self.args, self.started = index, base, tid, args, started
        self.name_ = f"bot{index:02d}"
        self.client = Client(base)
        self.id = self.token = None
        self.games = []  # tournament games in the order this bot played them
        self.waits = []  # (seconds, "join" | "game", seconds since the start when paired)
        self.moves = 0
        self.failures = []  # what went wrong, in words
        self.late_pairings = 0  # games seen more than 2 s after ends_at
        self.left_waiting = None  # seconds free when the tournament ended without a new game
        self.agents = {}
        self.silences = 0  # times a game's socket said nothing for 3 s while the game went on
        self.behind = []  # (game, ply on the socket, ply stored) when the socket was found behind
        self.trace = [] if args.trace else None

    def note(self, gid, *event):
        if self.trace is not None:
            self.trace.append([round(time.monotonic() - self.started, 3), gid, *event])

    def run(self):
        try:
            self._run()
        except Exception as e:  # noqa: BLE001 - told in the report
            self.failures.append(f"{self.name_}: {type(e).__name__}: {e}")

    def _run(self):
        status, me = self.client.call("POST", "/api/players", {"name": self.name_})
        if status != 200:
            self.failures.append(f"{self.name_}: no player ({status})")
            return
        self.id, self.token = me["id"], me["token"]
        self.client.token = self.token
        status, view = self.client.call("POST", f"/api/tournaments/{self.tid}/join", {})
        if status != 200:
            self.failures.append(f"{self.name_}: could not join ({status}: {view})")
            return
        free_since, after = time.monotonic(), "join"
        path = f"/api/tournaments/{self.tid}"
        while True:
            if view is None:
                status, view = self.client.call("GET", path)
            if status == 200:
                playing = (view.get("you") or {}).get("playing")
                if playing and playing not in self.games:
                    now = time.monotonic()
                    self.waits.append((now - free_since, after, now - self.started))
                    if view["now"] > view["ends_at"] + 2:
                        self.late_pairings += 1
                    self.games.append(playing)
                    self.note(playing, "paired", view["now"], view["status"])
                    self.play(playing)
                    free_since, after, view = time.monotonic(), "game", None
                    continue
                if view["status"] in ("finishing", "finished") or view["now"] > view["ends_at"] + 10:
                    self.left_waiting = time.monotonic() - free_since
                    return
            view = None
            time.sleep(self.args.poll)

    def agent(self, view):
        spec = view["game"] + (":" + view["options"] if view["options"] else "")
        if spec not in self.agents:
            game = arbiter.Game(spec)
            self.agents[spec] = (game, arbiter.Agent(game, f"level={self.args.level}"))
        return self.agents[spec]

    def choose(self, view):
        game, agent = self.agent(view)
        state = game.state(view["start"])
        for move in view["moves"]:
            state.play(move)
        return agent.choose(state).move

    def my_turn(self, view):
        side = view["sides"][0 if view["to_move"] == "first" else 1]
        return view["ending"] is None and (side.get("player") or {}).get("id") == self.id, side["name"]

    def play(self, gid):
        """Plays game `gid` to its end, on the game's WebSocket (or by polling if it cannot be opened)."""
        for _, agent in self.agents.values():
            agent.new_game()
        try:
            ws = WebSocket(self.base, f"/api/games/{gid}/ws")
        except (OSError, ConnectionError) as e:
            TALLY.error("GET", "/api/games/{id}/ws", 0, f"websocket: {e}")
            return self.play_polling(gid)
        moved_at = -1
        seen = None  # the newest state the socket sent
        try:
            while True:
                try:
                    text = ws.recv(3.0)
                except (EOFError, OSError) as e:
                    TALLY.error("GET", "/api/games/{id}/ws", 0, f"websocket closed: {type(e).__name__}")
                    return self.play_polling(gid)
                if text is None:
                    # Nothing for 3 s, though the bots answer at once: ask the socket again, and the
                    # game over HTTP. A stored game newer than the socket's state is a socket left
                    # behind (counted); its view is played on, so that one lost update does not stall.
                    self.silences += 1
                    ws.send_text("state")
                    status, view = self.client.call("GET", f"/api/games/{gid}")
                    if status != 200:
                        continue
                    behind = seen is not None and (view["ply"] > seen["ply"] or
                                                   (view["ending"] is not None) != (seen["ending"] is not None))
                    self.note(gid, "silence", moved_at, seen and seen["ply"], view["ply"], behind)
                    if not behind:
                        continue
                    self.behind.append((gid, seen["ply"], view["ply"]))
                else:
                    message = json.loads(text)
                    if message.get("type") != "state":
                        continue
                    view = seen = message["state"]
                    self.note(gid, "state", view["ply"], view["to_move"], view["ending"] is not None)
                if view["ending"] is not None:
                    return
                mine, side = self.my_turn(view)
                if not mine or view["ply"] <= moved_at:
                    continue
                moved_at = view["ply"]
                answer = self.move(gid, view, side)
                if answer is not None and answer["ending"] is not None:
                    return
        finally:
            ws.close()

    def play_polling(self, gid):
        moved_at = -1
        while True:
            status, view = self.client.call("GET", f"/api/games/{gid}")
            if status == 200:
                if view["ending"] is not None:
                    return
                mine, side = self.my_turn(view)
                if mine and view["ply"] > moved_at:
                    moved_at = view["ply"]
                    answer = self.move(gid, view, side)
                    if answer is not None and answer["ending"] is not None:
                        return
                    continue
            time.sleep(0.05)

    def move(self, gid, view, side):
        """Chooses and posts a move; the answer's view, or None."""
        if self.args.move_delay:
            time.sleep(self.args.move_delay)
        try:
            move = self.choose(view)
        except Exception as e:  # noqa: BLE001 - the position could not be rebuilt: a listed move instead
            self.failures.append(f"{self.name_}: no move by the engine at ply {view['ply']} of {gid}: {e}")
            move = view["legal"][0]["notation"]
        status, answer = self.client.call("POST", f"/api/games/{gid}/moves",
                                          {"move": move, "side": side, "ply": view["ply"]}, stale_ok=True)
        self.note(gid, "move", view["ply"], move, status)
        if status == 200:
            self.moves += 1
            return answer
        return None


# ---------------------------------------------------------------------------------------------------------
# The standings, recomputed


def outcome_of(view):
    """The winner's player id of a finished game view, "draw", or None while it goes on."""
    if view["ending"] is None:
        return None
    winner = view["ending"].get("winner")
    if winner is None:
        return "draw"
    for side in view["sides"]:
        if side["name"] == winner:
            return (side.get("player") or {}).get("id")
    return f"?{winner}"


def arena_points(results):
    """Each game's points from a player's results in order ('w', 'd', 'l'), and whether they end on fire."""
    points, streak = [], 0
    for r in results:
        fire = streak >= 2
        points.append({"w": 4 if fire else 2, "d": 2 if fire else 1, "l": 0}[r])
        streak = streak + 1 if r == "w" else 0
    return points, streak >= 2


def check_standings(base, tid, bots, tournament):
    """Reads back every bot's tournament games and compares the standings recomputed from them with the
    served ones. Returns (differences, facts)."""
    client = Client(base)
    diffs, facts = [], {}
    views = {}

    def game(gid):
        if gid not in views:
            status, view = client.call("GET", f"/api/games/{gid}")
            views[gid] = view if status == 200 else None
            if status != 200:
                diffs.append(f"GET /api/games/{gid}: {status}")
        return views[gid]

    # Each bot's games: those it played, in its order, and any other of its games naming the tournament.
    sequences = {}
    unseen = capped = 0
    for bot in bots:
        if bot.id is None:
            continue
        games = list(bot.games)
        status, listed = Client(base, bot.token).call("GET", "/api/games?mine=true&limit=200")
        if status == 200:
            if len(listed) >= 200:
                capped += 1
            for summary in sorted(listed, key=lambda s: s["updated_at"]):
                if summary["id"] in games:
                    continue
                view = game(summary["id"])
                if view and (view.get("tournament") or {}).get("id") == tid:
                    unseen += 1
                    diffs.append(f"{bot.name_}: tournament game {summary['id']} was never seen as `playing` "
                                 "(placed by its last change among the bot's games)")
                    games.append(summary["id"])  # approximate place: by its last change
        sequences[bot.id] = games
    facts["unseen"], facts["capped"] = unseen, capped

    # Every game: stored, over, with the tournament on it, the contract's seats, clock and rating.
    controls = collections.Counter()
    for gid in {g for games in sequences.values() for g in games}:
        view = game(gid)
        if view is None:
            continue
        if (view.get("tournament") or {}).get("id") != tid:
            diffs.append(f"game {gid}: its view's tournament is {view.get('tournament')!r}")
        if view["ending"] is None:
            diffs.append(f"game {gid}: not over after the tournament finished")
        seats = [s["seat"] for s in view["sides"]]
        if seats != [{"kind": "human"}, {"kind": "human"}] or not all(s.get("player") for s in view["sides"]):
            diffs.append(f"game {gid}: seats {seats}, holders {[s.get('player') for s in view['sides']]}")
        if view["rated"] != tournament["rated"] or view["hints"]:
            diffs.append(f"game {gid}: rated {view['rated']}, hints {view['hints']}")
        controls[(view.get("clock") or {}).get("control")] += 1
        holders = {(s.get("player") or {}).get("id") for s in view["sides"]}
        for pid in holders:
            if pid in sequences and gid not in sequences[pid]:
                diffs.append(f"game {gid}: missing from its player {pid}'s games")
    facts["controls"] = dict(controls)

    recomputed = {}
    for pid, games in sequences.items():
        results = []
        for gid in games:
            view = views.get(gid) or game(gid)
            if view is None or view["ending"] is None:
                continue
            o = outcome_of(view)
            results.append("d" if o == "draw" else "w" if o == pid else "l")
        points, fire = arena_points(results)
        recomputed[pid] = {"score": sum(points), "games": len(results), "wins": results.count("w"),
                           "draws": results.count("d"), "losses": results.count("l"), "points": points,
                           "fire": fire}
    served = {s["player"]["id"]: s for s in tournament["standings"]}
    names = {bot.id: bot.name_ for bot in bots}
    for pid, mine in recomputed.items():
        theirs = served.get(pid)
        if theirs is None:
            diffs.append(f"{names[pid]}: not in the served standings")
            continue
        for key in ("score", "games", "wins", "draws", "losses", "points", "fire"):
            if theirs.get(key) != mine[key]:
                diffs.append(f"{names[pid]}: {key} served {theirs.get(key)!r}, recomputed {mine[key]!r}")
        if theirs.get("playing") is not None:
            diffs.append(f"{names[pid]}: still `playing` {theirs['playing']} in the finished tournament")
    for pid in served:
        if pid not in recomputed:
            diffs.append(f"served standing of {pid} ({served[pid]['player'].get('name')}) is no bot's")
    # The order: by score, ranks 1.. (ties may share a rank).
    scores = [s["score"] for s in tournament["standings"]]
    if scores != sorted(scores, reverse=True):
        diffs.append(f"the standings are not ordered by score: {scores}")
    ranks = [s["rank"] for s in tournament["standings"]]
    if ranks and (ranks[0] != 1 or any(b < a for a, b in zip(ranks, ranks[1:]))):
        diffs.append(f"ranks out of order: {ranks}")
    # The served recent games (newest first, at most 50) against the stored ones.
    for listed in tournament.get("games", []):
        view = game(listed["id"])
        if view is None:
            continue
        o = outcome_of(view)
        want = None if o is None else "draw" if o == "draw" else \
            "first" if o == listed["first"]["id"] else "second" if o == listed["second"]["id"] else f"?{o}"
        if listed.get("outcome") != want:
            diffs.append(f"recent game {listed['id']}: outcome served {listed.get('outcome')!r}, stored {want!r}")
    facts["games"] = len({g for games in sequences.values() for g in games})
    facts["results"] = collections.Counter(
        "draw" if outcome_of(v) == "draw" else "decisive" for v in views.values() if v and v["ending"])
    return diffs, facts


# ---------------------------------------------------------------------------------------------------------
# The run and the report


def percentile(values, p):
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def wait_row(label, values):
    if not values:
        return f"| {label} | 0 | – | – | – | – |"
    return (f"| {label} | {len(values)} | {statistics.mean(values):.2f} | {statistics.median(values):.2f} | "
            f"{percentile(values, 95):.2f} | {max(values):.2f} |")


def time_control(clock):
    """The clock as the API takes it, as the web app's form turns it: "1+1" (minutes + seconds) becomes
    `fischer:60+1`; `fischer:…` and `days:…` stay."""
    m = re.fullmatch(r"(\d+(?:[.,]\d+)?)\+(\d+)", clock.strip())
    return f"fischer:{round(float(m.group(1).replace(',', '.')) * 60)}+{m.group(2)}" if m else clock.strip()


def write_section(text, part):
    """Replaces this setup's part of the section in docs/tournaments.md (up to the next heading of its level or
    above), adding the section or the part where missing; the other setup's part stays."""
    old = OUT.read_text(encoding="utf-8") if OUT.exists() else "# Tournaments\n"
    lines = old.splitlines()
    top = next((i for i, line in enumerate(lines) if line.strip() == SECTION), None)
    if top is None:
        lines += ["", SECTION]
        top = len(lines) - 1
    end_of_section = next((i for i in range(top + 1, len(lines)) if re.match(r"^#{1,2} ", lines[i])), len(lines))
    section = [line for line in lines[top + 1:end_of_section] if "(not yet run)" not in line]
    start = next((i for i, line in enumerate(section) if line.strip() == part), None)
    body = text.rstrip("\n").splitlines()
    if start is None:
        section = [*section, *([""] if section and section[-1].strip() else []), *body]
    else:
        end = next((i for i in range(start + 1, len(section)) if re.match(r"^#{1,3} ", section[i])), len(section))
        section = [*section[:start], *body, *([""] if end < len(section) else []), *section[end:]]
    if not section or section[0].strip():
        section = ["", *section]
    new = lines[:top + 1] + section + ([""] if end_of_section < len(lines) else []) + lines[end_of_section:]
    OUT.write_text("\n".join(new).rstrip("\n") + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short try: 6 bots, 1 minute (unless given)")
    parser.add_argument("--bots", type=int, help="players (default 40; 6 with --quick)")
    parser.add_argument("--minutes", type=int, help="the tournament's length (default 10; 1 with --quick)")
    parser.add_argument("--game", default="void", help="game and options, e.g. villawar:size=6 (default void)")
    parser.add_argument("--clock", default="1+1", help='the tournament clock (default "1+1")')
    parser.add_argument("--rated", action=argparse.BooleanOptionalAction, default=True, help="a rated tournament")
    parser.add_argument("--level", type=int, default=1, help="the computer level the bots play at (default 1)")
    parser.add_argument("--poll", type=float, default=0.2, help="seconds between a free bot's polls (default 0.2)")
    parser.add_argument("--move-delay", type=float, default=0.0, help="seconds a bot waits before each move")
    parser.add_argument("--pg", action="store_true", help="two instances on a throwaway PostgreSQL cluster")
    parser.add_argument("--pg-url", help="two instances on this (empty) PostgreSQL database instead")
    parser.add_argument("--bin", help="a folder with a prebuilt arbiter (default: target/release, built first)")
    parser.add_argument("--trace", help="write every bot's events (pairings, states seen, moves) to this JSON file")
    parser.add_argument("--no-write", action="store_true", help=f"print the section, do not write {OUT.name}")
    args = parser.parse_args()
    args.bots = args.bots or (6 if args.quick else 40)
    args.minutes = args.minutes or (1 if args.quick else 10)
    arbiter_bin = arbiter_binary(args.bin)
    game, _, options = args.game.partition(":")

    with Servers(arbiter_bin, pg=args.pg, pg_url=args.pg_url) as servers:
        bases = servers.bases
        creator = Client(bases[0])
        status, player = creator.call("POST", "/api/players", {"name": "organiser"})
        assert status == 200, player
        creator.token = player["token"]
        status, body = creator.call("POST", "/api/account", {"username": "organiser", "password": "a long password"})
        assert status == 200, body
        status, tournament = creator.call("POST", "/api/tournaments", {
            "game": game, "options": options, "clock": time_control(args.clock), "minutes": args.minutes, "starts_in": 0,
            "rated": args.rated, "name": "Simulated arena"})
        if status != 200:
            raise SystemExit(f"POST /api/tournaments: {status} {tournament}")
        tid = tournament["id"]
        started = time.monotonic()
        print(f"tournament {tid}: {args.bots} bots on {len(bases)} instance(s), {args.minutes} min, "
              f"status {tournament['status']}", file=sys.stderr)
        bots = [Bot(i + 1, bases[i % len(bases)], tid, args, started) for i in range(args.bots)]
        for bot in bots:
            bot.start()

        # Progress, until every bot stopped; then until the tournament is finished.
        deadline = started + args.minutes * 60 + 600
        last_print = 0
        while any(bot.is_alive() for bot in bots) and time.monotonic() < deadline:
            time.sleep(1)
            if time.monotonic() - last_print >= 10:
                last_print = time.monotonic()
                print(f"  {last_print - started:5.0f} s: {sum(len(b.games) for b in bots) // 2} games, "
                      f"{sum(b.moves for b in bots)} moves, {TALLY.total_errors()} errors", file=sys.stderr)
        stuck = [bot.name_ for bot in bots if bot.is_alive()]
        final = None
        while time.monotonic() < deadline:
            status, final = creator.call("GET", f"/api/tournaments/{tid}")
            if status == 200 and final["status"] == "finished":
                break
            time.sleep(0.5)
        wall = time.monotonic() - started
        finished = final is not None and final.get("status") == "finished"
        if final is None:
            raise SystemExit("the tournament could not be read at the end")
        diffs, facts = check_standings(bases[0], tid, bots, final)
        # With two instances, both must serve the same standings.
        for base in bases[1:]:
            status, other = Client(base).call("GET", f"/api/tournaments/{tid}")
            if status == 200:
                for key in ("status", "standings", "games", "players"):
                    if other.get(key) != final.get(key):
                        diffs.append(f"instance {base}: `{key}` differs from the first instance's")
        log_errors = servers.error_lines()

    if args.trace:
        with open(args.trace, "w", encoding="utf-8") as f:
            json.dump({"bases": bases, "bots": {b.name_: {"id": b.id, "base": b.base, "events": b.trace}
                                                for b in bots}}, f)
    waits_join = [w for b in bots for w, after, _ in b.waits if after == "join"]
    waits_game = [w for b in bots for w, after, _ in b.waits if after == "game"]
    failures = [f for b in bots for f in b.failures]
    late = sum(b.late_pairings for b in bots)
    left = [b.left_waiting for b in bots if b.left_waiting is not None]
    moves = sum(b.moves for b in bots)
    silences = sum(b.silences for b in bots)
    behind = [x for b in bots for x in b.behind]
    shown, skip = [], False
    for a in sys.argv[1:]:  # the command as run, without this machine's paths and URLs
        if skip:
            skip = False
        elif a in ("--bin", "--pg-url", "--trace"):
            skip = True
        elif not a.startswith(("--bin=", "--pg-url=", "--trace=", "--no-write")):
            shown.append(a)
    command = " ".join(["scripts/arena_sim.py", *shown])
    setup = (f"two instances of `arbiter serve` on one PostgreSQL database ({'a throwaway cluster' if args.pg_url is None else 'given by --pg-url'}), "
             "the bots split between them" if len(bases) > 1 else "one `arbiter serve` on SQLite")
    today = datetime.date.today().isoformat()
    errors = sorted(TALLY.errors.items(), key=lambda kv: -kv[1])
    n_errors = sum(n for _, n in errors)
    top = final["standings"][:3]
    podium = ", ".join(f"{s['player'].get('name')} {s['score']} ({s['wins']}–{s['draws']}–{s['losses']})" for s in top)
    behind_games = sorted({g for g, _, _ in behind})
    ended = final["now"] - final["ends_at"] if finished else None
    rows = [
        ("games", f"{facts['games']} ({facts['results'].get('decisive', 0)} decisive, "
                  f"{facts['results'].get('draw', 0)} drawn)"),
        ("moves", f"{moves}"),
        ("HTTP requests", f"{TALLY.requests}"),
        ("HTTP errors", "**none**" if not errors else f"**{n_errors}** (below)"),
        ("moves answered 409 (a race the API allows; not errors)", f"{TALLY.stale_moves}"),
        ("game sockets silent for 3 s while the game went on", f"{silences}"),
        ("… of which behind the stored game (HTTP showed newer)",
         "**none**" if not behind else f"**{len(behind)}** in {len(behind_games)} games"),
        ("standings recomputed from the stored games", "**equal**" if not diffs else f"**{len(diffs)} differences** (below)"),
        ("tournament `finished`", f"{wall:.0f} s after its creation" + (f" (seen {ended} s after `ends_at`)"
                                                                          if ended is not None else "") if finished
         else f"**no**: still `{final['status']}` after {wall:.0f} s"),
        ("top of the standings", podium or "–"),
    ]
    wrap = lambda text: textwrap.fill(text, 118, break_long_words=False, break_on_hyphens=False)  # noqa: E731
    lines = [
        PART[len(bases) > 1],
        "",
        wrap(f"Written by `{command}` (do not edit by hand) on {today}: {args.bots} bots in a {args.minutes}-minute "
        f"{'rated' if args.rated else 'casual'} `{args.game}` arena with the clock `{args.clock}` (the games' control: "
        f"{', '.join(f'`{c}`' for c in facts['controls']) or '–'}), against {setup}. Release build; the "
        f"server{'s, PostgreSQL' if len(bases) > 1 else ''} and the bots share this machine ({os.cpu_count()} cores). "
        f"Each bot is a thread that polls the tournament every {args.poll} s while free and plays its games on "
        f"their WebSocket, its moves chosen by level {args.level} of the computer through the `arbiter` Python "
        f"package{f' after waiting {args.move_delay} s' if args.move_delay else ''}, posted as the web app posts them. "
        "The standings check reads every game back and recomputes score, games, W/D/L, the points sequence and the "
        "streak of every player."),
        "",
        "| measure | value |",
        "|---|---|",
        *(f"| {k} | {v} |" for k, v in rows),
        "",
        wrap("Pairing wait, in seconds: from a bot becoming free (its join answered, or its game's end seen) to its "
             "next game seen in its poll (so up to one poll interval more than the server took)."),
        "",
        "| free after | pairings | mean | median | 95th percentile | max |",
        "|---|---:|---:|---:|---:|---:|",
        wait_row("joining", waits_join),
        wait_row("a game", waits_game),
        wait_row("either", waits_join + waits_game),
        "",
        f"At the end {len(left)} bots were free without a new game"
        + (f" (free for {max(left):.1f} s at most)." if left else "."),
    ]
    if errors:
        lines += ["", "HTTP errors (answers other than 2xx, except a 409 to a move; status – : the request or socket "
                      "failed):", "", "| request | status | code | count | first answer |", "|---|---:|---|---:|---|"]
        lines += [f"| `{m} {r}` | {s or '–'} | `{c}` | {n} | {TALLY.examples[(m, r, s, c)][:120].replace('|', '/')} |"
                  for (m, r, s, c), n in errors]
    if behind:
        lines += ["", "Game sockets behind the stored game: " + ", ".join(
            f"`{g}` (socket at ply {a}, stored {b})" for g, a, b in behind[:8])
            + (f" and {len(behind) - 8} more" if len(behind) > 8 else "") + "."]
    if diffs:
        lines += ["", "Differences between the served standings and those recomputed from the stored games:", ""]
        lines += [f"- {d}" for d in diffs[:30]]
        if len(diffs) > 30:
            lines.append(f"- … and {len(diffs) - 30} more")
    notes = []
    if stuck:
        notes.append(f"- Bots still playing or waiting when the run gave up: {', '.join(stuck)}.")
    if late:
        notes.append(f"- {late} games were first seen more than 2 s after `ends_at` (pairings after the end?).")
    if facts.get("unseen"):
        notes.append(f"- {facts['unseen']} tournament games were never seen by their bot as `playing`.")
    if facts.get("capped"):
        notes.append(f"- {facts['capped']} bots had 200 games or more: their own game lists (200 at most) were "
                     "searched for unseen tournament games only in part.")
    notes += [f"- {f}" for f in failures[:10]]
    notes += [f"- server log: `{line[:200]}`" for line in log_errors[:10]]
    if len(log_errors) > 10:
        notes.append(f"- … and {len(log_errors) - 10} more error lines in the server logs")
    if notes:
        lines += ["", "Also seen:", "", *notes]
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.no_write:
        write_section(text, PART[len(bases) > 1])
        print(f"wrote {os.path.relpath(OUT, ROOT)}", file=sys.stderr)
    return 0 if not diffs and not errors and not behind and finished else 1


if __name__ == "__main__":
    sys.exit(main())
