"""Tests of arbiter.distributed (matches, report self-play and tuning data on Ray) and of the engine's batch
functions under it (arbiter._arbiter._match_batch, _report_plan, _report_batch).

Ray runs locally: one ``ray.init(num_cpus=2)`` for the module. The cross-checks against the ``arbiter`` CLI run
when its binary is found (ARBITER_BIN, else the newer of target/release and target/debug of the workspace)."""

import json
import logging
import math
import os
import re
import subprocess
from pathlib import Path

import pytest

import arbiter
from arbiter import _arbiter
from arbiter import distributed as dist
from conftest import cli_binary
from arbiter.distributed import Sprt, Tally, elo_estimate, elo_of_score, score_of_elo

import ray  # noqa: E402  (the test command installs it into .venv)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def local_ray():
    # address="local": a new Ray of our own, whatever RAY_ADDRESS or a cluster started on this machine says.
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    yield ray
    ray.shutdown()


# --- statistics ---------------------------------------------------------------------------------------------


def test_elo_of_known_scores():
    assert elo_of_score(0.6) == pytest.approx(70.437, abs=1e-3)  # -400 log10(1/0.6 - 1)
    assert elo_of_score(0.75) == pytest.approx(190.849, abs=1e-3)
    assert elo_of_score(0.5) == 0
    assert elo_of_score(0.4) == pytest.approx(-70.437, abs=1e-3)
    assert elo_of_score(1.0) == pytest.approx(1199.83, abs=0.01)  # clamped at 0.999, as the CLI
    assert score_of_elo(70.437) == pytest.approx(0.6, abs=1e-5)
    assert score_of_elo(elo_of_score(0.3)) == pytest.approx(0.3)


def test_elo_interval_of_known_tallies():
    # 60 wins, 40 losses: score 0.6, per-game variance 0.24, margin 1.959964 * sqrt(0.24 / 100).
    e = elo_estimate(60, 0, 40)
    margin = 1.959964 * math.sqrt(0.24 / 100)
    assert e.elo == pytest.approx(70.437, abs=1e-3)
    assert e.low == pytest.approx(elo_of_score(0.6 - margin)) and e.low == pytest.approx(2.767, abs=1e-3)
    assert e.high == pytest.approx(elo_of_score(0.6 + margin)) and e.high == pytest.approx(143.909, abs=1e-3)
    even = elo_estimate(10, 0, 10)
    assert even.elo == 0 and even.low < -50 and even.high > 50
    assert elo_estimate(75, 0, 25).elo == pytest.approx(190.8, abs=0.1)  # crates/ai/src/elo.rs's test
    assert math.isfinite(elo_estimate(5, 0, 0).elo)
    t = Tally()
    for score in (1, 0.5, 0, 1, 1):
        t.add(score)
    assert (t.wins, t.draws, t.losses, t.games, t.score) == (3, 1, 1, 5, 0.7)
    with pytest.raises(ValueError, match="wins must be"):
        elo_estimate(-1, 0, 0)


def test_elo_matches_the_engines():
    """The Python formulas give arbiter.match's (Rust) figures for its tally."""
    r = arbiter.match("villawar:size=6", "mcts:iterations=20", "random", games=6, seed=2)
    e = elo_estimate(r["a_wins"], r["draws"], r["b_wins"])
    assert (e.elo, e.low, e.high) == pytest.approx((r["elo"], r["elo_low"], r["elo_high"]))


def test_sprt_llr_of_known_tallies():
    sprt = Sprt(0, 50)
    low, high = sprt.bounds()
    assert (low, high) == pytest.approx((-math.log(19), math.log(19)))  # ±2.944 for alpha = beta = 0.05
    # W 80 D 10 L 10: score 0.85; the variance is that of W 81 D 10 L 11 (a neutral prior of one win and
    # one loss, as crates/ai/src/sprt.rs): p = 86 / 102, var = (81 (1-p)² + 10 (0.5-p)² + 11 p²) / 102;
    # s0 = 0.5, s1 = 1 / (1 + 10^(-50/400)) = 0.571463; LLR = 100 (s1 - s0)(1.7 - s0 - s1) / (2 var).
    s1 = 1 / (1 + 10 ** (-50 / 400))
    assert s1 == pytest.approx(0.571463, abs=1e-6)
    p = 86 / 102
    var = (81 * (1 - p) ** 2 + 10 * (0.5 - p) ** 2 + 11 * p**2) / 102
    assert sprt.llr(Tally(80, 10, 10)) == pytest.approx(100 * (s1 - 0.5) * (1.7 - 0.5 - s1) / (2 * var))
    assert sprt.llr(Tally(80, 10, 10)) == pytest.approx(20.85, abs=0.01)
    # The decisions of crates/ai/src/sprt.rs's test.
    assert sprt.status(Tally(80, 10, 10)) == "accept_h1"
    assert sprt.status(Tally(30, 10, 60)) == "accept_h0"
    assert sprt.status(Tally(2, 0, 1)) == "continue"
    assert sprt.llr(Tally()) == 0
    # A one-sided start decides nothing: a clean sweep decides after eight games, as in Rust.
    assert [sprt.status(Tally(w, 0, 0)) for w in (1, 7, 8)] == ["continue", "continue", "accept_h1"]
    assert sprt.status(Tally(0, 0, 10)) == "accept_h0"
    # A near-even match: W 420 D 200 L 380, score 0.52; s1 = 0.514387 for elo1 = 10; LLR about 0.92: continue.
    p = (421 + 100) / 1002
    var = (421 * (1 - p) ** 2 + 200 * (0.5 - p) ** 2 + 381 * p**2) / 1002
    s1 = 1 / (1 + 10 ** (-10 / 400))
    assert Sprt(0, 10).llr(Tally(420, 200, 380)) == pytest.approx(1000 * (s1 - 0.5) * (1.04 - 0.5 - s1) / (2 * var))
    assert Sprt(0, 10).llr(Tally(420, 200, 380)) == pytest.approx(0.92, abs=0.01)
    assert Sprt(0, 10).status(Tally(420, 200, 380)) == "continue"
    assert Sprt(0, 10, alpha=0.1, beta=0.2).bounds() == pytest.approx((math.log(0.2 / 0.9), math.log(0.8 / 0.1)))


def test_sprt_arguments():
    assert Sprt.parse("0,50") == Sprt(0.0, 50.0)
    assert Sprt.parse(" -5, 5", alpha=0.1) == Sprt(-5.0, 5.0, 0.1, 0.05)
    with pytest.raises(ValueError, match="elo0 .* must be below elo1"):
        Sprt(50, 0)
    with pytest.raises(ValueError, match="two Elo values"):
        Sprt.parse("10")
    with pytest.raises(ValueError, match="not an Elo value"):
        Sprt.parse("0,abc")
    with pytest.raises(ValueError, match="alpha must be"):
        Sprt(0, 10, alpha=0)
    with pytest.raises(ValueError, match="within ±1000"):
        Sprt(0, 5000)


# --- the engine's batches (no Ray) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec,a,b,kw",
    [
        ("void", "mcts:iterations=40", "mcts:iterations=20", dict(opening_plies=4, safe_openings=True, seed=7)),
        ("krux", "mcts:iterations=20", "random", dict(opening_plies=2, safe_openings=True, seed=3, max_plies=60)),
        ("villawar:size=6", "alphabeta:depth=2", "mcts:iterations=20", dict(opening_plies=3, seed=0)),
    ],
)
def test_batches_play_the_games_of_the_match(spec, a, b, kw):
    """Any batch of game indices gives exactly those games of arbiter.match (same records and results)."""
    whole = arbiter.match(spec, a, b, games=6, **kw)
    header = _arbiter._match_batch(spec, a, b, [], **kw)
    assert (header["game"], header["a"], header["b"], header["results"]) == (whole["game"], whole["a"], whole["b"], [])
    pieces = {}
    for indices in ([5, 2], [0], [4, 1, 3]):
        out = _arbiter._match_batch(spec, a, b, indices, concurrency=2, **kw)
        assert [r["index"] for r in out["results"]] == indices
        pieces.update((r["index"], r) for r in out["results"])
    for r in whole["results"]:
        mine = pieces[r["index"]]
        assert json.loads(mine["record_json"]) == r["record"]
        for key in ("a_side", "a_score", "reason", "plies"):
            assert mine[key] == r[key], key
        assert mine["a_first"] == (r["index"] % 2 == 0) and mine["forfeit"] is None
        assert arbiter.load_record(mine["record_json"]).is_over


def test_batch_arguments_are_checked():
    with pytest.raises(ValueError, match="bad agent spec"):
        _arbiter._match_batch("void", "mcts:iterations=x", "random", [0])
    with pytest.raises(ValueError, match="concurrency must be 1 to 64"):
        _arbiter._match_batch("void", "random", "random", [0], concurrency=0)
    with pytest.raises(ValueError, match="max_plies must be at least 1"):
        _arbiter._match_batch("void", "random", "random", [0], max_plies=0)
    with pytest.raises(ValueError):
        _arbiter._match_batch("chess", "random", "random", [0])
    with pytest.raises(ValueError, match="levels are 1 to 6, not 7"):
        _arbiter._report_plan("void", [1, 7])
    with pytest.raises(ValueError, match="seconds_per_move"):
        _arbiter._report_plan("void", [1], seconds_per_move=-1.0)
    with pytest.raises(ValueError, match="a contender is 0"):
        _arbiter._report_batch("void", 0, 9, [0])


def test_report_plan_is_the_reports():
    plan = _arbiter._report_plan("villawar:size=6", [3, 1, 3], opening_plies=2, seed=1)
    sides = arbiter.Game("villawar:size=6").sides
    assert (plan["game"], plan["options"], plan["sides"]) == ("villawar", "size=6,plies=400", sides)
    keys = [m["key"] for m in plan["matchups"]]
    assert keys == ["random-vs-random", "level1-vs-level1", "level3-vs-level3", "random-vs-level1", "level1-vs-level3"]
    for m in plan["matchups"]:
        assert re.fullmatch(rf"games/{m['key']}-[0-9a-f]{{8}}", m["folder"])
        settings = json.loads(m["settings_json"])
        assert (settings["a"], settings["b"], settings["seed"]) == (m["a_spec"], m["b_spec"], 1)
    games = _arbiter._report_batch("villawar:size=6", 0, 1, [1, 0])
    assert [g["index"] for g in games] == [1, 0]
    for g in games:
        cached = json.loads(g["cached_json"])
        assert cached["index"] == g["index"] and cached["a_first"] == (g["index"] == 0)
        assert cached["record"] == json.loads(g["record_json"])
        assert arbiter.load_record(cached["record"]).is_over


def test_report_batches_are_the_cli_reports(tmp_path, arbiter_cli):
    """The folders, settings and games of _report_plan/_report_batch are arbiter report's (its cache)."""
    cli = arbiter_cli
    subprocess.run([cli, "report", "void", "--games", "2", "--levels", "1", "--out", str(tmp_path)],
                   check=True, capture_output=True, timeout=120)
    plan = _arbiter._report_plan("void", [1])
    strip = lambda text: re.sub(r'"millis": \d+', "", text)  # noqa: E731 - wall time, not reproducible
    for m in plan["matchups"]:
        folder = tmp_path / m["folder"]
        assert (folder / "settings.json").read_text() == m["settings_json"] + "\n"
        for g in _arbiter._report_batch("void", m["a"], m["b"], [1, 0]):
            assert strip((folder / f"game-{g['index'] + 1:04d}.json").read_text()) == strip(g["cached_json"] + "\n")


def test_match_batches_are_the_cli_records(tmp_path, arbiter_cli):
    cli = arbiter_cli
    subprocess.run([cli, "match", "attraction", "--a", "mcts:iterations=30", "--b", "alphabeta:depth=1", "--games",
                    "3", "--opening-plies", "3", "--records", str(tmp_path)], check=True, capture_output=True,
                   timeout=120)
    out = _arbiter._match_batch("attraction", "mcts:iterations=30", "alphabeta:depth=1", [2, 0, 1],
                                opening_plies=3, seed=1)
    for r in out["results"]:
        assert (tmp_path / f"game-{r['index'] + 1:04d}.json").read_text() == r["record_json"] + "\n"


# --- on Ray ---------------------------------------------------------------------------------------------------


def test_match_on_ray(local_ray, tmp_path):
    kw = dict(opening_plies=4, safe_openings=True, seed=11)
    seen = []
    r = dist.match("void", "mcts:iterations=40", "mcts:iterations=20", 8, batch=2, records=tmp_path / "records",
                   progress=seen.append, **kw)
    assert r["games"] == 8 and r["a_wins"] + r["draws"] + r["b_wins"] == 8
    assert not r["stopped_early"] and r["sprt"] is None and 1 <= r["workers"] <= 2
    assert [g["index"] for g in r["results"]] == list(range(8))
    assert sum(g["a_score"] for g in r["results"]) == pytest.approx(r["a_score"] * 8)
    # Batches of 2 games, then smaller ones at the end (2 CPUs: 2, 2, 1, 1, 1, 1), reported as they arrive.
    counts = [f["games"] for f in seen]
    sizes = [n - m for m, n in zip([0] + counts, counts)]
    assert r["batches"] == len(seen) == 6 and sorted(sizes) == [1, 1, 1, 1, 2, 2] and counts[-1] == 8
    assert seen[-1]["a_wins"] == r["a_wins"]
    # The games, tally and Elo of arbiter.match itself.
    whole = arbiter.match("void", "mcts:iterations=40", "mcts:iterations=20", games=8, **kw)
    assert [g["record"] for g in r["results"]] == [g["record"] for g in whole["results"]]
    for key in ("game", "a", "b", "games", "a_wins", "draws", "b_wins"):
        assert r[key] == whole[key], key
    for key in ("a_score", "elo", "elo_low", "elo_high"):
        assert r[key] == pytest.approx(whole[key]), key
    files = sorted(os.listdir(tmp_path / "records"))
    assert files == [f"game-{i:04d}.json" for i in range(1, 9)]
    for g in r["results"]:
        state = arbiter.load_record(tmp_path / "records" / f"game-{g['index'] + 1:04d}.json")
        assert state.is_over and state.record() == g["record"]


def test_sprt_stops_the_match_early(local_ray, tmp_path):
    r = dist.match("void", "mcts:iterations=60", "random", 40, batch=2, sprt=(0, 50), max_in_flight=2,
                   records=tmp_path)
    s = r["sprt"]
    # As arbiter match does, the test is checked after every game, and the games finished by then count.
    assert r["stopped_early"] and r["games"] < 40 and s["status"] == "accept_h1"
    assert (s["lower"], s["upper"]) == pytest.approx((-math.log(19), math.log(19)))
    assert s["llr"] == pytest.approx(Sprt(0, 50).llr(Tally(r["a_wins"], r["draws"], r["b_wins"])))
    assert len(r["results"]) == r["games"] == len(os.listdir(tmp_path))


def test_report_on_ray_fills_the_reports_cache(local_ray, tmp_path):
    r = dist.report("void", 3, levels=[1], out=tmp_path, batch=2)
    assert r["played"] == 9 and r["cached"] == 0 and len(r["matchups"]) == 3
    plan = _arbiter._report_plan("void", [1])
    for m, p in zip(r["matchups"], plan["matchups"]):
        assert m["key"] == p["key"] and m["games"] == 3 and m["played"] == 3
        assert m["first_wins"] + m["second_wins"] + m["draws"] == 3
        folder = tmp_path / p["folder"]
        assert sorted(os.listdir(folder)) == ["game-0001.json", "game-0002.json", "game-0003.json", "settings.json"]
        for i in range(3):
            cached = json.loads((folder / f"game-{i + 1:04d}.json").read_text())
            assert cached["index"] == i and arbiter.load_record(cached["record"]).is_over
    assert r["command"][:3] == ["arbiter", "report", "void"] and r["command"][-2:] == ["--out", str(tmp_path)]
    # A second run reads them back; a lost game is played again.
    (tmp_path / plan["matchups"][1]["folder"] / "game-0002.json").unlink()
    again = dist.report("void", 3, levels=[1], out=tmp_path, batch=2)
    assert (again["played"], again["cached"]) == (1, 8)
    assert [m["first_score"] for m in again["matchups"]] == [m["first_score"] for m in r["matchups"]]
    cli = cli_binary()
    if cli is not None:
        # arbiter report takes every game from the cache: no game file is written again.
        before = {p: p.stat().st_mtime_ns for p in tmp_path.glob("games/*/game-*.json")}
        subprocess.run([cli] + r["command"][1:], check=True, capture_output=True, timeout=120)
        assert {p: p.stat().st_mtime_ns for p in tmp_path.glob("games/*/game-*.json")} == before
        assert (tmp_path / "report.json").exists()


def test_tuning_data_on_ray(local_ray, tmp_path):
    out = tmp_path / "positions.jsonl"
    r = dist.tuning_data("void", "mcts:iterations=20", 5, batch=2, opening_plies=2, skip=3, every=4, out=out,
                         records=tmp_path / "records", seed=5)
    assert r["games"] == 5 and r["first_wins"] + r["second_wins"] + r["draws"] == 5
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == r["positions"]
    expected = []
    game = arbiter.Game("void")
    for n in range(1, 6):
        record = json.loads((tmp_path / "records" / f"game-{n:04d}.json").read_text())
        winner = record["result"]["winner"]
        result = 0.5 if winner is None else 1.0 if winner == game.sides[0] else 0.0
        expected += [(n, ply, result) for ply in range(3, len(record["moves"]), 4)]
    assert [(p["game"], p["ply"], p["result"]) for p in lines] == expected  # in order of game and ply
    for p in lines[:20]:
        state = game.state(p["position"])
        assert not state.is_over and state.to_move_index == p["to_move"] and state.evaluate() == p["eval"]
    # Without a file, the positions come back; the games are the same.
    again = dist.tuning_data("void", "mcts:iterations=20", 5, batch=3, opening_plies=2, skip=3, every=4, seed=5)
    assert again["data"] == lines and again["out"] is None


def test_datagen_on_ray_writes_the_clis_games(local_ray, tmp_path, arbiter_cli):
    """Ray's datagen, split into batches and resumed, writes the games arbiter datagen writes."""
    cli = arbiter_cli
    settings = ["--agent", "alphabeta:nodes=300", "--opening-plies", "4", "--seed", "3"]
    whole = tmp_path / "cli.bin"
    subprocess.run([cli, "datagen", "villawar:size=6", "--out", str(whole), "--games", "6", "--threads", "2",
                    *settings], check=True, capture_output=True, timeout=300)
    out = tmp_path / "ray.bin"
    kw = dict(agent="alphabeta:nodes=300", opening_plies=4, seed=3)
    first = dist.datagen("villawar:size=6", out, 2, batch=1, **kw)
    assert (first["games_played"], first["games_skipped"]) == (2, 0) and first["samples"] > 0
    seen = []
    second = dist.datagen("villawar:size=6", out, 6, batch=2, progress=seen.append, **kw)
    assert (second["games_played"], second["games_skipped"]) == (4, 2)
    assert [f["games_played"] for f in seen][-1] == 4 and seen[-1]["total"] == 6
    # The same header, and the same games in any order: compared block by block through the reader.
    assert _arbiter._DataFile(str(out), _arbiter._datagen_header("villawar:size=6", kw["agent"], 4, 400, 3)).done \
        == list(range(6))

    def games(path):
        # A block is its length, its game number, then its samples: the games keyed by number.
        data = path.read_bytes()
        at = 16 + int.from_bytes(data[12:16], "little")
        blocks = {}
        while at < len(data):
            length = int.from_bytes(data[at:at + 4], "little")
            blocks[int.from_bytes(data[at + 4:at + 8], "little")] = data[at:at + 4 + length]
            at += 4 + length
        return data[:16 + int.from_bytes(data[12:16], "little")], blocks

    assert games(out) == games(whole)
    # Nothing left to play: no Ray task, nothing written.
    again = dist.datagen("villawar:size=6", out, 6, **kw)
    assert (again["games_played"], again["games_skipped"], again["bytes"]) == (0, 6, 0)
    with pytest.raises(ValueError, match="other settings"):
        dist.datagen("villawar:size=6", out, 6, agent="alphabeta:nodes=400", opening_plies=4, seed=3)
    with pytest.raises(ValueError, match="bad agent spec"):
        dist.datagen("void", tmp_path / "never.bin", 2, agent="alphabeta:nodes=lots")
    assert not (tmp_path / "never.bin").exists()


def test_bad_arguments_give_clear_errors(local_ray, tmp_path):
    with pytest.raises(ValueError, match="games must be a whole number 1 to 4294967295, not 0"):
        dist.match("void", "random", "random", 0)
    with pytest.raises(ValueError, match="batch must be"):
        dist.match("void", "random", "random", 4, batch=0)
    with pytest.raises(ValueError, match="bad agent spec"):
        dist.match("void", "mcts:iterations=lots", "random", 4)
    with pytest.raises(ValueError, match="unknown game|chess"):
        dist.match("chess", "random", "random", 4)
    with pytest.raises(ValueError, match="elo0 .* must be below elo1"):
        dist.match("void", "random", "random", 4, sprt=(10, 0))
    with pytest.raises(ValueError, match="cpus_per_task"):
        dist.match("void", "random", "random", 4, cpus_per_task=0)
    with pytest.raises(ValueError, match="cannot create"):
        (tmp_path / "file").write_text("")
        dist.match("void", "random", "random", 4, records=tmp_path / "file" / "records")
    with pytest.raises(ValueError, match="levels are 1 to 6, not 9"):
        dist.report("void", 2, levels=[9], out=tmp_path)
    with pytest.raises(ValueError, match="every must be"):
        dist.tuning_data("void", "random", 2, every=0)
    with pytest.raises(TypeError, match="a game is"):
        dist.match(42, "random", "random", 2)


def test_command_line(local_ray, tmp_path, capsys):
    records = tmp_path / "records"
    code = dist.main(["match", "void", "random", "level=1", "--games", "4", "--batch", "2", "--records",
                      str(records), "--json", "--quiet"])
    assert code == 0
    r = json.loads(capsys.readouterr().out)
    assert r["games"] == 4 and len(os.listdir(records)) == 4
    code = dist.main(["match", "void", "random", "level=1", "--games", "2", "--sprt", "0,50", "--batch", "2"])
    out, err = capsys.readouterr()
    assert code == 0 and "A = random, B = level=1 (mcts:iterations=60)" in out and "SPRT elo0=0 elo1=50" in out
    assert re.match(r"match: [12]/2 games, A \+0 =\d -\d", err)
    assert dist.main(["match", "void", "random", "nonsense", "--games", "2"]) == 2
    assert "error: bad agent spec" in capsys.readouterr().err
    assert dist.main(["tuning", "void", "--agent", "random", "--games", "2", "--out", str(tmp_path / "t.jsonl"),
                      "-q"]) == 0
    assert "positions in" in capsys.readouterr().out
    assert dist.main(["datagen", "krux", "--agent", "alphabeta:depth=1", "--games", "2", "--out",
                      str(tmp_path / "k.bin"), "-q"]) == 0
    assert "played 2 games (0 already in the file)" in capsys.readouterr().out
