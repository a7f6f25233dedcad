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
#define HR_ERR_COUNT (-3)     /* not 5, 6 or 7 cards */

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

#endif
