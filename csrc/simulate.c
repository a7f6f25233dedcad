/* Simulations in bulk: dealing many hands at once, and showdowns of many deals at once.
 * See handrank.h for the interface. */
#include "equity_internal.h"
#include "random.h"

/* n bytes (at most 52) from src to dst, which do not overlap: a deal's few cards, a run-time
 * count of them, copied inline in words (which may overlap each other within dst), not by a
 * library call: memcpy of a run-time size was a sixth of short deck's dealing. Straight-line
 * words, not a loop a compiler would turn back into that call. */
HR_INLINE void copy_cards(uint8_t *dst, const uint8_t *src, int n) {
    if (n >= 8) {
        for (int at = 0; at < 48; at += 8)
            if (n > at + 8) memcpy(dst + at, src + at, 8);
        memcpy(dst + n - 8, src + n - 8, 8);
    } else if (n >= 4) {
        memcpy(dst, src, 4);
        memcpy(dst + n - 4, src + n - 4, 4);
    } else if (n > 0) {
        dst[0] = src[0];
        dst[n / 2] = src[n / 2];
        dst[n - 1] = src[n - 1];
    }
}

int hr_deal_game(uint64_t seed, uint64_t ndeals, uint64_t first_chunk, uint64_t end_chunk, int nplayers, int nhole,
                 int lowest, const uint8_t *fixed_holes, int nboard, const uint8_t *fixed_board, int nfixed_board,
                 const uint8_t *dead, int ndead, uint8_t *holes, uint8_t *boards) {
    if (nplayers < 1 || nplayers > 52 || nhole < 1 || nhole > 7 || nplayers * nhole > 52) return HR_ERR_PLAYERS;
    if (nboard < 0 || nboard > 5 || nfixed_board < 0 || nfixed_board > nboard) return HR_ERR_BOARD;
    if (ndead < 0 || ndead > 52 || lowest < 0 || lowest > 51) return HR_ERR_COUNT;
    uint64_t known = 0;
    int error = take_cards(fixed_board, nfixed_board, &known);
    if (!error) error = take_cards(dead, ndead, &known);
    /* Where each dealt hole card goes in a deal's output (the places of HR_DEAL_RANDOM, in
     * order; the board's dealt cards follow its fixed ones); fixed cards come from templates. */
    int hole_width = nhole * nplayers, dealt_holes = 0, place[52];
    uint8_t hole_template[52], board_template[5];
    for (int j = 0; j < hole_width && !error; j++) {
        hole_template[j] = fixed_holes[j] == HR_DEAL_RANDOM ? 0 : fixed_holes[j];
        if (fixed_holes[j] == HR_DEAL_RANDOM) place[dealt_holes++] = j;
        else error = take_cards(fixed_holes + j, 1, &known);
    }
    if (error) return error;
    if (known & ((1ull << lowest) - 1)) return HR_ERR_CARD; /* a known card below the deck */
    int needed = dealt_holes + nboard - nfixed_board;
    uint8_t fresh[52], deck[52];
    int ndeck = 0;
    for (int c = lowest; c < 52; c++)
        if (!(known >> c & 1)) fresh[ndeck++] = (uint8_t)c;
    if (ndeck < needed) return HR_ERR_COUNT;
    for (int j = 0; j < nboard; j++) board_template[j] = j < nfixed_board ? fixed_board[j] : 0;
    shuffle_t plan = shuffle_plan(ndeck, needed);
    /* With every player dealt, the dealt hole cards lie in order, so a deal's front of the deck
     * is copied out whole; fixed cards are copied from the templates only where there are any. */
    int every_hole_dealt = dealt_holes == hole_width, templated = needed < hole_width + nboard;
    uint64_t chunks = (ndeals + HR_EQUITY_CHUNK - 1) / HR_EQUITY_CHUNK;
    if (end_chunk > chunks) end_chunk = chunks;
    for (uint64_t chunk = first_chunk; chunk < end_chunk; chunk++) {
        rng_t rng = chunk_stream(seed, chunk);
        memcpy(deck, fresh, sizeof deck); /* each chunk shuffles from the same order */
        uint64_t first = chunk * HR_EQUITY_CHUNK, end = first + HR_EQUITY_CHUNK < ndeals ? first + HR_EQUITY_CHUNK : ndeals;
        for (uint64_t d = first; d < end; d++) { /* rows from first_chunk's first deal on */
            uint64_t row = d - first_chunk * HR_EQUITY_CHUNK;
            uint8_t *hole = holes + row * (uint64_t)hole_width, *board = boards + row * (uint64_t)nboard;
            if (templated) {
                copy_cards(hole, hole_template, hole_width);
                copy_cards(board, board_template, nboard);
            }
            shuffle_front(&rng, &plan, deck); /* the deal's cards: deck[0..needed) */
            if (every_hole_dealt) copy_cards(hole, deck, dealt_holes);
            else
                for (int j = 0; j < dealt_holes; j++) hole[place[j]] = deck[j];
            copy_cards(board + nfixed_board, deck + dealt_holes, nboard - nfixed_board);
        }
    }
    return 0;
}

int hr_deal(uint64_t seed, uint64_t ndeals, uint64_t first_chunk, uint64_t end_chunk, int nplayers,
            const uint8_t *fixed_holes, int nboard, const uint8_t *fixed_board, int nfixed_board, const uint8_t *dead,
            int ndead, uint8_t *holes, uint8_t *boards) {
    if (nplayers < 1 || nplayers > 23) return HR_ERR_PLAYERS;
    return hr_deal_game(seed, ndeals, first_chunk, end_chunk, nplayers, 2, 0, fixed_holes, nboard, fixed_board,
                        nfixed_board, dead, ndead, holes, boards);
}

#define HR_SHOWDOWN_BLOCK 64

/* The first bad row of a block (rows [0, rows)), or -1: the slow check, once something is. */
HR_NOINLINE int showdown_bad_row(const uint8_t *holes, const uint8_t *boards, int rows, int nplayers, int *error) {
    for (int r = 0; r < rows; r++) {
        uint64_t used = 0;
        for (int j = 0; j < 5 + 2 * nplayers; j++) {
            int c = j < 5 ? boards[5 * r + j] : holes[2 * nplayers * r + j - 5];
            if (c > 51 || (used >> c & 1)) {
                *error = c > 51 ? HR_ERR_CARD : HR_ERR_DUPLICATE;
                return r;
            }
            used |= 1ull << c;
        }
    }
    return -1;
}

/* HR_SHARE_UNITS split k ways, k = 0..HR_MAX_PLAYERS (no division a row). */
static const uint16_t hr_share_of[HR_MAX_PLAYERS + 1] = {
    0, HR_SHARE_UNITS, HR_SHARE_UNITS / 2, HR_SHARE_UNITS / 3, HR_SHARE_UNITS / 4, HR_SHARE_UNITS / 5,
    HR_SHARE_UNITS / 6, HR_SHARE_UNITS / 7, HR_SHARE_UNITS / 8, HR_SHARE_UNITS / 9, HR_SHARE_UNITS / 10};

static void winners_scalar(const uint16_t *ranks, uint16_t *shares, int rows, int nplayers, int wide_rows) {
    (void)wide_rows;
    for (int r = 0; r < rows; r++) {
        const uint16_t *rank = ranks + r * nplayers;
        uint16_t *share = shares + r * nplayers;
        int best = rank[0], winners = 0;
        for (int p = 1; p < nplayers; p++) best = rank[p] < best ? rank[p] : best;
        for (int p = 0; p < nplayers; p++) winners += rank[p] == best;
        unsigned split = hr_share_of[winners];
        for (int p = 0; p < nplayers; p++) share[p] = (uint16_t)(split & (0u - (unsigned)(rank[p] == best)));
    }
}

/* winners_scalar for two players: a row's split from whether either rank is lower. */
static void winners_two(const uint16_t *ranks, uint16_t *shares, int rows, int nplayers, int wide_rows) {
    (void)nplayers, (void)wide_rows;
    /* [tie, first wins, second wins] */
    static const uint16_t first[3] = {HR_SHARE_UNITS / 2, HR_SHARE_UNITS, 0},
                          second[3] = {HR_SHARE_UNITS / 2, 0, HR_SHARE_UNITS};
    for (int r = 0; r < rows; r++) {
        int a = ranks[2 * r], b = ranks[2 * r + 1], outcome = (a < b) + 2 * (b < a);
        shares[2 * r] = first[outcome];
        shares[2 * r + 1] = second[outcome];
    }
}

#if HR_X86_DISPATCH
#include <immintrin.h>
#define HR_AVX2 __attribute__((target("avx2,popcnt,bmi,bmi2")))

/* winners_scalar for up to 8 players, a row in one vector: the first `wide_rows` rows may read
 * and write 8 ranks and shares (the lanes past the row are the next rows', rewritten after). */
HR_AVX2 static void winners_avx2(const uint16_t *ranks, uint16_t *shares, int rows, int nplayers, int wide_rows) {
    /* lanes past the players read as the worst possible rank, so never the best */
    const __m128i past = _mm_cmpgt_epi16(_mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7), _mm_set1_epi16((short)(nplayers - 1)));
    int r = 0;
    for (; r < wide_rows; r++) {
        __m128i rank = _mm_or_si128(_mm_loadu_si128((const __m128i *)(ranks + r * nplayers)), past);
        __m128i winner = _mm_cmpeq_epi16(rank, _mm_broadcastw_epi16(_mm_minpos_epu16(rank)));
        int winners = __builtin_popcount((unsigned)_mm_movemask_epi8(winner)) >> 1;
        _mm_storeu_si128((__m128i *)(shares + r * nplayers),
                         _mm_and_si128(winner, _mm_set1_epi16((short)hr_share_of[winners])));
    }
    winners_scalar(ranks + r * nplayers, shares + r * nplayers, rows - r, nplayers, 0);
}

/* winners_avx2 for three or four players, four rows a vector: a row's ranks in one 64-bit
 * lane (three players' fourth word reads as the worst rank); the best of a lane and how many
 * share it by two swaps, the split by a byte shuffle of a table of shares. */
HR_AVX2 static inline __attribute__((always_inline)) void
winners_quad_avx2(const uint16_t *ranks, uint16_t *shares, int rows, const int nplayers, int wide_rows) {
    const __m256i spread = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, -1, -1, 6, 7, 8, 9, 10, 11, -1, -1, /* three players */
                                            4, 5, 6, 7, 8, 9, -1, -1, 10, 11, 12, 13, 14, 15, -1, -1),
                  gather = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, -1, -1, -1, -1,
                                            0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, -1, -1, -1, -1),
                  fourth = _mm256_set1_epi64x((long long)0xFFFF000000000000ull),
                  swap_words = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                                2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13),
                  share_of = _mm256_setr_epi16(0, HR_SHARE_UNITS, HR_SHARE_UNITS / 2, HR_SHARE_UNITS / 3,
                                               HR_SHARE_UNITS / 4, 0, 0, 0, 0, HR_SHARE_UNITS, HR_SHARE_UNITS / 2,
                                               HR_SHARE_UNITS / 3, HR_SHARE_UNITS / 4, 0, 0, 0);
    int r = 0;
    for (; r + 4 <= wide_rows; r += 4) { /* row r + 3 has 8 lanes: the 32 bytes read are the arrays' */
        __m256i rank = _mm256_loadu_si256((const __m256i *)(ranks + r * nplayers));
        if (nplayers == 3)
            rank = _mm256_or_si256(_mm256_shuffle_epi8(_mm256_permute4x64_epi64(rank, _MM_SHUFFLE(2, 1, 1, 0)), spread),
                                   fourth);
        __m256i best = _mm256_min_epu16(rank, _mm256_shuffle_epi8(rank, swap_words));
        best = _mm256_min_epu16(best, _mm256_shuffle_epi32(best, _MM_SHUFFLE(2, 3, 0, 1)));
        __m256i winner = _mm256_cmpeq_epi16(rank, best);
        __m256i count = _mm256_add_epi16(winner, _mm256_shuffle_epi8(winner, swap_words));
        count = _mm256_sub_epi16(_mm256_setzero_si256(),
                                 _mm256_add_epi16(count, _mm256_shuffle_epi32(count, _MM_SHUFFLE(2, 3, 0, 1))));
        __m256i split = _mm256_shuffle_epi8(
            share_of, _mm256_add_epi16(_mm256_mullo_epi16(count, _mm256_set1_epi16(0x0202)), _mm256_set1_epi16(0x0100)));
        __m256i share = _mm256_and_si256(winner, split);
        if (nplayers == 4) {
            _mm256_storeu_si256((__m256i *)(shares + 4 * r), share);
        } else {
            share = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(share, gather), _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 7, 7));
            _mm_storeu_si128((__m128i *)(shares + 3 * r), _mm256_castsi256_si128(share));
            _mm_storel_epi64((__m128i *)(shares + 3 * r + 8), _mm256_extracti128_si256(share, 1));
        }
    }
    winners_avx2(ranks + r * nplayers, shares + r * nplayers, rows - r, nplayers, wide_rows - r < 0 ? 0 : wide_rows - r);
}

/* 8 words at `at` in the low 128-bit lane, the 8 at at + 24 in the high one (and back). */
HR_AVX2 static inline __attribute__((always_inline)) __m256i load_two_groups(const uint16_t *at) {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)at)),
                                   _mm_loadu_si128((const __m128i *)(at + 24)), 1);
}

HR_AVX2 static inline __attribute__((always_inline)) void store_two_groups(uint16_t *at, __m256i words) {
    _mm_storeu_si128((__m128i *)at, _mm256_castsi256_si128(words));
    _mm_storeu_si128((__m128i *)(at + 24), _mm256_extracti128_si256(words, 1));
}

/* winners_scalar for three players, 16 rows a turn (the last rows by winners_quad_avx2): two
 * groups of 8 rows, one a 128-bit lane, each in three vectors of 8 ranks: a0 b0 c0 a1 b1 c1
 * a2 b2, then c2 a3 b3 c3 a4 b4 c4 a5, then b5 c5 a6 b6 c6 a7 b7 c7. A player's 8 ranks sit
 * at distinct word positions of the three, so two blends gather them, in an order that one
 * byte shuffle sorts (a, b, c: the players). The best rank and how many share it are then
 * two mins and three compares for all 16 rows, and the shares go back the same way. This
 * measured +5% on the whole showdown against four rows a vector. */
HR_AVX2 static void winners_three_avx2(const uint16_t *ranks, uint16_t *shares, int rows, int nplayers, int wide_rows) {
    (void)nplayers;
#define HR_WORDS(w0, w1, w2, w3, w4, w5, w6, w7) \
    _mm256_setr_epi8(2 * w0, 2 * w0 + 1, 2 * w1, 2 * w1 + 1, 2 * w2, 2 * w2 + 1, 2 * w3, 2 * w3 + 1, 2 * w4, \
                     2 * w4 + 1, 2 * w5, 2 * w5 + 1, 2 * w6, 2 * w6 + 1, 2 * w7, 2 * w7 + 1, 2 * w0, 2 * w0 + 1, \
                     2 * w1, 2 * w1 + 1, 2 * w2, 2 * w2 + 1, 2 * w3, 2 * w3 + 1, 2 * w4, 2 * w4 + 1, 2 * w5, \
                     2 * w5 + 1, 2 * w6, 2 * w6 + 1, 2 * w7, 2 * w7 + 1)
    const __m256i order_a = HR_WORDS(0, 3, 6, 1, 4, 7, 2, 5), order_c = HR_WORDS(2, 5, 0, 3, 6, 1, 4, 7),
                  order_b = HR_WORDS(1, 4, 7, 2, 5, 0, 3, 6), unorder_b = HR_WORDS(5, 0, 3, 6, 1, 4, 7, 2);
#undef HR_WORDS
    const __m256i two = _mm256_set1_epi16(-2), three = _mm256_set1_epi16(-3);
    int r = 0;
    for (; r + 16 <= rows; r += 16) {
        const uint16_t *at = ranks + 3 * r;
        __m256i x0 = load_two_groups(at), x1 = load_two_groups(at + 8), x2 = load_two_groups(at + 16);
        __m256i a = _mm256_shuffle_epi8(_mm256_blend_epi16(_mm256_blend_epi16(x0, x1, 0x92), x2, 0x24), order_a),
                b = _mm256_shuffle_epi8(_mm256_blend_epi16(_mm256_blend_epi16(x0, x1, 0x24), x2, 0x49), order_b),
                c = _mm256_shuffle_epi8(_mm256_blend_epi16(_mm256_blend_epi16(x0, x1, 0x49), x2, 0x92), order_c);
        __m256i best = _mm256_min_epu16(a, _mm256_min_epu16(b, c));
        __m256i wa = _mm256_cmpeq_epi16(a, best), wb = _mm256_cmpeq_epi16(b, best), wc = _mm256_cmpeq_epi16(c, best);
        __m256i count = _mm256_add_epi16(wa, _mm256_add_epi16(wb, wc)); /* minus the winners */
        __m256i split = _mm256_blendv_epi8(
            _mm256_blendv_epi8(_mm256_set1_epi16(HR_SHARE_UNITS), _mm256_set1_epi16(HR_SHARE_UNITS / 2),
                               _mm256_cmpeq_epi16(count, two)),
            _mm256_set1_epi16(HR_SHARE_UNITS / 3), _mm256_cmpeq_epi16(count, three));
        __m256i sa = _mm256_shuffle_epi8(_mm256_and_si256(wa, split), order_a),
                sb = _mm256_shuffle_epi8(_mm256_and_si256(wb, split), unorder_b),
                sc = _mm256_shuffle_epi8(_mm256_and_si256(wc, split), order_c);
        uint16_t *to = shares + 3 * r;
        store_two_groups(to, _mm256_blend_epi16(_mm256_blend_epi16(sa, sb, 0x92), sc, 0x24));
        store_two_groups(to + 8, _mm256_blend_epi16(_mm256_blend_epi16(sa, sb, 0x24), sc, 0x49));
        store_two_groups(to + 16, _mm256_blend_epi16(_mm256_blend_epi16(sa, sb, 0x49), sc, 0x92));
    }
    winners_quad_avx2(ranks + 3 * r, shares + 3 * r, rows - r, 3, wide_rows - r < 0 ? 0 : wide_rows - r);
}

HR_AVX2 static void winners_four_avx2(const uint16_t *ranks, uint16_t *shares, int rows, int nplayers, int wide_rows) {
    (void)nplayers;
    winners_quad_avx2(ranks, shares, rows, 4, wide_rows);
}

/* winners_avx2 for 9 to 16 players: a row in 16 lanes, the best of the two halves' minimum. */
HR_AVX2 static void winners_many_avx2(const uint16_t *ranks, uint16_t *shares, int rows, int nplayers, int wide_rows) {
    const __m256i past = _mm256_cmpgt_epi16(_mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                            _mm256_set1_epi16((short)(nplayers - 1)));
    int r = 0;
    for (; r < wide_rows; r++) {
        __m256i rank = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(ranks + r * nplayers)), past);
        __m128i half = _mm_min_epu16(_mm256_castsi256_si128(rank), _mm256_extracti128_si256(rank, 1));
        __m256i winner = _mm256_cmpeq_epi16(rank, _mm256_broadcastw_epi16(_mm_minpos_epu16(half)));
        int winners = __builtin_popcount((unsigned)_mm256_movemask_epi8(winner)) >> 1;
        _mm256_storeu_si256((__m256i *)(shares + r * nplayers),
                            _mm256_and_si256(winner, _mm256_set1_epi16((short)hr_share_of[winners])));
    }
    winners_scalar(ranks + r * nplayers, shares + r * nplayers, rows - r, nplayers, 0);
}

/* winners_scalar for two players, eight rows a vector (a row's two ranks are one 32-bit lane). */
HR_AVX2 static void winners_two_avx2(const uint16_t *ranks, uint16_t *shares, int rows, int nplayers, int wide_rows) {
    (void)wide_rows;
    const __m256i low = _mm256_set1_epi32(0xFFFF), tie = _mm256_set1_epi32(HR_SHARE_UNITS / 2 * 0x10001),
                  first = _mm256_set1_epi32(HR_SHARE_UNITS), second = _mm256_set1_epi32(HR_SHARE_UNITS << 16);
    int r = 0;
    for (; r + 8 <= rows; r += 8) {
        __m256i rank = _mm256_loadu_si256((const __m256i *)(ranks + 2 * r));
        __m256i a = _mm256_and_si256(rank, low), b = _mm256_srli_epi32(rank, 16);
        __m256i share = _mm256_blendv_epi8(_mm256_blendv_epi8(tie, first, _mm256_cmpgt_epi32(b, a)), second,
                                           _mm256_cmpgt_epi32(a, b));
        _mm256_storeu_si256((__m256i *)(shares + 2 * r), share);
    }
    winners_two(ranks + 2 * r, shares + 2 * r, rows - r, nplayers, 0);
}

/* The AVX2 winners function for `nplayers`. */
HR_INLINE hr_winners_fn winners_avx2_for(int nplayers) {
    return nplayers == 2 ? winners_two_avx2
           : nplayers == 3 ? winners_three_avx2
           : nplayers == 4 ? winners_four_avx2
           : nplayers <= 8 ? winners_avx2
                           : winners_many_avx2;
}
#endif

hr_winners_fn hr_winners_for(int nplayers) {
#if HR_X86_DISPATCH
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2"))
        return winners_avx2_for(nplayers);
#endif
    return nplayers == 2 ? winners_two : winners_scalar;
}

/* Each card's bit among the 52 (the repeat test), and its bit in four 16-bit rank masks, one
 * a suit (suit_rank_bit: the flush ranks). Ids above 51 have none. */
#define HR_SUIT_BIT(c) ((c) < 52 ? HR_SUIT_RANK_BIT((c) & 63) : 0ull)
static const uint64_t hr_card_bit[256] = {HR_X256(HR_CARD_BIT)};
static const uint64_t hr_suit_bit[256] = {HR_X256(HR_SUIT_BIT)};

/* 16 times the suit that has three or more of a board's five cards, the one suit a flush can
 * be in, from the board key's suit counters (biased by 3: so 6 or more); 48 when none has. */
HR_INLINE unsigned flush_shift(uint32_t counters) {
    return 16u * ((unsigned)hr_ctz64(((counters + 0x2222u) & 0x8888u) | 0x8000u) >> 2);
}

/* `flush` where it is a rank (nonzero), else `rank`. No branch: about half the hands of a row
 * with a flush have one, so a branch would be mispredicted all the time. */
HR_INLINE uint16_t flush_or(unsigned flush, unsigned rank) {
    unsigned take = 0u - (unsigned)(flush != 0);
    return (uint16_t)((flush & take) | (rank & ~take));
}

/* A board's five suit-rank bits. */
HR_INLINE uint64_t board_suit_bits(const uint8_t *board) {
    return hr_suit_bit[board[0]] | hr_suit_bit[board[1]] | hr_suit_bit[board[2]] | hr_suit_bit[board[3]] |
           hr_suit_bit[board[4]];
}

/* A row's flush ranks, given the board's cards of the one suit a flush can be in (`shift`: 16
 * times that suit; `board_bits`: the board's suit-rank bits) and every id 0..51: each hand's
 * cards of that suit index the flush table, which gives 0 for fewer than five of them, and
 * replace the hand's other rank where it gives a flush. */
HR_INLINE void fix_row_flushes(const hr_rules_t *rules,
                               uint64_t board_bits, unsigned shift, const uint8_t *hole, const int nplayers,
                               uint16_t *rank) {
    for (int p = 0; p < nplayers; p++) {
        uint64_t bits = board_bits | hr_suit_bit[hole[2 * p]] | hr_suit_bit[hole[2 * p + 1]];
        unsigned flush = rules->flush[(bits >> shift) & 0x1FFF];
        rank[p] = flush_or(flush, rank[p]);
    }
}

/* The flush ranks of the rows of a block flagged in `flush_mask` (bit r: row r; every id is
 * 0..51 by now), the suit from the board's key. */
HR_INLINE void fix_flushes(const hr_rules_t *rules,
                           const uint8_t *block_boards, const uint8_t *block_holes, const int nplayers,
                           uint64_t flush_mask, uint16_t *block_ranks) {
    for (; flush_mask; flush_mask &= flush_mask - 1) {
        int r = (int)hr_ctz64(flush_mask);
        const uint8_t *board = block_boards + 5 * r;
        fix_row_flushes(rules, board_suit_bits(board), flush_shift((uint32_t)(row_key(board, 5) >> HR_SUIT_SHIFT)),
                        block_holes + 2 * nplayers * r, nplayers, block_ranks + r * nplayers);
    }
}

/* When a block's keys or card bits said something is wrong (`suspect`), its first bad row,
 * numbered in the call (*error set), if it has one; else -1. */
HR_INLINE int64_t block_bad_row(const uint8_t *holes, const uint8_t *boards, int64_t start, int rows,
                                const int nplayers, int suspect, int *error) {
    if (HR_UNLIKELY(suspect)) {
        int bad = showdown_bad_row(holes + start * (2 * nplayers), boards + start * 5, rows, nplayers, error);
        if (bad >= 0) return start + bad;
    }
    return -1;
}

/* Showdowns of rows [0, nrows) for a player count known at compile time (every loop over
 * players unrolls), in blocks of rows, with one test a block for bad input:
 * - each row's board key once, then each player's key (one add a hole card; ids above 51
 *   mark the sums) and its non-flush rank, flagging the rows where a key says flush;
 * - with them, each row's card bits: their or and their sum differ exactly when a bit came
 *   twice (the sum has fewer bits than cards);
 * - the flush ranks of the flagged rows;
 * - the winners (`winners`). */
HR_INLINE int64_t showdown_rows(const hr_rules_t *rules,
                                const uint8_t *holes, const uint8_t *boards, int64_t nrows, const int nplayers,
                                uint16_t *ranks, uint16_t *shares, int *error, hr_winners_fn winners) {
    for (int64_t start = 0; start < nrows; start += HR_SHOWDOWN_BLOCK) {
        int rows = nrows - start < HR_SHOWDOWN_BLOCK ? (int)(nrows - start) : HR_SHOWDOWN_BLOCK;
        const uint8_t *block_boards = boards + start * 5, *block_holes = holes + start * (2 * nplayers);
        uint16_t *block_ranks = ranks + start * nplayers;
        uint64_t marks = 0, repeats = 0, flush_mask = 0; /* bit r: row r has a hand whose key says flush */
        for (int r = 0; r < rows; r++) {
            const uint8_t *board = block_boards + 5 * r, *hole = block_holes + 2 * nplayers * r;
            uint16_t *rank = block_ranks + r * nplayers;
            uint64_t key = HR_SUIT_BIAS, row_marks = 0, any = 0, sum = 0; /* the cards' bits: or and sum */
            for (int j = 0; j < 5; j++) {
                key += hr_card_key[board[j]];
                any |= hr_card_bit[board[j]];
                sum += hr_card_bit[board[j]];
            }
            for (int p = 0; p < nplayers; p++) { /* keys (ids above 51 mark them) and non-flush ranks */
                int c0 = hole[2 * p], c1 = hole[2 * p + 1];
                uint64_t k = key + hr_card_key[c0] + hr_card_key[c1];
                any |= hr_card_bit[c0] | hr_card_bit[c1];
                sum += hr_card_bit[c0] + hr_card_bit[c1];
                rank[p] = (uint16_t)game_multiset_rank(rules->multiset, k);
                row_marks |= k;
            }
            /* a repeated card leaves fewer bits than cards (the or is unused where popcount is one) */
            repeats |= HR_FAST_POPCOUNT ? (uint64_t)(hr_popcount64(sum) ^ (5 + 2 * nplayers)) : any ^ sum;
            marks |= row_marks;
            flush_mask |= (uint64_t)((row_marks & HR_FLUSH_CHECK) != 0) << r;
        }
        int64_t bad = block_bad_row(holes, boards, start, rows, nplayers, ((marks & HR_INVALID_CHECK) | repeats) != 0,
                                    error);
        if (bad >= 0) return bad;
        fix_flushes(rules, block_boards, block_holes, nplayers, flush_mask, block_ranks);
        winners(block_ranks, shares + start * nplayers, rows, nplayers, wide_rows(nrows, start, rows, nplayers));
    }
    return -1;
}

#if HR_X86_DISPATCH
/* The vector showdown reads a card's 16-byte entry (see showdown_rows_avx2) at a byte
 * offset into the entries, 16 times its id: scale_cards turns a block's ids into offsets
 * first, a vector op for 16 cards, so that each row reads an entry with one load and no
 * shift. Hole cards are read that way below HR_SCALED_PLAYERS players; from more, turning
 * them first measured slower (about -10% at 8 players), so they are read as ids. */
#define HR_SCALED_PLAYERS 8
#define HR_ENTRY_AT(entry, at) (*(const __m128i *)((const char *)(entry) + (at)))

HR_AVX2 static inline __attribute__((always_inline)) void scale_cards(const uint8_t *cards, int n, uint16_t *at) {
    int j = 0;
    for (; j + 16 <= n; j += 16) {
        __m256i ids = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(cards + j)));
        _mm256_storeu_si256((__m256i *)(at + j), _mm256_slli_epi16(ids, 4));
    }
    for (; j < n; j++) at[j] = (uint16_t)(cards[j] << 4);
}

/* A row's five board entries summed (from their offsets), plus the suit counters' bias. */
HR_AVX2 static inline __attribute__((always_inline)) __m128i board_entry(const __m128i *entry, const uint16_t *board) {
    const __m128i bias = _mm_setr_epi32(0, (int)(HR_SUIT_BIAS >> 32), 0, 0);
    return _mm_add_epi32(
        _mm_add_epi32(_mm_add_epi32(HR_ENTRY_AT(entry, board[0]), HR_ENTRY_AT(entry, board[1])),
                      _mm_add_epi32(HR_ENTRY_AT(entry, board[2]), HR_ENTRY_AT(entry, board[3]))),
        _mm_add_epi32(HR_ENTRY_AT(entry, board[4]), bias));
}

/* The two hole entries summed of the player whose first card is the block's i-th hole card:
 * from the block's offsets (hole_at) or its ids (hole_ids). */
HR_AVX2 static inline __attribute__((always_inline)) __m128i hole_entry(const __m128i *entry, const uint16_t *hole_at,
                                                                        const uint8_t *hole_ids, int i,
                                                                        const int nplayers) {
    if (nplayers < HR_SCALED_PLAYERS)
        return _mm_add_epi32(HR_ENTRY_AT(entry, hole_at[i]), HR_ENTRY_AT(entry, hole_at[i + 1]));
    return _mm_add_epi32(entry[hole_ids[i]], entry[hole_ids[i + 1]]);
}

/* showdown_rows with vectors: each card's 16-byte entry holds, in 32-bit lanes, its rank key
 * times the multiset hash's multiplier, its suit counter and bad-id mark (the upper half of
 * its hr_card_key), and its suit-rank bit (hr_suit_bit: one of 52 bits, in four 16-bit rank
 * masks), so one add sums them all. A hand's entry is the board's sum plus its two cards':
 * its first lane is the hash before the mask (a product distributes over the sum), its
 * second says flush or bad id, its last two are its cards by suit when none repeats. Over
 * the row, the card bits keep one bit a card exactly when none repeats (a repeated bit
 * carries and loses one). Ids above 51 have no bit. */
HR_AVX2 static inline __attribute__((always_inline)) int64_t
showdown_rows_avx2(const hr_rules_t *rules,
                   const __m128i *entry, const uint8_t *holes, const uint8_t *boards, int64_t nrows,
                  const int nplayers, uint16_t *ranks, uint16_t *shares, int *error, hr_winners_fn winners) {
    uint32_t board_lanes[HR_SHOWDOWN_BLOCK][4]; /* each row's board entry, for the flush ranks */
    uint16_t board_at[5 * HR_SHOWDOWN_BLOCK], hole_at[2 * (HR_SCALED_PLAYERS - 1) * HR_SHOWDOWN_BLOCK];
    for (int64_t start = 0; start < nrows; start += HR_SHOWDOWN_BLOCK) {
        int rows = nrows - start < HR_SHOWDOWN_BLOCK ? (int)(nrows - start) : HR_SHOWDOWN_BLOCK;
        const uint8_t *block_boards = boards + start * 5, *block_holes = holes + start * (2 * nplayers);
        uint16_t *block_ranks = ranks + start * nplayers;
        __m128i marks = _mm_setzero_si128();
        uint64_t repeats = 0, flush_mask = 0; /* bit r: row r has a hand whose key says flush */
        scale_cards(block_boards, 5 * rows, board_at);
        if (nplayers < HR_SCALED_PLAYERS) scale_cards(block_holes, 2 * nplayers * rows, hole_at);
        _Pragma("GCC unroll 2") /* two rows a turn: more independent loads in flight */
        for (int r = 0; r < rows; r++) {
            uint16_t *rank = block_ranks + r * nplayers;
            __m128i board = board_entry(entry, board_at + 5 * r), row_sum = board, row_marks = _mm_setzero_si128();
            for (int p = 0; p < nplayers; p++) {
                __m128i two = hole_entry(entry, hole_at, block_holes, 2 * (nplayers * r + p), nplayers),
                        hand = _mm_add_epi32(board, two);
                uint32_t t = (uint32_t)_mm_cvtsi128_si32(hand) & ((1u << HR_MULTISET_SUM_BITS) - 1);
                row_sum = _mm_add_epi32(row_sum, two);
                rank[p] = rules->multiset[t + (uint32_t)hr_multiset_offset[t >> HR_MULTISET_ROW_BITS]];
                row_marks = _mm_or_si128(row_marks, hand);
            }
            repeats |= (uint64_t)(hr_popcount64((uint64_t)_mm_extract_epi64(row_sum, 1)) ^ (5 + 2 * nplayers));
            marks = _mm_or_si128(marks, row_marks);
            _mm_storeu_si128((__m128i *)board_lanes[r], board);
            flush_mask |= (uint64_t)(((uint32_t)_mm_extract_epi32(row_marks, 1) & (uint32_t)(HR_FLUSH_CHECK >> 32)) != 0)
                          << r;
        }
        int suspect = (((uint32_t)_mm_extract_epi32(marks, 1) & (uint32_t)(HR_INVALID_CHECK >> 32)) | repeats) != 0;
        int64_t bad = block_bad_row(holes, boards, start, rows, nplayers, suspect, error);
        if (bad >= 0) return bad;
        for (; flush_mask; flush_mask &= flush_mask - 1) { /* the flush ranks, from the board's entry */
            int r = (int)hr_ctz64(flush_mask);
            unsigned shift = flush_shift(board_lanes[r][1]);
            fix_row_flushes(rules, (uint64_t)board_lanes[r][3] << 32 | board_lanes[r][2], shift,
                            block_holes + 2 * nplayers * r, nplayers, block_ranks + r * nplayers);
        }
        winners(block_ranks, shares + start * nplayers, rows, nplayers, wide_rows(nrows, start, rows, nplayers));
    }
    return -1;
}
#endif

static int64_t showdown_batch(const hr_rules_t *rules,
                              const uint8_t *holes, const uint8_t *boards, int64_t nrows, int nplayers,
                              uint16_t *ranks, uint16_t *shares, int *error) {
    switch (nplayers) {
    case 1: return showdown_rows(rules, holes, boards, nrows, 1, ranks, shares, error, winners_scalar);
    case 2: return showdown_rows(rules, holes, boards, nrows, 2, ranks, shares, error, winners_two);
    case 3: return showdown_rows(rules, holes, boards, nrows, 3, ranks, shares, error, winners_scalar);
    case 4: return showdown_rows(rules, holes, boards, nrows, 4, ranks, shares, error, winners_scalar);
    case 5: return showdown_rows(rules, holes, boards, nrows, 5, ranks, shares, error, winners_scalar);
    case 6: return showdown_rows(rules, holes, boards, nrows, 6, ranks, shares, error, winners_scalar);
    case 7: return showdown_rows(rules, holes, boards, nrows, 7, ranks, shares, error, winners_scalar);
    case 8: return showdown_rows(rules, holes, boards, nrows, 8, ranks, shares, error, winners_scalar);
    case 9: return showdown_rows(rules, holes, boards, nrows, 9, ranks, shares, error, winners_scalar);
    default: return showdown_rows(rules, holes, boards, nrows, 10, ranks, shares, error, winners_scalar);
    }
}

#if HR_X86_DISPATCH
/* The ranks of 8 rows from showdown_lanes' hash slots (hand p of row r at p * 64 + r), from
 * row r0. */
HR_INLINE void lookup_rows(const hr_rules_t *rules,
                           const uint32_t *slot, const uint32_t *row_of, uint16_t *block_ranks, int r0,
                           const int nplayers) {
    for (int r = r0; r < r0 + 8; r++)
        for (int p = 0; p < nplayers; p++) {
            int i = p * HR_SHOWDOWN_BLOCK + r;
            block_ranks[nplayers * r + p] = rules->multiset[slot[i] + (uint32_t)hr_multiset_offset[row_of[i]]];
        }
}

/* The flush ranks of the rows of a block flagged in `flush_mask` (bit r: row r), from
 * showdown_lanes' suit counters (row r's hands' counters or-ed, two 16-bit halves biased as in
 * the keys: a flush is in the board's suit with three or more cards) and the cards' bits. */
HR_INLINE void fix_lanes_flushes(const hr_rules_t *rules,
                                 const uint8_t *block_boards, const uint8_t *block_holes, const int nplayers,
                                 const uint32_t *counters, uint64_t flush_mask, uint16_t *block_ranks) {
    for (; flush_mask; flush_mask &= flush_mask - 1) {
        int r = (int)hr_ctz64(flush_mask);
        unsigned check = (counters[r] | counters[r] >> 16) & (unsigned)(HR_FLUSH_CHECK >> HR_SUIT_SHIFT);
        fix_row_flushes(rules, board_suit_bits(block_boards + 5 * r), 4u * ((unsigned)hr_ctz64(check) & 0xCu),
                        block_holes + 2 * nplayers * r, nplayers, block_ranks + nplayers * r);
    }
}

/* Showdowns of two to six players with rows across lanes, whole blocks of 64 rows: 8 rows a
 * vector, a row's cards in its 32-bit lane as bytes: its board's first four, its fifth, and
 * its hole cards four a vector (two players; an odd last player's two and two pad bytes). A card
 * then costs a few lane ops for 8 rows at once, where showdown_rows_avx2 spends a load and an
 * add on it a row: its rank key (times the hash's multiplier) from two 8-entry permutes, ranks
 * 0..7 and 8..12; and repeats are found by comparing the bytes of every pair of vectors (four
 * rotations) and within each (two). The suit counters (4 bits a suit, as in the keys) take 16
 * bits a hand, two hands a lane: a card's 1 << 4 * suit is the product of two bytes looked up
 * by its suit (1, 16, 16, 64 and 1, 1, 16, 64), so one multiply-add of bytes counts two cards.
 * Each hand's hash slot goes to a small array and is looked up in scalar code two groups of 8
 * rows later, so the lookups overlap the next groups' lane work. After the block, the rows
 * where a counter says flush get their flush ranks and `winners` finds the winners. Sets
 * *done to the rows it did (whole blocks); the caller does the rest. */
#define HR_LANES16(...) _mm256_setr_epi8(__VA_ARGS__, __VA_ARGS__)
#define HR_PICK(j) HR_LANES16(j, -1, -1, -1, 4 + (j), -1, -1, -1, 8 + (j), -1, -1, -1, 12 + (j), -1, -1, -1)
#define HR_ROT(n) HR_LANES16((n) % 4, ((n) + 1) % 4, ((n) + 2) % 4, ((n) + 3) % 4, 4 + (n) % 4, 4 + ((n) + 1) % 4, \
                             4 + ((n) + 2) % 4, 4 + ((n) + 3) % 4, 8 + (n) % 4, 8 + ((n) + 1) % 4, 8 + ((n) + 2) % 4, \
                             8 + ((n) + 3) % 4, 12 + (n) % 4, 12 + ((n) + 1) % 4, 12 + ((n) + 2) % 4, 12 + ((n) + 3) % 4)
#define HR_SUIT_BYTE(a, b, c, d) HR_LANES16(a, 0, 0, 0, b, 0, 0, 0, c, 0, 0, 0, d, 0, 0, 0) /* by 4 * suit */
#define HR_LAG 16         /* rows between a hand's hash and its lookup */
#define HR_LANES_PLAYERS 6 /* the most players showdown_lanes takes */
HR_AVX2 static inline __attribute__((always_inline)) int64_t
showdown_lanes(const hr_rules_t *rules,
               const uint8_t *holes, const uint8_t *boards, int64_t nrows, const int nplayers, uint16_t *ranks,
               uint16_t *shares, int *error, int64_t *done, hr_winners_fn winners) {
    enum { vectors_max = (HR_LANES_PLAYERS + 1) / 2 };
    const int vectors = (nplayers + 1) / 2, span = 8 * nplayers; /* hole vectors; hole bytes of 4 rows */
    /* A hole vector's bytes from the 16-byte loads of a 128-bit half (4 rows: `span` bytes), at
     * 0, 16, .. and the last 16 bytes before their end: each byte from the first load that
     * holds it (from[k][c]: vector k from load c); pad bytes past the players. */
    enum { loads_max = HR_LANES_PLAYERS / 2 };
    const int loads = (span + 15) / 16;
    uint8_t from[vectors_max][loads_max][32], pad[32];
    for (int k = 0; k < vectors; k++)
        for (int j = 0; j < 32; j++) {
            int row = (j % 16) / 4, at = 4 * k + j % 4, src = 2 * nplayers * row + at, real = at < 2 * nplayers;
            for (int c = 0, found = 0; c < loads; c++) {
                int offset = c < loads - 1 ? 16 * c : span - 16, in = real && !found && src >= offset && src < offset + 16;
                from[k][c][j] = in ? (uint8_t)(src - offset) : 0x80;
                found |= in;
            }
            if (k == vectors - 1) pad[j] = real ? 0 : (uint8_t)(0x80 + j % 4); /* never a card, nor each other */
        }
    uint32_t low[8], high[8];
    for (int r = 0; r < 8; r++) {
        low[r] = (uint32_t)hr_card_key[4 * r] * HR_MULTISET_MULT;
        high[r] = r + 8 < 13 ? (uint32_t)hr_card_key[4 * (r + 8)] * HR_MULTISET_MULT : 0;
    }
    const __m256i key_low = _mm256_loadu_si256((const __m256i *)low), key_high = _mm256_loadu_si256((const __m256i *)high),
                  seven = _mm256_set1_epi32(7), three = _mm256_set1_epi32(3), one = _mm256_set1_epi32(1),
                  sum_mask = _mm256_set1_epi32((1 << HR_MULTISET_SUM_BITS) - 1),
                  suit_bias = _mm256_set1_epi32((int)((uint32_t)(HR_SUIT_BIAS >> HR_SUIT_SHIFT) * 0x10001u)),
                  flush_check = _mm256_set1_epi32((int)((uint32_t)(HR_FLUSH_CHECK >> HR_SUIT_SHIFT) * 0x10001u)),
                  first_half = _mm256_set1_epi32(0xFFFF), suit_a = HR_SUIT_BYTE(1, 16, 16, 64),
                  suit_b = HR_SUIT_BYTE(1, 1, 16, 64), ones16 = _mm256_set1_epi16(1), low6 = _mm256_set1_epi8(0x3F),
                  suit4 = _mm256_set1_epi8(0x0C);
    /* A 128-bit half holds 4 rows: board bytes 0..15 (rows 0..2 whole) and 4..19 (row 3). */
    const __m256i first_a = HR_LANES16(0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, -1, -1, -1, -1),
                  first_b = HR_LANES16(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 11, 12, 13, 14),
                  fifth_a = HR_LANES16(4, -1, -1, -1, 9, -1, -1, -1, 14, -1, -1, -1, -1, -1, -1, -1),
                  fifth_b = HR_LANES16(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 15, -1, -1, -1),
                  spread = HR_LANES16(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    const __m256i pick[4] = {HR_PICK(0), HR_PICK(1), HR_PICK(2), HR_PICK(3)}, rot1 = HR_ROT(1), rot2 = HR_ROT(2),
                  rot3 = HR_ROT(3);
    int64_t start = 0;
    for (; start + HR_SHOWDOWN_BLOCK <= nrows; start += HR_SHOWDOWN_BLOCK) {
        uint32_t slot[HR_LANES_PLAYERS * HR_SHOWDOWN_BLOCK], row_of[HR_LANES_PLAYERS * HR_SHOWDOWN_BLOCK];
        uint32_t counters[HR_SHOWDOWN_BLOCK]; /* row r's hands' suit counters, or-ed */
        uint16_t *block_ranks = ranks + nplayers * start;
        __m256i same = _mm256_setzero_si256(), top = _mm256_setzero_si256();
        uint64_t flush_mask = 0;
        for (int g = 0; g < HR_SHOWDOWN_BLOCK; g += 8) {
            const uint8_t *board = boards + 5 * (start + g), *hole_rows = holes + 2 * nplayers * (start + g);
            __m256i src_a = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)board)),
                                                    _mm_loadu_si128((const __m128i *)(board + 20)), 1),
                    src_b = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(board + 4))),
                                                    _mm_loadu_si128((const __m128i *)(board + 24)), 1);
            __m256i first = _mm256_or_si256(_mm256_shuffle_epi8(src_a, first_a), _mm256_shuffle_epi8(src_b, first_b)),
                    fifth = _mm256_or_si256(_mm256_shuffle_epi8(src_a, fifth_a), _mm256_shuffle_epi8(src_b, fifth_b)),
                    five = _mm256_shuffle_epi8(fifth, spread);
            __m256i hole[vectors_max];
            if (nplayers == 2) { /* 8 rows' holes are 32 bytes, a row's four in its lane */
                hole[0] = _mm256_loadu_si256((const __m256i *)hole_rows);
            } else {
                for (int k = 0; k < vectors; k++) hole[k] = _mm256_setzero_si256();
                for (int c = 0; c < loads; c++) {
                    const uint8_t *at = hole_rows + (c < loads - 1 ? 16 * c : span - 16);
                    __m256i bytes = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)at)),
                                                            _mm_loadu_si128((const __m128i *)(at + span)), 1);
                    for (int k = 0; k < vectors; k++)
                        hole[k] = _mm256_or_si256(hole[k], _mm256_shuffle_epi8(bytes, _mm256_loadu_si256((const __m256i *)from[k][c])));
                }
            }
            /* bad ids: the largest byte (before the pads); then repeats: every pair of the
             * vectors' bytes (the hole vectors and the board's first four), and the fifth */
            top = _mm256_max_epu8(top, _mm256_max_epu8(first, fifth));
            for (int k = 0; k < vectors; k++) top = _mm256_max_epu8(top, hole[k]);
            if (nplayers % 2) hole[vectors - 1] = _mm256_or_si256(hole[vectors - 1], _mm256_loadu_si256((const __m256i *)pad));
            __m256i eq = _mm256_or_si256(_mm256_cmpeq_epi8(first, _mm256_shuffle_epi8(first, rot1)),
                                         _mm256_cmpeq_epi8(first, _mm256_shuffle_epi8(first, rot2)));
            eq = _mm256_or_si256(eq, _mm256_cmpeq_epi8(first, five));
            for (int k = 0; k < vectors; k++) {
                __m256i v = hole[k];
                eq = _mm256_or_si256(eq, _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, rot1)));
                eq = _mm256_or_si256(eq, _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, rot2)));
                eq = _mm256_or_si256(eq, _mm256_cmpeq_epi8(v, five));
                for (int m = k + 1; m <= vectors; m++) { /* against the later vectors, the board's last */
                    __m256i w = m < vectors ? hole[m] : first;
                    eq = _mm256_or_si256(eq, _mm256_cmpeq_epi8(v, w));
                    eq = _mm256_or_si256(eq, _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(w, rot1)));
                    eq = _mm256_or_si256(eq, _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(w, rot2)));
                    eq = _mm256_or_si256(eq, _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(w, rot3)));
                }
            }
            same = _mm256_or_si256(same, eq);
            /* suit counters: the board's first four (two cards a 16-bit half, then the halves
             * summed) and its fifth, in both halves with the bias */
            __m256i first_suit = _mm256_and_si256(_mm256_slli_epi32(first, 2), suit4);
            __m256i board_suits = _mm256_add_epi32(
                _mm256_madd_epi16(_mm256_maddubs_epi16(_mm256_shuffle_epi8(suit_a, first_suit),
                                                       _mm256_shuffle_epi8(suit_b, first_suit)),
                                  ones16),
                _mm256_sllv_epi32(one, _mm256_slli_epi32(_mm256_and_si256(fifth, three), 2)));
            board_suits = _mm256_add_epi32(_mm256_add_epi32(board_suits, _mm256_slli_epi32(board_suits, 16)), suit_bias);
            /* rank keys: a card's from the two permutes, added */
#define HR_CARD_KEY(rank_)                                                                                         \
    _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(key_low, (rank_)), _mm256_permutevar8x32_epi32(key_high, (rank_)), \
                       _mm256_cmpgt_epi32((rank_), seven))
            __m256i first_rank = _mm256_and_si256(_mm256_srli_epi32(first, 2), low6);
            __m256i key = HR_CARD_KEY(_mm256_srli_epi32(fifth, 2)), suits_or = _mm256_setzero_si256();
            for (int j = 0; j < 4; j++) key = _mm256_add_epi32(key, HR_CARD_KEY(_mm256_shuffle_epi8(first_rank, pick[j])));
            for (int k = 0; k < vectors; k++) { /* each hand: its two cards' keys and suits */
                __m256i rank_of = _mm256_and_si256(_mm256_srli_epi32(hole[k], 2), low6),
                        suit_of = _mm256_and_si256(_mm256_slli_epi32(hole[k], 2), suit4);
                __m256i counted = _mm256_maddubs_epi16(_mm256_shuffle_epi8(suit_a, suit_of), _mm256_shuffle_epi8(suit_b, suit_of));
                if (nplayers % 2 && k == vectors - 1) counted = _mm256_and_si256(counted, first_half); /* not the pads */
                suits_or = _mm256_or_si256(suits_or, _mm256_add_epi32(board_suits, counted));
                for (int h = 0; h < 2 && 2 * k + h < nplayers; h++) {
                    int p = 2 * k + h;
                    __m256i t = _mm256_and_si256(
                        _mm256_add_epi32(key, _mm256_add_epi32(HR_CARD_KEY(_mm256_shuffle_epi8(rank_of, pick[2 * h])),
                                                               HR_CARD_KEY(_mm256_shuffle_epi8(rank_of, pick[2 * h + 1])))),
                        sum_mask);
                    _mm256_storeu_si256((__m256i *)(slot + p * HR_SHOWDOWN_BLOCK + g), t);
                    _mm256_storeu_si256((__m256i *)(row_of + p * HR_SHOWDOWN_BLOCK + g), _mm256_srli_epi32(t, HR_MULTISET_ROW_BITS));
                }
            }
#undef HR_CARD_KEY
            unsigned plain = (unsigned)_mm256_movemask_ps(
                _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(suits_or, flush_check), _mm256_setzero_si256())));
            flush_mask |= (uint64_t)(~plain & 0xFFu) << g;
            _mm256_storeu_si256((__m256i *)(counters + g), suits_or);
            if (g >= HR_LAG) lookup_rows(rules, slot, row_of, block_ranks, g - HR_LAG, nplayers);
        }
        for (int g = HR_SHOWDOWN_BLOCK; g < HR_SHOWDOWN_BLOCK + HR_LAG; g += 8)
            lookup_rows(rules, slot, row_of, block_ranks, g - HR_LAG, nplayers);
        __m256i bad_id = _mm256_cmpgt_epi8(_mm256_min_epu8(top, _mm256_set1_epi8(127)), _mm256_set1_epi8(51));
        int64_t bad = block_bad_row(holes, boards, start, HR_SHOWDOWN_BLOCK, nplayers,
                                    !_mm256_testz_si256(_mm256_or_si256(same, bad_id), _mm256_or_si256(same, bad_id)), error);
        if (bad >= 0) return bad;
        fix_lanes_flushes(rules,
                          boards + 5 * start, holes + 2 * nplayers * start, nplayers, counters, flush_mask, block_ranks);
        winners(block_ranks, shares + nplayers * start, HR_SHOWDOWN_BLOCK, nplayers,
                wide_rows(nrows, start, HR_SHOWDOWN_BLOCK, nplayers));
    }
    *done = start;
    return -1;
}
#undef HR_LAG
#undef HR_LANES_PLAYERS
#undef HR_SUIT_BYTE
#undef HR_ROT
#undef HR_PICK
#undef HR_LANES16

/* Whole blocks by showdown_lanes, the last rows by showdown_rows_avx2. */
HR_AVX2 static inline __attribute__((always_inline)) int64_t
showdown_lanes_then_rows(const hr_rules_t *rules,
                         const __m128i *entry, const uint8_t *holes, const uint8_t *boards, int64_t nrows,
                         const int nplayers, uint16_t *ranks, uint16_t *shares, int *error, hr_winners_fn winners) {
    int64_t done = 0, bad = showdown_lanes(rules, holes, boards, nrows, nplayers, ranks, shares, error, &done, winners);
    if (bad >= 0) return bad;
    bad = showdown_rows_avx2(rules, entry, holes + 2 * nplayers * done, boards + 5 * done, nrows - done, nplayers,
                             ranks + nplayers * done, shares + nplayers * done, error, winners);
    return bad < 0 ? -1 : done + bad;
}

/* Each card id's entry (see showdown_rows_avx2). */
HR_AVX2 static void fill_entries(__m128i *entry /* [256] */) {
    for (int c = 0; c < 256; c++) {
        uint64_t bit = hr_suit_bit[c];
        entry[c] = _mm_setr_epi32((int)((uint32_t)hr_card_key[c] * HR_MULTISET_MULT), (int)(hr_card_key[c] >> 32),
                                  (int)(uint32_t)bit, (int)(uint32_t)(bit >> 32));
    }
}

/* The same with AVX2: keys and card bits summed together (showdown_rows_avx2), the winners
 * of up to 8 players a row in one vector. */
HR_AVX2 static int64_t showdown_batch_avx2(const hr_rules_t *rules,
                                           const uint8_t *holes, const uint8_t *boards, int64_t nrows,
                                           int nplayers, uint16_t *ranks, uint16_t *shares, int *error) {
    __m128i entry[256]; /* see showdown_rows_avx2 */
    fill_entries(entry);
    hr_winners_fn winners = winners_avx2_for(nplayers);
    switch (nplayers) {
    case 1: return showdown_rows_avx2(rules, entry, holes, boards, nrows, 1, ranks, shares, error, winners);
    case 2: return showdown_lanes_then_rows(rules, entry, holes, boards, nrows, 2, ranks, shares, error, winners);
    case 3: return showdown_lanes_then_rows(rules, entry, holes, boards, nrows, 3, ranks, shares, error, winners);
    case 4: return showdown_lanes_then_rows(rules, entry, holes, boards, nrows, 4, ranks, shares, error, winners);
    case 5: return showdown_lanes_then_rows(rules, entry, holes, boards, nrows, 5, ranks, shares, error, winners);
    case 6: return showdown_lanes_then_rows(rules, entry, holes, boards, nrows, 6, ranks, shares, error, winners);
    case 7: return showdown_rows_avx2(rules, entry, holes, boards, nrows, 7, ranks, shares, error, winners);
    case 8: return showdown_rows_avx2(rules, entry, holes, boards, nrows, 8, ranks, shares, error, winners);
    case 9: return showdown_rows_avx2(rules, entry, holes, boards, nrows, 9, ranks, shares, error, winners);
    default: return showdown_rows_avx2(rules, entry, holes, boards, nrows, 10, ranks, shares, error, winners);
    }
}
#endif

/* The first row [0, nrows) with a card below `lowest` (the short deck's six), or -1: the
 * cards' minimum first (a loop the compiler vectorizes), the rows only when it is low. */
static int64_t first_row_below(const uint8_t *holes, const uint8_t *boards, int64_t nrows, int nplayers,
                               uint8_t lowest) {
    uint8_t least = 255;
    for (int64_t i = 0; i < nrows * 2 * nplayers; i++) least = holes[i] < least ? holes[i] : least;
    for (int64_t i = 0; i < nrows * 5; i++) least = boards[i] < least ? boards[i] : least;
    if (least >= lowest) return -1;
    for (int64_t r = 0; r < nrows; r++) {
        for (int j = 0; j < 2 * nplayers; j++)
            if (holes[r * 2 * nplayers + j] < lowest) return r;
        for (int j = 0; j < 5; j++)
            if (boards[r * 5 + j] < lowest) return r;
    }
    return -1; /* not reached */
}

int64_t hr_sd_showdown_batch(int trips_beat_straight, const uint8_t *holes, const uint8_t *boards, int64_t nrows,
                             int nplayers, uint16_t *ranks, uint16_t *shares, int *error) {
    *error = 0;
    if (nplayers < 1 || nplayers > HR_MAX_PLAYERS) {
        *error = HR_ERR_PLAYERS;
        return 0;
    }
    const hr_rules_t *rules = &hr_sd_rules[trips_beat_straight != 0];
    int64_t bad;
#if HR_X86_DISPATCH
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2"))
        bad = showdown_batch_avx2(rules, holes, boards, nrows, nplayers, ranks, shares, error);
    else
#endif
        bad = showdown_batch(rules, holes, boards, nrows, nplayers, ranks, shares, error);
    /* the rows before the first bad one: any card below six is bad (ids are 0..51 there) */
    int64_t low = first_row_below(holes, boards, bad < 0 ? nrows : bad, nplayers, 16 /* 6c: HR_SD_LOW_CARDS are ids 0..15 */);
    if (low >= 0) {
        *error = HR_ERR_CARD;
        return low;
    }
    return bad;
}

int64_t hr_showdown_batch(const uint8_t *holes, const uint8_t *boards, int64_t nrows, int nplayers, uint16_t *ranks,
                          uint16_t *shares, int *error) {
    *error = 0;
    if (nplayers < 1 || nplayers > HR_MAX_PLAYERS) {
        *error = HR_ERR_PLAYERS;
        return 0;
    }
#if HR_X86_DISPATCH
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2"))
        return showdown_batch_avx2(&hr_holdem_rules, holes, boards, nrows, nplayers, ranks, shares, error);
#endif
    return showdown_batch(&hr_holdem_rules, holes, boards, nrows, nplayers, ranks, shares, error);
}

/* Stud-style showdowns: deals of nplayers hands of seven cards and no board. A block's deals
 * are checked first, a deal's cards together (its hands' keys flag an id above 51; distinct
 * cards' bits add up to their union), then its hands are ranked in one tight loop of lookups
 * (their cache misses overlap, as evaluate_many's do), then its winners settled as the other
 * showdowns settle theirs. */
HR_INLINE int64_t stud_rows(const hr_rules_t *rules, const uint8_t *hands, int64_t nrows, const int nplayers,
                            uint16_t *ranks, uint16_t *shares, int *error, hr_winners_fn winners) {
    const uint16_t *multiset = rules->multiset, *flush = rules->flush;
    uint64_t keys[HR_SHOWDOWN_BLOCK * 7];
    for (int64_t start = 0; start < nrows; start += HR_SHOWDOWN_BLOCK) {
        int rows = nrows - start < HR_SHOWDOWN_BLOCK ? (int)(nrows - start) : HR_SHOWDOWN_BLOCK;
        const uint8_t *block = hands + start * 7 * nplayers;
        for (int r = 0; r < rows; r++) {
            uint64_t flagged = 0, sum = 0, seen = 0;
            for (int p = 0; p < nplayers; p++) { /* a player's chains of adds, then the deal's */
                const uint8_t *hand = block + (r * nplayers + p) * 7;
                uint64_t key = HR_SUIT_BIAS, bits = 0, union_ = 0;
                for (int j = 0; j < 7; j++) {
                    key += hr_card_key[hand[j]];
                    bits += 1ull << (hand[j] & 63);
                    union_ |= 1ull << (hand[j] & 63);
                }
                keys[r * nplayers + p] = key;
                flagged |= key;
                sum += bits;
                seen |= union_;
            }
            /* valid ids keep the sum below 2^58, other ids are flagged by the keys; a carry
             * (a repeat) leaves fewer bits than cards */
            uint64_t repeats = HR_FAST_POPCOUNT ? (uint64_t)(hr_popcount64(sum) ^ 7 * nplayers) : sum ^ seen;
            if (HR_UNLIKELY((flagged & HR_INVALID_CHECK) | repeats)) {
                *error = flagged & HR_INVALID_CHECK ? HR_ERR_CARD : HR_ERR_DUPLICATE;
                return start + r;
            }
        }
        uint16_t *rank = ranks + start * nplayers;
        for (int i = 0; i < rows * nplayers; i++) {
            if (HR_UNLIKELY((keys[i] & HR_FLUSH_CHECK) && flush)) { /* suits matter: 3% of hands */
                uint64_t suits = 0;
                for (int j = 0; j < 7; j++) suits |= suit_rank_bit(block[7 * i + j]);
                rank[i] = flush[(suits >> (16 * flush_suit(keys[i]))) & 0x1FFF];
            } else {
                rank[i] = (uint16_t)game_multiset_rank(multiset, keys[i]);
            }
        }
        winners(rank, shares + start * nplayers, rows, nplayers, 0);
    }
    return -1;
}

/* Every player count a constant: the loops over a deal's hands unroll. */
static int64_t stud_batch(const hr_rules_t *rules, const uint8_t *hands, int64_t nrows, int nplayers,
                          uint16_t *ranks, uint16_t *shares, int *error) {
    hr_winners_fn winners = nplayers == 2 ? winners_two : winners_scalar;
    switch (nplayers) {
    case 1: return stud_rows(rules, hands, nrows, 1, ranks, shares, error, winners);
    case 2: return stud_rows(rules, hands, nrows, 2, ranks, shares, error, winners);
    case 3: return stud_rows(rules, hands, nrows, 3, ranks, shares, error, winners);
    case 4: return stud_rows(rules, hands, nrows, 4, ranks, shares, error, winners);
    case 5: return stud_rows(rules, hands, nrows, 5, ranks, shares, error, winners);
    case 6: return stud_rows(rules, hands, nrows, 6, ranks, shares, error, winners);
    default: return stud_rows(rules, hands, nrows, 7, ranks, shares, error, winners);
    }
}

#if HR_X86_DISPATCH
/* stud_rows with showdown_rows_avx2's entries: a hand is the sum of its seven cards' entries
 * (one add a card: the hash, the flush and bad-id marks, and the cards by suit), ranked as
 * it is summed; a block is checked after (its deals' card bits and marks), as there. */
HR_AVX2 static inline __attribute__((always_inline)) int64_t
stud_rows_avx2(const hr_rules_t *rules, const __m128i *entry, const uint8_t *hands, int64_t nrows,
               const int nplayers, uint16_t *ranks, uint16_t *shares, int *error, hr_winners_fn winners) {
    const __m128i bias = _mm_setr_epi32(0, (int)(HR_SUIT_BIAS >> 32), 0, 0);
    const uint16_t *multiset = rules->multiset, *flush = rules->flush;
    for (int64_t start = 0; start < nrows; start += HR_SHOWDOWN_BLOCK) {
        int rows = nrows - start < HR_SHOWDOWN_BLOCK ? (int)(nrows - start) : HR_SHOWDOWN_BLOCK;
        const uint8_t *block = hands + start * 7 * nplayers;
        uint16_t *rank = ranks + start * nplayers;
        __m128i marks = _mm_setzero_si128();
        uint64_t repeats = 0;
        for (int r = 0; r < rows; r++) {
            __m128i deal_sum = _mm_setzero_si128();
            for (int p = 0; p < nplayers; p++) {
                const uint8_t *card = block + 7 * (r * nplayers + p);
                __m128i hand = _mm_add_epi32(
                    _mm_add_epi32(_mm_add_epi32(_mm_add_epi32(entry[card[0]], entry[card[1]]),
                                                _mm_add_epi32(entry[card[2]], entry[card[3]])),
                                  _mm_add_epi32(_mm_add_epi32(entry[card[4]], entry[card[5]]), entry[card[6]])),
                    bias);
                uint32_t t = (uint32_t)_mm_cvtsi128_si32(hand) & ((1u << HR_MULTISET_SUM_BITS) - 1),
                         high = (uint32_t)_mm_extract_epi32(hand, 1);
                if (HR_UNLIKELY((high & (uint32_t)(HR_FLUSH_CHECK >> 32)) && flush)) { /* 3% of hands */
                    uint64_t suits = (uint64_t)_mm_extract_epi64(hand, 1);
                    rank[r * nplayers + p] = flush[(suits >> flush_shift(high)) & 0x1FFF];
                } else {
                    rank[r * nplayers + p] = multiset[t + (uint32_t)hr_multiset_offset[t >> HR_MULTISET_ROW_BITS]];
                }
                deal_sum = _mm_add_epi32(deal_sum, hand);
                marks = _mm_or_si128(marks, hand);
            }
            repeats |= (uint64_t)(hr_popcount64((uint64_t)_mm_extract_epi64(deal_sum, 1)) ^ (7 * nplayers));
        }
        if (HR_UNLIKELY((((uint32_t)_mm_extract_epi32(marks, 1) & (uint32_t)(HR_INVALID_CHECK >> 32)) | repeats) != 0)) {
            int64_t bad = stud_rows(rules, block, rows, nplayers, rank, shares + start * nplayers, error, winners_scalar);
            if (bad >= 0) return start + bad; /* not reached otherwise: a bad id or a repeat is found again */
        }
        winners(rank, shares + start * nplayers, rows, nplayers, wide_rows(nrows, start, rows, nplayers));
    }
    return -1;
}

HR_AVX2 static int64_t stud_batch_avx2(const hr_rules_t *rules, const uint8_t *hands, int64_t nrows, int nplayers,
                                       uint16_t *ranks, uint16_t *shares, int *error) {
    __m128i entry[256];
    fill_entries(entry);
    hr_winners_fn winners = winners_avx2_for(nplayers);
    switch (nplayers) {
    case 1: return stud_rows_avx2(rules, entry, hands, nrows, 1, ranks, shares, error, winners);
    case 2: return stud_rows_avx2(rules, entry, hands, nrows, 2, ranks, shares, error, winners);
    case 3: return stud_rows_avx2(rules, entry, hands, nrows, 3, ranks, shares, error, winners);
    case 4: return stud_rows_avx2(rules, entry, hands, nrows, 4, ranks, shares, error, winners);
    case 5: return stud_rows_avx2(rules, entry, hands, nrows, 5, ranks, shares, error, winners);
    case 6: return stud_rows_avx2(rules, entry, hands, nrows, 6, ranks, shares, error, winners);
    default: return stud_rows_avx2(rules, entry, hands, nrows, 7, ranks, shares, error, winners);
    }
}
#endif

int64_t hr_stud_showdown_batch(int razz, const uint8_t *hands, int64_t nrows, int nplayers, uint16_t *ranks,
                               uint16_t *shares, int *error) {
    *error = 0;
    if (nplayers < 1 || nplayers > 7) {
        *error = HR_ERR_PLAYERS;
        return 0;
    }
    const hr_rules_t *rules = razz ? &hr_a5_rules : &hr_holdem_rules;
#if HR_X86_DISPATCH
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2"))
        return stud_batch_avx2(rules, hands, nrows, nplayers, ranks, shares, error);
#endif
    return stud_batch(rules, hands, nrows, nplayers, ranks, shares, error);
}

int hr_share_sums(const uint16_t *shares, int64_t nrows, int nplayers, int64_t *sums) {
    if (nplayers < 1 || nplayers > 52) return HR_ERR_PLAYERS;
    if (nrows < 0) return HR_ERR_COUNT;
    for (int64_t r = 0; r < nrows; r++)
        for (int q = 0; q < nplayers; q++) {
            int64_t units = shares[r * nplayers + q];
            sums[q] += units == HR_SHARE_UNITS;
            sums[nplayers + q] += units > 0 && units < HR_SHARE_UNITS;
            sums[2 * nplayers + q] += units;
            sums[3 * nplayers + q] += units * units;
        }
    return 0;
}
