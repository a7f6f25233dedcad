"""Rows of cards in bulk, the machinery every game's evaluate_many and showdown_many share:
card matrices checked and converted, bad rows named from the top of the array, output arrays
checked, rows ranked by a game's batch kernel in slices shared by threads (Ctrl-C is seen
between slices), dask arrays block by block; and the checks of one rank and one hand a call.
Each game passes its own kernel and messages; Hold'em's are the defaults."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence, Sized
from typing import TYPE_CHECKING, Any

from ._core import ffi, lib
from ._work import run_slices, thread_count
from .cards import HandLike, exact_int, format_card, is_ndarray, parse

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

RANK_COUNT: int = lib.HR_RANK_COUNT
MAX_PLAYERS: int = lib.HR_MAX_PLAYERS
MIN_CARDS, MAX_CARDS = 5, 7  # the row widths evaluate_many takes


# Below this many rows a thread costs more than it saves.
MIN_ROWS_PER_THREAD = 1 << 16


# Rows ranked by one C call of a long evaluate_many (about 13 ms): Ctrl-C is seen between them.
RANK_SLICE_ROWS = 1 << 22


def check_rank(rank: object, count: int = RANK_COUNT, game: str = "") -> int:
    """A rank of a game with ``count`` ranks (Hold'em's by default), checked."""
    what = f"{game} rank" if game else "rank"
    value = exact_int(rank, f"{'an' if what[0].lower() in 'aeiou' else 'a'} {what} (an int 1..{count})")
    if not 1 <= value <= count:
        raise ValueError(f"{game + ' ' if game else ''}rank {value} is out of range 1..{count}")
    return value


def better(first: int, second: int) -> int:
    """1 when rank ``first`` wins (lower is better in every game), -1 when it loses, 0 for a split."""
    return (first < second) - (first > second)


def rank_array_row(rank_one: Any, hand: object) -> int:
    """A game's one-hand C reader on a 1-D integer array, as a list (a numpy row a call, as
    simulation loops pass them: several times faster than parsing it); 0 for anything else or
    anything refused, which the game's checked path then reads or names."""
    if is_ndarray(hand):
        array: Any = hand
        if array.ndim == 1 and array.dtype.kind in "iu" and len(array) <= MAX_CARDS:
            rank: int = rank_one(array.tolist())
            return rank
    return 0


def checked_rank(hand: HandLike, rank_one: Any, counts: tuple[int, ...], wrong_count: str,
                 cards_of: Any = parse) -> int:
    """Every game's one-hand rank where its C reader (``rank_one``) answered 0: a numpy row goes
    back to it as a list; anything else is read by ``cards_of`` (which names a bad card), its
    count checked against ``counts`` (``wrong_count`` with the count filled in), then ranked."""
    rank: int = rank_array_row(rank_one, hand)
    if rank:
        return rank
    cards = cards_of(hand)
    if len(cards) not in counts:
        raise ValueError(wrong_count.format(len(cards)))
    rank = rank_one(cards)
    return rank


def _is_list(value: object) -> bool:
    return type(value) in (list, tuple) or (isinstance(value, Sized) and hasattr(value, "__getitem__")
                                            and not isinstance(value, (str, bytes, Mapping)))


def _ragged(rows: object, what: str) -> str:
    """Where nested lists first differ from the shape their first elements give (each level's
    length read along the first path: rows, rows[0], rows[0][0] ...), or "": a level at a
    time, so that a million rows take a fraction of a second."""
    shape, first = [], rows
    while _is_list(first) and len(first):  # type: ignore[arg-type]
        shape.append(len(first))  # type: ignore[arg-type]
        first = first[0]  # type: ignore[index]
        if len(shape) > 8:  # deeper than any array of cards (and than the search should go)
            return f"{what} nests lists more than 8 deep, deeper than any array of cards"

    def place(flat: int, depth: int) -> str:  # the path of the flat-th node of a level
        path = []
        for size in reversed(shape[:depth]):
            flat, index = divmod(flat, size)
            path.append(f"[{index}]")
        return what + "".join(reversed(path))

    level: list[Any] = [rows]
    for depth, size in enumerate(shape):
        for flat, node in enumerate(level):
            if not _is_list(node):
                return f"{place(flat, depth)} is a card where {place(0, depth)} has {size}"
            if len(node) != size:
                return f"{place(flat, depth)} has {len(node)} where {place(0, depth)} has {size}"
        level = [child for node in level for child in node]
    for flat, node in enumerate(level):  # the cards: none of them a list
        if type(node) is not int and _is_list(node):
            return f"{place(flat, len(shape))} is a list where {place(0, len(shape))} is a card"
    return ""


def _not_rectangular(value: object, what: str) -> str:
    try:
        where = _ragged(value, what)
    except (LookupError, TypeError):  # a sized object that indexes otherwise (a pandas Series of labels)
        return ""  # numpy's own reading stands
    return where if not where or where.startswith(f"{what} nests") else f"{what} must be a rectangular array: {where}"


def as_array(value: object, what: str) -> npt.NDArray[Any]:
    """``value`` as a numpy array (as it is when it is one); nested lists of different lengths
    refused by naming the first that differs ("holes[1] has 1 where holes[0] has 2"). numpy
    from 1.24 refuses them itself; before, it warned and made an array of objects."""
    import numpy as np

    if isinstance(value, np.ndarray):
        return value
    try:
        array = np.asarray(value)
    except ValueError as error:
        raise ValueError(_not_rectangular(value, what) or f"{what}: {error}") from None
    if array.dtype.kind == "O":
        fault = _not_rectangular(value, what)
        if fault:
            raise ValueError(fault)
    return array


def card_matrix(cards: Any, row_offset: int = 0, lowest: int = 0) -> npt.NDArray[np.uint8]:
    """A C-contiguous uint8 (N, k) view or copy of `cards`, k in 5..7, every id < 256 (ids of a
    wider type checked as ``as_card_arrays`` does; ``lowest``: the game's lowest card)."""
    import numpy as np

    array = as_array(cards, "cards")
    if array.dtype.kind not in "iu":
        raise TypeError(f"evaluate_many takes an integer array of card ids 0..51, got dtype {array.dtype}"
                        + (" (parse card strings with handrank.parse first)" if array.dtype.kind in "US"
                           else ""))
    if array.ndim != 2 or not MIN_CARDS <= array.shape[1] <= MAX_CARDS:
        raise ValueError(f"evaluate_many takes an (N, k) array with k = 5, 6 or 7 cards a row, "
                         f"got shape {array.shape}")
    bad = first_wide_fault([array])
    if bad is None:
        return np.ascontiguousarray(array, dtype=np.uint8)
    if not kernel_fault_before([array], bad, lowest):  # else the kernel names that earlier row
        raise_row_error(array, bad, row_offset)
    return narrowed(array)


def check_board_rows(boards: npt.NDArray[Any], what: str = "boards") -> None:
    """Every row of an (m, k) integer array of boards holds no card twice and no id above 51
    (the first row that does is named): checked at once, not in a loop a row."""
    import numpy as np

    ordered = np.sort(boards, axis=1)
    bad = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1) | (ordered[:, -1] > 51))
    if len(bad):
        row = int(bad[0])
        raise ValueError(f"{what}: row {row}: a card twice or a card id above 51: {boards[row].tolist()}")


def card_combinations(n: int, k: int) -> npt.NDArray[np.uint8]:
    """Every k of the ids 0 .. n - 1 (n at most 256), increasing within a row, rows in
    lexicographic order (as ``itertools.combinations(range(n), k)`` lists them): a (C(n, k), k)
    uint8 array built a column at a time, without a Python object a combination."""
    import numpy as np

    if k == 0:  # one empty combination
        return np.zeros((1, 0), dtype=np.uint8)
    rows = np.arange(n, dtype=np.uint8)[:, None]
    for _ in range(k - 1):  # each row gains every id above its last, in order
        last = rows[:, -1].astype(np.int64)
        more = n - 1 - last
        step = np.arange(int(more.sum())) - np.repeat(np.cumsum(more) - more, more)
        rows = np.concatenate([np.repeat(rows, more, axis=0),
                               (np.repeat(last + 1, more) + step).astype(np.uint8)[:, None]], axis=1)
    return rows


def card_masks(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """Each row's cards (ids 0..51, checked) as a 52-bit mask, bit c for card c, in C
    (hr_card_masks: a PLO6 range of a million hands in a few milliseconds)."""
    import numpy as np

    rows = np.ascontiguousarray(cards, dtype=np.uint8)
    masks = np.empty(len(rows), dtype=np.uint64)
    bad = lib.hr_card_masks(ffi.from_buffer("uint8_t[]", rows), len(rows), rows.shape[1],
                            ffi.from_buffer("uint64_t[]", masks))
    if bad >= 0:
        raise_row_error(rows, int(bad))
    if bad != -1:
        raise ValueError(f"card masks take rows of 0 to 52 cards, got {rows.shape[1]}")
    return masks


def raise_row_error(array: npt.NDArray[Any], row: int, row_offset: int = 0) -> None:
    values = [int(v) for v in array[row]]
    where = row + row_offset
    for column, value in enumerate(values):
        if not 0 <= value <= 51:
            raise ValueError(f"row {where}: card id {value} in column {column} is out of range 0..51")
    for column, value in enumerate(values):
        first = values.index(value)
        if first != column:
            raise ValueError(f"row {where}: duplicate card {format_card(value)!r} (id {value}) in columns "
                             f"{first} and {column}")
    raise AssertionError(f"row {row} refused by the kernel but looks valid: {values}")


def rows_thread_count(threads: object, rows: int) -> int:
    from ._work import thread_count

    return thread_count(threads, useful=rows // MIN_ROWS_PER_THREAD)


def joint_arrays(shapes: Sequence[tuple[int, ...]], dtype: str) -> list[npt.NDArray[Any]]:
    """New C-contiguous arrays of ``dtype`` and ``shapes``, carved one after another from one
    allocation: a call that returns several large arrays (a showdown's ranks and shares, a
    deal's holes and boards) makes and later frees one block, which the C allocator keeps for
    the next call, where two blocks of half the size were handed back to the system at each
    free and every call paid a page fault a fresh 4 KiB page (a third of the time of a loop of
    deal then showdown_many, 400,000 4-player Hold'em deals a call). The arrays share that
    block: while any of them lives, all of its memory stays."""
    import numpy as np

    sizes = [int(np.prod(shape, dtype=np.int64)) for shape in shapes]
    block = np.empty(sum(sizes), dtype=dtype)
    arrays, at = [], 0
    for shape, size in zip(shapes, sizes):
        arrays.append(block[at:at + size].reshape(shape))
        at += size
    return arrays


def output_array(out: Any, rows: int, shape: tuple[int, ...] | None = None,
                 name: str = "out", dtype: str = "uint16", cards: tuple[Any, ...] = (),
                 results: str = "ranks") -> npt.NDArray[Any]:
    """``out`` checked as a C-contiguous, writeable array of ``dtype`` (uint16 unless said) and
    ``shape`` (default ``(rows,)``) that shares no memory with the arrays ``cards`` (the
    ``results`` it receives would overwrite cards not yet read), or a new one when it is None;
    ``name`` is what messages call it."""
    import numpy as np

    shape = (rows,) if shape is None else shape
    if out is None:
        return np.empty(shape, dtype=dtype)
    if not isinstance(out, np.ndarray) or out.dtype != np.dtype(dtype):
        raise TypeError(f"{name} must be a numpy {dtype} array, got {getattr(out, 'dtype', type(out).__name__)}")
    if out.shape != shape:
        raise ValueError(f"{name} must have shape {shape} for {rows} rows, got {out.shape}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError(f"{name} must be C-contiguous and writeable")
    if any(np.shares_memory(out, array) for array in cards):
        raise ValueError(f"{name} overlaps the cards: the {results} would overwrite cards not yet read; "
                         "pass a separate array")
    return out


def rank_into(matrix: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], threads: object,
              row_offset: int, batch: Any = None, row_error: Any = None) -> npt.NDArray[np.uint16]:
    """Rank a checked uint8 matrix into `out`; errors number rows from `row_offset`. `batch`
    is the game's kernel (the hr_rank_batch signature; Hold'em's by default) and `row_error`
    its message for a refused row (``raise_row_error``'s signature and default).

    Big inputs go in slices of RANK_SLICE_ROWS (a few milliseconds each), shared by the threads,
    the calling thread taking slices too: Ctrl-C raises between two slices."""
    from ._work import run_slices

    rows, ncards = matrix.shape
    if rows == 0:
        return out
    nthreads = rows_thread_count(threads, rows)
    slices = max(nthreads, -(-rows // RANK_SLICE_ROWS))
    bounds = [rows * i // slices for i in range(slices + 1)]
    source = ffi.from_buffer("uint8_t[]", matrix)
    target = ffi.from_buffer("uint16_t[]", out)

    kernel = lib.hr_rank_batch if batch is None else batch

    def run(start: int, stop: int) -> tuple[int, int]:
        error = ffi.new("int *")
        bad = kernel(source + start * ncards, stop - start, ncards, target + start, error)
        return (start + bad, error[0]) if bad >= 0 else (-1, 0)

    results = run_slices([functools.partial(run, bounds[i], bounds[i + 1]) for i in range(slices)], nthreads)
    failures = [result for result in results if result[0] >= 0]
    if failures:
        (row_error or raise_row_error)(matrix, min(failures)[0], row_offset)
    return out


def is_dask_array(value: object) -> bool:
    return type(value).__module__.split(".")[0] == "dask" and hasattr(value, "map_blocks")


def block_first_row(block_info: object) -> int:
    """The first row of the dask block a ``map_blocks`` function is given; 0 when dask runs
    it without one (older dask passes an empty array while it works out the result type)."""
    if isinstance(block_info, dict) and isinstance(block_info.get(0), dict):
        return int(block_info[0]["array-location"][0][0])
    return 0


def evaluate_lazy(cards: Any, out: object, threads: object, batch: Any = None, row_error: Any = None,
                  check_width: Any = None, lowest: int = 0) -> Any:
    """None, or for a dask array of cards the lazy dask array of its ranks (``evaluate_dask``
    with a game's kernel and row error; ``check_width(k)`` raises for a row width the game
    refuses): every game's ``evaluate_many`` takes dask arrays the same way, and refuses
    ``out`` with them."""
    rows_thread_count(threads, 0)  # checked before the paths split (dask or numpy, rows or none)
    if not is_dask_array(cards):
        return None
    if out is not None:
        raise TypeError("out= does not apply to a dask array: the result is a dask array")
    if check_width is not None and len(cards.shape) == 2:
        check_width(cards.shape[1])
    return evaluate_dask(cards, threads, batch, row_error, lowest)


def evaluate_dask(cards: Any, threads: object, batch: Any = None, row_error: Any = None, lowest: int = 0) -> Any:
    """evaluate_many block by block over a dask array of cards: a lazy dask array of ranks
    (``batch`` and ``row_error`` as in ``rank_into``, ``lowest`` as in ``card_matrix``)."""
    import numpy as np

    if cards.dtype.kind not in "iu":
        raise TypeError(f"evaluate_many takes an integer array of card ids 0..51, got dtype {cards.dtype}")
    if cards.ndim != 2 or not MIN_CARDS <= cards.shape[1] <= MAX_CARDS:
        raise ValueError(f"evaluate_many takes an (N, k) array with k = 5, 6 or 7 cards a row, "
                         f"got shape {cards.shape}")

    def block_ranks(block: Any, block_info: Any = None) -> Any:
        first_row = block_first_row(block_info)
        matrix = card_matrix(block, first_row, lowest)
        return rank_into(matrix, np.empty(len(matrix), dtype=np.uint16), threads, first_row, batch, row_error)

    return cards.rechunk({1: -1}).map_blocks(block_ranks, dtype=np.uint16, drop_axis=1)


SHOWDOWN_SLICE_ROWS = 1 << 20  # showdowns of one C call (about 10 ms for three players)


def as_cards(array: Any, what: str, shape: tuple[int | None, ...], row_offset: int = 0) -> npt.NDArray[np.uint8]:
    """An integer array checked and converted to C-contiguous uint8 (ids 0..51 checked in C,
    after a range check here for wider types); a bad row is numbered from ``row_offset``."""
    return as_card_arrays([(array, what, shape)], row_offset)[0]


def as_card_arrays(specs: Sequence[tuple[Any, str, tuple[int | None, ...]]], row_offset: int = 0,
                   lowest: int = 0) -> list[npt.NDArray[np.uint8]]:
    """Integer arrays whose rows go together (a row's holes and its board: ``(array, what,
    shape)`` each), checked and converted as ``as_cards`` does. Ids outside 0..51 in a wider
    type are refused here, at the first row holding one in any of the arrays, unless an earlier
    row has a fault the kernel finds (a card twice, an id above 51 in a uint8 array, one below
    the game's ``lowest`` card): the arrays then go to the kernel with those ids as 255, so
    that it names the earlier row. Either way the first bad row from the top is named."""
    import numpy as np

    arrays = []
    for array, what, shape in specs:
        if not is_ndarray(array):
            try:
                array = as_array(array, what)
            except TypeError as error:
                raise TypeError(f"{what} must be an integer array: {error}") from None
        if array.dtype.kind not in "iu":
            raise TypeError(f"{what} must be an integer array of card ids, got dtype {array.dtype}")
        if array.ndim != len(shape) or any(want is not None and got != want for got, want in zip(array.shape, shape)):
            wanted = " x ".join(("n", "players", "cards")[min(i, 2)] if want is None else str(want)
                                for i, want in enumerate(shape))
            raise ValueError(f"{what} must have shape {wanted}, got {array.shape}")
        arrays.append(array)
    row = first_wide_fault(arrays)
    if row is None:
        return [np.ascontiguousarray(array, dtype=np.uint8) for array in arrays]
    if not kernel_fault_before(arrays, row, lowest):
        for array, (_, what, _) in zip(arrays, specs):
            value = id_outside(array, row)
            if value is not None:
                raise ValueError(f"{what}: row {row_offset + row}: card id {value} is out of range 0..51")
    return [narrowed(array) for array in arrays]


def first_wide_fault(arrays: Sequence[npt.NDArray[Any]]) -> int | None:
    """The first row (rows first in every array) where an array wider than uint8 holds an id
    outside 0..51, or None: checked before narrowing, so that an int64 259 is refused rather
    than wrapped to 3."""
    import numpy as np

    rows = []
    for array in arrays:
        if array.dtype != np.uint8 and array.size:
            low, high = int(array.min()), int(array.max())
            if low < 0 or high > 51:
                outside = ((array < 0) | (array > 51)).reshape(len(array), -1).any(axis=1)
                rows.append(int(np.flatnonzero(outside)[0]))
    return min(rows) if rows else None


def id_outside(array: npt.NDArray[Any], row: int) -> int | None:
    """The first id outside 0..51 in ``row`` of an array wider than uint8, or None."""
    import numpy as np

    if array.dtype == np.uint8 or len(array) <= row:
        return None
    values = np.asarray(array[row]).reshape(-1)
    outside = values[(values < 0) | (values > 51)]
    return int(outside[0]) if len(outside) else None


def kernel_fault_before(arrays: Sequence[npt.NDArray[Any]], row: int, lowest: int = 0) -> bool:
    """Whether a row before ``row`` (present in every array) repeats a card across the arrays,
    holds an id above 51 (only a uint8 array can: the wider ones were checked up to ``row``)
    or one below the game's ``lowest`` card: the kernel refuses that row, which comes first.
    Only on the way to an error."""
    import numpy as np

    rows = min([row, *(len(array) for array in arrays)])
    if rows == 0:
        return False
    cards = np.concatenate([np.asarray(array[:rows]).reshape(rows, -1).astype(np.int64) for array in arrays], axis=1)
    ordered = np.sort(cards, axis=1)
    return bool((ordered[:, -1] > 51).any() or (ordered[:, 0] < lowest).any()
                or (ordered[:, 1:] == ordered[:, :-1]).any())


def narrowed(array: npt.NDArray[Any]) -> npt.NDArray[np.uint8]:
    """A C-contiguous uint8 copy with ids outside 0..51 as 255, which every kernel refuses."""
    import numpy as np

    if array.dtype == np.uint8:
        return np.ascontiguousarray(array)
    return np.ascontiguousarray(np.where((array < 0) | (array > 51), 255, array).astype(np.uint8))


def two_card_showdowns(holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], threads: object,
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
    slices = max(nthreads, -(-n // SHOWDOWN_SLICE_ROWS))  # a few ms each: Ctrl-C is seen between them
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


    if out is None:
        ranks, shares = joint_arrays([(n, players)] * 2, "uint16")
        return ranks, shares
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise TypeError(f"out must be a pair (ranks, shares) of uint16 arrays, got {type(out).__name__}")
    ranks = output_array(out[0], n, (n, players), "out[0] (ranks)")
    shares = output_array(out[1], n, (n, players), "out[1] (shares)")
    if np.shares_memory(ranks, shares):
        raise ValueError("out[0] and out[1] share memory: pass two separate arrays")
    if any(np.shares_memory(result, array) for result in (ranks, shares) for array in cards):
        raise ValueError("out shares memory with the cards: the results would overwrite cards not yet "
                         "read; pass separate arrays")
    return ranks, shares


def two_card_showdown_dask(holes: Any, boards: Any, threads: object, kernel: Any, bad_card: str,
                           lowest: int = 0) -> tuple[Any, Any]:
    def run(hole_part: Any, board_part: Any, first: int) -> tuple[Any, ...]:
        return two_card_showdowns(hole_part, board_part, threads, first, None, kernel, bad_card)

    ranks, shares = showdown_dask(holes, boards, (2,), 2, run, lowest=lowest)
    return ranks, shares


def showdown_dask(holes: Any, boards: Any, hole_counts: tuple[int, ...], outputs: int,
                  run: Callable[[Any, Any, int], tuple[Any, ...]], board_width: int = 5,
                  lowest: int = 0) -> tuple[Any, ...]:
    """Every game's showdown_many over dask arrays: the holes' and boards' blocks side by side,
    each pair of blocks checked (rows numbered from the top) and handed to ``run(holes, boards,
    first_row)``, whose ``outputs`` (n, players) uint16 arrays come back as lazy dask arrays."""
    import dask.array as da


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

        first = block_first_row(block_info)
        hole_part, board_part = as_card_arrays([
            (cards[:, :hole * players].reshape(len(cards), players, hole), "holes", (None, None, hole)),
            (cards[:, hole * players:], "boards", (None, board_width))], first, lowest)
        return np.concatenate(run(hole_part, board_part, first), axis=1)

    both = rows.map_blocks(block, dtype="uint16", chunks=(rows.chunks[0], (outputs * players,)))
    return tuple(both[:, i * players:(i + 1) * players] for i in range(outputs))
