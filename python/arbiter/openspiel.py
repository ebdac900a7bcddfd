"""Arbiter's games as OpenSpiel games.

``register()`` registers every Arbiter game with OpenSpiel (``pip install open_spiel``) as a Python game (importing
this module already does, as OpenSpiel's own Python games do; ``register()`` is idempotent)::

    import pyspiel
    from arbiter import openspiel
    openspiel.register()
    game = pyspiel.load_game("arbiter_villawar(size=10,plies=200)")

=====================  ====================================================================================
name                   game
=====================  ====================================================================================
``arbiter_void``       Void
``arbiter_krux``       Krux (actions are steps: see below)
``arbiter_attraction`` Attraction
``arbiter_villawar``   Villawar, ``size=6|8|10`` (8 by default)
``arbiter_villawar6``  Villawar 6 × 6 (the same as ``arbiter_villawar(size=6)``)
``arbiter_villawar10`` Villawar 10 × 10 (the same as ``arbiter_villawar(size=10)``)
=====================  ====================================================================================

Parameters (every game): ``plies`` (default 300) — the game is drawn after that many plies (whole turns), so that
every game ends and ``max_game_length`` is finite; ``repetition`` (default ``True``) — threefold repetition draws.
``arbiter_villawar`` also takes ``size``.

Every game is two-player, sequential, deterministic, perfect-information and zero-sum with terminal rewards: the
returns are ``(+1, -1)``, ``(-1, +1)`` or ``(0, 0)``; player 0 is the side that moves first (``Game.sides[0]``).

Actions are those of the Arbiter game's fixed action space (``arbiter.Game.num_actions``,
``State.legal_actions()``, ``State.apply_action()``; see docs/python.md for each game's numbering). Whole-move games
have one action per move, so a ply is one OpenSpiel action and ``max_game_length = plies``. Krux (a *stepwise*
game) has one action per step of a turn: a turn is a run of actions by the same player (at most 8 steps), ended by
the last action of the space (end of turn), or at once by a step that wins; so ``current_player()`` stays the same
during a turn and ``max_game_length = 9 × plies``.

Observations: ``observation_tensor()`` is ``State.observation()`` (planes × rows × columns, docs/python.md's encoding;
it does not depend on the observing player). In Krux the planes show the position at the start of the turn (Arbiter
applies a turn when it ends), so the tensor goes on with the turn in progress: 8 rows of ``num_actions``, row *k*
one-hot on the *k*-th step taken this turn (all zero when none); ``observation_tensor_shape()`` is then flat
(12·7·7 + 8·347 = 3364), and ``make_observation(game).dict`` has both parts shaped (``"observation"``, ``"turn"``).
``observation_string()`` is the text diagram (plus, in Krux, the steps of the turn so far); ``__str__`` is the same;
``information_state_string()`` is the history of actions (the game is perfect-information).

States keep an Arbiter ``State``, ``state.arbiter_state``: read it freely (``legal_moves()``, ``outcome``,
``evaluate()``, an ``arbiter.Agent`` can search it), but change it only through ``apply_action``/``apply_move``.
Cloning goes through ``State.clone()``; pickling and ``pyspiel.serialize_game_and_state`` store the start and replay
the actions (in another process, import ``arbiter.openspiel`` before ``deserialize_game_and_state``; unpickling
imports it). ``game.new_initial_state(x)`` also starts from a position string or a copy of an ``arbiter.State`` of the
same game.

``AgentBot(game, "level=3")`` is a ``pyspiel.Bot`` playing with an ``arbiter.Agent``; ``state.actions_of_move(m)``
turns a move in notation into its actions (one, or a Krux turn's steps and end of turn), ``state.apply_move(m)`` plays
them.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import numpy as np

import arbiter as _arbiter

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "arbiter.openspiel needs OpenSpiel: pip install open_spiel (" + str(error) + ")"
    ) from error

__all__ = ["register", "names", "ArbiterGame", "ArbiterState", "AgentBot", "DEFAULT_PLIES", "MAX_TURN_STEPS"]

#: The default ply limit of every registered game (parameter ``plies``).
DEFAULT_PLIES = 300

#: The most steps of one turn in a stepwise game (Krux: a ring, 3 steps and 2 actions, a carry being 2 steps).
MAX_TURN_STEPS = {"krux": 8}

_SIZES = (6, 8, 10)

# short name -> (Arbiter game, long name, fixed options, extra parameters with their defaults)
_GAMES: Dict[str, Tuple[str, str, Dict[str, Any], Dict[str, Any]]] = {
    "arbiter_void": ("void", "Arbiter Void", {}, {}),
    "arbiter_krux": ("krux", "Arbiter Krux", {}, {}),
    "arbiter_attraction": ("attraction", "Arbiter Attraction", {}, {}),
    "arbiter_villawar": ("villawar", "Arbiter Villawar", {}, {"size": 8}),
    "arbiter_villawar6": ("villawar", "Arbiter Villawar 6x6", {"size": 6}, {}),
    "arbiter_villawar10": ("villawar", "Arbiter Villawar 10x10", {"size": 10}, {}),
}


def names() -> List[str]:
    """The short names of the games that ``register()`` registers."""
    return list(_GAMES)


def _parameter_spec(short_name: str) -> Dict[str, Any]:
    spec: Dict[str, Any] = {"plies": DEFAULT_PLIES, "repetition": True, "swap": False}
    spec.update(_GAMES[short_name][3])
    return spec


def _game_type(short_name: str) -> "pyspiel.GameType":
    return pyspiel.GameType(
        short_name=short_name,
        long_name=_GAMES[short_name][1],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_spec(short_name),
    )


def register() -> List[str]:
    """Registers every game with OpenSpiel (idempotent: names already registered are left as they are).

    Returns the short names, for ``pyspiel.load_game``."""
    registered = set(pyspiel.registered_names())
    for short_name in _GAMES:
        if short_name not in registered:
            pyspiel.register_game(_game_type(short_name), _creator(short_name))
    return names()


def _creator(short_name: str) -> type:
    return _CREATORS[short_name]


class _Box:
    """Holds an Arbiter state inside an OpenSpiel state's ``__dict__``. OpenSpiel clones a Python state by
    deep-copying its attributes (here ``State.clone()``) and serializes it by pickling them: here the game, the state
    it started from (a position, or an ``arbiter.State`` given to ``new_initial_state``) and the actions applied
    since, which are replayed."""

    __slots__ = ("state", "actions", "origin")

    def __init__(
        self, state: "_arbiter.State", actions: Optional[List[int]] = None, origin: Optional["_arbiter.State"] = None
    ) -> None:
        self.state = state
        self.actions: List[int] = actions if actions is not None else []
        self.origin = origin  # never changed, so shared by clones

    def __deepcopy__(self, memo: Dict[int, Any]) -> "_Box":
        return _Box(self.state.clone(), list(self.actions), self.origin)

    def __copy__(self) -> "_Box":
        return self.__deepcopy__({})

    def apply(self, action: int) -> None:
        self.state.apply_action(action)
        self.actions.append(action)

    def __reduce__(self) -> Any:
        state = self.state
        return (_rebuild, (state.game.spec, state.start, self.origin, list(self.actions)))


def _rebuild(spec: str, start: str, origin: Optional["_arbiter.State"], actions: List[int]) -> _Box:
    state = origin.clone() if origin is not None else _arbiter.Game(spec).state(start)
    box = _Box(state, None, origin)
    for action in actions:
        box.apply(action)
    return box


class ArbiterGame(pyspiel.Game):
    """An Arbiter game for OpenSpiel; made by ``pyspiel.load_game`` once ``register()`` has run."""

    _short_name = ""  # set by the class of each registered game

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        short_name = self._short_name
        if short_name not in _GAMES:
            raise ValueError(f"unknown Arbiter OpenSpiel game {short_name!r}; known: {', '.join(_GAMES)}")
        base, _, fixed, _ = _GAMES[short_name]
        spec = _parameter_spec(short_name)
        params = dict(params or {})
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise ValueError(f"{short_name}: unknown parameter(s) {', '.join(unknown)}; known: {', '.join(spec)}")
        values = {**spec, **params}
        plies = int(values["plies"])
        if plies < 1:
            raise ValueError(f"{short_name}: plies must be at least 1 (got {plies}), so that every game ends")
        options: Dict[str, Any] = dict(fixed)
        options["plies"] = plies
        options["repetition"] = "on" if _truth(values["repetition"]) else "off"
        if _truth(values["swap"]):
            options["swap"] = "on"
        if "size" in values:
            size = int(values["size"])
            if size not in _SIZES:
                raise ValueError(f"{short_name}: size must be 6, 8 or 10 (got {size})")
            options["size"] = size
        game = _arbiter.Game(base, **options)
        self.arbiter_game = game
        self.stepwise = bool(game.stepwise)
        self.turn_steps = MAX_TURN_STEPS.get(base, 8) if self.stepwise else 0
        self.end_of_turn = game.num_actions - 1 if self.stepwise else None
        per_ply = self.turn_steps + 1 if self.stepwise else 1
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=plies * per_ply,
        )
        super().__init__(_game_type(short_name), info, {key: values[key] for key in spec})

    def new_initial_state(self, state: Any = None) -> "ArbiterState":
        """The start position, or ``state``: a position string or an Arbiter ``State`` of this game (copied)."""
        return ArbiterState(self, state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The observer of ``observation_tensor``/``observation_string`` (perfect recall: the action history)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self, params)
        return _HistoryObserver(iig_obs_type, params)


# One class per game, made at import and named in this module: OpenSpiel keeps the creator in a C++ static that is
# destroyed after the interpreter has finalized (a creator freed then, such as a closure, aborts the process at exit),
# and pickling a game looks its class up by name.
_CREATORS: Dict[str, type] = {}
for _name in _GAMES:
    _CREATORS[_name] = globals()["ArbiterGame_" + _name] = type(
        "ArbiterGame_" + _name, (ArbiterGame,), {"_short_name": _name, "__module__": __name__}
    )
del _name


class ArbiterState(pyspiel.State):
    """A state of an Arbiter game; ``arbiter_state`` is the Arbiter ``State`` it plays on (in place: read it, change it
    only through ``apply_action``/``apply_move``, which record the actions that serialization replays)."""

    def __init__(self, game: ArbiterGame, state: Any = None) -> None:
        super().__init__(game)
        origin = None
        if state is None:
            arbiter_state = game.arbiter_game.new_state()
        elif isinstance(state, str):
            arbiter_state = game.arbiter_game.state(state)
        elif isinstance(state, _arbiter.State):
            if state.game != game.arbiter_game:
                raise ValueError(f"a state of {state.game.spec} given to {game.arbiter_game.spec}")
            origin = state.clone()
            arbiter_state = state.clone()
        else:
            raise ValueError("new_initial_state takes a position string or an arbiter.State")
        # The only attribute: OpenSpiel deep-copies and pickles every one of them.
        self._box = _Box(arbiter_state, None, origin)

    @property
    def arbiter_state(self) -> "_arbiter.State":
        return self._box.state

    # OpenSpiel's API.

    def current_player(self) -> int:
        state = self._box.state
        return pyspiel.PlayerId.TERMINAL if state.is_over else state.to_move_index

    def _legal_actions(self, player: int) -> List[int]:
        return sorted(self._box.state.legal_actions())

    def _apply_action(self, action: int) -> None:
        self._box.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._box.state
        action = int(action)
        if state.game.stepwise and action == state.game.num_actions - 1:
            return "end"
        try:
            return state.move_from_index(action)
        except ValueError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self._box.state.is_over

    def returns(self) -> List[float]:
        outcome = self._box.state.outcome
        if outcome is None:
            return [0.0, 0.0]
        return [float(x) for x in outcome.returns()]

    def __str__(self) -> str:
        return _text(self._box.state)

    # Helpers.

    def actions_of_move(self, move: str) -> List[int]:
        """The actions that play ``move`` (notation) from here: its action, or a Krux turn's steps followed by the end
        of turn (left out when a step wins). ``IllegalMove`` if it is not legal."""
        state = self._box.state
        if not state.game.stepwise:
            return [state.action_index(move)]
        work = state.clone()
        actions = []
        for token in _tokens(move):
            action = work.action_index(token)
            work.apply_action(action)
            actions.append(action)
            if work.is_over:
                return actions
        actions.append(state.game.num_actions - 1)
        return actions

    def apply_move(self, move: str) -> None:
        """Plays ``move`` (notation) through ``apply_action``, so that OpenSpiel's history records its actions."""
        for action in self.actions_of_move(move):
            self.apply_action(action)


def _tokens(move: str) -> List[str]:
    move = move.strip()
    if move in ("", "-"):
        return []
    return [token.strip() for token in move.split(",") if token.strip() not in ("", "-")]


def _text(state: "_arbiter.State") -> str:
    text = str(state)
    if state.game.stepwise and state.steps:
        text = text.rstrip("\n") + "\nturn so far: " + ",".join(state.steps) + "\n"
    return text


def _truth(value: Any) -> bool:
    if isinstance(value, str):
        if value.lower() in ("on", "true", "yes", "1"):
            return True
        if value.lower() in ("off", "false", "no", "0"):
            return False
        raise ValueError(f"repetition must be on or off (got {value!r})")
    return bool(value)


class _Observer:
    """``State.observation()`` (plus, in stepwise games, the steps of the turn in progress), as OpenSpiel's Python
    observer interface wants: a flat ``tensor`` and shaped views of it in ``dict``."""

    def __init__(self, game: ArbiterGame, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        shape = tuple(game.arbiter_game.observation_shape)
        size = int(np.prod(shape))
        self._turn_rows = game.turn_steps
        self._num_actions = game.arbiter_game.num_actions
        turn_size = self._turn_rows * self._num_actions
        self.tensor = np.zeros(size + turn_size, np.float32)
        self.dict = {"observation": self.tensor[:size].reshape(shape)}
        if turn_size:
            self.dict["turn"] = self.tensor[size:].reshape(self._turn_rows, self._num_actions)

    def set_from(self, state: ArbiterState, player: int) -> None:
        arbiter_state = state.arbiter_state
        self.dict["observation"][...] = arbiter_state.observation()
        if self._turn_rows:
            turn = self.dict["turn"]
            turn.fill(0.0)
            steps = arbiter_state.steps
            if steps:
                # The steps of the turn are the last actions applied (or, in a turn begun before this OpenSpiel state
                # was made, the actions of their notation).
                actions = state._box.actions
                if len(actions) >= len(steps):
                    taken = actions[len(actions) - len(steps):]
                else:
                    taken = [arbiter_state.action_index(step) for step in steps]
                for row, action in enumerate(taken[: self._turn_rows]):
                    turn[row, action] = 1.0

    def string_from(self, state: ArbiterState, player: int) -> str:
        return _text(state.arbiter_state)


class _HistoryObserver:
    """Perfect recall (information states): the history of actions, which is public."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self._public = iig_obs_type.public_info
        self.tensor = None
        self.dict: Dict[str, Any] = {}

    def set_from(self, state: ArbiterState, player: int) -> None:
        pass

    def string_from(self, state: ArbiterState, player: int) -> str:
        return state.history_str() if self._public else ""


class AgentBot(pyspiel.Bot):
    """A ``pyspiel.Bot`` that plays with ``arbiter.Agent(game, spec)``, e.g. ``AgentBot(game, "level=3")``.

    In Krux it searches once per turn and then plays that turn's steps one action at a time."""

    def __init__(self, game: ArbiterGame, spec: str) -> None:
        pyspiel.Bot.__init__(self)
        self.agent = _arbiter.Agent(game.arbiter_game, spec)
        self.last_choice: Optional[Any] = None
        self._plan: List[int] = []
        self._expected: Optional[List[int]] = None

    def step(self, state: ArbiterState) -> int:
        if self._plan and state.history() == self._expected:
            action = self._plan.pop(0)
        elif state.arbiter_state.steps:
            raise ValueError("AgentBot plays whole Krux turns: it cannot take over a turn begun without it")
        else:
            choice = self.agent.choose(state.arbiter_state)
            self.last_choice = choice
            actions = state.actions_of_move(choice.move)
            action, self._plan = actions[0], actions[1:]
        self._expected = state.history() + [action]
        return action

    def restart_at(self, state: ArbiterState) -> None:
        self._plan, self._expected = [], None

    def restart(self) -> None:
        self._plan, self._expected = [], None

    def inform_action(self, state: ArbiterState, player_id: int, action: int) -> None:
        pass

    def is_clonable(self) -> bool:
        return False


# Importing the module registers the games, as OpenSpiel's own Python games do (so that unpickling a game or a state
# in a fresh process, which imports this module, finds them); register() is kept for explicitness and is idempotent.
register()
