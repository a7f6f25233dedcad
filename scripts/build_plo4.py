"""Write tables/plo4_preflop.c: every PLO4 starting hand's equity against one random hand.

    python scripts/build_plo4.py [--out tables] [--trials 100000] [--threads N]

There are 16,432 classes of four hole cards up to suit permutation
(handrank.isomorphism.Indexer([4])). For each class, its first hand (Indexer.unindex) is dealt
against one random hand over `trials` seeded Monte Carlo deals (omaha.equity, PLO4 high, seed =
the class index), so every value can be recomputed bit for bit: the tests recompute a sample
and check the file against tables/plo4_preflop.sha256, which this script writes. The equity is
stored in 1/65535 units (its Monte Carlo standard error, about 0.0015 at 100,000 deals, is
far coarser), with each class's number of hands. It needs handrank built (pip install -e .):
about half a minute on 2 cores.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
from c_tables import banner, c_array

from handrank import omaha
from handrank.isomorphism import Indexer

SCRIPT = "build_plo4.py"
CLASSES = 16_432
TRIALS = 100_000  # the default: the tests recompute with the same count


def class_equity(indexer: Indexer, index: int, trials: int) -> int:
    """One class's equity against a random hand, in 1/65535 units."""
    hand = [int(card) for card in indexer.unindex(index)]
    result = omaha.equity([hand, "random"], trials=trials, seed=index, threads=1)
    return int(round(result.equity[0] * 65535))


def class_sizes(indexer: Indexer) -> np.ndarray:
    """Each class's number of hands (of the 270,725): every hand indexed, counted."""
    import itertools

    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    return np.bincount(np.asarray(indexer.index(hands), dtype=np.int64), minlength=CLASSES).astype(np.uint8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "tables"))
    parser.add_argument("--trials", type=int, default=TRIALS)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    indexer = Indexer([4])
    assert indexer.size() == CLASSES
    start = time.perf_counter()
    with ThreadPoolExecutor(args.threads) as pool:
        equity = list(pool.map(lambda i: class_equity(indexer, i, args.trials), range(CLASSES), chunksize=64))
    sizes = class_sizes(indexer)
    assert int(sizes.sum(dtype=np.int64)) == 270_725
    body = (banner(SCRIPT)
            + f"/* PLO4 starting hands: equity against one random hand over {args.trials:,} seeded deals a class\n"
            + "   (seed = the class index), in 1/65535; each class's number of hands. */\n"
            + '#include "plo4_tables.h"\n\n'
            + c_array("uint16_t", "hr_plo4_equity", [int(v) for v in equity])
            + "\n"
            + c_array("uint8_t", "hr_plo4_class_size", [int(v) for v in sizes]))
    header = (banner(SCRIPT) + "\n#ifndef HANDRANK_PLO4_TABLES_H\n#define HANDRANK_PLO4_TABLES_H\n\n"
              + "#include <stdint.h>\n\n"
              + "/* PLO4 starting hands by class (handrank.isomorphism.Indexer([4]) numbers them): each class's\n"
              + "   equity against one random hand in 1/65535 (Monte Carlo, see scripts/build_plo4.py) and its\n"
              + "   number of hands (of the 270,725). */\n"
              + f"#define HR_PLO4_CLASSES {CLASSES}\n#define HR_PLO4_TRIALS {args.trials}\n"
              + "extern const uint16_t hr_plo4_equity[HR_PLO4_CLASSES];\n"
              + "extern const uint8_t hr_plo4_class_size[HR_PLO4_CLASSES];\n\n#endif\n")
    (Path(args.out) / "plo4_tables.h").write_text(header)
    out = Path(args.out) / "plo4_preflop.c"
    out.write_text(body)
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    (Path(args.out) / "plo4_preflop.sha256").write_text(digest + "\n")
    print(f"wrote {out} ({CLASSES:,} classes, {time.perf_counter() - start:.0f} s), sha256 {digest}")


if __name__ == "__main__":
    main()
