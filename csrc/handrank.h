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

/* Each row of an nrows x width (0..52) byte array of card ids as a 52-bit mask, bit c for card
 * c: -1, or the first row with an id above 51 (masks[] before it written), or HR_ERR_COUNT. */
int64_t hr_card_masks(const uint8_t *cards, int64_t nrows, int width, uint64_t *masks);

/* Rank every hand of `ncards` (5..7) distinct cards out of 52 whose lowest card id is `lowest`
 * and add each rank's count to counts[rank] (1..HR_RANK_COUNT): lowest = 0 .. 52 - ncards in
 * turn count every hand, each call at most about 30 ms. Returns 0, HR_ERR_COUNT or HR_ERR_CARD
 * (lowest out of range). */
int hr_census(int ncards, int lowest, uint64_t *counts);

/* ---------------------------------------------------------------------------- equity
 * Texas Hold'em showdowns of 2..HR_MAX_PLAYERS players over the boards still to come.
 * Results are counts by winner set: outcomes[m] for a bit mask m of players (bit p = player
 * p) adds the deals won by exactly those players, so a pot split k ways gives each of them
 * HR_SHARE_UNITS / k units. Every function adds to `outcomes` (an array of 1 << nplayers),
 * so work split into parts (threads, processes, machines) merges by adding the parts.
 * Ranges: player p holds one of the combos combos[2i], combos[2i+1] for combo_start[p] <= i
 * < combo_start[p+1] (combo_start[0] = 0, at most 1326 a player), with weights[i] > 0. */
#define HR_MAX_PLAYERS 10
#define HR_SHARE_UNITS 2520   /* lcm(1..10): any split is a whole number of units */
#define HR_EQUITY_CHUNK 65536 /* Monte Carlo deals of one random stream */
#define HR_ERR_MEMORY (-8)    /* out of memory */
#define HR_ERR_BUDGET (-9)    /* hr_ranges_feasible: undecided within the budget */
#define HR_ERR_TABLE (-10)    /* hr_equity_preflop: a matchup missing from the table (not reached) */

/* Exact, fixed hole cards (holes[2p], holes[2p+1] are player p's): every completion of the
 * board, counted in classes of equal outcome (see equity.c). Returns 0 or HR_ERR_*. */
int hr_equity_fixed(const uint8_t *holes, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead,
                    int ndead, int64_t *outcomes);

/* Each player's win, tie and equity (out[p], out[n + p], out[2n + p]) from the deals won by
 * each set of players (outcomes[1 << n]): integer counts (returns their total, or
 * HR_ERR_PLAYERS) or weighted sums (returns 0 or HR_ERR_PLAYERS). */
int64_t hr_equity_chances_counts(const int64_t *outcomes, int n, double *out);
int hr_equity_chances_weights(const double *outcomes, int n, double *out);
/* hr_equity_fixed and hr_equity_chances_counts in one call: the deals' count, or HR_ERR_*. */
int64_t hr_equity_fixed_chances(const uint8_t *holes, int nplayers, const uint8_t *board, int nboard,
                                const uint8_t *dead, int ndead, double *chances);

/* The same by dealing every board one by one (the check of hr_equity_fixed). To split the
 * work, only completions whose first new card is deck[first_begin .. first_end) are dealt,
 * deck being the unseen cards in increasing order (pass 0 and 52 for all). */
int hr_equity_enumerate(const uint8_t *holes, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead,
                        int ndead, int first_begin, int first_end, int64_t *outcomes);

/* The suit permutations (numbers 0..23 into the table of permutations, 0 the identity, first)
 * that fix the board, the dead cards and every player's weighted range: written to group[],
 * their count returned (or a negative HR_ERR_*). */
int hr_equity_symmetry(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                       const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint8_t *group);

/* Exact, ranges: the runouts numbered [first, end) in lexicographic order of the unseen
 * deck's (5 - nboard)-card subsets, one per orbit of `group` (from hr_equity_symmetry, or
 * just {0}) with the orbit's size as multiplicity. outcomes[m] adds the weight (the product
 * of the players' combo weights) of the deals won by exactly the set m; *deals adds the
 * number of deals (runout x assignment of combos sharing no card). */
int hr_equity_ranges(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                     const uint8_t *board, int nboard, const uint8_t *dead, int ndead, const uint8_t *group,
                     int ngroup, uint64_t first, uint64_t end, double *outcomes, uint64_t *deals);

/* 1 if each player can get a combo sharing no card with the others' and the `known` cards,
 * 0 if not, HR_ERR_BUDGET when about `budget` combo checks did not decide it (the search and,
 * where it does not decide at once, random greedy deals spend up to about twice that). */
int hr_ranges_feasible(const uint8_t *combos, const int32_t *combo_start, int nplayers, const uint8_t *known,
                       int nknown, int64_t budget);

/* Equity's players read in one call, the common case only: player p is the text
 * text[text_start[p] .. text_start[p + 1]), plain Hold'em range items (pairs, two ranks with
 * s or o, '+', spans, 'random') separated by commas and spaces, or, where fixed[2p] is not
 * 0xFF, the two known cards fixed[2p], fixed[2p + 1]. combos (room for 1,326 a player) gets
 * each player's combos in handrank.ranges' order, higher card first, less those holding a
 * known or a known player's card; combo_start[p] is player p's first. 1 when every player is
 * read, keeps a combo, and the players can be dealt together (hr_ranges_feasible within
 * `budget`); 0 for anything else (weights, other tokens, a card twice, an empty range, an
 * impossible or undecided deal): the caller then reads the players the long way, which says
 * what is wrong. */
int hr_ranges_text(const uint8_t *text, const int32_t *text_start, const uint8_t *fixed, int nplayers,
                   const uint8_t *known, int nknown, int64_t budget, uint8_t *combos, int32_t *combo_start);

/* Heads-up preflop without dead cards, from the precomputed table: every pair of the two
 * players' combos that shares no card, weighted, over all 1,712,304 boards each. Only the
 * first player's combos [first, end) (counted from its first) are summed, each added to
 * outcomes in turn: calls over consecutive slices give the bits of one call over all, and
 * each stays short enough for Ctrl-C to be seen between them. HR_ERR_RANGE for a bad slice. */
int hr_equity_preflop(const uint8_t *combos, const int32_t *combo_start, const double *weights, int32_t first,
                      int32_t end, double *outcomes, uint64_t *deals);

/* The preflop table's class key of each matchup (4 card ids a row: two holdings); returns -1,
 * or the first row with a bad id or a card twice (its key unset). */
int64_t hr_preflop_keys(const uint8_t *matchups, int64_t n, uint32_t *keys);
/* Class against class preflop (169 x 169, chart order: cell = row * 13 + column, rows and
 * columns A .. 2, pairs on the diagonal, suited above it, offsuit below): for each combo
 * numbered [first, end) of the 1,326 (first card 1..51, second below it, in that order) against
 * every combo that shares no card, sums[(a * 169 + b) * 3 + m] adds the boards a's combo wins
 * (m = 0), splits (1) and all boards (2). HR_ERR_RANGE for a bad slice. */
int hr_preflop_matrix(int32_t first, int32_t end, double *sums);
/* hr_combo_equity's share and weight for heads-up preflop without dead cards, from the table
 * (each board counted once), for player 0's combos [first, end) counted from its first. */
int hr_combo_equity_preflop(const uint8_t *combos, const int32_t *combo_start, const double *weights, int32_t first,
                            int32_t end, double *share, double *weight);

/* Monte Carlo: `trials` deals in all, numbered in chunks of HR_EQUITY_CHUNK; this call deals
 * chunks [first_chunk, end_chunk), chunk c from its own random stream seeded by (seed, c), so
 * the counts for a seed do not depend on how the chunks are shared out. Combos are drawn by
 * weight (see monte_carlo.c for ranges that share cards). Where ranges overlap so much that
 * the combos follow a walk, successive deals are not independent: then, if `batches` (an
 * array of nplayers + 1, or NULL) is given, batches[q] adds the square of player q's units
 * over each batch of successive deals (batch means) and batches[nplayers] is set to the
 * deals of a batch (64; chunks hold whole batches); otherwise it is left alone. */
int hr_equity_monte_carlo(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                          const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint64_t seed,
                          uint64_t trials, uint64_t first_chunk, uint64_t end_chunk, uint64_t *outcomes,
                          uint64_t *batches);

/* hr_showdown_batch in short deck (trips_beat_straight: three of a kind beats a straight):
 * ranks 1..1404; a card below six (id < 16) is HR_ERR_CARD, like an id above 51. */
int64_t hr_sd_showdown_batch(int trips_beat_straight, const uint8_t *holes, const uint8_t *boards, int64_t nrows,
                             int nplayers, uint16_t *ranks, uint16_t *shares, int *error);
/* Seven-card stud (Hold'em's ranks) or, with razz, Razz (ace-to-five ranks) showdowns of
 * nrows deals of nplayers (1..7) hands of seven cards, no board: ranks and pot shares
 * (1/HR_SHARE_UNITS, ties split) as hr_showdown_batch writes them. -1, or the first bad deal
 * with *error set: HR_ERR_CARD (an id above 51) or HR_ERR_DUPLICATE (a card twice, in a hand or
 * across hands); HR_ERR_PLAYERS for a player count out of range. */
int64_t hr_stud_showdown_batch(int razz, const uint8_t *hands, int64_t nrows, int nplayers, uint16_t *ranks,
                               uint16_t *shares, int *error);
/* Add up the shares of nrows showdowns of nplayers (1..52; any game's shares, a pot being
 * HR_SHARE_UNITS): for each player q, sums[q] += the pots won whole, sums[n + q] += those split,
 * sums[2n + q] += the units won, sums[3n + q] += the units squared. 0, or HR_ERR_PLAYERS or
 * HR_ERR_COUNT for counts out of range. */
int hr_share_sums(const uint16_t *shares, int64_t nrows, int nplayers, int64_t *sums);

/* ----------------------------------------------------------------------- range analysis
 * Each combo's made-hand class (made[i], HR_MADE_*) and draws (draws[i], HR_DRAW_* bits; none
 * on a 5-card board) on a board of 3..5 cards, as defined in docs/guide/analysis.md. Returns 0,
 * HR_ERR_BOARD, HR_ERR_CARD or HR_ERR_DUPLICATE (a card twice in the board or a combo, or a
 * combo holding a board card); on an error `made` and `draws` are unspecified. */
#define HR_MADE_STRAIGHT_FLUSH 0
#define HR_MADE_QUADS 1
#define HR_MADE_FULL_HOUSE 2
#define HR_MADE_FLUSH 3
#define HR_MADE_STRAIGHT 4
#define HR_MADE_SET 5
#define HR_MADE_TRIPS 6
#define HR_MADE_BOARD_TRIPS 7
#define HR_MADE_TWO_PAIR 8
#define HR_MADE_OVERPAIR 9
#define HR_MADE_TOP_PAIR_TOP_KICKER 10
#define HR_MADE_TOP_PAIR_GOOD_KICKER 11
#define HR_MADE_TOP_PAIR_WEAK_KICKER 12
#define HR_MADE_POCKET_BELOW_TOP 13
#define HR_MADE_MIDDLE_PAIR 14
#define HR_MADE_BOTTOM_PAIR 15
#define HR_MADE_UNDERPAIR 16
#define HR_MADE_BOARD_PAIR 17
#define HR_MADE_ACE_HIGH 18
#define HR_MADE_HIGH_CARD 19
#define HR_DRAW_FLUSH 1
#define HR_DRAW_NUT_FLUSH 2
#define HR_DRAW_OPEN_ENDED 4
#define HR_DRAW_GUTSHOT 8
#define HR_DRAW_COMBO 16
#define HR_DRAW_BACKDOOR_FLUSH 32
#define HR_DRAW_BACKDOOR_STRAIGHT 64
int hr_breakdown(const uint8_t *combos, int ncombos, const uint8_t *board, int nboard, uint8_t *made,
                 uint16_t *draws);

/* Exact equity of each combo of player 0's range against the others' (see combo_equity.c):
 * over the runouts numbered [first, end), one per orbit of `group` (as hr_equity_ranges: from
 * hr_equity_symmetry, or just {0}; HR_ERR_RANGE if it does not fix player 0's range), share[i]
 * adds the weight of combo i's deals times its part of the pot and weight[i] the weight of
 * its deals (a deal's weight is the product of its combos' weights), for i < combo_start[1].
 * Returns 0 or HR_ERR_*. */
int hr_combo_equity(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                    const uint8_t *board, int nboard, const uint8_t *dead, int ndead, const uint8_t *group,
                    int ngroup, uint64_t first, uint64_t end, double *share, double *weight);

/* ------------------------------------------------------------------ simulations in bulk */
#define HR_DEAL_RANDOM 255 /* in fixed_holes: this hole card is dealt at random */

/* Deal `ndeals` independent hands (numbered in chunks of HR_EQUITY_CHUNK, chunk c from the
 * stream seeded by (seed, c); this call deals chunks [first_chunk, end_chunk), into rows
 * counted from first_chunk's first deal): nplayers x 2 hole cards into holes[row][player][2]
 * and nboard board cards into boards[row][nboard]. fixed_holes[2p], [2p+1] are player p's
 * cards, each a card id or HR_DEAL_RANDOM (dealt at random, in order); the first
 * nfixed_board board cards are fixed_board; dead cards are never dealt. Returns 0 or HR_ERR_*. */
int hr_deal(uint64_t seed, uint64_t ndeals, uint64_t first_chunk, uint64_t end_chunk, int nplayers,
            const uint8_t *fixed_holes, int nboard, const uint8_t *fixed_board, int nfixed_board, const uint8_t *dead,
            int ndead, uint8_t *holes, uint8_t *boards);
/* hr_deal for any game: `nhole` cards a player (1..7; players x nhole <= 52), from the deck of
 * ids `lowest`..51 (16 for short deck); any of fixed_holes' ids may be HR_DEAL_RANDOM. */
int hr_deal_game(uint64_t seed, uint64_t ndeals, uint64_t first_chunk, uint64_t end_chunk, int nplayers, int nhole,
                 int lowest, const uint8_t *fixed_holes, int nboard, const uint8_t *fixed_board, int nfixed_board,
                 const uint8_t *dead, int ndead, uint8_t *holes, uint8_t *boards);

/* Showdowns of `nrows` deals: holes[row][player][2] and a 5-card boards[row][5]. ranks[row]
 * [player] gets each player's rank, shares[row][player] the share of the pot in
 * 1/HR_SHARE_UNITS (each row sums to HR_SHARE_UNITS). Returns -1, or the first bad row with
 * *error set (a card id above 51, a card twice in the row, not 1..HR_MAX_PLAYERS players). */
int64_t hr_showdown_batch(const uint8_t *holes, const uint8_t *boards, int64_t nrows, int nplayers, uint16_t *ranks,
                          uint16_t *shares, int *error);

/* Hand strength of the 1,326 holdings (h = hi * (hi - 1) / 2 + lo, cards lo < hi) on a board
 * of 3..5 cards. now[h] (if not NULL): 2 x opponents beaten + opponents tied on the board as it
 * stands, -1 where the holding meets the board. For the river runouts numbered [first, end)
 * (lexicographic order of the unseen cards), each holding that misses the runout adds its
 * river numerator n (out of 2 x 990) to sum[h], n * n to sum_squares[h], 1 to runouts[h] and,
 * with bins > 0, 1 to histogram[h * bins + n * bins / 1980] (the last bin takes 1980). */
int hr_hand_strength(const uint8_t *board, int nboard, int bins, uint64_t first, uint64_t end, int32_t *now,
                     uint64_t *sum, uint64_t *sum_squares, uint32_t *runouts, uint32_t *histogram);

/* OCHS: the hand strength of each of the 1,326 holdings against each cluster of opponent
 * holdings (cluster_of[h] in 0 .. nclusters - 1, nclusters at most HR_MAX_CLUSTERS) on each
 * river runout [first, end) of a board of 3..5 cards (numbered as hr_hand_strength's). Where a
 * holding misses the runout and cluster c has opponents left (sharing no card with it or the
 * river), (2 x beaten + tied) / (2 x opponents) is added to sum[h * nclusters + c] and 1 to
 * runouts[h * nclusters + c]; runouts are summed in order, so a board's call gives the same
 * doubles on any thread. HR_ERR_RANGE for a cluster id out of range. */
#define HR_MAX_CLUSTERS 64
int hr_hand_strength_ochs(const uint8_t *board, int nboard, const uint8_t *cluster_of, int nclusters,
                          uint64_t first, uint64_t end, double *sum, uint32_t *runouts);

/* The index of the holding of cards a and b (either order), or a negative HR_ERR_*. */
int hr_holding_index(int a, int b);

/* ---------------------------------------------------------------- ace-to-five lowball */
/* Ranks 1 (5-4-3-2-A) .. HR_A5_RANK_COUNT (K-K-K-K-Q); 1..HR_A5_LOW8_COUNT are the 8-or-better
 * lows (lowball_tables.h). As hr_rank_batch, for the best ace-to-five five of 5..7 cards. */
int64_t hr_a5_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);

/* The hands of `ncards` (5..7) cards with lowest card id `lowest` ranked ace-to-five, added
 * to counts[rank] for rank 1..6175, as hr_census. */
int hr_a5_census(int ncards, int lowest, uint64_t *counts);

/* ---------------------------------------------------------------- deuce-to-seven lowball */
/* Ranks 1 (7-5-4-3-2 of mixed suits) .. HR_27_RANK_COUNT (a royal flush) of five cards (ncards
 * must be 5); as hr_rank_batch otherwise. */
int64_t hr_27_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);

/* Every five-card hand ranked deuce-to-seven: counts[rank] for rank 1..7462. */
int hr_27_census(uint64_t *counts);

/* ---------------------------------------------------------------- short deck (6+) */
/* Ranks 1 (royal flush) .. HR_SD_RANK_COUNT (J-9-8-7-6) of the best five of 5..7 cards from the
 * 36-card deck (ids 16..51; a lower id is HR_ERR_CARD); as hr_rank_batch otherwise. The tbs
 * batch and trips_beat_straight != 0 rank three of a kind above a straight. */
int64_t hr_sd_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);
int64_t hr_sd_tbs_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);

/* Every hand of `ncards` (5..7) short-deck cards: counts[rank] for rank 1..1404. */
int hr_sd_census(int ncards, int trips_beat_straight, uint64_t *counts);

/* hr_equity_ranges and hr_equity_monte_carlo on the short deck: cards below six are never
 * dealt, and a board or dead card below six is HR_ERR_CARD. */
int hr_sd_equity_ranges(int trips_beat_straight, const uint8_t *combos, const int32_t *combo_start,
                        const double *weights, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead,
                        int ndead, const uint8_t *group, int ngroup, uint64_t first, uint64_t end, double *outcomes,
                        uint64_t *deals);
int hr_sd_equity_monte_carlo(int trips_beat_straight, const uint8_t *combos, const int32_t *combo_start,
                             const double *weights, int nplayers, const uint8_t *board, int nboard,
                             const uint8_t *dead, int ndead, uint64_t seed, uint64_t trials, uint64_t first_chunk,
                             uint64_t end_chunk, uint64_t *outcomes, uint64_t *batches);

/* ---------------------------------------------------------------- Omaha */
#define HR_OMAHA_NO_LOW 57 /* no 8-or-better low: worse than every low (1..56) */
/* Rows of `nhole` (4..6) hole cards and 5 board cards: the best five of exactly two hole and
 * three board cards, high (Hold'em's ranks) into high[] and the ace-to-five 8-or-better low
 * (1..56, or HR_OMAHA_NO_LOW) into low[]; either may be NULL. As hr_rank_batch otherwise: -1,
 * or the first bad row with *error (HR_ERR_CARD, HR_ERR_DUPLICATE across hole and board, or
 * HR_ERR_COUNT for another hole count). */
int64_t hr_omaha_batch(const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, uint16_t *high,
                       uint16_t *low, int *error);
/* Omaha's pair tables: for each of the HR_OMAHA_BOARDS 5-rank board multisets (whose row
 * starts at entry board_row[slot of its rank-key sum], slots: hr_omaha_slots()) and each of
 * the HR_OMAHA_PAIRS pairs of hole ranks (a <= b at b (b + 1) / 2 + a), the best non-flush
 * high and the best low over the board's triples. hr_omaha_build fills caller-owned arrays
 * (boards x pairs entries each, and hr_omaha_slots() entries); hr_omaha_table_batch is
 * hr_omaha_batch through them. */
#define HR_OMAHA_BOARDS 6175
#define HR_OMAHA_PAIRS 91
uint32_t hr_omaha_slots(void);
int hr_omaha_build(uint16_t *high, uint16_t *low, uint32_t *board_row);
int64_t hr_omaha_table_batch(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                             const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, uint16_t *high,
                             uint16_t *low, int *error);
/* One Omaha hand through the pair tables: its high rank | its low (1..56 or HR_OMAHA_NO_LOW)
 * << 16, or a negative HR_ERR_*. A NULL table is not read: its part of the answer is then
 * HR_RANK_COUNT (high) or HR_OMAHA_NO_LOW (low). */
int hr_omaha_hand(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                  const uint8_t *hole, int nhole, const uint8_t *board);
/* Omaha showdowns of rows of `nplayers` x `nhole` hole cards on 5-card boards, through the pair
 * tables: each player's high rank (ranks), low (lows, unless NULL; HR_OMAHA_NO_LOW without one
 * or without hilo) and share of a pot of 2 x HR_SHARE_UNITS (shares; hilo splits it between the
 * best high and the best low, the high taking all with no low). -1, or the first bad row (an id
 * above 51, or a card twice in the row) with *error set; rows before it are done. */
int64_t hr_omaha_showdown_batch(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                                const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, int nplayers,
                                int hilo, uint16_t *ranks, uint16_t *lows, uint16_t *shares, int *error);

/* Omaha equity of 2..HR_MAX_PLAYERS players of `nhole` hole cards each (a player whose ids are
 * all 255 gets random cards), on a board of 0, 3, 4 or 5 cards with dead cards out. trials == 0:
 * exact, the runouts [first, end) in lexicographic order of the unseen cards (no random
 * players). trials > 0: Monte Carlo, chunks [first, end) of HR_EQUITY_CHUNK deals, chunk c from
 * the stream of (seed, c). Each deal's pot is 2 x HR_SHARE_UNITS; hilo splits it between the
 * best high and the best 8-or-better low (the high takes it all without a low). Adds, per
 * player q, to counts[3q] the deals won whole, counts[3q + 1] those shared, counts[3q + 2] the
 * units won, squares[q] (if given) the units squared (exact integers), and to *deals. Returns 0 or HR_ERR_*. */
int hr_omaha_equity(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                    const uint8_t *holes, int nhole, int nplayers, const uint8_t *board, int nboard,
                    const uint8_t *dead, int ndead, int hilo, uint64_t seed, uint64_t trials, uint64_t first,
                    uint64_t end, uint64_t *counts, uint64_t *squares, uint64_t *deals);

/* Omaha equity of ranges: player p holds one of the combos [combo_start[p], combo_start[p + 1])
 * of `nhole` cards each (combos[nhole * i ...]), weighted (weights > 0); an empty range is a random
 * player (Monte Carlo only). Exact: every assignment of combos sharing no card whose first player's
 * combo is [first, end) of its range, over every runout; sums[3q .. 3q + 2] add player q's deals won
 * whole, shared and its units of a 2 x HR_SHARE_UNITS pot, each times the deal's weight (the
 * product of its combos' weights), *weight the deals' weight, *deals their count. Monte Carlo:
 * as hr_omaha_equity, each ranged player's combo drawn by weight (a deal whose combos share a card
 * is drawn again; HR_ERR_IMPOSSIBLE after 2^20 tries in a row). Where such draws seldom fit (fewer
 * than 1 in 64 of a fixed sample), the combos instead follow a random walk whose steady state is
 * the same distribution (omaha.c), from a deal found when the plan is made (HR_ERR_IMPOSSIBLE
 * when none is found). Returns 0 or HR_ERR_*. */
int hr_omaha_equity_ranges(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                           const uint8_t *combos, const int32_t *combo_start, const double *weights, int nhole,
                           int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead, int hilo,
                           int32_t first, int32_t end, double *sums, double *weight, uint64_t *deals);
int hr_omaha_equity_ranges_mc(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                              const uint8_t *combos, const int32_t *combo_start, const double *weights, int nhole,
                              int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead,
                              int hilo, uint64_t seed, uint64_t trials, uint64_t first, uint64_t end,
                              uint64_t *counts, uint64_t *squares, uint64_t *deals);
/* The same Monte Carlo in two steps, so that a call's slices share one plan: its bytes (at
 * most; 0 for bad counts), the plan made into `plan` (the spot checked as above; HR_ERR_MEMORY
 * when `bytes` is fewer than hr_omaha_ranges_plan_bytes asks), and chunks [first, end) drawn
 * from it, as hr_omaha_equity_ranges_mc does, on any number of threads at once. With
 * `resume` (HR_OMAHA_RESUME_BYTES bytes, zeroed before the first call; or NULL), a call of
 * crowded ranges (more than 8 redraws a deal of the call, and 2^18; or as much work of the
 * walk) pauses: it counts the deals done, notes where it stopped in `resume` and returns 1; the
 * same call again goes on from there, drawing what one unpaused call would (HR_ERR_RANGE for a
 * note that is not one). */
#define HR_OMAHA_RESUME_BYTES 512
uint64_t hr_omaha_ranges_plan_bytes(const int32_t *combo_start, const double *weights, int nhole, int nplayers);
int hr_omaha_ranges_plan(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nhole,
                         int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead, int hilo,
                         void *plan, uint64_t bytes);
int hr_omaha_ranges_deal(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                         const void *plan, uint64_t seed, uint64_t trials, uint64_t first, uint64_t end,
                         uint64_t *counts, uint64_t *squares, uint64_t *deals, void *resume);
/* 1 when a plan's hands follow the walk (crowded ranges): then `squares` add the square of each
 * batch of HR_OMAHA_BATCH successive deals' units, not of each deal's (the walk's deals share
 * hands; their spread is taken from batch means). */
#define HR_OMAHA_BATCH 32
int hr_omaha_ranges_walks(const void *plan);
/* 1 if every player can get one of its combos (card masks; an empty range is skipped) with no card
 * shared, 0 if not, HR_ERR_BUDGET when about `budget` steps did not decide it (as
 * hr_ranges_feasible: up to about twice that in all). */
int hr_omaha_ranges_feasible(const uint64_t *masks, const int32_t *combo_start, int nplayers, int64_t budget);

/* ------------------------------------------------------------------------ one hand a call
 * handrank._percall (csrc/ext/percall.c) is a CPython extension that ranks one hand a call
 * without cffi's per-call cost. It links no tables of its own: it calls the kernel in
 * handrank._core through these pointers, handed over once at import (hr_percall_api returns
 * the address of a constant struct; HR_PERCALL_VERSION guards against a stale build). */
#define HR_PERCALL_VERSION 2
typedef int64_t (*hr_batch_fn)(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);
typedef struct hr_iso hr_iso_t;
struct hr_percall_api {
    int version;
    int (*rank)(const uint8_t *cards, int ncards); /* hr_rank */
    hr_batch_fn shortdeck, shortdeck_trips, deuce_to_seven, ace_to_five; /* the games' *_rank_batch */
    int (*omaha_hand)(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                      const uint8_t *hole, int nhole, const uint8_t *board); /* hr_omaha_hand */
    int64_t (*iso_index)(const hr_iso_t *iso, int round, const uint8_t *cards, int64_t nrows, uint64_t *out,
                         int *error); /* hr_iso_index_batch */
    int64_t (*iso_unindex)(const hr_iso_t *iso, int round, const uint64_t *indexes, int64_t nrows, uint8_t *cards,
                           int *error); /* hr_iso_unindex_batch */
};
uintptr_t hr_percall_api(void);

/* ------------------------------------------------------------------------ isomorphism
 * A perfect hash of hands up to suit permutation for a sequence of rounds (cards per round,
 * cards within a round unordered): csrc/isomorphism.c. An indexer is built once and only
 * read after that, from any number of threads. Round r (0-based) indexes the cards of rounds
 * 0..r, given round after round. Short deck: ranks six to ace, card ids 16..51. */
#define HR_ISO_MAX_ROUNDS 8
/* NULL with *error HR_ERR_COUNT (rounds not 1..8, a round not 1.. cards, too many cards, or a
 * round structure too large to list) or HR_ERR_MEMORY. */
hr_iso_t *hr_iso_new(const int *cards_per_round, int rounds, int short_deck, int *error);
void hr_iso_free(hr_iso_t *iso);
/* Classes of round `round` (0 for a bad round), and the cards a hand of that round has. */
uint64_t hr_iso_size(const hr_iso_t *iso, int round);
int hr_iso_cards(const hr_iso_t *iso, int round);
/* Index each row of hr_iso_cards(round) card ids; -1, or the first bad row with *error
 * HR_ERR_CARD (an id outside the deck) or HR_ERR_DUPLICATE (rows before it are done). */
int64_t hr_iso_index_batch(const hr_iso_t *iso, int round, const uint8_t *cards, int64_t nrows, uint64_t *out,
                           int *error);
/* The canonical hand of each index (its rounds in order, each round's ids increasing); -1,
 * or the first index of at least hr_iso_size(round), *error HR_ERR_RANGE. */
int64_t hr_iso_unindex_batch(const hr_iso_t *iso, int round, const uint64_t *indexes, int64_t nrows, uint8_t *cards,
                             int *error);

/* ------------------------------------------------------------------------ EMD k-means
 * Histograms clustered under the earth mover's distance (csrc/kmeans.c): points are cumulative
 * histograms (n x bins uint16, each row ending at the same total, at most `top`), centroids
 * int32 cumulative histograms (k x bins); distances are L1 in count x bin units. */
/* Each point of [first, end): its nearest centroid (the lowest on a tie) and the distance. */
int64_t hr_emd_assign(const uint16_t *cdf, int64_t first, int64_t end, int bins, const int32_t *centroids, int k,
                      int32_t *assign, uint64_t *distance);
/* distance[i] = min(distance[i], distance of point i to `centroid`), for k-means++. */
int64_t hr_emd_nearest(const uint16_t *cdf, int64_t first, int64_t end, int bins, const int32_t *centroid,
                       uint64_t *distance);
/* Plain k-means: each point of [first, end) (rows of d doubles) to its nearest of k centres
 * (squared Euclidean distance summed in dimension order; the lowest centre on a tie). */
int64_t hr_kmeans_assign(const double *points, int64_t first, int64_t end, int d, const double *centers, int k,
                         int32_t *assign, double *distance);
/* k-means++'s steps: distance[i] = min(distance[i], point i's squared distance to `center`)
 * for [first, end); and the running sum of distance x weight from *running, point by point
 * in order (numpy's cumsum, bit for bit), up to the first point where it passes `target`:
 * that point (or `end`), *running updated (+inf as target: the whole sum). */
int64_t hr_kmeans_nearer(const double *points, int64_t first, int64_t end, int d, const double *center,
                         double *distance);
int64_t hr_kmeans_running(const double *distance, const double *weights, int64_t first, int64_t end, double *running,
                          double target);
/* Each cluster's weighted sums of its points' coordinates (k x d, added to) and its weight
 * (k, added to), the points taken in order (numpy's bincount's sums, bit for bit); HR_ERR_RANGE
 * for a label outside 0..k-1. */
int64_t hr_kmeans_sums(const double *points, int64_t n, int d, const int32_t *labels, const double *weights, int k,
                       double *sums, double *totals);
/* Add each point's weight (1 without weights) to counts[cluster][bin][value]: k x bins x (top + 1). */
int64_t hr_emd_count(const uint16_t *cdf, const uint32_t *weights, const int32_t *assign, int64_t first, int64_t end,
                     int bins, int k, int top, uint64_t *counts);
/* Each cluster's per-bin weighted median from the counts (an empty cluster keeps its centroid). */
int hr_emd_medians(const uint64_t *counts, int bins, int k, int top, int32_t *centroids);
/* The distinct rows of an n x width byte array, found by hashing, in the order each first
 * appears: rows [first, end) are added to what rows before `first` found (ndistinct of them,
 * 0 at the start). `table` has mask + 1 slots (a power of two above 2 n: at most half full),
 * zero at the start and kept between calls; firsts[id] is a distinct row's first row,
 * counts[id] how many rows it stands for, inverse[row] its id (each array n long). Returns
 * the distinct rows so far, or HR_ERR_COUNT for arguments out of these bounds. */
int64_t hr_distinct_rows(const uint8_t *rows, int64_t width, int64_t first, int64_t end, uint32_t *table,
                         uint64_t mask, int64_t ndistinct, uint32_t *firsts, uint32_t *counts, uint32_t *inverse);

#endif
