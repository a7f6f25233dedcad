"""The ``handrank abstraction`` job: a bucket for every isomorphism class of a street.

    handrank abstraction --street flop --features hist:50 --buckets 200 --seed 1 --out flop.npz
    handrank abstraction ... --part 1/4          # one of four machines computing the strength
    handrank abstraction ... --scheduler tcp://10.0.0.5:8786

1. The hand strength of every holding on every board of the street up to suit isomorphism:
   the strength job's blocks (``OUT.strength.npz.parts/``), saved as they finish, so a
   stopped run resumes; ``--part I/N`` shares them between machines and ``--scheduler`` runs
   them on a Dask cluster. They are merged into ``OUT.strength.npz`` (kept: a later run with
   other buckets starts from it).
2. Each class's features (``handrank.abstraction.class_features``'s numbers), then buckets:
   ``emd_kmeans`` of the histograms (``hist:B``), ``kmeans`` of EHS (``ehs``) or ``kmeans`` of
   the OCHS vectors (``ochs:K``: against K opponent clusters, ``opponent_clusters(K, seed)``;
   the strength blocks hold every holding's OCHS too), seeded. Each runs on the distinct
   points, weighted by how many classes each stands for (the same clustering, far fewer points
   where values repeat: the river's 123 M classes have at most 1,981 EHS values, and, with no
   card to come, at most B histograms, each one bin found from the EHS, never stored). The
   clustering's state is saved as it runs (``OUT.clustering.npz``), so a stopped job resumes
   the clustering too.
3. ``OUT``, an ``.npz`` that plain numpy loads: ``buckets`` (uint32, one per class index of
   ``Indexer([2, k])``), ``centroids``, ``objective``, ``history``, ``street``, ``features``,
   ``seed`` (and ``clusters``, each holding's opponent cluster, for ``ochs:K``).
"""

from __future__ import annotations

import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .cards import shown_text

__all__ = ["run_abstraction_job", "parse_features", "classes_of_street", "distinct_points", "river_bins",
           "strength_bins"]


_ROWS_A_STEP = 1 << 20  # classes a numpy call works on, where the job goes over all of them


def parse_features(text: object) -> tuple[str, int | None]:
    """``hist:B`` (river-HS histograms of B bins, 1..10000), ``ehs``, or ``ochs:K`` (OCHS
    against K opponent clusters, 1..64).

    >>> parse_features("hist:50"), parse_features("ehs"), parse_features("ochs:8")
    (('hist', 50), ('ehs', None), ('ochs', 8))
    """
    if not isinstance(text, str):
        raise TypeError(f"features are 'hist:B', 'ehs' or 'ochs:K', got {type(text).__name__}")
    kind, _, number = text.strip().lower().partition(":")
    # a small ASCII number, or none ('²' and 5,000 digits are not numbers here)
    count = int(number) if number.isascii() and number.isdigit() and len(number) <= 6 else None
    if kind == "ehs" and not number:
        return "ehs", None
    if kind == "hist" and count is not None and 1 <= count <= 10_000:
        return "hist", count
    if kind == "ochs" and count is not None and 1 <= count <= 64:
        return "ochs", count
    raise ValueError(f"features are 'hist:B' with B bins from 1 to 10000 (hist:50), 'ehs', or 'ochs:K' with K "
                     f"opponent clusters from 1 to 64 (ochs:8), got {shown_text(text)}")


def classes_of_street(street: str) -> int:
    """The isomorphism classes of hole cards with a board of ``street``."""
    from .abstraction import STREETS
    from .isomorphism import Indexer

    return Indexer([2, STREETS[street]]).size()


def run_abstraction_job(street: str, out: Path, *, features: str = "hist:50", buckets: int = 200,
                        seed: int | None = None, iterations: int = 100, threads: int | None = None,
                        part: tuple[int, int] = (1, 1), scheduler: str | None = None,
                        progress: bool | Callable[[int, int], None] | None = None,
                        announce: Callable[[int], None] | None = None) -> dict[str, object]:
    """Compute what this part of the strength is missing; when all of it is there, the
    features and the buckets of every class, written to ``out``. A summary.
    ``announce(nbytes)``, once every argument has passed its check and before any work, gets
    about how many bytes the job writes (``output_bytes``)."""
    import numpy as np

    from ._work import file_to_write, progress_reporter, thread_count
    from .abstraction import (
        STREETS,
        ClassFeatures,
        checked_iterations,
        clustering_arguments,
        emd_kmeans_cumulative,
        kmeans,
        opponent_clusters,
        scatter,
        scatter_ochs,
        seed_or_drawn,
    )
    from .cards import exact_int
    from .isomorphism import Indexer
    from .strength_job import not_a_strength_file, read_rows, run_strength_job

    # every argument checked before anything is computed or written
    if street not in STREETS:
        raise ValueError(f"street must be one of {', '.join(STREETS)}, got {street!r}")
    kind, number = parse_features(features)
    bins = number if kind == "hist" else None
    classes = classes_of_street(street)
    k = exact_int(buckets, "buckets as an int")
    if not 1 <= k <= classes:
        raise ValueError(f"buckets must be from 1 to the {classes:,} classes of the {street}, got {k}")
    kept_bins = strength_bins(street, features)  # the strength file's histograms: none on the river
    one_bin = bins is not None and kept_bins is None
    if one_bin and k > (bins or 0):
        raise ValueError(f"on the {street} no card is to come, so a class's histogram is the one bin of its hand "
                         f"strength: at most {bins} distinct histograms for {bins} bins; ask at most {bins} buckets, "
                         "or use --features ehs or ochs:K")
    rounds, seed, nthreads = checked_iterations(iterations), seed_or_drawn(seed), thread_count(threads)
    report = progress_reporter(progress, f"abstraction ({street})")
    out = file_to_write(Path(out))  # now, not when the finished buckets cannot replace it
    if announce is not None:
        announce(output_bytes(street, features))
    start = time.perf_counter()
    strength_out = out.with_name(out.name + ".strength.npz")
    summary: dict[str, object] = {"street": street, "classes": classes, "buckets": k, "features": features,
                                  "seed": seed, "out": str(out), "complete": False}
    clusters = None
    if kind == "ochs":  # the opponent clusters come from the seed: every part and every rerun gets the same
        assert number is not None
        clusters = opponent_clusters(number, seed=seed, threads=nthreads)
    if not strength_out.exists():
        done = run_strength_job(street, strength_out, bins=kept_bins, threads=nthreads, part=part,
                                scheduler=scheduler, progress=report, clusters=clusters)
        summary.update(blocks=done["blocks"], blocks_done=done["blocks_done"])
        if not done["complete"]:
            summary["seconds"] = round(time.perf_counter() - start, 3)
            return summary
    damaged = not_a_strength_file(strength_out)
    try:
        with np.load(strength_out, allow_pickle=False) as data:
            saved = {name: data[name] for name in ("street", "bins", "runouts", "clusters") if name in data.files}
    except (zipfile.BadZipFile, EOFError, ValueError, OSError) as error:
        raise ValueError(f"{damaged} ({type(error).__name__})") from None
    if not {"street", "bins", "runouts"} <= saved.keys():
        raise ValueError(damaged)
    if str(saved["street"]) != street:
        raise ValueError(f"{strength_out} holds the strength of {saved['street']}s, not {street}s: delete it, "
                         "or use another --out")
    if int(saved["bins"]) != (kept_bins or 0):
        wanted = f"not {kept_bins or 0}" if kept_bins or not bins else f"where the {street}'s job keeps none"
        raise ValueError(f"{strength_out} holds histograms of {int(saved['bins'])} bins, {wanted}: "
                         "delete it, or ask for its bins")
    if clusters is not None and ("clusters" not in saved or not np.array_equal(saved["clusters"], clusters)):
        raise ValueError(f"{strength_out} holds no OCHS against these {number} clusters (seed {seed}): delete "
                         "it, or use another --out")
    runouts = int(saved["runouts"])
    indexer = Indexer([2, STREETS[street]])
    class_features = ClassFeatures(street, indexer, np.full(classes, np.nan), np.full(classes, np.nan),
                                   np.zeros((classes, kept_bins), dtype=np.uint16) if kept_bins else None, runouts,
                                   None if number is None or kind != "ochs" else
                                   np.full((classes, number), np.nan, dtype=np.float32))
    # the strength file's arrays 256 boards at a time, read as they are needed: one step in
    # memory besides the classes' features (a turn's strength is 2.7 GB at 50 bins)
    names = (("boards", "ehs", "ehs2") + (("histogram",) if kept_bins else ()) +
             (("ochs",) if clusters is not None else ()))
    for step in read_rows(strength_out, names, 256):
        scatter(class_features, step["boards"], step["ehs"], step["ehs2"], step.get("histogram"), nthreads)
        if clusters is not None:
            scatter_ochs(class_features, step["boards"], step["ochs"], nthreads)
    if np.isnan(class_features.ehs).any():
        raise AssertionError("a class with no member on the street's boards")
    points: Any
    inverse = weights = None
    if one_bin:
        # one runout: a class's histogram is the bin of its hand strength, (2 wins + ties) / 1980
        # against the 990 hands left, by hand_strength's rule; the clustering runs on the distinct
        # cumulative histograms (steps), each weighted by its classes, as k-means of EHS does
        assert bins is not None and runouts == 1
        distinct, inverse, weights = distinct_points(river_bins(class_features.ehs, bins), report)
        points = (np.arange(bins) >= distinct[:, None]).astype(np.uint16)
    elif kind == "hist":
        assert class_features.histogram is not None
        # summed in place into the cumulative histograms the clustering works on: one copy of
        # the classes' histograms in memory (a turn's are 1.4 GB at 50 bins)
        points = np.cumsum(class_features.histogram, axis=1, out=class_features.histogram)
    elif kind == "ochs":
        assert class_features.ochs is not None
        # the float32 vectors as they are (made float64 once distinct: a river's are 3.9 GB at
        # K = 8); a cluster with no hand left on any runout of a class (only a tiny cluster can
        # be blocked so): the class's EHS stands in for it
        points = class_features.ochs
        for first in range(0, classes, _ROWS_A_STEP):  # a slice of rows at a time: Ctrl-C is seen between
            some = points[first:first + _ROWS_A_STEP]
            np.copyto(some, class_features.ehs[first:first + _ROWS_A_STEP, None], casting="same_kind",
                      where=np.isnan(some))
    else:
        points = class_features.ehs

    # the clustering saves its state as it runs: a stopped job resumes it (a checkpoint of
    # another clustering, say with another seed or buckets, is this job's own file: replaced)
    checkpoint = out.with_name(out.name + ".clustering.npz")

    del class_features  # the points are all the clustering needs

    if kind != "hist":
        # k-means of EHS or OCHS runs on the distinct points, each weighted by its classes: the
        # same clustering (Lloyd's steps and k-means++'s draws treat equal points alike), and a
        # river's 123 million EHS values are at most 1,981 points (wins and ties of 990 hands)
        points, inverse, weights = distinct_points(points, report)
    if k > len(points):
        raise ValueError(f"the {classes:,} {street} classes take only {len(points):,} distinct {features} "
                         f"values: ask at most {len(points):,} buckets (the strength file {strength_out} is "
                         "kept: a rerun starts from it)")
    summary["points"] = len(points)  # the distinct points clustered

    def cluster() -> Any:
        if kind == "hist":
            arguments = clustering_arguments(len(points), k, seed, rounds, nthreads, weights)
            return emd_kmeans_cumulative(points, runouts, *arguments, report, checkpoint)
        return kmeans(points, k, seed=seed, iterations=rounds, weights=weights, threads=nthreads,
                      checkpoint=checkpoint)

    try:
        result = cluster()
    except ValueError as error:
        if not str(error).startswith(f"the checkpoint {checkpoint}"):
            raise
        checkpoint.unlink()
        result = cluster()
    temporary = out.with_name(out.name + ".tmp.npz")
    labels = result.labels  # a bucket a class: each class takes its distinct point's
    if inverse is not None:
        labels = np.empty(len(inverse), dtype=np.uint32)
        for first in range(0, len(inverse), _ROWS_A_STEP):
            labels[first:first + _ROWS_A_STEP] = result.labels[inverse[first:first + _ROWS_A_STEP]]
    arrays: dict[str, Any] = {"buckets": labels.astype(np.uint32, copy=False), "centroids": result.centroids,
                              "objective": result.objective, "history": np.array(result.history), "street": street,
                              "features": features, "seed": np.uint64(seed), "runouts": runouts}
    if clusters is not None:
        arrays["clusters"] = clusters  # each holding's opponent cluster
    np.savez(temporary, **arrays)
    temporary.replace(out)  # there whole or not at all
    checkpoint.unlink(missing_ok=True)
    summary.update(complete=True, objective=result.objective, iterations=len(result.history),
                   seconds=round(time.perf_counter() - start, 3))
    return summary


def distinct_points(points: Any, progress: Callable[[int, int], None] | None = None) -> tuple[Any, Any, Any]:
    """The distinct rows of an array (n values, or n x d), in the order each first appears,
    each row's place among them (uint32), and how many rows each stands for (uint32):
    ``distinct[inverse]`` is ``points``. Rows are compared as their bytes.

    Found by hashing in C, a slice of rows a call (Ctrl-C is seen between them, and
    ``progress(done, total)`` is called after each), in about the memory of the answer: a
    river's 123 million OCHS rows take seconds, where sorting them took tens.

    >>> import numpy as np
    >>> distinct, inverse, counts = distinct_points(np.array([0.5, 0.25, 0.5]))
    >>> distinct.tolist(), inverse.tolist(), counts.tolist()
    ([0.5, 0.25], [0, 1, 0], [2, 1])
    """
    import numpy as np

    from ._core import ffi, lib

    array = np.ascontiguousarray(points)
    if array.ndim not in (1, 2):
        raise ValueError(f"points are n values or an n x d array, got {array.ndim} dimensions")
    n = len(array)
    if n >= 2**32 - 1:
        raise ValueError(f"at most {2**32 - 2:,} points, got {n:,}")
    # firsts and counts are n long, but only their first ndistinct entries are ever written
    # (np.empty leaves untouched pages unallocated); the table is twice n, at most half full
    width = array.dtype.itemsize * (array.shape[1] if array.ndim == 2 else 1)
    slots = 1 << max(4, (2 * n - 1).bit_length())
    table, firsts = np.zeros(slots, dtype=np.uint32), np.empty(n, dtype=np.uint32)
    counts, inverse = np.empty(n, dtype=np.uint32), np.empty(n, dtype=np.uint32)
    rows = ffi.from_buffer("uint8_t[]", array.reshape(-1).view(np.uint8)) if n else ffi.NULL
    buffers = [ffi.from_buffer("uint32_t[]", held) for held in (table, firsts, counts, inverse)]
    step = max(1, (1 << 24) // max(width, 8))  # 16 MB of rows a call: tens of milliseconds
    found = 0
    for first in range(0, n, step):
        end = min(n, first + step)
        found = int(lib.hr_distinct_rows(rows, width, first, end, buffers[0], slots - 1, found, *buffers[1:]))
        if found < 0:  # only arguments out of its bounds, which the lines above rule out
            raise AssertionError(f"hr_distinct_rows refused its arguments ({found})")
        if progress:
            progress(end, n)
    firsts, counts = firsts[:found].copy(), counts[:found].copy()  # copies: the n-long arrays are let go
    return array[firsts], inverse, counts


def river_bins(ehs: Any, bins: int) -> Any:
    """The histogram bin of each river EHS ((2 wins + ties) / 1980 against the 990 hands left),
    by hand_strength's rule: numerator x bins // 1980, the last bin holding 1.

    >>> import numpy as np
    >>> river_bins(np.array([0.0, 0.5, 989 / 990, 1.0]), 4).tolist()
    [0, 2, 3, 3]
    """
    import numpy as np

    numerator = np.rint(np.asarray(ehs) * (2 * 990)).astype(np.int64)
    return np.minimum(numerator * bins // (2 * 990), bins - 1)


def strength_bins(street: str, features: str) -> int | None:
    """The histogram bins the job's strength file holds: those of ``hist:B``, but none where
    no card is to come (the river: a histogram is then one bin, found from the EHS)."""
    from .abstraction import STREETS

    kind, number = parse_features(features)
    return number if kind == "hist" and STREETS[street] < 5 else None


def output_bytes(street: str, features: str) -> int:
    """About the bytes the job writes: the strength file (kept), then the buckets."""
    from .strength_job import output_bytes as strength_bytes

    kind, number = parse_features(features)
    if kind == "ochs":
        return strength_bytes(street, None, number or 0) + 4 * classes_of_street(street)
    return strength_bytes(street, strength_bins(street, features)) + 4 * classes_of_street(street)

