"""Hand strength of every holding on a board, exact: HS, EHS, EHS² and river-HS histograms.

For a board of 3, 4 or 5 cards, each of the 1,326 holdings (in ``holdings()`` order) gets:

- ``hs``: the share of opponent holdings it beats on the board as it stands, ties counting
  half; opponents are the holdings that share no card with the board or with it;
- ``ehs``: the mean of its river HS over every runout of the board (equal to ``hs`` on the
  river); ``ehs2``: the mean of the squared river HS;
- ``histogram`` (with ``bins=k``): how its river HS falls into k equal bins over the
  runouts, as a fraction of them (distribution-aware abstraction in poker AI).

Holdings that meet the board are NaN. On each runout the kernel ranks every holding once and
counts wins in one sweep over the holdings sorted by rank, with counters per card
(csrc/strength.c); the counts are integers, so any number of threads gives the same answer.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ._core import ffi, lib
from ._values import array_fields
from ._work import each_result, progress_reporter, run_slices, thread_count
from .cards import HandLike, exact_int, format_cards, parse
from .simulate import HOLDINGS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["hand_strength", "hand_strength_many", "HandStrength", "HandStrengthMany", "canonical_boards"]

_RIVER_OPPONENTS = 990  # C(45, 2): holdings sharing no card with a river board and a holding


@array_fields
@dataclass(frozen=True, eq=False)
class HandStrength:
    """Strength of every holding on one board (arrays of 1,326 in ``holdings()`` order; NaN
    where the holding meets the board). ``runouts`` counts the river boards averaged over."""

    board: str
    hs: npt.NDArray[np.float64]
    ehs: npt.NDArray[np.float64]
    ehs2: npt.NDArray[np.float64]
    histogram: npt.NDArray[np.float64] | None
    runouts: int

    def __repr__(self) -> str:
        bins = "" if self.histogram is None else f", bins={self.histogram.shape[1]}"
        return f"HandStrength(board={self.board!r}, runouts={self.runouts}{bins})"


@array_fields
@dataclass(frozen=True, eq=False)
class HandStrengthMany:
    """Strength of every holding on many boards: ``boards`` (m, k) uint8, ``weights`` (m,)
    (how many boards each stands for: 1, or a suit-isomorphism class's size), and ``hs``,
    ``ehs``, ``ehs2`` (m, 1326), ``histogram`` (m, 1326, bins) or None."""

    boards: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.int64]
    hs: npt.NDArray[np.float64]
    ehs: npt.NDArray[np.float64]
    ehs2: npt.NDArray[np.float64]
    histogram: npt.NDArray[np.float64] | None

    def __repr__(self) -> str:
        bins = "" if self.histogram is None else f", bins={self.histogram.shape[2]}"
        return f"HandStrengthMany(boards={len(self.boards)}{bins})"


def _board(board: HandLike) -> list[int]:
    cards = parse(board)
    if len(cards) not in (3, 4, 5):
        raise ValueError(f"hand strength needs a board of 3, 4 or 5 cards, got {len(cards)}")
    return cards


def check_bins(bins: object) -> int:
    if bins is None:
        return 0
    count = exact_int(bins, "bins as an int or None")
    if not 1 <= count <= 10_000:
        raise ValueError(f"bins must be from 1 to 10000, got {count}")
    return count


def _runouts(cards: int) -> int:
    unseen = 52 - cards
    return {5: 1, 4: unseen, 3: unseen * (unseen - 1) // 2}[cards]


def _counts(cards: bytes, bins: int, first: int, end: int, now: bool) -> dict[str, Any]:
    """The kernel's integer counts for runouts [first, end) of one board (picklable)."""
    import numpy as np

    out = {"now": np.full(HOLDINGS, -1, dtype=np.int32) if now else None,
           "sum": np.zeros(HOLDINGS, dtype=np.uint64), "squares": np.zeros(HOLDINGS, dtype=np.uint64),
           "runouts": np.zeros(HOLDINGS, dtype=np.uint32),
           "histogram": np.zeros((HOLDINGS, bins), dtype=np.uint32) if bins else None}
    error = lib.hr_hand_strength(
        cards, len(cards), bins, first, end,
        ffi.from_buffer("int32_t[]", out["now"]) if now else ffi.NULL, ffi.from_buffer("uint64_t[]", out["sum"]),
        ffi.from_buffer("uint64_t[]", out["squares"]), ffi.from_buffer("uint32_t[]", out["runouts"]),
        ffi.from_buffer("uint32_t[]", out["histogram"]) if bins else ffi.NULL)
    if error:
        raise ValueError(f"the kernel refused the board {format_cards(list(cards))}: error {error}")
    return out


def histogram_counts(cards: bytes, bins: int) -> npt.NDArray[np.uint32]:
    """(1326, bins) exact counts of one board's river hand strength over every runout, as the
    kernel counts them (a holding that meets the board: zeros): the integers a histogram of
    ``hand_strength`` divides by the runouts. One C call (picklable, for Dask)."""
    histogram: npt.NDArray[np.uint32] = _counts(cards, bins, 0, _runouts(len(cards)), False)["histogram"]
    return histogram


def _finish(cards: bytes, parts: list[dict[str, Any]], bins: int) -> HandStrength:
    """Chances from the summed integer counts."""
    import numpy as np

    now = parts[0]["now"]
    total = {key: sum(part[key] for part in parts) for key in ("sum", "squares", "runouts")}
    opponents = {3: 1081, 4: 1035, 5: 990}[len(cards)]  # C(52 - cards - 2, 2)
    missing = now < 0
    with np.errstate(invalid="ignore", divide="ignore"):
        runouts = total["runouts"].astype(np.float64)
        hs = np.where(missing, np.nan, now / (2 * opponents))
        ehs = np.where(missing, np.nan, total["sum"] / (2 * _RIVER_OPPONENTS) / runouts)
        ehs2 = np.where(missing, np.nan, total["squares"] / (2 * _RIVER_OPPONENTS) ** 2 / runouts)
        histogram = None
        if bins:
            counts = sum(part["histogram"] for part in parts)
            histogram = np.where(missing[:, None], np.nan, counts / runouts[:, None])
    return HandStrength(format_cards(list(cards)), hs, ehs, ehs2, histogram, _runouts(len(cards)))


def hand_strength(board: HandLike, *, bins: int | None = None, threads: int | None = None) -> HandStrength:
    """The exact strength of every holding on a 3-, 4- or 5-card board (see the module).

    >>> from handrank import holding_index
    >>> s = hand_strength("Kh 7d 2c")
    >>> round(float(s.ehs[holding_index("As Ah")]), 4), round(float(s.ehs[holding_index("Kd Kc")]), 4)
    (0.8873, 0.9826)

    Raises:
        ValueError: a board of other than 3, 4 or 5 cards, a card twice, bins outside
            1..10000.
        TypeError: cards that are not cards; bins or threads that are not ints.
    """
    cards = bytes(_board(board))
    bins_ = check_bins(bins)
    nthreads = thread_count(threads)
    runouts = _runouts(len(cards))
    slices = min(runouts, 4 * nthreads) if nthreads > 1 else 1
    bounds = [runouts * k // slices for k in range(slices + 1)]
    jobs = [functools.partial(_counts, cards, bins_, bounds[k], bounds[k + 1], k == 0) for k in range(slices)]
    return _finish(cards, run_slices(jobs, nthreads), bins_)


def _one_board(cards: bytes, bins: int) -> HandStrength:
    return _finish(cards, [_counts(cards, bins, 0, _runouts(len(cards)), True)], bins)


@functools.lru_cache(maxsize=4)
def _canonical(cards: int) -> tuple[bytes, tuple[int, ...]]:
    """The canonical boards: of each suit class of boards, the member first in lexicographic
    order (its cards increasing), listed in that order, and each class's size. Every board's
    class from the isomorphism indexer, a class's first member where it first appears."""
    import numpy as np

    from ._rows import card_combinations
    from .isomorphism import Indexer

    every = card_combinations(52, cards)  # lexicographic: a class's first row is its least member
    _, first, sizes = np.unique(Indexer([cards]).index(every, threads=1), return_index=True, return_counts=True)
    order = np.argsort(first)
    return every[first[order]].tobytes(), tuple(int(w) for w in sizes[order])


def canonical_boards(cards: int = 3) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """Every board of ``cards`` (3, 4 or 5) up to suit isomorphism, and how many boards each
    stands for: 1,755 flops (weights adding up to 22,100), 16,432 turns, 134,459 rivers.

    >>> boards, weights = canonical_boards(3)
    >>> len(boards), int(weights.sum())
    (1755, 22100)
    """
    import numpy as np

    if exact_int(cards, "a board's card count as an int") not in (3, 4, 5):
        raise ValueError(f"a board has 3, 4 or 5 cards, got {cards}")
    cards = int(cards)
    packed, weights = _canonical(cards)
    return np.frombuffer(packed, dtype=np.uint8).reshape(-1, cards).copy(), np.array(weights, dtype=np.int64)


def hand_strength_many(boards: npt.ArrayLike | str, *, bins: int | None = None, threads: int | None = None,
                       client: Any = None, progress: bool | Callable[[int, int], None] | None = None
                       ) -> HandStrengthMany:
    """``hand_strength`` of many boards: an (m, k) array of boards (k = 3, 4 or 5), or
    "flops" / "turns" / "rivers" for every board of that street up to suit isomorphism
    (with ``weights``: the number of boards each stands for). Boards run in parallel on
    ``threads``, or on a Dask ``client``'s workers. ``progress=True`` shows a progress bar as
    boards finish (tqdm's, with ``pip install ".[progress]"``); a callable ``progress(done,
    total)`` is called instead.

    >>> import numpy as np
    >>> many = hand_strength_many(np.array([[47, 21, 0], [35, 31, 1]], dtype=np.uint8), bins=4)   # Ks 7d 2c; Ts 9s 2d
    >>> many.ehs.shape, many.histogram.shape
    ((2, 1326), (2, 1326, 4))

    Raises:
        ValueError: boards of a bad shape or with a bad card (the row is named), an unknown
            street name.
        TypeError: as ``hand_strength``; a client that is not a Dask client.
    """
    import numpy as np

    from ._equity_input import checked_client

    # every argument checked before the paths split (a cluster or threads, a street or an array)
    client, bins_, nthreads = checked_client(client), check_bins(bins), thread_count(threads)
    progress = progress_reporter(progress, "hand strength")
    if isinstance(boards, str):
        streets = {"flops": 3, "turns": 4, "rivers": 5}
        if boards not in streets:
            raise ValueError(f"boards must be an array or one of {', '.join(streets)}, got {boards!r}")
        board_array, weights = canonical_boards(streets[boards])
    else:
        from ._rows import as_cards, check_board_rows

        board_array = as_cards(boards, "boards", (None, None))
        if board_array.shape[1] not in (3, 4, 5):
            raise ValueError(f"boards must have 3, 4 or 5 cards a row, got {board_array.shape[1]}")
        check_board_rows(board_array)
        weights = np.ones(len(board_array), dtype=np.int64)
    rows = [bytes(row) for row in board_array]
    m = len(rows)
    # the results' arrays, each board's row written as it finishes: memory is the answer's,
    # not the answer's again in per-board results waiting to be stacked (1 GB for "turns")
    hs, ehs, ehs2 = (np.empty((m, HOLDINGS)) for _ in range(3))
    histogram = np.empty((m, HOLDINGS, bins_)) if bins_ else None

    def keep(index: int, result: HandStrength) -> None:
        hs[index], ehs[index], ehs2[index] = result.hs, result.ehs, result.ehs2
        if histogram is not None:
            histogram[index] = result.histogram

    each_result(_one_board, [(row, bins_) for row in rows], keep, nthreads, client, progress)
    return HandStrengthMany(board_array, weights, hs, ehs, ehs2, histogram)
