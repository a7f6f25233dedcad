"""A slow, independent short-deck evaluator for the tests, written from the rules alone
(issue 11) and sharing no code with scripts/build_shortdeck.py or the kernel.

Cards are ids rank * 4 + suit (rank 0 = deuce .. 12 = ace); the short deck is ranks 4..12.
``best_key`` gives a comparison key of the best five of 5..7 cards: larger is better.
"""

from __future__ import annotations

from collections import Counter

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
STANDARD = (HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH)
TRIPS_FIRST = (HIGH, PAIR, TWO_PAIR, STRAIGHT, TRIPS, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH)
ACE, SIX, NINE = 12, 4, 7


def straight_top(ranks: set[int]) -> int | None:
    """The highest straight among a set of ranks: five in a row from six up, or A-6-7-8-9."""
    for top in range(ACE, SIX + 3, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    if {ACE, SIX, SIX + 1, SIX + 2, NINE} <= ranks:
        return NINE
    return None


def best_key(cards: list[int], trips_beat_straight: bool = False) -> tuple[int, tuple[int, ...]]:
    if len(set(cards)) != len(cards) or not 5 <= len(cards) <= 7 or min(cards) < 16 or max(cards) > 51:
        raise ValueError(cards)
    order = TRIPS_FIRST if trips_beat_straight else STANDARD
    ranks = [c // 4 for c in cards]
    counts = Counter(ranks)
    by_suit = Counter(c % 4 for c in cards)
    suit, in_suit = by_suit.most_common(1)[0]
    desc = sorted(set(ranks), reverse=True)
    found: list[tuple[int, tuple[int, ...]]] = []
    if in_suit >= 5:
        suited = {c // 4 for c in cards if c % 4 == suit}
        top = straight_top(suited)
        if top is not None:
            found.append((STRAIGHT_FLUSH, (top,)))
        found.append((FLUSH, tuple(sorted(suited, reverse=True)[:5])))
    quads = [r for r in desc if counts[r] == 4]
    trips = [r for r in desc if counts[r] >= 3]
    pairs = [r for r in desc if counts[r] >= 2]
    if quads:
        found.append((QUADS, (quads[0], max(r for r in desc if r != quads[0]))))
    if trips:
        pair = [r for r in pairs if r != trips[0]]
        if pair:
            found.append((FULL_HOUSE, (trips[0], pair[0])))
        found.append((TRIPS, (trips[0], *[r for r in desc if r != trips[0]][:2])))
    top = straight_top(set(ranks))
    if top is not None:
        found.append((STRAIGHT, (top,)))
    if len(pairs) >= 2:
        found.append((TWO_PAIR, (pairs[0], pairs[1], max((r for r in desc if r not in pairs[:2]), default=-1))))
    if pairs:
        found.append((PAIR, (pairs[0], *[r for r in desc if r != pairs[0]][:3])))
    found.append((HIGH, tuple(desc[:5])))
    category, tiebreak = max(found, key=lambda item: (order.index(item[0]), item[1]))
    return order.index(category), tiebreak


def category_of(key: tuple[int, tuple[int, ...]], trips_beat_straight: bool = False) -> int:
    return (TRIPS_FIRST if trips_beat_straight else STANDARD)[key[0]]
