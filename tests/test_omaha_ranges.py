"""Omaha ranges: the parser (every element of the syntax, every malformed kind), and equity of
ranges against plain enumeration with omaha.evaluate_many and against exact answers."""

from __future__ import annotations

import importlib
import itertools
import math

import numpy as np
import pytest

import handrank
from handrank import omaha
from handrank.omaha_ranges import omaha_range_arrays, parse_omaha_range


def ranks_of(hand):
    return sorted((c // 4 for c in hand), reverse=True)


def suit_shape(hand):
    return sorted((sum(1 for c in hand if c % 4 == s) for s in range(4)), reverse=True)


def test_patterns_mean_at_least_the_named_cards():
    everything = list(itertools.combinations(range(52), 4))
    for pattern, rule in [
        ("AAxx", lambda h: ranks_of(h).count(12) >= 2),
        ("AA", lambda h: ranks_of(h).count(12) >= 2),  # a short pattern is filled with x
        ("KKQQ", lambda h: ranks_of(h) == [11, 11, 10, 10]),
        ("AKQJ", lambda h: ranks_of(h) == [12, 11, 10, 9]),
        ("A*x*", lambda h: 12 in ranks_of(h)),
        ("AAxxds", lambda h: ranks_of(h).count(12) >= 2 and sum(1 for n in suit_shape(h) if n >= 2) >= 2),
        ("KKxx$ss", lambda h: ranks_of(h).count(11) >= 2 and sum(1 for n in suit_shape(h) if n >= 2) == 1),
        ("AKxxr", lambda h: 12 in ranks_of(h) and 11 in ranks_of(h) and suit_shape(h) == [1, 1, 1, 1]),
    ]:
        expected = {tuple(sorted(h, reverse=True)) for h in everything if rule(h)}
        assert set(parse_omaha_range(pattern)) == expected, pattern
        assert set(parse_omaha_range(pattern.lower() if pattern[0] != "A" else pattern)) == expected


def test_hands_weights_and_unions():
    hands = parse_omaha_range("0.5(AsAhKdKc, KKQQ), AsAhKdKc:0.25, 2c3c4c5c")
    assert hands[(51, 50, 45, 44)] == 0.25  # named again: the later weight
    assert hands[(47, 46, 43, 42)] == 0.5 and hands[(12, 8, 4, 0)] == 1.0
    assert len(hands) == 1 + 36 + 1
    assert parse_omaha_range("AsAhKsKhds") == {(51, 50, 47, 46): 1.0}  # a qualifier after a hand filters it
    assert parse_omaha_range("AsAhKdKcr") == {(51, 50, 45, 44): 1.0}
    assert len(parse_omaha_range("AAxxx", hole=5)) == sum(
        math.comb(4, a) * math.comb(48, 5 - a) for a in range(2, 5))


def test_random_in_a_range_is_every_hand():
    every = parse_omaha_range("xxxx")
    assert len(every) == math.comb(52, 4) and parse_omaha_range(" Random ") == every
    assert parse_omaha_range("0.5(AAxx), random") == every  # named again: the later weight, 1
    hands, weights = omaha_range_arrays("random", hole=5)
    assert hands.shape == (math.comb(52, 5), 5) and len(set(map(tuple, hands.tolist()))) == len(hands)
    assert (weights == 1).all()


@pytest.mark.parametrize(("text", "hole", "message"), [
    ("ZZxx", 4, "unknown range item 'ZZxx'"),
    ("AAxxxx", 4, "6 ranks for 4 hole cards"),
    ("AsAhKd", 4, "a hand of 3 cards in a game of 4"),
    ("AsAsKdKc", 4, "a card twice"),
    ("15%", 5, "percentage ranges are for PLO4"),
    ("101%", 4, "percentages run from 0 to 100"),
    ("AAxx, random", 6, "a random player is 'random' alone"),
    ("AAxxr", 5, "5 cards cannot be rainbow"),
    ("Axxxxx", 6, "name more ranks"),
    ("xxxxxx", 6, "name more ranks"),
    ("0.5(AAxx", 4, "unbalanced"),
    ("AAxx:0", 4, "above 0"),
    ("AsAhKdKcds", 4, "has no hands"),  # a rainbow hand is not double-suited
])
def test_malformed_ranges_are_named(text, hole, message):
    with pytest.raises(ValueError, match=message):
        parse_omaha_range(text, hole)


def test_parse_refuses_what_is_not_text():
    with pytest.raises(TypeError):
        parse_omaha_range(["AAxx"])  # type: ignore[arg-type]


def plain_equity(ranges, board, hole=4):
    """Every assignment of the ranges' hands and every runout, ranked by omaha.evaluate_many."""
    board_cards = handrank.parse(board)
    hand_lists = [list(parse_omaha_range(r, hole).items()) for r in ranges]
    rows, boards, weights = [], [], []
    deck = [c for c in range(52) if c not in board_cards]
    deal = 0
    for combo in itertools.product(*hand_lists):
        cards = [c for hand, _ in combo for c in hand]
        if len(set(cards)) != len(cards) or set(cards) & set(board_cards):
            continue
        weight = math.prod(w for _, w in combo)
        for extra in itertools.combinations([c for c in deck if c not in cards], 5 - len(board_cards)):
            full = [*board_cards, *extra]
            for hand, _ in combo:
                rows.append(hand)
                boards.append(full)
            weights.append(weight)
            deal += 1
    ranks = omaha.evaluate_many(np.array(rows, np.uint8), np.array(boards, np.uint8)).reshape(deal, len(ranges))
    best = ranks.min(axis=1, keepdims=True)
    shares = (ranks == best) / (ranks == best).sum(axis=1, keepdims=True)
    w = np.array(weights)
    return (w[:, None] * shares).sum(axis=0) / w.sum()


@pytest.mark.parametrize(("ranges", "board"), [
    (["AAxxds", "KKQQ"], "Qs 7d 2c 9h"),
    (["0.5(AsAhKdKc), QQJJ", "KKJTds:0.3, JT98"], "Qd 7d 2c 9h"),
    (["AsAh9d8d", "KKQQ", "JJTTds"], "Qs 7d 2c 9h 3s"),
])
def test_exact_range_equity_equals_plain_enumeration(ranges, board):
    result = omaha.equity(ranges, board)
    assert result.exact
    assert result.equity == pytest.approx(plain_equity(ranges, board).tolist(), abs=1e-9)  # weights: sums rounded


def test_sampled_range_equity_lands_near_exact_and_repeats(monkeypatch):
    players, board = ["AAxxds", "KKQQ:0.5, QQJJ"], "Js 7d 2c 9h"
    monkeypatch.setattr(importlib.import_module("handrank.omaha"), "EXACT_BUDGET", 10**13)
    exact = omaha.equity(players, board)
    monkeypatch.undo()
    sampled = omaha.equity(players, board, trials=300_000, seed=5)
    assert exact.exact and not sampled.exact
    for p in range(2):
        assert abs(sampled.equity[p] - exact.equity[p]) <= 4 * sampled.stderr[p]
    assert omaha.equity(players, board, trials=300_000, seed=5, threads=2) == sampled
    hilo = omaha.equity(["AA23", "KKQQ", "random"], trials=100_000, seed=1, hilo=True)
    assert math.isclose(sum(hilo.equity), 1.0)


def test_sampled_clashing_weighted_ranges_land_near_exact(monkeypatch):
    # three ranges that clash on most tries (a redraw), two of them weighted: the Monte Carlo
    # draws each first try's columns deals ahead of the rest; every player's win and tie
    # chances (not only equity) stay within 4.5 binomial standard errors of exact
    players, board = ["AAKK,AAKQ", "AKQJ:0.4,KKQQ", "0.7(AQJT),KQJT"], "Qs 7d 2c 9h"
    monkeypatch.setattr(importlib.import_module("handrank.omaha"), "EXACT_BUDGET", 10**13)
    exact = omaha.equity(players, board)
    monkeypatch.undo()
    trials = 300_000
    sampled = omaha.equity(players, board, trials=trials, seed=11)
    assert exact.exact and not sampled.exact and sampled.boards == trials
    for p in range(3):
        assert abs(sampled.equity[p] - exact.equity[p]) <= 4.5 * sampled.stderr[p]
        for got, want in ((sampled.win[p], exact.win[p]), (sampled.tie[p], exact.tie[p])):
            assert abs(got - want) <= 4.5 * math.sqrt(want * (1 - want) / trials) + 1e-12
    assert omaha.equity(players, board, trials=trials, seed=11, threads=2) == sampled


def test_range_errors_name_the_player():
    with pytest.raises(ValueError, match=r"players\[1\]: 'ZZxx' is neither 4 hole cards nor an Omaha range"):
        omaha.equity(["AsAhKdKc", "ZZxx"])
    with pytest.raises(ValueError, match=r"players\[1\]: no hand of 'KKKK' is left"):
        omaha.equity(["AsAhKdKc", "KKKK"])
    with pytest.raises(ValueError, match="impossible matchup"):
        omaha.equity(["AAAA", "AAxx"])
    with pytest.raises(ValueError, match="every player holds the same number"):
        omaha.equity(["AsAhKdKc", "2c3c4c5c6c"])


def test_plo5_and_plo6_patterns_are_built_from_their_ranks():
    """PLO5 and PLO6 have 2.6 and 20 million hands: a pattern's hands are built from its named
    ranks (at least that many of each), each hand once, not picked from a list of every hand.
    Built agrees with PLO4's listed hands and with a plain filter of every PLO5 hand; PLO6
    counts match the combinatorics, and equity takes them."""
    import numpy as np

    from handrank._rows import card_combinations, card_masks
    from handrank.omaha_ranges import _built_hands, _token_hands

    def named_of(pattern: str) -> dict[int, int]:
        return {"23456789TJQKA".index(c): pattern.count(c) for c in set(pattern) - {"x"}}

    for pattern, qualifier in (("AAxx", ""), ("AKQx", "ds"), ("KKQQ", ""), ("Axxx", "r"), ("T9xx", "ss"), ("xxxx", "")):
        rows, listed = _built_hands(named_of(pattern), 4, qualifier, pattern), _token_hands(pattern + qualifier, 4)
        assert (np.sort(card_masks(rows)) == np.sort(card_masks(listed))).all(), pattern + qualifier
    every = 51 - card_combinations(52, 5)  # every PLO5 hand, cards decreasing
    ranks, suits = every >> 2, every & 3
    per_suit = np.stack([np.count_nonzero(suits == suit, axis=1) for suit in range(4)], axis=1)
    suited = np.count_nonzero(per_suit >= 2, axis=1)
    for pattern, qualifier in (("AAxxx", ""), ("AKQxx", ""), ("KKQQx", ""), ("AAxxx", "ds"), ("AKxxx", "ss"),
                               ("T98xx", ""), ("AAAAx", ""), ("2222Q", ""), ("Kxxxx", "ds")):
        keep = {"": np.ones(len(every), dtype=bool), "ds": suited >= 2, "ss": suited == 1}[qualifier].copy()
        for rank, count in named_of(pattern).items():
            keep &= np.count_nonzero(ranks == rank, axis=1) >= count
        rows = _built_hands(named_of(pattern), 5, qualifier, pattern)
        assert rows.shape == (np.count_nonzero(keep), 5), pattern + qualifier  # each hand built once
        assert (np.sort(card_masks(rows)) == np.sort(card_masks(every[keep]))).all(), pattern + qualifier
        assert (np.diff(rows.astype(int), axis=1) < 0).all()
        assert (_token_hands(pattern + qualifier, 5) == rows).all()
    aces = omaha_range_arrays("AAxxxx", 6)[0]
    assert len(aces) == len(np.unique(card_masks(aces))) == sum(math.comb(4, a) * math.comb(48, 6 - a)
                                                                for a in range(2, 5))
    assert len(parse_omaha_range("AAKKxx", 6)) == sum(math.comb(4, a) * math.comb(4, k) * math.comb(44, 6 - a - k)
                                                      for a in range(2, 5) for k in range(2, 5) if a + k <= 6)
    double = omaha_range_arrays("AKQxxxds", 6)[0]
    for rank in (12, 11, 10):
        assert ((double >> 2) == rank).any(axis=1).all()
    per_suit = np.stack([np.count_nonzero((double & 3) == suit, axis=1) for suit in range(4)], axis=1)
    assert (np.count_nonzero(per_suit >= 2, axis=1) >= 2).all()
    assert (np.diff(double.astype(int), axis=1) < 0).all()  # decreasing, so no card twice
    for board in ("Js Th 9s 2c 3d", "Js Th 9s 2c"):
        ranges = ["AAKKQQ", "JdJcTs8s7h6h"]
        result = omaha.equity(ranges, board, hole=6)
        assert result.exact
        assert result.equity == pytest.approx(plain_equity(ranges, board, hole=6).tolist(), abs=1e-9)


def test_exact_ranges_split_the_largest_range_into_slices(monkeypatch, record_property):
    """Exact slices split the first player's hands: a fixed hand first ('AsAhKdKc' vs
    'xxxxds' on a flop) was one C call of 0.25 s, Ctrl-C unseen. The largest range now leads
    in the kernel and each player's sums go back to its own place: many short calls, and the
    answer of the players in either order. The longest call is recorded in the report (no
    timing assertion: the machine is shared)."""
    import importlib
    import time

    engine = importlib.import_module("handrank._omaha_equity")
    real, calls = engine.ranges_part, []

    def timed(*args, **kwargs):
        began = time.perf_counter()
        result = real(*args, **kwargs)
        calls.append(time.perf_counter() - began)
        return result

    monkeypatch.setattr(engine, "ranges_part", timed)
    board = "2c 7d 9h"
    first = omaha.equity(["AsAhKdKc", "xxxxds"], board)
    assert first.exact and len(calls) >= 20
    record_property("longest_call_ms", round(1000 * max(calls), 2))
    second = omaha.equity(["xxxxds", "AsAhKdKc"], board)
    assert second.equity == pytest.approx(first.equity[::-1], abs=1e-12)
    assert second.win == pytest.approx(first.win[::-1], abs=1e-12)
    assert sum(first.equity) == pytest.approx(1.0, abs=1e-12)


def test_a_list_of_hands_is_a_range_even_when_every_card_is_distinct(capsys):
    """'QdQhJdJh,QcQsJcJs' reads as eight cards, which no Omaha hand holds: with a comma it is
    a list of two hands (before, 'an Omaha hand has 4, 5 or 6 hole cards, got 8'; a list
    that repeats a card was already a range). In the API and the CLI alike."""
    from handrank.cli import main

    listed = omaha.equity(["AsAhKdKc", "QdQhJdJh,QcQsJcJs"])
    assert listed.exact and listed.players[1] == "QdQhJdJh,QcQsJcJs"
    one, other = omaha.equity(["AsAhKdKc", "QdQhJdJh"]), omaha.equity(["AsAhKdKc", "QcQsJcJs"])
    assert listed.equity[0] == pytest.approx((one.equity[0] + other.equity[0]) / 2, abs=1e-12)
    with pytest.raises(ValueError, match="got 3"):  # a short hand stays a hand, and its count is named
        omaha.equity(["AsAhKdKc", "Qd,Qh,Jd"])
    assert main(["equity", "--game", "plo4", "AsAhKdKc", "QdQhJdJh,QcQsJcJs"]) == 0
    assert "QdQhJdJh,QcQsJcJs" in capsys.readouterr().out


def test_small_ranges_preflop_split_the_second_range_too(monkeypatch):
    """Three hands against two preflop is exact, and one hand of the first player is about
    40 million lookups (over 30 ms): the second player's range is split too, a slice a hand
    and a part, and the sums equal those of one call (SLICE_WORK set past the spot's work)."""
    import importlib

    engine = importlib.import_module("handrank._omaha_equity")
    real, calls = engine.ranges_part, []

    def counted(*args, **kwargs):
        calls.append(args[1:3])
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "ranges_part", counted)
    players = ["0.5(AsAhKdKc),AsAhKdKh,AsAdKcKh", "QdQhJdJh,QcQsJcJs:0.2"]
    split = omaha.equity(players, hilo=True)
    assert split.exact and len(calls) == 6  # three hands of the first player, each against each second hand
    monkeypatch.setattr(engine, "SLICE_WORK", 10**15)
    calls.clear()
    whole = omaha.equity(players, hilo=True)
    assert len(calls) == 1
    assert split.boards == whole.boards
    for got, want in ((split.win, whole.win), (split.tie, whole.tie), (split.equity, whole.equity)):
        assert got == pytest.approx(want, abs=1e-12)


def test_a_dict_of_millions_of_hands_is_refused_with_a_pointer_to_the_arrays():
    """parse_omaha_range("x", 5) built a dict of 2,598,960 tuples: 3 s and 775 MB of memory
    for a one-letter input. A dict now holds at most MOST_IN_DICT hands (every PLO4 hand);
    beyond that the error points to omaha_range_arrays, which gives the same hands as arrays."""
    from handrank.omaha_ranges import MOST_IN_DICT, omaha_range_arrays, parse_omaha_range

    assert len(parse_omaha_range("x")) == 270_725 <= MOST_IN_DICT
    with pytest.raises(ValueError, match="'x' has 2,598,960 hands, more than parse_omaha_range gives as a dict "
                                         "\\(300,000\\); omaha_range_arrays gives them as arrays"):
        parse_omaha_range("x", 5)
    hands, weights = omaha_range_arrays("x", 5)
    assert hands.shape == (2_598_960, 5) and weights.shape == (2_598_960,)


def test_card_masks_are_each_rows_bits_and_name_a_bad_id():
    from handrank._rows import card_masks

    rng = np.random.default_rng(5)
    for width in (0, 2, 4, 6):
        rows = np.argsort(rng.random((500, 52)), axis=1)[:, :width].astype(np.uint8)
        want = [sum(1 << int(c) for c in row) for row in rows]
        assert card_masks(rows).tolist() == want
        assert card_masks(rows[::2]).tolist() == want[::2]  # a strided view is read as its rows
    assert card_masks(np.zeros((0, 4), np.uint8)).tolist() == []
    rows = np.array([[0, 1, 2, 3], [4, 5, 52, 6], [7, 8, 9, 200]], dtype=np.uint8)
    with pytest.raises(ValueError, match=r"row 1: card id 52 in column 2"):
        card_masks(rows)
