"""What the benchmark scripts share: the machine line and median timing."""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import numpy as np

T = TypeVar("T")


def timed(run: Callable[[], T], repeat: int) -> tuple[float, T]:
    """Median seconds of `repeat` runs, and the last run's result."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def cpu_median(run: Callable[[], object], repeat: int = 5) -> float:
    """Median CPU seconds (this process) of `repeat` runs: steadier than wall time on a shared machine."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def cpu_rounds(runs: dict[str, Callable[[], object]], rounds: int = 9, warm_each: bool = False,
               clock: Callable[[], float] = time.process_time) -> dict[str, list[float]]:
    """CPU seconds of every run in each of `rounds` rounds, the runs one after another in a round
    (every other round in reverse order), so that a ratio of two runs can be taken round by round:
    on a shared machine a run's time moves by 2x between rounds, alike for runs moments apart.
    `warm_each`: each timed run follows an untimed one of its own (caches as that run leaves
    them, not as the run before it did). `clock`: time.perf_counter where a run uses more than
    one thread (CPU time adds the threads' up)."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for run in runs.values():
        run()  # warm-up
    for round_ in range(rounds):
        names = list(runs) if round_ % 2 == 0 else list(runs)[::-1]
        for name in names:
            if warm_each:
                runs[name]()
            start = clock()
            runs[name]()
            times[name].append(clock() - start)
    return times


def median_ratio(numerator: list[float], denominator: list[float]) -> float:
    """The median over the rounds of numerator / denominator (see cpu_rounds)."""
    return statistics.median(a / b for a, b in zip(numerator, denominator))


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    today = datetime.date.today().isoformat()
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, numpy {np.__version__}; {today}"


def random_hands(count: int, ncards: int, seed: int) -> np.ndarray:
    """`count` random hands of `ncards` distinct cards, C-contiguous uint8 (N, ncards)."""
    rng = np.random.default_rng(seed)
    hands = np.empty((count, ncards), dtype=np.uint8)
    for start in range(0, count, 1 << 20):
        stop = min(count, start + (1 << 20))
        hands[start:stop] = np.argsort(rng.random((stop - start, 52)), axis=1)[:, :ncards]
    return hands


def write_report(lines: list[str], name: str) -> None:
    """Print a benchmark's report and write it to docs/benchmarks/NAME, which the site includes."""
    text = "\n".join(lines) + "\n"
    print(text)
    out = Path(__file__).resolve().parent.parent / "docs" / "benchmarks" / name
    out.write_text(text)
    print(f"wrote {out}")
