"""Card abstraction features (issue 22): OCHS of every flop class and the flop abstraction job
with OCHS features, wall time on this machine, with its machine and date.

    python benchmarks/abstraction.py [--threads 2]   # writes docs/benchmarks/abstraction.txt
    python benchmarks/abstraction.py --goals         # and issue 22's jobs (about 10 minutes more)
    python benchmarks/abstraction.py --turn          # the whole turn job once (writes abstraction_turn.txt)
    python benchmarks/abstraction.py --river         # river jobs, ehs and hist:50 (writes abstraction_river.txt)

One run each (they take tens of seconds): opponent_clusters(8) (the preflop distributions
are worked out on first use), class_features("flop", ochs=...), and `handrank abstraction
--street flop --features ochs:8 --buckets 50` from scratch into a temporary folder. With
--goals, issue 22's own jobs too: `--features hist:50 --buckets 200` on the flop, from scratch
(goal: minutes), and on the turn (goal: under an hour) its strength, and its clustering's
setup and time an iteration from runs of 3 and 6 iterations (the whole run is estimated).
With --turn, only the whole turn job, from scratch to its buckets, as `handrank abstraction
--street turn --features hist:50 --buckets 200 --seed 1` runs it (about 5 minutes here).
With --river, the river job with `--features ehs --buckets 200` from scratch, then with
`--features hist:50 --buckets 50` from the strength file it kept, then `--features ochs:8
--buckets 200` from scratch, whole; about 8 minutes here, 15 GB of disk and 7 GB of memory.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from common import machine, write_report

from handrank.abstraction import class_features, opponent_clusters
from handrank.abstraction_job import run_abstraction_job
from handrank.strength_job import run_strength_job


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--goals", action="store_true", help="issue 22's flop and turn hist:50 jobs, 200 buckets")
    parser.add_argument("--turn", action="store_true", help="only the whole turn hist:50 job, 200 buckets")
    parser.add_argument("--river", action="store_true", help="only the river jobs: ehs, hist:50, ochs:8")
    args = parser.parse_args()
    if args.turn:
        whole_turn(args.threads)
        return
    if args.river:
        river(args.threads)
        return
    lines = [f"machine: {machine()}", f"threads: {args.threads}, wall time, one run each"]
    start = time.perf_counter()
    clusters = opponent_clusters(8, seed=1, threads=args.threads)
    lines.append(f"opponent_clusters(8), first call:                   {time.perf_counter() - start:6.1f} s")
    start = time.perf_counter()
    features = class_features("flop", ochs=clusters, threads=args.threads)
    lines.append(f"class_features('flop', ochs=8 clusters), {len(features.ehs):,} classes: "
                 f"{time.perf_counter() - start:6.1f} s")
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        run_abstraction_job("flop", Path(folder) / "flop.npz", features="ochs:8", buckets=50, seed=1,
                            threads=args.threads)
        lines.append(f"abstraction job, flop, ochs:8, 50 buckets, from scratch: {time.perf_counter() - start:6.1f} s")
    if args.goals:
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "flop.npz"
            start = time.perf_counter()
            summary = run_abstraction_job("flop", out, features="hist:50", buckets=200, seed=1, threads=args.threads)
            lines.append(f"abstraction job, flop, hist:50, 200 buckets, from scratch: "
                         f"{(time.perf_counter() - start) / 60:6.1f} min ({summary['iterations']} iterations)")
            print(lines[-1], flush=True)
        # the turn's clustering runs to its cap of 100 iterations (nothing stops moving among 14 M
        # points sooner): its strength is timed, and an iteration from runs of 3 and 6 of them
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "turn.npz"
            start = time.perf_counter()
            run_strength_job("turn", out.with_name("turn.npz.strength.npz"), bins=50, threads=args.threads)
            strength = time.perf_counter() - start
            runs = []
            for iterations in (3, 6):
                out.with_name("turn.npz.clustering.npz").unlink(missing_ok=True)  # each run from its start
                start = time.perf_counter()
                run_abstraction_job("turn", out, features="hist:50", buckets=200, seed=1, iterations=iterations,
                                    threads=args.threads)
                runs.append(time.perf_counter() - start)
            per_iteration = (runs[1] - runs[0]) / 3
            setup = runs[0] - 3 * per_iteration
            lines.append(f"abstraction job, turn, hist:50, 200 buckets: strength {strength / 60:.1f} min; features "
                         f"and k-means++ {setup / 60:.1f} min; {per_iteration:.0f} s an iteration (from runs of 3 "
                         f"and 6), so about {(strength + setup + 100 * per_iteration) / 60:.0f} min at the cap of "
                         "100 iterations (an estimate, not a run)")
            print(lines[-1], flush=True)
    write_report(lines, "abstraction.txt")


def whole_turn(threads: int) -> None:
    """The turn job from scratch to its buckets, timed by stage, one run (abstraction_turn.txt)."""
    lines = [f"machine: {machine()}", f"threads: {threads}, wall time, one run"]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "turn.npz"
        start = time.perf_counter()
        run_strength_job("turn", out.with_name("turn.npz.strength.npz"), bins=50, threads=threads)
        strength = time.perf_counter() - start
        summary = run_abstraction_job("turn", out, features="hist:50", buckets=200, seed=1, threads=threads)
        total = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # KiB on Linux: GiB
        lines.append(f"abstraction job, turn, hist:50, 200 buckets, from scratch: {total / 60:.1f} min in all "
                     f"(strength {strength / 60:.1f} min, then features and clustering, {summary['iterations']} "
                     f"iterations); output {out.stat().st_size / 1e6:.0f} MB; peak memory {peak:.1f} GiB")
    print(lines[-1], flush=True)
    write_report(lines, "abstraction_turn.txt")


def river(threads: int) -> None:
    """The river jobs, timed, one run each (abstraction_river.txt): ehs from scratch, then
    hist:50 from the strength file that the first kept, then ochs:8 from scratch, whole."""
    lines = [f"machine: {machine()}", f"threads: {threads}, wall time, one run each"]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "river.npz"
        for features, buckets in (("ehs", 200), ("hist:50", 50)):
            start = time.perf_counter()
            summary = run_abstraction_job("river", out, features=features, buckets=buckets, seed=1, threads=threads)
            took = time.perf_counter() - start
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # KiB on Linux: GiB
            strength = out.with_name("river.npz.strength.npz").stat().st_size / 1e9
            lines.append(f"abstraction job, river, {features}, {buckets} buckets, "
                         f"{'from scratch' if features == 'ehs' else 'from the kept strength file'}: "
                         f"{took / 60:.1f} min ({summary['classes']:,} classes clustered as {summary['points']:,} "
                         f"distinct points, {summary['iterations']} iterations); strength file {strength:.1f} GB; "
                         f"peak memory so far {peak:.1f} GiB")
            print(lines[-1], flush=True)
    # ochs:8 whole, from scratch: its strength, the features' distinct points, k-means++ and
    # Lloyd's iterations up to convergence or the cap of 100
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "river.npz"
        start = time.perf_counter()
        summary = run_abstraction_job("river", out, features="ochs:8", buckets=200, seed=1, threads=threads)
        took = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        size = out.with_name("river.npz.strength.npz").stat().st_size / 1e9
        lines.append(f"abstraction job, river, ochs:8, 200 buckets, from scratch: {took / 60:.1f} min "
                     f"({summary['classes']:,} classes clustered as {summary['points']:,} distinct points, "
                     f"{summary['iterations']} iterations); strength file {size:.1f} GB; peak memory so far "
                     f"{peak:.1f} GiB")
        print(lines[-1], flush=True)
    write_report(lines, "abstraction_river.txt")


if __name__ == "__main__":
    main()
