"""The preflop chart: every starting hand's exact equity against one random hand.

Computed from the heads-up preflop table (tables/preflop_headsup.c): for each of the 169
starting hands, one holding of it against every one of the 1,225 holdings left, each over
all 1,712,304 boards. Suits change nothing here, so one holding stands for its hand.

The grid reads like the charts poker players use: rows and columns run ace to deuce;
pairs on the diagonal, suited hands above it (row = higher card), offsuit below it
(column = higher card).
"""

from __future__ import annotations

import functools
import numbers
from typing import TYPE_CHECKING, Any

from ._core import ffi
from ._display import figure_path, pyplot_for_file
from ._values import ArrayOperators
from .cards import exact_int, parse

if TYPE_CHECKING:
    from pathlib import Path

    import numpy as np
    import numpy.typing as npt

__all__ = ["preflop_chart", "PreflopChart", "chart_label", "chart_text", "plot_chart", "hands_between", "CHART_RANKS"]

CHART_RANKS = "AKQJT98765432"
"""Row and column order of the chart: ace first."""


def chart_label(row: int, column: int) -> str:
    """The starting hand in one cell: 'AA', 'AKs' (above the diagonal), 'AKo' (below).

    Raises:
        ValueError: a row or column outside 0 .. 12.
        TypeError: a row or column that is not an int.
    """
    for name, value in (("row", row), ("column", column)):
        if not 0 <= exact_int(value, f"a chart {name} as an int") <= 12:
            raise ValueError(f"a chart {name} is from 0 to 12 (A to 2), got {value}")
    high, low = CHART_RANKS[min(row, column)], CHART_RANKS[max(row, column)]
    return high + low if row == column else high + low + ("s" if row < column else "o")


def _holding(row: int, column: int) -> tuple[int, int]:
    """One holding of the hand in a cell (the ace of spades side first)."""
    high, low = 12 - min(row, column), 12 - max(row, column)
    if row == column:
        return high * 4 + 3, high * 4 + 2
    return (high * 4 + 3, low * 4 + 3) if row < column else (high * 4 + 3, low * 4 + 2)


@functools.lru_cache(maxsize=1)
def _chart() -> tuple[tuple[float, ...], ...]:
    from ._equity_engine import preflop_table_sums

    everyone = bytes(c for a in range(52) for b in range(a) for c in (a, b))
    start = ffi.new("int32_t[]", [0, 1, 1 + 1326])
    weights = ffi.new("double[]", [1.0] * (1 + 1326))
    rows = []
    for row in range(13):
        cells = []
        for column in range(13):
            outcomes, deals = ffi.new("double[4]"), ffi.new("uint64_t *")
            combos = bytes(_holding(row, column)) + everyone
            preflop_table_sums(combos, start, weights, 1, 1326, outcomes, deals)
            total = outcomes[1] + outcomes[2] + outcomes[3]
            cells.append((outcomes[1] + outcomes[3] / 2) / total)
        rows.append(tuple(cells))
    return tuple(rows)


class PreflopChart(ArrayOperators):
    """The 13 x 13 preflop chart: each starting hand's exact equity against one random hand.

    Rows and columns run A, K, ... 2 (``ranks``); pairs on the diagonal, suited above it,
    offsuit below it. ``values`` is the float64 array (the chart itself indexes and converts
    as one: ``chart[0, 1]``, ``np.asarray(chart)``, ``chart > 0.6`` a boolean array, ``==``
    elementwise), ``labels`` the hand of each cell,
    ``equity("AKs")`` one hand's; ``table()`` is a text grid, Jupyter shows an HTML one, and
    ``plot(path)`` draws a heatmap (``pip install ".[plot]"``).
    """

    ranks = CHART_RANKS

    def __init__(self, values: npt.NDArray[np.float64]) -> None:
        values.setflags(write=False)
        self.values = values
        self.labels = tuple(tuple(chart_label(row, column) for column in range(13)) for row in range(13))

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.values.shape)

    def __getitem__(self, key: Any) -> Any:
        return self.values[key]

    def __array__(self, dtype: Any = None, copy: Any = None) -> npt.NDArray[Any]:
        return self.values if dtype is None else self.values.astype(dtype)

    def __getattr__(self, name: str) -> Any:
        """The array's own methods and attributes (``min()``, ``argmax()``, ``tolist()`` ...)."""
        if name.startswith("_") or name == "values":
            raise AttributeError(name)
        return getattr(self.values, name)

    def equity(self, hand: str) -> float:
        """One starting hand's equity: 'AA', 'AKs', 'AKo' (either order of the two ranks), or
        two cards ('AhKh' reads as AKs; so in ``rank`` and ``percentile`` too).

        >>> round(preflop_chart().equity("KAs"), 4)
        0.6704
        """
        return float(self.values[_cell(hand)])

    def rank(self, hand: str) -> int:
        """A starting hand's place by equity among the 169, 1 the best (AA).

        >>> chart = preflop_chart()
        >>> chart.rank("AA"), chart.rank("AKs"), chart.rank("32o")
        (1, 8, 169)
        """
        row, column = _cell(hand)
        return int(_ranking()[1][13 * row + column])

    def percentile(self, hand: str) -> float:
        """The percent of all 1,326 combos in the hands ranked at or above this one: the
        smallest percentage range (``"12%"``) that holds it is the one just above its share
        before it, so ``top(chart.percentile(hand))`` always holds ``hand``.

        >>> round(preflop_chart().percentile("KK"), 2)   # AA and KK: 12 of 1,326 combos
        0.9
        """
        row, column = _cell(hand)
        return float(_ranking()[2][13 * row + column])

    def top(self, percent: float) -> list[str]:
        """The starting hands of the range ``"<percent>%"``, best first: by equity against one
        random hand, whole hands, the one that crosses the line included (as ranges read
        ``15%``; ``percent`` from above 0 to 100).

        >>> preflop_chart().top(3)   # 88 starts at 36 of 1,326 combos (2.7%)
        ['AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88']
        """
        if isinstance(percent, bool) or not isinstance(percent, numbers.Real):
            raise TypeError(f"percent is a number from above 0 to 100, got {type(percent).__name__}")
        if not 0 < percent <= 100:
            raise ValueError(f"percent must be above 0 and at most 100, got {percent}")
        return hands_between(0.0, float(percent))

    def table(self) -> str:
        """The chart as a text grid of percentages."""
        return chart_text()

    def _repr_html_(self) -> str:
        from ._display import html_table

        rows = [[CHART_RANKS[row], *(f"{self.labels[row][column]} {100 * self.values[row, column]:.1f}"
                                     for column in range(13))] for row in range(13)]
        return html_table("equity (%) against one random hand: suited above the diagonal, offsuit below",
                          ["", *CHART_RANKS], rows)

    def __repr__(self) -> str:
        return (f"PreflopChart(13 x 13, AA={self.values[0, 0]:.4f}, AKs={self.values[0, 1]:.4f}, "
                f"72o={self.values[12, 7]:.4f})")

    def plot(self, path: str | Path, *, dpi: int = 100) -> Path:
        """Draw the chart as a labelled heatmap (see ``plot_chart``)."""
        return plot_chart(path, dpi=dpi)


def _cell(hand: str) -> tuple[int, int]:
    """The chart cell of 'AA', 'AKs', 'AKo' (either order of the two ranks), or of two cards
    ('AhKh' is AKs)."""
    if not isinstance(hand, str):
        raise TypeError(f"expected a starting hand such as 'AKs', got {type(hand).__name__}")
    text = hand.strip()
    ranks, kind = text[:2].upper(), text[2:].lower()
    if len(ranks) == 2 and all(r in CHART_RANKS for r in ranks):
        first, second = sorted(CHART_RANKS.index(r) for r in ranks)  # the higher card first
        if first == second and not kind:
            return first, first
        if first != second and kind in ("s", "o"):  # suited above the diagonal, offsuit below
            return (first, second) if kind == "s" else (second, first)
    try:
        cards = parse(text)
    except ValueError:
        cards = []
    if len(cards) == 2 and cards[0] != cards[1]:  # two cards: their class
        first, second = sorted(12 - card // 4 for card in cards)
        return (first, second) if cards[0] % 4 == cards[1] % 4 or first == second else (second, first)
    raise ValueError(f"unknown starting hand {hand!r}: write a pair 'TT', two ranks and s or o ('AKs', 'T9o'), "
                     "or two cards ('AhKh')")


@functools.lru_cache(maxsize=1)
def _ranking() -> tuple[Any, Any, Any, Any]:
    """The chart's cells (row * 13 + column) ranked by equity: (order, rank, percentile,
    before), as ``_range_grammar.ranked_classes`` gives them; a cell holds 6 combos on the
    diagonal, 4 above it (suited) and 12 below it (offsuit)."""
    from ._range_grammar import ranked_classes

    size = [6 if row == column else 4 if row < column else 12 for row in range(13) for column in range(13)]
    return ranked_classes([value for row in _chart() for value in row], size)


def hands_between(low: float, high: float) -> list[str]:
    """The starting hands of the percentage range ``low%-high%`` (0 <= low < high <= 100),
    best first: those whose share of combos ranked before them is in [low, high)."""
    order, _, _, before = _ranking()
    return [chart_label(*divmod(int(cell), 13)) for cell in order if low <= before[cell] < high]


def preflop_chart() -> PreflopChart:
    """Each starting hand's exact equity against one random hand, as a labelled 13 x 13 chart.

    Rows and columns run A, K, ... 2 (CHART_RANKS); pairs on the diagonal, suited above it,
    offsuit below it. Ties count half.

    >>> chart = preflop_chart()
    >>> round(float(chart[0, 0]), 4), round(float(chart[12, 12]), 4)   # AA, 22
    (0.852, 0.5033)
    >>> aces, kings = chart.labels[0], chart.labels[1]   # the rows of A and K
    >>> bool(chart[0, 1] > chart[1, 0]), aces[1], kings[0]   # AKs beats AKo
    (True, 'AKs', 'AKo')
    """
    import numpy as np

    return PreflopChart(np.array(_chart(), dtype=np.float64))


def chart_text() -> str:
    """The chart as a text grid of percentages."""
    chart = _chart()
    lines = ["      " + "".join(f"{rank:>6}" for rank in CHART_RANKS)]
    for row in range(13):
        lines.append(f"{CHART_RANKS[row]:>6}" + "".join(f"{100 * chart[row][c]:>6.1f}" for c in range(13)))
    lines.append("pairs on the diagonal, suited above it, offsuit below; equity (%) against one random hand")
    return "\n".join(lines)


_DPI = (10, 600)


def plot_chart(path: str | Path, *, dpi: int = 100) -> Path:
    """Draw the chart as a labelled heatmap (PNG, SVG or PDF), 8 inches square at ``dpi``
    dots an inch (10 to 600); returns the path written.

    Needs matplotlib: ``pip install ".[plot]"``.

    Raises:
        ImportError: matplotlib is not installed (the message says how to install it).
        ValueError: a name that does not end in .png, .svg or .pdf, a folder, a folder that
            does not exist, dpi outside 10 .. 600.
        TypeError: a path that is neither a str nor a Path; dpi not an int.
    """
    from pathlib import Path

    figure_path(path)
    dpi = exact_int(dpi, "dpi as an int")
    if not _DPI[0] <= dpi <= _DPI[1]:  # below 10 the labels' fonts fail; the memory grows as dpi squared
        raise ValueError(f"dpi must be from {_DPI[0]} to {_DPI[1]}, got {dpi}")
    plt = pyplot_for_file(path)
    path = Path(path)
    chart = preflop_chart().values
    figure, axes = plt.subplots(figsize=(8, 8), dpi=dpi)
    try:
        image = axes.imshow(chart, cmap="RdYlGn", vmin=0.3, vmax=0.85)
        axes.set_xticks(range(13), list(CHART_RANKS))
        axes.set_yticks(range(13), list(CHART_RANKS))
        axes.tick_params(top=True, labeltop=True, bottom=False, labelbottom=False)
        for row in range(13):
            for column in range(13):
                axes.text(column, row, f"{chart_label(row, column)}\n{100 * chart[row, column]:.1f}", ha="center",
                          va="center", fontsize=6.5)
        axes.set_title("Preflop equity against one random hand (exact): suited above the diagonal, offsuit below",
                       fontsize=9)
        figure.colorbar(image, ax=axes, fraction=0.046, pad=0.04, label="equity")
        figure.tight_layout()
        figure.savefig(path)
    finally:
        plt.close(figure)
    return path
