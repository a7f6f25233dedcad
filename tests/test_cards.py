"""Parsing and formatting cards, and the errors bad input gets."""

import numpy as np
import pytest

import handrank
from handrank import card, format_card, format_cards, parse


@pytest.mark.parametrize("text", ["As", "as", "AS", "aS", "A♠", "A♤", "a♠"])
def test_ace_of_spades_spellings(text):
    assert card(text) == 51


@pytest.mark.parametrize(("text", "expected"), [("Td", 33), ("10d", 33), ("10♦", 33), ("T♢", 33),
                                                 ("2c", 0), ("2♧", 0), ("Kh", 46), ("K♡", 46),
                                                 ("jc", 36)])
def test_card_spellings(text, expected):
    assert card(text) == expected


def test_every_card_round_trips():
    for c in range(52):
        assert card(format_card(c)) == c
        assert card(c) == c
        assert card(np.uint8(c)) == c
    assert len({format_card(c) for c in range(52)}) == 52


@pytest.mark.parametrize("hand", ["As Kd Qh Jc 10s", "AsKdQhJcTs", "As,Kd,Qh,Jc,Ts", " As, Kd  Qh\tJc Ts ",
                                  "A♠ K♦ Q♥ J♣ 10♠", "A♠K♦Q♥J♣10♠", ["As", "Kd", "Qh", "Jc", "Ts"],
                                  ("As", "Kd", "Qh", "Jc", "10s"), [51, 45, 42, 36, 35],
                                  ["As", 45, "Qh", np.int64(36), "Ts"], np.array([51, 45, 42, 36, 35])])
def test_hand_spellings(hand):
    assert parse(hand) == [51, 45, 42, 36, 35]
    assert format_cards(hand) == "As Kd Qh Jc Ts"


@pytest.mark.parametrize(("bad", "error", "words"), [
    ("Xs", ValueError, "unknown rank 'X' in 'Xs'"),
    ("Ax", ValueError, "unknown suit 'x' in 'Ax'"),
    ("A", ValueError, "no suit"),
    ("1s", ValueError, "unknown rank '1'"),
    ("", ValueError, "empty"),
    ("AsKd", ValueError, "one card"),
    (52, ValueError, "card id 52 is out of range 0..51"),
    (-1, ValueError, "card id -1"),
    (True, TypeError, "bool"),
    (np.bool_(False), TypeError, "bool"),
    (3.0, TypeError, "float"),
    (None, TypeError, "NoneType"),
])
def test_bad_card(bad, error, words):
    with pytest.raises(error) as info:
        card(bad)
    assert words in str(info.value)


@pytest.mark.parametrize(("bad", "error", "words"), [
    ("", ValueError, "no cards"),
    ("  ,  ", ValueError, "no cards"),
    ([], ValueError, "no cards"),
    ("As Kd Zh Jc Ts", ValueError, "unknown rank 'Z' in 'Zh'"),
    ("As Kd Qq Jc Ts", ValueError, "unknown suit 'q' in 'Qq'"),
    ("AsKdQhJcT", ValueError, "has no suit"),
    ("As Kd As Jc Ts", ValueError, "duplicate card 'As' (position 2)"),
    ([51, 45, 51], ValueError, "duplicate card 'As' (position 2)"),
    ([51, 45, 259], ValueError, "card id 259 is out of range 0..51 (position 2)"),
    ([51, True, 3], TypeError, "bool True (position 1)"),
    ([51, 4.0, 3], TypeError, "float 4.0 (position 1)"),
    (["As", "KdQh"], ValueError, "expected one card, got 'KdQh' (position 1)"),
    (12, TypeError, "iterable"),
    (b"As Kd", TypeError, "bytes"),
    (np.array([[1, 2], [3, 4]]), ValueError, "1-D"),
    (np.array([1.0, 2.0]), TypeError, "dtype float64"),
])
def test_bad_hand(bad, error, words):
    with pytest.raises(error) as info:
        parse(bad)
    assert words in str(info.value)


@pytest.mark.parametrize("bad", ["A" * 5000, "As" * 3000 + "x", ["As", "Kd" * 4000], [51, [0] * 100_000]])
def test_a_long_bad_input_is_quoted_short(bad):
    """The message names the bad token, cut short with its length, not megabytes of echo."""
    with pytest.raises((ValueError, TypeError)) as info:
        parse(bad)
    assert len(str(info.value)) < 200 and "..." in str(info.value)


def test_public_names_are_exported():
    for name in handrank.__all__:
        assert hasattr(handrank, name), name
