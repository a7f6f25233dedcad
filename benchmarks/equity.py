"""handrank.equity side by side with eval7's equity functions, in one run.

    pip install ".[bench]" && python benchmarks/equity.py

Heads-up preflop, As Ah against Kd Kc: exact enumeration (1,712,304 boards) and Monte
Carlo, each timed as the median of --repeat runs, with the answers next to the exact one.
Monte Carlo speed is given as showdown evaluations per second (deals x players).
"""

from __future__ import annotations

import argparse

from common import machine, timed

import handrank


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=10_000_000, help="Monte Carlo deals for handrank")
    parser.add_argument("--eval7-trials", type=int, default=1_000_000, help="Monte Carlo deals for eval7")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print(f"machine: {machine()}")

    exact = handrank.equity(["AsAh", "KdKc"])
    truth = exact.equity[0]
    print(f"As Ah vs Kd Kc preflop: exact equity {truth:.6f} over {exact.boards:,} boards\n")
    print(f"{'run':<52} {'time':>10} {'speed':>22}  answer")
    for threads in (1, 2):
        seconds, result = timed(lambda t=threads: handrank.equity(["AsAh", "KdKc"], threads=t), args.repeat)
        print(f"{f'handrank equity exact, {threads} thread(s)':<52} {seconds * 1e3:>8.1f} ms {'':>22}  "
              f"{result.equity[0]:.6f}")
    for threads in (1, 2):
        seconds, result = timed(
            lambda t=threads: handrank.equity(["AsAh", "KdKc"], trials=args.trials, seed=1, threads=t), 3)
        rate = 2 * args.trials / seconds
        print(f"{f'handrank equity Monte Carlo {args.trials:,}, {threads} thread(s)':<52} {seconds * 1e3:>8.1f} ms "
              f"{rate / 1e6:>13.1f} M eval/s  {result.equity[0]:.6f} ± {result.stderr[0]:.6f}")

    try:
        import eval7
    except ImportError:
        print("eval7 is not installed: skipped (pip install '.[bench]')")
        return
    hero, villain = [eval7.Card("As"), eval7.Card("Ah")], eval7.HandRange("KdKc")
    seconds, answer = timed(lambda: eval7.py_hand_vs_range_exact(hero, villain, []), args.repeat)
    note = "" if abs(answer - truth) < 1e-6 else f"  <- wrong (exact is {truth:.6f})"
    print(f"{'eval7 py_hand_vs_range_exact':<52} {seconds * 1e3:>8.3f} ms {'':>22}  {answer:.6f}{note}")
    seconds, answer = timed(
        lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], args.eval7_trials), 3)
    rate = 2 * args.eval7_trials / seconds
    print(f"{f'eval7 py_hand_vs_range_monte_carlo {args.eval7_trials:,}':<52} {seconds * 1e3:>8.1f} ms "
          f"{rate / 1e6:>13.1f} M eval/s  {answer:.6f}")


if __name__ == "__main__":
    main()
