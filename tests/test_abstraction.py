"""Features per isomorphism class: every class of the street gets one, equal to hand_strength
of a member hand, with histograms that count every runout."""

from __future__ import annotations

import numpy as np
import pytest

import handrank
from handrank.abstraction import class_features


@pytest.fixture(scope="module")
def flop_features():
    return class_features("flop", bins=8, threads=2)


def test_every_flop_class_has_its_members_strength(flop_features):
    features = flop_features
    assert features.ehs.shape == (1_286_792,) and features.histogram.shape == (1_286_792, 8)
    assert repr(features) == "ClassFeatures(street='flop', classes=1286792, bins=8, runouts=1081)"
    assert not np.isnan(features.ehs).any() and not np.isnan(features.ehs2).any()  # every class was reached
    assert (features.histogram.sum(axis=1, dtype=np.int64) == 1081).all()  # a count for every runout
    assert ((features.ehs2 <= features.ehs + 1e-12) & (features.ehs2 >= features.ehs ** 2 - 1e-12)).all()
    rng = np.random.default_rng(4)
    for index in rng.integers(0, features.indexer.size(), 300):
        hand = features.indexer.unindex(int(index))
        # the canonical member, and a member with the suits renamed: both give the class's numbers
        for cards in (hand, [(c & ~3) | (3 - (c & 3)) for c in hand]):
            strength = handrank.hand_strength(cards[2:], bins=8)
            holding = handrank.holding_index(cards[:2])
            assert features.ehs[index] == strength.ehs[holding]
            assert features.ehs2[index] == strength.ehs2[holding]
            assert (features.histogram[index] == np.rint(strength.histogram[holding] * 1081)).all()


def test_features_refuse_bad_arguments():
    for kwargs, kind, words in [({"street": "preflop"}, ValueError, "street must be one of"),
                                ({"street": "flop", "bins": 0}, ValueError, "bins"),
                                ({"street": "flop", "threads": 0}, ValueError, "threads"),
                                ({"street": "flop", "progress": "yes"}, TypeError, "progress")]:
        with pytest.raises(kind, match=words):
            class_features(**kwargs)
