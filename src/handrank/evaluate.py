"""Ranking hands: evaluate, evaluate_many, compare, and the nine categories.

A rank is an int from 1 (royal flush) to 7462 (7-5-4-3-2): Cactus Kev's numbering,
shared with treys, deuces and phevaluator. Lower is better; equal ranks are an exact
tie (a split pot). A hand of 5, 6 or 7 cards gets the rank of its best five cards.
"""

from __future__ import annotations

import bisect
import enum
import functools
from typing import TYPE_CHECKING, Any

from . import _percall
from ._core import ffi, lib
from .cards import HandLike, exact_int, format_card, is_ndarray, parse

if TYPE_CHECKING:  # numpy is imported on first use: `import handrank` stays fast
    import numpy as np
    import numpy.typing as npt

__all__ = ["RANK_COUNT", "Category", "category", "categories", "evaluate", "evaluate_many", "compare", "mask",
           "evaluate_mask"]

# One hand a call: the small extension ranks through this kernel (csrc/ext/percall.c).
_percall.bind(lib.hr_percall_api())
_rank_one = _percall.holdem
_rank_mask = _percall.holdem_mask

RANK_COUNT: int = lib.HR_RANK_COUNT
"""Number of distinct five-card strengths (7462); also the worst rank."""

MIN_CARDS, MAX_CARDS = 5, 7
# Below this many rows a thread costs more than it saves.
_MIN_ROWS_PER_THREAD = 1 << 16
# Rows ranked by one C call of a long evaluate_many (about 13 ms): Ctrl-C is seen between them.
_SLICE_ROWS = 1 << 22


class Category(enum.IntEnum):
    """The nine hand categories, worst to best: a higher value beats a lower one."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


# Worst (largest) rank of each category, best category first, as the generated tables say.
_WORST_RANK = tuple(getattr(lib, f"HR_WORST_{c.name}") for c in reversed(Category))
_BY_WORST_RANK = tuple(reversed(Category))


def _check_rank(rank: object, count: int = RANK_COUNT, game: str = "") -> int:
    """A rank of a game with ``count`` ranks (Hold'em's by default), checked."""
    what = f"{game} rank" if game else "rank"
    value = exact_int(rank, f"{'an' if what[0].lower() in 'aeiou' else 'a'} {what} (an int 1..{count})")
    if not 1 <= value <= count:
        raise ValueError(f"{game + ' ' if game else ''}rank {value} is out of range 1..{count}")
    return value


def _better(first: int, second: int) -> int:
    """1 when rank ``first`` wins (lower is better in every game), -1 when it loses, 0 for a split."""
    return (first < second) - (first > second)


def category(rank: int) -> Category:
    """The category of a rank (1 = royal flush ... 7462 = 7-5-4-3-2).

    >>> category(1)
    <Category.STRAIGHT_FLUSH: 8>
    >>> category(evaluate("As Ad Kc Kd 2h")).name
    'TWO_PAIR'

    Raises:
        ValueError: a rank outside 1..7462.
        TypeError: not an int.
    """
    if type(rank) is int and 0 < rank <= RANK_COUNT:
        return _CATEGORY_OF_RANK[rank]
    return _BY_WORST_RANK[bisect.bisect_left(_WORST_RANK, _check_rank(rank))]


# The category of every rank (index 0 unused): one tuple lookup a call.
_CATEGORY_OF_RANK = (Category.HIGH_CARD, *(_BY_WORST_RANK[bisect.bisect_left(_WORST_RANK, rank)]
                                          for rank in range(1, RANK_COUNT + 1)))


def categories(ranks: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """The category (a ``Category`` value) of every rank in an array, as uint8.

    >>> categories([1, 7462]).tolist()
    [8, 0]

    Raises:
        ValueError: a rank outside 1..7462 (the message gives its index).
        TypeError: not an integer array.
    """
    import numpy as np

    array = np.asarray(ranks)
    if array.dtype.kind not in "iu":
        raise TypeError(f"ranks must be integers, got dtype {array.dtype}")
    bad = (array < 1) | (array > RANK_COUNT)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(f"rank {array[where]} at index {where if array.ndim != 1 else where[0]} "
                         f"is out of range 1..{RANK_COUNT}")
    index = np.searchsorted(np.asarray(_WORST_RANK), array, side="left")
    return (len(Category) - 1 - index).astype(np.uint8)


_RANK_INTS = {5: lib.hr_rank5_ints, 6: lib.hr_rank6_ints, 7: lib.hr_rank7_ints}


def _rank_checked(cards: list[int]) -> int:
    """Rank of a parsed (valid, distinct) hand; checks the count."""
    rank_ints = _RANK_INTS.get(len(cards))
    if rank_ints is None:
        raise ValueError(f"a hand has 5, 6 or 7 cards, got {len(cards)}")
    rank: int = rank_ints(*cards)
    if rank <= 0:  # parse() has checked everything the kernel checks
        raise AssertionError(f"kernel refused checked cards {cards} ({rank})")
    return rank


def evaluate(hand: HandLike) -> int:
    """The rank of a hand of 5, 6 or 7 cards: 1 (royal flush) ... 7462 (7-5-4-3-2).

    Lower is better; equal ranks split the pot. Six and seven cards rank as their best
    five. The hand is a string ('As Kd Qh Jc 10s', 'AsKdQhJcTs'), an iterable of card
    strings or ids 0..51, or a 1-D integer array. A tuple or list of ints and a card
    string are read in C (the fastest calls); for a hand built up card by card, see
    ``evaluate_mask``.

    >>> evaluate("As Ks Qs Js Ts")
    1
    >>> evaluate([0, 4, 8, 12, 17])  # 2c 3c 4c 5c 6d: six-high straight
    1608

    Raises:
        ValueError: not 5..7 cards, an unknown card, an id outside 0..51, a duplicate.
        TypeError: something that is not a card.
    """
    # The C reader takes tuples and lists of plain ints and card strings, and answers 0 for
    # anything else or anything wrong: the other paths then read it or name the fault.
    return _rank_one(hand) or _rank_other(hand)


def rank_array_row(rank_one: Any, hand: object) -> int:
    """A game's one-hand C reader on a 1-D integer array, as a list (a numpy row a call, as
    simulation loops pass them: several times faster than parsing it); 0 for anything else or
    anything refused, which the game's checked path then reads or names."""
    if is_ndarray(hand):
        array: Any = hand
        if array.ndim == 1 and array.dtype.kind in "iu" and len(array) <= MAX_CARDS:
            rank: int = rank_one(array.tolist())
            return rank
    return 0


def checked_rank(hand: HandLike, rank_one: Any, counts: tuple[int, ...], wrong_count: str,
                 cards_of: Any = parse) -> int:
    """Every game's one-hand rank where its C reader (``rank_one``) answered 0: a numpy row goes
    back to it as a list; anything else is read by ``cards_of`` (which names a bad card), its
    count checked against ``counts`` (``wrong_count`` with the count filled in), then ranked."""
    rank: int = rank_array_row(rank_one, hand)
    if rank:
        return rank
    cards = cards_of(hand)
    if len(cards) not in counts:
        raise ValueError(wrong_count.format(len(cards)))
    rank = rank_one(cards)
    return rank


def _rank_other(hand: HandLike) -> int:
    """A hand the C reader left alone: a numpy row, or the checked path (``parse`` names the fault)."""
    return rank_array_row(_rank_one, hand) or _rank_checked(parse(hand))


def compare(a: HandLike, b: HandLike) -> int:
    """Which hand wins: 1 when ``a`` does, -1 when ``b`` does, 0 for a split pot.

    Each hand is ranked on its own (5..7 cards, best five), as ``evaluate`` does.

    >>> compare("As Ah Kc Qd Js", "Ac Ad Kh Qs Jd")
    0
    >>> compare("3c 3s 3d Ac Ah", "2c 2s 2d Kc Kh")
    1
    """
    first = _rank_one(a) or _rank_other(a)
    second = _rank_one(b) or _rank_other(b)
    return (first < second) - (first > second)


def mask(hand: HandLike) -> int:
    """A hand as a card mask: an int with bit ``c`` set for each card id ``c``.

    A mask is the cheapest hand to build up card by card (``hand |= 1 << card`` adds one,
    ``hand & (1 << card)`` tests one) and ``evaluate_mask`` ranks it as fast as a tuple of ints.

    >>> mask("2c 2d")
    3
    >>> evaluate_mask(mask("As Ks Qs Js") | 1 << 35)   # add Ts (id 35)
    1

    Raises:
        ValueError, TypeError: as ``parse`` (a bad card, a duplicate, no cards).
    """
    bits = 0
    for card_id in parse(hand):
        bits |= 1 << card_id
    return bits


def evaluate_mask(hand: int) -> int:
    """The rank (1 = royal flush ... 7462 = 7-5-4-3-2) of a card mask of 5, 6 or 7 cards: an int
    with bit ``c`` set for card id ``c`` (see ``mask``). Lower is better; equal ranks split.

    >>> evaluate_mask(mask("As Ks Qs Js Ts"))
    1

    Raises:
        ValueError: a bit above 51, or not 5..7 bits set.
        TypeError: not an int (a bool is refused).
    """
    rank: int = _rank_mask(hand)
    if rank:
        return rank
    bits = exact_int(hand, "a card mask (an int with bit c set for card id c)")
    if bits < 0 or bits >> 52:
        raise ValueError(f"a card mask has bits 0..51 only, got {bits:#x}")
    return _rank_checked([card_id for card_id in range(52) if bits >> card_id & 1])


def _card_matrix(cards: Any, row_offset: int = 0) -> npt.NDArray[np.uint8]:
    """A C-contiguous uint8 (N, k) view or copy of `cards`, k in 5..7, every id < 256."""
    import numpy as np

    array = cards if isinstance(cards, np.ndarray) else np.asarray(cards)
    if array.dtype.kind not in "iu":
        raise TypeError(f"evaluate_many takes an integer array of card ids 0..51, got dtype {array.dtype}"
                        + (" (parse card strings with handrank.parse first)" if array.dtype.kind in "US"
                           else ""))
    if array.ndim != 2 or not MIN_CARDS <= array.shape[1] <= MAX_CARDS:
        raise ValueError(f"evaluate_many takes an (N, k) array with k = 5, 6 or 7 cards a row, "
                         f"got shape {array.shape}")
    if array.dtype != np.uint8 and array.size:
        # Check before narrowing, so that an int64 259 is refused rather than wrapped to 3.
        low, high = array.min(), array.max()
        if low < 0 or high > 51:
            bad = np.flatnonzero(((array < 0) | (array > 51)).any(axis=1))[0]
            _raise_row_error(array, int(bad), row_offset)
        array = array.astype(np.uint8)
    return np.ascontiguousarray(array)


def _raise_row_error(array: npt.NDArray[Any], row: int, row_offset: int = 0) -> None:
    values = [int(v) for v in array[row]]
    where = row + row_offset
    for column, value in enumerate(values):
        if not 0 <= value <= 51:
            raise ValueError(f"row {where}: card id {value} in column {column} is out of range 0..51")
    for column, value in enumerate(values):
        first = values.index(value)
        if first != column:
            raise ValueError(f"row {where}: duplicate card {format_card(value)!r} (id {value}) in columns "
                             f"{first} and {column}")
    raise AssertionError(f"row {row} refused by the kernel but looks valid: {values}")


def _thread_count(threads: object, rows: int) -> int:
    from ._work import thread_count

    return thread_count(threads, useful=rows // _MIN_ROWS_PER_THREAD)


def _output(out: Any, rows: int, shape: tuple[int, ...] | None = None, name: str = "out") -> npt.NDArray[np.uint16]:
    """``out`` checked as a C-contiguous, writeable uint16 array of ``shape`` (default
    ``(rows,)``), or a new one when it is None; ``name`` is what messages call it."""
    import numpy as np

    shape = (rows,) if shape is None else shape
    if out is None:
        return np.empty(shape, dtype=np.uint16)
    if not isinstance(out, np.ndarray) or out.dtype != np.uint16:
        raise TypeError(f"{name} must be a numpy uint16 array, got {getattr(out, 'dtype', type(out).__name__)}")
    if out.shape != shape:
        raise ValueError(f"{name} must have shape {shape} for {rows} rows, got {out.shape}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError(f"{name} must be C-contiguous and writeable")
    return out


def evaluate_many(cards: npt.ArrayLike, *, threads: int | None = None,
                  out: npt.NDArray[np.uint16] | None = None) -> npt.NDArray[np.uint16]:
    """Rank every row of an (N, k) array of card ids, k = 5, 6 or 7, in C.

    Returns a uint16 array of N ranks, 1 (royal flush) ... 7462 (7-5-4-3-2); lower is
    better, equal ranks split the pot. A C-contiguous uint8 array is read in place;
    any other integer dtype or memory order is range-checked, then converted.
    ``threads`` splits the rows across that many threads (the GIL is released).
    ``out``, a C-contiguous uint16 array of N, receives the ranks and is returned:
    reusing one saves allocating (and the OS zeroing) a new array every call. If a row
    is bad, ``out`` holds the ranks of some rows and garbage in others.

    A dask array of cards (``pip install 'handrank[dask]'``) gives a lazy dask array of
    ranks, computed block by block wherever dask runs them; a bad row raises when the
    result is computed, numbered from the top of the whole array.

    >>> import numpy as np
    >>> evaluate_many(np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]], dtype=np.uint8))
    array([   1, 1608], dtype=uint16)

    Raises:
        ValueError: a wrong shape, or a row with an id outside 0..51 or a duplicate
            card (the message names the first such row).
        ValueError: ``out`` of the wrong shape, or sharing memory with ``cards``.
        TypeError: a non-integer array, or ``out`` not a uint16 array.
    """
    lazy = _evaluate_lazy(cards, out, threads)
    if lazy is not None:
        return lazy  # type: ignore[no-any-return]
    matrix = _card_matrix(cards)
    result = _output(out, len(matrix))
    if out is not None:
        import numpy as np

        if np.shares_memory(result, matrix):
            raise ValueError("out overlaps the cards: the ranks would overwrite cards not yet read; "
                             "pass a separate array")
    return _rank_into(matrix, result, threads, 0)


def _rank_into(matrix: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], threads: object,
               row_offset: int, batch: Any = None, row_error: Any = None) -> npt.NDArray[np.uint16]:
    """Rank a checked uint8 matrix into `out`; errors number rows from `row_offset`. `batch`
    is the game's kernel (the hr_rank_batch signature; Hold'em's by default) and `row_error`
    its message for a refused row (``_raise_row_error``'s signature and default).

    Big inputs go in slices of _SLICE_ROWS (a few milliseconds each), shared by the threads,
    the calling thread taking slices too: Ctrl-C raises between two slices."""
    from ._work import run_slices

    rows, ncards = matrix.shape
    if rows == 0:
        return out
    nthreads = _thread_count(threads, rows)
    slices = max(nthreads, -(-rows // _SLICE_ROWS))
    bounds = [rows * i // slices for i in range(slices + 1)]
    source = ffi.from_buffer("uint8_t[]", matrix)
    target = ffi.from_buffer("uint16_t[]", out)

    kernel = lib.hr_rank_batch if batch is None else batch

    def run(start: int, stop: int) -> tuple[int, int]:
        error = ffi.new("int *")
        bad = kernel(source + start * ncards, stop - start, ncards, target + start, error)
        return (start + bad, error[0]) if bad >= 0 else (-1, 0)

    results = run_slices([functools.partial(run, bounds[i], bounds[i + 1]) for i in range(slices)], nthreads)
    failures = [result for result in results if result[0] >= 0]
    if failures:
        (row_error or _raise_row_error)(matrix, min(failures)[0], row_offset)
    return out


def _is_dask_array(value: object) -> bool:
    return type(value).__module__.split(".")[0] == "dask" and hasattr(value, "map_blocks")


def _block_first_row(block_info: object) -> int:
    """The first row of the dask block a ``map_blocks`` function is given; 0 when dask runs
    it without one (older dask passes an empty array while it works out the result type)."""
    if isinstance(block_info, dict) and isinstance(block_info.get(0), dict):
        return int(block_info[0]["array-location"][0][0])
    return 0


def _evaluate_lazy(cards: Any, out: object, threads: object, batch: Any = None, row_error: Any = None,
                   check_width: Any = None) -> Any:
    """None, or for a dask array of cards the lazy dask array of its ranks (``_evaluate_dask``
    with a game's kernel and row error; ``check_width(k)`` raises for a row width the game
    refuses): every game's ``evaluate_many`` takes dask arrays the same way, and refuses
    ``out`` with them."""
    _thread_count(threads, 0)  # checked before the paths split (dask or numpy, rows or none)
    if not _is_dask_array(cards):
        return None
    if out is not None:
        raise TypeError("out= does not apply to a dask array: the result is a dask array")
    if check_width is not None and len(cards.shape) == 2:
        check_width(cards.shape[1])
    return _evaluate_dask(cards, threads, batch, row_error)


def _evaluate_dask(cards: Any, threads: object, batch: Any = None, row_error: Any = None) -> Any:
    """evaluate_many block by block over a dask array of cards: a lazy dask array of ranks
    (``batch`` and ``row_error`` as in ``_rank_into``)."""
    import numpy as np

    if cards.dtype.kind not in "iu":
        raise TypeError(f"evaluate_many takes an integer array of card ids 0..51, got dtype {cards.dtype}")
    if cards.ndim != 2 or not MIN_CARDS <= cards.shape[1] <= MAX_CARDS:
        raise ValueError(f"evaluate_many takes an (N, k) array with k = 5, 6 or 7 cards a row, "
                         f"got shape {cards.shape}")

    def block_ranks(block: Any, block_info: Any = None) -> Any:
        first_row = _block_first_row(block_info)
        matrix = _card_matrix(block, first_row)
        return _rank_into(matrix, np.empty(len(matrix), dtype=np.uint16), threads, first_row, batch, row_error)

    return cards.rechunk({1: -1}).map_blocks(block_ranks, dtype=np.uint16, drop_axis=1)
