"""Every worked example in the two seed documents, as written there."""

import pytest

from handrank import Category, category, compare, evaluate

# (winner, loser): "beats" / "defeats" / "ranks above".
BEATS = [
    # Breaking ties in five-card poker
    ("Kh Kd 4s 4c Ad", "Qs Qc Jd Jh Kc"),    # K-K-4-4-A beats Q-Q-J-J-K
    ("Ah Jd 9c 5s 3h", "As Jc 8d 7h 6s"),    # high card: A-J-9-5-3 beats A-J-8-7-6
    ("Ah Jh 9h 5h 3h", "As Js 8s 7s 6s"),    # "high card and flush": the same as flushes
    ("As Ah Kc 7d 2s", "Ac Ad Qh Js 10d"),   # A-A-K-7-2 beats A-A-Q-J-10
    ("3c 3d 3h Ac Ad", "2c 2d 2h Kc Kd"),    # 3-3-3-A-A beats 2-2-2-K-K
    ("2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c"),    # the wheel loses to 2-3-4-5-6
    # Poker hand rankings
    ("7♥ 6♥ 5♥ 4♥ 3♥", "5♠ 4♠ 3♠ 2♠ A♠"),
    ("10♣ 10♦ 10♥ 10♠ 5♦", "6♦ 6♥ 6♠ 6♣ K♠"),
    ("10♣ 10♦ 10♥ 10♠ Q♣", "10♣ 10♦ 10♥ 10♠ 5♦"),
    ("10♠ 10♥ 10♦ 4♠ 4♦", "9♥ 9♣ 9♠ A♥ A♣"),
    ("K♠ K♣ K♥ 3♦ 3♠", "10♠ 10♥ 10♦ 4♠ 4♦"),
    ("Q♥ Q♦ Q♣ 8♥ 8♣", "Q♥ Q♦ Q♣ 5♠ 5♥"),
    ("A♥ Q♥ 10♥ 5♥ 3♥", "K♠ Q♠ J♠ 9♠ 6♠"),
    ("A♦ K♦ 7♦ 6♦ 2♦", "A♥ Q♥ 10♥ 5♥ 3♥"),
    ("8♠ 7♠ 6♥ 5♥ 4♠", "6♦ 5♠ 4♦ 3♥ 2♣"),
    ("A♣ K♣ Q♦ J♠ 10♠", "K♥ Q♠ J♥ 10♥ 9♦"),
    ("6♠ 5♣ 4♣ 3♥ 2♥", "5♠ 4♦ 3♦ 2♠ A♣"),
    ("8♠ 8♥ 8♦ 5♠ 3♣", "5♣ 5♥ 5♦ Q♦ 10♣"),
    ("8♠ 8♥ 8♦ A♣ 2♦", "8♠ 8♥ 8♦ 5♠ 3♣"),
    ("K♥ K♦ 2♣ 2♦ J♥", "J♦ J♠ 10♠ 10♣ 9♠"),
    ("9♣ 9♦ 7♦ 7♠ 6♥", "9♥ 9♠ 5♥ 5♦ K♣"),
    ("4♠ 4♣ 3♠ 3♥ K♦", "4♥ 4♦ 3♦ 3♣ 10♠"),
    ("10♣ 10♠ 6♠ 4♥ 2♥", "9♥ 9♣ A♥ Q♦ 10♦"),
    ("10♥ 10♦ J♦ 3♥ 2♣", "10♣ 10♠ 6♠ 4♥ 2♥"),
    ("2♦ 2♥ 8♠ 5♣ 4♣", "2♣ 2♠ 8♣ 5♥ 3♥"),
    ("A♦ 10♦ 9♠ 5♣ 4♣", "K♣ Q♦ J♣ 8♥ 7♥"),
    ("A♣ Q♣ 7♦ 5♥ 2♣", "A♦ 10♦ 9♠ 5♣ 4♣"),
    ("7♠ 6♣ 5♣ 4♦ 2♥", "7♣ 6♦ 5♦ 3♥ 2♣"),
]

TIES = [
    ("A♠ A♥ K♣ Q♦ J♠", "A♣ A♦ K♥ Q♠ J♦"),    # split pot, same ranks in other suits
    ("As Ks 9s 7s 2s", "Ah Kh 9h 7h 2h"),    # flushes of spades and hearts with the same ranks
    ("J♣ 10♣ 9♣ 8♣ 7♣", "J♦ 10♦ 9♦ 8♦ 7♦"),
    ("Q♥ 10♥ 9♥ 5♥ 2♥", "Q♠ 10♠ 9♠ 5♠ 2♠"),
    ("8♠ 7♠ 6♥ 5♥ 4♠", "8♥ 7♦ 6♣ 5♣ 4♥"),
    ("9c 8d 7h 6s 5c", "9d 8h 7s 6c 5d"),    # two straights on the same sequence
]

CATEGORY_EXAMPLES = [
    ("A♠ K♠ Q♠ J♠ 10♠", Category.STRAIGHT_FLUSH),   # royal flush
    ("Q♠ J♠ 10♠ 9♠ 8♠", Category.STRAIGHT_FLUSH),
    ("5♦ 4♦ 3♦ 2♦ A♦", Category.STRAIGHT_FLUSH),    # steel wheel, five-high
    ("9♣ 9♠ 9♦ 9♥ J♥", Category.FOUR_OF_A_KIND),
    ("3♣ 3♠ 3♦ 6♣ 6♥", Category.FULL_HOUSE),
    ("Q♣ 10♣ 7♣ 6♣ 4♣", Category.FLUSH),
    ("Q♣ J♠ 10♠ 9♥ 8♥", Category.STRAIGHT),
    ("5♠ 4♦ 3♦ 2♠ A♣", Category.STRAIGHT),          # the wheel
    ("2♦ 2♠ 2♥ K♠ 6♠", Category.THREE_OF_A_KIND),
    ("J♥ J♣ 4♣ 4♠ 9♠", Category.TWO_PAIR),
    ("4♥ 4♠ K♠ 10♦ 5♠", Category.ONE_PAIR),
    ("K♥ J♣ 8♣ 7♦ 3♠", Category.HIGH_CARD),
    ("3♣ 2♦ A♠ K♠ Q♣", Category.HIGH_CARD),         # no wrap-around: not a straight
    ("Qd Kc Ah 2s 3d", Category.HIGH_CARD),         # Q-K-A-2-3 is not a straight
]


@pytest.mark.parametrize(("winner", "loser"), BEATS)
def test_beats(winner, loser):
    assert compare(winner, loser) == 1
    assert compare(loser, winner) == -1
    assert evaluate(winner) < evaluate(loser)


@pytest.mark.parametrize(("a", "b"), TIES)
def test_ties_split_the_pot(a, b):
    assert compare(a, b) == 0
    assert evaluate(a) == evaluate(b)


@pytest.mark.parametrize(("hand", "expected"), CATEGORY_EXAMPLES)
def test_category_examples(hand, expected):
    assert category(evaluate(hand)) is expected


def test_royal_flush_is_rank_one_and_seven_five_four_three_two_is_last():
    assert evaluate("A♠ K♠ Q♠ J♠ 10♠") == 1
    assert evaluate("7c 5d 4h 3s 2c") == 7462


def test_wheel_is_the_lowest_straight_and_steel_wheel_the_lowest_straight_flush():
    assert evaluate("Ac 2d 3h 4s 5c") == 1609
    assert evaluate("5♦ 4♦ 3♦ 2♦ A♦") == 10


def test_categories_are_ordered_as_the_seed_ranks_them():
    # "It ranks above a flush and below four of a kind" etc.: every hand of a better
    # category outranks every hand of a worse one, through the whole ladder.
    ladder = [hand for hand, _ in sorted(CATEGORY_EXAMPLES, key=lambda item: item[1])]
    ranks = [evaluate(hand) for hand in ladder]
    cats = [category(rank) for rank in ranks]
    for (r1, c1), (r2, c2) in zip(zip(ranks, cats), zip(ranks[1:], cats[1:])):
        if c2 > c1:
            assert r2 < r1


def test_sixth_and_seventh_cards_do_not_count():
    # "the sixth and seventh cards are not used to determine the winner"
    assert evaluate("As Ad Kc Qh Js 3d 2c") == evaluate("As Ad Kc Qh Js")
    assert compare("As Ad Kc Qh Js 3d 2c", "Ah Ac Kd Qs Jh 4d 2s") == 0
