"""Hand isomorphism indexes in bulk against evaluate_many's 7-card rate, in one run.

    python benchmarks/isomorphism.py [--hands 2000000] [--repeat 5] > docs/benchmarks/isomorphism.txt

One thread, random hands as C-contiguous uint8 arrays (generation not timed), results into
arrays given as out= (allocation not timed), medians of --repeat runs: Indexer([2, 5])
river indexes (7 cards), Indexer([2, 3]) flop indexes, unindex of random river classes,
and evaluate_many on the same 7-card rows for the ratio issue 22 asks about (river
indexes at least 0.5x of it). Then one hand a call, as a bot asks (CPU time, medians): a
river index of 7 ints and of a card string, a river unindex, beside ``handrank.evaluate``
of the same 7 ints.
"""

from __future__ import annotations

import argparse

import numpy as np
from common import cpu_median, machine, random_hands, timed

import handrank
from handrank.isomorphism import Indexer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sevens = random_hands(args.hands, 7, 1)
    fives = np.ascontiguousarray(sevens[:, :5])
    river, flop = Indexer([2, 5]), Indexer([2, 3])
    out = np.empty(len(sevens), dtype=np.uint16)
    ranking = len(sevens) / timed(lambda: handrank.evaluate_many(sevens, threads=1, out=out), args.repeat)[0]
    indexes = np.empty(len(sevens), dtype=np.uint64)  # out= for both, as evaluate_many has
    river_rate = len(sevens) / timed(lambda: river.index(sevens, threads=1, out=indexes), args.repeat)[0]
    flop_rate = len(fives) / timed(lambda: flop.index(fives, threads=1, out=indexes), args.repeat)[0]
    classes = river.index(sevens[: len(sevens) // 4])
    unindex_rate = len(classes) / timed(lambda: river.unindex(classes, threads=1), args.repeat)[0]
    print(f"machine: {machine()}")
    print(f"one thread, {args.hands:,} random hands, medians of {args.repeat}")
    print(f"evaluate_many, 7 cards:              {ranking / 1e6:7.1f} M hands/s")
    print(f"river index, Indexer([2, 5]):        {river_rate / 1e6:7.1f} M hands/s ({river_rate / ranking:.2f}x "
          "evaluate_many; issue 22 asks 0.5x)")
    print(f"flop index, Indexer([2, 3]):         {flop_rate / 1e6:7.1f} M hands/s")
    print(f"river unindex, Indexer([2, 5]):      {unindex_rate / 1e6:7.1f} M classes/s")
    hands = sevens[:10_000].tolist()
    texts = [handrank.format_cards(hand) for hand in hands]
    indexes = [int(index) for index in classes[:10_000]]

    def per_call(call: object, items: list[object]) -> float:
        return cpu_median(lambda: [call(item) for item in items], args.repeat) / len(items)  # type: ignore[operator]

    evaluate_one = per_call(handrank.evaluate, hands)
    print("one hand a call (CPU time):")
    print(f"  handrank.evaluate(7 ints):          {evaluate_one * 1e6:7.2f} us")
    for name, call, items in (("river.index(7 ints)", river.index, hands),
                              ("river.index(card string)", river.index, texts),
                              ("river.unindex(int)", river.unindex, indexes)):
        seconds = per_call(call, items)
        print(f"  {name + ':':35s} {seconds * 1e6:7.2f} us ({seconds / evaluate_one:.1f}x evaluate)")


if __name__ == "__main__":
    main()
