"""Features per isomorphism class: every class of the street gets one, equal to hand_strength
of a member hand, with histograms that count every runout."""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest

import handrank
from handrank.abstraction import class_features


def test_every_flop_class_has_its_members_strength(flop_features):
    features = flop_features
    assert features.ehs.shape == (1_286_792,) and features.histogram.shape == (1_286_792, 8)
    assert repr(features) == "ClassFeatures(street='flop', classes=1286792, bins=8, runouts=1081)"
    assert not np.isnan(features.ehs).any() and not np.isnan(features.ehs2).any()  # every class was reached
    assert (features.histogram.sum(axis=1, dtype=np.int64) == 1081).all()  # a count for every runout
    assert ((features.ehs2 <= features.ehs + 1e-12) & (features.ehs2 >= features.ehs ** 2 - 1e-12)).all()
    _assert_members_strength(features, np.random.default_rng(4).integers(0, features.indexer.size(), 300))


def _assert_members_strength(features, indexes):
    """Each class of ``indexes`` holds hand_strength of its canonical member and of a member
    with the suits renamed: both give the class's numbers."""
    bins = features.histogram.shape[1]
    for index in indexes:
        hand = features.indexer.unindex(int(index))
        for cards in (hand, [(c & ~3) | (3 - (c & 3)) for c in hand]):
            strength = handrank.hand_strength(cards[2:], bins=bins)
            holding = handrank.holding_index(cards[:2])
            assert features.ehs[index] == strength.ehs[holding]
            assert features.ehs2[index] == strength.ehs2[holding]
            assert (features.histogram[index] == np.rint(strength.histogram[holding] * features.runouts)).all()


@pytest.mark.parametrize("cards", [3, 4, 5])
def test_the_canonical_boards_are_one_board_of_each_suit_class(cards):
    # so every class of hole cards and a board of the street has a member on a canonical board,
    # and class_features reaches every turn and river class as it does every flop class
    from handrank.isomorphism import Indexer

    boards, weights = handrank.canonical_boards(cards)
    indexes = Indexer([cards]).index(boards)
    assert np.array_equal(np.sort(indexes), np.arange(Indexer([cards]).size()))
    assert weights.sum() == math.comb(52, cards)


def test_the_canonical_turns_and_every_holding_reach_every_turn_class():
    from handrank.isomorphism import Indexer
    from handrank.simulate import holdings

    boards, _ = handrank.canonical_boards(4)
    indexer, every = Indexer([2, 4]), holdings()
    held = (np.uint64(1) << every.astype(np.uint64)).sum(axis=1)  # two distinct bits: a sum is their union
    reached = np.zeros(indexer.size(), dtype=bool)
    for first in range(0, len(boards), 1024):
        block = boards[first:first + 1024]
        on_board = (np.uint64(1) << block.astype(np.uint64)).sum(axis=1)
        rows, holding = np.nonzero((on_board[:, None] & held[None, :]) == 0)
        reached[indexer.index(np.concatenate([every[holding], block[rows]], axis=1), threads=2)] = True
    assert reached.all()


def test_turn_classes_have_their_members_strength(monkeypatch):
    # the turn's features from a sample of its canonical boards: each class they reach holds
    # hand_strength of a member, whichever member (suits renamed) is asked; the rest stay unset
    import handrank.strength

    boards, _ = handrank.canonical_boards(4)
    sample = boards[np.random.default_rng(5).permutation(len(boards))[:24]]
    monkeypatch.setattr(handrank.strength, "canonical_boards", lambda cards: (sample, np.ones(len(sample))))
    features = class_features("turn", bins=6, threads=2)
    assert features.ehs.shape == (13_960_050,) and features.histogram.shape == (13_960_050, 6)
    written = np.flatnonzero(~np.isnan(features.ehs))
    assert 0 < len(written) <= 24 * 1128 and np.isnan(features.ehs2).sum() == 13_960_050 - len(written)
    assert (features.histogram[written].sum(axis=1, dtype=np.int64) == 46).all()  # every river card counted
    _assert_members_strength(features, np.random.default_rng(6).choice(written, 200, replace=False))


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


@pytest.mark.parametrize("bins, k", [(8, 5), (50, 8), (50, 13), (3, 17)])
def test_emd_kmeans_objective_never_rises_and_is_what_it_says(bins, k):
    """The assignment takes eight centroids a vector: every k about it, and the bins the job
    uses (50) as a constant."""
    from handrank.abstraction import emd_kmeans

    for seed in range(5):
        hist = random_histograms(300, bins, 46, seed)
        buckets = emd_kmeans(hist, k, seed=seed)
        assert all(a >= b for a, b in zip(buckets.history, buckets.history[1:])), buckets.history
        assert buckets.objective == brute_objective(hist, buckets.labels, buckets.centroids)
        # every point sits in its nearest bucket (the lowest on a tie)
        cdf = np.cumsum(hist, axis=1)
        centroid_cdf = np.rint(np.cumsum(buckets.centroids, axis=1) * 46)
        distances = np.abs(cdf[:, None, :] - centroid_cdf[None, :, :]).sum(axis=2)
        assert (buckets.labels == distances.argmin(axis=1)).all()
        # no member of a bucket would be a better centroid for it (the per-bin median is optimal)
        for c in range(k):
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


def _reference_kmeans(points, k, seed, iterations, weight):
    """kmeans in plain numpy, one step at a time: each squared distance summed in dimension
    order, the lowest centre on a tie, the sums added point by point (np.bincount)."""
    rng = np.random.Generator(np.random.PCG64(seed))
    n = len(points)

    def nearest(centers):
        squared = np.zeros((n, len(centers)))
        for j in range(points.shape[1]):
            squared = squared + (points[:, j, None] - centers[None, :, j]) ** 2
        return squared.argmin(axis=1), squared.min(axis=1)

    centers = np.empty((k, points.shape[1]))
    centers[0] = points[int(rng.choice(n, p=weight / weight.sum()))]
    distance = nearest(centers[:1])[1]
    for c in range(1, k):
        running = np.cumsum(distance * weight)
        pick = int(np.searchsorted(running, rng.random() * running[-1], side="right")) if running[-1] > 0 else c % n
        centers[c] = points[min(pick, n - 1)]
        distance = np.minimum(distance, nearest(centers[c:c + 1])[1])
    labels, history = np.full(n, -1), []
    for _ in range(iterations):
        new_labels, distance = nearest(centers)
        history.append(float((distance * weight).sum()))
        if (new_labels == labels).all():
            break
        labels = new_labels
        totals = np.bincount(labels, weights=weight, minlength=k)
        for d in range(points.shape[1]):
            sums = np.bincount(labels, weights=weight * points[:, d], minlength=k)
            centers[:, d] = np.where(totals > 0, sums / np.where(totals > 0, totals, 1), centers[:, d])
    return labels, centers, history


@pytest.mark.parametrize("dims", [1, 3, 8, 9])
@pytest.mark.parametrize("k", [1, 7, 8, 13])
def test_kmeans_is_the_plain_numpy_algorithm_bit_for_bit(dims, k):
    """The C assignment (eight centres a vector) and sums give the very bits of the plain
    algorithm: ties (points on a grid, repeated centres) go to the lowest centre."""
    from handrank.abstraction import kmeans

    rng = np.random.default_rng(dims * 100 + k)
    for points in (rng.random((700, dims)), rng.integers(0, 3, (700, dims)).astype(float)):
        weight = rng.integers(1, 5, len(points)).astype(float)
        labels, centers, history = _reference_kmeans(points, k, 11, 6, weight)
        got = kmeans(points, k, seed=11, iterations=6, weights=weight.astype(np.uint32), threads=2)
        assert np.array_equal(got.labels, labels) and np.array_equal(got.centroids, centers)
        assert got.history == tuple(history)


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
        (lambda: emd_kmeans(np.array([[2**62] * 4 + [0], [0] * 5], dtype=np.int64), 1), ValueError, "65,535"),
        (lambda: kmeans(np.array([[np.nan]]), 1), ValueError, "finite"),
        (lambda: kmeans(np.array(["a"]), 1), TypeError, "numeric"),
        (lambda: kmeans(np.zeros((3, 2)), 5), ValueError, "k must be"),
        (lambda: kmeans(np.zeros((0, 2)), 1), ValueError, "no points"),
        (lambda: emd_kmeans(np.zeros((0, 4), np.int64), 1), ValueError, "no points"),
    ]:
        with pytest.raises(kind, match=words):
            call()
    assert emd_kmeans(good, 2, seed=1).seed == 1 and isinstance(emd_kmeans(good, 2).seed, int)


# ------------------------------------------------------------------------------- OCHS

def _ochs_reference(hole, board, clusters):
    """OCHS by plain enumeration with evaluate_many: on each runout, the hand strength of the
    hole cards against the holdings of each cluster that share no card with them or the river
    (wins + ties / 2 over opponents), averaged over the runouts where the cluster has some."""
    import itertools

    from handrank.simulate import holdings

    every = holdings()
    k = int(clusters.max()) + 1
    deck = [c for c in range(52) if c not in hole and c not in board]
    sums, counts = np.zeros(k), np.zeros(k)
    for extra in itertools.combinations(deck, 5 - len(board)):
        river = list(board) + list(extra)
        live = ~np.isin(every, river).any(axis=1) & ~np.isin(every, hole).any(axis=1)
        opponents = np.concatenate([every[live], np.tile(river, (int(live.sum()), 1))], axis=1)
        theirs = handrank.evaluate_many(opponents.astype(np.uint8)).astype(int)
        mine = handrank.evaluate(list(hole) + river)
        for c in range(k):
            here = clusters[live] == c
            if here.any():
                sums[c] += ((theirs[here] > mine).sum() + 0.5 * (theirs[here] == mine).sum()) / here.sum()
                counts[c] += 1
    with np.errstate(invalid="ignore"):
        return sums / counts


def test_ochs_equals_plain_enumeration_and_one_cluster_is_ehs():
    from handrank.abstraction import ochs_many
    from handrank.simulate import holdings

    rng = np.random.default_rng(11)
    clusters = (np.arange(1326) * 7 % 3).astype(np.uint8)  # three clusters mixing every kind of hand
    every = holdings()
    for street in (5, 4, 3):
        cards = rng.permutation(52)[:street].astype(np.uint8)
        got = ochs_many(cards[None, :], clusters, 2)[0]
        heroes = [h for h in rng.permutation(1326)[:4 if street < 5 else 12] if not np.isin(every[h], cards).any()]
        for h in heroes[:3]:
            assert np.allclose(got[h], _ochs_reference(every[h], cards, clusters), rtol=0, atol=1e-12), (street, h)
        meets = np.isin(every, cards).any(axis=1)
        assert np.isnan(got[meets]).all() and not np.isnan(got[~meets]).any()
        one = ochs_many(cards[None, :], np.zeros(1326, dtype=np.uint8), 1)[0, :, 0]
        strength = handrank.hand_strength(cards)
        assert np.allclose(one[~meets], np.asarray(strength.ehs)[~meets], rtol=0, atol=1e-12)


def test_ochs_is_the_same_on_any_thread_count_and_for_every_suit_renaming():
    from handrank.abstraction import ClassFeatures, ochs_many, scatter_ochs
    from handrank.isomorphism import Indexer

    clusters = (np.arange(1326) % 2).astype(np.uint8)
    clusters[handrank.holding_index("As Ah")] = 1
    boards = np.array([handrank.parse("Kd 7c 2h 9s"), handrank.parse("Ah Qh 3h 3c")], dtype=np.uint8)
    one, two = ochs_many(boards, clusters, 1), ochs_many(boards, clusters, 2)
    assert np.array_equal(one, two, equal_nan=True)
    indexer = Indexer([2, 4])
    features = ClassFeatures("turn", indexer, np.zeros(1), np.zeros(1), None, 46,
                             np.full((indexer.size(), 2), np.nan, dtype=np.float32))
    scatter_ochs(features, boards, one, 2)
    for hole in ("Js Td", "Ah Kh", "3d 3s", "Qc 2c"):
        cards = handrank.parse(hole)
        for row, board in enumerate(boards):
            if set(cards) & set(board.tolist()):
                continue
            index = indexer.index(cards + board.tolist())
            assert np.allclose(features.ochs[index], one[row, handrank.holding_index(cards)], rtol=0, atol=1e-6)


def test_opponent_clusters_group_whole_preflop_classes_strongest_first():
    from handrank.abstraction import opponent_clusters, preflop_class_of_holdings, preflop_counts

    clusters = opponent_clusters(5, seed=2, threads=2)
    assert clusters.shape == (1326,) and clusters.dtype == np.uint8 and set(clusters.tolist()) == set(range(5))
    assert np.array_equal(clusters, opponent_clusters(5, seed=2, threads=1))  # a seed, any thread count
    classes = preflop_class_of_holdings()
    assert len(set(classes.tolist())) == 169
    for c in range(169):  # a preflop class is never split
        assert len(set(clusters[classes == c].tolist())) == 1
    counts = preflop_counts(50, 2)
    # every holding of a class counted on every board it misses: 1,081 runouts of each flop
    combos = np.bincount(classes, minlength=169)
    assert (counts.sum(axis=1) == combos * 19_600 * 1081).all()  # C(50, 3) flops miss a holding
    shares = counts / counts.sum(axis=1, keepdims=True)
    centre = (np.arange(50) + 0.5) / 50
    mean = np.array([(shares[classes[clusters == c]] * centre).sum(axis=1).mean() for c in range(5)])
    assert (np.diff(mean) < 0).all()  # cluster 0 the strongest
    assert clusters[handrank.holding_index("As Ah")] == 0 and clusters[handrank.holding_index("7c 2d")] == 4


@pytest.mark.filterwarnings("error")
def test_one_bin_leaves_every_hand_alike_in_one_cluster_without_a_warning():
    from handrank.abstraction import opponent_clusters

    # one bin: every class has the same distribution, so the clusters past the first stay empty
    assert opponent_clusters(4, bins=1).tolist() == [0] * 1326


def test_ochs_arguments_are_checked():
    from handrank.abstraction import checked_clusters, opponent_clusters

    good = np.zeros(1326, dtype=np.int64)
    assert checked_clusters(good).dtype == np.uint8
    for bad, kind, words in [(np.zeros(1325, dtype=np.int64), ValueError, "1,326 holdings"),
                             (np.zeros(1326), TypeError, "integer array"),
                             (np.full(1326, 2), ValueError, "no holding is in \\[0, 1\\]"),
                             (np.full(1326, 64), ValueError, "at most 63"),
                             (np.full(1326, -1), ValueError, "from 0")]:
        with pytest.raises(kind, match=words):
            checked_clusters(bad)
        with pytest.raises(kind, match=words):
            class_features("flop", ochs=bad)
    from handrank.abstraction import board_ochs

    for boards, kind, words in [("Kd 7c", ValueError, "3, 4 or 5 cards"), ("Kd 7c 7c", ValueError, "duplicate"),
                                (np.array([[1, 2, 2]]), ValueError, "row 0"), (np.array([[1, 2, 60]]), ValueError,
                                                                               "out of range|above 51"),
                                (np.array([[1.0, 2, 3]]), TypeError, "integer")]:
        with pytest.raises(kind, match=words):
            board_ochs(boards, good)
    with pytest.raises(ValueError, match="1,326 holdings"):
        board_ochs("Kd 7c 2h", good[:10])
    with pytest.raises(ValueError, match="threads"):
        board_ochs("Kd 7c 2h", good, threads=0)
    for k in (0, 65):
        with pytest.raises(ValueError, match="k must be from 1 to 64"):
            opponent_clusters(k)
    with pytest.raises(TypeError):
        opponent_clusters("8")


@pytest.mark.parametrize("method", ["emd", "kmeans"])
def test_a_stopped_clustering_resumes_and_ends_as_an_unstopped_one(tmp_path, monkeypatch, method):
    """The checkpoint is saved as the clustering runs and when it stops (here: Ctrl-C in the
    fourth iteration); run again with the same path, it resumes and gives the same buckets,
    objective and history as a run that never stopped. One for other points is refused."""
    from handrank import abstraction
    from handrank.abstraction import emd_kmeans, kmeans

    rng = np.random.default_rng(3)
    if method == "emd":
        points = rng.multinomial(40, np.ones(6) / 6, size=3000)
        run = functools.partial(emd_kmeans, points, 9, seed=4, iterations=50, threads=2)
    else:
        points = rng.random((3000, 3))
        run = functools.partial(kmeans, points, 9, seed=4, iterations=50, threads=2)
    whole = run()
    assert len(whole.history) > 5
    path = tmp_path / "state.npz"
    monkeypatch.setattr(abstraction, "CHECKPOINT_SECONDS", 0.0)  # save after every iteration
    real, calls = abstraction._slices, []

    def interrupted(n, nthreads, part):
        calls.append(n)
        if len(calls) == 9 + 4:  # 9 calls seed the 9 centroids, then one an iteration
            raise KeyboardInterrupt
        real(n, nthreads, part)

    monkeypatch.setattr(abstraction, "_slices", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run(checkpoint=path)
    monkeypatch.setattr(abstraction, "_slices", real)
    with np.load(path) as saved:
        assert 1 <= len(saved["history"]) < len(whole.history)
    resumed = run(checkpoint=path)
    assert (resumed.labels == whole.labels).all() and resumed.history == whole.history
    assert resumed.objective == whole.objective and np.array_equal(resumed.centroids, whole.centroids)
    other = np.ascontiguousarray(points[::-1])  # the same points in another order: another clustering
    with pytest.raises(ValueError, match="is of another clustering"):
        (emd_kmeans if method == "emd" else kmeans)(other, 9, seed=4, checkpoint=path)
    with pytest.raises(ValueError, match="does not exist"):
        run(checkpoint=tmp_path / "missing" / "state.npz")
    with pytest.raises(ValueError, match="the checkpoint .*: it is a folder"):
        run(checkpoint=tmp_path)
