/* Omaha: the best five of exactly two hole cards and three board cards, high (Hold'em's ranks
 * 1..7462) and the 8-or-better low (ace-to-five ranks 1..56, HR_OMAHA_NO_LOW when no 2 + 3
 * five qualifies). Every pair of hole cards meets every triple of the five board cards: the
 * rank keys of each are summed once a row, and each five is one lookup in Hold'em's multiset
 * table (or the flush table when the pair and the triple share one suit) and one in the
 * ace-to-five table, which sits on the same slots. See handrank.h. */
#include "kernel.h"
#include "lowball_tables.h"
#include "random.h"

/* The ten triples of five board cards, and pairs of hole cards ordered by their larger
 * position, so the first C(h, 2) are those of h hole cards. */
static const uint8_t hr_triples[10][3] = {{0, 1, 2}, {0, 1, 3}, {0, 1, 4}, {0, 2, 3}, {0, 2, 4},
                                          {0, 3, 4}, {1, 2, 3}, {1, 2, 4}, {1, 3, 4}, {2, 3, 4}};
static const uint8_t hr_pairs[15][2] = {{0, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}, {2, 3}, {0, 4}, {1, 4},
                                        {2, 4}, {3, 4}, {0, 5}, {1, 5}, {2, 5}, {3, 5}, {4, 5}};

/* The rank-key sum, suit (or -1 when mixed) and 13-bit rank mask of some cards. */
typedef struct {
    uint32_t key[15];
    int suit[15];
    uint16_t mask[15];
} parts_t;

HR_INLINE void part(parts_t *p, int i, const uint8_t *cards, const uint8_t *at, int n) {
    uint32_t key = 0;
    uint16_t mask = 0;
    int suit = cards[at[0]] & 3;
    for (int j = 0; j < n; j++) {
        int c = cards[at[j]];
        key += (uint32_t)hr_card_key[c];
        mask |= (uint16_t)(1u << (c >> 2));
        suit = (c & 3) == suit ? suit : -1;
    }
    p->key[i] = key;
    p->suit[i] = suit;
    p->mask[i] = mask;
}

/* Ids 0..51 and no card twice among the hole and board cards of a row: one pass that sets a
 * bit a card and notes any id above 51, then the reason only when something is wrong. */
HR_INLINE int check_row(const uint8_t *hole, int nhole, const uint8_t *board) {
    uint64_t seen = 0, repeats = 0;
    int high = 0;
    for (int j = 0; j < nhole + 5; j++) {
        int c = j < nhole ? hole[j] : board[j - nhole];
        uint64_t bit = 1ull << (c & 63);
        high |= c;
        repeats |= seen & bit;
        seen |= bit;
    }
    if (HR_UNLIKELY(high > 63 || repeats || (seen >> 52))) {
        seen = 0;
        for (int j = 0; j < nhole + 5; j++) {
            int c = j < nhole ? hole[j] : board[j - nhole];
            if (c > 51) return HR_ERR_CARD;
            if (seen >> c & 1) return HR_ERR_DUPLICATE;
            seen |= 1ull << c;
        }
    }
    return 0;
}

HR_INLINE int64_t omaha_rows(const uint8_t *holes, const int nhole, const uint8_t *boards, int64_t nrows,
                             uint16_t *high, uint16_t *low, int *error) {
    const int npairs = nhole * (nhole - 1) / 2;
    for (int64_t i = 0; i < nrows; i++) {
        const uint8_t *hole = holes + i * nhole, *board = boards + i * 5;
        int bad = check_row(hole, nhole, board);
        if (HR_UNLIKELY(bad)) {
            *error = bad;
            return i;
        }
        parts_t t, p;
        int suited = 0; /* a triple of one suit: only then can a five flush */
        for (int k = 0; k < 10; k++) {
            part(&t, k, board, hr_triples[k], 3);
            suited |= t.suit[k] >= 0;
        }
        for (int k = 0; k < npairs; k++) part(&p, k, hole, hr_pairs[k], 2);
        if (high) {
            int best = HR_RANK_COUNT;
            for (int a = 0; a < npairs; a++)
                for (int b = 0; b < 10; b++) {
                    int rank = multiset_rank(p.key[a] + t.key[b]);
                    best = rank < best ? rank : best;
                }
            if (suited)
                for (int a = 0; a < npairs; a++)
                    for (int b = 0; b < 10; b++)
                        if (p.suit[a] >= 0 && p.suit[a] == t.suit[b]) {
                            int rank = hr_flush_rank[p.mask[a] | t.mask[b]];
                            best = rank < best ? rank : best;
                        }
            high[i] = (uint16_t)best;
        }
        if (low) {
            int best = HR_A5_RANK_COUNT;
            for (int a = 0; a < npairs; a++)
                for (int b = 0; b < 10; b++) {
                    int rank = game_multiset_rank(hr_a5_rank, p.key[a] + t.key[b]);
                    best = rank < best ? rank : best;
                }
            low[i] = (uint16_t)(best <= HR_A5_LOW8_COUNT ? best : HR_OMAHA_NO_LOW);
        }
    }
    return -1;
}

/* ------------------------------------------------------------------ pair tables */
/* For every 5-rank board multiset and every pair of hole ranks, the best non-flush high and
 * the best low over the board's ten triples: a row then needs one lookup a hole pair, not ten.
 * The tables are built once, from the five-card tables, into memory the caller owns. */

/* Pair of ranks a <= b as 0..90. */
HR_INLINE int pair_index(int a, int b) {
    return a <= b ? b * (b + 1) / 2 + a : a * (a + 1) / 2 + b;
}

/* pair_index of the ranks of two cards, by card ids: one lookup in the rows' loop. */
#define HR_PAIR(a, b) hr_pair_of_cards[(a) >> 2][(b) >> 2]
static const uint8_t hr_pair_of_cards[13][13] = {
#define HR_P(a, b) (uint8_t)((a) <= (b) ? (b) * ((b) + 1) / 2 + (a) : (a) * ((a) + 1) / 2 + (b))
#define HR_ROW(a) {HR_P(a, 0), HR_P(a, 1), HR_P(a, 2), HR_P(a, 3), HR_P(a, 4), HR_P(a, 5), HR_P(a, 6), \
                   HR_P(a, 7), HR_P(a, 8), HR_P(a, 9), HR_P(a, 10), HR_P(a, 11), HR_P(a, 12)}
    HR_ROW(0), HR_ROW(1), HR_ROW(2), HR_ROW(3), HR_ROW(4), HR_ROW(5), HR_ROW(6),
    HR_ROW(7), HR_ROW(8), HR_ROW(9), HR_ROW(10), HR_ROW(11), HR_ROW(12),
#undef HR_ROW
#undef HR_P
};

uint32_t hr_omaha_slots(void) {
    return (uint32_t)(sizeof hr_multiset_rank / sizeof hr_multiset_rank[0]);
}

int hr_omaha_build(uint16_t *high, uint16_t *low, uint16_t *board_index) {
    for (uint32_t i = 0; i < hr_omaha_slots(); i++) board_index[i] = 0;
    int ranks[5], board = 0;
    for (ranks[0] = 0; ranks[0] < 13; ranks[0]++)
        for (ranks[1] = ranks[0]; ranks[1] < 13; ranks[1]++)
            for (ranks[2] = ranks[1]; ranks[2] < 13; ranks[2]++)
                for (ranks[3] = ranks[2]; ranks[3] < 13; ranks[3]++)
                    for (ranks[4] = ranks[3]; ranks[4] < 13; ranks[4]++) {
                        if (ranks[0] == ranks[4]) continue; /* five of a kind */
                        uint32_t key = 0;
                        for (int j = 0; j < 5; j++) key += (uint32_t)hr_card_key[4 * ranks[j]];
                        board_index[multiset_slot(key)] = (uint16_t)board;
                        for (int a = 0; a < 13; a++)
                            for (int b = a; b < 13; b++) {
                                int best = HR_RANK_COUNT, best_low = HR_A5_RANK_COUNT;
                                for (int k = 0; k < 10; k++) {
                                    int count[13] = {0}, ok = 1;
                                    count[a]++;
                                    count[b]++;
                                    uint32_t five = (uint32_t)hr_card_key[4 * a] + (uint32_t)hr_card_key[4 * b];
                                    for (int j = 0; j < 3; j++) {
                                        int r = ranks[hr_triples[k][j]];
                                        ok &= ++count[r] <= 4;
                                        five += (uint32_t)hr_card_key[4 * r];
                                    }
                                    if (!ok) continue; /* more than four of a rank: never dealt */
                                    int rank = multiset_rank(five), l = game_multiset_rank(hr_a5_rank, five);
                                    best = rank < best ? rank : best;
                                    best_low = l < best_low ? l : best_low;
                                }
                                size_t at = (size_t)board * HR_OMAHA_PAIRS + (size_t)pair_index(a, b);
                                high[at] = (uint16_t)best;
                                low[at] = (uint16_t)(best_low <= HR_A5_LOW8_COUNT ? best_low : HR_OMAHA_NO_LOW);
                            }
                        board++;
                    }
    return board == HR_OMAHA_BOARDS ? 0 : HR_ERR_TABLE;
}

/* Rows through the pair tables: the board's multiset picks a row of 91 entries, each hole
 * pair one entry; flushes (a pair and a triple of one suit) are added from the flush table. */
#define HR_OMAHA_BLOCK 32

HR_INLINE int64_t omaha_table_rows(const uint16_t *high_table, const uint16_t *low_table,
                                   const uint16_t *board_index, const uint8_t *holes, const int nhole,
                                   const uint8_t *boards, int64_t nrows, uint16_t *high, uint16_t *low, int *error) {
    const int npairs = nhole * (nhole - 1) / 2;
    uint32_t rows[HR_OMAHA_BLOCK];
    int flush_suit_of[HR_OMAHA_BLOCK];
    for (int64_t start = 0; start < nrows; start += HR_OMAHA_BLOCK) {
        int count = nrows - start < HR_OMAHA_BLOCK ? (int)(nrows - start) : HR_OMAHA_BLOCK;
        /* first every row's checks and board row, then the lookups: independent loads in flight */
        for (int r = 0; r < count; r++) {
            const uint8_t *hole = holes + (start + r) * nhole, *board = boards + (start + r) * 5;
            int bad = check_row(hole, nhole, board);
            if (HR_UNLIKELY(bad)) {
                *error = bad;
                return start + r;
            }
            uint32_t key = 0;
            unsigned suits = 0; /* 3 bits a suit: how many board cards of it */
            for (int j = 0; j < 5; j++) {
                key += (uint32_t)hr_card_key[board[j]];
                suits += 1u << (3 * (board[j] & 3));
            }
            rows[r] = (uint32_t)board_index[multiset_slot(key)] * HR_OMAHA_PAIRS;
            int s = -1;
            for (int q = 0; q < 4; q++) s = ((suits >> (3 * q)) & 7) >= 3 ? q : s;
            flush_suit_of[r] = s;
        }
        for (int r = 0; r < count; r++) {
            const uint8_t *hole = holes + (start + r) * nhole, *board = boards + (start + r) * 5;
            int pair_of[15];
            for (int k = 0; k < npairs; k++) pair_of[k] = HR_PAIR(hole[hr_pairs[k][0]], hole[hr_pairs[k][1]]);
            if (high) {
                const uint16_t *row = high_table + rows[r];
                int best = HR_RANK_COUNT, s = flush_suit_of[r];
                for (int k = 0; k < npairs; k++) best = row[pair_of[k]] < best ? row[pair_of[k]] : best;
                if (s >= 0) { /* one suit three or more times on the board: its triples with suited pairs */
                    uint16_t suited[5];
                    int nsuited = 0;
                    for (int j = 0; j < 5; j++)
                        if ((board[j] & 3) == s) suited[nsuited++] = (uint16_t)(1u << (board[j] >> 2));
                    for (int a = 0; a < nhole; a++) {
                        if ((hole[a] & 3) != s) continue;
                        for (int b = a + 1; b < nhole; b++) {
                            if ((hole[b] & 3) != s) continue;
                            uint16_t two = (uint16_t)(1u << (hole[a] >> 2) | 1u << (hole[b] >> 2));
                            for (int x = 0; x < nsuited; x++)
                                for (int y = x + 1; y < nsuited; y++)
                                    for (int z = y + 1; z < nsuited; z++) {
                                        int rank = hr_flush_rank[two | suited[x] | suited[y] | suited[z]];
                                        best = rank < best ? rank : best;
                                    }
                        }
                    }
                }
                high[start + r] = (uint16_t)best;
            }
            if (low) {
                const uint16_t *row = low_table + rows[r];
                int best = HR_OMAHA_NO_LOW;
                for (int k = 0; k < npairs; k++) best = row[pair_of[k]] < best ? row[pair_of[k]] : best;
                low[start + r] = (uint16_t)best;
            }
        }
    }
    return -1;
}

int64_t hr_omaha_table_batch(const uint16_t *high_table, const uint16_t *low_table, const uint16_t *board_index,
                             const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, uint16_t *high,
                             uint16_t *low, int *error) {
    *error = 0;
    switch (nhole) {
    case 4: return omaha_table_rows(high_table, low_table, board_index, holes, 4, boards, nrows, high, low, error);
    case 5: return omaha_table_rows(high_table, low_table, board_index, holes, 5, boards, nrows, high, low, error);
    case 6: return omaha_table_rows(high_table, low_table, board_index, holes, 6, boards, nrows, high, low, error);
    default: *error = HR_ERR_COUNT; return 0;
    }
}

int64_t hr_omaha_batch(const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, uint16_t *high,
                       uint16_t *low, int *error) {
    *error = 0;
    switch (nhole) {
    case 4: return omaha_rows(holes, 4, boards, nrows, high, low, error);
    case 5: return omaha_rows(holes, 5, boards, nrows, high, low, error);
    case 6: return omaha_rows(holes, 6, boards, nrows, high, low, error);
    default: *error = HR_ERR_COUNT; return 0;
    }
}

int hr_omaha_hand(const uint8_t *hole, int nhole, const uint8_t *board) {
    uint16_t high_rank, low_rank;
    int error;
    if (nhole < 4 || nhole > 6) return HR_ERR_COUNT;
    if (hr_omaha_batch(hole, nhole, board, 1, &high_rank, &low_rank, &error) >= 0) return error;
    return high_rank | low_rank << 16;
}

/* ------------------------------------------------------------------------ equity */

/* One player's high and low (HR_OMAHA_NO_LOW when none) against a board's ten triples. */
HR_INLINE void omaha_hand(const uint8_t *hole, int nhole, const parts_t *t, int suited, int hilo, int *high,
                          int *low) {
    parts_t p;
    const int npairs = nhole * (nhole - 1) / 2;
    for (int k = 0; k < npairs; k++) part(&p, k, hole, hr_pairs[k], 2);
    int best = HR_RANK_COUNT, best_low = HR_A5_RANK_COUNT;
    for (int a = 0; a < npairs; a++)
        for (int b = 0; b < 10; b++) {
            int rank = multiset_rank(p.key[a] + t->key[b]);
            best = rank < best ? rank : best;
            if (hilo) {
                int l = game_multiset_rank(hr_a5_rank, p.key[a] + t->key[b]);
                best_low = l < best_low ? l : best_low;
            }
        }
    if (suited)
        for (int a = 0; a < npairs; a++)
            for (int b = 0; b < 10; b++)
                if (p.suit[a] >= 0 && p.suit[a] == t->suit[b]) {
                    int rank = hr_flush_rank[p.mask[a] | t->mask[b]];
                    best = rank < best ? rank : best;
                }
    *high = best;
    *low = best_low <= HR_A5_LOW8_COUNT ? best_low : HR_OMAHA_NO_LOW;
}

/* One showdown on a full board: each player's share of a pot of 2 x HR_SHARE_UNITS (so that
 * any split of either half is whole), added to counts and squares. */
static void omaha_showdown(const uint8_t *holes, int nhole, int nplayers, const uint8_t *board, int hilo,
                           uint64_t *counts, uint64_t *squares) {
    parts_t t;
    int suited = 0, high[HR_MAX_PLAYERS], low[HR_MAX_PLAYERS], best = HR_RANK_COUNT + 1,
        best_low = HR_OMAHA_NO_LOW, nhigh = 0, nlow = 0;
    for (int k = 0; k < 10; k++) {
        part(&t, k, board, hr_triples[k], 3);
        suited |= t.suit[k] >= 0;
    }
    for (int q = 0; q < nplayers; q++) {
        omaha_hand(holes + q * nhole, nhole, &t, suited, hilo, &high[q], &low[q]);
        best = high[q] < best ? high[q] : best;
        best_low = low[q] < best_low ? low[q] : best_low;
    }
    for (int q = 0; q < nplayers; q++) {
        nhigh += high[q] == best;
        nlow += low[q] == best_low;
    }
    int split_low = hilo && best_low < HR_OMAHA_NO_LOW;
    for (int q = 0; q < nplayers; q++) {
        uint64_t share = 0;
        if (high[q] == best) share += (uint64_t)(split_low ? HR_SHARE_UNITS : 2 * HR_SHARE_UNITS) / (uint64_t)nhigh;
        if (split_low && low[q] == best_low) share += (uint64_t)HR_SHARE_UNITS / (uint64_t)nlow;
        counts[3 * q] += share == 2 * HR_SHARE_UNITS;
        counts[3 * q + 1] += share > 0 && share < 2 * HR_SHARE_UNITS;
        counts[3 * q + 2] += share;
        if (squares) squares[q] += share * share;
    }
}

int hr_omaha_equity(const uint8_t *holes, int nhole, int nplayers, const uint8_t *board, int nboard,
                    const uint8_t *dead, int ndead, int hilo, uint64_t seed, uint64_t trials, uint64_t first,
                    uint64_t end, uint64_t *counts, uint64_t *squares, uint64_t *deals) {
    if (nhole < 4 || nhole > 6) return HR_ERR_COUNT;
    if (nplayers < 2 || nplayers > HR_MAX_PLAYERS) return HR_ERR_PLAYERS;
    if (nboard != 0 && nboard != 3 && nboard != 4 && nboard != 5) return HR_ERR_BOARD;
    if (ndead < 0 || ndead > 52) return HR_ERR_COUNT;
    uint64_t used = 0;
    int nrandom = 0, random_of[HR_MAX_PLAYERS];
    for (int j = 0; j < nboard + ndead; j++) {
        int c = j < nboard ? board[j] : dead[j - nboard];
        if (c > 51) return HR_ERR_CARD;
        if (used >> c & 1) return HR_ERR_DUPLICATE;
        used |= 1ull << c;
    }
    for (int q = 0; q < nplayers; q++) {
        const uint8_t *hole = holes + q * nhole;
        if (hole[0] == 255) { /* a random hand: all its ids 255 */
            for (int j = 1; j < nhole; j++)
                if (hole[j] != 255) return HR_ERR_CARD;
            random_of[nrandom++] = q;
            continue;
        }
        for (int j = 0; j < nhole; j++) {
            if (hole[j] > 51) return HR_ERR_CARD;
            if (used >> hole[j] & 1) return HR_ERR_DUPLICATE;
            used |= 1ull << hole[j];
        }
    }
    uint8_t deck[52];
    int ndeck = 0, left = 5 - nboard;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1)) deck[ndeck++] = (uint8_t)c;
    if (ndeck < left + nrandom * nhole) return HR_ERR_COUNT;
    uint8_t table[HR_MAX_PLAYERS * 6], full[5];
    for (int j = 0; j < nplayers * nhole; j++) table[j] = holes[j];
    for (int j = 0; j < nboard; j++) full[j] = board[j];

    if (trials == 0) { /* exact: the runouts [first, end) in lexicographic order */
        if (nrandom) return HR_ERR_RANGE;
        uint64_t runouts = hr_choose(ndeck, left);
        if (end > runouts) end = runouts;
        if (first >= end) return 0;
        int pick[5];
        hr_unrank(first, ndeck, left, pick);
        for (uint64_t number = first; number < end; number++) {
            for (int i = 0; i < left; i++) full[nboard + i] = deck[pick[i]];
            omaha_showdown(table, nhole, nplayers, full, hilo, counts, squares);
            ++*deals;
            int i = left - 1;
            while (i >= 0 && pick[i] == ndeck - left + i) i--;
            if (i < 0) break;
            pick[i]++;
            for (int j = i + 1; j < left; j++) pick[j] = pick[j - 1] + 1;
        }
        return 0;
    }
    /* Monte Carlo: chunks [first, end) of HR_EQUITY_CHUNK deals, each its own stream */
    uint64_t chunks = (trials + HR_EQUITY_CHUNK - 1) / HR_EQUITY_CHUNK;
    if (end > chunks) end = chunks;
    for (uint64_t chunk = first; chunk < end; chunk++) {
        rng_t rng = chunk_stream(seed, chunk);
        uint64_t n = chunk + 1 < chunks ? HR_EQUITY_CHUNK : trials - chunk * HR_EQUITY_CHUNK;
        uint8_t shuffled[52];
        for (int c = 0; c < ndeck; c++) shuffled[c] = deck[c];
        for (uint64_t d = 0; d < n; d++) {
            int need = left + nrandom * nhole;
            for (int j = 0; j < need; j++) { /* partial Fisher-Yates */
                int k = j + (int)below(&rng, (uint32_t)(ndeck - j));
                uint8_t c = shuffled[k];
                shuffled[k] = shuffled[j];
                shuffled[j] = c;
            }
            for (int j = 0; j < left; j++) full[nboard + j] = shuffled[j];
            for (int r = 0; r < nrandom; r++)
                for (int j = 0; j < nhole; j++) table[random_of[r] * nhole + j] = shuffled[left + r * nhole + j];
            omaha_showdown(table, nhole, nplayers, full, hilo, counts, squares);
            ++*deals;
        }
    }
    return 0;
}

