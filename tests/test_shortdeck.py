"""Short deck (6+) against a slow reference written from the rules: every five-card hand
under both rules, random 6- and 7-card hands, the published census, worked examples,
names, showdown, equity against plain enumeration, and bad input."""

import itertools
import json
import math

import numpy as np
import pytest
from reference_shortdeck import best_key, category_of

import handrank
from handrank import Category
from handrank import shortdeck as sd
from handrank.cli import main
from reference import for_every_five

FIVES = np.array(list(itertools.combinations(range(16, 52), 5)), dtype=np.uint8)


@pytest.fixture(scope="module", params=[False, True], ids=["standard", "trips_beat_straight"])
def rules(request):
    """The rule, the reference rank of every class (key -> 1 = best .. 1404) and the reference
    key of every five-card hand."""
    keys = for_every_five(FIVES, lambda hand: best_key(hand, request.param))
    ranks_of = {key: rank for rank, key in enumerate(sorted(set(keys), reverse=True), start=1)}
    return request.param, ranks_of, keys


def test_every_five_card_hand_equals_the_reference(rules):
    tbs, ranks_of, keys = rules
    assert len(ranks_of) == 1404 == sd.RANK_COUNT
    ranks = sd.evaluate_many(FIVES, trips_beat_straight=tbs)
    expected = np.array([ranks_of[key] for key in keys], dtype=np.uint16)
    assert np.array_equal(ranks, expected)
    # categories, and the names of every class, follow the ranks
    firsts = {int(rank): hand for rank, hand in zip(ranks, FIVES.tolist())}
    for rank, hand in firsts.items():
        assert sd.category(rank, trips_beat_straight=tbs) == category_of(best_key(hand, tbs), tbs)


@pytest.mark.parametrize("ncards", [6, 7])
def test_random_hands_equal_the_reference(rules, ncards):
    tbs, ranks_of, _ = rules
    rng = np.random.default_rng(11 + ncards + tbs)
    hands = (rng.random((200_000 if ncards == 7 else 100_000, 36)).argsort(axis=1)[:, :ncards] + 16).astype(np.uint8)
    ranks = sd.evaluate_many(hands, trips_beat_straight=tbs, threads=2)
    expected = np.array([ranks_of[best_key(hand, tbs)] for hand in hands.tolist()], dtype=np.uint16)
    assert np.array_equal(ranks, expected)


def test_census_equals_the_published_counts():
    published = {  # issue 11: hands, classes
        Category.STRAIGHT_FLUSH: (24, 6), Category.FOUR_OF_A_KIND: (288, 72), Category.FLUSH: (480, 120),
        Category.FULL_HOUSE: (1_728, 72), Category.STRAIGHT: (6_120, 6), Category.THREE_OF_A_KIND: (16_128, 252),
        Category.TWO_PAIR: (36_288, 252), Category.ONE_PAIR: (193_536, 504), Category.HIGH_CARD: (122_400, 120)}
    result = sd.census()
    assert [row.category for row in result.rows] == list(published)  # best first: a flush above a full house
    assert {row.category: (row.hands, row.ranks) for row in result.rows} == published
    assert (result.hands, result.ranks) == (376_992, 1_404)
    tbs = sd.census(trips_beat_straight=True)
    order = [row.category for row in tbs.rows]
    assert order.index(Category.THREE_OF_A_KIND) == order.index(Category.STRAIGHT) - 1
    assert {row.category: (row.hands, row.ranks) for row in tbs.rows} == published


@pytest.mark.parametrize("ncards", [6, 7])
def test_census_of_more_cards_equals_ranking_every_hand(ncards):
    result = sd.census(ncards)
    assert result.hands == math.comb(36, ncards)
    if ncards == 6:  # every hand through evaluate_many: the same counts
        hands = np.array(list(itertools.combinations(range(16, 52), 6)), dtype=np.uint8)
        counts = np.bincount(sd.evaluate_many(hands), minlength=1405)
        by_category = {}
        for rank in np.flatnonzero(counts):
            kind = sd.category(int(rank))
            by_category[kind] = by_category.get(kind, 0) + int(counts[rank])
        assert by_category == {row.category: row.hands for row in result.rows if row.hands}


@pytest.mark.parametrize(("better", "worse", "tbs"), [
    ("6c 7d 8h 9s Tc", "Ac 6d 7h 8s 9c", False),   # A-6-7-8-9 is a straight, the lowest
    ("Ac 6d 7h 8s 9c", "Ac Ad Kh Qs Jd", False),   # and still beats a pair of aces
    ("Ah Kh 9h 8h 6h", "Ac Ad As Kc Kd", False),   # a flush beats a full house
    ("6c 7d 8h 9s Tc", "Ac Ad As Kc Qd", False),   # a straight beats trips
    ("6c 6d 6h Ks Qc", "Tc Jd Qh Ks Ac", True),    # unless trips beat straights
    ("6s 7s 8s 9s As", "Ac Ad As Ah Kc", False),   # the lowest straight flush beats quads
    ("6c 7c 8c 9c Tc Ac Kc", "Ac 6c 7c 8c 9c Jd Jh", False),  # seven cards: the best five
])
def test_worked_examples(better, worse, tbs):
    assert sd.compare(better, worse, trips_beat_straight=tbs) == 1
    assert sd.compare(worse, better, trips_beat_straight=tbs) == -1


def test_names_are_distinct():
    for tbs in (False, True):
        names = [sd.describe(rank, trips_beat_straight=tbs) for rank in range(1, 1405)]
        assert len(set(names)) == 1404
    assert sd.describe(sd.evaluate("Ac 6d 7h 8s 9c")) == "Nine-high straight"
    assert sd.describe(sd.evaluate("Ac Kc Qc Jc Tc")) == "Royal flush"
    assert sd.describe(sd.evaluate("Tc Td Th 6s 6c"), short=True) == "Tens full"


def test_best_five_orders_the_low_straight_from_the_nine():
    assert handrank.format_cards(sd.best_five("As 9c 8d 7h 6s Ks Qd")) == "9c 8d 7h 6s As"
    assert handrank.format_cards(sd.best_five("Qh 9h 6h Qs 7c Ah Kh")) == "Ah Kh Qh 9h 6h"


def test_showdown_a_flush_beats_a_full_house():
    result = sd.showdown(["Ah Kh", "Qc 9d", "Qd 9c"], "Qh 9h 6h Qs 7c")
    assert result.winners == [0]
    assert [p.category for p in result.players] == [Category.FLUSH, Category.FULL_HOUSE, Category.FULL_HOUSE]
    assert result.as_dict()["players"][1]["short_name"] == "Queens full"
    tied = sd.showdown(["Ac Kd", "As Kh"], "Tc Jd Qh 7s 6c")
    assert tied.winners == [0, 1]


def brute_force(holes, board, tbs=False):
    """Equity of fixed hands by ranking every runout with evaluate_many."""
    known = set(board) | {c for hole in holes for c in hole}
    deck = [c for c in range(16, 52) if c not in known]
    runouts = np.array(list(itertools.combinations(deck, 5 - len(board))), dtype=np.uint8).reshape(-1, 5 - len(board))
    boards = np.hstack([np.tile(np.array(board, dtype=np.uint8), (len(runouts), 1)), runouts])
    ranks = np.stack([sd.evaluate_many(np.hstack([np.tile(np.array(hole, dtype=np.uint8), (len(boards), 1)), boards]),
                                       trips_beat_straight=tbs) for hole in holes], axis=1)
    best = ranks.min(axis=1, keepdims=True)
    winners = ranks == best
    shares = winners / winners.sum(axis=1, keepdims=True)
    return shares.mean(axis=0), len(boards)


@pytest.mark.parametrize(("holes", "board", "tbs"), [
    (["As Ah", "Kd Kc"], "", False),
    (["As Ks", "Qh Jh", "Tc Td"], "Js 9h 6s", False),
    (["7c 7d", "Ah Kh"], "8c 9d Th", True),
    (["Ac 6d", "9s 8s", "Kh Qh", "Tc Td"], "7s 7h Jd Jc", False),
])
def test_equity_of_hands_equals_enumeration(holes, board, tbs):
    result = sd.equity(holes, board, trips_beat_straight=tbs)
    expected, boards = brute_force([handrank.parse(h) for h in holes], handrank.parse(board) if board else [], tbs)
    assert result.exact and result.boards == boards
    assert np.allclose(result.equity, expected, atol=1e-12)


def test_equity_of_ranges_equals_the_sum_over_combos():
    players, board = ["QQ+,AKs", "JJ,T9s"], "Js 7h 6c"
    result = sd.equity(players, board)
    combos = [[(a, b) for (a, b) in handrank.parse_range(r) if min(a, b) >= 16] for r in players]
    total, share = 0, np.zeros(2)
    known = set(handrank.parse(board))
    for a in combos[0]:
        for b in combos[1]:
            if len({*a, *b} | known) < 4 + len(known):
                continue
            equity, boards = brute_force([list(a), list(b)], sorted(known))
            share += equity * boards
            total += boards
    assert result.exact and result.boards == total
    assert np.allclose(result.equity, share / total, atol=1e-12)


def test_ranges_lose_their_combos_below_six():
    # '22+' is 66+ here: its equity equals that of '66+'
    assert sd.equity(["22+", "AKs"], "Ts 9h 8c").equity == sd.equity(["66+", "AKs"], "Ts 9h 8c").equity
    random = sd.equity(["random", "AsAh"], "Kd 7c 6s 9h")
    assert random.boards == math.comb(30, 2) * 28  # 30 unseen cards: a combo of two, then one of 28 rivers


def test_percentage_ranges_are_refused_with_their_reason():
    # Hold'em's order of starting hands is not short deck's: '15%' would be the wrong hands
    for players in (["15%", "AKs"], ["AsAh", "KK, top10%"], ["AA", "0.5(5%-10%)"]):
        with pytest.raises(ValueError, match=r"players\[\d\]: percentage ranges .* not short deck's"):
            sd.equity(players, trials=1000, seed=1)


def test_monte_carlo_is_seeded_and_thread_independent():
    one = sd.equity(["AA,KK", "random"], trials=200_000, seed=5, threads=1)
    two = sd.equity(["AA,KK", "random"], trials=200_000, seed=5, threads=2)
    assert one == two and not one.exact
    exact = sd.equity(["As Ah", "random"], "Kd 7c 6s")
    sampled = sd.equity(["As Ah", "random"], "Kd 7c 6s", trials=400_000, seed=3)
    assert abs(sampled.equity[0] - exact.equity[0]) < 5 * sampled.stderr[0]


@pytest.mark.parametrize(("call", "words"), [
    (lambda: sd.evaluate("5c 6d 7h 8s 9c"), "'5c' is not in the short deck"),
    (lambda: sd.evaluate_many(np.array([[16, 17, 18, 19, 20], [51, 50, 49, 2, 47]], dtype=np.uint8)),
     "row 1: card '2h' (id 2) in column 3 is not in the short deck"),
    (lambda: sd.evaluate_many(np.array([[16, 17, 18, 19, 20, 21, 3]], dtype=np.uint8)), "row 0: card '2s'"),
    (lambda: sd.evaluate_many(np.array([[16, 17, 18, 19, 20, 21]], dtype=np.uint8) * 0 + 52), "out of range"),
    (lambda: sd.evaluate_many(np.array([[16, 17, 18, 18, 20]], dtype=np.uint8)), "duplicate card"),
    (lambda: sd.showdown(["4c 6d", "Ah Kh"], "Qh 9h 6h"), "holes[0]: card '4c' is not in the short deck"),
    (lambda: sd.showdown(["7c 6d", "Ah Kh"], "Qh 9h 2h"), "board: card '2h'"),
    (lambda: sd.equity(["As Ah", "5d 5c"]), "players[1]: card '5c'"),
    (lambda: sd.equity(["As Ah", "55,44"]), "players[1]: no combo of '55,44' is in the short deck"),
    (lambda: sd.equity(["As Ah", "KK"], "Kd 7c 3s"), "board: card '3s'"),
    (lambda: sd.equity(["As Ah", "KK"], dead="2c"), "dead: card '2c'"),
    (lambda: sd.equity(["As Ah", "As Kd"]), "'As'"),
    (lambda: sd.describe(1405), "1404"),
])
def test_bad_input(call, words):
    with pytest.raises(ValueError, match=None) as caught:
        call()
    assert words in str(caught.value)


def test_a_flush_with_a_card_below_six_elsewhere_is_refused():
    # five hearts from the short deck and a deuce: the flush path checks the other cards too
    with pytest.raises(ValueError, match="'2c'"):
        sd.evaluate_many(np.array([[18, 22, 26, 30, 34, 0, 51]], dtype=np.uint8))


def test_cli(capsys):
    assert main(["rank", "--game", "shortdeck", "Ac", "6d", "7h", "8s", "9c"]) == 0
    assert "Nine-high straight" in capsys.readouterr().out
    assert main(["compare", "--game", "shortdeck", "Ah Kh 9h 8h 6h", "Ac Ad As Kc Kd"]) == 0
    assert "first" in capsys.readouterr().out.lower()
    assert main(["census", "--game", "shortdeck", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 376_992 and data["ranks"] == 1404
    assert main(["showdown", "--game", "shortdeck", "--board", "Qh 9h 6h Qs 7c", "Ah Kh", "Qc 9d"]) == 0
    assert "winner: player 1" in capsys.readouterr().out
    assert main(["equity", "--game", "shortdeck", "--json", "AsAh", "KdKc"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] and data["boards"] == 201_376
    assert main(["rank", "--game", "shortdeck", "2c", "6d", "7h", "8s", "9c"]) == 2
    assert "'2c' is not in the short deck" in capsys.readouterr().err


@pytest.mark.parametrize("trips_beat_straight", [False, True])
def test_best_five_is_the_first_best_five(trips_beat_straight):
    """best_five (each five through the one-hand path) holds the first five of the best rank in
    the order given, on random hands of 5, 6 and 7 cards."""
    rng = np.random.default_rng(17 + trips_beat_straight)
    for n in range(3_000):
        hand = (rng.permutation(36)[:5 + n % 3] + 16).tolist()
        fives = list(itertools.combinations(hand, 5))
        ranks = [sd.evaluate(list(five), trips_beat_straight) for five in fives]
        best = sd.best_five(hand, trips_beat_straight=trips_beat_straight)
        assert sorted(best) == sorted(fives[ranks.index(min(ranks))])
        assert sd.evaluate(best, trips_beat_straight) == sd.evaluate(hand, trips_beat_straight)
