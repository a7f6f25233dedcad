"""The exact engines against plain enumeration: fixed hands counted in classes (rank
multisets, flush suits, suit orbits), ranges walked in C with runouts counted by suit orbit.

The reference is hr_equity_enumerate, which deals every board one by one, summed over every
assignment of combos by a Python loop; it shares none of the class or range code."""

import itertools
import math
import random

import numpy as np
import pytest

from handrank import equity, parse, parse_range
from handrank._core import ffi, lib


def plain(holes, board=(), dead=()):
    """Counts by winner set, board by board."""
    n = len(holes)
    outcomes = ffi.new("int64_t[]", 1 << n)
    cards = bytes(c for hole in holes for c in hole)
    assert lib.hr_equity_enumerate(cards, n, bytes(board), len(board), bytes(dead), len(dead), 0, 52, outcomes) == 0
    return list(outcomes)


def classes(holes, board=(), dead=()):
    n = len(holes)
    outcomes = ffi.new("int64_t[]", 1 << n)
    cards = bytes(c for hole in holes for c in hole)
    assert lib.hr_equity_fixed(cards, n, bytes(board), len(board), bytes(dead), len(dead), outcomes) == 0
    return list(outcomes)


def random_spot(rng, players, board_size, dead_size):
    cards = rng.sample(range(52), 2 * players + board_size + dead_size)
    holes = [cards[2 * p:2 * p + 2] for p in range(players)]
    return holes, cards[2 * players:2 * players + board_size], cards[2 * players + board_size:]


@pytest.mark.parametrize("board_size", [0, 3, 4, 5])
def test_classes_equal_plain_enumeration_on_random_spots(board_size):
    rng = random.Random(board_size)
    spots = 12 if board_size == 0 else 60
    for _ in range(spots):
        players = rng.randint(2, 10 if board_size else 6)
        dead = rng.randint(0, min(6, 52 - 2 * players - 5))
        holes, board, dead_cards = random_spot(rng, players, board_size, dead)
        assert classes(holes, board, dead_cards) == plain(holes, board, dead_cards), (holes, board, dead_cards)


@pytest.mark.parametrize(("holes", "board", "dead"), [
    (["AsAh", "AdAc"], "", ""),                 # full symmetry: swap s/h, swap d/c, swap the pairs' suits
    (["AsKs", "AhKh"], "", ""),                 # suited against suited
    (["2c3c", "2d3d", "2h3h", "2s3s"], "", ""),  # every suit the same role
    (["AsAh", "KdKc", "QhQc"], "", ""),          # no symmetry at all
    (["7c2d", "AsAd"], "", "Kh"),
    (["AsKs", "QsJs"], "Ts 9s 2s", ""),         # a monotone flop: every runout can flush
    (["AsKd", "QhJc"], "2s 3s 4s 5s", ""),
    (["Ah2h", "KcKd", "8s8c"], "", "3h 4h 5h"),
])
def test_classes_equal_plain_enumeration_on_chosen_spots(holes, board, dead):
    holes = [parse(h) for h in holes]
    board, dead = parse(board) if board else [], parse(dead) if dead else []
    assert classes(holes, board, dead) == plain(holes, board, dead)


def brute_force_ranges(ranges, board, dead):
    """Weighted counts by winner set and deals, one assignment at a time."""
    n = len(ranges)
    out, deals = [0.0] * (1 << n), 0
    known = set(board) | set(dead)
    for choice in itertools.product(*[list(r.items()) for r in ranges]):
        cards = [c for combo, _ in choice for c in combo]
        if len(set(cards)) < len(cards) or set(cards) & known:
            continue
        weight = math.prod(w for _, w in choice)
        counts = plain([combo for combo, _ in choice], board, dead)
        for mask, count in enumerate(counts):
            out[mask] += weight * count
            deals += count
    return out, deals


def range_args(ranges):
    """The ranges as hr_equity_ranges takes them: combos, starts, weights, players."""
    combos, start, weights = bytearray(), [0], []
    for r in ranges:
        for combo, weight in r.items():
            combos += bytes(combo)
            weights.append(weight)
        start.append(len(weights))
    return bytes(combos), ffi.new("int32_t[]", start), ffi.new("double[]", weights), len(ranges)


def engine_ranges(ranges, board, dead, *, symmetry=True):
    n = len(ranges)
    args = range_args(ranges)
    group = ffi.new("uint8_t[24]")
    ngroup = lib.hr_equity_symmetry(*args, bytes(board), len(board), bytes(dead), len(dead), group) if symmetry else 1
    out, deals = ffi.new("double[]", 1 << n), ffi.new("uint64_t *")
    assert lib.hr_equity_ranges(*args, bytes(board), len(board), bytes(dead), len(dead), group, ngroup, 0, 1 << 62,
                                out, deals) == 0
    return list(out), deals[0], ngroup


RANGE_SPOTS = [  # (ranges, board, dead, suit permutations fixing everything)
    (["AA,KK", "AKs", "QQ"], "Js Ts 4h", "", 2),
    (["TT+,AQs+", "KQs,JTs,99"], "Kd 9s 4c 8h", "", 1),
    (["QQ+, AKs", "AhKd", "0.5(T9s-65s)"], "Ts 9s 2d 3c", "", 1),
    (["AKs:0.25, 22", "QhQs"], "Kh 7d 2c", "", 1),
    (["22+", "AKs,AKo"], "2c 7d 9h Th", "3s", 1),
    (["JJ+", "AK", "QQ"], "Ah 7d 2c", "Kd 5s", 1),
    (["AsAh", "KK,AKs,AQs"], "2c 3c 4c", "", 2),
    (["random", "AA"], "2c 3c 4c 5d 6h", "", 1),
    (["JTs,QJs", "AA,KK", "0.3(22-55)"], "9s 8s 2h", "", 2),
    (["AA,KK", "QQ", "JJ", "TT"], "2c 3d 4h 5s 8c", "", 1),
    (["76s,65s", "AA", "KK", "0.7(QQ)", "JJ"], "2c 3d 9h Th", "", 1),
    (["AA,KK", "QQ", "0.5(JJ)"], "2c 3c 4c", "", 6),   # d, h and s are interchangeable
    (["AA,KK", "QQ", "JJ"], "2c 3c 4c 5d", "Kh", 1),
    (["AhKh,AsKs", "QQ"], "2c 3c 4d", "", 2),          # h and s
    (["AKs:0.25, 22, 0.7(KQo)", "0.5(QQ), JTs, AK"], "Kh 7d 2c 9s", "", 1),  # rivers: the transposed pairs
    (["KK+, 0.3(AK)", "AhKh"], "Kd Qc 2c 9s", "3h", 1),
    (["AA,KK", "QQ", "0.5(JJ)"], "2c 2s 7h Jh 6d", "", 2),  # a full board that c and s leave in place

]


@pytest.mark.parametrize(("players", "board", "dead", "group"), RANGE_SPOTS)
def test_ranges_equal_brute_force(players, board, dead, group):
    board, dead = parse(board) if board else [], parse(dead) if dead else []
    ranges = []
    for p in players:
        r = parse_range(p) if not (len(p) == 4 and p[1].islower()) else {tuple(sorted(parse(p), reverse=True)): 1.0}
        ranges.append({c: w for c, w in r.items() if not set(c) & (set(board) | set(dead))})
    expected, deals = brute_force_ranges(ranges, board, dead)
    for symmetry in (True, False):
        out, counted, ngroup = engine_ranges(ranges, board, dead, symmetry=symmetry)
        assert ngroup == (group if symmetry else 1)
        assert counted == deals
        assert all(math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9) for a, b in zip(out, expected))


def test_symmetric_preflop_ranges_agree_with_the_table():
    # Preflop with suit-symmetric ranges: the runouts fall into orbits of all 24 permutations.
    via_table = equity(["AA", "KK, 0.5(QQ)"])
    ranges = [parse_range("AA"), parse_range("KK, 0.5(QQ)")]
    out, deals, ngroup = engine_ranges(ranges, [], [])
    assert ngroup == 24 and via_table.method == "table" and deals == via_table.boards
    total = sum(out)
    assert math.isclose(out[1] / total, via_table.win[0], rel_tol=1e-12)
    assert math.isclose(out[3] / total, via_table.tie[0], rel_tol=1e-12)


def test_symmetric_preflop_runouts_in_any_slices_add_up():
    # Runout numbers split anywhere (mid-way through a first card's runouts, which the orbit test
    # skips as a block when a permutation lowers that card) count the same as one span.
    ranges = [parse_range("AA,KK"), parse_range("QQ, 0.5(JJ)"), parse_range("AKs")]
    whole, whole_deals, ngroup = engine_ranges(ranges, [], [])
    assert ngroup == 24
    n, args = len(ranges), range_args(ranges)
    group = ffi.new("uint8_t[24]")
    assert lib.hr_equity_symmetry(*args, b"", 0, b"", 0, group) == 24
    # first cards 2c, 2d, 2h, 2s start at 0, 249,900, 480,200, 692,076: cuts inside and at them
    cuts = [0, 1, 249_899, 300_000, 480_200, 600_000, 692_077, 1_000_003, 2_598_959, 2_598_960]
    sums, deals = [0.0] * (1 << n), 0
    for first, end in zip(cuts, cuts[1:]):
        out, counted = ffi.new("double[]", 1 << n), ffi.new("uint64_t *")
        assert lib.hr_equity_ranges(*args, b"", 0, b"", 0, group, 24, first, end, out, counted) == 0
        sums = [a + b for a, b in zip(sums, out)]
        deals += counted[0]
    assert deals == whole_deals
    assert all(math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-9) for a, b in zip(sums, whole))


def test_the_same_answer_on_any_number_of_threads():
    players, board = ["0.3(QQ+), 0.7(AKs), 0.1(T9s)", "JJ-77, AQ", "0.9(random)"], "Ks 8d 2c 5h"
    one = equity(players, board, threads=1)
    assert one.exact and one == equity(players, board, threads=2)


def test_three_big_ranges_on_the_river_are_exact():
    rng = "22+,A2s+,K2s+,QJ"
    result = equity([rng, rng, rng], "Ah Kd 7c 4s 2h")
    assert result.exact and math.isclose(sum(result.equity), 1.0)
    assert max(result.equity) - min(result.equity) < 1e-9  # the same range in every seat


def test_ten_players():
    holes = ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h", "8s8h", "7s7h", "6s6h", "5s5h"]
    result = equity(holes)
    expected = plain([parse(h) for h in holes])
    assert result.exact and result.boards == sum(expected) == math.comb(32, 5)
    assert math.isclose(sum(result.equity), 1.0)
    assert math.isclose(result.win[0], expected[1] / sum(expected))


def river_ranks(combos, board):
    from handrank import evaluate_many

    rows = np.array([list(c) + list(board) for c in combos], dtype=np.uint8)
    return evaluate_many(rows).astype(np.int64)


def test_two_big_ranges_on_a_river_use_the_sweep_and_equal_numpy():
    # Both ranges big: the sort-and-sweep with per-card running weights, not the pair loop.
    board = parse("Ah Kd 7c 4s 2h")
    first = {c: w for c, w in parse_range("0.7(22+), A2s+, K2s+, 0.3(QJo-Q2o), random:0.1").items()
             if not set(c) & set(board)}
    second = {c: w for c, w in parse_range("random, 0.5(AA-TT)").items() if not set(c) & set(board)}
    out, deals, _ = engine_ranges([first, second], board, [], symmetry=False)
    a, b = list(first), list(second)
    ra, rb = river_ranks(a, board), river_ranks(b, board)
    wa, wb = np.array([first[c] for c in a]), np.array([second[c] for c in b])
    ma = np.array([1 << x | 1 << y for x, y in a], dtype=np.uint64)
    mb = np.array([1 << x | 1 << y for x, y in b], dtype=np.uint64)
    fit = (ma[:, None] & mb[None, :]) == 0
    weight = wa[:, None] * wb[None, :] * fit
    expected = [0, (weight * (ra[:, None] < rb[None, :])).sum(), (weight * (ra[:, None] > rb[None, :])).sum(),
                (weight * (ra[:, None] == rb[None, :])).sum()]
    assert len(a) * len(b) > 64 * (len(a) + len(b)) and deals == fit.sum()
    assert all(math.isclose(x, y, rel_tol=1e-9) for x, y in zip(out, expected))


def test_three_players_with_a_big_last_range_equal_numpy():
    # The last player's combos are many: the walk sums them through the per-runout index.
    board = parse("Qh 9d 5c 3s 2d")
    ranges = [{c: w for c, w in parse_range(text).items() if not set(c) & set(board)}
              for text in ("AA, KK:0.5", "AKs, 0.25(T9s)", "random, 0.3(JJ+)")]
    out, deals, _ = engine_ranges(ranges, board, [], symmetry=False)
    combos = [list(r) for r in ranges]
    ranks = [river_ranks(c, board) for c in combos]
    weights = [np.array([r[c] for c in cs]) for r, cs in zip(ranges, combos)]
    masks = [np.array([1 << x | 1 << y for x, y in cs], dtype=np.uint64) for cs in combos]
    expected, counted = [0.0] * 8, 0
    for i in range(len(combos[0])):
        for j in range(len(combos[1])):
            if masks[0][i] & masks[1][j]:
                continue
            fit = (masks[2] & (masks[0][i] | masks[1][j])) == 0
            counted += int(fit.sum())
            trio = np.stack([np.full(fit.sum(), ranks[0][i]), np.full(fit.sum(), ranks[1][j]), ranks[2][fit]])
            best = trio.min(axis=0)
            winners = (trio == best).astype(int)
            sets = winners[0] + 2 * winners[1] + 4 * winners[2]
            w = weights[0][i] * weights[1][j] * weights[2][fit]
            for mask in range(1, 8):
                expected[mask] += float(w[sets == mask].sum())
    assert len(combos[2]) > 64 and deals == counted
    assert all(math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9) for x, y in zip(out, expected))


def test_the_exact_budget_counts_suit_orbits_once():
    """'AA,KK' vs 'QQ,JJ' vs 'AKs,AQs' preflop: every suit renaming fixes the spot, so the walk
    takes each runout orbit once (a 24th of the runouts); the estimate used to ignore that and
    answer with Monte Carlo although enumeration takes a fraction of a second."""
    from handrank import equity

    exact = equity(["AA,KK", "QQ,JJ", "AKs,AQs"])
    assert exact.exact and exact.method == "enumeration"
    sampled = equity(["AA,KK", "QQ,JJ", "AKs,AQs"], trials=400_000, seed=3)
    assert all(abs(e - s) <= 4 * err for e, s, err in zip(exact.equity, sampled.equity, sampled.stderr))
