"""Short deck's showdown_many, and seven-card stud and Razz in bulk (handrank.stud): each against
its game's evaluate_many player by player, pots paid exactly to the best hands, the dealer's
contract, and every bad row named from the top of the array."""

from __future__ import annotations

import numpy as np
import pytest

import handrank
from handrank import ace_to_five, shortdeck, stud


def reference_shares(ranks: np.ndarray) -> np.ndarray:
    best = ranks.min(axis=1, keepdims=True)
    winners = ranks == best
    return np.where(winners, 2520 // winners.sum(axis=1, keepdims=True), 0)


@pytest.mark.parametrize("players", [1, 2, 3, 5, 8])
@pytest.mark.parametrize("trips", [False, True])
def test_short_deck_showdowns_equal_evaluate_many(players, trips):
    holes, boards = shortdeck.deal(40_000, players, seed=players + 10 * trips)
    ranks, shares = shortdeck.showdown_many(holes, boards, trips_beat_straight=trips, threads=2)
    for p in range(players):
        rows = np.concatenate([holes[:, p], boards], axis=1)
        assert (ranks[:, p] == shortdeck.evaluate_many(rows, trips_beat_straight=trips)).all()
    assert (shares == reference_shares(ranks)).all() and (shares.sum(axis=1) == 2520).all()


def test_short_deck_showdowns_out_dask_and_bad_rows():
    holes, boards = shortdeck.deal(30_000, 3, seed=4)
    ranks, shares = shortdeck.showdown_many(holes, boards)
    out = (np.empty((30_000, 3), np.uint16), np.empty((30_000, 3), np.uint16))
    assert all(a is b for a, b in zip(shortdeck.showdown_many(holes, boards, out=out), out))
    assert (out[0] == ranks).all() and (out[1] == shares).all()
    low = holes.copy()
    low[21_000, 1, 0] = 12  # 5c: not in the short deck
    with pytest.raises(ValueError, match="row 21000: a card below six"):
        shortdeck.showdown_many(low, boards)
    low_board = boards.copy()
    low_board[7, 4] = 3  # 2s on the board
    with pytest.raises(ValueError, match="row 7: a card below six"):
        shortdeck.showdown_many(holes, low_board)
    twice = holes.copy()
    twice[29_999, 2, 1] = twice[29_999, 0, 0]
    with pytest.raises(ValueError, match="row 29999: a card used twice"):
        shortdeck.showdown_many(twice, boards)
    da = pytest.importorskip("dask.array")
    lazy = shortdeck.showdown_many(da.from_array(holes, chunks=(7_000, 3, 2)),
                                   da.from_array(boards, chunks=(11_000, 5)))
    assert (lazy[0].compute() == ranks).all() and (lazy[1].compute() == shares).all()
    with pytest.raises(ValueError, match="row 21000: a card below six"):
        shortdeck.showdown_many(da.from_array(low, chunks=(10_000, 3, 2)), boards)[0].compute()


def test_stud_deals_are_valid_keep_fixed_cards_and_repeat_on_any_thread_count():
    hands = stud.deal(60_000, 4, seed=9, hole_cards=[None, "As Ah Kd Kc Qs Qh 2c", None, None], dead="3h")
    assert hands.shape == (60_000, 4, 7) and hands.dtype == np.uint8
    rows = np.sort(hands.reshape(len(hands), -1), axis=1)
    assert (rows[:, 1:] != rows[:, :-1]).all() and not (rows == 6).any()
    assert (hands[:, 1] == handrank.parse("As Ah Kd Kc Qs Qh 2c")).all()
    assert (stud.deal(60_000, 4, seed=9, threads=2, hole_cards=[None, "As Ah Kd Kc Qs Qh 2c", None, None],
                      dead="3h") == hands).all()
    for column in (hands[:, 0, 0], hands[:, 3, 6]):  # uniform over the 44 cards left
        counts = np.bincount(column, minlength=52)
        free = [c for c in range(52) if c not in handrank.parse("As Ah Kd Kc Qs Qh 2c 3h")]
        expected = len(column) / len(free)
        assert counts.sum() == counts[free].sum()
        assert ((counts[free] - expected) ** 2 / expected).sum() < 90  # 43 degrees of freedom: p < 1e-4


@pytest.mark.parametrize("players", [1, 2, 4, 7])
@pytest.mark.parametrize("razz", [False, True])
def test_stud_and_razz_showdowns_equal_evaluate_many(players, razz):
    hands = stud.deal(30_000, players, seed=players)
    ranks, shares = stud.showdown_many(hands, razz=razz, threads=2)
    rank_rows = ace_to_five.evaluate_many if razz else handrank.evaluate_many
    assert (ranks == rank_rows(hands.reshape(-1, 7)).reshape(-1, players)).all()
    assert (shares == reference_shares(ranks)).all() and (shares.sum(axis=1) == 2520).all()


def test_stud_showdowns_out_dask_and_bad_rows():
    hands = stud.deal(20_000, 3, seed=2)
    ranks, shares = stud.showdown_many(hands)
    out = (np.empty((20_000, 3), np.uint16), np.empty((20_000, 3), np.uint16))
    assert all(a is b for a, b in zip(stud.showdown_many(hands, out=out), out))
    across = hands.copy()
    across[12_345, 2, 6] = across[12_345, 0, 1]  # one card in two players' hands
    with pytest.raises(ValueError, match="row 12345: card .* is dealt twice"):
        stud.showdown_many(across)
    within = hands.copy()
    within[777, 1, 3] = within[777, 1, 4]
    with pytest.raises(ValueError, match="row 777: card .* is dealt twice"):
        stud.showdown_many(within, razz=True)
    wide = hands.astype(np.int64)
    wide[5, 0, 0] = 99
    with pytest.raises(ValueError, match="row 5: card id 99"):
        stud.showdown_many(wide)
    # the first bad deal from the top is named, whatever is wrong with it or with later ones
    for first, later in ((300, 19_000), (19_000, 300)):
        both = hands.copy()  # uint8: every check is the kernel's, in one pass from the top
        both[first, 2, 0] = both[first, 1, 6]       # a repeat across hands
        both[later, 0, 3] = 60                      # an id out of range
        expected = min(first, later)
        with pytest.raises(ValueError, match=f"row {expected}: card"):
            stud.showdown_many(both, threads=2)
    da = pytest.importorskip("dask.array")
    lazy = stud.showdown_many(da.from_array(hands, chunks=(6_000, 3, 7)))
    assert (lazy[0].compute() == ranks).all() and (lazy[1].compute() == shares).all()
    with pytest.raises(ValueError, match="row 12345: card .* is dealt twice"):
        stud.showdown_many(da.from_array(across, chunks=(5_000, 3, 7)))[0].compute()


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: stud.deal(5, 8), ValueError, "players must be from 1 to 7"),
    (lambda: stud.deal(5, 2, hole_cards=["As Ah Kd Kc Qs Qh Jd Jc", None]), ValueError, "at most seven cards, got 8"),
    (lambda: stud.showdown_many(np.zeros((3, 2, 5), np.uint8)), ValueError, "n x players x 7"),
    (lambda: stud.showdown_many(np.zeros((3, 8, 7), np.uint8)), ValueError, "1 to 7 players"),
    (lambda: stud.showdown_many(stud.deal(3, 2, seed=1), razz=1), TypeError, "razz must be True or False"),
    (lambda: stud.showdown_many(stud.deal(3, 2, seed=1), threads=0), ValueError, "threads"),
    (lambda: stud.showdown_many(np.zeros((3, 2, 7)), razz=False), TypeError, "integer"),
    (lambda: shortdeck.showdown_many(np.zeros((3, 2, 3), np.uint8), np.zeros((3, 5), np.uint8)), ValueError,
     "n x players x 2"),
    (lambda: shortdeck.showdown_many(*shortdeck.deal(3, 2, seed=1), threads="2"), TypeError, "threads"),
])
def test_bad_arguments_are_refused(call, error, message):
    with pytest.raises(error, match=message):
        call()
