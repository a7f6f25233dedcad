"""Census: rank every hand of 5, 6 or 7 cards out of 52 and count each category."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ._core import ffi, lib
from ._display import html_table
from .evaluate import RANK_COUNT, Category, categories

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["CategoryCount", "Census", "census"]


@dataclass(frozen=True)
class CategoryCount:
    """Hands of one category in a census, and how many distinct ranks they reach."""

    category: Category
    hands: int
    ranks: int


@dataclass(frozen=True)
class Census:
    """The result of ``census``: one row per category, best first, and the totals."""

    cards: int
    rows: tuple[CategoryCount, ...]
    seconds: float

    @property
    def hands(self) -> int:
        return sum(row.hands for row in self.rows)

    @property
    def ranks(self) -> int:
        return sum(row.ranks for row in self.rows)

    def as_dict(self) -> dict[str, object]:
        return {
            "cards": self.cards,
            "categories": {row.category.name: {"hands": row.hands, "ranks": row.ranks} for row in self.rows},
            "hands": self.hands,
            "ranks": self.ranks,
            "seconds": self.seconds,
        }

    def _repr_html_(self) -> str:
        rows = [[row.category.name.lower().replace("_", " "), f"{row.hands:,}", f"{row.ranks:,}"] for row in self.rows]
        rows.append(["total", f"{self.hands:,}", f"{self.ranks:,}"])
        caption = f"every {self.cards}-card hand, ranked in {self.seconds:.3f} s"
        return html_table(caption, ["category", "hands", "ranks"], rows)

    def __repr__(self) -> str:
        return f"Census(cards={self.cards}, hands={self.hands}, ranks={self.ranks}, seconds={self.seconds:.3f})"

    def table(self) -> str:
        lines = [f"{'category':<16} {'hands':>13} {'ranks':>6}"]
        lines += [f"{row.category.name.lower().replace('_', ' '):<16} {row.hands:>13,} {row.ranks:>6,}"
                  for row in self.rows]
        lines.append(f"{'total':<16} {self.hands:>13,} {self.ranks:>6,}")
        rate = self.hands / self.seconds / 1e6 if self.seconds > 0 else float("inf")
        lines.append(f"ranked every {self.cards}-card hand in {self.seconds:.3f} s ({rate:,.0f} M hands/s)")
        return "\n".join(lines)


def count_ranks(kernel: Any, cards: object, rank_count: int, sliced: bool = False, five_only: str = ""
                ) -> tuple[npt.NDArray[np.uint64], float]:
    """Every game's census: ``cards`` checked (an int; 5, 6 or 7, or 5 alone where the game's
    hands are five cards: ``five_only`` then names the game), then the game's C census, which
    counts the hands of each rank 1..rank_count; the counts and the seconds it took. A
    ``sliced`` kernel (``kernel(cards, lowest, counts)``) counts the hands of one lowest card a
    call, at most about 30 ms: Ctrl-C is seen between calls."""
    if isinstance(cards, bool) or not isinstance(cards, int):
        raise TypeError(f"cards must be an int, got {type(cards).__name__}")
    if five_only and cards != 5:
        raise ValueError(f"{five_only} hands have 5 cards, got {cards}")
    if cards not in (5, 6, 7):
        raise ValueError(f"a census covers hands of 5, 6 or 7 cards, got {cards}")
    import numpy as np

    counts = np.zeros(rank_count + 1, dtype=np.uint64)
    buffer = ffi.from_buffer("uint64_t[]", counts)
    start = time.perf_counter()
    if sliced:
        for lowest in range(53 - cards):
            kernel(cards, lowest, buffer)
    else:
        kernel(cards, buffer)
    return counts, time.perf_counter() - start


def census(cards: int = 5) -> Census:
    """Rank every hand of ``cards`` (5, 6 or 7) distinct cards inside C and count them.

    Each category gets its number of hands and of distinct ranks (1 = royal flush ...
    7462 = 7-5-4-3-2; a 6- or 7-card hand counts under its best five).

    >>> c = census(5)
    >>> c.hands, c.ranks
    (2598960, 7462)
    """
    import numpy as np

    counts, seconds = count_ranks(lib.hr_census, cards, RANK_COUNT, sliced=True)
    per_rank = counts[1:]
    category_of_rank = categories(np.arange(1, RANK_COUNT + 1))
    rows = tuple(
        CategoryCount(c, int(per_rank[category_of_rank == c].sum()), int((per_rank[category_of_rank == c] > 0)
                                                                          .sum()))
        for c in reversed(Category)
    )
    return Census(cards, rows, seconds)
