"""Monte Carlo where ranges overlap (the random walk), what can and cannot be dealt, and
what every call must survive: huge inputs, and Ctrl-C."""

import contextlib
import importlib
import math
import os
import signal
import subprocess
import sys
import time

import pytest

from handrank import equity

WALK_SPOTS = [  # ranges that share most of their cards
    # small ranges: every deal that fits is listed and drawn in one step (the joint table)
    (["AA,KK", "AA,KK", "AA,KK,QQ"], "2c 7d 9h Ts 3s"),
    (["AA,KK,AKs", "0.3(AA),KK", "AK"], "2c 7d 9h 3s"),
    (["QQ+,AKs", "QQ+,AKs", "0.5(QQ+),AKs"], "2c 7d 9h"),
    # too many deals to list, even leaving one player out: the random walk
    (["AA,KK,QQ"] * 5, "2c 7d 9h Ts 3s"),
]

JOINT_SPOTS = [  # each way of dealing the hole cards, against exact enumeration
    # all but the widest player listed, the widest drawn last among its combos that fit (weighted)
    (["0.3(AA),KK,AKs", "QQ+,AK", "0.5(22+),A2s+,0.25(KTo+)"], "2c 7d 9h", ""),
    # 'random' players dealt from the deck like the board
    (["AhKh", "random", "random"], "Qh Jh 2c 5d", ""),
    (["QQ+,AKs", "JJ-88", "random"], "Kd 9s 4c 3h", "2h"),
    (["random", "random"], "Kd 9s 4c 3h", "As"),
    (["0.5(AA),KK", "random", "QQ,JJ", "random"], "Kd 9s 4c 3h 7c", ""),
    # a weighted 'random' is not dealt from the deck: its weights count
    (["0.5(random),AA", "KK"], "Kd 9s 4c 3h", ""),
]


@pytest.mark.parametrize(("players", "board"), WALK_SPOTS)
def test_the_walk_lands_within_four_standard_errors_of_exact(players, board):
    exact = equity(players, board)
    sampled = equity(players, board, trials=300_000, seed=8)
    assert exact.exact and not sampled.exact
    for p in range(len(players)):
        assert abs(sampled.equity[p] - exact.equity[p]) <= 4 * sampled.stderr[p], (p, sampled, exact)
    assert math.isclose(sum(sampled.equity), 1.0)


def test_the_walks_standard_error_is_its_spread_over_seeds():
    """Successive deals of the walk share combos, so the standard error of independent deals
    understated its spread: on four players of 'AK,AA,KK' (the walk: they share every card),
    the equities over 40 seeds spread 1.5-2 times the stderr reported. The kernel now adds
    each player's squared units over batches of 64 deals (batch means), and the spread
    matches the stderr."""
    import numpy as np

    players = ["AK,AA,KK"] * 4
    results = [equity(players, trials=20000, seed=seed) for seed in range(40)]
    spread = np.std([r.equity for r in results], axis=0, ddof=1)
    reported = np.mean([r.stderr for r in results], axis=0)
    assert 0.75 < np.mean(spread / reported) < 1.3, spread / reported


@pytest.mark.parametrize(("players", "board", "dead"), JOINT_SPOTS)
def test_each_way_of_dealing_lands_within_four_standard_errors_of_exact(players, board, dead, monkeypatch):
    monkeypatch.setattr(importlib.import_module("handrank.equity"), "EXACT_BUDGET", 10**12)
    exact = equity(players, board, dead)
    sampled = equity(players, board, dead, trials=400_000, seed=3)
    assert exact.exact and not sampled.exact
    for p in range(len(players)):
        assert abs(sampled.equity[p] - exact.equity[p]) <= 4 * sampled.stderr[p], (p, sampled, exact)


PREFLOP_SPOTS = [  # the whole board dealt as a triple and a pair of the positions left (board_sets)
    (["AA,KK", "QQ,JJ", "AKs,AQs"], ""),  # a joint table drawn with the board's draws
    (["AhKh", "random"], ""),  # a random player's two picks first
    (["0.5(AA),KK", "QQ", "AKs"], "2c"),  # weights, a dead card
]


@pytest.mark.parametrize(("players", "dead"), PREFLOP_SPOTS)
def test_preflop_boards_land_within_four_standard_errors_of_exact(players, dead, monkeypatch):
    monkeypatch.setattr(importlib.import_module("handrank.equity"), "EXACT_BUDGET", 10**12)
    exact = equity(players, "", dead)
    sampled = equity(players, "", dead, trials=1_000_000, seed=4)
    assert exact.exact and not sampled.exact
    for p in range(len(players)):
        assert abs(sampled.equity[p] - exact.equity[p]) <= 4 * sampled.stderr[p], (p, sampled, exact)
        assert abs(sampled.tie[p] - exact.tie[p]) <= 4 * math.sqrt(exact.tie[p] * (1 - exact.tie[p]) / 1_000_000)


@pytest.mark.parametrize(("players", "board"), [WALK_SPOTS[0], WALK_SPOTS[-1], JOINT_SPOTS[0][:2],
                                                 JOINT_SPOTS[2][:2]])
def test_sampled_results_do_not_depend_on_threads(players, board):
    one = equity(players, board, trials=200_000, seed=21)
    assert one == equity(players, board, trials=200_000, seed=21, threads=2)


def test_what_can_just_be_dealt_is_dealt():
    assert equity(["AA,KK"] * 4 + ["QQ"], "", "Qs", trials=20_000, seed=1).boards == 20_000
    assert equity(["AsAh,AdAc", "AsAh,AdAc", "AsAd,KK"], trials=20_000, seed=1).boards == 20_000


def test_eight_players_can_hold_every_ace_king_queen_and_jack():
    result = equity(["AA,KK,QQ,JJ"] * 8, trials=100_000, seed=4)
    assert not result.exact and math.isclose(sum(result.equity), 1.0)
    assert all(0.1 < e < 0.15 for e in result.equity)  # the same range in every seat


@pytest.mark.parametrize(("players", "dead"), [
    (["AA,KK,QQ,JJ"] * 9, ""),  # 18 cards from 16
    (["AA"] * 3, ""),
    (["AsAh,AdAc", "AsAd,AhAc", "AsAc,AhAd"], ""),
    (["AA,KK"] * 5, ""),
])
def test_cannot_be_dealt_only_when_true(players, dead):
    with pytest.raises(ValueError, match="cannot all be dealt"):
        equity(players, "", dead, trials=1000, seed=1)
    with pytest.raises(ValueError, match="no combo of 'KK' is left"):
        equity(["KK", "QQ"], "", "Ks Kh Kd")


def test_nine_big_ranges_get_an_answer():
    big = "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,A2o+,K2o+,Q2o+,J2o+,T2o+"
    result = equity([big] * 9, trials=200_000, seed=2)
    assert math.isclose(sum(result.equity), 1.0) and max(result.stderr) < 0.01


def test_long_range_strings_parse_in_linear_time():
    start = time.perf_counter()
    with pytest.raises(ValueError):
        equity(["AA," + " " * 30_000 + "ZZ", "KK"])
    with pytest.raises(ValueError, match="nest"):
        equity(["0.5(" * 1000 + "AA" + ")" * 1000, "KK"])
    assert equity(["AA," + " " * 30_000 + "KK", "QQ"]).exact
    assert time.perf_counter() - start < 5  # generous: quadratic parsing took seconds


CHILD = """
import sys, time
import handrank
print("ready", flush=True)
try:
    handrank.equity(["QQ+,AKs", "JJ-88", "random"], "Kd 9s 4c", trials=2**50, seed=1, threads={threads})
except KeyboardInterrupt:
    print("interrupted", time.perf_counter(), flush=True)
    sys.exit(7)
"""


def _sigint_as_a_terminal_sends_it():
    # A shell starts background jobs with SIGINT ignored, and a child inherits that, so a
    # suite run in the background would see no Ctrl-C at all: each child starts with it
    # delivered as it is from a terminal.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.contextmanager
def _child(args, **popen):
    """A child process that never outlives its test, even a failed one."""
    child = subprocess.Popen(args, preexec_fn=_sigint_as_a_terminal_sends_it, text=True, **popen)
    try:
        yield child
    finally:
        if child.poll() is None:
            child.kill()
        child.communicate()


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_long_call(threads):
    with _child([sys.executable, "-c", CHILD.replace("{threads}", str(threads))], stdout=subprocess.PIPE) as child:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        sent = time.perf_counter()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=10)
    assert child.returncode == 7 and out.startswith("interrupted")
    stopped = float(out.split()[1])
    assert stopped - sent < 2  # measured well under 0.1 s; generous for a loaded machine


def test_ctrl_c_in_the_cli_prints_one_line_and_exits_130():
    with _child([sys.executable, "-m", "handrank", "equity", "random", "random", "random", "--trials", str(2**50)],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"}) as child:
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=10)
    assert child.returncode == 130 and out == ""
    assert err.strip().splitlines() == ["handrank: interrupted"]


def test_cluster_tasks_stay_few_however_many_trials():
    # a Dask client gets at most CLUSTER_TASKS futures, covering every chunk once, in order
    from handrank._work import CLUSTER_TASKS, cluster_spans

    for total in (1, 15, 16, 17, 1000, 16 * CLUSTER_TASKS + 1, 2**53 // 65536):
        spans = cluster_spans(total, 16)
        assert len(spans) <= CLUSTER_TASKS and spans[0][0] == 0 and spans[-1][1] == total
        assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
        assert all(end - start >= min(16, total) for start, end in spans[:-1])
