"""Hold'em hand ranges in the notation poker tools share.

    QQ+          pairs from queens up         AKs, AKo, AK  suited, offsuit, both
    QQ-99        pairs from queens to nines   A2s+          A2s, A3s ... AKs
    T9s-65s      T9s, 98s, 87s, 76s, 65s      KTo+          KTo, KJo, KQo
    A9s-A5s      A9s, A8s ... A5s             AhKh          one combo, named card by card

    random       every one of the 1,326 combos (an unknown hand)
    15%          the best 15% of combos, also top15%; 5%-10% the hands between

A percentage ranks the 169 starting hands by exact equity against one random hand
(``handrank.preflop_chart()``; ``chart.top(15)`` lists them) and takes whole hands, the one
that crosses the line included: ``1%`` is AA, KK and QQ (18 combos, 1.4%).

Items are separated by commas; spaces anywhere are ignored. A weight, the relative chance
of holding the combos, goes in front in parentheses, ``0.5(AKo)`` or ``0.5(AKo, KQs)``
(nested at most MAX_DEPTH deep), or behind, ``AKo:0.5``; the default is 1. Weights are
finite and above 0. When a combo is named twice, the later weight counts. Parsing takes
time linear in the length of the text.
"""

from __future__ import annotations

import re

from ._range_grammar import MAX_DEPTH, percent_span, shown, weighted_items
from .cards import cards_in_token, format_cards

__all__ = ["parse_range", "format_combo", "MAX_DEPTH"]


_RANKS = "23456789TJQKA"
_RANK = r"([2-9TJQKA])"
_PAIR = re.compile(rf"^{_RANK}\1(\+)?$", re.IGNORECASE)
_PAIR_SPAN = re.compile(rf"^{_RANK}\1-{_RANK}\2$", re.IGNORECASE)
_TWO = re.compile(rf"^{_RANK}{_RANK}([so])?(\+)?$", re.IGNORECASE)
_TWO_SPAN = re.compile(rf"^{_RANK}{_RANK}([so])?-{_RANK}{_RANK}([so])?$", re.IGNORECASE)
_LONGEST_TOKEN = 12  # 'A9s-A5s', 'AhKh'; anything longer is not a range token

Combo = tuple[int, int]


_RANK_OF = {**{char: i for i, char in enumerate(_RANKS)}, **{char.lower(): i for i, char in enumerate(_RANKS)}}


def _rank(char: str) -> int:
    return _RANK_OF[char]


# Each rank's six pair combos, higher card first (the order a range's combos are stored in).
_PAIRS: tuple[tuple[Combo, ...], ...] = tuple(
    tuple((rank * 4 + j, rank * 4 + i) for i in range(4) for j in range(i + 1, 4)) for rank in range(13))


def _two_rank_combos(high: int, low: int, kind: str) -> list[Combo]:
    """Combos of two different ranks, higher card first: kind 's' suited, 'o' offsuit, '' both."""
    high, low = high * 4, low * 4
    if kind == "s":
        return [(high + s, low + s) for s in range(4)]
    if kind == "o":
        return [(high + s1, low + s2) for s1 in range(4) for s2 in range(4) if s1 != s2]
    return [(high + s1, low + s2) for s1 in range(4) for s2 in range(4)]


def _token_combos(token: str) -> list[Combo] | tuple[Combo, ...]:
    """The combos of one range token such as 'QQ+', 'AKs', 'T9s-65s' or 'AhKh', higher card first."""
    if token.lower() == "random":
        return [(a, b) for a in range(52) for b in range(a)]
    if "%" in token:
        return _percent_combos(token)
    if len(token) > _LONGEST_TOKEN:
        raise ValueError(f"unknown range item {shown(token)}: expected e.g. QQ+, AKs, AKo, T9s-65s, A2s+, AhKh or 15%")
    match = _PAIR.match(token) if token[:1].upper() == token[1:2].upper() else None
    if match:
        low = _rank(match[1])
        if not match[2]:
            return _PAIRS[low]
        return [c for rank in range(low, 13) for c in _PAIRS[rank]]
    match = _PAIR_SPAN.match(token) if len(token) == 5 else None
    if match:
        a, b = sorted((_rank(match[1]), _rank(match[2])))
        return [c for rank in range(a, b + 1) for c in _PAIRS[rank]]
    match = _TWO.match(token)
    if match and match[1].upper() != match[2].upper():
        high, low = sorted((_rank(match[1]), _rank(match[2])), reverse=True)
        kind = (match[3] or "").lower()
        kickers = range(low, high) if match[4] else range(low, low + 1)  # '+': kicker up to one below
        return [c for kicker in kickers for c in _two_rank_combos(high, kicker, kind)]
    match = _TWO_SPAN.match(token)
    if match and (match[3] or "").lower() == (match[6] or "").lower():
        kind = (match[3] or "").lower()
        first = sorted((_rank(match[1]), _rank(match[2])), reverse=True)
        last = sorted((_rank(match[4]), _rank(match[5])), reverse=True)
        if first[0] == first[1] or last[0] == last[1]:
            raise ValueError(f"range {token!r}: use QQ-99 for a span of pairs")
        if first[0] == last[0]:  # A9s-A5s: one top card, a span of kickers
            a, b = sorted((first[1], last[1]))
            return [c for kicker in range(a, b + 1) for c in _two_rank_combos(first[0], kicker, kind)]
        if first[0] - first[1] == last[0] - last[1]:  # T9s-65s: both cards step down together
            gap = first[0] - first[1]
            a, b = sorted((first[0], last[0]))
            return [c for high in range(a, b + 1) for c in _two_rank_combos(high, high - gap, kind)]
        raise ValueError(f"range {token!r}: a span keeps either the top card or the gap between the cards")
    try:
        cards = cards_in_token(token)
    except ValueError:
        cards = []
    if len(cards) == 2 and cards[0] != cards[1]:
        return [(max(cards), min(cards))]
    raise ValueError(f"unknown range item {shown(token)}: expected e.g. QQ+, AKs, AKo, T9s-65s, A2s+, AhKh or 15%")


def _percent_combos(token: str) -> list[Combo]:
    """``15%`` (or ``top15%``): the best 15% of the 1,326 combos by equity against one random
    hand (``handrank.preflop_chart()``), in whole hands, the one that crosses the line
    included; ``5%-10%`` the hands between."""
    from .preflop import hands_between

    low, high = percent_span(token)
    return [combo for hand in hands_between(low, high) for combo in _token_combos(hand)]


def _parse_items(text: str, combos: dict[Combo, float]) -> None:
    """The items of a range (weights in front or behind, nested) into ``combos``, higher card
    first; a combo named twice keeps the later weight."""
    for item, item_weight in weighted_items(text, 1.0, 0):
        combos.update(dict.fromkeys(_token_combos(item), item_weight))


def parse_range(text: str) -> dict[Combo, float]:
    """The combos of a range and their weights: {(card, card): weight}, higher card first.

    >>> len(parse_range("QQ+")), len(parse_range("AKs")), len(parse_range("AKo")), len(parse_range("AK"))
    (18, 4, 12, 16)
    >>> sorted(set(parse_range("0.5(AKo), KK").values()))
    [0.5, 1.0]
    >>> len(parse_range("10%")), len(parse_range("top10%, 22")), len(parse_range("5%-10%"))
    (134, 140, 62)

    Raises:
        ValueError: an item that is not range notation (the message names it), a weight
            that is not a finite number above 0, unbalanced parentheses, weights nested
            more than MAX_DEPTH deep, or no combos at all.
        TypeError: not a string.
    """
    if not isinstance(text, str):
        raise TypeError(f"a range is a string such as 'QQ+, AKs', got {type(text).__name__}")
    compact = "".join(text.split())  # whitespace never matters in range notation
    combos: dict[Combo, float] = {}
    _parse_items(compact, combos)
    if not combos:
        raise ValueError(f"range {shown(text)} has no combos")
    return combos


def format_combo(combo: Combo) -> str:
    """'AsKs' for the combo of the ace and king of spades."""
    return format_cards(list(combo)).replace(" ", "")
