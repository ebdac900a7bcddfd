#!/usr/bin/env python3
"""Sign-in timing and guessing rate, measured on a running server; writes docs/accounts.md.

    scripts/login_timing.py [--bin DIR] [--rounds N]

1. Timing: `arbiter serve` without rate limits on a fresh SQLite file, one account; then N rounds, each
   a sign-in with the account's username and a wrong password and one with an unknown username (in a
   random order per round), timed by the client. If the two answers' times differ beyond noise, the
   timing tells which usernames exist.
2. Guessing one account from many addresses: the server with its default limits behind a trusted
   proxy (`--trusted-proxy 127.0.0.1`), 100 wrong guesses at one account, each from a new address
   (`X-Forwarded-For`): how many are checked and how many refused with 429.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from measured import arbiter_binary

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "accounts.md"


def call(base, method, path, token=None, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    for k, v in (headers or {}).items():
        request.add_header(k, v)
    if token:
        request.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


class Server:
    """`arbiter serve` on a fresh database, stopped on exit."""

    def __init__(self, arbiter, *extra):
        self.dir = tempfile.TemporaryDirectory()
        port = 20000 + (os.getpid() + len(extra) * 7) % 20000
        self.base = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [arbiter, "serve", "--addr", f"127.0.0.1:{port}", "--db", str(Path(self.dir.name) / "a.db"), *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        for _ in range(300):
            try:
                urllib.request.urlopen(self.base + "/api/catalog", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("the server did not start")

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.process.terminate()
        self.process.wait()
        self.dir.cleanup()


def account(base):
    _, player = call(base, "POST", "/api/players", body={})
    status, body = call(base, "POST", "/api/account", player["token"], {"username": "ada", "password": "long enough"})
    assert status == 200, body


def timing(arbiter, rounds):
    known, unknown = [], []
    with Server(arbiter, "--rate-limits", "off") as s:
        account(s.base)
        for i in range(10):  # warm up both paths (the decoy hash is made on first use)
            for username in ("ada", f"warm{i}"):
                call(s.base, "POST", "/api/login", body={"username": username, "password": "warming up"})
        for i in range(rounds):
            pair = [("ada", known), (f"nobody{i}", unknown)]
            random.shuffle(pair)
            for username, times in pair:
                started = time.perf_counter()
                status, body = call(s.base, "POST", "/api/login", body={"username": username, "password": "a wrong guess"})
                times.append((time.perf_counter() - started) * 1000)
                assert status == 401 and body["error"]["code"] == "bad_login", body
    return known, unknown


def guessing(arbiter, guesses):
    with Server(arbiter, "--trusted-proxy", "127.0.0.1") as s:
        account(s.base)
        statuses = []
        started = time.perf_counter()
        for i in range(guesses):
            address = f"10.{i // 250}.{i % 250}.{7 + i % 3}"
            status, _ = call(s.base, "POST", "/api/login", body={"username": "ada", "password": f"guess {i}"},
                             headers={"x-forwarded-for": address})
            statuses.append(status)
        wall = time.perf_counter() - started
    return statuses.count(401), statuses.count(429), wall


def describe(times):
    q = statistics.quantiles(times, n=10)
    return statistics.median(times), statistics.mean(times), statistics.stdev(times), q[0], q[-1]


def mann_whitney(a, b):
    """The Mann-Whitney U test's two-sided p-value (normal approximation, ties averaged): robust to
    the outliers a busy machine adds."""
    ranked = sorted([(x, 0) for x in a] + [(x, 1) for x in b])
    ranks = [0.0] * len(ranked)
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and ranked[j + 1][0] == ranked[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        i = j + 1
    r1 = sum(r for r, (_, group) in zip(ranks, ranked) if group == 0)
    n1, n2 = len(a), len(b)
    u = r1 - n1 * (n1 + 1) / 2
    z = (u - n1 * n2 / 2) / math.sqrt(n1 * n2 * (n1 + n2 + 1) / 12)
    return math.erfc(abs(z) / math.sqrt(2))


def welch(a, b):
    """Welch's t statistic and its two-sided p-value (normal approximation: hundreds of samples)."""
    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    t = (statistics.mean(a) - statistics.mean(b)) / math.sqrt(va + vb)
    p = math.erfc(abs(t) / math.sqrt(2))
    return t, p


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="a folder with a prebuilt arbiter (default: target/release, built first)")
    parser.add_argument("--rounds", type=int, default=1000)
    args = parser.parse_args()
    arbiter = arbiter_binary(args.bin)
    known, unknown = timing(arbiter, args.rounds)
    checked, refused, wall = guessing(arbiter, 100)
    t, p = welch(known, unknown)
    p_rank = mann_whitney(known, unknown)
    rows = []
    for name, times in [("known username, wrong password", known), ("unknown username", unknown)]:
        median, mean, sd, p10, p90 = describe(times)
        rows.append(f"| {name} | {len(times)} | {median:.1f} | {mean:.1f} | {sd:.1f} | {p10:.1f}–{p90:.1f} |")
    today = datetime.date.today().isoformat()
    command = "scripts/login_timing.py" + (f" --rounds {args.rounds}" if args.rounds != 1000 else "")
    text = f"""# Accounts: sign-in timing and guessing

Written by `{command}` (do not edit by hand) on {today}, against a release build of `arbiter serve` on this machine
(SQLite, loopback). Passwords are Argon2id hashes (19 MiB, 2 passes, 1 lane); a sign-in with an unknown username checks
the password against a decoy hash of the same parameters.

## Does the answer's time tell whether a username exists?

Each round signs in once with the account's username and a wrong password and once with an unknown username, in a
random order; times are the client's, in milliseconds.

| sign-in | answers | median | mean | sd | 10–90% |
|---|---:|---:|---:|---:|---|
{rows[0]}
{rows[1]}

Difference of the medians: {statistics.median(known) - statistics.median(unknown):+.2f} ms, of the means:
{statistics.mean(known) - statistics.mean(unknown):+.2f} ms. Mann–Whitney U: two-sided p = {p_rank:.3f}; Welch's t = {t:.2f},
p = {p:.3f}. {"Neither test finds a difference at the 5% level." if min(p, p_rank) >= 0.05 else
"**A difference was found at the 5% level**: an observer timing many sign-ins could tell the two apart."}

## Guessing one account from many addresses

The server with its default limits behind a trusted proxy; 100 wrong guesses at one account in a row, each from a new
address: **{checked}** were checked (401 `bad_login`) and **{refused}** refused (429 `rate_limited`, with `Retry-After`),
in {wall:.1f} s. The limit per account (5 at once, then 20 an hour, from any address) holds a guesser to about 480
guesses a day; the limit per address (10 a minute) holds one address to that whatever the accounts.
"""
    OUT.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
