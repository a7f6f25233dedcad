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
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ._values import array_fields
from .isomorphism import Indexer

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["ClassFeatures", "class_features", "opponent_clusters", "board_ochs", "STREETS", "Buckets", "emd_kmeans",
           "kmeans"]

STREETS = {"flop": 3, "turn": 4, "river": 5}
"""Board cards of each street."""
_BLOCK = 64  # boards a step: Ctrl-C and progress between steps; memory bounded by the output


@array_fields
@dataclass(frozen=True, eq=False)
class ClassFeatures:
    """Features of every isomorphism class of a street, indexed by ``indexer.index``: ``ehs``
    and ``ehs2`` (float64), and with bins the ``histogram`` (uint16 counts of each class's
    ``runouts`` in equal bins of river hand strength over 0..1); with opponent clusters the
    ``ochs`` (float32, one column a cluster: the class's expected river hand strength
    against a hand of that cluster; NaN where the cluster has no hand left on any runout)."""

    street: str
    indexer: Indexer
    ehs: npt.NDArray[np.float64]
    ehs2: npt.NDArray[np.float64]
    histogram: npt.NDArray[np.uint16] | None
    runouts: int
    ochs: npt.NDArray[np.float32] | None = None

    def __repr__(self) -> str:
        bins = "" if self.histogram is None else f", bins={self.histogram.shape[1]}"
        ochs = "" if self.ochs is None else f", ochs={self.ochs.shape[1]}"
        return (f"ClassFeatures(street={self.street!r}, classes={len(self.ehs)}{bins}{ochs}, "
                f"runouts={self.runouts})")


def class_features(street: str, *, bins: int | None = None, ochs: npt.ArrayLike | None = None,
                   threads: int | None = None,
                   progress: bool | Callable[[int, int], None] | None = None) -> ClassFeatures:
    """EHS, EHS² and (with ``bins``) river-HS histograms of every class of hole cards and a
    ``street`` ("flop", "turn" or "river") board, as arrays indexed by ``Indexer([2, k])``;
    with ``ochs``, the cluster of each of the 1,326 holdings (``opponent_clusters(8)``), each
    class's OCHS: its expected river hand strength against a hand of each cluster (Johanson
    et al., "Evaluating State-Space Abstractions in Extensive-Form Games", AAMAS 2013).

    Memory is the output: a float64 pair, ``bins`` uint16 counts and a float32 a cluster a
    class (flops: 1.3 M classes; turns: 14 M; rivers: 123 M). ``progress=True`` shows a bar.

    Raises:
        ValueError: an unknown street, bins outside 1..10000, clusters that are not 1,326 ids
            numbered from 0 without a gap (at most 64 clusters), threads below 1.
        TypeError: bins, ochs, threads or progress of the wrong type.
    """
    import numpy as np

    from ._work import progress_reporter, thread_count
    from .strength import canonical_boards, check_bins, hand_strength_many

    if street not in STREETS:
        raise ValueError(f"street must be one of {', '.join(STREETS)}, got {street!r}")
    clusters = None if ochs is None else checked_clusters(ochs)
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
    ochs_out = None if clusters is None else np.full((size, int(clusters.max()) + 1), np.nan, dtype=np.float32)
    features = ClassFeatures(street, indexer, ehs, ehs2, histogram, runouts, ochs_out)
    for start in range(0, len(boards), _BLOCK):
        block = boards[start:start + _BLOCK]
        strength = hand_strength_many(block, bins=bins_ or None, threads=nthreads)
        counts = None if strength.histogram is None else np.rint(strength.histogram * runouts)
        scatter(features, block, strength.ehs, strength.ehs2, counts, nthreads)
        if clusters is not None:
            scatter_ochs(features, block, ochs_many(block, clusters, nthreads), nthreads)
        if report:
            report(min(len(boards), start + _BLOCK), len(boards))
    return features


def checked_clusters(clusters: object) -> npt.NDArray[np.uint8]:
    """Opponent clusters checked: 1,326 integer ids (one a holding, in ``holdings()`` order)
    numbered 0 .. k - 1 with every cluster used, k at most 64."""
    import numpy as np

    from ._core import lib

    array = np.asarray(clusters)
    if array.dtype.kind not in "iu":
        raise TypeError(f"ochs takes an integer array of cluster ids (opponent_clusters), got dtype {array.dtype}")
    if array.shape != (1326,):
        raise ValueError(f"ochs takes one cluster id for each of the 1,326 holdings, got shape {array.shape}")
    if array.min() < 0 or array.max() >= lib.HR_MAX_CLUSTERS:
        raise ValueError(f"cluster ids run from 0 to at most {lib.HR_MAX_CLUSTERS - 1}, got {int(array.min())}.."
                         f"{int(array.max())}")
    missing = sorted(set(range(int(array.max()) + 1)) - set(array.tolist()))
    if missing:
        raise ValueError(f"clusters are numbered 0 .. k - 1 with every one used: no holding is in {missing[:5]}")
    return np.ascontiguousarray(array, dtype=np.uint8)


def _ochs_board(board: bytes, clusters: bytes, k: int) -> npt.NDArray[np.float64]:
    """(1326, k) OCHS of every holding on one board: one C call (runs anywhere, for Dask)."""
    import numpy as np

    from ._core import ffi, lib
    from ._equity_input import check_status

    total, runouts = np.zeros(1326 * k), np.zeros(1326 * k, dtype=np.uint32)
    check_status(lib.hr_hand_strength_ochs(board, len(board), clusters, k, 0, 2**62,
                                           ffi.from_buffer("double[]", total), ffi.from_buffer("uint32_t[]", runouts)))
    with np.errstate(invalid="ignore", divide="ignore"):
        return (total / runouts).reshape(1326, k)


def ochs_many(boards: Any, clusters: npt.NDArray[np.uint8], threads: int, client: Any = None
              ) -> npt.NDArray[np.float64]:
    """(m, 1326, k) OCHS of every holding on each board (NaN where it meets the board or a
    cluster has no hand left on any runout): one C call a board, boards on threads or on a
    Dask ``client``'s workers. Each board's runouts are summed in one call, in order: the
    same doubles on any number of threads or machines."""
    import numpy as np

    from ._work import each_result

    k, packed = int(clusters.max()) + 1, clusters.tobytes()
    rows = [bytes(board) for board in np.asarray(boards)]
    ochs = np.empty((len(rows), 1326, k))  # each board's row written as it finishes: no second copy

    def keep(index: int, part: npt.NDArray[np.float64]) -> None:
        ochs[index] = part

    each_result(_ochs_board, [(row, packed, k) for row in rows], keep, threads, client)
    return ochs


def board_ochs(boards: Any, clusters: npt.ArrayLike, *, threads: int | None = None) -> npt.NDArray[np.float64]:
    """OCHS of every holding on a board: (1326, k), one row a holding in ``holdings()`` order,
    one column a cluster of ``clusters`` (``opponent_clusters``): the holding's expected river
    hand strength against a hand of that cluster, NaN where the holding meets the board (or the
    cluster has no hand left on any runout). An (m, 3..5) array of boards gives (m, 1326, k),
    boards on threads.

    >>> import handrank
    >>> clusters = opponent_clusters(3, seed=1)
    >>> ochs = board_ochs("Kd 7c 2h", clusters)
    >>> ochs.shape, [round(float(x), 3) for x in ochs[handrank.holding_index("Ks Kh")]]
    ((1326, 3), [0.981, 0.984, 0.981])

    Raises:
        ValueError: a board of other than 3..5 cards or with a card twice; bad clusters (as
            ``class_features``); threads below 1.
        TypeError: boards or clusters that are not cards or integer arrays.
    """
    import numpy as np

    from ._rows import as_cards, check_board_rows
    from ._work import thread_count
    from .cards import parse

    cluster_of, nthreads = checked_clusters(clusters), thread_count(threads)
    one = isinstance(boards, str) or np.ndim(boards) == 1  # one board, as text or card ids
    array = np.array([parse(boards)], dtype=np.uint8) if one else as_cards(boards, "boards", (None, None))
    if array.shape[1] not in (3, 4, 5):
        raise ValueError(f"a board has 3, 4 or 5 cards, got {array.shape[1]}")
    check_board_rows(array)
    result = ochs_many(array, cluster_of, nthreads)
    return result[0] if one else result


def scatter_ochs(features: ClassFeatures, boards: Any, ochs: Any, threads: int) -> None:
    """Store each holding's OCHS on each board ((m, 1326, k); a holding meeting the board is
    NaN in every column) at its class's index."""
    import numpy as np

    assert features.ochs is not None
    rows, holding = np.nonzero(~np.isnan(ochs).all(axis=2))
    for first in range(0, len(rows), 1 << 18):  # bounded temporaries
        part = slice(first, first + (1 << 18))
        features.ochs[_class_indexes(features, boards, rows[part], holding[part], threads)] = \
            ochs[rows[part], holding[part]]


def _class_indexes(features: ClassFeatures, boards: Any, rows: Any, holding: Any, threads: int) -> Any:
    """The class index of each (board row, holding) pair: the holding's cards, then the board's."""
    import numpy as np

    from .simulate import holdings

    return features.indexer.index(np.concatenate([holdings()[holding], np.asarray(boards)[rows]], axis=1),
                                  threads=threads)


def preflop_class_of_holdings() -> npt.NDArray[np.int64]:
    """The preflop class (0..168: a pair, suited or offsuit ranks) of each of the 1,326
    holdings: row * 13 + column of the 13 x 13 chart, aces first, suited above the diagonal."""
    import numpy as np

    from .simulate import holdings

    cards = holdings().astype(np.int64)
    high, low = 12 - (cards[:, 0] >> 2), 12 - (cards[:, 1] >> 2)
    suited = (cards[:, 0] & 3) == (cards[:, 1] & 3)
    return (high * 13 + low) * suited + (low * 13 + high) * ~suited  # type: ignore[no-any-return]


_PREFLOP_COUNTS: dict[int, Any] = {}


def preflop_counts(bins: int = 50, threads: int = 1) -> npt.NDArray[np.int64]:
    """(169, bins): each preflop class's exact counts of river hand strength in ``bins`` bins
    over every board (every flop's runouts, each flop counted as often as the boards it
    stands for): integers, so the clusters drawn from them are the same on any machine.
    Seconds, once a process."""
    import numpy as np

    from ._work import each_result
    from .strength import canonical_boards, histogram_counts

    if bins not in _PREFLOP_COUNTS:
        boards, weights = canonical_boards(3)
        counts = np.zeros((1326, bins), dtype=np.int64)
        weight_of = weights.tolist()

        def add(index: int, part: npt.NDArray[np.uint32]) -> None:  # each flop's integer counts, by weight
            counts[:] += weight_of[index] * part.astype(np.int64)

        each_result(histogram_counts, [(bytes(board), bins) for board in boards], add, threads)
        by_class = np.zeros((169, bins), dtype=np.int64)
        np.add.at(by_class, preflop_class_of_holdings(), counts)
        by_class.setflags(write=False)
        _PREFLOP_COUNTS[bins] = by_class
    return _PREFLOP_COUNTS[bins]  # type: ignore[no-any-return]


def opponent_clusters(k: int = 8, *, seed: int = 0, bins: int = 50, threads: int | None = None
                      ) -> npt.NDArray[np.uint8]:
    """The 1,326 holdings in ``k`` clusters of preflop hands, for OCHS (``class_features(...,
    ochs=...)``): the 169 preflop classes clustered by ``emd_kmeans`` over their ``bins``-bin
    distributions of river hand strength (each weighted by its combos: 6 a pair, 4 suited, 12
    offsuit; the distributions quantized to 10,000 counts), as Johanson et al. cluster them.
    Cluster 0 holds the strongest hands (the highest mean hand strength), k - 1 the weakest.
    A seed gives the same clusters anywhere.

    >>> clusters = opponent_clusters(4, seed=1)
    >>> clusters.shape, sorted(set(clusters.tolist()))
    ((1326,), [0, 1, 2, 3])

    Raises:
        ValueError: k outside 1..64 (and at most 169), bins outside 1..10000, a bad seed.
        TypeError: k, seed or bins not ints.
    """
    import numpy as np

    from ._work import thread_count
    from .cards import exact_int
    from .strength import check_bins

    count = exact_int(k, "k as an int")
    if not 1 <= count <= 64:
        raise ValueError(f"k must be from 1 to 64 clusters, got {count}")
    bins_ = check_bins(bins) or 0
    if not bins_:
        raise ValueError("bins must be at least 1")
    nthreads = thread_count(threads)
    seed_value = seed_or_drawn(seed)
    counts = preflop_counts(bins_, nthreads)
    totals = counts.sum(axis=1, keepdims=True)
    # each row as 10,000 counts, in integers: floors, then the largest remainders get one more
    quantized, remainder = np.divmod(counts * 10_000, totals)
    short = 10_000 - quantized.sum(axis=1)
    order = np.argsort(-remainder, axis=1, kind="stable")
    for row in range(169):
        quantized[row, order[row, :short[row]]] += 1
    shares = counts / totals
    classes = preflop_class_of_holdings()
    combos = np.bincount(classes, minlength=169)
    result = emd_kmeans(quantized, count, seed=seed_value, weights=combos, threads=nthreads)
    centre = (np.arange(bins_) + 0.5) / bins_
    # a cluster left empty (one bin makes every hand alike) ranks last, below every hand
    strength = np.array([float((shares[members] * centre).sum(axis=1).mean()) if members.any() else -np.inf
                         for members in (result.labels == c for c in range(count))])
    rank = np.empty(count, dtype=np.int64)
    rank[np.argsort(-strength, kind="stable")] = np.arange(count)
    return rank[result.labels][classes].astype(np.uint8)


def scatter(features: ClassFeatures, boards: Any, ehs: Any, ehs2: Any, counts: Any, threads: int) -> None:
    """Store each holding's numbers on each board (arrays of (m, 1326), NaN where a holding
    meets the board; counts (m, 1326, bins) or None) at its class's index."""
    import numpy as np

    rows, holding = np.nonzero(~np.isnan(ehs))
    index = _class_indexes(features, boards, rows, holding, threads)
    features.ehs[index] = ehs[rows, holding]
    features.ehs2[index] = ehs2[rows, holding]
    if features.histogram is not None and counts is not None:
        features.histogram[index] = counts[rows, holding]


# ----------------------------------------------------------------------------- buckets

_SLICE_POINTS = 1 << 15  # points of one C call (a few ms): Ctrl-C and other threads between calls
_RUNNING_POINTS = 1 << 20  # points of one C call that goes through them in order (a few ms)


@array_fields
@dataclass(frozen=True, eq=False)
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


def clustering_arguments(n: int, k: object, seed: object, iterations: object, threads: object,
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


class _Checkpoint:
    """A clustering's state saved as it runs (``checkpoint=`` of ``emd_kmeans`` and ``kmeans``):
    after an iteration, at most every CHECKPOINT_SECONDS, and when the run stops (Ctrl-C
    included), so a stopped clustering resumes where it was and ends where an unstopped one
    would. The file names its input (a hash of the points and weights) and settings: one made
    for anything else is refused by name."""

    def __init__(self, path: object, identity: dict[str, object], data: list[Any]) -> None:
        import hashlib
        import time
        from pathlib import Path

        from ._work import file_to_write

        self.path = None if path is None else file_to_write(Path(path), "the checkpoint ")  # type: ignore[arg-type]
        digest = hashlib.sha256()
        for array in data:
            if array is not None:  # 64 MB at a time: a turn's points are 1.4 GB, and Ctrl-C is seen between
                view = memoryview(array).cast("B")
                for at in range(0, len(view), 1 << 26):
                    digest.update(view[at:at + (1 << 26)])
        self.identity = repr(sorted({**identity, "input": digest.hexdigest()}.items()))
        self.saved_at = time.monotonic()
        self.pending: dict[str, Any] | None = None

    def load(self) -> dict[str, Any] | None:
        import numpy as np

        if self.path is None or not self.path.exists():
            return None
        try:
            with np.load(self.path, allow_pickle=False) as data:
                state = {name: data[name] for name in data.files}
        except Exception as error:  # a short or foreign file
            raise ValueError(f"the checkpoint {self.path} is damaged ({type(error).__name__}); delete it") from None
        if str(state.get("identity")) != self.identity:
            raise ValueError(f"the checkpoint {self.path} is of another clustering (other points, k, seed or "
                             "weights): delete it, or give another checkpoint path")
        return state

    def update(self, **arrays: Any) -> None:
        """A consistent state (after an iteration): saved now if the last save is old enough."""
        import time

        self.pending = {name: value.copy() if hasattr(value, "copy") else value for name, value in arrays.items()}
        if time.monotonic() - self.saved_at >= CHECKPOINT_SECONDS:
            self.flush()

    def flush(self) -> None:
        import time

        import numpy as np

        if self.path is None or self.pending is None:
            return
        temporary = self.path.with_name(self.path.name + ".tmp.npz")
        np.savez(temporary, identity=self.identity, **self.pending)
        temporary.replace(self.path)  # there whole or not at all
        self.saved_at, self.pending = time.monotonic(), None


CHECKPOINT_SECONDS = 5.0
"""Least time between two saves of a clustering's checkpoint."""


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
               progress: bool | Callable[[int, int], None] | None = None,
               checkpoint: str | os.PathLike[str] | None = None) -> Buckets:
    """k-means of histograms under the earth mover's distance, exactly: k-means++ seeding,
    then assignment and update until nothing moves (or ``iterations``), in C on threads.

    In one dimension the earth mover's distance is the L1 distance between cumulative
    histograms, so each centroid is the per-bin (weighted) median of its points' cumulative
    histograms: the point that minimizes the objective, which therefore never rises. All the
    arithmetic is on integers: a seed gives the same buckets on any number of threads.
    ``histograms`` is an (n, bins) array of non-negative integer counts, every row with the
    same total (at most 65,535), as ``class_features`` gives. Memory: the points, and k x bins x
    (total + 1) counters while updating. With ``checkpoint`` (a file path) the state is saved as
    it runs: a stopped run given the same path resumes and ends as an unstopped one would.

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

    from ._work import progress_reporter

    array = np.asarray(histograms)
    if array.dtype.kind not in "iu" or array.ndim != 2 or array.shape[1] < 1:
        raise TypeError(f"histograms must be an (n, bins) integer array, got {array.dtype} {array.shape}")
    n, bins = array.shape
    buckets, seed_, rounds, nthreads, point_weights = clustering_arguments(n, k, seed, iterations, threads, weights)
    report = progress_reporter(progress, "emd k-means")
    if n and array.min() < 0:
        raise ValueError(f"histogram counts must be non-negative; row {int(np.argwhere(array < 0)[0][0])} is not")
    totals = array.sum(axis=1, dtype=np.int64)
    if n and (totals != totals[0]).any():
        row = int(np.flatnonzero(totals != totals[0])[0])
        raise ValueError(f"every histogram must have the same total: row 0 has {totals[0]}, row {row} {totals[row]}")
    top = int(totals[0]) if n else 0
    if top > 65_535 or (n and int(array.max()) > 65_535):  # a count past the total: the sums wrapped
        raise ValueError(f"histogram totals must be at most 65,535, got {max(top, int(array.max()))}")
    # the running sums straight into 16 bits (counts non-negative, totals at most 65,535): no
    # 8-byte temporary the size of the points
    cdf = np.ascontiguousarray(np.cumsum(array, axis=1, dtype=np.uint16))
    del array, totals
    return emd_kmeans_cumulative(cdf, top, buckets, seed_, rounds, nthreads, point_weights, report, checkpoint)


def emd_kmeans_cumulative(cdf: Any, top: int, buckets: int, seed_: int, rounds: int, nthreads: int,
                          point_weights: Any, report: Callable[[int, int], None] | None,
                          checkpoint: object) -> Buckets:
    """emd_kmeans of checked cumulative histograms (n, bins) uint16, C-contiguous, each row
    ending at ``top``, with checked clustering arguments: the abstraction job hands its class
    histograms over summed in place, so that only one copy of them is in memory."""
    import numpy as np

    from ._core import ffi, lib

    n, bins = cdf.shape
    cdf_buffer = ffi.from_buffer("uint16_t[]", cdf)
    weight = np.ones(n, dtype=np.uint64) if point_weights is None else point_weights.astype(np.uint64)

    saver = _Checkpoint(checkpoint, {"kind": "emd", "k": buckets, "seed": seed_, "shape": cdf.shape},
                        [cdf, point_weights])
    state = saver.load()
    # k-means++: each next centroid drawn with chance proportional to weight x distance
    rng = np.random.Generator(np.random.PCG64(seed_))
    centroids = np.zeros((buckets, bins), dtype=np.int32)
    distance = np.full(n, np.iinfo(np.uint64).max, dtype=np.uint64)
    distance_buffer = ffi.from_buffer("uint64_t[]", distance)
    chosen = int(rng.choice(n, p=weight / weight.sum())) if weight.sum() else 0
    for c in range(buckets if state is None else 0):
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
    history: list[float] = []
    if state is not None:  # resume: the centroids and assignment after the last saved iteration
        centroids[:], assign[:], history = state["centroids"], state["assign"], [float(x) for x in state["history"]]
    assign_buffer = ffi.from_buffer("int32_t[]", assign)
    try:
        for step in range(len(history), rounds):
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
            for first in range(0, n, _RUNNING_POINTS):  # a slice a call: Ctrl-C is seen between
                if lib.hr_emd_count(cdf_buffer, weights_buffer, assign_buffer, first, min(n, first + _RUNNING_POINTS),
                                    bins, buckets, top, counts_buffer):
                    raise AssertionError("the counts refused checked points")
            lib.hr_emd_medians(counts_buffer, bins, buckets, top, ffi.from_buffer("int32_t[]", centroids))
            del counts
            saver.update(centroids=centroids, assign=assign, history=np.array(history))
    finally:
        saver.flush()
    if report and len(history) < rounds:
        report(rounds, rounds)
    shares = np.diff(centroids, axis=1, prepend=0) / max(top, 1)
    return Buckets(assign, shares, history[-1] if history else 0.0, tuple(history), seed_)


def kmeans(points: npt.ArrayLike, k: int, *, seed: int | None = None, iterations: int = 100,
           weights: npt.ArrayLike | None = None, threads: int | None = None,
           checkpoint: str | os.PathLike[str] | None = None) -> Buckets:
    """Plain k-means (squared Euclidean distance) of an (n, d) float array such as EHS values
    (d = 1) or OCHS vectors: k-means++ seeding, then Lloyd's iterations until nothing moves.
    Distances are computed in C, each summed in dimension order: a seed gives the same buckets
    on any number of threads. ``checkpoint`` saves the state as it runs, as ``emd_kmeans``'s.

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
    buckets, seed_, rounds, nthreads, point_weights = clustering_arguments(n, k, seed, iterations, threads, weights)
    weight = np.ones(n) if point_weights is None else point_weights.astype(np.float64)
    rng = np.random.Generator(np.random.PCG64(seed_))

    from ._core import ffi, lib
    from ._equity_input import check_status

    dims = array.shape[1]
    source, weight_buffer = ffi.from_buffer("double[]", array), ffi.from_buffer("double[]", weight)

    def nearest(centers: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float64]]:
        """Each point's nearest centre and squared distance, in C, slices on threads."""
        labels, best = np.empty(n, dtype=np.int32), np.empty(n)
        center_buffer = ffi.from_buffer("double[]", np.ascontiguousarray(centers))
        label_buffer, best_buffer = ffi.from_buffer("int32_t[]", labels), ffi.from_buffer("double[]", best)

        def part(first: int, end: int) -> None:
            check_status(int(lib.hr_kmeans_assign(source, first, end, dims, center_buffer, len(centers),
                                                  label_buffer, best_buffer)))

        _slices(n, nthreads, part)
        return labels, best

    saver = _Checkpoint(checkpoint, {"kind": "kmeans", "k": buckets, "seed": seed_, "shape": array.shape},
                        [array, point_weights])
    state = saver.load()
    centers = np.empty((buckets, dims))
    centers[0] = array[int(rng.choice(n, p=weight / weight.sum())) if weight.sum() else 0]
    distance = nearest(centers[:1])[1]
    distance_buffer = ffi.from_buffer("double[]", distance)

    def passing(target: float) -> tuple[int, float]:
        """The first point where the running sum of distance x weight passes ``target`` (n if
        none) and the sum there: np.cumsum's sums, a slice a C call."""
        running = ffi.new("double *", 0.0)
        for first in range(0, n, _RUNNING_POINTS):
            end = min(n, first + _RUNNING_POINTS)
            at = int(lib.hr_kmeans_running(distance_buffer, weight_buffer, first, end, running, target))
            if at < end:
                return at, running[0]
        return n, running[0]

    def nearer(first: int, end: int, center: Any) -> None:
        check_status(int(lib.hr_kmeans_nearer(source, first, end, dims, center, distance_buffer)))

    for c in range(1, buckets if state is None else 0):  # k-means++: a point drawn by distance x weight
        total = passing(math.inf)[1]
        pick = passing(rng.random() * total)[0] if total > 0 else c % n
        centers[c] = array[min(pick, n - 1)]
        _slices(n, nthreads, functools.partial(nearer, center=ffi.from_buffer("double[]", centers[c])))
    labels = np.full(n, -1, dtype=np.int32)
    history: list[float] = []
    if state is not None:  # resume: the centres and labels after the last saved iteration
        centers[:], labels, history = state["centers"], state["labels"], [float(x) for x in state["history"]]
    try:
        for _ in range(len(history), rounds):
            new_labels, distance = nearest(centers)
            history.append(float((distance * weight).sum()))
            if (new_labels == labels).all():
                break
            labels = new_labels
            # each cluster's weighted sums, the points in order (as np.bincount adds them), a
            # slice a C call
            sums, totals = np.zeros((buckets, dims)), np.zeros(buckets)
            label_buffer = ffi.from_buffer("int32_t[]", labels)
            sum_buffer, total_buffer = ffi.from_buffer("double[]", sums), ffi.from_buffer("double[]", totals)
            for first in range(0, n, _SLICE_POINTS):
                end = min(n, first + _SLICE_POINTS)
                check_status(int(lib.hr_kmeans_sums(source + first * dims, end - first, dims, label_buffer + first,
                                                    weight_buffer + first, buckets, sum_buffer, total_buffer)))
            centers[:] = np.where(totals[:, None] > 0, sums / np.where(totals > 0, totals, 1)[:, None], centers)
            saver.update(centers=centers, labels=labels, history=np.array(history))
    finally:
        saver.flush()
    return Buckets(labels, centers, history[-1] if history else 0.0, tuple(history), seed_)
