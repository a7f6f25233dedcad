/* Internal to the kernel: the lookups its C files share, inlined where they are used.
 * Not part of the interface (that is handrank.h). */
#ifndef HANDRANK_KERNEL_H
#define HANDRANK_KERNEL_H

#include "handrank.h"

/* HR_PORTABLE (-DHR_PORTABLE) builds what a compiler without GNU extensions (MSVC) builds:
 * CI compiles and tests the kernel that way, so the fallbacks below stay correct. */
#if !defined(HR_PORTABLE) && (defined(__GNUC__) || defined(__clang__))
#define HR_GNU 1
#else
#define HR_GNU 0
#endif

#if defined(__x86_64__) && HR_GNU
#define HR_X86_DISPATCH 1
#else
#define HR_X86_DISPATCH 0
#endif

#if HR_X86_DISPATCH
/* Whether the CPU has BMI2 with a fast bit deposit and extract (pdep, pext): AMD's families
 * 15h and 17h (up to Zen 2) have them in microcode, hundreds of cycles each. */
static inline int hr_fast_bmi2(void) {
    return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
}

/* BMI2's bit extract and deposit as single instructions, for code that runs them only where
 * hr_fast_bmi2() said yes: as inline assembly, no caller needs compiling for BMI2 (an
 * intrinsic would need its whole function so compiled). */
static inline uint64_t hr_pext64(uint64_t x, uint64_t mask) {
    uint64_t packed;
    __asm__("pextq %2, %1, %0" : "=r"(packed) : "r"(x), "rm"(mask));
    return packed;
}

static inline uint64_t hr_pdep64(uint64_t x, uint64_t mask) {
    uint64_t spread;
    __asm__("pdepq %2, %1, %0" : "=r"(spread) : "r"(x), "rm"(mask));
    return spread;
}
#endif

#if HR_GNU
#define HR_INLINE static inline __attribute__((always_inline))
#define HR_NOINLINE static __attribute__((noinline))
#define HR_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define HR_LIKELY(x) __builtin_expect(!!(x), 1)
#define hr_popcount64(x) __builtin_popcountll(x)
#define hr_ctz64(x) __builtin_ctzll(x)
#define HR_PREFETCH(p) __builtin_prefetch(p)
#else
#define HR_INLINE static __inline
#define HR_NOINLINE static
#define HR_UNLIKELY(x) (x)
#define HR_LIKELY(x) (x)
#define HR_PREFETCH(p) ((void)(p))
HR_INLINE int hr_popcount64(uint64_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}
HR_INLINE int hr_ctz64(uint64_t x) {
    int n = 0;
    for (; !(x & 1); x >>= 1) n++;
    return n;
}
#endif

/* hash-and-displace lookup; `size` <= 2^17 so base + displacement < 2 * size. */
HR_INLINE uint32_t hash_slot(uint64_t key, uint64_t mult_bucket, uint64_t mult_slot, int bucket_bits,
                             uint32_t size, const uint16_t *displacement) {
    uint32_t bucket = (uint32_t)((key * mult_bucket) >> (64 - bucket_bits));
    uint32_t base = (uint32_t)((((key * mult_slot) >> 32) * size) >> 32);
    uint32_t slot = base + displacement[bucket];
    return slot >= size ? slot - size : slot;
}

/* The slot of the multiset whose rank-key sum is the low 32 bits of `key` in the multiset
 * tables (below the size of hr_multiset_rank whatever the key). */
HR_INLINE uint32_t multiset_slot(uint64_t key) {
    uint32_t t = ((uint32_t)key * HR_MULTISET_MULT) & ((1u << HR_MULTISET_SUM_BITS) - 1);
    return t + (uint32_t)hr_multiset_offset[t >> HR_MULTISET_ROW_BITS];
}

/* Best non-flush rank of the multiset whose rank-key sum is the low 32 bits of `key`.
 * t < 2^HR_MULTISET_SUM_BITS whatever the key, and the table is padded for every t. */
HR_INLINE int multiset_rank(uint64_t key) {
    uint32_t t = ((uint32_t)key * HR_MULTISET_MULT) & ((1u << HR_MULTISET_SUM_BITS) - 1);
    return hr_multiset_rank[t + (uint32_t)hr_multiset_offset[t >> HR_MULTISET_ROW_BITS]];
}

/* The suit with five or more cards, from a key whose HR_FLUSH_CHECK bits are not all clear. */
HR_INLINE int flush_suit(uint64_t key) {
    return hr_ctz64((key & HR_FLUSH_CHECK) >> HR_SUIT_SHIFT) >> 2;
}

/* A table of 256 entries, F(0) .. F(255), one a byte's value (a card id or a bad one). */
#define HR_X4(F, c) F(c), F((c) + 1), F((c) + 2), F((c) + 3)
#define HR_X16(F, c) HR_X4(F, c), HR_X4(F, (c) + 4), HR_X4(F, (c) + 8), HR_X4(F, (c) + 12)
#define HR_X64(F, c) HR_X16(F, c), HR_X16(F, (c) + 16), HR_X16(F, (c) + 32), HR_X16(F, (c) + 48)
#define HR_X256(F) HR_X64(F, 0), HR_X64(F, 64), HR_X64(F, 128), HR_X64(F, 192)

/* A byte's card bit among the 52 (a constant expression, for HR_X256 tables): none for an id
 * above 51, so that a row's count of distinct bits falls short of its cards. */
#define HR_CARD_BIT(c) ((c) < 52 ? 1ull << ((c) & 63) : 0ull)
/* The cards of suit 0 in a card mask (bits 0, 4, .., 48); suit s's are these shifted by s. */
#define HR_SUIT0_CARDS 0x1111111111111ull

/* A rank character: 0..12 for '2'..'9', 'T', 'J', 'Q', 'K', 'A' (either case), -1 for
 * anything else ("10" is the caller's). Card strings (csrc/ext/percall.c) and range text
 * (hr_ranges_text) read ranks through it. */
HR_INLINE int hr_rank_of_char(uint32_t c) {
    if (c >= '2' && c <= '9') return (int)(c - '2');
    switch (c) {
    case 'T': case 't': return 8;
    case 'J': case 'j': return 9;
    case 'Q': case 'q': return 10;
    case 'K': case 'k': return 11;
    case 'A': case 'a': return 12;
    default: return -1;
    }
}

/* One card as a bit in a 64-bit word of four 16-bit rank masks, one a suit (the macro is a
 * constant expression, for tables). */
#define HR_SUIT_RANK_BIT(card) (1ull << (16 * ((card) & 3) + ((card) >> 2)))
HR_INLINE uint64_t suit_rank_bit(int card) {
    return HR_SUIT_RANK_BIT(card);
}

HR_INLINE int flush_rank(uint64_t suit_masks, uint64_t key) {
    return hr_flush_rank[(suit_masks >> (16 * flush_suit(key))) & 0x1FFF];
}

/* Another game's rank of a rank multiset: its table sits on the same slots as hr_multiset_rank. */
HR_INLINE int game_multiset_rank(const uint16_t *table, uint64_t key) {
    uint32_t t = ((uint32_t)key * HR_MULTISET_MULT) & ((1u << HR_MULTISET_SUM_BITS) - 1);
    return table[t + (uint32_t)hr_multiset_offset[t >> HR_MULTISET_ROW_BITS]];
}

/* A game ranked with Hold'em's keys (the best five of 5..7 cards; two hole cards and five on
 * the board in equity): the tables it ranks with and the cards its deck lacks. Hold'em's is
 * hr_holdem_rules (handrank.c); short deck's are in shortdeck.c. Lower ranks win. */
typedef struct {
    const uint16_t *multiset; /* the best non-flush rank of a multiset, on hr_multiset_rank's slots */
    const uint16_t *flush;    /* [8192] the best flush of a suit's 13-bit rank mask; NULL: suits never matter */
    uint64_t out_of_deck;     /* card ids the game never deals */
    int rank_count;           /* the worst rank */
} hr_rules_t;

extern const hr_rules_t hr_holdem_rules;
extern const hr_rules_t hr_sd_rules[2]; /* short deck: [1] when three of a kind beats a straight */
extern const hr_rules_t hr_a5_rules;    /* ace-to-five lowball (Razz): no flush table */

/* hr_rank_batch under `rules`: a card out of the game's deck is refused (HR_ERR_CARD) where
 * the row has a flush; elsewhere the game's multiset table reads 0 for it (the caller checks). */
int64_t hr_rank_batch_rules(const hr_rules_t *rules, const uint8_t *cards, int64_t nrows, int ncards,
                            uint16_t *out, int *error);

/* Two card ranks (0..12, either order) as one of the 91 pairs a <= b, numbered b (b + 1) / 2
 * + a: Omaha's pair tables and hand strength's classes. A constant expression. */
#define HR_RANK_PAIR(x, y) ((x) <= (y) ? (y) * ((y) + 1) / 2 + (x) : (x) * ((x) + 1) / 2 + (y))

/* The cards not in `known`, in increasing order: their count. */
HR_INLINE int unseen_deck(uint64_t known, uint8_t *deck) {
    int ndeck = 0;
    for (int c = 0; c < 52; c++)
        if (!(known >> c & 1)) deck[ndeck++] = (uint8_t)c;
    return ndeck;
}

/* C(n, k) for n <= 52, k <= 5 (0 when k < 0 or n < k). */
HR_INLINE uint64_t hr_choose(int n, int k) {
    if (k < 0 || n < k) return 0;
    uint64_t r = 1;
    for (int i = 0; i < k; i++) r = r * (uint64_t)(n - i) / (uint64_t)(i + 1);
    return r;
}

/* The k positions pick[0] < ... < pick[k - 1] out of n of the combination numbered `number`
 * in lexicographic order (number < C(n, k)). */
HR_INLINE void hr_unrank(uint64_t number, int n, int k, int *pick) {
    for (int i = 0, from = 0; i < k; i++)
        for (int c = from;; c++) {
            uint64_t below = hr_choose(n - c - 1, k - i - 1);
            if (number < below) {
                pick[i] = c;
                from = c + 1;
                break;
            }
            number -= below;
        }
}

/* The row's key: HR_SUIT_BIAS plus every card's entry (rank-key sum, suit counts, bad ids). */
HR_INLINE uint64_t row_key(const uint8_t *row, const int n) {
    uint64_t key = HR_SUIT_BIAS;
    for (int j = 0; j < n; j++) key += hr_card_key[row[j]];
    return key;
}

/* Whether this build has a popcount instruction (hr_popcount64 is then one). */
#if defined(__POPCNT__) || defined(__aarch64__) || defined(__ARM_NEON)
#define HR_FAST_POPCOUNT 1
#else
#define HR_FAST_POPCOUNT 0
#endif

/* Nonzero when a row repeats a card (or has an id that aliases one: ids above 51 are caught
 * by the key). One popcount where the CPU has it in this build, else an and/or a card. */
HR_INLINE uint64_t row_repeats(const uint8_t *row, const int n) {
#if HR_FAST_POPCOUNT
    uint64_t seen = 0; /* n distinct valid cards set n bits */
    for (int j = 0; j < n; j++) seen |= 1ull << (row[j] & 63);
    return (uint64_t)(hr_popcount64(seen) ^ n);
#else
    uint64_t seen = 0, repeats = 0;
    for (int j = 0; j < n; j++) {
        uint64_t bit = 1ull << (row[j] & 63);
        repeats |= seen & bit;
        seen |= bit;
    }
    return repeats;
#endif
}

#endif
