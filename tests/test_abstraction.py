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


def brute_objective(histograms, labels, centroid_shares):
    """Sum over points of the earth mover's distance (in counts x bins) to their centroid,
    from the definition: the L1 distance between cumulative histograms."""
    total = histograms.sum(axis=1)[0]
    cdf = np.cumsum(histograms, axis=1)
    centroid_cdf = np.rint(np.cumsum(centroid_shares, axis=1) * total)
    return float(np.abs(cdf - centroid_cdf[labels]).sum())


def random_histograms(n, bins, total, seed):
    rng = np.random.default_rng(seed)
    centers = rng.dirichlet(np.ones(bins), size=6)
    return np.array([rng.multinomial(total, centers[rng.integers(6)]) for _ in range(n)])


def test_emd_kmeans_objective_never_rises_and_is_what_it_says():
    from handrank.abstraction import emd_kmeans

    for seed in range(5):
        hist = random_histograms(300, 8, 46, seed)
        buckets = emd_kmeans(hist, 5, seed=seed)
        assert all(a >= b for a, b in zip(buckets.history, buckets.history[1:])), buckets.history
        assert buckets.objective == brute_objective(hist, buckets.labels, buckets.centroids)
        # every point sits in its nearest bucket (the lowest on a tie)
        cdf = np.cumsum(hist, axis=1)
        centroid_cdf = np.rint(np.cumsum(buckets.centroids, axis=1) * 46)
        distances = np.abs(cdf[:, None, :] - centroid_cdf[None, :, :]).sum(axis=2)
        assert (buckets.labels == distances.argmin(axis=1)).all()
        # no member of a bucket would be a better centroid for it (the per-bin median is optimal)
        for c in range(5):
            members = cdf[buckets.labels == c]
            if len(members):
                own = np.abs(members - centroid_cdf[c]).sum()
                assert all(own <= np.abs(members - m).sum() for m in members[:20])
        assert np.allclose(buckets.centroids.sum(axis=1), 1)


def test_emd_kmeans_is_the_same_on_any_thread_count_and_for_a_seed():
    from handrank.abstraction import emd_kmeans

    hist = random_histograms(80_000, 10, 1081, 9)  # several slices of points
    one = emd_kmeans(hist, 12, seed=5, iterations=8, threads=1)
    two = emd_kmeans(hist, 12, seed=5, iterations=8, threads=2)
    assert (one.labels == two.labels).all() and one.history == two.history
    assert (one.centroids == two.centroids).all() and one.seed == 5
    weights = np.arange(500) % 3
    weighted = emd_kmeans(hist[:500], 4, seed=2, weights=weights)
    centroid_cdf = np.rint(np.cumsum(weighted.centroids, axis=1) * 1081)
    per_point = np.abs(np.cumsum(hist[:500], axis=1) - centroid_cdf[weighted.labels]).sum(axis=1)
    assert weighted.objective == float((per_point * weights).sum())


def test_kmeans_of_points():
    from handrank.abstraction import kmeans

    rng = np.random.default_rng(3)
    points = np.concatenate([rng.normal(m, 0.05, (200, 2)) for m in (0.2, 0.5, 0.8)])
    buckets = kmeans(points, 3, seed=4)
    assert all(a >= b for a, b in zip(buckets.history, buckets.history[1:]))
    assert len(set(buckets.labels[:200])) == len(set(buckets.labels[200:400])) == 1
    assert len(set(buckets.labels.tolist())) == 3
    squared = ((points[:, None, :] - buckets.centroids[None]) ** 2).sum(axis=2)
    assert (buckets.labels == squared.argmin(axis=1)).all()
    assert np.isclose(buckets.objective, squared.min(axis=1).sum())
    assert (kmeans(points, 3, seed=4).labels == buckets.labels).all()
    ehs = kmeans(np.linspace(0, 1, 101), 4, seed=1)  # 1-D points, as EHS values
    assert ehs.centroids.shape == (4, 1)


def test_clustering_refuses_bad_input():
    from handrank.abstraction import emd_kmeans, kmeans

    good = np.array([[2, 0], [1, 1], [0, 2]])
    for call, kind, words in [
        (lambda: emd_kmeans(np.array([[2, 0], [1, 0]]), 1), ValueError, "same total"),
        (lambda: emd_kmeans(np.array([[2, -1], [1, 0]]), 1), ValueError, "non-negative"),
        (lambda: emd_kmeans(good.astype(float), 1), TypeError, "integer array"),
        (lambda: emd_kmeans(good[0], 1), TypeError, r"\(n, bins\)"),
        (lambda: emd_kmeans(good, 0), ValueError, "k must be from 1"),
        (lambda: emd_kmeans(good, 4), ValueError, "k must be from 1 to the number of points"),
        (lambda: emd_kmeans(good, 2, seed=-1), ValueError, "seed"),
        (lambda: emd_kmeans(good, 2, iterations=0), ValueError, "iterations"),
        (lambda: emd_kmeans(good, 2, threads=0), ValueError, "threads"),
        (lambda: emd_kmeans(good, 2, weights=[1, 2]), TypeError, "weights"),
        (lambda: emd_kmeans(np.array([[70_000, 0]]), 1), ValueError, "65,535"),
        (lambda: kmeans(np.array([[np.nan]]), 1), ValueError, "finite"),
        (lambda: kmeans(np.array(["a"]), 1), TypeError, "numeric"),
        (lambda: kmeans(np.zeros((3, 2)), 5), ValueError, "k must be"),
        (lambda: kmeans(np.zeros((0, 2)), 1), ValueError, "no points"),
        (lambda: emd_kmeans(np.zeros((0, 4), np.int64), 1), ValueError, "no points"),
    ]:
        with pytest.raises(kind, match=words):
            call()
    assert emd_kmeans(good, 2, seed=1).seed == 1 and isinstance(emd_kmeans(good, 2).seed, int)
