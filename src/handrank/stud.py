"""Seven-card stud and Razz in bulk: deals of seven cards a player and no board, and their
showdowns, in C.

A hand is ranked as its game ranks seven cards: stud high by Hold'em's ranks (1 = royal flush
... 7462; ``handrank.evaluate`` for one hand), Razz by ace-to-five ranks (1 = 5-4-3-2-A ...
6175; ``handrank.ace_to_five.evaluate``). Which cards are up and which down does not change
a showdown, so a deal is just each player's seven cards.

>>> from handrank import stud
>>> hands = stud.deal(1000, 4, seed=7)
>>> ranks, shares = stud.showdown_many(hands)
>>> hands.shape, ranks.shape, bool((shares.sum(axis=1) == 2520).all())
((1000, 4, 7), (1000, 4), True)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ._core import ffi, lib
from .cards import HandLike, format_cards

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["deal", "showdown_many", "MAX_PLAYERS", "SHARE_UNITS"]

MAX_PLAYERS = 7
"""Seven cards for each of 7 players is 49 of the 52: at most 7 players a deal."""
SHARE_UNITS: int = lib.HR_SHARE_UNITS
"""A pot in ``showdown_many``'s shares: each row sums to 2520 (any split is whole)."""


def deal(n: int, players: int, *, hole_cards: Sequence[HandLike | None] | None = None, dead: HandLike | None = None,
         seed: int | None = None, threads: int | None = None) -> npt.NDArray[np.uint8]:
    """Deal ``n`` independent stud hands in C: (n, players, 7) uint8 card ids, seven distinct
    cards a player. As ``handrank.deal``: known cards (``hole_cards``: seven cards or None a
    player) stay put, dead cards are never dealt, and a ``seed`` gives the same array on any
    number of ``threads``.

    Raises:
        ValueError: counts out of range (1 to 7 players), a card given twice (named), more
            cards asked than the deck has.
        TypeError: counts that are not ints; cards that are not cards.
    """
    from ._dealing import deal_cards

    hands, _ = deal_cards(n, players, 7, 0, hole_cards=hole_cards, board_cards=None, dead=dead, seed=seed,
                          threads=threads, max_players=MAX_PLAYERS)
    return hands


def _bad_deal(hands: npt.NDArray[np.uint8], row: int, row_offset: int) -> None:
    """The message for a deal with a bad card (an id above 51, or one card twice)."""
    cards = hands[row].reshape(-1).tolist()
    bad = [c for c in cards if c > 51]
    if bad:
        raise ValueError(f"row {row_offset + row}: card id {bad[0]} is out of range 0..51: "
                         f"{' '.join(map(str, cards))}")
    twice = next(c for c in cards if cards.count(c) > 1)
    raise ValueError(f"row {row_offset + row}: card {format_cards([twice])!r} is dealt twice: "
                     f"{' '.join(map(str, cards))}")


def _showdown(hands: npt.NDArray[np.uint8], razz: bool, threads: object, row_offset: int,
              out: object = None) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    from ._rows import SHOWDOWN_SLICE_ROWS, showdown_outputs
    from ._work import run_slices, thread_count

    n, players, _ = hands.shape
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"showdown_many takes 1 to {MAX_PLAYERS} players of seven cards, got {players}")
    ranks, shares = showdown_outputs(out, n, players, (hands,))
    nthreads = thread_count(threads, useful=max(1, n // (1 << 15)))
    slices = max(nthreads, -(-n // SHOWDOWN_SLICE_ROWS))  # a few ms each: Ctrl-C is seen between them
    bounds = [n * k // slices for k in range(slices + 1)]
    hand_buf = ffi.from_buffer("uint8_t[]", hands)
    rank_buf, share_buf = ffi.from_buffer("uint16_t[]", ranks), ffi.from_buffer("uint16_t[]", shares)

    def part(start: int, stop: int) -> int:
        error = ffi.new("int *")
        bad = lib.hr_stud_showdown_batch(int(razz), hand_buf + start * players * 7, stop - start, players,
                                         rank_buf + start * players, share_buf + start * players, error)
        return -1 if bad < 0 else start + bad

    bad_rows = [bad for bad in run_slices([functools.partial(part, bounds[k], bounds[k + 1])
                                           for k in range(slices)], nthreads) if bad >= 0]
    if bad_rows:
        _bad_deal(hands, bad_rows[0], row_offset)  # the first bad deal from the top
    return ranks, shares


def showdown_many(hands: npt.ArrayLike, *, razz: bool = False, threads: int | None = None,
                  out: tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]] | None = None
                  ) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """Stud (or, with ``razz``, Razz) showdowns of many deals at once, in C: ``(ranks,
    shares)``, each (n, players) uint16. ``hands`` is (n, players, 7) card ids, as ``deal``
    returns them. ``ranks`` are stud high ranks (1 = royal flush ... 7462) or Razz ranks (1 =
    5-4-3-2-A ... 6175); lower wins. ``shares`` are each player's part of the pot in 1/2520,
    each row summing to 2520. ``out`` (two C-contiguous (n, players) uint16 arrays) is written
    and returned; dask arrays give lazy dask arrays.

    >>> import numpy as np
    >>> hands = np.array([[[51, 47, 43, 39, 35, 0, 5],      # As Ks Qs Js Ts 2c 3d: a royal flush
    ...                    [50, 46, 42, 38, 30, 1, 6]]])    # Ah Kh Qh Jh 9h 2d 3h: a flush
    >>> showdown_many(hands)[0].tolist()                    # high: the royal flush wins
    [[1, 323]]
    >>> showdown_many(hands, razz=True)[1].tolist()         # Razz: J-9-3-2-A beats J-T-3-2-A
    [[0, 2520]]

    Raises:
        ValueError: not (n, players, 7), 0 or more than 7 players, a deal with a card id
            outside 0..51 or a card twice, in one hand or across hands (named from the top of
            the array); ``out`` of the wrong shape, order or memory.
        TypeError: not an integer array; razz not a bool; ``out`` not uint16 arrays.
    """
    from ._rows import as_cards, is_dask_array, showdown_dask
    from ._work import thread_count

    thread_count(threads)  # checked before the paths split (dask or numpy)
    if not isinstance(razz, bool):
        raise TypeError(f"razz must be True or False, got {type(razz).__name__}")
    if is_dask_array(hands):
        if out is not None:
            raise TypeError("out= does not apply to dask arrays: the results are dask arrays")
        import dask.array as da

        lazy: Any = da.asarray(hands)  # type: ignore[no-untyped-call]
        if lazy.ndim != 3:
            raise ValueError(f"hands must be n x players x 7, got {lazy.shape}")
        none = da.zeros((lazy.shape[0], 0), dtype="uint8", chunks=(lazy.chunks[0], 0))
        result: Any = showdown_dask(lazy, none, (7,), 2,
                                    lambda part, _, first: _showdown(part, razz, threads, first), board_width=0)
        return result  # type: ignore[no-any-return]
    return _showdown(as_cards(hands, "hands", (None, None, 7)), razz, threads, 0, out)
