/* Random and hostile inputs to every equity entry point of the kernel, for a build with
 * -fsanitize=address,undefined (tests/fuzz/run.sh). Checks only that nothing reads or
 * writes out of bounds, overflows or crashes; answers are checked by the Python tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handrank.h"

#define FUZZ_SEED 88172645463325252ull
#include "xorshift.h"
static int upto(int n) { return (int)(next() % (uint64_t)n); }

/* Mostly valid cards, sometimes anything. */
static uint8_t card(void) { return upto(50) ? (uint8_t)upto(52) : (uint8_t)upto(256); }

/* The showdowns whose winners are settled by vectors (8 or 16 lanes from a row's first rank),
 * on arrays exactly as long as their rows: every player count, and row counts around the
 * blocks and the vectors' widths, so that no vector lane reads or writes past the arrays. */
static void exact_showdowns(const uint16_t *high, const uint16_t *low, const uint32_t *row) {
    static uint8_t cards[200 * 57];
    for (int players = 1; players <= 10; players++)
        for (int rows = 1; rows <= 200; rows += rows < 20 ? 1 : 31) {
            for (int r = 0; r < rows; r++) { /* a deal a row: 52 distinct cards then 5 more (unused),
                                               now and then a bad one anywhere */
                uint8_t *deal = cards + (size_t)r * 57;
                for (int c = 0; c < 57; c++) deal[c] = (uint8_t)(c % 52);
                for (int j = 0; j < 52; j++) {
                    int k = j + upto(52 - j);
                    uint8_t t = deal[j];
                    deal[j] = deal[k];
                    deal[k] = t;
                }
                if (!upto(300)) deal[upto(57)] = card();
            }
            size_t n = (size_t)rows * (size_t)players;
            uint16_t *ranks = malloc(2 * n), *lows = malloc(2 * n), *shares = malloc(2 * n);
            int err = 0;
            for (int nhole = 4; nhole <= 6 && ranks && lows && shares; nhole++) {
                if (players * nhole + 5 > 52) continue;
                uint8_t *holes = malloc(n * (size_t)nhole), *boards = malloc(5 * (size_t)rows);
                for (int r = 0; r < rows && holes && boards; r++) {
                    memcpy(holes + (size_t)r * players * nhole, cards + (size_t)r * 57, (size_t)(players * nhole));
                    memcpy(boards + 5 * r, cards + (size_t)r * 57 + 47, 5);
                }
                if (holes && boards)
                    for (int hilo = 0; hilo < 2; hilo++)
                        hr_omaha_showdown_batch(high, low, row, holes, nhole, boards, rows, players, hilo, ranks,
                                                hilo ? lows : NULL, shares, &err);
                free(holes);
                free(boards);
            }
            if (ranks && shares) {
                uint8_t *holes = malloc(n * 2), *boards = malloc(5 * (size_t)rows);
                for (int r = 0; r < rows && holes && boards; r++) {
                    memcpy(holes + (size_t)r * players * 2, cards + (size_t)r * 57, (size_t)(2 * players));
                    memcpy(boards + 5 * r, cards + (size_t)r * 57 + 47, 5);
                }
                if (holes && boards) hr_showdown_batch(holes, boards, rows, players, ranks, shares, &err);
                free(holes);
                free(boards);
                if (players <= 7) {
                    uint8_t *hands = malloc(n * 7);
                    for (int r = 0; r < rows && hands; r++)
                        memcpy(hands + (size_t)r * players * 7, cards + (size_t)r * 57, (size_t)(7 * players));
                    if (hands)
                        for (int razz = 0; razz < 2; razz++)
                            hr_stud_showdown_batch(razz, hands, rows, players, ranks, shares, &err);
                    free(hands);
                }
            }
            free(ranks);
            free(lows);
            free(shares);
        }
}

int main(int argc, char **argv) {
    long rounds = argc > 1 ? atol(argv[1]) : 2000;
    static uint8_t combos[2 * 1400 * 10], board[8], dead[16], group[24], keys_in[64];
    static int32_t start[12];
    static double weights[1400 * 10], sums[1 << 10];
    static int64_t counts[1 << 10];
    static uint64_t mc[1 << 10], batches[10 + 1];
    static uint32_t keys[16];
    static double share[1400], weight[1400], matrix[169 * 169 * 3];
    static uint8_t made[1400 * 10];
    static uint16_t draws[1400 * 10];
    static uint16_t omaha_high[HR_OMAHA_BOARDS * HR_OMAHA_PAIRS], omaha_low[HR_OMAHA_BOARDS * HR_OMAHA_PAIRS];
    static uint32_t omaha_row[1 << 17];
    if (hr_omaha_slots() > (1u << 17) || hr_omaha_build(omaha_high, omaha_low, omaha_row)) return 1;
    exact_showdowns(omaha_high, omaha_low, omaha_row);
    for (long r = 0; r < rounds; r++) {
        int n = upto(12), nboard = upto(7), ndead = upto(6);
        for (int i = 0; i < nboard; i++) board[i] = card();
        for (int i = 0; i < ndead; i++) dead[i] = card();
        int total = 0;
        start[0] = 0;
        for (int p = 0; p < n && p < 11; p++) {
            int size = upto(8) ? 1 + upto(upto(4) ? 8 : 1400) : 0;
            for (int i = 0; i < size && total < 1400 * 10; i++, total++) {
                combos[2 * total] = card();
                combos[2 * total + 1] = card();
                weights[total] = upto(20) ? 0.1 + upto(100) : (upto(2) ? -1.0 : 0.0);
            }
            start[p + 1] = total;
        }
        if (!upto(10)) start[0] = upto(3);
        memset(counts, 0, sizeof counts);
        memset(sums, 0, sizeof sums);
        memset(mc, 0, sizeof mc);
        int nplayers = n <= 10 ? n : 10;
        uint8_t holes[20];
        for (int i = 0; i < 20; i++) holes[i] = card();
        hr_equity_fixed(holes, n, board, nboard, dead, ndead, counts);
        if (r % 16 == 0) hr_equity_enumerate(holes, n, board, nboard, dead, ndead, upto(60) - 4, upto(60), counts);
        if (n >= 1 && n <= 10) {
            int ngroup = hr_equity_symmetry(combos, start, weights, n, board, nboard, dead, ndead, group);
            if (ngroup < 1) {
                ngroup = 1;
                group[0] = 0;
            }
            if (upto(10) == 0) group[upto(ngroup)] = (uint8_t)upto(40);
            if (nboard >= 3 || total < 40)
                hr_equity_ranges(combos, start, weights, n, board, nboard, dead, ndead, group, ngroup,
                                 (uint64_t)upto(3000), (uint64_t)upto(3000), sums, (uint64_t *)mc);
            hr_ranges_feasible(combos, start, n, dead, ndead, 100000);
            { /* players as text: plain range items, odd characters and known cards */
                static const char alphabet[] = "AKQJT98765432akqjtsoSO+-, ()random:.\t\x80";
                static uint8_t text[240], fixed[20], read[2 * 1326 * 10];
                static int32_t text_start[11], read_start[11];
                uint64_t before_text = state;
                text_start[0] = 0;
                for (int p = 0; p < n && p < 10; p++) text_start[p + 1] = text_start[p] + upto(24);
                for (int i = 0; i < 240; i++)
                    text[i] = upto(20) ? (uint8_t)alphabet[upto((int)sizeof alphabet - 1)] : (uint8_t)upto(256);
                for (int i = 0; i < 20; i++) fixed[i] = upto(4) ? 0xFF : card();
                hr_ranges_text(text, text_start, fixed, n, dead, ndead, 100000, read, read_start);
                state = before_text;
            }
            uint64_t before_added = state; /* what was added later draws from a copy of the stream: the
                                            * rest of each round draws what it drew before */
            if ((nboard >= 3 && n == 2) || total < 40) /* range analysis: each combo's equity (walks: small ranges) */
                hr_combo_equity(combos, start, weights, n, board, nboard, dead, ndead, group, ngroup,
                                (uint64_t)upto(3000), (uint64_t)upto(3000), share, weight);
            state = before_added;
            hr_equity_monte_carlo(combos, start, weights, n, board, nboard, dead, ndead, next(), 1 + upto(3000), 0,
                                  1, mc, batches);
            /* short deck: the same engines with cards 0..15 out of the deck */
            if (nboard >= 3 || total < 40)
                hr_sd_equity_ranges(upto(2), combos, start, weights, n, board, nboard, dead, ndead, group, ngroup,
                                    (uint64_t)upto(3000), (uint64_t)upto(3000), sums, (uint64_t *)mc);
            hr_sd_equity_monte_carlo(upto(2), combos, start, weights, n, board, nboard, dead, ndead, next(),
                                     1 + upto(3000), 0, 1, mc, upto(2) ? batches : NULL);
        }
        if (n == 2) { /* slices in and out of range, empty and reversed ones too */
            hr_equity_preflop(combos, start, weights, (int32_t)upto(3) - 1, (int32_t)upto(40), sums, (uint64_t *)mc);
            uint64_t before_preflop = state;
            hr_combo_equity_preflop(combos, start, weights, (int32_t)upto(3) - 1, (int32_t)upto(40), share, weight);
            state = before_preflop;
        }
        uint64_t before_blocks = state;
        hr_breakdown(combos, upto(total + 1), board, nboard, made, draws);
        if (r % 8 == 0) { /* Omaha ranges: the combos read as hands of 4..6 cards, small ranges */
            int nhole = 4 + upto(3), players = upto(5), at = 0;
            static int32_t ostart[12];
            static uint64_t omasks[64];
            static double osums[3 * 11 + 1], oweight;
            static uint64_t ocounts[3 * 11], osquares[11], odeals;
            ostart[0] = upto(20) ? 0 : 1;
            for (int p = 0; p < players; p++) {
                int size = upto(4);
                at += size;
                ostart[p + 1] = at * nhole <= 2 * 1400 * 10 && at <= 64 ? at : ostart[p];
            }
            at = ostart[players];
            for (int i = 0; i < at; i++) omasks[i] = next() & 0xFFFFFFFFFFFFFull;
            hr_omaha_ranges_feasible(omasks, ostart, players, 1000);
            /* players with the same range (twins, dealt in order) and sparse masks, so that
             * the search and the weighted bound run, on a few budgets */
            if (players >= 2 && ostart[0] == 0) {
                int32_t size = ostart[1], twins[12];
                static uint64_t tmasks[64];
                for (int i = 0; i < size && i < 16; i++) tmasks[i] = (next() & next() & next()) & 0xFFFFFFFFFFFFFull;
                size = size < 16 ? size : 16;
                for (int p = 0; p <= players; p++) twins[p] = p * size;
                for (int p = 1; p < players; p++) memcpy(tmasks + p * size, tmasks, (size_t)size * sizeof *tmasks);
                hr_omaha_ranges_feasible(tmasks, twins, players, (int64_t)upto(3) * 500);
            }
            if (nboard >= 4) /* fewer runouts: the sanitizers make each showdown slow */
                hr_omaha_equity_ranges(omaha_high, omaha_low, omaha_row, combos, ostart, weights, nhole, players,
                                       board, nboard, dead, ndead, upto(2), (int32_t)upto(3) - 1, (int32_t)upto(3),
                                       osums, &oweight, &odeals);
            hr_omaha_equity_ranges_mc(omaha_high, omaha_low, omaha_row, combos, ostart, weights, nhole, players,
                                      board, nboard, dead, ndead, upto(2), next(), 1 + upto(300), 0, 1, ocounts,
                                      osquares, &odeals);
        }
        state = before_blocks;
        { /* bulk showdowns of other games: short deck's (ids below 16 refused), stud's and Razz's */
            int players = 1 + upto(11), rows = upto(70);
            static uint16_t sd_ranks[70 * 11], sd_shares[70 * 11];
            static uint8_t sd_holes[70 * 11 * 7], sd_boards[70 * 5];
            int error;
            for (int i = 0; i < rows * players * 7; i++) sd_holes[i] = upto(3) ? (uint8_t)(16 + upto(36)) : card();
            for (int i = 0; i < rows * 5; i++) sd_boards[i] = upto(3) ? (uint8_t)(16 + upto(36)) : card();
            hr_sd_showdown_batch(upto(2), sd_holes, sd_boards, rows, players, sd_ranks, sd_shares, &error);
            hr_stud_showdown_batch(upto(2), sd_holes, rows, players, sd_ranks, sd_shares, &error);
        }
        if (r % 200 == 0) hr_preflop_matrix((int32_t)upto(1400) - 20, (int32_t)upto(1400), matrix);
        if (r % 25 == 0) { /* valid, big, overlapping ranges: the indexed walk and the sampler's walk */
            int players = 3 + upto(3), at = 0;
            uint8_t river[5] = {0, 5, 10, 15, 20};
            start[0] = 0;
            for (int p = 0; p < players; p++) {
                int size = 60 + upto(300);
                for (int i = 0; i < size; i++, at++) {
                    int a = upto(52), b = upto(51);
                    b += b >= a;
                    combos[2 * at] = (uint8_t)a;
                    combos[2 * at + 1] = (uint8_t)b;
                    weights[at] = 1 + upto(3);
                }
                start[p + 1] = at;
            }
            group[0] = 0;
            memset(sums, 0, sizeof sums);
            hr_equity_ranges(combos, start, weights, 3, river, 5, dead, 0, group, 1, 0, 1, sums, (uint64_t *)mc);
            hr_equity_monte_carlo(combos, start, weights, players, river, 3, dead, 0, next(), 5000, 0, 1, mc, NULL);
        }
        { /* bulk simulation: dealing, showdowns, hand strength */
            static uint8_t dealt_holes[8 * 23 * 2], dealt_boards[8 * 5], fixed[46], rows_holes[160 * 20],
                rows_boards[160 * 5];
            static uint16_t row_ranks[160 * 10], row_shares[160 * 10];
            static int32_t now[1326];
            static uint64_t sum[1326], squares[1326];
            static uint32_t runs[1326], histogram[1326 * 8];
            int players = 1 + upto(25), nb = upto(7), nfixed = upto(7), err;
            for (int i = 0; i < 46; i++) fixed[i] = upto(3) ? 255 : card();
            hr_deal(next(), (uint64_t)upto(9), 0, 1, players, fixed, nb, board, nfixed, dead, ndead, dealt_holes,
                    dealt_boards);
            int sp = upto(12), rows = upto(160); /* up to two whole blocks of 64 and a rest */
            for (int i = 0; i < 160 * 20; i++) rows_holes[i] = card();
            for (int i = 0; i < 160 * 5; i++) rows_boards[i] = card();
            hr_showdown_batch(rows_holes, rows_boards, rows, sp, row_ranks, row_shares, &err);
            if (sp >= 1 && sp <= 10) { /* arrays of the exact size: any read or write past them faults */
                size_t nh = (size_t)rows * 2 * (size_t)sp, nr = (size_t)rows * (size_t)sp;
                uint8_t *exact_holes = malloc(nh ? nh : 1), *exact_boards = malloc(rows ? (size_t)rows * 5 : 1);
                uint16_t *exact_ranks = malloc(nr ? 2 * nr : 1), *exact_shares = malloc(nr ? 2 * nr : 1);
                memcpy(exact_holes, rows_holes, nh);
                memcpy(exact_boards, rows_boards, (size_t)rows * 5);
                if (upto(2)) /* valid rows: the vector paths run to the end */
                    for (int row = 0; row < rows; row++) {
                        uint8_t deck[52];
                        for (int c = 0; c < 52; c++) deck[c] = (uint8_t)c;
                        for (int c = 0; c < 5 + 2 * sp; c++) {
                            int pick = c + upto(52 - c);
                            uint8_t t = deck[pick];
                            deck[pick] = deck[c];
                            deck[c] = t;
                        }
                        memcpy(exact_boards + 5 * row, deck, 5);
                        memcpy(exact_holes + 2 * sp * row, deck + 5, 2 * (size_t)sp);
                    }
                hr_showdown_batch(exact_holes, exact_boards, rows, sp, exact_ranks, exact_shares, &err);
                free(exact_holes);
                free(exact_boards);
                free(exact_ranks);
                free(exact_shares);
            }
            hr_a5_rank_batch(rows_holes, rows / 2, 5 + upto(4), row_ranks, &err);  /* 8: refused */
            hr_27_rank_batch(rows_holes, rows / 2, 4 + upto(3), row_ranks, &err);
            hr_sd_rank_batch(rows_holes, rows / 2, 4 + upto(5), row_ranks, &err);
            static uint64_t row_masks[80];
            hr_card_masks(rows_holes, rows / 2, upto(9) - 1, row_masks); /* -1: refused */
            static int64_t share_sums[4 * 12];
            hr_share_sums(row_shares, rows / 2, upto(12), share_sums); /* 0 players: refused */
            hr_omaha_batch(rows_holes, 3 + upto(5), rows_boards, rows / 2, upto(2) ? row_ranks : NULL,
                           upto(2) ? row_shares : NULL, &err);
            static uint16_t omaha_high[HR_OMAHA_BOARDS * HR_OMAHA_PAIRS], omaha_low[HR_OMAHA_BOARDS * HR_OMAHA_PAIRS];
            static uint32_t omaha_index[90000];
            static int omaha_built = 0;
            if (!omaha_built)
                omaha_built = hr_omaha_slots() <= 90000 && hr_omaha_build(omaha_high, omaha_low, omaha_index) == 0;
            if (omaha_built) {
                hr_omaha_table_batch(omaha_high, omaha_low, omaha_index, rows_holes, 3 + upto(5), rows_boards, rows / 2,
                                     upto(2) ? row_ranks : NULL, upto(2) ? row_shares : NULL, &err);
                hr_omaha_hand(omaha_high, omaha_low, omaha_index, rows_holes + upto(8), 3 + upto(5),
                              rows_boards + upto(8));
            }
            if (r % 50 == 0 && omaha_built) { /* Omaha equity: exact on few runouts, or a little Monte Carlo */
                static uint64_t omaha_counts[3 * 10];
                static uint64_t omaha_squares[10];
                uint64_t omaha_deals = 0;
                int omaha_players = upto(12), omaha_hole = 3 + upto(5), omaha_board = upto(7);
                for (int i = 0; i < 60; i++) rows_holes[i] = upto(6) ? card() : 255;
                hr_omaha_equity(omaha_high, omaha_low, omaha_index, rows_holes, omaha_hole, omaha_players, board,
                                omaha_board < 3 ? 5 : omaha_board,
                                dead, ndead, upto(2), next(), upto(2) ? 0 : (uint64_t)(1 + upto(500)),
                                (uint64_t)upto(50), (uint64_t)upto(60), omaha_counts, upto(2) ? omaha_squares : NULL,
                                &omaha_deals);
            }
            if (omaha_built) { /* Omaha showdowns: rows of any ids, 0..11 players of 3..7 cards */
                static uint16_t sd_ranks[64 * 12], sd_lows[64 * 12], sd_shares[64 * 12];
                int sd_hole = 3 + upto(5), sd_players = upto(12), sd_rows = upto(4);
                for (int i = 0; i < 60; i++) rows_holes[i] = card();
                if (sd_hole * sd_players * sd_rows <= 60 && 5 * sd_rows <= 8)
                    hr_omaha_showdown_batch(omaha_high, omaha_low, omaha_index, rows_holes, sd_hole, board, sd_rows,
                                            sd_players, upto(2), sd_ranks, upto(2) ? sd_lows : NULL, sd_shares, &err);
            }
            hr_sd_tbs_rank_batch(rows_holes, rows / 2, 4 + upto(5), row_ranks, &err);
            if (r % 500 == 0) {
                static uint64_t sd_counts[1405];
                hr_sd_census(4 + upto(4), upto(2), sd_counts);
            }
            if (r % 200 == 0)
                hr_hand_strength(board, nboard, upto(9), (uint64_t)upto(40), (uint64_t)upto(60), upto(2) ? now : NULL,
                                 sum, squares, runs, upto(4) ? histogram : NULL);
        }
        for (int i = 0; i < 64; i++) keys_in[i] = card();
        hr_preflop_keys(keys_in, 16, keys);
        if (r % 10 == 0) { /* EMD k-means: points of any values, clusters and bounds, often out of range */
            static uint16_t km_cdf[64 * 8];
            static int32_t km_centroids[8 * 8], km_assign[64];
            static uint64_t km_distance[64], km_counts[8 * 8 * 20];
            int km_bins = 1 + upto(8), km_k = 1 + upto(8), km_n = upto(65), km_top = upto(20);
            for (int i = 0; i < 64 * 8; i++) km_cdf[i] = (uint16_t)(upto(4) ? upto(km_top + 1) : upto(30));
            for (int i = 0; i < 8 * 8; i++) km_centroids[i] = upto(20);
            /* rows of km_bins values: km_n of them fit the arrays (64 x 8) */
            hr_emd_assign(km_cdf, upto(3) - 1, km_n, km_bins, km_centroids, km_k, km_assign, km_distance);
            hr_emd_nearest(km_cdf, upto(3) - 1, km_n, km_bins, km_centroids, km_distance);
            for (int i = 0; i < 64; i++) km_assign[i] = upto(10) - 1;
            memset(km_counts, 0, sizeof km_counts);
            hr_emd_count(km_cdf, NULL, km_assign, upto(3) - 1, km_n, km_bins, km_k, km_top, km_counts);
            hr_emd_medians(km_counts, km_bins, km_k, km_top, km_centroids);
        }
        if (r % 20 == 0) { /* isomorphism: random rounds (often refused), rows of any ids, any indexes */
            int iso_rounds[HR_ISO_MAX_ROUNDS + 2], nrounds = upto(HR_ISO_MAX_ROUNDS + 2), iso_error;
            for (int i = 0; i < nrounds; i++) iso_rounds[i] = upto(4) ? 1 + upto(4) : upto(40) - 5;
            hr_iso_t *iso = hr_iso_new(iso_rounds, nrounds, upto(2), &iso_error);
            if (iso) {
                static uint8_t iso_cards[64 * 52];
                static uint64_t iso_indexes[64];
                int round = upto(nrounds + 2) - 1, width = hr_iso_cards(iso, round), rows = upto(64);
                for (int i = 0; i < 64 * 52; i++) iso_cards[i] = card();
                hr_iso_index_batch(iso, round, iso_cards, width > 0 ? rows : 0, iso_indexes, &iso_error);
                uint64_t size = hr_iso_size(iso, round);
                for (int i = 0; i < 64; i++) iso_indexes[i] = size && upto(4) ? next() % size : next();
                if (width > 0 && width <= 52) hr_iso_unindex_batch(iso, round, iso_indexes, rows, iso_cards, &iso_error);
                hr_iso_free(iso);
            }
            /* Hold'em's flop, turn or river in bulk (the vector rows, eight at a time): rows of
             * distinct cards, now and then one with any id or a card twice */
            int holdem[2] = {2, 3 + upto(3)};
            iso = hr_iso_new(holdem, 2, 0, &iso_error);
            if (iso) {
                static uint8_t rows_cards[300 * 7];
                static uint64_t rows_indexes[300];
                int width = 2 + holdem[1], rows = upto(300);
                for (int row = 0; row < rows; row++) {
                    uint64_t used = 0;
                    for (int j = 0; j < width;) {
                        int c = upto(52);
                        if (used >> c & 1) continue;
                        used |= 1ull << c;
                        rows_cards[row * width + j++] = (uint8_t)c;
                    }
                    if (!upto(200)) rows_cards[row * width + upto(width)] = card();
                }
                hr_iso_index_batch(iso, upto(3) - 1, rows_cards, rows, rows_indexes, &iso_error);
                hr_iso_index_batch(iso, 1, rows_cards, rows, rows_indexes, &iso_error);
                hr_iso_free(iso);
            }
        }
        if (r % 200 == 0) { /* OCHS and plain k-means (added later: they draw from a copy of the stream) */
            uint64_t before_ochs = state;
            static uint8_t ochs_clusters[1326];
            static double ochs_sum[1326 * HR_MAX_CLUSTERS], km_points[64 * 8], km_centers[8 * 8], km_best[64];
            static uint32_t ochs_runs[1326 * HR_MAX_CLUSTERS];
            static int32_t km_labels[64];
            int nclusters = upto(HR_MAX_CLUSTERS + 4) - 2; /* -2 .. 65: the ends are refused */
            for (int i = 0; i < 1326; i++)
                ochs_clusters[i] = (uint8_t)(upto(8) ? upto(nclusters > 0 ? nclusters : 1) : upto(256));
            hr_hand_strength_ochs(board, nboard, ochs_clusters, nclusters, (uint64_t)upto(40), (uint64_t)upto(60),
                                  ochs_sum, ochs_runs);
            int km_d = upto(9), km_k = upto(9), km_rows = km_d ? upto(64 * 8 / km_d + 1) : upto(64);
            for (int i = 0; i < 64 * 8; i++) km_points[i] = upto(8) ? (double)upto(1000) / 7.0 : (double)next();
            for (int i = 0; i < 8 * 8; i++) km_centers[i] = (double)upto(1000) / 3.0;
            if (km_rows <= 64) /* labels and distances hold 64 rows */
                hr_kmeans_assign(km_points, upto(3) - 1, km_rows, km_d, km_centers, km_k, km_labels, km_best);
            state = before_ochs;
        }
        (void)nplayers;
    }
    printf("%ld rounds: no fault\n", rounds);
    return 0;
}
