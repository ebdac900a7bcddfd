"""Tests of the `arbiter` module (the API of python/arbiter/__init__.pyi)."""

import _thread
import copy
import json
import math
import pickle
import random
import signal
import subprocess
import threading
import time

import numpy as np
import pytest

import arbiter

ALL_SPECS = ["void", "krux", "attraction", "villawar:size=6", "villawar", "villawar:size=10"]
WHOLE_MOVE_SPECS = [s for s in ALL_SPECS if s != "krux"]
VOID_START = "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0"


def random_state(spec, plies, seed):
    """A state after up to `plies` random moves (fewer if the game ends)."""
    rnd = random.Random(seed)
    state = arbiter.Game(spec).new_state()
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            break
        state.play(rnd.choice(moves))
    return state


def play_random_game(state, rnd, limit=2000):
    while not state.is_over and state.ply < limit:
        state.play(rnd.choice(state.legal_moves()))
    return state


# --- games and Game ---------------------------------------------------------------------------


def test_games_lists_every_game_with_its_sides_and_options():
    games = {g["name"]: g for g in arbiter.games()}
    assert list(games) == ["void", "krux", "attraction", "villawar"]
    assert games["void"]["sides"] == ["black", "white"]
    assert games["villawar"]["sides"] == list(arbiter.Game("villawar").sides)
    assert "size" in games["villawar"]["options"]
    assert {"repetition", "plies"} <= set(games["void"]["options"])
    assert games["villawar"]["option_choices"]["size"] == ["6", "8", "10"]
    assert games["krux"]["stepwise"] is True
    assert not any(games[n]["stepwise"] for n in ["void", "attraction", "villawar"])
    for g in games.values():
        assert g["levels"] == 6 and len(g["level_agents"]) == 6
        assert g["blurb"]


def test_game_specs_keywords_and_canonical_options():
    g = arbiter.Game("villawar", size=10)
    assert (g.name, g.options, g.spec) == ("villawar", "size=10", "villawar:size=10")
    assert g == arbiter.Game("villawar:size=10") and hash(g) == hash(arbiter.Game("villawar:size=10"))
    assert repr(g) == "Game('villawar:size=10')"
    # defaults are left out of the canonical options
    assert arbiter.Game("villawar", size=8) == arbiter.Game("villawar")
    assert arbiter.Game("villawar", size=8).options == ""
    v = arbiter.Game("void:plies=300", repetition=False)
    assert set(v.options.split(",")) == {"plies=300", "repetition=off"}
    assert v.sides == ("black", "white") and v.stepwise is False
    assert arbiter.Game("krux").stepwise is True
    assert pickle.loads(pickle.dumps(g)) == g


def test_game_errors_are_value_errors_with_the_cli_messages():
    with pytest.raises(ValueError, match=r"unknown game 'vod' \(known games: void, krux, attraction, villawar\)"):
        arbiter.Game("vod")
    with pytest.raises(ValueError, match="bad options: option 'size' must be 6, 8 or 10"):
        arbiter.Game("villawar", size=7)
    with pytest.raises(ValueError, match="unknown option 'colour' for void"):
        arbiter.Game("void", colour="red")
    with pytest.raises(ValueError, match="given twice"):
        arbiter.Game("villawar:size=10", size=6)
    with pytest.raises(TypeError):
        arbiter.Game("villawar", size=[10])


# --- State: moves, history, outcome ----------------------------------------------------------


def test_state_basics_in_void():
    s = arbiter.Game("void").new_state()
    assert s.position == VOID_START and s.start == VOID_START
    assert (s.ply, s.moves, s.to_move, s.to_move_index, s.is_over, s.outcome) == (0, [], "black", 0, False, None)
    moves = s.legal_moves()
    assert len(moves) == 40 and len(set(moves)) == 40
    assert s.game == arbiter.Game("void")
    played = s.play(moves[0])
    assert played == moves[0]
    assert (s.ply, s.moves, s.to_move, s.to_move_index) == (1, [moves[0]], "white", 1)
    assert s.position != VOID_START and s.start == VOID_START
    assert "void" in str(s) and "to move" in str(s)
    assert repr(s).startswith("State(void, ")
    assert isinstance(s.evaluate(), int)


def test_play_accepts_any_spelling_and_returns_the_canonical_one():
    s = arbiter.Game("void").new_state()
    first = s.legal_moves()[0]
    assert s.play(" " + first + " ") == first
    # a string that is not the very object legal_moves gave still plays (the general path)
    s2 = arbiter.Game("villawar").new_state()
    m = s2.legal_moves()[3]
    assert s2.play("".join(list(m))) == m and s2.moves == [m]


def test_child_and_clone_leave_the_original_alone():
    s = arbiter.Game("attraction").new_state()
    m = s.legal_moves()[0]
    c = s.child(m)
    assert s.ply == 0 and c.ply == 1 and c.moves == [m]
    d = c.clone()
    d.play(d.legal_moves()[0])
    assert c.ply == 1 and d.ply == 2
    e = copy.deepcopy(d)
    assert e == d and e is not d


def test_undo_takes_back_moves_and_fails_at_the_start():
    s = random_state("villawar", 6, seed=3)
    positions = []
    t = arbiter.Game("villawar").new_state()
    for m in s.moves:
        positions.append(t.position)
        t.play(m)
    for expected in reversed(positions):
        t.undo()
        assert t.position == expected
    assert t.ply == 0
    with pytest.raises(ValueError, match="nothing to undo"):
        t.undo()


def test_illegal_and_malformed_moves_raise_illegal_move_with_the_cli_message():
    s = arbiter.Game("void").new_state()
    with pytest.raises(arbiter.IllegalMove, match=r"^bad move 'zz': "):
        s.play("zz")
    with pytest.raises(ValueError):  # IllegalMove is a ValueError
        s.play("a1-a2")
    assert issubclass(arbiter.IllegalMove, ValueError)
    assert issubclass(arbiter.GameOver, ValueError)
    assert issubclass(arbiter.ArbiterError, Exception) and not issubclass(arbiter.ArbiterError, ValueError)
    with pytest.raises(arbiter.IllegalMove, match="bad move"):
        arbiter.Game("krux").new_state().play("Qz9")
    with pytest.raises(TypeError):
        s.play(3)
    assert s.ply == 0


def test_a_rust_panic_becomes_arbiter_error():
    from arbiter import _arbiter

    with pytest.raises(arbiter.ArbiterError, match="internal error in arbiter .*a deliberate panic"):
        _arbiter._test_panic()


def test_bad_positions_raise_value_error():
    with pytest.raises(ValueError, match="^bad position: "):
        arbiter.State.from_position("void", "nonsense")
    with pytest.raises(ValueError, match="^bad position: "):
        arbiter.Game("krux").state("....642/......./......./...*.../......./......./135.... 9")
    with pytest.raises(TypeError):
        arbiter.State.from_position(42, VOID_START)


def test_from_position_round_trips_and_takes_the_variant_from_the_position():
    for spec in ALL_SPECS:
        s = random_state(spec, 5, seed=11)
        t = arbiter.State.from_position(arbiter.Game(spec), s.position)
        assert t.position == s.position and t.legal_moves() == s.legal_moves()
        assert t.start == s.position and t.ply == 0
    ten = random_state("villawar:size=10", 4, seed=5)
    t = arbiter.State.from_position("villawar", ten.position)
    assert t.game == arbiter.Game("villawar", size=10)
    with pytest.raises(ValueError, match=r"does not fit the game villawar \(it is a villawar:size=10 position\)"):
        arbiter.Game("villawar", size=8).state(ten.position)
    with pytest.raises(ValueError, match="does not fit the game"):
        arbiter.State.from_position(arbiter.Game("villawar"), ten.position)
    with pytest.raises(ValueError, match="does not fit the options"):
        arbiter.State.from_position("villawar:size=6", ten.position)


def test_outcome_of_a_finished_game_and_game_over():
    rnd = random.Random(7)
    for spec in WHOLE_MOVE_SPECS:
        s = play_random_game(arbiter.Game(spec, plies=600).new_state(), rnd)
        assert s.is_over and s.legal_moves() == []
        o = s.outcome
        assert o.reason in {"board", "repetition", "ply_limit"}
        assert o.text
        if o.winner is None:
            assert o.winner_index is None and o.returns() == (0.0, 0.0)
        else:
            assert o.winner == s.game.sides[o.winner_index]
            assert o.returns() == ((1.0, -1.0) if o.winner_index == 0 else (-1.0, 1.0))
        with pytest.raises(arbiter.GameOver, match="the game is over"):
            s.play("pass")
        with pytest.raises(arbiter.GameOver):
            s.apply_action(0)
        assert s.legal_actions() == [] and not s.legal_mask().any()


def test_ply_limit_draws():
    s = arbiter.Game("void:plies=3").new_state()
    for _ in range(3):
        s.play(s.legal_moves()[0])
    o = s.outcome
    assert (o.winner, o.winner_index, o.reason, o.returns()) == (None, None, "ply_limit", (0.0, 0.0))
    assert "3-ply limit" in o.text


def test_resign_and_undo_of_a_resignation():
    s = arbiter.Game("void").new_state()
    s.play(s.legal_moves()[0])
    s.resign()  # white, the side to move
    o = s.outcome
    assert (o.winner, o.winner_index, o.reason) == ("black", 0, "resignation")
    assert o.text == "White resigned. Black wins."
    with pytest.raises(arbiter.GameOver):
        s.resign("black")
    s.undo()
    assert not s.is_over and s.ply == 1
    s.resign("black")
    assert s.outcome.winner == "white"
    with pytest.raises(ValueError, match="no side called 'green'"):
        arbiter.Game("void").new_state().resign("green")


def test_legal_move_infos():
    s = arbiter.Game("void").new_state()
    infos = s.legal_move_infos()
    assert [i["notation"] for i in infos] == s.legal_moves()
    for i in infos:
        assert set(i) == {"notation", "from", "to", "path", "targets", "falls", "choice"}
        assert i["from"] and i["to"] and isinstance(i["path"], list)


def test_legal_moves_are_the_games_own_notation_in_random_positions():
    """The interned strings of the fast path are exactly the notation of every legal move."""
    for spec in ALL_SPECS:
        rnd = random.Random(spec)
        s = arbiter.Game(spec).new_state()
        for _ in range(60 if spec != "krux" else 6):
            if s.is_over:
                break
            moves = s.legal_moves()
            assert moves == [i["notation"] for i in s.legal_move_infos()], spec
            s.play(rnd.choice(moves))


def test_equality_and_hash():
    a = random_state("villawar", 8, seed=1)
    b = arbiter.Game("villawar").new_state()
    for m in a.moves:
        b.play(m)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    b.play(b.legal_moves()[0])
    assert a != b
    b.undo()
    assert a == b
    assert a != arbiter.State.from_position("villawar", a.position)  # another start
    assert a != "not a state"
    c = a.clone()
    c.resign()
    assert a != c


def test_pickling_round_trips_through_the_record():
    for spec in ALL_SPECS:
        s = random_state(spec, 9, seed=2)
        t = pickle.loads(pickle.dumps(s))
        assert t == s and t.position == s.position and t.moves == s.moves and t.game == s.game
    s = arbiter.Game("void").new_state()
    s.resign("white")
    t = pickle.loads(pickle.dumps(s))
    assert t.outcome.reason == "resignation" and t == s
    k = arbiter.Game("krux").new_state()
    k.apply_action(k.legal_actions()[0])
    t = pickle.loads(pickle.dumps(k))
    assert t.steps == k.steps and t == k


# --- records ---------------------------------------------------------------------------------


def test_records_round_trip_as_dict_json_and_file(tmp_path):
    rnd = random.Random(4)
    s = play_random_game(arbiter.Game("villawar:size=6").new_state(), rnd)
    r = s.record()
    assert r["game"] == "villawar" and r["options"] == "size=6" and r["moves"] == s.moves
    assert r["result"]["reason"] == s.outcome.reason and r["result"]["winner"] == s.outcome.winner
    assert json.loads(json.dumps(r)) == r
    assert arbiter.load_record(r) == s
    assert arbiter.load_record(json.dumps(r)) == s
    path = tmp_path / "game.json"
    path.write_text(json.dumps(r))
    assert arbiter.load_record(path) == s and arbiter.load_record(str(path)) == s
    unfinished = random_state("void", 5, seed=9).record()
    assert unfinished["result"] is None
    assert arbiter.load_record(unfinished).moves == unfinished["moves"]


def test_bad_records_raise_value_error():
    r = random_state("void", 4, seed=1).record()
    r["moves"][2] = "a1-a9"
    with pytest.raises(ValueError, match="move 3 of the record: bad move 'a1-a9'"):
        arbiter.load_record(r)
    with pytest.raises(ValueError, match="bad record"):
        arbiter.load_record('{"game": "void"}')
    with pytest.raises(ValueError, match="unknown game"):
        arbiter.load_record({"game": "chess", "start": "", "moves": []})
    with pytest.raises(ValueError, match="cannot read the record"):
        arbiter.load_record("/nonexistent/game.json")
    with pytest.raises(TypeError):
        arbiter.load_record(12)


# --- machine learning: observations and actions ----------------------------------------------


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_observation_shape_dtype_and_values(spec):
    g = arbiter.Game(spec)
    planes, rows, columns = g.observation_shape
    assert planes > 0 and rows > 0 and columns > 0
    s = random_state(spec, 6, seed=3)
    o = s.observation()
    assert isinstance(o, np.ndarray) and o.dtype == np.float32 and o.shape == g.observation_shape
    assert set(np.unique(o)) <= {0.0, 1.0} and o.sum() > 0
    o[0, 0, 0] = 5.0  # a fresh writable array each time
    assert s.observation()[0, 0, 0] != 5.0
    before = s.observation()
    s.play(s.legal_moves()[0])
    assert not np.array_equal(before, s.observation())


@pytest.mark.parametrize("spec", WHOLE_MOVE_SPECS)
def test_legal_mask_agrees_with_legal_moves(spec):
    g = arbiter.Game(spec)
    for seed in range(4):
        s = random_state(spec, 3 + 7 * seed, seed=seed)
        if s.is_over:
            continue
        mask = s.legal_mask()
        assert mask.dtype == np.bool_ and mask.shape == (g.num_actions,)
        moves = s.legal_moves()
        actions = [s.action_index(m) for m in moves]
        assert len(set(actions)) == len(moves)
        assert sorted(actions) == s.legal_actions() == list(np.flatnonzero(mask))
        for m, a in zip(moves, actions):
            assert 0 <= a < g.num_actions and mask[a]
            assert s.move_from_index(a) == m
            t = s.clone()
            t.apply_action(a)
            assert t == s.child(m)


@pytest.mark.parametrize("spec", WHOLE_MOVE_SPECS)
def test_bad_actions_raise_illegal_move(spec):
    s = arbiter.Game(spec).new_state()
    n = s.game.num_actions
    illegal = next(a for a in range(n) if not s.legal_mask()[a])
    with pytest.raises(arbiter.IllegalMove, match="no legal move has this action"):
        s.move_from_index(illegal)
    with pytest.raises(arbiter.IllegalMove):
        s.apply_action(illegal)
    with pytest.raises(arbiter.IllegalMove, match=f"actions of .* are 0 to {n - 1}"):
        s.apply_action(n)
    with pytest.raises(OverflowError):
        s.apply_action(-1)
    assert s.ply == 0


def test_krux_actions_are_steps_and_a_turn_ends_with_its_last_action():
    g = arbiter.Game("krux")
    end = g.num_actions - 1
    rnd = random.Random(5)
    s = g.new_state()
    turns = 0
    while turns < 12 and not s.is_over:
        before = s.clone()
        legal_turns = set(before.legal_moves())
        while True:
            actions = s.legal_actions()
            mask = s.legal_mask()
            assert mask.shape == (g.num_actions,) and list(np.flatnonzero(mask)) == actions
            for a in actions:
                step = s.move_from_index(a)
                if a != end:
                    assert s.action_index(step) == a
            a = rnd.choice(actions)
            ply = s.ply
            s.apply_action(a)
            if s.ply == ply + 1:
                break
            assert s.steps and s.ply == ply
        turns += 1
        assert s.steps == []
        assert s.moves[-1] in legal_turns
        assert s == before.child(s.moves[-1])


def test_krux_step_actions_follow_every_change_of_the_state():
    # the binding keeps a turn's actions between calls: every change must be seen
    g = arbiter.Game("krux")
    s = g.new_state()
    start = s.legal_actions()
    s.apply_action(start[1])  # @g
    after_ring = s.legal_actions()
    assert after_ring != start and g.num_actions - 1 in after_ring
    copy = s.clone()
    assert copy.legal_actions() == after_ring and copy.steps == s.steps
    step = next(a for a in after_ring if a != g.num_actions - 1)
    s.apply_action(step)
    assert s.legal_actions() != after_ring and copy.legal_actions() == after_ring
    s.undo()
    assert s.legal_actions() == after_ring
    s.undo()
    assert s.legal_actions() == start
    s.play("@g")
    s.legal_actions()
    s.play("@b")
    # White's next piece may take only the rings White has not placed
    assert s.legal_actions() == [0, 2] != start
    s.undo()
    s.undo()
    assert s.legal_actions() == start


def test_krux_steps_in_progress():
    s = arbiter.Game("krux").new_state()
    ring = s.legal_actions()[0]
    assert s.move_from_index(ring) == "@b"
    s.apply_action(ring)
    assert s.steps == ["@b"] and s.ply == 0
    # the end of the turn names the turn it plays
    end = s.game.num_actions - 1
    assert end in s.legal_actions() and s.move_from_index(end) == "@b"
    with pytest.raises(ValueError, match="step by step"):
        s.play("@g")
    not_now = s.legal_mask().argmin()
    with pytest.raises(arbiter.IllegalMove, match="is not legal now"):
        s.apply_action(int(not_now))
    s.undo()
    assert s.steps == [] and s.ply == 0
    s.apply_action(ring)
    s.apply_action(end)
    assert s.ply == 1 and s.moves == ["@b"] and s.steps == []


def test_a_whole_random_game_through_actions_only():
    rnd = random.Random(1)
    for spec in WHOLE_MOVE_SPECS:
        s = arbiter.Game(spec).new_state()
        while not s.is_over and s.ply < 400:
            s.apply_action(rnd.choice(s.legal_actions()))
        assert s.ply > 0
        replay = arbiter.load_record(s.record())
        assert replay == s


# --- whole-game tools ------------------------------------------------------------------------


def test_perft():
    void = arbiter.Game("void").new_state()
    assert arbiter.perft(void, 0) == 1
    assert arbiter.perft(void, 1) == 40
    assert arbiter.perft(void, 2) == 1564
    assert arbiter.perft(arbiter.Game("krux").new_state(), 1) == 647
    for spec in WHOLE_MOVE_SPECS:
        s = random_state(spec, 5, seed=8)
        assert arbiter.perft(s, 1) == len(s.legal_moves())


def test_random_playouts_counts():
    s = arbiter.Game("villawar").new_state()
    r = arbiter.random_playouts(s, 200, seed=3)
    assert r["games"] == 200
    assert r["wins"][0] + r["wins"][1] + r["draws"] + r["capped"] == 200
    assert r["plies"] > 200 and r["seconds"] > 0 and r["plies_per_second"] > 0
    again = arbiter.random_playouts(s, 200, seed=3)
    assert (again["plies"], again["wins"], again["draws"]) == (r["plies"], r["wins"], r["draws"])
    capped = arbiter.random_playouts(s, 50, seed=1, max_plies=1)
    assert capped["capped"] == 50 and capped["plies"] == 50
    assert arbiter.random_playouts(s, 0)["games"] == 0


def test_bulk_calls_on_threads():
    for spec in WHOLE_MOVE_SPECS:
        s = random_state(spec, 3, seed=5)
        assert arbiter.perft(s, 2, threads=3) == arbiter.perft(s, 2)
    s = arbiter.Game("void").new_state()
    one = arbiter.random_playouts(s, 101, seed=9)
    two = arbiter.random_playouts(s, 101, seed=9, threads=2)
    assert two["games"] == 101
    assert two["wins"][0] + two["wins"][1] + two["draws"] + two["capped"] == 101
    again = arbiter.random_playouts(s, 101, seed=9, threads=2)
    assert (again["plies"], again["wins"]) == (two["plies"], two["wins"])
    # Thread 0 plays 51 games with the seed itself (what one thread would), thread 1 the other 50
    # with the seed plus the golden-ratio constant.
    first = arbiter.random_playouts(s, 51, seed=9)
    second = arbiter.random_playouts(s, 50, seed=(9 + 0x9E3779B97F4A7C15) % 2**64)
    assert two["plies"] == first["plies"] + second["plies"]
    assert two["wins"] == (first["wins"][0] + second["wins"][0], first["wins"][1] + second["wins"][1])
    assert one["games"] == 101
    # 0 means all cores, as on the command line.
    assert arbiter.perft(s, 2, threads=0) == arbiter.perft(s, 2)
    assert arbiter.random_playouts(s, 7, seed=9, threads=0)["games"] == 7
    for bad in (257, -1):
        with pytest.raises((ValueError, OverflowError)):
            arbiter.random_playouts(s, 10, threads=bad)
        with pytest.raises((ValueError, OverflowError)):
            arbiter.perft(s, 1, threads=bad)


def test_bulk_calls_release_the_gil():
    state = arbiter.Game("void").new_state()
    done = threading.Event()

    def work():
        arbiter.random_playouts(state, 5000, seed=1)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    ticks = 0
    while not done.is_set():
        ticks += 1  # runs only while the other thread does not hold the GIL
        time.sleep(0.001)
    worker.join()
    assert ticks > 5


# --- search ----------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["void", "krux", "attraction", "villawar"])
def test_agent_level_1_chooses_a_legal_move(spec):
    s = random_state(spec, 2, seed=1)
    agent = arbiter.Agent(spec, "level=1")
    choice = agent.choose(s)
    assert choice.move in s.legal_moves()
    assert isinstance(choice.info, arbiter.SearchInfo) and isinstance(choice.info.pv, list)
    s.play(choice.move)


def test_agent_alphabeta_depth_2_with_reports():
    s = arbiter.Game("villawar").new_state()
    agent = arbiter.Agent(arbiter.Game("villawar"), "alphabeta:depth=2")
    assert agent.spec == "alphabeta:depth=2" and agent.name == "alphabeta"
    reports = []
    choice = agent.choose(s, on_info=reports.append)
    assert choice.move in s.legal_moves()
    assert choice.info.depth == 2 and choice.info.nodes > 0 and choice.info.pv[0] == choice.move
    assert choice.info.score_kind in {"eval", "win_in", "loss_in", "draw"}
    assert reports and all(isinstance(r, arbiter.SearchInfo) for r in reports)
    assert "Choice(move=" in repr(choice)
    agent.new_game()


def test_agent_errors():
    with pytest.raises(ValueError, match="bad agent spec 'alphabeta:deep=2'"):
        arbiter.Agent("void", "alphabeta:deep=2")
    with pytest.raises(ValueError, match="unknown game"):
        arbiter.Agent("go", "level=1")
    agent = arbiter.Agent("void", "level=1")
    with pytest.raises(ValueError, match="void agent cannot play a krux state"):
        agent.choose(arbiter.Game("krux").new_state())
    over = arbiter.Game("void").new_state()
    over.resign()
    with pytest.raises(arbiter.GameOver, match="the game is over: Black resigned"):
        agent.choose(over)

    def failing(info):
        raise RuntimeError("stop it")

    with pytest.raises(RuntimeError, match="stop it"):
        arbiter.Agent("void", "alphabeta:time=30s").choose(arbiter.Game("void").new_state(), on_info=failing)


def test_stop_from_another_thread_ends_a_long_search():
    agent = arbiter.Agent("void", "alphabeta:time=60s")
    s = arbiter.Game("void").new_state()
    timer = threading.Timer(0.5, agent.stop)
    started = time.monotonic()
    timer.start()
    choice = agent.choose(s)
    elapsed = time.monotonic() - started
    timer.join()
    assert 0.4 < elapsed < 10
    assert choice.move in s.legal_moves()
    # stop() ends the search in progress only: the next one thinks until stopped again
    timer = threading.Timer(0.5, agent.stop)
    started = time.monotonic()
    timer.start()
    s.play(choice.move)
    choice = agent.choose(s)
    elapsed = time.monotonic() - started
    timer.join()
    assert 0.4 < elapsed < 10 and choice.move in s.legal_moves()


def test_ctrl_c_interrupts_a_search():
    agent = arbiter.Agent("villawar", "mcts:time=60s")
    s = arbiter.Game("villawar").new_state()
    # Python's own Ctrl-C handler, even when the suite was started with SIGINT ignored (a shell's
    # background job), where interrupt_main would do nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            agent.choose(s)
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 10


def test_analyze():
    s = random_state("attraction", 4, seed=2)
    c = arbiter.analyze(s, time=0.2)
    assert c.move in s.legal_moves() and c.info.elapsed_ms >= 100
    c = arbiter.analyze(s, time="150ms", agent="alphabeta")
    assert c.move in s.legal_moves() and c.info.depth >= 1
    c = arbiter.analyze(s, time=None, agent="alphabeta:depth=3")
    assert c.info.depth == 3
    with pytest.raises(ValueError, match="analyze needs a searching agent"):
        arbiter.analyze(s, agent="random")
    with pytest.raises(ValueError, match="time: time '5' needs a unit"):
        arbiter.analyze(s, time="5")
    with pytest.raises(ValueError, match="more than 0"):
        arbiter.analyze(s, time=-1)


def test_analyze_game_marks_every_move_the_same_way_twice_and_matches_the_cli(arbiter_cli):
    s = random_state("krux", 6, seed=3)
    a = arbiter.analyze_game(s, nodes=2000)
    assert a == arbiter.analyze_game(s, nodes=2000)
    assert a["game"] == "krux" and a["agent"].startswith("alphabeta:nodes=2000")
    assert [m["played"] for m in a["moves"]] == s.moves
    assert len(a["positions"]) == len(s.moves) + 1
    for m in a["moves"]:
        assert 0 <= m["loss"] <= 1 and m["mark"] in (None, "inaccuracy", "mistake", "blunder")
    assert sum(p["moves"] for p in a["players"]) == len(s.moves)
    record = json.dumps(s.record())
    cli = subprocess.run(
        [arbiter_cli, "analyze-game", "-", "--nodes", "2000", "--json"],
        input=record, capture_output=True, text=True, check=True,
    )
    assert json.loads(cli.stdout) == a
    with pytest.raises(ValueError, match="not both"):
        arbiter.analyze_game(s, nodes=10, time=1)
    with pytest.raises(ValueError, match="needs a searching agent"):
        arbiter.analyze_game(s, agent="random")


def test_match_tally_and_records():
    m = arbiter.match("villawar:size=6", "alphabeta:depth=2", "random", games=6, seed=3, concurrency=2)
    assert m["games"] == 6 == m["a_wins"] + m["draws"] + m["b_wins"] == len(m["results"])
    assert math.isclose(m["a_score"], (m["a_wins"] + 0.5 * m["draws"]) / 6)
    assert m["elo_low"] <= m["elo"] <= m["elo_high"] and all(math.isfinite(m[k]) for k in ["elo", "elo_low"])
    assert m["a_wins"] >= 4  # depth-2 search beats a random mover
    sides = [r["a_side"] for r in m["results"]]
    assert sides[0] != sides[1]  # colours alternate
    for r in m["results"]:
        replay = arbiter.load_record(r["record"])
        assert replay.is_over and replay.ply == r["plies"]
        assert r["reason"] == replay.outcome.reason
    with pytest.raises(ValueError, match="games must be at least 1"):
        arbiter.match("void", "random", "random", games=0)
    with pytest.raises(ValueError, match="bad agent spec"):
        arbiter.match("void", "random", "nonsense", games=2)


def test_match_max_plies():
    m = arbiter.match("void", "random", "random", games=2, max_plies=4)
    assert all(r["plies"] == 4 and r["reason"] == "ply_limit" for r in m["results"]) and m["draws"] == 2


# --- the contract ----------------------------------------------------------------------------


def test_every_name_of_the_stubs_exists():
    """Everything __init__.pyi declares is there: functions, classes, their methods and attributes."""
    import ast
    import pathlib

    stub = ast.parse(pathlib.Path(arbiter.__file__).with_name("__init__.pyi").read_text())
    declared = 0
    for node in stub.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            assert hasattr(arbiter, node.name), node.name
            declared += 1
        if isinstance(node, ast.AnnAssign):
            assert hasattr(arbiter, node.target.id), node.target.id
        if isinstance(node, ast.ClassDef):
            cls = getattr(arbiter, node.name)
            for member in node.body:
                if isinstance(member, ast.FunctionDef):
                    assert hasattr(cls, member.name), f"{node.name}.{member.name}"
                elif isinstance(member, ast.AnnAssign):
                    assert hasattr(cls, member.target.id), f"{node.name}.{member.target.id}"
    assert declared >= 15


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_swap_rule(spec):
    # swap=on: after the first move the second player may take over that side; the first player then moves the
    # other side's pieces, under that side's name.
    game = arbiter.Game(spec, swap="on")
    plain = arbiter.Game(spec)
    first_name, second_name = plain.new_state().to_move, None
    state = game.new_state()
    assert state.position.endswith(" swap:next") and "swap" not in state.legal_moves()
    state.play(state.legal_moves()[0])
    second_name = state.to_move
    assert state.legal_moves()[-1] == "swap"
    state.play("swap")
    assert state.to_move_index == 0 and state.to_move == second_name
    assert state.position.endswith(" swapped")
    with pytest.raises(ValueError, match="only open to the second player"):
        state.play("swap")
    again = game.state(state.position)
    assert again.to_move_index == 0 and again.legal_moves() == state.legal_moves()
    assert first_name != second_name
