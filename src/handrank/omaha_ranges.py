"""Omaha ranges: the hands of a range in the notation PLO players write.

Items are separated by commas; spaces are ignored; weights go in front, ``0.5(AAxx)``, or
behind, ``AAxx:0.5`` (as in Hold'em ranges, nested at most ``handrank.ranges.MAX_DEPTH``
deep; a hand named twice keeps the later weight). An item is:

- **a hand**: its cards, ``AsAhKdKc`` (4, 5 or 6 of them, as the game deals);
- **a rank pattern**: ranks ``AKQJT98765432`` and ``x`` for any card, up to the hole count;
  a shorter pattern is filled with ``x``. A hand matches when it holds at least the named
  cards: ``AAxx`` (or ``AA``) is every hand with two aces or more, ``KKQQ`` exactly two kings
  and two queens, ``AKQJ`` one of each (any suits);
- a pattern with a **suit qualifier** behind it: ``ds`` double-suited (two suits with two
  cards or more each), ``ss`` single-suited (exactly one suit with two cards or more), ``r``
  rainbow (no two cards of a suit; four hole cards at most). ProPokerTools' macros ``$ds``,
  ``$ss`` and ``$r`` are the same, and the qualifier may follow a hand too;
- **a percentage** (PLO4): ``15%`` or ``top15%``, the best 15% of all hands by the PLO4
  table's order (``handrank.omaha.preflop_table()``: equity against one random hand), in
  whole classes, the one that crosses the line included; ``5%-10%`` the classes between;
- ``random``: every hand, as ``x`` is. Given alone as a player to ``omaha.equity`` it is a
  random player, dealt from the deck; only so for PLO6, whose 20 million hands no range holds.

Where this differs from ProPokerTools' generic syntax: there ``x`` is a suit variable and
``*`` the wildcard rank, and ``:`` intersects ranges; here ``x`` (and ``*``) is the wildcard,
as PLO players write it, and ``:`` gives a weight, as in Hold'em ranges. ProPokerTools ranks
hands its own way, so its ``15%`` holds other hands. PLO5 and PLO6 patterns are built from
their named ranks, up to 4,000,000 hands: PLO6 patterns name at least two cards (``AAxxxx``,
``AKQxxx``; ``xxxxxx`` alone is ``random``).
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from typing import TYPE_CHECKING

from ._range_grammar import percent_span, shown, weighted_items
from .cards import cards_in_token, exact_int

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["parse_omaha_range", "omaha_range_arrays"]

_RANKS = "23456789TJQKA"
_QUALIFIER = re.compile(r"^(.*?)(\$?ds|\$?ss|\$?r)$", re.IGNORECASE)
_PATTERN = re.compile(r"^[2-9TJQKAtjqkaxX*]+$")
_PATTERN_HOLES = (4,)  # PLO4's 270,725 hands are listed once (percentages need them); PLO5/6 patterns are built


@functools.lru_cache(maxsize=2)
def _all_hands(hole: int) -> npt.NDArray[np.uint8]:
    """Every hand of `hole` cards, (n, hole) uint8, cards decreasing within a row."""
    from ._rows import card_combinations

    hands = 51 - card_combinations(52, hole)  # itertools.combinations(range(51, -1, -1), hole)'s order
    hands.setflags(write=False)
    return hands


@functools.lru_cache(maxsize=2)
def _rank_counts(hole: int) -> npt.NDArray[np.uint8]:
    """How many cards of each rank every hand of `hole` cards holds (as _all_hands lists them):
    row r the counts of rank r, one byte a hand (a pattern's test of a rank is one pass over
    a byte a hand, not shifts of a 64-bit word a hand)."""
    import numpy as np

    hands = _all_hands(hole)
    ranks = np.ascontiguousarray((hands >> 2).T)  # a column a row: each pass reads contiguous bytes (5x faster)
    counts = np.zeros((13, len(hands)), dtype=np.uint8)
    for rank in range(13):
        row = counts[rank]
        for column in ranks:
            row += column == rank
    counts.setflags(write=False)
    return counts


def _suit_kinds(hands: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.bool_]]:
    """Which hands (rows of card ids) are double-suited (ds: two suits with two cards or more),
    single-suited (ss: exactly one) and rainbow (r: no two cards of a suit)."""
    import numpy as np

    per_suit = np.stack([np.count_nonzero(hands % 4 == suit, axis=1) for suit in range(4)], axis=1)
    suited = np.count_nonzero(per_suit >= 2, axis=1)
    return {"ds": suited >= 2, "ss": suited == 1, "r": per_suit.max(axis=1) == 1}


@functools.lru_cache(maxsize=2)
def _suit_qualified(hole: int) -> dict[str, npt.NDArray[np.bool_]]:
    """_suit_kinds of every hand of `hole` cards (as _all_hands lists them): worked out once a
    hole count."""
    qualified = _suit_kinds(_all_hands(hole))
    for mask in qualified.values():
        mask.setflags(write=False)
    return qualified


def _qualifies(cards: list[int], qualifier: str) -> bool:
    """Whether one hand is double-suited, single-suited or rainbow."""
    import numpy as np

    return bool(_suit_kinds(np.array([cards], dtype=np.uint8))[qualifier][0])


@functools.lru_cache(maxsize=1)
def _plo4_classes() -> npt.NDArray[np.int64]:
    """The class (Indexer([4])) of every PLO4 hand, as _all_hands(4) lists them."""
    import numpy as np

    from .isomorphism import Indexer

    classes = np.asarray(Indexer([4]).index(_all_hands(4)), dtype=np.int64)
    classes.setflags(write=False)
    return classes


def _percent_hands(token: str, hole: int) -> npt.NDArray[np.uint8]:
    """``15%`` (the best 15% of hands), ``top15%``, ``5%-10%``: by the PLO4 table's order."""
    import numpy as np

    from .omaha import preflop_table

    low, high = percent_span(token)
    if hole != 4:
        raise ValueError(f"range item {shown(token)}: percentage ranges are for PLO4 (the starting-hand table's)")
    wanted = np.zeros(16_432, dtype=bool)
    wanted[preflop_table().classes_between(low, high)] = True
    return _all_hands(4).take(np.flatnonzero(wanted[_plo4_classes()]), axis=0)


def _token_hands(token: str, hole: int) -> npt.NDArray[np.uint8]:
    """The hands of one Omaha range token: (n, hole) uint8, cards decreasing within a row."""
    import numpy as np

    if token.lower() == "random":  # every hand, as Hold'em's 'random' is every combo
        if hole not in _PATTERN_HOLES and math.comb(52, hole) > _MOST_BUILT:
            raise ValueError(f"range item {shown(token)}: every PLO{hole} hand ({math.comb(52, hole):,}) is more "
                             f"than a range holds (at most {_MOST_BUILT:,}); a random player is 'random' alone")
        return _token_hands("x", hole)
    if "%" in token:
        return _percent_hands(token, hole)
    body, qualifier = token, ""
    match = _QUALIFIER.match(token)
    if match and match[1]:
        body, qualifier = match[1], match[2].lstrip("$").lower()
    try:
        cards = cards_in_token(body)
    except ValueError:
        cards = []
    if len(cards) == hole:
        if len(set(cards)) != hole:
            raise ValueError(f"range item {shown(token)}: a card twice")
        if qualifier and not _qualifies(cards, qualifier):
            return np.zeros((0, hole), dtype=np.uint8)
        return np.array([sorted(cards, reverse=True)], dtype=np.uint8)
    if cards:
        raise ValueError(f"range item {shown(token)}: a hand of {len(cards)} cards in a game of {hole} hole cards")
    if not _PATTERN.match(body):
        raise ValueError(f"unknown range item {shown(token)}: expected a hand (AsAhKdKc), a rank pattern (AAxx, "
                         "KKQQ, AKQJ) or a pattern with ds, ss or r behind it (AAxxds)")
    if len(body) > hole:
        raise ValueError(f"range item {shown(token)}: {len(body)} ranks for {hole} hole cards")
    if qualifier == "r" and hole > 4:
        raise ValueError(f"range item {shown(token)}: {hole} cards cannot be rainbow (four suits)")
    named = {_RANKS.index(char): body.upper().count(char) for char in set(body.upper()) - {"X", "*"}}
    if hole not in _PATTERN_HOLES:  # PLO5/6: 2.6 and 20 million hands are not listed; the pattern's are built
        return _built_hands(named, hole, qualifier, token)
    hands = _all_hands(hole)
    keep = None
    for rank, count in named.items():
        holds = _rank_counts(hole)[rank] >= count
        keep = holds if keep is None else np.logical_and(keep, holds, out=keep)
    if qualifier:
        keep = _suit_qualified(hole)[qualifier] if keep is None else np.logical_and(
            keep, _suit_qualified(hole)[qualifier], out=keep)
    # (the rows at the mask's places: a boolean index of a 2-D array is 10x slower than this)
    return hands.copy() if keep is None else hands.take(np.flatnonzero(keep), axis=0)


_MOST_BUILT = 4_000_000  # hands a PLO5 or PLO6 pattern may build (about 100 MB of work arrays)
MOST_IN_DICT = 300_000  # hands parse_omaha_range gives as a dict (every PLO4 hand; about 100 MB of tuples)


def _built_hands(named: dict[int, int], hole: int, qualifier: str, token: str) -> npt.NDArray[np.uint8]:
    """The hands of a rank pattern built from its ranks, not picked from every hand: for each
    exact count of each named rank (at least the pattern's: at-least semantics), each way to
    take that many of its suits, with every choice of the other cards from the ranks not
    named. Each hand is built once. Cards decreasing within a row."""
    import numpy as np

    from ._rows import card_combinations

    ranks = sorted(named)
    others = np.array([card for card in range(52) if card >> 2 not in named], dtype=np.uint8)
    exact = [counts for counts in itertools.product(*(range(named[rank], 5) for rank in ranks))
             if sum(counts) <= hole]
    total = sum(math.prod(math.comb(4, k) for k in counts) * math.comb(len(others), hole - sum(counts))
                for counts in exact)
    if total > _MOST_BUILT:
        raise ValueError(f"range item {shown(token)}: the pattern matches {total:,} PLO{hole} hands "
                         f"(at most {_MOST_BUILT:,}): name more ranks")
    if not exact:  # more of a rank than the deck holds
        return np.zeros((0, hole), dtype=np.uint8)
    parts = []
    for counts in exact:
        suits = [[[rank * 4 + suit for suit in chosen] for chosen in itertools.combinations(range(4), k)]
                 for rank, k in zip(ranks, counts)]
        chosen = [list(itertools.chain.from_iterable(choice)) for choice in itertools.product(*suits)]
        bases = np.array(chosen, dtype=np.uint8).reshape(len(chosen), sum(counts))
        picks = others[card_combinations(len(others), hole - sum(counts))]
        parts.append(np.concatenate([np.repeat(bases, len(picks), axis=0), np.tile(picks, (len(bases), 1))],
                                    axis=1))
    hands = np.concatenate(parts)
    hands.sort(axis=1)
    hands = np.ascontiguousarray(hands[:, ::-1])  # cards decreasing within a row
    return hands[_suit_kinds(hands)[qualifier]] if qualifier else hands


def parse_omaha_range(text: str, hole: int = 4) -> dict[tuple[int, ...], float]:
    """The hands of an Omaha range and their weights: {cards: weight}, cards decreasing.

    >>> len(parse_omaha_range("AAxx")), len(parse_omaha_range("AAxxds")), len(parse_omaha_range("KKQQ"))
    (6961, 864, 36)
    >>> parse_omaha_range("0.5(AsAhKdKc), KsKhQsQh")
    {(51, 50, 45, 44): 0.5, (47, 46, 43, 42): 1.0}

    A dict holds at most ``MOST_IN_DICT`` hands (every PLO4 hand): a tuple a hand takes about
    300 bytes, so PLO5's ``x`` (2,598,960 hands) would take 800 MB and 3 s. Larger ranges are
    refused with a pointer to ``omaha_range_arrays``, which gives them as arrays (6 bytes and
    a weight a hand).

    Raises:
        ValueError: an item that is not Omaha range notation (named), a hand of the wrong
            size or with a card twice, a weight that is not a finite number above 0,
            unbalanced parentheses, no hands at all, or more than ``MOST_IN_DICT`` hands.
        TypeError: not a string.
    """
    hands, weights = omaha_range_arrays(text, hole)
    if len(hands) > MOST_IN_DICT:
        raise ValueError(f"range {shown(text)} has {len(hands):,} hands, more than parse_omaha_range gives as a "
                         f"dict ({MOST_IN_DICT:,}); omaha_range_arrays gives them as arrays")
    return dict(zip(map(tuple, hands.tolist()), weights.tolist()))


def omaha_range_arrays(text: str, hole: int = 4) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
    """parse_omaha_range as arrays, the way equity takes them: the hands (n, hole) uint8,
    cards decreasing within a row, in the order they are first named, and each one's
    weight (the last one given it). No Python object a hand: a pattern or a percentage is
    a mask over every hand of the game."""
    import numpy as np

    from ._rows import card_masks

    if not isinstance(text, str):
        raise TypeError(f"an Omaha range is a string such as 'AAxxds, KKQQ', got {type(text).__name__}")
    if exact_int(hole, "hole (4, 5 or 6 cards) as an int") not in (4, 5, 6):
        raise ValueError(f"hole is 4, 5 or 6 cards, got {hole!r}")
    hole = int(hole)
    parts, weights = [], []
    for item, weight in weighted_items("".join(text.split()), 1.0, 0):
        hands = _token_hands(item, hole)
        parts.append(hands)
        weights.append(np.full(len(hands), weight))
    hands = np.concatenate(parts) if parts else np.zeros((0, hole), dtype=np.uint8)
    if not len(hands):
        raise ValueError(f"range {shown(text)} has no hands")
    if len(parts) == 1:  # one item: no hand twice
        return hands, weights[0]
    every_weight = np.concatenate(weights)
    keys = card_masks(hands)  # a hand's cards as bits: equal keys, the same hand
    _, first = np.unique(keys, return_index=True)  # where each hand is first named ...
    _, last_reversed = np.unique(keys[::-1], return_index=True)  # ... and last (the same key order)
    order = np.argsort(first, kind="stable")
    return hands[first[order]], every_weight[len(keys) - 1 - last_reversed[order]]
