"""Simulations in bulk: deal millions of Texas Hold'em hands and play their showdowns in C.

    holes, boards = deal(1_000_000, players=3, seed=1)      # (n, 3, 2) and (n, 5) uint8
    ranks, shares = showdown_many(holes, boards)            # (n, 3) uint16 each

Ranks are 1 (royal flush) ... 7462 (7-5-4-3-2), lower is better; shares are the pot in
units of 1/2520 (2520 = lcm(1..10), so any split is whole), each row summing to 2520, and
``shares > 0`` marks the winners. Deals are numbered in chunks of 65,536, each chunk dealt
from its own random stream seeded by (seed, chunk), so a seed gives the same cards on any
number of threads. The 1,326 two-card holdings have a fixed order (``holdings()``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ._core import lib
from ._dealing import deal_cards
from ._rows import as_card_arrays, two_card_showdown_dask, two_card_showdowns
from ._work import thread_count
from .cards import HandLike, format_cards, parse

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["deal", "showdown_many", "holdings", "holding_index", "HOLDINGS", "SHARE_UNITS"]

HOLDINGS = 1326
"""Two-card holdings of a 52-card deck."""
SHARE_UNITS: int = lib.HR_SHARE_UNITS
CHUNK: int = lib.HR_EQUITY_CHUNK
MAX_PLAYERS: int = lib.HR_MAX_PLAYERS


@functools.lru_cache(maxsize=1)
def _holdings() -> bytes:
    return bytes(c for hi in range(1, 52) for lo in range(hi) for c in (hi, lo))


def holdings() -> npt.NDArray[np.uint8]:
    """The 1,326 two-card holdings as a (1326, 2) uint8 array, higher card first.

    Holding ``hi * (hi - 1) // 2 + lo`` is the cards ``hi > lo`` (ids 0..51: rank * 4 + suit),
    so row 0 is (2d, 2c) and row 1325 is (As, Ah); ``holding_index`` maps back.

    >>> h = holdings()
    >>> h.shape, format_cards(h[0]), format_cards(h[-1])
    ((1326, 2), '2d 2c', 'As Ah')
    """
    import numpy as np

    return np.frombuffer(_holdings(), dtype=np.uint8).reshape(HOLDINGS, 2).copy()


def holding_index(hole: HandLike) -> int:
    """The row of ``holdings()`` holding these two cards (in either order).

    >>> holding_index("As Ah"), holding_index("2c 2d"), holding_index([0, 1])
    (1325, 0, 0)

    Raises:
        ValueError: not two distinct cards (the message says which card is wrong).
        TypeError: not cards.
    """
    cards = parse(hole)
    if len(cards) != 2:
        raise ValueError(f"a holding is two cards, got {len(cards)}")
    index = lib.hr_holding_index(cards[0], cards[1])
    if index < 0:
        raise ValueError(f"a holding is two different cards, got {format_cards(cards)}")
    return int(index)


def deal(n: int, players: int, *, board: int = 5, hole_cards: Sequence[HandLike | None] | None = None,
         board_cards: HandLike | None = None, dead: HandLike | None = None, seed: int | None = None,
         threads: int | None = None) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Deal ``n`` independent Texas Hold'em hands in C: ``(holes, boards)``.

    ``holes`` is an (n, players, 2) uint8 array of card ids, ``boards`` (n, board). Known
    cards stay where they are given and never appear elsewhere in a row: ``hole_cards``
    (one entry a player, None or "random" for a random hand), ``board_cards`` (the first board cards)
    and ``dead`` cards (dealt to nobody). A ``seed`` gives the same arrays on any number of
    ``threads``; without one a random seed is drawn.

    >>> holes, boards = deal(4, 2, seed=7, hole_cards=["As Ah", None], board_cards="Kd 7c 2h")
    >>> holes.shape, boards.shape, format_cards(holes[0, 0]), format_cards(boards[0, :3])
    ((4, 2, 2), (4, 5), 'As Ah', 'Kd 7c 2h')

    Raises:
        ValueError: a count out of range (n below 0, players not 1..23, board not 0..5,
            more known board cards than ``board``), more cards asked than the deck holds,
            a card used twice (named with where it is).
        TypeError: counts that are not ints; cards that are not cards.
    """
    return deal_cards(n, players, 2, board, hole_cards=hole_cards, board_cards=board_cards, dead=dead, seed=seed,
                      threads=threads, max_players=23)


def showdown_many(holes: npt.ArrayLike, boards: npt.ArrayLike, *, threads: int | None = None,
                  out: tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]] | None = None
                  ) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """Texas Hold'em showdowns of many deals at once, in C: ``(ranks, shares)``.

    ``holes`` is (n, players, 2) card ids, ``boards`` (n, 5), as ``deal`` returns them (any
    integer dtype; C-contiguous uint8 is read in place). ``ranks`` is (n, players) uint16,
    1 (royal flush) ... 7462; ``shares`` is (n, players) uint16 in 1/2520 of the pot, each
    row summing to 2520, ``shares > 0`` marking the winners. Each board's key is computed
    once a row, then each player costs one add and one lookup. Dask arrays give lazy dask
    arrays, computed block by block.

    ``out``, a pair of C-contiguous (n, players) uint16 arrays, receives the ranks and the
    shares and is returned: a simulation that calls this in a loop can reuse one pair and
    save allocating (and the OS zeroing) two new arrays a call. If a row is bad, they hold
    some rows' results and garbage in others.

    >>> import numpy as np
    >>> holes = np.array([[[51, 50], [45, 44]]], dtype=np.uint8)        # As Ah, Kd Kc
    >>> boards = np.array([[0, 21, 30, 46, 7]], dtype=np.uint8)         # 2c 7d 9h Kh 3s
    >>> ranks, shares = showdown_many(holes, boards)
    >>> ranks.tolist(), shares.tolist()
    ([[3354, 1715]], [[0, 2520]])

    Raises:
        ValueError: wrong shapes, 0 or more than 10 players, a row with a card id outside
            0..51 or a card twice (the message names the first such row).
        ValueError: ``out`` arrays of the wrong shape, not C-contiguous, the same array
            twice, or sharing memory with the cards.
        TypeError: not integer arrays; ``out`` not a pair of uint16 arrays.
    """
    from ._rows import is_dask_array

    thread_count(threads)  # checked before the paths split (dask or numpy)
    if is_dask_array(holes) or is_dask_array(boards):
        if out is not None:
            raise TypeError("out= does not apply to dask arrays: the results are dask arrays")
        return _showdown_dask(holes, boards, threads)
    hole_array, board_array = as_card_arrays([(holes, "holes", (None, None, 2)), (boards, "boards", (None, 5))])
    return two_card_showdowns(hole_array, board_array, threads, 0, out)


def _showdown_dask(holes: Any, boards: Any, threads: object) -> tuple[Any, Any]:
    return two_card_showdown_dask(holes, boards, threads, None, "a card id above 51")


