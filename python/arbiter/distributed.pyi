"""Distributed studies on Ray: matches, ``arbiter report`` self-play and tuning data (docs/distributed.md).

Each Ray task plays a batch of games in the engine without the GIL; the driver gathers the batches as they
finish. Game ``i`` of a batch is game ``i`` of the whole run: the same games as ``arbiter.match`` /
``arbiter match`` / ``arbiter report`` with the same arguments, whatever the batching (for budgets by
iterations, nodes or depth). The statistics need no Ray. ``python -m arbiter.distributed --help``.
"""

import os
from typing import Any, Callable, NamedTuple, Optional, Sequence, Union

from . import Game

__all__: list[str]

RAY_REQUIREMENT: str           # "ray[default]==2.40.0"

# --- statistics: the formulas of arbiter match (crates/ai/src/elo.rs, sprt.rs) ---------------------------

def elo_of_score(score: float) -> float: ...   # -400 log10(1/s - 1), s clamped to 0.001..0.999: 0.6 -> +70.4
def score_of_elo(elo: float) -> float: ...     # 1 / (1 + 10^(-elo/400))

class EloEstimate(NamedTuple):
    elo: float
    low: float                 # the 95% interval
    high: float

class Tally:
    """Wins, draws and losses from one player's view."""
    wins: int
    draws: int
    losses: int
    def __init__(self, wins: int = 0, draws: int = 0, losses: int = 0) -> None: ...
    def add(self, score: float) -> None: ...   # one game scored 1, 0.5 or 0
    @property
    def games(self) -> int: ...
    @property
    def score(self) -> float: ...              # the mean score (0.5 with no games)
    def variance(self) -> float: ...           # of one game's score (trinomial)
    def elo(self) -> EloEstimate: ...          # interval: normal approximation of the mean score

def elo_estimate(wins: int, draws: int, losses: int) -> EloEstimate: ...  # ValueError for negative counts

class Sprt:
    """H0: Elo = elo0 against H1: Elo = elo1 with error rates alpha and beta (ValueError unless
    elo0 < elo1, both within ±1000, and 0 < alpha, beta < 0.5). The LLR is the normal approximation of the
    logistic model, N (s1 - s0)(2 s - s0 - s1) / (2 var) (fishtest's LLR_alt2), var at least 0.001."""
    elo0: float
    elo1: float
    alpha: float
    beta: float
    def __init__(self, elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05) -> None: ...
    @staticmethod
    def parse(text: str, alpha: float = 0.05, beta: float = 0.05) -> "Sprt": ...  # "elo0,elo1"
    def llr(self, tally: Tally) -> float: ...
    def bounds(self) -> tuple[float, float]: ...   # (ln(beta/(1-alpha)), ln((1-beta)/alpha))
    def status(self, tally: Tally) -> str: ...     # "continue", "accept_h0" or "accept_h1"

# --- Ray ----------------------------------------------------------------------------------------------------

def connect(address: Optional[str] = None, **init_kwargs: Any) -> None: ...
# ray.init(address=..., **init_kwargs) unless Ray is initialised already. None: RAY_ADDRESS, else the cluster
# last started on this machine with `ray start`, else a new local Ray; "local": a new local Ray; "auto": the
# cluster of this machine; "ray://HEAD:10001": Ray Client; "HOST:6379": a head node. ImportError without Ray.

def match(
    game: Union[Game, str], a: str, b: str, games: int = 10, *, batch: int = 10, opening_plies: int = 0,
    max_plies: int = 400, seed: int = 0, safe_openings: bool = False,
    sprt: Union[None, str, Sprt, Sequence[float]] = None, alpha: float = 0.05, beta: float = 0.05,
    records: Union[None, str, os.PathLike[str]] = None, cpus_per_task: int = 1,
    max_in_flight: Optional[int] = None, address: Optional[str] = None,
    progress: Optional[Callable[[dict[str, Any]], None]] = None,
) -> dict[str, Any]:
    """arbiter.match's games in Ray tasks of `batch` games; stops once `sprt` decides (checked after every
    game, as arbiter match does). `records`: DIR/game-0001.json ... as ``arbiter match --records``. Returns
    arbiter.match's dict (results with "forfeit" too) and "sprt" (None or {"elo0", "elo1", "alpha", "beta",
    "status", "llr", "lower", "upper"}), "stopped_early", "batches", "seconds", "games_per_second",
    "workers" (worker processes), "task_seconds" and "task_cpu_seconds" (the tasks' wall and CPU time, summed).
    ValueError (before any game) for bad arguments, specs or games."""

def report(
    game: Union[Game, str], games: int = 40, *, levels: Sequence[int] = (1, 3, 5),
    seconds_per_move: Optional[float] = None, opening_plies: int = 2, max_plies: int = 400, seed: int = 1,
    out: Union[None, str, os.PathLike[str]] = None, batch: int = 4, cpus_per_task: int = 1,
    max_in_flight: Optional[int] = None, address: Optional[str] = None,
    progress: Optional[Callable[[dict[str, Any]], None]] = None,
) -> dict[str, Any]:
    """arbiter report's self-play into its cache (OUT/games/<matchup>-<hash>/game-NNNN.json; cached games are
    kept); ``arbiter report GAME --out OUT`` (result["command"]) then writes the report from them. Returns
    {"game", "options", "out", "command", "played", "cached", "seconds", "games_per_second", "workers",
    "task_seconds", "task_cpu_seconds",
    "matchups": [{"key", "label", "kind", "a_spec", "b_spec", "folder", "games", "played", "cached",
    "first_wins", "second_wins", "draws", "first_score", "mean_plies"}]}."""

def tuning_data(
    game: Union[Game, str], agent: str = "level=2", games: int = 100, *, opponent: Optional[str] = None,
    out: Union[None, str, os.PathLike[str]] = None, records: Union[None, str, os.PathLike[str]] = None,
    batch: int = 10, opening_plies: int = 8, safe_openings: bool = True, max_plies: int = 400, seed: int = 0,
    skip: Optional[int] = None, every: int = 1, cpus_per_task: int = 1, max_in_flight: Optional[int] = None,
    address: Optional[str] = None, progress: Optional[Callable[[dict[str, Any]], None]] = None,
) -> dict[str, Any]:
    """Positions for Texel-style tuning: the positions before plies skip, skip + every, ... of `games` games
    (agent against opponent, itself by default), each {"game", "ply", "position", "to_move", "result" (the
    first player's score), "eval"}; written to `out` as JSON Lines in order of game and ply, else returned
    as "data". Returns {"game", "a", "b", "games", "positions", "first_wins", "second_wins", "draws",
    "out", "seconds", "games_per_second", "workers", "task_seconds", "task_cpu_seconds"}."""

def datagen(
    game: Union[Game, str], out: Union[str, os.PathLike[str]], games: int = 1000, *,
    agent: str = "alphabeta:nodes=5000", opening_plies: int = 8, max_plies: int = 400, seed: int = 1,
    batch: int = 10, cpus_per_task: int = 1, max_in_flight: Optional[int] = None, address: Optional[str] = None,
    progress: Optional[Callable[[dict[str, Any]], None]] = None,
) -> dict[str, Any]:
    """Training data as `arbiter datagen GAME --out OUT` writes it, played on Ray and appended to `out` (resumed
    when it holds games of the same settings). Returns {"games_played", "games_skipped", "samples",
    "unscored", "bytes", "out", "seconds", "games_per_second", "workers", "task_seconds", "task_cpu_seconds"}."""

def main(argv: Optional[Sequence[str]] = None) -> int: ...  # python -m arbiter.distributed; the exit status
