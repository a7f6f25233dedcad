"""A slow ace-to-five lowball evaluator written from the rules, sharing no code with
scripts/build_lowball.py: a hand's value is a tuple, smaller is better."""

from collections import Counter
from itertools import combinations

# card id = rank * 4 + suit, rank 0 = deuce .. 12 = ace; in ace-to-five the ace counts one
LOW = {12: 1, **{r: r + 2 for r in range(12)}}  # ace 1, deuce 2, .. king 13


def five_value(cards):
    """(number of cards that are not singletons' worth of pairing, then the ranks) for five cards.

    The pairing order: no pair < one pair < two pair < three of a kind < full house < four of
    a kind; then the ranks grouped by how often they appear (most first), each group highest
    first: compared as a sequence, lower is better."""
    counts = Counter(LOW[c >> 2] for c in cards)
    shape = sorted(counts.values(), reverse=True)
    pairing = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}[tuple(shape)]
    ordered = sorted(counts, key=lambda low: (-counts[low], -low))
    return (pairing, *[low for low in ordered for _ in range(counts[low])])


def best_value(cards):
    return min(five_value(five) for five in combinations(cards, 5))


def qualifies_low8(cards):
    """Whether some five of the cards are five different ranks, all eight or lower."""
    return any(len({LOW[c >> 2] for c in five}) == 5 and max(LOW[c >> 2] for c in five) <= 8
               for five in combinations(cards, 5))


def deuce_to_seven_value(cards):
    """Deuce-to-seven value of five cards, smaller is better: the high hand's category (high
    card 0 .. straight flush 8), aces always high so A-2-3-4-5 is no straight, then the ranks
    by how often they appear and from the highest down; the weakest high hand wins."""
    ranks = [c >> 2 for c in cards]  # deuce 0 .. ace 12
    counts = Counter(ranks)
    shape = tuple(sorted(counts.values(), reverse=True))
    flush = len({c & 3 for c in cards}) == 1
    straight = len(counts) == 5 and max(ranks) - min(ranks) == 4
    if straight:
        category = 8 if flush else 4
    elif flush:
        category = 5
    else:
        category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6, (4, 1): 7}[shape]
    ordered = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return (category, *[rank for rank in ordered for _ in range(counts[rank])])
