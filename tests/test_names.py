"""describe and rank_pattern: a distinct name for each of the 7,462 ranks."""

import pytest

from handrank import Category, category, describe, evaluate, rank_pattern
from handrank.names import RANK_SYMBOLS

ISSUE_EXAMPLES = [
    ("As Ks Qs Js Ts", "Royal flush", "Royal flush"),
    ("5d 4d 3d 2d Ad", "Five-high straight flush (steel wheel)", "Five-high straight flush"),
    ("Tc Td Th Ts Qc", "Four tens, queen kicker", "Four tens"),
    ("Ks Kc Kh 9d 9s", "Kings full of nines", "Kings full"),
    ("Ad Kd 7d 6d 2d", "Ace-king-seven-six-deuce flush", "Ace-high flush"),
    ("5s 4d 3d 2s Ac", "Five-high straight (wheel)", "Five-high straight"),
    ("8s 8h 8d Ac 5d", "Three eights, ace-five", "Three eights"),
    ("Kh Kd 9c 9d Jh", "Kings and nines, jack kicker", "Kings and nines"),
    ("2d 2h 8s 5c 4c", "Pair of deuces, eight-five-four", "Pair of deuces"),
    ("7s 6c 5c 4d 2h", "Seven-six-five-four-deuce high", "Seven high"),
    ("Tc Ts 6s 4h 2h", "Pair of tens, six-four-deuce", "Pair of tens"),
    ("4s 4c 3s 3h Kd", "Fours and treys, king kicker", "Fours and treys"),
]


@pytest.mark.parametrize(("hand", "full", "short"), ISSUE_EXAMPLES)
def test_names_in_the_documented_style(hand, full, short):
    rank = evaluate(hand)
    assert describe(rank) == full
    assert describe(rank, short=True) == short


def test_every_full_name_is_distinct():
    names = [describe(rank) for rank in range(1, 7463)]
    assert len(set(names)) == 7462
    assert all(name[0].isupper() for name in names)


def test_short_names_group_by_what_shows():
    shorts = {describe(rank, short=True) for rank in range(1, 7463)}
    assert "Kings full" in shorts and "Ace-high flush" in shorts and "Pair of tens" in shorts
    assert len(shorts) < 7462


def hand_of_pattern(rank):
    """Five cards with the ranks of rank_pattern(rank), suited only where the category is a flush."""
    pattern = rank_pattern(rank)
    if category(rank) in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        return [r * 4 + 3 for r in pattern]
    used = {}
    cards = []
    for r in pattern:
        suit = used.get(r, 0)
        used[r] = suit + 1
        cards.append(r * 4 + suit)
    if len(set(pattern)) == 5:  # five different ranks all in clubs would be a flush
        cards[0] = pattern[0] * 4 + 1
    return cards


def test_every_rank_pattern_makes_its_rank():
    # The generated pattern table against the kernel, rank by rank: a hand built from a
    # rank's pattern evaluates to that rank, and the pattern is in comparison order.
    for rank in range(1, 7463):
        assert evaluate(hand_of_pattern(rank)) == rank, (rank, rank_pattern(rank))


def test_patterns_read_in_comparison_order():
    assert rank_pattern(evaluate("Kh Kd 4s 4c Ad")) == (11, 11, 2, 2, 12)  # K, 4, A as the seed lists
    assert rank_pattern(evaluate("Ac 2d 3h 4s 5c")) == (3, 2, 1, 0, 12)    # the wheel: five on top
    assert [RANK_SYMBOLS[r] for r in rank_pattern(evaluate("3c 3d 3h Ac Ad"))] == ["3", "3", "3", "A", "A"]


@pytest.mark.parametrize(("bad", "error"), [(0, ValueError), (7463, ValueError), (True, TypeError),
                                            ("1", TypeError)])
def test_bad_ranks(bad, error):
    with pytest.raises(error):
        describe(bad)
    with pytest.raises(error):
        rank_pattern(bad)
