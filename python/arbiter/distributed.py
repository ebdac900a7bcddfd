"""Distributed studies on Ray: matches, ``arbiter report`` self-play and tuning data.

Each Ray task plays a batch of games in the Rust engine (on its own threads, without the GIL); the driver
gathers the batches as they finish (``ray.wait``), keeps the tally, the Elo difference with its 95% interval
and an SPRT up to date, stops early once the SPRT decides, and writes the same files as the CLI::

    from arbiter import distributed
    distributed.connect()                      # ray.init(): a local Ray, or RAY_ADDRESS; or address="auto",
                                               # "ray://head:10001"
    r = distributed.match("void", "level=3", "level=2", games=200, batch=10, sprt=(0, 50), records="games/")
    distributed.report("void", games=40, levels=(1, 3, 5), out="reports/void")   # then: arbiter report void
    distributed.tuning_data("void", "level=2", games=1000, out="void.jsonl")
    distributed.datagen("krux", "krux.bin", games=10000)   # training data, as arbiter datagen writes it

or from the shell: ``python -m arbiter.distributed match void level=3 level=2 --games 200 --batch 10 --records
DIR [--address auto]`` (also ``report``, ``tuning`` and ``datagen``; ``--help``). docs/distributed.md has the details and
a cluster set-up.

**The same games.** Game ``i`` of a batch is game ``i`` of the whole run: a distributed match plays exactly the
games of ``arbiter.match`` / ``arbiter match`` with the same arguments (``seed=1`` for the CLI's default),
whatever the batch size, the number of machines or the order the batches finish in (for agents budgeted by
iterations, nodes or depth; a time budget depends on the machine). Records are written as ``arbiter match
--records DIR`` writes them: ``DIR/game-0001.json``, ... (byte for byte); ``report`` fills ``arbiter report``'s
cache (``OUT/games/<matchup>-<hash>/game-NNNN.json``), so that ``arbiter report GAME --out OUT`` with the same
settings reads every game back and only analyses them.

**Statistics** (:class:`Tally`, :func:`elo_estimate`, :class:`Sprt`) are those of ``arbiter match``, computed
by the same Rust code (``crates/ai/src/elo.rs``, ``sprt.rs``) through the binding: the logistic Elo model, a 95% interval from the normal
approximation of the mean score (trinomial variance), and the SPRT's log-likelihood ratio in the normal
approximation of the logistic model, ``LLR = N (s1 - s0)(2 s - s0 - s1) / (2 var)`` (fishtest's
``LLRcalc.LLR_alt2``, M. Van den Bergh's GSPRT approximation, with a neutral prior of one win and one loss in the
variance; not cutechess's BayesElo model), with Wald's bounds
``ln(beta / (1 - alpha))`` and ``ln((1 - beta) / alpha)``. They need no Ray.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import socket
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Optional, Sequence, Union

from . import Game, _arbiter

__all__ = [
    "EloEstimate",
    "Sprt",
    "Tally",
    "connect",
    "datagen",
    "elo_estimate",
    "elo_of_score",
    "main",
    "match",
    "report",
    "score_of_elo",
    "tuning_data",
]

RAY_REQUIREMENT = "ray[default]==2.40.0"

# --- statistics (no Ray needed; the formulas are arbiter_ai's, called through the binding) ------------------


def elo_of_score(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (logistic model), the score clamped to
    0.001..0.999 (about ±1200) so that a clean sweep stays finite: 0.6 gives +70.4."""
    return _arbiter._elo_of_score(float(score))


def score_of_elo(elo: float) -> float:
    """The expected score of an Elo difference: ``1 / (1 + 10^(-elo/400))``."""
    return _arbiter._score_of_elo(float(elo))


class EloEstimate(NamedTuple):
    """An Elo difference with its 95% interval."""

    elo: float
    low: float
    high: float


@dataclass
class Tally:
    """Wins, draws and losses from one player's view (agent A's in a match)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, score: float) -> None:
        """Adds one game scored 1, ½ or 0."""
        if score > 0.75:
            self.wins += 1
        elif score < 0.25:
            self.losses += 1
        else:
            self.draws += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """The mean score (½ with no games)."""
        if self.games == 0:
            return 0.5
        return (self.wins + 0.5 * self.draws) / self.games

    def variance(self) -> float:
        """The variance of one game's score (the trinomial distribution of the results)."""
        return _arbiter._variance(self.wins, self.draws, self.losses)

    def elo(self) -> EloEstimate:
        """The Elo difference with its 95% interval (:func:`elo_estimate`)."""
        return EloEstimate(*_arbiter._elo_estimate(self.wins, self.draws, self.losses))


def elo_estimate(wins: int, draws: int, losses: int) -> EloEstimate:
    """The Elo difference of a player with these results over its opponent, with a 95% interval from the
    normal approximation of the mean score, as ``arbiter match`` computes it."""
    for name, value in (("wins", wins), ("draws", draws), ("losses", losses)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{name} must be a whole number of games, at least 0, not {value!r}")
        if value >= 2**32:
            raise ValueError(f"{name} must be fewer than 2^32 games, not {value}")
    return Tally(wins, draws, losses).elo()


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1, with error rates alpha
    (accepting H1 when H0 holds) and beta."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        for name in ("elo0", "elo1"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not math.isfinite(value) or abs(value) > 1000:
                raise ValueError(f"SPRT {name} must be an Elo value (a number within ±1000), not {value!r}")
        if self.elo0 >= self.elo1:
            raise ValueError(f"SPRT elo0 ({self.elo0}) must be below elo1 ({self.elo1})")
        for name in ("alpha", "beta"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not 0 < value < 0.5:
                raise ValueError(f"SPRT {name} must be above 0 and below 0.5, not {value!r}")

    @staticmethod
    def parse(text: str, alpha: float = 0.05, beta: float = 0.05) -> "Sprt":
        """``"elo0,elo1"`` (as ``arbiter match --sprt`` takes it)."""
        parts = str(text).split(",")
        if len(parts) != 2:
            raise ValueError(f"an SPRT needs two Elo values, elo0,elo1 (like 0,50), not {text!r}")
        values = []
        for part in parts:
            try:
                values.append(float(part))
            except ValueError:
                raise ValueError(f"SPRT: {part.strip()!r} is not an Elo value (a number within ±1000)") from None
        return Sprt(values[0], values[1], alpha, beta)

    def _judge(self, tally: Tally) -> tuple[float, float, float, str]:
        return _arbiter._sprt(
            float(self.elo0), float(self.elo1), float(self.alpha), float(self.beta), tally.wins, tally.draws, tally.losses
        )

    def llr(self, tally: Tally) -> float:
        """The log-likelihood ratio of the results (normal approximation of the logistic model, as
        `arbiter match`: the variance is estimated with a neutral prior of one win and one loss, so
        that a one-sided start does not decide the test; a clean sweep decides after 8 games at 0,50)."""
        return self._judge(tally)[0]

    def bounds(self) -> tuple[float, float]:
        """Wald's decision bounds (lower, upper) of the LLR: ±2.94 for alpha = beta = 0.05."""
        _, low, high, _ = self._judge(Tally())
        return low, high

    def status(self, tally: Tally) -> str:
        """``"continue"``, ``"accept_h0"`` or ``"accept_h1"`` (the words of ``arbiter match --json``)."""
        return self._judge(tally)[3]


# --- Ray ---------------------------------------------------------------------------------------------------


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:
        raise ImportError(
            f"arbiter.distributed needs Ray: pip install 'arbiter[distributed]' (or '{RAY_REQUIREMENT}')"
        ) from e
    return ray


def connect(address: Optional[str] = None, **init_kwargs: Any) -> None:
    """Connects to Ray unless already connected: ``ray.init(address=address, **init_kwargs)``. No address: as
    ``ray.init()``, the cluster of ``RAY_ADDRESS`` if set, else the one last started on this machine with ``ray
    start``, else a new local Ray using every core; ``"local"``: always a new local Ray; ``"auto"``: the
    cluster this machine belongs to; ``"ray://head:10001"``: a remote cluster through Ray Client;
    ``"host:6379"``: a cluster's head. Every function here calls it, so an explicit call is needed only for
    the address or other ``ray.init`` arguments."""
    ray = _ray()
    if ray.is_initialized():
        return
    if address is not None:
        init_kwargs["address"] = address
    ray.init(**init_kwargs)


_REMOTE: dict[str, Any] = {}


def _remote(function: Callable[..., Any], cpus: int) -> Any:
    """The Ray task of a module function (made once), asking for `cpus` CPUs."""
    ray = _ray()
    task = _REMOTE.get(function.__name__)
    if task is None:
        task = _REMOTE[function.__name__] = ray.remote(function)
    return task.options(num_cpus=cpus)


def _task_failure(error: BaseException) -> BaseException:
    """The exception a failed task raised (Ray wraps it), else the error itself."""
    cause = getattr(error, "cause", None)
    return cause if isinstance(cause, Exception) else error


def _run_batches(
    submit: Callable[[Any], Any],
    batches: Iterable[Any],
    handle: Callable[[Any, Any], None],
    finished: Callable[[], bool],
    max_in_flight: Optional[int],
    cpus_per_task: int,
) -> None:
    """Submits the batches, at most `max_in_flight` at a time (by default twice the tasks the cluster runs at
    once, looked up again as it grows), handles each result as it arrives and stops submitting once
    `finished()`; the tasks still under way are cancelled when it returns or raises (Ctrl-C included)."""
    ray = _ray()
    pending: dict[Any, Any] = {}
    queue = iter(batches)
    exhausted = False
    try:
        while True:
            limit = max_in_flight if max_in_flight is not None else 2 * _slots(cpus_per_task)
            while not exhausted and not finished() and len(pending) < limit:
                batch = next(queue, None)
                if batch is None:
                    exhausted = True
                else:
                    pending[submit(batch)] = batch
            if not pending:
                return
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                batch = pending.pop(ref)
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayTaskError as e:
                    raise _task_failure(e) from e
                handle(batch, result)
            if finished():
                return
    finally:
        for ref in pending:
            try:
                ray.cancel(ref)
            except Exception:  # noqa: BLE001 - a task that has just finished cannot be cancelled
                pass


# --- what the tasks run (in the workers) --------------------------------------------------------------------


def _worker(started: tuple[float, float]) -> dict[str, Any]:
    """Where a task ran, its wall time and the CPU time of its process meanwhile (its game threads)."""
    return {
        "node": socket.gethostname(),
        "pid": os.getpid(),
        "seconds": time.perf_counter() - started[0],
        "cpu_seconds": time.process_time() - started[1],
    }


def _clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def _match_task(
    game: str, a: str, b: str, indices: list[int], opening_plies: int, max_plies: int, seed: int,
    safe_openings: bool, concurrency: int,
) -> dict[str, Any]:
    started = _clock()
    out = _arbiter._match_batch(game, a, b, indices, opening_plies, max_plies, seed, safe_openings, concurrency)
    out["worker"] = _worker(started)
    return out


def _report_task(
    game: str, a: int, b: int, indices: list[int], opening_plies: int, max_plies: int, seed: int,
    seconds_per_move: Optional[float], concurrency: int,
) -> dict[str, Any]:
    started = _clock()
    results = _arbiter._report_batch(
        game, a, b, indices, opening_plies, max_plies, seed, seconds_per_move, concurrency
    )
    return {"results": results, "worker": _worker(started)}


def _first_score(record: Mapping[str, Any], sides: Sequence[str]) -> float:
    """The first player's score in a finished record: 1, ½ or 0."""
    winner = (record.get("result") or {}).get("winner")
    if winner is None:
        return 0.5
    return 1.0 if winner == sides[0] else 0.0


def _positions(record: Mapping[str, Any], number: int, skip: int, every: int) -> list[dict[str, Any]]:
    """The positions of a record before plies skip, skip + every, ... (never the final one), each with the
    game's result for the first player, the side to move and the game's static evaluation."""
    spec = record["game"] + (":" + record["options"] if record.get("options") else "")
    game = Game(spec)
    state = game.state(record["start"])
    result = _first_score(record, game.sides)
    out = []
    for ply, move in enumerate(record["moves"]):
        if ply >= skip and (ply - skip) % every == 0:
            out.append(
                {
                    "game": number,
                    "ply": ply,
                    "position": state.position,
                    "to_move": state.to_move_index,
                    "result": result,
                    "eval": state.evaluate(),
                }
            )
        state.play(move)
    return out


def _tuning_task(
    game: str, a: str, b: str, indices: list[int], opening_plies: int, max_plies: int, seed: int,
    safe_openings: bool, concurrency: int, skip: int, every: int,
) -> dict[str, Any]:
    started = _clock()
    out = _arbiter._match_batch(game, a, b, indices, opening_plies, max_plies, seed, safe_openings, concurrency)
    for r in out["results"]:
        r["positions"] = _positions(json.loads(r["record_json"]), r["index"] + 1, skip, every)
    out["worker"] = _worker(started)
    return out


# --- argument checks ---------------------------------------------------------------------------------------


def _datagen_task(header: str, indices: list[int], threads: int) -> dict[str, Any]:
    started = _clock()
    out = _arbiter._datagen_batch(header, indices, threads)
    out["worker"] = _worker(started)
    return out


def _whole(name: str, value: Any, low: int, high: Optional[int] = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        within = f"{low} to {high}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be a whole number {within}, not {value!r}")
    return value


def _check_run(
    games: Any, batch: Any, cpus_per_task: Any, max_in_flight: Any, opening_plies: Any, max_plies: Any, seed: Any
) -> None:
    """Checks the arguments every distributed run takes (ValueError saying which is wrong)."""
    _whole("games", games, 1, 2**32 - 1)
    _whole("batch", batch, 1)
    _whole("cpus_per_task", cpus_per_task, 1, 64)
    if max_in_flight is not None:
        _whole("max_in_flight", max_in_flight, 1)
    _whole("opening_plies", opening_plies, 0, 2**32 - 1)
    _whole("max_plies", max_plies, 1, 2**32 - 1)
    _whole("seed", seed, 0, 2**64 - 1)


def _game_spec(game: Union[Game, str]) -> str:
    """The canonical spec of a game (checked)."""
    if isinstance(game, Game):
        return game.spec
    if not isinstance(game, str):
        raise TypeError(
            f"a game is an arbiter.Game or a spec string like 'villawar:size=10', not {type(game).__name__}"
        )
    return Game(game).spec


def _sprt(sprt: Union[None, str, Sprt, Sequence[float]], alpha: float, beta: float) -> Optional[Sprt]:
    if sprt is None or isinstance(sprt, Sprt):
        return sprt
    if isinstance(sprt, str):
        return Sprt.parse(sprt, alpha, beta)
    try:
        elo0, elo1 = sprt
    except (TypeError, ValueError):
        raise ValueError(f"sprt is (elo0, elo1), 'elo0,elo1' or a Sprt, not {sprt!r}") from None
    return Sprt(elo0, elo1, alpha, beta)


def _folder(path: Union[str, os.PathLike[str]]) -> str:
    path = os.fspath(path)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise ValueError(f"cannot create {path}: {e.strerror or e}") from e
    return path


def _chunks(indices: Sequence[int], size: int) -> list[list[int]]:
    return [list(indices[i : i + size]) for i in range(0, len(indices), size)]


def _slots(cpus_per_task: int) -> int:
    """The tasks the cluster runs at once (looked up each time: a cluster may grow)."""
    cpus = _ray().cluster_resources().get("CPU", 1)
    return max(1, int(cpus // cpus_per_task))


def _guided(indices: Sequence[int], size: int, cpus_per_task: int) -> Iterator[list[int]]:
    """Batches of `size` indices, made as they are submitted and smaller towards the end (about half a
    slot's share of what is left, at least one game), so that the last tasks finish together."""
    start = 0
    while start < len(indices):
        left = len(indices) - start
        n = min(size, max(1, -(-left // (2 * _slots(cpus_per_task)))))
        yield list(indices[start : start + n])
        start += n


def _write_atomic(path: str, text: str) -> None:
    """Writes a file whole or not at all (as ``arbiter report`` writes its cache)."""
    partial = path[: -len(".json")] + ".json.partial" if path.endswith(".json") else path + ".partial"
    with open(partial, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(partial, path)


class _Workers:
    """The worker processes that ran the tasks, with the tasks' wall and CPU time."""

    def __init__(self) -> None:
        self.processes: set[tuple[str, int]] = set()
        self.seconds = 0.0
        self.cpu_seconds = 0.0

    def add(self, info: Mapping[str, Any]) -> None:
        self.processes.add((info["node"], info["pid"]))
        self.seconds += info["seconds"]
        self.cpu_seconds += info["cpu_seconds"]

    def figures(self, games: int, seconds: float) -> dict[str, Any]:
        return {
            "seconds": seconds,
            "games_per_second": games / seconds if seconds > 0 else 0.0,
            "workers": len(self.processes),
            "task_seconds": self.seconds,
            "task_cpu_seconds": self.cpu_seconds,
        }


# --- matches -----------------------------------------------------------------------------------------------


def match(
    game: Union[Game, str],
    a: str,
    b: str,
    games: int = 10,
    *,
    batch: int = 10,
    opening_plies: int = 0,
    max_plies: int = 400,
    seed: int = 0,
    safe_openings: bool = False,
    sprt: Union[None, str, Sprt, Sequence[float]] = None,
    alpha: float = 0.05,
    beta: float = 0.05,
    records: Union[None, str, os.PathLike[str]] = None,
    cpus_per_task: int = 1,
    max_in_flight: Optional[int] = None,
    address: Optional[str] = None,
    progress: Optional[Callable[[dict[str, Any]], None]] = None,
) -> dict[str, Any]:
    """A match of `games` games between agent specs `a` and `b` on Ray, in tasks of `batch` games: the games of
    ``arbiter.match`` with the same arguments (see the module). With `sprt` ((elo0, elo1), ``"elo0,elo1"`` or a
    :class:`Sprt`) it stops once the test decides; the games already finished count. `records`: a folder for
    the game records, as ``arbiter match --records`` writes them. Each task plays its games on
    `cpus_per_task` threads (and asks Ray for as many CPUs). `progress` is called after each batch with the
    running figures. Returns ``arbiter.match``'s dict (results in order of index, each also with "forfeit")
    and "sprt" (None or {"elo0", "elo1", "alpha", "beta", "status", "llr", "lower", "upper"}),
    "stopped_early", "batches", "seconds", "games_per_second", "workers" (the worker processes used),
    "task_seconds" and "task_cpu_seconds" (the tasks' wall and CPU time, summed)."""
    _check_run(games, batch, cpus_per_task, max_in_flight, opening_plies, max_plies, seed)
    test = _sprt(sprt, alpha, beta)
    spec = _game_spec(game)
    args = (opening_plies, max_plies, seed, bool(safe_openings), cpus_per_task)
    # The engine checks the specs and options here, before Ray starts: its ValueError says what is wrong.
    header = _arbiter._match_batch(spec, a, b, [], *args)
    folder = _folder(records) if records is not None else None
    connect(address)
    task = _remote(_match_task, cpus_per_task)
    tally = Tally()
    results: list[dict[str, Any]] = []
    workers = _Workers()
    decision: list[str] = []
    batches = 0
    started = time.perf_counter()

    def handle(_: Any, out: dict[str, Any]) -> None:
        nonlocal batches
        batches += 1
        workers.add(out["worker"])
        for r in sorted(out["results"], key=lambda r: r["index"]):
            text = r.pop("record_json")
            if folder is not None:
                with open(os.path.join(folder, f"game-{r['index'] + 1:04d}.json"), "w", encoding="utf-8") as f:
                    f.write(text + "\n")
            tally.add(r["a_score"])
            results.append(
                {
                    "index": r["index"],
                    "a_side": r["a_side"],
                    "a_score": r["a_score"],
                    "reason": r["reason"],
                    "plies": r["plies"],
                    "a_max_move_ms": r["a_max_move_ms"],
                    "b_max_move_ms": r["b_max_move_ms"],
                    "forfeit": r["forfeit"],
                    "record": json.loads(text),
                }
            )
            if test is not None and not decision:
                status = test.status(tally)
                if status != "continue":
                    decision.append(status)
        if progress is not None:
            progress(_match_figures(tally, test, decision, games, batches, started))

    _run_batches(
        lambda indices: task.remote(spec, a, b, indices, *args),
        _guided(range(games), batch, cpus_per_task),
        handle,
        lambda: bool(decision),
        max_in_flight,
        cpus_per_task,
    )
    seconds = time.perf_counter() - started
    results.sort(key=lambda r: r["index"])
    elo = tally.elo()
    summary: dict[str, Any] = {
        "game": header["game"],
        "a": header["a"],
        "b": header["b"],
        "games": tally.games,
        "a_wins": tally.wins,
        "draws": tally.draws,
        "b_wins": tally.losses,
        "a_score": tally.score,
        "elo": elo.elo,
        "elo_low": elo.low,
        "elo_high": elo.high,
        "sprt": None,
        "stopped_early": tally.games < games,
        "batches": batches,
        **workers.figures(tally.games, seconds),
        "results": results,
    }
    if test is not None:
        low, high = test.bounds()
        summary["sprt"] = {
            "elo0": test.elo0,
            "elo1": test.elo1,
            "alpha": test.alpha,
            "beta": test.beta,
            "status": decision[0] if decision else test.status(tally),
            "llr": test.llr(tally),
            "lower": low,
            "upper": high,
        }
    return summary


def _match_figures(
    tally: Tally, test: Optional[Sprt], decision: list[str], total: int, batches: int, started: float
) -> dict[str, Any]:
    elo = tally.elo()
    figures = {
        "games": tally.games,
        "total": total,
        "batches": batches,
        "a_wins": tally.wins,
        "draws": tally.draws,
        "b_wins": tally.losses,
        "a_score": tally.score,
        "elo": elo.elo,
        "elo_low": elo.low,
        "elo_high": elo.high,
        "seconds": time.perf_counter() - started,
    }
    if test is not None:
        figures["llr"] = test.llr(tally)
        figures["sprt_status"] = decision[0] if decision else "continue"
    return figures


# --- report self-play --------------------------------------------------------------------------------------


def _read_cached(path: str, index: int) -> Optional[dict[str, Any]]:
    """A cached game of ``arbiter report``, or None when missing or unusable (then it is played again)."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("index") != index or not isinstance(data.get("record"), dict):
        return None
    return data if data["record"].get("result") is not None else None


def report(
    game: Union[Game, str],
    games: int = 40,
    *,
    levels: Sequence[int] = (1, 3, 5),
    seconds_per_move: Optional[float] = None,
    opening_plies: int = 2,
    max_plies: int = 400,
    seed: int = 1,
    out: Union[None, str, os.PathLike[str]] = None,
    batch: int = 4,
    cpus_per_task: int = 1,
    max_in_flight: Optional[int] = None,
    address: Optional[str] = None,
    progress: Optional[Callable[[dict[str, Any]], None]] = None,
) -> dict[str, Any]:
    """The self-play of ``arbiter report GAME --games N --levels ... --out OUT`` (same arguments and defaults)
    on Ray: every matchup's games are played in tasks of `batch` games and written into the report's cache,
    ``OUT/games/<matchup>-<hash>/game-NNNN.json``; games already there are kept (a stopped run resumes), as
    ``arbiter report`` does. Then ``arbiter report GAME --out OUT`` with the same settings reads them all back
    and writes the report (it only replays them). `game` is a spec as the CLI takes it (the cache folder
    names depend on the options as written). Returns {"game", "options", "out", "command" (that CLI command),
    "played", "cached", "seconds", "games_per_second", "workers", "task_seconds", "task_cpu_seconds",
    "matchups": [{"key", "label", "kind", "a_spec", "b_spec", "folder", "games", "played", "cached",
    "first_wins", "second_wins", "draws", "first_score", "mean_plies"}]}."""
    _check_run(games, batch, cpus_per_task, max_in_flight, opening_plies, max_plies, seed)
    top = max(g["levels"] for g in _arbiter.games())
    if isinstance(levels, (str, bytes)) or not isinstance(levels, Sequence):
        raise ValueError(f"levels is a sequence of strength levels 1 to {top}, not {levels!r}")
    for level in levels:
        if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= top:
            raise ValueError(f"levels are 1 to {top}, not {level!r}")
    if seconds_per_move is not None:
        seconds_per_move = float(seconds_per_move)
    spec = game.spec if isinstance(game, Game) else game
    if not isinstance(spec, str):
        raise TypeError(f"a game is an arbiter.Game or a spec string like 'villawar:size=6', not {type(game).__name__}")
    settings = (opening_plies, max_plies, seed, seconds_per_move)
    plan = _arbiter._report_plan(spec, list(levels), *settings)
    root = _folder(out if out is not None else os.path.join("reports", plan["game"]))
    sides = plan["sides"]
    matchups = []
    jobs: list[tuple[int, int, list[int]]] = []  # (round, matchup, indices)
    for m, info in enumerate(plan["matchups"]):
        folder = _folder(os.path.join(root, info["folder"]))
        _write_atomic(os.path.join(folder, "settings.json"), info["settings_json"] + "\n")
        entry = {k: info[k] for k in ("key", "label", "kind", "a_spec", "b_spec")}
        entry.update(folder=folder, games=games, played=0, cached=0, first_wins=0, second_wins=0, draws=0)
        entry["_plies"] = 0
        missing = []
        for index in range(games):
            cached = _read_cached(os.path.join(folder, f"game-{index + 1:04d}.json"), index)
            if cached is None:
                missing.append(index)
            else:
                entry["cached"] += 1
                _count(entry, cached["record"], sides)
        matchups.append(entry)
        jobs.extend((n, m, chunk) for n, chunk in enumerate(_chunks(missing, batch)))
    # Round-robin over the matchups, as arbiter report orders its games: a stopped run has some of each.
    jobs.sort(key=lambda job: (job[0], job[1]))
    connect(address)
    task = _remote(_report_task, cpus_per_task)
    workers = _Workers()
    played = 0
    total = sum(len(job[2]) for job in jobs)
    started = time.perf_counter()

    def handle(job: tuple[int, int, list[int]], out_: dict[str, Any]) -> None:
        nonlocal played
        workers.add(out_["worker"])
        entry = matchups[job[1]]
        for r in out_["results"]:
            _write_atomic(os.path.join(entry["folder"], f"game-{r['index'] + 1:04d}.json"), r["cached_json"] + "\n")
            entry["played"] += 1
            played += 1
            _count(entry, json.loads(r["record_json"]), sides)
        if progress is not None:
            seconds = time.perf_counter() - started
            progress({"played": played, "total": total, "matchup": entry["key"], "seconds": seconds})

    def submit(job: tuple[int, int, list[int]]) -> Any:
        info = plan["matchups"][job[1]]
        return task.remote(spec, info["a"], info["b"], job[2], *settings, cpus_per_task)

    _run_batches(submit, jobs, handle, lambda: False, max_in_flight, cpus_per_task)
    seconds = time.perf_counter() - started
    for entry in matchups:
        n = entry["first_wins"] + entry["second_wins"] + entry["draws"]
        entry["first_score"] = (entry["first_wins"] + 0.5 * entry["draws"]) / n if n else 0.5
        entry["mean_plies"] = entry.pop("_plies") / n if n else 0.0
    command = ["arbiter", "report", spec, "--games", str(games), "--levels", ",".join(str(l) for l in levels)]
    if seconds_per_move is not None:
        command += ["--seconds-per-move", str(seconds_per_move)]
    command += ["--opening-plies", str(opening_plies), "--max-plies", str(max_plies), "--seed", str(seed)]
    command += ["--out", root]
    return {
        "game": plan["game"],
        "options": plan["options"],
        "out": root,
        "command": command,
        "played": played,
        "cached": sum(e["cached"] for e in matchups),
        **workers.figures(played, seconds),
        "matchups": matchups,
    }


def _count(entry: dict[str, Any], record: Mapping[str, Any], sides: Sequence[str]) -> None:
    score = _first_score(record, sides)
    key = "first_wins" if score == 1.0 else "second_wins" if score == 0.0 else "draws"
    entry[key] += 1
    entry["_plies"] += len(record["moves"])


# --- tuning data -------------------------------------------------------------------------------------------


def tuning_data(
    game: Union[Game, str],
    agent: str = "level=2",
    games: int = 100,
    *,
    opponent: Optional[str] = None,
    out: Union[None, str, os.PathLike[str]] = None,
    records: Union[None, str, os.PathLike[str]] = None,
    batch: int = 10,
    opening_plies: int = 8,
    safe_openings: bool = True,
    max_plies: int = 400,
    seed: int = 0,
    skip: Optional[int] = None,
    every: int = 1,
    cpus_per_task: int = 1,
    max_in_flight: Optional[int] = None,
    address: Optional[str] = None,
    progress: Optional[Callable[[dict[str, Any]], None]] = None,
) -> dict[str, Any]:
    """Positions labelled with the result of their game, for Texel-style tuning of an evaluation: `games`
    games of `agent` against `opponent` (itself by default) from random openings of `opening_plies` plies
    (safe ones by default: none lets the opponent win at once), played on Ray in tasks of `batch` games as
    :func:`match` plays them. Every game gives its positions before plies ``skip, skip + every, ...``
    (`skip` is `opening_plies` by default; never the final position), each as {"game" (its number, from 1),
    "ply", "position", "to_move" (0 first player, 1 second), "result" (the first player's score: 1, 0.5, 0),
    "eval" (the game's static evaluation for the side to move)}. `out`: a JSON Lines file of the positions,
    in order of game and ply (else they are returned as "data"); `records`: a folder for the records, as
    ``arbiter match --records`` writes them. Returns {"game", "a", "b", "games", "positions", "first_wins",
    "second_wins", "draws", "out", "seconds", "games_per_second", "workers", "task_seconds",
    "task_cpu_seconds"} (and "data")."""
    _check_run(games, batch, cpus_per_task, max_in_flight, opening_plies, max_plies, seed)
    skip = opening_plies if skip is None else _whole("skip", skip, 0)
    every = _whole("every", every, 1)
    spec = _game_spec(game)
    b = agent if opponent is None else opponent
    args = (opening_plies, max_plies, seed, bool(safe_openings), cpus_per_task)
    header = _arbiter._match_batch(spec, agent, b, [], *args)
    sides = Game(spec).sides
    folder = _folder(records) if records is not None else None
    target = os.fspath(out) if out is not None else None
    if target is not None:
        parent = os.path.dirname(os.path.abspath(target))
        _folder(parent)
    chunks = _guided(range(games), batch, cpus_per_task)
    connect(address)
    task = _remote(_tuning_task, cpus_per_task)
    workers = _Workers()
    data: list[dict[str, Any]] = []
    figures = {"games": 0, "positions": 0, "first_wins": 0, "second_wins": 0, "draws": 0}
    waiting: dict[int, tuple[int, list[dict[str, Any]]]] = {}  # batches that came before their turn, by first game
    next_game = 0
    started = time.perf_counter()
    sink = open(target + ".partial", "w", encoding="utf-8") if target is not None else None

    def emit(positions: list[dict[str, Any]]) -> None:
        if sink is None:
            data.extend(positions)
        else:
            for p in positions:
                sink.write(json.dumps(p, separators=(",", ":")) + "\n")

    def handle(indices: list[int], out_: dict[str, Any]) -> None:
        nonlocal next_game
        workers.add(out_["worker"])
        positions = []
        for r in sorted(out_["results"], key=lambda r: r["index"]):
            record = json.loads(r["record_json"])
            if folder is not None:
                with open(os.path.join(folder, f"game-{r['index'] + 1:04d}.json"), "w", encoding="utf-8") as f:
                    f.write(r["record_json"] + "\n")
            score = _first_score(record, sides)
            figures["games"] += 1
            figures["first_wins" if score == 1.0 else "second_wins" if score == 0.0 else "draws"] += 1
            positions.extend(r["positions"])
        figures["positions"] += len(positions)
        # Positions go out in order of game: a batch waits for those before it.
        waiting[indices[0]] = (len(indices), positions)
        while next_game in waiting:
            count, ready = waiting.pop(next_game)
            emit(ready)
            next_game += count
        if progress is not None:
            progress({**figures, "total": games, "seconds": time.perf_counter() - started})

    try:
        _run_batches(
            lambda indices: task.remote(spec, agent, b, indices, *args, skip, every),
            chunks,
            handle,
            lambda: False,
            max_in_flight,
            cpus_per_task,
        )
    finally:
        if sink is not None:
            sink.close()
    if target is not None:
        os.replace(target + ".partial", target)
    seconds = time.perf_counter() - started
    result: dict[str, Any] = {
        "game": header["game"],
        "a": header["a"],
        "b": header["b"],
        **figures,
        "out": target,
        **workers.figures(figures["games"], seconds),
    }
    if target is None:
        result["data"] = data
    return result


# --- training data -----------------------------------------------------------------------------------------


def datagen(
    game: Union[Game, str],
    out: Union[str, os.PathLike[str]],
    games: int = 1000,
    *,
    agent: str = "alphabeta:nodes=5000",
    opening_plies: int = 8,
    max_plies: int = 400,
    seed: int = 1,
    batch: int = 10,
    cpus_per_task: int = 1,
    max_in_flight: Optional[int] = None,
    address: Optional[str] = None,
    progress: Optional[Callable[[dict[str, Any]], None]] = None,
) -> dict[str, Any]:
    """Training data for a learned evaluation, as ``arbiter datagen GAME --out OUT`` writes it, on Ray: games
    0 to `games` - 1 of `agent` against itself from random safe openings, each searched position with the
    search's score and the game's result, appended to the data file `out` one game at a time as the batches
    finish (docs/learning.md describes the format). The file is resumed when it holds games of the same
    settings: those games are not played again, and the games written are the ones ``arbiter datagen`` would
    write, whatever the batches (for agents budgeted by nodes or depth). Returns {"games_played",
    "games_skipped", "samples", "unscored", "bytes", "out", "seconds", "games_per_second", "workers",
    "task_seconds", "task_cpu_seconds"}."""
    _check_run(games, batch, cpus_per_task, max_in_flight, opening_plies, max_plies, seed)
    # The engine checks the game, the agent and the ply limit here, before Ray starts.
    header = _arbiter._datagen_header(_game_spec(game), agent, opening_plies, max_plies, seed)
    target = os.fspath(out)
    _folder(os.path.dirname(os.path.abspath(target)))
    data = _arbiter._DataFile(target, header)
    done = set(data.done)
    todo = [i for i in range(games) if i not in done]
    figures = {"games_played": 0, "games_skipped": len(done & set(range(games))), "samples": 0, "unscored": 0,
               "bytes": 0}
    workers = _Workers()
    started = time.perf_counter()
    if todo:
        connect(address)
        task = _remote(_datagen_task, cpus_per_task)

        def handle(_: Any, result: dict[str, Any]) -> None:
            workers.add(result["worker"])
            figures["bytes"] += data.append(result["blocks"])
            figures["games_played"] += len(result["blocks"])
            figures["samples"] += result["samples"]
            figures["unscored"] += result["unscored"]
            if progress is not None:
                progress({**figures, "total": games, "seconds": time.perf_counter() - started})

        _run_batches(
            lambda indices: task.remote(header, indices, cpus_per_task),
            _guided(todo, batch, cpus_per_task),
            handle,
            lambda: False,
            max_in_flight,
            cpus_per_task,
        )
    seconds = time.perf_counter() - started
    return {**figures, "out": target, **workers.figures(figures["games_played"], seconds)}


# --- the command line --------------------------------------------------------------------------------------


def _resolved(spec: str, game: str) -> str:
    """``level=3 (alphabeta:time=1s,depth=3)``, as ``arbiter match`` prints a level."""
    found = re.fullmatch(r"level=(\d)", spec.strip())
    if not found:
        return spec
    name = game.split(":")[0]
    for g in _arbiter.games():
        if g["name"] == name and 1 <= int(found.group(1)) <= len(g["level_agents"]):
            return f"{spec} ({g['level_agents'][int(found.group(1)) - 1]})"
    return spec


def _print_match(r: dict[str, Any]) -> None:
    print(f"{r['game']}: A = {_resolved(r['a'], r['game'])}, B = {_resolved(r['b'], r['game'])}")
    print(
        f"games {r['games']}: A won {r['a_wins']}, drew {r['draws']}, lost {r['b_wins']}; "
        f"A scored {r['a_score'] * 100:.1f}%"
    )
    print(f"Elo difference A - B: {r['elo']:+.0f} (95% interval {r['elo_low']:+.0f} to {r['elo_high']:+.0f})")
    s = r["sprt"]
    if s is not None:
        print(
            f"SPRT elo0={s['elo0']:g} elo1={s['elo1']:g} (alpha {s['alpha']:g}, beta {s['beta']:g}): {s['status']} "
            f"(LLR {s['llr']:.2f}, bounds {s['lower']:.2f} to {s['upper']:.2f})"
        )
    results = r["results"]
    plies = sum(g["plies"] for g in results) / max(len(results), 1)
    a_max = max((g["a_max_move_ms"] for g in results), default=0)
    b_max = max((g["b_max_move_ms"] for g in results), default=0)
    print(f"average length {plies:.1f} plies; longest move: A {a_max} ms, B {b_max} ms")
    for g in results:
        if g["forfeit"]:
            print(f"game {g['index'] + 1}: {g['forfeit']}")
    print(
        f"{r['games']} games in {r['seconds']:.1f} s on Ray: {r['games_per_second']:.2f} games/s, "
        f"{r['batches']} batches on {r['workers']} worker processes"
    )


def _levels(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"levels are comma-separated numbers like 1,3,5, not {text!r}") from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m arbiter.distributed",
        description="Matches, report self-play and tuning data on a Ray cluster (or a local Ray).",
    )
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--address", help="Ray cluster: auto, ray://HOST:10001, HOST:6379 or local (default: "
                        "RAY_ADDRESS, else a cluster started here by ray start, else a new local Ray)")
    common.add_argument("--cpus-per-task", type=int, default=1, help="threads (and Ray CPUs) per task (default 1)")
    common.add_argument("--max-in-flight", type=int, help="tasks submitted at once (default: twice the cluster's)")
    common.add_argument("--quiet", "-q", action="store_true", help="no progress lines on stderr")
    common.add_argument("--json", action="store_true", help="print the results as JSON")
    sub = parser.add_subparsers(dest="command", required=True)

    m = sub.add_parser("match", parents=[common], help="agent A against agent B, as arbiter match")
    m.add_argument("game", help="void, krux, attraction, villawar, villawar:size=6 ...")
    m.add_argument("a", help="agent A: random, level=1..6, mcts:iterations=5000, alphabeta:depth=5 ...")
    m.add_argument("b", help="agent B, in the same syntax")
    m.add_argument("--games", "-n", type=int, default=100, help="games to play (default 100)")
    m.add_argument("--batch", type=int, default=10, help="games per Ray task (default 10)")
    m.add_argument("--opening-plies", type=int, default=0, help="random plies before the agents take over")
    m.add_argument("--safe-openings", action="store_true", help="no opening ply that lets the opponent win at once")
    m.add_argument("--max-plies", type=int, default=400, help="draw after this many plies (default 400)")
    m.add_argument("--seed", type=int, default=1, help="base seed (default 1, as arbiter match)")
    m.add_argument("--sprt", metavar="ELO0,ELO1", help="stop once an SPRT decides between elo0 and elo1")
    m.add_argument("--alpha", type=float, default=0.05, help="SPRT false-positive rate (default 0.05)")
    m.add_argument("--beta", type=float, default=0.05, help="SPRT false-negative rate (default 0.05)")
    m.add_argument("--records", metavar="DIR", help="save every record as DIR/game-0001.json, ...")

    r = sub.add_parser("report", parents=[common], help="the self-play of arbiter report, into its cache")
    r.add_argument("game", help="the game as arbiter report takes it: void, villawar:size=6 ...")
    r.add_argument("--games", "-n", type=int, default=40, help="games per matchup (default 40)")
    r.add_argument("--levels", type=_levels, default=[1, 3, 5], help="levels, comma-separated (default 1,3,5)")
    r.add_argument("--seconds-per-move", type=float, help="thinking time of the levels that think by time")
    r.add_argument("--out", "-o", help="the report's folder (default reports/GAME)")
    r.add_argument("--batch", type=int, default=4, help="games per Ray task (default 4)")
    r.add_argument("--opening-plies", type=int, default=2, help="random (safe) opening plies (default 2)")
    r.add_argument("--max-plies", type=int, default=400, help="draw after this many plies (default 400)")
    r.add_argument("--seed", type=int, default=1, help="base seed (default 1)")

    t = sub.add_parser("tuning", parents=[common], help="positions labelled with game results (Texel tuning)")
    t.add_argument("game", help="void, krux, attraction, villawar ...")
    t.add_argument("--agent", default="level=2", help="the agent playing (default level=2)")
    t.add_argument("--opponent", help="its opponent (default: the agent itself)")
    t.add_argument("--games", "-n", type=int, default=100, help="games to play (default 100)")
    t.add_argument("--out", "-o", required=True, help="the positions, a JSON Lines file")
    t.add_argument("--records", metavar="DIR", help="also save every record as DIR/game-0001.json, ...")
    t.add_argument("--batch", type=int, default=10, help="games per Ray task (default 10)")
    t.add_argument("--opening-plies", type=int, default=8, help="random opening plies (default 8)")
    t.add_argument("--unsafe-openings", action="store_true", help="allow opening plies that lose at once")
    t.add_argument("--max-plies", type=int, default=400, help="draw after this many plies (default 400)")
    t.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    t.add_argument("--skip", type=int, help="positions from this ply on (default: --opening-plies)")
    t.add_argument("--every", type=int, default=1, help="every this many plies (default 1)")

    d = sub.add_parser("datagen", parents=[common], help="training data for a learned evaluation, as arbiter datagen")
    d.add_argument("game", help="void, krux, attraction, villawar:size=10 ...")
    d.add_argument("--out", "-o", required=True, help="the data file (resumed when it holds the same settings)")
    d.add_argument("--games", "-n", type=int, default=1000, help="games to reach (default 1000)")
    d.add_argument("--agent", default="alphabeta:nodes=5000", help="the agent playing both sides")
    d.add_argument("--batch", type=int, default=10, help="games per Ray task (default 10)")
    d.add_argument("--opening-plies", type=int, default=8, help="random safe opening plies (default 8)")
    d.add_argument("--max-plies", type=int, default=400, help="draw after this many plies (default 400)")
    d.add_argument("--seed", type=int, default=1, help="seed of the openings (default 1, as arbiter datagen)")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line (``python -m arbiter.distributed``); returns the exit status."""
    args = _parser().parse_args(argv)

    def say(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    def match_progress(f: dict[str, Any]) -> None:
        line = (
            f"match: {f['games']}/{f['total']} games, A +{f['a_wins']} ={f['draws']} -{f['b_wins']} "
            f"({f['a_score'] * 100:.1f}%), Elo {f['elo']:+.0f} [{f['elo_low']:+.0f}, {f['elo_high']:+.0f}]"
        )
        if "llr" in f:
            line += f", LLR {f['llr']:.2f}"
        say(line + f", {f['seconds']:.1f} s")

    common = {"cpus_per_task": args.cpus_per_task, "max_in_flight": args.max_in_flight, "address": args.address}
    try:
        if args.address is not None or not _ray().is_initialized():
            import logging

            connect(args.address, logging_level=logging.WARNING)
        if args.command == "match":
            result = match(
                args.game, args.a, args.b, args.games, batch=args.batch, opening_plies=args.opening_plies,
                max_plies=args.max_plies, seed=args.seed, safe_openings=args.safe_openings,
                sprt=args.sprt, alpha=args.alpha, beta=args.beta, records=args.records,
                progress=match_progress, **common,
            )
            if args.json:
                print(json.dumps(result, indent=2))
            else:
                _print_match(result)
        elif args.command == "report":
            result = report(
                args.game, args.games, levels=args.levels, seconds_per_move=args.seconds_per_move,
                opening_plies=args.opening_plies, max_plies=args.max_plies, seed=args.seed, out=args.out,
                batch=args.batch,
                progress=lambda f: say(f"report: {f['played']}/{f['total']} games played ({f['matchup']}), "
                                       f"{f['seconds']:.1f} s"),
                **common,
            )
            if args.json:
                print(json.dumps(result, indent=2))
            else:
                print(f"{result['game']} self-play: {result['played']} games played, {result['cached']} from the "
                      f"cache, in {result['seconds']:.1f} s ({result['games_per_second']:.2f} games/s)")
                for m in result["matchups"]:
                    print(
                        f"- {m['label']}: first player scores {m['first_score'] * 100:.1f}% "
                        f"(+{m['first_wins']} ={m['draws']} -{m['second_wins']}), {m['mean_plies']:.1f} plies"
                    )
                print("the report from these games: " + " ".join(_quote(w) for w in result["command"]))
        elif args.command == "datagen":
            result = datagen(
                args.game, args.out, args.games, agent=args.agent, opening_plies=args.opening_plies,
                max_plies=args.max_plies, seed=args.seed, batch=args.batch,
                progress=lambda f: say(f"datagen: {f['games_played'] + f['games_skipped']}/{f['total']} games, "
                                       f"{f['samples']} positions, {f['seconds']:.1f} s"),
                **common,
            )
            if args.json:
                print(json.dumps(result, indent=2))
            else:
                print(f"{result['out']}: played {result['games_played']} games ({result['games_skipped']} already "
                      f"in the file), wrote {result['samples']} positions ({result['bytes']} bytes) in "
                      f"{result['seconds']:.1f} s")
        else:
            result = tuning_data(
                args.game, args.agent, args.games, opponent=args.opponent, out=args.out, records=args.records,
                batch=args.batch, opening_plies=args.opening_plies, safe_openings=not args.unsafe_openings,
                max_plies=args.max_plies, seed=args.seed, skip=args.skip, every=args.every,
                progress=lambda f: say(f"tuning: {f['games']}/{f['total']} games, {f['positions']} positions, "
                                       f"{f['seconds']:.1f} s"),
                **common,
            )
            if args.json:
                print(json.dumps(result, indent=2))
            else:
                print(f"{result['game']}: {result['games']} games of {result['a']} against {result['b']} "
                      f"(+{result['first_wins']} ={result['draws']} -{result['second_wins']} for the first "
                      f"player), {result['positions']} positions in {result['out']}, {result['seconds']:.1f} s")
    except (ValueError, TypeError, ImportError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return 0


def _quote(word: str) -> str:
    return word if re.fullmatch(r"[\w@%+=:,./-]+", word) else "'" + word.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    # The functions Ray runs must come from the module arbiter.distributed (workers import it by that name),
    # not from __main__.
    from arbiter.distributed import main as _main

    sys.exit(_main())
