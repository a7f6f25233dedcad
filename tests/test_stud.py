"""Seven-card stud and Razz, one deal at a time: ``stud.showdown`` against each game's evaluate,
``stud.equity`` exact against plain enumeration written here and sampled against exact, and
``stud.deal`` with some of each player's cards known (as the streets show them)."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

import handrank
from handrank import ace_to_five, stud
from handrank.cards import parse


def _rank(cards: list[int], razz: bool) -> int:
    return ace_to_five.evaluate(cards) if razz else handrank.evaluate(cards)


def _enumerated(players: list[str], dead: str, razz: bool) -> tuple[list[float], list[float], list[float], int]:
    """win, tie and equity over every way to deal each player to seven cards (a loop a deal)."""
    hands = [parse(p) for p in players]
    taken = {c for hand in hands for c in hand} | set(parse(dead) if dead else [])
    deck = [c for c in range(52) if c not in taken]
    needs = [7 - len(hand) for hand in hands]
    n = len(hands)
    win, tie, share, deals = [0] * n, [0] * n, [0.0] * n, 0

    def deal(p: int, left: list[int], sofar: list[list[int]]) -> None:
        nonlocal deals
        if p == n:
            ranks = [_rank(hand, razz) for hand in sofar]
            best = min(ranks)
            winners = [q for q in range(n) if ranks[q] == best]
            for q in winners:
                share[q] += 1 / len(winners)
                if len(winners) == 1:
                    win[q] += 1
                else:
                    tie[q] += 1
            deals += 1
            return
        for picked in itertools.combinations(left, needs[p]):
            rest = [c for c in left if c not in picked]
            deal(p + 1, rest, [*sofar, hands[p] + list(picked)])

    deal(0, deck, [])
    return [w / deals for w in win], [t / deals for t in tie], [s / deals for s in share], deals


@pytest.mark.parametrize(("players", "dead", "razz"), [
    (["As Ah Kd Kc 2s 3s", "Qs Qh Qd 7c 5h 4h"], "", False),              # sixth street, one card each
    (["As Ah Kd Kc 2s 3s", "Qs Qh Qd 7c 5h 4h"], "", True),
    (["As 2s 3s 4d 9h 8c", "Kd Qc Jh Th 6d", "7s 7h 7d 2c 5c 6s"], "Ac 2d", False),   # two cards, dead cards
    (["As 2s 3s 4d 9h 8c", "Kd Qc Jh Th 6d", "7s 7h 7d 2c 5c 6s"], "Ac 2d", True),
    (["Js Ts 9s 8s 2h 2d", "Kc Kd 4c 4d 3h"], "5s 6s 7h", False),            # a straight-flush draw, dead outs
])
def test_exact_equity_equals_enumeration(players, dead, razz):
    win, tie, share, deals = _enumerated(players, dead, razz)
    result = stud.equity(players, dead, razz=razz)
    assert result.exact and result.method == "enumeration" and result.boards == deals
    assert result.win == pytest.approx(win, abs=1e-12) and result.tie == pytest.approx(tie, abs=1e-12)
    assert result.equity == pytest.approx(share, abs=1e-12)
    assert stud.equity(players, dead, razz=razz, threads=2) == result
    # no board: the table names the game in its place
    assert result.game == ("Razz" if razz else "seven-card stud") and "board" not in result.table()
    assert result.table().startswith(f"{result.game}  (exact, {deals:,} deals)")


@pytest.mark.parametrize("razz", [False, True])
def test_sampled_equity_lands_near_exact_and_repeats_on_any_thread_count(razz):
    players = ["As Ah Kd Kc 2s", "Qs Qh Qd 7c 5h", "3c 4c 5d"]   # exact: 3.9 M deals, above EXACT_DEALS
    exact = stud.equity(players[:2], "3c 4c 5d", razz=razz)      # the third player's cards dead instead
    assert exact.exact
    sampled = stud.equity(players[:2], "3c 4c 5d", razz=razz, trials=300_000, seed=11)
    assert not sampled.exact and sampled.seed == 11 and sampled.boards == 300_000
    for p in range(2):
        assert abs(sampled.equity[p] - exact.equity[p]) < 4 * sampled.stderr[p]
    assert stud.equity(players[:2], "3c 4c 5d", razz=razz, trials=300_000, seed=11, threads=2) == sampled
    big = stud.equity(players, razz=razz, trials=150_000, seed=3)
    assert not big.exact and abs(sum(big.equity) - 1) < 1e-12
    assert stud.equity(players, razz=razz, trials=150_000, seed=3, threads=2) == big


def test_the_stderr_is_the_spread_over_seeds():
    players = ["As Ah 9d", "Kd Kc 2s"]
    runs = [stud.equity(players, trials=20_000, seed=seed) for seed in range(30)]
    spread = float(np.std([r.equity[0] for r in runs], ddof=1))
    assert 0.6 < spread / runs[0].stderr[0] < 1.5


def test_unknown_players_and_progress():
    calls = []
    result = stud.equity(["As Ah Ad", None, ""], trials=140_000, seed=2, progress=lambda d, t: calls.append((d, t)))
    assert result.players == ["As Ah Ad", "unknown", "unknown"]
    assert stud.equity(["As Ah Ad", [], " "], trials=140_000, seed=2) == result  # no cards, any spelling
    assert stud.equity(["As Ah Ad", "random", " Unknown"], trials=140_000, seed=2) == result  # the CLI's words too
    with pytest.raises(ValueError, match=r"hands\[1\]: 'random' names no cards, and a showdown needs every"):
        stud.showdown(["As Ah Kd Kc 2s", "random"])
    assert result.equity[0] > 0.5 and abs(result.equity[1] - result.equity[2]) < 6 * result.stderr[1]
    assert calls and calls[-1][0] == calls[-1][1]


def test_one_showdown_equals_each_games_evaluate():
    rng = random.Random(4)
    for _ in range(300):
        players = rng.randint(1, 7)
        cards = rng.sample(range(52), 7 * players)
        hands = [cards[7 * p:7 * p + 7] for p in range(players)]
        for razz in (False, True):
            result = stud.showdown(hands, razz=razz)
            ranks = [_rank(hand, razz) for hand in hands]
            assert result.ranks == ranks
            assert result.winners == [p for p in range(players) if ranks[p] == min(ranks)]
            _, shares = stud.showdown_many(np.array([hands], dtype=np.uint8), razz=razz)
            assert [p for p in range(players) if shares[0, p]] == result.winners
            for player in result.players:
                assert len(player.best_five) == 5 and set(player.best_five) <= set(player.cards)
                assert _rank(player.best_five, razz) == player.rank
    result = stud.showdown(["As Ah Kd Kc 2s 3s 4d", "Qs Qh Qd 2c 5s 6s 8d"])
    assert result.as_dict()["players"][1]["name"] == "Three queens, eight-six"
    assert stud.showdown(["As 2s 3d 4c 5h", "Ah 2h 3c 4d 5s"], razz=True).winners == [0, 1]


def test_partly_known_deals_keep_their_cards_and_deal_the_rest_uniformly():
    hands = stud.deal(120_000, 3, hole_cards=["As Ah Kd", None, "2c"], dead="7h 7d", seed=9, threads=2)
    assert (hands == stud.deal(120_000, 3, hole_cards=["As Ah Kd", None, "2c"], dead="7h 7d", seed=9)).all()
    assert (hands[:, 0, :3] == parse("As Ah Kd")).all() and (hands[:, 2, 0] == parse("2c")[0]).all()
    flat = hands.reshape(len(hands), -1)
    assert all(len(set(row)) == 21 for row in flat[:2000].tolist())
    assert not np.isin(flat, parse("7h 7d")).any()
    dealt = np.concatenate([hands[:, 0, 3:].ravel(), hands[:, 1].ravel(), hands[:, 2, 1:].ravel()])
    counts = np.bincount(dealt, minlength=52)
    left = [c for c in range(52) if c not in parse("As Ah Kd 2c 7h 7d")]
    assert counts[[c for c in range(52) if c not in left]].sum() == 0
    expected = len(dealt) / len(left)
    chi2 = float((((counts[left] - expected) ** 2) / expected).sum())
    assert chi2 < 90  # 45 degrees of freedom: p < 1e-4 above 90


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: stud.equity(["As Ah"]), ValueError, "2 to 7 players"),
    (lambda: stud.equity("As Ah"), TypeError, "a list with one hand a player"),
    (lambda: stud.equity(["As Ah", "As Kd"]), ValueError, "'As' is both in players[0] and in players[1]"),
    (lambda: stud.equity(["As Ah", "Kd"], dead="Kd"), ValueError, "'Kd' is both in players[1] and in dead"),
    (lambda: stud.equity(["As Ah", "Kd"], dead="2c 2c"), ValueError, "dead: duplicate card '2c'"),
    (lambda: stud.equity(["As Ah Ad Ac Ks Kh Kd Kc"] + [""], dead=""), ValueError, "up to seven cards"),
    (lambda: stud.equity([None] * 7, dead="2c 3c 4c 5c"), ValueError, "need 49 more cards and the deck has 48"),
    (lambda: stud.equity(["As Ah", "Kd"], razz=1), TypeError, "razz must be True or False"),
    (lambda: stud.equity(["As Ah Kd Kc 2s 3s", "Qs Qh Qd 7c 5h 4h"], seed=-1), ValueError, "seed"),
    (lambda: stud.equity(["As Ah Kd Kc 2s 3s", "Qs Qh Qd 7c 5h 4h"], threads=0), ValueError, "threads"),
    (lambda: stud.equity(["As Ah Kd Kc 2s 3s", "Qs Qh Qd 7c 5h 4h"], trials=0), ValueError, "trials"),
    (lambda: stud.equity(["As Ah Kd Kc 2s 3s", "Qs Qh Qd 7c 5h 4h"], progress="yes"), TypeError, "progress"),
    (lambda: stud.equity(["As Xh", "Kd"]), ValueError, "players[0]"),
    (lambda: stud.showdown(["As Ah Kd Kc", "Qs Qh Qd 7c 5h"]), ValueError, "hands[0]: 5 to 7 cards"),
    (lambda: stud.showdown([]), ValueError, "1 to 7 players"),
    (lambda: stud.showdown(["As Ah Kd Kc 2s", "As Qh Qd 7c 5h"]), ValueError, "'As' is both in hands[0]"),
    (lambda: stud.showdown(["As Ah Kd Kc 2s"], razz="no"), TypeError, "razz"),
    (lambda: stud.deal(10, 2, hole_cards=["As Ah Kd Kc 2s 3s 4d 5d", None]), ValueError, "at most seven cards"),
])
def test_bad_arguments_are_named(call, error, words):
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)


def test_the_cli_plays_stud_and_razz(capsys):
    import json

    from handrank.cli import main

    # one hand and the census: stud high ranks seven cards as Hold'em does
    assert main(["rank", "--game", "stud", "As Ah Kd Kc 2s 3s 4d", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rank"] == handrank.evaluate("As Ah Kd Kc 2s 3s 4d") == 2476
    assert main(["compare", "--game", "stud", "As Ah Kd Kc 2s 3s 4d", "Qs Qh Qd 2c 5s 6s 8d", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "second"
    assert main(["census", "--game", "stud", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 133_784_560
    for argv, words in ((["rank", "--game", "stud", "As Ah Kd Kc 2s"], "a stud hand has 7 cards, got 5"),
                        (["census", "--game", "stud", "--cards", "5"], "--game stud hands have 7 cards")):
        assert main(argv) == 2
        assert words in capsys.readouterr().err
    assert main(["showdown", "--game", "stud", "As Ah Kd Kc 2s 3s 4d", "Qs Qh Qd 2c 5s 6s 8d"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "seven-card stud showdown" and lines[-1] == "winner: player 2"
    assert main(["showdown", "--game", "razz", "As Ah Kd Kc 2s 3s 4d", "Qs Qh Qd 2c 5s 6s 8d", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "razz" and report["winners"] == [2] and report["players"][0]["player"] == 1  # Q-8 low
    assert main(["equity", "--game", "stud", "As Ah Kd Kc 2s", "Qs Qh Qd 7c 5h", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    exact = stud.equity(["As Ah Kd Kc 2s", "Qs Qh Qd 7c 5h"])
    assert report["exact"] and report["equity"] == exact.equity and report["seed"] is None
    assert main(["equity", "--game", "razz", "As 2s 3s", "unknown", "--dead", "4d", "--trials", "20000",
                 "--seed", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    sampled = stud.equity(["As 2s 3s", None], "4d", razz=True, trials=20_000, seed=5)
    assert report["players"] == ["As 2s 3s", "unknown"] and report["equity"] == sampled.equity
    for argv, words in ((["showdown", "--game", "stud", "As Ah Kd Kc 2s 3s 4d", "unknown"], "every player's cards"),
                        (["equity", "--game", "stud", "As Ah", "Kd", "--board", "2c 3c 4c"], "no board"),
                        (["equity", "--game", "razz", "As Ah", "Kd", "--trips-beat-straight"], "shortdeck only"),
                        (["showdown", "As Ah", "Kd Kc"], "need the board"),
                        (["showdown", "--game", "stud", "As Ah Kd Kc 2s", "7c 2c 3c 4c 5x"], "player 2: unknown suit"),
                        (["showdown", "--game", "razz", "As Ah Kd Kc 2s", "As 2c 3c 4c 5c"],
                         "card 'As' is both in player 1 and in player 2")):
        assert main(argv) == 2
        assert words in capsys.readouterr().err


def test_many_ways_to_share_the_cards_out_is_sampled_not_enumerated():
    # ten cards left for five players, two each: 113,400 deals, every one a way to share the
    # same ten cards out; enumerating would list 113,400 split patterns (memory by the
    # combinatorics, not the input)
    hands = ["As Ah Ad Ac Ks", "Kh Kd Kc Qs Qh", "Qd Qc Js Jh Jd", "Jc Ts Th Td Tc", "9s 9h 9d 9c 8s"]
    dead = "8h 8d 8c 7s 7h 7d 7c 6s 6h 6d 6c 5s 5h 5d 5c 4s 4h"
    result = stud.equity(hands, dead, trials=None, seed=1)
    assert not result.exact and result.equity[0] == 1.0  # four aces and a king: nobody can catch up


def test_a_client_that_is_not_one_is_refused_before_anything_runs():
    with pytest.raises(TypeError, match="client"):
        stud.equity(["As Ah Kd Kc 2s", "Qs Qh Qd 7c 5h"], client="tcp://nowhere:8786")


def test_one_hand_verbs_are_each_games():
    rng = random.Random(8)
    rows = np.array([rng.sample(range(52), 7) for _ in range(2000)], dtype=np.uint8)
    for razz in (False, True):
        ranks = [_rank(row, razz) for row in rows.tolist()]
        assert stud.evaluate_many(rows, razz=razz).tolist() == ranks
        assert [stud.evaluate(row, razz=razz) for row in rows[:300].tolist()] == ranks[:300]
        for a, b, ra, rb in zip(rows[:200].tolist(), rows[200:400].tolist(), ranks[:200], ranks[200:400]):
            assert stud.compare(a, b, razz=razz) == (ra < rb) - (rb < ra)
        for row, rank in zip(rows[:100].tolist(), ranks[:100]):
            five = stud.best_five(row, razz=razz)
            assert set(five) <= set(row) and _rank(five, razz) == rank
            assert stud.describe(rank, razz=razz) == (ace_to_five.describe(rank) if razz else handrank.describe(rank))
            game = ace_to_five if razz else handrank
            assert stud.category(rank, razz=razz) is game.category(rank)
    for cards in (5, 6):  # a census of the game's ranks: every hand of that many cards, by category
        for razz, game in ((False, handrank), (True, ace_to_five)):
            mine, theirs = stud.census(cards, razz=razz), game.census(cards)
            assert (mine.hands, mine.ranks) == (theirs.hands, theirs.ranks) == (math.comb(52, cards), theirs.ranks)
            assert mine.rows == theirs.rows
    for call in (lambda: stud.evaluate("As Ah Kd Kc 2s", razz=None), lambda: stud.describe(5, razz=1),
                 lambda: stud.category(5, razz="yes"), lambda: stud.census(5, razz=0)):
        with pytest.raises(TypeError, match="razz must be True or False"):
            call()


def test_share_sums_count_whole_pots_splits_units_and_squares():
    from handrank._core import ffi, lib

    shares = np.array([[2520, 0, 0], [1260, 1260, 0], [840, 840, 840], [0, 0, 2520]], dtype=np.uint16)
    sums = np.zeros((4, 3), dtype=np.int64)
    assert lib.hr_share_sums(ffi.from_buffer("uint16_t[]", shares), 4, 3, ffi.from_buffer("int64_t[]", sums)) == 0
    assert sums.tolist() == [[1, 0, 1], [2, 2, 1], [4620, 2100, 3360],
                             [2520**2 + 1260**2 + 840**2, 1260**2 + 840**2, 840**2 + 2520**2]]
    for rows, players in ((1, 0), (1, 53), (-1, 3)):
        assert lib.hr_share_sums(ffi.from_buffer("uint16_t[]", shares), rows, players,
                                 ffi.from_buffer("int64_t[]", sums)) < 0


def test_every_card_known_is_the_one_showdown():
    hands = ["As Ah Kd Kc 2s 3s 4d", "Qs Qh Qd 2c 5s 6s 8d"]
    for razz in (False, True):
        winners = stud.showdown(hands, razz=razz).winners
        want = [1.0 if p in winners else 0.0 for p in range(2)]
        exact = stud.equity(hands, razz=razz)
        assert exact.exact and exact.boards == 1 and exact.equity == want
        sampled = stud.equity(hands, razz=razz, trials=70_000, seed=1)  # past one chunk
        assert sampled.equity == want and sampled.stderr == [0.0, 0.0]
    one_left = stud.equity(["As Ah Kd Kc 2s 3s 4d", "Qs Qh Qd 2c 5s 6s"])
    assert one_left.exact and one_left.boards == 52 - 13
