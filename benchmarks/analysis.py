"""Range analysis speed (issue 23): a full range's breakdown in C, and combo_equity against
the equity() call for the same spot, as ratios in one run (CPU time, one thread, in
alternating rounds: each ratio the median of the rounds' ratios, each time the median of the
rounds).

    python benchmarks/analysis.py        # writes docs/benchmarks/analysis.md

Goals: a breakdown of 1,326 combos on a flop under a millisecond of C; combo_equity of a
200-combo range against a 200-combo range on a flop at most 1.5x equity().
"""

from __future__ import annotations

import statistics

import numpy as np
from common import cpu_rounds, machine, median_ratio, write_report

import handrank
from handrank._core import ffi, lib
from handrank.ranges import parse_range

HERO = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+"   # 226 combos
VILLAIN = "55+,A8s+,K9s+,Q9s+,J9s+,T9s,98s,A9o+,KTo+,QJo"   # 236 combos
FLOPS = ["Kd 9s 4c", "Kd 9d 4c", "Kd 9d 4d"]  # rainbow, two-tone, monotone (suit symmetry differs)


def main() -> None:
    lines = [f"machine: {machine()}", "", "| measure | time | ratio | goal |", "| --- | ---: | ---: | --- |"]
    board = bytes(handrank.parse("Kd 9s 4c"))
    combos = np.array([c for c in parse_range("random") if not set(c) & set(board)], dtype=np.uint8)
    made, draws = np.empty(len(combos), np.uint8), np.empty(len(combos), np.uint16)

    def kernel() -> None:
        lib.hr_breakdown(ffi.from_buffer("uint8_t[]", combos), len(combos), board, 3,
                         ffi.from_buffer("uint8_t[]", made), ffi.from_buffer("uint16_t[]", draws))

    def repeated(run: object, times: int) -> object:  # a run long enough to time: `times` calls
        return lambda: [run() for _ in range(times)]  # type: ignore[operator]

    t = cpu_rounds({"kernel": repeated(kernel, 50),
                    "call": repeated(lambda: handrank.breakdown("random", "Kd 9s 4c"), 50)}, 9)
    c_time, call_time = statistics.median(t["kernel"]) / 50, statistics.median(t["call"]) / 50
    lines.append(f"| breakdown('random', flop): the C kernel, {len(combos)} combos | {c_time * 1e3:.3f} ms | | "
                 f"under 1 ms: {'met' if c_time < 1e-3 else 'not met'} |")
    lines.append(f"| breakdown('random', flop): the whole call | {call_time * 1e3:.3f} ms | "
                 f"{median_ratio(t['call'], t['kernel']):.1f}x the kernel | |")
    sizes = len(parse_range(HERO)), len(parse_range(VILLAIN))
    for flop in FLOPS:
        t = cpu_rounds({"combo": lambda flop=flop: handrank.combo_equity(HERO, VILLAIN, flop, threads=1),
                        "plain": lambda flop=flop: handrank.equity([HERO, VILLAIN], flop, threads=1)}, 9)
        combo, plain, ratio = statistics.median(t["combo"]), statistics.median(t["plain"]), median_ratio(
            t["combo"], t["plain"])
        lines.append(f"| combo_equity {sizes[0]} vs {sizes[1]} combos on {flop} | {combo * 1e3:.1f} ms | "
                     f"{ratio:.2f}x equity() ({plain * 1e3:.1f} ms) | at most 1.5x: "
                     f"{'met' if ratio <= 1.5 else 'not met'} |")
    write_report(lines, "analysis.md")


if __name__ == "__main__":
    main()
