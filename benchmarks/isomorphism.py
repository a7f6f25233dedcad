"""Hand isomorphism indexes in bulk against evaluate_many's 7-card rate, in one run.

    python benchmarks/isomorphism.py [--hands 2000000] [--rounds 9] > docs/benchmarks/isomorphism.txt

One thread, random hands as C-contiguous uint8 arrays (generation not timed), results into
arrays given as out= (allocation not timed), CPU time in --rounds alternating rounds
(common.cpu_rounds: each ratio is the median of the rounds' ratios, so that the machine's
drift between rounds cancels): Indexer([2, 5]) river indexes (7 cards), Indexer([2, 3]) flop
indexes, unindex of random river classes, and evaluate_many on the same 7-card rows for the
ratio issue 22 asks about (river indexes at least 0.5x of it). Then one hand a call, as a bot
asks, in rounds the same way: a river index of 7 ints and of a card string, a river unindex,
beside ``handrank.evaluate`` of the same 7 ints.
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np
from common import cpu_rounds, machine, median_ratio, random_hands

import handrank
from handrank.isomorphism import Indexer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    sevens = random_hands(args.hands, 7, 1)
    fives = np.ascontiguousarray(sevens[:, :5])
    river, flop = Indexer([2, 5]), Indexer([2, 3])
    out = np.empty(len(sevens), dtype=np.uint16)
    indexes = np.empty(len(sevens), dtype=np.uint64)  # out= for both, as evaluate_many has
    classes = river.index(sevens[: len(sevens) // 4])
    t = cpu_rounds({"rank": lambda: handrank.evaluate_many(sevens, threads=1, out=out),
                    "river": lambda: river.index(sevens, threads=1, out=indexes),
                    "flop": lambda: flop.index(fives, threads=1, out=indexes),
                    "unindex": lambda: river.unindex(classes, threads=1)}, args.rounds)
    ranking, river_rate = len(sevens) / statistics.median(t["rank"]), len(sevens) / statistics.median(t["river"])
    flop_rate = len(fives) / statistics.median(t["flop"])
    unindex_rate = len(classes) / statistics.median(t["unindex"])
    river_ratios = sorted(rank / index for rank, index in zip(t["rank"], t["river"]))
    print(f"machine: {machine()}")
    print(f"one thread, {args.hands:,} random hands, {args.rounds} alternating rounds (CPU time): ratios are "
          "medians of the rounds' ratios, rates medians of the rounds")
    print(f"evaluate_many, 7 cards:              {ranking / 1e6:7.1f} M hands/s")
    print(f"river index, Indexer([2, 5]):        {river_rate / 1e6:7.1f} M hands/s "
          f"({median_ratio(t['rank'], t['river']):.2f}x evaluate_many, rounds {river_ratios[0]:.2f}-"
          f"{river_ratios[-1]:.2f}x; issue 22 asks 0.5x)")
    print(f"flop index, Indexer([2, 3]):         {flop_rate / 1e6:7.1f} M hands/s")
    print(f"river unindex, Indexer([2, 5]):      {unindex_rate / 1e6:7.1f} M classes/s")
    hands = sevens[:10_000].tolist()
    texts = [handrank.format_cards(hand) for hand in hands]
    indexes = [int(index) for index in classes[:10_000]]

    calls = {"handrank.evaluate(7 ints)": (handrank.evaluate, hands), "river.index(7 ints)": (river.index, hands),
             "river.index(card string)": (river.index, texts), "river.unindex(int)": (river.unindex, indexes)}
    t = cpu_rounds({name: (lambda call=call, items=items: [call(item) for item in items])  # type: ignore[misc]
                    for name, (call, items) in calls.items()}, args.rounds, warm_each=True)
    print("one hand a call (CPU time, in the same alternating rounds):")
    first = "handrank.evaluate(7 ints)"
    print(f"  {first + ':':35s} {statistics.median(t[first]) / len(hands) * 1e6:7.2f} us")
    for name in list(calls)[1:]:
        seconds = statistics.median(t[name]) / len(calls[name][1])
        print(f"  {name + ':':35s} {seconds * 1e6:7.2f} us ({median_ratio(t[name], t[first]):.1f}x evaluate)")


if __name__ == "__main__":
    main()
