"""Heads-up push or fold, simulated: is shoving the top X% of hands from the small blind
profitable when the big blind calls with the top Y%?

    python examples/push_fold.py --hands 10000000 --stack 10 --push 40 --call 25

Each deal: the small blind (0.5 bb posted) shoves all in with a hand in the top --push percent
by preflop equity against a random hand (handrank.preflop_chart), else folds; the big blind
(1 bb posted) calls with the top --call percent, else folds. A called shove goes to a
showdown of the whole board. Dealing and showdowns run in C, a million hands a call; Python
only tallies the arrays.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

import handrank


def top_percent(percent: float) -> np.ndarray:
    """A (1326,) bool array: the holdings in the top `percent` by equity against a random hand."""
    holdings = handrank.holdings()
    chart = handrank.preflop_chart()
    ranks = "AKQJT98765432"
    equity = np.empty(len(holdings))
    for i, (hi, lo) in enumerate(holdings.tolist()):
        high, low = ranks.index("23456789TJQKA"[hi >> 2]), ranks.index("23456789TJQKA"[lo >> 2])
        row, column = min(high, low), max(high, low)
        suited = (hi & 3) == (lo & 3)
        equity[i] = chart[row, column] if (row == column or suited) else chart[column, row]
    order = np.argsort(-equity, kind="stable")
    chosen = np.zeros(len(holdings), dtype=bool)
    chosen[order[:round(len(holdings) * percent / 100)]] = True
    return chosen


def simulate(hands: int, stack: float, push: float, call: float, seed: int, batch: int = 1_000_000,
             progress: bool = True) -> dict[str, float]:
    pushes, calls = top_percent(push), top_percent(call)
    profit, pushed, called = 0.0, 0, 0
    done = 0
    start = time.perf_counter()
    while done < hands:
        n = min(batch, hands - done)
        holes, boards = handrank.deal(n, 2, seed=seed + done // batch)
        index = holes.max(axis=2).astype(np.int64)
        index = index * (index - 1) // 2 + holes.min(axis=2)  # holding_index, for whole arrays
        shove, answer = pushes[index[:, 0]], calls[index[:, 1]]
        showdown = shove & answer
        _, shares = handrank.showdown_many(holes[showdown], boards[showdown])
        # the small blind's result in big blinds: fold -0.5, shove and fold +1, showdown: share of 2 stacks
        profit += -0.5 * (~shove).sum() + 1.0 * (shove & ~answer).sum()
        profit += (shares[:, 0] / 2520 * 2 * stack - stack).sum()
        pushed += int(shove.sum())
        called += int(showdown.sum())
        done += n
        if progress:
            bar = "#" * (30 * done // hands)
            print(f"\r[{bar:<30}] {done / hands:4.0%} {done:,} hands", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    seconds = time.perf_counter() - start
    return {"hands": hands, "ev_bb": profit / hands, "push_rate": pushed / hands,
            "call_rate": called / max(pushed, 1), "seconds": seconds, "hands_per_second": hands / seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--stack", type=float, default=10.0, help="effective stack in big blinds")
    parser.add_argument("--push", type=float, default=40.0, help="the small blind shoves the top PUSH percent")
    parser.add_argument("--call", type=float, default=25.0, help="the big blind calls with the top CALL percent")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    result = simulate(args.hands, args.stack, args.push, args.call, args.seed, progress=sys.stderr.isatty())
    print(f"{result['hands']:,} hands, stacks {args.stack:g} bb: the small blind shoves {result['push_rate']:.1%}, "
          f"is called {result['call_rate']:.1%} of the time and wins {result['ev_bb']:+.4f} bb a hand "
          f"({result['hands_per_second'] / 1e6:.1f} M hands/s)")


if __name__ == "__main__":
    main()
