"""Write tables/shortdeck.c and tables/shortdeck_tables.h: short deck (6+) Hold'em.

    python scripts/build_shortdeck.py [--out tables]

The deck has 36 cards, six through ace (card ids 16..51: Hold'em's ids without the deuces,
treys, fours and fives). The ace plays high, and low only in A-6-7-8-9, the lowest straight.
A flush beats a full house. Standard order, best first: straight flush, four of a kind,
flush, full house, straight, three of a kind, two pair, one pair, high card: 1,404 classes,
1 = royal flush ... 1404 = J-9-8-7-6. With ``trips_beat_straight`` (the rule some
tournaments use) three of a kind beats a straight, and the classes are numbered again in
that order (the same 1,404 classes; ranks 1..270 are the same in both orders).

Tables, for each of the two orders:
- ``hr_sd_multiset_rank`` (standard) and ``hr_sd_tbs_multiset_rank``: the best non-flush
  rank of each 5..7-rank multiset of the short deck, on the slots of Hold'em's
  ``hr_multiset_rank`` (0 for multisets holding a deuce to a five), so the kernel finds
  them from the key it already computes;
- ``hr_sd_flush_rank``: the best flush or straight flush of each 13-bit rank mask of one
  suit with five or more short-deck ranks (the same rank in both orders: flushes and
  straight flushes sit above both straights and trips). With seven cards a hand with a
  flush never holds a full house or quads, so the flush rank is the hand's rank;
- ``hr_sd_of_holdem`` and ``hr_sd_tbs_of_holdem``: the short-deck rank of each Hold'em
  five-card rank (a five's rank multiset and flush decide both games; 0 when the five has a
  card below six), so five-card rows are ranked by Hold'em's loop and one lookup;
- ``hr_sd_pattern`` and ``hr_sd_tbs_pattern``: each rank's Hold'em category (bits 20..23)
  and its five card ranks in comparison order (4 bits each, the first in bits 16..19; the
  lowest straight as 9-8-7-6-A).

The builder checks the five-card census against the published short-deck counts.
"""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import build_lowball
import build_tables as holdem
from c_tables import banner, c_array, run, save

SCRIPT = "build_shortdeck.py"
SIX, NINE, ACE = 4, 7, 12
LOW_STRAIGHT = (SIX, 5, 6, NINE, ACE)  # A-6-7-8-9, ranks ascending
DECK = [card for card in range(holdem.NUM_CARDS) if card // holdem.NUM_SUITS >= SIX]

# Category strength, weakest first (a larger value beats a smaller one), in each order.
STANDARD = (holdem.HIGH_CARD, holdem.ONE_PAIR, holdem.TWO_PAIR, holdem.THREE_OF_A_KIND, holdem.STRAIGHT,
            holdem.FULL_HOUSE, holdem.FLUSH, holdem.FOUR_OF_A_KIND, holdem.STRAIGHT_FLUSH)
TRIPS_BEAT_STRAIGHT = (holdem.HIGH_CARD, holdem.ONE_PAIR, holdem.TWO_PAIR, holdem.STRAIGHT, holdem.THREE_OF_A_KIND,
                       holdem.FULL_HOUSE, holdem.FLUSH, holdem.FOUR_OF_A_KIND, holdem.STRAIGHT_FLUSH)

# (hands, classes) of every five-card short-deck hand, standard rules (issue 11's table).
PUBLISHED = {
    holdem.STRAIGHT_FLUSH: (24, 6), holdem.FOUR_OF_A_KIND: (288, 72), holdem.FLUSH: (480, 120),
    holdem.FULL_HOUSE: (1_728, 72), holdem.STRAIGHT: (6_120, 6), holdem.THREE_OF_A_KIND: (16_128, 252),
    holdem.TWO_PAIR: (36_288, 252), holdem.ONE_PAIR: (193_536, 504), holdem.HIGH_CARD: (122_400, 120),
}


def category_and_order(ranks: tuple[int, ...], flush: bool) -> tuple[int, tuple[int, ...]]:
    """Hold'em category of a short-deck five (ascending ranks) and its ranks in comparison
    order: groups by size then rank; a straight from its top card, A-6-7-8-9 as 9-8-7-6-A."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    order = tuple(rank for rank, size in groups for _ in range(size))
    if len(counts) == 5:
        if ranks == LOW_STRAIGHT:
            return (holdem.STRAIGHT_FLUSH if flush else holdem.STRAIGHT), (NINE, 6, 5, SIX, ACE)
        if ranks[4] - ranks[0] == 4:
            return (holdem.STRAIGHT_FLUSH if flush else holdem.STRAIGHT), order
        return (holdem.FLUSH if flush else holdem.HIGH_CARD), order
    return holdem.GROUP_SHAPES[tuple(size for _, size in groups)], order


def number(strength: tuple[int, ...]) -> dict[tuple[tuple[int, ...], bool], int]:
    """Rank of every (ascending ranks, flush) short-deck pattern, 1 = the best, in the
    category order `strength`."""
    patterns = [(ranks, False) for ranks in holdem.rank_multisets(5) if min(ranks) >= SIX]
    patterns += [(ranks, True) for ranks in itertools.combinations(range(SIX, 13), 5)]

    def key(pattern: tuple[tuple[int, ...], bool]) -> tuple[int, tuple[int, ...]]:
        category, order = category_and_order(*pattern)
        return strength.index(category), order[:1] if category in (holdem.STRAIGHT, holdem.STRAIGHT_FLUSH) else order

    keys = sorted({key(pattern) for pattern in patterns}, reverse=True)
    numbered = {k: i + 1 for i, k in enumerate(keys)}
    return {pattern: numbered[key(pattern)] for pattern in patterns}


def check_census(rank_of: dict[tuple[tuple[int, ...], bool], int]) -> None:
    hands: Counter[int] = Counter()
    classes: dict[int, set[int]] = {category: set() for category in PUBLISHED}
    for five in itertools.combinations(DECK, 5):
        ranks = tuple(card // 4 for card in five)
        flush = len({card % 4 for card in five}) == 1
        category = category_and_order(ranks, flush)[0]
        hands[category] += 1
        classes[category].add(rank_of[ranks, flush])
    for category, want in PUBLISHED.items():
        got = (hands[category], len(classes[category]))
        if got != want:
            raise SystemExit(f"{holdem.CATEGORIES[category]}: got {got}, published {want}")


def pattern_words(rank_of: dict[tuple[tuple[int, ...], bool], int]) -> list[int]:
    words = [0] * (len(set(rank_of.values())) + 1)
    for pattern, rank in rank_of.items():
        category, order = category_and_order(*pattern)
        words[rank] = category << 20 | sum(r << (4 * (4 - i)) for i, r in enumerate(order))
    return words


def write(out: Path) -> None:
    standard, tbs = number(STANDARD), number(TRIPS_BEAT_STRAIGHT)
    for rank_of in (standard, tbs):
        if len(set(rank_of.values())) != 1404:
            raise SystemExit(f"expected 1,404 short-deck classes, got {len(set(rank_of.values()))}")
    check_census(standard)
    flush_ranks = {rank for (_, flush), rank in standard.items() if flush}
    if any(tbs[pattern] != rank for pattern, rank in standard.items() if rank <= 270) or max(flush_ranks) > 270:
        raise SystemExit("the two orders should agree on straight flushes, quads, flushes and full houses")

    every_key: dict[int, int] = {}
    best: tuple[dict[int, int], dict[int, int]] = ({}, {})
    for size in (5, 6, 7):
        for ranks in holdem.rank_multisets(size):
            key = holdem.multiset_key(ranks)
            every_key[key] = 0
            if min(ranks) >= SIX:
                fives = list(itertools.combinations(ranks, 5))
                best[0][key] = min(standard[five, False] for five in fives)
                best[1][key] = min(tbs[five, False] for five in fives)
    slots = holdem.RowDisplacement(every_key, row_bits=holdem.ROW_BITS, key_bits=holdem.SUM_BITS,
                                   seed=holdem.HASH_SEED)
    if slots.multiplier != build_lowball.committed_multiplier(Path(__file__).resolve().parent.parent / "tables"):
        raise SystemExit("the multiset slots differ from tables/handrank_tables.h: rebuild the Hold'em tables first")
    multiset_tables = []
    for part in best:
        table = [0] * len(slots.values)
        for key, rank in part.items():
            table[slots.index(key)] = rank
        multiset_tables.append(table)

    flush = [0] * (1 << 13)
    for mask in range(1 << 13):
        ranks = [r for r in range(13) if mask >> r & 1]
        if len(ranks) >= 5 and min(ranks) >= SIX:
            flush[mask] = min(standard[five, True] for five in itertools.combinations(ranks, 5))

    holdem_keys = sorted({holdem.hand_key(ranks, f) for ranks in holdem.rank_multisets(5) for f in (False, True)
                          if not f or len(set(ranks)) == 5}, reverse=True)
    holdem_rank = {key: i + 1 for i, key in enumerate(holdem_keys)}
    of_holdem = ([0] * 7463, [0] * 7463)
    for which, rank_of in enumerate((standard, tbs)):
        for (ranks, is_flush), rank in rank_of.items():
            of_holdem[which][holdem_rank[holdem.hand_key(ranks, is_flush)]] = rank

    header = "\n".join([
        banner(SCRIPT),
        "#ifndef HANDRANK_SHORTDECK_TABLES_H",
        "#define HANDRANK_SHORTDECK_TABLES_H",
        "",
        "#include <stdint.h>",
        "",
        "/* Short deck (6+): 1 = royal flush ... 1404 = J-9-8-7-6; cards below six are ids 0..15. */",
        "#define HR_SD_RANK_COUNT 1404",
        "#define HR_SD_LOW_CARDS 0xFFFFull",
        "/* The best non-flush rank of each 5..7-rank multiset, on the slots of hr_multiset_rank,",
        "   standard and trips-beat-straight; 0 for a multiset with a rank below six. */",
        f"extern const uint16_t hr_sd_multiset_rank[{len(multiset_tables[0])}];",
        f"extern const uint16_t hr_sd_tbs_multiset_rank[{len(multiset_tables[1])}];",
        "/* The best flush of a 13-bit rank mask with 5+ short-deck ranks (both orders). */",
        "extern const uint16_t hr_sd_flush_rank[8192];",
        "/* The short-deck rank of each Hold'em five-card rank (0: a card below six). */",
        "extern const uint16_t hr_sd_of_holdem[7463];",
        "extern const uint16_t hr_sd_tbs_of_holdem[7463];",
        "/* Each rank's Hold'em category (bits 20..23) and five card ranks (deuce 0 .. ace 12),",
        "   4 bits each in comparison order, the first in bits 16..19. */",
        "extern const uint32_t hr_sd_pattern[1405];",
        "extern const uint32_t hr_sd_tbs_pattern[1405];",
        "",
        "#endif",
        "",
    ])
    source = "\n".join([banner(SCRIPT), '#include "shortdeck_tables.h"', "",
                        c_array("uint16_t", "hr_sd_multiset_rank", multiset_tables[0], 16, sep=","),
                        c_array("uint16_t", "hr_sd_tbs_multiset_rank", multiset_tables[1], 16, sep=","),
                        c_array("uint16_t", "hr_sd_flush_rank", flush, 16, sep=","),
                        c_array("uint16_t", "hr_sd_of_holdem", of_holdem[0], 16, sep=","),
                        c_array("uint16_t", "hr_sd_tbs_of_holdem", of_holdem[1], 16, sep=","),
                        c_array("uint32_t", "hr_sd_pattern", pattern_words(standard), 8),
                        c_array("uint32_t", "hr_sd_tbs_pattern", pattern_words(tbs), 8)])
    save(out, {"shortdeck_tables.h": header, "shortdeck.c": source})


def main() -> None:
    run(__doc__, write)


if __name__ == "__main__":
    main()
