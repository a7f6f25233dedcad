"""handrank.equity against an earlier handrank (another venv) and eval7, in one run.

    pip install ".[bench]"
    python -m venv /tmp/old && /tmp/old/bin/pip install "git+file://$PWD@cfa1b39"  # or a checkout
    python benchmarks/equity.py --baseline-python /tmp/old/bin/python

(The exact spots' goals were set against cfa1b39, issue 8's day; the Monte Carlo estimate
against OMPEval needs 31cff43, issue 20's day: run it once with each, the second with
--monte-carlo, which leaves the exact table out. docs/benchmarks/equity_mc.txt is that run.)

Every spot of issue 8's table, exact, one thread: the median time of this checkout and of
the baseline (timed in its own process, same machine, same run), their ratio, and the
goal: issue 8 measured the baseline at N times slower than OMPEval, so a spot meets the
goal of "2x faster than OMPEval" when this checkout is at least 2N times faster than the
baseline. The answers of both are compared. Then Monte Carlo throughput (showdowns a
second on one core: deals x players) of both, and eval7's numbers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import time

import numpy as np
from common import machine

import handrank

# (name, players, board, dead, how many times slower than OMPEval the baseline was)
SPOTS = [
    ("AsAh vs KdKc preflop", ["AsAh", "KdKc"], "", "", 4.5),
    ("7c2d vs AsAd preflop", ["7c2d", "AsAd"], "", "", 4.9),
    ("AsAh / KdKc / QhQc preflop", ["AsAh", "KdKc", "QhQc"], "", "", 3.6),
    ("6 players preflop", ["AsAh", "KdKc", "QhJh", "Ts9s", "8d8c", "7c6d"], "", "", 1.9),
    ("AsAh vs 'KK,AKs,AQs' preflop", ["AsAh", "KK,AKs,AQs"], "", "", 6.8),
    ("'QQ+,AKs' vs 'JJ-88' preflop", ["QQ+,AKs", "JJ-88"], "", "", 50),
    ("'AA,KK' vs 'AKs' vs 'QQ' on Js Ts 4h", ["AA,KK", "AKs", "QQ"], "Js Ts 4h", "", 7.7),
    ("'TT+,AQs+' vs 'KQs,JTs,99' on Kd 9s 4c 8h", ["TT+,AQs+", "KQs,JTs,99"], "Kd 9s 4c 8h", "", 22),
    ("4 players on Ts 9h 2s", ["AsKs", "QhJh", "9c9d", "7s6s"], "Ts 9h 2s", "", 5.1),
]

# Monte Carlo: issue 20's three spots, and ranges on a flop
MC_SPOTS = [(["AsAh", "KdKc"], ""), (["AA,KK", "QQ,JJ", "AKs,AQs"], ""), (["QQ+,AKs", "JJ-88", "random"], ""),
            (["QQ+,AKs", "JJ-88", "A2s+,KQo,76s"], "Kd 9s 4c")]
# Issue 20 measured, in one run, the handrank of its day (31cff43) and OMPEval's Monte Carlo on
# its first three spots (M deals/s, one thread). With that checkout as the baseline, this
# checkout's speed-up over it times handrank/OMPEval then estimates this checkout against OMPEval.
ISSUE20_MC = [(24.6, 24.5), (10.0, 17.3), (14.2, 18.5)]
ISSUE20_BASELINE = "31cff43"

# Run in the baseline's interpreter: times each spot, prints JSON. Only `equity` is used.
TIMER = r"""
import json, statistics, sys, time
import handrank
sys.modules["handrank.equity"].EXACT_BUDGET = 10**13  # exact on every spot, as the issue timed it
spots, budget = json.loads(sys.stdin.read())
out = []
for players, board, dead in spots:
    handrank.equity(players, board, dead)  # warm up
    times, result = [], None
    while len(times) < 3 or (sum(times) < budget and len(times) < 2000):
        start = time.perf_counter()
        result = handrank.equity(players, board, dead)
        times.append(time.perf_counter() - start)
    out.append([statistics.median(times), result.equity, result.exact])
print(json.dumps(out))
"""

# Run in the baseline's interpreter for the Monte Carlo rounds: one spot a line (JSON), its
# CPU time printed back, so that each round times both versions in turn.
MC_TIMER = r"""
import json, sys, time
import handrank
for line in sys.stdin:
    players, board, trials = json.loads(line)
    start = time.process_time()
    handrank.equity(players, board, trials=trials, seed=1, threads=1)
    print(time.process_time() - start, flush=True)
"""


def timed_here(players: list[str], board: str, dead: str, budget: float) -> tuple[float, list[float], bool]:
    import statistics

    handrank.equity(players, board, dead)
    times: list[float] = []
    result = None
    while len(times) < 3 or (sum(times) < budget and len(times) < 2000):
        start = time.perf_counter()
        result = handrank.equity(players, board, dead)
        times.append(time.perf_counter() - start)
    assert result is not None
    return statistics.median(times), result.equity, result.exact


def fmt(seconds: float) -> str:
    return f"{seconds * 1e3:,.3f} ms" if seconds < 0.1 else f"{seconds * 1e3:,.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-python", help="python of a venv with the earlier handrank installed")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds of repeats per spot and version")
    parser.add_argument("--trials", type=int, default=4_000_000, help="Monte Carlo deals")
    parser.add_argument("--rounds", type=int, default=11, help="alternating rounds of the Monte Carlo timings")
    parser.add_argument("--monte-carlo", action="store_true",
                        help="only Monte Carlo (and eval7): for a baseline of 31cff43, whose exact goals do not apply")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    print(f"handrank {handrank.__file__}\n")

    baseline = None
    if args.baseline_python and not args.monte_carlo:
        spots = [[players, board, dead] for _, players, board, dead, _ in SPOTS]
        done = subprocess.run([args.baseline_python, "-c", TIMER], input=json.dumps([spots, args.budget]),
                              capture_output=True, text=True, check=True)
        baseline = json.loads(done.stdout)

    if not args.monte_carlo:
        exact_table(args.budget, baseline)
    monte_carlo(args.trials, args.baseline_python, args.rounds)
    peers()


def exact_table(budget: float, baseline: list | None) -> None:
    print("| spot (exact, 1 thread) | this | baseline | speed-up | goal | met |")
    print("| --- | ---: | ---: | ---: | ---: | :---: |")
    for k, (name, players, board, dead, slower) in enumerate(SPOTS):
        seconds, answer, exact = timed_here(players, board, dead, budget)
        assert exact, name
        if baseline:
            old_seconds, old_answer, old_exact = baseline[k]
            assert old_exact and all(abs(a - b) < 1e-9 for a, b in zip(answer, old_answer)), (name, answer, old_answer)
            ratio = old_seconds / seconds
            print(f"| {name} | {fmt(seconds)} | {fmt(old_seconds)} | {ratio:,.1f}x | {2 * slower:g}x | "
                  f"{'yes' if ratio >= 2 * slower else 'no'} |")
        else:
            print(f"| {name} | {fmt(seconds)} | | | {2 * slower:g}x | |")


def monte_carlo(trials: int, baseline_python: str | None, rounds: int) -> None:
    print(f"\nMonte Carlo, {trials:,} deals, 1 thread, CPU time, {rounds} alternating rounds (issue 20's spots; a "
          "deal's rows are its players' hands, set against evaluate_many's rows a second on random 7-card rows, "
          "timed beside each spot; the baseline in its own process, timed beside it too; rates and ratios are "
          "medians over the rounds)")
    rows = np.argsort(np.random.default_rng(1).random((1_000_000, 52)), axis=1)[:, :7].astype(np.uint8)
    for players, board in MC_SPOTS:
        handrank.equity(players, board, trials=100_000, seed=1)
    handrank.evaluate_many(rows, threads=1)
    child = None
    if baseline_python:
        child = subprocess.Popen([baseline_python, "-c", MC_TIMER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 text=True)

    def baseline_seconds(players: list[str], board: str, deals: int) -> float:
        assert child is not None and child.stdin is not None and child.stdout is not None
        child.stdin.write(json.dumps([players, board, deals]) + "\n")
        child.stdin.flush()
        return float(child.stdout.readline())

    if child:
        for players, board in MC_SPOTS:
            baseline_seconds(players, board, 100_000)  # warm up
    row_rates: list[float] = []
    rates: list[list[float]] = [[] for _ in MC_SPOTS]
    ratios: list[list[float]] = [[] for _ in MC_SPOTS]
    speedups: list[list[float]] = [[] for _ in MC_SPOTS]
    def rows_seconds() -> float:
        start = time.process_time()
        handrank.evaluate_many(rows, threads=1)
        return time.process_time() - start

    for round_ in range(rounds):  # the machine's drift hits every contender of a round alike
        for k, (players, board) in enumerate(MC_SPOTS):
            # each spot beside its own evaluate_many (and baseline) timing, in turn, the order
            # reversed every other round: a spike between them moves no other spot's ratio
            steps = ["rows", "spot", "baseline"] if child else ["rows", "spot"]
            times = {}
            for step in steps if round_ % 2 == 0 else steps[::-1]:
                if step == "rows":
                    times[step] = rows_seconds()
                elif step == "baseline":
                    times[step] = baseline_seconds(players, board, trials)
                else:
                    start = time.process_time()
                    handrank.equity(players, board, trials=trials, seed=1, threads=1)
                    times[step] = time.process_time() - start
            row_rate = len(rows) / times["rows"]
            row_rates.append(row_rate)
            rates[k].append(trials / times["spot"])
            ratios[k].append(trials / times["spot"] * len(players) / row_rate)
            if child:
                speedups[k].append(times["baseline"] / times["spot"])
    if child:
        assert child.stdin is not None
        child.stdin.close()
        child.wait()
    print(f"  evaluate_many: {statistics.median(row_rates) / 1e6:.0f} M rows/s")
    for k, (players, board) in enumerate(MC_SPOTS):
        line = (f"  {' vs '.join(players)} {board}: {statistics.median(rates[k]) / 1e6:.1f} M deals/s, "
                f"{statistics.median(ratios[k]):.2f}x evaluate_many's rows "
                f"(rounds {min(ratios[k]):.2f}-{max(ratios[k]):.2f}x)")
        if child:
            speedup = statistics.median(speedups[k])
            line += f"; {speedup:.2f}x the baseline"
            if k < len(ISSUE20_MC):
                then, ompeval = ISSUE20_MC[k]
                line += (f"; about {speedup * then / ompeval:.2f}x OMPEval if the baseline is "
                         f"{ISSUE20_BASELINE} (issue 20 asks 2x)")
        print(line)


def peers() -> None:
    try:
        import eval7
    except ImportError:
        print("\neval7 is not installed: skipped (pip install '.[bench]')")
        return
    truth = handrank.equity(["AsAh", "KdKc"]).equity[0]
    hero, villain = [eval7.Card("As"), eval7.Card("Ah")], eval7.HandRange("KdKc")
    start = time.perf_counter()
    answer = eval7.py_hand_vs_range_exact(hero, villain, [])
    seconds = time.perf_counter() - start
    note = "" if abs(answer - truth) < 1e-6 else f"  <- wrong (exact is {truth:.6f})"
    print(f"\neval7 py_hand_vs_range_exact AsAh vs KdKc: {fmt(seconds)}, answer {answer:.6f}{note}")
    trials = 1_000_000
    start = time.perf_counter()
    answer = eval7.py_hand_vs_range_monte_carlo(hero, villain, [], trials)
    seconds = time.perf_counter() - start
    print(f"eval7 py_hand_vs_range_monte_carlo, {trials:,} deals: {2 * trials / seconds / 1e6:.1f} M showdowns/s, "
          f"answer {answer:.6f}")


if __name__ == "__main__":
    main()
