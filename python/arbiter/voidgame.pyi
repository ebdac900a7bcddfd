"""A drop-in replacement for voidgame 1.1 on Arbiter's engine (see voidgame.py for the rulings)."""

from typing import Any, Final, SupportsIndex

__all__: list[str]

class State:
    """A game of Void as voidgame 1.1 keeps it; change it only through :func:`process`.

    Programs may assign all six attributes (to set up a position or restore a saved state): the next
    click that needs the engine reads the position back from them. ``vars(state)`` is a snapshot of the
    six in voidgame's order; other attributes cannot be added. Copies, deep copies and pickles work.
    """

    turn: Any     # "black" or "white" (as set by process)
    phase: Any    # "select", "move", "attack", "win" or "draw"
    prompt: Any   # one of the module's prompt constants
    black: Any    # Black's points
    white: Any    # White's points
    board: Any    # 5 lists (orbit 0 innermost) of 18 strings: "", "<colour>#<type>", markers
    def __init__(self) -> None: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __setstate__(self, state: tuple[Any, ...]) -> None: ...

def process(game_state: object, orbit: SupportsIndex, sector: SupportsIndex) -> None:
    """One click on cell (orbit, sector) of game_state, as voidgame 1.1's ``process``: anything but a
    :class:`State` is ignored, as are clicks once the game is over. ValueError for a set-up board the
    engine refuses (two flagships of one side, an unknown piece, a bad ``turn``); IndexError and TypeError
    as voidgame's list indexing raises them."""

SELECT_PROMPT: Final[str]
INVALID_SELECT_PROMPT: Final[str]
MOVE_PROMPT: Final[str]
INVALID_MOVE_PROMPT: Final[str]
ATTACK_PROMPT: Final[str]
INVALID_ATTACK_PROMPT: Final[str]
BLACK_WINS_PROMPT: Final[str]
WHITE_WINS_PROMPT: Final[str]
DRAW_PROMPT: Final[str]   # not in voidgame 1.1: the game is drawn (phase "draw")
PASS_PROMPT: Final[str]   # not in voidgame 1.1: the opponent could not move and passed

FLAG_POINTS: Final[int]
BOMBER_POINTS: Final[int]
SWEEPER_POINTS: Final[int]
FIGHTER_POINTS: Final[int]
MAX_SCORE: Final[int]

state: State  # voidgame's module global: the last State given to process (AttributeError before any)
