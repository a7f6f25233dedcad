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
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ._core import ffi, lib
from ._work import run_slices, thread_count
from .cards import HandLike, exact_int, format_cards, is_ndarray, parse

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["deal", "showdown_many", "holdings", "holding_index", "HOLDINGS", "SHARE_UNITS"]

HOLDINGS = 1326
"""Two-card holdings of a 52-card deck."""
SHARE_UNITS: int = lib.HR_SHARE_UNITS
CHUNK: int = lib.HR_EQUITY_CHUNK
MAX_PLAYERS: int = lib.HR_MAX_PLAYERS
_CHUNKS_PER_SLICE = 4  # about 10 ms of dealing between two checks for Ctrl-C
_SLICE_ROWS = 1 << 20  # showdowns of one C call (about 10 ms for three players)
_ERRORS = {lib.HR_ERR_CARD: "a card id above 51", lib.HR_ERR_DUPLICATE: "a card used twice",
           lib.HR_ERR_COUNT: "more cards than the deck holds", lib.HR_ERR_PLAYERS: "a bad number of players",
           lib.HR_ERR_BOARD: "a bad number of board cards"}


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


def _count(value: object, what: str, low: int, high: int) -> int:
    number = exact_int(value, f"{what} as an int")
    if not low <= number <= high:
        raise ValueError(f"{what} must be from {low} to {high}, got {number}")
    return number


def _cards(cards: HandLike | None, what: str) -> list[int]:
    if cards is None or (isinstance(cards, str) and not cards.strip()):
        return []
    try:
        return parse(cards)
    except (ValueError, TypeError) as error:
        raise type(error)(f"{what}: {error}") from None


def deal(n: int, players: int, *, board: int = 5, hole_cards: Sequence[HandLike | None] | None = None,
         board_cards: HandLike | None = None, dead: HandLike | None = None, seed: int | None = None,
         threads: int | None = None) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Deal ``n`` independent Texas Hold'em hands in C: ``(holes, boards)``.

    ``holes`` is an (n, players, 2) uint8 array of card ids, ``boards`` (n, board). Known
    cards stay where they are given and never appear elsewhere in a row: ``hole_cards``
    (one entry a player, None for a random hand), ``board_cards`` (the first board cards)
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


_WORDS = {2: "two", 4: "four", 5: "five", 6: "six", 7: "seven"}


def deal_cards(n: int, players: int, hole: int, board: int, *, hole_cards: Sequence[HandLike | None] | None,
               board_cards: HandLike | None, dead: HandLike | None, seed: int | None, threads: int | None,
               max_players: int, lowest: int = 0, deck_name: str = "",
               ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Every game's dealer (``deal``, ``omaha.deal``, ``shortdeck.deal``): ``hole`` cards a
    player from the deck of ids ``lowest``..51 (``deck_name`` names it in errors), checked here
    and dealt in C (hr_deal_game), chunk by chunk on threads."""
    n = _count(n, "n", 0, 1 << 40)
    players = _count(players, "players", 1, max_players)
    board = _count(board, "board", 0, 5)
    nthreads = thread_count(threads)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    seed = _count(seed, "seed", 0, (1 << 64) - 1)
    if hole_cards is not None and (isinstance(hole_cards, str) or not isinstance(hole_cards, Sequence)):
        raise TypeError(f"hole_cards must be a list with one entry a player: {_WORDS.get(hole, hole)} cards, or None")
    if hole_cards is not None and len(hole_cards) != players:
        raise ValueError(f"hole_cards has {len(hole_cards)} entries for {players} players")
    where: dict[int, str] = {}

    def claim(cards: list[int], place: str) -> None:
        for card in cards:
            if card < lowest:
                raise ValueError(f"{place}: card {format_cards([card])!r} is not in the {deck_name}")
            if card in where:
                raise ValueError(f"card {format_cards([card])!r} is both in {where[card]} and in {place}")
            where[card] = place

    fixed = bytearray([lib.HR_DEAL_RANDOM] * (hole * players))
    for p, cards_of_player in enumerate(hole_cards or [None] * players):
        cards = _cards(cards_of_player, f"hole_cards[{p}]")
        if not cards:
            continue
        if len(cards) != hole:
            raise ValueError(f"hole_cards[{p}]: {_WORDS.get(hole, hole)} cards or None, got {len(cards)} cards")
        claim(cards, f"hole_cards[{p}]")
        fixed[hole * p:hole * (p + 1)] = bytes(cards)
    known_board = _cards(board_cards, "board_cards")
    if len(known_board) > board:
        raise ValueError(f"board_cards has {len(known_board)} cards for a board of {board}")
    claim(known_board, "board_cards")
    dead_cards = _cards(dead, "dead")
    claim(dead_cards, "dead")
    unknown = 52 - lowest - len(where)
    random_players = sum(1 for p in range(players) if fixed[hole * p] == lib.HR_DEAL_RANDOM)
    needed = hole * random_players + board - len(known_board)
    if needed > unknown:
        raise ValueError(f"a deal needs {needed} more cards and the deck has {unknown} left")

    import numpy as np

    holes = np.empty((n, players, hole), dtype=np.uint8)
    boards = np.empty((n, board), dtype=np.uint8)
    holes_out, boards_out = ffi.from_buffer("uint8_t[]", holes), ffi.from_buffer("uint8_t[]", boards)
    args = (bytes(fixed), board, bytes(known_board), len(known_board), bytes(dead_cards), len(dead_cards))

    def part(first: int, end: int) -> None:
        error = lib.hr_deal_game(seed, n, first, end, players, hole, lowest, *args, holes_out, boards_out)
        if error:
            raise ValueError(f"the kernel refused the deal: {_ERRORS.get(error, error)}")

    chunks = -(-n // CHUNK)
    run_slices([functools.partial(part, first, min(chunks, first + _CHUNKS_PER_SLICE))
                for first in range(0, chunks, _CHUNKS_PER_SLICE)], nthreads)
    return holes, boards


def _as_cards(array: Any, what: str, shape: tuple[int | None, ...], row_offset: int = 0) -> npt.NDArray[np.uint8]:
    """An integer array checked and converted to C-contiguous uint8 (ids 0..51 checked in C,
    after a range check here for wider types); a bad row is numbered from ``row_offset``."""
    import numpy as np

    if not is_ndarray(array):
        try:
            array = np.asarray(array)
        except (ValueError, TypeError) as error:
            raise TypeError(f"{what} must be an integer array: {error}") from None
    if array.dtype.kind not in "iu":
        raise TypeError(f"{what} must be an integer array of card ids, got dtype {array.dtype}")
    if array.ndim != len(shape) or any(want is not None and got != want for got, want in zip(array.shape, shape)):
        wanted = " x ".join(("n" if i == 0 else "players") if want is None else str(want)
                            for i, want in enumerate(shape))
        raise ValueError(f"{what} must have shape {wanted}, got {array.shape}")
    if array.dtype != np.uint8 and array.size:
        low, high = int(array.min()), int(array.max())
        if low < 0 or high > 51:
            bad = np.argwhere((array < 0) | (array > 51))[0]
            raise ValueError(f"{what}: row {row_offset + bad[0]}: card id {int(array[tuple(bad)])} "
                             "is out of range 0..51")
    return np.ascontiguousarray(array, dtype=np.uint8)


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
    from .evaluate import _is_dask_array

    thread_count(threads)  # checked before the paths split (dask or numpy)
    if _is_dask_array(holes) or _is_dask_array(boards):
        if out is not None:
            raise TypeError("out= does not apply to dask arrays: the results are dask arrays")
        return _showdown_dask(holes, boards, threads)
    hole_array = _as_cards(holes, "holes", (None, None, 2))
    board_array = _as_cards(boards, "boards", (None, 5))
    return _showdown_into(hole_array, board_array, threads, 0, out)


def _showdown_into(holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], threads: object,
                   row_offset: int, out: object = None, kernel: Any = None, bad_card: str = "a card id above 51"
                   ) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """Showdowns of checked uint8 holes (n, players, 2) and boards (n, 5) by ``kernel`` (a
    hr_showdown_batch-like call: Hold'em's, or short deck's with its rule bound); ``bad_card``
    says what HR_ERR_CARD means in the game."""
    import numpy as np


    n, players = holes.shape[0], holes.shape[1]
    if boards.shape[0] != n:
        raise ValueError(f"holes has {n} rows and boards {boards.shape[0]}")
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"showdown_many takes 1 to {MAX_PLAYERS} players, got {players}")
    ranks, shares = showdown_outputs(out, n, players, (holes, boards))
    nthreads = thread_count(threads, useful=max(1, n // (1 << 15)))
    slices = max(nthreads, -(-n // _SLICE_ROWS))  # a few ms each: Ctrl-C is seen between them
    bounds = [n * k // slices for k in range(slices + 1)]
    hole_buf, board_buf = ffi.from_buffer("uint8_t[]", holes), ffi.from_buffer("uint8_t[]", boards)
    rank_buf, share_buf = ffi.from_buffer("uint16_t[]", ranks), ffi.from_buffer("uint16_t[]", shares)
    run_kernel = kernel or lib.hr_showdown_batch

    def part(start: int, stop: int) -> tuple[int, int]:
        error = ffi.new("int *")
        bad = run_kernel(hole_buf + start * 2 * players, board_buf + start * 5, stop - start, players,
                         rank_buf + start * players, share_buf + start * players, error)
        return (-1, 0) if bad < 0 else (start + bad, error[0])

    results = run_slices([functools.partial(part, bounds[k], bounds[k + 1]) for k in range(slices)], nthreads)
    for bad, error in sorted(results, key=lambda result: result[0] < 0):  # the first bad slice first
        if bad >= 0:
            row = np.concatenate([holes[bad].reshape(-1), boards[bad]])
            what = bad_card if error == lib.HR_ERR_CARD else "a card used twice"
            raise ValueError(f"row {row_offset + bad}: {what}: {' '.join(map(str, row.tolist()))}")
    return ranks, shares


def showdown_outputs(out: object, n: int, players: int, cards: tuple[Any, ...]
                     ) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """Every showdown_many's (ranks, shares): new (n, players) uint16 arrays, or the pair
    ``out`` checked (shape, order, dtype; no memory shared with each other or with ``cards``)."""
    import numpy as np

    from .evaluate import _output

    if out is None:
        return np.empty((n, players), dtype=np.uint16), np.empty((n, players), dtype=np.uint16)
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise TypeError(f"out must be a pair (ranks, shares) of uint16 arrays, got {type(out).__name__}")
    ranks = _output(out[0], n, (n, players), "out[0] (ranks)")
    shares = _output(out[1], n, (n, players), "out[1] (shares)")
    if np.shares_memory(ranks, shares):
        raise ValueError("out[0] and out[1] share memory: pass two separate arrays")
    if any(np.shares_memory(result, array) for result in (ranks, shares) for array in cards):
        raise ValueError("out shares memory with the cards: the results would overwrite cards not yet "
                         "read; pass separate arrays")
    return ranks, shares


def _showdown_dask(holes: Any, boards: Any, threads: object) -> tuple[Any, Any]:
    return _showdown_dask_with(holes, boards, threads, None, "a card id above 51")


def _showdown_dask_with(holes: Any, boards: Any, threads: object, kernel: Any, bad_card: str) -> tuple[Any, Any]:
    def run(hole_part: Any, board_part: Any, first: int) -> tuple[Any, ...]:
        return _showdown_into(hole_part, board_part, threads, first, None, kernel, bad_card)

    ranks, shares = showdown_dask(holes, boards, (2,), 2, run)
    return ranks, shares


def showdown_dask(holes: Any, boards: Any, hole_counts: tuple[int, ...], outputs: int,
                  run: Callable[[Any, Any, int], tuple[Any, ...]], board_width: int = 5) -> tuple[Any, ...]:
    """Every game's showdown_many over dask arrays: the holes' and boards' blocks side by side,
    each pair of blocks checked (rows numbered from the top) and handed to ``run(holes, boards,
    first_row)``, whose ``outputs`` (n, players) uint16 arrays come back as lazy dask arrays."""
    import dask.array as da

    from .evaluate import _block_first_row

    holes, boards = da.asarray(holes), da.asarray(boards)  # type: ignore[no-untyped-call]
    if holes.ndim != 3 or holes.shape[2] not in hole_counts or boards.ndim != 2 or boards.shape[1] != board_width:
        widths = " or ".join(map(str, hole_counts))
        raise ValueError(f"holes must be n x players x {widths} and boards n x {board_width}, got {holes.shape} "
                         f"and {boards.shape}")
    players, hole = holes.shape[1], holes.shape[2]
    rows = da.concatenate([holes.reshape(holes.shape[0], hole * players), boards], axis=1)  # type: ignore[no-untyped-call]
    rows = rows.rechunk({1: -1})

    def block(cards: Any, block_info: Any = None) -> Any:
        import numpy as np

        first = _block_first_row(block_info)
        hole_part = _as_cards(cards[:, :hole * players].reshape(len(cards), players, hole), "holes",
                              (None, None, hole), first)
        board_part = _as_cards(cards[:, hole * players:], "boards", (None, board_width), first)
        return np.concatenate(run(hole_part, board_part, first), axis=1)

    both = rows.map_blocks(block, dtype="uint16", chunks=(rows.chunks[0], (outputs * players,)))
    return tuple(both[:, i * players:(i + 1) * players] for i in range(outputs))
