"""Simulations in bulk: deal + showdown and hand strength, beside the numpy-built route.

    python benchmarks/simulate.py [--deals 2000000] [--players 2,3,6] [--repeat 7]

- deal: deals a second.
- showdown_many against (a) evaluate_many on the same n x players rows of 7 cards, already
  built, both writing into arrays given with out= (as a simulation loop that reuses them),
  and (b) the numpy route: build
  those rows from the deal, rank them with evaluate_many, find the winners with min/argmin
  and split the pot.
- a loop of deal then showdown_many with new arrays every call, as a simulation written
  without out= runs: each call's arrays come from one allocation, which the C allocator keeps
  for the next call (two were handed back to the system and every page faulted again), up
  to glibc's 32 MiB limit for reuse.
- hand_strength on a rainbow, a two-tone and a monotone flop against evaluate_many ranking
  each of its (runout, holding) rows once (1,176 runouts x 1,081 holdings).
--repeat alternating rounds (common.cpu_rounds), one thread, CPU time: times are medians over
the rounds, ratios the medians of the rounds' ratios (deal's rate: the median of --repeat
runs, wall time).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import subprocess
import sys

import numpy as np
from common import cpu_rounds, machine, median_ratio, timed

import handrank


def numpy_route(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    n, players = holes.shape[:2]
    rows = np.concatenate([holes.reshape(-1, 2), np.repeat(boards, players, axis=0)], axis=1)
    ranks = handrank.evaluate_many(rows).reshape(n, players)
    winners = ranks == ranks.min(axis=1, keepdims=True)
    return winners * (2520 // winners.sum(axis=1, keepdims=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2_000_000)
    parser.add_argument("--players", default="2,3,6", help="player counts, comma-separated")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print(f"machine: {machine()}\n")
    n = args.deals
    for players in (int(count) for count in args.players.split(",")):
        showdown(n, players, args.repeat)

    for text, kind in (("Kh 7d 2c", "rainbow"), ("Qs 9s 4d", "two-tone"), ("Js 8s 3s", "monotone")):
        board = handrank.parse(text)
        strength_rows = strength_rows_of(board)
        ranked = np.empty(len(strength_rows), dtype=np.uint16)
        t = cpu_rounds({"strength": lambda b=board: handrank.hand_strength(b, threads=1),
                        "rows": lambda r=strength_rows, o=ranked: handrank.evaluate_many(r, out=o, threads=1)},
                       args.repeat)
        print(f"hand_strength on {text} ({kind}): {statistics.median(t['strength']) * 1e3:.1f} ms; evaluate_many "
              f"of its {len(strength_rows):,} rows {statistics.median(t['rows']) * 1e3:.1f} ms "
              f"({median_ratio(t['strength'], t['rows']):.1f}x)")


def showdown(n: int, players: int, repeat: int) -> None:
    """deal, then showdown_many beside evaluate_many and the numpy route, for one player count."""
    seconds, (holes, boards) = timed(lambda: handrank.deal(n, players, seed=1), repeat)
    print(f"deal, {players} players: {n / seconds / 1e6:.1f} M deals/s")
    rows = np.ascontiguousarray(np.concatenate([holes.reshape(-1, 2), np.repeat(boards, players, axis=0)], axis=1))
    out = np.empty(len(rows), dtype=np.uint16)
    ranks, shares = np.empty((n, players), np.uint16), np.empty((n, players), np.uint16)
    t = cpu_rounds({"eval": lambda: handrank.evaluate_many(rows, out=out),
                    "show": lambda: handrank.showdown_many(holes, boards, out=(ranks, shares)),
                    "numpy": lambda: numpy_route(holes, boards)}, repeat)
    assert np.array_equal(ranks.reshape(-1), out) and np.array_equal(shares, numpy_route(holes, boards))
    t_eval, t_show, t_numpy = (statistics.median(t[k]) for k in ("eval", "show", "numpy"))
    hands = n * players
    print(f"showdown_many, {players} players: {hands / t_show / 1e6:.0f} M hands/s")
    print(f"  evaluate_many on the same rows, built: {hands / t_eval / 1e6:.0f} M hands/s "
          f"(showdown_many is {median_ratio(t['eval'], t['show']):.2f}x its per-hand speed)")
    print(f"  numpy route (build rows, evaluate_many, min, split): {t_numpy * 1e3:.0f} ms against "
          f"{t_show * 1e3:.0f} ms ({median_ratio(t['numpy'], t['show']):.1f}x)")
    loop = subprocess.run([sys.executable, "-c", LOOP, str(n), str(players), str(repeat)], capture_output=True,
                          text=True, check=True).stdout.split()
    print(f"  a loop of deal then showdown_many in a new process, new arrays each call: "
          f"{n / float(loop[0]) / 1e6:.1f} M deals/s, {float(loop[0]) * 1e3:.0f} ms a call, "
          f"{float(loop[1]):,.0f} page faults a call")


# A simulation script's loop, alone in its process (what else a process allocated first
# changes what the C allocator keeps): median seconds a call, and page faults a call.
LOOP = """
import statistics, sys, time
import handrank
try:
    import resource
    faults = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_minflt
except ImportError:  # not on Windows: no fault count
    faults = lambda: 0
n, players, repeat = map(int, sys.argv[1:])
handrank.showdown_many(*handrank.deal(n, players, seed=1))
before, times = faults(), []
for seed in range(repeat):
    start = time.perf_counter()
    handrank.showdown_many(*handrank.deal(n, players, seed=seed))
    times.append(time.perf_counter() - start)
print(statistics.median(times), (faults() - before) / repeat)
"""


def strength_rows_of(board: list[int]) -> np.ndarray:
    """Every (runout, holding) row of a flop as 7 cards: 1,176 runouts x 1,081 holdings."""
    deck = [c for c in range(52) if c not in board]
    runouts = np.array(list(itertools.combinations(deck, 2)), dtype=np.uint8)
    free = np.array([h for h in handrank.holdings().tolist() if not set(h) & set(board)], dtype=np.uint8)
    every = np.concatenate([np.tile(np.array(board, np.uint8), (len(runouts) * len(free), 1)),
                            np.repeat(runouts, len(free), axis=0), np.tile(free, (len(runouts), 1))], axis=1)
    clash = np.zeros(len(every), dtype=bool)  # a runout card that is also in the holding
    for a in (3, 4):
        for b in (5, 6):
            clash |= every[:, a] == every[:, b]
    return np.ascontiguousarray(every[~clash])


if __name__ == "__main__":
    main()
