"""The library called from many Python threads at once, as a game server or a notebook with
workers calls it: the same answers as one thread, lazy tables built once, and the GIL let go
during C calls so that other threads run meanwhile."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import handrank
from handrank import omaha, stud

# Run in a fresh interpreter, so that every lazily built table (Omaha's, the preflop chart,
# the per-call bindings) is first built while eight threads ask for it at once.
CONCURRENT = textwrap.dedent("""
    import random, sys, threading
    from concurrent.futures import ThreadPoolExecutor
    import handrank as hr
    from handrank import ace_to_five, deuce_to_seven, omaha, shortdeck, stud
    from handrank.isomorphism import Indexer

    jobs = {
        "evaluate": lambda: [hr.evaluate(h) for h in ("As Ks Qs Js Ts", (0, 4, 8, 12, 17, 30, 45))],
        "describe": lambda: [hr.describe(r) for r in (1, 5000, 7462)],
        "showdown_many": lambda: [a.tolist() for a in hr.showdown_many(*hr.deal(500, 3, seed=5))],
        "equity_table": lambda: hr.equity(["AsAh", "KdKc"]).equity,
        "equity_ranges": lambda: hr.equity(["QQ+,AKs", "JJ-88"], board="Kd 9s 4c 8h").equity,
        "equity_sampled": lambda: hr.equity(["QQ+,AKs", "JJ-88", "random"], trials=5000, seed=3).equity,
        "percentage": lambda: len(hr.parse_range("10%")),
        "chart": lambda: float(hr.preflop_chart()[0, 0]),
        "omaha": lambda: [omaha.evaluate("As Ks Qd Jd", "Ts 9s 2c 3h 4h"),
                          omaha.evaluate_low("As 2s Qd Jd", "3s 4c 8c Kh Kd")],
        "omaha_many": lambda: [a.tolist() for a in omaha.showdown_many(*omaha.deal(300, 2, seed=6), hilo=True)],
        "omaha_equity": lambda: omaha.equity(["AAxx", "15%"], trials=2000, seed=2).equity,
        "omaha_table": lambda: repr(omaha.preflop_table())[:200],
        "shortdeck": lambda: shortdeck.equity(["AsKs", "9c9d"], board="6c 7d 8h").equity,
        "stud": lambda: stud.equity(["As Ah Kd", "Qs Qh 9d"], trials=2000, seed=4).equity,
        "lowball": lambda: [ace_to_five.evaluate("As 2c 3d 4h 5c 9d"), deuce_to_seven.evaluate("7s 5c 4d 3h 2c")],
        "isomorphism": lambda: Indexer([2, 3]).index("As Ks Qs Js 2h"),
        "strength": lambda: repr(hr.hand_strength("Qh Jh 2c", bins=5)),
        "outs": lambda: hr.outs("Ah Qh", ["Jh Th", "Kd Kc"], "Kh 7h 2c 9s").summary(),  # imported on first use
        "breakdown": lambda: repr(hr.breakdown("QQ+,AKs", "Kd 9s 4c")),
        "compat": lambda: __import__("handrank.compat.phevaluator").compat.phevaluator.evaluate_cards(
            "As", "Ks", "Qs", "Js", "Ts", "2c", "3d"),
    }
    names = list(jobs) * 3
    random.Random(1).shuffle(names)
    start = threading.Barrier(8)

    def run(chunk):
        start.wait()
        return [(name, jobs[name]()) for name in chunk]

    with ThreadPoolExecutor(8) as pool:
        together = [pair for part in pool.map(run, [names[i::8] for i in range(8)]) for pair in part]
    alone = {name: job() for name, job in jobs.items()}
    wrong = sorted({name for name, answer in together if answer != alone[name]})
    print("calls", len(together), "wrong", wrong)
""")


def test_calls_from_eight_threads_at_once_answer_as_one_thread_does() -> None:
    done = subprocess.run([sys.executable, "-c", CONCURRENT], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["calls", "60", "wrong", "[]"], done.stdout + done.stderr


def _spins_during(call) -> int:
    """How many steps another Python thread took while ``call`` ran. The switch interval is
    set long, so that no thread is made to give up the GIL: the other thread (which gives it
    up at each step) runs only where the call lets the GIL go, as its C calls do."""
    count, stop = [0], threading.Event()

    def spin() -> None:
        while not stop.is_set():
            count[0] += 1
            time.sleep(0)  # gives up the GIL, and takes it again when the call lets it go

    interval = sys.getswitchinterval()
    spinner = threading.Thread(target=spin)
    spinner.start()
    try:
        while count[0] < 10:  # running before the call starts
            time.sleep(0.001)
        sys.setswitchinterval(30.0)
        before = count[0]
        call()
        return count[0] - before
    finally:
        sys.setswitchinterval(interval)
        stop.set()
        spinner.join()


def _other_thread_ran_during(call) -> bool:
    """Tried three times: a call that holds the GIL fails every time, a thread woken late once."""
    return any(_spins_during(call) > 0 for _ in range(3))


_HOLES, _BOARDS = handrank.deal(3_000_000, 1, seed=1)
ROWS = np.concatenate([_HOLES[:, 0], _BOARDS], axis=1)  # each call below is 10 ms or more of C


@pytest.mark.parametrize("call", [
    lambda: handrank.evaluate_many(ROWS, threads=1),
    lambda: handrank.deal(1_000_000, 3, seed=1, threads=1),
    lambda: handrank.equity(["QQ+,AKs", "JJ-88", "random"], trials=2_000_000, seed=1, threads=1),
    lambda: handrank.equity(["AA,KK", "QQ,JJ", "AKs,AQs"], threads=1),  # exact, 3-way preflop
    lambda: omaha.showdown_many(*omaha.deal(1_000_000, 2, seed=1), threads=1),
    lambda: stud.deal(1_000_000, 4, seed=1, threads=1),
    lambda: handrank.census(7),
], ids=["evaluate_many", "deal", "equity sampled", "equity exact", "omaha showdown_many", "stud deal", "census"])
def test_c_calls_let_other_threads_run(call) -> None:
    assert _other_thread_ran_during(call)
