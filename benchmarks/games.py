"""Every game's bulk ranking against Hold'em's, in one run: evaluate_many on random hands.

    python benchmarks/games.py [--hands 4000000] [--repeat 7]

One thread, a C-contiguous uint8 array (generation not timed), out= reused; the median of
--repeat runs. Each game's hands come from its own deck (short deck: 36 cards) and are
compared with Hold'em's rate at the same card count, measured in the same run. Issue 11's
goal: every game at least half of Hold'em's rate.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

import numpy as np
from common import machine, timed

import handrank
from handrank import ace_to_five, deuce_to_seven, shortdeck


def random_hands(count: int, ncards: int, deck: np.ndarray, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    hands = np.empty((count, ncards), dtype=np.uint8)
    for start in range(0, count, 1 << 20):
        stop = min(count, start + (1 << 20))
        hands[start:stop] = deck[np.argsort(rng.random((stop - start, len(deck))), axis=1)[:, :ncards]]
    return hands


def rate(evaluate_many: Callable[..., object], hands: np.ndarray, repeat: int, **options: bool) -> float:
    """Hands a second, one thread, out= reused: the median of `repeat` runs after a warm-up."""
    out = np.empty(len(hands), dtype=np.uint16)
    evaluate_many(hands, threads=1, out=out, **options)
    return len(hands) / timed(lambda: evaluate_many(hands, threads=1, out=out, **options), repeat)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4_000_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    full, short = np.arange(52, dtype=np.uint8), np.array(shortdeck.DECK, dtype=np.uint8)
    games = [
        ("ace-to-five", (5, 6, 7), full, ace_to_five.evaluate_many, {}),
        ("deuce-to-seven", (5,), full, deuce_to_seven.evaluate_many, {}),
        ("short deck", (5, 6, 7), short, shortdeck.evaluate_many, {}),
        ("short deck, trips beat straights", (5, 6, 7), short, shortdeck.evaluate_many, {"trips_beat_straight": True}),
    ]
    print(f"machine: {machine()}")
    print(f"evaluate_many, 1 thread, {args.hands:,} random hands, median of {args.repeat}\n")
    print("| game | cards | hands/s | Hold'em's, same run | ratio | goal 0.5 |")
    print("| --- | ---: | ---: | ---: | ---: | :---: |")
    holdem = {}
    for ncards in (5, 6, 7):
        holdem[ncards] = rate(handrank.evaluate_many, random_hands(args.hands, ncards, full, ncards), args.repeat)
    for name, counts, deck, evaluate_many, options in games:
        for ncards in counts:
            speed = rate(evaluate_many, random_hands(args.hands, ncards, deck, 100 + ncards), args.repeat, **options)
            ratio = speed / holdem[ncards]
            print(f"| {name} | {ncards} | {speed / 1e6:,.0f} M | {holdem[ncards] / 1e6:,.0f} M | {ratio:.2f}x | "
                  f"{'yes' if ratio >= 0.5 else 'no'} |")


if __name__ == "__main__":
    main()
