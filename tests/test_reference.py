"""The kernel agrees with the independent reference on every 5-card hand and on random 6/7."""

import random

import numpy as np
import pytest

import handrank
from handrank._core import ffi, lib
from reference import hand_value

RANDOM_HANDS = 100_000  # per size: 200,000 six- and seven-card hands in all


def portable_batch(hands):
    """The kernel's portable loop (what CPUs without AVX2 run), called directly."""
    out = np.empty(len(hands), dtype=np.uint16)
    error = ffi.new("int *")
    bad = lib.hr_rank_batch_portable(ffi.from_buffer("uint8_t[]", hands), len(hands), hands.shape[1],
                                     ffi.from_buffer("uint16_t[]", out), error)
    assert (bad, error[0]) == (-1, 0)
    return out


def test_every_five_card_hand_matches_reference(all_five_card_hands, reference_ranks):
    ranks, numbering = reference_ranks
    assert len(numbering) == 7462
    kernel = handrank.evaluate_many(all_five_card_hands)
    mismatch = np.flatnonzero(kernel != ranks)
    assert mismatch.size == 0, f"{mismatch.size} hands differ, first {all_five_card_hands[mismatch[0]]}"
    assert np.array_equal(portable_batch(all_five_card_hands), ranks)


def test_cactus_kev_path_matches_on_every_five_card_hand(all_five_card_hands, reference_ranks):
    ranks, _ = reference_ranks
    out = np.empty(len(ranks), dtype=np.uint16)
    error = ffi.new("int *")
    bad = lib.hr_rank5_kev_batch(ffi.from_buffer("uint8_t[]", all_five_card_hands), len(out),
                                 ffi.from_buffer("uint16_t[]", out), error)
    assert (bad, error[0]) == (-1, 0)
    assert np.array_equal(out, ranks)


@pytest.mark.parametrize("ncards", [6, 7])
def test_random_hands_match_reference(reference_ranks, ncards):
    _, numbering = reference_ranks
    rng = random.Random(20261130 + ncards)  # the same hands every run
    hands = [rng.sample(range(52), ncards) for _ in range(RANDOM_HANDS)]
    expected = np.fromiter((numbering[hand_value(hand)] for hand in hands), dtype=np.uint16,
                           count=RANDOM_HANDS)
    kernel = handrank.evaluate_many(np.array(hands, dtype=np.uint8))
    mismatch = np.flatnonzero(kernel != expected)
    assert mismatch.size == 0, f"{mismatch.size} hands differ, first {hands[mismatch[0]]}"
    assert np.array_equal(portable_batch(np.array(hands, dtype=np.uint8)), expected)
    # The one-hand path agrees with the batch path.
    assert [handrank.evaluate(hand) for hand in hands[:2000]] == kernel[:2000].tolist()
