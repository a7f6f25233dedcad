import itertools

import numpy as np
import pytest

from reference import five_card_value, for_every_five

# The seed's table: hands and distinct ranks per category, best category first.
FIVE_CARD_COUNTS = {
    "STRAIGHT_FLUSH": (40, 10),
    "FOUR_OF_A_KIND": (624, 156),
    "FULL_HOUSE": (3_744, 156),
    "FLUSH": (5_108, 1_277),
    "STRAIGHT": (10_200, 10),
    "THREE_OF_A_KIND": (54_912, 858),
    "TWO_PAIR": (123_552, 858),
    "ONE_PAIR": (1_098_240, 2_860),
    "HIGH_CARD": (1_302_540, 1_277),
}


@pytest.fixture(scope="session")
def all_five_card_hands():
    """Every five-card hand once, as a (2598960, 5) uint8 array of ascending ids."""
    hands = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                        dtype=np.uint8, count=2_598_960 * 5)
    return hands.reshape(-1, 5)


@pytest.fixture(scope="session")
def reference_ranks(all_five_card_hands):
    """The reference's rank of every five-card hand, and its value -> rank numbering.

    The reference gives each hand a comparable value; numbering the distinct values from
    the best (1) down gives ranks that must equal the kernel's, hand by hand.
    """
    values = for_every_five(all_five_card_hands, five_card_value)
    numbering = {value: rank for rank, value in enumerate(sorted(set(values), reverse=True), start=1)}
    ranks = np.fromiter((numbering[value] for value in values), dtype=np.uint16, count=len(values))
    return ranks, numbering


@pytest.fixture(scope="session")
def flop_features():
    """Every flop class's features, histograms of 8 bins (about 6 s): the feature and job tests share one."""
    from handrank.abstraction import class_features

    return class_features("flop", bins=8, threads=2)
