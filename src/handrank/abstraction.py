"""Card abstraction for solvers: features of every isomorphism class of a street.

``class_features("flop", bins=50)`` gives, for each of the 1,286,792 classes of hole cards and
a flop (``Indexer([2, 3])``'s indexes), its EHS, EHS² and the histogram of its river hand
strength: the numbers a bucketing (k-means under the earth mover's distance, say) runs on.
They come from ``hand_strength`` on every board of the street up to suit isomorphism (each
board computes all its holdings at once), each holding stored at its class's index: every
class has a member on one of those boards. The histograms are exact integer counts of the
holding's runouts (``runouts`` of them: 1,081 on a flop, 46 on a turn, 1 on a river), so any
number of threads gives the same arrays.

>>> features = class_features("flop", bins=4)       # about 10 s on one core
>>> features.ehs.shape, features.histogram.shape, features.runouts
((1286792,), (1286792, 4), 1081)
>>> i = features.indexer.index("As Ah Kd 7c 2h")
>>> round(float(features.ehs[i]), 4), int(features.histogram[i].sum())
(0.8873, 1081)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .isomorphism import Indexer

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["ClassFeatures", "class_features", "STREETS"]

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
    from .simulate import holdings
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
    pairs = holdings()
    for start in range(0, len(boards), _BLOCK):
        block = boards[start:start + _BLOCK]
        strength = hand_strength_many(block, bins=bins_ or None, threads=nthreads)
        meets = np.isnan(strength.ehs)  # (m, 1326): holdings that share a card with the board
        rows, holding = np.nonzero(~meets)
        hands = np.concatenate([pairs[holding], block[rows]], axis=1)
        index = indexer.index(hands, threads=nthreads)
        ehs[index] = strength.ehs[rows, holding]
        ehs2[index] = strength.ehs2[rows, holding]
        if histogram is not None and strength.histogram is not None:
            histogram[index] = np.rint(strength.histogram[rows, holding] * runouts).astype(np.uint16)
        if report:
            report(min(len(boards), start + _BLOCK), len(boards))
    return ClassFeatures(street, indexer, ehs, ehs2, histogram, runouts)

