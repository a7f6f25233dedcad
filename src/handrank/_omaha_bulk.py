"""Omaha in bulk: card arrays checked, rows ranked high and low in slices on threads, dask
blocks, and showdown rows; ``handrank.omaha``'s bulk verbs check their arguments and call
these."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ._core import ffi, lib
from ._omaha_tables import pair_tables
from ._rows import (
    as_array,
    block_first_row,
    first_wide_fault,
    id_outside,
    joint_arrays,
    kernel_fault_before,
    narrowed,
    raise_row_error,
)
from ._work import thread_count

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

HOLE_COUNTS = (4, 5, 6)
SLICE_ROWS = 1 << 16


def check_layout(name: str, array: Any, widths: tuple[int, ...]) -> None:
    """An integer (N, w) array, w in ``widths`` (numpy or dask: only dtype and shape are read)."""
    if array.dtype.kind not in "iu":
        raise TypeError(f"{name} must be an integer array of card ids 0..51, got dtype {array.dtype}")
    if array.ndim != 2 or array.shape[1] not in widths:
        raise ValueError(f"{name} must be an (N, {' or '.join(map(str, widths))}) array, got shape {array.shape}")


def card_arrays(holes: Any, boards: Any, row_offset: int = 0) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Hole (N, 4..6) and board (N, 5) card arrays as C-contiguous uint8, ids checked before
    any narrowing (rows named from ``row_offset``)."""
    import numpy as np

    arrays = []
    for name, value, widths in (("holes", holes, HOLE_COUNTS), ("boards", boards, (5,))):
        array = as_array(value, name)
        check_layout(name, array, widths)
        arrays.append(array)
    row = first_wide_fault(arrays)
    if row is not None and not kernel_fault_before(arrays, row):  # else the kernel names an earlier row
        for name, array in zip(("holes", "boards"), arrays):
            value = id_outside(array, row)
            if value is not None:
                raise ValueError(f"{name} row {row + row_offset}: card id {value} is out of range 0..51")
    out = [np.ascontiguousarray(array, dtype=np.uint8) if row is None else narrowed(array) for array in arrays]
    if len(out[0]) != len(out[1]):
        raise ValueError(f"holes has {len(out[0])} rows and boards {len(out[1])}")
    return out[0], out[1]


def rank_rows(holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], threads: object, high: bool,
              row_offset: int = 0, out: Any = None) -> npt.NDArray[np.uint16]:
    """High ranks (``high``) or lows of checked uint8 rows, in slices on threads, into ``out``
    (checked as ``evaluate_many``'s) or a new array; the first bad row raises, numbered from
    ``row_offset``."""
    import numpy as np

    from ._rows import output_array
    from ._work import run_slices

    rows, nhole = holes.shape
    result = output_array(out, rows, cards=(holes, boards))
    if rows == 0:
        return result
    nthreads = thread_count(threads, useful=max(1, rows // SLICE_ROWS))
    slices = max(nthreads, -(-rows // SLICE_ROWS))
    bounds = [rows * k // slices for k in range(slices + 1)]
    hole_buf, board_buf = ffi.from_buffer("uint8_t[]", holes), ffi.from_buffer("uint8_t[]", boards)
    target = ffi.from_buffer("uint16_t[]", result)

    high_table, low_table, board_row = pair_tables()

    def run(start: int, stop: int) -> int:
        error = ffi.new("int *")
        bad = lib.hr_omaha_table_batch(high_table, low_table, board_row, hole_buf + start * nhole, nhole,
                                       board_buf + start * 5, stop - start, target + start if high else ffi.NULL,
                                       ffi.NULL if high else target + start, error)
        return -1 if bad < 0 else start + bad

    failures = [bad for bad in run_slices([functools.partial(run, bounds[k], bounds[k + 1])
                                           for k in range(slices)], nthreads) if bad >= 0]
    if failures:
        row = min(failures)
        raise_row_error(np.concatenate([holes[row:row + 1], boards[row:row + 1]], axis=1), 0, row + row_offset)
    return result


def dask_ranks(holes: Any, boards: Any, threads: object, high: bool) -> Any:
    """evaluate_many (``high``) or evaluate_low_many block by block over dask arrays: the
    boards are cut into the holes' row blocks, each pair of blocks ranked in C."""
    import dask.array as da
    import numpy as np

    holes, boards = da.asarray(holes), da.asarray(boards)  # type: ignore[no-untyped-call]
    check_layout("holes", holes, HOLE_COUNTS)
    check_layout("boards", boards, (5,))
    if holes.shape[0] != boards.shape[0]:
        raise ValueError(f"holes has {holes.shape[0]} rows and boards {boards.shape[0]}")
    holes = holes.rechunk({1: -1})
    boards = boards.rechunk({0: holes.chunks[0], 1: -1})

    def block(hole_block: Any, board_block: Any, block_info: Any = None) -> Any:
        first = block_first_row(block_info)
        hole_array, board_array = card_arrays(hole_block, board_block, first)
        return rank_rows(hole_array, board_array, threads, high, first)

    return da.map_blocks(block, holes, boards, dtype=np.uint16, drop_axis=1)  # type: ignore[no-untyped-call]


def showdown_rows(holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], hilo: bool, threads: object,
                   row_offset: int, out: object = None) -> tuple[npt.NDArray[np.uint16], ...]:
    import numpy as np

    from ._rows import output_array
    from ._work import run_slices, thread_count

    n, players, nhole = holes.shape
    if boards.shape[0] != n:
        raise ValueError(f"holes has {n} rows and boards {boards.shape[0]}")
    if not 1 <= players <= lib.HR_MAX_PLAYERS:
        raise ValueError(f"showdown_many takes 1 to {lib.HR_MAX_PLAYERS} players, got {players}")
    count = 3 if hilo else 2
    names = ("ranks", "lows", "shares") if hilo else ("ranks", "shares")
    if out is None:
        results = tuple(joint_arrays([(n, players)] * count, "uint16"))
    else:
        if not isinstance(out, (tuple, list)) or len(out) != count:
            raise TypeError(f"out must be {count} uint16 arrays ({', '.join(names)}), got {type(out).__name__}")
        results = tuple(output_array(array, n, (n, players), f"out[{i}] ({names[i]})") for i, array in enumerate(out))
        for i, first in enumerate(results):
            if any(np.shares_memory(first, other) for other in results[i + 1:]):
                raise ValueError("the out arrays share memory: pass separate arrays")
            if np.shares_memory(first, holes) or np.shares_memory(first, boards):
                raise ValueError("out shares memory with the cards: pass separate arrays")
    ranks, shares = results[0], results[-1]
    lows = results[1] if hilo else None
    tables = pair_tables()
    nthreads = thread_count(threads, useful=max(1, n // (1 << 14)))
    slices = max(nthreads, -(-n // SLICE_ROWS))
    bounds = [n * k // slices for k in range(slices + 1)]
    hole_buf, board_buf = ffi.from_buffer("uint8_t[]", holes), ffi.from_buffer("uint8_t[]", boards)
    rank_buf, share_buf = ffi.from_buffer("uint16_t[]", ranks), ffi.from_buffer("uint16_t[]", shares)
    low_buf = ffi.NULL if lows is None else ffi.from_buffer("uint16_t[]", lows)
    width = players * nhole

    def part(start: int, stop: int) -> tuple[int, int]:
        error = ffi.new("int *")
        offset = start * players
        bad = lib.hr_omaha_showdown_batch(tables[0], tables[1], tables[2], hole_buf + start * width, nhole,
                                          board_buf + start * 5, stop - start, players, int(hilo), rank_buf + offset,
                                          low_buf + offset if lows is not None else ffi.NULL, share_buf + offset,
                                          error)
        return (-1, 0) if bad < 0 else (start + bad, error[0])

    results_of_slices = run_slices([functools.partial(part, bounds[k], bounds[k + 1]) for k in range(slices)],
                                   nthreads)
    for bad, error in sorted(results_of_slices, key=lambda result: result[0] < 0):  # the first bad slice first
        if bad >= 0:
            row = np.concatenate([holes[bad].reshape(-1), boards[bad]])
            what = "a card id above 51" if error == lib.HR_ERR_CARD else "a card used twice"
            raise ValueError(f"row {row_offset + bad}: {what}: {' '.join(map(str, row.tolist()))}")
    return results
