/* Omaha: the best five of exactly two hole cards and three board cards, high (Hold'em's ranks
 * 1..7462) and the 8-or-better low (ace-to-five ranks 1..56, HR_OMAHA_NO_LOW when no 2 + 3
 * five qualifies). Every pair of hole cards meets every triple of the five board cards: the
 * rank keys of each are summed once a row, and each five is one lookup in Hold'em's multiset
 * table (or the flush table when the pair and the triple share one suit) and one in the
 * ace-to-five table, which sits on the same slots. See handrank.h. */
#include <stdlib.h>
#include <string.h>

#include "equity_internal.h" /* hr_feasible_masks */
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

uint32_t hr_omaha_slots(void) {
    return (uint32_t)(sizeof hr_multiset_rank / sizeof hr_multiset_rank[0]);
}

int hr_omaha_build(uint16_t *high, uint16_t *low, uint32_t *board_row) {
    /* First the best of every pair of hole ranks with every triple of board ranks (r <= s <= t
     * at 169 r + 13 s + t; a five with more than four of a rank is never dealt: the worst
     * value), then each board's entry is the best of its ten triples': 91 x 10 minimums a
     * board, not 910 five-card lookups. */
    uint16_t *with = malloc(sizeof(uint16_t) * 2 * 2197 * HR_OMAHA_PAIRS);
    if (!with) return HR_ERR_MEMORY;
    uint16_t *with_low = with + 2197 * HR_OMAHA_PAIRS;
    for (int r = 0; r < 13; r++)
        for (int s = r; s < 13; s++)
            for (int t = s; t < 13; t++)
                for (int a = 0; a < 13; a++)
                    for (int b = a; b < 13; b++) {
                        int count[13] = {0};
                        count[r]++, count[s]++, count[t]++, count[a]++, count[b]++;
                        int ok = count[r] <= 4 && count[s] <= 4 && count[t] <= 4 && count[a] <= 4 && count[b] <= 4;
                        uint32_t five = (uint32_t)(hr_card_key[4 * r] + hr_card_key[4 * s] + hr_card_key[4 * t] +
                                                   hr_card_key[4 * a] + hr_card_key[4 * b]);
                        size_t at = (size_t)(169 * r + 13 * s + t) * HR_OMAHA_PAIRS + (size_t)HR_RANK_PAIR(a, b);
                        with[at] = (uint16_t)(ok ? multiset_rank(five) : HR_RANK_COUNT);
                        with_low[at] = (uint16_t)(ok ? game_multiset_rank(hr_a5_rank, five) : HR_A5_RANK_COUNT);
                    }
    for (uint32_t i = 0; i < hr_omaha_slots(); i++) board_row[i] = 0;
    int ranks[5], board = 0;
    for (ranks[0] = 0; ranks[0] < 13; ranks[0]++)
        for (ranks[1] = ranks[0]; ranks[1] < 13; ranks[1]++)
            for (ranks[2] = ranks[1]; ranks[2] < 13; ranks[2]++)
                for (ranks[3] = ranks[2]; ranks[3] < 13; ranks[3]++)
                    for (ranks[4] = ranks[3]; ranks[4] < 13; ranks[4]++) {
                        if (ranks[0] == ranks[4]) continue; /* five of a kind */
                        uint32_t key = 0;
                        for (int j = 0; j < 5; j++) key += (uint32_t)hr_card_key[4 * ranks[j]];
                        board_row[multiset_slot(key)] = (uint32_t)board * HR_OMAHA_PAIRS;
                        size_t first = (size_t)board * HR_OMAHA_PAIRS;
                        uint16_t *row = high + first, *row_low = low + first;
                        for (int e = 0; e < HR_OMAHA_PAIRS; e++) row[e] = HR_RANK_COUNT, row_low[e] = HR_A5_RANK_COUNT;
                        for (int k = 0; k < 10; k++) { /* the triple's ranks are in order, as the board's are */
                            const uint8_t *t = hr_triples[k];
                            size_t at = (size_t)(169 * ranks[t[0]] + 13 * ranks[t[1]] + ranks[t[2]]) * HR_OMAHA_PAIRS;
                            for (int e = 0; e < HR_OMAHA_PAIRS; e++) {
                                row[e] = with[at + e] < row[e] ? with[at + e] : row[e];
                                row_low[e] = with_low[at + e] < row_low[e] ? with_low[at + e] : row_low[e];
                            }
                        }
                        for (int e = 0; e < HR_OMAHA_PAIRS; e++)
                            row_low[e] = (uint16_t)(row_low[e] <= HR_A5_LOW8_COUNT ? row_low[e] : HR_OMAHA_NO_LOW);
                        board++;
                    }
    free(with);
    return board == HR_OMAHA_BOARDS ? 0 : HR_ERR_TABLE;
}

/* Suit counters of a board's key started here: bit 3 of a suit's is set by three or more
 * cards of it, the most a five can take from the board. */
#define HR_OMAHA_BOARD_BIAS 0x555500000000ull

/* The best flush of two hole cards and three board cards of suit s, or `best` when better:
 * every pair with every triple. */
HR_NOINLINE int omaha_flush_all(const uint8_t *hole, int nhole, const uint8_t *board, int s, int best) {
    uint16_t mine[6], theirs[5];
    int nmine = 0, ntheirs = 0;
    for (int j = 0; j < nhole; j++)
        if ((hole[j] & 3) == s) mine[nmine++] = (uint16_t)(1u << (hole[j] >> 2));
    for (int j = 0; j < 5; j++)
        if ((board[j] & 3) == s) theirs[ntheirs++] = (uint16_t)(1u << (board[j] >> 2));
    for (int a = 0; a < nmine; a++)
        for (int b = a + 1; b < nmine; b++)
            for (int x = 0; x < ntheirs; x++)
                for (int y = x + 1; y < ntheirs; y++)
                    for (int z = y + 1; z < ntheirs; z++) {
                        int rank = hr_flush_rank[mine[a] | mine[b] | theirs[x] | theirs[y] | theirs[z]];
                        best = rank < best ? rank : best;
                    }
    return best;
}

/* The k highest bits of x (which has at least k). */
HR_INLINE unsigned top_bits(unsigned x, int k) {
    unsigned kept = 0;
    for (int i = 0; i < k; i++) {
#if HR_GNU
        unsigned bit = 1u << (31 - __builtin_clz(x));
#else
        unsigned bit = 1u << 12;
        while (!(x & bit)) bit >>= 1;
#endif
        kept |= bit;
        x ^= bit;
    }
    return kept;
}

/* As omaha_flush_all, for hole cards with two or more of suit s and a board with three or
 * more, from the suit's ranks among each (13-bit masks). Without five ranks in a row among
 * the suit's cards there is no straight flush, and the best flush is the two highest hole
 * cards with the three highest board cards of the suit (each card of it at least the one it
 * replaces); else -1 (every pair and triple must be tried). */
HR_INLINE int omaha_flush_top(unsigned mine, unsigned theirs, int best) {
    unsigned all = mine | theirs, low_ace = all << 1 | all >> 12; /* bit 0: the ace below the deuce */
    if (HR_UNLIKELY(low_ace & low_ace >> 1 & low_ace >> 2 & low_ace >> 3 & low_ace >> 4)) return -1;
    int rank = hr_flush_rank[top_bits(mine, 2) | top_bits(theirs, 3)];
    return rank < best ? rank : best;
}

/* omaha_flush_top, or every pair and triple (omaha_flush_all) where it answers -1. */
HR_INLINE int omaha_flush_of(unsigned mine, unsigned theirs, const uint8_t *hole, int nhole, const uint8_t *board,
                              int s, int best) {
    int rank = omaha_flush_top(mine, theirs, best);
    return HR_LIKELY(rank >= 0) ? rank : omaha_flush_all(hole, nhole, board, s, best);
}

/* omaha_flush_of with the suit's ranks (a 13-bit mask each) read from the cards. */
HR_INLINE int omaha_flush(const uint8_t *hole, int nhole, const uint8_t *board, int s, int best) {
    unsigned mine = 0, theirs = 0;
    for (int j = 0; j < nhole; j++) mine |= (unsigned)((hole[j] & 3) == s) << (hole[j] >> 2);
    for (int j = 0; j < 5; j++) theirs |= (unsigned)((board[j] & 3) == s) << (board[j] >> 2);
    return omaha_flush_of(mine, theirs, hole, nhole, board, s, best);
}

/* The ranks of suit s (0..3) among the cards of a card mask, as a 13-bit mask: bit 4r + s of
 * the mask to bit r, by halving the gaps between the kept bits. */
HR_INLINE unsigned suit_ranks(uint64_t cards, int s) {
    uint64_t x = (cards >> s) & HR_SUIT0_CARDS;
    x = (x | x >> 3) & 0x0303030303030303ull;
    x = (x | x >> 6) & 0x000F000F000F000Full;
    x = (x | x >> 12) & 0x000000FF000000FFull;
    return (unsigned)((x | x >> 24) & 0x1FFF);
}

/* check_row out of line, for the rows' loop: nothing kept live for it there. */
HR_NOINLINE int row_error(const uint8_t *hole, int nhole, const uint8_t *board) {
    return check_row(hole, nhole, board);
}

/* Rows through the pair tables, in blocks of HR_OMAHA_BLOCK rows. First, per row: the
 * board's key (its multiset's row in the tables, fetched ahead; its suit counters; bad ids)
 * and the hole's key (suit counters, bad ids), and the row goes on the flush list when a suit
 * has three board cards and two hole cards. Then one lookup a hole pair, then the listed
 * rows' flushes (omaha_flush). Ids above 51 are caught by the keys; with `popcnt` (an
 * instruction of this build), a repeated card by counting the bits of the row's cards, else
 * by check_row. */
#define HR_OMAHA_BLOCK 32

/* Entry in a board's row of the pair of cards a, b (ids 0..51, either order), at 64 a + b. */
#define HR_E(a, b) (uint8_t)HR_RANK_PAIR((a) >> 2, (b) >> 2)
#define HR_E8(a, b) HR_E(a, b), HR_E(a, b + 1), HR_E(a, b + 2), HR_E(a, b + 3), HR_E(a, b + 4), HR_E(a, b + 5), \
                    HR_E(a, b + 6), HR_E(a, b + 7)
#define HR_EROW(a) HR_E8(a, 0), HR_E8(a, 8), HR_E8(a, 16), HR_E8(a, 24), HR_E8(a, 32), HR_E8(a, 40), HR_E8(a, 48), \
                   HR_E8(a, 56)
#define HR_EROW8(a) HR_EROW(a), HR_EROW(a + 1), HR_EROW(a + 2), HR_EROW(a + 3), HR_EROW(a + 4), HR_EROW(a + 5), \
                    HR_EROW(a + 6), HR_EROW(a + 7)
static const uint8_t hr_pair_entry[52 * 64] = {HR_EROW8(0),  HR_EROW8(8),  HR_EROW8(16), HR_EROW8(24),
                                               HR_EROW8(32), HR_EROW8(40), HR_EROW(48),  HR_EROW(49),
                                               HR_EROW(50),  HR_EROW(51)};
#undef HR_EROW8
#undef HR_EROW
#undef HR_E8
#undef HR_E

/* The least entry over each hand's pairs of hole cards in its board's row, for hands
 * [from, to): hand h's cards (ids already checked) at cards + h * nhole, its board's row at
 * table + at[h]; into high[h] from high_table and, when low_table is not NULL, low[h] from
 * it (either table may be either of the pair tables). */
HR_INLINE void omaha_best_pairs(const uint16_t *high_table, const uint16_t *low_table, const uint8_t *cards,
                                const int nhole, const uint32_t *at, int from, int to, int *high, int *low) {
    for (int h = from; h < to; h++) {
        const uint8_t *mine = cards + h * nhole;
        int entry[15], npairs = 0;
        for (int a = 1; a < nhole; a++)
            for (int b = 0; b < a; b++) entry[npairs++] = hr_pair_entry[mine[a] << 6 | mine[b]];
        const uint16_t *row = high_table + at[h];
        int best = 0xFFFF;
        for (int k = 0; k < npairs; k++) best = row[entry[k]] < best ? row[entry[k]] : best;
        high[h] = best;
        if (low_table) {
            row = low_table + at[h];
            best = 0xFFFF;
            for (int k = 0; k < npairs; k++) best = row[entry[k]] < best ? row[entry[k]] : best;
            low[h] = best;
        }
    }
}

#if HR_X86_DISPATCH
#include <immintrin.h>
#define HR_OMAHA_AVX2 __attribute__((target("avx2")))

/* omaha_best_pairs eight hands a vector, one hand a 32-bit lane. A pair's entry is
 * max(T(a) + b, T(b) + a) for its ranks a and b, T(r) = r (r + 1) / 2 (HR_RANK_PAIR: the
 * larger rank's term wins by at least the smaller rank); a row's entry is gathered as the
 * 32-bit word that starts at it, its upper half dropped. That word never reaches past the
 * table: its last entry (the last board, K A A A A, with hole pair A A) would take six aces,
 * and every hand here has been checked. Returns the first hand not done (the last few, fewer
 * than eight, are left). */
HR_OMAHA_AVX2 HR_INLINE int omaha_pairs8(const uint16_t *high_table, const uint16_t *low_table, const uint8_t *cards,
                                         const int nhole, const uint32_t *at, int from, int to, int *high, int *low) {
    const __m256i fifteen = _mm256_set1_epi32(15), low16 = _mm256_set1_epi32(0xFFFF),
                  step = _mm256_setr_epi32(0, nhole, 2 * nhole, 3 * nhole, 4 * nhole, 5 * nhole, 6 * nhole, 7 * nhole),
                  tri = _mm256_setr_epi8(0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 0, 0, 0, /* each 128 bits */
                                         0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 0, 0, 0);
    int h = from;
    for (; h + 8 <= to; h += 8) {
        const uint8_t *base = cards + h * nhole;
        /* cards 0..3 of each hand, and its last four (where a hand has more than four) */
        __m256i first = nhole == 4 ? _mm256_loadu_si256((const __m256i *)base)
                                   : _mm256_i32gather_epi32((const int *)base, step, 1),
                rest = nhole == 4 ? first : _mm256_i32gather_epi32((const int *)(base + nhole - 4), step, 1);
        __m256i rank[6], term[6];
        for (int j = 0; j < nhole; j++) {
            __m256i word = j < 4 ? first : rest;
            int byte = j < 4 ? j : j - (nhole - 4);
            rank[j] = _mm256_and_si256(_mm256_srli_epi32(word, 8 * byte + 2), fifteen);
            term[j] = _mm256_shuffle_epi8(tri, rank[j]); /* T(rank) in the low byte, the other bytes T(0) = 0 */
        }
        __m256i row = _mm256_loadu_si256((const __m256i *)(at + h)), best = low16, best_low = low16;
        for (int a = 1; a < nhole; a++)
            for (int b = 0; b < a; b++) {
                __m256i entry = _mm256_max_epi32(_mm256_add_epi32(term[a], rank[b]),
                                                 _mm256_add_epi32(term[b], rank[a]));
                __m256i index = _mm256_add_epi32(row, entry);
                best = _mm256_min_epi32(
                    best, _mm256_and_si256(_mm256_i32gather_epi32((const int *)high_table, index, 2), low16));
                if (low_table)
                    best_low = _mm256_min_epi32(
                        best_low, _mm256_and_si256(_mm256_i32gather_epi32((const int *)low_table, index, 2), low16));
            }
        _mm256_storeu_si256((__m256i *)(high + h), best);
        if (low_table) _mm256_storeu_si256((__m256i *)(low + h), best_low);
    }
    return h;
}

HR_OMAHA_AVX2 static int omaha_pairs_avx2(const uint16_t *high_table, const uint16_t *low_table, const uint8_t *cards,
                                          int nhole, const uint32_t *at, int from, int to, int *high, int *low) {
    switch (nhole) { /* the hole count a constant: the loops over cards and pairs unroll */
    case 4: return omaha_pairs8(high_table, low_table, cards, 4, at, from, to, high, low);
    case 5: return omaha_pairs8(high_table, low_table, cards, 5, at, from, to, high, low);
    default: return omaha_pairs8(high_table, low_table, cards, 6, at, from, to, high, low);
    }
}
#endif

/* omaha_best_pairs eight hands at a time where `vector` (the CPU has AVX2), the rest one by one. */
HR_INLINE void omaha_best_of(const uint16_t *high_table, const uint16_t *low_table, const uint8_t *cards,
                             const int nhole, const uint32_t *at, int count, int *high, int *low, int vector) {
    int done = 0;
#if HR_X86_DISPATCH
    if (vector) done = omaha_pairs_avx2(high_table, low_table, cards, nhole, at, 0, count, high, low);
#else
    (void)vector;
#endif
    omaha_best_pairs(high_table, low_table, cards, nhole, at, done, count, high, low);
}

/* Each byte's bit in a card mask (HR_CARD_BIT: none for a bad id, so that a row's count of
 * bits falls short and its check sees it). */
static const uint64_t hr_omaha_card_bit[256] = {HR_X256(HR_CARD_BIT)};

/* The cards of suit s (0..3) as a card mask's bits, and none for 4 (no suit). */
static const uint64_t hr_omaha_suit_bits[5] = {0x1111111111111ull, 0x2222222222222ull, 0x4444444444444ull,
                                               0x8888888888888ull, 0};

HR_INLINE int64_t omaha_table_rows(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                                   const uint8_t *holes, const int nhole, const uint8_t *boards, int64_t nrows,
                                   uint16_t *high, uint16_t *low, int *error, const int popcnt, const int vector) {
    uint32_t at[HR_OMAHA_BLOCK];
    int first[HR_OMAHA_BLOCK], second[HR_OMAHA_BLOCK];
    /* the lookups read the high table, the low or both (the first asked into first[]) */
    const uint16_t *first_table = high ? high_table : low_table, *second_table = high && low ? low_table : NULL;
    int flushes[HR_OMAHA_BLOCK], flush_suit[HR_OMAHA_BLOCK];
    uint64_t flush_hole[HR_OMAHA_BLOCK], flush_board[HR_OMAHA_BLOCK]; /* the row's cards as bits */
    int64_t bad = -1;
    for (int64_t start = 0; start < nrows && bad < 0; start += HR_OMAHA_BLOCK) {
        int count = nrows - start < HR_OMAHA_BLOCK ? (int)(nrows - start) : HR_OMAHA_BLOCK, nflushes = 0;
        /* first every row's keys, checks and table row (fetched ahead), then the lookups */
        for (int r = 0; r < count; r++) {
            const uint8_t *hole = holes + (start + r) * nhole, *board = boards + (start + r) * 5;
            uint64_t board_key = HR_OMAHA_BOARD_BIAS, hole_key = 0, board_bits = 0, hole_bits = 0;
            for (int j = 0; j < 5; j++) {
                board_key += hr_card_key[board[j]];
                board_bits |= hr_omaha_card_bit[board[j]];
            }
            for (int j = 0; j < nhole; j++) {
                hole_key += hr_card_key[hole[j]];
                hole_bits |= hr_omaha_card_bit[hole[j]];
            }
            uint64_t seen = board_bits | hole_bits;
            int repeats = popcnt ? hr_popcount64(seen) != nhole + 5 : check_row(hole, nhole, board);
            if (HR_UNLIKELY(((board_key | hole_key) & HR_INVALID_CHECK) || repeats)) {
                *error = row_error(hole, nhole, board);
                if (*error) { /* the rows before it are still ranked, as handrank.h promises */
                    bad = start + r;
                    count = r;
                    break;
                }
            }
            at[r] = board_row[multiset_slot(board_key)];
            for (int byte = 0; byte < 2 * HR_OMAHA_PAIRS; byte += 60) { /* every line of the row */
                if (high) HR_PREFETCH((const char *)(high_table + at[r]) + byte);
                if (low) HR_PREFETCH((const char *)(low_table + at[r]) + byte);
            }
            /* a suit with three board cards (suit 4, whose hole counter reads 0, when none) and
             * two hole cards: the row goes on the list for the flush path */
            int s = hr_ctz64((board_key & HR_FLUSH_CHECK) >> HR_SUIT_SHIFT | 0x10000) >> 2;
            flush_suit[nflushes] = s;
            flushes[nflushes] = r;
            flush_hole[nflushes] = hole_bits;
            flush_board[nflushes] = board_bits;
            nflushes += ((hole_key >> (HR_SUIT_SHIFT + 4 * s)) & 15) >= 2;
        }
        if (high || low) {
            omaha_best_of(first_table, second_table, holes + start * nhole, nhole, at, count, first, second, vector);
            for (int r = 0; r < count; r++) {
                if (high) high[start + r] = (uint16_t)first[r];
                if (low) low[start + r] = (uint16_t)(high ? second[r] : first[r]);
            }
        }
        if (high)
            for (int k = 0; k < nflushes; k++) {
                int64_t i = start + flushes[k];
                int s = flush_suit[k];
                high[i] = (uint16_t)omaha_flush_of(suit_ranks(flush_hole[k], s), suit_ranks(flush_board[k], s),
                                                   holes + i * nhole, nhole, boards + i * 5, s, high[i]);
            }
    }
    return bad;
}

static int64_t omaha_table_batch(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                                 const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, uint16_t *high,
                                 uint16_t *low, int *error) {
    switch (nhole) {
    case 4: return omaha_table_rows(high_table, low_table, board_row, holes, 4, boards, nrows, high, low, error, 0, 0);
    case 5: return omaha_table_rows(high_table, low_table, board_row, holes, 5, boards, nrows, high, low, error, 0, 0);
    default: return omaha_table_rows(high_table, low_table, board_row, holes, 6, boards, nrows, high, low, error, 0, 0);
    }
}

#if HR_X86_DISPATCH
/* The same rows where the CPU counts bits in one instruction. */
__attribute__((target("popcnt,bmi,bmi2"))) static int64_t
omaha_table_batch_popcnt(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                         const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, uint16_t *high,
                         uint16_t *low, int *error) {
    int avx2 = __builtin_cpu_supports("avx2");
    switch (nhole) {
    case 4: return omaha_table_rows(high_table, low_table, board_row, holes, 4, boards, nrows, high, low, error, 1, avx2);
    case 5: return omaha_table_rows(high_table, low_table, board_row, holes, 5, boards, nrows, high, low, error, 1, avx2);
    default: return omaha_table_rows(high_table, low_table, board_row, holes, 6, boards, nrows, high, low, error, 1, avx2);
    }
}
#endif

int64_t hr_omaha_table_batch(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                             const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, uint16_t *high,
                             uint16_t *low, int *error) {
    *error = 0;
    if (nhole < 4 || nhole > 6) {
        *error = HR_ERR_COUNT;
        return 0;
    }
#if HR_X86_DISPATCH
    if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2"))
        return omaha_table_batch_popcnt(high_table, low_table, board_row, holes, nhole, boards, nrows, high, low,
                                        error);
#endif
    return omaha_table_batch(high_table, low_table, board_row, holes, nhole, boards, nrows, high, low, error);
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

int hr_omaha_hand(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                  const uint8_t *hole, int nhole, const uint8_t *board) {
    /* The rows' loop for one row, without its block arrays, prefetches and CPU dispatch: one
     * hand a call (handrank._percall) pays for none of them. */
    if (nhole < 4 || nhole > 6) return HR_ERR_COUNT;
    int error = check_row(hole, nhole, board);
    if (error) return error;
    uint64_t board_key = HR_OMAHA_BOARD_BIAS, hole_key = 0;
    for (int j = 0; j < 5; j++) board_key += hr_card_key[board[j]];
    for (int j = 0; j < nhole; j++) hole_key += hr_card_key[hole[j]];
    uint32_t at = board_row[multiset_slot(board_key)];
    int high = HR_RANK_COUNT, low = HR_OMAHA_NO_LOW, first = 0, second = 0;
    /* each table is a cache miss or two: read only the ones asked for (the first asked into first) */
    if (high_table || low_table) {
        omaha_best_pairs(high_table ? high_table : low_table, high_table ? low_table : NULL, hole, nhole, &at, 0, 1,
                         &first, &second);
        if (high_table) high = first;
        if (low_table) low = high_table ? second : first;
    }
    if (high_table) {
        /* the suit with three board cards (4, whose hole counter reads 0, when none) */
        int s = hr_ctz64((board_key & HR_FLUSH_CHECK) >> HR_SUIT_SHIFT | 0x10000) >> 2;
        if (((hole_key >> (HR_SUIT_SHIFT + 4 * s)) & 15) >= 2) high = omaha_flush(hole, nhole, board, s, high);
    }
    return high | low << 16;
}

/* ------------------------------------------------------------------------ equity */

/* A player's hole cards as a showdown reads them, its record: two bytes of suit counts (four
 * bits a suit, read at 16 bits, for no suit, as 0), then each pair's entry in a board's row; 8,
 * 16 or 32 bytes for 4, 5 or 6 hole cards, so that no record straddles a cache line. Made once
 * for a hand that stays put over many boards (a fixed hand; each hand of a range), else once a
 * deal. The hand's cards as a mask are returned (the flush path's, kept beside the record). */
#define HR_OMAHA_RECORD 32

HR_INLINE int omaha_record_size(int nhole) {
    return nhole == 4 ? 8 : nhole == 5 ? 16 : 32;
}

HR_INLINE uint64_t omaha_record(uint8_t *record, const uint8_t *cards, const int nhole) {
    uint64_t key = 0, mask = 0; /* the cards' keys add their suit counters */
    for (int j = 0; j < nhole; j++) {
        key += hr_card_key[cards[j]];
        mask |= 1ull << cards[j];
    }
    record[0] = (uint8_t)(key >> HR_SUIT_SHIFT);
    record[1] = (uint8_t)(key >> (HR_SUIT_SHIFT + 8));
    int npairs = 0;
    for (int a = 1; a < nhole; a++)
        for (int b = 0; b < a; b++) record[2 + npairs++] = hr_pair_entry[cards[a] << 6 | cards[b]];
    return mask;
}

/* omaha_record with the hole count a constant (one switch): its loops unroll. */
HR_INLINE uint64_t omaha_record_of(uint8_t *record, const uint8_t *cards, int nhole) {
    switch (nhole) {
    case 4: return omaha_record(record, cards, 4);
    case 5: return omaha_record(record, cards, 5);
    default: return omaha_record(record, cards, 6);
    }
}

/* HR_SHARE_UNITS split n ways, from a table: a division a player cost more than the rest. */
static const uint32_t hr_omaha_split[HR_MAX_PLAYERS + 1] = {0, 2520, 1260, 840, 630, 504, 420, 360, 315, 280, 252};

/* Each player's share of a pot of 2 x HR_SHARE_UNITS: the best high takes it, or half of it
 * when somebody has a low (hilo), the best low the other half; ties split their part. Every
 * low is read (the callers settle high-only pots on their own, without lows). */
HR_INLINE void omaha_shares(const int *high, const int *low, int nplayers, int hilo, uint32_t *share) {
    int best = HR_RANK_COUNT + 1, best_low = HR_OMAHA_NO_LOW, nhigh = 0, nlow = 0;
    for (int q = 0; q < nplayers; q++) {
        best = high[q] < best ? high[q] : best;
        best_low = low[q] < best_low ? low[q] : best_low;
    }
    for (int q = 0; q < nplayers; q++) {
        nhigh += high[q] == best;
        nlow += low[q] == best_low;
    }
    int split_low = hilo && best_low < HR_OMAHA_NO_LOW;
    uint32_t high_part = (split_low ? 1 : 2) * hr_omaha_split[nhigh], low_part = split_low ? hr_omaha_split[nlow] : 0;
    for (int q = 0; q < nplayers; q++)
        share[q] = (high[q] == best ? high_part : 0) + (low[q] == best_low ? low_part : 0);
}

/* Full boards and each one's hands (players' records, not card ids) counted a block at a time:
 * each board's rank-key sum and flush suit are kept when it is added; the block finds every
 * board's multiset slot and its rows in the pair tables in one loop (the rows fetched ahead so
 * that their loads overlap: a slot found as its board was dealt stalled the deal on the offset
 * table), then each hand's pairs, then the listed flushes, then each player's share into
 * counts (won whole, shared, units) and squares. */
typedef struct {
    const uint16_t *high_table, *low_table;
    const uint32_t *board_row;
    int nhole, nplayers, hilo, count;
    uint64_t key[HR_OMAHA_BLOCK];
    int suit[HR_OMAHA_BLOCK]; /* the suit with three board cards, or 4 */
    uint8_t boards[HR_OMAHA_BLOCK][5];
    const uint8_t *hand[HR_OMAHA_BLOCK][HR_MAX_PLAYERS]; /* each player's record */
    uint64_t cards[HR_OMAHA_BLOCK][HR_MAX_PLAYERS];      /* and cards */
    uint8_t dealt[HR_OMAHA_BLOCK][HR_MAX_PLAYERS][HR_OMAHA_RECORD]; /* records of hands dealt a deal */
    uint64_t clashes_left; /* ranged Monte Carlo: the redraws this call may make before it pauses */
    void *resume;          /* and where it notes where it paused (hr_omaha_ranges_deal) */
} omaha_block_t;

static void omaha_block_start(omaha_block_t *b, const uint16_t *high_table, const uint16_t *low_table,
                              const uint32_t *board_row, int nhole, int nplayers, int hilo) {
    b->high_table = high_table, b->low_table = low_table, b->board_row = board_row;
    b->nhole = nhole, b->nplayers = nplayers, b->hilo = hilo, b->count = 0;
}

/* The records of the hands that stay put (a random player's, 255s, are zeros). */
typedef struct {
    uint8_t record[HR_MAX_PLAYERS][HR_OMAHA_RECORD];
    uint64_t cards[HR_MAX_PLAYERS];
} omaha_fixed_t;

static void omaha_fix(omaha_fixed_t *fixed, const uint8_t *holes, int nhole, int nplayers) {
    memset(fixed, 0, sizeof *fixed);
    for (int q = 0; q < nplayers; q++)
        if (holes[q * nhole] != 255) fixed->cards[q] = omaha_record_of(fixed->record[q], holes + q * nhole, nhole);
}

/* The next deal's players are the fixed ones (random players' places are written after). */
HR_INLINE void omaha_block_seat(omaha_block_t *b, const omaha_fixed_t *fixed) {
    for (int q = 0; q < b->nplayers; q++) {
        b->hand[b->count][q] = fixed->record[q];
        b->cards[b->count][q] = fixed->cards[q];
    }
}

/* A random player's hand dealt into the next deal. */
HR_INLINE void omaha_block_dealt(omaha_block_t *b, int q, int r, const uint8_t *cards) {
    uint8_t *record = b->dealt[b->count][r];
    b->cards[b->count][q] = omaha_record_of(record, cards, b->nhole);
    b->hand[b->count][q] = record;
}

/* The board b->boards[b->count] is in place: its rank-key sum and flush suit. */
HR_INLINE void omaha_block_board(omaha_block_t *b) {
    const uint8_t *board = b->boards[b->count];
    uint64_t key = HR_OMAHA_BOARD_BIAS;
    for (int j = 0; j < 5; j++) key += hr_card_key[board[j]];
    b->key[b->count] = key;
    b->suit[b->count] = hr_ctz64((key & HR_FLUSH_CHECK) >> HR_SUIT_SHIFT | 0x10000) >> 2;
}

HR_INLINE void omaha_block_of(omaha_block_t *b, const int npairs, const int hilo, const int two, uint64_t *counts,
                              uint64_t *squares) {
    const int count = b->count, nplayers = two ? 2 : b->nplayers;
    uint32_t at[HR_OMAHA_BLOCK];
    for (int i = 0; i < count; i++) {
        at[i] = b->board_row[multiset_slot(b->key[i])];
        for (int byte = 0; byte < 2 * HR_OMAHA_PAIRS; byte += 60) {
            HR_PREFETCH((const char *)(b->high_table + at[i]) + byte);
            if (hilo) HR_PREFETCH((const char *)(b->low_table + at[i]) + byte);
        }
    }
    int high[HR_OMAHA_BLOCK][HR_MAX_PLAYERS], low[HR_OMAHA_BLOCK][HR_MAX_PLAYERS], nflush = 0;
    uint8_t flush_row[HR_OMAHA_BLOCK * HR_MAX_PLAYERS], flush_player[HR_OMAHA_BLOCK * HR_MAX_PLAYERS];
    for (int i = 0; i < count; i++) {
        const uint16_t *high_row = b->high_table + at[i], *low_row = b->low_table + at[i];
        for (int q = 0; q < nplayers; q++) {
            const uint8_t *hand = b->hand[i][q], *entry = hand + 2;
            int h = HR_RANK_COUNT, l = HR_OMAHA_NO_LOW, suits = hand[0] | hand[1] << 8;
            for (int k = 0; k < npairs; k++) h = high_row[entry[k]] < h ? high_row[entry[k]] : h;
            if (hilo)
                for (int k = 0; k < npairs; k++) l = low_row[entry[k]] < l ? low_row[entry[k]] : l;
            high[i][q] = h;
            low[i][q] = l;
            /* listed, not branched on: a branch a player was mispredicted on a third */
            flush_row[nflush] = (uint8_t)i;
            flush_player[nflush] = (uint8_t)q;
            nflush += (suits >> 4 * b->suit[i] & 15) >= 2;
        }
    }
    for (int f = 0; f < nflush; f++) {
        int i = flush_row[f], q = flush_player[f], s = b->suit[i];
        const uint8_t *board = b->boards[i];
        unsigned theirs = 0;
        for (int j = 0; j < 5; j++) theirs |= (unsigned)((board[j] & 3) == s) << (board[j] >> 2);
        int rank = omaha_flush_top(suit_ranks(b->cards[i][q], s), theirs, high[i][q]);
        if (HR_UNLIKELY(rank < 0)) { /* a straight flush may be there: every pair, from the cards' ids */
            uint8_t ids[6];
            int n = 0;
            for (uint64_t m = b->cards[i][q]; m; m &= m - 1) ids[n++] = (uint8_t)hr_ctz64(m);
            rank = omaha_flush_all(ids, b->nhole, board, s, high[i][q]);
        }
        high[i][q] = rank;
    }
    if (!hilo && nplayers <= 4) { /* the best high takes the pot: count each set of winners, then its shares */
        uint32_t outcomes[16] = {0};
        for (int i = 0; i < count; i++) {
            int best = HR_RANK_COUNT + 1, winners = 0;
            for (int q = 0; q < nplayers; q++) best = high[i][q] < best ? high[i][q] : best;
            for (int q = 0; q < nplayers; q++) winners |= (high[i][q] == best) << q;
            outcomes[winners]++;
        }
        for (int winners = 1; winners < 1 << nplayers; winners++) {
            uint64_t times = outcomes[winners], nbest = (uint64_t)hr_popcount64((uint64_t)winners);
            uint64_t share = 2 * hr_omaha_split[nbest];
            for (int q = 0; q < nplayers; q++)
                if (winners >> q & 1) {
                    counts[3 * q + (nbest > 1)] += times;
                    counts[3 * q + 2] += times * share;
                    if (squares) squares[q] += times * share * share;
                }
        }
        b->count = 0;
        return;
    }
    for (int i = 0; i < count; i++) {
        if (!hilo) { /* the best high takes the pot, split among its ties */
            int best = HR_RANK_COUNT + 1, nbest = 0;
            for (int q = 0; q < nplayers; q++) best = high[i][q] < best ? high[i][q] : best;
            for (int q = 0; q < nplayers; q++) nbest += high[i][q] == best;
            uint64_t share = 2 * hr_omaha_split[nbest], alone = nbest == 1;
            for (int q = 0; q < nplayers; q++) {
                uint64_t won = high[i][q] == best;
                counts[3 * q] += won & alone;
                counts[3 * q + 1] += won & !alone;
                counts[3 * q + 2] += won * share;
                if (squares) squares[q] += won * share * share;
            }
            continue;
        }
        uint32_t share[HR_MAX_PLAYERS];
        omaha_shares(high[i], low[i], nplayers, hilo, share);
        for (int q = 0; q < nplayers; q++) {
            counts[3 * q] += share[q] == 2 * HR_SHARE_UNITS;
            counts[3 * q + 1] += share[q] > 0 && share[q] < 2 * HR_SHARE_UNITS;
            counts[3 * q + 2] += share[q];
            if (squares) squares[q] += (uint64_t)share[q] * share[q];
        }
    }
    b->count = 0;
}

/* The block counted (and emptied), with the pair count and hilo constants: the pair loops
 * unroll (a run-time count cost a mispredicted loop exit a player). */
static void omaha_block_count(omaha_block_t *b, uint64_t *counts, uint64_t *squares) {
    int npairs = b->nhole * (b->nhole - 1) / 2;
    if (b->hilo) switch (npairs) {
        case 6: omaha_block_of(b, 6, 1, 0, counts, squares); return;
        case 10: omaha_block_of(b, 10, 1, 0, counts, squares); return;
        default: omaha_block_of(b, 15, 1, 0, counts, squares); return;
        }
    if (b->nplayers == 2) switch (npairs) { /* heads-up: the players' loops unroll too */
        case 6: omaha_block_of(b, 6, 0, 1, counts, squares); return;
        case 10: omaha_block_of(b, 10, 0, 1, counts, squares); return;
        default: omaha_block_of(b, 15, 0, 1, counts, squares); return;
        }
    switch (npairs) {
    case 6: omaha_block_of(b, 6, 0, 0, counts, squares); return;
    case 10: omaha_block_of(b, 10, 0, 0, counts, squares); return;
    default: omaha_block_of(b, 15, 0, 0, counts, squares); return;
    }
}

/* Up to `limit` runouts of fixed hands in lexicographic order from `pick` (the board's first
 * nboard cards are `full`, five bytes, the rest deck[pick[i]]), each counted; how many there
 * were. */
static uint64_t omaha_runouts_from(omaha_block_t *b, const omaha_fixed_t *fixed, const uint8_t *full, int nboard,
                                   const uint8_t *deck, int ndeck, int *pick, uint64_t limit, uint64_t *counts,
                                   uint64_t *squares) {
    int left = 5 - nboard;
    uint64_t done = 0;
    while (done < limit) {
        uint8_t *dealt = b->boards[b->count];
        memcpy(dealt, full, 5); /* the known cards (a constant size: inline, not a call); the rest follow */
        for (int i = 0; i < left; i++) dealt[nboard + i] = deck[pick[i]];
        omaha_block_seat(b, fixed);
        omaha_block_board(b);
        if (++b->count == HR_OMAHA_BLOCK) omaha_block_count(b, counts, squares);
        done++;
        int i = left - 1;
        while (i >= 0 && pick[i] == ndeck - left + i) i--;
        if (i < 0) break;
        pick[i]++;
        for (int j = i + 1; j < left; j++) pick[j] = pick[j - 1] + 1;
    }
    omaha_block_count(b, counts, squares);
    return done;
}

/* The rank-key sums and board_row slots of `count` boards, each slot's entry fetched ahead
 * (harmless for a bad row: it is read after the row's check). */
HR_INLINE void omaha_board_slots(const uint32_t *board_row, const uint8_t *boards, int count, uint64_t *keys,
                                 uint64_t *seen, uint32_t *slot) {
    for (int i = 0; i < count; i++) {
        const uint8_t *board = boards + i * 5;
        uint64_t key = HR_OMAHA_BOARD_BIAS, bits = 0;
        for (int j = 0; j < 5; j++) {
            key += hr_card_key[board[j]];
            bits |= hr_omaha_card_bit[board[j]];
        }
        keys[i] = key;
        seen[i] = bits;
        slot[i] = multiset_slot(key);
        HR_PREFETCH(board_row + slot[i]);
    }
}

/* The showdown rows (the hole count a constant where the caller makes it one: the pair loops
 * unroll; a run-time count cost a mispredicted loop exit a player): each hand's best high and
 * low, each row's shares. */
HR_INLINE int64_t omaha_showdown_rows(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                                      const uint8_t *holes, const int nhole, const uint8_t *boards, int64_t nrows,
                                      int nplayers, int hilo, uint16_t *ranks, uint16_t *lows, uint16_t *shares,
                                      int *error, const int check, const int vector) {
    /* each hand's best high and low, and its board's row, hand q of row i at i * nplayers + q */
    int width = nhole * nplayers, hand_high[HR_OMAHA_BLOCK * HR_MAX_PLAYERS], hand_low[HR_OMAHA_BLOCK * HR_MAX_PLAYERS];
    uint32_t share[HR_MAX_PLAYERS], at[HR_OMAHA_BLOCK], hand_at[HR_OMAHA_BLOCK * HR_MAX_PLAYERS];
    int suit[HR_OMAHA_BLOCK];
    int64_t bad_row = -1;
    const hr_winners_fn winners = hilo ? NULL : hr_winners_for(nplayers);
    /* each board's slot, its board_row entry fetched ahead (a chain of two cold loads a row):
     * for the next block while this one's rows are ranked, so the loads have time to land */
    uint32_t slots[2][HR_OMAHA_BLOCK];
    uint64_t keyss[2][HR_OMAHA_BLOCK], seens[2][HR_OMAHA_BLOCK];
    omaha_board_slots(board_row, boards, nrows < HR_OMAHA_BLOCK ? (int)nrows : HR_OMAHA_BLOCK, keyss[0], seens[0],
                      slots[0]);
    for (int64_t start = 0, turn = 0; start < nrows && bad_row < 0; start += HR_OMAHA_BLOCK, turn ^= 1) {
        int count = nrows - start < HR_OMAHA_BLOCK ? (int)(nrows - start) : HR_OMAHA_BLOCK;
        const uint32_t *slot = slots[turn];
        const uint64_t *keys = keyss[turn], *board_seen = seens[turn];
        /* First, every row's check, board row (fetched ahead) and the hands that may flush
         * (a suit with three board cards and two of the hand's). With check 2 (a popcount
         * instruction) each hand's cards are bits from a table: a bad id has none and a card
         * twice one, so the row's bits, counted at once, fall short; a hand's count of the suit
         * is one popcount; the board's key marks its bad ids too. With check 1, check_row checks
         * every row and a hand's key (the sum of its cards' keys) holds its suit counters.
         * check_row names the fault of a row found bad. Hands that may flush are listed and
         * fixed after the block (a branch a player there was mispredicted on a third). */
        int flush_hand[HR_OMAHA_BLOCK * HR_MAX_PLAYERS], nflush = 0; /* 16 i + q: the row and player */
        uint64_t flush_cards[HR_OMAHA_BLOCK * HR_MAX_PLAYERS]; /* with check 2: the hand's cards as bits */
        for (int i = 0; i < count; i++) {
            int64_t r = start + i;
            const uint8_t *hole = holes + r * width, *board = boards + r * 5;
            uint64_t key = keys[i], seen = board_seen[i];
            /* the suit with three board cards, or 4 (whose counter in a hand's key reads 0) */
            int s = hr_ctz64((key & HR_FLUSH_CHECK) >> HR_SUIT_SHIFT | 0x10000) >> 2, listed = nflush;
            suit[i] = s;
            /* any key's slot is inside board_row (multiset_slot), so a bad board's is read
             * harmlessly here; its row is never looked up */
            at[i] = board_row[slot[i]];
            /* with check 2 each hand's cards as bits (its count of suit s one popcount; an id
             * above 51 has none), else its key (suit counters) */
            const uint64_t suit_bits = hr_omaha_suit_bits[s];
            for (int q = 0; q < nplayers; q++) {
                uint64_t hand = 0;
                if (check == 2) {
                    for (int j = 0; j < nhole; j++) hand |= hr_omaha_card_bit[hole[q * nhole + j]];
                    seen |= hand;
                } else {
                    for (int j = 0; j < nhole; j++) hand += hr_card_key[hole[q * nhole + j]];
                }
                hand_at[i * nplayers + q] = at[i];
                flush_hand[nflush] = i << 4 | q;
                flush_cards[nflush] = hand;
                nflush += check == 2 ? hr_popcount64(hand & suit_bits) >= 2
                                     : ((hand >> (HR_SUIT_SHIFT + 4 * s)) & 15) >= 2;
            }
            int bad = check == 1 || (check == 2 && HR_UNLIKELY((key & HR_INVALID_CHECK) ||
                                                                 hr_popcount64(seen) != width + 5))
                          ? check_row(hole, width, board)
                          : 0;
            if (HR_UNLIKELY(bad)) { /* the rows before it are still ranked, as handrank.h promises */
                *error = bad;
                bad_row = r;
                count = i;
                nflush = listed;
                break;
            }
            for (int byte = 0; byte < 2 * HR_OMAHA_PAIRS; byte += 60) {
                HR_PREFETCH((const char *)(high_table + at[i]) + byte);
                if (hilo) HR_PREFETCH((const char *)(low_table + at[i]) + byte);
            }
        }
        int64_t next = start + HR_OMAHA_BLOCK;
        if (next < nrows && bad_row < 0)
            omaha_board_slots(board_row, boards + next * 5,
                              nrows - next < HR_OMAHA_BLOCK ? (int)(nrows - next) : HR_OMAHA_BLOCK, keyss[turn ^ 1],
                              seens[turn ^ 1], slots[turn ^ 1]);
        /* then the pair lookups of every player: the block's hands lie one after another */
        omaha_best_of(high_table, hilo ? low_table : NULL, holes + start * width, nhole, hand_at, count * nplayers,
                      hand_high, hand_low, vector);
        for (int f = 0; f < nflush; f++) {
            int i = flush_hand[f] >> 4, q = flush_hand[f] & 15, *high = &hand_high[i * nplayers + q];
            const uint8_t *hole = holes + (start + i) * width + q * nhole, *board = boards + (start + i) * 5;
            *high = check == 2 ? omaha_flush_of(suit_ranks(flush_cards[f], suit[i]), suit_ranks(board_seen[i], suit[i]),
                                                hole, nhole, board, suit[i], *high)
                               : omaha_flush(hole, nhole, board, suit[i], *high);
        }
        if (!hilo) { /* the best high takes each pot: Hold'em's winners (vector ones where the CPU has them) */
            uint16_t *rank = ranks + start * nplayers, *share = shares + start * nplayers;
            for (int h = 0; h < count * nplayers; h++) rank[h] = (uint16_t)hand_high[h];
            winners(rank, share, count, nplayers, wide_rows(nrows, start, count, nplayers));
            for (int h = 0; h < count * nplayers; h++) share[h] = (uint16_t)(2 * share[h]); /* a pot of 2 x 2520 */
            if (lows)
                for (int h = 0; h < count * nplayers; h++) lows[start * nplayers + h] = HR_OMAHA_NO_LOW;
            continue;
        }
        for (int i = 0; i < count; i++) {
            int64_t r = start + i;
            omaha_shares(hand_high + i * nplayers, hand_low + i * nplayers, nplayers, hilo, share);
            for (int q = 0; q < nplayers; q++) {
                ranks[r * nplayers + q] = (uint16_t)hand_high[i * nplayers + q];
                if (lows) lows[r * nplayers + q] = (uint16_t)(hilo ? hand_low[i * nplayers + q] : HR_OMAHA_NO_LOW);
                shares[r * nplayers + q] = (uint16_t)share[q];
            }
        }
    }
    return bad_row;
}

/* The showdown rows with the hole count a constant (one switch), each row checked as `check`
 * says (1: card by card; 2: a popcount). */
HR_INLINE int64_t showdown_rows_of(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                                   const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, int nplayers,
                                   int hilo, uint16_t *ranks, uint16_t *lows, uint16_t *shares, int *error,
                                   const int check, const int vector) {
    if (nplayers == 2) switch (nhole) { /* heads-up: the players' loops unroll too */
        case 4: return omaha_showdown_rows(high_table, low_table, board_row, holes, 4, boards, nrows, 2, hilo, ranks,
                                           lows, shares, error, check, vector);
        case 5: return omaha_showdown_rows(high_table, low_table, board_row, holes, 5, boards, nrows, 2, hilo, ranks,
                                           lows, shares, error, check, vector);
        default: return omaha_showdown_rows(high_table, low_table, board_row, holes, 6, boards, nrows, 2, hilo, ranks,
                                            lows, shares, error, check, vector);
        }
    switch (nhole) {
    case 4: return omaha_showdown_rows(high_table, low_table, board_row, holes, 4, boards, nrows, nplayers, hilo, ranks,
                                       lows, shares, error, check, vector);
    case 5: return omaha_showdown_rows(high_table, low_table, board_row, holes, 5, boards, nrows, nplayers, hilo, ranks,
                                       lows, shares, error, check, vector);
    default: return omaha_showdown_rows(high_table, low_table, board_row, holes, 6, boards, nrows, nplayers, hilo,
                                        ranks, lows, shares, error, check, vector);
    }
}

#if HR_X86_DISPATCH
/* The showdown rows where the CPU counts bits in one instruction (the rows' check). */
__attribute__((target("popcnt"))) static int64_t
omaha_showdown_popcnt(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                      const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, int nplayers, int hilo,
                      uint16_t *ranks, uint16_t *lows, uint16_t *shares, int *error) {
    return showdown_rows_of(high_table, low_table, board_row, holes, nhole, boards, nrows, nplayers, hilo, ranks, lows,
                            shares, error, 2, __builtin_cpu_supports("avx2"));
}
#endif

int64_t hr_omaha_showdown_batch(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                                const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, int nplayers,
                                int hilo, uint16_t *ranks, uint16_t *lows, uint16_t *shares, int *error) {
    *error = 0;
    if (nhole < 4 || nhole > 6) {
        *error = HR_ERR_COUNT;
        return 0;
    }
    if (nplayers < 1 || nplayers > HR_MAX_PLAYERS) {
        *error = HR_ERR_PLAYERS;
        return 0;
    }
#if HR_X86_DISPATCH
    if (__builtin_cpu_supports("popcnt"))
        return omaha_showdown_popcnt(high_table, low_table, board_row, holes, nhole, boards, nrows, nplayers, hilo,
                                     ranks, lows, shares, error);
#endif
    return showdown_rows_of(high_table, low_table, board_row, holes, nhole, boards, nrows, nplayers, hilo, ranks, lows,
                            shares, error, 1, 0);
}

int hr_omaha_equity(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                    const uint8_t *holes, int nhole, int nplayers, const uint8_t *board, int nboard,
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
    int ndeck = unseen_deck(used, deck), left = 5 - nboard;
    if (ndeck < left + nrandom * nhole) return HR_ERR_COUNT;
    uint8_t table[HR_MAX_PLAYERS * 6], full[5] = {0};
    for (int j = 0; j < nplayers * nhole; j++) table[j] = holes[j];
    for (int j = 0; j < nboard; j++) full[j] = board[j];

    uint64_t chunks = (trials + HR_EQUITY_CHUNK - 1) / HR_EQUITY_CHUNK, runouts = hr_choose(ndeck, left);
    if (trials == 0 && nrandom) return HR_ERR_RANGE; /* exact: nobody random */
    if (end > (trials ? chunks : runouts)) end = trials ? chunks : runouts;
    if (first >= end) return 0;
    omaha_block_t *block = malloc(sizeof *block);
    if (!block) return HR_ERR_MEMORY;
    omaha_block_start(block, high_table, low_table, board_row, nhole, nplayers, hilo);
    omaha_fixed_t fixed;
    omaha_fix(&fixed, table, nhole, nplayers);
    if (trials == 0) { /* exact: the runouts [first, end) in lexicographic order */
        int pick[5];
        hr_unrank(first, ndeck, left, pick);
        *deals += omaha_runouts_from(block, &fixed, full, nboard, deck, ndeck, pick, end - first, counts, squares);
        free(block);
        return 0;
    }
    /* Monte Carlo: chunks [first, end) of HR_EQUITY_CHUNK deals, each its own stream; a deal's
     * cards are the front of a partial Fisher-Yates shuffle, its picks drawn several at a time */
    const shuffle_t plan = shuffle_plan(ndeck, left + nrandom * nhole);
    for (uint64_t chunk = first; chunk < end; chunk++) {
        rng_t rng = chunk_stream(seed, chunk);
        uint64_t n = chunk + 1 < chunks ? HR_EQUITY_CHUNK : trials - chunk * HR_EQUITY_CHUNK;
        uint8_t shuffled[52];
        for (int c = 0; c < ndeck; c++) shuffled[c] = deck[c];
        for (uint64_t d = 0; d < n; d++) {
            shuffle_front(&rng, &plan, shuffled);
            int at = block->count;
            memcpy(block->boards[at], full, 5); /* the known cards (inline); the dealt ones follow */
            for (int j = 0; j < left; j++) block->boards[at][nboard + j] = shuffled[j];
            omaha_block_seat(block, &fixed);
            for (int r = 0; r < nrandom; r++) omaha_block_dealt(block, random_of[r], r, shuffled + left + r * nhole);
            omaha_block_board(block);
            if (++block->count == HR_OMAHA_BLOCK) omaha_block_count(block, counts, squares);
            ++*deals;
        }
    }
    omaha_block_count(block, counts, squares);
    free(block);
    return 0;
}


/* ------------------------------------------------------------------------ equity of ranges */

/* Check ranges of nhole-card combos (player p's are [combo_start[p], combo_start[p + 1]); an
 * empty range is a random player) against the known cards; each combo's cards as a mask. */
static int check_omaha_ranges(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nhole,
                              int nplayers, uint64_t known, uint64_t *mask) {
    if (combo_start[0] != 0) return HR_ERR_RANGE;
    for (int p = 0; p < nplayers; p++) {
        if (combo_start[p + 1] < combo_start[p]) return HR_ERR_RANGE;
        for (int i = combo_start[p]; i < combo_start[p + 1]; i++) {
            uint64_t m = 0;
            for (int j = 0; j < nhole; j++) {
                int c = combos[(size_t)i * nhole + j];
                if (c > 51) return HR_ERR_CARD;
                if (m >> c & 1) return HR_ERR_DUPLICATE;
                m |= 1ull << c;
            }
            if (!(weights[i] > 0.0 && weights[i] <= 1.7976931348623157e308)) return HR_ERR_RANGE;
            mask[i] = m & known ? 0 : m; /* 0: never dealt (it holds a known card) */
        }
    }
    return 0;
}

/* The counts of a spot checked, and its known cards: the board and the dead ones. */
static int omaha_known(int nhole, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead,
                       uint64_t *known) {
    if (nhole < 4 || nhole > 6) return HR_ERR_COUNT;
    if (nplayers < 2 || nplayers > HR_MAX_PLAYERS) return HR_ERR_PLAYERS;
    if (nboard != 0 && nboard != 3 && nboard != 4 && nboard != 5) return HR_ERR_BOARD;
    if (ndead < 0 || ndead > 52) return HR_ERR_COUNT;
    for (int j = 0; j < nboard + ndead; j++) {
        int c = j < nboard ? board[j] : dead[j - nboard];
        if (c > 51) return HR_ERR_CARD;
        if (*known >> c & 1) return HR_ERR_DUPLICATE;
        *known |= 1ull << c;
    }
    return 0;
}

typedef struct {
    const uint16_t *high_table, *low_table;
    const uint32_t *board_row;
    const uint8_t *combos;
    const int32_t *start;
    const double *weights;
    const uint64_t *mask;
    int nhole, nplayers, nboard, hilo;
    uint8_t board[5];
    uint64_t known;
    uint8_t table[HR_MAX_PLAYERS * 6];
    double *sums;     /* per player: won whole, shared, units, each weighted */
    double *weight;   /* the deals' weight */
    uint64_t *deals;
    omaha_block_t *block; /* the runouts' */
} omaha_walk_t;

/* Every runout of an assignment (all players' cards in w->table, `used` their cards and the
 * known ones), weighted by `weight`. */
static void omaha_runouts(omaha_walk_t *w, uint64_t used, double weight) {
    uint8_t deck[52], full[5] = {0};
    int ndeck = unseen_deck(used, deck), pick[5] = {0, 1, 2, 3, 4};
    for (int j = 0; j < w->nboard; j++) full[j] = w->board[j];
    uint64_t counts[3 * HR_MAX_PLAYERS] = {0};
    omaha_fixed_t fixed;
    omaha_fix(&fixed, w->table, w->nhole, w->nplayers);
    uint64_t runouts =
        omaha_runouts_from(w->block, &fixed, full, w->nboard, deck, ndeck, pick, UINT64_MAX, counts, NULL);
    for (int k = 0; k < 3 * w->nplayers; k++) w->sums[k] += weight * (double)counts[k];
    *w->weight += weight * (double)runouts;
    *w->deals += runouts;
}

static void omaha_assign(omaha_walk_t *w, int p, uint64_t used, double weight) {
    if (p == w->nplayers) {
        omaha_runouts(w, used, weight);
        return;
    }
    for (int i = w->start[p]; i < w->start[p + 1]; i++) {
        if (!w->mask[i] || (w->mask[i] & used)) continue;
        for (int j = 0; j < w->nhole; j++) w->table[p * w->nhole + j] = w->combos[(size_t)i * w->nhole + j];
        omaha_assign(w, p + 1, used | w->mask[i], weight * w->weights[i]);
    }
}

int hr_omaha_equity_ranges(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                           const uint8_t *combos, const int32_t *combo_start, const double *weights, int nhole,
                           int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead, int hilo,
                           int32_t first, int32_t end, double *sums, double *weight, uint64_t *deals) {
    uint64_t known = 0;
    int error = omaha_known(nhole, nplayers, board, nboard, dead, ndead, &known);
    if (error) return error;
    int total = combo_start[nplayers];
    uint64_t *mask = malloc(sizeof(uint64_t) * ((size_t)total + 1));
    if (!mask) return HR_ERR_MEMORY;
    error = check_omaha_ranges(combos, combo_start, weights, nhole, nplayers, known, mask);
    for (int p = 0; p < nplayers && !error; p++)
        if (combo_start[p + 1] == combo_start[p]) error = HR_ERR_RANGE; /* exact: nobody random */
    int count = combo_start[1] - combo_start[0];
    if (!error && (first < 0 || end > count || first > end)) error = HR_ERR_RANGE;
    if (error) {
        free(mask);
        return error;
    }
    omaha_walk_t w;
    memset(&w, 0, sizeof w);
    w.high_table = high_table;
    w.low_table = low_table;
    w.board_row = board_row;
    w.combos = combos;
    w.start = combo_start;
    w.weights = weights;
    w.mask = mask;
    w.nhole = nhole;
    w.nplayers = nplayers;
    w.nboard = nboard;
    w.hilo = hilo;
    w.known = known;
    for (int j = 0; j < nboard; j++) w.board[j] = board[j];
    w.sums = sums;
    w.weight = weight;
    w.deals = deals;
    w.block = malloc(sizeof *w.block);
    if (!w.block) {
        free(mask);
        return HR_ERR_MEMORY;
    }
    omaha_block_start(w.block, high_table, low_table, board_row, nhole, nplayers, hilo);
    /* the first player's combos [first, end): slices of the work add up to the whole */
    for (int i = first; i < end; i++) {
        if (!mask[i] || (mask[i] & known)) continue;
        for (int j = 0; j < nhole; j++) w.table[j] = combos[(size_t)i * nhole + j];
        omaha_assign(&w, 1, known | mask[i], weights[i]);
    }
    free(w.block);
    free(mask);
    return 0;
}

/* Monte Carlo of ranges in two steps: a plan, made once a call (the spot checked, each ranged
 * player's alias columns of hands: the tables a deal draws from), then chunks of deals drawn
 * from it, on any number of threads at once (a plan is only read). The plan's head, then its
 * columns from the first 32-byte boundary on. */
typedef struct {
    uint64_t known, slot;                       /* slot: a hand's bytes, its mask then its record */
    uint64_t width[HR_MAX_PLAYERS], at[HR_MAX_PLAYERS]; /* a column's bytes; where a player's begin */
    int nhole, nplayers, nboard, left, hilo, nranged, nrandom;
    int ranged_of[HR_MAX_PLAYERS], random_of[HR_MAX_PLAYERS];
    int count[HR_MAX_PLAYERS], weighted[HR_MAX_PLAYERS]; /* columns; whether they hold an alias */
    uint8_t board[5];
    shuffle_t shuffle; /* the board's cards left, then the random players' */
    /* Two or more ranged players: each one's hands' masks and weights (in column order, from
     * first[p]) and a hash of masks to columns, past the columns from walk_at; with `walk`
     * (crowded: independent draws seldom fit) a deal's hands follow a walk from start_hand. */
    int walk, start_hand[HR_MAX_PLAYERS], first[HR_MAX_PLAYERS], hash_bits[HR_MAX_PLAYERS];
    uint64_t walk_at, nhands, hash_at[HR_MAX_PLAYERS];
} omaha_plan_t;

HR_INLINE uint8_t *plan_columns(const void *plan) {
    return (uint8_t *)(((uintptr_t)plan + sizeof(omaha_plan_t) + 31) & ~(uintptr_t)31);
}

/* A ranged player's hash of masks to columns: the least power of two at least twice the
 * range's hands (its bits), a 32-bit column + 1 (0: empty) each. */
HR_INLINE int hash_bits_of(int32_t hands) {
    int bits = 1;
    while ((1ll << bits) < 2ll * hands) bits++;
    return bits;
}

/* ------------------------------------------------------- the walk of crowded ranges
 * Where independent draws of the ranged players' hands seldom fit together (fewer than
 * HR_CROWD_FITS of HR_CROWD_TRIES draws of the plan's fixed stream: eight double-suited ranges
 * fit about once in 10^5 draws, nine players' top 10% rarer still), drawing again on a clash
 * costs thousands of draws a deal, or never ends. The hands then follow a random walk (a Gibbs
 * sampler, as Hold'em's crowded ranges do in monte_carlo.c) whose steady state is exactly the
 * weighted distribution of the deals that share no card: each deal redraws every ranged
 * player's hand among those that fit the others (drawn from its alias columns until one fits,
 * exact, else after HR_WALK_TRIES or a sixteenth of its hands' draws picked by a scan), then
 * pairs the players at random and redistributes each pair's cards between them (every split of
 * their 2 x nhole cards into a hand of each range, by weight: ranges that can only trade
 * cards, 'AAKK' twice, move that way). Each chunk starts from one fitting deal,
 * found when the plan is made, and takes HR_OMAHA_BURN_IN steps before it counts. */
#define HR_CROWD_TRIES 2048
#define HR_CROWD_FITS 32
#define HR_WALK_TRIES 64
#define HR_OMAHA_BURN_IN 128

HR_INLINE const uint64_t *walk_masks(const omaha_plan_t *h, const uint8_t *columns) {
    return (const uint64_t *)(const void *)(columns + h->walk_at);
}

HR_INLINE const double *walk_weights(const omaha_plan_t *h, const uint8_t *columns) {
    return (const double *)(const void *)(columns + h->walk_at) + h->nhands;
}

HR_INLINE int32_t *walk_hash(const omaha_plan_t *h, const uint8_t *columns, int p) {
    return (int32_t *)(uintptr_t)(columns + h->walk_at + 16 * h->nhands) + h->hash_at[p];
}

/* Player p's column (hand) of `mask`, or -1 when its range has no such hand. */
HR_INLINE int walk_find(const omaha_plan_t *h, const uint8_t *columns, int p, uint64_t mask) {
    const int32_t *hash = walk_hash(h, columns, p);
    const uint64_t *masks = walk_masks(h, columns) + h->first[p];
    uint64_t last = (1ull << h->hash_bits[p]) - 1;
    for (uint64_t at = (mask * 0x9E3779B97F4A7C15ull) >> (64 - h->hash_bits[p]);; at = (at + 1) & last) {
        int32_t entry = hash[at];
        if (!entry) return -1;
        if (masks[entry - 1] == mask) return entry - 1;
    }
}

/* Where hand k's mask lies among player p's columns (which start at `start`): after the
 * column's threshold and alias when the range is weighted; the hand's record follows it. */
HR_INLINE const uint8_t *hand_mask_at(const omaha_plan_t *h, const uint8_t *start, int p, int k) {
    return start + (size_t)k * h->width[p] + (h->weighted[p] ? sizeof(uint64_t) : 0);
}

/* A hand of player p by weight (its column, or that column's alias), as a deal's draws are. */
HR_INLINE int walk_draw(const omaha_plan_t *h, const uint8_t *columns, int p, rng_t *rng) {
    if (h->count[p] == 1) return 0;
    int k = (int)below(rng, (uint32_t)h->count[p]);
    if (!h->weighted[p]) return k;
    const uint8_t *column = columns + h->at[p] + (size_t)k * h->width[p];
    uint32_t threshold, alias;
    memcpy(&threshold, column, sizeof threshold);
    memcpy(&alias, column + sizeof threshold, sizeof alias);
    return half32(rng) < threshold ? k : (int)alias;
}

/* Room for a scan's open hands: their columns, and with uneven weights the running weight. */
typedef struct {
    int *open;
    double *running;
} walk_scratch_t;

/* Player p's hand redrawn by weight among those clear of `used` (the current one is). */
static void walk_redraw(const omaha_plan_t *h, const uint8_t *columns, rng_t *rng, int p, uint64_t used,
                        int *current, uint64_t *work, walk_scratch_t *scratch) {
    const uint64_t *masks = walk_masks(h, columns) + h->first[p];
    int count = h->count[p], tries = count / 16 > HR_WALK_TRIES ? count / 16 : HR_WALK_TRIES; /* a scan's time */
    for (int t = 1; t <= tries; t++) { /* the first draw that fits: exact */
        int k = walk_draw(h, columns, p, rng);
        if (!(masks[k] & used)) {
            current[p] = k;
            *work += (uint64_t)t;
            return;
        }
    }
    *work += (uint64_t)tries + (uint64_t)count;
    int nopen = 0; /* one pass: the open hands listed (and their running weight) */
    if (!h->weighted[p]) {
        for (int k = 0; k < count; k++) {
            scratch->open[nopen] = k;
            nopen += !(masks[k] & used);
        }
        current[p] = scratch->open[below(rng, (uint32_t)nopen)];
        return;
    }
    const double *weight = walk_weights(h, columns) + h->first[p];
    double total = 0;
    for (int k = 0; k < count; k++) {
        int fits = !(masks[k] & used);
        total += fits ? weight[k] : 0.0;
        scratch->open[nopen] = k;
        scratch->running[nopen] = total;
        nopen += fits;
    }
    current[p] = scratch->open[search(scratch->running, 0, nopen, unit(rng) * total)];
}

/* Players p and q's cards split again between them: every way into a hand of each range, by
 * the product of their weights (the current split is one). */
static void walk_swap(const omaha_plan_t *h, const uint8_t *columns, rng_t *rng, int p, int q, int *current,
                      uint64_t *work) {
    static const int splits[7] = {0, 0, 0, 0, 70, 252, 924}; /* C(2 nhole, nhole) */
    const uint64_t *masks = walk_masks(h, columns);
    const double *weight = walk_weights(h, columns);
    uint64_t both = masks[h->first[p] + current[p]] | masks[h->first[q] + current[q]], card[12];
    int ncards = 0, nhole = h->nhole, noptions = 0, option_p[924], option_q[924];
    double running[924], total = 0;
    for (uint64_t rest = both; rest; rest &= rest - 1) card[ncards++] = rest & (~rest + 1);
    for (uint32_t set = (1u << nhole) - 1; set < 1u << ncards;) { /* each nhole of the cards (Gosper's step) */
        uint64_t mine = 0;
        for (uint32_t bits = set; bits; bits &= bits - 1) mine |= card[hr_ctz64(bits)];
        int a = walk_find(h, columns, p, mine), b = a < 0 ? -1 : walk_find(h, columns, q, both ^ mine);
        if (b >= 0) {
            total += weight[h->first[p] + a] * weight[h->first[q] + b];
            running[noptions] = total;
            option_p[noptions] = a;
            option_q[noptions++] = b;
        }
        uint32_t low = set & (~set + 1), up = set + low;
        set = (((up ^ set) >> 2) / low) | up;
    }
    *work += 2 * (uint64_t)splits[nhole];
    if (noptions < 2) return;
    int pick = search(running, 0, noptions, unit(rng) * total);
    current[p] = option_p[pick];
    current[q] = option_q[pick];
}

/* One step of the walk: every ranged player's hand redrawn in turn, then the players paired at
 * random and each pair's cards split again. */
static void walk_step(const omaha_plan_t *h, const uint8_t *columns, rng_t *rng, int *current, uint64_t *work,
                      walk_scratch_t *scratch) {
    const uint64_t *masks = walk_masks(h, columns);
    uint64_t held = h->known; /* the hands never share a card: a union, less one */
    for (int i = 0; i < h->nranged; i++) held |= masks[h->first[h->ranged_of[i]] + current[h->ranged_of[i]]];
    for (int i = 0; i < h->nranged; i++) {
        int p = h->ranged_of[i];
        held &= ~masks[h->first[p] + current[p]];
        walk_redraw(h, columns, rng, p, held, current, work, scratch);
        held |= masks[h->first[p] + current[p]];
    }
    int order[HR_MAX_PLAYERS]; /* the players paired at random: each trades with one other */
    for (int i = 0; i < h->nranged; i++) {
        int j = (int)below(rng, (uint32_t)i + 1);
        order[i] = order[j];
        order[j] = h->ranged_of[i];
    }
    for (int i = 0; i + 1 < h->nranged; i += 2) walk_swap(h, columns, rng, order[i], order[i + 1], current, work);
}

/* Whether independent draws of the ranged players' hands seldom fit (a fixed stream: the
 * same choice every time for the same spot). */
static int crowded(const omaha_plan_t *h, const uint8_t *columns) {
    rng_t rng = chunk_stream(0x63726F77646564ull, 0);
    int fits = 0;
    for (int t = 0; t < HR_CROWD_TRIES && fits < HR_CROWD_FITS; t++) {
        uint64_t used = 0;
        int clash = 0;
        for (int i = 0; i < h->nranged && !clash; i++) {
            int p = h->ranged_of[i];
            uint64_t mask;
            memcpy(&mask, hand_mask_at(h, columns + h->at[p], p, walk_draw(h, columns, p, &rng)), sizeof mask);
            clash = (mask & used) != 0;
            used |= mask;
        }
        fits += !clash;
    }
    return fits < HR_CROWD_FITS;
}

/* For crowded ranges (the caller asks crowded() first and writes the walk's masks and
 * weights): the walk chosen, its hashes placed and its first deal found (HR_ERR_IMPOSSIBLE
 * when the search finds none within its budget). */
static int walk_setup(omaha_plan_t *h, uint8_t *columns) {
    uint64_t at = 0;
    for (int i = 0; i < h->nranged; i++) {
        int p = h->ranged_of[i];
        h->hash_bits[p] = hash_bits_of(h->count[p]);
        h->hash_at[p] = at;
        at += 1ull << h->hash_bits[p];
    }
    h->walk = 1;
    const uint64_t *masks = walk_masks(h, columns);
    int32_t start[HR_MAX_PLAYERS + 1], choice[HR_MAX_PLAYERS];
    for (int i = 0; i < h->nranged; i++) {
        int p = h->ranged_of[i];
        int32_t *hash = walk_hash(h, columns, p);
        uint64_t last = (1ull << h->hash_bits[p]) - 1;
        memset(hash, 0, sizeof(int32_t) << h->hash_bits[p]);
        for (int k = 0; k < h->count[p]; k++) {
            uint64_t mask = masks[h->first[p] + k], slot = (mask * 0x9E3779B97F4A7C15ull) >> (64 - h->hash_bits[p]);
            while (hash[slot]) slot = (slot + 1) & last;
            hash[slot] = k + 1;
        }
        start[i] = h->first[p];
    }
    start[h->nranged] = (int32_t)h->nhands;
    int found = hr_feasible_deal(masks, start, h->nranged, h->known, 1 << 26, choice);
    if (found < 0 && found != HR_ERR_BUDGET) return found;
    if (found != 1) return HR_ERR_IMPOSSIBLE;
    for (int i = 0; i < h->nranged; i++) h->start_hand[h->ranged_of[i]] = choice[i] - start[i];
    return 0;
}

uint64_t hr_omaha_ranges_plan_bytes(const int32_t *combo_start, const double *weights, int nhole, int nplayers) {
    if (nhole < 4 || nhole > 6 || nplayers < 2 || nplayers > HR_MAX_PLAYERS || combo_start[0] != 0) return 0;
    uint64_t slot = sizeof(uint64_t) + (uint64_t)omaha_record_size(nhole), bytes = sizeof(omaha_plan_t) + 32;
    uint64_t walk = 8; /* two or more ranged players: their masks, weights and hashes */
    int ranged = 0;
    for (int p = 0; p < nplayers; p++) {
        if (combo_start[p + 1] < combo_start[p]) return 0;
        int32_t hands = combo_start[p + 1] - combo_start[p];
        int even = 1; /* of every combo: at least as many bytes as those that can be dealt need */
        for (int i = combo_start[p]; i < combo_start[p + 1]; i++) even &= weights[i] == weights[combo_start[p]];
        bytes += (uint64_t)hands * (even ? slot : sizeof(uint64_t) + 2 * slot);
        if (hands) {
            ranged++;
            walk += (uint64_t)hands * (sizeof(uint64_t) + sizeof(double)) + (sizeof(int32_t) << hash_bits_of(hands));
        }
    }
    return bytes + (ranged >= 2 ? walk : 0);
}

int hr_omaha_ranges_plan(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nhole,
                         int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead, int hilo,
                         void *plan, uint64_t bytes) {
    omaha_plan_t h;
    memset(&h, 0, sizeof h);
    int error = omaha_known(nhole, nplayers, board, nboard, dead, ndead, &h.known);
    if (error) return error;
    if (bytes < hr_omaha_ranges_plan_bytes(combo_start, weights, nhole, nplayers)) return HR_ERR_MEMORY;
    int total = combo_start[nplayers];
    /* per hand: its mask; per ranged player: the alias table of its dealable hands (Vose's
     * construction needs two index stacks and scaled weights besides) */
    void *block = malloc((size_t)total * (sizeof(uint64_t) + sizeof(double) + 5 * sizeof(int) + sizeof(uint32_t)) +
                         sizeof(uint64_t));
    if (!block) return HR_ERR_MEMORY;
    uint64_t *mask = block;
    double *scaled = (double *)(mask + total + 1);
    int *dealable = (int *)(scaled + total), *alias = dealable + total, *small = alias + total,
        *large = small + total;
    uint32_t *threshold = (uint32_t *)(large + total);
    error = check_omaha_ranges(combos, combo_start, weights, nhole, nplayers, h.known, mask);
    alias_t draw[HR_MAX_PLAYERS];
    for (int p = 0, n = 0; p < nplayers && !error; p++) {
        draw[p].count = 0;
        draw[p].threshold = NULL;
        if (combo_start[p + 1] == combo_start[p]) {
            h.random_of[h.nrandom++] = p;
            continue;
        }
        int even = 1;
        double first_weight = -1;
        h.ranged_of[h.nranged++] = p;
        draw[p].combo = dealable + n;
        for (int i = combo_start[p]; i < combo_start[p + 1]; i++) {
            if (!mask[i]) continue; /* it holds a known card */
            if (first_weight < 0) first_weight = weights[i];
            even &= weights[i] == first_weight;
            dealable[n + draw[p].count++] = i;
        }
        if (!draw[p].count) error = HR_ERR_RANGE; /* nothing left to deal */
        draw[p].threshold = even ? NULL : threshold + n;
        draw[p].alias = alias + n;
        if (!error && !even) build_alias(&draw[p], weights, small, large, scaled);
        n += draw[p].count;
    }
    h.left = 5 - nboard;
    if (!error && 52 - hr_popcount64(h.known) < h.left + nhole * nplayers) error = HR_ERR_COUNT;
    if (error) {
        free(block);
        return error;
    }
    /* Each alias column as one place, so that a draw reads one place, not three arrays: its hand
     * (with uneven weights: its threshold, then its own hand and its alias) as its card mask then
     * its record (as a showdown reads it, made once, not a deal); a hand 16, 24 or 40 bytes */
    h.slot = sizeof(uint64_t) + (uint64_t)omaha_record_size(nhole);
    uint8_t *columns = plan_columns(plan);
    uint64_t n = 0; /* the columns' bytes so far (gigabytes for seven players of millions of PLO6 hands) */
    for (int p = 0; p < nplayers; p++) {
        h.count[p] = draw[p].count;
        h.weighted[p] = draw[p].threshold != NULL;
        h.width[p] = h.weighted[p] ? sizeof(uint64_t) + 2 * h.slot : h.slot;
        h.at[p] = n;
        for (int k = 0; k < draw[p].count; k++) {
            uint8_t *at = columns + n + (size_t)k * h.width[p];
            if (h.weighted[p]) { /* the threshold, then the alias's column (the walk's draws read it) */
                memcpy(at, &draw[p].threshold[k], sizeof(uint32_t));
                memcpy(at + sizeof(uint32_t), &draw[p].alias[k], sizeof(uint32_t));
                at += sizeof(uint64_t);
            }
            for (int other = 0; other <= h.weighted[p]; other++, at += h.slot) {
                int combo = draw[p].combo[other ? draw[p].alias[k] : k];
                memcpy(at, &mask[combo], sizeof(uint64_t));
                omaha_record_of(at + sizeof(uint64_t), combos + (size_t)combo * nhole, nhole);
            }
        }
        n += h.width[p] * (uint64_t)draw[p].count;
    }
    h.nhole = nhole;
    h.walk_at = n;
    for (int i = 0; i < h.nranged; i++) {
        int p = h.ranged_of[i];
        h.first[p] = (int)h.nhands;
        h.nhands += (uint64_t)draw[p].count;
    }
    /* the walk's tables (written only where draws seldom fit: tens of megabytes of PLO6 hands
     * that a first call in a process pays for in page faults) */
    if (h.nranged >= 2 && crowded(&h, columns)) {
        uint64_t *masks = (uint64_t *)(columns + h.walk_at);
        double *weight = (double *)(masks + h.nhands);
        for (int i = 0; i < h.nranged; i++) {
            int p = h.ranged_of[i];
            for (int k = 0; k < draw[p].count; k++) {
                masks[h.first[p] + k] = mask[draw[p].combo[k]];
                weight[h.first[p] + k] = weights[draw[p].combo[k]];
            }
        }
        error = walk_setup(&h, columns);
    }
    free(block);
    if (error) return error;
    h.nplayers = nplayers, h.nboard = nboard, h.hilo = hilo;
    for (int j = 0; j < nboard; j++) h.board[j] = board[j];
    h.shuffle = shuffle_plan(52 - hr_popcount64(h.known) - nhole * (nplayers - h.nrandom), h.left + h.nrandom * nhole);
    memcpy(plan, &h, sizeof h);
    return 0;
}

#define HR_OMAHA_AHEAD 8 /* ranges_deal_of: tries drawn ahead */
#define HR_OMAHA_CLASHES 8 /* redraws a deal that a ranged Monte Carlo call may make, and 2^18 more */

/* Where a ranged Monte Carlo call paused: the chunk and deal, and the chunk's stream, its
 * rings of tries drawn ahead and the tries of the deal so far; the next call goes on from
 * there with the same draws an unpaused call makes. */
typedef struct {
    uint64_t active, chunk, deal;
    rng_t rng;
    int next, attempt;
    int ring[HR_MAX_PLAYERS][HR_OMAHA_AHEAD];
    int current[HR_MAX_PLAYERS]; /* the walk's hands (crowded ranges) */
} omaha_resume_t;
typedef char hr_omaha_resume_fits[sizeof(omaha_resume_t) <= HR_OMAHA_RESUME_BYTES ? 1 : -1];
typedef char hr_omaha_batches_fit[HR_EQUITY_CHUNK % HR_OMAHA_BLOCK == 0 && HR_OMAHA_BLOCK == HR_OMAHA_BATCH ? 1 : -1];

/* A deal's board (its cards to come) and random players' hands, from the cards `used` leaves:
 * each the pick-th of the cards left, the picks from one batched draw. */
HR_INLINE void deal_rest(const omaha_plan_t *h, rng_t *rng, uint64_t used, omaha_block_t *out,
                         const uint8_t *in_byte, const int nhole, const int left, const int nrandom, const int bmi2) {
    int at = out->count;
    uint8_t *full = out->boards[at];
    uint32_t picks[52];
    draw_picks(rng, &h->shuffle, picks);
    cards_left_t cards_left = cards_left_of(~used & HR_DECK, bmi2);
    for (int j = 0; j < h->nboard; j++) full[j] = h->board[j];
    for (int j = 0; j < left; j++) full[h->nboard + j] = (uint8_t)take_nth(&cards_left, picks[j], in_byte, bmi2);
    for (int r = 0; r < nrandom; r++) {
        uint8_t cards[6];
        uint64_t before = cards_left.set; /* the cards taken from it: the hand's mask */
        for (int j = 0; j < nhole; j++)
            cards[j] = (uint8_t)take_nth(&cards_left, picks[left + r * nhole + j], in_byte, bmi2);
        uint8_t *record = out->dealt[at][r]; /* omaha_block_dealt_as, its hole count a constant */
        (void)omaha_record_of(record, cards, nhole);
        out->cards[at][h->random_of[r]] = before ^ cards_left.set;
        out->hand[at][h->random_of[r]] = record;
    }
    omaha_block_board(out);
}

/* hr_omaha_ranges_deal's deals, with the hole count, the board's cards to come, and the ranged
 * and random players' counts constants where the caller makes them so (their loops unroll). */
HR_INLINE int ranges_deal_of(const omaha_plan_t *hp, const uint8_t *const *hands_of, omaha_block_t *out,
                             const uint8_t *in_byte, uint64_t seed, uint64_t trials, uint64_t first, uint64_t end,
                             uint64_t *counts, uint64_t *squares, uint64_t *deals, const int nhole, const int left,
                             const int nranged, const int nrandom, const int bmi2) {
    const omaha_plan_t h = *hp;
    int error = 0;
    uint64_t chunks = (trials + HR_EQUITY_CHUNK - 1) / HR_EQUITY_CHUNK;
    if (end > chunks) end = chunks;
    /* Each ranged player's columns are drawn HR_OMAHA_AHEAD tries ahead (a ring of them, each
     * try taking the oldest and drawing a new one) and their places fetched meanwhile: with
     * ranges of 10,000s of hands the columns and the pair tables outgrow the caches, and a try
     * waited on its place, redraws after a clash most (half the deals of 'AKQJ' vs '15%'): +30%
     * there, +33% with two weighted ranges (4, 8 or 16 tries ahead alike). Every try's columns
     * are uniform and independent of the rest (a try stopped by a clash leaves the later
     * players' columns unseen, for their ring's next turn), so deals are drawn as before, from
     * another order of the chunk's stream (the same on any thread count). */
#define HR_OMAHA_DRAW(i, at)                                                                                       \
    do {                                                                                                           \
        int p_ = h.ranged_of[i];                                                                                   \
        ring[i][at] = h.count[p_] == 1 ? 0 : (int)below(&rng, (uint32_t)h.count[p_]);                              \
        const uint8_t *place = hands_of[p_] + (size_t)ring[i][at] * h.width[p_];                                   \
        HR_PREFETCH(place);                                                                                        \
        HR_PREFETCH(place + h.width[p_] - 1);                                                                      \
    } while (0)
    omaha_resume_t from;
    memset(&from, 0, sizeof from);
    if (out->resume) memcpy(&from, out->resume, sizeof from); /* the caller's bytes: any alignment */
    int paused = 0;
    for (uint64_t chunk = from.active ? from.chunk : first; chunk < end && !error && !paused; chunk++) {
        rng_t rng;
        uint64_t n = chunk + 1 < chunks ? HR_EQUITY_CHUNK : trials - chunk * HR_EQUITY_CHUNK, d = 0;
        int ring[HR_MAX_PLAYERS][HR_OMAHA_AHEAD], next = 0, tries = 0; /* every player's tries go together */
        if (from.active) { /* where the last call paused */
            rng = from.rng;
            memcpy(ring, from.ring, sizeof ring);
            next = from.next, d = from.deal, tries = from.attempt;
            from.active = 0;
        } else {
            rng = chunk_stream(seed, chunk);
            for (int i = 0; i < nranged; i++)
                for (int at = 0; at < HR_OMAHA_AHEAD; at++) HR_OMAHA_DRAW(i, at);
        }
        for (; d < n && !error && !paused; d++) {
            int at = out->count;
            uint64_t used = h.known;
            for (int attempt = tries;; attempt++) { /* the ranged players' combos, redrawn on a clash */
                if (attempt == 1 << 20) { /* the caller decided that they can be dealt; this far, so rare */
                    error = HR_ERR_IMPOSSIBLE;
                    break;
                }
                used = h.known;
                int clash = 0;
                for (int i = 0; i < nranged && !clash; i++) {
                    int p = h.ranged_of[i];
                    /* draw_alias's draws, from the columns */
                    int k = ring[i][next];
                    HR_OMAHA_DRAW(i, next);
                    const uint8_t *drawn = hands_of[p] + (size_t)k * h.width[p];
                    if (h.weighted[p]) {
                        uint32_t threshold;
                        memcpy(&threshold, drawn, sizeof threshold);
                        drawn += sizeof(uint64_t) + (h.count[p] > 1 && !(half32(&rng) < threshold)) * h.slot;
                    }
                    uint64_t hand;
                    memcpy(&hand, drawn, sizeof hand);
                    clash = (hand & used) != 0;
                    used |= hand;
                    out->hand[at][p] = drawn + sizeof hand;
                    out->cards[at][p] = hand;
                }
                next = (next + 1) % HR_OMAHA_AHEAD;
                if (!clash) break;
                if (HR_UNLIKELY(--out->clashes_left == 0) && out->resume) { /* crowded: pause, go on next call */
                    omaha_resume_t at;
                    memset(&at, 0, sizeof at);
                    at.active = 1, at.chunk = chunk, at.deal = d, at.rng = rng;
                    at.next = next, at.attempt = attempt + 1;
                    memcpy(at.ring, ring, sizeof ring);
                    memcpy(out->resume, &at, sizeof at);
                    paused = 1;
                    break;
                }
            }
            tries = 0;
            if (error || paused) break;
            deal_rest(&h, &rng, used, out, in_byte, nhole, left, nrandom, bmi2);
            if (++out->count == HR_OMAHA_BLOCK) omaha_block_count(out, counts, squares);
            ++*deals;
        }
    }
#undef HR_OMAHA_DRAW
    return error ? error : paused;
}

/* A block of the walk's deals counted as one batch: squares[q] adds the square of player q's
 * units over the block, not of each deal's (successive deals of a walk share hands, so their
 * spread is taken from batch means: HR_OMAHA_BLOCK deals a batch). */
static void walk_block_count(omaha_block_t *b, uint64_t *counts, uint64_t *squares) {
    uint64_t before[HR_MAX_PLAYERS];
    for (int q = 0; q < b->nplayers; q++) before[q] = counts[3 * q + 2];
    omaha_block_count(b, counts, NULL);
    for (int q = 0; q < b->nplayers && squares; q++) {
        uint64_t units = counts[3 * q + 2] - before[q];
        squares[q] += units * units;
    }
}

/* hr_omaha_ranges_deal's deals where the ranges are crowded (h->walk): each deal's ranged hands
 * are the walk's next step (every chunk's walk from the plan's first deal, burnt in from the
 * chunk's stream); the board and random players as ranges_deal_of deals them, counted a block
 * (a batch) at a time. A call pauses after a block, as ranges_deal_of does after a redraw,
 * and notes the chunk, the deal, the stream and the walk's hands; chunks hold whole blocks
 * (HR_EQUITY_CHUNK is a multiple of HR_OMAHA_BLOCK), so every batch but a call's last is
 * whole. */
static int ranges_walk(const omaha_plan_t *h, const uint8_t *columns, const uint8_t *const *hands_of,
                       omaha_block_t *out, const uint8_t *in_byte, uint64_t seed, uint64_t trials, uint64_t first,
                       uint64_t end, uint64_t *counts, uint64_t *squares, uint64_t *deals) {
    uint64_t chunks = (trials + HR_EQUITY_CHUNK - 1) / HR_EQUITY_CHUNK;
    if (end > chunks) end = chunks;
    const uint64_t *masks = walk_masks(h, columns);
    int most = 1;
    for (int i = 0; i < h->nranged; i++) most = h->count[h->ranged_of[i]] > most ? h->count[h->ranged_of[i]] : most;
    walk_scratch_t scratch = {malloc((size_t)most * sizeof(int)), malloc((size_t)most * sizeof(double))};
    if (!scratch.open || !scratch.running) {
        free(scratch.open);
        free(scratch.running);
        return HR_ERR_MEMORY;
    }
    omaha_resume_t from;
    memset(&from, 0, sizeof from);
    if (out->resume) memcpy(&from, out->resume, sizeof from);
    int paused = 0;
    for (uint64_t chunk = from.active ? from.chunk : first; chunk < end && !paused; chunk++) {
        rng_t rng;
        int current[HR_MAX_PLAYERS];
        uint64_t n = chunk + 1 < chunks ? HR_EQUITY_CHUNK : trials - chunk * HR_EQUITY_CHUNK, d = 0, work = 0;
        if (from.active) { /* where the last call paused */
            rng = from.rng;
            memcpy(current, from.current, sizeof current);
            d = from.deal;
            from.active = 0;
        } else {
            rng = chunk_stream(seed, chunk);
            memcpy(current, h->start_hand, sizeof current);
            for (int t = 0; t < HR_OMAHA_BURN_IN; t++) walk_step(h, columns, &rng, current, &work, &scratch);
        }
        for (; d < n; d++) {
            walk_step(h, columns, &rng, current, &work, &scratch);
            int at = out->count;
            uint64_t used = h->known;
            for (int i = 0; i < h->nranged; i++) {
                int p = h->ranged_of[i];
                uint64_t hand = masks[h->first[p] + current[p]];
                out->cards[at][p] = hand;
                out->hand[at][p] = hand_mask_at(h, hands_of[p], p, current[p]) + sizeof(uint64_t);
                used |= hand;
            }
            deal_rest(h, &rng, used, out, in_byte, h->nhole, h->left, h->nrandom, 0);
            ++*deals;
            if (++out->count < HR_OMAHA_BLOCK) continue;
            walk_block_count(out, counts, squares);
            if (out->resume && d + 1 < n) { /* the walk's work (draws, scanned and looked-up hands) */
                if (work >= out->clashes_left) {
                    omaha_resume_t note;
                    memset(&note, 0, sizeof note);
                    note.active = 1, note.chunk = chunk, note.deal = d + 1, note.rng = rng;
                    memcpy(note.current, current, sizeof current);
                    memcpy(out->resume, &note, sizeof note);
                    paused = 1;
                    break;
                }
                out->clashes_left -= work;
            }
            work = 0;
        }
    }
    free(scratch.open);
    free(scratch.running);
    return paused;
}

#define HR_RANGES_DEAL(nhole, left, nranged, nrandom, bmi2)                                                         \
    ranges_deal_of(&h, hands_of, out, in_byte, seed, trials, first, end, counts, squares, deals, nhole, left, nranged, \
                   nrandom, bmi2)
#if HR_X86_DISPATCH
/* Where pdep is fast: PLO4 preflop and on the flop with one or two ranged players and at most
 * one random player, the commonest spots, with every count a constant (4-26% fewer
 * instructions a deal than with counts read at run time), each case a function of its own
 * (inlined into one function together, they cost each other registers). */
#define HR_RANGES_CASE(name, nhole, left, nranged, nrandom)                                                         \
    __attribute__((target("bmi,bmi2"), noinline)) static int name(                                                  \
        const omaha_plan_t *plan_head, const uint8_t *const *hands_of, omaha_block_t *out, const uint8_t *in_byte,   \
        uint64_t seed, uint64_t trials, uint64_t first, uint64_t end, uint64_t *counts, uint64_t *squares,           \
        uint64_t *deals) {                                                                                           \
        const omaha_plan_t h = *plan_head;                                                                           \
        return HR_RANGES_DEAL(nhole, left, nranged, nrandom, 1);                                                     \
    }
HR_RANGES_CASE(ranges_deal_preflop_1_1, 4, 5, 1, 1)
HR_RANGES_CASE(ranges_deal_preflop_2_0, 4, 5, 2, 0)
HR_RANGES_CASE(ranges_deal_preflop_2_1, 4, 5, 2, 1)
HR_RANGES_CASE(ranges_deal_flop_1_1, 4, 2, 1, 1)
HR_RANGES_CASE(ranges_deal_flop_2_0, 4, 2, 2, 0)
HR_RANGES_CASE(ranges_deal_flop_2_1, 4, 2, 2, 1)
HR_RANGES_CASE(ranges_deal_any, h.nhole, h.left, h.nranged, h.nrandom)
#undef HR_RANGES_CASE

typedef int (*hr_ranges_deal_fn)(const omaha_plan_t *, const uint8_t *const *, omaha_block_t *, const uint8_t *,
                                 uint64_t, uint64_t, uint64_t, uint64_t, uint64_t *, uint64_t *, uint64_t *);

/* The copy of the deal loop for the plan's shape. */
static hr_ranges_deal_fn ranges_dealer_bmi2(const omaha_plan_t *h) {
    if (h->nhole == 4 && (h->left == 5 || h->left == 2) && h->nrandom <= 1 && h->nranged <= 2)
        switch ((h->nranged * 2 + h->nrandom) * (h->left == 5 ? 1 : -1)) {
        case 3: return ranges_deal_preflop_1_1;
        case 4: return ranges_deal_preflop_2_0;
        case 5: return ranges_deal_preflop_2_1;
        case -3: return ranges_deal_flop_1_1;
        case -4: return ranges_deal_flop_2_0;
        case -5: return ranges_deal_flop_2_1;
        default: break;
        }
    return ranges_deal_any;
}
#endif

int hr_omaha_ranges_deal(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                         const void *plan, uint64_t seed, uint64_t trials, uint64_t first, uint64_t end,
                         uint64_t *counts, uint64_t *squares, uint64_t *deals, void *resume) {
    omaha_plan_t h;
    memcpy(&h, plan, sizeof h);
    const uint8_t *hands_of[HR_MAX_PLAYERS];
    for (int p = 0; p < h.nplayers; p++) hands_of[p] = plan_columns(plan) + h.at[p];
    uint8_t in_byte[256 * 8];
    int bmi2 = select_setup(in_byte), error;
    omaha_block_t *out = malloc(sizeof *out);
    if (!out) return HR_ERR_MEMORY;
    omaha_block_start(out, high_table, low_table, board_row, h.nhole, h.nplayers, h.hilo);
    /* With somewhere to note it, a call pauses after HR_OMAHA_CLASHES redraws a deal of the
     * call and 2^18 more (a few milliseconds), so that a call stays short however crowded the
     * ranges (eight double-suited ones take thousands of draws a deal): Ctrl-C is seen between
     * calls. */
    uint64_t chunks = (trials + HR_EQUITY_CHUNK - 1) / HR_EQUITY_CHUNK, stop = end < chunks ? end : chunks;
    uint64_t ndeals = stop > first ? (stop * HR_EQUITY_CHUNK < trials ? stop * HR_EQUITY_CHUNK : trials) -
                                         first * HR_EQUITY_CHUNK : 0;
    out->clashes_left = resume ? HR_OMAHA_CLASHES * ndeals + (1u << 18) : UINT64_MAX;
    out->resume = resume;
    if (resume) { /* a note this call did not write is refused, not read past the plan's columns */
        omaha_resume_t from;
        memcpy(&from, resume, sizeof from);
        int bad = from.active > 1;
        if (from.active)
            bad |= from.chunk < first || from.chunk >= stop || from.deal >= HR_EQUITY_CHUNK || from.next < 0 ||
                   from.next >= HR_OMAHA_AHEAD || from.attempt < 0 || from.attempt >= 1 << 20;
        for (int i = 0; i < h.nranged && from.active && !bad; i++) {
            int p = h.ranged_of[i];
            for (int at = 0; at < HR_OMAHA_AHEAD; at++) bad |= from.ring[i][at] < 0 || from.ring[i][at] >= h.count[p];
            if (h.walk) bad |= from.current[p] < 0 || from.current[p] >= h.count[p];
        }
        if (bad) {
            free(out);
            return HR_ERR_RANGE;
        }
    }
    (void)bmi2;
    if (h.walk && bmi2) select_table(in_byte); /* the walk's deals take cards without BMI2 */
    if (h.walk)
        error = ranges_walk(&h, plan_columns(plan), hands_of, out, in_byte, seed, trials, first, end, counts, squares,
                            deals);
    else
#if HR_X86_DISPATCH
    if (bmi2)
        error = ranges_dealer_bmi2(&h)(&h, hands_of, out, in_byte, seed, trials, first, end, counts, squares, deals);
    else
#endif
        error = HR_RANGES_DEAL(h.nhole, h.left, h.nranged, h.nrandom, 0);
    if (h.walk) walk_block_count(out, counts, squares);
    else omaha_block_count(out, counts, squares);
    free(out);
    return error;
}
#undef HR_RANGES_DEAL

int hr_omaha_ranges_walks(const void *plan) {
    omaha_plan_t h;
    memcpy(&h, plan, sizeof h);
    return h.walk;
}

int hr_omaha_equity_ranges_mc(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                              const uint8_t *combos, const int32_t *combo_start, const double *weights, int nhole,
                              int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead,
                              int hilo, uint64_t seed, uint64_t trials, uint64_t first, uint64_t end,
                              uint64_t *counts, uint64_t *squares, uint64_t *deals) {
    if (nhole < 4 || nhole > 6) return HR_ERR_COUNT;
    if (nplayers < 2 || nplayers > HR_MAX_PLAYERS) return HR_ERR_PLAYERS;
    uint64_t bytes = hr_omaha_ranges_plan_bytes(combo_start, weights, nhole, nplayers);
    if (!bytes) return HR_ERR_RANGE;
    void *plan = malloc(bytes);
    if (!plan) return HR_ERR_MEMORY;
    int error = hr_omaha_ranges_plan(combos, combo_start, weights, nhole, nplayers, board, nboard, dead, ndead, hilo,
                                     plan, bytes);
    if (!error)
        error = hr_omaha_ranges_deal(high_table, low_table, board_row, plan, seed, trials, first, end, counts,
                                     squares, deals, NULL);
    free(plan);
    return error;
}

int hr_omaha_ranges_feasible(const uint64_t *masks, const int32_t *combo_start, int nplayers, int64_t budget) {
    if (nplayers < 1 || nplayers > HR_MAX_PLAYERS || combo_start[0] != 0) return HR_ERR_PLAYERS;
    for (int p = 0; p < nplayers; p++)
        if (combo_start[p + 1] < combo_start[p]) return HR_ERR_RANGE;
    return hr_feasible_masks(masks, combo_start, nplayers, 0, budget);
}
