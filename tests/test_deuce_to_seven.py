"""Deuce-to-seven lowball against a slow reference written from the rules: every five-card
hand, the census, worked examples, names and bad input."""

import itertools
import json

import numpy as np
import pytest
from reference_lowball import deuce_to_seven_value

from handrank import Category
from handrank import deuce_to_seven as d27
from handrank.cli import main
from reference import for_every_five


def test_every_five_card_hand_equals_the_reference():
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    ranks = d27.evaluate_many(hands)
    values = for_every_five(hands, deuce_to_seven_value)  # the reference reads ranks and a flush
    numbering = {value: rank for rank, value in enumerate(sorted(set(values)), start=1)}
    expected = np.fromiter((numbering[v] for v in values), dtype=np.uint16, count=len(values))
    assert len(numbering) == 7462 == d27.RANK_COUNT
    assert np.array_equal(ranks, expected)


def test_census():
    result = d27.census()
    rows = {kind.name: (hands, ranks) for kind, hands, ranks in result.rows}
    assert rows["HIGH_CARD"] == (1_303_560, 1_278)   # Hold'em's, and the 1,020 wheels
    assert rows["STRAIGHT"] == (9_180, 9) and rows["STRAIGHT_FLUSH"] == (36, 9)
    assert rows["FLUSH"] == (5_112, 1_278) and result.hands == 2_598_960 and result.ranks == 7462


@pytest.mark.parametrize(("better", "worse"), [
    ("Kc Qd Jh 9s 8c", "Ac 2d 3h 4s 5c"),    # A-2-3-4-5 is ace-high, and loses to king-high
    ("7c 5d 4h 3s 2c", "7d 6c 4s 3h 2d"),    # 7-5 beats 7-6
    ("7c 5d 4h 3s 2d", "7c 5c 4c 3c 2c"),    # a flush counts against
    ("8c 7d 6h 5s 3c", "8c 7d 6h 5s 4c"),    # so does a straight
    ("As Ks Qs Js 9d", "2c 2d 3h 4s 5c"),    # no pair beats any pair
])
def test_worked_examples(better, worse):
    assert d27.compare(better, worse) == 1 and d27.compare(worse, better) == -1
    assert d27.evaluate("7c 5d 4h 3s 2c") == 1 and d27.evaluate("As Ks Qs Js Ts") == 7462


def test_names():
    names = [d27.describe(rank) for rank in range(1, 7463)]
    assert len(set(names)) == 7462
    assert d27.describe(d27.evaluate("As 2d 3h 4s 5c")) == "Ace-five-four-trey-deuce low"
    assert d27.describe(d27.evaluate("8c 7d 6h 5s 4c")) == "Eight-high straight"
    assert d27.category(d27.evaluate("As 2s 3s 4s 5s")) == Category.FLUSH
    assert d27.describe(d27.evaluate("8c 6d 4h 3s 2c"), short=True) == "Eight-six low"


@pytest.mark.parametrize(("call", "words"), [
    (lambda: d27.evaluate("7c 5d 4h 3s"), "5 cards, got 4"),
    (lambda: d27.evaluate("7c 5d 4h 3s 2c 2d"), "5 cards, got 6"),
    (lambda: d27.evaluate_many(np.zeros((2, 7), dtype=np.uint8)), "rows of 7"),
    (lambda: d27.evaluate_many(np.array([[1, 2, 3, 4, 4]], dtype=np.uint8)), "row 0: duplicate"),
    (lambda: d27.describe(7463), "1..7462"),
])
def test_bad_input(call, words):
    with pytest.raises(ValueError) as info:
        call()
    assert words in str(info.value)


def test_cli(capsys):
    assert main(["rank", "7c", "5d", "4h", "3s", "2c", "--game", "27"]) == 0
    assert capsys.readouterr().out.startswith("rank 1 of 7462 (high card): Seven-five-four-trey-deuce low")
    assert main(["compare", "Kc Qd Jh 9s 8c", "Ac 2d 3h 4s 5c", "--game", "27", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "first"
    assert main(["census", "--game", "27", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ranks"] == 7462
