"""Omaha: PLO4, PLO5 and PLO6 high, and Omaha hi-lo 8-or-better.

A hand is 4, 5 or 6 hole cards and a 5-card board, and it plays the best five made of
**exactly two** hole cards and **exactly three** board cards.

- The **high** rank is Hold'em's rank of that five: an int from **1 (a royal flush) to 7462**,
  lower is better, equal ranks split (``handrank.describe`` names it).
- The **low** (hi-lo, 8-or-better) is the best five of exactly two hole and three board cards
  of five different ranks, all 8 or lower, aces low, straights and flushes ignored: an int
  from **1 (5-4-3-2-A) to 56 (8-7-6-5-4)**, the ace-to-five ranks of those hands, lower is
  better. A hand with no such five has no low: ``None`` from ``evaluate_low``, and
  ``NO_LOW`` (57, worse than every low) in arrays.
- Hi-lo pots: half to the best high, half to the best low, ties splitting their half; with
  no low anywhere, the high takes the whole pot.

>>> describe(evaluate("Ah 3c 4d 5s", "Kh Qh Jh Th 2c"))   # a royal flush in Hold'em
'Ace-king-queen-jack-five high'
>>> describe(evaluate("Ah 2h 3c 9d", "Kh Qh Jh 4s 5c"))   # two hearts in hand + three on board
'Ace-king-queen-jack-deuce flush'
>>> evaluate_low("As 2d Kc Qh", "3c 4d 8h Js Td"), evaluate_low("As 2d Kc Qh", "9c Td Jh Js Qd")
(22, None)
>>> describe_low(22)
'Eight-four-three-deuce-ace low'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import _percall
from ._core import ffi, lib
from ._display import html_table
from ._hands import check_holes
from ._hands import take_hole as _take_any_hole
from ._omaha_bulk import HOLE_COUNTS, card_arrays, dask_ranks, rank_rows, showdown_rows
from ._omaha_equity import fixed_equity, range_equity, reads_as_cards
from ._omaha_tables import pair_tables
from ._range_grammar import ranked_classes
from ._rows import better, is_dask_array
from ._work import progress_reporter, thread_count
from .cards import HandLike, checked_flag, equity_players, format_cards, parse
from .evaluate import Category
from .evaluate import category as _holdem_category

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ._equity_engine import EquityResult

__all__ = ["NO_LOW", "LOW_COUNT", "evaluate", "evaluate_many", "evaluate_low", "evaluate_low_many", "compare",
           "best_five", "category", "describe", "describe_low", "showdown", "OmahaShowdown", "equity", "DEFAULT_TRIALS",
           "EXACT_BUDGET", "deal", "showdown_many", "POT", "preflop_table", "PreflopTable"]

NO_LOW: int = lib.HR_OMAHA_NO_LOW
"""The low of a hand without an 8-or-better low, in arrays (57: worse than every low)."""
LOW_COUNT = 56
"""Distinct 8-or-better lows: 1 (5-4-3-2-A) .. 56 (8-7-6-5-4)."""
DEFAULT_TRIALS = 500_000
"""Monte Carlo deals when ``trials`` is None and exact enumeration is too dear."""
EXACT_BUDGET = 250_000_000
"""Most pair-table lookups (one a pair of hole cards, a player and a board) an exact Omaha
equity may take: about a second on one core."""
POT: int = 2 * lib.HR_SHARE_UNITS
"""The units of a pot in ``showdown_many``'s shares (5040 = 2 x 2520): any split of either half
of a hi-lo pot among up to 10 players is a whole number of them."""


# ------------------------------------------------------------------------ one hand

def _hand(hole: HandLike, board: HandLike, where: str = "") -> tuple[list[int], list[int]]:
    """Checked hole and board cards: 4..6 and 5, no card twice."""
    hole_cards, board_cards = parse(hole), parse(board)
    if len(hole_cards) not in HOLE_COUNTS:
        raise ValueError(f"{where}an Omaha hand has 4, 5 or 6 hole cards, got {len(hole_cards)}")
    if len(board_cards) != 5:
        raise ValueError(f"an Omaha board has 5 cards here, got {len(board_cards)}")
    seen: dict[int, str] = {}
    for what, cards in (("the hole cards", hole_cards), ("the board", board_cards)):
        for card in cards:
            if card in seen:
                raise ValueError(f"{where}card {format_cards([card])!r} is in {seen[card]} and {what}"
                                 if seen[card] != what else f"{where}card {format_cards([card])!r} is twice in {what}")
            seen[card] = what
    return hole_cards, board_cards


def _ids(cards: HandLike) -> bytes:
    """Card ids as bytes: lists and tuples of plain ints directly (the kernel checks them),
    anything else through ``parse``."""
    if type(cards) in (list, tuple):
        try:
            ids = bytes(cards)  # type: ignore[arg-type]
        except (TypeError, ValueError):  # not ints, or below 0 or above 255: parse names it
            return bytes(parse(cards))
        # every item was an index: refuse bools (parse says so), and let numpy ints through
        if (0 not in ids and 1 not in ids) or bool not in map(type, cards):
            return ids
    return bytes(parse(cards))


def take_hole(spec: HandLike, where: dict[int, str], label: str, hint: str = "") -> list[int]:
    """One player's 4..6 hole cards (_hands.take_hole)."""
    return _take_any_hole(spec, where, label, HOLE_COUNTS, "an Omaha hand has 4, 5 or 6 hole cards, got {}",
                          hint=hint)


_omaha_high, _omaha_low = _percall.omaha_high, _percall.omaha_low


def _one(hole: HandLike, board: HandLike) -> int:
    """High | low << 16 of one hand the C reader left to Python (numpy ints, an array; or the
    tables not built yet) or refused: the kernel checks it; Python's checks name the fault."""
    hole_ids, board_ids = _ids(hole), _ids(board)
    tables = pair_tables()
    both: int = lib.hr_omaha_hand(tables[0], tables[1], tables[2], hole_ids, len(hole_ids),
                                  board_ids) if len(board_ids) == 5 else -1
    if both > 0:
        return both
    _hand(hole, board)  # raises, naming the fault
    raise AssertionError(f"kernel refused {list(hole_ids)} / {list(board_ids)}")  # not reached


def evaluate(hole: HandLike, board: HandLike) -> int:
    """The Omaha high rank (1 = royal flush ... 7462) of 4, 5 or 6 hole cards on a 5-card
    board: the best five of exactly two hole cards and three board cards.

    Raises:
        ValueError: not 4..6 hole cards or not 5 board cards, a card twice (named), a bad card.
        TypeError: not cards.
    """
    return _omaha_high(hole, board) or _one(hole, board) & 0xFFFF


def evaluate_low(hole: HandLike, board: HandLike) -> int | None:
    """The 8-or-better low (1 = 5-4-3-2-A ... 56 = 8-7-6-5-4) of exactly two hole cards and
    three board cards, or None when the hand has none.

    >>> evaluate_low("Ah 2c Kd Ks", "3d 6c 7h Qs Qd")   # 7-6-3-2-A
    12
    """
    low = _omaha_low(hole, board)  # the low, None for no low, or 0: the checked path answers
    if low or low is None:
        return low
    low = _one(hole, board) >> 16
    return None if low == NO_LOW else low


def compare(a: HandLike, b: HandLike, board: HandLike) -> int:
    """1 if hole cards ``a`` make the better Omaha high hand on ``board``, -1 if ``b`` do, 0
    for a split.

    >>> compare("As Ks 2d 3c", "Qh Qd 4c 5c", "Qs Js Ts 9d 2h")   # a royal flush beats three queens
    1

    Raises:
        ValueError: not 4..6 hole cards or not 5 board cards, a bad card, or a card twice: in one
            hand, in a hand and the board, or in both hands (named).
        TypeError: not cards.
    """
    answer: int = _percall.omaha_compare(a, b, board)
    if answer != 2:
        return answer
    first, second = evaluate(a, board), evaluate(b, board)
    both = set(_hand(a, board)[0]).intersection(_hand(b, board)[0])
    if both:
        raise ValueError(f"card {format_cards([min(both)])!r} is in both hands")
    return better(first, second)


def best_five(hole: HandLike, board: HandLike) -> tuple[list[int], list[int]]:
    """The two hole cards and three board cards that make the high rank (of equal fives, the
    first pair and triple in the order given).

    >>> two, three = best_five("Ah 2h 3c 9d", "Kh Qh Jh 4s 5c")
    >>> format_cards(two), format_cards(three)
    ('Ah 2h', 'Kh Qh Jh')
    """
    hole_cards, board_cards = _hand(hole, board)
    best = evaluate(hole_cards, board_cards)  # the rank to find
    threes = list(itertools.combinations(board_cards, 3))
    rank_five = _percall.holdem
    for two in itertools.combinations(hole_cards, 2):  # the first five of that rank, one call into C each
        for three in threes:
            if rank_five(two + three) == best:
                return list(two), list(three)
    raise AssertionError(f"no five of {hole_cards} and {board_cards} makes their rank {best}")


def category(rank: int) -> Category:
    """The category of a high rank: Hold'em's (``handrank.category``; the same ranks).

    >>> category(evaluate("As Ah Kd Kc", "Ac 7d 2c 9h 3s"))
    <Category.THREE_OF_A_KIND: 3>

    Raises:
        ValueError: a rank outside 1..7462.
        TypeError: not an int.
    """
    return _holdem_category(rank)


def describe(rank: int, short: bool = False) -> str:
    """The name of a high rank: Hold'em's (``handrank.describe``)."""
    from .names import describe as holdem_describe

    return holdem_describe(rank, short=short)


def describe_low(low: int | None, short: bool = False) -> str:
    """The name of a low (1..56): 'Seven-six-four-three-ace low'; 'No low' for None or NO_LOW.

    >>> describe_low(1), describe_low(None)
    ('Five-four-three-deuce-ace low', 'No low')
    """
    from . import ace_to_five
    from ._rows import check_rank

    short = checked_flag(short, "short")
    if low is None:
        return "No low"
    if type(low).__name__ not in ("bool", "bool_") and hasattr(low, "__index__") and low.__index__() == NO_LOW:
        return "No low"  # NO_LOW as arrays give it: a plain int or a numpy integer alike
    return ace_to_five.describe(check_rank(low, LOW_COUNT, "Omaha low"), short=short)


# ------------------------------------------------------------------------------ bulk


def evaluate_many(holes: npt.ArrayLike, boards: npt.ArrayLike, *, threads: int | None = None,
                  out: npt.NDArray[np.uint16] | None = None) -> npt.NDArray[np.uint16]:
    """Omaha high ranks of N hands at once, in C: ``holes`` (N, 4..6) and ``boards`` (N, 5)
    card ids; uint16 ranks 1..7462. ``threads`` splits the rows (the GIL is released).
    ``out``, a C-contiguous uint16 array of N, receives the ranks and is returned (as in
    ``handrank.evaluate_many``: if a row is bad, it holds the ranks of some rows only).

    >>> import numpy as np
    >>> evaluate_many(np.array([[51, 50, 45, 40]]), np.array([[49, 48, 2, 22, 29]])).tolist()  # As Ah + Ad Ac
    [15]

    Raises:
        ValueError: wrong shapes, or a row with an id outside 0..51 or a card twice in its hole
            and board cards together (the message names the row: its hole cards come first);
            ``out`` of the wrong shape or order, or sharing memory with the cards.
        TypeError: not integer arrays; ``out`` not a uint16 array, or given with dask arrays.

    Dask arrays (``pip install 'handrank[dask]'``) give a lazy dask array, computed block by
    block; a bad row raises when it is computed, numbered from the top.
    """
    return _rank_many(holes, boards, threads, out, True)


def evaluate_low_many(holes: npt.ArrayLike, boards: npt.ArrayLike, *, threads: int | None = None,
                      out: npt.NDArray[np.uint16] | None = None) -> npt.NDArray[np.uint16]:
    """8-or-better lows of N hands at once: uint16, 1..56, or NO_LOW (57) where a hand has
    none; the input rules (dask arrays and ``out`` included) of ``evaluate_many``."""
    return _rank_many(holes, boards, threads, out, False)


def _rank_many(holes: npt.ArrayLike, boards: npt.ArrayLike, threads: object, out: object, high: bool
               ) -> npt.NDArray[np.uint16]:
    """evaluate_many (``high``) or evaluate_low_many: every argument checked before the paths
    split (dask or numpy, rows or none)."""
    thread_count(threads)
    if is_dask_array(holes) or is_dask_array(boards):
        if out is not None:
            raise TypeError("out= does not apply to dask arrays: the result is a dask array")
        return dask_ranks(holes, boards, threads, high)  # type: ignore[no-any-return]
    hole_array, board_array = card_arrays(holes, boards)
    return rank_rows(hole_array, board_array, threads, high, 0, out)


# ------------------------------------------------------------------- bulk simulation

def deal(n: int, players: int, *, hole: int = 4, board: int = 5, hole_cards: Sequence[HandLike | None] | None = None,
         board_cards: HandLike | None = None, dead: HandLike | None = None, seed: int | None = None,
         threads: int | None = None) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Deal ``n`` independent Omaha hands in C: ``(holes, boards)``, (n, players, hole) and (n,
    board) uint8, with ``hole`` = 4, 5 or 6 cards a player. As ``handrank.deal``: known hole
    cards (``hole_cards``, None or "random" for a random player), board cards and dead cards
    stay put and never appear elsewhere in a row, and a ``seed`` gives the same arrays on any
    number of ``threads``.

    >>> holes, boards = deal(3, 2, hole=5, seed=1, hole_cards=["As Ah Kd Kc Qs", None])
    >>> holes.shape, boards.shape, format_cards(holes[0, 0])
    ((3, 2, 5), (3, 5), 'As Ah Kd Kc Qs')

    Raises:
        ValueError: n below 0, players not 1..10, hole not 4..6, board not 0..5, more cards
            asked than the deck holds, a card used twice (named).
        TypeError: counts that are not ints; cards that are not cards.
    """
    from ._dealing import deal_cards
    from .cards import exact_int

    hole = exact_int(hole, "hole (cards a player) as an int")
    if hole not in HOLE_COUNTS:
        raise ValueError(f"hole is the hole cards a player: 4, 5 or 6, got {hole}")
    return deal_cards(n, players, hole, board, hole_cards=hole_cards, board_cards=board_cards, dead=dead, seed=seed,
                      threads=threads, max_players=lib.HR_MAX_PLAYERS)


def showdown_many(holes: npt.ArrayLike, boards: npt.ArrayLike, *, hilo: bool = False, threads: int | None = None,
                  out: tuple[npt.NDArray[np.uint16], ...] | None = None) -> tuple[npt.NDArray[np.uint16], ...]:
    """Omaha showdowns of many deals at once, in C: ``(ranks, shares)``, or with ``hilo``
    ``(ranks, lows, shares)``, each (n, players) uint16.

    ``holes`` is (n, players, 4..6) card ids and ``boards`` (n, 5), as ``deal`` returns them.
    ``ranks`` are the high ranks (1 = royal flush ... 7462), ``lows`` the 8-or-better lows (1 ..
    56, NO_LOW without one), ``shares`` each player's part of the pot in 1/POT (1/5040): each
    row sums to POT. In hi-lo the best high takes half the pot and the best low the other
    half, ties splitting their half; with no low the high takes all. Each board's work is
    done once a row. ``out`` (two or, with hilo, three C-contiguous (n, players) uint16 arrays)
    is written and returned; dask arrays give lazy dask arrays, computed block by block.

    >>> import numpy as np
    >>> holes = np.array([[[51, 27, 45, 44], [2, 6, 41, 40]]])     # As 8s Kd Kc; 2h 3h Qd Qc
    >>> boards = np.array([[12, 17, 22, 47, 43]])                  # 5c 6d 7h Ks Qs
    >>> ranks, lows, shares = showdown_many(holes, boards, hilo=True)
    >>> ranks.tolist(), lows.tolist(), shares.tolist()
    ([[1691, 1757]], [[53, 18]], [[2520, 2520]])

    Raises:
        ValueError: wrong shapes, 0 or more than 10 players, a row with a card id outside
            0..51 or a card twice (named from the top of the array); ``out`` of the wrong
            shape or order, or sharing memory with the cards or another output.
        TypeError: not integer arrays; hilo not a bool; ``out`` not uint16 arrays.
    """
    from ._rows import as_card_arrays, showdown_dask
    from ._work import thread_count

    thread_count(threads)  # checked before the paths split (dask or numpy)
    hilo = checked_flag(hilo, "hilo")
    outputs = 3 if hilo else 2
    if is_dask_array(holes) or is_dask_array(boards):
        if out is not None:
            raise TypeError("out= does not apply to dask arrays: the results are dask arrays")
        return showdown_dask(holes, boards, HOLE_COUNTS, outputs,
                             lambda hole_part, board_part, first: showdown_rows(hole_part, board_part, hilo, threads,
                                                                                 first))
    hole_array, board_array = as_card_arrays([(holes, "holes", (None, None, None)), (boards, "boards", (None, 5))])
    if hole_array.shape[2] not in HOLE_COUNTS:
        raise ValueError(f"holes must be n x players x 4, 5 or 6, got shape {hole_array.shape}")
    return showdown_rows(hole_array, board_array, hilo, threads, 0, out)


# -------------------------------------------------------------------------- showdown

@dataclass(frozen=True)
class OmahaShowdown:
    """An Omaha showdown: each player's high and low, the winners of each half, each
    player's share of the pot (fractions adding to 1) and who scoops (wins it all)."""

    board: list[int]
    holes: list[list[int]]
    high: list[int]
    low: list[int | None]
    high_winners: list[int]
    low_winners: list[int]
    share: list[float]
    hilo: bool

    @property
    def scoops(self) -> list[int]:
        return [i for i, s in enumerate(self.share) if s == 1.0]

    @property
    def quartered(self) -> bool:
        """A hi-lo pot where some player gets a quarter (a tied half)."""
        return self.hilo and any(abs(s - 0.25) < 1e-12 for s in self.share)

    def as_dict(self) -> dict[str, object]:
        return {"board": format_cards(self.board), "hilo": self.hilo,
                "players": [{"player": i + 1, "hole": format_cards(h), "high": self.high[i],
                             "high_name": describe(self.high[i]), "low": self.low[i],
                             "low_name": describe_low(self.low[i]), "share": self.share[i]}
                            for i, h in enumerate(self.holes)],
                "high_winners": [i + 1 for i in self.high_winners], "low_winners": [i + 1 for i in self.low_winners],
                "scoops": [i + 1 for i in self.scoops]}

    def _rows(self) -> list[list[object]]:
        return [[i + 1, format_cards(h), describe(self.high[i]), describe_low(self.low[i]) if self.hilo else "",
                 f"{self.share[i]:.4g}"] for i, h in enumerate(self.holes)]

    def table(self) -> str:
        lines = [f"board: {format_cards(self.board)}" + ("  (hi-lo 8-or-better)" if self.hilo else "")]
        for seat, hole, high, low, share in self._rows():
            lines.append(f"player {seat}: {hole}  {high}" + (f"; {low}" if self.hilo else "") + f"  share {share}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return html_table(f"board {format_cards(self.board)}", ["player", "hole", "high", "low", "share"],
                          self._rows())

    def __repr__(self) -> str:
        """Cards as text and hands by name, as Hold'em's ``Showdown`` shows them."""
        players = ", ".join(
            f"(hole={format_cards(h)!r}, high={self.high[i]}, high_name={describe(self.high[i])!r}"
            + (f", low={self.low[i]}, low_name={describe_low(self.low[i])!r}" if self.hilo else "")
            + f", share={self.share[i]:.4g})"
            for i, h in enumerate(self.holes))
        return (f"OmahaShowdown(board={format_cards(self.board)!r}, hilo={self.hilo}, players=[{players}], "
                f"high_winners={self.high_winners}, low_winners={self.low_winners})")


def showdown(holes: Sequence[HandLike], board: HandLike, *, hilo: bool = False) -> OmahaShowdown:
    """Omaha showdown of 1..10 players on a 5-card board, high only or hi-lo 8-or-better.

    >>> s = showdown(["As 8s Kd Kc", "2h 3h Qd Qc"], "5c 6d 7h Ks Qs", hilo=True)
    >>> s.high_winners, s.low_winners, s.share   # three kings win the high, 7-6-5-3-2 the low
    ([0], [1], [0.5, 0.5])

    Raises:
        ValueError: not 4..6 hole cards (the same number for everybody), a board of other than
            5 cards, a card used twice (the message says where), no players.
    """
    hilo = checked_flag(hilo, "hilo")
    holes = check_holes(holes, "['As Ah Kd Kc', '2c 3d 4h 5s']")  # a dealt deal's holes[i] too
    if len(holes) > lib.HR_MAX_PLAYERS:
        raise ValueError(f"an Omaha showdown takes 1 to {lib.HR_MAX_PLAYERS} players, got {len(holes)}")
    board_cards = parse(board)
    if len(board_cards) != 5:
        raise ValueError(f"an Omaha showdown needs a 5-card board, got {len(board_cards)}")
    where = {card: "the board" for card in board_cards}
    hole_cards: list[list[int]] = []
    for index, hole in enumerate(holes):
        cards = take_hole(hole, where, f"holes[{index}]")
        if hole_cards and len(cards) != len(hole_cards[0]):
            raise ValueError(f"holes[{index}]: every player has the same 4, 5 or 6 hole cards, got {len(cards)}")
        hole_cards.append(cards)
    both = [_one(cards, board_cards) for cards in hole_cards]  # checked cards: high | low << 16 each, in C
    highs, lows = [value & 0xFFFF for value in both], [value >> 16 for value in both]
    best_high, best_low = min(highs), min(lows)
    high_winners = [i for i, h in enumerate(highs) if h == best_high]
    low_winners = [i for i, v in enumerate(lows) if v == best_low] if hilo and best_low != NO_LOW else []
    share = [0.0] * len(highs)
    high_part = 0.5 if low_winners else 1.0
    for i in high_winners:
        share[i] += high_part / len(high_winners)
    for i in low_winners:
        share[i] += 0.5 / len(low_winners)
    return OmahaShowdown(board_cards, hole_cards, highs, [None if v == NO_LOW else v for v in lows], high_winners,
                         low_winners, share, bool(hilo))


# ---------------------------------------------------------------------------- equity

def equity(players: Sequence[HandLike], board: HandLike = "", dead: HandLike = "", *, hilo: bool = False,
           hole: int | None = None, trials: int | None = None, seed: int | None = None, threads: int | None = None,
           client: Any = None, progress: bool | Callable[[int, int], None] | None = None) -> EquityResult:
    """Each player's chances in an Omaha pot (high, or hi-lo 8-or-better with ``hilo``).

    ``players`` are 2..10 hands of the same 4, 5 or 6 hole cards, or "random" (or None) for
    an unknown hand. ``hole`` (4, 5 or 6) says the game's hole-card count: every given hand
    must have it, and random hands get it (by default the given hands' count, else 4: PLO4).
    ``board`` has
    0, 3, 4 or 5 cards; ``dead`` cards are out. With ``trials`` None the
    answer is exact when enumeration costs at most EXACT_BUDGET lookups and nobody is random,
    else DEFAULT_TRIALS Monte Carlo deals are drawn; given ``trials``, Monte Carlo always. A
    seed gives the same answer on any number of threads and on a Dask ``client``'s workers;
    Ctrl-C stops the call within a few milliseconds. ``win`` is the chance to take the whole
    pot alone (scoop), ``tie`` to take a part of it, ``equity`` the expected share; shares
    are exact integers of 1/5040 pot.

    >>> r = equity(["As Ah Kd Kc", "Qs Qh Jd Tc"], board="2c 7d 9h")
    >>> r.exact, r.boards, round(r.equity[0], 4)
    (True, 820, 0.6976)

    Raises:
        ValueError: fewer than 2 or more than 10 players, different hole counts (or other
            than ``hole``), ``hole`` not 4, 5 or 6, a board of other than 0, 3, 4 or 5 cards, a
            card used twice (named), too few cards to deal, trials outside 1 .. 2**53, a seed
            outside 0 .. 2**64 - 1, threads below 1.
        TypeError: a player that is neither cards nor "random"; trials, seed, threads or hole
            not ints.
    """
    players = equity_players(players)  # a dealt deal's holes[i] too; None as "random"
    from ._equity_input import checked_client, checked_seed, checked_table, checked_trials

    trials, client, seed = checked_trials(trials), checked_client(client), checked_seed(seed)
    hilo = checked_flag(hilo, "hilo")
    nthreads = thread_count(threads)
    progress = progress_reporter(progress, "equity")
    if hole is not None:
        from .cards import exact_int

        hole = exact_int(hole, "hole as 4, 5 or 6 (hole cards a player), or None")
        if hole not in HOLE_COUNTS:
            raise ValueError(f"hole is the hole cards a player: 4, 5 or 6, got {hole}")
    board_cards, dead_cards, where = checked_table(players, board, dead, "['As Ah Kd Kc', 'random']")
    hands: list[list[int] | None] = []
    ranges: dict[int, str] = {}  # players given as an Omaha range, parsed once the hole count is known
    for index, spec in enumerate(players):
        if isinstance(spec, str) and spec.strip().lower() == "random":
            hands.append(None)
            continue
        if isinstance(spec, str) and not reads_as_cards(spec):
            ranges[index] = spec
            hands.append(None)
            continue
        hands.append(take_hole(spec, where, f"players[{index}]", " (hole cards, a range or 'random')"))
    counts_of = {len(h) for h in hands if h is not None}
    if len(counts_of) > 1:
        raise ValueError(f"every player holds the same number of hole cards, got {sorted(counts_of)}")
    if hole is not None and counts_of and counts_of != {hole}:
        raise ValueError(f"hole={hole}: every hand holds {hole} hole cards, got {counts_of.pop()}")
    nhole = counts_of.pop() if counts_of else hole or 4
    nrandom = sum(h is None for h in hands) - len(ranges)
    unseen = 52 - len(where)
    if unseen < 5 - len(board_cards) + (nrandom + len(ranges)) * nhole:
        raise ValueError(f"only {unseen} cards are left to deal")
    if ranges:
        return range_equity(hands, ranges, nhole, board_cards, dead_cards, where, bool(hilo), trials, seed, nthreads,
                            progress, client, EXACT_BUDGET, DEFAULT_TRIALS)
    return fixed_equity(hands, nhole, board_cards, dead_cards, where, bool(hilo), trials, seed, nthreads, progress,
                        client, EXACT_BUDGET, DEFAULT_TRIALS)


# -------------------------------------------------------------------- PLO4 starting hands

class PreflopTable:
    """Every PLO4 starting hand up to suit permutation (16,432 classes, numbered as
    ``handrank.isomorphism.Indexer([4])`` numbers them), with its equity against one random
    hand (PLO4 high), seeded Monte Carlo of ``trials`` deals a class (standard error about
    0.0015; see scripts/build_plo4.py), in the table's 1/65535 units.

    Attributes:
        hands: each class's first hand, as text.
        equity: each class's equity against one random hand (float64).
        size: each class's number of hands (of the 270,725).
        rank: each class's place by equity, 1 the best (ties: the lower class number first).
        percentile: the share of all hands (percent) at least as good, up to and including the
            class: the top 15% of hands are the classes whose share before them is below 15.
        order: the classes best first.
        trials: Monte Carlo deals a class.
    """

    def __init__(self) -> None:
        import numpy as np

        classes = lib.HR_PLO4_CLASSES
        self.equity = np.frombuffer(ffi.buffer(lib.hr_plo4_equity, 2 * classes), dtype=np.uint16) / 65535
        self.size = np.frombuffer(ffi.buffer(lib.hr_plo4_class_size, classes), dtype=np.uint8).astype(np.int64)
        self.trials: int = lib.HR_PLO4_TRIALS
        order, rank, percentile, before = ranked_classes(self.equity.tolist(), self.size.tolist())
        self.order, self.rank = np.array(order, dtype=np.int64), np.array(rank, dtype=np.int64)
        self.percentile, self._before = np.array(percentile), np.array(before)
        for array in (self.equity, self.size, self.order, self.rank, self.percentile):
            array.setflags(write=False)
        from .isomorphism import Indexer

        self._indexer = Indexer([4])
        self.hands: tuple[str, ...] = tuple(format_cards([int(c) for c in self._indexer.unindex(i)])
                                            for i in range(len(self.equity)))

    def class_of(self, hand: HandLike) -> int:
        """The class of four hole cards (any suits: suit-permuted hands share a class)."""
        cards = take_hole(hand, {}, "hand")
        if len(cards) != 4:
            raise ValueError(f"the PLO4 table is for four hole cards, got {len(cards)}")
        return int(self._indexer.index(cards))

    def lookup(self, hand: HandLike) -> tuple[int, float, float]:
        """(rank, percentile, equity) of four hole cards."""
        c = self.class_of(hand)
        return int(self.rank[c]), float(self.percentile[c]), float(self.equity[c])

    def classes_between(self, low: float, high: float) -> Any:
        """The classes whose share of better hands before them is in [low, high) percent."""
        import numpy as np

        return np.flatnonzero((self._before >= low) & (self._before < high))

    def table(self, top: int = 20) -> str:
        """Text: the best ``top`` classes with rank, percentile and equity."""
        lines = [f"{'rank':>5}  {'hand':<12} {'equity':>7} {'top %':>7} {'hands':>5}"]
        for c in self.order[:top].tolist():
            lines.append(f"{int(self.rank[c]):>5}  {self.hands[c]:<12} {self.equity[c]:>7.2%} "
                         f"{self.percentile[c]:>6.2f}% {int(self.size[c]):>5}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        best = int(self.order[0])
        return (f"PreflopTable(16,432 PLO4 classes; best {self.hands[best]} {self.equity[best]:.4f} against a random "
                f"hand; {self.trials:,} deals a class)")

    def to_pandas(self) -> Any:
        """One row a class: hand, equity, size, rank, percentile."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError('to_pandas needs pandas: pip install ".[pandas]"') from None
        return pd.DataFrame({"hand": list(self.hands), "equity": self.equity, "size": self.size, "rank": self.rank,
                             "percentile": self.percentile})


_PREFLOP: list[PreflopTable] = []


def preflop_table() -> PreflopTable:
    """The PLO4 starting-hand table (built once a process, in about 0.2 s).

    >>> table = preflop_table()
    >>> table.lookup("As Ah Ks Kh")[0] <= 10, round(table.lookup("As Ah Ks Kh")[2], 2)
    (True, 0.71)
    """
    if not _PREFLOP:
        _PREFLOP.append(PreflopTable())
    return _PREFLOP[0]
