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
- ``random`` alone is every hand (a random player).

Where this differs from ProPokerTools' generic syntax: there ``x`` is a suit variable and
``*`` the wildcard rank, and ``:`` intersects ranges; here ``x`` (and ``*``) is the wildcard,
as PLO players write it, and ``:`` gives a weight, as in Hold'em ranges. ProPokerTools ranks
hands its own way, so its ``15%`` holds other hands. Patterns are for PLO4 and PLO5; PLO6
ranges take hands.
"""

from __future__ import annotations

import functools
import itertools
import re
from typing import TYPE_CHECKING

from .cards import _cards_in_token
from .ranges import _parse_items, _shown

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["parse_omaha_range"]

_RANKS = "23456789TJQKA"
_QUALIFIER = re.compile(r"^(.*?)(\$?ds|\$?ss|\$?r)$", re.IGNORECASE)
_PATTERN = re.compile(r"^[2-9TJQKAtjqkaxX*]+$")
_PATTERN_HOLES = (4, 5)  # every hand of these counts is listed once (PLO6 has 20 million)


@functools.lru_cache(maxsize=2)
def _all_hands(hole: int) -> npt.NDArray[np.uint8]:
    """Every hand of `hole` cards, (n, hole) uint8, cards decreasing within a row."""
    import numpy as np

    count = {4: 270_725, 5: 2_598_960}[hole]
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(51, -1, -1), hole)),
                       dtype=np.uint8, count=count * hole)
    hands = flat.reshape(count, hole)
    hands.setflags(write=False)
    return hands


def _suit_shape(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Each hand's suit counts, largest first: (n, 4)."""
    import numpy as np

    counts = np.stack([(hands % 4 == suit).sum(axis=1) for suit in range(4)], axis=1)
    return -np.sort(-counts, axis=1)


def _qualified(shape: npt.NDArray[np.int64], qualifier: str) -> npt.NDArray[np.bool_]:
    suited = (shape >= 2).sum(axis=1)
    if qualifier == "ds":
        return suited >= 2  # type: ignore[no-any-return]
    if qualifier == "ss":
        return suited == 1  # type: ignore[no-any-return]
    return shape[:, 0] == 1  # type: ignore[no-any-return]


_PERCENT = re.compile(r"^(?:top)?(\d+(?:\.\d*)?)%(?:-(\d+(?:\.\d*)?)%)?$", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _plo4_classes() -> npt.NDArray[np.int64]:
    """The class (Indexer([4])) of every PLO4 hand, as _all_hands(4) lists them."""
    import numpy as np

    from .isomorphism import Indexer

    classes = np.asarray(Indexer([4]).index(_all_hands(4)), dtype=np.int64)
    classes.setflags(write=False)
    return classes


def _percent_hands(token: str, hole: int) -> list[tuple[int, ...]]:
    """``15%`` (the best 15% of hands), ``top15%``, ``5%-10%``: by the PLO4 table's order."""
    import numpy as np

    from .omaha import preflop_table

    match = _PERCENT.match(token)
    if not match:
        raise ValueError(f"range item {_shown(token)}: a percentage range is 15%, top15% or 5%-10%")
    if hole != 4:
        raise ValueError(f"range item {_shown(token)}: percentage ranges are for PLO4 (the starting-hand table's)")
    low, high = (0.0, float(match[1])) if match[2] is None else (float(match[1]), float(match[2]))
    if not 0 <= low < high <= 100:
        raise ValueError(f"range item {_shown(token)}: percentages run from 0 to 100, the lower first")
    wanted = np.zeros(16_432, dtype=bool)
    wanted[preflop_table().classes_between(low, high)] = True
    return [tuple(row) for row in _all_hands(4)[wanted[_plo4_classes()]].tolist()]


def _token_hands(token: str, hole: int) -> list[tuple[int, ...]]:
    """The hands of one Omaha range token."""
    import numpy as np

    if token.lower() == "random":
        raise ValueError("'random' is a whole range: give it alone, as a player, not as a range item")
    if "%" in token:
        return _percent_hands(token, hole)
    body, qualifier = token, ""
    match = _QUALIFIER.match(token)
    if match and match[1]:
        body, qualifier = match[1], match[2].lstrip("$").lower()
    try:
        cards = _cards_in_token(body)
    except ValueError:
        cards = []
    if len(cards) == hole:
        if len(set(cards)) != hole:
            raise ValueError(f"range item {_shown(token)}: a card twice")
        if qualifier and not _qualified(_suit_shape(np.array([cards], dtype=np.uint8)), qualifier)[0]:
            return []
        return [tuple(cards)]
    if cards:
        raise ValueError(f"range item {_shown(token)}: a hand of {len(cards)} cards in a game of {hole} hole cards")
    if not _PATTERN.match(body):
        raise ValueError(f"unknown range item {_shown(token)}: expected a hand (AsAhKdKc), a rank pattern (AAxx, "
                         "KKQQ, AKQJ) or a pattern with ds, ss or r behind it (AAxxds)")
    if len(body) > hole:
        raise ValueError(f"range item {_shown(token)}: {len(body)} ranks for {hole} hole cards")
    if hole not in _PATTERN_HOLES:
        raise ValueError(f"range item {_shown(token)}: PLO{hole} ranges take hands (e.g. AsAhKdKcQsQh), not "
                         "patterns, so far")
    if qualifier == "r" and hole > 4:
        raise ValueError(f"range item {_shown(token)}: {hole} cards cannot be rainbow (four suits)")
    hands = _all_hands(hole)
    keep = np.ones(len(hands), dtype=bool)
    ranks = hands // 4
    for char in set(body.upper()) - {"X", "*"}:
        keep &= (ranks == _RANKS.index(char)).sum(axis=1) >= body.upper().count(char)
    if qualifier:
        keep &= _qualified(_suit_shape(hands), qualifier)
    return [tuple(row) for row in hands[keep].tolist()]


def parse_omaha_range(text: str, hole: int = 4) -> dict[tuple[int, ...], float]:
    """The hands of an Omaha range and their weights: {cards: weight}, cards decreasing.

    >>> len(parse_omaha_range("AAxx")), len(parse_omaha_range("AAxxds")), len(parse_omaha_range("KKQQ"))
    (6961, 864, 36)
    >>> parse_omaha_range("0.5(AsAhKdKc), KsKhQsQh")
    {(51, 50, 45, 44): 0.5, (47, 46, 43, 42): 1.0}

    Raises:
        ValueError: an item that is not Omaha range notation (named), a hand of the wrong
            size or with a card twice, a weight that is not a finite number above 0,
            unbalanced parentheses, or no hands at all.
        TypeError: not a string.
    """
    if not isinstance(text, str):
        raise TypeError(f"an Omaha range is a string such as 'AAxxds, KKQQ', got {type(text).__name__}")
    if hole not in (4, 5, 6):
        raise ValueError(f"hole is 4, 5 or 6 cards, got {hole!r}")
    compact = "".join(text.split())
    hands: dict[tuple[int, ...], float] = {}
    _parse_items(compact, 1.0, hands, 0, lambda token: _token_hands(token, hole))
    if not hands:
        raise ValueError(f"range {_shown(text)} has no hands")
    return hands
