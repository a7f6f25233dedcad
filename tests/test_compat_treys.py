"""handrank.compat.treys gives treys' answers, checked against treys itself when installed."""

import random

import pytest

from handrank import evaluate
from handrank.compat.treys import Card, Deck, Evaluator

STRS = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]


def test_cards_round_trip_and_rank_like_handrank():
    assert len({Card.new(text) for text in STRS}) == 52
    for text in STRS:
        assert Card.int_to_str(Card.new(text)) == text
    evaluator = Evaluator()
    rng = random.Random(3)
    for _ in range(2000):
        texts = rng.sample(STRS, rng.choice((5, 6, 7)))
        assert evaluator.evaluate([Card.new(t) for t in texts[:2]], [Card.new(t) for t in texts[2:]]) == \
            evaluate(" ".join(texts))


def test_rank_classes():
    evaluator = Evaluator()
    assert [evaluator.get_rank_class(r) for r in (1, 2, 10, 11, 166, 167, 322, 323, 1599, 1600, 1609, 1610,
                                                  2467, 2468, 3325, 3326, 6185, 6186, 7462)] == \
        [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]
    assert evaluator.class_to_string(3) == "Full House"
    assert evaluator.get_five_card_rank_percentage(7462) == 1.0


@pytest.mark.parametrize(("hand", "board", "error"), [
    ([Card.new("As")], [Card.new("Ks")], ValueError),
    ([Card.new("As"), Card.new("As")], [Card.new(t) for t in ("Ks", "Qs", "Js")], ValueError),
    ([12345, Card.new("Ks")], [Card.new(t) for t in ("Qs", "Js", "Ts")], ValueError),
    ([True, Card.new("Ks")], [Card.new(t) for t in ("Qs", "Js", "Ts")], TypeError),
])
def test_bad_input(hand, board, error):
    with pytest.raises(error):
        Evaluator().evaluate(hand, board)
    with pytest.raises(ValueError):
        Card.new("Xs")


@pytest.fixture(scope="module")
def treys():
    return pytest.importorskip("treys", reason="treys is not installed: pip install '.[test]' brings it")


def test_same_as_treys_on_random_hands(treys):
    ours, theirs = Evaluator(), treys.Evaluator()
    assert [Card.new(text) for text in STRS] == [treys.Card.new(text) for text in STRS]
    rng = random.Random(5)
    for _ in range(20_000):
        cards = [treys.Card.new(t) for t in rng.sample(STRS, rng.choice((5, 6, 7)))]
        rank = theirs.evaluate(cards[:2], cards[2:])
        assert ours.evaluate(cards[:2], cards[2:]) == rank
        assert ours.get_rank_class(rank) == theirs.get_rank_class(rank)
        assert ours.class_to_string(ours.get_rank_class(rank)) == theirs.class_to_string(theirs.get_rank_class(rank))


def test_same_deals_as_treys(treys):
    ours, theirs = Deck(seed=42), treys.Deck(seed=42)
    assert ours.draw(5) == theirs.draw(5)
    assert Deck.GetFullDeck() == treys.Deck.GetFullDeck()
    assert Card.int_to_pretty_str(Card.new("Ah")) == treys.Card.int_to_pretty_str(treys.Card.new("Ah"))
