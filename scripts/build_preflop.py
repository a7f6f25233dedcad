"""Write tables/preflop_headsup.c: the exact heads-up preflop equity of every matchup class.

    python scripts/build_preflop.py [--out tables] [--threads N]

A heads-up preflop matchup is two disjoint holdings, no board and no dead cards: 1,326 x
1,225 ordered matchups, each over the C(48, 5) = 1,712,304 boards. Matchups that a suit
permutation (or swapping the players) maps onto each other have the same counts, so the
table keeps one matchup of each class: its key (the kernel's canonical form, see
csrc/preflop.c), the boards its first holding wins and the boards it splits; the second
holding wins the rest. Keys are sorted, so the kernel finds a class by binary search.

Every count comes from the kernel's exact enumeration (hr_equity_fixed), which the tests
check against plain board-by-board enumeration; the tests also recompute random classes
from scratch and check the file against the hash in tables/preflop_headsup.sha256, which
this script writes. It needs handrank built (pip install -e .): about 30 s on 2 cores.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
from c_tables import banner, c_array

BOARDS = 1_712_304  # C(48, 5)
SCRIPT = "build_preflop.py"


def all_matchups() -> np.ndarray:
    """Every ordered matchup of two disjoint holdings, (1,624,350, 4) uint8, higher card first."""
    holdings = np.array([(a, b) for a in range(52) for b in range(a)], dtype=np.uint8)
    first = np.repeat(holdings, len(holdings), axis=0)
    second = np.tile(holdings, (len(holdings), 1))
    both = np.hstack([first, second])
    disjoint = (both[:, 0] != both[:, 2]) & (both[:, 0] != both[:, 3]) & (both[:, 1] != both[:, 2]) & \
               (both[:, 1] != both[:, 3])
    return np.ascontiguousarray(both[disjoint])


def class_keys(lib, ffi) -> np.ndarray:
    """The sorted distinct class keys of all matchups."""
    matchups = all_matchups()
    keys = np.empty(len(matchups), dtype=np.uint32)
    bad = lib.hr_preflop_keys(ffi.from_buffer("uint8_t[]", matchups), len(matchups),
                              ffi.from_buffer("uint32_t[]", keys))
    assert bad == -1, f"matchup {matchups[bad]} refused"
    return np.unique(keys)


def counts_of(lib, ffi, keys: np.ndarray) -> np.ndarray:
    """(n, 2) uint32: boards the first holding wins and boards split, for each key."""
    out = np.empty((len(keys), 2), dtype=np.uint32)
    outcomes = ffi.new("int64_t[4]")
    for i, key in enumerate(keys.tolist()):
        cards = bytes((key >> 18 & 63, key >> 12 & 63, key >> 6 & 63, key & 63))
        for m in range(4):
            outcomes[m] = 0
        assert lib.hr_equity_fixed(cards, 2, b"", 0, b"", 0, outcomes) == 0
        assert outcomes[0] == 0 and outcomes[1] + outcomes[2] + outcomes[3] == BOARDS
        out[i] = (outcomes[1], outcomes[3])
    return out


def write(out: Path, keys: np.ndarray, counts: np.ndarray) -> None:
    header = "\n".join([
        banner(SCRIPT),
        "#ifndef HANDRANK_PREFLOP_TABLES_H",
        "#define HANDRANK_PREFLOP_TABLES_H",
        "",
        "#include <stdint.h>",
        "",
        "/* Heads-up preflop: one matchup of each suit-isomorphism class, by increasing key (see",
        "   csrc/preflop.c); the boards its first holding wins and the boards split, out of",
        "   HR_PREFLOP_BOARDS; the second holding wins the rest. */",
        f"#define HR_PREFLOP_CLASSES {len(keys)}",
        f"#define HR_PREFLOP_BOARDS {BOARDS}",
        "extern const uint32_t hr_preflop_key[HR_PREFLOP_CLASSES];",
        "extern const uint32_t hr_preflop_win[HR_PREFLOP_CLASSES];",
        "extern const uint32_t hr_preflop_tie[HR_PREFLOP_CLASSES];",
        "",
        "#endif",
        "",
    ])
    source = "\n".join([
        banner(SCRIPT),
        '#include "preflop_tables.h"',
        "",
        c_array("uint32_t", "hr_preflop_key", keys.tolist(), 16, sep=","),
        c_array("uint32_t", "hr_preflop_win", counts[:, 0].tolist(), 16, sep=","),
        c_array("uint32_t", "hr_preflop_tie", counts[:, 1].tolist(), 16, sep=","),
    ])
    (out / "preflop_tables.h").write_text(header)
    (out / "preflop_headsup.c").write_text(source)
    (out / "preflop_headsup.sha256").write_text(table_hash(out) + "\n")


def table_hash(folder: Path) -> str:
    """sha256 over the header and the table, the hash recorded beside them."""
    digest = hashlib.sha256()
    for name in ("preflop_tables.h", "preflop_headsup.c"):
        digest.update((folder / name).read_bytes())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "tables")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    from handrank._core import ffi, lib

    start = time.perf_counter()
    keys = class_keys(lib, ffi)
    parts = np.array_split(keys, 64)
    with ThreadPoolExecutor(args.threads) as pool:  # the kernel releases the GIL
        counts = np.vstack(list(pool.map(lambda part: counts_of(lib, ffi, part), parts)))
    args.out.mkdir(parents=True, exist_ok=True)
    write(args.out, keys, counts)
    print(f"{len(keys):,} matchup classes in {time.perf_counter() - start:.1f} s -> {args.out}")


if __name__ == "__main__":
    main()
