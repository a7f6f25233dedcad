"""deal, showdown_many, holdings: against evaluate_many, a slow per-row reference, chi-square
uniformity, and bad input."""

import itertools

import numpy as np
import pytest

from handrank import (
    Category,
    categories,
    deal,
    evaluate_many,
    format_cards,
    holding_index,
    holdings,
    parse,
    showdown_many,
)


def test_holdings_order_and_index_round_trip():
    h = holdings()
    assert h.shape == (1326, 2) and h.dtype == np.uint8
    assert len({tuple(row) for row in h.tolist()}) == 1326 and (h[:, 0] > h[:, 1]).all()
    for i in (0, 1, 77, 1000, 1325):
        assert holding_index(h[i].tolist()) == i and holding_index(list(reversed(h[i].tolist()))) == i
    assert format_cards(h[holding_index("Kd 7c")]) == "Kd 7c"
    with pytest.raises(ValueError, match="duplicate card '3d'"):
        holding_index([5, 5])
    with pytest.raises(ValueError, match="two cards"):
        holding_index("As Ah Ad")


def test_showdown_ranks_equal_evaluate_many():
    holes, boards = deal(60_000, 4, seed=3)
    ranks, shares = showdown_many(holes, boards)
    rows = np.concatenate([holes.reshape(-1, 2), np.repeat(boards, 4, axis=0)], axis=1)
    assert np.array_equal(ranks.reshape(-1), evaluate_many(rows))
    assert (shares.sum(axis=1) == 2520).all()


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6, 10])
def test_showdown_ranks_equal_evaluate_many_where_flushes_are_common(players):
    # Boards with three, four or five cards of one suit (the suit a flush can be in; each
    # suit in turn), holes dealt from what is left: rows where some hands flush and others do
    # not, straight flushes, and the board's own flush. The flush ranks are found apart from
    # the other ranks.
    rng = np.random.default_rng(players)
    n = 4000
    holes = np.empty((n, players, 2), np.uint8)
    boards = np.empty((n, 5), np.uint8)
    for row in range(n):
        suited, suit = 3 + row % 3, (row // 3) % 4
        flush_suit = np.arange(suit, 52, 4)
        board = np.concatenate([rng.choice(flush_suit, suited, replace=False),
                                rng.choice(np.setdiff1d(np.arange(52), flush_suit), 5 - suited, replace=False)])
        rest = rng.permutation(np.setdiff1d(np.arange(52), board))[:2 * players]
        boards[row], holes[row] = rng.permutation(board), rest.reshape(players, 2)
    ranks, shares = showdown_many(holes, boards)
    rows = np.concatenate([holes.reshape(-1, 2), np.repeat(boards, players, axis=0)], axis=1)
    expected = evaluate_many(rows).reshape(n, players)
    assert np.array_equal(ranks, expected)
    kinds = categories(expected)
    assert np.isin(kinds, [Category.FLUSH, Category.STRAIGHT_FLUSH]).mean() > 0.15  # common here
    winners = expected == expected.min(axis=1, keepdims=True)
    assert np.array_equal(shares, winners * (2520 // winners.sum(axis=1, keepdims=True)))


def slow_shares(ranks):
    best = min(ranks)
    winners = [p for p, r in enumerate(ranks) if r == best]
    return [2520 // len(winners) if p in winners else 0 for p in range(len(ranks))]


def test_shares_equal_a_per_row_reference_with_forced_ties():
    rng = np.random.default_rng(5)
    holes, boards = deal(20_000, 5, seed=9)
    # Forced splits: a board that plays for everybody (a royal flush), and pairs of players
    # holding the same ranks in other suits (2-, 3- and 4-way ties on many boards).
    boards[:2000] = parse("As Ks Qs Js Ts")
    holes[:2000] = np.array([parse(h) for h in ("2c 3d", "4c 5d", "6c 7d", "8c 9d", "2d 3c")], dtype=np.uint8)
    boards[2000:4000] = parse("2h 2s 7c 8d 9h")
    holes[2000:4000] = np.array([parse(h) for h in ("Ac Kd", "Ad Kc", "Ah Kh", "As Ks", "Qc Jd")], dtype=np.uint8)
    boards[4000:6000] = parse("Kc Kd 7h 7s 2c")  # A, Q, J kickers against the board's two pair
    holes[4000:6000] = np.array([parse(h) for h in ("Ac 3d", "Ad 4c", "Ah 5d", "Qs 3s", "Jd 4s")], dtype=np.uint8)
    ranks, shares = showdown_many(holes, boards)
    assert (shares[4000:6000, :3] == 840).all() and (shares[4000:6000, 3:] == 0).all()  # a 3-way split
    for row in list(range(0, 6000, 97)) + rng.integers(6000, 20_000, 300).tolist():
        assert shares[row].tolist() == slow_shares(ranks[row].tolist()), row
    assert (shares[:2000] == 504).all()  # five-way split of the board's royal flush
    assert sorted(set((shares[2000:4000] > 0).sum(axis=1).tolist())) >= [2, 4]


@pytest.mark.parametrize("players", range(1, 11))
def test_shares_of_every_row_for_every_player_count(players):
    # every row against numpy's min / count / split, for sizes around the kernel's blocks and
    # its 8-lane rows (the last rows of a call are done one player at a time)
    for n in (1, 2, 3, 63, 64, 65, 1000):
        holes, boards = deal(n, players, seed=100 * players + n)
        boards[::3] = parse("As Ks Qs Js Ts")  # the board plays for everybody: an n-way split
        holes[::3] = np.arange(2 * players, dtype=np.uint8).reshape(players, 2)
        ranks, shares = showdown_many(holes, boards)
        winners = ranks == ranks.min(axis=1, keepdims=True)
        assert np.array_equal(shares, winners * (2520 // winners.sum(axis=1, keepdims=True))), n
        assert (shares[::3] == 2520 // players).all()


def test_deal_is_uniform():
    holes, boards = deal(400_000, 2, seed=2026)
    cards = np.concatenate([holes.reshape(len(holes), -1), boards], axis=1)
    assert all(len(set(row)) == 9 for row in cards[:1000].tolist())
    # every card equally likely in every position: chi-square over 52 cells, 51 degrees of freedom
    for position in range(9):
        counts = np.bincount(cards[:, position], minlength=52)
        expected = len(cards) / 52
        chi2 = ((counts - expected) ** 2 / expected).sum()
        assert chi2 < 100, (position, chi2)  # P(chi2_51 > 100) < 1e-4
    # pairs of positions: the 52 x 51 ordered pairs of the first two board cards
    pairs = np.bincount(boards[:, 0].astype(int) * 52 + boards[:, 1], minlength=52 * 52).reshape(52, 52)
    observed = pairs[~np.eye(52, dtype=bool)]
    expected = len(cards) / (52 * 51)
    chi2 = ((observed - expected) ** 2 / expected).sum()
    assert chi2 < 2652 + 6 * np.sqrt(2 * 2651), chi2  # about six standard deviations above the mean


def test_known_cards_stay_put_and_appear_nowhere_else():
    holes, boards = deal(50_000, 3, hole_cards=[None, "As Ah", None], board_cards="Kd 7c", dead="2c 2d", seed=4)
    assert (holes[:, 1] == parse("As Ah")).all() and (boards[:, :2] == parse("Kd 7c")).all()
    everything = np.concatenate([holes.reshape(len(holes), -1), boards], axis=1)
    for card in parse("As Ah Kd 7c 2c 2d"):
        assert ((everything == card).sum(axis=1) == (0 if card in parse("2c 2d") else 1)).all()
    assert all(len(set(row)) == 11 for row in everything[:2000].tolist())


def test_random_names_a_player_dealt_at_random_in_every_games_dealer():
    from handrank import omaha, shortdeck, stud

    dealers = ((deal, "As Ah"), (shortdeck.deal, "As Ah"), (omaha.deal, "As Ah Kd Kc"), (stud.deal, "As Ah Kd"))
    for dealer, known in dealers:
        plain = dealer(2000, 3, hole_cards=[None, known, None], seed=8)
        for word in ("random", " Random ", "RANDOM", ""):
            named = dealer(2000, 3, hole_cards=[word, known, "random"], seed=8)
            assert all(np.array_equal(a, b) for a, b in zip(named, plain)), (dealer, word)
        with pytest.raises(ValueError, match=r"hole_cards\[0\]: unknown rank 'r' in 'randoms'"):
            dealer(10, 3, hole_cards=["randoms", known, None], seed=8)


def test_a_dealt_deal_goes_straight_into_every_games_showdown_and_equity():
    """holes[i] from a dealer is a 2-D array, one row a player: each game's one-deal verbs and
    dealers take it as they take the same rows as lists, errors named by player as ever."""
    import handrank
    from handrank import omaha, shortdeck, stud

    for game, kwargs in ((handrank, {}), (shortdeck, {}), (omaha, {"trials": 2000, "seed": 1})):
        holes, boards = game.deal(4, 3, seed=5)
        for i in range(4):
            assert game.showdown(holes[i], boards[i]) == game.showdown(holes[i].tolist(), boards[i])
            assert game.equity(holes[i], boards[i][:3], **kwargs) == game.equity(holes[i].tolist(), boards[i][:3],
                                                                                  **kwargs)
        assert np.array_equal(game.deal(50, 3, hole_cards=holes[0], seed=2)[0],
                              game.deal(50, 3, hole_cards=holes[0].tolist(), seed=2)[0])
    hands = stud.deal(4, 3, seed=5)
    assert stud.showdown(hands[1]) == stud.showdown(hands[1].tolist())
    assert stud.equity(hands[1][:, :3], trials=2000, seed=1) == stud.equity(hands[1][:, :3].tolist(), trials=2000,
                                                                           seed=1)
    for game, kwargs in ((handrank, {}), (shortdeck, {}), (omaha, {"hole": 4})):  # None: random, as dealers take it
        known = "As Ah Kd Kc" if game is omaha else "As Ah"
        assert game.equity([None, known], trials=3000, seed=2, **kwargs) == game.equity(
            ["random", known], trials=3000, seed=2, **kwargs)
    # a column of hands or ranges as an array of strings, as from a table
    assert handrank.equity(np.array(["AsAh", "KK, QQ"]), "2c 3c 4c") == handrank.equity(["AsAh", "KK, QQ"], "2c 3c 4c")
    assert omaha.equity(np.array(["AAxx", "random"], dtype=object), trials=2000, seed=1) == omaha.equity(
        ["AAxx", "random"], trials=2000, seed=1)
    with pytest.raises(TypeError, match="players must be a list of hands"):  # one hand is not a list of players
        handrank.equity(np.array([51, 50]))
    with pytest.raises(ValueError, match=r"holes\[1\]: card id 52 is out of range"):
        handrank.showdown(np.array([[51, 50], [49, 52]]), "2c 3c 4c")
    with pytest.raises(TypeError, match=r"players\[0\]: expected two hole cards .* got float 51.0"):
        handrank.equity(np.array([[51.0, 50.0], [49.0, 48.0]]))


def test_a_seed_gives_the_same_deals_on_any_number_of_threads():
    one = deal(300_000, 6, seed=11)
    two = deal(300_000, 6, seed=11, threads=2)
    assert all(np.array_equal(a, b) for a, b in zip(one, two))
    assert not np.array_equal(one[0], deal(300_000, 6, seed=12)[0])


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"n": -1, "players": 2}, ValueError, "n must be from 0"),
    ({"n": 10, "players": 0}, ValueError, "players must be from 1 to 23"),
    ({"n": 10, "players": 24}, ValueError, "players must be from 1 to 23"),
    ({"n": 10, "players": 2, "board": 6}, ValueError, "board must be from 0 to 5"),
    ({"n": 10, "players": 2, "board": "As Ks Qs"}, TypeError, "give known board cards as board_cards="),
    ({"n": 10, "players": 2, "board": ["As", "Ks"]}, TypeError, "board is how many board cards to deal"),
    ({"n": 10, "players": 2.0}, TypeError, "players"),
    ({"n": 10, "players": 23, "board": 5, "dead": "2c 2d"}, ValueError, "needs 51 more cards and the deck has 50"),
    ({"n": 10, "players": 2, "hole_cards": ["As Ah", "As Kd"]}, ValueError, "card 'As' is both in hole_cards[0]"),
    ({"n": 10, "players": 2, "hole_cards": ["As Ah"]}, ValueError, "1 entries for 2 players"),
    ({"n": 10, "players": 2, "hole_cards": ["As", None]}, ValueError, "two cards or None"),
    ({"n": 10, "players": 2, "board_cards": "Kd 7c", "dead": "7c"}, ValueError, "'7c' is both in board_cards"),
    ({"n": 10, "players": 2, "board": 2, "board_cards": "Kd 7c 2h"}, ValueError, "3 cards for a board of 2"),
    ({"n": 10, "players": 2, "seed": -5}, ValueError, "seed"),
    ({"n": 10, "players": 2, "threads": 0}, ValueError, "threads"),
])
def test_deal_bad_input(kwargs, error, words):
    with pytest.raises(error) as info:
        deal(**kwargs)
    assert words in str(info.value)


def test_showdown_bad_input_names_the_row():
    holes, boards = deal(1000, 3, seed=1)
    bad = holes.copy()
    bad[417, 2, 1] = bad[417, 0, 0]
    with pytest.raises(ValueError, match="row 417: a card used twice"):
        showdown_many(bad, boards)
    bad = boards.copy()
    bad[3, 4] = 52
    with pytest.raises(ValueError, match="row 3: a card id above 51"):
        showdown_many(holes, bad)
    wide = holes.astype(np.int64)
    wide[8, 1, 1] = 300
    with pytest.raises(ValueError, match="row 8: card id 300 is out of range"):
        showdown_many(wide, boards)
    with pytest.raises(ValueError, match="shape"):
        showdown_many(holes, boards[:, :4])
    with pytest.raises(ValueError, match="1000 rows and boards 999"):
        showdown_many(holes, boards[:999])
    with pytest.raises(TypeError, match="integer"):
        showdown_many(holes.astype(float), boards)
    with pytest.raises(ValueError, match="1 to 10 players"):
        showdown_many(np.zeros((1, 11, 2), np.uint8), boards[:1])


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6, 8])
def test_showdown_finds_a_repeat_or_bad_id_at_every_position(players):
    # each pair of a row's card positions repeated, and a bad id in each position, in a row of
    # a whole block of 64 (the vector paths) and in the last rows (the rest)
    holes, boards = deal(150, players, seed=players)
    positions = [("board", j) for j in range(5)] + [("holes", j) for j in range(2 * players)]

    def put(row, position, card):
        h, b = holes.copy(), boards.copy()
        where, j = position
        if where == "board":
            b[row, j] = card
        else:
            h[row, j // 2, j % 2] = card
        return h, b

    def card_at(row, position):
        where, j = position
        return boards[row, j] if where == "board" else holes[row, j // 2, j % 2]

    for row in (70, 149):
        for first, second in itertools.combinations(positions, 2):
            h, b = put(row, second, card_at(row, first))
            with pytest.raises(ValueError, match=f"row {row}: a card used twice"):
                showdown_many(h, b)
        for position in positions:
            h, b = put(row, position, 52 + row)
            with pytest.raises(ValueError, match=f"row {row}: a card id above 51"):
                showdown_many(h, b)


def test_showdown_into_given_arrays():
    holes, boards = deal(5000, 4, seed=9)
    expected = showdown_many(holes, boards)
    ranks, shares = np.full((5000, 4), 7, np.uint16), np.full((5000, 4), 7, np.uint16)
    got = showdown_many(holes, boards, out=(ranks, shares), threads=2)
    assert got[0] is ranks and got[1] is shares
    assert np.array_equal(ranks, expected[0]) and np.array_equal(shares, expected[1])
    assert showdown_many(holes, boards, out=[ranks, shares])[0] is ranks


def test_returned_arrays_are_separate_contiguous_and_outlive_each_other():
    """A deal's and a showdown's arrays come from one allocation (handed back whole, kept by the
    allocator for the next call): each is still its own C-contiguous, writeable array, none
    overlaps another, each lives on when the others are gone, and they go back in as out=."""
    from handrank import omaha, shortdeck, stud

    results = [deal(300, 3, seed=4), shortdeck.deal(300, 3, seed=4), omaha.deal(300, 2, hole=5, seed=4),
               (stud.deal(300, 3, seed=4),)]
    results += [showdown_many(*results[0]), shortdeck.showdown_many(*results[1]), stud.showdown_many(*results[3]),
                omaha.showdown_many(*results[2], hilo=True)]
    for arrays in results:
        for a, b in itertools.combinations(arrays, 2):
            assert not np.may_share_memory(a, b)
        for array in arrays:
            assert array.flags.c_contiguous and array.flags.writeable
    holes, boards = deal(2000, 4, seed=5)
    ranks, shares = showdown_many(holes, boards)
    expected_shares = shares.copy()
    ranks[:] = 0  # writing one leaves the other as it was
    assert np.array_equal(shares, expected_shares) and shares.sum() == 2000 * 2520
    del ranks
    assert np.array_equal(showdown_many(holes, boards)[1], shares)
    again = showdown_many(holes, boards)
    assert showdown_many(holes, boards, out=again)[1] is again[1]
    assert np.array_equal(again[1], expected_shares)
    kept_boards = deal(1000, 2, seed=6)[1]  # the holes dropped at once
    assert np.array_equal(kept_boards, deal(1000, 2, seed=6)[1]) and kept_boards.shape == (1000, 5)


@pytest.mark.parametrize("make_out, error, words", [
    (lambda n: (np.zeros((n, 4), np.int32), np.zeros((n, 4), np.uint16)), TypeError,
     "out[0] (ranks) must be a numpy uint16"),
    (lambda n: (np.zeros((n, 4), np.uint16), [[0] * 4] * n), TypeError, "out[1] (shares) must be a numpy uint16"),
    (lambda n: (np.zeros((n, 3), np.uint16), np.zeros((n, 4), np.uint16)), ValueError, "shape (100, 4)"),
    (lambda n: (np.zeros((n, 4), np.uint16), np.zeros((4, n), np.uint16).T), ValueError, "C-contiguous"),
    (lambda n: (np.zeros((n, 4), np.uint16),), TypeError, "pair (ranks, shares)"),
    (lambda n: np.zeros((n, 4), np.uint16), TypeError, "pair (ranks, shares)"),
    (lambda n: (lambda a: (a, a))(np.zeros((n, 4), np.uint16)), ValueError, "share memory"),
])
def test_showdown_out_refused(make_out, error, words):
    holes, boards = deal(100, 4, seed=2)
    with pytest.raises(error) as info:
        showdown_many(holes, boards, out=make_out(100))
    assert words in str(info.value)


def test_showdown_out_overlapping_the_cards_is_refused():
    holes, boards = deal(100, 4, seed=3)
    buffer = np.zeros((100, 4), np.uint16)
    buffer.view(np.uint8).reshape(100, 4, 2)[:] = holes  # the hole cards live in the ranks' memory
    with pytest.raises(ValueError, match="overwrite cards not yet read"):
        showdown_many(buffer.view(np.uint8).reshape(100, 4, 2), boards, out=(buffer, np.zeros((100, 4), np.uint16)))


def test_showdown_on_dask_arrays():
    import dask.array as da
    holes, boards = deal(50_000, 3, seed=6)
    ranks, shares = showdown_many(da.from_array(holes, chunks=(20_000, 3, 2)), da.from_array(boards, chunks=20_000))
    direct = showdown_many(holes, boards)
    assert np.array_equal(ranks.compute(), direct[0]) and np.array_equal(shares.compute(), direct[1])
    bad = holes.copy()
    bad[31_000, 0] = bad[31_000, 1]
    ranks, _ = showdown_many(da.from_array(bad, chunks=(20_000, 3, 2)), da.from_array(boards, chunks=20_000))
    with pytest.raises(ValueError, match="row 31000"):
        ranks.compute()
    with pytest.raises(TypeError, match="out= does not apply to dask arrays"):
        showdown_many(da.from_array(holes, chunks=20_000), boards, out=direct)


def test_every_deal_of_one_small_case():
    # all 2-player deals with a fixed board: each pair of holdings appears, nothing else
    holes, boards = deal(20_000, 2, board=5, board_cards="As Ks Qs Js Ts", seed=3)
    seen = {tuple(sorted(map(tuple, h.tolist()))) for h in holes}
    assert all(not set(itertools.chain(*pair)) & set(parse("As Ks Qs Js Ts")) for pair in seen)
