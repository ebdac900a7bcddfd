"""A drop-in replacement for voidgame 1.1, the original click-driven Python Void, on Arbiter's engine.

Change ``import voidgame`` to ``from arbiter import voidgame`` and nothing else: the module has voidgame's
public names (:class:`State` with ``turn``, ``phase``, ``prompt``, ``black``, ``white`` and ``board``; the
prompt and point constants; ``MAX_SCORE``; :func:`process`) and, after every click, the same state as
voidgame 1.1 shows (the same 5 x 18 board of strings with the same markers, prompts and points), except
where Arbiter's rulings differ (listed below).

How it works
------------
:class:`State` and :func:`process` are implemented in Rust (the ``arbiter-voidgame`` crate, a click
machine over the Arbiter engine): every rule comes from the engine (which pieces can move and where,
which targets each move offers, the position after a turn: falls, chain reactions, wins and draws);
the machine only draws voidgame's markers from them: ``selected`` and ``canMove`` when a piece is
picked; ``start``, ``canHit`` and ``willFall`` after it moved (``willFall`` where voidgame puts it:
the cell a flagship, sweeper or fighter target lands on, and every cell below a bomber's target), and
keeps voidgame's points. Positions are analysed once by the engine and cached. The board stays a real
list of 5 lists of 18 strings, changed in place (only the cells that change are written), and every
string the module writes (cells, prompts, phases, sides) is an interned constant. A refused click
(most of a user's clicks) is answered without any Python object being made: it only sets the prompt.

The board is read the way voidgame reads it: a program may set up a position by assigning ``board`` and
``turn`` (as voidgame programs do), or change the board in place through any reference it got to it
(``state.board``, ``vars(state)``, a copy of the state); the next click that needs the engine notices
(the board, ``phase`` or ``turn`` no longer show what the module drew) and rebuilds the position from
the pieces on the board (and, in the middle of a turn, from the ``selected`` piece and the ``start``
cell). Such a set-up position starts with a pass count of 0. (A board nobody was handed since it was
last checked is known to be unchanged and is not compared again; a board reached only through
``gc.get_objects()`` is not watched.)

The six attributes live in the state object itself (not in a ``__dict__``): ``vars(state)`` is a
snapshot of them in voidgame's order, and other attributes cannot be added. Copies, deep copies and
pickles carry the six attributes and the turn in progress. ``voidgame.state``, voidgame's module
global, is the last :class:`State` given to :func:`process`.

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

from . import _arbiter

_core = _arbiter._voidgame

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

State = _core.State
process = _core.process

SELECT_PROMPT = _core.SELECT_PROMPT
INVALID_SELECT_PROMPT = _core.INVALID_SELECT_PROMPT
MOVE_PROMPT = _core.MOVE_PROMPT
INVALID_MOVE_PROMPT = _core.INVALID_MOVE_PROMPT
ATTACK_PROMPT = _core.ATTACK_PROMPT
INVALID_ATTACK_PROMPT = _core.INVALID_ATTACK_PROMPT
BLACK_WINS_PROMPT = _core.BLACK_WINS_PROMPT
WHITE_WINS_PROMPT = _core.WHITE_WINS_PROMPT
#: Not in voidgame 1.1: the game is drawn (``phase == "draw"``).
DRAW_PROMPT = _core.DRAW_PROMPT
#: Not in voidgame 1.1: the opponent had no legal move and passed; the same side selects again.
PASS_PROMPT = _core.PASS_PROMPT

FLAG_POINTS = _core.FLAG_POINTS
BOMBER_POINTS = _core.BOMBER_POINTS
SWEEPER_POINTS = _core.SWEEPER_POINTS
FIGHTER_POINTS = _core.FIGHTER_POINTS
MAX_SCORE = _core.MAX_SCORE


def _clear_caches():
    """Forgets every analysed position (states keep theirs): for measuring with cold caches."""
    _core.clear_caches()


def __getattr__(name):
    # voidgame keeps the last state given to process() in its module global ``state``.
    if name == "state":
        last = _core.last_state()
        if last is not None:
            return last
    raise AttributeError("module %r has no attribute %r" % (__name__, name))
