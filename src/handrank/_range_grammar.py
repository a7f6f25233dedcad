"""The grammar every game's ranges share: items separated by commas (spaces ignored), a
weight in front, ``0.5(a, b)`` (nested at most MAX_DEPTH deep), or behind, ``a:0.5``. Each
game reads the tokens its own way (``handrank.ranges`` Hold'em's, ``handrank.omaha_ranges``
Omaha's)."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from .cards import shown_text

MAX_DEPTH = 8
"""Most weight parentheses nested inside each other."""


_WEIGHT = re.compile(r"\d+(?:\.\d*)?|\.\d+")


def shown(text: str) -> str:
    """A range or item for an error message, cut short when it is long."""
    return shown_text(text, 60)


def split_items(text: str) -> list[str]:
    """Split on the commas that are not inside parentheses (one pass over the text)."""
    if "(" not in text and ")" not in text:  # no weight groups: every comma splits
        return [item for item in text.split(",") if item]
    items, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                raise ValueError(f"unbalanced ')' in range {shown(text)}")
        elif char == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    if depth:
        raise ValueError(f"unbalanced '(' in range {shown(text)}")
    items.append(text[start:])
    return [item for item in items if item]


def weighted_items(text: str, weight: float, depth: int) -> list[tuple[str, float]]:
    """Each token of a range with its weight: ``0.5(a, b)`` and ``a:0.5``, nested."""
    if depth > MAX_DEPTH:
        raise ValueError(f"range weights nest more than {MAX_DEPTH} deep")
    found: list[tuple[str, float]] = []
    for item in split_items(text):
        opening = item.find("(")
        if opening >= 0 and item.endswith(")"):
            found += weighted_items(item[opening + 1:-1], weight * parse_weight(item[:opening], item), depth + 1)
            continue
        item_weight = weight
        token, colon, after = item.rpartition(":")
        if colon:
            item, item_weight = token, weight * parse_weight(after, item)
        if not item_weight > 0:
            raise ValueError(f"range item {shown(item)}: its weight underflows to 0")
        found.append((item, item_weight))
    return found


def parse_weight(text: str, item: str) -> float:
    if not _WEIGHT.fullmatch(text):
        raise ValueError(f"range item {shown(item)}: a weight is a number such as 0.5, got {shown(text)}")
    value = float(text)
    if not 0 < value < math.inf:
        raise ValueError(f"range item {shown(item)}: a weight must be above 0 and finite, got {shown(text)}")
    return value


_PERCENT = re.compile(r"^(?:top)?(\d+(?:\.\d*)?)%(?:-(\d+(?:\.\d*)?)%)?$", re.IGNORECASE)


def percent_span(token: str) -> tuple[float, float]:
    """A percentage item's bounds: ``15%`` and ``top15%`` are (0, 15), ``5%-10%`` is (5, 10)."""
    match = _PERCENT.match(token)
    if not match:
        raise ValueError(f"range item {shown(token)}: a percentage range is 15%, top15% or 5%-10%")
    low, high = (0.0, float(match[1])) if match[2] is None else (float(match[1]), float(match[2]))
    if not 0 <= low < high <= 100:
        raise ValueError(f"range item {shown(token)}: percentages run from 0 to 100, the lower first")
    return low, high


def ranked_classes(equity: Sequence[float], size: Sequence[int]) -> tuple[list[int], list[int], list[float],
                                                                        list[float]]:
    """A starting-hand table's order, as every game's percentage ranges read it: (order, rank,
    percentile, before) for classes of the given equity and number of hands. ``order`` lists
    the classes best first (equal equity: the lower class first); ``rank`` is each class's
    place, 1 the best; ``percentile`` the percent of all hands in it and the classes before
    it; ``before`` the percent in the classes before it alone. A percentage range ``low% to
    high%`` holds the classes whose ``before`` is in [low, high): whole classes, the one that
    crosses the line included. Plain lists (no numpy: Hold'em's percentages need none)."""
    values, counts = [float(e) for e in equity], [int(s) for s in size]
    order = sorted(range(len(values)), key=lambda c: (-values[c], c))
    total = sum(counts)
    rank, percentile, before = [0] * len(order), [0.0] * len(order), [0.0] * len(order)
    through = 0
    for place, c in enumerate(order, 1):
        rank[c] = place
        before[c] = 100.0 * through / total
        through += counts[c]
        percentile[c] = 100.0 * through / total
    return order, rank, percentile, before
