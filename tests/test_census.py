"""Every hand counted: the published category counts for 5, 6 and 7 cards."""

import numpy as np
import pytest

import handrank
from conftest import FIVE_CARD_COUNTS

SIX_AND_SEVEN_CARD_COUNTS = {  # hands / distinct ranks, from the speed issue's published table
    6: {
        "STRAIGHT_FLUSH": (1_844, 10), "FOUR_OF_A_KIND": (14_664, 156), "FULL_HOUSE": (165_984, 156),
        "FLUSH": (205_792, 1_277), "STRAIGHT": (361_620, 10), "THREE_OF_A_KIND": (732_160, 715),
        "TWO_PAIR": (2_532_816, 846), "ONE_PAIR": (9_730_740, 2_135), "HIGH_CARD": (6_612_900, 770),
    },
    7: {
        "STRAIGHT_FLUSH": (41_584, 10), "FOUR_OF_A_KIND": (224_848, 156), "FULL_HOUSE": (3_473_184, 156),
        "FLUSH": (4_047_644, 1_277), "STRAIGHT": (6_180_020, 10), "THREE_OF_A_KIND": (6_461_620, 575),
        "TWO_PAIR": (31_433_400, 763), "ONE_PAIR": (58_627_800, 1_470), "HIGH_CARD": (23_294_460, 407),
    },
}
TOTALS = {5: (2_598_960, 7_462), 6: (20_358_520, 6_075), 7: (133_784_560, 4_824)}


def test_every_five_card_hand_through_evaluate_many(all_five_card_hands):
    ranks = handrank.evaluate_many(all_five_card_hands)
    cats = handrank.categories(ranks)
    for name, (hands, distinct) in FIVE_CARD_COUNTS.items():
        mine = ranks[cats == handrank.Category[name]]
        assert (len(mine), len(np.unique(mine))) == (hands, distinct), name
    assert len(ranks) == 2_598_960
    assert len(np.unique(ranks)) == 7_462
    assert ranks.min() == 1 and ranks.max() == 7_462


@pytest.mark.parametrize("cards", [5, 6, 7])
def test_census_in_c_matches_published_counts(cards):
    expected = FIVE_CARD_COUNTS if cards == 5 else SIX_AND_SEVEN_CARD_COUNTS[cards]
    result = handrank.census(cards)
    assert {row.category.name: (row.hands, row.ranks) for row in result.rows} == expected
    assert (result.hands, result.ranks) == TOTALS[cards]
    assert [row.category for row in result.rows] == sorted(handrank.Category, reverse=True)


def test_census_refuses_other_sizes():
    with pytest.raises(ValueError, match="5, 6 or 7"):
        handrank.census(4)
    with pytest.raises(TypeError):
        handrank.census(True)


def test_the_census_kernel_counts_one_lowest_card_a_call():
    """A 7-card census was one C call of 0.2-0.5 s, deaf to Ctrl-C; it is a call per lowest card
    (at most C(51, 6) = 18 M hands), the calls adding up to every hand exactly once."""
    import numpy as np

    from handrank._core import ffi, lib

    counts = np.zeros(lib.HR_RANK_COUNT + 1, dtype=np.uint64)
    buffer = ffi.from_buffer("uint64_t[]", counts)
    assert lib.hr_census(5, 47, buffer) == 0 and counts.sum() == 1  # ids 47..51: one hand
    for lowest in range(47):
        assert lib.hr_census(5, lowest, buffer) == 0
    assert counts.sum() == 2_598_960 and (counts[1:] > 0).all()
    assert lib.hr_census(5, 48, buffer) == lib.HR_ERR_CARD and lib.hr_census(7, -1, buffer) == lib.HR_ERR_CARD
    assert lib.hr_census(8, 0, buffer) == lib.HR_ERR_COUNT and counts.sum() == 2_598_960
