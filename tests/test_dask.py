"""Scale-out on Dask: evaluate_many on dask arrays, equity over a LocalCluster's workers."""

import numpy as np
import pytest

import handrank
from handrank import ace_to_five, deuce_to_seven, omaha, shortdeck

da = pytest.importorskip("dask.array", reason="dask is not installed: pip install '.[dask]'")
distributed = pytest.importorskip("dask.distributed", reason="dask.distributed is not installed: "
                                  "pip install '.[dask]'")


@pytest.fixture(scope="module")
def hands():
    rng = np.random.default_rng(8)
    return np.argsort(rng.random((120_000, 52)), axis=1)[:, :7].astype(np.uint8)


def test_evaluate_many_block_by_block(hands):
    lazy = handrank.evaluate_many(da.from_array(hands, chunks=(25_000, 3)))
    assert isinstance(lazy, da.Array) and lazy.dtype == np.uint16
    assert np.array_equal(lazy.compute(), handrank.evaluate_many(hands))
    wide = da.from_array(hands.astype(np.int64), chunks=(50_000, 7))
    assert np.array_equal(handrank.evaluate_many(wide).compute(), handrank.evaluate_many(hands))


def test_bad_rows_are_numbered_in_the_whole_array(hands):
    bad = hands.copy()
    bad[87_654, 4] = bad[87_654, 0]
    with pytest.raises(ValueError, match="row 87654: duplicate card"):
        handrank.evaluate_many(da.from_array(bad, chunks=(25_000, 7))).compute()
    with pytest.raises(ValueError, match="shape"):
        handrank.evaluate_many(da.zeros((10, 8), dtype=np.uint8, chunks=5))
    with pytest.raises(TypeError, match="integer"):
        handrank.evaluate_many(da.zeros((10, 7), dtype=float, chunks=5))


def _short_deck(rows):
    rng = np.random.default_rng(3)
    return (16 + np.argsort(rng.random((rows, 36)), axis=1)[:, :7]).astype(np.uint8)


@pytest.mark.parametrize("game, cards, bad_message", [
    (ace_to_five, lambda h: h, "row 37001: duplicate card"),
    (deuce_to_seven, lambda h: np.ascontiguousarray(h[:, :5]), "row 37001: duplicate card"),
    (shortdeck, lambda h: _short_deck(len(h)), "row 37001"),
])
def test_every_game_evaluates_dask_arrays_lazily(hands, game, cards, bad_message):
    rows = cards(hands[:60_000])
    lazy = game.evaluate_many(da.from_array(rows, chunks=(25_000, rows.shape[1])))
    assert isinstance(lazy, da.Array) and lazy.dtype == np.uint16
    assert np.array_equal(lazy.compute(), game.evaluate_many(rows))
    bad = rows.copy()
    bad[37_001, 1] = bad[37_001, 0]
    lazy_bad = game.evaluate_many(da.from_array(bad, chunks=(25_000, rows.shape[1])))  # nothing runs yet
    with pytest.raises(ValueError, match=bad_message):
        lazy_bad.compute()
    with pytest.raises(TypeError, match="out= does not apply"):
        game.evaluate_many(da.from_array(rows), out=np.empty(len(rows), np.uint16))


def test_deuce_to_seven_refuses_dask_rows_of_seven(hands):
    with pytest.raises(ValueError, match="deuce-to-seven hands have 5 cards, got rows of 7"):
        deuce_to_seven.evaluate_many(da.from_array(hands, chunks=(25_000, 7)))


def test_omaha_evaluates_dask_arrays_lazily(hands):
    rng = np.random.default_rng(4)
    cards = np.argsort(rng.random((50_000, 52)), axis=1)[:, :9].astype(np.uint8)
    holes, boards = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    lazy_holes, lazy_boards = da.from_array(holes, chunks=(12_000, 2)), da.from_array(boards, chunks=(7_000, 5))
    high = omaha.evaluate_many(lazy_holes, lazy_boards)
    low = omaha.evaluate_low_many(lazy_holes, boards)  # one of the two may be numpy
    assert isinstance(high, da.Array) and isinstance(low, da.Array)
    assert np.array_equal(high.compute(), omaha.evaluate_many(holes, boards))
    assert np.array_equal(low.compute(), omaha.evaluate_low_many(holes, boards))
    bad = boards.copy()
    bad[41_234, 2] = holes[41_234, 3]
    with pytest.raises(ValueError, match="row 41234"):
        omaha.evaluate_many(lazy_holes, da.from_array(bad, chunks=(7_000, 5))).compute()
    wide = holes.astype(np.int64)
    wide[45_000, 0] = 99
    with pytest.raises(ValueError, match="holes row 45000: card id 99"):
        omaha.evaluate_many(da.from_array(wide, chunks=(12_000, 4)), boards).compute()
    with pytest.raises(ValueError, match="50000 rows and boards 49999"):
        omaha.evaluate_many(lazy_holes, boards[:-1])
    with pytest.raises(TypeError, match="out= does not apply"):
        omaha.evaluate_low_many(lazy_holes, boards, out=np.empty(len(boards), np.uint16))


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, host="127.0.0.1")
    with distributed.Client(cluster) as dask_client:
        yield dask_client
    cluster.close()


def test_equity_on_a_cluster_equals_one_process(client):
    players, board = ["QQ+, AKs", "AhKd", "T9s-65s"], "Ts 9s 2d"
    local = handrank.equity(players, board, trials=2_000_000, seed=99)
    spread = handrank.equity(players, board, trials=2_000_000, seed=99, client=client)
    assert spread == local
    assert len(client.scheduler_info()["workers"]) == 2


def test_evaluate_many_on_a_cluster(client, hands):
    lazy = handrank.evaluate_many(da.from_array(hands, chunks=(30_000, 7)))
    assert np.array_equal(client.compute(lazy).result(), handrank.evaluate_many(hands))


def test_hand_strength_many_on_a_cluster_equals_threads(client):
    boards = np.array([handrank.parse(b) for b in ("Kh 7d 2c 5s", "Ts 9s 2d 2h", "Ac Kc 7h 7d")], dtype=np.uint8)
    spread = handrank.hand_strength_many(boards, bins=5, client=client)
    local = handrank.hand_strength_many(boards, bins=5, threads=2)
    for name in ("hs", "ehs", "ehs2", "histogram"):
        assert np.array_equal(getattr(spread, name), getattr(local, name), equal_nan=True), name


def test_omaha_equity_on_a_cluster_equals_one_process(client):
    from handrank import omaha

    players = ["As 2s Kd Kc", "random", "Ah 3h Qd Qc"]
    local = omaha.equity(players, "6c 7d Th", hilo=True, trials=300_000, seed=11, threads=2)
    remote = omaha.equity(players, "6c 7d Th", hilo=True, trials=300_000, seed=11, client=client)
    assert remote == local and not remote.exact


def test_walks_on_a_cluster_equal_one_process(client):
    """Ranges that share most of their cards follow the walk, whose standard error comes from
    batch means: on a cluster the counts and the batches' squares add up the same."""
    from handrank import omaha

    players, board = ["AAKK", "AAKK", "QQJJ", "QQJJ"], "2s 5s 8d"
    local = omaha.equity(players, board, trials=150_000, seed=5, threads=2)
    assert omaha.equity(players, board, trials=150_000, seed=5, client=client) == local
    local = handrank.equity(["AK,AA,KK"] * 4, trials=150_000, seed=5, threads=2)
    assert handrank.equity(["AK,AA,KK"] * 4, trials=150_000, seed=5, client=client) == local


def test_stud_equity_on_a_cluster_equals_one_process(client):
    from handrank import stud

    players = ["As Ah Kd", "Qs Qh 9d", None]
    local = stud.equity(players, "2c 7d", razz=True, trials=1_200_000, seed=8, threads=2)
    remote = stud.equity(players, "2c 7d", razz=True, trials=1_200_000, seed=8, client=client)
    assert remote == local and not remote.exact
    # a client always samples, even where enumerating would be cheap
    assert not stud.equity(["As Ah Kd Kc 2s", "Qs Qh Qd 7c 5h"], seed=1, client=client).exact
