#!/usr/bin/env python3
"""Measures the analysis of games and writes docs/analysis-bench.md (do not edit that file by hand).

1. Throughput: for each game, one game of level 3 against level 3 (4 random opening plies, seeded), then
   `arbiter analyze-game RECORD --json` with the default budget (the game's level 6 at 200,000 nodes a
   position, one core): seconds per 100 plies.
2. The server's queue under N simultaneous requests: `arbiter serve` on a fresh SQLite file, N players
   each with a finished game (loaded from a record), all asking for an analysis at once: how long each
   waited for its first position to be searched and for its whole job, and the server's peak memory.

    scripts/bench_analysis.py [--bin target/release/arbiter] [--requests 50] [--queue-nodes 10000]
"""

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from measured import load

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "analysis-bench.md"
GAMES = ["void", "krux", "attraction", "villawar:size=6", "villawar", "villawar:size=10"]


def record_of(arbiter, game, folder):
    subprocess.run(
        [arbiter, "match", game, "--a", "level=3", "--b", "level=3", "-n", "1", "--opening-plies", "4",
         "--seed", "7", "--records", str(folder)],
        check=True, capture_output=True, timeout=1800,
    )
    return folder / "game-0001.json"


def throughput(arbiter):
    rows = []
    for game in GAMES:
        with tempfile.TemporaryDirectory() as d:
            record = record_of(arbiter, game, Path(d))
            started = time.perf_counter()
            out = subprocess.run([arbiter, "analyze-game", str(record), "--json"], check=True,
                                 capture_output=True, text=True, timeout=3600).stdout
            seconds = time.perf_counter() - started
        a = json.loads(out)
        searched = sum(1 for p in a["positions"] if p["to_move"] is not None)
        marks = sum(1 for m in a["moves"] if m["mark"])
        rows.append((game, len(a["moves"]), searched, seconds, 100 * seconds / max(1, len(a["moves"])), marks, a["agent"]))
        print(f"{game}: {len(a['moves'])} plies in {seconds:.1f} s", file=sys.stderr)
    return rows


def call(base, method, path, token=None, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=600) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def peak_memory_kb(pid):
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+)", text).group(1))


def queue(arbiter, requests, nodes):
    with tempfile.TemporaryDirectory() as d:
        record = json.loads(record_of(arbiter, "void", Path(d)).read_text())
        port = 20000 + os.getpid() % 20000
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [arbiter, "serve", "--addr", f"127.0.0.1:{port}", "--db", str(Path(d) / "bench.db"),
             "--rate-limits", "off", "--analysis-nodes", str(nodes)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(base + "/api/catalog", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            jobs = []
            for _ in range(requests):
                _, player = call(base, "POST", "/api/players", body={})
                _, view = call(base, "POST", "/api/games", player["token"],
                               {"record": record, "players": [{"kind": "human"}, {"kind": "human"}]})
                jobs.append((player["token"], view["id"]))
            baseline_kb = peak_memory_kb(server.pid)
            results = [None] * requests
            go = threading.Barrier(requests)

            def one(i):
                token, gid = jobs[i]
                go.wait()
                started = time.perf_counter()
                status, _ = call(base, "POST", f"/api/games/{gid}/analysis", token, {})
                first = None
                while True:
                    _, view = call(base, "GET", f"/api/games/{gid}/analysis", token)
                    now = time.perf_counter() - started
                    progress = view.get("progress")
                    if first is None and (view["status"] == "done" or (progress and progress[0] >= 1)):
                        first = now
                    if view["status"] != "running":
                        results[i] = (status, first, now, view["status"])
                        return
                    time.sleep(0.05)

            threads = [threading.Thread(target=one, args=(i,)) for i in range(requests)]
            started = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.perf_counter() - started
            peak_kb = peak_memory_kb(server.pid)
        finally:
            server.terminate()
            server.wait()
    accepted = sum(1 for r in results if r[0] == 200 and r[3] == "done")
    firsts = sorted(r[1] for r in results)
    totals = sorted(r[2] for r in results)
    return {
        "requests": requests, "accepted": accepted, "plies": len(record["moves"]), "nodes": nodes, "wall": wall,
        "first_median": statistics.median(firsts), "first_max": firsts[-1],
        "done_median": statistics.median(totals), "done_max": totals[-1],
        "memory_before_mb": baseline_kb / 1024, "memory_peak_mb": peak_kb / 1024,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(ROOT / "target/release/arbiter"))
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--queue-nodes", type=int, default=10000)
    args = parser.parse_args()
    command = "scripts/bench_analysis.py" + "".join(
        f" --{k.replace('_', '-')} {v}" for k, v in vars(args).items() if k != "bin"
    )
    before = load()
    rows = throughput(args.bin)
    q = queue(args.bin, args.requests, args.queue_nodes)
    after = load()
    cores = os.cpu_count()
    lines = [
        "# The analysis of games: measured",
        "",
        "Written by `scripts/bench_analysis.py` (do not edit by hand). What the analysis is: "
        "[analysis.md](analysis.md).",
        "",
        f"`{command}`, {datetime.date.today()}, load {before} → {after} on {cores} cores.",
        "",
        "## Throughput (one core)",
        "",
        "One game of level 3 against level 3 per game (4 random opening plies, seed 7), analysed by "
        "`arbiter analyze-game RECORD --json` at its default budget.",
        "",
        "| game | plies | positions searched | seconds | seconds per 100 plies | moves marked | agent |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for game, plies, searched, seconds, per100, marks, agent in rows:
        lines.append(f"| {game} | {plies} | {searched} | {seconds:.1f} | {per100:.1f} | {marks} | `{agent}` |")
    lines += [
        "",
        f"## The server's queue under {q['requests']} simultaneous requests",
        "",
        f"`arbiter serve --analysis-nodes {q['nodes']}` (workers: one per core) on a fresh SQLite file; "
        f"{q['requests']} players, each with a finished Void game of {q['plies']} plies, ask for its analysis at "
        "the same moment and poll until it is done. A job asks for a worker again before every position, so "
        "every request's first position is searched early, not after other players' whole jobs.",
        "",
        "| requests | done | wall time | first position searched: median / slowest | job done: median / slowest | server memory before → peak |",
        "|---:|---:|---:|---|---|---|",
        f"| {q['requests']} | {q['accepted']} | {q['wall']:.1f} s | {q['first_median']:.1f} s / {q['first_max']:.1f} s | "
        f"{q['done_median']:.1f} s / {q['done_max']:.1f} s | {q['memory_before_mb']:.0f} MB → {q['memory_peak_mb']:.0f} MB |",
        "",
    ]
    OUT.write_text("\n".join(lines))
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
