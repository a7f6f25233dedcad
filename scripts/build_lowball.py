"""Write tables/lowball.c and tables/lowball_tables.h: ace-to-five lowball (and Razz), and
deuce-to-seven lowball.

    python scripts/build_lowball.py [--out tables]

Ace-to-five: aces are low, straights and flushes do not count. Hands compare by pairing
first (no pair beats one pair, which beats two pair, then three of a kind, a full house,
four of a kind), then by their ranks, the groups by size and each from the highest down,
lower being better. So a hand's value depends on its rank multiset alone: 6,175 classes,
1 = 5-4-3-2-A ... 6175 = K-K-K-K-Q. The 8-or-better lows (five different ranks, all 8 or
lower) are exactly ranks 1..56.

The best five of 5, 6 or 7 cards depends on the rank multiset too, and Hold'em's one-pass
key already numbers every multiset of 5..7 ranks: ``hr_a5_rank`` sits on the same slots as
``hr_multiset_rank`` (their placement depends only on the keys, and this script checks it
gets Hold'em's multiplier), so the kernel finds a hand's A-5 rank with the lookup it
already does. ``hr_a5_pattern`` gives each rank's category and cards for names.

Deuce-to-seven: the worst high hand wins. Aces are always high, so A-2-3-4-5 is ace-high,
not a straight (and of one suit, a flush, not a straight flush); straights and flushes count
against the hand. 7,462 classes, 1 = 7-5-4-3-2 of mixed suits ... 7462 = a royal flush.
Five cards only. Every five-card class is one (rank multiset, flush) pattern in both games,
so a 2-7 rank is a fixed function of the Hold'em rank: ``hr_27_of_holdem`` maps one to the
other, and the kernel ranks with Hold'em's loop and one more lookup. ``hr_27_pattern`` gives
each rank's category and cards for names.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import build_tables as holdem
from c_tables import banner, c_array, run, save

CATEGORIES = ("NO_PAIR", "ONE_PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "FULL_HOUSE", "FOUR_OF_A_KIND")
PATTERN_CATEGORY = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}
SCRIPT = "build_lowball.py"


def low_value(rank: int) -> int:
    """Card rank 0 = deuce .. 12 = ace, as a low value: ace 0, deuce 1, .. king 12."""
    return 0 if rank == 12 else rank + 1


def a5_key(ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Comparison key of five ranks: smaller is better."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[low_value(rank)] = counts.get(low_value(rank), 0) + 1
    groups = sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
    pattern = tuple(size for _, size in groups)
    order = tuple(value for value, size in groups for _ in range(size))
    return PATTERN_CATEGORY[pattern], order


def number_classes() -> dict[tuple[int, ...], int]:
    """A-5 rank of every multiset of five ranks (sorted tuple), 1 = best."""
    multisets = list(holdem.rank_multisets(5))
    keys = sorted({a5_key(ranks) for ranks in multisets})
    rank_of_key = {key: i + 1 for i, key in enumerate(keys)}
    return {tuple(sorted(ranks)): rank_of_key[a5_key(ranks)] for ranks in multisets}


def key_27(ranks: tuple[int, ...], flush: bool) -> tuple[int, tuple[int, ...]]:
    """High-hand key (larger = stronger high hand) under deuce-to-seven rules: as Hold'em's,
    but A-2-3-4-5 is no straight."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    order = tuple(rank for rank, size in groups for _ in range(size))
    if len(counts) == 5:
        if max(ranks) - min(ranks) == 4:  # five in a row; the ace plays only high
            return (holdem.STRAIGHT_FLUSH if flush else holdem.STRAIGHT, order)
        return (holdem.FLUSH if flush else holdem.HIGH_CARD, order)
    return (holdem.GROUP_SHAPES[tuple(size for _, size in groups)], order)


def number_27() -> dict[tuple[tuple[int, ...], bool], int]:
    """Deuce-to-seven rank of every (sorted ranks, flush) pattern: 1 = the weakest high hand."""
    patterns = [(tuple(ranks), False) for ranks in holdem.rank_multisets(5)]
    patterns += [(ranks, True) for ranks in itertools.combinations(range(13), 5)]
    keys = sorted({key_27(*pattern) for pattern in patterns})
    rank_of_key = {key: i + 1 for i, key in enumerate(keys)}
    return {pattern: rank_of_key[key_27(*pattern)] for pattern in patterns}


def committed_multiplier(folder: Path) -> int:
    header = (folder / "handrank_tables.h").read_text()
    return int(re.search(r"#define HR_MULTISET_MULT (0x[0-9a-f]+)u", header)[1], 16)


def write(out: Path) -> None:
    rank_of = number_classes()
    if len(set(rank_of.values())) != 6175:
        raise SystemExit(f"expected 6,175 ace-to-five classes, got {len(set(rank_of.values()))}")
    best: dict[int, int] = {}
    for size in (5, 6, 7):
        for ranks in holdem.rank_multisets(size):
            best[holdem.multiset_key(ranks)] = min(rank_of[tuple(sorted(five))]
                                                   for five in itertools.combinations(ranks, 5))
    slots = holdem.RowDisplacement(dict.fromkeys(best, 0), row_bits=holdem.ROW_BITS, key_bits=holdem.SUM_BITS,
                                   seed=holdem.HASH_SEED)
    if slots.multiplier != committed_multiplier(Path(__file__).resolve().parent.parent / "tables"):
        raise SystemExit("the multiset slots differ from tables/handrank_tables.h: rebuild the Hold'em tables first")
    table = [0] * len(slots.values)
    for key, rank in best.items():
        table[slots.index(key)] = rank
    # rank -> category << 20 | the five low values (4 bits each, in comparison order)
    pattern = [0] * 6176
    for ranks, rank in rank_of.items():
        category, order = a5_key(ranks)
        pattern[rank] = category << 20 | sum(value << (4 * (4 - i)) for i, value in enumerate(order))
    worst = [max(rank for ranks, rank in rank_of.items() if a5_key(ranks)[0] == c) for c in range(6)]
    rank_27 = number_27()
    if len(set(rank_27.values())) != 7462:
        raise SystemExit(f"expected 7,462 deuce-to-seven classes, got {len(set(rank_27.values()))}")
    # Hold'em's numbering of the same patterns: the strongest high hand first
    holdem_keys = sorted({holdem.hand_key(*pattern) for pattern in rank_27}, reverse=True)
    holdem_rank = {key: i + 1 for i, key in enumerate(holdem_keys)}
    of_holdem = [0] * 7463
    a5_of_holdem = [0] * 7463
    pattern_27 = [0] * 7463
    for (ranks, flush), rank in rank_27.items():
        of_holdem[holdem_rank[holdem.hand_key(ranks, flush)]] = rank
        a5_of_holdem[holdem_rank[holdem.hand_key(ranks, flush)]] = rank_of[tuple(sorted(ranks))]
        category, order = key_27(ranks, flush)
        pattern_27[rank] = category << 20 | sum(r << (4 * (4 - i)) for i, r in enumerate(order))
    header = "\n".join([
        banner(SCRIPT),
        "#ifndef HANDRANK_LOWBALL_TABLES_H",
        "#define HANDRANK_LOWBALL_TABLES_H",
        "",
        "#include <stdint.h>",
        "",
        "/* Ace-to-five lowball: 1 = 5-4-3-2-A ... 6175 = K-K-K-K-Q; 1..56 are the 8-or-better lows. */",
        "#define HR_A5_RANK_COUNT 6175",
        "#define HR_A5_LOW8_COUNT 56",
        *(f"#define HR_A5_WORST_{name} {worst[c]}" for c, name in enumerate(CATEGORIES)),
        "/* The best A-5 rank of each 5..7-rank multiset, on the slots of hr_multiset_rank. */",
        f"extern const uint16_t hr_a5_rank[{len(table)}];",
        "/* Each rank's category (bits 20..22, NO_PAIR 0 .. FOUR_OF_A_KIND 5) and its five low values",
        "   (ace 0 .. king 12), 4 bits each in comparison order, the first in bits 16..19. */",
        "extern const uint32_t hr_a5_pattern[6176];",
        "/* The A-5 rank of each Hold'em five-card rank (a five's pattern decides both). */",
        "extern const uint16_t hr_a5_of_holdem[7463];",
        "",
        "/* Deuce-to-seven, five cards: 1 = 7-5-4-3-2 of mixed suits ... 7462 = a royal flush. */",
        "#define HR_27_RANK_COUNT 7462",
        "extern const uint16_t hr_27_of_holdem[7463];  /* the 2-7 rank of each Hold'em five-card rank */",
        "/* Each rank's Hold'em category (bits 20..23) and its five card ranks (deuce 0 .. ace 12),",
        "   4 bits each in comparison order, the first in bits 16..19. */",
        "extern const uint32_t hr_27_pattern[7463];",
        "",
        "#endif",
        "",
    ])
    source = "\n".join([banner(SCRIPT), '#include "lowball_tables.h"', "",
                        c_array("uint16_t", "hr_a5_rank", table, 16, sep=","),
                        c_array("uint32_t", "hr_a5_pattern", pattern, 8),
                        c_array("uint16_t", "hr_a5_of_holdem", a5_of_holdem, 16, sep=","),
                        c_array("uint16_t", "hr_27_of_holdem", of_holdem, 16, sep=","),
                        c_array("uint32_t", "hr_27_pattern", pattern_27, 8)])
    save(out, {"lowball_tables.h": header, "lowball.c": source})


def main() -> None:
    run(__doc__, write)


if __name__ == "__main__":
    main()
