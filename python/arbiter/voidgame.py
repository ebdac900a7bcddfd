"""A drop-in replacement for voidgame 1.1, the original click-driven Python Void, on Arbiter's engine.

Change ``import voidgame`` to ``from arbiter import voidgame`` and nothing else: the module has voidgame's
public names (:class:`State` with ``turn``, ``phase``, ``prompt``, ``black``, ``white`` and ``board``; the
prompt and point constants; ``MAX_SCORE``; :func:`process`) and, after every click, the same state as
voidgame 1.1 shows (the same 5 x 18 board of strings with the same markers, prompts and points), except
where Arbiter's rulings differ (listed below).

How it works
------------
:func:`process` is a click state machine written in Python; every rule comes from the Arbiter engine
(``arbiter.State``): which pieces can move and where, which targets each move offers (``legal_moves``:
the canonical notation ``FROM-TO`` / ``FROM-TOxTARGET`` names every cell the machine needs), and the
position after a turn (``play``: falls, chain reactions, wins and draws). Python only draws voidgame's
markers from those moves: ``selected`` and ``canMove`` when a piece is picked; ``start``, ``canHit`` and
``willFall`` after it moved (``willFall`` where voidgame puts it: the cell a flagship, sweeper or fighter
target lands on, and every cell below a bomber's target), and keeps voidgame's points.
Positions are analysed once and cached, so clicking is cheap.

The board is read the way voidgame reads it: a program may set up a position by assigning ``board`` and
``turn`` (as voidgame programs do); the next click that needs the engine rebuilds the position from the
pieces on the board (and, in the middle of a turn, from the ``selected`` piece and the ``start`` cell).
Such a set-up position starts with a pass count of 0.

Differences from voidgame 1.1 (the rulings in ``docs/rules/void.md``)
---------------------------------------------------------------------
1. A fighter stops at the first piece: if the first of its two cells ahead holds a friend, it has no
   attack (voidgame marks ``canHit`` on an enemy behind that friend).
2. A flagship's lines are looked at on the board itself: voidgame sometimes stops a line at a ``willFall``
   marker it has just left on an empty cell and so offers fewer targets; here every target is offered.
3. Both flagships in the void at once is a draw (voidgame says "black wins!").
4. Only the two flagships left is a draw (voidgame goes on).
5. A side with no legal move passes: after the opponent's turn the module passes for it at once, ``turn``
   goes back to the opponent and the prompt is :data:`PASS_PROMPT`; if that side cannot move either, the
   game is drawn (two passes in a row). voidgame hands the turn to the side that cannot move and freezes.
6. Draws (3., 4., 5.) end the game with ``phase == "draw"`` and ``prompt == DRAW_PROMPT`` (``"draw!"``);
   like a win, a draw leaves ``turn`` at the side that made the last move and sets the points. Once the
   phase is ``"win"`` or ``"draw"``, :func:`process` ignores clicks, as voidgame does after a win.
7. No threefold repetition and no ply limit (the engine runs ``void:repetition=off``), as in voidgame:
   a game ends only by a flagship's fall or one of the draws above.
8. Set-up boards are checked by the engine: two flagships of one side or an unknown piece raise
   ``ValueError`` (voidgame accepts anything). Negative coordinates index like Python lists (``-1`` is the
   last orbit or sector); voidgame's own results for them are inconsistent.

New names (voidgame has none of them): :data:`DRAW_PROMPT`, :data:`PASS_PROMPT`.
"""

import re as _re

from . import Game as _Game
from . import State as _EngineState

__all__ = [
    "State",
    "process",
    "SELECT_PROMPT",
    "INVALID_SELECT_PROMPT",
    "MOVE_PROMPT",
    "INVALID_MOVE_PROMPT",
    "ATTACK_PROMPT",
    "INVALID_ATTACK_PROMPT",
    "BLACK_WINS_PROMPT",
    "WHITE_WINS_PROMPT",
    "DRAW_PROMPT",
    "PASS_PROMPT",
    "FLAG_POINTS",
    "BOMBER_POINTS",
    "SWEEPER_POINTS",
    "FIGHTER_POINTS",
    "MAX_SCORE",
]

SELECT_PROMPT = "select a piece"
INVALID_SELECT_PROMPT = "you cannot move that piece<br>select another"
MOVE_PROMPT = "choose a move<br>or<br>select a different piece"
INVALID_MOVE_PROMPT = "you cannot move there<br>choose a move<br>or<br>select a different piece"
ATTACK_PROMPT = "choose an attack<br>or<br>move back<br>or<br>deselect your piece to pass"
INVALID_ATTACK_PROMPT = (
    "you cannot attack that piece<br>choose an attack<br>or<br>move back<br>or<br>deselect your piece to pass"
)
BLACK_WINS_PROMPT = "black wins!"
WHITE_WINS_PROMPT = "white wins!"
#: Not in voidgame 1.1: the game is drawn (``phase == "draw"``).
DRAW_PROMPT = "draw!"
#: Not in voidgame 1.1: the opponent had no legal move and passed; the same side selects again.
PASS_PROMPT = "your opponent cannot move and passes<br>select a piece"

FLAG_POINTS = 9
BOMBER_POINTS = 6
SWEEPER_POINTS = 4
FIGHTER_POINTS = 2
MAX_SCORE = FLAG_POINTS + 2 * BOMBER_POINTS + 2 * SWEEPER_POINTS + 3 * FIGHTER_POINTS

# The engine's Void without a repetition rule, as voidgame (and no ply limit, the default).
_GAME = _Game("void:repetition=off")

_SECTORS = "abcdefghijklmnopqr"
# Arbiter cell name <-> cell index orbit * 18 + sector (orbit 0 innermost = Arbiter orbit 1).
_NAMES = [_SECTORS[s] + str(o + 1) for o in range(5) for s in range(18)]
_INDEX = {name: i for i, name in enumerate(_NAMES)}
_NO_MOVES = ()
# The moves of the piece on a cell in the legal moves joined by spaces: (to, target or "").
_FROM_PATTERNS = [_re.compile(name + r"-([a-r][1-5])(?:x([a-r][1-5]))?") for name in _NAMES]
_LETTER = {"f": "flag", "b": "bomber", "s": "sweeper", "x": "fighter"}
_KIND_LETTER = {v: k for k, v in _LETTER.items()}
_PIECE = {}
for _l, _k in _LETTER.items():
    _PIECE[_l] = "black#" + _k
    _PIECE[_l.upper()] = "white#" + _k
_SIDE = {"b": "black", "w": "white"}
# voidgame's order of a flagship's eight lines (orbit step, sector step): markers are written in it.
_FLAG_LINES = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def _points(kind, orbit):
    """voidgame's points of a piece (a flagship is worth less the lower it stands)."""
    if kind == "flag":
        return FLAG_POINTS - 2 * (4 - orbit)
    if kind == "bomber":
        return BOMBER_POINTS
    if kind == "sweeper":
        return SWEEPER_POINTS
    return FIGHTER_POINTS


_TOKENS = _re.compile(r"\d+|\D")
_EMPTY_RUNS = {str(n): [""] * n for n in range(1, 19)}
_ROW_CACHE = {}


def _parse_row(orbit, text):
    """One orbit of a position string -> (18 cell strings, black's points, white's points), memoised."""
    cells = []
    black = white = 0
    for token in _TOKENS.findall(text):
        run = _EMPTY_RUNS.get(token)
        if run is not None:
            cells += run
            continue
        piece = _PIECE[token]
        cells.append(piece)
        if token.islower():
            black += _points(piece[6:], orbit)
        else:
            white += _points(piece[6:], orbit)
    if len(cells) != 18:
        raise ValueError("orbit %d of %r does not have 18 sectors" % (orbit + 1, text))
    hit = (cells, black, white)
    if len(_ROW_CACHE) > 4096:
        _ROW_CACHE.clear()
    _ROW_CACHE[(orbit, text)] = hit
    return hit


class _Position:
    """A position analysed once: its board, voidgame's points, the engine's moves; shared, never changed."""

    __slots__ = ("pos", "side", "rows", "bpts", "wpts", "over", "moves", "notes", "only_pass", "sel", "mov", "after",
                 "joined")

    def __init__(self, pos, engine):
        board, side = pos.split()[:2]
        self.pos = pos
        self.side = _SIDE[side]
        known = _ROW_CACHE.get
        r4, r3, r2, r1, r0 = board.split("/")  # orbit 5 first
        r0 = known((0, r0)) or _parse_row(0, r0)
        r1 = known((1, r1)) or _parse_row(1, r1)
        r2 = known((2, r2)) or _parse_row(2, r2)
        r3 = known((3, r3)) or _parse_row(3, r3)
        r4 = known((4, r4)) or _parse_row(4, r4)
        self.rows = [r0[0], r1[0], r2[0], r3[0], r4[0]]
        self.bpts = r0[1] + r1[1] + r2[1] + r3[1] + r4[1]
        self.wpts = r0[2] + r1[2] + r2[2] + r3[2] + r4[2]
        self.moves = {}  # from index -> {to index -> [target index or None, ...]} (lazy, see dests)
        self.sel = {}  # from index -> rendered rows (lazy)
        self.mov = {}  # (from, to) -> rendered rows (lazy)
        self.after = {}  # notation -> position string after it
        self.over = None
        self.only_pass = False
        self.notes = _NO_MOVES  # the legal moves in the engine's canonical notation
        self.joined = None  # the same, joined by spaces (lazy)
        if engine.is_over:
            winner = engine.outcome.winner
            if winner is None:
                self.over = ("draw", DRAW_PROMPT)
            else:
                self.over = ("win", BLACK_WINS_PROMPT if winner == "black" else WHITE_WINS_PROMPT)
            return
        notes = engine.legal_moves()
        if notes == ["pass"]:  # the only legal move of a side that cannot move
            self.only_pass = True
            return
        self.notes = notes

    def dests(self, f):
        """{to index: [target index or None, ...]} of the piece on ``f`` ({} if it cannot move).

        Read from the canonical notation FROM-TO or FROM-TOxTARGET (docs/rules/void.md), which names
        every cell the click machine needs (legal_move_infos() would also work out every move's falls,
        ten times slower).
        """
        found = self.moves.get(f)
        if found is None:
            found = {}
            if self.joined is None:
                self.joined = " ".join(self.notes)
            index = _INDEX
            for to, target in _FROM_PATTERNS[f].findall(self.joined):
                t = index[to]
                g = index[target] if target else None
                targets = found.get(t)
                if targets is None:
                    found[t] = [g]
                else:
                    targets.append(g)
            self.moves[f] = found
        return found

    # Analyses are immutable and shared: copies and pickles keep only the position string.
    def __reduce__(self):
        return (_analysis, (self.pos,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def select_rows(self, f):
        """The board with piece ``f`` selected (voidgame's ``selected`` and ``canMove``), None if it cannot move."""
        rows = self.sel.get(f, False)
        if rows is not False:
            return rows
        dests = self.dests(f)
        rows = None
        if dests:
            base = self.rows
            rows = [base[0][:], base[1][:], base[2][:], base[3][:], base[4][:]]
            for t in dests:
                rows[t // 18][t % 18] = "canMove"  # destinations are empty cells
            rows[f // 18][f % 18] += " selected"
        self.sel[f] = rows
        return rows

    def move_rows(self, f, t):
        """The board after piece ``f`` moved to ``t`` (``start``, ``canHit``, ``willFall``), None if illegal."""
        key = (f, t)
        rows = self.mov.get(key)
        if rows is not None:
            return rows
        dests = self.dests(f)
        if t not in dests:
            return None
        base = self.rows
        rows = [base[0][:], base[1][:], base[2][:], base[3][:], base[4][:]]
        piece = base[f // 18][f % 18]
        rows[t // 18][t % 18] = piece + " selected"
        rows[f // 18][f % 18] = "start"
        targets = [g for g in dests[t] if g is not None]
        if targets:
            kind = piece[6:]
            to, ts = divmod(t, 18)
            marks = []  # (cell, marker) in the order voidgame writes them
            if kind == "flag":
                if len(targets) > 1:
                    targets.sort(key=lambda g: _flag_line(to, ts, g))
                for g in targets:
                    marks.append((g, "canHit"))
                    if g >= 54:  # orbit >= 3: voidgame marks the cell it lands on, 3 orbits down
                        marks.append((g - 54, "willFall"))
            elif kind == "bomber":
                for g in targets:
                    marks.append((g, "canHit"))
                    marks.extend((below, "willFall") for below in range(g - 18, -1, -18))  # all is bombed
            elif kind == "sweeper":
                for g in targets:
                    marks.append((g, "canHit"))
                    if to >= 1:  # it lands two orbits down, under the sweeper's path
                        marks.append((g - 36, "willFall"))
            else:  # fighter
                for g in targets:
                    marks.append((g, "canHit"))
                    if g >= 18:
                        marks.append((g - 18, "willFall"))
            for i, marker in marks:  # voidgame's _mark: a marker is appended after a space
                row = rows[i // 18]
                cell = row[i % 18]
                row[i % 18] = marker if cell == "" else cell + " " + marker
        self.mov[key] = rows
        return rows


def _flag_line(orbit, sector, target):
    """The rank of the line from (orbit, sector) to the target in voidgame's order of lines."""
    to, ts = divmod(target, 18)
    do = (to > orbit) - (to < orbit)
    diff = (ts - sector) % 18
    ds = 0 if diff == 0 else (1 if diff < 9 else -1)
    return _FLAG_LINES.index((do, ds))


_CACHE = {}
_CACHE_MAX = 64  # small: a big cache of live objects costs more in garbage collection than it saves


def _remember(analysis):
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[analysis.pos] = analysis
    return analysis


def _analysis(pos):
    """The analysis of a position string (the engine's canonical form or any form it accepts)."""
    found = _CACHE.get(pos)
    if found is not None:
        return found
    engine = _EngineState.from_position(_GAME, pos)
    canonical = engine.position
    found = _CACHE.get(canonical)
    if found is None:
        found = _remember(_Position(canonical, engine))
    if canonical != pos:
        _CACHE[pos] = found
    return found


def _analysis_of(engine):
    pos = engine.position
    found = _CACHE.get(pos)
    if found is None:
        found = _remember(_Position(pos, engine))
    return found


_START = _analysis("3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0")


class State:
    """A game of Void as voidgame 1.1 keeps it; change it only through :func:`process`.

    ``turn`` is ``"black"`` or ``"white"``; ``phase`` is ``"select"``, ``"move"``, ``"attack"``, ``"win"`` or
    (not in voidgame) ``"draw"``; ``prompt`` tells the player what to do; ``black`` and ``white`` are the
    points, updated after every turn; ``board`` is 5 orbits (0 innermost) x 18 sectors of strings: ``""``,
    ``"<colour>#<type>"`` and voidgame's markers (``selected``, ``canMove``, ``start``, ``canHit``,
    ``willFall``).
    """

    # The engine's side of the state lives in slots, so vars(state) holds voidgame's six attributes only.
    __slots__ = ("__dict__", "_an", "_rows", "_rphase", "_sel", "_to")

    def __init__(self):
        self.turn = "black"
        self.phase = "select"
        self.prompt = SELECT_PROMPT
        self.black = 0
        self.white = 0
        self.board = [row[:] for row in _START.rows]
        self._an = _START  # the position at the start of the turn in progress
        self._rows = _START.rows  # the board as last drawn here
        self._rphase = "select"  # the phase as last set here
        self._sel = None  # the selected piece (its cell before the move)
        self._to = None  # where it moved (attack phase)


def process(game_state, orbit, sector):
    """One click on cell (orbit, sector) of ``game_state``, exactly as voidgame 1.1's ``process``."""
    if isinstance(game_state, State):
        global state
        state = game_state
        phase = game_state.phase
        if phase == "attack":
            cell = game_state.board[orbit][sector]
            if cell == "start":
                _move_back(game_state, orbit, sector)
            elif "canHit" in cell:
                _finish(game_state, orbit, sector, True)
            elif "selected" in cell:
                _finish(game_state, orbit, sector, False)
            else:
                game_state.prompt = INVALID_ATTACK_PROMPT
        elif phase == "move":
            cell = game_state.board[orbit][sector]
            if "canMove" in cell:
                _move(game_state, orbit, sector)
            elif ("black#" if game_state.turn == "black" else "white#") in cell:
                _select(game_state, orbit, sector, True)
            else:
                game_state.prompt = INVALID_MOVE_PROMPT
        elif phase == "select":
            if ("black#" if game_state.turn == "black" else "white#") in game_state.board[orbit][sector]:
                _select(game_state, orbit, sector, False)
            else:
                game_state.prompt = INVALID_SELECT_PROMPT


def _draw(gs, rows):
    """Writes rendered rows into the program's board lists (in place, as voidgame changes them)."""
    board = gs.board
    board[0][:] = rows[0]
    board[1][:] = rows[1]
    board[2][:] = rows[2]
    board[3][:] = rows[3]
    board[4][:] = rows[4]
    gs._rows = rows


def _in_sync(gs):
    return gs.board == gs._rows and gs.phase == gs._rphase and gs.turn == gs._an.side


def _select(gs, orbit, sector, clear):
    if not _in_sync(gs):
        _resync(gs)
        return process(gs, orbit, sector)
    an = gs._an
    if clear:  # the move phase: voidgame first clears the old selection
        gs._sel = None
        _draw(gs, an.rows)
    rows = an.select_rows((orbit % 5) * 18 + sector % 18)
    if rows is None:
        gs.prompt = INVALID_SELECT_PROMPT  # the phase stays as it was, as in voidgame
        return
    gs._sel = (orbit % 5) * 18 + sector % 18
    _draw(gs, rows)
    gs.phase = gs._rphase = "move"
    gs.prompt = MOVE_PROMPT


def _move(gs, orbit, sector):
    if not _in_sync(gs):
        _resync(gs)
        return process(gs, orbit, sector)
    t = (orbit % 5) * 18 + sector % 18
    rows = None if gs._sel is None else gs._an.move_rows(gs._sel, t)
    if rows is None:  # a canMove marker this module did not draw: cannot happen when in sync
        gs.prompt = INVALID_MOVE_PROMPT
        return
    gs._to = t
    _draw(gs, rows)
    gs.phase = gs._rphase = "attack"
    gs.prompt = ATTACK_PROMPT


def _move_back(gs, orbit, sector):
    if not _in_sync(gs):
        _resync(gs)
        return process(gs, orbit, sector)
    gs._to = None
    _draw(gs, gs._an.select_rows(gs._sel))
    gs.phase = gs._rphase = "move"
    gs.prompt = MOVE_PROMPT


def _finish(gs, orbit, sector, attack):
    """Ends the turn: the attack on (orbit, sector), or (clicking the moved piece) no attack."""
    if not _in_sync(gs):
        _resync(gs)
        return process(gs, orbit, sector)
    an = gs._an
    if gs._sel is None or gs._to is None:
        note = None
    elif attack:
        note = _NAMES[gs._sel] + "-" + _NAMES[gs._to] + "x" + _NAMES[(orbit % 5) * 18 + sector % 18]
    else:
        note = _NAMES[gs._sel] + "-" + _NAMES[gs._to]
    if note not in an.notes:  # a marker this module did not draw: cannot happen when in sync
        gs.prompt = INVALID_ATTACK_PROMPT
        return
    pos = an.after.get(note)
    if pos is not None and pos in _CACHE:
        new = _CACHE[pos]
        engine = None
    else:
        engine = _EngineState.from_position(_GAME, an.pos)
        engine.play(note)
        new = _analysis_of(engine)
        an.after[note] = new.pos
    # voidgame's points, counted after every turn
    gs.black = MAX_SCORE - new.wpts
    gs.white = MAX_SCORE - new.bpts
    prompt = SELECT_PROMPT
    passes = 0
    while new.only_pass and passes < 2:  # a side that cannot move passes (twice in a row: a draw)
        if engine is None:
            engine = _EngineState.from_position(_GAME, new.pos)
        engine.play("pass")
        new = _analysis_of(engine)
        prompt = PASS_PROMPT
        passes += 1
    gs._an = new
    gs._sel = gs._to = None
    if new.over is not None:  # like voidgame's win, turn stays with the side that moved
        gs.phase, gs.prompt = new.over
    else:
        gs.turn = new.side
        gs.phase = "select"
        gs.prompt = prompt
    gs._rphase = gs.phase
    _draw(gs, new.rows)


def _resync(gs):
    """Takes the program's board, turn and phase as the state, read the way voidgame reads them.

    The pieces on the board (markers dropped) and ``turn`` give the position; in the move phase the
    ``selected`` piece is the selection; in the attack phase the ``selected`` piece is taken back to the
    ``start`` cell to give the position before the move. What cannot be read that way starts a new turn.
    The board is then redrawn as this module draws that state.
    """
    if gs.turn not in ("black", "white"):
        raise ValueError("turn must be 'black' or 'white', not %r" % (gs.turn,))
    board = gs.board
    if len(board) != 5 or any(len(row) != 18 for row in board):
        raise ValueError("the board must be 5 orbits of 18 sectors")
    pieces = [""] * 90
    selected = start = None
    for o in range(5):
        for s in range(18):
            words = str(board[o][s]).split()
            i = o * 18 + s
            if words and "#" in words[0]:
                pieces[i] = words[0]
            if "selected" in words:
                selected = i
            if words and words[0] == "start":
                start = i
    phase = gs.phase
    sel = to = None
    if phase == "attack" and selected is not None and start is not None and pieces[selected]:
        pieces[start], pieces[selected] = pieces[selected], ""
        sel, to = start, selected
    elif phase == "move" and selected is not None and pieces[selected]:
        sel = selected
    an = _analysis(_format(pieces, gs.turn))
    rows = an.rows
    if phase == "attack":
        rows = an.move_rows(sel, to) if sel is not None else None
        if rows is None:
            phase, sel, to, rows = "select", None, None, an.rows
    elif phase == "move":
        if sel is not None:
            rows = an.select_rows(sel)
            if rows is None:
                sel, rows = None, an.rows
    elif phase not in ("select", "win", "draw"):
        phase = "select"
    gs._an = an
    gs._sel = sel
    gs._to = to
    gs.phase = gs._rphase = phase
    _draw(gs, rows)
    if not _in_sync(gs):
        raise TypeError("State.board must be a list of 5 lists of 18 strings")


def _format(pieces, turn):
    """90 piece strings -> an Arbiter position string (orbit 5 first), the side to move, pass count 0."""
    out = []
    for o in range(4, -1, -1):
        text = ""
        empty = 0
        for s in range(18):
            piece = pieces[o * 18 + s]
            if not piece:
                empty += 1
                continue
            colour, _, kind = piece.partition("#")
            letter = _KIND_LETTER.get(kind)
            if letter is None or colour not in ("black", "white"):
                raise ValueError("unknown piece %r on the board (orbit %d, sector %d)" % (piece, o, s))
            if empty:
                text += str(empty)
                empty = 0
            text += letter if colour == "black" else letter.upper()
        if empty:
            text += str(empty)
        out.append(text)
    return "%s %s 0" % ("/".join(out), turn[0])
