/* handrank kernel: table lookups for 5..7 card hands, batch loops, census.
 * See handrank.h for the interface and scripts/build_tables.py for how the tables work. */
#include "handrank.h"

#if defined(__GNUC__) || defined(__clang__)
#define HR_INLINE static inline __attribute__((always_inline))
#define HR_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define HR_INLINE static __inline
#define HR_UNLIKELY(x) (x)
#endif

/* hash-and-displace lookup; `size` <= 2^17 so base + displacement < 2 * size. */
HR_INLINE uint32_t hash_slot(uint64_t key, uint64_t mult_bucket, uint64_t mult_slot, int bucket_bits,
                             uint32_t size, const uint16_t *displacement) {
    uint32_t bucket = (uint32_t)((key * mult_bucket) >> (64 - bucket_bits));
    uint32_t base = (uint32_t)((((key * mult_slot) >> 32) * size) >> 32);
    uint32_t slot = base + displacement[bucket];
    return slot >= size ? slot - size : slot;
}

HR_INLINE int multiset_rank(uint64_t key) {
    uint64_t ranks = key >> HR_RANK_SHIFT;
    return hr_multiset_hash_rank[hash_slot(ranks, HR_MULTISET_HASH_MULT_BUCKET, HR_MULTISET_HASH_MULT_SLOT,
                                           HR_MULTISET_HASH_BUCKET_BITS, HR_MULTISET_HASH_SIZE,
                                           hr_multiset_hash_displacement)];
}

/* The suit with five or more cards, from a key whose HR_FLUSH_CHECK bits are not all clear. */
HR_INLINE int flush_suit(uint64_t key) {
    uint64_t bits = key & HR_FLUSH_CHECK;
    int suit = 0;
    while (!(bits & 0x8)) {
        bits >>= 4;
        suit++;
    }
    return suit;
}

/* Rank of one row of n cards that the caller knows to be valid ids (< 52), or the error. */
HR_INLINE int rank_row(const uint8_t *row, const int n) {
    uint64_t key = HR_SUIT_BIAS, seen = 0, dup = 0;
    for (int j = 0; j < n; j++) {
        uint64_t bit = 1ull << (row[j] & 63);
        key += hr_card_key[row[j]];
        dup |= seen & bit;
        seen |= bit;
    }
    if (HR_UNLIKELY((key & (HR_INVALID_CHECK | HR_FLUSH_CHECK)) | dup)) {
        if (key & HR_INVALID_CHECK) return HR_ERR_CARD;
        if (dup) return HR_ERR_DUPLICATE;
        int suit = flush_suit(key);
        unsigned mask = 0;
        for (int j = 0; j < n; j++)
            if ((row[j] & 3) == suit) mask |= 1u << (row[j] >> 2);
        return hr_flush_rank[mask];
    }
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

HR_INLINE int64_t rank_rows(const uint8_t *cards, int64_t nrows, const int n, uint16_t *out, int *error) {
    for (int64_t i = 0; i < nrows; i++) {
        int rank = rank_row(cards + i * n, n);
        if (HR_UNLIKELY(rank < 0)) {
            *error = rank;
            return i;
        }
        out[i] = (uint16_t)rank;
    }
    return -1;
}

int64_t hr_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error) {
    *error = 0;
    switch (ncards) {
    case 5: return rank_rows(cards, nrows, 5, out, error);
    case 6: return rank_rows(cards, nrows, 6, out, error);
    case 7: return rank_rows(cards, nrows, 7, out, error);
    default:
        *error = HR_ERR_COUNT;
        return 0;
    }
}

/* Census: walk the cards in increasing order, carrying the key sum and, per suit, the rank
 * mask (16 bits a suit) of the cards chosen so far. */
static void census_level(int first, int left, uint64_t key, uint64_t suit_masks, uint64_t *counts) {
    if (left == 1) {
        for (int c = first; c < 52; c++) {
            uint64_t k = key + hr_card_key[c];
            uint64_t masks = suit_masks | 1ull << (16 * (c & 3) + (c >> 2));
            int rank;
            if (HR_UNLIKELY(k & HR_FLUSH_CHECK))
                rank = hr_flush_rank[(masks >> (16 * flush_suit(k))) & 0x1FFF];
            else
                rank = multiset_rank(k);
            counts[rank]++;
        }
        return;
    }
    for (int c = first; c <= 52 - left; c++)
        census_level(c + 1, left - 1, key + hr_card_key[c], suit_masks | 1ull << (16 * (c & 3) + (c >> 2)),
                     counts);
}

int hr_census(int ncards, uint64_t *counts) {
    if (ncards < 5 || ncards > 7) return HR_ERR_COUNT;
    for (int r = 0; r <= HR_RANK_COUNT; r++) counts[r] = 0;
    census_level(0, ncards, HR_SUIT_BIAS, 0, counts);
    return 0;
}
