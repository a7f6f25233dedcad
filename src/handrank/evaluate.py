"""Ranking hands: evaluate, evaluate_many, compare, and the nine categories.

A rank is an int from 1 (royal flush) to 7462 (7-5-4-3-2): Cactus Kev's numbering,
shared with treys, deuces and phevaluator. Lower is better; equal ranks are an exact
tie (a split pot). A hand of 5, 6 or 7 cards gets the rank of its best five cards.
"""

from __future__ import annotations

import bisect
import enum
from typing import TYPE_CHECKING

from . import _percall
from ._core import lib
from ._rows import card_matrix, check_rank, evaluate_lazy, output_array, rank_array_row, rank_into
from .cards import HandLike, exact_int, parse

if TYPE_CHECKING:  # numpy is imported on first use: `import handrank` stays fast
    import numpy as np
    import numpy.typing as npt

__all__ = ["RANK_COUNT", "Category", "category", "categories", "evaluate", "evaluate_many", "compare", "mask",
           "evaluate_mask"]

# One hand a call: the small extension ranks through this kernel (csrc/ext/percall.c).
_percall.bind(lib.hr_percall_api())
_rank_one = _percall.holdem
_rank_mask = _percall.holdem_mask
_compare, _HOLDEM = _percall.compare, _percall.HOLDEM

RANK_COUNT: int = lib.HR_RANK_COUNT
"""Number of distinct five-card strengths (7462); also the worst rank."""


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
    return _BY_WORST_RANK[bisect.bisect_left(_WORST_RANK, check_rank(rank))]


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


def rank_checked(cards: list[int]) -> int:
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


def _rank_other(hand: HandLike) -> int:
    """A hand the C reader left alone: a numpy row, or the checked path (``parse`` names the fault)."""
    return rank_array_row(_rank_one, hand) or rank_checked(parse(hand))


def compare(a: HandLike, b: HandLike) -> int:
    """Which hand wins: 1 when ``a`` does, -1 when ``b`` does, 0 for a split pot.

    Each hand is ranked on its own (5..7 cards, best five), as ``evaluate`` does.

    >>> compare("As Ah Kc Qd Js", "Ac Ad Kh Qs Jd")
    0
    >>> compare("3c 3s 3d Ac Ah", "2c 2s 2d Kc Kh")
    1
    """
    answer: int = _compare(_HOLDEM, a, b)  # one C call; 2: a hand it does not take, checked below
    if answer != 2:
        return answer
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
    return rank_checked([card_id for card_id in range(52) if bits >> card_id & 1])


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
    lazy = evaluate_lazy(cards, out, threads)
    if lazy is not None:
        return lazy  # type: ignore[no-any-return]
    matrix = card_matrix(cards)
    return rank_into(matrix, output_array(out, len(matrix), cards=(matrix,)), threads, 0)


