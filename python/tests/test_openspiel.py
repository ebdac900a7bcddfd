"""arbiter.openspiel: the Arbiter games as OpenSpiel (pyspiel) Python games.

Every registered game passes OpenSpiel's own C++ random-simulation test (clone, serialization, legal-action masks,
observations, returns), mirrors the Arbiter state it wraps action for action, and OpenSpiel's MCTSBot plays whole
games against an ``arbiter.Agent`` (through ``arbiter.openspiel.AgentBot``) in Void, Villawar 6×6 and Krux.

Needs OpenSpiel: ``pip install open_spiel`` (open_spiel 2.0.2, a binary cp311 manylinux wheel), which the test
command installs; without it the tests fail.
"""

import pickle
import random

import numpy as np
import pytest

# OpenSpiel is a test dependency (scripts/test.sh installs it): without it these tests fail, they do not skip.
import pyspiel

import arbiter
from arbiter import openspiel
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.observation import make_observation

NAMES = openspiel.register()

# Each registered game and the Arbiter game it must be (with the default ply limit).
ARBITER = {
    "arbiter_void": ("void", {}),
    "arbiter_krux": ("krux", {}),
    "arbiter_attraction": ("attraction", {}),
    "arbiter_villawar": ("villawar", {"size": 8}),
    "arbiter_villawar6": ("villawar", {"size": 6}),
    "arbiter_villawar10": ("villawar", {"size": 10}),
}
RETURNS = ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def arbiter_game(name, plies=openspiel.DEFAULT_PLIES):
    base, options = ARBITER[name]
    return arbiter.Game(base, plies=plies, **options)


def test_register_is_idempotent():
    assert sorted(NAMES) == sorted(ARBITER)
    assert openspiel.register() == NAMES
    registered = set(pyspiel.registered_names())
    assert set(NAMES) <= registered
    # The size parameter and the fixed-size names are the same games.
    assert str(pyspiel.load_game("arbiter_villawar")) == "arbiter_villawar(plies=300,repetition=True,size=8,swap=False)"
    six = pyspiel.load_game("arbiter_villawar(size=6)")
    assert six.num_distinct_actions() == pyspiel.load_game("arbiter_villawar6").num_distinct_actions()
    assert str(six.new_initial_state()) == str(pyspiel.load_game("arbiter_villawar6").new_initial_state())


@pytest.mark.parametrize("name", sorted(ARBITER))
def test_game_type_and_info(name):
    game = pyspiel.load_game(name)
    kind = game.get_type()
    assert kind.short_name == name
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 2)
    assert kind.provides_observation_tensor and kind.provides_observation_string
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    assert kind.default_loadable
    assert "plies" in kind.parameter_specification and "repetition" in kind.parameter_specification

    expected = arbiter_game(name)
    assert game.arbiter_game == expected
    assert game.num_distinct_actions() == expected.num_actions
    assert game.max_chance_outcomes() == 0
    assert game.num_players() == 2
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    per_ply = openspiel.MAX_TURN_STEPS["krux"] + 1 if expected.stepwise else 1
    assert game.max_game_length() == openspiel.DEFAULT_PLIES * per_ply
    assert pyspiel.load_game(name, {"plies": 50}).max_game_length() == 50 * per_ply
    planes = list(expected.observation_shape)
    if expected.stepwise:
        size = int(np.prod(planes)) + openspiel.MAX_TURN_STEPS["krux"] * expected.num_actions
        assert game.observation_tensor_shape() == [size]
    else:
        assert game.observation_tensor_shape() == planes
    # Games pickle and print as their load string.
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


@pytest.mark.parametrize("name", sorted(ARBITER))
def test_openspiel_random_sim_test(name):
    # OpenSpiel's own checks (C++ basic_tests): clone, serialize/deserialize, sorted and unique legal actions and
    # strings, legal-action mask, observation/information-state sizes and finiteness, zero-sum returns within the
    # utility bounds, game length within max_game_length, history.
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)
    # A short ply limit: every game then ends by it or before, within max_game_length.
    short = pyspiel.load_game(name, {"plies": 8, "repetition": False})
    pyspiel.random_sim_test(short, num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(ARBITER))
def test_states_mirror_arbiter(name):
    game = pyspiel.load_game(name, {"plies": 120})
    rng = random.Random(name)
    observation = make_observation(game)
    for _ in range(2):
        state = game.new_initial_state()
        # Whole-move games: a plain Arbiter state follows, played by the OpenSpiel action strings (notation).
        mirror = None if game.arbiter_game.stepwise else game.arbiter_game.new_state()
        count = 0
        while not state.is_terminal():
            inner = state.arbiter_state
            assert state.current_player() == inner.to_move_index
            legal = state.legal_actions()
            assert legal == sorted(inner.legal_actions()) and legal
            if count % 16 == 0:
                mask = np.array(state.legal_actions_mask(), dtype=bool)
                assert np.array_equal(mask, inner.legal_mask())
            tensor = np.array(state.observation_tensor(), dtype=np.float32)
            planes = inner.observation().ravel()
            assert np.array_equal(tensor[: planes.size], planes)
            observation.set_from(state, state.current_player())
            assert np.array_equal(observation.dict["observation"], inner.observation())
            assert state.observation_string(0) == str(state)
            assert state.information_state_string(0) == state.history_str()
            action = rng.choice(legal)
            text = state.action_to_string(state.current_player(), action)
            if mirror is not None:
                assert text == inner.move_from_index(action)
                assert inner.action_index(text) == action
                mirror.play(text)
            state.apply_action(action)
            count += 1
            if mirror is not None:
                assert mirror.position == state.arbiter_state.position
        outcome = state.arbiter_state.outcome
        assert outcome is not None and state.returns() in RETURNS
        assert state.returns() == list(outcome.returns())
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.legal_actions() == []


def test_krux_turn_in_progress():
    game = pyspiel.load_game("arbiter_krux")
    end = game.num_distinct_actions() - 1
    state = game.new_initial_state()
    ring = state.legal_actions()[0]
    texts = [state.action_to_string(0, ring)]
    state.apply_action(ring)
    assert state.current_player() == 0 and end in state.legal_actions()
    step = next(a for a in state.legal_actions() if a != end)
    texts.append(state.action_to_string(0, step))
    state.apply_action(step)
    # The same player is still to move, with the steps taken so far in the string and in the tensor.
    assert state.current_player() == 0
    assert state.arbiter_state.steps == texts
    assert state.action_to_string(0, end) == "end"
    assert "turn so far: " + ",".join(state.arbiter_state.steps) in str(state)
    observation = make_observation(game)
    observation.set_from(state, 0)
    turn = observation.dict["turn"]
    assert turn[0, ring] == 1 and turn[1, step] == 1 and turn.sum() == 2
    # Serialization, pickling and cloning keep the turn in progress.
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    pickled = pickle.loads(pickle.dumps(state))
    clone = state.clone()
    for other in (copy, pickled, clone):
        assert str(other) == str(state)
        assert other.history() == state.history()
        assert other.legal_actions() == state.legal_actions()
        assert other.arbiter_state.steps == state.arbiter_state.steps
        assert other.observation_tensor() == state.observation_tensor()
    # A clone is independent; the end of turn passes the move to the other player.
    clone.apply_action(end)
    assert clone.current_player() == 1 and state.current_player() == 0
    assert clone.arbiter_state.ply == 1 and state.arbiter_state.ply == 0
    assert clone.action_to_string(1, clone.legal_actions()[0]).startswith("@")


def test_actions_of_move():
    # Every sampled Krux turn, played as its steps, gives the position of the whole move; no turn has more steps
    # than the observation's turn rows.
    game = pyspiel.load_game("arbiter_krux(plies=40)")
    end = game.num_distinct_actions() - 1
    rng = random.Random(7)
    checked = 0
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            inner = state.arbiter_state
            moves = inner.legal_moves()
            for move in rng.sample(moves, min(8, len(moves))):
                actions = state.actions_of_move(move)
                steps = actions[:-1] if actions[-1] == end else actions
                assert len(steps) <= openspiel.MAX_TURN_STEPS["krux"]
                clone = state.clone()
                for action in actions:
                    clone.apply_action(action)
                child = inner.child(move)
                assert clone.arbiter_state.position == child.position
                assert clone.is_terminal() == child.is_over
                if not child.is_over:
                    assert clone.current_player() == child.to_move_index
                checked += 1
            state.apply_move(rng.choice(moves))
    assert checked >= 50
    # Whole-move games: one action per move.
    void = pyspiel.load_game("arbiter_void").new_initial_state()
    move = void.arbiter_state.legal_moves()[0]
    assert void.actions_of_move(move) == [void.arbiter_state.action_index(move)]
    with pytest.raises(ValueError):
        void.actions_of_move("not a move")


def test_new_initial_state_from_arbiter():
    game = pyspiel.load_game("arbiter_villawar6")
    inner = game.arbiter_game.new_state()
    for _ in range(5):
        inner.play(inner.legal_moves()[0])
    from_state = game.new_initial_state(inner)
    from_position = game.new_initial_state(inner.position)
    assert from_state.arbiter_state == inner and from_state.arbiter_state is not inner
    assert from_position.arbiter_state.position == inner.position
    action = from_state.legal_actions()[0]
    from_state.apply_action(action)
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, from_state))
    assert copy.arbiter_state == from_state.arbiter_state
    assert copy.arbiter_state.moves == inner.moves + [from_state.arbiter_state.moves[-1]]
    with pytest.raises(ValueError):
        game.new_initial_state(arbiter.Game("villawar").new_state())


@pytest.mark.parametrize(
    "spec, message",
    [
        ("arbiter_villawar(size=7)", "size must be 6, 8 or 10"),
        ("arbiter_void(plies=0)", "plies must be at least 1"),
    ],
)
def test_bad_parameters(spec, message):
    with pytest.raises(Exception, match=message):
        pyspiel.load_game(spec)


# OpenSpiel's MCTS (random rollouts) against arbiter.Agent, both seats. Krux rollouts (single steps, hundreds per
# game) are cut after 40 actions, which count as a draw.
MATCHES = [
    ("arbiter_villawar6(plies=150)", "alphabeta:depth=1", 100, None),
    ("arbiter_void(plies=150)", "alphabeta:depth=1", 40, None),
    ("arbiter_krux(plies=60)", "alphabeta:depth=1", 30, 40),
]


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("name, agent, simulations, rollout_length", MATCHES)
def test_mcts_bot_against_arbiter_agent(name, agent, simulations, rollout_length, seat):
    game = pyspiel.load_game(name)
    seed = 17 + seat
    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(seed), max_length=rollout_length
    )
    mcts_bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, solve=True,
        random_state=np.random.RandomState(seed),
    )
    agent_bot = openspiel.AgentBot(game, agent)
    bots = [mcts_bot, agent_bot] if seat == 0 else [agent_bot, mcts_bot]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(seed))

    assert state.is_terminal()
    assert list(returns) in RETURNS
    inner = state.arbiter_state
    assert inner.is_over and list(inner.outcome.returns()) == list(returns)
    assert inner.outcome.reason in ("board", "repetition", "ply_limit")
    assert agent_bot.last_choice is not None and inner.ply >= 2
    assert len(state.history()) <= game.max_game_length()
    # The finished game replays from its actions.
    _, replayed = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert replayed.is_terminal() and replayed.returns() == state.returns()
    assert replayed.arbiter_state.position == inner.position


@pytest.mark.parametrize("name", sorted(ARBITER))
def test_swap_parameter(name):
    # The swap rule (swap=True): OpenSpiel's own checks pass, and after the first turn the second player may take
    # action 0, the swap, after which the first player moves again (playing the other side's pieces).
    game = pyspiel.load_game(name, {"swap": True, "plies": 40})
    assert "swap=on" in game.arbiter_game.options.split(",")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    assert 0 not in state.legal_actions()
    if game.stepwise:
        ring = next(a for a in state.legal_actions() if state.action_to_string(0, a) == "@p")
        state.apply_action(ring)
        state.apply_action(game.num_distinct_actions() - 1)  # a first turn may be its ring alone
    else:
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1 and 0 in state.legal_actions()
    assert state.action_to_string(1, 0) == "swap"
    state.apply_action(0)
    if game.stepwise:
        # The swap is a turn's only step: the end of the turn follows.
        assert state.legal_actions() == [game.num_distinct_actions() - 1]
        state.apply_action(game.num_distinct_actions() - 1)
    assert state.current_player() == 0
    assert state.arbiter_state.position.endswith(" swapped")
    assert 0 not in state.legal_actions()
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert copy.arbiter_state == state.arbiter_state
