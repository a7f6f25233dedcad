"""Whether ranges can be dealt together, decided exactly (csrc/feasible.c): the search and its
counting bound agree with trying every assignment on crowded random spots, and spots that
need more cards of a rank, two ranks or a suit than the deck has are refused at once, in
Hold'em and Omaha, where a plain search would run out of its budget or take seconds."""

from __future__ import annotations

import itertools
import random

import numpy as np
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


def _crowded_range(rng: random.Random, trial: int, nhole: int, sizes: tuple[int, int], ranks: int, least: int,
                   count: int) -> list[list[int]]:
    """``count`` random ranges of least .. least + 5 combos from one small pool of cards: for
    two trials in three a pool of sizes[0] .. sizes[1] cards, else every card of ``ranks``
    ranks (so that the counting bounds have ranks to count)."""
    pool = rng.sample(range(52), rng.randint(*sizes)) if trial % 3 else \
        [4 * r + s for r in rng.sample(range(13), ranks) for s in range(4)]
    return [sorted({sum(1 << c for c in rng.sample(pool, nhole)) for _ in range(rng.randint(least, least + 5))})
            for _ in range(count)]


def test_the_search_equals_every_assignment_tried():
    """Crowded spots: combos from a small pool of cards (a few ranks, so the counting bound
    has ranks to count), two to five players, Hold'em's pairs and Omaha's fours."""
    rng = random.Random(12)
    answers = {0: 0, 1: 0}
    for trial in range(1500):
        nhole = 2 if trial % 2 else 4
        nplayers = rng.randint(2, 5)
        ranges = _crowded_range(rng, trial, nhole, (nhole + 2, 14), 3, 1, nplayers)
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


def test_players_with_the_same_range_and_the_weighted_bound_agree_with_every_assignment():
    """Players who share a range are dealt in order of their combos, and the weighted bound
    (two runs of ranks, csrc/feasible.c weigh_cards) steers the search when a small budget
    leaves it undecided: on crowded spots where two to six players share one of two ranges,
    every answer is the brute force's, or undecided (-9) on a small budget only."""
    rng = random.Random(31)
    answers = {0: 0, 1: 0}
    for trial in range(1200):
        nhole = 2 if trial % 2 else 4
        templates = _crowded_range(rng, trial, nhole, (nhole + 3, 16), 4, 2, 2)
        nplayers = rng.randint(2, 6 if nhole == 2 else 4)
        ranges = [templates[0] if rng.random() < 0.7 else templates[1] for _ in range(nplayers)]
        want = _brute_force(ranges)
        answers[want] += 1
        masks = ffi.new("uint64_t[]", [m for r in ranges for m in r])
        for budget in (40, 400, BUDGET):
            got = lib.hr_omaha_ranges_feasible(masks, ffi.new("int32_t[]", _starts(ranges)), nplayers, budget)
            assert got == want or (got == -9 and budget < BUDGET), (ranges, budget, got, want)
    assert min(answers.values()) > 200


def test_an_empty_range_is_skipped_and_known_cards_are_out():
    aces = [1 << 48 | 1 << 49, 1 << 50 | 1 << 51]
    starts = _starts([aces, [], aces])
    assert lib.hr_omaha_ranges_feasible(ffi.new("uint64_t[]", aces * 2), ffi.new("int32_t[]", starts), 3, BUDGET) == 1
    combos = bytes([49, 48, 51, 50])
    assert lib.hr_ranges_feasible(combos * 2, ffi.new("int32_t[]", [0, 2, 4]), 2, b"", 0, BUDGET) == 1
    assert lib.hr_ranges_feasible(combos * 2, ffi.new("int32_t[]", [0, 2, 4]), 2, bytes([48]), 1, BUDGET) == 0


def test_a_group_of_players_with_too_few_cards_between_them_is_decided():
    """Hall's condition: six of ten players whose hands all lie in the same eleven cards cannot
    be dealt, and no count of a rank, a pair of ranks or a suit sees it: the search without
    Hall's bound ran out of its budget here (a refusal as too crowded to decide)."""
    rng = random.Random(5)
    pool = rng.sample(range(52), 21)
    small, rest = pool[:11], pool
    ranges = [sorted({1 << a | 1 << b for a, b in itertools.combinations(small if p < 6 else rest, 2)})
              for p in range(10)]
    masks = [m for r in ranges for m in r]
    got = lib.hr_omaha_ranges_feasible(ffi.new("uint64_t[]", masks), ffi.new("int32_t[]", _starts(ranges)), 10,
                                       BUDGET)
    assert got == 0
    cards = " ".join(handrank.format_card(c) for c in small[:5])
    three = ",".join(a + b for a, b in itertools.combinations(cards.split(), 2))
    with pytest.raises(ValueError, match="impossible matchup"):
        handrank.equity([three, three, three, "22,33"], trials=1000, seed=1)


@pytest.mark.parametrize(("game", "players"), [
    ("holdem", ["A2s+"] * 5),                        # five aces: a plain search ran out of budget
    ("holdem", ["AK,AA,KK"] * 5),                    # ten cards of two ranks that have eight
    ("holdem", ["AsAh", "AA", "AA"]),                # one ace pair left for two players
    ("holdem", ["AsKs,QsJs,Ts9s,8s7s,6s5s,4s3s"] * 7),  # fourteen spades
    ("omaha", ["AAxx"] * 3),                         # six aces: a plain search took 12 s
    ("omaha", ["AAKKds", "AAKKds", "KKxx"]),
    ("omaha", ["AAxx", "AAxx", "Axxx"]),
    ("omaha", ["3%"] * 9),  # two of J, Q, K, A each: eighteen of sixteen (runs of ranks)
    ("omaha", ["2%"] * 10),
])
def test_more_cards_of_a_rank_or_suit_than_the_deck_has_is_an_impossible_matchup(game, players):
    equity = handrank.equity if game == "holdem" else omaha.equity
    with pytest.raises(ValueError, match="impossible matchup"):
        equity(players, trials=1000, seed=1)


def test_crowded_but_possible_spots_are_dealt():
    assert handrank.equity(["AK,AA,KK"] * 4, trials=2000, seed=1).boards == 2000
    assert omaha.equity(["AAxx", "AAxx"], trials=2000, seed=1).boards == 2000
    assert omaha.equity(["AAxx", "Axxx", "Axxx"], trials=2000, seed=1).boards == 2000


@pytest.mark.parametrize("players", [
    ["xxxxds"] * 5,  # independent draws fit about 1 time in 40: each clash drawn again
    ["xxxxds"] * 6,  # about 1 in 300: the walk
])
def test_crowded_omaha_ranges_pause_and_go_on_with_the_same_draws(players, record_property):
    """Crowded double-suited ranges take dozens of draws a deal (five), or a walk of several
    hundred draws and lookups a deal (six); eight ranges were one C call of 29 s, Ctrl-C
    unseen. A call now pauses every few milliseconds of that work and the next goes on where
    it stopped: the counts equal those of one call that never pauses
    (hr_omaha_equity_ranges_mc), and the answer is the same on one thread and on two. Each
    call is timed; the longest is recorded in the report (no timing assertion: the machine is
    shared); what is asserted is that the calls pause."""
    import time

    from handrank._omaha_tables import pair_tables
    from handrank.omaha_ranges import omaha_range_arrays

    trials, seed = 60000, 5
    result = omaha.equity(players, trials=trials, seed=seed)
    assert result.boards == trials and omaha.equity(players, trials=trials, seed=seed, threads=2) == result

    cards, _ = omaha_range_arrays("xxxxds")
    n = len(players)
    combos = np.concatenate([cards] * n).tobytes()
    start = ffi.new("int32_t[]", [len(cards) * p for p in range(n + 1)])
    weight = ffi.new("double[]", [1.0] * (len(cards) * n))
    counts, squares, deals = ffi.new("uint64_t[]", 3 * n), ffi.new("uint64_t[]", n), ffi.new("uint64_t *")
    assert lib.hr_omaha_equity_ranges_mc(*pair_tables(), combos, start, weight, 4, n, ffi.NULL, 0, ffi.NULL, 0, 0,
                                         seed, trials, 0, 1, counts, squares, deals) == 0
    whole = (list(counts), list(squares), deals[0])

    size = lib.hr_omaha_ranges_plan_bytes(start, weight, 4, n)
    plan = ffi.new("uint8_t[]", size)
    assert lib.hr_omaha_ranges_plan(combos, start, weight, 4, n, ffi.NULL, 0, ffi.NULL, 0, 0, plan, size) == 0
    counts, squares, deals = ffi.new("uint64_t[]", 3 * n), ffi.new("uint64_t[]", n), ffi.new("uint64_t *")
    resume, calls = ffi.new("uint8_t[]", lib.HR_OMAHA_RESUME_BYTES), []
    while True:
        began = time.perf_counter()
        status = lib.hr_omaha_ranges_deal(*pair_tables(), plan, seed, trials, 0, 1, counts, squares, deals, resume)
        calls.append(time.perf_counter() - began)
        if status != 1:
            break
    assert status == 0 and len(calls) >= 2
    assert (list(counts), list(squares), deals[0]) == whole
    record_property("calls", len(calls))
    record_property("longest_call_ms", round(1000 * max(calls), 2))


def test_the_walks_standard_error_is_its_spread_over_seeds():
    """Successive deals of the walk share hands, so the standard error of independent deals
    understated its spread: over 40 seeds, the equities spread about 1.4 times the reported
    stderr on these ranges, which hand each other the same few cards. Squares are now taken
    over batches of HR_OMAHA_BATCH deals (batch means), and the spread matches the stderr."""
    players, board = ["AAKK", "AAKK", "QQJJ", "QQJJ"], "2s 5s 8d"
    results = [omaha.equity(players, board, trials=20000, seed=seed) for seed in range(40)]
    spread = np.std([r.equity for r in results], axis=0, ddof=1)
    reported = np.mean([r.stderr for r in results], axis=0)
    assert 0.8 < np.mean(spread / reported) < 1.25, spread / reported


@pytest.mark.parametrize("players", [["xxxxds"] * 10, ["10%"] * 9, ["5%"] * 9, ["15%"] * 8, ["4%"] * 10, ["5%"] * 10])
def test_crowded_ranges_that_can_be_dealt_are_dealt(players):
    """Full-ring ranges: nine players' top 10% (or 5%) of Omaha hands were refused as "too
    crowded to decide" (the search ran out of budget), and ten double-suited ranges as found by
    no 2**20 draws in a row. Random greedy deals now show they can be dealt. Ten players' top
    4% or 5% need two J-or-better cards each, or T-T-9-9 (every card of 9 and up taken): the
    search finds the first, dealing players with the same range in order and steered by the
    weighted bound, and random deals of hands no heavier than that bound allows the second.
    The walk draws them: every deal is dealt, the shares add up, and a seed gives one answer on any threads."""
    result = omaha.equity(players, trials=3000, seed=2)
    assert result.boards == 3000 and not result.exact
    assert sum(result.equity) == pytest.approx(1.0)
    assert all(0.02 < e < 0.3 for e in result.equity)
    assert omaha.equity(players, trials=3000, seed=2, threads=2) == result


def _trading_reference(players: list[str], board: str) -> np.ndarray:
    """Exact equity of ranges that seldom fit together: every assignment that shares no card
    (found player by player), every runout, ranked by omaha.evaluate_many."""
    from handrank.cards import parse
    from handrank.omaha_ranges import omaha_range_arrays

    board_ids = set(parse(board))
    ranges = [[set(hand) for hand in omaha_range_arrays(p)[0].tolist()] for p in players]
    deals: list[list[set[int]]] = [[]]
    for hands in ranges:
        deals = [deal + [hand] for deal in deals for hand in hands
                 if not hand & board_ids and not any(hand & other for other in deal)]
    left = np.array([[c for c in range(52) if c not in set().union(*deal) | board_ids] for deal in deals])
    picks = np.array(list(itertools.combinations(range(left.shape[1]), 5 - len(board_ids))))
    runouts = left[:, picks]  # (deals, runouts, cards to come)
    boards = np.concatenate([np.broadcast_to(np.array(sorted(board_ids)), (*runouts.shape[:2], len(board_ids))),
                             runouts], axis=2).reshape(-1, 5).astype(np.uint8)
    holes = np.array([[sorted(hand) for hand in deal] for deal in deals], dtype=np.uint8)
    ranks = np.stack([omaha.evaluate_many(np.repeat(holes[:, q], picks.shape[0], axis=0), boards)
                      for q in range(len(players))], axis=1)
    best = ranks == ranks.min(axis=1, keepdims=True)
    return (best / best.sum(axis=1, keepdims=True)).mean(axis=0)


def test_the_walk_of_ranges_that_can_only_trade_cards_matches_enumeration():
    """'AAKK' twice and 'QQJJ' twice fit together once in 1,296 independent draws, so the hands
    follow the walk; no hand can change alone (each is the other's complement), so only the
    walk's trades move them. Which player holds the ace and king of spades on 2s 5s 8d decides
    a lot: a walk that stuck to its first deal, or favoured some splits, would be many
    standard errors off the exact answer (1,296 deals times 528 runouts, enumerated here)."""
    players, board = ["AAKK", "AAKK", "QQJJ", "QQJJ"], "2s 5s 8d"
    exact = _trading_reference(players, board)
    assert exact[0] == pytest.approx(exact[1]) and exact[0] > 0.4
    result = omaha.equity(players, board, trials=200_000, seed=4)
    z = (np.array(result.equity) - exact) / np.array(result.stderr)
    assert np.all(np.abs(z) < 5), z


def test_a_resume_note_that_is_not_one_is_refused():
    """hr_omaha_ranges_deal reads the caller's note of where it paused: a note it did not write
    (a ring place past a range's hands, a chunk outside the call's) is HR_ERR_RANGE, never a
    read past the plan."""
    import struct

    from handrank._omaha_tables import pair_tables
    from handrank.omaha_ranges import omaha_range_arrays

    cards, _ = omaha_range_arrays("AAxx")
    n = 2
    combos = np.concatenate([cards] * n).tobytes()
    start = ffi.new("int32_t[]", [0, len(cards), 2 * len(cards)])
    weight = ffi.new("double[]", [1.0] * (2 * len(cards)))
    size = lib.hr_omaha_ranges_plan_bytes(start, weight, 4, n)
    plan = ffi.new("uint8_t[]", size)
    assert lib.hr_omaha_ranges_plan(combos, start, weight, 4, n, ffi.NULL, 0, ffi.NULL, 0, 0, plan, size) == 0
    counts, squares, deals = ffi.new("uint64_t[]", 3 * n), ffi.new("uint64_t[]", n), ffi.new("uint64_t *")
    # active, chunk, deal, the stream (two words), next, attempt, then the rings
    for head, ring in (((1, 0, 0, 1, 0), 10**6), ((1, 5, 0, 1, 0), 0), ((1, 0, 0, 9, 0), 0), ((2, 0, 0, 0, 0), 0),
                       ((1, 0, 0, 0, -1), 0)):
        note = struct.pack("<3Q2Q2i", head[0], head[1], head[2], 7, 0, head[3], head[4])
        note += struct.pack("<i", ring) * (10 * 8)
        resume = ffi.new("uint8_t[]", lib.HR_OMAHA_RESUME_BYTES)
        ffi.memmove(resume, note, len(note))
        assert lib.hr_omaha_ranges_deal(*pair_tables(), plan, 1, 5000, 0, 1, counts, squares, deals,
                                        resume) == lib.HR_ERR_RANGE
    # crowded ranges (the walk): its hands after the rings, each a column of the player's range
    ranges = [omaha_range_arrays(p)[0] for p in ("AAKK", "AAKK", "QQJJ", "QQJJ")]
    n = len(ranges)
    combos = np.concatenate(ranges).tobytes()
    start = ffi.new("int32_t[]", [36 * p for p in range(n + 1)])
    weight = ffi.new("double[]", [1.0] * (36 * n))
    size = lib.hr_omaha_ranges_plan_bytes(start, weight, 4, n)
    plan = ffi.new("uint8_t[]", size)
    assert lib.hr_omaha_ranges_plan(combos, start, weight, 4, n, ffi.NULL, 0, ffi.NULL, 0, 0, plan, size) == 0
    counts, squares, deals = ffi.new("uint64_t[]", 3 * n), ffi.new("uint64_t[]", n), ffi.new("uint64_t *")
    for current in ([0, 0, 0, 36], [-1, 0, 0, 0], [0, 10**6, 0, 0]):
        note = struct.pack("<3Q2Q2i", 1, 0, 0, 7, 0, 0, 0) + struct.pack("<i", 0) * (10 * 8)
        note += struct.pack("<10i", *current, *[0] * 6)
        resume = ffi.new("uint8_t[]", lib.HR_OMAHA_RESUME_BYTES)
        ffi.memmove(resume, note, len(note))
        assert lib.hr_omaha_ranges_deal(*pair_tables(), plan, 1, 5000, 0, 1, counts, squares, deals,
                                        resume) == lib.HR_ERR_RANGE
