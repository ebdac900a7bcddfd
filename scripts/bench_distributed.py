#!/usr/bin/env python3
"""Games per second of a match on Ray (arbiter.distributed) against one process playing the same games.

Both sides play the very same games: the single process is one ``arbiter.match(..., concurrency=1)`` call, the
Ray side ``arbiter.distributed.match`` with the same arguments, in tasks of ``--batch`` games on a local Ray
with ``--cpus`` CPUs (every core by default). The agents think by iteration, node or depth budgets only
(``mcts:iterations=...``, ``alphabeta:depth=...``; no time limit), so every game is the same work on both
sides, and the script checks that both produced the same game records.

Ray's start-up is not timed: ``ray.init`` and one small task per CPU (which starts the worker processes and
imports arbiter in each) run before the clock starts. The timed Ray run includes everything after: sending
the tasks, the games, returning the records and the driver's tallies. The single-process rounds run first,
before Ray is started, so that Ray's idle processes do not slow them. Both sides' CPU time is printed too (for
Ray: the workers, Ray's own processes and the driver, from /proc), which a busy machine distorts less than the
wall time; --processes also times the games split over plain processes without Ray (the machine's own limit).

    .venv/bin/python scripts/bench_distributed.py            # void, mcts 400 vs 200 iterations, 80 games
    .venv/bin/python scripts/bench_distributed.py --game attraction --a alphabeta:depth=4 --b alphabeta:depth=3

--write puts the run's row into the table of docs/distributed.md (between its `bench_distributed.py` markers; a
row of the same settings is replaced, the others kept), with the command, the date and the load.
"""

import argparse
import datetime
import logging
import os
import shlex
import statistics
import sys
import time

import arbiter
from arbiter import distributed
from measured import ROOT, load, write_marked

DOC = os.path.join(ROOT, "docs", "distributed.md")
MARKER = "bench_distributed.py"
HEAD = ["| run | single process | Ray | ratio | Ray's CPU overhead | plain processes (no Ray) | same games | "
        "command, date, load |", "|---|---:|---:|---:|---:|---:|---|---|"]


def write_row(row: str, key: str) -> None:
    """The row into the doc's table, in place of one with the same first cell."""
    with open(DOC, encoding="utf-8") as f:
        text = f.read()
    begin, end = f"<!-- {MARKER}: begin -->", f"<!-- {MARKER}: end -->"
    old = text[text.index(begin) + len(begin):text.index(end)] if begin in text and end in text else ""
    kept = [line for line in old.splitlines()
            if line.startswith("| ") and line not in HEAD and not line.startswith(f"| {key} |")]
    write_marked(DOC, MARKER, "\n".join(HEAD + kept + [row]), "## Measured")


def ray_cpu_seconds() -> float:
    """CPU time of this process and all its descendants (the local Ray: GCS, raylet, workers), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    parents, times = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    mine, grew = {os.getpid()}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in mine} - mine
        grew = bool(more)
        mine |= more
    return sum(times.get(pid, 0.0) for pid in mine)


def play_part(job: tuple) -> float:
    """Games of the match in a plain process (the --processes baseline): its CPU seconds."""
    from arbiter import _arbiter

    game, a, b, indices, opening_plies, seed = job
    cpu = time.process_time()
    _arbiter._match_batch(game, a, b, indices, opening_plies, 400, seed, True, 1)
    return time.process_time() - cpu


def warm_up(game: str) -> int:
    """A Ray worker's first task: imports arbiter (and its engine) and plays a random game."""
    from arbiter import _arbiter

    _arbiter._match_batch(game, "random", "random", [0])
    time.sleep(0.5)
    return os.getpid()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="void")
    p.add_argument("--a", default="mcts:iterations=400")
    p.add_argument("--b", default="mcts:iterations=200")
    p.add_argument("--games", type=int, default=320)
    p.add_argument("--batch", type=int, default=10, help="games per Ray task, at most (default 10)")
    p.add_argument("--opening-plies", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--cpus", type=int, default=os.cpu_count(), help="CPUs of the local Ray (default: every core)")
    p.add_argument("--rounds", type=int, default=1, help="timed runs of each side; the medians are compared")
    p.add_argument("--write", action="store_true", help="put the row into docs/distributed.md's table")
    p.add_argument("--processes", action="store_true",
                   help="also time the games split over --cpus plain processes (multiprocessing, no Ray): what "
                        "the machine itself allows")
    args = p.parse_args()
    for spec in (args.a, args.b):
        if "time=" in spec or spec.startswith("level="):
            p.error(f"{spec!r}: give budgets by iterations, nodes or depth (no time, no level) so the work is fixed")
    common = dict(games=args.games, opening_plies=args.opening_plies, seed=args.seed, safe_openings=True)
    load_before = os.getloadavg()
    before = load()
    plain_rates = []
    print(f"{args.game}: A = {args.a}, B = {args.b}, {args.games} games, {args.opening_plies} opening plies, "
          f"seed {args.seed}; {os.cpu_count()} cores, load average {load_before[0]:.2f} {load_before[1]:.2f} "
          f"{load_before[2]:.2f}")

    single_rates, single_cpu, single = [], [], None
    for _ in range(args.rounds):
        started, cpu = time.perf_counter(), time.process_time()
        single = arbiter.match(args.game, args.a, args.b, concurrency=1, **common)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        single_rates.append(args.games / seconds)
        single_cpu.append(cpu)
        print(f"  single process: {args.games} games in {seconds:.2f} s = {single_rates[-1]:.3f} games/s "
              f"({cpu:.2f} CPU s)")

    if args.processes:
        import multiprocessing

        with multiprocessing.Pool(args.cpus) as pool:
            pool.map(play_part, [(args.game, "random", "random", [0], 0, 0)] * args.cpus)  # start-up, not timed
            for _ in range(args.rounds):
                started = time.perf_counter()
                jobs = [(args.game, args.a, args.b, list(range(k, args.games, args.cpus)), args.opening_plies,
                         args.seed) for k in range(args.cpus)]
                cpu = sum(pool.map(play_part, jobs))
                seconds = time.perf_counter() - started
                plain_rates.append(args.games / seconds)
                print(f"  {args.cpus} plain processes (no Ray): {args.games} games in {seconds:.2f} s = "
                      f"{args.games / seconds:.3f} games/s ({cpu:.2f} CPU s)")

    import ray

    started = time.perf_counter()
    ray.init(address="local", num_cpus=args.cpus, include_dashboard=False, logging_level=logging.WARNING)
    warm = ray.remote(warm_up)
    # One small task per CPU, held long enough that each lands in its own worker process.
    pids = ray.get([warm.remote(args.game) for _ in range(args.cpus)])
    print(f"  (Ray start-up and warm-up of {len(set(pids))} worker processes, not timed: "
          f"{time.perf_counter() - started:.1f} s)")

    ray_rates, ray_cpu, dist = [], [], None
    for _ in range(args.rounds):
        cpu = ray_cpu_seconds()
        dist = distributed.match(args.game, args.a, args.b, batch=args.batch, **common)
        cpu = ray_cpu_seconds() - cpu
        ray_rates.append(args.games / dist["seconds"])
        ray_cpu.append(cpu)
        print(f"  Ray ({args.cpus} CPUs, batches of {args.batch}): {args.games} games in {dist['seconds']:.2f} s = "
              f"{ray_rates[-1]:.3f} games/s on {dist['workers']} worker processes, {dist['batches']} batches "
              f"({dist['task_cpu_seconds']:.2f} CPU s in the tasks, {cpu:.2f} in all of Ray and the driver)")
    ray.shutdown()

    same = [r["record"] for r in single["results"]] == [r["record"] for r in dist["results"]]
    tally = lambda r: f"+{r['a_wins']} ={r['draws']} -{r['b_wins']}"  # noqa: E731
    print(f"  same games: {'yes' if same else 'NO'} (A {tally(single)} in both)" if same else
          f"  same games: NO (single A {tally(single)}, Ray A {tally(dist)})")
    single_rate, ray_rate = statistics.median(single_rates), statistics.median(ray_rates)
    load_after = os.getloadavg()
    print(f"single process {single_rate:.3f} games/s, Ray {ray_rate:.3f} games/s: ratio {ray_rate / single_rate:.2f}x "
          f"(load average now {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f})")
    # What a loaded machine does not hide: the CPU time the same games took on each side.
    print(f"CPU time of the same games: single process {statistics.median(single_cpu):.2f} s, Ray "
          f"{statistics.median(ray_cpu):.2f} s (all its processes and the driver): Ray's overhead "
          f"{(statistics.median(ray_cpu) / statistics.median(single_cpu) - 1) * 100:+.1f}%")
    if args.write:
        key = (f"{args.game}: {args.a} vs {args.b}, {args.games} games, batches of {args.batch}, {args.cpus} CPUs, "
               + (f"median of {args.rounds} runs" if args.rounds > 1 else "one run"))
        plain = f"{statistics.median(plain_rates):.2f} games/s" if plain_rates else "—"
        overhead = (statistics.median(ray_cpu) / statistics.median(single_cpu) - 1) * 100
        command = "scripts/bench_distributed.py " + shlex.join(sys.argv[1:])
        write_row(f"| {key} | {single_rate:.2f} games/s | {ray_rate:.2f} games/s | **{ray_rate / single_rate:.2f}×** | "
                  f"{overhead:+.1f}% | {plain} | {'yes' if same else 'NO'} | `{command}`, "
                  f"{datetime.date.today().isoformat()}, load {before} → {load()} on {os.cpu_count()} cores |", key)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
