"""Omaha's pair tables, built in Python from the five-card tables: the reference for the
tables the kernel builds on first use (``hr_omaha_build`` in csrc/omaha.c).

    python scripts/build_omaha.py [--out omaha_pairs.npz]

An Omaha five is exactly two hole cards and three board cards. Without a flush, its rank
depends only on the ranks, so for every multiset of five board ranks and every pair of hole
ranks the best five is fixed: the best over the board's ten triples. The tables hold it, high
(Hold'em's rank) and low (the 8-or-better low, 1..56, or 57 for none), and a row of hands
then needs one lookup per pair of hole cards. Flushes are the kernel's separate path.

Layout, the kernel's: the 6,175 board multisets (five ranks, 0 = deuce .. 12 = ace, without
five of one rank) in increasing order as sorted tuples; in each board's row, the pair of
ranks a <= b at entry b (b + 1) / 2 + a. A triple that would make five of one rank with the
pair is never dealt and is left out.

Each five is ranked here by ``handrank.evaluate_many`` and ``ace_to_five.evaluate_many`` on
cards of mixed suits (the five-card tables), not by the kernel's pair-table code. The script
prints the tables' SHA-256 and checks that the kernel's build equals them; ``--out`` also
writes them. The tests call ``build()``.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools

import numpy as np

PAIRS = 91
NO_LOW = 57


def boards() -> list[tuple[int, ...]]:
    """The 6,175 multisets of five board ranks, in the kernel's order."""
    return [ranks for ranks in itertools.combinations_with_replacement(range(13), 5) if ranks[0] != ranks[4]]


def build() -> tuple[np.ndarray, np.ndarray]:
    """(high, low): uint16 arrays of 6,175 x 91 entries, row by row."""
    from handrank import ace_to_five, evaluate_many

    triples = list(itertools.combinations(range(5), 3))
    pairs = sorted(((a, b) for b in range(13) for a in range(b + 1)), key=lambda p: p[1] * (p[1] + 1) // 2 + p[0])
    board_ranks = np.array(boards(), dtype=np.int64)  # (6175, 5)
    pair_ranks = np.array(pairs, dtype=np.int64)  # (91, 2)
    # every (board, pair, triple): its five ranks
    three = board_ranks[:, triples]  # (6175, 10, 3)
    fives = np.concatenate([np.broadcast_to(pair_ranks[None, :, None, :], (len(board_ranks), PAIRS, 10, 2)),
                            np.broadcast_to(three[:, None, :, :], (len(board_ranks), PAIRS, 10, 3))], axis=3)
    fives = fives.reshape(-1, 5)
    never = (fives == fives[:, :1]).all(axis=1)  # five of one rank
    # suits: the k-th card of a rank gets suit k; five different ranks get a second suit on
    # the last card, so no five is a flush
    occurrence = np.zeros_like(fives)
    for j in range(1, 5):
        occurrence[:, j] = (fives[:, :j] == fives[:, j:j + 1]).sum(axis=1)
    suits = occurrence % 4
    suits[:, 4] += (suits == 0).all(axis=1)
    cards = np.where(never[:, None], np.arange(5)[None, :], 4 * fives + suits).astype(np.uint8)
    high = evaluate_many(cards).astype(np.int64)
    low = ace_to_five.evaluate_many(cards).astype(np.int64)
    high[never], low[never] = 7463, 10_000
    shape = (len(board_ranks), PAIRS, 10)
    best_high = high.reshape(shape).min(axis=2)
    best_low = low.reshape(shape).min(axis=2)
    best_low = np.where(best_low <= ace_to_five.LOW8_COUNT, best_low, NO_LOW)
    return best_high.astype(np.uint16).ravel(), best_low.astype(np.uint16).ravel()


def digest(high: np.ndarray, low: np.ndarray) -> str:
    return hashlib.sha256(high.astype("<u2").tobytes() + low.astype("<u2").tobytes()).hexdigest()


def kernel_tables() -> tuple[np.ndarray, np.ndarray]:
    """The tables as the kernel builds them on first use."""
    from handrank._core import ffi
    from handrank._omaha_tables import pair_tables

    high, low, _ = pair_tables()
    return (np.frombuffer(ffi.buffer(high), dtype=np.uint16).copy(),
            np.frombuffer(ffi.buffer(low), dtype=np.uint16).copy())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="also write the tables to this .npz file")
    args = parser.parse_args()
    high, low = build()
    print(f"Omaha pair tables: {high.size:,} entries each, sha256 {digest(high, low)}")
    kernel_high, kernel_low = kernel_tables()
    same = np.array_equal(high, kernel_high) and np.array_equal(low, kernel_low)
    print("the kernel's build equals them" if same else "the kernel's build DIFFERS")
    if args.out:
        np.savez_compressed(args.out, high=high, low=low)
    raise SystemExit(0 if same else 1)


if __name__ == "__main__":
    main()
