"""hand_strength: every number against a brute force through evaluate_many."""

import itertools
import math

import numpy as np
import pytest

from handrank import canonical_boards, evaluate_many, hand_strength, hand_strength_many, holding_index, holdings, parse


def brute_hs(hole, board):
    """HS of one holding on a full or partial board: opponents beaten, ties half."""
    known = set(hole) | set(board)
    opponents = np.array([h for h in holdings().tolist() if not set(h) & known], dtype=np.uint8)
    mine = evaluate_many(np.array([list(hole) + list(board)], dtype=np.uint8))[0]
    theirs = evaluate_many(np.hstack([opponents, np.tile(np.array(board, np.uint8), (len(opponents), 1))]))
    return ((theirs > mine).sum() + (theirs == mine).sum() / 2) / len(opponents)


def brute(hole, board, bins=None):
    """hs, ehs, ehs2 and histogram of one holding, runout by runout."""
    deck = [c for c in range(52) if c not in set(hole) | set(board)]
    river = [brute_hs(hole, list(board) + list(run)) for run in itertools.combinations(deck, 5 - len(board))]
    histogram = None
    if bins:
        histogram = np.bincount(np.minimum((np.array(river) * bins).astype(int), bins - 1), minlength=bins)
        histogram = histogram / len(river)
    return brute_hs(hole, board), np.mean(river), np.mean(np.square(river)), histogram


@pytest.mark.parametrize(("board", "holes"), [
    ("Kh 7d 2c", ["As Ah", "7c 2d", "Qh Jh", "Kc 7c"]),
    ("Ts 9s 2d 3c", ["As Ks", "Jd 8d", "2h 2s"]),
    ("Ac Kc 7h 7d 2s", ["Qc Jc", "7c 7s", "3h 4h"]),
])
def test_sample_holdings_equal_brute_force(board, holes):
    cards = parse(board)
    result = hand_strength(board, bins=10)
    for hole in holes:
        i = holding_index(hole)
        hs, ehs, ehs2, histogram = brute(parse(hole), cards, bins=10)
        assert math.isclose(result.hs[i], hs, abs_tol=1e-12)
        assert math.isclose(result.ehs[i], ehs, abs_tol=1e-12) and math.isclose(result.ehs2[i], ehs2, abs_tol=1e-12)
        assert np.allclose(result.histogram[i], histogram, atol=1e-12)
    meets = [holding_index(h) for h in ("As Ah", "2c 2d") if set(parse(h)) & set(cards)]
    assert all(np.isnan(result.ehs[i]) for i in meets)
    assert np.isnan(result.ehs).sum() == 1326 - math.comb(52 - len(cards), 2)


def every_holding_brute(board, bins):
    """ehs, ehs2 and histogram of every holding on a turn board, river by river: all valid
    holdings ranked by evaluate_many, opponents counted pairwise (no per-card bookkeeping)."""
    every = holdings()
    sums, squares, counts = np.zeros(1326), np.zeros(1326), np.zeros(1326)
    histogram = np.zeros((1326, bins))
    members = np.zeros((1326, 52), dtype=np.float32)
    members[np.arange(1326)[:, None], every] = 1
    apart = (members @ members.T) == 0
    for river in (c for c in range(52) if c not in board):
        cards = list(board) + [river]
        valid = members[:, cards].sum(axis=1) == 0
        ranks = evaluate_many(np.hstack([every[valid], np.tile(np.array(cards, np.uint8), (valid.sum(), 1))]))
        disjoint = apart[np.ix_(valid, valid)]
        beaten = ((ranks[None, :] > ranks[:, None]) & disjoint).sum(axis=1)
        tied = ((ranks[None, :] == ranks[:, None]) & disjoint).sum(axis=1)
        hs = (beaten + tied / 2) / disjoint.sum(axis=1)
        sums[valid] += hs
        squares[valid] += hs * hs
        counts[valid] += 1
        histogram[np.flatnonzero(valid), np.minimum((hs * bins).astype(int), bins - 1)] += 1
    with np.errstate(invalid="ignore"):
        return sums / counts, squares / counts, histogram / counts[:, None]


@pytest.mark.parametrize("board", ["Kh 7d 2c 9s", "Ts 9s 2s 3c", "8c 8d 4h 4c", "As Kd 7h 2h", "Ts 9s 2s 5s"])
def test_every_holding_on_a_turn_equals_brute_force(board):
    # rivers with at most four cards of a suit go through rank-pair classes, the others holding
    # by holding
    cards = parse(board)
    result = hand_strength(board, bins=10)
    ehs, ehs2, histogram = every_holding_brute(cards, 10)
    assert np.allclose(result.ehs, ehs, atol=1e-12, equal_nan=True)
    assert np.allclose(result.ehs2, ehs2, atol=1e-12, equal_nan=True)
    assert np.allclose(result.histogram, histogram, atol=1e-12, equal_nan=True)


@pytest.mark.parametrize("board", ["Kh 7d 2c", "Qs 9s 4d", "Js 8s 3s", "6c 6d Th", "5h 5d 5s"])
def test_every_holding_on_a_flop_is_the_mean_over_its_turns(board):
    # each two-card runout is one turn and one river either way round, so a holding's flop
    # numbers are the mean of its numbers on the 47 turns it does not meet
    cards = parse(board)
    flop = hand_strength(board, bins=8)
    total = {name: np.zeros((1326, 8) if name == "histogram" else 1326) for name in ("ehs", "ehs2", "histogram")}
    for turn in (c for c in range(52) if c not in cards):
        result = hand_strength(cards + [turn], bins=8)
        for name in total:
            total[name] += np.nan_to_num(getattr(result, name))
    free = ~np.isnan(flop.ehs)
    for name in total:
        assert np.allclose(getattr(flop, name)[free], total[name][free] / 47, atol=1e-12), name


def test_random_boards_on_every_street():
    rng = np.random.default_rng(1)
    for size in (3, 4, 5):
        cards = rng.choice(52, size, replace=False).tolist()
        result = hand_strength(cards)
        free = [h for h in holdings().tolist() if not set(h) & set(cards)]
        for k in rng.choice(len(free), 3, replace=False):
            hole = free[k]
            hs, ehs, ehs2, _ = brute(hole, cards)
            i = holding_index(hole)
            assert math.isclose(result.hs[i], hs, abs_tol=1e-12) and math.isclose(result.ehs[i], ehs, abs_tol=1e-12)
            assert math.isclose(result.ehs2[i], ehs2, abs_tol=1e-12)


def test_aces_seven_deuce_and_a_flush_draw_on_one_flop():
    # On Kh 7d 2h: aces are strong but not safe; 7c 2c is two pair; Ah Qh a nut flush draw.
    result = hand_strength("Kh 7d 2h")
    aces, two_pair, draw = (result.ehs[holding_index(h)] for h in ("As Ac", "7c 2c", "Ah Qh"))
    for hole, value in (("As Ac", aces), ("7c 2c", two_pair), ("Ah Qh", draw)):
        assert math.isclose(value, brute(parse(hole), parse("Kh 7d 2h"))[1], abs_tol=1e-12)
    assert two_pair > aces > draw > 0.5
    assert result.hs[holding_index("Ah Qh")] < result.ehs[holding_index("Ah Qh")]  # the draw gains with cards
    assert result.ehs2[holding_index("Ah Qh")] > result.ehs[holding_index("Ah Qh")] ** 2  # and varies


def test_river_ehs_is_hs_and_histograms_are_distributions():
    river = hand_strength("Ac Kc 7h 7d 2s", bins=20)
    assert np.allclose(river.ehs, river.hs, equal_nan=True) and river.runouts == 1
    flop = hand_strength("Qs 8d 3c", bins=20)
    sums = np.nansum(flop.histogram, axis=1)
    assert np.allclose(sums[~np.isnan(flop.ehs)], 1.0)
    centers = (np.arange(20) + 0.5) / 20
    assert np.nanmax(np.abs(flop.histogram @ centers - flop.ehs)) < 1 / 40 + 1e-9


def test_threads_give_the_same_numbers():
    one = hand_strength("Jh Tc 4s", bins=8)
    two = hand_strength("Jh Tc 4s", bins=8, threads=2)
    for name in ("hs", "ehs", "ehs2", "histogram"):
        assert np.array_equal(getattr(one, name), getattr(two, name), equal_nan=True)


def test_many_boards_take_the_memory_of_the_answer_not_twice_it():
    import tracemalloc

    boards = canonical_boards(3)[0][:300]
    answer = 3 * len(boards) * 1326 * 8  # hs, ehs and ehs2, float64
    tracemalloc.start()
    try:
        result = hand_strength_many(boards, threads=2)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.ehs.nbytes * 3 == answer
    assert peak < 1.4 * answer  # the per-board results stacked at the end took twice the answer


def test_many_boards():
    boards = np.array([parse("Kh 7d 2c"), parse("Ts 9s 2d")], dtype=np.uint8)
    many = hand_strength_many(boards, bins=4, threads=2)
    assert many.ehs.shape == (2, 1326) and many.histogram.shape == (2, 1326, 4) and many.weights.tolist() == [1, 1]
    assert np.array_equal(many.ehs[1], hand_strength("Ts 9s 2d").ehs, equal_nan=True)
    flops, weights = canonical_boards(3)
    assert len(flops) == 1755 and weights.sum() == 22_100 and len(canonical_boards(4)[0]) == 16_432


def test_canonical_flops_are_the_least_renaming_of_each_flop_in_order():
    # by the definition, without the indexer: each flop's least suit renaming (cards sorted,
    # compared as sequences), the distinct ones in order, each with the flops it stands for
    least = {}
    for flop in itertools.combinations(range(52), 3):
        key = min(tuple(sorted((c & ~3) | perm[c & 3] for c in flop)) for perm in itertools.permutations(range(4)))
        least[key] = least.get(key, 0) + 1
    flops, weights = canonical_boards(3)
    assert [tuple(row) for row in flops.tolist()] == sorted(least)
    assert weights.tolist() == [least[key] for key in sorted(least)]


@pytest.mark.parametrize(("n", "k"), [(52, 1), (52, 2), (9, 9), (36, 4), (52, 5), (48, 0)])
def test_card_combinations_list_what_itertools_lists(n, k):
    from handrank._rows import card_combinations

    got = card_combinations(n, k)
    assert got.dtype == np.uint8 and got.shape == (math.comb(n, k), k)
    every = np.array(list(itertools.combinations(range(n), k)), dtype=np.uint8).reshape(math.comb(n, k), k)
    assert np.array_equal(got, every)


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: hand_strength("Kh 7d"), ValueError, "3, 4 or 5 cards, got 2"),
    (lambda: hand_strength("Kh 7d 7d"), ValueError, "duplicate card '7d'"),
    (lambda: hand_strength("Kh 7d 2c", bins=0), ValueError, "bins must be from 1"),
    (lambda: hand_strength("Kh 7d 2c", bins=2.5), TypeError, "bins"),
    (lambda: hand_strength("Kh 7d 2c", threads=-1), ValueError, "threads"),
    (lambda: hand_strength_many("pre-flops"), ValueError, "one of flops, turns, rivers"),
    (lambda: hand_strength_many(np.array([[1, 2, 2]])), ValueError, "row 0: a card twice"),
    (lambda: hand_strength_many(np.array([[1, 2]])), ValueError, "3, 4 or 5 cards a row"),
    (lambda: hand_strength_many(np.array([[1, 2, 3]]), client=object()), TypeError, "client"),
])
def test_bad_input(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)
