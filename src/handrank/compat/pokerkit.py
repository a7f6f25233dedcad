"""pokerkit's hand types, ranked by handrank: the same hands, found about ten times faster.

    from pokerkit import StandardHighHand                     # before
    from handrank.compat.pokerkit import StandardHighHand     # after

``StandardHighHand.from_game(hole, board)`` picks the best five of the cards with handrank's
kernel and returns pokerkit's own ``StandardHighHand`` of them, so comparisons, names and
everything pokerkit does with the hand are pokerkit's. Use it where pokerkit takes hand
types, such as a ``State``'s ``hand_types``. Needs pokerkit (Python 3.11 and later).

>>> hand = StandardHighHand.from_game("AsKs", "QsJsTs2c3d")
>>> hand, str(hand)
(AsKsQsJsTs, 'Straight flush (AsKsQsJsTs)')
>>> StandardHighHand.from_game("2c7d", "AhKhQc9s4d") < hand
True
"""

from __future__ import annotations

from typing import Any

try:
    import pokerkit
except ImportError:  # pokerkit is a peer, not a dependency
    raise ImportError("handrank.compat.pokerkit needs pokerkit (Python 3.11 and later): pip install pokerkit") from None

from ..showdown import best_five

__all__ = ["StandardHighHand"]


def _clean(cards: Any, where: str) -> tuple[Any, ...]:
    """pokerkit's ``Card.clean``, with every item checked: pokerkit itself lets an item that is
    not a card through to fail later as an AttributeError."""
    clean = pokerkit.Card.clean(cards)
    for place, card in enumerate(clean):
        if not isinstance(card, pokerkit.Card):
            raise TypeError(f"{where}: item {place} is {type(card).__name__} {card!r:.40}, "
                            "not a pokerkit Card (give Cards or card text such as 'AsKs')")
    return clean


class StandardHighHand(pokerkit.StandardHighHand):
    """pokerkit's ``StandardHighHand`` whose ``from_game`` finds the best five with handrank."""

    def __init__(self, cards: Any) -> None:
        super().__init__(_clean(cards, "StandardHighHand"))

    @classmethod
    def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> StandardHighHand:
        """The best five of the hole and board cards (5 to 7 in all), as pokerkit's hand.

        Raises:
            ValueError: not 5 to 7 cards, an unknown or repeated card.
            TypeError: an item that is neither a pokerkit ``Card`` nor card text.
        """
        cards = [*_clean(hole_cards, "from_game hole_cards"), *_clean(board_cards, "from_game board_cards")]
        texts = [f"{card.rank.value}{card.suit.value}" for card in cards]
        best = best_five(texts)
        chosen = [cards[texts.index(f"{'23456789TJQKA'[c >> 2]}{'cdhs'[c & 3]}")] for c in best]
        return cls(chosen)
