#!/usr/bin/env python3
"""Benchmark of voidgame 1.1 (the original Python Void) playing random games.

Plays random legal turns through voidgame's own click API from the start position
(``voidgame.State()``) for a fixed wall-clock time and prints one JSON line:

    {"plies_per_second": ..., "games": ..., "plies": ...}

A game restarts from the start position when voidgame declares a winner, when the
side to move has no piece that can move (voidgame then freezes), or after 300 plies.
``games`` counts the games begun; ``plies`` counts completed turns.

Modes (``--mode``):

``clicks`` (default)
    Each turn is three uniformly random legal clicks, as a player on voidgame's page
    would make them: a random own piece among those voidgame lets move (pieces are
    clicked in random order until one is accepted), a random ``canMove`` cell, then a
    random choice among the ``canHit`` cells and the moved piece itself (= no attack).
    Measures voidgame's own speed.
``turns``
    Each turn is drawn uniformly from the full list of legal turns, enumerated and
    played by ``tools/voidgame_oracle.py`` (copying states and clicking). Comparable
    with an engine that generates every move and picks one, but dominated by the
    enumeration cost.

Usage (from the repository root, with the venv made as in voidgame_oracle.py):

    .venv/bin/python tools/bench_voidgame.py [--seconds 10] [--seed 1] [--mode clicks]
"""

import argparse
import json
import os
import random
import sys
import time

import voidgame

MAX_PLIES = 300


def cells_with(state, marker):
    """All (orbit, sector) of voidgame's board whose cell carries the marker."""
    return [(o, s) for o in range(5) for s in range(18) if marker in state.board[o][s].split()]


def random_click_turn(state, rng):
    """Play one turn of random legal clicks. Returns False if no piece can move."""
    own = state.turn + "#"
    pieces = [(o, s) for o in range(5) for s in range(18) if state.board[o][s].startswith(own)]
    rng.shuffle(pieces)
    for piece in pieces:
        voidgame.process(state, *piece)
        if state.phase == "move":
            break
    else:
        return False
    voidgame.process(state, *rng.choice(cells_with(state, "canMove")))
    # Attack phase: a canHit cell attacks it; the moved piece itself ends without attack.
    voidgame.process(state, *rng.choice(cells_with(state, "canHit") + cells_with(state, "selected")))
    return True


def random_enumerated_turn(state, rng, oracle):
    """Play one turn drawn uniformly from all legal turns. Returns the new state or None."""
    turns = oracle.legal_turns(state)
    if not turns:
        return None
    after, _side, _status = oracle.play_turn(state, rng.choice(turns))
    return after


def bench(seconds, seed, mode):
    rng = random.Random(seed)
    oracle = None
    if mode == "turns":
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import voidgame_oracle as oracle
    games = plies = 0
    state, game_plies = None, MAX_PLIES
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        if state is None or state.phase == "win" or game_plies >= MAX_PLIES:
            state, game_plies = voidgame.State(), 0
            games += 1
        if mode == "clicks":
            moved = random_click_turn(state, rng)
        else:
            state = random_enumerated_turn(state, rng, oracle)
            moved = state is not None
        if not moved:
            state = None  # stuck: voidgame has no pass; start a new game
            continue
        plies += 1
        game_plies += 1
    elapsed = time.perf_counter() - start
    return {"plies_per_second": round(plies / elapsed, 1), "games": games, "plies": plies}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall-clock time to run (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--mode", choices=("clicks", "turns"), default="clicks",
                        help="random clicks (default) or uniform over enumerated turns")
    args = parser.parse_args(argv)
    print(json.dumps(bench(args.seconds, args.seed, args.mode)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
