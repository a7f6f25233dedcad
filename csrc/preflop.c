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

/* Up to HR_LOOKUP_LANES matchups waiting to be looked up together: their class keys, whether
 * the table holds each the other way round, and a tag of the caller's for each. */
typedef struct {
    uint32_t key[HR_LOOKUP_LANES];
    int swapped[HR_LOOKUP_LANES], tag[HR_LOOKUP_LANES], n;
} matchups_t;

HR_INLINE void add_matchup(matchups_t *m, int a0, int a1, int b0, int b1, int tag) {
    m->key[m->n] = matchup_key(a0, a1, b0, b1, &m->swapped[m->n]);
    m->tag[m->n++] = tag;
}

/* The waiting matchups' counts, in the order they were added: counts[k][1], [2], [3] the
 * boards the first holding wins, loses and splits. Binary searches of the 47,008 sorted keys
 * in lockstep, each step a conditional move (a branch there goes either way at random and
 * is mispredicted half the time), so that the searches' chains of dependent loads overlap
 * instead of following one another (2.8x on random against random). m->n back to 0.
 * 0 or HR_ERR_TABLE. */
HR_INLINE int matchup_counts(matchups_t *m, int64_t (*counts)[4]) {
    const uint32_t *base[HR_LOOKUP_LANES];
    for (int k = m->n; k < HR_LOOKUP_LANES; k++) m->key[k] = m->key[0]; /* the lanes past them padded */
    for (int k = 0; k < HR_LOOKUP_LANES; k++) base[k] = hr_preflop_key;
    for (int left = HR_PREFLOP_CLASSES; left > 1;) {
        int half = left >> 1;
        for (int k = 0; k < HR_LOOKUP_LANES; k++) base[k] = base[k][half] < m->key[k] ? base[k] + half : base[k];
        left -= half;
    }
    for (int k = 0; k < m->n; k++) {
        int at = (int)(base[k] - hr_preflop_key) + (*base[k] < m->key[k]);
        if (at >= HR_PREFLOP_CLASSES || hr_preflop_key[at] != m->key[k]) return HR_ERR_TABLE;
        int64_t first = hr_preflop_win[at], split = hr_preflop_tie[at];
        counts[k][m->swapped[k] ? 2 : 1] = first;
        counts[k][m->swapped[k] ? 1 : 2] = HR_PREFLOP_BOARDS - first - split;
        counts[k][3] = split;
    }
    return 0;
}

/* combo_row's waiting matchups (tagged with the other combo) added to `row`, in order. */
HR_INLINE int row_sums(matchups_t *m, const double *weights, double *row, uint64_t *pairs) {
    int64_t counts[HR_LOOKUP_LANES][4];
    int error = matchup_counts(m, counts);
    for (int k = 0; k < m->n && !error; k++) {
        for (int c = 1; c < 4; c++) row[c] += weights[m->tag[k]] * (double)counts[k][c];
        ++*pairs;
    }
    m->n = 0;
    return error;
}

/* Combo i of the first player against every combo of the second that shares no card: row[1],
 * [2], [3] add the boards it wins, loses and splits, each times the other combo's weight, in
 * the second player's order; *pairs counts the pairs. 0 or HR_ERR_TABLE. */
HR_INLINE int combo_row(const uint8_t *combos, const int32_t *combo_start, const double *weights, int i, double *row,
                        uint64_t *pairs) {
    int a0 = combos[2 * i], a1 = combos[2 * i + 1];
    uint64_t mask = card_bit(a0) | card_bit(a1);
    matchups_t m;
    m.n = 0;
    for (int j = combo_start[1]; j < combo_start[2]; j++) {
        if (mask & (card_bit(combos[2 * j]) | card_bit(combos[2 * j + 1]))) continue;
        add_matchup(&m, a0, a1, combos[2 * j], combos[2 * j + 1], j);
        if (m.n == HR_LOOKUP_LANES && row_sums(&m, weights, row, pairs)) return HR_ERR_TABLE;
    }
    return m.n ? row_sums(&m, weights, row, pairs) : 0;
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

/* hr_preflop_matrix's waiting matchups (tagged with the other holding's cell) added to the
 * first holding's `row` of cells, in order. */
static int matrix_sums(matchups_t *m, double *row) {
    int64_t counts[HR_LOOKUP_LANES][4];
    int error = matchup_counts(m, counts);
    for (int k = 0; k < m->n && !error; k++) {
        double *cell = row + (size_t)m->tag[k] * 3;
        cell[0] += (double)counts[k][1];
        cell[1] += (double)counts[k][3];
        cell[2] += (double)HR_PREFLOP_BOARDS;
    }
    m->n = 0;
    return error;
}

int hr_preflop_matrix(int32_t first, int32_t end, double *sums) {
    if (first < 0 || end > 1326 || first > end) return HR_ERR_RANGE;
    int number = 0;
    for (int a0 = 1; a0 < 52; a0++)
        for (int a1 = 0; a1 < a0; a1++, number++) {
            if (number < first || number >= end) continue;
            uint64_t mask = card_bit(a0) | card_bit(a1);
            double *row = sums + (size_t)chart_cell(a0, a1) * 169 * 3;
            matchups_t m; /* the other holdings HR_LOOKUP_LANES at a time, added in order */
            m.n = 0;
            for (int b0 = 1; b0 < 52; b0++)
                for (int b1 = 0; b1 < b0; b1++) {
                    if (mask & (card_bit(b0) | card_bit(b1))) continue;
                    add_matchup(&m, a0, a1, b0, b1, chart_cell(b0, b1));
                    if (m.n == HR_LOOKUP_LANES && matrix_sums(&m, row)) return HR_ERR_TABLE;
                }
            if (m.n && matrix_sums(&m, row)) return HR_ERR_TABLE;
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
