"""Running long C work: a thread count checked once for every API, and work cut into slices.

A slice is one C call of a few milliseconds with the GIL released. The calling thread
takes slices too, so between two of its slices Python runs and a pending Ctrl-C raises
KeyboardInterrupt at once; the other threads then stop after their current slice. Results
come back in slice order, whatever thread ran each slice, so a caller that adds them up in
that order gets the same answer on any number of threads.
"""

from __future__ import annotations

import functools
import itertools
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .cards import exact_int

if TYPE_CHECKING:
    from pathlib import Path

T = TypeVar("T")


def cpu_count() -> int:
    """CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def thread_count(threads: object, *, useful: int | None = None) -> int:
    """``threads`` checked: None is 1; else an int of at least 1, capped at the CPU count
    (and at ``useful``, the most threads the work can keep busy).

    Raises:
        TypeError: not an int (a bool, a float or a string included).
        ValueError: below 1.
    """
    if threads is None:
        return 1
    count = exact_int(threads, "threads as an int or None")
    if count < 1:
        raise ValueError(f"threads must be at least 1, got {count}")
    if count > 1:  # one thread needs no CPU count (asking the OS costs more than the rest)
        count = min(count, cpu_count())
    return max(1, min(count, useful)) if useful is not None else count


class _Bar:
    """``progress=True``: a tqdm bar (rate and time left) when tqdm is installed
    (``pip install ".[progress]"``), else one line on stderr redrawn at most twice a second."""

    def __init__(self, what: str) -> None:
        self.what, self.shown = what, 0.0
        self.bar: Any = None
        self.last: tuple[int, int] | None = None  # the last (total, done) reported
        self.start = time.monotonic()
        try:
            import tqdm  # noqa: F401
        except ImportError:
            self.tqdm = False
        else:
            self.tqdm = True

    def __call__(self, done: int, total: int) -> None:
        # a long job reports its phases in turn (a strength, then a clustering): a total of its
        # own, or a count that starts again, begins a new bar
        if self.last is not None and (total != self.last[0] or done < self.last[1] or self.last[1] >= total):
            if self.bar is not None:
                self.bar.close()
            self.bar, self.start, self.shown = None, time.monotonic(), 0.0
        self.last = (total, done)
        if self.tqdm:
            if self.bar is None:
                from tqdm import tqdm

                self.bar = tqdm(total=total, desc=self.what, unit_scale=total >= 10_000, dynamic_ncols=True)
            self.bar.update(done - self.bar.n)
            if done >= total:
                self.bar.close()
            return
        now = time.monotonic()
        if done < total and now - self.shown < 0.5:
            return
        self.shown = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f", {(total - done) / rate:.0f} s left" if 0 < done < total and rate > 0 else ""
        print(f"\r{self.what}: {done / max(total, 1):4.0%} ({done:,} of {total:,}, {rate:,.0f}/s{left})",
              end="" if done < total else "\n", file=sys.stderr, flush=True)


def progress_reporter(progress: object, what: str) -> Callable[[int, int], None] | None:
    """A long call's ``progress`` argument, checked once up front: None or False for none, True
    for a progress bar (``_Bar``), or a callable ``progress(done, total)``."""
    if progress is None or progress is False:
        return None
    if progress is True:
        return _Bar(what)
    if callable(progress):
        return progress
    raise TypeError(f"progress must be True, False, None or a callable progress(done, total), "
                    f"got {type(progress).__name__}")


CLUSTER_TASKS = 1024


def cluster_spans(total: int, step: int) -> list[tuple[int, int]]:
    """[start, end) spans covering 0..total, for tasks on a Dask cluster: ``step`` units each,
    or more, so that there are at most CLUSTER_TASKS of them (the futures held, like memory
    anywhere here, stay bounded whatever ``total`` is)."""
    step = max(step, -(-total // CLUSTER_TASKS))
    return [(start, min(total, start + step)) for start in range(0, total, step)]


class Jobs(Sequence[Callable[[], T]]):
    """``count`` jobs made on demand, job i being ``make(i)``: a long run is cut into many
    short slices (Ctrl-C is seen between them) without a list of them all."""

    def __init__(self, count: int, make: Callable[[int], Callable[[], T]]) -> None:
        self.size, self.make = count, make

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: Any) -> Any:
        if not isinstance(index, int) or not 0 <= index < self.size:
            raise IndexError(index)
        return self.make(index)


_running = threading.local()  # this thread's run_slices state, while it runs a slice of one


def stop_requested() -> bool:
    """Whether the run_slices this thread works for has been stopped (Ctrl-C or a failure on
    another thread): a slice that loops over several C calls checks it between them."""
    state = getattr(_running, "state", None)
    return state is not None and bool(state["stop"])


def run_slices(slices: Sequence[Callable[[], T]], threads: int,
               progress: Callable[[int, int], None] | None = None,
               fold: Callable[[T], None] | None = None) -> list[T]:
    """Each slice's result, in order; ``threads`` threads take the slices in turn.

    ``progress(done, total)`` is called on the calling thread as slices finish. With
    ``fold``, each result is handed to it in slice order as soon as the slices before it are
    done (one at a time), and none is kept: memory stays bounded however many slices there
    are; the list returned is then empty.
    """
    total = len(slices)
    results: list[Any] = [] if fold else [None] * total
    if threads <= 1 or total <= 1:
        for index in range(total):
            result = slices[index]()
            if fold:
                fold(result)
            else:
                results[index] = result
            if progress:
                progress(index + 1, total)
        return results

    lock = threading.Lock()
    state = {"next": 0, "done": 0, "stop": False, "shown": 0, "folded": 0}
    failures: list[BaseException] = []
    pending: dict[int, Any] = {}  # with fold: results waiting for the slices before them

    def take() -> int:
        with lock:
            if state["stop"] or state["next"] >= total:
                return -1
            index = state["next"]
            state["next"] += 1
            return index

    def finish(index: int, result: Any) -> None:
        if fold is None:
            results[index] = result
        with lock:
            if fold is not None:
                pending[index] = result
                while state["folded"] in pending:
                    fold(pending.pop(state["folded"]))
                    state["folded"] += 1
            state["done"] += 1

    def worker() -> None:
        _running.state = state
        try:
            while (index := take()) >= 0:
                finish(index, slices[index]())
        except BaseException as error:  # handed to the calling thread
            failures.append(error)
            state["stop"] = True
        finally:
            _running.state = None

    workers = [threading.Thread(target=worker, daemon=True) for _ in range(threads - 1)]
    for thread in workers:
        thread.start()
    _running.state = state
    try:
        while (index := take()) >= 0:
            finish(index, slices[index]())
            if progress and state["done"] > state["shown"]:
                state["shown"] = state["done"]
                progress(state["done"], total)
        for thread in workers:
            while thread.is_alive():  # short waits: Ctrl-C is seen between them
                thread.join(0.05)
    except BaseException:
        state["stop"] = True
        raise
    finally:
        _running.state = None
    if failures:
        raise failures[0]
    if progress and state["shown"] < total:
        progress(total, total)
    return results


_GATHER_BLOCK = 256  # results fetched from a Dask cluster at a time


def each_result(job: Callable[..., T], args: Sequence[tuple[Any, ...]], keep: Callable[[int, T], None],
                threads: int, client: Any = None, progress: Callable[[int, int], None] | None = None) -> None:
    """``job(*args[i])`` for every i, on ``threads`` threads (slices, as ``run_slices``) or on
    a Dask ``client``'s workers, each result handed to ``keep(i, result)`` in order, one at a
    time (so ``keep`` may add results up), and then dropped: memory holds what ``keep``
    builds, not every result besides it (from a cluster, ``_GATHER_BLOCK`` at a time)."""
    if client is not None:
        futures = client.map(job, *(list(column) for column in zip(*args))) if args else []
        for start in range(0, len(futures), _GATHER_BLOCK):
            for offset, result in enumerate(client.gather(futures[start:start + _GATHER_BLOCK])):
                keep(start + offset, result)
        return
    order = itertools.count()
    run_slices([functools.partial(job, *arg) for arg in args], threads, progress,
               fold=lambda result: keep(next(order), result))


def file_to_write(path: Path, what: str = "") -> Path:
    """A file a long job writes (``what`` names it in errors, e.g. "the checkpoint "),
    checked before any work: not a folder, in a folder that exists."""
    if path.is_dir():
        raise ValueError(f"cannot write {what}{str(path)!r}: it is a folder; name the file to write")
    if not path.parent.is_dir():
        raise ValueError(f"cannot write {what}{str(path)!r}: the folder {str(path.parent)!r} does not exist")
    return path
