#!/usr/bin/env python3
"""Build handrank's lookup tables from the rules of five-card poker.

Run from anywhere: ``python scripts/build_tables.py [--out DIR]`` (default: the
repository's ``tables/``). The output is deterministic: two runs write
byte-identical files, and CI fails if the committed tables differ from a fresh run.

What it does:

1. Enumerates all 2,598,960 five-card hands and gives each a comparison key
   straight from the rule in the seed documents: the category, then the rank
   groups ordered by size and then by rank; straights by their top card, the
   wheel A-2-3-4-5 being five-high. Suits only matter through "all five share a
   suit".
2. Numbers the 7,462 distinct keys from the best (1, royal flush) to the worst
   (7462, 7-5-4-3-2): Cactus Kev's numbering, shared by treys, deuces and
   phevaluator. The published counts per category are checked before anything
   is written.
3. Writes the kernel's tables as C source:

   * five cards, Cactus Kev's scheme: a flush table and a unique-ranks table
     indexed by the 13-bit rank mask, and for the 4,888 rank multisets with a
     repeated rank a perfect hash keyed by the product of the cards' primes;
   * five to seven cards in one pass: every card adds a 64-bit key (three bits
     of count per rank, four bits of count per suit); the rank part of the sum
     names the rank multiset, which a perfect hash maps to its best five-card
     rank, and a suit count of five or more sends the hand to the flush table,
     which holds the best flush of any rank mask.

   Both perfect hashes are hash-and-displace: ``bucket = (key * M1) >> (64 - B)``,
   ``slot = (fastrange(key * M2) + displacement[bucket]) mod SIZE``. The script
   searches multipliers from a fixed seed and verifies that every key lands in a
   slot of its own.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections import Counter
from pathlib import Path

# Card ids: rank * 4 + suit; rank 0 = '2' ... 12 = 'A'; suit 0..3 = c, d, h, s.
NUM_RANKS = 13
NUM_SUITS = 4
NUM_CARDS = NUM_RANKS * NUM_SUITS
ACE = 12
FIVE = 3
RANK_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)

# Categories, worst to best; the value is the category's number in the API.
CATEGORIES = (
    "HIGH_CARD",
    "ONE_PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "STRAIGHT_FLUSH",
)
(HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE,
 FOUR_OF_A_KIND, STRAIGHT_FLUSH) = range(9)

# The published counts (hands, distinct strengths) that the numbering must reproduce.
PUBLISHED_FIVE_CARD_COUNTS = {
    STRAIGHT_FLUSH: (40, 10),
    FOUR_OF_A_KIND: (624, 156),
    FULL_HOUSE: (3_744, 156),
    FLUSH: (5_108, 1_277),
    STRAIGHT: (10_200, 10),
    THREE_OF_A_KIND: (54_912, 858),
    TWO_PAIR: (123_552, 858),
    ONE_PAIR: (1_098_240, 2_860),
    HIGH_CARD: (1_302_540, 1_277),
}

GROUP_SHAPES = {
    (4, 1): FOUR_OF_A_KIND,
    (3, 2): FULL_HOUSE,
    (3, 1, 1): THREE_OF_A_KIND,
    (2, 2, 1): TWO_PAIR,
    (2, 1, 1, 1): ONE_PAIR,
    (1, 1, 1, 1, 1): HIGH_CARD,
}

# Layout of the one-pass key (see the module docstring).
SUIT_BITS = 4          # one counter per suit in bits 0..15
RANK_SHIFT = 16        # rank counters, three bits each, in bits 16..54
RANK_BITS = 3
INVALID_SHIFT = 56     # an id above 51 adds 1 << 56: any bit at 56.. marks the row bad
SUIT_BIAS = 0x3333     # start each suit counter at 3 so that a count of 5+ sets bit 3
FLUSH_CHECK = 0x8888

MASK64 = (1 << 64) - 1
HASH_SEED = 7462


def straight_top(ranks: tuple[int, ...]) -> int | None:
    """Top rank of the straight formed by five distinct ascending ranks, else None."""
    if ranks[4] - ranks[0] == 4:
        return ranks[4]
    if ranks == (0, 1, 2, 3, ACE):  # the wheel plays five-high
        return FIVE
    return None


def hand_key(ranks: tuple[int, ...], flush: bool) -> tuple[int, tuple[int, ...]]:
    """Comparison key of a five-card hand (larger is better), from the seed's rule."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rank_count: (rank_count[1], rank_count[0]),
                    reverse=True)
    order = tuple(rank for rank, _ in groups)
    if len(counts) == 5:
        top = straight_top(ranks)
        if top is not None:
            return (STRAIGHT_FLUSH if flush else STRAIGHT, (top,))
        return (FLUSH if flush else HIGH_CARD, order)
    return (GROUP_SHAPES[tuple(count for _, count in groups)], order)


def number_five_card_hands() -> dict[tuple[tuple[int, ...], bool], int]:
    """Rank every five-card hand; return the rank of each (ascending ranks, flush) pattern."""
    card_rank = [card // NUM_SUITS for card in range(NUM_CARDS)]
    card_suit = [card % NUM_SUITS for card in range(NUM_CARDS)]
    pattern_hands: Counter[tuple[tuple[int, ...], bool]] = Counter()
    for hand in itertools.combinations(range(NUM_CARDS), 5):
        # Ids ascend within a combination, so the ranks come out sorted.
        ranks = tuple(card_rank[card] for card in hand)
        flush = len({card_suit[card] for card in hand}) == 1
        pattern_hands[ranks, flush] += 1

    keys = {pattern: hand_key(*pattern) for pattern in pattern_hands}
    numbered = {key: rank for rank, key in enumerate(sorted(set(keys.values()), reverse=True),
                                                     start=1)}
    rank_of = {pattern: numbered[key] for pattern, key in keys.items()}

    hands = Counter()
    distinct: dict[int, set[int]] = {category: set() for category in range(len(CATEGORIES))}
    for pattern, count in pattern_hands.items():
        category = keys[pattern][0]
        hands[category] += count
        distinct[category].add(rank_of[pattern])
    for category, (want_hands, want_ranks) in PUBLISHED_FIVE_CARD_COUNTS.items():
        got = (hands[category], len(distinct[category]))
        if got != (want_hands, want_ranks):
            raise SystemExit(f"{CATEGORIES[category]}: got {got}, published {(want_hands, want_ranks)}")
    if len(numbered) != 7462 or sum(hands.values()) != 2_598_960:
        raise SystemExit(f"got {len(numbered)} ranks over {sum(hands.values())} hands")
    return rank_of


def worst_rank_per_category(rank_of: dict) -> list[int]:
    worst = [0] * len(CATEGORIES)
    for pattern, rank in rank_of.items():
        category = hand_key(*pattern)[0]
        worst[category] = max(worst[category], rank)
    return worst


def mask_of(ranks) -> int:
    mask = 0
    for rank in ranks:
        mask |= 1 << rank
    return mask


def flush_table(rank_of: dict) -> list[int]:
    """Best flush rank of every 13-bit rank mask with five or more bits; 0 below five."""
    table = [0] * (1 << NUM_RANKS)
    for mask in sorted(range(1 << NUM_RANKS), key=lambda m: bin(m).count("1")):
        bits = bin(mask).count("1")
        if bits == 5:
            table[mask] = rank_of[tuple(r for r in range(NUM_RANKS) if mask >> r & 1), True]
        elif bits > 5:
            table[mask] = min(table[mask & ~(1 << r)] for r in range(NUM_RANKS) if mask >> r & 1)
    return table


def unique_ranks_table(rank_of: dict) -> list[int]:
    """Rank of five distinct ranks without a flush (straights, high cards), by rank mask."""
    table = [0] * (1 << NUM_RANKS)
    for (ranks, flush), rank in rank_of.items():
        if not flush and len(set(ranks)) == 5:
            table[mask_of(ranks)] = rank
    return table


def prime_product(ranks) -> int:
    product = 1
    for rank in ranks:
        product *= RANK_PRIMES[rank]
    return product


def rank_multisets(size: int):
    """Every multiset of `size` ranks holding no rank more than four times, ascending."""
    for ranks in itertools.combinations_with_replacement(range(NUM_RANKS), size):
        if max(Counter(ranks).values()) <= NUM_SUITS:
            yield ranks


def multiset_key(ranks) -> int:
    return sum(1 << (RANK_SHIFT + RANK_BITS * rank) for rank in ranks) >> RANK_SHIFT


def best_multiset_ranks(rank_of: dict) -> dict[int, int]:
    """Best non-flush five-card rank of every 5-, 6- and 7-rank multiset, by multiset key."""
    best = {}
    for size in (5, 6, 7):
        for ranks in rank_multisets(size):
            best[multiset_key(ranks)] = min(rank_of[five, False]
                                            for five in itertools.combinations(ranks, 5))
    return best


class PerfectHash:
    """Hash-and-displace perfect hash of integer keys, searched from a fixed seed."""

    def __init__(self, items: dict[int, int], *, bucket_bits: int, size: int, seed: int):
        self.bucket_bits = bucket_bits
        self.size = size
        rng = random.Random(seed)
        for _ in range(200):
            self.mult_bucket = rng.getrandbits(64) | 1
            self.mult_slot = rng.getrandbits(64) | 1
            if self._place(items):
                break
        else:
            raise SystemExit(f"no perfect hash found for {len(items)} keys in {size} slots")
        for key, value in items.items():  # verify every key through the run-time formula
            if self.values[self.slot(key)] != value:
                raise SystemExit(f"perfect hash check failed for key {key:#x}")

    def bucket(self, key: int) -> int:
        return (key * self.mult_bucket & MASK64) >> (64 - self.bucket_bits)

    def base(self, key: int) -> int:
        return (((key * self.mult_slot & MASK64) >> 32) * self.size) >> 32

    def slot(self, key: int) -> int:
        return (self.base(key) + self.displacement[self.bucket(key)]) % self.size

    def _place(self, items: dict[int, int]) -> bool:
        buckets: dict[int, list[int]] = {}
        for key in items:
            buckets.setdefault(self.bucket(key), []).append(key)
        self.displacement = [0] * (1 << self.bucket_bits)
        self.values = [0] * self.size
        taken = bytearray(self.size)
        for bucket, keys in sorted(buckets.items(), key=lambda item: (-len(item[1]), item[0])):
            bases = [self.base(key) for key in keys]
            if len(set(bases)) != len(bases):
                return False
            for shift in range(1 << 16):
                slots = [(b + shift) % self.size for b in bases]
                if not any(taken[s] for s in slots):
                    break
            else:
                return False
            self.displacement[bucket] = shift
            for key, s in zip(keys, slots):
                taken[s] = 1
                self.values[s] = items[key]
        return True


# ---------------------------------------------------------------------------- C output

def c_array(ctype: str, name: str, values, per_line: int = 12, fmt: str = "{}") -> str:
    lines = [f"const {ctype} {name}[{len(values)}] = {{"]
    for start in range(0, len(values), per_line):
        chunk = values[start:start + per_line]
        lines.append("    " + ", ".join(fmt.format(v) for v in chunk) + ",")
    lines.append("};\n")
    return "\n".join(lines)


BANNER = "/* Generated by scripts/build_tables.py: do not edit; rerun the script. */\n"


def write_tables(out: Path) -> None:
    rank_of = number_five_card_hands()
    worst = worst_rank_per_category(rank_of)
    flush = flush_table(rank_of)
    unique = unique_ranks_table(rank_of)

    repeated = {prime_product(ranks): rank for (ranks, flush_), rank in rank_of.items()
                if not flush_ and len(set(ranks)) < 5}
    assert len(repeated) == 4888, len(repeated)
    prime_hash = PerfectHash(repeated, bucket_bits=10, size=5120, seed=HASH_SEED)

    multisets = best_multiset_ranks(rank_of)
    multiset_hash = PerfectHash(multisets, bucket_bits=14, size=81920, seed=HASH_SEED)

    kev_card = [RANK_PRIMES[c // 4] | (c // 4) << 8 | 1 << (12 + c % 4) | 1 << (16 + c // 4)
                for c in range(NUM_CARDS)]
    card_key = [(1 << (RANK_SHIFT + RANK_BITS * (c // 4))) + (1 << (SUIT_BITS * (c % 4)))
                if c < NUM_CARDS else 1 << INVALID_SHIFT for c in range(256)]

    header = [BANNER, "#ifndef HANDRANK_TABLES_H", "#define HANDRANK_TABLES_H", "",
              "#include <stdint.h>", "",
              "/* Ranks: 1 = royal flush ... 7462 = 7-5-4-3-2 (Cactus Kev's numbering). */",
              "#define HR_RANK_COUNT 7462",
              "#define HR_CATEGORY_COUNT 9",
              "/* Worst (largest) rank of each category, HIGH_CARD (0) .. STRAIGHT_FLUSH (8). */"]
    header += [f"#define HR_WORST_{name} {worst[i]}" for i, name in enumerate(CATEGORIES)]
    header += ["",
               "/* Five cards, Cactus Kev: card = prime | rank << 8 | suit bit << 12 | rank bit << 16. */",
               "extern const uint32_t hr_kev_card[52];",
               "extern const uint16_t hr_flush_rank[8192];   /* best flush of a rank mask, 5+ bits */",
               "extern const uint16_t hr_unique5_rank[8192]; /* five distinct ranks, no flush */",
               f"#define HR_PRIME_HASH_BUCKET_BITS {prime_hash.bucket_bits}",
               f"#define HR_PRIME_HASH_SIZE {prime_hash.size}u",
               f"#define HR_PRIME_HASH_MULT_BUCKET {prime_hash.mult_bucket:#018x}ull",
               f"#define HR_PRIME_HASH_MULT_SLOT {prime_hash.mult_slot:#018x}ull",
               f"extern const uint16_t hr_prime_hash_displacement[{1 << prime_hash.bucket_bits}];",
               f"extern const uint16_t hr_prime_hash_rank[{prime_hash.size}];",
               "",
               "/* Five to seven cards in one pass: the sum of hr_card_key over the cards, started at",
               "   HR_SUIT_BIAS. Bits 0..15: a counter per suit (bit 3 of one set = flush); bits 16..54:",
               "   three bits of count per rank; bits 56..63: ids above 51. */",
               "extern const uint64_t hr_card_key[256];",
               f"#define HR_SUIT_BIAS {SUIT_BIAS:#x}ull",
               f"#define HR_FLUSH_CHECK {FLUSH_CHECK:#x}ull",
               f"#define HR_INVALID_CHECK {(MASK64 >> INVALID_SHIFT) << INVALID_SHIFT:#x}ull",
               f"#define HR_RANK_SHIFT {RANK_SHIFT}",
               f"#define HR_MULTISET_HASH_BUCKET_BITS {multiset_hash.bucket_bits}",
               f"#define HR_MULTISET_HASH_SIZE {multiset_hash.size}u",
               f"#define HR_MULTISET_HASH_MULT_BUCKET {multiset_hash.mult_bucket:#018x}ull",
               f"#define HR_MULTISET_HASH_MULT_SLOT {multiset_hash.mult_slot:#018x}ull",
               f"extern const uint16_t hr_multiset_hash_displacement[{1 << multiset_hash.bucket_bits}];",
               f"extern const uint16_t hr_multiset_hash_rank[{multiset_hash.size}];",
               "", "#endif", ""]

    five = [BANNER, '#include "handrank_tables.h"', "",
            c_array("uint32_t", "hr_kev_card", kev_card, 8, "{:#010x}"),
            c_array("uint16_t", "hr_flush_rank", flush, 16),
            c_array("uint16_t", "hr_unique5_rank", unique, 16),
            c_array("uint16_t", "hr_prime_hash_displacement", prime_hash.displacement, 16),
            c_array("uint16_t", "hr_prime_hash_rank", prime_hash.values, 16)]
    seven = [BANNER, '#include "handrank_tables.h"', "",
             c_array("uint64_t", "hr_card_key", card_key, 4, "{:#018x}ull"),
             c_array("uint16_t", "hr_multiset_hash_displacement", multiset_hash.displacement, 16),
             c_array("uint16_t", "hr_multiset_hash_rank", multiset_hash.values, 16)]

    out.mkdir(parents=True, exist_ok=True)
    (out / "handrank_tables.h").write_text("\n".join(header))
    (out / "five_card.c").write_text("\n".join(five))
    (out / "seven_card.c").write_text("\n".join(seven))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "tables",
                        help="folder to write the tables into (default: the repository's tables/)")
    write_tables(parser.parse_args().out)


if __name__ == "__main__":
    main()
