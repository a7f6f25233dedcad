"""Equity on a spot never seen before (issue 20, item 5): the first call in a fresh process,
and a new spot in a warm process (each call a suit-permuted copy of the spot, so no cache
answers it), medians, one thread, wall time.

    python benchmarks/newspot.py   # writes docs/benchmarks/newspot.md

Every cache an equity call fills is cleared before each warm call. OMPEval's whole answers, as
issue 20 measured them on its machine (not this one), are in the last column for scale; its
goals: a new spot in a warm process at least 2x faster than OMPEval, and the first call in a
process under 0.3 ms for small spots.
"""

from __future__ import annotations

import importlib
import itertools
import random
import statistics
import subprocess
import sys
import time

from common import machine, write_report

import handrank

# (players, board, OMPEval's whole answer in ms as issue 20 measured it)
SPOTS = [
    (["AhKh", "9c9d"], "Qh Jh 2c", 0.061),
    (["TT+,AQs+", "KQs,JTs,99"], "Kd 9s 4c 8h", 0.17),
    (["AsKs", "QhJh", "9c9d", "7s6s", "8h8d", "AcQc"], "Ts 9h 2s", 0.08),
    (["AA,KK", "QQ,JJ", "AKs"], "Js Ts 4h", 0.91),
    (["AA,KK", "QQ,JJ", "AKs,AQs"], "", 332.0),  # preflop, exact: issue 20 asks 2x OMPEval here too
]
SUITS = "cdhs"

FIRST_CALL = r"""
import sys, time, json
players, board = json.loads(sys.argv[1])
import handrank
start = time.perf_counter()
handrank.equity(players, board, threads=1)
print(time.perf_counter() - start)
"""


def clear_caches() -> None:
    """Every cache an equity call fills: parsed hands and ranges, checked spots, symmetry."""
    inputs = importlib.import_module("handrank._equity_input")
    inputs._SPOTS.clear()
    for cached in (inputs.holding_of_text, inputs._c_args, inputs._cards_of_text, inputs.board_text,
                   importlib.import_module("handrank._equity_engine").symmetry_group):
        cached.cache_clear()


def permuted(text: str, perm: dict[str, str]) -> str:
    """Cards with their suits renamed; a range (its 's' means suited) stays as it is."""
    try:
        handrank.parse(text)
    except ValueError:
        return text
    return "".join(perm.get(ch, ch) if i > 0 and text[i - 1] in "23456789TJQKA" else ch
                   for i, ch in enumerate(text))


def main() -> None:
    import json

    lines = [f"machine: {machine()}", "",
             "| spot | first call in a process | new spot, warm process | OMPEval (issue 20's machine) |",
             "| --- | ---: | ---: | ---: |"]
    perms = [dict(zip(SUITS, order)) for order in itertools.permutations(SUITS)]
    rng = random.Random(1)
    for players, board, omp in SPOTS:
        firsts = []
        for _ in range(15):  # fresh processes: the spread between them is wide
            done = subprocess.run([sys.executable, "-c", FIRST_CALL, json.dumps([players, board])],
                                  capture_output=True, text=True, check=True)
            firsts.append(float(done.stdout))
        warm = []
        for _ in range(60):
            perm = rng.choice(perms)
            spot = [permuted(p, perm) for p in players], permuted(board, perm)
            clear_caches()
            start = time.perf_counter()
            handrank.equity(*spot, threads=1)
            warm.append(time.perf_counter() - start)
        name = " vs ".join(players) + (f" on {board}" if board else " preflop, exact")
        lines.append(f"| {name} | {statistics.median(firsts) * 1e3:.3f} ms | {statistics.median(warm) * 1e3:.3f} ms | "
                     f"{omp:.3f} ms |")
    write_report(lines, "newspot.md")


if __name__ == "__main__":
    main()
