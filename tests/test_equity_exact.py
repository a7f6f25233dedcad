"""The exact engines against plain enumeration: fixed hands counted in classes (rank
multisets, flush suits, suit orbits), ranges walked in C with runouts counted by suit orbit.

The reference is hr_equity_enumerate, which deals every board one by one, summed over every
assignment of combos by a Python loop; it shares none of the class or range code."""

import itertools
import math
import random

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


def engine_ranges(ranges, board, dead, *, symmetry=True):
    n = len(ranges)
    combos, start, weights = bytearray(), [0], []
    for r in ranges:
        for combo, weight in r.items():
            combos += bytes(combo)
            weights.append(weight)
        start.append(len(weights))
    args = (bytes(combos), ffi.new("int32_t[]", start), ffi.new("double[]", weights), n)
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
