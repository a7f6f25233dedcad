"""A slow, obviously-correct poker evaluator written from the seed's rule.

It shares no code with scripts/build_tables.py or the package: it reads a card id as
``rank * 4 + suit`` (the documented encoding) and nothing else. ``hand_value`` gives a
tuple that compares like the hands do: larger is better, equal means a split pot.
"""

from itertools import combinations

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, \
    STRAIGHT_FLUSH = range(9)


def five_card_value(cards):
    """(category, tie-break list) of exactly five card ids."""
    values = sorted((card // 4 for card in cards), reverse=True)  # 12 = ace ... 0 = deuce
    same_suit = len({card % 4 for card in cards}) == 1

    how_many = {}
    for value in values:
        how_many[value] = how_many.get(value, 0) + 1
    # "Sort each hand into groups by how many cards share a rank, biggest group first,
    # and within a group by rank, highest first."
    groups = sorted(how_many, key=lambda value: (how_many[value], value), reverse=True)
    sizes = [how_many[value] for value in groups]

    top_of_straight = None
    if len(groups) == 5:
        if values[0] - values[4] == 4:
            top_of_straight = values[0]
        elif values == [12, 3, 2, 1, 0]:  # A-2-3-4-5: the ace plays low, the five is on top
            top_of_straight = 3

    if top_of_straight is not None:
        return (STRAIGHT_FLUSH if same_suit else STRAIGHT, (top_of_straight,))
    if sizes == [4, 1]:
        return (FOUR_OF_A_KIND, tuple(groups))
    if sizes == [3, 2]:
        return (FULL_HOUSE, tuple(groups))
    if same_suit:
        return (FLUSH, tuple(groups))
    if sizes == [3, 1, 1]:
        return (THREE_OF_A_KIND, tuple(groups))
    if sizes == [2, 2, 1]:
        return (TWO_PAIR, tuple(groups))
    if sizes == [2, 1, 1, 1]:
        return (ONE_PAIR, tuple(groups))
    return (HIGH_CARD, tuple(groups))


def hand_value(cards):
    """The value of the best five cards among 5, 6 or 7."""
    return max(five_card_value(five) for five in combinations(cards, 5))


def for_every_five(hands, value):
    """value(hand) for each row of five card ids, as a list, calling value once per class of
    hands that share their ranks and whether their suits are all one.

    The five-card references (Hold'em, short deck, deuce-to-seven) read nothing else of five
    cards (the ranks, and a flush only when every suit is the same), so each class's first
    hand speaks for the whole class: the 2,598,960 hands fall in 7,462 classes (6,175 rank
    multisets, and 1,287 sets of five ranks in one suit), and the reference runs on those
    instead of on every hand. What the tests compare with the kernel is still one answer for
    every hand.
    """
    import numpy as np

    hands = np.asarray(hands)
    ranks = np.sort(hands // 4, axis=1).astype(np.int64)
    one_suit = (hands % 4 == hands[:, :1] % 4).all(axis=1)
    key = ranks @ (13 ** np.arange(5, dtype=np.int64)) * 2 + one_suit
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    values = [value(hand) for hand in hands[first].tolist()]
    return [values[i] for i in inverse.reshape(-1).tolist()]
