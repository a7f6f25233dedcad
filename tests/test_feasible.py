"""Whether ranges can be dealt together, decided exactly (csrc/feasible.c): the search and its
counting bound agree with trying every assignment on crowded random spots, and spots that
need more cards of a rank, two ranks or a suit than the deck has are refused at once, in
Hold'em and Omaha, where a plain search would run out of its budget or take seconds."""

from __future__ import annotations

import itertools
import random

import pytest

import handrank
from handrank import omaha
from handrank._core import ffi, lib

BUDGET = 20_000_000


def _brute_force(ranges: list[list[int]]) -> int:
    """1 if some choice of one mask a range shares no card, else 0 (empty ranges skipped)."""
    chosen = [r for r in ranges if r]
    for masks in itertools.product(*chosen):
        union = 0
        for mask in masks:
            if union & mask:
                break
            union |= mask
        else:
            return 1
    return 0


def _starts(ranges: list[list[int]]) -> list[int]:
    return [0, *itertools.accumulate(len(r) for r in ranges)]


def test_the_search_equals_every_assignment_tried():
    """Crowded spots: combos from a small pool of cards (a few ranks, so the counting bound
    has ranks to count), two to five players, Hold'em's pairs and Omaha's fours."""
    rng = random.Random(12)
    answers = {0: 0, 1: 0}
    for trial in range(1500):
        nhole = 2 if trial % 2 else 4
        pool = rng.sample(range(52), rng.randint(nhole + 2, 14)) if trial % 3 else \
            [4 * r + s for r in rng.sample(range(13), 3) for s in range(4)]
        nplayers = rng.randint(2, 5)
        ranges = [sorted({sum(1 << c for c in rng.sample(pool, nhole)) for _ in range(rng.randint(1, 6))})
                  for _ in range(nplayers)]
        want = _brute_force(ranges)
        answers[want] += 1
        masks = [m for r in ranges for m in r]
        starts = _starts(ranges)
        got = lib.hr_omaha_ranges_feasible(ffi.new("uint64_t[]", masks), ffi.new("int32_t[]", starts), nplayers,
                                           BUDGET)
        assert got == want, (ranges, got, want)
        if nhole == 2:  # Hold'em's entry point: the same search from two-card combos and known cards
            combos = bytes(c for m in masks for c in sorted((c for c in range(52) if m >> c & 1), reverse=True))
            got = lib.hr_ranges_feasible(combos, ffi.new("int32_t[]", starts), nplayers, b"", 0, BUDGET)
            assert got == want, (ranges, got, want)
    assert min(answers.values()) > 300  # both answers are well represented


def test_an_empty_range_is_skipped_and_known_cards_are_out():
    aces = [1 << 48 | 1 << 49, 1 << 50 | 1 << 51]
    starts = _starts([aces, [], aces])
    assert lib.hr_omaha_ranges_feasible(ffi.new("uint64_t[]", aces * 2), ffi.new("int32_t[]", starts), 3, BUDGET) == 1
    combos = bytes([49, 48, 51, 50])
    assert lib.hr_ranges_feasible(combos * 2, ffi.new("int32_t[]", [0, 2, 4]), 2, b"", 0, BUDGET) == 1
    assert lib.hr_ranges_feasible(combos * 2, ffi.new("int32_t[]", [0, 2, 4]), 2, bytes([48]), 1, BUDGET) == 0


@pytest.mark.parametrize(("game", "players"), [
    ("holdem", ["A2s+"] * 5),                        # five aces: a plain search ran out of budget
    ("holdem", ["AK,AA,KK"] * 5),                    # ten cards of two ranks that have eight
    ("holdem", ["AsAh", "AA", "AA"]),                # one ace pair left for two players
    ("holdem", ["AsKs,QsJs,Ts9s,8s7s,6s5s,4s3s"] * 7),  # fourteen spades
    ("omaha", ["AAxx"] * 3),                         # six aces: a plain search took 12 s
    ("omaha", ["AAKKds", "AAKKds", "KKxx"]),
    ("omaha", ["AAxx", "AAxx", "Axxx"]),
])
def test_more_cards_of_a_rank_or_suit_than_the_deck_has_is_an_impossible_matchup(game, players):
    equity = handrank.equity if game == "holdem" else omaha.equity
    with pytest.raises(ValueError, match="impossible matchup"):
        equity(players, trials=1000, seed=1)


def test_crowded_but_possible_spots_are_dealt():
    assert handrank.equity(["AK,AA,KK"] * 4, trials=2000, seed=1).boards == 2000
    assert omaha.equity(["AAxx", "AAxx"], trials=2000, seed=1).boards == 2000
    assert omaha.equity(["AAxx", "Axxx", "Axxx"], trials=2000, seed=1).boards == 2000


@pytest.mark.parametrize("players", [7, 8, 10])
def test_ranges_too_crowded_to_sample_say_so(players):
    """Seven to ten double-suited Omaha ranges can be dealt together (the search finds a
    deal), but drawing that many hands until none clash takes over a thousand draws a deal:
    one C call of a chunk would run for seconds with Ctrl-C unseen (eight took 29 s for 20,000
    deals). A clear error instead, from a call whose redraws are bounded (2**24 and 8 a deal)."""
    with pytest.raises(ValueError, match="so rarely that drawing their hands until none share a card is too slow"):
        omaha.equity(["xxxxds"] * players, trials=20000, seed=1)
    assert omaha.equity(["xxxxds"] * 5, trials=70000, seed=1).boards == 70000
    assert omaha.equity(["xxxxds"] * 7, trials=100, seed=1).boards == 100  # a few deals: few redraws in all
