"""Ace-to-five lowball, Razz, and the 8-or-better low.

A rank is an int from **1 (5-4-3-2-A, the wheel) to 6175 (K-K-K-K-Q)**: lower is better,
equal ranks split the pot. Aces are low; straights and flushes do not count, so 5-4-3-2-A
of one suit is the best hand. Hands compare by pairing first (no pair beats one pair, which
beats two pair, three of a kind, a full house, four of a kind), then by their ranks, groups
by size and each from the highest card down: a pair of aces beats a pair of deuces, 7-5-4-3-2
beats 7-6-4-3-2. A hand of 6 or 7 cards (Razz) gets the rank of its best five.

The 8-or-better low (seven-card stud hi-lo, Omaha hi-lo) is a view of this ranking: a five
of five different ranks, all 8 or lower, qualifies, and those are exactly ranks 1..56
(1 = 5-4-3-2-A ... 56 = 8-7-6-5-4); ``low8`` gives that rank or None.

>>> evaluate("As 2d 3c 4h 5s"), evaluate("Kc Kd Kh Ks Qc")
(1, 6175)
>>> compare("Ac Ad 7c 5d 3h", "2c 2d 7h 5s 3d")   # aces are the lower pair
1
>>> describe(evaluate("7c 5d 4h 3s 2c")), describe(evaluate("7c 5d 4h 3s 2c"), short=True)
('Seven-five-four-three-deuce low', 'Seven-five low')
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import _percall
from ._core import lib
from ._display import html_table
from ._rows import card_matrix, check_rank, checked_rank, evaluate_lazy, output_array, rank_into
from .cards import HandLike, checked_flag, format_cards, in_rank_order, parse

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["RANK_COUNT", "LOW8_COUNT", "Category", "evaluate", "evaluate_many", "compare", "category",
           "describe", "best_five", "low8", "evaluate_low8", "census", "LowCensus"]

RANK_COUNT: int = lib.HR_A5_RANK_COUNT
"""Distinct ace-to-five five-card hands (6175); also the worst rank."""
LOW8_COUNT: int = lib.HR_A5_LOW8_COUNT
"""Qualifying 8-or-better lows (56): ranks 1..56."""

_VALUE_WORDS = ("ace", "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
                "king")
_VALUE_PLURALS = ("aces", "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
                  "jacks", "queens", "kings")
_VALUE_RANK = (12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)  # low value (ace 0 .. king 12) -> card rank


class Category(enum.IntEnum):
    """Ace-to-five categories, worst to best: a higher value beats a lower one."""

    FOUR_OF_A_KIND = 0
    FULL_HOUSE = 1
    THREE_OF_A_KIND = 2
    TWO_PAIR = 3
    ONE_PAIR = 4
    NO_PAIR = 5


def _checked(rank: object) -> int:
    return check_rank(rank, RANK_COUNT, "ace-to-five")


def _pattern(rank: int) -> tuple[int, tuple[int, ...]]:
    """(table category: NO_PAIR 0 .. FOUR_OF_A_KIND 5, the five low values in comparison order)."""
    word = lib.hr_a5_pattern[rank]
    return word >> 20, tuple(word >> (4 * (4 - i)) & 15 for i in range(5))


def evaluate(hand: HandLike) -> int:
    """The ace-to-five rank of 5, 6 or 7 cards (1 = 5-4-3-2-A ... 6175): the best five.

    >>> evaluate("As 2s 3s 4s 5s Kd Kc")   # a Razz hand: the wheel plays
    1

    Raises:
        ValueError: not 5 to 7 cards, a card twice, a bad card (named).
        TypeError: not cards.
    """
    return _rank_one(hand) or _checked_rank(hand)


_compare, _GAME = _percall.compare, _percall.ACE_TO_FIVE
_rank_one = _percall.ace_to_five


def _checked_rank(hand: HandLike) -> int:
    """The rank of a hand the C reader left to Python or refused: checked, a fault named."""
    return checked_rank(hand, _rank_one, (5, 6, 7), "an ace-to-five hand has 5, 6 or 7 cards, got {}")


def evaluate_many(cards: npt.ArrayLike, *, threads: int | None = None,
                  out: npt.NDArray[np.uint16] | None = None) -> npt.NDArray[np.uint16]:
    """Ace-to-five ranks of every row of an (N, k) array of card ids, k = 5, 6 or 7, in C.

    The same input rules, errors and threads as ``handrank.evaluate_many``.

    >>> import numpy as np
    >>> evaluate_many(np.array([[51, 0, 5, 10, 15], [47, 46, 45, 44, 40]], dtype=np.uint8)).tolist()
    [1, 6175]
    """
    lazy = evaluate_lazy(cards, out, threads, lib.hr_a5_rank_batch)
    if lazy is not None:
        return lazy  # type: ignore[no-any-return]
    matrix = card_matrix(cards)
    result = output_array(out, len(matrix))
    return rank_into(matrix, result, threads, 0, lib.hr_a5_rank_batch)


def compare(a: HandLike, b: HandLike) -> int:
    """1 if hand ``a`` is the better ace-to-five hand, -1 if ``b`` is, 0 for a split pot.

    >>> compare("7c 5d 4h 3s 2c", "7d 6c 4s 3h 2d")
    1
    """
    answer: int = _compare(_GAME, a, b)
    if answer != 2:  # one C call; 2: a hand it does not take, checked below
        return answer
    first = _rank_one(a) or _checked_rank(a)
    second = _rank_one(b) or _checked_rank(b)
    return (first < second) - (first > second)


def category(rank: int) -> Category:
    """The category of an ace-to-five rank.

    >>> category(1), category(6175)
    (<Category.NO_PAIR: 5>, <Category.FOUR_OF_A_KIND: 0>)
    """
    return Category(5 - _pattern(_checked(rank))[0])


def describe(rank: int, short: bool = False) -> str:
    """The name of an ace-to-five rank; every full name is distinct.

    >>> describe(1), describe(4200), describe(6175, short=True)
    ('Five-four-three-deuce-ace low', 'Fours and deuces, jack kicker', 'Four kings')
    """
    table_category, values = _pattern(_checked(rank))
    short = checked_flag(short, "short")
    words = [_VALUE_WORDS[v] for v in values]
    plurals = [_VALUE_PLURALS[v] for v in values]
    if table_category == 0:
        name = "-".join(words[:2] if short else words) + " low"
    elif table_category == 1:
        name = f"pair of {plurals[0]}" + ("" if short else ", " + "-".join(words[2:]))
    elif table_category == 2:
        name = f"{plurals[0]} and {plurals[2]}" + ("" if short else f", {words[4]} kicker")
    elif table_category == 3:
        name = f"three {plurals[0]}" + ("" if short else ", " + "-".join(words[3:]))
    elif table_category == 4:
        name = f"{plurals[0]} full" + ("" if short else f" of {plurals[3]}")
    else:
        name = f"four {plurals[0]}" + ("" if short else f", {words[4]} kicker")
    return name[0].upper() + name[1:]


def best_five(hand: HandLike) -> list[int]:
    """The five of 5..7 cards that make the hand's ace-to-five rank (the first such five by
    position), most significant first.

    >>> format_cards(best_five("Kd 7c 5d 4h 3s 2c 2d"))
    '7c 5d 4h 3s 2c'
    """
    cards = parse(hand)
    rank = evaluate(cards)
    for five in itertools.combinations(cards, 5):
        if evaluate(list(five)) == rank:
            return in_rank_order(five, [_VALUE_RANK[value] for value in _pattern(rank)[1]])
    raise AssertionError(f"no five of {format_cards(cards)} reaches rank {rank}")


def low8(rank: int) -> int | None:
    """The 8-or-better low of an ace-to-five rank: 1 (5-4-3-2-A) .. 56 (8-7-6-5-4), or None
    when the five do not qualify.

    >>> low8(evaluate("8c 7d 6h 5s 4c")), low8(evaluate("9c 5d 4h 3s 2c"))
    (56, None)
    """
    rank = _checked(rank)
    return rank if rank <= LOW8_COUNT else None


def evaluate_low8(hand: HandLike) -> int | None:
    """The best 8-or-better low of 5..7 cards (1..56), or None.

    >>> evaluate_low8("As 2d 3c 4h 5s Kd Kc"), evaluate_low8("As Ad 3c 4h 9s Kd Kc")
    (1, None)
    """
    return low8(evaluate(hand))


@dataclass(frozen=True)
class LowCensus:
    """Every hand of ``cards`` cards ranked ace-to-five: hands and distinct ranks per
    category, best first."""

    cards: int
    rows: tuple[tuple[Category, int, int], ...]
    seconds: float
    game: str = "ace-to-five"

    @property
    def hands(self) -> int:
        return sum(row[1] for row in self.rows)

    @property
    def ranks(self) -> int:
        return sum(row[2] for row in self.rows)

    def as_dict(self) -> dict[str, object]:
        return {"cards": self.cards,
                "categories": {c.name: {"hands": hands, "ranks": ranks} for c, hands, ranks in self.rows},
                "hands": self.hands, "ranks": self.ranks, "seconds": self.seconds}

    def _lines(self) -> list[list[Any]]:
        return [[c.name.lower().replace("_", " "), f"{hands:,}", f"{ranks:,}"] for c, hands, ranks in self.rows]

    def table(self) -> str:
        lines = [f"{'category':<16} {'hands':>13} {'ranks':>6}"]
        lines += [f"{name:<16} {hands:>13} {ranks:>6}" for name, hands, ranks in self._lines()]
        lines.append(f"{'total':<16} {self.hands:>13,} {self.ranks:>6,}")
        lines.append(f"ranked every {self.cards}-card hand {self.game} in {self.seconds:.3f} s")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return html_table(f"every {self.cards}-card hand, {self.game}", ["category", "hands", "ranks"],
                          self._lines())


def census(cards: int = 5) -> LowCensus:
    """Rank every hand of 5, 6 or 7 cards ace-to-five inside C and count each category.

    >>> c = census(5)
    >>> c.hands, c.ranks
    (2598960, 6175)
    """
    from .census import count_ranks

    counts, seconds = count_ranks(lib.hr_a5_census, cards, RANK_COUNT, sliced=True)
    worst = [getattr(lib, f"HR_A5_WORST_{name}") for name in
             ("NO_PAIR", "ONE_PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "FULL_HOUSE", "FOUR_OF_A_KIND")]
    rows, low = [], 1
    for table_category, high in enumerate(worst):
        part = counts[low:high + 1]
        rows.append((Category(5 - table_category), int(part.sum()), int((part > 0).sum())))
        low = high + 1
    return LowCensus(cards, tuple(rows), seconds)
