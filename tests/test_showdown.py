"""best_five, winners, showdown and explain."""

import random

import pytest

from handrank import (
    best_five,
    category,
    compare,
    evaluate,
    explain,
    format_cards,
    rank_pattern,
    showdown,
    winners,
)
from handrank.names import RANK_SYMBOLS
from test_seed_examples import BEATS, TIES


def test_best_five_reaches_the_rank_and_reads_in_order():
    rng = random.Random(4)
    for _ in range(3000):
        hand = rng.sample(range(52), rng.choice((5, 6, 7)))
        five = best_five(hand)
        assert len(set(five)) == 5 and set(five) <= set(hand)
        assert evaluate(five) == evaluate(hand)
        assert tuple(card >> 2 for card in five) == rank_pattern(evaluate(hand))


def test_best_five_picks_the_first_cards_given_on_a_tie():
    assert format_cards(best_five("As Ah Ad Kc Kd Ks 2c")) == "As Ah Ad Kc Kd"
    assert format_cards(best_five("Ks Kd Kc As Ah Ad 2c")) == "As Ah Ad Ks Kd"
    assert format_cards(best_five("Ac 2d 3h 4s 5c 9d 9h")) == "5c 4s 3h 2d Ac"


def test_best_five_bad_input():
    with pytest.raises(ValueError, match="got 4"):
        best_five("As Ah Ad Kc")
    with pytest.raises(ValueError, match="duplicate"):
        best_five("As Ah Ad Kc As")


def test_winners():
    assert winners(["As Ah Kc Qd Js", "Ac Ad Kh Qs Jd", "2c 2d 2h 3c 3d"]) == [2]
    assert winners(["As Ah Kc Qd Js", "Ac Ad Kh Qs Jd"]) == [0, 1]
    assert winners([[0, 4, 8, 12, 17]]) == [0]
    with pytest.raises(ValueError, match="no hands"):
        winners([])
    with pytest.raises(ValueError, match="hand 1: .*got 4"):
        winners(["As Ah Kc Qd Js", "Ac Ad Kh Qs"])


def test_showdown_single_winner_and_split():
    result = showdown(["As Ah", "Kd Kc"], "2c 7d 9h Kh 3s")
    assert result.winners == [1]
    assert result.ranks == [evaluate("As Ah 2c 7d 9h Kh 3s"), evaluate("Kd Kc 2c 7d 9h Kh 3s")]
    assert result.players[1].name == "Three kings, nine-seven"
    assert format_cards(result.players[1].best_five) == "Kd Kc Kh 9h 7d"
    board_plays = showdown(["2c 3d", "4h 5s", "2h 3s"], "As Ks Qs Js Ts")
    assert board_plays.winners == [0, 1, 2]
    assert board_plays.as_dict()["split"] is True
    assert showdown(["As Ah", "Kd Kc"], "2c 7d 9h").winners == [0]  # on the flop


@pytest.mark.parametrize(("holes", "board", "words"), [
    (["As Ah", "As Kd"], "2c 7d 9h Kh 3s", "holes[1]: card 'As' is also in holes[0]"),
    (["As Ah", "Kd 2c"], "2c 7d 9h Kh 3s", "holes[1]: card '2c' is also in the board"),
    (["As Ah Ad", "Kd Kc"], "2c 7d 9h Kh 3s", "holes[0]: Hold'em hole cards are 2, got 3"),
    (["As Ah", "Kd Kc"], "2c 7d", "board has 3, 4 or 5 cards, got 2"),
    (["As Ah", "Kd Kc"], "2c 7d 9h Kh 3s 4s", "got 6"),
    (["As Ah", "Kd Xc"], "2c 7d 9h Kh 3s", "holes[1]: unknown rank 'X'"),
    ([], "2c 7d 9h Kh 3s", "no players"),
    (["As Ah", "Kd Kc"], "2c 7d 9h 2c 3s", "duplicate card '2c'"),
])
def test_showdown_bad_input(holes, board, words):
    with pytest.raises(ValueError) as info:
        showdown(holes, board)
    assert words in str(info.value)


def test_showdown_wants_a_list_of_hands():
    with pytest.raises(TypeError, match="list of hands"):
        showdown("As Ah Kd Kc", "2c 7d 9h")


def deciding_cards(winner, loser):
    high, low = rank_pattern(evaluate(winner)), rank_pattern(evaluate(loser))
    i = next(i for i in range(5) if high[i] != low[i])
    return f"{RANK_SYMBOLS[high[i]]} beats {RANK_SYMBOLS[low[i]]}"


@pytest.mark.parametrize(("winner", "loser"), BEATS)
def test_explain_every_seed_example(winner, loser):
    text = explain(winner, loser)
    assert text == explain(loser, winner)
    assert "split" not in text
    kinds = [category(evaluate(hand)).name.replace("_", " ").lower() for hand in (winner, loser)]
    if kinds[0] != kinds[1]:
        assert text == f"{kinds[0].capitalize()} beats {kinds[1]}."
    else:
        assert text.startswith("Both ") and text.endswith(deciding_cards(winner, loser) + ".")


@pytest.mark.parametrize(("a", "b"), TIES)
def test_explain_ties(a, b):
    assert explain(a, b).endswith(": split pot.")


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("As Ah Kc 7d 2s", "Ac Ad Qh Js 10d", "Both one pair of aces; the kickers decide at the third card: K beats Q."),
    ("Ac Kd Qh Js 10c", "As Kh Qd Jc 10s", "Both ace-high straights: split pot."),
    ("3c 3s 3d 6c 6h", "Qc 10c 7c 6c 4c", "Full house beats flush."),
    ("Kh Kd 4s 4c Ad", "Qs Qc Jd Jh Kc", "Both two pair; the higher pair decides: K beats Q."),
    ("3c 3d 3h Ac Ad", "2c 2d 2h Kc Kd", "Both full houses; the three of a kind decides: 3 beats 2."),
    ("Ah Jd 9c 5s 3h", "As Jc 8d 7h 6s", "Both high-card hands; the third card decides: 9 beats 8."),
    ("2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c", "Both straights; the top card decides: 6 beats 5."),
    ("9c 9d 7d 7s 6h", "9h 9s 5h 5d Kc", "Both two pair, nines up; the lower pair decides: 7 beats 5."),
    ("4s 4c 3s 3h Kd", "4h 4d 3d 3c 10s", "Both fours and treys; the kicker decides: K beats 10."),
    ("10c 10d 10h 10s Qc", "10c 10d 10h 10s 5d", "Both four tens; the kicker decides: Q beats 5."),
    ("8s 8h 8d Ac 2d", "8s 8h 8d 5s 3c", "Both three eights; the kickers decide at the fourth card: A beats 5."),
    ("Qh Qd Qc 8h 8c", "Qh Qd Qc 5s 5h", "Both queens full; the pair decides: 8 beats 5."),
    ("7h 6h 5h 4h 3h", "5s 4s 3s 2s As", "Both straight flushes; the top card decides: 7 beats 5."),
    ("As Ks Qs Js Ts", "Ah Kh Qh Jh Th", "Both royal flushes: split pot."),
    ("As Ad Kc Qh Js 3d 2c", "Ah Ac Kd Qs Jh 4d 2s", "Both pair of aces, king-queen-jack: split pot."),
])
def test_explain_wording(a, b, expected):
    assert explain(a, b) == expected


def test_explain_agrees_with_compare_on_random_hands():
    rng = random.Random(9)
    for _ in range(2000):
        a, b = rng.sample(range(52), 7), rng.sample(range(52), 7)
        text = explain(a, b)
        assert text.endswith("split pot.") == (compare(a, b) == 0)

