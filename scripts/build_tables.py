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
   * five to seven cards in one pass: every card adds a 64-bit key, its rank's
     entry of RANK_KEYS in the low 32 bits and a count for its suit above. The
     rank keys are chosen so that every multiset of up to seven ranks (at most
     four of each) has its own sum, below 2**25. The sum is scrambled by an odd
     multiplier mod 2**25 (a bijection) and row displacement (Tarjan and Yao)
     packs the sparse sum -> best five-card rank table into a dense one:
     ``t = sum * MULT mod 2**25; rank = table[t + offset[t >> ROW_BITS]]``. A suit count of five or more
     sends the hand to the flush table instead, the best flush of any rank mask.

   The prime-product hash is hash-and-displace: ``bucket = (key * M1) >> (64 - B)``,
   ``slot = (fastrange(key * M2) + displacement[bucket]) mod SIZE``, multipliers
   searched from a fixed seed. Every table is verified key by key before it is written.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections import Counter
from pathlib import Path

from c_tables import banner, c_array

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
SUIT_SHIFT = 32        # one 4-bit counter per suit in bits 32..47; the rank sum below
INVALID_SHIFT = 56     # an id above 51 adds 1 << 56: any bit at 56.. marks the row bad
SUIT_BIAS = 0x3333 << SUIT_SHIFT   # counters start at 3, so a count of 5+ sets bit 3
FLUSH_CHECK = 0x8888 << SUIT_SHIFT
ROW_BITS = 12          # row displacement: rows of 4096 places
SUM_BITS = 25          # every multiset sum is below 2**25 (checked)

# One key per rank, deuce to ace: the greedy choice, rank by rank, of the smallest key
# that keeps the sums of all multisets of up to seven ranks (at most four of each)
# distinct. `--search-rank-keys` recomputes them; every run checks the property.
RANK_KEYS = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520)

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


def significance_order(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """A hand's five card ranks in the order the seed compares them: groups by size then
    rank, highest first; a straight from its top card down, the wheel as 5-4-3-2-A."""
    category, order = hand_key(ranks, flush)
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        top = order[0]
        return (FIVE, 2, 1, 0, ACE) if top == FIVE else tuple(range(top, top - 5, -1))
    counts = Counter(ranks)
    return tuple(rank for rank in order for _ in range(counts[rank]))


def rank_patterns(rank_of: dict) -> list[int]:
    """For every rank 1..7462, its five card ranks in significance order, 4 bits each,
    the most significant card in bits 16..19; entry 0 is unused."""
    patterns = [0] * (len(set(rank_of.values())) + 1)
    for pattern, rank in rank_of.items():
        packed = 0
        for card_rank in significance_order(*pattern):
            packed = packed << 4 | card_rank
        patterns[rank] = packed
    return patterns


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
    return sum(RANK_KEYS[rank] for rank in ranks)


def search_rank_keys() -> tuple[int, ...]:
    """Recompute RANK_KEYS by the greedy search (numpy, about a minute).

    Adding ``c`` copies of rank r (key k) to partial multisets with sums s1, s2 collides
    when ``s1 - s2 = d * k`` for d = c2 - c1 in 1..4; so k is allowed unless some such
    difference, with the second multiset small enough to take d more cards, equals d * k.
    """
    import numpy as np

    sums, sizes = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
    keys: list[int] = []
    bound = 1 << 26
    for _ in range(NUM_RANKS):
        forbidden = np.zeros(bound, dtype=bool)
        for d in range(1, 5):
            small = sums[sizes <= 7 - d]
            for start in range(0, len(sums), 512):
                diff = (sums[start:start + 512, None] - small[None, :]).ravel()
                diff = diff[(diff > 0) & (diff % d == 0)] // d
                forbidden[diff[diff < bound]] = True
        k = keys[-1] + 1 if keys else 1
        k += int(np.argmin(forbidden[k:]))
        keys.append(k)
        grown_sums, grown_sizes = [sums], [sizes]
        for c in range(1, 5):
            room = sizes + c <= 7
            grown_sums.append(sums[room] + c * k)
            grown_sizes.append(sizes[room] + c)
        sums, sizes = np.concatenate(grown_sums), np.concatenate(grown_sizes)
    return tuple(keys)


def best_multiset_ranks(rank_of: dict) -> dict[int, int]:
    """Best non-flush five-card rank of every 5-, 6- and 7-rank multiset, by multiset key."""
    best = {}
    count = 0
    for size in (5, 6, 7):
        for ranks in rank_multisets(size):
            count += 1
            best[multiset_key(ranks)] = min(rank_of[five, False]
                                            for five in itertools.combinations(ranks, 5))
    if len(best) != count:
        raise SystemExit(f"RANK_KEYS give {count - len(best)} colliding multiset sums")
    if max(best) >= 1 << SUIT_SHIFT:
        raise SystemExit("multiset sums overflow into the suit counters")
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


class RowDisplacement:
    """Tarjan-Yao row displacement: a sparse table over keys < 2**key_bits packed densely.

    A key is first scrambled, ``spread = key * multiplier mod 2**key_bits`` (a bijection,
    so distinct keys stay distinct, but clusters of nearby keys scatter), then cut into
    rows of 2**row_bits; each row gets an offset so that its keys land on free places of
    one dense array: ``value = table[spread + offset[spread >> row_bits]]``. Rows are
    placed fullest first at the lowest offset that fits (first fit); multipliers from a
    fixed seed are tried and the smallest table kept. Every row has an offset and the
    table is padded by a row, so any key below 2**key_bits reads inside the table.
    """

    def __init__(self, items: dict[int, int], *, row_bits: int, key_bits: int, seed: int, tries: int = 8):
        if max(items) >> key_bits:
            raise SystemExit(f"keys do not fit in {key_bits} bits")
        self.row_bits, self.key_bits = row_bits, key_bits
        rng = random.Random(seed)
        best = None
        for _ in range(tries):
            self.multiplier = rng.getrandbits(key_bits) | 1
            self._place(items)
            if best is None or len(self.values) < len(best[2]):
                best = (self.multiplier, self.offsets, self.values)
        self.multiplier, self.offsets, self.values = best
        for key, value in items.items():  # verify: every key reads its own value back
            if self.values[self.index(key)] != value:
                raise SystemExit(f"row displacement check failed for key {key}")
        if len({self.index(key) for key in items}) != len(items):
            raise SystemExit("row displacement placed two keys together")

    def spread(self, key: int) -> int:
        return key * self.multiplier & ((1 << self.key_bits) - 1)

    def index(self, key: int) -> int:
        spread = self.spread(key)
        return spread + self.offsets[spread >> self.row_bits]

    def _place(self, items: dict[int, int]) -> None:
        import numpy as np

        row_bits = self.row_bits
        row_size = 1 << row_bits
        rows: dict[int, list[int]] = {}
        for key in sorted(items):
            spread = self.spread(key)
            rows.setdefault(spread >> row_bits, []).append(spread & (row_size - 1))
        # Empty rows read the first row_size places.
        self.offsets = [-(row << row_bits) for row in range(1 << (self.key_bits - row_bits))]
        free = np.ones(len(items) * 2 + 2 * row_size, dtype=bool)
        first_free = 0  # every place below it is taken
        for row, columns in sorted(rows.items(), key=lambda item: (-len(item[1]), item[0])):
            while not free[first_free]:
                first_free += 1
            start = max(0, first_free - columns[0])
            span = len(free) - row_size - start
            fits = free[start + columns[0]:start + columns[0] + span].copy()
            for column in columns[1:]:
                fits &= free[start + column:start + column + span]
            if not fits.any():
                raise SystemExit(f"row {row} fits nowhere")
            base = start + int(np.argmax(fits))
            free[base + np.asarray(columns)] = False
            self.offsets[row] = base - (row << row_bits)
        taken = ~free
        self.values = [0] * (int(np.flatnonzero(taken).max()) + 1 + row_size)
        for key, value in items.items():
            self.values[self.index(key)] = value


# ---------------------------------------------------------------------------- C output

BANNER = banner("build_tables.py")


def write_tables(out: Path) -> None:
    rank_of = number_five_card_hands()
    worst = worst_rank_per_category(rank_of)
    flush = flush_table(rank_of)
    unique = unique_ranks_table(rank_of)
    patterns = rank_patterns(rank_of)

    repeated = {prime_product(ranks): rank for (ranks, flush_), rank in rank_of.items()
                if not flush_ and len(set(ranks)) < 5}
    assert len(repeated) == 4888, len(repeated)
    prime_hash = PerfectHash(repeated, bucket_bits=10, size=5120, seed=HASH_SEED)

    multisets = best_multiset_ranks(rank_of)
    multiset_table = RowDisplacement(multisets, row_bits=ROW_BITS, key_bits=SUM_BITS, seed=HASH_SEED)

    kev_card = [RANK_PRIMES[c // 4] | (c // 4) << 8 | 1 << (12 + c % 4) | 1 << (16 + c // 4)
                for c in range(NUM_CARDS)]
    card_key = [RANK_KEYS[c // 4] + (1 << (SUIT_SHIFT + 4 * (c % 4)))
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
               "/* For every rank, its five card ranks (0 = deuce .. 12 = ace) in the order they are",
               "   compared: groups by size then rank, a straight from its top card (the wheel 5-4-3-2-A);",
               "   4 bits each, the first in bits 16..19. Names and explanations are built from it. */",
               f"extern const uint32_t hr_rank_pattern[{len(patterns)}];",
               "",
               "/* Five to seven cards in one pass: the sum of hr_card_key over the cards, started at",
               "   HR_SUIT_BIAS. Bits 0..31: the sum of the ranks' keys, distinct for every rank multiset;",
               "   bits 32..47: a counter per suit (bit 3 of one set = flush); bits 56..63: ids above 51.",
               "   Best non-flush rank of a multiset with sum s: with t = s * HR_MULTISET_MULT mod",
               "   2^HR_MULTISET_SUM_BITS, hr_multiset_rank[t + hr_multiset_offset[t >> HR_MULTISET_ROW_BITS]]. */",
               "extern const uint64_t hr_card_key[256];",
               f"#define HR_SUIT_BIAS {SUIT_BIAS:#x}ull",
               f"#define HR_SUIT_SHIFT {SUIT_SHIFT}",
               f"#define HR_FLUSH_CHECK {FLUSH_CHECK:#x}ull",
               f"#define HR_INVALID_CHECK {(MASK64 >> INVALID_SHIFT) << INVALID_SHIFT:#x}ull",
               f"#define HR_MULTISET_SUM_BITS {multiset_table.key_bits}",
               f"#define HR_MULTISET_MULT {multiset_table.multiplier:#x}u",
               f"#define HR_MULTISET_ROW_BITS {multiset_table.row_bits}",
               f"extern const int32_t hr_multiset_offset[{len(multiset_table.offsets)}];",
               f"extern const uint16_t hr_multiset_rank[{len(multiset_table.values)}];",
               "", "#endif", ""]

    five = [BANNER, '#include "handrank_tables.h"', "",
            c_array("uint32_t", "hr_kev_card", kev_card, 8, "{:#010x}"),
            c_array("uint16_t", "hr_flush_rank", flush, 16),
            c_array("uint16_t", "hr_unique5_rank", unique, 16),
            c_array("uint16_t", "hr_prime_hash_displacement", prime_hash.displacement, 16),
            c_array("uint16_t", "hr_prime_hash_rank", prime_hash.values, 16),
            c_array("uint32_t", "hr_rank_pattern", patterns, 8, "{:#07x}")]
    seven = [BANNER, '#include "handrank_tables.h"', "",
             c_array("uint64_t", "hr_card_key", card_key, 4, "{:#018x}ull"),
             c_array("int32_t", "hr_multiset_offset", multiset_table.offsets, 10),
             c_array("uint16_t", "hr_multiset_rank", multiset_table.values, 16)]

    out.mkdir(parents=True, exist_ok=True)
    (out / "handrank_tables.h").write_text("\n".join(header))
    (out / "five_card.c").write_text("\n".join(five))
    (out / "seven_card.c").write_text("\n".join(seven))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "tables",
                        help="folder to write the tables into (default: the repository's tables/)")
    parser.add_argument("--search-rank-keys", action="store_true",
                        help="rerun the greedy search for RANK_KEYS and compare (slow), then exit")
    args = parser.parse_args()
    if args.search_rank_keys:
        found = search_rank_keys()
        print("found:", found)
        raise SystemExit(0 if found == RANK_KEYS else "differs from RANK_KEYS")
    write_tables(args.out)


if __name__ == "__main__":
    main()
