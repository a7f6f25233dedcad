"""Range analysis on a board: what a range holds (:func:`breakdown`), each combo's equity
(:func:`combo_equity`), the preflop equity matrix (:func:`equity_matrix`) and what the next
card does (:func:`outs`).

The made-hand and draw classes are defined in the user guide (docs/guide/analysis.md); the
kernel (csrc/breakdown.c) follows those definitions word for word.
"""

from __future__ import annotations

import functools
import html
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._core import ffi, lib
from ._display import figure_path, pyplot_for_file
from ._equity_engine import HOLDEM, SLICE_WORK, EquityResult, exact_equity, symmetry_group
from ._equity_input import Holding, Spot, check_status, holding_of_text, known_cards, player_holding, spot_of
from ._values import ArrayOperators, array_fields
from ._work import progress_reporter, run_slices, thread_count
from .cards import HandLike, format_cards, parse, text_of_ids
from .evaluate import Category, category, evaluate
from .preflop import chart_label

__all__ = ["MADE_CLASSES", "DRAW_CLASSES", "Group", "Breakdown", "breakdown", "ComboEquity", "combo_equity",
           "COMBO_BUDGET", "EquityMatrix", "equity_matrix", "NextCard", "Outs", "outs", "OUTS_BUDGET"]

MADE_CLASSES: tuple[str, ...] = (
    "straight flush", "four of a kind", "full house", "flush", "straight", "set", "trips", "trips on the board",
    "two pair", "overpair", "top pair, top kicker", "top pair, good kicker", "top pair, weak kicker",
    "pocket pair below top pair", "middle pair", "bottom pair", "underpair", "pair on the board", "ace high",
    "high card")
"""The made-hand classes, strongest first; every combo is in exactly one."""

DRAW_CLASSES: tuple[str, ...] = (
    "flush draw", "nut flush draw", "open-ended straight draw", "gutshot", "combo draw", "backdoor flush draw",
    "backdoor straight draw")
"""The draws, in the kernel's bit order; a combo can have several, or none ("no draw")."""

NO_DRAW = "no draw"
_DRAW_NAMES = tuple(tuple(name for bit, name in enumerate(DRAW_CLASSES) if flags >> bit & 1)
                    for flags in range(1 << len(DRAW_CLASSES)))  # the names of each set of draw bits

assert len(MADE_CLASSES) == lib.HR_MADE_HIGH_CARD + 1
assert 1 << (len(DRAW_CLASSES) - 1) == lib.HR_DRAW_BACKDOOR_STRAIGHT


@dataclass(frozen=True)
class Group:
    """One class of a breakdown: its weighted combos.

    Attributes:
        name: the class, as in MADE_CLASSES or DRAW_CLASSES (or "no draw").
        weight: the summed weights of its combos (a combo of weight 1 counts 1).
        share: weight over the range's total weight (0..1).
        combos: its combos as text, e.g. ('AhKh', 'AsKs'), strongest card first.
    """

    name: str
    weight: float
    share: float
    combos: tuple[str, ...]

    def __repr__(self) -> str:
        return (f"Group({self.name!r}, weight={self.weight:g}, share={self.share:.4g}, "
                f"combos={len(self.combos)})")


def _range_of(spec: HandLike, what: str) -> Holding:
    """A range or two hole cards, its errors prefixed by ``what``."""
    if isinstance(spec, str):
        try:
            return holding_of_text(spec)
        except ValueError as error:
            raise ValueError(f"{what}: {error}") from None
    try:
        return player_holding(spec, 0)
    except (TypeError, ValueError) as error:
        raise type(error)(str(error).replace("players[0]", what, 1)) from None


def _board_and_dead(board: HandLike, dead: HandLike, sizes: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    board_cards, dead_cards = known_cards(board, "board"), known_cards(dead, "dead")
    if len(board_cards) not in sizes:
        raise ValueError(f"a board here has {' or '.join(map(str, sizes))} cards, got {len(board_cards)}")
    for card in dead_cards:
        if card in board_cards:
            raise ValueError(f"card {format_cards([card])!r} is both dead and on the board")
    if len(set(dead_cards)) != len(dead_cards):
        raise ValueError("dead: a card is given twice")
    return board_cards, dead_cards


def _live_combos(holding: Holding, known: Sequence[int], what: str) -> tuple[np.ndarray, np.ndarray]:
    """The combos (n, 2) that meet no known card, and their weights."""
    taken = sum(1 << card for card in known)
    keep = [i for i, mask in enumerate(holding.masks) if not mask & taken]
    if not keep:
        raise ValueError(f"{what}: no combo of {holding.label!r} is left once the known cards are out")
    combos = np.frombuffer(holding.packed, dtype=np.uint8).reshape(-1, 2)[keep]
    return np.ascontiguousarray(combos), np.asarray(holding.weights, dtype=np.float64)[keep]


_CARD_TEXT = tuple(format_cards([card]) for card in range(52))


def _chart_cell(a: int, b: int) -> tuple[int, int]:
    """The 13 x 13 chart cell (row, column) of a combo: pairs on the diagonal, suited above."""
    high, low = max(a // 4, b // 4), min(a // 4, b // 4)
    if high == low:
        return 12 - high, 12 - high
    return (12 - high, 12 - low) if a % 4 == b % 4 else (12 - low, 12 - high)


def _combo_texts(combos: np.ndarray) -> list[str]:
    return [_CARD_TEXT[a] + _CARD_TEXT[b] for a, b in combos.tolist()]


@dataclass(frozen=True)
class Breakdown:
    """What a range holds on a board, by made hand and by draw (see :func:`breakdown`).

    Attributes:
        label: the range as given.
        board: the board as text.
        total: the summed weight of the range's combos that meet no board or dead card.
        made: the made-hand classes that hold any weight, strongest first.
        draws: the draws that hold any weight, then "no draw" (empty on a river).
        combos: every live combo as text, in the range's order.
        made_of: each combo's made-hand class (a name of MADE_CLASSES), as ``combos``.
        draws_of: each combo's draws (a tuple of names), as ``combos``.
        weights: each combo's weight, as ``combos``.
    """

    label: str
    board: str
    total: float
    made: tuple[Group, ...]
    draws: tuple[Group, ...]
    combos: tuple[str, ...]
    made_of: tuple[str, ...]
    draws_of: tuple[tuple[str, ...], ...]
    weights: tuple[float, ...]

    def __getitem__(self, name: str) -> Group:
        """The group of a class by name; an empty group for a class the range does not hold."""
        for group in (*self.made, *self.draws):
            if group.name == name:
                return group
        if name in MADE_CLASSES or name in DRAW_CLASSES or name == NO_DRAW:
            return Group(name, 0.0, 0.0, ())
        raise KeyError(f"no class {name!r}: see handrank.MADE_CLASSES and handrank.DRAW_CLASSES")

    def _rows(self) -> list[tuple[str, str, float, float, int]]:
        return ([("made", g.name, g.weight, g.share, len(g.combos)) for g in self.made]
                + [("draw", g.name, g.weight, g.share, len(g.combos)) for g in self.draws])

    def table(self) -> str:
        """A text table: each class's weight, share and number of combos."""
        lines = [f"{self.label} on {self.board}: {len(self.combos)} combos, weight {self.total:g}",
                 f"{'class':<30} {'weight':>8} {'share':>7} {'combos':>6}"]
        kind = ""
        for row_kind, name, weight, share, count in self._rows():
            if row_kind != kind:
                kind = row_kind
                lines.append("made hands:" if kind == "made" else "draws:")
            lines.append(f"  {name:<28} {weight:>8.4g} {share:>6.1%} {count:>6}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return (f"Breakdown({self.label!r} on {self.board!r}: {len(self.combos)} combos, "
                f"{len(self.made)} made classes, {len(self.draws)} draw groups)")

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{kind}</td><td>{html.escape(name)}</td><td>{weight:.4g}</td>"
                       f"<td>{share:.1%}</td><td>{count}</td></tr>"
                       for kind, name, weight, share, count in self._rows())
        return (f"<p>{html.escape(self.label)} on {html.escape(self.board)}: {len(self.combos)} combos</p>"
                "<table><tr><th></th><th>class</th><th>weight</th><th>share</th><th>combos</th></tr>"
                f"{rows}</table>")

    def grid(self) -> list[list[str]]:
        """The 13 x 13 starting-hand grid (rows and columns A .. 2, pairs on the diagonal, suited
        above it, offsuit below): each cell's made-hand class with the most weight among its
        combos, or '' where the range has none."""
        weight: dict[tuple[int, int, str], float] = {}
        for text, made, w in zip(self.combos, self.made_of, self.weights):
            cell = _chart_cell(*parse(text))
            weight[(*cell, made)] = weight.get((*cell, made), 0.0) + w
        best: dict[tuple[int, int], tuple[float, int, str]] = {}
        for (row, column, made), w in weight.items():
            candidate = (w, -MADE_CLASSES.index(made), made)  # ties: the stronger class
            if (row, column) not in best or candidate > best[(row, column)]:
                best[(row, column)] = candidate
        return [[best[(r, c)][2] if (r, c) in best else "" for c in range(13)] for r in range(13)]

    def plot(self, path: str) -> str:
        """Draw the grid (see :meth:`grid`), a colour a made-hand class, to ``path`` (.png,
        .svg, .pdf). Needs matplotlib (``pip install ".[plot]"``). Returns the path."""
        plt = pyplot_for_file(path)
        grid = self.grid()
        shown = [name for name in MADE_CLASSES if any(name in row for row in grid)]
        colours = plt.get_cmap("tab20")
        figure, axes = plt.subplots(figsize=(9, 8))
        try:
            image = np.ones((13, 13, 4))
            for r in range(13):
                for c in range(13):
                    if grid[r][c]:
                        image[r, c] = colours(MADE_CLASSES.index(grid[r][c]) % 20)
            axes.imshow(image)
            for r in range(13):
                for c in range(13):
                    axes.text(c, r, chart_label(r, c), ha="center", va="center", fontsize=7,
                              color="black" if grid[r][c] else "lightgray")
            axes.set_xticks(range(13), list("AKQJT98765432"))
            axes.set_yticks(range(13), list("AKQJT98765432"))
            from matplotlib.patches import Patch

            axes.legend(handles=[Patch(color=colours(MADE_CLASSES.index(n) % 20), label=n) for n in shown],
                        loc="center left", bbox_to_anchor=(1.02, 0.5), fontsize=8)
            axes.set_title(f"{self.label} on {self.board}: the made hand with the most weight in each cell",
                           fontsize=9)
            figure.savefig(path, bbox_inches="tight")
        finally:
            plt.close(figure)
        return path

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON: the range, the board, and each group with its combos."""
        return {"range": self.label, "board": self.board, "total": self.total,
                "made": [{"class": g.name, "weight": g.weight, "share": g.share, "combos": list(g.combos)}
                         for g in self.made],
                "draws": [{"class": g.name, "weight": g.weight, "share": g.share, "combos": list(g.combos)}
                          for g in self.draws]}

    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame (columns kind, class, weight, share, combos)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError('to_pandas needs pandas: pip install ".[pandas]"') from None
        return pd.DataFrame(self._rows(), columns=["kind", "class", "weight", "share", "combos"])


def breakdown(hand_range: HandLike, board: HandLike, dead: HandLike = "") -> Breakdown:
    """What a Hold'em range holds on a board: its weighted combos grouped by made hand and by
    draw, with card removal (combos holding a board or dead card are left out).

    Args:
        hand_range: a range such as ``'QQ+,AKs,0.5(KQs)'``, or two hole cards.
        board: 3, 4 or 5 cards.
        dead: cards known to be out (none may be on the board).

    Returns:
        A :class:`Breakdown`. Each combo is in exactly one made-hand class; draws (on 3- and
        4-card boards) are flags, so a combo can be in several draw groups or in "no draw".

    Raises:
        ValueError: a bad range or card, a board of other than 3..5 cards, a card twice, or
            a range with no combo left once the board and dead cards are out.
        TypeError: a range that is neither text nor two cards.

    >>> b = breakdown("QQ+,AKs", "Kd 9s 4c")
    >>> b["set"].combos
    ('KhKc', 'KsKc', 'KsKh')
    >>> round(b["overpair"].share, 3)
    0.333
    """
    holding = _range_of(hand_range, "range")
    board_cards, dead_cards = _board_and_dead(board, dead, (3, 4, 5))
    combos, weights = _live_combos(holding, board_cards + dead_cards, "range")
    n = len(combos)
    made = np.empty(n, dtype=np.uint8)
    draws = np.empty(n, dtype=np.uint16)
    error = lib.hr_breakdown(ffi.from_buffer("uint8_t[]", combos), n, bytes(board_cards), len(board_cards),
                             ffi.from_buffer("uint8_t[]", made), ffi.from_buffer("uint16_t[]", draws))
    if error:
        raise ValueError(f"breakdown kernel refused the range: error {error}")  # not reached: checked above
    total = float(weights.sum())
    texts = _combo_texts(combos)
    made_weight = np.bincount(made, weights=weights, minlength=len(MADE_CLASSES))
    made_groups = tuple(
        Group(name, float(made_weight[k]), float(made_weight[k]) / total,
              tuple(texts[i] for i in np.flatnonzero(made == k)))
        for k, name in enumerate(MADE_CLASSES) if np.any(made == k))
    draw_groups: list[Group] = []
    if len(board_cards) < 5:
        for bit, name in enumerate(DRAW_CLASSES):
            member = (draws >> bit & 1).astype(bool)
            if member.any():
                weight = float(weights[member].sum())
                draw_groups.append(Group(name, weight, weight / total,
                                         tuple(texts[i] for i in np.flatnonzero(member))))
        none = draws == 0
        if none.any():
            weight = float(weights[none].sum())
            draw_groups.append(Group(NO_DRAW, weight, weight / total, tuple(texts[i] for i in np.flatnonzero(none))))
    draw_names = [_DRAW_NAMES[flags] for flags in draws.tolist()]
    return Breakdown(holding.label, text_of_ids(board_cards), total, made_groups, tuple(draw_groups), tuple(texts),
                     tuple(MADE_CLASSES[k] for k in made.tolist()), tuple(draw_names),
                     tuple(weights.tolist()))


# ------------------------------------------------------------------------ combo equity

COMBO_BUDGET = 20_000_000_000
"""Most work (steps of about a nanosecond) :func:`combo_equity` enumerates; more is refused."""


def _villains(villain_ranges: object) -> list[HandLike]:
    if isinstance(villain_ranges, str):
        return [villain_ranges]
    if isinstance(villain_ranges, np.ndarray):  # one villain's two cards, or one row a villain
        return [villain_ranges] if villain_ranges.ndim == 1 else list(villain_ranges)
    if not isinstance(villain_ranges, Sequence) or not villain_ranges:
        raise TypeError("villain_ranges must be a range or hole cards, or a non-empty list of them, "
                        f"got {type(villain_ranges).__name__}")
    first = villain_ranges[0]
    if isinstance(first, (int, np.integer)):  # two hole cards as ints: one villain
        return [villain_ranges]
    return list(villain_ranges)


@array_fields
@dataclass(frozen=True, eq=False)
class ComboEquity:
    """Each combo's exact equity against the other ranges (see :func:`combo_equity`).

    Attributes:
        players: the hero's range, then each opponent's, as given.
        board: the board as text.
        combos: the hero's combos that meet no board or dead card, as text.
        weights: each combo's weight in the range (the largest 1).
        equity: each combo's equity (NaN where no opponent combo can be dealt against it).
        frequency: each combo's share of the deals: its weight times the weight of the
            opponents' combos it leaves, over the sum of those (card removal included).
        total: the range's equity, sum(frequency * equity): the same as ``equity()``'s.
    """

    players: tuple[str, ...]
    board: str
    combos: tuple[str, ...]
    weights: np.ndarray
    equity: np.ndarray
    frequency: np.ndarray
    total: float

    def distribution(self) -> tuple[np.ndarray, np.ndarray]:
        """The equity distribution, as solver sites draw it: the combos' equities sorted from
        lowest to highest, and the running share of the range's deals up to each (0..1]."""
        dealt = ~np.isnan(self.equity)
        order = np.argsort(self.equity[dealt], kind="stable")
        return self.equity[dealt][order], np.cumsum(self.frequency[dealt][order])

    def plot(self, path: str | None = None, ax: Any = None) -> Any:
        """Draw the equity distribution (equity against the share of the range that has at
        most that much) on ``ax`` (a matplotlib Axes; a new figure when None); saved to
        ``path`` (PNG, SVG or PDF) when given. Returns the axes. Needs matplotlib
        (``pip install ".[plot]"``).

        Raises:
            ValueError: a path as ``figure_path`` refuses it.
            TypeError: a path that is not a str or Path, an ``ax`` that is not an Axes.
        """
        if path is not None:
            figure_path(path)
        try:
            import matplotlib
            if ax is None and path is not None:
                matplotlib.use("Agg")
            import matplotlib.pyplot as plt
            from matplotlib.axes import Axes
        except ImportError:
            raise ImportError('drawing needs matplotlib: pip install ".[plot]"') from None
        if ax is not None and not isinstance(ax, Axes):
            raise TypeError(f"ax must be a matplotlib Axes (or None for a new figure), got {type(ax).__name__}")
        equities, share = self.distribution()
        figure = None
        if ax is None:
            figure, ax = plt.subplots(figsize=(6, 4))
        ax.step(np.concatenate([[0.0], share]), np.concatenate([equities[:1], equities]) * 100, where="pre")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 100)
        ax.set_xlabel("share of the range")
        ax.set_ylabel("equity (%)")
        title = f"{self.players[0]} vs {', '.join(self.players[1:])}"
        ax.set_title(title + (f" on {self.board}" if self.board else ""))
        ax.axhline(self.total * 100, linestyle=":", color="gray")
        if path is not None:
            (figure or ax.figure).savefig(path, bbox_inches="tight")
            if figure is not None:
                plt.close(figure)
        return ax

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON: the players, the board, the total and each combo."""
        return {"players": list(self.players), "board": self.board, "total": self.total,
                "combos": [{"combo": combo, "equity": None if math.isnan(e) else e, "weight": w, "frequency": f}
                           for combo, e, w, f in zip(self.combos, self.equity.tolist(), self.weights.tolist(),
                                                     self.frequency.tolist())]}

    def _rows(self) -> list[tuple[str, float, float, float]]:
        order = np.argsort(-np.nan_to_num(self.equity, nan=-1.0), kind="stable")
        return [(self.combos[i], float(self.equity[i]), float(self.weights[i]), float(self.frequency[i]))
                for i in order.tolist()]

    def table(self, limit: int | None = None) -> str:
        """Text: the range's equity, then each combo's, best first (``limit`` rows at most)."""
        rows = self._rows()
        lines = [f"{self.players[0]} vs {', '.join(self.players[1:])}" + (f" on {self.board}" if self.board else "")
                 + f": {self.total:.2%} over {len(self.combos)} combos",
                 f"{'combo':<6} {'equity':>8} {'weight':>7} {'of deals':>9}"]
        for combo, equity, weight, frequency in rows[:limit]:
            lines.append(f"{combo:<6} {equity:>8.2%} {weight:>7.3g} {frequency:>9.3%}")
        if limit is not None and len(rows) > limit:
            lines.append(f"... {len(rows) - limit} more")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return (f"ComboEquity({self.players[0]!r} vs {list(self.players[1:])!r}, board={self.board!r}: "
                f"{len(self.combos)} combos, total {self.total:.4f})")

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{combo}</td><td>{equity:.2%}</td><td>{weight:.3g}</td><td>{frequency:.3%}</td></tr>"
                       for combo, equity, weight, frequency in self._rows())
        return (f"<p>{html.escape(self.players[0])}: {self.total:.2%} over {len(self.combos)} combos</p>"
                "<table><tr><th>combo</th><th>equity</th><th>weight</th><th>of deals</th></tr>"
                f"{rows}</table>")

    def to_pandas(self) -> Any:
        """One row a combo: combo, equity, weight, frequency."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError('to_pandas needs pandas: pip install ".[pandas]"') from None
        return pd.DataFrame({"combo": list(self.combos), "equity": self.equity, "weight": self.weights,
                             "frequency": self.frequency})


def _combo_sums(spot: Spot, nthreads: int, progress: Any) -> tuple[np.ndarray, np.ndarray]:
    """Each hero combo's share and weight (see hr_combo_equity), in C, sliced for Ctrl-C."""
    nhero = spot.combo_start[1]
    args = spot.c_args()
    if spot.nplayers == 2 and not spot.board and not spot.dead:  # the heads-up preflop table
        step = max(1, 200_000 // max(1, spot.combo_start[2] - nhero))  # combo pairs a slice

        def table_part(first: int, end: int) -> tuple[np.ndarray, np.ndarray]:
            share, weight = np.zeros(nhero), np.zeros(nhero)
            check_status(lib.hr_combo_equity_preflop(*args, first, end, ffi.from_buffer("double[]", share),
                                                     ffi.from_buffer("double[]", weight)))
            return share, weight

        jobs = [functools.partial(table_part, first, min(nhero, first + step)) for first in range(0, nhero, step)]
    else:
        unseen = 52 - len(spot.board) - len(spot.dead)
        runouts = math.comb(unseen, 5 - len(spot.board))
        group, ngroup = symmetry_group(spot)
        sizes = spot.sizes()
        per_runout = sum(sizes) * 3 + (nhero * math.prod(sizes[1:]) if spot.nplayers > 2 else 2 * sum(sizes))
        work = runouts / ngroup * per_runout
        if work > COMBO_BUDGET:
            raise ValueError(f"exact per-combo equity here takes about {work:.1e} steps (more than "
                             f"COMBO_BUDGET = {COMBO_BUDGET:.0e}): narrow the ranges or give more board cards")
        slices = max(1, min(runouts, math.ceil(work / SLICE_WORK)))
        bounds = [runouts * k // slices for k in range(slices + 1)]

        def part(first: int, end: int) -> tuple[np.ndarray, np.ndarray]:
            share, weight = np.zeros(nhero), np.zeros(nhero)
            check_status(lib.hr_combo_equity(*args, spot.nplayers, spot.board, len(spot.board), spot.dead,
                                             len(spot.dead), group, ngroup, first, end,
                                             ffi.from_buffer("double[]", share), ffi.from_buffer("double[]", weight)))
            return share, weight

        jobs = [functools.partial(part, bounds[k], bounds[k + 1]) for k in range(slices)]
    parts = run_slices(jobs, nthreads, progress if len(jobs) > 1 else None)
    share, weight = np.zeros(nhero), np.zeros(nhero)
    for part_share, part_weight in parts:  # in slice order: the same sums on any number of threads
        share += part_share
        weight += part_weight
    return share, weight


def combo_equity(hero_range: HandLike, villain_ranges: HandLike | Sequence[HandLike], board: HandLike = "",
                 dead: HandLike = "", *, threads: int | None = None, progress: bool | Any = False) -> ComboEquity:
    """Exact equity of every combo of a Hold'em range against one or more ranges, with card
    removal, in C.

    Args:
        hero_range: the range whose combos are valued (or two hole cards).
        villain_ranges: one opponent (a range or hole cards) or a list of them.
        board: 0, 3, 4 or 5 cards. Heads-up preflop without dead cards reads the precomputed
            table; everything else is enumerated (suit symmetry taken into account).
        dead: cards known to be out.
        threads: threads to share the work (None: one a core); any number gives the same bits.
        progress: True for a progress bar on long calls (see :func:`handrank.equity`).

    Returns:
        A :class:`ComboEquity`; its ``total`` is the range's equity, as :func:`handrank.equity`
        gives it exactly.

    Raises:
        ValueError: the errors of :func:`handrank.equity` (a card twice, a range that cannot be
            dealt, a board of the wrong size ...), or more work than COMBO_BUDGET.
        TypeError: players that are neither ranges nor hole cards; bad threads.

    >>> result = combo_equity("AA,KK", "QQ+", "Qs 7d 2c")
    >>> result.combos[:3], [round(float(e), 3) for e in result.equity[:3]]
    (('AdAc', 'AhAc', 'AsAc'), [0.625, 0.625, 0.625])
    >>> from handrank import equity
    >>> round(result.total, 6) == round(equity(["AA,KK", "QQ+"], "Qs 7d 2c").equity[0], 6)
    True
    """
    players = [hero_range, *_villains(villain_ranges)]
    progress = progress_reporter(progress, "combo_equity")
    nthreads = thread_count(threads)
    labels, board_text, spot = spot_of(players, board, dead)
    share, weight = _combo_sums(spot, nthreads, progress)
    nhero = spot.combo_start[1]
    combos = np.frombuffer(spot.combos, dtype=np.uint8).reshape(-1, 2)[:nhero]
    with np.errstate(invalid="ignore", divide="ignore"):
        equities = share / weight
    total_weight = weight.sum()
    if not total_weight > 0:
        raise ValueError("impossible matchup: the players' hands cannot all be dealt without sharing a card")
    return ComboEquity(tuple(labels), board_text, tuple(_combo_texts(combos)),
                       np.asarray(spot.weights[:nhero], dtype=np.float64), equities, weight / total_weight,
                       float(share.sum() / total_weight))


# ---------------------------------------------------------------------- preflop matrix


class EquityMatrix(ArrayOperators):
    """Every starting hand against every other, heads-up preflop: 169 x 169 exact equities
    from the precomputed table, with card removal (AKs against AA counts only the deals where
    the two share no ace). ``values[a, b]`` is hand ``labels[a]``'s equity against
    ``labels[b]``; hands are in chart order (see :func:`handrank.preflop_chart`: row by row,
    A .. 2, pairs on the diagonal, suited above it, offsuit below), so ``values[a, b] +
    values[b, a] == 1``. The matrix indexes, converts (``np.asarray``) and computes
    elementwise as its array does (``matrix > 0.5`` a boolean array, ``==`` elementwise)."""

    def __init__(self, values: np.ndarray) -> None:
        values.setflags(write=False)
        self.values = values
        self.labels: tuple[str, ...] = tuple(chart_label(row, column) for row in range(13) for column in range(13))
        self._index = {label: i for i, label in enumerate(self.labels)}

    def index(self, hand: str) -> int:
        """The position of a starting hand such as 'AKs', 'AKo' or 'TT' (case as written)."""
        if not isinstance(hand, str):
            raise TypeError(f"a starting hand is a string such as 'AKs', got {type(hand).__name__}")
        key = hand.strip()
        key = key[:2].upper() + key[2:].lower()
        if key not in self._index:
            raise ValueError(f"{hand!r} is not a starting hand such as 'AKs', 'AKo' or 'TT'")
        return self._index[key]

    def equity(self, hand: str, against: str) -> float:
        """One hand's equity against another, e.g. ``equity("AKs", "QQ")``."""
        return float(self.values[self.index(hand), self.index(against)])

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.values.shape)

    def __getitem__(self, key: Any) -> Any:
        return self.values[key]

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return self.values if dtype is None else self.values.astype(dtype)

    def __repr__(self) -> str:
        return f"EquityMatrix(169 x 169 starting hands; AA vs KK {self.equity('AA', 'KK'):.4f})"

    def to_pandas(self) -> Any:
        """A DataFrame indexed and labelled by the hands."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError('to_pandas needs pandas: pip install ".[pandas]"') from None
        return pd.DataFrame(self.values, index=list(self.labels), columns=list(self.labels))


@functools.lru_cache(maxsize=1)
def _matrix_values() -> np.ndarray:
    sums = np.zeros(169 * 169 * 3)
    buffer = ffi.from_buffer("double[]", sums)
    jobs = [functools.partial(lib.hr_preflop_matrix, first, min(1326, first + 166), buffer)
            for first in range(0, 1326, 166)]  # about 10 ms a call
    for error in run_slices(jobs, 1):  # one thread: every slice adds into the same sums
        check_status(error)
    cells = sums.reshape(169, 169, 3)
    return (cells[..., 0] + cells[..., 1] / 2) / cells[..., 2]


def equity_matrix() -> EquityMatrix:
    """The 169 x 169 matrix of starting hand against starting hand, heads-up preflop, exact
    (computed once a process from the table, in about 0.1 s).

    >>> m = equity_matrix()
    >>> round(m.equity("AA", "KK"), 4), round(m.equity("AKs", "QQ"), 4)
    (0.8195, 0.4605)
    """
    return EquityMatrix(_matrix_values().copy())


# ------------------------------------------------------------------------------- outs

OUTS_BUDGET = 2_000_000_000
"""Most work (steps of about a nanosecond) one next card's exact equity may take in :func:`outs`."""

_MADE_PHRASE = {Category.HIGH_CARD: "high card", Category.ONE_PAIR: "a pair", Category.TWO_PAIR: "two pair",
                Category.THREE_OF_A_KIND: "three of a kind", Category.STRAIGHT: "a straight",
                Category.FLUSH: "a flush", Category.FULL_HOUSE: "a full house",
                Category.FOUR_OF_A_KIND: "four of a kind", Category.STRAIGHT_FLUSH: "a straight flush"}


@dataclass(frozen=True)
class NextCard:
    """What one next card does (see :func:`outs`).

    Attributes:
        card: the card, e.g. '3h'.
        equity: each player's equity once it is dealt.
        leader: the player with the highest equity once it is dealt (None: a tie for it).
        out: whether it is an out for the hero (players[0]): behind (not the leader) before,
            the leader after.
        changes_leader: whether the leader after differs from the leader before.
        also: for each opponent holding known hole cards whose made hand the card improves to
            the hero's category or better: e.g. 'KdQd makes a flush' (empty when the hero holds
            a range).
    """

    card: str
    equity: tuple[float, ...]
    leader: int | None
    out: bool
    changes_leader: bool
    also: tuple[str, ...]


@dataclass(frozen=True)
class Outs:
    """Each next card's effect on a flop or turn (see :func:`outs`)."""

    players: tuple[str, ...]
    board: str
    equity: tuple[float, ...]
    leader: int | None
    cards: tuple[NextCard, ...]

    @property
    def outs(self) -> tuple[NextCard, ...]:
        """The hero's outs, in card order."""
        return tuple(card for card in self.cards if card.out)

    def summary(self) -> str:
        """How players say it: '9 outs (2h 3h ...): 4 of them give KdQd a flush too'."""
        outs = self.outs
        if self.leader == 0:
            head = f"{self.players[0]} is ahead ({self.equity[0]:.1%})"
            losing = [card for card in self.cards if card.changes_leader]
            return head + (f"; {len(losing)} cards put someone else ahead: {' '.join(c.card for c in losing)}"
                           if losing else "; no card puts anyone else ahead")
        text = f"{len(outs)} out{'s' if len(outs) != 1 else ''}"
        if outs:
            text += f" ({' '.join(card.card for card in outs)})"
        by_whom: dict[str, list[str]] = {}
        for card in outs:
            for note in card.also:
                who, made_hand = note.split(" makes ", 1)
                by_whom.setdefault(who, []).append(made_hand)
        for who, hands in by_whom.items():
            common = max(set(hands), key=hands.count)
            text += f"; {len(hands)} of them give {who} {common} too"
        return text

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON: the players, the board, the equity now and each card's."""
        return {"players": list(self.players), "board": self.board, "equity": list(self.equity),
                "leader": self.leader, "summary": self.summary(),
                "cards": [{"card": c.card, "equity": list(c.equity), "leader": c.leader, "out": c.out,
                           "changes_leader": c.changes_leader, "also": list(c.also)} for c in self.cards]}

    def table(self) -> str:
        """Text: one line a card, with every player's equity after it."""
        lines = [f"{' vs '.join(self.players)} on {self.board}: now " + ", ".join(f"{e:.1%}" for e in self.equity),
                 self.summary(), f"{'card':<5} {'hero':>7}  note"]
        for card in self.cards:
            note = "out" if card.out else ("leader changes" if card.changes_leader else "")
            if card.also:
                note += ("; " if note else "") + "; ".join(card.also)
            lines.append(f"{card.card:<5} {card.equity[0]:>7.2%}  {note}".rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"Outs({list(self.players)!r} on {self.board!r}: {self.summary()})"

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{c.card}</td><td>{c.equity[0]:.2%}</td><td>{'yes' if c.out else ''}</td>"
                       f"<td>{html.escape('; '.join(c.also))}</td></tr>" for c in self.cards)
        return (f"<p>{html.escape(self.summary())}</p><table><tr><th>card</th><th>hero equity</th><th>out</th>"
                f"<th>also</th></tr>{rows}</table>")

    def to_pandas(self) -> Any:
        """One row a card: card, each player's equity, out, changes_leader, also."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError('to_pandas needs pandas: pip install ".[pandas]"') from None
        rows = [{"card": c.card, **{f"equity_{p}": e for p, e in enumerate(c.equity)}, "out": c.out,
                 "changes_leader": c.changes_leader, "also": "; ".join(c.also)} for c in self.cards]
        return pd.DataFrame(rows)


def _leader(equities: Sequence[float]) -> int | None:
    best = max(equities)
    leaders = [p for p, e in enumerate(equities) if abs(e - best) < 1e-12]
    return leaders[0] if len(leaders) == 1 else None


def _exact_or_refuse(labels: list[str], board_text: str, spot: Spot, nthreads: int) -> EquityResult:
    result = exact_equity(labels, board_text, spot, nthreads, None, HOLDEM, OUTS_BUDGET)
    if result is None:
        raise ValueError(f"exact equity on {board_text} takes more than OUTS_BUDGET = {OUTS_BUDGET:.0e} steps: "
                         "narrow the ranges")
    return result


def outs(hero: HandLike, villains: HandLike | Sequence[HandLike], board: HandLike, dead: HandLike = "", *,
         threads: int | None = None) -> Outs:
    """What each possible next card does on a flop or turn: every player's exact equity after
    it, whether it is an out for the hero (it takes the hero from behind to ahead: the highest
    equity, alone) and whether it changes who is ahead.

    Args:
        hero: the hero's hole cards or range.
        villains: one opponent (hole cards or a range) or a list of them.
        board: 3 or 4 cards.
        dead: cards known to be out.
        threads: threads for each card's enumeration.

    Returns:
        An :class:`Outs`; ``summary()`` says it as players do.

    Raises:
        ValueError: the errors of :func:`handrank.equity`, a board of other than 3 or 4 cards,
            or a card whose exact equity would take more than OUTS_BUDGET.

    >>> result = outs("Ah Qh", ["Jh Th", "Kd Kc"], "Kh 7h 2c 9s")
    >>> result.summary()
    '5 outs (3h 4h 5h 6h 8h); 5 of them give JhTh a flush too'
    """
    players = [hero, *_villains(villains)]
    nthreads = thread_count(threads)
    _board_and_dead(board, dead, (3, 4))
    labels, board_text, spot = spot_of(players, board, dead)
    now = _exact_or_refuse(labels, board_text, spot, nthreads)
    leader_now = _leader(now.equity)
    fixed = [len(range(a, b)) == 1 for a, b in zip(spot.combo_start, spot.combo_start[1:])]
    holes = [tuple(spot.combos[2 * spot.combo_start[p]:2 * spot.combo_start[p] + 2]) if fixed[p] else ()
             for p in range(spot.nplayers)]
    known = set(spot.board) | set(spot.dead) | {card for hole in holes for card in hole}
    cards: list[NextCard] = []
    for card in range(52):
        if card in known:
            continue
        after_board = bytes(spot.board) + bytes([card])
        try:
            after_labels, after_text, after = spot_of(players, list(after_board), dead)
        except ValueError:  # a range has no combo left: this card cannot come
            continue
        result = _exact_or_refuse(after_labels, after_text, after, nthreads)
        leader = _leader(result.equity)
        also: list[str] = []
        if fixed[0] and leader == 0 and leader_now != 0:
            hero_made = category(evaluate(list(holes[0]) + list(after_board)))
            for p in range(1, spot.nplayers):
                if not fixed[p]:
                    continue
                before = category(evaluate(list(holes[p]) + list(spot.board)))
                made = category(evaluate(list(holes[p]) + list(after_board)))
                if made > before and made >= hero_made:
                    also.append(f"{labels[p].replace(' ', '')} makes {_MADE_PHRASE[made]}")
        cards.append(NextCard(_CARD_TEXT[card], tuple(result.equity), leader, leader_now != 0 and leader == 0,
                              leader != leader_now, tuple(also)))
    return Outs(tuple(labels), board_text, tuple(now.equity), leader_now, tuple(cards))
