"""Deuce-to-seven (2-7) lowball: the worst high hand wins, five cards.

A rank is an int from **1 (7-5-4-3-2 of mixed suits) to 7462 (a royal flush)**: lower is
better, equal ranks split the pot. Aces are always high, so A-2-3-4-5 is ace-high, not a
straight, and loses to K-Q-J-9-8; straights and flushes count against a hand. Categories are
Hold'em's (``handrank.Category``), where here the lower category is the better hand.

>>> evaluate("7c 5d 4h 3s 2c"), evaluate("As Ks Qs Js Ts")
(1, 7462)
>>> compare("Kc Qd Jh 9s 8c", "Ac 2d 3h 4s 5c")   # ace-high loses to king-high
1
>>> describe(1), describe(evaluate("As 2d 3h 4s 5c"), short=True)
('Seven-five-four-trey-deuce low', 'Ace-five low')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _percall
from ._core import lib
from ._rows import card_matrix, check_rank, checked_rank, evaluate_lazy, output_array, rank_into
from .cards import HandLike, checked_flag, in_rank_order, parse
from .evaluate import Category
from .names import RANK_PLURALS, RANK_WORDS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from .ace_to_five import LowCensus

__all__ = ["RANK_COUNT", "evaluate", "evaluate_many", "compare", "category", "describe", "best_five", "census"]

RANK_COUNT: int = lib.HR_27_RANK_COUNT
"""Distinct deuce-to-seven hands (7462); also the worst rank (a royal flush)."""


def _checked(rank: object) -> int:
    return check_rank(rank, RANK_COUNT, "deuce-to-seven")


def _pattern(rank: int) -> tuple[Category, tuple[int, ...]]:
    word = lib.hr_27_pattern[rank]
    return Category(word >> 20), tuple(word >> (4 * (4 - i)) & 15 for i in range(5))


def evaluate(hand: HandLike) -> int:
    """The deuce-to-seven rank of five cards (1 = 7-5-4-3-2 ... 7462 = a royal flush).

    >>> evaluate("7c 6d 4h 3s 2c") > evaluate("7c 5d 4h 3s 2c")   # 7-5 beats 7-6
    True

    Raises:
        ValueError: not five cards, a card twice, a bad card (named).
        TypeError: not cards.
    """
    return _rank_one(hand) or _checked_rank(hand)


_compare, _GAME = _percall.compare, _percall.DEUCE_TO_SEVEN
_rank_one = _percall.deuce_to_seven


def _checked_rank(hand: HandLike) -> int:
    """The rank of a hand the C reader left to Python or refused: checked, a fault named."""
    return checked_rank(hand, _rank_one, (5,), "a deuce-to-seven hand has 5 cards, got {}")


def evaluate_many(cards: npt.ArrayLike, *, threads: int | None = None,
                  out: npt.NDArray[np.uint16] | None = None) -> npt.NDArray[np.uint16]:
    """Deuce-to-seven ranks of every row of an (N, 5) array of card ids, in C; the input
    rules, errors and threads of ``handrank.evaluate_many``.

    >>> import numpy as np
    >>> evaluate_many(np.array([[20, 13, 10, 7, 0], [51, 47, 43, 39, 35]], dtype=np.uint8)).tolist()
    [1, 7462]
    """
    lazy = evaluate_lazy(cards, out, threads, lib.hr_27_rank_batch, check_width=_check_width)
    if lazy is not None:
        return lazy  # type: ignore[no-any-return]
    matrix = card_matrix(cards)
    _check_width(matrix.shape[1])
    return rank_into(matrix, output_array(out, len(matrix)), threads, 0, lib.hr_27_rank_batch)


def _check_width(width: int) -> None:
    if width != 5:
        raise ValueError(f"deuce-to-seven hands have 5 cards, got rows of {width}")


def compare(a: HandLike, b: HandLike) -> int:
    """1 if hand ``a`` is the better deuce-to-seven hand, -1 if ``b`` is, 0 for a split pot.

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
    """The Hold'em category of a deuce-to-seven rank (here the lower category is better).

    >>> category(1), category(7462)
    (<Category.HIGH_CARD: 0>, <Category.STRAIGHT_FLUSH: 8>)
    """
    return _pattern(_checked(rank))[0]


def describe(rank: int, short: bool = False) -> str:
    """The name of a deuce-to-seven rank; every full name is distinct.

    >>> describe(evaluate("8c 6d 4h 3s 2c"), short=True), describe(evaluate("As 2s 3s 4s 5s"))
    ('Eight-six low', 'Ace-five-four-trey-deuce flush')
    """
    kind, ranks = _pattern(_checked(rank))
    short = checked_flag(short, "short")
    words, plurals = [RANK_WORDS[r] for r in ranks], [RANK_PLURALS[r] for r in ranks]
    if kind == Category.HIGH_CARD:
        name = "-".join(words[:2] if short else words) + " low"
    elif kind == Category.ONE_PAIR:
        name = f"pair of {plurals[0]}" + ("" if short else ", " + "-".join(words[2:]))
    elif kind == Category.TWO_PAIR:
        name = f"{plurals[0]} and {plurals[2]}" + ("" if short else f", {words[4]} kicker")
    elif kind == Category.THREE_OF_A_KIND:
        name = f"three {plurals[0]}" + ("" if short else ", " + "-".join(words[3:]))
    elif kind == Category.STRAIGHT:
        name = f"{words[0]}-high straight"
    elif kind == Category.FLUSH:
        name = ("-".join(words[:2]) if short else "-".join(words)) + " flush"
    elif kind == Category.FULL_HOUSE:
        name = f"{plurals[0]} full" + ("" if short else f" of {plurals[3]}")
    elif kind == Category.FOUR_OF_A_KIND:
        name = f"four {plurals[0]}" + ("" if short else f", {words[4]} kicker")
    else:
        name = f"{words[0]}-high straight flush"
    return name[0].upper() + name[1:]


def best_five(hand: HandLike) -> list[int]:
    """The five cards, most significant first (a deuce-to-seven hand is always five).

    >>> from handrank import format_cards
    >>> format_cards(best_five("2c 3s 4h 5s 7c"))
    '7c 5s 4h 3s 2c'
    """
    cards = parse(hand)
    rank = evaluate(cards)
    return in_rank_order(cards, _pattern(rank)[1])


def census(cards: int = 5) -> LowCensus:
    """Rank every five-card hand deuce-to-seven inside C and count each category.

    >>> c = census()
    >>> c.hands, c.ranks
    (2598960, 7462)
    """
    from .ace_to_five import LowCensus
    from .census import count_ranks

    counts, seconds = count_ranks(lambda _, buffer: lib.hr_27_census(buffer), cards, RANK_COUNT,
                                  five_only="deuce-to-seven")
    per_category: dict[Category, list[int]] = {c: [0, 0] for c in Category}
    for rank in range(1, RANK_COUNT + 1):
        entry = per_category[_pattern(rank)[0]]
        entry[0] += int(counts[rank])
        entry[1] += int(counts[rank] > 0)
    rows = tuple((kind, hands, ranks) for kind, (hands, ranks) in per_category.items())
    return LowCensus(cards, rows, seconds, "deuce-to-seven")  # type: ignore[arg-type]

