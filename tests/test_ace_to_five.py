"""Ace-to-five lowball and Razz against a slow reference written from the rules: every
five-card hand, random seven-card hands, the census, worked examples and bad input."""

import itertools

import numpy as np
import pytest
from reference_lowball import best_value, five_value, qualifies_low8

from handrank import ace_to_five as a5
from handrank import parse


def one_five_per_multiset():
    """A five-card hand for every multiset of five ranks: repeated ranks take suits in order."""
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            yield [r * 4 + ranks[:i].count(r) for i, r in enumerate(ranks)]


def reference_ranks():
    """{value tuple: rank}: the reference's own numbering of every five-card class."""
    values = sorted({five_value(five) for five in one_five_per_multiset()})
    return {value: i + 1 for i, value in enumerate(values)}


def test_every_five_card_hand_equals_the_reference():
    rank_of = reference_ranks()
    assert len(rank_of) == 6175 == a5.RANK_COUNT
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    ranks = a5.evaluate_many(hands)
    # each hand's class depends on its ranks alone: check the reference once per rank multiset
    codes = np.sort(hands >> 2, axis=1).astype(np.int64) @ (13 ** np.arange(4, -1, -1))
    unique, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    expected = np.array([rank_of[five_value(hands[i].tolist())] for i in first], dtype=np.uint16)
    assert len(unique) == 6175 and np.array_equal(ranks, expected[inverse.ravel()])


def test_random_razz_hands_equal_the_reference():
    rng = np.random.default_rng(7462)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(200_000)], dtype=np.uint8)
    ranks = a5.evaluate_many(hands)
    rank_of = reference_ranks()
    cache = {}
    for hand, rank in zip(hands.tolist(), ranks.tolist()):
        key = tuple(sorted(c >> 2 for c in hand))
        if key not in cache:
            cache[key] = rank_of[best_value(hand)]
        assert rank == cache[key], hand


def test_five_or_more_of_a_suit_ranks_as_its_ranks_alone_in_bulk():
    """Suits never count in ace-to-five: 6- and 7-card rows with five to seven cards of one suit
    rank as the same ranks spread over the suits, and bad ids or repeats there are still found."""
    rng = np.random.default_rng(57)
    for n in (6, 7):
        ranks = np.array([rng.choice(13, n, replace=False) for _ in range(20_000)])
        suited = (ranks * 4 + 3).astype(np.uint8)                       # every card a spade
        spread = (ranks * 4 + np.arange(n) % 4).astype(np.uint8)         # no five of a suit
        assert np.array_equal(a5.evaluate_many(suited), a5.evaluate_many(spread))
        bad = suited.copy()
        bad[5, 2] = bad[5, 0]
        with pytest.raises(ValueError, match="row 5: duplicate"):
            a5.evaluate_many(bad)
        bad[5, 2] = 60
        with pytest.raises(ValueError, match="row 5: card id 60"):
            a5.evaluate_many(bad)


def test_census_equals_the_reference_counts():
    import math

    rank_of = reference_ranks()
    hands, classes = {}, {}
    for five in one_five_per_multiset():  # each multiset stands for prod C(4, count) hands
        value = five_value(five)
        ways = math.prod(math.comb(4, [c >> 2 for c in five].count(r)) for r in {c >> 2 for c in five})
        hands[value[0]] = hands.get(value[0], 0) + ways
        classes.setdefault(value[0], set()).add(rank_of[value])
    result = a5.census(5)
    names = ("NO_PAIR", "ONE_PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "FULL_HOUSE", "FOUR_OF_A_KIND")
    assert [(row[0].name, row[1], row[2]) for row in result.rows] == [
        (name, hands[i], len(classes[i])) for i, name in enumerate(names)]
    assert result.hands == 2_598_960 and result.ranks == 6175
    assert [row[1] for row in result.rows] == [1_317_888, 1_098_240, 123_552, 54_912, 3_744, 624]
    assert a5.census(7).hands == 133_784_560


def test_the_8_or_better_lows_are_ranks_1_to_56():
    lows = list(itertools.combinations([r * 4 for r in (12, 0, 1, 2, 3, 4, 5, 6)], 5))
    ranks = sorted(a5.evaluate(list(five)) for five in lows)
    assert ranks == list(range(1, 57))
    assert a5.describe(56) == "Eight-seven-six-five-four low" and a5.low8(57) is None
    rng = np.random.default_rng(8)
    for _ in range(3000):
        hand = rng.choice(52, 7, replace=False).tolist()
        assert (a5.evaluate_low8(hand) is not None) == qualifies_low8(hand), hand


@pytest.mark.parametrize(("better", "worse"), [
    ("Ac Ad 7c 5d 3h", "2c 2d 7h 5s 3d"),     # a pair of aces beats a pair of deuces
    ("7c 5d 4h 3s 2c", "7d 6c 4s 3h 2d"),     # 7-5 beats 7-6
    ("As 2s 3s 4s 5s", "6c 4d 3h 2s Ac"),     # the suited wheel is the best hand
    ("Kc Qd Jh Ts 9c", "Ac Ad 2c 3d 4h"),     # no pair beats any pair
    ("Ac Ad 2c 2d 3h", "Ac Ad Ah 2d 3h"),     # two pair beats three of a kind
])
def test_worked_examples(better, worse):
    assert a5.compare(better, worse) == 1 and a5.compare(worse, better) == -1
    assert a5.evaluate("As 2s 3s 4s 5s") == 1


def test_names_are_distinct_and_describe_the_hand():
    names = [a5.describe(rank) for rank in range(1, 6176)]
    assert len(set(names)) == 6175
    assert a5.describe(a5.evaluate("8c 6d 4h 2s Ac"), short=True) == "Eight-six low"
    assert a5.describe(a5.evaluate("Ac Ad 7c 5d 3h")) == "Pair of aces, seven-five-three"
    assert a5.category(a5.evaluate("Kc Kd Kh Ks Qc")) == a5.Category.FOUR_OF_A_KIND
    assert parse(" ".join(["7c", "5d", "4h", "3s", "2c"])) == a5.best_five("Kd 7c 5d 4h 3s 2c 2d")


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: a5.evaluate("As 2d 3c 4h"), ValueError, "5, 6 or 7 cards, got 4"),
    (lambda: a5.evaluate("As 2d 3c 4h 4h"), ValueError, "duplicate card '4h'"),
    (lambda: a5.evaluate_many(np.array([[51, 0, 5, 10, 52]])), ValueError, "row 0: card id 52 in column 4"),
    (lambda: a5.evaluate_many(np.array([[51, 0, 5, 10, 10]], dtype=np.uint8)), ValueError, "row 0: duplicate"),
    (lambda: a5.describe(0), ValueError, "1..6175"),
    (lambda: a5.describe("7"), TypeError, "expected an ace-to-five rank (an int 1..6175), got str"),
    (lambda: a5.census(8), ValueError, "5, 6 or 7 cards"),
])
def test_bad_input(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)


def test_cli(capsys):
    import json

    from handrank.cli import main

    assert main(["rank", "As", "2d", "3c", "4h", "5s", "--game", "a5"]) == 0
    assert capsys.readouterr().out.startswith("rank 1 of 6175 (no pair): Five-four-three-deuce-ace low")
    assert main(["rank", "Kd 7c 5d 4h 3s 2c 2d", "--game", "razz", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["best_five"] == "7c 5d 4h 3s 2c" and report["short_name"] == "Seven-five low"
    assert main(["compare", "Ac Ad 7c 5d 3h", "2c 2d 7h 5s 3d", "--game", "a5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "first"
    assert main(["census", "--game", "razz", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 133_784_560
    assert main(["rank", "As 2d 3c 4h 5s", "--game", "razz"]) == 2
    assert "a Razz hand has 7 cards, got 5" in capsys.readouterr().err
