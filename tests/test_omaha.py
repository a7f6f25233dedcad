"""Omaha high and hi-lo: every hand against the best of its 2 + 3 fives ranked one by one,
the low against a slow reference written from the rules, worked examples, showdown and
equity against plain enumeration, bad input."""

import itertools
import math

import numpy as np
import pytest

import handrank
from handrank import ace_to_five, omaha


def random_hands(count, nhole, seed):
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((count, 52)), axis=1)[:, :nhole + 5].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :nhole]), np.ascontiguousarray(cards[:, nhole:])


def brute_force(holes, boards, evaluate_many):
    """The best of every 2 + 3 five, each ranked on its own by a five-card evaluator."""
    fives = [(list(two), list(three)) for two in itertools.combinations(range(holes.shape[1]), 2)
             for three in itertools.combinations(range(5), 3)]
    best = None
    for two, three in fives:
        ranks = evaluate_many(np.ascontiguousarray(np.concatenate([holes[:, two], boards[:, three]], axis=1)))
        best = ranks if best is None else np.minimum(best, ranks)
    return best


@pytest.mark.parametrize("nhole", [4, 5, 6])
def test_high_equals_the_best_of_every_five(nhole):
    for part in range(4):  # 200,000 hands, in parts
        holes, boards = random_hands(50_000, nhole, 100 * nhole + part)
        assert np.array_equal(omaha.evaluate_many(holes, boards, threads=2),
                              brute_force(holes, boards, handrank.evaluate_many))


@pytest.mark.parametrize("nhole", [4, 5, 6])
@pytest.mark.parametrize("suits", [1, 2])
def test_flushes_and_straight_flushes(nhole, suits):
    # hands dealt from one or two suits: the flush path (the two best hole and three best board
    # cards of the suit, or every pair and triple when a straight flush may be there) on nearly
    # every row
    rng = np.random.default_rng(10 * nhole + suits)
    deck = np.array([c for c in range(52) if c & 3 < suits])
    cards = deck[np.argsort(rng.random((40_000, len(deck))), axis=1)[:, :nhole + 5]].astype(np.uint8)
    holes, boards = np.ascontiguousarray(cards[:, :nhole]), np.ascontiguousarray(cards[:, nhole:])
    highs = omaha.evaluate_many(holes, boards)
    assert np.array_equal(highs, brute_force(holes, boards, handrank.evaluate_many))
    assert (highs <= handrank.evaluate("7s 5s 4s 3s 2s")).mean() > (0.9 if suits == 1 else 0.2)  # flushes
    assert (highs <= 10).sum() > 500  # straight flushes


def test_plo4_high_equals_phevaluator():
    # an independent evaluator (phevaluator, PyPI, in the test extra) on 1,000,000 random hands
    from phevaluator import evaluate_omaha_cards

    agree = 0
    for part in range(10):
        holes, boards = random_hands(100_000, 4, 2026 + part)
        ours = omaha.evaluate_many(holes, boards).tolist()
        theirs = [evaluate_omaha_cards(*board, *hole) for hole, board in zip(holes.tolist(), boards.tolist())]
        assert ours == theirs
        agree += len(theirs)
    assert agree == 1_000_000


def low_reference(hole, board):
    """The 8-or-better low from the rules: (highest card, next, ...) of the best qualifying
    2 + 3 five, aces as 1, or None."""
    best = None
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            values = sorted({1 if c >> 2 == 12 else (c >> 2) + 2 for c in two + three}, reverse=True)
            if len(values) == 5 and values[0] <= 8 and (best is None or values < best):
                best = values
    return best


@pytest.mark.parametrize("nhole", [4, 5, 6])
def test_low_equals_the_rules(nhole):
    holes, boards = random_hands(200_000, nhole, 7 + nhole)
    lows = omaha.evaluate_low_many(holes, boards)
    # every hand against the ace-to-five ranks of its fives
    expected = brute_force(holes, boards, ace_to_five.evaluate_many)
    assert np.array_equal(lows, np.where(expected <= omaha.LOW_COUNT, expected, omaha.NO_LOW))
    # a sample against the rules themselves: same qualification, and the same order
    sample = range(0, 200_000, 40)
    reference = [low_reference(holes[i].tolist(), boards[i].tolist()) for i in sample]
    assert [lows[i] != omaha.NO_LOW for i in sample] == [r is not None for r in reference]
    keyed = sorted({(tuple(r), int(lows[i])) for i, r in zip(sample, reference) if r is not None})
    assert [low for _, low in keyed] == sorted(low for _, low in keyed)  # lower cards, lower rank
    assert len({key for key, _ in keyed}) == len({low for _, low in keyed})


@pytest.mark.parametrize(("hole", "board", "name"), [
    ("Ah 3c 4d 5s", "Kh Qh Jh Th 2c", "Ace-king-queen-jack-five high"),  # one heart: no flush, no straight
    ("As Ah Ad Kc", "2c 7d 9h Js 3s", "Pair of aces, jack-nine-seven"),  # only two aces play
    ("As Ah Ad Ac", "2c 7d 9h Js 3s", "Pair of aces, jack-nine-seven"),  # four aces: still one pair
    ("Ah 3c 4d 5s", "Kh Qh Jh 9h 2c", "Ace-king-queen-jack-five high"),  # four-flush board, one heart
    ("Kc Kd 5s 6s", "Kh Ks 2c 7d 9h", "Four kings, nine kicker"),
    ("9c 8d Qs Qh", "Tc Jd 7s 3h 4c", "Jack-high straight"),         # 9-8 with T-J-7, not Q-Q
    ("Ah 2h 3c 9d", "Kh Qh Jh 4s 5c", "Ace-king-queen-jack-deuce flush"),
    ("Ah 2h 3c 9d", "Kh Qh Jh Th 9h", "Ace-king-queen-jack-deuce flush"),  # a royal on board does not play
])
def test_worked_examples(hole, board, name):
    assert omaha.describe(omaha.evaluate(hole, board)) == name


def test_lows():
    assert omaha.evaluate_low("As 2d Kc Qh", "3c 4d 5h Js Td") == 1      # the wheel
    assert omaha.evaluate_low("As Kd Kc Qh", "2c 3d 4h 5s 6d") is None   # one low card in hand
    assert omaha.evaluate_low("As 2d 3c 4h", "9c Td 8h 7s Kd") is None   # two low cards on board
    assert omaha.evaluate_low("As Ad Kc Qh", "2c 3d 4h Ks Qd") is None   # two low cards, not distinct
    # A-2 on 3-4-5-K-K: the wheel is both the best low and the high (a five-high straight)
    assert omaha.evaluate_low("As 2d Qc Jh", "3c 4d 5h Ks Kd") == 1
    assert omaha.describe(omaha.evaluate("As 2d Qc Jh", "3c 4d 5h Ks Kd")) == "Five-high straight (wheel)"
    assert omaha.describe_low(56) == "Eight-seven-six-five-four low" and omaha.describe_low(None) == "No low"
    lows = [omaha.evaluate_low("Ac 2d Kd Ks", f"{a} {b} {c} Qs Qd") for a, b, c in
            (("3h", "4h", "5c"), ("3h", "4h", "6c"), ("3h", "4h", "8c"), ("6h", "7h", "8c"))]
    assert lows == sorted(lows) and len(set(lows)) == 4


def test_showdown_scoops_and_quarters():
    s = omaha.showdown(["As 8s Kd Kc", "2h 3h Qd Qc"], "5c 6d 7h Ks Qs", hilo=True)
    assert (s.high_winners, s.low_winners, s.share) == ([0], [1], [0.5, 0.5])
    split = omaha.showdown(["As 2s Kd Kc", "3h 4h Qd Qc"], "5c 6d 7h Ks Qs", hilo=True)
    assert split.high_winners == [1] and split.low_winners == [0]   # 3-4 makes a straight; A-2 the low
    scoop = omaha.showdown(["As 2s Kd Kc", "9h Th Qd Qc"], "5c 6d 7h Ks Qs", hilo=True)
    assert scoop.share == [1.0, 0.0] and scoop.scoops == [0]
    quarter = omaha.showdown(["As 2s Kd Kc", "Ah 2h Qd Qc", "9c 9d Td Tc"], "5c 6d 7h Ks 8s", hilo=True)
    assert quarter.high_winners == [2] and quarter.low_winners == [0, 1]
    assert quarter.share == [0.25, 0.25, 0.5] and quarter.quartered
    no_low = omaha.showdown(["As 2s Kd Kc", "Ah 2h 3d 3c"], "Tc Jd 7h Ks 8s", hilo=True)
    assert no_low.low_winners == [] and no_low.share == [1.0, 0.0]
    high_only = omaha.showdown(["As 8s Kd Kc", "2h 3h Qd Qc"], "5c 6d 7h Ks Qs")
    assert high_only.share == [1.0, 0.0] and not high_only.hilo


def enumerated(players, board, hilo):
    """Each player's expected share by dealing every board, through showdown()."""
    cards = [handrank.parse(p) for p in players]
    known = set(itertools.chain(*cards)) | set(board)
    deck = [c for c in range(52) if c not in known]
    total = np.zeros(len(players))
    count = 0
    for runout in itertools.combinations(deck, 5 - len(board)):
        total += omaha.showdown(cards, list(board) + list(runout), hilo=hilo).share
        count += 1
    return total / count, count


@pytest.mark.parametrize(("players", "board", "hilo"), [
    (["As Ah Kd Kc", "Qs Qh Jd Tc"], "2c 7d 9h 3s", False),
    (["As 2s Kd Kc", "Ah 3h Qd Qc", "4c 5c 9d 9h"], "6c 7d Th", True),
    (["As 2s 3d Kc Qh", "4h 5h Qd Qc 8s"], "6c 7d Th 9s", True),
    (["As 2s 3d Kc Qh 7h", "4h 5h Qd Qc 8s 8c"], "6c 7d Th", True),
    (["As Ks 2h 3h", "Qs Js 4h 5h", "8s 7s 8h 7h"], "Ts 9s 6h", True),  # flushes, straight flushes
    (["Ac Kc Qc Jc", "9c 8c 2d 3d"], "Tc 7c 4c", False),  # three of a suit already on the board
])
def test_equity_equals_enumeration(players, board, hilo):
    result = omaha.equity(players, board, hilo=hilo)
    expected, count = enumerated(players, handrank.parse(board), hilo)
    assert result.exact and result.boards == count
    assert np.allclose(result.equity, expected, atol=1e-12)
    assert math.isclose(sum(result.equity), 1.0)


@pytest.mark.parametrize(("players", "board"), [
    (["As Kd 2c 3c", "Ah Kc 2d 3d", "Qs Qh 4c 4d", "Js Jh 5c 5d"], "Ks Qc 7h"),  # split pots among four
    (["As Kd 2c 3c", "Ah Kc 2d 3d", "Qs Qh 4c 4d", "Js Jh 5c 5d", "Tc 9c 8d 6h"], "Ks 2s 7h"),
    (["As Kd 2c 3c", "Ah Kc 2d 3d", "Qs Qh 4c 4d", "Js Jh 5c 5d", "Tc 9c 8d 6h", "Ad Kh 2h 3h"], "Ks Qc 7h"),
])
def test_equity_of_four_to_six_players_counts_wins_and_ties(players, board):
    """A high pot of four players is counted by its sets of winners, of more one by one: every
    player's win (alone), tie and equity equal dealing every board through showdown()."""
    cards = [handrank.parse(p) for p in players]
    known = set(itertools.chain(*cards)) | set(handrank.parse(board))
    deck = [c for c in range(52) if c not in known]
    win, tie, share = np.zeros(len(players)), np.zeros(len(players)), np.zeros(len(players))
    count = 0
    for runout in itertools.combinations(deck, 5 - len(handrank.parse(board))):
        shown = omaha.showdown(cards, handrank.parse(board) + list(runout))
        winners = shown.high_winners
        for q in winners:
            win[q] += len(winners) == 1
            tie[q] += len(winners) > 1
        share += shown.share
        count += 1
    result = omaha.equity(players, board)
    assert result.exact and result.boards == count
    assert np.allclose(result.win, win / count, atol=1e-12) and np.allclose(result.tie, tie / count, atol=1e-12)
    assert np.allclose(result.equity, share / count, atol=1e-12)
    assert tie.sum() > 0  # the spot splits pots


def test_heads_up_preflop_is_exact():
    result = omaha.equity(["As Ah Kd Kc", "Qs Jh Td 9c"])
    assert result.exact and result.boards == math.comb(44, 5)


def test_monte_carlo_is_seeded_and_thread_independent():
    one = omaha.equity(["As Ah Kd Kc", "random", "random"], trials=100_000, seed=3, threads=1, hilo=True)
    two = omaha.equity(["As Ah Kd Kc", "random", "random"], trials=100_000, seed=3, threads=2, hilo=True)
    assert one == two and not one.exact
    exact = omaha.equity(["As 2s Kd Kc", "Ah 3h Qd Qc"], "6c 7d Th", hilo=True)
    sampled = omaha.equity(["As 2s Kd Kc", "Ah 3h Qd Qc"], "6c 7d Th", hilo=True, trials=200_000, seed=9)
    assert abs(sampled.equity[0] - exact.equity[0]) < 5 * sampled.stderr[0]


def test_monte_carlo_with_a_random_player_matches_enumeration():
    # a random player's four cards and the river come from one batched partial shuffle a deal;
    # 'xxxx' (every hand) enumerates the same spot exactly. Win and tie chances within 4.5
    # binomial standard errors (a deal that leaned on any card or position shows far beyond)
    exact = omaha.equity(["As Ah Kd Kc", "xxxx"], "2c 7h Th 3d")
    trials = 400_000
    sampled = omaha.equity(["As Ah Kd Kc", "random"], "2c 7h Th 3d", trials=trials, seed=4)
    assert exact.exact and not sampled.exact
    for got, want in ((sampled.win, exact.win), (sampled.tie, exact.tie)):
        for g, w in zip(got, want):
            assert abs(g - w) <= 4.5 * math.sqrt(w * (1 - w) / trials) + 1e-12


@pytest.mark.parametrize(("call", "words"), [
    (lambda: omaha.evaluate("As Ah Kd", "2c 3d 4h 5s 6c"), "4, 5 or 6 hole cards, got 3"),
    (lambda: omaha.evaluate("As Ah Kd Kc", "2c 3d 4h 5s"), "5 cards here, got 4"),
    (lambda: omaha.evaluate("As Ah Kd Kc", "As 3d 4h 5s 6c"), "'As'"),
    (lambda: omaha.evaluate_many(np.array([[0, 1, 2, 3]]), np.array([[4, 5, 6, 7, 3]])), "row 0: duplicate card"),
    (lambda: omaha.evaluate_many(np.array([[0, 1, 2, 3]]), np.array([[4, 5, 6, 7, 99]])), "99"),
    (lambda: omaha.evaluate_many(np.zeros((2, 3), dtype=np.uint8), np.zeros((2, 5), dtype=np.uint8)),
     "(N, 4 or 5 or 6)"),
    (lambda: omaha.evaluate_many(np.zeros((2, 4), dtype=np.uint8), np.zeros((3, 5), dtype=np.uint8)), "2 rows"),
    (lambda: omaha.showdown(["As Ah Kd Kc", "2c 3c 4c 5c 6c"], "7d 8d 9d Td Jd"), "same 4, 5 or 6"),
    (lambda: omaha.equity(["As Ah Kd Kc"]), "2 to 10 players"),
    (lambda: omaha.equity(["As Ah Kd Kc", "As 2c 3c 4c"]), "players[1]: card 'As'"),
    (lambda: omaha.equity(["As Ah Kd Kc", "2c 3c 4c 5c 6c"]), "same number of hole cards"),
    (lambda: omaha.equity(["As Ah Kd Kc", "QQ+"]), "players[1]"),
    (lambda: omaha.equity(["random"] * 9 + ["2c 3c 4c 5c 6c 7c"], trials=10), "cards are left"),
    (lambda: omaha.describe_low(57.0), "Omaha low"),
    (lambda: omaha.showdown_many(np.zeros((2, 8), np.uint8), np.zeros((2, 5), np.uint8)), "n x players x cards"),
])
def test_bad_input(call, words):
    with pytest.raises((ValueError, TypeError)) as caught:
        call()
    assert words in str(caught.value)


def test_cli(capsys):
    import json

    from handrank.cli import main

    assert main(["rank", "--game", "plo4", "As", "Ah", "Kd", "Kc", "2c", "7d", "9h", "Js", "3s"]) == 0
    assert "Pair of aces" in capsys.readouterr().out
    assert main(["rank", "--game", "plo4-hilo", "--json", "As 2d Kc Qh", "--board", "3c 4d 8h Js Td"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["low"] == 22 and report["best_five"] == "As Kc 8h Js Td"
    assert main(["compare", "--game", "plo4", "--board", "Qs Js Ts 9d 2h", "As Ks 2d 3c", "Qh Qd 4c 5c"]) == 0
    assert "first hand wins" in capsys.readouterr().out
    assert main(["showdown", "--game", "plo4-hilo", "--json", "--board", "5c 6d 7h Ks 8s", "As 2s Kd Kc",
                 "Ah 2h Qd Qc", "9c 9d Td Tc"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["high_winners"] == [3] and report["low_winners"] == [1, 2]
    assert [p["share"] for p in report["players"]] == [0.25, 0.25, 0.5]
    assert main(["equity", "--game", "plo5", "--json", "--board", "2c 7d 9h Js", "As Ah Kd Kc Qc",
                 "Qs Jh Td 9c 8c"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["exact"] and report["boards"] == 52 - 4 - 10
    assert main(["compare", "--game", "plo4", "As Ks 2d 3c", "Qh Qd 4c 5c"]) == 2
    assert "pass --board" in capsys.readouterr().err
    assert main(["rank", "--board", "2c 3c 4c 5c 6c", "As", "Ks"]) == 2
    assert "Omaha games" in capsys.readouterr().err


def test_one_hand_at_a_time_equals_the_bulk_path():
    holes, boards = random_hands(3_000, 5, 77)
    highs, lows = omaha.evaluate_many(holes, boards), omaha.evaluate_low_many(holes, boards)
    for hole, board, high, low in zip(holes.tolist(), boards.tolist(), highs, lows):
        assert omaha.evaluate(hole, board) == high
        assert omaha.evaluate_low(hole, board) == (None if low == omaha.NO_LOW else low)


@pytest.mark.parametrize("nhole", [4, 5, 6])
def test_pair_tables_equal_ranking_every_five(nhole):
    # the kernel's direct path (every 2 + 3 five through the five-card tables, as equity ranks
    # a showdown) against the pair tables, high and low together, random and one-suit hands
    from handrank._core import ffi, lib

    holes, boards = random_hands(100_000, nhole, 500 + nhole)
    one_suit = np.array([c for c in range(52) if c & 3 == 0])
    cards = one_suit[np.argsort(np.random.default_rng(nhole).random((20_000, 13)), axis=1)[:, :nhole + 5]]
    holes = np.concatenate([holes, cards[:, :nhole].astype(np.uint8)])
    boards = np.concatenate([boards, cards[:, nhole:].astype(np.uint8)])
    high, low = np.empty(len(holes), np.uint16), np.empty(len(holes), np.uint16)
    error = ffi.new("int *")
    assert lib.hr_omaha_batch(ffi.from_buffer("uint8_t[]", holes), nhole, ffi.from_buffer("uint8_t[]", boards),
                              len(holes), ffi.from_buffer("uint16_t[]", high), ffi.from_buffer("uint16_t[]", low),
                              error) == -1
    assert np.array_equal(omaha.evaluate_many(holes, boards), high)
    assert np.array_equal(omaha.evaluate_low_many(holes, boards), low)


def test_out_receives_the_ranks_and_is_checked():
    holes, boards = random_hands(2_000, 4, 78)
    for verb in (omaha.evaluate_many, omaha.evaluate_low_many):
        out = np.zeros(len(holes), dtype=np.uint16)
        assert verb(holes, boards, out=out, threads=2) is out
        assert np.array_equal(out, verb(holes, boards))
    empty = np.zeros((0, 4), np.uint8), np.zeros((0, 5), np.uint8)
    assert omaha.evaluate_many(*empty, out=np.zeros(0, np.uint16)).shape == (0,)
    with pytest.raises(ValueError, match=r"shape \(0,\)"):  # checked on the empty path too
        omaha.evaluate_many(*empty, out=np.zeros(1, np.uint16))
    for out, error, words in [(np.zeros(10, np.int32), TypeError, "uint16"), ([0] * 10, TypeError, "uint16"),
                              (np.zeros(9, np.uint16), ValueError, r"shape \(10,\)"),
                              (np.zeros(20, np.uint16)[::2], ValueError, "C-contiguous")]:
        with pytest.raises(error, match=words):
            omaha.evaluate_low_many(holes[:10], boards[:10], out=out)
    memory = np.zeros(40, np.uint8)  # the holes read in place, the ranks written over them
    memory[:] = holes[:10].reshape(-1)
    with pytest.raises(ValueError, match="overlaps the cards"):
        omaha.evaluate_many(memory.reshape(10, 4), boards[:10], out=memory[20:].view(np.uint16))


@pytest.mark.parametrize("nhole", [4, 5, 6])
def test_best_five_is_the_first_best_pair_and_triple(nhole):
    """best_five (one five at a time through the one-hand path) equals a brute force over every
    pair and triple in the order given, on random hands: the first of equal fives."""
    holes, boards = random_hands(1_500, nhole, 80 + nhole)
    for hole, board in zip(holes.tolist(), boards.tolist()):
        choices = [(list(two), list(three)) for two in itertools.combinations(hole, 2)
                   for three in itertools.combinations(board, 3)]
        ranks = [handrank.evaluate(two + three) for two, three in choices]
        assert omaha.best_five(hole, board) == choices[ranks.index(min(ranks))]
        assert min(ranks) == omaha.evaluate(hole, board)


def test_every_board_row_with_every_pair_of_hole_ranks():
    # every 5-rank board multiset (each a row of the pair tables) with a hand holding each pair
    # of hole ranks it leaves room for: the tables' path (eight hands a vector where the CPU has
    # AVX2) against the kernel's direct path (every 2 + 3 five through the five-card tables),
    # in evaluate_many and in showdown_many. Boards hold at most two cards of a suit, so no
    # flush hides a pair's entry.
    from handrank._core import ffi, lib

    holes, boards = [], []
    for board_ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(board_ranks.count(r) for r in set(board_ranks)) > 4:
            continue
        board = [4 * r + j % 4 for j, r in enumerate(board_ranks)]  # a rank's copies are adjacent: distinct suits
        left = [[4 * r + s for s in range(4) if 4 * r + s not in board] for r in range(13)]
        for a in range(13):
            for b in range(a, 13):
                if len(left[a]) < 1 + (a == b) or len(left[b]) < 1 + (a == b):
                    continue
                pair = left[a][:2] if a == b else [left[a][0], left[b][0]]
                fillers = [c for r in range(13) for c in left[r] if c not in pair][:2]
                holes.append(pair + fillers)
                boards.append(board)
    holes, boards = np.array(holes, np.uint8), np.array(boards, np.uint8)
    assert len({tuple(row) for row in np.sort(boards, axis=1)[:, :].tolist()}) > 6000
    high, low = np.empty(len(holes), np.uint16), np.empty(len(holes), np.uint16)
    error = ffi.new("int *")
    assert lib.hr_omaha_batch(ffi.from_buffer("uint8_t[]", holes), 4, ffi.from_buffer("uint8_t[]", boards),
                              len(holes), ffi.from_buffer("uint16_t[]", high), ffi.from_buffer("uint16_t[]", low),
                              error) == -1
    assert np.array_equal(omaha.evaluate_many(holes, boards), high)
    assert np.array_equal(omaha.evaluate_low_many(holes, boards), low)
    # the showdown's path: each hand with a second hand of the cards its row leaves, on its board
    used = np.zeros((len(holes), 52), bool)
    np.put_along_axis(used, np.concatenate([holes, boards], axis=1).astype(np.intp), True, axis=1)
    others = np.argsort(used, axis=1, kind="stable")[:, :4].astype(np.uint8)  # the four lowest cards left
    ranks, lows, _ = omaha.showdown_many(np.stack([holes, others], axis=1), boards, hilo=True)
    assert np.array_equal(ranks[:, 0], high) and np.array_equal(lows[:, 0], low)
    assert np.array_equal(ranks[:, 1], omaha.evaluate_many(others, boards))
