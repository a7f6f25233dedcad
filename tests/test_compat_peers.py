"""The phevaluator and eval7 drop-ins give the installed peers' exact answers on random hands,
and refuse bad input with a clear error."""

from __future__ import annotations

import random

import eval7  # the test extra installs both peers
import pytest

import handrank
from handrank.compat import eval7 as our_eval7
from handrank.compat import phevaluator as our_phevaluator

CARDS = [handrank.format_card(c) for c in range(52)]


def test_phevaluator_drop_in_matches_phevaluator() -> None:
    from phevaluator import evaluate_cards, evaluate_omaha_cards

    rng = random.Random(1)
    for k in (5, 6, 7):
        for _ in range(20_000):
            ids = rng.sample(range(52), k)
            texts = [CARDS[c] for c in ids]
            assert our_phevaluator.evaluate_cards(*ids) == evaluate_cards(*ids)
            assert our_phevaluator.evaluate_cards(*texts) == evaluate_cards(*texts)
            exact = getattr(our_phevaluator, f"evaluate_{k}cards")
            assert exact(*[our_phevaluator.Card(t) for t in texts]) == evaluate_cards(*ids)
    for _ in range(20_000):
        ids = rng.sample(range(52), 9)
        assert our_phevaluator.evaluate_omaha_cards(*ids) == evaluate_omaha_cards(*ids)
        assert our_phevaluator.evaluate_plo4_cards(*ids) == evaluate_omaha_cards(*ids)
    six = rng.sample(range(52), 11)
    assert our_phevaluator.evaluate_plo6_cards(*six) == handrank.omaha.evaluate(six[5:], six[:5])


def test_phevaluator_cards_and_errors() -> None:
    from phevaluator import Card

    for text in ("2c", "Ah", "TS", "Kd"):
        assert our_phevaluator.Card(text).id_ == Card(text).id_
        assert repr(our_phevaluator.Card(text)) == repr(Card(text))
        assert our_phevaluator.Card(text) == text.lower() and our_phevaluator.Card(text) == Card(text).id_
    with pytest.raises(ValueError, match="between 5 and 7"):
        our_phevaluator.evaluate_cards(1, 2, 3, 4)
    with pytest.raises(ValueError, match="card id 52"):
        our_phevaluator.evaluate_cards(0, 1, 2, 3, 52)
    with pytest.raises(ValueError, match="duplicate"):
        our_phevaluator.evaluate_cards(0, 1, 2, 3, 3)
    with pytest.raises(ValueError, match="two characters"):
        our_phevaluator.Card("Ahh")
    with pytest.raises(TypeError):
        our_phevaluator.Card(1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must be 9"):
        our_phevaluator.evaluate_omaha_cards(*range(8))
    assert len(set(our_phevaluator.sample_cards(7))) == 7


def test_eval7_drop_in_matches_eval7() -> None:
    rng = random.Random(2)
    for k in (5, 6, 7):
        for _ in range(20_000):
            texts = rng.sample(CARDS, k)
            theirs = eval7.evaluate([eval7.Card(t) for t in texts])
            ours = our_eval7.evaluate([our_eval7.Card(t) for t in texts])
            assert ours == theirs, texts
            assert our_eval7.handtype(ours) == eval7.handtype(theirs)
            assert handrank.evaluate(texts) == our_eval7.value_to_rank(ours)
    for text in CARDS:
        theirs, ours = eval7.Card(text), our_eval7.Card(text)
        assert (ours.rank, ours.suit, ours.mask, hash(ours), repr(ours), str(ours)) == (
            theirs.rank, theirs.suit, theirs.mask, hash(theirs), repr(theirs), str(theirs))
    for text in ("AA", "AKs", "AKo", "QQ+, AKs", "0.5(AKs)", "A2s+", "KTo+", "22+", "JJ-88, AQs+"):
        theirs = [((str(a), str(b)), w) for (a, b), w in eval7.HandRange(text).hands]
        ours = [((str(a), str(b)), w) for (a, b), w in our_eval7.HandRange(text).hands]
        assert ours == theirs, text


def test_eval7_errors() -> None:
    with pytest.raises(ValueError, match="two characters"):
        our_eval7.Card("Ax")
    with pytest.raises(TypeError, match="eval7 Cards"):
        our_eval7.evaluate(["As", "Ks", "Qs", "Js", "Ts"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="5, 6 or 7 cards"):
        our_eval7.evaluate([our_eval7.Card("As"), our_eval7.Card("Ks")])
    with pytest.raises(ValueError, match="duplicate"):
        our_eval7.evaluate([our_eval7.Card(t) for t in ("As", "As", "Qs", "Js", "Ts")])
    with pytest.raises(ValueError, match="not a value"):
        our_eval7.handtype(12345)
