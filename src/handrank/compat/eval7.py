"""eval7's API on handrank's kernel: switch with one line.

    import eval7                                  # before
    from handrank.compat import eval7             # after

``evaluate`` returns eval7's own values, exactly (higher is better: the hand type in bits
24 and up, then the ranks that decide, four bits each), and ``handtype`` names them as eval7
does. ``Card`` has eval7's ``rank``, ``suit`` and ``mask``; ``HandRange`` parses a range (in
handrank's syntax, which takes eval7's) into eval7's ``hands``: ((card, card), weight) pairs.
``evaluate`` takes 5, 6 or 7 cards (eval7 also ranks fewer or more; those are refused here,
with a ``ValueError``).

>>> evaluate([Card(c) for c in "As Ks Qs Js Ts".split()]), handtype(135004160)
(135004160, 'Straight Flush')
>>> evaluate([Card(c) for c in "7s 5d 4c 3h 2s".split()])
340496
"""

from __future__ import annotations

from collections.abc import Iterable

from .._core import lib
from .._rows import check_rank
from ..cards import RANKS, SUITS
from ..evaluate import category as _category
from ..evaluate import evaluate as _evaluate
from ..ranges import parse_range

__all__ = ["Card", "evaluate", "handtype", "HandRange"]

_HANDTYPES = ("High Card", "Pair", "Two Pair", "Trips", "Straight", "Flush", "Full House", "Quads", "Straight Flush")
_STRAIGHT, _STRAIGHT_FLUSH = 4, 8


class Card:
    """A card from its text ('As', '2c'): ``rank`` 0..12 (deuce .. ace), ``suit`` 0..3 (c d h s),
    ``mask`` eval7's bit ``1 << (13 * suit + rank)``.

    >>> Card("As"), str(Card("As")), Card("As").rank, Card("As").suit
    (Card("As"), 'As', 12, 3)
    """

    __slots__ = ("rank", "suit", "mask", "_id")

    def __init__(self, text: str) -> None:
        if not isinstance(text, str) or len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
            raise ValueError(f"a card is two characters such as 'As' (rank {RANKS}, suit {SUITS}), got {text!r}")
        self.rank = RANKS.index(text[0])
        self.suit = SUITS.index(text[1])
        self.mask = 1 << (13 * self.suit + self.rank)
        self._id = self.rank * 4 + self.suit  # handrank's id

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.mask == self.mask

    def __hash__(self) -> int:
        return self.mask

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f'Card("{self}")'


def _value_of_rank(rank: int) -> int:
    """eval7's value of a handrank rank: the type, then each deciding rank once, high nibble
    first (a straight keeps only its top card: 3 for the wheel)."""
    word = lib.hr_rank_pattern[rank]  # the five ranks in the order they compare
    category, value, seen = int(_category(rank)), 0, -1
    ranks = [word >> (4 * (4 - i)) & 15 for i in range(5)]
    deciding: list[int] = []
    for card_rank in ranks:
        if card_rank != seen:
            deciding.append(card_rank)
            seen = card_rank
    if category in (_STRAIGHT, _STRAIGHT_FLUSH):
        deciding = deciding[:1]
    for i, card_rank in enumerate(deciding):
        value |= card_rank << (16 - 4 * i)
    return int(category << 24 | value)


_VALUE_OF_RANK: tuple[int, ...] = (0, *(_value_of_rank(rank) for rank in range(1, lib.HR_RANK_COUNT + 1)))


def evaluate(cards: Iterable[Card]) -> int:
    """eval7's value of 5, 6 or 7 cards: higher is better, equal values split.

    Raises:
        ValueError: not 5..7 cards, or a card twice.
        TypeError: something that is not a ``Card``.
    """
    ids = []
    for position, card in enumerate(cards):
        if not isinstance(card, Card):
            raise TypeError(f"expected eval7 Cards, got {type(card).__name__} {card!r} (position {position})")
        ids.append(card._id)
    return _VALUE_OF_RANK[_evaluate(ids)]


def handtype(value: int) -> str:
    """eval7's name of a value's hand type: 'High Card', 'Pair', ..., 'Straight Flush'.

    >>> handtype(evaluate([Card(c) for c in "As Ad Kc Kh Qs".split()]))
    'Two Pair'
    """
    if value not in _VALUE_INDEX:
        raise ValueError(f"{value!r} is not a value eval7's evaluate returns for 5 to 7 cards")
    return _HANDTYPES[value >> 24]


_VALUE_INDEX = frozenset(_VALUE_OF_RANK[1:])


def value_to_rank(value: int) -> int:
    """handrank's rank (1 = royal flush ... 7462) of an eval7 value: a bridge to ``describe``.

    >>> value_to_rank(135004160)
    1
    """
    rank = _RANK_OF_VALUE.get(value)
    if rank is None:
        raise ValueError(f"{value!r} is not a value eval7's evaluate returns for 5 to 7 cards")
    return check_rank(rank)


_RANK_OF_VALUE = {value: rank for rank, value in enumerate(_VALUE_OF_RANK) if rank}


class HandRange:
    """A range of two-card hands, as eval7's: ``hands`` is a list of ((card, card), weight),
    the higher card first; ``string`` the text it came from.

    >>> HandRange("AA").hands[1]
    ((Card("Ah"), Card("Ac")), 1.0)
    >>> len(HandRange("AKs, 0.5(QQ)"))
    10
    """

    def __init__(self, string: str) -> None:
        self.string = string
        cards = [Card(RANKS[c >> 2] + SUITS[c & 3]) for c in range(52)]
        self.hands = [((cards[high], cards[low]), float(weight))
                      for (high, low), weight in parse_range(string).items()]

    def __len__(self) -> int:
        return len(self.hands)

    def __repr__(self) -> str:
        return f"HandRange({self.string!r})"
