"""pokerkit's StandardHighHand found by handrank: the same hands as pokerkit's own, in the same
order; where pokerkit cannot be installed (Python before 3.11), a clear ImportError."""

from __future__ import annotations

import importlib
import random
import sys

import pytest

import handrank


def test_the_drop_in_finds_pokerkits_hands():
    if sys.version_info < (3, 11):  # pokerkit needs 3.11: the test extra does not install it here
        with pytest.raises(ImportError, match="needs pokerkit"):
            importlib.import_module("handrank.compat.pokerkit")
        return
    import pokerkit

    from handrank.compat.pokerkit import StandardHighHand

    rng = random.Random(4)
    deck = [handrank.format_card(c) for c in range(52)]
    hands = [rng.sample(deck, rng.choice((5, 6, 7))) for _ in range(3000)]
    ours = [StandardHighHand.from_game("".join(h[:2]), "".join(h[2:])) for h in hands]
    theirs = [pokerkit.StandardHighHand.from_game("".join(h[:2]), "".join(h[2:])) for h in hands]
    for mine, expected in zip(ours, theirs):
        same = pokerkit.StandardHighHand(mine.cards)
        assert not same < expected and not expected < same, (mine, expected)
    assert all((ours[i] < ours[i + 1]) == (theirs[i] < theirs[i + 1]) for i in range(len(ours) - 1))
    with pytest.raises(ValueError):
        StandardHighHand.from_game("AsAs", "KdQcJh")
    with pytest.raises(ValueError):
        StandardHighHand.from_game("As", "Kd")
    # an item that is not a card is a TypeError naming it, not pokerkit's later AttributeError
    for make in (StandardHighHand, lambda cards: StandardHighHand.from_game(cards, "QsJsTs")):
        for cards, item in (([None], "NoneType None"), (b"AsKs", "int 65"), (["As", "Ks"], "str 'As'")):
            with pytest.raises(TypeError, match=f"item 0 is {item}, not a pokerkit Card"):
                make(cards)
    with pytest.raises(TypeError, match="board_cards: item 1 is int 7"):
        StandardHighHand.from_game("AsKs", [pokerkit.Card.parse("Qs").__next__(), 7, 8])
