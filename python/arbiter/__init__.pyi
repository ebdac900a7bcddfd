"""Arbiter: the rules engines, search and match runner of Void, Krux, Attraction and Villawar.

Design: a :class:`State` changes in place (``play``, ``apply_action``, ``undo``), as OpenSpiel's
``apply_action`` does; ``child(move)`` and ``clone()`` give new states. Moves are notation strings
everywhere; actions are integers of each game's fixed action space (see the README).
"""

from typing import Any, Callable, Iterator, Mapping, Optional, Sequence, Union
import os
import numpy as np
import numpy.typing as npt

__version__: str

class ArbiterError(Exception):
    """Any error of the engine that is not bad input (never raised for bad input)."""

class IllegalMove(ValueError):
    """A move or action that is malformed or not legal in the position (message as the CLI's)."""

class GameOver(ValueError):
    """A move asked of a finished game."""

def games() -> list[dict[str, Any]]:
    """Every game: ``{"name", "sides": [first, second], "options": [keys], "option_choices": {key: [values]},
    "stepwise": bool, "levels": int, "level_agents": [spec of level 1, ..., 6], "blurb": str,
    "num_actions": int, "observation_shape": (planes, rows, columns)}`` (the last two for the default
    variant)."""

class Outcome:
    winner: Optional[str]      # the winning side's name ("white"), None for a draw
    winner_index: Optional[int]  # 0 first player, 1 second, None for a draw
    reason: str                # "board", "repetition", "ply_limit" or "resignation"
    text: str                  # what happened: "Black's flagship fell into the void. White wins."
    def returns(self) -> tuple[float, float]: ...  # (+1, -1), (-1, +1) or (0, 0)

class Game:
    """A game with its options: ``Game("villawar", size=10)``, ``Game("void:plies=300")``."""
    def __init__(self, spec: str, **options: Union[str, int, bool]) -> None: ...  # ValueError: unknown game or bad options
    # keyword options join the spec's (True/False become on/off); the same key twice is a ValueError
    name: str                  # registry name
    options: str               # canonical option syntax ("size=10,plies=300"), defaults left out, "" for none
    spec: str                  # "villawar:size=10"
    sides: tuple[str, str]     # first mover first: ("black", "white") for Void
    stepwise: bool             # turns are built step by step (Krux): actions are steps, see README
    num_actions: int           # size of the fixed action space
    observation_shape: tuple[int, int, int]  # (planes, rows, columns)
    def new_state(self) -> "State": ...     # the start position
    def state(self, position: str) -> "State": ...  # ValueError for a bad position or one of another variant
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str: ...          # Game('villawar:size=10')
    def __reduce__(self) -> Any: ...        # pickling by spec

class State:
    @staticmethod
    def from_position(game: Union[Game, str], position: str) -> "State": ...
    # a Game: the position must be of its variant; a spec string: the variant comes from the position
    # unless the spec names it ("villawar" takes any size, "villawar:size=10" only 10x10). ValueError.
    game: Game
    position: str              # the position string (stepwise games: the start of the turn in progress)
    start: str                 # the start position of this state's history
    moves: list[str]           # the moves played, canonical notation
    ply: int
    to_move: str               # side name
    to_move_index: int         # 0 first player, 1 second
    is_over: bool
    outcome: Optional[Outcome]
    def legal_moves(self) -> list[str]: ...               # canonical notation; [] when over
    def legal_move_infos(self) -> list[dict[str, Any]]: ...  # MoveInfo dicts: notation, from, to, path, targets, falls, choice
    def play(self, move: str) -> str: ...     # in place; returns the canonical notation; IllegalMove / GameOver
    # (ValueError while a stepwise turn is in progress: finish it with apply_action or undo its steps)
    def child(self, move: str) -> "State": ...  # a new state after the move
    def undo(self) -> None: ...               # takes back the last step of a turn in progress, else the last
                                              # move (or a resignation); ValueError at the start
    def resign(self, side: Optional[str] = None) -> None: ...  # the side to move by default; GameOver, ValueError
    def clone(self) -> "State": ...           # also copy.copy / copy.deepcopy
    def evaluate(self) -> int: ...            # the game's heuristic for the side to move, about ±1000
    # machine learning: a fixed action space per game
    def observation(self) -> npt.NDArray[np.float32]: ...  # shape game.observation_shape, 0/1 values, a new
                                                           # writable array each call; see README
    def legal_actions(self) -> list[int]: ...              # ascending; stepwise: the steps (and end of turn) now
    def legal_mask(self) -> npt.NDArray[np.bool_]: ...     # shape (game.num_actions,)
    def action_index(self, move: str) -> int: ...          # whole-move games: the move's action; stepwise: a step's
    def move_from_index(self, action: int) -> str: ...     # the legal move (or step) of an action; IllegalMove
                                                           # (stepwise: the end-of-turn action gives the turn it plays)
    def apply_action(self, action: int) -> None: ...       # in place; stepwise games: a step, or end of turn
                                                           # (a step that wins ends the turn at once); IllegalMove
    steps: list[str]           # stepwise games: the steps of the turn in progress (apply_action), else []
    def record(self) -> dict[str, Any]: ...   # the game record (JSON-shaped dict)
    def __str__(self) -> str: ...             # the text diagram
    def __repr__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...  # same game, start, moves, resignation and steps
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Any: ...           # pickling through the record (and the steps in progress)

def load_record(record: Union[str, os.PathLike[str], Mapping[str, Any]]) -> State: ...  # path, JSON text or dict

def perft(state: State, depth: int, threads: int = 1) -> int: ...  # releases the GIL; first moves shared out (0: all cores)
def random_playouts(
    state: State, n: int, seed: int = 0, max_plies: int = 1000, threads: int = 1
) -> dict[str, Any]:
    """Exactly n random games from the state's position, in Rust without the GIL, on `threads` threads
    (0 = all cores, at most 256): {"games", "plies", "wins": (first, second), "draws", "capped", "seconds", "plies_per_second",
    "games_per_second"} (reproducible by seed and threads; one thread plays what threads=1 plays with
    the same seed; a game stopped by max_plies counts as capped)."""

class SearchInfo:
    depth: int
    nodes: int
    nodes_per_second: float
    elapsed_ms: int
    score: str                 # "+35", "win in 3", "loss in 2", "draw", "60.1%", "?"
    score_kind: str            # "eval", "win_rate", "win_in", "loss_in", "draw" or "unknown"
    score_value: Optional[float]  # the evaluation, the win rate (0..1) or the plies; None for draw/unknown
    pv: list[str]

class Choice:
    move: str
    info: SearchInfo

class Agent:
    """A computer player: ``Agent(game, "level=4")``, ``"alphabeta:time=200ms"``, ``"mcts:iterations=5000,seed=1"``."""
    def __init__(self, game: Union[Game, str], spec: str) -> None: ...  # ValueError for a bad spec
    game: Game
    spec: str                  # as given
    name: str                  # the agent: "alphabeta", "mcts", "uct", "random"
    def choose(self, state: State, on_info: Optional[Callable[[SearchInfo], None]] = None) -> Choice: ...
    # searches on a helper thread without the GIL; Ctrl-C raises KeyboardInterrupt once the search has
    # stopped; stop() from another thread ends it early with its best move so far; an exception in
    # on_info stops it and is raised. ValueError for a state of another game, GameOver when over.
    def stop(self) -> None: ...       # ends the search in progress (a later choose() thinks normally)
    def new_game(self) -> None: ...   # forgets the tree or table kept from earlier moves

def analyze(state: State, time: Union[float, str, None] = 1.0, agent: str = "level=6",
            on_info: Optional[Callable[[SearchInfo], None]] = None) -> Choice: ...
# a fresh agent thinks for `time` (seconds or "500ms"; None: the agent's own limits); interruptible
# like Agent.choose; ValueError for a random agent or a bad time

def analyze_game(state: State, nodes: Optional[int] = None, time: Union[float, str, None] = None,
                 agent: Optional[str] = None) -> dict[str, Any]:
    """The game the state holds, analysed from its start to its position as `arbiter analyze-game --json`
    prints it: {"game", "options", "agent", "thresholds", "positions": [{"ply", "position", "to_move",
    "score", "first_chance", "best", "pv", "depth", "nodes"}], "moves": [{"ply", "played", "mover", "best",
    "before", "after", "loss", "mark"}], "players": [{"player", "moves", "inaccuracies", "mistakes",
    "blunders", "average_loss"}]}. Each position gets `nodes` (default 200,000: the same marks every run)
    or `time` per position, with `agent` (default: the game's level 6); releases the GIL; Ctrl-C cancels."""

def match(game: Union[Game, str], a: str, b: str, games: int = 10, opening_plies: int = 0,
          max_plies: int = 400, seed: int = 0, concurrency: int = 1, safe_openings: bool = False) -> dict[str, Any]:
    """Agent specs a and b play `games` games, colours alternating (a first in games 0, 2, ...), from random
    openings of `opening_plies` plies (each played with both colours), drawn after `max_plies` unless the
    game's options set plies, on `concurrency` threads without the GIL, as ``arbiter match`` does:
    {"game", "a", "b", "games", "a_wins", "draws", "b_wins", "a_score", "elo", "elo_low", "elo_high",
    "results": [{"index", "a_side", "a_score", "reason", "plies", "a_max_move_ms", "b_max_move_ms",
    "record"}]}. Ctrl-C returns at once (the games under way finish in the background)."""
