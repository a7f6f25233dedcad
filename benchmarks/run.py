"""handrank side by side with the Python evaluators on PyPI, in one run, on the same hands.

    pip install ".[bench]" && python benchmarks/run.py

Prints one table: hands per second (medians over --repeat alternating rounds) and the ratio
to handrank, for handrank's bulk path (5/6/7 cards, 1 and 2 threads), its per-call path
(ints and strings), and each peer that is installed (treys, eval7, phevaluator, pokerkit on
a sample). Peers that return ranks are also checked against handrank on the same hands.
The contenders of a table part run one after another in each round (common.cpu_rounds), and
each ratio is the median of the rounds' ratios: on a shared machine a run's time moves by 2x
between rounds, alike for runs moments apart. Per-call rows are CPU time; bulk rows wall
time (two threads).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

import numpy as np
from common import cpu_rounds, machine, median_ratio, random_hands

import handrank


def calls(evaluate: Callable[..., object], hands: Sequence) -> Callable[[], None]:
    """One timed run: `evaluate` called on every hand in turn."""

    def run() -> None:
        for hand in hands:
            evaluate(hand)

    return run


def import_seconds(repeat: int) -> float:
    """Median time of `import handrank` in a fresh interpreter, bytecode cached as after pip install.

    PYTHONDONTWRITEBYTECODE is dropped and one import runs first to write the cache: an
    editable install under that variable would time compiling every module instead."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    code = "import time; t = time.perf_counter(); import handrank; print(time.perf_counter() - t)"
    subprocess.check_output([sys.executable, "-c", code], env=env)
    return statistics.median(float(subprocess.check_output([sys.executable, "-c", code], env=env))
                             for _ in range(repeat))


class Table:
    """Rows of (name, hands/s, ratio to a handrank row, ratio of handrank bulk to it, note)."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, float, str, str, str]] = []
        self.bulk = 0.0  # handrank evaluate_many, 7 cards, 1 thread

    def add(self, name: str, rate: float, ratio: float, note: str = "", *, bulk_ratio: bool = False) -> None:
        bulk = f"{self.bulk / rate:,.0f}x" if bulk_ratio else ""
        self.rows.append((name, rate, f"{ratio:.2f}x", bulk, note))

    def print(self) -> None:
        print(f"{'evaluator':<46} {'hands/s':>13} {'ratio':>7} {'bulk is':>8}  note")
        for name, rate, ratio, bulk, note in self.rows:
            print(f"{name:<46} {rate:>13,.0f} {ratio:>7} {bulk:>8}  {note}")


def agreement(theirs: Sequence[int], ours: np.ndarray) -> str:
    same = int(np.sum(np.asarray(theirs) == ours))
    return f"same rank as handrank on {same:,}/{len(ours):,} hands"


def order_agreement(theirs: Sequence[int], ours: np.ndarray) -> str:
    # eval7 numbers hands differently (higher is better): compare the order of neighbours.
    theirs_arr = np.asarray(theirs, dtype=np.int64)
    ours_arr = ours.astype(np.int64)
    same = int(np.sum(np.sign(np.diff(theirs_arr)) == -np.sign(np.diff(ours_arr))))
    return f"same order as handrank on {same:,}/{len(ours) - 1:,} neighbouring pairs"


def bulk_rows(table: Table, ncards: int, args: argparse.Namespace) -> None:
    """handrank evaluate_many on random hands (generation not timed): 1 thread, 2 threads with
    `out` reused and with a new output array, in alternating rounds of wall time (each run
    warmed by an untimed one just before it: on a VM an idle second vCPU takes a while to run
    at full speed again)."""
    hands = random_hands(args.hands, ncards, seed=ncards)
    out = np.empty(len(hands), dtype=np.uint16)
    runs = {
        "1 thread, out= reused": lambda: handrank.evaluate_many(hands, threads=1, out=out),
        "2 threads, out= reused": lambda: handrank.evaluate_many(hands, threads=2, out=out),
        "2 threads, new output array": lambda: handrank.evaluate_many(hands, threads=2),
    }
    seconds = cpu_rounds(runs, args.repeat, warm_each=True, clock=time.perf_counter)
    one = seconds["1 thread, out= reused"]
    for name in runs:
        threads, note = name.split(", ")
        rate = len(hands) / statistics.median(seconds[name])
        table.add(f"handrank evaluate_many {ncards} cards, {threads}", rate, median_ratio(one, seconds[name]), note)
    if ncards == 7:
        table.bulk = len(hands) / statistics.median(one)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000_000, help="hands for the bulk runs")
    parser.add_argument("--calls", type=int, default=200_000, help="hands for the per-call runs")
    parser.add_argument("--pokerkit-calls", type=int, default=2_000, help="hands for pokerkit")
    parser.add_argument("--repeat", type=int, default=7, help="alternating rounds to take the medians of")
    args = parser.parse_args()

    print(f"machine: {machine()}")
    print(f"import handrank: {import_seconds(args.repeat) * 1e3:.1f} ms (median of {args.repeat})")
    table = Table()

    for ncards in (7, 6, 5):
        bulk_rows(table, ncards, args)

    sevens = random_hands(args.calls, 7, seed=77)
    int_hands = [tuple(row) for row in sevens.tolist()]
    text_hands = [handrank.format_cards(row) for row in int_hands]
    ours = handrank.evaluate_many(sevens)
    # name: (one timed run, the hands it ranks, note)
    contenders: dict[str, tuple[Callable[[], None], int, str]] = {
        "handrank evaluate, 7 ints a call": (calls(handrank.evaluate, int_hands), len(int_hands), ""),
        "handrank evaluate, 7-card string a call": (calls(handrank.evaluate, text_hands), len(text_hands),
                                                    "'As Kd Qh ...'"),
    }
    try:
        import eval7
    except ImportError:
        print("eval7 is not installed: skipped (pip install '.[bench]')")
    else:
        cards = [[eval7.Card(text) for text in hand.split()] for hand in text_hands]
        contenders["eval7.evaluate, 7 Cards a call"] = (
            calls(eval7.evaluate, cards), len(cards),
            order_agreement([eval7.evaluate(hand) for hand in cards], ours))
    try:
        import phevaluator
    except ImportError:
        print("phevaluator is not installed: skipped (pip install '.[bench]')")
    else:
        evaluate_cards = phevaluator.evaluate_cards
        contenders["phevaluator.evaluate_cards, 7 ints a call"] = (
            calls(lambda hand: evaluate_cards(*hand), int_hands), len(int_hands),
            agreement([evaluate_cards(*hand) for hand in int_hands], ours))
    try:
        import treys
    except ImportError:
        print("treys is not installed: skipped (pip install '.[bench]')")
    else:
        evaluator = treys.Evaluator()
        tcards = [[treys.Card.new(text.replace("10", "T")) for text in hand.split()] for hand in text_hands]
        contenders["treys Evaluator.evaluate, 2 + 5 cards a call"] = (
            calls(lambda hand: evaluator.evaluate(hand[:2], hand[2:]), tcards), len(tcards),
            agreement([evaluator.evaluate(h[:2], h[2:]) for h in tcards], ours))
    try:
        from pokerkit import StandardHighHand
    except ImportError:
        print("pokerkit is not installed: skipped (pip install '.[bench]')")
    else:
        sample = [hand.replace(" ", "") for hand in text_hands[:args.pokerkit_calls]]
        contenders[f"pokerkit StandardHighHand.from_game ({len(sample):,} hands)"] = (
            calls(lambda hand: StandardHighHand.from_game(hand[:4], hand[4:]), sample), len(sample), "")
    seconds = cpu_rounds({name: run for name, (run, _, _) in contenders.items()}, args.repeat)
    base_name = "handrank evaluate, 7 ints a call"
    base = [contenders[base_name][1] / t for t in seconds[base_name]]  # hands a second, round by round
    for name, (_, count, note) in contenders.items():
        rates = [count / t for t in seconds[name]]
        table.add(name, statistics.median(rates), median_ratio(rates, base), note, bulk_ratio=True)

    table.print()
    print("ratio: bulk rows against the same card count on 1 thread; per-call rows against handrank "
          "evaluate with 7 ints.\nbulk is: how many times faster handrank evaluate_many (7 cards, 1 thread) "
          "ranks the same kind of hands than that row.")


if __name__ == "__main__":
    main()
