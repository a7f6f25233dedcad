"""Card abstraction for solvers: features of every isomorphism class of a street.

``class_features("flop", bins=50)`` gives, for each of the 1,286,792 classes of hole cards and
a flop (``Indexer([2, 3])``'s indexes), its EHS, EHS² and the histogram of its river hand
strength: the numbers a bucketing (k-means under the earth mover's distance, say) runs on.
They come from ``hand_strength`` on every board of the street up to suit isomorphism (each
board computes all its holdings at once), each holding stored at its class's index: every
class has a member on one of those boards. The histograms are exact integer counts of the
holding's runouts (``runouts`` of them: 1,081 on a flop, 46 on a turn, 1 on a river), so any
number of threads gives the same arrays.

>>> features = class_features("flop", bins=4)       # every flop board: seconds
>>> features.ehs.shape, features.histogram.shape, features.runouts
((1286792,), (1286792, 4), 1081)
>>> i = features.indexer.index("As Ah Kd 7c 2h")
>>> round(float(features.ehs[i]), 4), int(features.histogram[i].sum())
(0.8873, 1081)
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .isomorphism import Indexer

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["ClassFeatures", "class_features", "STREETS", "Buckets", "emd_kmeans", "kmeans"]

STREETS = {"flop": 3, "turn": 4, "river": 5}
"""Board cards of each street."""
_BLOCK = 64  # boards a step: Ctrl-C and progress between steps; memory bounded by the output


@dataclass(frozen=True)
class ClassFeatures:
    """Features of every isomorphism class of a street, indexed by ``indexer.index``: ``ehs``
    and ``ehs2`` (float64), and with bins the ``histogram`` (uint16 counts of each class's
    ``runouts`` in equal bins of river hand strength over 0..1)."""

    street: str
    indexer: Indexer
    ehs: npt.NDArray[np.float64]
    ehs2: npt.NDArray[np.float64]
    histogram: npt.NDArray[np.uint16] | None
    runouts: int

    def __repr__(self) -> str:
        bins = "" if self.histogram is None else f", bins={self.histogram.shape[1]}"
        return f"ClassFeatures(street={self.street!r}, classes={len(self.ehs)}{bins}, runouts={self.runouts})"


def class_features(street: str, *, bins: int | None = None, threads: int | None = None,
                   progress: bool | Callable[[int, int], None] | None = None) -> ClassFeatures:
    """EHS, EHS² and (with ``bins``) river-HS histograms of every class of hole cards and a
    ``street`` ("flop", "turn" or "river") board, as arrays indexed by ``Indexer([2, k])``.

    Memory is the output: a float64 pair and ``bins`` uint16 counts a class (flops: 1.3 M
    classes; turns: 14 M; rivers: 123 M). ``progress=True`` shows a bar.

    Raises:
        ValueError: an unknown street, bins outside 1..10000, threads below 1.
        TypeError: bins, threads or progress of the wrong type.
    """
    import numpy as np

    from ._work import progress_reporter, thread_count
    from .strength import canonical_boards, check_bins, hand_strength_many

    if street not in STREETS:
        raise ValueError(f"street must be one of {', '.join(STREETS)}, got {street!r}")
    bins_, nthreads = check_bins(bins), thread_count(threads)
    report = progress_reporter(progress, f"class features ({street})")
    cards = STREETS[street]
    indexer = Indexer([2, cards])
    size = indexer.size()
    runouts = {3: 1081, 4: 46, 5: 1}[cards]
    ehs = np.full(size, np.nan)
    ehs2 = np.full(size, np.nan)
    histogram = np.zeros((size, bins_), dtype=np.uint16) if bins_ else None
    boards, _ = canonical_boards(cards)
    features = ClassFeatures(street, indexer, ehs, ehs2, histogram, runouts)
    for start in range(0, len(boards), _BLOCK):
        block = boards[start:start + _BLOCK]
        strength = hand_strength_many(block, bins=bins_ or None, threads=nthreads)
        counts = None if strength.histogram is None else np.rint(strength.histogram * runouts)
        scatter(features, block, strength.ehs, strength.ehs2, counts, nthreads)
        if report:
            report(min(len(boards), start + _BLOCK), len(boards))
    return features


def scatter(features: ClassFeatures, boards: Any, ehs: Any, ehs2: Any, counts: Any, threads: int) -> None:
    """Store each holding's numbers on each board (arrays of (m, 1326), NaN where a holding
    meets the board; counts (m, 1326, bins) or None) at its class's index."""
    import numpy as np

    from .simulate import holdings

    rows, holding = np.nonzero(~np.isnan(ehs))
    index = features.indexer.index(np.concatenate([holdings()[holding], boards[rows]], axis=1), threads=threads)
    features.ehs[index] = ehs[rows, holding]
    features.ehs2[index] = ehs2[rows, holding]
    if features.histogram is not None and counts is not None:
        features.histogram[index] = counts[rows, holding]



# ----------------------------------------------------------------------------- buckets

_SLICE_POINTS = 1 << 15  # points of one C call (a few ms): Ctrl-C and other threads between calls


@dataclass(frozen=True)
class Buckets:
    """A clustering: ``labels`` (the bucket of each point, int32), ``centroids`` (k rows),
    ``objective`` (the sum of each point's distance to its centroid, weighted), ``history``
    (the objective after each assignment: it never rises) and ``seed``.

    For ``emd_kmeans`` the centroids are histograms (each row's fractions add up to 1) and the
    objective is in counts x bins (divide by the histograms' total and by the bins for the
    earth mover's distance on [0, 1]); for ``kmeans`` they are points and squared distances."""

    labels: npt.NDArray[np.int32]
    centroids: npt.NDArray[np.float64]
    objective: float
    history: tuple[float, ...]
    seed: int

    def __repr__(self) -> str:
        return (f"Buckets(points={len(self.labels)}, buckets={len(self.centroids)}, objective={self.objective}, "
                f"iterations={len(self.history)}, seed={self.seed})")


def checked_iterations(iterations: object) -> int:
    """An iteration limit: an int of at least 1."""
    from .cards import exact_int

    rounds = exact_int(iterations, "iterations as an int")
    if rounds < 1:
        raise ValueError(f"iterations must be at least 1, got {rounds}")
    return rounds


def seed_or_drawn(seed: object) -> int:
    """A checked seed, or one drawn at random (to be reported) for None."""
    from ._equity_input import checked_seed

    drawn = checked_seed(seed)
    return int.from_bytes(os.urandom(8), "little") if drawn is None else drawn


def _clustering_arguments(n: int, k: object, seed: object, iterations: object, threads: object,
                          weights: object) -> tuple[int, int, int, int, Any]:
    """k, seed (drawn when None), iterations, threads and weights, checked up front."""
    import numpy as np

    from ._work import thread_count
    from .cards import exact_int

    if n == 0:
        raise ValueError("no points to cluster")
    buckets = exact_int(k, "k (the number of buckets) as an int")
    if not 1 <= buckets <= n:
        raise ValueError(f"k must be from 1 to the number of points ({n}), got {buckets}")
    rounds, drawn, nthreads = checked_iterations(iterations), seed_or_drawn(seed), thread_count(threads)
    if weights is not None:
        weights = np.asarray(weights)
        if weights.dtype.kind not in "iu" or weights.shape != (n,):
            raise TypeError(f"weights must be an integer array of one weight a point ({n}), got "
                            f"{weights.dtype} {weights.shape}")
        if n and (weights.min() < 0 or weights.max() > 2**32 - 1):
            raise ValueError("weights must be integers from 0 to 2**32 - 1")
        weights = np.ascontiguousarray(weights, dtype=np.uint32)
    return buckets, drawn, rounds, nthreads, weights


def _slices(n: int, nthreads: int, run: Callable[[int, int], None]) -> None:
    from ._work import run_slices

    bounds = list(range(0, n, _SLICE_POINTS)) + [n]
    run_slices([functools.partial(run, a, b) for a, b in zip(bounds, bounds[1:]) if b > a], nthreads)


def _nearest(cdf: Any, bins: int, centroid: Any, distance: Any, first: int, end: int) -> None:
    from ._core import lib

    lib.hr_emd_nearest(cdf, first, end, bins, centroid, distance)


def _assign(cdf: Any, bins: int, centroids: Any, k: int, assign: Any, distance: Any, first: int, end: int) -> None:
    from ._core import lib

    lib.hr_emd_assign(cdf, first, end, bins, centroids, k, assign, distance)


def emd_kmeans(histograms: npt.ArrayLike, k: int, *, seed: int | None = None, iterations: int = 100,
               weights: npt.ArrayLike | None = None, threads: int | None = None,
               progress: bool | Callable[[int, int], None] | None = None) -> Buckets:
    """k-means of histograms under the earth mover's distance, exactly: k-means++ seeding,
    then assignment and update until nothing moves (or ``iterations``), in C on threads.

    In one dimension the earth mover's distance is the L1 distance between cumulative
    histograms, so each centroid is the per-bin (weighted) median of its points' cumulative
    histograms: the point that minimizes the objective, which therefore never rises. All the
    arithmetic is on integers: a seed gives the same buckets on any number of threads.
    ``histograms`` is an (n, bins) array of non-negative integer counts, every row with the
    same total (at most 65,535), as ``class_features`` gives. Memory: the points, and k x bins x
    (total + 1) counters while updating.

    >>> import numpy as np
    >>> hist = np.array([[4, 0, 0], [3, 1, 0], [0, 0, 4], [0, 1, 3]])
    >>> emd_kmeans(hist, 2, seed=1).labels.tolist()
    [1, 1, 0, 0]

    Raises:
        ValueError: rows of different totals or negative counts, k outside 1..n, a bad seed,
            iterations or threads.
        TypeError: not an integer (n, bins) array; weights of the wrong dtype or shape.
    """
    import numpy as np

    from ._core import ffi, lib
    from ._work import progress_reporter

    array = np.asarray(histograms)
    if array.dtype.kind not in "iu" or array.ndim != 2 or array.shape[1] < 1:
        raise TypeError(f"histograms must be an (n, bins) integer array, got {array.dtype} {array.shape}")
    n, bins = array.shape
    buckets, seed_, rounds, nthreads, point_weights = _clustering_arguments(n, k, seed, iterations, threads, weights)
    report = progress_reporter(progress, "emd k-means")
    if n and array.min() < 0:
        raise ValueError(f"histogram counts must be non-negative; row {int(np.argwhere(array < 0)[0][0])} is not")
    totals = array.sum(axis=1, dtype=np.int64)
    if n and (totals != totals[0]).any():
        row = int(np.flatnonzero(totals != totals[0])[0])
        raise ValueError(f"every histogram must have the same total: row 0 has {totals[0]}, row {row} {totals[row]}")
    top = int(totals[0]) if n else 0
    if top > 65_535:
        raise ValueError(f"histogram totals must be at most 65,535, got {top}")
    cdf = np.ascontiguousarray(np.cumsum(array, axis=1), dtype=np.uint16)
    cdf_buffer = ffi.from_buffer("uint16_t[]", cdf)
    weight = np.ones(n, dtype=np.uint64) if point_weights is None else point_weights.astype(np.uint64)

    # k-means++: each next centroid drawn with chance proportional to weight x distance
    rng = np.random.Generator(np.random.PCG64(seed_))
    centroids = np.zeros((buckets, bins), dtype=np.int32)
    distance = np.full(n, np.iinfo(np.uint64).max, dtype=np.uint64)
    distance_buffer = ffi.from_buffer("uint64_t[]", distance)
    chosen = int(rng.choice(n, p=weight / weight.sum())) if weight.sum() else 0
    for c in range(buckets):
        centroids[c] = cdf[chosen]
        _slices(n, nthreads, functools.partial(_nearest, cdf_buffer, bins, ffi.from_buffer("int32_t[]", centroids[c]),
                                               distance_buffer))
        if c + 1 < buckets:
            running = np.cumsum(distance * weight)
            if running[-1] == 0:  # every point sits on a centroid: take the next unchosen one
                chosen = (chosen + 1) % n
            else:
                chosen = int(np.searchsorted(running, rng.integers(0, int(running[-1])), side="right"))
    assign = np.full(n, -1, dtype=np.int32)
    assign_buffer = ffi.from_buffer("int32_t[]", assign)
    history: list[float] = []
    for step in range(rounds):
        before = assign.copy()
        _slices(n, nthreads, functools.partial(_assign, cdf_buffer, bins, ffi.from_buffer("int32_t[]", centroids),
                                               buckets, assign_buffer, distance_buffer))
        history.append(float(int((distance * weight).sum())))
        if report:
            report(step + 1, rounds)
        if (assign == before).all():
            break
        counts = np.zeros((buckets, bins, top + 1), dtype=np.uint64)
        counts_buffer = ffi.from_buffer("uint64_t[]", counts)
        weights_buffer = ffi.NULL if point_weights is None else ffi.from_buffer("uint32_t[]", point_weights)
        if lib.hr_emd_count(cdf_buffer, weights_buffer, assign_buffer, 0, n, bins, buckets, top, counts_buffer):
            raise AssertionError("the counts refused checked points")
        lib.hr_emd_medians(counts_buffer, bins, buckets, top, ffi.from_buffer("int32_t[]", centroids))
        del counts
    if report and len(history) < rounds:
        report(rounds, rounds)
    shares = np.diff(centroids, axis=1, prepend=0) / max(top, 1)
    return Buckets(assign, shares, history[-1] if history else 0.0, tuple(history), seed_)


def kmeans(points: npt.ArrayLike, k: int, *, seed: int | None = None, iterations: int = 100,
           weights: npt.ArrayLike | None = None, threads: int | None = None) -> Buckets:
    """Plain k-means (squared Euclidean distance) of an (n, d) float array such as EHS values
    (d = 1) or OCHS vectors: k-means++ seeding, then Lloyd's iterations until nothing moves.
    Distances are computed row block by row block without BLAS, in a fixed order: a seed gives
    the same buckets whatever the machine's thread settings.

    >>> import numpy as np
    >>> kmeans(np.array([[0.1], [0.15], [0.9], [0.95]]), 2, seed=1).labels.tolist()
    [1, 1, 0, 0]

    Raises:
        ValueError: k outside 1..n, points that are not finite, a bad seed or iterations.
        TypeError: not a numeric (n, d) array (a 1-D array is taken as d = 1).
    """
    import numpy as np

    array = np.asarray(points)
    if array.dtype.kind not in "iuf":
        raise TypeError(f"points must be a numeric array, got {array.dtype}")
    array = np.ascontiguousarray(array.reshape(-1, 1) if array.ndim == 1 else array, dtype=np.float64)
    if array.ndim != 2:
        raise TypeError(f"points must be an (n, d) array, got shape {array.shape}")
    if not np.isfinite(array).all():
        raise ValueError("points must be finite (no NaN or infinity)")
    n = len(array)
    buckets, seed_, rounds, _, point_weights = _clustering_arguments(n, k, seed, iterations, threads, weights)
    weight = np.ones(n) if point_weights is None else point_weights.astype(np.float64)
    rng = np.random.Generator(np.random.PCG64(seed_))

    def nearest(centers: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float64]]:
        labels = np.empty(n, dtype=np.int32)
        best = np.empty(n)
        for a in range(0, n, 1 << 14):
            block = array[a:a + (1 << 14)]
            squared = ((block[:, None, :] - centers[None, :, :]) ** 2).sum(axis=2)
            labels[a:a + len(block)] = squared.argmin(axis=1)
            best[a:a + len(block)] = squared.min(axis=1)
        return labels, best

    centers = np.empty((buckets, array.shape[1]))
    centers[0] = array[int(rng.choice(n, p=weight / weight.sum())) if weight.sum() else 0]
    distance = nearest(centers[:1])[1]
    for c in range(1, buckets):
        running = np.cumsum(distance * weight)
        pick = (int(np.searchsorted(running, rng.random() * running[-1], side="right")) if running[-1] > 0
                else c % n)
        centers[c] = array[min(pick, n - 1)]
        distance = np.minimum(distance, ((array - centers[c]) ** 2).sum(axis=1))
    labels = np.full(n, -1, dtype=np.int32)
    history: list[float] = []
    for _ in range(rounds):
        new_labels, distance = nearest(centers)
        history.append(float((distance * weight).sum()))
        if (new_labels == labels).all():
            break
        labels = new_labels
        totals = np.bincount(labels, weights=weight, minlength=buckets)
        for d in range(array.shape[1]):
            sums = np.bincount(labels, weights=weight * array[:, d], minlength=buckets)
            centers[:, d] = np.where(totals > 0, sums / np.where(totals > 0, totals, 1), centers[:, d])
    return Buckets(labels, centers, history[-1] if history else 0.0, tuple(history), seed_)
