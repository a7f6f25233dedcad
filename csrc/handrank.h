/* handrank kernel: the whole C interface. csrc/ffi_build.py's cdef mirrors it.
 *
 * A card is an id 0..51: rank * 4 + suit (rank 0 = '2' .. 12 = 'A'; suit 0..3 = c, d, h, s).
 * A rank is 1 (royal flush) .. 7462 (7-5-4-3-2), Cactus Kev's numbering; equal rank = split pot.
 * No function keeps state between calls: every one is safe to call from many threads at once.
 */
#ifndef HANDRANK_H
#define HANDRANK_H

#include <stddef.h>
#include <stdint.h>

#include "handrank_tables.h"

/* Errors are negative, so a result > 0 is always a rank. */
#define HR_ERR_CARD (-1)      /* an id above 51 (or below 0 where ints are taken) */
#define HR_ERR_DUPLICATE (-2) /* the same card twice in one hand */
#define HR_ERR_COUNT (-3)     /* not 5, 6 or 7 cards; for equity, too few cards left to deal */
#define HR_ERR_PLAYERS (-4)   /* equity: not 2..HR_MAX_PLAYERS players */
#define HR_ERR_BOARD (-5)     /* equity: a board of other than 0, 3, 4 or 5 cards */
#define HR_ERR_RANGE (-6)     /* equity: a range without combos, or weights not increasing from > 0 */
#define HR_ERR_IMPOSSIBLE (-7) /* equity: the ranges almost never fit together without sharing a card */

/* One hand of 5..7 card ids: its rank, or a negative HR_ERR_*. */
int hr_rank(const uint8_t *cards, int ncards);

/* The five of 5..7 cards that make the hand's rank, written to best[0..4] in the order the
 * cards were given; where several fives reach the rank, the first by position (lexicographic
 * order of the chosen positions). Returns the rank, or a negative HR_ERR_*. */
int hr_best_five(const uint8_t *cards, int ncards, uint8_t *best);

/* The same, with the cards as separate ints (the cheapest call from Python). */
int hr_rank5_ints(int c0, int c1, int c2, int c3, int c4);
int hr_rank6_ints(int c0, int c1, int c2, int c3, int c4, int c5);
int hr_rank7_ints(int c0, int c1, int c2, int c3, int c4, int c5, int c6);

/* Five-card hands through Cactus Kev's tables (flush, unique ranks, prime-product hash),
 * as hr_rank_batch with ncards = 5; kept beside the one-pass path as a cross-check. */
int64_t hr_rank5_kev_batch(const uint8_t *cards, int64_t nrows, uint16_t *out, int *error);

/* Rank `nrows` hands stored row after row as a C-contiguous nrows x ncards uint8 array.
 * Returns -1 when every row was ranked; otherwise the index of the first bad row, with
 * *error set to its HR_ERR_* (rows before it are ranked, the rest of `out` is unspecified).
 * Reads only cards[0 .. nrows*ncards) and the tables, whatever the ids. */
int64_t hr_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);

/* hr_rank_batch picks, once a call, the fastest loop this CPU runs (on x86-64 with AVX2, a
 * SIMD duplicate check). This is the loop every CPU runs, for tests and comparisons. */
int64_t hr_rank_batch_portable(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);

/* Rank every hand of `ncards` (5..7) distinct cards out of 52 and count each rank:
 * counts[rank] for rank 1..HR_RANK_COUNT (counts[0] stays 0). Returns 0, or HR_ERR_COUNT. */
int hr_census(int ncards, uint64_t *counts);

/* ---------------------------------------------------------------------------- equity
 * Texas Hold'em showdowns of 2..9 players over the boards still to come. Counts are exact
 * integers: a pot split k ways gives each of the k players HR_SHARE_UNITS / k units, so a
 * player's equity is shares / (boards * HR_SHARE_UNITS). Both functions add to `counts`,
 * so work split into parts (threads, processes) merges by adding the parts. */
#define HR_MAX_PLAYERS 9
#define HR_SHARE_UNITS 2520 /* lcm(1..9) */
#define HR_EQUITY_CHUNK 65536 /* Monte Carlo trials of one random stream */

typedef struct {
    uint64_t boards;                         /* showdowns counted */
    uint64_t wins[HR_MAX_PLAYERS];           /* showdowns won alone */
    uint64_t ties[HR_MAX_PLAYERS];           /* showdowns split with others */
    uint64_t shares[HR_MAX_PLAYERS];         /* pot shares won, in 1/HR_SHARE_UNITS of a pot */
    uint64_t shares_squared[HR_MAX_PLAYERS]; /* sum of squared shares (units^2): the variance */
} hr_equity_counts;

/* Every completion of the board (5 - nboard cards from the cards nobody holds and that are
 * not dead), for fixed hole cards: holes[2p], holes[2p+1] are player p's. To split the work,
 * only completions whose first new card is deck[first_begin .. first_end) are dealt, deck
 * being the unseen cards in increasing order (pass 0 and 52 for all). Returns 0 or HR_ERR_*. */
int hr_equity_enumerate(const uint8_t *holes, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead,
                        int ndead, int first_begin, int first_end, hr_equity_counts *counts);

/* Monte Carlo: `trials` deals in all, numbered in chunks of HR_EQUITY_CHUNK; this call deals
 * chunks [first_chunk, end_chunk), chunk c from its own random stream seeded by (seed, c), so
 * the counts for a seed do not depend on how the chunks are shared out. Player p holds one of
 * the combos combos[2i], combos[2i+1] for combo_start[p] <= i < combo_start[p+1], drawn with
 * probability proportional to its weight (cumulative[i] holds the running total of weights
 * within the player); deals where two players' combos share a card are redrawn. */
int hr_equity_monte_carlo(const uint8_t *combos, const int32_t *combo_start, const double *cumulative,
                          int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead,
                          uint64_t seed, uint64_t trials, uint64_t first_chunk, uint64_t end_chunk,
                          hr_equity_counts *counts);

#endif
