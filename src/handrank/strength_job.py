"""The ``handrank strength`` job: hand strength of every holding on every board of a street.

    handrank strength --street flop --out strength.npz [--bins 50] [--threads 2]
    handrank strength --street flop --out strength.npz --part 1/4     # one of four machines
    handrank strength --street flop --out strength.npz --scheduler tcp://10.0.0.5:8786

The boards (every flop, turn or river up to suit isomorphism) are worked in blocks of 64; each
finished block is saved under ``OUT.parts/``, so a run that stops (Ctrl-C, a crash, a machine
going away) resumes where it was, and ``--part I/N`` works only every N-th block, so N
machines can share a street. When every block is there, they are merged into OUT (a block
file that is damaged or from another job is refused by name: delete it, and the next run
computes it again):

    boards (m, k) uint8, weights (m,) (how many boards each stands for), hs, ehs, ehs2
    (m, 1326) float64 in holdings() order (NaN where a holding meets the board), histogram
    (m, 1326, bins) uint16 when --bins is given: exact counts of each holding's runouts
    (divide by ``runouts``, 1081 on a flop, for fractions; 0 where a holding meets the
    board), runouts, street, bins.

Load it with ``numpy.load("strength.npz")``.
"""

from __future__ import annotations

import math
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .strength import canonical_boards, hand_strength_many

__all__ = ["run_strength_job", "BLOCK", "read_rows"]

BLOCK = 64
STREETS = {"flop": 3, "turn": 4, "river": 5}
FIELDS = ("hs", "ehs", "ehs2", "histogram", "ochs")


def output_bytes(street: str, bins: int | None, clusters: int = 0) -> int:
    """About how many bytes the merged output of a street takes (its blocks as much again,
    while they are merged): said before a run starts."""
    boards = {"flop": 1_755, "turn": 16_432, "river": 134_459}[street]
    return boards * 1326 * (3 * 8 + 2 * (bins or 0) + 4 * clusters) + boards * 6


def _counts(histogram: Any, runouts: int) -> Any:
    """A histogram of fractions (NaN where a holding meets the board) as its exact counts."""
    import numpy as np

    return np.nan_to_num(np.rint(histogram * runouts), nan=0).astype(np.uint16)


def _parts_dir(out: Path) -> Path:
    return out.with_name(out.name + ".parts")


def _client(scheduler: str) -> Any:
    """A Dask client of the scheduler at an address another process can reach, or ValueError."""
    from distributed import Client

    try:
        from distributed.comm.addressing import parse_address, parse_host_port

        scheme, location = parse_address(scheduler)
        if scheme not in ("tcp", "tls", "ucx", "ws", "wss"):
            raise ValueError(f"{scheme}:// is not an address another process can reach")
        parse_host_port(location)  # a host and a port
        # not the process's default client: a failed connection must not leave one behind
        # that later dask computations (anyone's) would wait on
        return Client(scheduler, timeout=10, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError) as error:  # a bad address, or nobody there
        raise ValueError(f"scheduler {scheduler!r}: cannot reach a Dask scheduler there "
                         f"({type(error).__name__}: {error})") from None


def run_strength_job(street: str, out: Path, *, bins: int | None = None, threads: int | None = None,
                     part: tuple[int, int] = (1, 1), scheduler: str | None = None,
                     progress: bool | Callable[[int, int], None] | None = None,
                     clusters: Any = None, announce: Callable[[int], None] | None = None) -> dict[str, object]:
    """Work the blocks of this part that are not saved yet; merge when all are. A summary.
    With ``clusters`` (a holding's opponent cluster, ``abstraction.opponent_clusters``) each
    block also holds ``ochs`` (m, 1326, k) float32: every holding's OCHS on each board.
    ``announce(nbytes)``, once every argument has passed its check and before any work, gets
    about how many bytes the merged output will take (``output_bytes``)."""
    import hashlib

    import numpy as np

    from .abstraction import checked_clusters, ochs_many

    if street not in STREETS:
        raise ValueError(f"street must be one of {', '.join(STREETS)}, got {street!r}")
    index, count = part
    if not 1 <= index <= count:
        raise ValueError(f"part must be I/N with 1 <= I <= N, got {index}/{count}")
    # Every argument is checked before anything is written: a refused run leaves nothing behind.
    from ._work import file_to_write, progress_reporter, thread_count
    from .strength import check_bins

    check_bins(bins)
    nthreads = thread_count(threads)
    cluster_of = None if clusters is None else checked_clusters(clusters)
    progress = progress_reporter(progress, f"strength ({street}s)")
    out = file_to_write(Path(out))  # a str too; a folder or a missing one refused before any work
    boards, weights = canonical_boards(STREETS[street])
    runouts = math.comb(50 - STREETS[street], 5 - STREETS[street])  # of a holding: 1081 on a flop
    blocks = -(-len(boards) // BLOCK)
    parts = _parts_dir(out)
    settings = parts / "settings.txt"
    wanted = f"street={street} bins={bins} boards={len(boards)} block={BLOCK}\n"
    if cluster_of is not None:  # the clusters by their bytes: a resumed run must ask for the same ones
        wanted += f"ochs={int(cluster_of.max()) + 1} clusters={hashlib.sha256(cluster_of.tobytes()).hexdigest()[:16]}\n"
    if settings.exists() and settings.read_text() != wanted:
        raise ValueError(f"{parts} holds blocks of another job ({settings.read_text().strip()}); "
                         "remove it or use another --out")
    client = _client(scheduler) if scheduler else None  # the last check: a scheduler is there
    start, done_boards = time.perf_counter(), 0
    try:  # the client is closed however the work ends (an error, Ctrl-C)
        if announce is not None:
            announce(output_bytes(street, bins, 0 if cluster_of is None else int(cluster_of.max()) + 1))
        parts.mkdir(exist_ok=True)
        settings.write_text(wanted)
        mine = [b for b in range(blocks) if b % count == index - 1 and not (parts / f"block-{b:05d}.npz").exists()]
        total_boards = sum(min(BLOCK, len(boards) - b * BLOCK) for b in mine)
        for block in mine:
            rows = boards[block * BLOCK:(block + 1) * BLOCK]
            result = hand_strength_many(rows, bins=bins, threads=threads, client=client)
            arrays: dict[str, Any] = {name: getattr(result, name) for name in FIELDS
                                      if getattr(result, name, None) is not None}  # ochs: below
            if "histogram" in arrays:  # exact counts, a quarter of the float64 size
                arrays["histogram"] = _counts(arrays["histogram"], runouts)
            if cluster_of is not None:
                arrays["ochs"] = ochs_many(rows, cluster_of, nthreads, client).astype(np.float32)
            temporary = parts / f"block-{block:05d}.tmp.npz"
            np.savez(temporary, **arrays)
            temporary.replace(parts / f"block-{block:05d}.npz")  # a block is there whole or not at all
            done_boards += len(rows)
            if progress:
                progress(done_boards, total_boards)
    finally:
        if client is not None:
            client.close()
    present = sorted(parts.glob("block-[0-9][0-9][0-9][0-9][0-9].npz"))
    summary: dict[str, object] = {"street": street, "boards": len(boards), "blocks": blocks,
                                  "blocks_done": len(present), "seconds": round(time.perf_counter() - start, 3),
                                  "out": str(out), "complete": False}
    if len(present) == blocks:
        small: dict[str, Any] = {"boards": boards, "weights": weights, "street": street, "bins": bins or 0,
                                 "runouts": runouts}
        if cluster_of is not None:
            small["clusters"] = cluster_of
        clusters_k = 0 if cluster_of is None else int(cluster_of.max()) + 1
        _merge_blocks(out, small, present, len(boards), bins, clusters_k)
        shutil.rmtree(parts)
        summary["complete"] = True
    return summary


def _merge_blocks(out: Path, small: dict[str, Any], present: list[Path], nboards: int, bins: int | None,
                  clusters: int) -> None:
    """OUT from the blocks, as numpy.savez writes it (an .npz that numpy.load reads), each big
    array written block after block: one block in memory at a time, not the street (a river's
    histograms are 18 GB at 50 bins). Every block is checked before anything is written; the
    file appears whole or not at all."""
    import zipfile

    import numpy as np

    rows = [min(BLOCK, nboards - b * BLOCK) for b in range(len(present))]
    first = _load_block(present[0], rows[0], bins, clusters)
    for path, count in zip(present[1:], rows[1:]):
        _load_block(path, count, bins, clusters)  # refused by name before the output is begun
    temporary = out.with_name(out.name + ".tmp")
    try:
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_STORED, allowZip64=True) as archive:
            for name, value in small.items():
                with archive.open(name + ".npy", "w", force_zip64=True) as member:
                    np.lib.format.write_array(member, np.asanyarray(value), allow_pickle=False)
            for name in FIELDS:
                if name not in first:
                    continue
                dtype, shape = first[name].dtype, (nboards, *first[name].shape[1:])
                with archive.open(name + ".npy", "w", force_zip64=True) as member:
                    np.lib.format.write_array_header_2_0(member, {"descr": np.lib.format.dtype_to_descr(dtype),
                                                                  "fortran_order": False, "shape": shape})
                    for path in present:  # checked above: only this array of each block is read
                        with np.load(path, allow_pickle=False) as block:
                            member.write(np.ascontiguousarray(block[name]).data)
        temporary.replace(out)
    finally:
        temporary.unlink(missing_ok=True)


def not_a_strength_file(path: Path) -> str:
    """The message for a strength file that cannot be read as one."""
    return f"{path} is damaged or is not a strength file; delete it to compute it again"


def read_rows(path: Path, names: tuple[str, ...], step: int) -> Any:
    """The arrays ``names`` of an .npz file written without compression (as numpy.savez and
    this job write it), ``step`` rows of each at a time: one step in memory, not the file.
    Yields dicts of name to array (rows first .. first + step)."""
    import zipfile

    import numpy as np

    damaged = not_a_strength_file(path)
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as error:
        raise ValueError(f"{damaged} ({type(error).__name__}: {error})") from None
    with archive:
        members: list[Any] = []
        shapes: list[tuple[int, ...]] = []
        dtypes: list[Any] = []
        for name in names:
            try:
                member = archive.open(name + ".npy")
                version = np.lib.format.read_magic(member)
                read_header = np.lib.format.read_array_header_1_0 if version == (1, 0) else \
                    np.lib.format.read_array_header_2_0
                shape, fortran, dtype = read_header(member)
            except (KeyError, ValueError, EOFError, zipfile.BadZipFile) as error:
                raise ValueError(f"{damaged} ({name}: {type(error).__name__})") from None
            if fortran or dtype.hasobject or not shape or (shapes and shape[0] != shapes[0][0]):
                raise ValueError(f"{damaged} ({name}: {shape} {dtype})")
            members.append(member)
            shapes.append(shape)
            dtypes.append(dtype)
        try:
            total = shapes[0][0]
            for first in range(0, total, step):
                count = min(step, total - first)
                arrays = {}
                for name, member, shape, dtype in zip(names, members, shapes, dtypes):
                    row_items = math.prod(shape[1:])
                    try:
                        data = member.read(count * row_items * dtype.itemsize)
                    except (zipfile.BadZipFile, EOFError, OSError) as error:
                        raise ValueError(f"{damaged} ({name}: {type(error).__name__})") from None
                    if len(data) != count * row_items * dtype.itemsize:
                        raise ValueError(f"{damaged} ({name} is cut short)")
                    arrays[name] = np.frombuffer(data, dtype=dtype).reshape((count, *shape[1:]))
                yield arrays
        finally:
            for member in members:
                member.close()


def _load_block(path: Path, rows: int, bins: int | None, clusters: int = 0) -> dict[str, Any]:
    """A saved block's arrays, checked: a file that is cut short, is not an .npz of this job's
    arrays or has the wrong shapes is refused by name (deleting it makes the next run
    compute its boards again)."""
    import numpy as np

    shapes: dict[str, tuple[int, ...]] = {"hs": (rows, 1326), "ehs": (rows, 1326), "ehs2": (rows, 1326)}
    dtypes = {"hs": "float64", "ehs": "float64", "ehs2": "float64", "histogram": "uint16", "ochs": "float32"}
    if bins:
        shapes["histogram"] = (rows, 1326, bins)
    if clusters:
        shapes["ochs"] = (rows, 1326, clusters)
    redo = "delete it and run the same command again to compute its boards again"
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in shapes if name in data.files}
    except Exception as error:  # a short or foreign file: zip, pickle or .npy format errors alike
        raise ValueError(f"{path} is damaged ({type(error).__name__}: {error}); {redo}") from None
    for name, shape in shapes.items():
        if name not in arrays or arrays[name].shape != shape or arrays[name].dtype != dtypes[name]:
            found = f"{arrays[name].shape} {arrays[name].dtype}" if name in arrays else "missing"
            raise ValueError(f"{path} is not a block of this job ({name}: {found}, expected {shape} {dtypes[name]}); "
                             f"{redo}")
    return arrays
