/* The same answers from every build of the kernel: prints one checksum a section over fixed
 * pseudo-random input (ranking batches of every game, Omaha, showdowns, hand strength,
 * Monte Carlo equity). tests/fuzz/agree.sh builds it with GNU extensions (and the x86 AVX2,
 * SSE4.1 and popcnt paths the CPU picks) and with -DHR_PORTABLE (what MSVC builds) and
 * compares the two outputs. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "handrank.h"

#define FUZZ_SEED 0x9E3779B97F4A7C15ull
#include "xorshift.h"

/* `rows` rows of `width` distinct cards at `out`. */
static void deal(uint8_t *out, int64_t rows, int width) {
    for (int64_t r = 0; r < rows; r++) {
        uint64_t used = 0;
        for (int j = 0; j < width; j++) {
            int c;
            do c = (int)(next() % 52);
            while (used >> c & 1);
            used |= 1ull << c;
            out[r * width + j] = (uint8_t)c;
        }
    }
}

static uint64_t digest;

static void mix(uint64_t value) {
    digest ^= value;
    digest *= 1099511628211ull;
}

static void mix16(const uint16_t *values, int64_t n) {
    for (int64_t i = 0; i < n; i++) mix(values[i]);
}

static void section(const char *name) {
    printf("%s %016llx\n", name, (unsigned long long)digest);
    digest = 1469598103934665603ull;
}

#define ROWS 200000

/* n distinct cards into out, each uniform over ids [low, low + span) (span at least n). */
static void distinct_cards(uint8_t *out, int n, int low, int span) {
    uint64_t taken = 0;
    for (int j = 0; j < n; j++) {
        int c;
        do c = low + (int)(next() % (uint64_t)span);
        while (taken >> c & 1);
        taken |= 1ull << c;
        out[j] = (uint8_t)c;
    }
}

int main(void) {
    static uint8_t cards[ROWS * 25], boards[ROWS * 5];
    static uint16_t out[ROWS * 10], shares[ROWS * 10], low[ROWS * 10];
    int error;
    digest = 1469598103934665603ull;

    for (int n = 5; n <= 7; n++) {
        deal(cards, ROWS, n);
        mix((uint64_t)hr_rank_batch(cards, ROWS, n, out, &error));
        mix16(out, ROWS);
        mix((uint64_t)hr_a5_rank_batch(cards, ROWS, n, out, &error));
        mix16(out, ROWS);
    }
    cards[5 * 1000 + 3] = cards[5 * 1000 + 1]; /* a repeated card: the row refused */
    mix((uint64_t)hr_rank_batch(cards, ROWS, 5, out, &error) + (uint64_t)error);
    section("rank_batch");

    static uint16_t high_table[HR_OMAHA_BOARDS * HR_OMAHA_PAIRS], low_table[HR_OMAHA_BOARDS * HR_OMAHA_PAIRS];
    static uint32_t board_row[1 << 17];
    if (hr_omaha_slots() > (1u << 17) || hr_omaha_build(high_table, low_table, board_row)) return 1;
    for (int nhole = 4; nhole <= 6; nhole++) {
        deal(cards, ROWS, nhole + 5);
        for (int64_t r = 0; r < ROWS; r++)
            for (int j = 0; j < 5; j++) boards[r * 5 + j] = cards[r * (nhole + 5) + nhole + j];
        for (int64_t r = 0; r < ROWS; r++)
            for (int j = 0; j < nhole; j++) cards[r * nhole + j] = cards[r * (nhole + 5) + j];
        mix((uint64_t)hr_omaha_table_batch(high_table, low_table, board_row, cards, nhole, boards, ROWS, out, low,
                                           &error));
        mix16(out, ROWS);
        mix16(low, ROWS);
    }
    section("omaha");

    for (int players = 1; players <= 10; players++) {
        int64_t rows = ROWS / players;
        deal(cards, rows, 5 + 2 * players);
        for (int64_t r = 0; r < rows; r++)
            for (int j = 0; j < 5; j++) boards[r * 5 + j] = cards[r * (5 + 2 * players) + j];
        for (int64_t r = 0; r < rows; r++)
            for (int j = 0; j < 2 * players; j++) cards[r * 2 * players + j] = cards[r * (5 + 2 * players) + 5 + j];
        mix((uint64_t)hr_showdown_batch(cards, boards, rows, players, out, shares, &error));
        mix16(out, rows * players);
        mix16(shares, rows * players);
    }
    section("showdown");

    /* Omaha showdowns (the popcount check beside the card-by-card one), high and hi-lo, then
     * rows with a fault: the bad row, its error and the rows before it */
    for (int nhole = 4; nhole <= 6; nhole++)
        for (int players = 1; players * nhole + 5 <= 25; players++) {
            int64_t rows = ROWS / 4, width = nhole * players;
            deal(cards, rows, (int)width + 5);
            for (int64_t r = 0; r < rows; r++)
                for (int j = 0; j < 5; j++) boards[r * 5 + j] = cards[r * (width + 5) + width + j];
            for (int64_t r = 0; r < rows; r++)
                for (int j = 0; j < width; j++) cards[r * width + j] = cards[r * (width + 5) + j];
            for (int hilo = 0; hilo < 2; hilo++) {
                mix((uint64_t)hr_omaha_showdown_batch(high_table, low_table, board_row, cards, nhole, boards, rows,
                                                      players, hilo, out, low, shares, &error));
                mix16(out, rows * players);
                mix16(shares, rows * players);
            }
            int64_t bad = 1000 + 37 * nhole + players;
            cards[bad * width + width - 1] = (players & 1) ? 60 : cards[bad * width]; /* an id, or a repeat */
            int64_t found = hr_omaha_showdown_batch(high_table, low_table, board_row, cards, nhole, boards, rows,
                                                    players, 1, out, low, shares, &error);
            mix((uint64_t)found + (uint64_t)error);
            mix16(out, bad * players);
            mix16(low, bad * players);
            mix16(shares, bad * players);
        }
    section("omaha showdown");

    for (int players = 1; players <= 7; players++) {
        int64_t rows = ROWS / players;
        deal(cards, rows, 7 * players);
        for (int razz = 0; razz < 2; razz++) {
            mix((uint64_t)hr_stud_showdown_batch(razz, cards, rows, players, out, shares, &error));
            mix16(out, rows * players);
            mix16(shares, rows * players);
        }
        cards[(rows - 3) * 7 * players] = cards[(rows - 3) * 7 * players + 7 * players - 1]; /* a repeat, late */
        mix((uint64_t)hr_stud_showdown_batch(0, cards, rows, players, out, shares, &error) ^ (uint64_t)error << 40);
    }
    section("stud");

    { /* dealing: the batched draws' arithmetic (a 128-bit product, or two 64-bit ones) */
        static const int shapes[4][3] = {{7, 7, 0}, {2, 9, 5}, {4, 6, 5}, {2, 3, 5}}; /* hole, players, board */
        uint8_t fixed[52 * 7];
        memset(fixed, HR_DEAL_RANDOM, sizeof fixed);
        for (int k = 0; k < 4; k++) {
            int nhole = shapes[k][0], players = shapes[k][1], nboard = shapes[k][2];
            int64_t rows = ROWS / 10;
            mix((uint64_t)hr_deal_game(7 + (uint64_t)k, (uint64_t)rows, 0, 1000, players, nhole, k == 3 ? 16 : 0, fixed,
                                       nboard, NULL, 0, NULL, 0, cards, boards));
            for (int64_t i = 0; i < rows * nhole * players; i++) mix(cards[i]);
            for (int64_t i = 0; i < rows * nboard; i++) mix(boards[i]);
        }
        /* a fixed player, a fixed board card and a dead card: the templates and hole places */
        static const uint8_t fixed_board[1] = {0}, dead[1] = {5};
        for (int j = 0; j < 4; j++) fixed[4 + j] = (uint8_t)(51 - j);
        int64_t rows = ROWS / 10;
        mix((uint64_t)hr_deal_game(11, (uint64_t)rows, 0, 1000, 3, 4, 0, fixed, 5, fixed_board, 1, dead, 1, cards,
                                   boards));
        for (int64_t i = 0; i < rows * 4 * 3; i++) mix(cards[i]);
        for (int64_t i = 0; i < rows * 5; i++) mix(boards[i]);
    }
    section("deal");

    { /* isomorphism indexes: the vector rows, the BMI2 ones and the portable ones, on valid and faulty rows */
        static const int shapes[5][4] = {{2, 2, 5, 0}, {3, 2, 3, 1}, {2, 4, 5, 0}, {1, 2, 0, 0}, {3, 2, 3, 1}};
        static uint64_t indexes[ROWS / 10];
        for (int k = 0; k < 5; k++) {
            int rounds = shapes[k][0], error;
            hr_iso_t *iso = hr_iso_new(shapes[k] + 1, rounds, k == 4, &error);
            for (int round = 0; round < rounds; round++) {
                int width = hr_iso_cards(iso, round);
                int64_t rows = ROWS / 10;
                deal(cards, rows, width);
                if (k == 4) /* short deck: ids 16..51 */
                    for (int64_t i = 0; i < rows * width; i++) cards[i] = (uint8_t)(16 + cards[i] % 36);
                for (int64_t r = 0; r < rows; r++) { /* short deck rows may repeat a card: faults too */
                    mix((uint64_t)hr_iso_index_batch(iso, round, cards + r * width, 1, indexes + r, &error));
                    mix((uint64_t)error);
                }
                for (int64_t r = 0; r < rows; r++) mix(indexes[r]);
                if (k != 4) { /* the same rows in one batch: Hold'em's vector rows, eight at a time */
                    mix((uint64_t)hr_iso_index_batch(iso, round, cards, rows, indexes, &error));
                    for (int64_t r = 0; r < rows; r++) mix(indexes[r]);
                }
                cards[(rows / 2) * width] = k == 4 ? 3 : 60; /* a card out of the deck, mid-batch */
                mix((uint64_t)hr_iso_index_batch(iso, round, cards, rows, indexes, &error) ^ (uint64_t)error << 40);
                /* unindex (pdep or the software spread): classes spread over the whole range */
                uint64_t size = hr_iso_size(iso, round);
                for (int64_t r = 0; r < rows; r++) indexes[r] = (uint64_t)r * (size / (uint64_t)rows + 1) % size;
                mix((uint64_t)hr_iso_unindex_batch(iso, round, indexes, rows, cards, &error));
                for (int64_t i = 0; i < rows * width; i++) mix(cards[i]);
            }
            hr_iso_free(iso);
        }
    }
    section("isomorphism");

    static const uint8_t flops[3][4] = {{46, 21, 0, 0}, {43, 35, 16, 0}, {39, 27, 7, 14}};
    static uint64_t sum[1326], squares[1326];
    static uint32_t runouts[1326], histogram[1326 * 9];
    static int32_t now[1326];
    for (int b = 0; b < 3; b++) {
        int nboard = b < 2 ? 3 : 4;
        mix((uint64_t)hr_hand_strength(flops[b], nboard, 9, 0, 2000, now, sum, squares, runouts, histogram));
        for (int i = 0; i < 1326; i++) mix(sum[i] ^ squares[i] << 1 ^ (uint64_t)runouts[i] << 2 ^ (uint64_t)now[i]);
        for (int i = 0; i < 1326 * 9; i++) mix(histogram[i]);
    }
    section("hand_strength");

    static const uint8_t combos[] = {51, 50, 45, 44, 43, 39};
    static const int32_t start[] = {0, 1, 2, 3};
    static const double weights[] = {1, 1, 1};
    static uint64_t outcomes[8];
    mix((uint64_t)hr_equity_monte_carlo(combos, start, weights, 3, NULL, 0, NULL, 0, 7, 300000, 0, 5, outcomes, NULL));
    for (int i = 0; i < 8; i++) mix(outcomes[i]);
    /* every way Monte Carlo deals hole cards: a joint table with a random player, ranges
     * drawn independently, the walk of heavily overlapping ranges; on a flop, a dead card; a
     * joint table of even weights (drawn with the board's picks) */
    static const uint8_t flop[3] = {20, 33, 46}, dead[1] = {5};
    for (int spot = 0; spot < 4; spot++) {
        int first[4], size[4], nplayers = spot == 2 ? 4 : 3;
        for (int p = 0; p < nplayers; p++) {
            first[p] = spot == 0 ? 48 - 4 * p : spot == 1 ? 16 * p : spot == 2 ? 28 : 40 - 4 * p; /* the range: */
            size[p] = spot == 0 ? (p == 2 ? 52 : 4) : spot == 3 ? 4 : 20; /* pairs of first .. first + size - 1 */
            if (spot == 0 && p == 2) first[p] = 0;
        }
        static uint8_t range_combos[4 * 1326 * 2];
        static int32_t range_start[5];
        static double range_weights[4 * 1326];
        int total = 0;
        for (int p = 0; p < nplayers; p++) {
            range_start[p] = total;
            for (int a = first[p]; a < first[p] + size[p] && a < 52; a++)
                for (int b = a + 1; b < first[p] + size[p] && b < 52; b++) {
                    range_combos[2 * total] = (uint8_t)a;
                    range_combos[2 * total + 1] = (uint8_t)b;
                    /* a random player weighs every combo evenly; the others do not */
                    range_weights[total++] = (spot == 0 && p == 2) || spot == 3 ? 1.0 : 1.0 + (double)((a * 7 + b) % 5);
                }
        }
        range_start[nplayers] = total;
        uint64_t counts[16] = {0}, batches[5] = {0};
        int on_flop = spot == 1 || spot == 2;
        mix((uint64_t)hr_equity_monte_carlo(range_combos, range_start, range_weights, nplayers, on_flop ? flop : NULL,
                                            on_flop ? 3 : 0, spot == 2 ? dead : NULL, spot == 2, 11, 200000, 0, 4,
                                            counts, batches));
        for (int i = 0; i < 16; i++) mix(counts[i]);
        for (int i = 0; i < 5; i++) mix(batches[i]);
    }
    mix((uint64_t)hr_sd_equity_monte_carlo(1, combos, start, weights, 3, flop + 1, 2, NULL, 0, 3, 200000, 0, 4,
                                           outcomes, NULL));
    for (int i = 0; i < 8; i++) mix(outcomes[i]);
    /* known hands on a flop and on a turn: the board's last cards as one pair, or one card */
    static const uint8_t turn[4] = {20, 33, 46, 7};
    for (int nboard = 3; nboard <= 4; nboard++) {
        uint64_t heads_up[4] = {0};
        mix((uint64_t)hr_equity_monte_carlo(combos, start, weights, 2, turn, nboard, NULL, 0, 5, 100000, 0, 2,
                                            heads_up, NULL));
        for (int i = 0; i < 4; i++) mix(heads_up[i]);
    }
    /* Omaha ranges: two ranged players (hands of four cards of their own quarter of the deck,
     * hi-lo) and a random one, on a flop */
    static uint8_t omaha_combos[2 * 128 * 4];
    static int32_t omaha_start[4];
    static double omaha_weights[2 * 128];
    int nhands = 0;
    for (int p = 0; p < 2; p++) {
        omaha_start[p] = nhands;
        for (int h = 0; h < 100; h++, nhands++) {
            distinct_cards(omaha_combos + 4 * nhands, 4, 13 * p, 13);
            omaha_weights[nhands] = 1.0 + (double)(h % 3);
        }
    }
    omaha_start[2] = omaha_start[3] = nhands;
    uint64_t omaha_counts[64] = {0}, omaha_squares[8] = {0}, omaha_deals = 0;
    mix((uint64_t)hr_omaha_equity_ranges_mc(high_table, low_table, board_row, omaha_combos, omaha_start, omaha_weights,
                                            4, 3, flop, 3, NULL, 0, 1, 5, 100000, 0, 2, omaha_counts, omaha_squares,
                                            &omaha_deals));
    for (int i = 0; i < 64; i++) mix(omaha_counts[i]);
    for (int i = 0; i < 8; i++) mix(omaha_squares[i]);
    mix(omaha_deals);
    /* the shapes whose counts the kernel makes constants (preflop and flop, one or two ranged
     * players, at most one random one) and one it does not (the turn), high only, with ranges
     * that overlap (player p's cards from ids 8p .. 8p + 19: clashes redrawn) */
    static uint8_t overlap_combos[2 * 100 * 4];
    for (int p = 0, n = 0; p < 2; p++)
        for (int h = 0; h < 100; h++, n++) distinct_cards(overlap_combos + 4 * n, 4, 8 * p, 20);
    const int32_t one_ranged[3] = {0, 100, 100}, two_ranged[4] = {0, 100, 200, 200};
    static const uint8_t shape_board[4] = {40, 45, 50, 31};
    for (int shape = 0; shape < 8; shape++) {
        int nboard = shape < 4 ? 0 : shape < 6 ? 3 : 4, ranged = 1 + (shape & 1);
        int nplayers = ranged + ((shape >> 1 & 1) || ranged == 1); /* a random player, or none */
        uint64_t shape_counts[3 * 3] = {0}, shape_squares[3] = {0}, shape_deals = 0;
        mix((uint64_t)hr_omaha_equity_ranges_mc(high_table, low_table, board_row, overlap_combos,
                                                ranged == 1 ? one_ranged : two_ranged, omaha_weights, 4, nplayers,
                                                shape_board, nboard, NULL, 0, 0, 7 + (uint64_t)shape, 70000, 0, 2,
                                                shape_counts, shape_squares, &shape_deals));
        for (int i = 0; i < 3 * nplayers; i++) mix(shape_counts[i]);
        for (int i = 0; i < nplayers; i++) mix(shape_squares[i]);
        mix(shape_deals);
    }
    /* crowded ranges (five players' hands in the same 24 cards, weighted, and a random
     * player, hi-lo): independent draws seldom fit, so the hands follow the walk */
    static uint8_t crowded_combos[5 * 100 * 4];
    static double crowded_weights[5 * 100];
    static const int32_t crowded_start[7] = {0, 100, 200, 300, 400, 500, 500};
    for (int n = 0; n < 500; n++) {
        distinct_cards(crowded_combos + 4 * n, 4, 0, 24);
        crowded_weights[n] = 1.0 + (double)(n % 3);
    }
    uint64_t crowded_counts[3 * 6] = {0}, crowded_squares[6] = {0}, crowded_deals = 0;
    int crowded = hr_omaha_equity_ranges_mc(high_table, low_table, board_row, crowded_combos, crowded_start,
                                            crowded_weights, 4, 6, NULL, 0, NULL, 0, 1, 11, 20000, 0, 1,
                                            crowded_counts, crowded_squares, &crowded_deals);
    if (crowded || crowded_deals != 20000) {
        fprintf(stderr, "crowded Omaha ranges: status %d, %llu deals\n", crowded, (unsigned long long)crowded_deals);
        return 1;
    }
    for (int i = 0; i < 3 * 6; i++) mix(crowded_counts[i]);
    for (int i = 0; i < 6; i++) mix(crowded_squares[i]);
    mix(crowded_deals);
    /* exact equity of ranges, counted in lanes (32 a block with AVX2, else 8): three and
     * two players on a flop and a turn whose suits c and d are interchangeable, each range
     * every pair of some cards (even weights, or not), each runout orbit counted once */
    static const uint8_t exact_board[4] = {20, 21, 46, 6};
    for (int spot = 0; spot < 4; spot++) {
        int nplayers = spot < 2 ? 3 : 2, nboard = spot % 2 ? 4 : 3, total = 0;
        static uint8_t exact_combos[3 * 28 * 2];
        static int32_t exact_start[4];
        static double exact_weights[3 * 28];
        for (int p = 0; p < nplayers; p++) {
            int low = nplayers == 3 ? 48 - 8 * p : 44 - 20 * p, high = low + (nplayers == 3 ? 4 : 8);
            exact_start[p] = total;
            for (int a = low; a < high; a++)
                for (int b = a + 1; b < high; b++) {
                    if (a == 46 || b == 46) continue; /* on the board */
                    exact_combos[2 * total] = (uint8_t)a;
                    exact_combos[2 * total + 1] = (uint8_t)b;
                    exact_weights[total++] = spot % 2 ? 1.0 + (double)((a + b) % 3) : 1.0;
                }
        }
        exact_start[nplayers] = total;
        uint8_t group[24];
        int ngroup = hr_equity_symmetry(exact_combos, exact_start, exact_weights, nplayers, exact_board, nboard, NULL,
                                        0, group);
        double won[8] = {0};
        uint64_t exact_deals = 0;
        mix((uint64_t)ngroup);
        mix((uint64_t)hr_equity_ranges(exact_combos, exact_start, exact_weights, nplayers, exact_board, nboard, NULL, 0,
                                       group, ngroup, 0, 1u << 20, won, &exact_deals));
        for (int i = 0; i < 8; i++) {
            uint64_t bits;
            memcpy(&bits, &won[i], sizeof bits);
            mix(bits);
        }
        mix(exact_deals);
    }
    section("equity");

    /* k-means' C steps: eight centres a vector where the compiler has vector types, one at a
     * time elsewhere (ties on a grid of points go to the lowest centre in both); k-means++'s
     * nearer distances and running sums; each cluster's sums; distinct rows by hashing */
    enum { KM_POINTS = 20000, KM_DIMS = 3, KM_K = 13 };
    static double km_points[KM_POINTS * KM_DIMS], km_centres[KM_K * KM_DIMS], km_distance[KM_POINTS];
    static double km_weights[KM_POINTS], km_sums[KM_K * KM_DIMS], km_totals[KM_K];
    static int32_t km_assign[KM_POINTS];
    for (int i = 0; i < KM_POINTS * KM_DIMS; i++) km_points[i] = (double)(next() % 4) + (i % 7 ? 0.0 : 0.25);
    for (int i = 0; i < KM_K * KM_DIMS; i++) km_centres[i] = (double)(next() % 5) * 0.75;
    for (int i = 0; i < KM_POINTS; i++) km_weights[i] = 1.0 + (double)(next() % 3);
    mix((uint64_t)hr_kmeans_assign(km_points, 0, KM_POINTS, KM_DIMS, km_centres, KM_K, km_assign, km_distance));
    for (int i = 0; i < KM_POINTS; i++) {
        mix((uint64_t)km_assign[i]);
        mix((uint64_t)(km_distance[i] * 4096.0));
    }
    mix((uint64_t)hr_kmeans_sums(km_points, KM_POINTS, KM_DIMS, km_assign, km_weights, KM_K, km_sums, km_totals));
    for (int i = 0; i < KM_K * KM_DIMS; i++) mix((uint64_t)(km_sums[i] * 4096.0));
    for (int i = 0; i < KM_K; i++) mix((uint64_t)km_totals[i]);
    mix((uint64_t)hr_kmeans_nearer(km_points, 0, KM_POINTS, KM_DIMS, km_centres + KM_DIMS, km_distance));
    double running = 0;
    mix((uint64_t)hr_kmeans_running(km_distance, km_weights, 0, KM_POINTS, &running, 1e300));
    mix((uint64_t)hr_kmeans_running(km_distance, km_weights, 0, KM_POINTS, &running, running / 3));
    mix((uint64_t)(running * 4096.0));
    static uint8_t km_rows[KM_POINTS * 5];
    static uint32_t km_table[1 << 16], km_firsts[KM_POINTS], km_counts[KM_POINTS], km_inverse[KM_POINTS];
    for (int i = 0; i < KM_POINTS * 5; i++) km_rows[i] = (uint8_t)(next() % 3);
    int64_t found = hr_distinct_rows(km_rows, 5, 0, KM_POINTS / 2, km_table, (1 << 16) - 1, 0, km_firsts, km_counts,
                                     km_inverse);
    found = hr_distinct_rows(km_rows, 5, KM_POINTS / 2, KM_POINTS, km_table, (1 << 16) - 1, found, km_firsts,
                             km_counts, km_inverse);
    mix((uint64_t)found);
    for (int64_t i = 0; i < found; i++) {
        mix(km_firsts[i]);
        mix(km_counts[i]);
    }
    for (int i = 0; i < KM_POINTS; i++) mix(km_inverse[i]);
    section("kmeans");

    /* EMD k-means' assignment: eight centroids a vector, or one at a time (a centroid count out
     * of 0..65535 sends every build there), 50 bins and 7, ties included */
    enum { EMD_POINTS = 5000, EMD_K = 11 };
    static uint16_t emd_cdf[EMD_POINTS * 50];
    static int32_t emd_centroids[EMD_K * 50], emd_assign[EMD_POINTS];
    static uint64_t emd_distance[EMD_POINTS];
    for (int bins = 7; bins <= 50; bins += 43)
        for (int wide = 0; wide < 2; wide++) {
            for (int i = 0; i < EMD_POINTS; i++)
                for (int j = 0, sum = 0; j < bins; j++) emd_cdf[i * bins + j] = (uint16_t)(sum += (int)(next() % 3));
            for (int c = 0; c < EMD_K; c++)
                for (int j = 0, sum = 0; j < bins; j++) emd_centroids[c * bins + j] = sum += (int)(next() % 3);
            if (wide) emd_centroids[3] = 70000;
            mix((uint64_t)hr_emd_assign(emd_cdf, 0, EMD_POINTS, bins, emd_centroids, EMD_K, emd_assign, emd_distance));
            for (int i = 0; i < EMD_POINTS; i++) {
                mix((uint64_t)emd_assign[i]);
                mix(emd_distance[i]);
            }
            for (int c = 0; c < 3; c++) { /* k-means++'s nearer distances, centroid by centroid */
                if (c == 0)
                    for (int i = 0; i < EMD_POINTS; i++) emd_distance[i] = UINT64_MAX;
                mix((uint64_t)hr_emd_nearest(emd_cdf, 0, EMD_POINTS, bins, emd_centroids + c * bins, emd_distance));
            }
            for (int i = 0; i < EMD_POINTS; i++) mix(emd_distance[i]);
        }
    section("emd");
    return 0;
}
