"""arbiter.voidgame against voidgame 1.1, the original program it replaces.

The lockstep test clicks the same random cells on both and compares the whole state (board with its
markers, turn, phase, prompt, points) after every click. A difference must be one of Arbiter's documented
rulings (``docs/rules/void.md``, ``arbiter/voidgame.py``); each is recognised by what it looks like, counted
and printed. After a ruling that leaves the game going, voidgame's state is overwritten with Arbiter's (all
of voidgame's state is in those six attributes), so every later click is again compared from identical
states; after a ruling that ends the game (a draw), the game ends. Any other difference fails the test.

Environment: VOIDGAME_LOCKSTEP_GAMES (default 1000), VOIDGAME_LOCKSTEP_CLICKS (cap per game, default 3000).
"""

import copy
import os
import pickle
import random
import re
import time
from collections import Counter

import pytest

import voidgame as vg  # voidgame 1.1, the reference (the test command installs it): without it these tests fail

from arbiter import voidgame as avg

FIELDS = ("turn", "phase", "prompt", "black", "white")
PLAYING = ("select", "move", "attack")
SECTORS = "abcdefghijklmnopqr"
LETTERS = {"f": "flag", "b": "bomber", "s": "sweeper", "x": "fighter"}


# ----------------------------------------------------------------------------- helpers

def same(v, a):
    return v.board == a.board and all(getattr(v, f) == getattr(a, f) for f in FIELDS)


def snapshot(st):
    return {"board": [row[:] for row in st.board], **{f: getattr(st, f) for f in FIELDS}}


def copy_into(dst, src):
    """Overwrites dst's voidgame attributes with src's (a complete re-synchronisation for voidgame)."""
    dst.board = [row[:] for row in src.board]
    for f in FIELDS:
        setattr(dst, f, getattr(src, f))


def other(side):
    return "white" if side == "black" else "black"


def board_of(position):
    """An Arbiter position's board field -> a voidgame board (orbit 0 innermost)."""
    board = [[""] * 18 for _ in range(5)]
    for k, text in enumerate(position.split()[0].split("/")):
        s = 0
        for token in re.findall(r"\d+|.", text):
            if token.isdigit():
                s += int(token)
            else:
                board[4 - k][s] = ("white#" if token.isupper() else "black#") + LETTERS[token.lower()]
                s += 1
    return board


def set_up(module, position):
    st = module.State()
    st.board = board_of(position)
    st.turn = "white" if position.split()[1] == "w" else "black"
    return st


def cell(name):
    """'n5' -> (orbit index, sector index)."""
    return int(name[1]) - 1, SECTORS.index(name[0])


def click_both(v, a, name):
    o, s = cell(name)
    vg.process(v, o, s)
    avg.process(a, o, s)


def find(board, pred):
    return [(o, s) for o in range(5) for s in range(18) if pred(board[o][s])]


def mark(board, o, s, marker):
    board[o][s] = marker if board[o][s] == "" else board[o][s] + " " + marker


def unmark(board, o, s, marker):
    words = board[o][s].split()
    words.remove(marker)
    board[o][s] = " ".join(words)


def can_move(v, side):
    """Whether voidgame lets `side` select any piece on v's board (v in a select phase)."""
    for o, s in find(v.board, lambda c: c.startswith(side + "#")):
        probe = copy.copy(v)
        probe.board = [row[:] for row in v.board]
        probe.turn, probe.phase = side, "select"
        vg.process(probe, o, s)
        if probe.phase == "move":
            return True
    return False


# --------------------------------------------------------------- recognising the rulings

def fighter_past_friend(prev, v, a):
    """Ruling 1: voidgame's fighter hits an enemy behind a friend at distance 1; Arbiter's has no attack."""
    if not (prev["phase"] == "move" and v.phase == a.phase == "attack"):
        return False
    if any(getattr(v, f) != getattr(a, f) for f in FIELDS):
        return False
    (do, ds), = find(a.board, lambda c: "selected" in c.split())
    if not a.board[do][ds].startswith(a.turn + "#fighter"):
        return False
    (so, ss), = find(a.board, lambda c: c == "start")
    step = -1 if (ss - ds) % 18 < 9 else 1  # it flew away from its start cell and looks ahead
    first, second = (ds + step) % 18, (ds + 2 * step) % 18
    if not (a.board[do][first].startswith(a.turn + "#") and a.board[do][second].startswith(other(a.turn) + "#")):
        return False
    expected = [row[:] for row in a.board]
    mark(expected, do, second, "canHit")
    if do > 0:
        mark(expected, do - 1, second, "willFall")
    return expected == v.board


def flagship_line(prev, v, a):
    """Ruling 2: voidgame stops a flagship's line at a willFall marker it just left on an empty cell."""
    if not (prev["phase"] == "move" and v.phase == a.phase == "attack"):
        return False
    if any(getattr(v, f) != getattr(a, f) for f in FIELDS):
        return False
    (do, ds), = find(a.board, lambda c: "selected" in c.split())
    if not a.board[do][ds].startswith(a.turn + "#flag"):
        return False
    hit_a = set(find(a.board, lambda c: "canHit" in c.split()))
    hit_v = set(find(v.board, lambda c: "canHit" in c.split()))
    extra = hit_a - hit_v
    if not extra or hit_v - hit_a:
        return False
    expected = [row[:] for row in a.board]
    for o, s in extra:
        unmark(expected, o, s, "canHit")
        if o >= 3:
            unmark(expected, o - 3, s, "willFall")
        # on voidgame's board the line from the flagship to the target crosses a bare willFall marker
        d_o = (o > do) - (o < do)
        diff = (s - ds) % 18
        d_s = 0 if diff == 0 else (1 if diff < 9 else -1)
        steps = max(abs(o - do), min(diff, 18 - diff))
        if not any(v.board[do + k * d_o][(ds + k * d_s) % 18] == "willFall" for k in range(1, steps)):
            return False
    return expected == v.board


def both_flagships(prev, v, a):
    """Ruling 3: both flagships fell in one turn: a draw (voidgame: black wins)."""
    return (v.phase == "win" and v.prompt == vg.BLACK_WINS_PROMPT and a.phase == "draw"
            and a.prompt == avg.DRAW_PROMPT and v.board == a.board and v.turn == a.turn
            and (v.black, v.white) == (a.black, a.white)
            and not find(a.board, lambda c: c.endswith("#flag")))


def lone_flagships(prev, v, a):
    """Ruling 4: only the two flagships are left: a draw (voidgame plays on)."""
    pieces = sorted(c for row in a.board for c in row if c)
    return (v.phase == "select" and a.phase == "draw" and a.prompt == avg.DRAW_PROMPT
            and v.board == a.board and (v.black, v.white) == (a.black, a.white)
            and a.turn == prev["turn"] and pieces == ["black#flag", "white#flag"])


def opponent_passes(prev, v, a):
    """Ruling 5: the side to move cannot move: it passes (voidgame gives it the turn and freezes)."""
    return (v.phase == "select" and a.phase == "select" and v.board == a.board
            and (v.black, v.white) == (a.black, a.white) and a.turn == other(v.turn)
            and a.prompt == avg.PASS_PROMPT and not can_move(v, v.turn))


def two_passes(prev, v, a):
    """Ruling 5: neither side can move: two passes, a draw (voidgame freezes)."""
    return (v.phase == "select" and a.phase == "draw" and a.prompt == avg.DRAW_PROMPT
            and v.board == a.board and (v.black, v.white) == (a.black, a.white)
            and not can_move(v, v.turn) and not can_move(v, other(v.turn)))


# (name, recogniser, whether the game goes on after it)
RULINGS = [
    ("fighter stops at a friend (voidgame shoots past it)", fighter_past_friend, True),
    ("flagship line not blocked by a willFall marker", flagship_line, True),
    ("both flagships fell: draw (voidgame: black wins)", both_flagships, False),
    ("only two flagships left: draw (voidgame plays on)", lone_flagships, False),
    ("side without moves passes (voidgame freezes)", opponent_passes, True),
    ("neither side can move: draw (voidgame freezes)", two_passes, False),
]


def classify(prev, v, a):
    for name, recognise, goes_on in RULINGS:
        if recognise(prev, v, a):
            return name, goes_on
    return None, False


def describe(prev, v, a, click):
    lines = ["click %s (orbit %d, sector %d) from phase %s, %s to move" % (
        SECTORS[click[1]] + str(click[0] + 1), click[0], click[1], prev["phase"], prev["turn"])]
    for o in range(5):
        for s in range(18):
            if v.board[o][s] != a.board[o][s]:
                lines.append("  %s%d voidgame %r arbiter %r" % (SECTORS[s], o + 1, v.board[o][s], a.board[o][s]))
    for f in FIELDS:
        if getattr(v, f) != getattr(a, f):
            lines.append("  %s voidgame %r arbiter %r" % (f, getattr(v, f), getattr(a, f)))
    return "\n".join(lines)


# ------------------------------------------------------------------------ the random user

def choose_click(rng, v):
    """A GUI user's click: a third of the time any of the 90 cells, else a cell that may do something."""
    if rng.random() < 0.35:
        return rng.randrange(5), rng.randrange(18)
    own = v.turn + "#"
    phase = v.phase
    cells = []
    for o, row in enumerate(v.board):
        for s, c in enumerate(row):
            if not c:
                continue
            if c.startswith(own):
                if phase == "select":
                    cells.append((o, s))
                elif phase == "move":
                    cells.append((o, s))  # select another piece
                elif "selected" in c:
                    cells += [(o, s)] * 2  # end the turn without attacking
            elif phase == "move":
                if c == "canMove":
                    cells += [(o, s)] * 3
            elif phase == "attack":
                if "canHit" in c:
                    cells += [(o, s)] * 4
                elif c == "start":
                    cells.append((o, s))  # move back
    if not cells:
        return rng.randrange(5), rng.randrange(18)
    return rng.choice(cells)


def play_lockstep(seed, max_clicks, stats, failures):
    rng = random.Random(seed)
    v, a = vg.State(), avg.State()
    for _ in range(max_clicks):
        if a.phase not in PLAYING:
            break
        if rng.random() < 0.01:
            # A program restoring a saved state into a fresh State (arbiter.voidgame rebuilds its
            # position from the board, also in the middle of a turn).
            restored = avg.State()
            copy_into(restored, a)
            a = restored
            stats["restores"] += 1
        o, s = choose_click(rng, v)
        prev = snapshot(a)
        vg.process(v, o, s)
        avg.process(a, o, s)
        stats["clicks"] += 1
        if prev["phase"] == "attack" and a.phase != "attack" and a.phase != "move":
            stats["turns"] += 1
        if same(v, a):
            continue
        name, goes_on = classify(prev, v, a)
        if name is None:
            failures.append("seed %d: %s" % (seed, describe(prev, v, a, (o, s))))
            stats["games ended by an unclassified difference"] += 1
            return
        stats[name] += 1
        if not goes_on:
            break
        copy_into(v, a)
    if a.phase == "win":
        stats["games won: " + a.prompt] += 1
    elif a.phase == "draw":
        stats["games drawn"] += 1
    elif a.phase in PLAYING:
        stats["games stopped at the click cap"] += 1


def test_lockstep_random_clicks(capsys):
    games = int(os.environ.get("VOIDGAME_LOCKSTEP_GAMES", "1000"))
    max_clicks = int(os.environ.get("VOIDGAME_LOCKSTEP_CLICKS", "3000"))
    stats, failures = Counter(), []
    started = time.perf_counter()
    for game in range(games):
        play_lockstep(20240000 + game, max_clicks, stats, failures)
    seconds = time.perf_counter() - started
    with capsys.disabled():
        print("\nvoidgame lockstep: %d games, %d clicks, %d turns, %.1f s" % (
            games, stats["clicks"], stats["turns"], seconds))
        for key, count in sorted(stats.items()):
            if key not in ("clicks", "turns"):
                print("  %-60s %7d" % (key, count))
        for name, _, _ in RULINGS:
            if not stats[name]:
                print("  %-60s %7d" % (name, 0))
    assert not failures, "%d unclassified differences; the first:\n%s" % (len(failures), "\n".join(failures[:3]))
    assert stats["clicks"] >= games


# --------------------------------------------------------------------------- the public API

def test_public_names_and_constants():
    public = [n for n in vars(vg) if not n.startswith("_") and n != "state"]
    assert public, "voidgame 1.1 exposes names"
    for name in public:
        assert hasattr(avg, name), name
        value = getattr(vg, name)
        if isinstance(value, (str, int)):
            assert getattr(avg, name) == value, name
    assert avg.MAX_SCORE == 35
    assert avg.DRAW_PROMPT == "draw!"
    assert avg.PASS_PROMPT not in {getattr(vg, n) for n in public}


def test_fresh_state_equals_voidgame():
    v, a = vg.State(), avg.State()
    assert vars(a) == vars(v)
    assert list(vars(a)) == list(vars(v))  # the same attributes only, in the same order
    assert isinstance(a.board, list) and all(isinstance(row, list) and len(row) == 18 for row in a.board)


def test_process_ignores_what_is_not_a_state():
    v = vg.State()
    avg.process(v, 2, 12)  # a voidgame.State is not arbiter.voidgame's State: nothing happens
    assert vars(v) == vars(vg.State())
    avg.process(None, 0, 0)


def test_scripted_game():
    v, a = vg.State(), avg.State()
    board_id = id(a.board), [id(row) for row in a.board]

    def step(name, phase, prompt):
        click_both(v, a, name)
        assert same(v, a), describe(snapshot(v), v, a, cell(name))
        assert (a.phase, a.prompt) == (phase, prompt), name

    step("d3", "select", avg.INVALID_SELECT_PROMPT)  # White's fighter: Black moves first
    step("a1", "select", avg.INVALID_SELECT_PROMPT)
    step("m4", "move", avg.MOVE_PROMPT)  # Black's sweeper
    assert a.board[3][12] == "black#sweeper selected"
    # up and down are taken; it glides to n4, or back to g4 where White's sweeper on f4 stops it
    assert sorted(find(a.board, lambda c: c == "canMove")) == [(3, s) for s in range(6, 12)] + [(3, 13)]
    step("n5", "move", avg.INVALID_SELECT_PROMPT)  # Black's boxed-in flagship: nothing is selected now
    assert all(c == "" or (" " not in c and "#" in c) for row in a.board for c in row)
    step("a1", "move", avg.INVALID_MOVE_PROMPT)
    step("m4", "move", avg.MOVE_PROMPT)
    step("g4", "attack", avg.ATTACK_PROMPT)  # the glide m4-g4
    assert a.board[3][12] == "start" and a.board[3][6] == "black#sweeper selected"
    step("a1", "attack", avg.INVALID_ATTACK_PROMPT)
    step("m4", "move", avg.MOVE_PROMPT)  # move back
    step("g4", "attack", avg.ATTACK_PROMPT)
    step("g4", "select", avg.SELECT_PROMPT)  # deselect: the turn ends without an attack
    assert (a.turn, a.black, a.white) == ("white", 0, 0)
    step("d3", "move", avg.MOVE_PROMPT)
    # d3-e4: the fighter looks clockwise, at its own sweeper on f4 first: Arbiter offers no attack,
    # voidgame offers the black sweeper on g4 behind it (ruling 1).
    click_both(v, a, "e4")
    assert a.phase == v.phase == "attack"
    assert a.board[3][6] == "black#sweeper" and a.board[2][6] == ""
    assert v.board[3][6] == "black#sweeper canHit" and v.board[2][6] == "willFall"
    step("e4", "select", avg.SELECT_PROMPT)
    assert a.turn == "black"
    step("m5", "move", avg.MOVE_PROMPT)  # m5-n4xn3: Black's bomber bombs its own fighter
    step("n4", "attack", avg.ATTACK_PROMPT)
    assert a.board[2][13] == "black#fighter canHit"
    assert a.board[1][13] == "willFall" and a.board[0][13] == "willFall"
    step("n3", "select", avg.SELECT_PROMPT)
    assert a.board[2][13] == "" and a.board[3][13] == "black#bomber"
    assert (a.turn, a.black, a.white) == ("white", 0, avg.FIGHTER_POINTS)
    assert (id(a.board), [id(row) for row in a.board]) == board_id  # changed in place, as voidgame does


def test_winning():
    # Worked example 2 of the rules: e1-f1xf4 pushes Black's own flagship into the void.
    v, a = set_up(vg, "F17/5X12/18/18/4f13 b"), set_up(avg, "F17/5X12/18/18/4f13 b")
    for name in ("e1", "f1", "f4"):
        click_both(v, a, name)
        assert same(v, a)
    assert (a.phase, a.prompt, a.turn) == ("win", avg.WHITE_WINS_PROMPT, "black")
    assert a.white % 2 == 1
    before = snapshot(a)
    avg.process(a, 3, 5)  # clicks after the end change nothing
    assert snapshot(a) == before


def test_flagship_lines_use_the_board():
    # Ruling 2: e3-f3 with black pieces on f5 and f1: voidgame's willFall marker on f2 (where f5 would
    # land) hides f1; Arbiter offers both.
    position = "5x9f2/18/4F13/18/5x12 w"
    v, a = set_up(vg, position), set_up(avg, position)
    click_both(v, a, "e3")
    click_both(v, a, "f3")
    assert sorted(find(a.board, lambda c: "canHit" in c)) == [(0, 5), (4, 5)]
    assert find(v.board, lambda c: "canHit" in c) == [(4, 5)]
    assert a.board[1][5] == "willFall"
    avg.process(a, 0, 5)  # f1 falls three orbits: into the void
    assert (a.phase, a.turn) == ("select", "black") and a.board[0][5] == "" and a.board[4][5] == "black#fighter"
    # points: White's flagship on orbit 3 is worth 5, Black keeps a fighter (2) and its flagship (9)
    assert (a.black, a.white) == (avg.MAX_SCORE - 5, avg.MAX_SCORE - 11)


def test_both_flagships_fall_is_a_draw():
    position = "1b16/18/18/F17/f17 b"  # b5-a5 bombs a4..a1: both flagships fall
    v, a = set_up(vg, position), set_up(avg, position)
    for name in ("b5", "a5", "a2"):
        click_both(v, a, name)
    assert (v.phase, v.prompt) == ("win", vg.BLACK_WINS_PROMPT)
    assert (a.phase, a.prompt, a.turn) == ("draw", avg.DRAW_PROMPT, "black")
    assert a.board == v.board and (a.black, a.white) == (v.black, v.white)


def test_two_lone_flagships_draw():
    position = "9F8/18/f17/18/1X16 b"  # a3-b3xb1: White's last fighter falls into the void
    v, a = set_up(vg, position), set_up(avg, position)
    for name in ("a3", "b3", "b1"):
        click_both(v, a, name)
    assert v.phase == "select"
    assert (a.phase, a.prompt, a.turn) == ("draw", avg.DRAW_PROMPT, "black")
    assert a.board == v.board


def test_a_side_without_moves_passes():
    position = "bFb6f8/18/18/18/9x8 b"  # White's flagship on a5 is boxed in by two black bombers
    v, a = set_up(vg, position), set_up(avg, position)
    for name in ("j1", "k2", "k2"):  # Black's fighter moves; White cannot move
        click_both(v, a, name)
    assert (v.turn, v.phase) == ("white", "select")
    assert not can_move(v, "white")
    assert (a.turn, a.phase, a.prompt) == ("black", "select", avg.PASS_PROMPT)
    assert a.board == v.board
    avg.process(a, 1, 10)  # Black plays on
    assert a.phase == "move"


def test_programs_may_set_up_boards_and_copy_states():
    # As tools/voidgame_oracle.py drives voidgame: a fresh State, then board, turn, phase and prompt.
    position = "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 w"
    v, a = set_up(vg, position), set_up(avg, position)
    click_both(v, a, "e5")
    assert same(v, a) and a.prompt == avg.INVALID_SELECT_PROMPT  # White's flagship is boxed in
    click_both(v, a, "f4")
    assert same(v, a) and a.phase == "move"
    # copies (as the oracle clones states), deep copies and pickles go on independently
    shallow = copy.copy(a)
    shallow.board = [row[:] for row in a.board]
    deep = copy.deepcopy(a)
    pickled = pickle.loads(pickle.dumps(a))
    click_both(v, a, "h4")
    for twin in (shallow, deep, pickled):
        assert twin.phase == "move" and twin.board != a.board
        avg.process(twin, 3, 7)
        assert same(twin, a)
    # a state restored from saved attributes in the middle of a turn (attack phase)
    restored = avg.State()
    copy_into(restored, a)
    click_both(v, restored, "f4")  # move back
    assert same(v, restored) and restored.phase == "move"
    with pytest.raises(ValueError):
        bad = avg.State()
        bad.board = board_of("FF16/18/18/18/18 b")
        bad.turn = "white"
        avg.process(bad, 4, 0)


def test_changes_to_the_board_are_noticed_however_it_was_reached():
    """A program may change the board through any reference it got to it, also long after: the next
    click that changes the state re-reads it. (Black's sweeper on m4 is taken off while the one on o4
    is picked; picking o4 again must then offer m4.)"""
    import gc

    ways = {
        "state.board": lambda st: st.board,
        "vars(state)": lambda st: vars(st)["board"],
        "a copy's shared board": lambda st: copy.copy(st).board,
        "gc.get_referents": lambda st: next(r for r in gc.get_referents(st) if isinstance(r, list)),
    }
    for way, reach in ways.items():
        st = avg.State()
        avg.process(st, 3, 14)  # o4 picked, with nobody looking at the board
        avg.process(st, 0, 0)
        reach(st)[3][12] = ""
        avg.process(st, 3, 14)
        assert st.phase == "move" and st.board[3][12] == "canMove", way

    st = avg.State()
    row = st.board[3]  # a row the program keeps
    for o, s in [(3, 14), (0, 0), (3, 14), (0, 0)]:
        avg.process(st, o, s)
    row[12] = ""
    avg.process(st, 3, 14)
    assert st.board[3][12] == "canMove", "a kept row"

    st = avg.State()
    avg.process(st, 0, 0)  # refused, with nobody looking at the board
    st.board[0][0] = "black#fighter"  # a fighter set up on a1: the next click there reads it
    avg.process(st, 0, 0)
    assert st.phase == "move" and st.board[0][0] == "black#fighter selected"

    twin = avg.State()
    shallow = copy.copy(twin)  # shares the board, as a copy of a voidgame State does
    avg.process(twin, 3, 12)
    avg.process(shallow, 3, 14)  # the shared board shows twin's pick: re-read first (in the select phase)
    assert shallow.phase == "move" and shallow.board[3][14] == "black#sweeper selected"
    assert shallow.board[3][12] == "black#sweeper"


def test_clicks_reach_exactly_the_engine_moves():
    """Every turn entered by clicks is a legal move of the engine with the engine's result, and back."""
    import arbiter

    game = arbiter.Game("void:repetition=off")
    rng = random.Random(7)
    positions = []
    while len(positions) < 150:
        engine = arbiter.State.from_position(game, "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0")
        for _ in range(rng.randrange(1, 120)):
            moves = engine.legal_moves()
            if not moves or moves == ["pass"]:
                break
            engine.play(rng.choice(moves))
        if engine.legal_moves() not in ([], ["pass"]):
            positions.append(engine.position)

    def clone(st):
        twin = copy.copy(st)
        twin.board = [row[:] for row in st.board]
        return twin

    for position in positions:
        engine = arbiter.State.from_position(game, position)
        start = set_up(avg, position)
        clicked = {}
        for o, s in find(start.board, lambda c: c.startswith(start.turn + "#")):
            selected = clone(start)
            avg.process(selected, o, s)
            if selected.phase != "move":
                continue
            for d in find(selected.board, lambda c: c == "canMove"):
                moved = clone(selected)
                avg.process(moved, *d)
                assert moved.phase == "attack"
                turn = "%s%d-%s%d" % (SECTORS[s], o + 1, SECTORS[d[1]], d[0] + 1)
                for target in [None] + find(moved.board, lambda c: "canHit" in c.split()):
                    done = clone(moved)
                    avg.process(done, *(d if target is None else target))
                    assert done.phase in ("select", "win", "draw")
                    name = turn if target is None else turn + "x%s%d" % (SECTORS[target[1]], target[0] + 1)
                    clicked[name] = done
        assert sorted(clicked) == sorted(engine.legal_moves()), position
        for name, done in clicked.items():
            after = engine.child(name)
            assert done.board == board_of(after.position), (position, name)
            if after.is_over:
                winner = after.outcome.winner
                assert done.phase == ("draw" if winner is None else "win")
            else:
                assert done.turn == after.to_move or done.prompt == avg.PASS_PROMPT


# Hostile boards (found by a review of the binding's unsafe code): Python code run while the board
# is compared with what was drawn must neither crash the interpreter nor hide a change.


def test_a_cell_whose_eq_frees_the_drawn_copy_does_not_crash():
    import gc
    import sys

    s = avg.State()
    b = s.board
    flag = sys.intern("black#flag")
    mrow = next(r for r in gc.get_referrers(flag) if type(r) is list and r is not b[4])
    mirror = next(m for m in gc.get_referrers(mrow) if type(m) is list and len(m) == 5)
    del mrow

    class Evil(str):
        def __eq__(self, other):
            mirror[4] = None  # drops the drawn row being compared
            _junk = [[0xDEAD] * 18 for _ in range(2000)]
            return str.__eq__(self, other)

        __hash__ = str.__hash__

    b[4][0] = Evil("")
    avg.process(s, 2, 12)  # used to read freed memory (SIGSEGV)
    assert s.phase in ("select", "move")


def test_a_change_made_during_the_comparison_is_seen():
    import sys

    probe = avg.State()
    avg.process(probe, 2, 12)
    mo, ms = next((o, c) for o in range(5) for c in range(18) if probe.board[o][c] == "canMove")
    s = avg.State()
    holder = {"b": s.board}

    class Sneaky(str):
        done = False

        def __eq__(self, other):
            if not Sneaky.done:
                Sneaky.done = True
                holder["b"][0][0] = sys.intern("white#fighter")  # a row already compared
                del holder["b"]  # and the reference dropped
            return str.__eq__(self, other)

        __hash__ = str.__hash__

    holder["b"][4][0] = Sneaky("")
    for cell in [(2, 12), (mo, ms), (mo, ms)]:  # Black: select, move, end the turn
        avg.process(s, *cell)
    avg.process(s, 0, 0)  # White clicks the fighter the board shows there
    assert s.phase == "move", s.prompt
    assert s.board[0][0] == "white#fighter selected"


def test_a_board_shrunk_during_the_comparison_is_a_clear_error():
    s = avg.State()
    b = s.board

    class Shrinking(str):
        def __eq__(self, other):
            del b[1:]
            return str.__eq__(self, other)

        __hash__ = str.__hash__

    b[0][0] = Shrinking("")
    with pytest.raises(ValueError, match="5 orbits of 18 sectors"):
        avg.process(s, 2, 12)


def test_points_go_negative_as_in_voidgame():
    for module in (vg, avg):
        s = module.State()
        for sector in (0, 1, 7, 8):
            s.board[0][sector] = "black#bomber"  # four bombers more than a start
        for cell in [(2, 12), (3, 13), (3, 13)]:
            module.process(s, *cell)
        assert (s.turn, s.black, s.white) == ("white", 0, -24), module.__name__
