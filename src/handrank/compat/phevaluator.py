"""phevaluator's API on handrank's kernel: switch with one line.

    from phevaluator import evaluate_cards, evaluate_omaha_cards      # before
    from handrank.compat.phevaluator import evaluate_cards, evaluate_omaha_cards   # after

phevaluator's card ids are handrank's (``rank * 4 + suit``, 2c = 0 .. As = 51) and its ranks
are Cactus Kev's (1 = royal flush ... 7462 = 7-5-4-3-2, smaller is stronger), so every
answer is phevaluator's, exactly. Omaha functions take the five community cards first, then
the hole cards, as phevaluator's do; PLO5 and PLO6 need no special build here. Where
phevaluator passes a bad card id through to C, these refuse it with a ``ValueError`` naming
it. phevaluator 0.6 has no rank or category helpers in Python: ``handrank.category`` and
``handrank.describe`` take these ranks as they are.

>>> evaluate_cards("Ac", "Ad", "Ah", "As", "Kc") == evaluate_cards("Ac", "Ad", "Ah", "As", "Kd", "Qh")
True
>>> evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ac", "Kc", "Qc", "Jc")   # A K 9 9 6
4431
"""

from __future__ import annotations

import random

from ..cards import NUM_CARDS, RANKS, SUITS, exact_int
from ..evaluate import evaluate as _evaluate
from ..omaha import evaluate as _omaha_evaluate

__all__ = ["Card", "evaluate_cards", "evaluate_5cards", "evaluate_6cards", "evaluate_7cards",
           "evaluate_omaha_cards", "evaluate_plo4_cards", "evaluate_plo5_cards", "evaluate_plo6_cards",
           "sample_cards"]

_RANK_OF = {rank: i for i, rank in enumerate(RANKS)}
_SUIT_OF = {**{suit: i for i, suit in enumerate(SUITS)}, **{suit.upper(): i for i, suit in enumerate(SUITS)}}


class Card:
    """An immutable card, as phevaluator's: built from an id, a two-character string ('Ah', '2C')
    or another Card; ``id_`` is ``rank * 4 + suit``.

    >>> Card("Ah").id_, Card(0), Card(Card("2C")) == "2c"
    (50, Card("2c"), True)
    """

    __slots__ = ("_id",)
    _id: int

    def __init__(self, other: int | str | Card) -> None:
        object.__setattr__(self, "_id", Card.to_id(other))

    @property
    def id_(self) -> int:
        return int(self._id)

    @staticmethod
    def to_id(other: int | str | Card) -> int:
        """The id 0..51 of an int, a two-character string or a Card."""
        if isinstance(other, Card):
            return other.id_
        if isinstance(other, str):
            if len(other) != 2 or other[0].upper() not in _RANK_OF or other[1] not in _SUIT_OF:
                raise ValueError(f"a card is two characters such as 'Ah' (rank {RANKS}, suit cdhs), got {other!r}")
            return _RANK_OF[other[0].upper()] * 4 + _SUIT_OF[other[1]]
        if isinstance(other, int) and not isinstance(other, bool):
            if not 0 <= other < NUM_CARDS:
                raise ValueError(f"card id {other} is out of range 0..51")
            return other
        raise TypeError(f"Type of parameter must be int, str or Card. passed: {type(other)}")

    def describe_rank(self) -> str:
        return RANKS[self.id_ >> 2]

    def describe_suit(self) -> str:
        return SUITS[self.id_ & 3]

    def describe_card(self) -> str:
        return self.describe_rank() + self.describe_suit()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.id_ == other.id_
        if isinstance(other, str):
            return self.describe_card().lower() == other.lower()
        return bool(self.id_ == other)

    def __hash__(self) -> int:
        return hash(self.id_)

    def __int__(self) -> int:
        return self.id_

    def __str__(self) -> str:
        return self.describe_card()

    def __repr__(self) -> str:
        return f'Card("{self.describe_card()}")'

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise TypeError("Card is immutable")


def _ids(cards: tuple[int | str | Card, ...]) -> tuple[int, ...]:
    return tuple(Card.to_id(card) for card in cards)


def evaluate_cards(*cards: int | str | Card) -> int:
    """The rank of the best five of 5, 6 or 7 cards (1 = royal flush ... 7462; smaller is stronger).

    >>> evaluate_cards(51, 47, 43, 39, 35)
    1
    """
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"The number of cards must be between 5 and 7. passed size: {len(cards)}")
    return _evaluate(_ids(cards))


def evaluate_5cards(*cards: int | str | Card) -> int:
    """``evaluate_cards`` of exactly five cards."""
    return _evaluate_exactly(cards, 5)


def evaluate_6cards(*cards: int | str | Card) -> int:
    """``evaluate_cards`` of exactly six cards."""
    return _evaluate_exactly(cards, 6)


def evaluate_7cards(*cards: int | str | Card) -> int:
    """``evaluate_cards`` of exactly seven cards."""
    return _evaluate_exactly(cards, 7)


def _evaluate_exactly(cards: tuple[int | str | Card, ...], count: int) -> int:
    if len(cards) != count:
        raise ValueError(f"The number of cards must be {count}. passed size: {len(cards)}")
    return _evaluate(_ids(cards))


def _omaha(cards: tuple[int | str | Card, ...], hole: int) -> int:
    if len(cards) != 5 + hole:
        raise ValueError(f"The number of cards must be {5 + hole}. passed size: {len(cards)}")
    ids = _ids(cards)
    return _omaha_evaluate(ids[5:], ids[:5])


def evaluate_omaha_cards(*cards: int | str | Card) -> int:
    """Omaha high: five community cards, then four hole cards; the best five of exactly two
    hole and three board cards (1 = royal flush ... 7462)."""
    return _omaha(cards, 4)


def evaluate_plo4_cards(*cards: int | str | Card) -> int:
    """``evaluate_omaha_cards``: five community cards, then four hole cards."""
    return _omaha(cards, 4)


def evaluate_plo5_cards(*cards: int | str | Card) -> int:
    """PLO5: five community cards, then five hole cards."""
    return _omaha(cards, 5)


def evaluate_plo6_cards(*cards: int | str | Card) -> int:
    """PLO6: five community cards, then six hole cards."""
    return _omaha(cards, 6)


def sample_cards(size: int) -> list[int]:
    """``size`` distinct random card ids."""
    return random.sample(range(NUM_CARDS), k=exact_int(size, "size as an int"))
