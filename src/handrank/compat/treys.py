"""treys' API on handrank's kernel: switch with one line.

    from treys import Card, Deck, Evaluator          # before
    from handrank.compat.treys import Card, Deck, Evaluator   # after

Cards are treys' ints (Cactus Kev's 32-bit encoding), so stored cards, decks dealt from
a seed and printed output stay the same; ranks are treys' (1 = royal flush ... 7462),
and so are the rank classes (0 = royal flush ... 9 = high card) and their names.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from .._core import lib
from .._rows import check_rank
from ..evaluate import RANK_COUNT

__all__ = ["Card", "Deck", "Evaluator"]


class Card:
    """treys' card helpers: a card is an int ``bitrank << 16 | suit << 12 | rank << 8 | prime``."""

    STR_RANKS = "23456789TJQKA"
    INT_RANKS = range(13)
    PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]
    CHAR_RANK_TO_INT_RANK = dict(zip(STR_RANKS, INT_RANKS))
    CHAR_SUIT_TO_INT_SUIT = {"s": 1, "h": 2, "d": 4, "c": 8}
    INT_SUIT_TO_CHAR_SUIT = "xshxdxxxc"
    PRETTY_SUITS = {1: "\u2660", 2: "\u2665", 4: "\u2666", 8: "\u2663"}

    @staticmethod
    def new(string: str) -> int:
        """The treys int of a card such as 'Ah' (rank 23456789TJQKA, suit shdc).

        >>> Card.new("Ah")
        268446761
        """
        if not isinstance(string, str) or len(string) != 2:
            raise ValueError(f"a treys card is two characters such as 'Ah', got {string!r}")
        rank = Card.CHAR_RANK_TO_INT_RANK.get(string[0])
        suit = Card.CHAR_SUIT_TO_INT_SUIT.get(string[1])
        if rank is None or suit is None:
            raise ValueError(f"unknown card {string!r}: rank one of {Card.STR_RANKS}, suit one of shdc")
        return 1 << rank << 16 | suit << 12 | rank << 8 | Card.PRIMES[rank]

    @staticmethod
    def int_to_str(card_int: int) -> str:
        """'Ah' for the treys int of the ace of hearts."""
        return Card.STR_RANKS[Card.get_rank_int(card_int)] + Card.INT_SUIT_TO_CHAR_SUIT[Card.get_suit_int(card_int)]

    @staticmethod
    def get_rank_int(card_int: int) -> int:
        return (card_int >> 8) & 0xF

    @staticmethod
    def get_suit_int(card_int: int) -> int:
        return (card_int >> 12) & 0xF

    @staticmethod
    def get_bitrank_int(card_int: int) -> int:
        return (card_int >> 16) & 0x1FFF

    @staticmethod
    def get_prime(card_int: int) -> int:
        return card_int & 0x3F

    @staticmethod
    def hand_to_binary(card_strs: Sequence[str]) -> list[int]:
        return [Card.new(text) for text in card_strs]

    @staticmethod
    def prime_product_from_hand(card_ints: Sequence[int]) -> int:
        product = 1
        for card_int in card_ints:
            product *= card_int & 0xFF
        return product

    @staticmethod
    def int_to_pretty_str(card_int: int) -> str:
        return f"[{Card.STR_RANKS[Card.get_rank_int(card_int)]}{Card.PRETTY_SUITS[Card.get_suit_int(card_int)]}]"

    @staticmethod
    def ints_to_pretty_str(card_ints: Sequence[int]) -> str:
        return " " + ",".join(Card.int_to_pretty_str(c) for c in card_ints) + " "

    @staticmethod
    def print_pretty_card(card_int: int) -> None:
        print(Card.int_to_pretty_str(card_int))

    @staticmethod
    def print_pretty_cards(card_ints: Sequence[int]) -> None:
        print(Card.ints_to_pretty_str(card_ints))


_HANDRANK_SUIT = {8: 0, 4: 1, 2: 2, 1: 3}  # treys' suit bits -> handrank's c, d, h, s


def _card_id(card_int: int) -> int:
    """handrank's id 0..51 of a treys int, refusing ints that are not treys cards."""
    if isinstance(card_int, bool) or not isinstance(card_int, int):
        raise TypeError(f"a treys card is an int from Card.new, got {type(card_int).__name__}")
    rank, suit_bits = (card_int >> 8) & 0xF, (card_int >> 12) & 0xF
    if rank > 12 or suit_bits not in _HANDRANK_SUIT or \
            card_int != 1 << rank << 16 | suit_bits << 12 | rank << 8 | Card.PRIMES[rank]:
        raise ValueError(f"{card_int} is not a treys card (make cards with Card.new)")
    return rank * 4 + _HANDRANK_SUIT[suit_bits]


class Evaluator:
    """treys' Evaluator: ``evaluate(hand, board)`` ranks the best five of 5..7 cards."""

    # treys' rank classes: 0 royal flush, 1 straight flush ... 9 high card.
    _CLASS_WORST_RANK = (1, 10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462)
    _CLASS_NAMES = ("Royal Flush", "Straight Flush", "Four of a Kind", "Full House", "Flush", "Straight",
                    "Three of a Kind", "Two Pair", "Pair", "High Card")

    def evaluate(self, hand: Sequence[int], board: Sequence[int]) -> int:
        """The rank of hand + board (5..7 treys ints in all): 1 (royal flush) ... 7462.

        >>> Evaluator().evaluate([Card.new("As"), Card.new("Ks")], [Card.new(c) for c in ("Qs", "Js", "Ts")])
        1
        """
        cards = [_card_id(c) for c in (*hand, *board)]
        rank_ints = {5: lib.hr_rank5_ints, 6: lib.hr_rank6_ints, 7: lib.hr_rank7_ints}.get(len(cards))
        if rank_ints is None:
            raise ValueError(f"hand and board hold 5, 6 or 7 cards together, got {len(cards)}")
        rank: int = rank_ints(*cards)
        if rank < 0:
            raise ValueError("the same card appears twice in hand and board")
        return rank

    def get_rank_class(self, hr: int) -> int:
        """treys' class of a rank: 0 royal flush, 1 straight flush ... 9 high card."""
        rank = check_rank(hr)
        return next(i for i, worst in enumerate(self._CLASS_WORST_RANK) if rank <= worst)

    def class_to_string(self, class_int: int) -> str:
        """'Full House' for class 3, and so on."""
        return self._CLASS_NAMES[class_int]

    def get_five_card_rank_percentage(self, hand_rank: int) -> float:
        """The rank scaled to 0..1 (rank / 7462), as treys does."""
        return float(hand_rank) / float(RANK_COUNT)


class Deck:
    """treys' Deck: the same seed deals the same cards as treys does."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = Random(seed)
        self.shuffle()

    def shuffle(self) -> None:
        self.cards = Deck.GetFullDeck()
        self._random.shuffle(self.cards)

    def draw(self, n: int = 1) -> list[int]:
        return [self.cards.pop() for _ in range(n)]

    def __str__(self) -> str:
        return Card.ints_to_pretty_str(self.cards)

    @staticmethod
    def GetFullDeck() -> list[int]:  # noqa: N802 - treys' name
        return [Card.new(rank + suit) for rank in Card.STR_RANKS for suit in Card.CHAR_SUIT_TO_INT_SUIT]
