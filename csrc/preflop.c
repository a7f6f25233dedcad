/* Heads-up preflop equity from the precomputed table (tables/preflop_headsup.c, written by
 * scripts/build_preflop.py): the exact win and tie counts over all 1,712,304 boards of one
 * matchup of each suit-isomorphism class.
 *
 * A matchup's class key: give each suit its signature (the ranks the first holding has in
 * it, above the ranks the second has in it), number the suits by decreasing signature, and
 * pack the four cards renamed that way. Two matchups get the same key exactly when a suit
 * permutation maps one onto the other (suits with equal signatures are interchangeable).
 * The table stores each class once, in the orientation whose key is smaller. */
#include "equity_internal.h"
#include "preflop_tables.h"

/* Key of (a, b) in this orientation: 6 bits a card, higher card of each holding first. */
HR_INLINE uint32_t oriented_key(int a0, int a1, int b0, int b1) {
    uint32_t signature[4] = {0, 0, 0, 0};
    signature[a0 & 3] |= 1u << (13 + (a0 >> 2));
    signature[a1 & 3] |= 1u << (13 + (a1 >> 2));
    signature[b0 & 3] |= 1u << (b0 >> 2);
    signature[b1 & 3] |= 1u << (b1 >> 2);
    int label[4];
    for (int s = 0; s < 4; s++) {
        label[s] = 0;
        for (int t = 0; t < 4; t++)
            label[s] += signature[t] > signature[s] || (signature[t] == signature[s] && t < s);
    }
    int c[4] = {(a0 & ~3) | label[a0 & 3], (a1 & ~3) | label[a1 & 3], (b0 & ~3) | label[b0 & 3],
                (b1 & ~3) | label[b1 & 3]};
    if (c[0] < c[1]) {
        int t = c[0];
        c[0] = c[1];
        c[1] = t;
    }
    if (c[2] < c[3]) {
        int t = c[2];
        c[2] = c[3];
        c[3] = t;
    }
    return (uint32_t)(c[0] << 18 | c[1] << 12 | c[2] << 6 | c[3]);
}

/* The class key of a matchup; *swapped = 1 when the table holds it as (b, a). */
HR_INLINE uint32_t matchup_key(int a0, int a1, int b0, int b1, int *swapped) {
    uint32_t straight = oriented_key(a0, a1, b0, b1), flipped = oriented_key(b0, b1, a0, a1);
    *swapped = flipped < straight;
    return *swapped ? flipped : straight;
}

int64_t hr_preflop_keys(const uint8_t *matchups, int64_t n, uint32_t *keys) {
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *m = matchups + 4 * i;
        uint64_t used = 0;
        if (take_cards(m, 4, &used)) return i;
        int swapped;
        keys[i] = matchup_key(m[0], m[1], m[2], m[3], &swapped);
    }
    return -1;
}

#define HR_LOOKUP_LANES 8

/* The table indices of n keys (n <= HR_LOOKUP_LANES; the lanes past them are padded), or -1
 * each: binary searches of the 47,008
 * sorted keys in lockstep, each step a conditional move (a branch there goes either way at
 * random, mispredicted half the time), so that the searches' chains of dependent loads
 * overlap instead of following one another (2.8x on random against random). */
HR_INLINE void find_classes(uint32_t *key, int n, int *index) {
    const uint32_t *base[HR_LOOKUP_LANES];
    for (int k = n; k < HR_LOOKUP_LANES; k++) key[k] = key[0];
    for (int k = 0; k < HR_LOOKUP_LANES; k++) base[k] = hr_preflop_key;
    for (int left = HR_PREFLOP_CLASSES; left > 1;) {
        int half = left >> 1;
        for (int k = 0; k < HR_LOOKUP_LANES; k++) base[k] = base[k][half] < key[k] ? base[k] + half : base[k];
        left -= half;
    }
    for (int k = 0; k < HR_LOOKUP_LANES; k++) {
        int at = (int)(base[k] - hr_preflop_key) + (*base[k] < key[k]);
        index[k] = at < HR_PREFLOP_CLASSES && hr_preflop_key[at] == key[k] ? at : -1;
    }
}

/* Combo i of the first player against every combo of the second that shares no card: row[1],
 * [2], [3] add the boards it wins, loses and splits, each times the other combo's weight, in
 * the second player's order (HR_LOOKUP_LANES looked up at once); *pairs counts the pairs. 0
 * or HR_ERR_TABLE. */
HR_INLINE int combo_row(const uint8_t *combos, const int32_t *combo_start, const double *weights, int i, double *row,
                        uint64_t *pairs) {
    int a0 = combos[2 * i], a1 = combos[2 * i + 1], other[HR_LOOKUP_LANES], swapped[HR_LOOKUP_LANES], n = 0;
    uint64_t mask = card_bit(a0) | card_bit(a1);
    uint32_t key[HR_LOOKUP_LANES];
    for (int j = combo_start[1]; j < combo_start[2] || n; j++) {
        if (j < combo_start[2]) {
            if (mask & (card_bit(combos[2 * j]) | card_bit(combos[2 * j + 1]))) continue;
            key[n] = matchup_key(a0, a1, combos[2 * j], combos[2 * j + 1], &swapped[n]);
            other[n++] = j;
            if (n < HR_LOOKUP_LANES) continue;
        }
        int index[HR_LOOKUP_LANES];
        find_classes(key, n, index);
        for (int k = 0; k < n; k++) {
            if (index[k] < 0) return HR_ERR_TABLE;
            int64_t first = hr_preflop_win[index[k]], split = hr_preflop_tie[index[k]], counts[4];
            counts[swapped[k] ? 2 : 1] = first;
            counts[swapped[k] ? 1 : 2] = HR_PREFLOP_BOARDS - first - split;
            counts[3] = split;
            for (int m = 1; m < 4; m++) row[m] += weights[other[k]] * (double)counts[m];
            ++*pairs;
        }
        n = 0;
    }
    return 0;
}

/* Two players' ranges checked, and a slice [first, end) of the first player's combos. */
HR_INLINE int check_slice(const uint8_t *combos, const int32_t *combo_start, const double *weights, int32_t first,
                          int32_t end) {
    int error = check_ranges(combos, combo_start, weights, 2);
    if (error) return error;
    return first < 0 || end > combo_start[1] - combo_start[0] || first > end ? HR_ERR_RANGE : 0;
}

int hr_equity_preflop(const uint8_t *combos, const int32_t *combo_start, const double *weights, int32_t first,
                      int32_t end, double *outcomes, uint64_t *deals) {
    int error = check_slice(combos, combo_start, weights, first, end);
    if (error) return error;
    uint64_t pairs = 0;
    /* Each of the first player's combos adds its row straight into outcomes, in order: the
     * slices [first, end) of one call after another sum to the bits of a single call. */
    for (int i = combo_start[0] + first; i < combo_start[0] + end; i++) {
        double row[4] = {0, 0, 0, 0};
        if ((error = combo_row(combos, combo_start, weights, i, row, &pairs))) return error;
        for (int m = 1; m < 4; m++) outcomes[m] += weights[i] * row[m];
    }
    *deals += pairs * HR_PREFLOP_BOARDS;
    return 0;
}

/* The chart cell (row * 13 + column, rows and columns A .. 2) of a combo's starting hand:
 * pairs on the diagonal, suited above it, offsuit below. */
HR_INLINE int chart_cell(int c0, int c1) {
    int high = (c0 > c1 ? c0 : c1) >> 2, low = (c0 > c1 ? c1 : c0) >> 2;
    if (high == low) return (12 - high) * 14;
    return (c0 & 3) == (c1 & 3) ? (12 - high) * 13 + (12 - low) : (12 - low) * 13 + (12 - high);
}

/* hr_preflop_matrix's *n matchups (keys, orientations, the other holding's cell), looked up
 * at once and added to `row` in order; *n back to 0. 0 or HR_ERR_TABLE. */
static int matrix_cells(double *row, uint32_t *key, const int *swapped, const int *cell_of, int *n) {
    int index[HR_LOOKUP_LANES];
    find_classes(key, *n, index);
    for (int k = 0; k < *n; k++) {
        if (index[k] < 0) return HR_ERR_TABLE;
        int64_t first = hr_preflop_win[index[k]], split = hr_preflop_tie[index[k]];
        double *cell = row + (size_t)cell_of[k] * 3;
        cell[0] += (double)(swapped[k] ? HR_PREFLOP_BOARDS - first - split : first);
        cell[1] += (double)split;
        cell[2] += (double)HR_PREFLOP_BOARDS;
    }
    *n = 0;
    return 0;
}

int hr_preflop_matrix(int32_t first, int32_t end, double *sums) {
    if (first < 0 || end > 1326 || first > end) return HR_ERR_RANGE;
    int number = 0;
    for (int a0 = 1; a0 < 52; a0++)
        for (int a1 = 0; a1 < a0; a1++, number++) {
            if (number < first || number >= end) continue;
            uint64_t mask = card_bit(a0) | card_bit(a1);
            double *row = sums + (size_t)chart_cell(a0, a1) * 169 * 3;
            /* the other holdings HR_LOOKUP_LANES at a time (combo_row's way), added in order */
            int cell_of[HR_LOOKUP_LANES], swapped[HR_LOOKUP_LANES], n = 0;
            uint32_t key[HR_LOOKUP_LANES];
            for (int b0 = 1; b0 < 52; b0++)
                for (int b1 = 0; b1 < b0; b1++) {
                    if (mask & (card_bit(b0) | card_bit(b1))) continue;
                    key[n] = matchup_key(a0, a1, b0, b1, &swapped[n]);
                    cell_of[n++] = chart_cell(b0, b1);
                    if (n == HR_LOOKUP_LANES && matrix_cells(row, key, swapped, cell_of, &n)) return HR_ERR_TABLE;
                }
            if (n && matrix_cells(row, key, swapped, cell_of, &n)) return HR_ERR_TABLE;
        }
    return 0;
}

int hr_combo_equity_preflop(const uint8_t *combos, const int32_t *combo_start, const double *weights, int32_t first,
                            int32_t end, double *share, double *weight) {
    int error = check_slice(combos, combo_start, weights, first, end);
    if (error) return error;
    uint64_t pairs = 0;
    for (int i = combo_start[0] + first; i < combo_start[0] + end; i++) {
        double row[4] = {0, 0, 0, 0};
        if ((error = combo_row(combos, combo_start, weights, i, row, &pairs))) return error;
        share[i] += weights[i] * (row[1] + row[3] / 2);
        weight[i] += weights[i] * (row[1] + row[2] + row[3]);
    }
    return 0;
}
