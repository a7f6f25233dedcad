"""The handrank abstraction job: resumable parts, the same buckets as the library calls, an
.npz that plain numpy loads, and every argument checked before anything is written."""

from __future__ import annotations

import numpy as np
import pytest

from handrank import hand_strength
from handrank.abstraction import emd_kmeans, kmeans
from handrank.abstraction_job import distinct_points, output_bytes, river_bins, run_abstraction_job
from handrank.cli import main


def test_parts_then_the_buckets_equal_the_library_calls(tmp_path, capsys, flop_features):
    out = tmp_path / "flop.npz"
    first = run_abstraction_job("flop", out, features="hist:8", buckets=7, seed=3, iterations=4, part=(1, 2))
    assert not first["complete"] and first["blocks_done"] == 14 and not out.exists()
    argv = ["abstraction", "--street", "flop", "--features", "hist:8", "--buckets", "7", "--seed", "3",
            "--iterations", "4", "--threads", "2", "--part", "2/2", "--out", str(out)]
    assert main(argv) == 0
    printed = capsys.readouterr()
    assert printed.out.startswith(f"wrote {out}: 1,286,792 flop classes in 7 buckets (hist:8, seed 3")
    assert "the files will take about" in printed.err
    for bad, why in ((["--buckets", "0"], "buckets must be from 1"), (["--features", "hist:0"], "bins")):
        assert main([*argv, *bad]) == 2  # the size is said only once every argument has passed
        err = capsys.readouterr().err
        assert why in err and "will take about" not in err, err
    with np.load(out, allow_pickle=False) as data:  # plain numpy, no pickles
        buckets, history = data["buckets"], data["history"]
        assert buckets.dtype == np.uint32 and buckets.shape == (1_286_792,) and str(data["street"]) == "flop"
        assert int(data["seed"]) == 3 and data["centroids"].shape == (7, 8)
    assert not (tmp_path / "flop.npz.clustering.npz").exists()  # the clustering's checkpoint goes once done
    expected = emd_kmeans(flop_features.histogram, 7, seed=3, iterations=4)
    assert (buckets == expected.labels).all() and tuple(history) == expected.history
    # a second run with other buckets starts from the kept strength file
    again = run_abstraction_job("flop", out, features="hist:8", buckets=3, seed=1, iterations=2)
    assert again["complete"] and "blocks" not in again
    with pytest.raises(ValueError, match="holds histograms of 8 bins, not 9"):
        run_abstraction_job("flop", out, features="hist:9", buckets=3, seed=1)


def test_ehs_buckets_cluster_the_distinct_values_weighted_by_their_classes(tmp_path, capsys, flop_features):
    """k-means of the flop's EHS runs on its distinct values, each weighted by its classes: the
    job's buckets are that clustering's labels, class by class, and a weighted sum over the
    distinct values is the sum over every class."""
    out = tmp_path / "flop.npz"
    assert main(["abstraction", "--street", "flop", "--features", "ehs", "--buckets", "9", "--seed", "4",
                 "--iterations", "3", "--threads", "2", "--out", str(out)]) == 0
    ehs = flop_features.ehs  # the same with any bins
    distinct, inverse, counts = distinct_points(ehs)
    assert f"s; {len(distinct):,} distinct points clustered)" in capsys.readouterr().out
    assert (distinct[inverse] == ehs).all() and counts.sum() == len(ehs) and len(distinct) < len(ehs)
    expected = kmeans(distinct, 9, seed=4, iterations=3, weights=counts, threads=2)
    with np.load(out, allow_pickle=False) as data:
        buckets, centroids, objective = data["buckets"], data["centroids"], float(data["objective"])
    assert (buckets == expected.labels[inverse]).all() and np.array_equal(centroids, expected.centroids)
    assert objective == expected.objective
    # a distinct value's weight is its classes: the weighted sum is the sum over every class
    over_classes = float(((ehs - centroids[buckets, 0]) ** 2).sum())
    weighted = float((counts * (distinct - centroids[expected.labels, 0]) ** 2).sum())
    assert weighted == pytest.approx(over_classes, rel=1e-9) and over_classes <= objective
    # rows of OCHS-like vectors: the same, row by row
    rows = np.array([[0.5, 0.25], [0.125, 1.0], [0.5, 0.25], [0.5, 0.5]])
    distinct, inverse, counts = distinct_points(rows)
    assert (distinct[inverse] == rows).all() and sorted(counts.tolist()) == [1, 1, 2] and len(distinct) == 3


@pytest.mark.parametrize("dtype, columns", [(np.uint8, None), (np.float64, None), (np.float32, 3), (np.float32, 8),
                                            (np.uint16, 50), (np.float64, 0)])
def test_distinct_points_are_numpys_unique_rows_in_order_of_first_appearance(dtype, columns):
    """The hashing dedup against np.unique on the rows' bytes: the same distinct rows, counts
    and inverse, listed in the order each first appears; 3 M one-byte values span two C calls."""
    rng = np.random.default_rng(7)
    n = 3_000_000 if columns is None and dtype == np.uint8 else 200_003
    shape = (n,) if columns is None else (n, columns)
    pool = rng.integers(0, 200, (5_000, *shape[1:])).astype(dtype)  # repeats, and rows one byte apart
    points = pool[rng.integers(0, len(pool), n)]
    seen: list[int] = []
    distinct, inverse, counts = distinct_points(points, progress=lambda done, total: seen.append(done))
    assert seen[-1] == n and seen == sorted(seen) and (n < 3_000_000 or len(seen) >= 2)
    assert inverse.dtype == counts.dtype == np.uint32 and distinct.dtype == dtype
    assert np.array_equal(distinct[inverse], points) and np.array_equal(np.bincount(inverse), counts)
    keys = np.ascontiguousarray(points).reshape(n, -1).view(np.uint8)
    keys = keys.view(np.dtype((np.void, keys.shape[1]))).ravel() if keys.shape[1] else np.zeros(n)
    _, first, expected_counts = np.unique(keys, return_index=True, return_counts=True)
    order = np.argsort(first)  # np.unique's rows put in order of first appearance
    assert np.array_equal(np.flatnonzero(np.r_[True, np.diff(np.maximum.accumulate(inverse)) > 0]), first[order])
    assert np.array_equal(counts, expected_counts[order]) and len(distinct) == len(first)
    if n == 3_000_000:  # Python runs between the C calls: Ctrl-C (here from the first report) stops it there

        def interrupt(done: int, total: int) -> None:
            raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            distinct_points(points, progress=interrupt)


def test_distinct_points_of_nothing_and_of_bad_shapes():
    distinct, inverse, counts = distinct_points(np.zeros((0, 4), dtype=np.float32))
    assert distinct.shape == (0, 4) and len(inverse) == len(counts) == 0
    with pytest.raises(ValueError, match="n values or an n x d array, got 3 dimensions"):
        distinct_points(np.zeros((2, 2, 2)))


@pytest.mark.parametrize("bins", [1, 2, 7, 50, 1979, 1980, 1981, 10_000])
def test_a_river_histogram_is_the_bin_of_its_ehs(bins):
    """On the river no card is to come: hand_strength's histogram of a holding is one count, in
    the bin that river_bins finds from its EHS (the job clusters those bins; it never stores
    123 M histograms)."""
    for board in ("Kh 7d 2c 9s 3h", "As Ks Qs Js 2d", "2c 2d 2h 5s 9c", "8h 7h 6h 5h 4h", "Ac Ad 7s 7h 2d"):
        strength = hand_strength(board, bins=bins)
        dealt = ~np.isnan(strength.ehs)
        assert strength.runouts == 1 and (strength.histogram[dealt].sum(axis=1) == 1).all()
        assert (river_bins(strength.ehs[dealt], bins) == strength.histogram[dealt].argmax(axis=1)).all()


def test_river_histograms_take_at_most_their_bins_in_buckets(tmp_path):
    with pytest.raises(ValueError, match="no card is to come.*ask at most 50 buckets"):
        run_abstraction_job("river", tmp_path / "r.npz", features="hist:50", buckets=51)
    assert list(tmp_path.iterdir()) == []
    # a river strength file with histograms (the strength job's, with bins) is not the job's
    np.savez(tmp_path / "r.npz.strength.npz", street="river", bins=50, runouts=1, boards=np.zeros((3, 5), np.uint8))
    with pytest.raises(ValueError, match="holds histograms of 50 bins, where the river's job keeps none"):
        run_abstraction_job("river", tmp_path / "r.npz", features="hist:50", buckets=5)
    # its strength file holds no histograms: the same size as for ehs
    assert output_bytes("river", "hist:50") == output_bytes("river", "ehs") < output_bytes("turn", "hist:50") * 9


@pytest.mark.parametrize("kwargs, kind, words", [
    ({"street": "preflop"}, ValueError, "street must be one of"),
    ({"features": "hist:0"}, ValueError, "hist:B"),
    ({"features": "ochs"}, ValueError, "hist:B"),
    ({"features": 5}, TypeError, "features"),
    ({"buckets": 0}, ValueError, "buckets must be from 1"),
    ({"buckets": 2_000_000}, ValueError, "buckets must be from 1 to the 1,286,792 classes"),
    ({"seed": -1}, ValueError, "seed"),
    ({"iterations": 0}, ValueError, "iterations"),
    ({"threads": 0}, ValueError, "threads"),
    ({"progress": "yes"}, TypeError, "progress"),
])
def test_bad_arguments_are_refused_before_anything_is_written(tmp_path, kwargs, kind, words):
    arguments = {"street": "flop", "out": tmp_path / "a.npz", **kwargs}
    with pytest.raises(kind, match=words):
        run_abstraction_job(**arguments)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("damage", ["cut", "foreign"])
def test_a_damaged_strength_file_is_named_not_a_traceback(tmp_path, capsys, damage):
    strength = tmp_path / "a.npz.strength.npz"
    np.savez(strength, street="flop", bins=6, runouts=1081, boards=np.zeros((3, 3), np.uint8))
    if damage == "cut":
        strength.write_bytes(strength.read_bytes()[:100])
    assert main(["abstraction", "--street", "flop", "--features", "hist:6", "--buckets", "3",
                 "--out", str(tmp_path / "a.npz")]) == 2
    err = capsys.readouterr().err
    assert "a.npz.strength.npz is damaged or is not a strength file" in err and "Traceback" not in err


def test_a_missing_folder_is_refused(tmp_path, capsys):
    assert main(["abstraction", "--out", str(tmp_path / "missing" / "a.npz")]) == 2
    assert "does not exist" in capsys.readouterr().err and not (tmp_path / "missing").exists()
    assert main(["abstraction", "--out", str(tmp_path)]) == 2  # before any work, not when the buckets are done
    assert "it is a folder" in capsys.readouterr().err and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("text", ["hist:\u00b2", "hist:" + "9" * 5000, "ochs:\u0663", "hist:0", "ochs:65", "ehs:x"])
def test_features_that_are_not_a_small_ascii_number_are_refused(text):
    from handrank.abstraction_job import parse_features

    with pytest.raises(ValueError, match="features are") as info:
        parse_features(text)
    assert len(str(info.value)) < 250


def test_ochs_features_are_saved_block_by_block_for_the_seeds_clusters(tmp_path):
    """ochs:K: the strength blocks hold every holding's OCHS against the seed's opponent
    clusters (the same numbers as ochs_many), and a run with other clusters is refused."""
    from handrank.abstraction import ochs_many, opponent_clusters
    from handrank.abstraction_job import output_bytes, parse_features
    from handrank.strength import canonical_boards

    assert parse_features("ochs:8") == ("ochs", 8) and output_bytes("flop", "ochs:8") > output_bytes("flop", "ehs")
    out = tmp_path / "flop.npz"
    first = run_abstraction_job("flop", out, features="ochs:3", buckets=4, seed=5, part=(1, 28), threads=2)
    assert not first["complete"] and first["blocks_done"] == 1
    block = tmp_path / "flop.npz.strength.npz.parts" / "block-00000.npz"
    boards = canonical_boards(3)[0][:64]
    clusters = opponent_clusters(3, seed=5, threads=2)
    with np.load(block) as data:
        assert data["ochs"].dtype == np.float32 and data["ochs"].shape == (64, 1326, 3)
        expected = ochs_many(boards[:4], clusters, 2).astype(np.float32)
        assert np.array_equal(data["ochs"][:4], expected, equal_nan=True)
    with pytest.raises(ValueError, match="holds blocks of another job"):
        run_abstraction_job("flop", out, features="ochs:3", buckets=4, seed=6, part=(2, 28))
