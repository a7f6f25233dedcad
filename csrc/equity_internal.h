/* Internal to the equity C files: what enumeration, ranges, preflop and Monte Carlo share.
 * Not part of the interface (that is handrank.h). */
#ifndef HANDRANK_EQUITY_INTERNAL_H
#define HANDRANK_EQUITY_INTERNAL_H

#include <string.h>

#include "kernel.h"

/* The rank key of a rank 0..12 (bits 0..31 of a card key: the same for the four suits). */
HR_INLINE uint32_t rank_key(int rank) {
    return (uint32_t)hr_card_key[4 * rank];
}

/* A card's bit in a 64-bit set of cards. */
HR_INLINE uint64_t card_bit(int card) {
    return 1ull << card;
}

/* A player's rank on a full board: the key (bias + board + hole) and the four 16-bit suit
 * rank masks of the seven cards. */
HR_INLINE int seven_rank(uint64_t key, uint64_t suit_masks) {
    return HR_UNLIKELY(key & HR_FLUSH_CHECK) ? flush_rank(suit_masks, key) : multiset_rank(key);
}

/* A player's rank on a full board under `rules`: with seven cards a flush rules out a full
 * house and quads, so the flush table alone ranks a hand with a flush (the rules must have one). */
HR_INLINE int rules_seven_rank(const hr_rules_t *rules, uint64_t key, uint64_t suit_masks) {
    if (HR_UNLIKELY(key & HR_FLUSH_CHECK)) return rules->flush[(suit_masks >> (16 * flush_suit(key))) & 0x1FFF];
    return game_multiset_rank(rules->multiset, key);
}

/* A block of showdown rows' winners, row by row: the best rank, how many share it, and
 * their share of a pot of HR_SHARE_UNITS (split among ties). The first `wide_rows` rows may
 * read and write the 8 words (16 past 8 players) from their first rank; those past the row
 * are the next rows', rewritten after. */
typedef void (*hr_winners_fn)(const uint16_t *ranks, uint16_t *shares, int rows, int nplayers, int wide_rows);

/* The fastest winners function for `nplayers` on this CPU (simulate.c). */
hr_winners_fn hr_winners_for(int nplayers);

/* How many rows of the block at `start` have 8 lanes (16 past 8 players) from their first
 * rank inside the call's arrays (for the vector winners). */
HR_INLINE int wide_rows(int64_t nrows, int64_t start, int rows, int nplayers) {
    int lanes = nplayers <= 8 ? 8 : 16;
    int64_t wide = (nrows * nplayers - lanes) / nplayers + 1 - start;
    return nrows * nplayers < lanes ? 0 : wide < 0 ? 0 : wide < rows ? (int)wide : rows;
}

/* The entry points a game's C file wraps with its own rules (see handrank.h for the
 * arguments; Hold'em's hr_equity_ranges and hr_equity_monte_carlo pass hr_holdem_rules). */
int hr_equity_ranges_rules(const hr_rules_t *rules, const uint8_t *combos, const int32_t *combo_start,
                           const double *weights, int nplayers, const uint8_t *board, int nboard,
                           const uint8_t *dead, int ndead, const uint8_t *group, int ngroup, uint64_t first,
                           uint64_t end, double *outcomes, uint64_t *deals);
int hr_equity_monte_carlo_rules(const hr_rules_t *rules, const uint8_t *combos, const int32_t *combo_start,
                                const double *weights, int nplayers, const uint8_t *board, int nboard,
                                const uint8_t *dead, int ndead, uint64_t seed, uint64_t trials,
                                uint64_t first_chunk, uint64_t end_chunk, uint64_t *outcomes, uint64_t *batches);

/* 1 if every player can get one of its combos (card masks: player p's are masks[i] for
 * combo_start[p] <= i < combo_start[p + 1]; a player with none is skipped) with no card shared
 * and none in `used`, 0 if not, HR_ERR_BUDGET when about `budget` combo checks did not decide
 * it (feasible.c). At most HR_MAX_PLAYERS players. */
int hr_feasible_masks(const uint64_t *masks, const int32_t *combo_start, int nplayers, uint64_t used,
                      int64_t budget);

/* hr_feasible_masks, and when it answers 1, a deal: choice[p] is player p's combo (an index
 * into masks) for each player with combos. The search on a sixteenth of the budget, then
 * random greedy deals (the whole budget), then the counting bound over runs of ranks and the
 * search on the whole budget. */
int hr_feasible_deal(const uint64_t *masks, const int32_t *combo_start, int nplayers, uint64_t used,
                     int64_t budget, int32_t *choice);

/* Validate ids and duplicates of a group of cards, adding them to *used. */
HR_INLINE int take_cards(const uint8_t *cards, int n, uint64_t *used) {
    for (int i = 0; i < n; i++) {
        if (cards[i] > 51) return HR_ERR_CARD;
        if (*used >> cards[i] & 1) return HR_ERR_DUPLICATE;
        *used |= card_bit(cards[i]);
    }
    return 0;
}

/* The checks every equity entry point shares: player count, board size, known cards. */
HR_INLINE int check_table(int nplayers, int nboard, const uint8_t *board, const uint8_t *dead, int ndead,
                          uint64_t *used) {
    if (nplayers < 2 || nplayers > HR_MAX_PLAYERS) return HR_ERR_PLAYERS;
    if (nboard != 0 && nboard != 3 && nboard != 4 && nboard != 5) return HR_ERR_BOARD;
    if (ndead < 0 || ndead > 52) return HR_ERR_COUNT;
    int error = take_cards(board, nboard, used);
    return error ? error : take_cards(dead, ndead, used);
}

/* Check a set of ranges: combos[2i], combos[2i+1] for combo_start[p] <= i < combo_start[p+1]
 * are player p's, each two distinct valid ids; weights, where given, finite and > 0. */
HR_INLINE int check_ranges(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers) {
    if (combo_start[0] != 0) return HR_ERR_RANGE;
    for (int p = 0; p < nplayers; p++) {
        int start = combo_start[p], end = combo_start[p + 1];
        if (end <= start || end - start > 1326) return HR_ERR_RANGE;
        for (int i = start; i < end; i++) {
            if (combos[2 * i] > 51 || combos[2 * i + 1] > 51) return HR_ERR_CARD;
            if (combos[2 * i] == combos[2 * i + 1]) return HR_ERR_DUPLICATE;
            /* > 0 and finite; also refuses NaN */
            if (weights && !(weights[i] > 0.0 && weights[i] <= 1.7976931348623157e308)) return HR_ERR_RANGE;
        }
    }
    return 0;
}

/* check_table and check_ranges for a game's `rules`: its absent cards may not be known, and
 * join the known cards (*known) so that no deal uses them. */
HR_INLINE int check_spot(const hr_rules_t *rules, const uint8_t *combos, const int32_t *combo_start,
                         const double *weights, int nplayers, int nboard, const uint8_t *board, const uint8_t *dead,
                         int ndead, uint64_t *known) {
    int error = check_table(nplayers, nboard, board, dead, ndead, known);
    if (error) return error;
    if (*known & rules->out_of_deck) return HR_ERR_CARD;
    *known |= rules->out_of_deck;
    return check_ranges(combos, combo_start, weights, nplayers);
}

/* A symmetry group as the range enumerations take it: 1..24 permutation numbers, the identity
 * (0) first. 0 or HR_ERR_RANGE. */
HR_INLINE int check_group(const uint8_t *group, int ngroup) {
    if (ngroup < 1 || ngroup > 24 || group[0] != 0) return HR_ERR_RANGE;
    for (int g = 0; g < ngroup; g++)
        if (group[g] > 23) return HR_ERR_RANGE;
    return 0;
}

/* A suit permutation applied to a card. */
HR_INLINE int permute_card(const uint8_t *perm, int card) {
    return (card & ~3) | perm[card & 3];
}

/* The 24 permutations of the four suits, the identity first. */
extern const uint8_t hr_suit_perms[24][4];

/* Whether the runout (sorted card ids) is the smallest of its orbit; *stabilizer counts the
 * permutations that map it onto itself. Two sorted lists of as many cards differ first where
 * the smaller holds the lowest card of their masks' difference, so each image is one mask: a
 * suit's cards (every fourth bit) shifted onto its image suit, and the runout is not the
 * smallest when the lowest differing card is the image's. */
HR_INLINE int smallest_of_orbit(const uint8_t *runout, int k, const uint8_t *group, int ngroup, int *stabilizer) {
    const uint64_t column = HR_SUIT0_CARDS;
    uint64_t mask = 0;
    for (int i = 0; i < k; i++) mask |= 1ull << runout[i];
    const uint64_t part0 = mask & column, part1 = mask >> 1 & column, part2 = mask >> 2 & column,
                   part3 = mask >> 3 & column;
    *stabilizer = 1;
    for (int g = 1; g < ngroup; g++) {
        const uint8_t *perm = hr_suit_perms[group[g]];
        uint64_t image = part0 << perm[0] | part1 << perm[1] | part2 << perm[2] | part3 << perm[3];
        uint64_t differ = image ^ mask;
        if (differ & (~differ + 1) & image) return 0;
        *stabilizer += differ == 0;
    }
    return 1;
}

/* Positions 0..count-1 sorted by rank[] (increasing, stably; ranks below 2^14): two
 * counting passes of 7 bits, through tmp. */
HR_INLINE void sort_positions_by_rank(const int *rank, int count, int *out, int *tmp) {
    int buckets[128];
    for (int pass = 0; pass < 2; pass++) {
        int shift = pass ? 7 : 0, *from = pass ? tmp : NULL, *to = pass ? out : tmp;
        memset(buckets, 0, sizeof buckets);
        for (int i = 0; i < count; i++) buckets[rank[from ? from[i] : i] >> shift & 127]++;
        for (int d = 0, sum = 0; d < 128; d++) {
            int c = buckets[d];
            buckets[d] = sum;
            sum += c;
        }
        for (int i = 0; i < count; i++) {
            int e = from ? from[i] : i;
            to[buckets[rank[e] >> shift & 127]++] = e;
        }
    }
}

/* A showdown of n players given their ranks (lower wins): the set of players with the best
 * rank, as a bit mask. */
HR_INLINE unsigned winners_of(const int *ranks, int n) {
    int best = ranks[0];
    unsigned mask = 1;
    for (int p = 1; p < n; p++) {
        if (ranks[p] < best) {
            best = ranks[p];
            mask = 1u << p;
        } else if (ranks[p] == best) {
            mask |= 1u << p;
        }
    }
    return mask;
}

/* The same without branches, for random deals, where which rank is lower is a coin toss to
 * the CPU (enumeration walks boards in order, and there the branches predict well). */
HR_INLINE unsigned winners_of_random(const int *ranks, int n) {
    int best = ranks[0];
    for (int p = 1; p < n; p++) best = ranks[p] < best ? ranks[p] : best;
    unsigned mask = 0;
    for (int p = 0; p < n; p++) mask |= (unsigned)(ranks[p] == best) << p;
    return mask;
}

#endif
