#!/usr/bin/env python3
"""Random clicks per second: voidgame 1.1 against arbiter.voidgame, its drop-in replacement, in one run.

Both get the very same clicks through ``process(state, orbit, sector)`` in the same loop, game after
game. The games are recorded first by playing both modules in lockstep, and a game is cut before its
first click on which the two states differ (one of Arbiter's rulings), so that both do the same work on
the same states. Workloads:

* gui:   uniform random clicks on all 90 cells (most are refused: "you cannot ..."), as a GUI user;
         at most --cap clicks per game;
* bot:   only clicks that do something (select, move, move back, attack, end the turn), as a program
         playing through the click API;
* floor: the gui games fed to a Python function that does nothing: the most any ``process`` called from
         Python can reach in this loop, which bounds the speed-up on the gui workload.

Each measurement is repeated (--repeat, best time kept), the modules interleaved; arbiter.voidgame starts
every run with empty position caches. --breakdown also times every click by kind.

Run: .venv/bin/python scripts/bench_voidgame_dropin.py [--clicks 300000] [--repeat 3] [--breakdown]
"""

import argparse
import gc
import random
import time
from collections import defaultdict

import voidgame as vg  # 1.1
from arbiter import voidgame as avg

PLAYING = ("select", "move", "attack")


def uniform_cell(rng, st):
    return rng.randrange(5), rng.randrange(18)


def useful_cell(rng, st):
    """A random cell whose click does something in voidgame's state st."""
    own = st.turn + "#"
    cells = []
    for o, row in enumerate(st.board):
        for s, c in enumerate(row):
            if not c:
                continue
            if st.phase in ("select", "move") and c.startswith(own):
                cells.append((o, s))
            elif st.phase == "move" and c == "canMove":
                cells += [(o, s)] * 3
            elif st.phase == "attack" and ("canHit" in c or "selected" in c or c == "start"):
                cells.append((o, s))
    return rng.choice(cells) if cells else (rng.randrange(5), rng.randrange(18))


def same(v, a):
    return (v.board, v.turn, v.phase, v.prompt, v.black, v.white) == (
        a.board, a.turn, a.phase, a.prompt, a.black, a.white)


def record(n, seed, cap, choose):
    """Games (lists of clicks), n clicks in all, on which voidgame and arbiter.voidgame agree throughout."""
    rng = random.Random(seed)
    games, total = [], 0
    while total < n:
        v, a, clicks = vg.State(), avg.State(), []
        while len(clicks) < cap and total + len(clicks) < n and v.phase in PLAYING:
            cell = choose(rng, v)
            vg.process(v, *cell)
            avg.process(a, *cell)
            if not same(v, a):
                break  # a ruling: the game is cut before this click
            clicks.append(cell)
        games.append(clicks)
        total += len(clicks)
    return games


def cold(module):
    if module is avg:  # empty caches: no position is known in advance
        avg._clear_caches()


def run(module, games, process=None):
    """Seconds to play all games on fresh states of module."""
    cold(module)
    make = module.State
    process = process or module.process
    gc.collect()
    started = time.perf_counter()
    for clicks in games:
        st = make()
        for o, s in clicks:
            process(st, o, s)
    return time.perf_counter() - started


def noop(state, orbit, sector):
    pass


def breakdown(module, games):
    """Clicks, mean microseconds and seconds per kind of click: (phase before, phase after, prompt)."""
    cold(module)
    timer = time.perf_counter
    overhead = float("inf")
    for _ in range(1000):
        t = timer()
        overhead = min(overhead, timer() - t)
    total, count = defaultdict(float), defaultdict(int)
    for clicks in games:
        st = module.State()
        for o, s in clicks:
            before = st.phase
            t = timer()
            module.process(st, o, s)
            t = timer() - t - overhead
            key = (before, st.phase, st.prompt.split("<br>")[0][:24])
            total[key] += t
            count[key] += 1
    return {key: (count[key], total[key] / count[key] * 1e6, total[key]) for key in total}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=300000, help="clicks per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions (best kept)")
    parser.add_argument("--cap", type=int, default=3000, help="most clicks in one game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--breakdown", action="store_true", help="also time each kind of click")
    args = parser.parse_args()

    workloads = {
        "gui": record(args.clicks, args.seed, args.cap, uniform_cell),
        "bot": record(args.clicks, args.seed, args.cap, useful_cell),
    }
    print("%d clicks per workload, best of %d runs" % (args.clicks, args.repeat))
    for name, games in workloads.items():
        print("  %s: %d games, %.0f clicks per game" % (name, len(games), args.clicks / len(games)))
    floor = min(run(vg, workloads["gui"], noop) for _ in range(args.repeat))
    rates = {}
    for name, games in workloads.items():
        best = {vg: float("inf"), avg: float("inf")}
        for _ in range(args.repeat):
            for module in (vg, avg):
                best[module] = min(best[module], run(module, games))
        rates[name] = (args.clicks / best[vg], args.clicks / best[avg])
        print("%-4s voidgame 1.1 %10.0f clicks/s   arbiter.voidgame %10.0f clicks/s   %5.2fx" % (
            name, rates[name][0], rates[name][1], rates[name][1] / rates[name][0]))
    rate_floor = args.clicks / floor
    print("floor: a no-op process() on the gui games: %.0f clicks/s, %.1fx voidgame 1.1" % (
        rate_floor, rate_floor / rates["gui"][0]))
    if args.breakdown:
        for name, games in workloads.items():
            print("\n%s: microseconds per click, by kind (phase before -> after, prompt)" % name)
            rows = {}
            for module in (vg, avg):
                for key, figures in breakdown(module, games).items():
                    rows.setdefault(key, {})[module] = figures
            print("  %-50s %8s %10s %10s %9s %9s" % ("kind", "clicks", "vg us", "avg us", "vg s", "avg s"))
            for key, by in sorted(rows.items(), key=lambda kv: -kv[1].get(vg, (0, 0, 0))[2]):
                v, a = by.get(vg, (0, 0.0, 0.0)), by.get(avg, (0, 0.0, 0.0))
                print("  %-50s %8d %10.2f %10.2f %9.3f %9.3f" % (
                    "%s -> %s: %s" % key, max(v[0], a[0]), v[1], a[1], v[2], a[2]))
            total_vg = sum(by[vg][2] for by in rows.values() if vg in by)
            total_avg = sum(by[avg][2] for by in rows.values() if avg in by)
            refused = sum(by[avg][2] for key, by in rows.items() if avg in by and key[2].startswith("you cannot"))
            print("  total %.3f s vs %.3f s; the refused clicks alone take %.3f s in arbiter.voidgame: even if"
                  " every other click were free, at most %.1fx" % (total_vg, total_avg, refused,
                                                                   total_vg / max(refused, 1e-9)))


if __name__ == "__main__":
    main()
