/* handrank kernel: table lookups for 5..7 card hands, batch loops, census.
 * See handrank.h for the interface and scripts/build_tables.py for how the tables work. */
#include "kernel.h"

const hr_rules_t hr_holdem_rules = {hr_multiset_rank, hr_flush_rank, 0, HR_RANK_COUNT};

/* Why a row failed the fast path's check: a bad id, a duplicate, or else a flush. Kept out
 * of line so the fast path need not hold the row's cards in registers for it, and free of
 * data-dependent branches: flushes are 3% of random 7-card hands. */
HR_NOINLINE int slow_row(const hr_rules_t *rules, const uint8_t *row, const int n, uint64_t key) {
    uint64_t seen = 0, suit_masks = 0;
    for (int j = 0; j < n; j++) {
        if (row[j] > 51) return HR_ERR_CARD;
        if (seen >> row[j] & 1) return HR_ERR_DUPLICATE;
        seen |= 1ull << row[j];
        suit_masks |= suit_rank_bit(row[j]);
    }
    if (seen & rules->out_of_deck) return HR_ERR_CARD;
    if (!(key & HR_FLUSH_CHECK) || !rules->flush) return game_multiset_rank(rules->multiset, key);
    return rules->flush[(suit_masks >> (16 * flush_suit(key))) & 0x1FFF];
}

/* Rank of one row of n cards, or the error. */
HR_INLINE int rank_row(const uint8_t *row, const int n) {
    uint64_t key = row_key(row, n);
    if (HR_UNLIKELY((key & (HR_INVALID_CHECK | HR_FLUSH_CHECK)) | row_repeats(row, n)))
        return slow_row(&hr_holdem_rules, row, n, key);
    return multiset_rank(key);
}

int hr_rank(const uint8_t *cards, int ncards) {
    switch (ncards) {
    case 5: return rank_row(cards, 5);
    case 6: return rank_row(cards, 6);
    case 7: return rank_row(cards, 7);
    default: return HR_ERR_COUNT;
    }
}

int hr_best_five(const uint8_t *cards, int ncards, uint8_t *best) {
    int rank = hr_rank(cards, ncards);
    if (rank < 0) return rank;
    /* The first five-card subset, in lexicographic order of positions, that reaches the rank. */
    int pick[5] = {0, 1, 2, 3, 4};
    for (;;) {
        uint8_t five[5];
        for (int j = 0; j < 5; j++) five[j] = cards[pick[j]];
        if (rank_row(five, 5) == rank) {
            for (int j = 0; j < 5; j++) best[j] = five[j];
            return rank;
        }
        int j = 4;
        while (j >= 0 && pick[j] == ncards - 5 + j) j--;
        if (j < 0) return HR_ERR_COUNT; /* not reached: some subset always holds the best five */
        pick[j]++;
        for (int m = j + 1; m < 5; m++) pick[m] = pick[m - 1] + 1;
    }
}

/* Ints from Python may be anything: reject what does not fit a card before narrowing. */
#define HR_CHECK_INT(c) if ((unsigned)(c) > 51u) return HR_ERR_CARD

int hr_rank5_ints(int c0, int c1, int c2, int c3, int c4) {
    HR_CHECK_INT(c0); HR_CHECK_INT(c1); HR_CHECK_INT(c2); HR_CHECK_INT(c3); HR_CHECK_INT(c4);
    const uint8_t row[5] = {(uint8_t)c0, (uint8_t)c1, (uint8_t)c2, (uint8_t)c3, (uint8_t)c4};
    return rank_row(row, 5);
}

int hr_rank6_ints(int c0, int c1, int c2, int c3, int c4, int c5) {
    HR_CHECK_INT(c0); HR_CHECK_INT(c1); HR_CHECK_INT(c2); HR_CHECK_INT(c3); HR_CHECK_INT(c4);
    HR_CHECK_INT(c5);
    const uint8_t row[6] = {(uint8_t)c0, (uint8_t)c1, (uint8_t)c2, (uint8_t)c3, (uint8_t)c4, (uint8_t)c5};
    return rank_row(row, 6);
}

int hr_rank7_ints(int c0, int c1, int c2, int c3, int c4, int c5, int c6) {
    HR_CHECK_INT(c0); HR_CHECK_INT(c1); HR_CHECK_INT(c2); HR_CHECK_INT(c3); HR_CHECK_INT(c4);
    HR_CHECK_INT(c5); HR_CHECK_INT(c6);
    const uint8_t row[7] = {(uint8_t)c0, (uint8_t)c1, (uint8_t)c2, (uint8_t)c3,
                            (uint8_t)c4, (uint8_t)c5, (uint8_t)c6};
    return rank_row(row, 7);
}

/* Cactus Kev's five-card path for five valid, distinct ids. */
HR_INLINE int kev_rank(const uint8_t *cards) {
    uint32_t c0 = hr_kev_card[cards[0]], c1 = hr_kev_card[cards[1]], c2 = hr_kev_card[cards[2]],
             c3 = hr_kev_card[cards[3]], c4 = hr_kev_card[cards[4]];
    uint32_t mask = (c0 | c1 | c2 | c3 | c4) >> 16;
    if (c0 & c1 & c2 & c3 & c4 & 0xF000) return hr_flush_rank[mask];
    int unique = hr_unique5_rank[mask];
    if (unique) return unique;
    uint64_t product = (uint64_t)(c0 & 0xFF) * (c1 & 0xFF) * (c2 & 0xFF) * (c3 & 0xFF) * (c4 & 0xFF);
    return hr_prime_hash_rank[hash_slot(product, HR_PRIME_HASH_MULT_BUCKET, HR_PRIME_HASH_MULT_SLOT,
                                        HR_PRIME_HASH_BUCKET_BITS, HR_PRIME_HASH_SIZE,
                                        hr_prime_hash_displacement)];
}

int64_t hr_rank5_kev_batch(const uint8_t *cards, int64_t nrows, uint16_t *out, int *error) {
    *error = 0;
    for (int64_t i = 0; i < nrows; i++) {
        const uint8_t *row = cards + i * 5;
        uint64_t seen = 0;
        for (int j = 0; j < 5; j++) {
            if (row[j] > 51) {
                *error = HR_ERR_CARD;
                return i;
            }
            if (seen & (1ull << row[j])) {
                *error = HR_ERR_DUPLICATE;
                return i;
            }
            seen |= 1ull << row[j];
        }
        out[i] = (uint16_t)kev_rank(row);
    }
    return -1;
}

/* Store the rank of a row given its key and whether it repeats a card; 0 (with *error
 * set) when the row is bad. The batch loops differ only in how they find repeats. */
HR_INLINE int store_rank(const hr_rules_t *rules, const uint8_t *row, const int n, uint64_t key, uint64_t repeats,
                         uint16_t *out, int *error) {
    /* a game without flushes (ace-to-five) ranks five of a suit by its ranks alone: the fast path */
    uint64_t check = HR_INVALID_CHECK | (rules->flush ? HR_FLUSH_CHECK : 0);
    if (HR_UNLIKELY((key & check) | repeats)) {
        int rank = slow_row(rules, row, n, key);
        if (rank < 0) {
            *error = rank;
            return 0;
        }
        *out = (uint16_t)rank;
        return 1;
    }
    *out = (uint16_t)game_multiset_rank(rules->multiset, key);
    return 1;
}

/* Rank rows [0, nrows); -1, or the first bad row with *error set. */
HR_INLINE int64_t rank_rows(const hr_rules_t *rules, const uint8_t *cards, int64_t nrows, const int n, uint16_t *out,
                           int *error) {
    for (int64_t i = 0; i < nrows; i++) {
        const uint8_t *row = cards + i * n;
        if (!store_rank(rules, row, n, row_key(row, n), row_repeats(row, n), out + i, error)) return i;
    }
    return -1;
}

#if HR_X86_DISPATCH
#include <immintrin.h>
#include <string.h>

#define HR_AVX2 __attribute__((target("avx2,popcnt,bmi,bmi2")))

/* Every pair (i < j) of a row's n cards, as byte indices into the row, padded with (0, 1). */
static const int8_t hr_pair_first[3][32] = {
    {0, 0, 0, 0, 1, 1, 1, 2, 2, 3},
    {0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4},
    {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5},
};
static const int8_t hr_pair_second[3][32] = {
    {1, 2, 3, 4, 2, 3, 4, 3, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    {1, 2, 3, 4, 5, 2, 3, 4, 5, 3, 4, 5, 4, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    {1, 2, 3, 4, 5, 6, 2, 3, 4, 5, 6, 3, 4, 5, 6, 4, 5, 6, 5, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
};

/* As rank_rows, with the duplicate check done by comparing all card pairs at once: the row's
 * first 8 bytes are broadcast, shuffled into (first, second) of each pair and compared. The
 * 8-byte load reads past a row of 5..7, so the last row goes through rank_rows. */
HR_AVX2 static inline __attribute__((always_inline)) int64_t rank_rows_avx2(const hr_rules_t *rules,
                                                                            const uint8_t *cards, int64_t nrows,
                                                                            const int n, uint16_t *out,
                                                                            int *error) {
    const __m256i first = _mm256_loadu_si256((const __m256i *)hr_pair_first[n - 5]);
    const __m256i second = _mm256_loadu_si256((const __m256i *)hr_pair_second[n - 5]);
    int64_t i = 0;
    for (; i + 2 < nrows; i += 2) { /* two rows a turn: more independent work in flight */
        const uint8_t *row0 = cards + i * n, *row1 = row0 + n;
        uint64_t key0 = row_key(row0, n), key1 = row_key(row1, n), bytes0, bytes1;
        memcpy(&bytes0, row0, 8);
        memcpy(&bytes1, row1, 8);
        __m256i both0 = _mm256_set1_epi64x((long long)bytes0), both1 = _mm256_set1_epi64x((long long)bytes1);
        unsigned same0 = (unsigned)_mm256_movemask_epi8(
            _mm256_cmpeq_epi8(_mm256_shuffle_epi8(both0, first), _mm256_shuffle_epi8(both0, second)));
        unsigned same1 = (unsigned)_mm256_movemask_epi8(
            _mm256_cmpeq_epi8(_mm256_shuffle_epi8(both1, first), _mm256_shuffle_epi8(both1, second)));
        if (!store_rank(rules, row0, n, key0, same0, out + i, error)) return i;
        if (!store_rank(rules, row1, n, key1, same1, out + i + 1, error)) return i + 1;
    }
    int64_t bad = rank_rows(rules, cards + i * n, nrows - i, n, out + i, error);
    return bad < 0 ? -1 : i + bad;
}

HR_AVX2 static int64_t rank_batch_avx2(const hr_rules_t *rules, const uint8_t *cards, int64_t nrows, int ncards,
                                       uint16_t *out, int *error) {
    switch (ncards) {
    case 5: return rank_rows_avx2(rules, cards, nrows, 5, out, error);
    case 6: return rank_rows_avx2(rules, cards, nrows, 6, out, error);
    default: return rank_rows_avx2(rules, cards, nrows, 7, out, error);
    }
}
#endif

static int64_t rank_batch_portable(const hr_rules_t *rules, const uint8_t *cards, int64_t nrows, int ncards,
                                   uint16_t *out, int *error) {
    *error = 0;
    if (ncards < 5 || ncards > 7) {
        *error = HR_ERR_COUNT;
        return 0;
    }
    switch (ncards) {
    case 5: return rank_rows(rules, cards, nrows, 5, out, error);
    case 6: return rank_rows(rules, cards, nrows, 6, out, error);
    default: return rank_rows(rules, cards, nrows, 7, out, error);
    }
}

int64_t hr_rank_batch_rules(const hr_rules_t *rules, const uint8_t *cards, int64_t nrows, int ncards,
                            uint16_t *out, int *error) {
#if HR_X86_DISPATCH
    if (ncards >= 5 && ncards <= 7 && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") &&
        __builtin_cpu_supports("bmi2")) {
        *error = 0;
        return rank_batch_avx2(rules, cards, nrows, ncards, out, error);
    }
#endif
    return rank_batch_portable(rules, cards, nrows, ncards, out, error);
}

int64_t hr_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error) {
    return hr_rank_batch_rules(&hr_holdem_rules, cards, nrows, ncards, out, error);
}

int64_t hr_rank_batch_portable(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error) {
    return rank_batch_portable(&hr_holdem_rules, cards, nrows, ncards, out, error);
}

int64_t hr_card_masks(const uint8_t *cards, int64_t nrows, int width, uint64_t *masks) {
    if (nrows < 0 || width < 0 || width > 52) return HR_ERR_COUNT;
    for (int64_t i = 0; i < nrows; i++) {
        const uint8_t *row = cards + i * width;
        uint64_t mask = 0;
        int high = 0;
        for (int j = 0; j < width; j++) {
            high |= row[j] > 51;
            mask |= 1ull << (row[j] & 63);
        }
        if (high) return i;
        masks[i] = mask;
    }
    return -1;
}

/* Census: walk the cards in increasing order, carrying the key sum and, per suit, the rank
 * mask (16 bits a suit) of the cards chosen so far. */
static void census_level(int first, int left, uint64_t key, uint64_t suit_masks, uint64_t *counts) {
    if (left == 1) {
        for (int c = first; c < 52; c++) {
            uint64_t k = key + hr_card_key[c];
            int rank;
            if (HR_UNLIKELY(k & HR_FLUSH_CHECK))
                rank = flush_rank(suit_masks | suit_rank_bit(c), k);
            else
                rank = multiset_rank(k);
            counts[rank]++;
        }
        return;
    }
    for (int c = first; c <= 52 - left; c++)
        census_level(c + 1, left - 1, key + hr_card_key[c], suit_masks | suit_rank_bit(c), counts);
}

int hr_census(int ncards, int lowest, uint64_t *counts) {
    if (ncards < 5 || ncards > 7) return HR_ERR_COUNT;
    if (lowest < 0 || lowest > 52 - ncards) return HR_ERR_CARD;
    census_level(lowest + 1, ncards - 1, HR_SUIT_BIAS + hr_card_key[lowest], suit_rank_bit(lowest), counts);
    return 0;
}

static const struct hr_percall_api percall_api = {
    HR_PERCALL_VERSION, hr_rank, hr_sd_rank_batch, hr_sd_tbs_rank_batch, hr_27_rank_batch, hr_a5_rank_batch,
    hr_omaha_hand, hr_iso_index_batch, hr_iso_unindex_batch};

uintptr_t hr_percall_api(void) {
    return (uintptr_t)&percall_api;
}
