"""Arbiter: the rules engines, search and match runner of Void, Krux, Attraction and Villawar.

The engine is Rust (the ``arbiter._arbiter`` extension module); this package re-exports it. The
API, with its documentation, is ``__init__.pyi`` beside this file.
"""

import json as _json
import os as _os
from collections.abc import Mapping as _Mapping

from ._arbiter import (
    Agent,
    ArbiterError,
    Choice,
    Game,
    GameOver,
    IllegalMove,
    Outcome,
    SearchInfo,
    State,
    __version__,
    analyze,
    games,
    match,
    perft,
    random_playouts,
)
from ._arbiter import _analyze_game_json, _load_record_json

__all__ = [
    "Agent",
    "ArbiterError",
    "Choice",
    "Game",
    "GameOver",
    "IllegalMove",
    "Outcome",
    "SearchInfo",
    "State",
    "__version__",
    "analyze",
    "analyze_game",
    "games",
    "load_record",
    "match",
    "perft",
    "random_playouts",
]


def load_record(record):
    """A state replayed from a game record: a dict, JSON text, or the path of a JSON file.

    Every move is checked; ValueError (with the move's number) for a bad record.
    """
    if isinstance(record, _Mapping):
        return _load_record_json(_json.dumps(dict(record)))
    if isinstance(record, bytes):
        record = record.decode("utf-8")
    if isinstance(record, str) and record.lstrip().startswith("{"):
        return _load_record_json(record)
    if isinstance(record, (str, _os.PathLike)):
        try:
            with open(record, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise ValueError(f"cannot read the record {_os.fspath(record)!r}: {e.strerror or e}") from e
        return _load_record_json(text)
    raise TypeError(f"a record is a dict, JSON text or a path, not {type(record).__name__}")


def analyze_game(state, nodes=None, time=None, agent=None):
    """The game the state holds, analysed from its start: every position searched, every move marked.

    The same JSON as ``arbiter analyze-game --json``, as a dict (see ``__init__.pyi``).
    """
    return _json.loads(_analyze_game_json(state, nodes=nodes, time=time, agent=agent))
