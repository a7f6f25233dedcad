"""Omaha and short deck in bulk: the dealers, and Omaha's showdown_many against evaluate_many and
evaluate_low_many player by player, with hi-lo pots split by the rules."""

from __future__ import annotations

import numpy as np
import pytest

from handrank import omaha, shortdeck


@pytest.mark.parametrize("hole", [4, 5, 6])
def test_deals_are_valid_keep_fixed_cards_and_repeat_on_any_thread_count(hole):
    holes, boards = omaha.deal(100_000, 3, hole=hole, seed=11, hole_cards=[None, "As Ah Kd Kc" + " Qs Qh"[:3 * (
        hole - 4)], None], board_cards="2c 7d", dead="3h")
    assert holes.shape == (100_000, 3, hole) and boards.shape == (100_000, 5)
    rows = np.concatenate([holes.reshape(len(holes), -1), boards], axis=1)
    assert (np.sort(rows, axis=1)[:, 1:] != np.sort(rows, axis=1)[:, :-1]).all()  # no card twice in a row
    assert (holes[:, 1, :4] == [51, 50, 45, 44]).all() and (boards[:, :2] == [0, 21]).all()
    assert not (rows == 6).any()  # the dead 3h
    again, again_boards = omaha.deal(100_000, 3, hole=hole, seed=11, threads=2, hole_cards=[None, "As Ah Kd Kc" +
                                     " Qs Qh"[:3 * (hole - 4)], None], board_cards="2c 7d", dead="3h")
    assert (again == holes).all() and (again_boards == boards).all()


def test_dealt_positions_are_uniform():
    holes, boards = omaha.deal(200_000, 2, seed=3, dead="As")
    for column in (holes[:, 0, 0], holes[:, 1, 3], boards[:, 4]):
        counts = np.bincount(column, minlength=52)
        assert counts[51] == 0
        expected = len(column) / 51
        chi2 = ((counts[:51] - expected) ** 2 / expected).sum()
        assert chi2 < 100, chi2  # 50 degrees of freedom: p < 1e-4 above 100


def test_short_deck_deals_from_thirty_six_cards():
    holes, boards = shortdeck.deal(50_000, 4, seed=2, hole_cards=["Ah Kh", None, None, None])
    rows = np.concatenate([holes.reshape(len(holes), -1), boards], axis=1)
    assert rows.min() >= 16 and (holes[:, 0] == [50, 46]).all()
    assert set(np.unique(rows[:, 2:]).tolist()) == set(range(16, 52)) - {50, 46}
    with pytest.raises(ValueError, match="not in the short deck"):
        shortdeck.deal(2, 2, dead="5c")
    with pytest.raises(ValueError, match="more cards"):
        shortdeck.deal(2, 16)


# every player count the kernel settles a high pot for with its own unrolled loops (1, 3..9)
@pytest.mark.parametrize("hole, players", [(4, 1), (4, 2), (4, 4), (4, 5), (4, 6), (5, 3), (5, 8), (4, 9),
                                           (4, 10), (6, 2), (6, 7)])
def test_showdown_many_equals_evaluate_many_and_splits_pots_by_the_rules(hole, players):
    holes, boards = omaha.deal(30_000, players, hole=hole, seed=hole * 10 + players)
    ranks, shares = omaha.showdown_many(holes, boards)
    ranks_hl, lows, shares_hl = omaha.showdown_many(holes, boards, hilo=True, threads=2)
    assert (ranks == ranks_hl).all()
    for p in range(players):
        one = np.ascontiguousarray(holes[:, p])
        assert (ranks[:, p] == omaha.evaluate_many(one, boards)).all()
        assert (lows[:, p] == omaha.evaluate_low_many(one, boards)).all()
    assert (shares.sum(axis=1) == omaha.POT).all() and (shares_hl.sum(axis=1) == omaha.POT).all()
    # the reference split, from the rules
    best = ranks.min(axis=1, keepdims=True)
    high_winners = ranks == best
    assert (shares == np.where(high_winners, omaha.POT // high_winners.sum(axis=1, keepdims=True), 0)).all()
    best_low = lows.min(axis=1, keepdims=True)
    has_low = best_low < omaha.NO_LOW
    low_winners = (lows == best_low) & has_low
    half = omaha.POT // 2
    expected = np.where(has_low, np.where(high_winners, half // high_winners.sum(axis=1, keepdims=True), 0)
                        + np.where(low_winners, half // np.maximum(low_winners.sum(axis=1, keepdims=True), 1), 0),
                        np.where(high_winners, omaha.POT // high_winners.sum(axis=1, keepdims=True), 0))
    assert (shares_hl == expected).all()


def test_showdown_many_out_dask_and_bad_rows():
    holes, boards = omaha.deal(50_000, 3, seed=5)
    ranks, lows, shares = omaha.showdown_many(holes, boards, hilo=True)
    out = tuple(np.empty((50_000, 3), dtype=np.uint16) for _ in range(3))
    assert all(a is b for a, b in zip(omaha.showdown_many(holes, boards, hilo=True, out=out), out))
    assert (out[0] == ranks).all() and (out[1] == lows).all() and (out[2] == shares).all()
    da = pytest.importorskip("dask.array")
    lazy = omaha.showdown_many(da.from_array(holes, chunks=(12_000, 3, 4)), da.from_array(boards, chunks=(9_000, 5)),
                               hilo=True)
    assert all((a.compute() == b).all() for a, b in zip(lazy, (ranks, lows, shares)))
    bad = holes.astype(np.int64)
    bad[41_234, 2, 1] = bad[41_234, 0, 0]
    with pytest.raises(ValueError, match="row 41234: a card used twice"):
        omaha.showdown_many(bad, boards)
    with pytest.raises(ValueError, match="row 41234: a card used twice"):
        omaha.showdown_many(da.from_array(bad, chunks=(10_000, 3, 4)), boards)[0].compute()
    wide = holes.astype(np.int64)
    wide[33_333, 1, 2] = 60
    with pytest.raises(ValueError, match="holes: row 33333: card id 60"):
        omaha.showdown_many(wide, boards)


def test_showdown_many_refuses_bad_arguments():
    holes, boards = omaha.deal(10, 2, seed=1)
    cases = [
        (lambda: omaha.showdown_many(holes[:, :, :3], boards), ValueError, "4, 5 or 6"),
        (lambda: omaha.showdown_many(holes, boards[:9]), ValueError, "10 rows and boards 9"),
        (lambda: omaha.showdown_many(holes, boards, hilo=1), TypeError, "hilo must be True or False"),
        (lambda: omaha.showdown_many(holes, boards, threads=0), ValueError, "threads"),
        (lambda: omaha.showdown_many(holes.astype(float), boards), TypeError, "integer"),
        (lambda: omaha.showdown_many(holes, boards, out=(np.empty((10, 2), np.uint16),)), TypeError, "out must be 2"),
        (lambda: omaha.showdown_many(holes, boards, out=(np.empty((10, 2), np.int32), np.empty((10, 2), np.uint16))),
         TypeError, "uint16"),
        (lambda: omaha.deal(5, 2, hole=3), ValueError, "4, 5 or 6"),
        (lambda: omaha.deal(5, 11), ValueError, "players must be from 1 to 10"),
        (lambda: omaha.deal(5, 2, hole_cards=["As Ah Kd", None]), ValueError, "four cards or None, got 3"),
        (lambda: omaha.deal(5, 2, hole_cards=["As Ah Kd Kc", None], dead="Kc"), ValueError, "both in"),
        (lambda: omaha.deal(5, 10, hole=6), ValueError, "more cards"),
    ]
    for call, kind, words in cases:
        with pytest.raises(kind, match=words):
            call()
    shared = np.empty((10, 2), np.uint16)
    with pytest.raises(ValueError, match="share memory"):
        omaha.showdown_many(holes, boards, out=(shared, shared))
    empty = omaha.showdown_many(np.empty((0, 2, 4), np.uint8), np.empty((0, 5), np.uint8))
    assert empty[0].shape == (0, 2)
