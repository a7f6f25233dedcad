"""One hand a call (handrank._percall): every game's evaluate and compare read tuples, lists and
card strings in C. They must agree with evaluate_many on every five-card hand and on random six-
and seven-card hands, and on every input the C reader refuses or leaves alone, answer exactly as
the checked Python path does (the same rank, or the same exception and message)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import handrank
from handrank import ace_to_five, deuce_to_seven, omaha, shortdeck
from handrank.cards import parse

ALL_FIVES = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)


def _per_call(evaluate, rows: np.ndarray, as_list: bool = False) -> np.ndarray:
    hands = rows.tolist() if as_list else list(map(tuple, rows.tolist()))
    return np.fromiter(map(evaluate, hands), dtype=np.int64, count=len(hands))


def _random_hands(rng: np.random.Generator, n: int, k: int, deck: int = 52, low: int = 0) -> np.ndarray:
    return (np.argsort(rng.random((n, deck)), axis=1)[:, :k] + low).astype(np.uint8)


# The single-hand verbs of each game, with its bulk verb and its deck.
GAMES = {
    "holdem": (handrank.evaluate, handrank.evaluate_many, 0, (5, 6, 7)),
    "shortdeck": (shortdeck.evaluate, shortdeck.evaluate_many, 16, (5, 6, 7)),
    "shortdeck trips": (lambda hand: shortdeck.evaluate(hand, trips_beat_straight=True),
                        lambda cards: shortdeck.evaluate_many(cards, trips_beat_straight=True), 16, (5, 6, 7)),
    "deuce_to_seven": (deuce_to_seven.evaluate, deuce_to_seven.evaluate_many, 0, (5,)),
    "ace_to_five": (ace_to_five.evaluate, ace_to_five.evaluate_many, 0, (5, 6, 7)),
}


@pytest.mark.parametrize("game", GAMES)
def test_every_five_card_hand_per_call(game: str) -> None:
    evaluate, evaluate_many, low, _ = GAMES[game]
    rows = ALL_FIVES[(low <= ALL_FIVES).all(axis=1)]
    expected = evaluate_many(rows)
    assert (_per_call(evaluate, rows) == expected).all()
    some = rows[::97]
    assert (_per_call(evaluate, some, as_list=True) == expected[::97]).all()


@pytest.mark.parametrize("game", GAMES)
def test_random_six_and_seven_card_hands_per_call(game: str) -> None:
    evaluate, evaluate_many, low, counts = GAMES[game]
    rng = np.random.default_rng(20)
    n = 1_000_000 if game == "holdem" else 200_000
    for k in counts:
        if k == 5:
            continue
        rows = _random_hands(rng, n, k, 52 - low, low)
        assert (_per_call(evaluate, rows) == evaluate_many(rows)).all(), k


def test_strings_parse_in_c_as_parse_reads_them() -> None:
    rng = np.random.default_rng(3)
    rows = _random_hands(rng, 50_000, 7)
    expected = handrank.evaluate_many(rows)
    styles = [
        lambda ids: " ".join(handrank.format_card(c) for c in ids),
        lambda ids: "".join(handrank.format_card(c) for c in ids),
        lambda ids: ", ".join(handrank.format_card(c).lower().replace("t", "10") for c in ids),
        lambda ids: " ".join(handrank.format_card(c)[0] + "♣♦♥♠"[c & 3] for c in ids),
        lambda ids: "\t".join(handrank.format_card(c)[0] + "♧♢♡♤"[c & 3] for c in ids),
        lambda ids: "  " + " ".join(handrank.format_card(c).upper() for c in ids) + "\n",
    ]
    for style in styles:
        texts = [style(ids) for ids in rows.tolist()]
        assert (np.fromiter(map(handrank.evaluate, texts), dtype=np.int64) == expected).all(), texts[0]


def _checked(game_evaluate, checked, hand):
    """What the checked path answers: ('rank', r) or (exception type, message)."""
    try:
        return "rank", checked(hand)
    except (ValueError, TypeError) as error:
        return type(error), str(error)


def _answer(evaluate, hand):
    try:
        return "rank", evaluate(hand)
    except (ValueError, TypeError) as error:
        return type(error), str(error)


def _holdem_checked(hand):
    from handrank.evaluate import rank_checked

    return rank_checked(parse(hand))


CHECKED = {
    "holdem": (handrank.evaluate, _holdem_checked),
    "shortdeck": (shortdeck.evaluate, lambda hand: shortdeck._checked_rank(hand, handrank._percall.shortdeck)),
    "deuce_to_seven": (deuce_to_seven.evaluate, deuce_to_seven._checked_rank),
    "ace_to_five": (ace_to_five.evaluate, ace_to_five._checked_rank),
}


@pytest.mark.parametrize("game", CHECKED)
def test_random_text_answers_as_the_checked_path(game: str) -> None:
    """Strings made of card letters, tens, suits of both kinds, separators and junk: the C reader
    must never rank what parse refuses, and must rank what it takes as the checked path does."""
    evaluate, checked = CHECKED[game]
    rng = random.Random(7)
    alphabet = ["A", "K", "Q", "J", "T", "9", "6", "2", "a", "t", "10", "1", "0", "s", "h", "d", "c", "S", "H",
                "♠", "♥", "♤", "x", " ", " ", ",", "\t", "\u00a0", "\x1c", "As", "Kd", "7h", "6s", "8c"]
    for _ in range(30_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 24)))
        assert _answer(evaluate, text) == _checked(evaluate, checked, text), repr(text)


BAD_HANDS = [
    (0, 1, 2, 3, 52), [0, 1, 2, 3, -1], (0, 1, 2, 3, 3), (0, 1, 2, 3, 2**70), (0, 1, 2, 3, True),
    (0, 1, 2, 3, 4.0), (0, 1, 2, 3), (0, 1, 2, 3, 4, 5, 6, 7), (), "As Ks Qs Js", "As Ks Qs Js As",
    "As Ks Qs Js Tx", "As Ks Qs Js T", "As Ks Qs Js Ts 9s 8s 7s", "", "   ", 5, None, b"As Ks Qs Js Ts",
    ("As", "Ks", "Qs", "Js", "2s"), [np.int64(0), 1, 2, 3, 4], (16, 20, 24, 28, 33), "6s 7s 8s 9s Ts Jh",
    (np.uint8(20), 24, 28, 32, 49), "Ac 2d 3h 4s 5c " * 3,
    np.array([16, 20, 24, 28, 33]), np.array([0, 1, 2, 3, 3]), np.array([0, 1, 2, 3, 300]),
    np.array([20, 24, 28, 32, 49, 50, 51], dtype=np.uint8), np.array([0, 1, 2, 3]), np.array([[0, 1, 2, 3, 4]]),
    np.array([0.0, 1, 2, 3, 4]), np.array([True] * 5), np.array([16, 20, 24, 28, 33, 37, 41, 45]),
]


@pytest.mark.parametrize("game", CHECKED)
def test_bad_and_unusual_hands_answer_as_the_checked_path(game: str) -> None:
    evaluate, checked = CHECKED[game]
    for hand in BAD_HANDS:
        assert _answer(evaluate, hand) == _checked(evaluate, checked, hand), hand


@pytest.mark.parametrize("game", ["holdem", "shortdeck", "deuce_to_seven", "ace_to_five"])
def test_a_row_refused_in_bulk_is_refused_per_call(game: str) -> None:
    evaluate, evaluate_many, low, counts = GAMES[game]
    rng = np.random.default_rng(11)
    k = counts[-1]
    rows = _random_hands(rng, 2_000, k, 52 - low, low)
    rows[::3, rng.integers(0, k)] = rng.integers(0, 60)  # bad ids, repeats, cards below six
    for row in rows[:300]:
        try:
            evaluate_many(row[None, :])
            bulk = None
        except ValueError:
            bulk = ValueError
        try:
            evaluate(tuple(int(c) for c in row))
            single = None
        except ValueError:
            single = ValueError
        assert bulk == single, row


def test_compare_per_call() -> None:
    rng = np.random.default_rng(5)
    a, b = _random_hands(rng, 20_000, 7), _random_hands(rng, 20_000, 7)
    ra, rb = handrank.evaluate_many(a).astype(int), handrank.evaluate_many(b).astype(int)
    expected = (ra < rb).astype(int) - (ra > rb)
    got = [handrank.compare(x, y) for x, y in zip(map(tuple, a.tolist()), map(tuple, b.tolist()))]
    assert (np.array(got) == expected).all()
    with pytest.raises(ValueError, match="duplicate card 'As'"):
        handrank.compare("As As Kd Qc Jh", "2c 3d 4h 5s 7c")
    with pytest.raises(ValueError, match="duplicate card 'As'"):
        handrank.compare("2c 3d 4h 5s 7c", "As As Kd Qc Jh")
    sizes = [_random_hands(rng, 3_000, k) for k in (5, 6, 7)]  # hands of different sizes, as lists and text
    for x, y in zip(sizes, sizes[1:] + sizes[:1]):
        rx, ry = handrank.evaluate_many(x).astype(int), handrank.evaluate_many(y).astype(int)
        expected = (rx < ry).astype(int) - (rx > ry)
        assert [handrank.compare(p, q) for p, q in zip(x.tolist(), y.tolist())] == expected.tolist()
        texts = [(handrank.format_cards(p), handrank.format_cards(q)) for p, q in zip(x.tolist()[:500], y.tolist())]
        assert [handrank.compare(p, q) for p, q in texts] == expected[:500].tolist()


COMPARES = {
    "holdem": handrank.compare,
    "shortdeck": shortdeck.compare,
    "shortdeck trips": lambda a, b: shortdeck.compare(a, b, trips_beat_straight=True),
    "deuce_to_seven": deuce_to_seven.compare,
    "ace_to_five": ace_to_five.compare,
}


def _compare_answer(compare, a: object, b: object) -> object:
    try:
        return compare(a, b)
    except (ValueError, TypeError) as error:
        return type(error), str(error)


def _compare_checked(evaluate, a: object, b: object) -> object:
    """compare as two evaluations: the answer the one-call C compare must match."""
    try:
        first, second = evaluate(a), evaluate(b)
    except (ValueError, TypeError) as error:
        return type(error), str(error)
    return (first < second) - (first > second)


@pytest.mark.parametrize("game", COMPARES)
def test_every_game_compares_in_one_call_as_it_evaluates(game: str) -> None:
    compare, (evaluate, evaluate_many, low, counts) = COMPARES[game], GAMES[game]
    rng = np.random.default_rng(9)
    for k in counts:
        a, b = _random_hands(rng, 20_000, k, 52 - low, low), _random_hands(rng, 20_000, counts[0], 52 - low, low)
        ra, rb = evaluate_many(a).astype(int), evaluate_many(b).astype(int)
        assert [compare(x, y) for x, y in zip(map(tuple, a.tolist()), b.tolist())] == ((ra < rb).astype(int) -
                                                                                     (ra > rb)).tolist()
    good = [hand for hand in ((51, 47, 43, 39, 35), "Ac 7d 8h 9s Jc", [48, 28, 32, 36, 41, 30, 45],
                              np.array([49, 25, 29, 33, 38])) if len(hand) in counts or isinstance(hand, str)]
    for bad in BAD_HANDS:
        for other in good:
            assert _compare_answer(compare, bad, other) == _compare_checked(evaluate, bad, other), (bad, other)
            assert _compare_answer(compare, other, bad) == _compare_checked(evaluate, other, bad), (other, bad)


def test_the_compare_call_answers_2_for_what_it_does_not_take() -> None:
    from handrank import _percall

    good = [(51, 47, 43, 39, 35), "2c 3d 4h 5s 7c"]
    holdem = _percall.HOLDEM
    for args in ((), (holdem,), (holdem, good[0]), (holdem, good[0], good[0], good[0]),  # a wrong count,
                 (-1, good[0], good[1]), (99, good[0], good[1]), (2**70, good[0], good[1]),  # an unknown game
                 (True, good[0], good[1]), (float(holdem), good[0], good[1])):
        assert _percall.compare(*args) == 2  # the checked path answers
    with pytest.raises(TypeError):
        _percall.compare(holdem, good[0], b=good[0])
    assert _percall.compare(holdem, good[0], good[1]) == 1 == -_percall.compare(holdem, good[1], good[0])
    assert _percall.compare(holdem, "As Ks Qs Js Ts", "Ah Kh Qh Jh Th") == 0


def test_category_per_call_matches_bulk() -> None:
    ranks = np.arange(1, handrank.RANK_COUNT + 1)
    assert [int(handrank.category(int(r))) for r in ranks] == handrank.categories(ranks).tolist()
    assert handrank.category(np.int64(1)) == handrank.Category.STRAIGHT_FLUSH
    for bad, kind in [(0, ValueError), (7463, ValueError), (True, TypeError), (1.0, TypeError), ("1", TypeError)]:
        with pytest.raises(kind):
            handrank.category(bad)


def test_mask_hands() -> None:
    rng = np.random.default_rng(9)
    for k in (5, 6, 7):
        rows = _random_hands(rng, 100_000, k)
        masks = (np.left_shift(np.uint64(1), rows.astype(np.uint64))).sum(axis=1, dtype=np.uint64)
        got = np.fromiter(map(handrank.evaluate_mask, masks.tolist()), dtype=np.int64)
        assert (got == handrank.evaluate_many(rows)).all(), k
    assert handrank.mask("2c 2d") == 3
    assert handrank.evaluate_mask(np.uint64(handrank.mask("As Ks Qs Js Ts"))) == 1
    hand = 0
    for card in parse("Kh Kd 4s 4c Ad 9c 2h"):
        hand |= 1 << card
    assert handrank.evaluate_mask(hand) == handrank.evaluate("Kh Kd 4s 4c Ad 9c 2h")
    with pytest.raises(TypeError, match="got the bool True"):
        handrank.evaluate_mask(True)
    with pytest.raises(TypeError, match="card mask"):
        handrank.evaluate_mask(31.0)
    with pytest.raises(ValueError, match="bits 0..51 only"):
        handrank.evaluate_mask(-1)
    with pytest.raises(ValueError, match="bits 0..51 only"):
        handrank.evaluate_mask(0b1111 | 1 << 52)
    with pytest.raises(ValueError, match="5, 6 or 7 cards, got 4"):
        handrank.evaluate_mask(0b1111)
    with pytest.raises(ValueError, match="5, 6 or 7 cards, got 8"):
        handrank.evaluate_mask(0xFF)
    with pytest.raises(ValueError, match="duplicate card"):
        handrank.mask("As As")


def test_omaha_per_call_matches_bulk() -> None:
    rng = np.random.default_rng(13)
    for nhole in (4, 5, 6):
        deal = _random_hands(rng, 30_000, nhole + 5)
        holes, boards = np.ascontiguousarray(deal[:, :nhole]), np.ascontiguousarray(deal[:, nhole:])
        high = omaha.evaluate_many(holes, boards)
        low = omaha.evaluate_low_many(holes, boards)
        pairs = list(zip(map(tuple, holes.tolist()), map(tuple, boards.tolist())))
        assert [omaha.evaluate(h, b) for h, b in pairs] == high.tolist()
        assert [omaha.evaluate_low(h, b) or omaha.NO_LOW for h, b in pairs] == low.tolist()
        texts = [(handrank.format_cards(h), handrank.format_cards(b)) for h, b in pairs[:2000]]
        assert [omaha.evaluate(h, b) for h, b in texts] == high[:2000].tolist()


def test_omaha_compare_refuses_a_card_in_both_hands() -> None:
    board = "Qs Js Ts 9d 2h"
    with pytest.raises(ValueError, match="card 'As' is in both hands"):
        omaha.compare("As Ks 2d 3c", "As Qd 4c 5c", board)
    with pytest.raises(ValueError, match="card 'As' is in both hands"):
        omaha.compare([51, 47, 1, 4], np.array([51, 42, 8, 12]), board)
    with pytest.raises(ValueError, match="duplicate card .Qs."):
        omaha.compare("As Ks 2d 3c", "Qh Qd 4c 5c", "Qs Js Ts 9d Qs")
    with pytest.raises(ValueError, match="in the hole cards and the board"):
        omaha.compare("As Ks 2d 3c", "Qh Qd 4c 5c", "Qs Js Ts 9d 2d")
    rng = np.random.default_rng(17)
    deal = _random_hands(rng, 5_000, 13)
    holes_a, holes_b, boards = deal[:, :4], deal[:, 4:8], np.ascontiguousarray(deal[:, 8:])
    ra = omaha.evaluate_many(np.ascontiguousarray(holes_a), boards).astype(int)
    rb = omaha.evaluate_many(np.ascontiguousarray(holes_b), boards).astype(int)
    got = [omaha.compare(tuple(a), tuple(b), tuple(c))
           for a, b, c in zip(holes_a.tolist(), holes_b.tolist(), boards.tolist())]
    assert got == ((ra < rb).astype(int) - (ra > rb)).tolist()


def test_omaha_c_calls_refuse_a_wrong_argument_count() -> None:
    """The Omaha C calls (METH_FASTCALL from Python 3.10, METH_VARARGS on 3.9) answer 0 or 2,
    "take the checked path", for a wrong number of arguments, and refuse keywords."""
    from handrank import _percall

    hole, board = (51, 47, 43, 39), (0, 5, 10, 15, 20)
    high = omaha.evaluate(hole, board)  # binds the Omaha tables (built on first use)
    assert _percall.omaha_high(hole, board) == high > 0
    assert _percall.omaha_low((1, 4, 9, 48), board) == omaha.evaluate_low((1, 4, 9, 48), board)
    for call, refused in ((_percall.omaha_high, 0), (_percall.omaha_low, 0), (_percall.omaha_compare, 2)):
        for args in ((), (hole,), (hole, board, board, board), (hole,) * 9):
            assert call(*args) == refused
        with pytest.raises(TypeError):
            call(hole, board=board)
    assert _percall.omaha_compare(hole, (1, 2, 3, 4), board) == -omaha.compare((1, 2, 3, 4), hole, board) != 0


@pytest.mark.parametrize("game", GAMES)
def test_numpy_rows_per_call_in_every_game(game):
    evaluate, evaluate_many, low, counts = GAMES[game]
    rng = np.random.default_rng(22)
    for k in counts:
        rows = _random_hands(rng, 5_000, k, 52 - low, low)
        got = np.fromiter((evaluate(row) for row in rows), dtype=np.int64, count=len(rows))
        assert (got == evaluate_many(rows)).all(), k


def test_numpy_rows_per_call():
    """A 1-D integer array (a row of a deal) is ranked by the C reader as a list; bad rows get
    parse's messages, as before."""
    rng = np.random.default_rng(21)
    for k in (5, 6, 7):
        rows = _random_hands(rng, 20_000, k)
        for dtype in (np.uint8, np.int64):
            typed = rows.astype(dtype)
            got = np.fromiter((handrank.evaluate(row) for row in typed), dtype=np.int64, count=len(rows))
            assert (got == handrank.evaluate_many(rows)).all(), (k, dtype)
    for bad, words in [(np.array([0, 1, 2, 3, 3]), "duplicate card '2s' \\(position 4\\)"),
                       (np.array([0, 1, 2, 3, 300]), "card id 300 is out of range 0..51 \\(position 4\\)"),
                       (np.array([0, 1, 2, 3]), "5, 6 or 7 cards, got 4"),
                       (np.array([[0, 1, 2, 3, 4]]), "1-D array")]:
        with pytest.raises(ValueError, match=words):
            handrank.evaluate(bad)
    with pytest.raises(TypeError, match="integer array"):
        handrank.evaluate(np.array([0.0, 1, 2, 3, 4]))
    with pytest.raises(TypeError):
        handrank.evaluate(np.array([True, False, True, False, True]))
    assert handrank.compare(np.array([51, 47, 43, 39, 35]), np.array([0, 4, 8, 12, 17])) == 1
