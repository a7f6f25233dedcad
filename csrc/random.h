/* Internal to the kernel: the random streams of Monte Carlo and of dealing. Work is numbered
 * in chunks of HR_EQUITY_CHUNK, chunk c drawn from its own stream seeded by (seed, c), so a
 * seed gives the same cards however the chunks are shared out. */
#ifndef HANDRANK_RANDOM_H
#define HANDRANK_RANDOM_H

#include <string.h>

#include "kernel.h"

/* splitmix64: a tiny generator that passes BigCrush; one stream a chunk. */
HR_INLINE uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

typedef struct {
    uint64_t state, spare;
} rng_t;

HR_INLINE uint64_t next64(rng_t *rng) {
    return mix64(rng->state += 0x9E3779B97F4A7C15ull);
}

/* Uniform ints in [0, n) without bias (Lemire's multiply-and-reject), two from each 64-bit
 * draw: `spare` holds the unused half (bit 32 set marks it present). */
HR_INLINE uint32_t half32(rng_t *rng) {
    if (rng->spare) {
        uint32_t half = (uint32_t)rng->spare;
        rng->spare = 0;
        return half;
    }
    uint64_t draw = next64(rng);
    rng->spare = (draw & 0xFFFFFFFFull) | 1ull << 32;
    return (uint32_t)(draw >> 32);
}

HR_INLINE uint32_t below(rng_t *rng, uint32_t n) {
    uint64_t product = (uint64_t)half32(rng) * n;
    if (HR_UNLIKELY((uint32_t)product < n)) {
        uint32_t floor = (uint32_t)(-n) % n;
        while ((uint32_t)product < floor) product = (uint64_t)half32(rng) * n;
    }
    return (uint32_t)(product >> 32);
}

/* Several uniform ints from one 64-bit draw, still without bias (Brackett-Rozinsky and
 * Lemire, "Batched ranged random integer generation", 2024): multiplying the draw by each
 * bound in turn reads floor(draw * P / 2^64) as a mixed radix over the bounds, P their
 * product, and the last 64 low bits are Lemire's test for P: below (2^64 - P) mod P the draw
 * is made again. A partial Fisher-Yates shuffle's picks (pick j uniform in [0, first - j))
 * take one draw for each batch of positions whose product stays at most HR_BATCH_PRODUCT:
 * at least 7 of at most 52, so a redraw comes at most once in 2^24 draws. */
#define HR_BATCH_MAX 8
#define HR_BATCH_PRODUCT (1ull << 40)

typedef struct {
    int count;
    uint32_t bound[HR_BATCH_MAX];
    uint64_t floor; /* (2^64 - P) mod P */
} batch_t;

typedef struct {
    int nbatches;
    batch_t batch[(52 + 6) / 7];
} shuffle_t;

/* The batches of picks j < need from `first` cards on (need <= first <= 52). */
HR_INLINE shuffle_t shuffle_plan(int first, int need) {
    shuffle_t plan;
    plan.nbatches = 0;
    for (int j = 0; j < need;) {
        batch_t *b = &plan.batch[plan.nbatches++];
        uint64_t product = 1;
        b->count = 0;
        while (j < need && b->count < HR_BATCH_MAX && product * (uint64_t)(first - j) <= HR_BATCH_PRODUCT) {
            b->bound[b->count++] = (uint32_t)(first - j);
            product *= (uint64_t)(first - j++);
        }
        b->floor = (0 - product) % product;
    }
    return plan;
}

/* x * bound (bound below 2^32): its high 32 bits returned, its low 64 bits left in *x. The
 * same numbers on every compiler, so every build deals the same cards. */
HR_INLINE uint32_t mul_split(uint64_t *x, uint32_t bound) {
#if HR_GNU && defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128; /* a GNU extension: said so for -pedantic */
    u128 product = (u128)*x * bound;
    *x = (uint64_t)product;
    return (uint32_t)(product >> 64);
#else
    uint64_t low = (*x & 0xFFFFFFFFull) * bound, high = (*x >> 32) * bound + (low >> 32);
    *x = high << 32 | (low & 0xFFFFFFFFull);
    return (uint32_t)(high >> 32);
#endif
}

/* One batched draw: picks[j] uniform in [0, bound[j]) for j < count, independent, from one
 * 64-bit draw (made again below `floor`, (2^64 - P) mod P for P the bounds' product). */
HR_INLINE void batch_draw(rng_t *rng, const uint32_t *bound, int count, uint64_t floor, uint32_t *picks) {
    for (;;) {
        uint64_t x = next64(rng);
        for (int j = 0; j < count; j++) picks[j] = mul_split(&x, bound[j]);
        if (HR_LIKELY(x >= floor)) return;
    }
}

/* picks[j] uniform in [0, first - j) for every j of the plan, independent. */
HR_INLINE void draw_picks(rng_t *rng, const shuffle_t *plan, uint32_t *picks) {
    for (int k = 0; k < plan->nbatches; k++) {
        const batch_t *b = &plan->batch[k];
        for (;;) { /* batch_draw's draw, written out: Omaha's Monte Carlo ran 5% slower through it */
            uint64_t x = next64(rng);
            for (int j = 0; j < b->count; j++) picks[j] = mul_split(&x, b->bound[j]);
            if (HR_LIKELY(x >= b->floor)) break;
        }
        picks += b->count;
    }
}

/* A partial Fisher-Yates shuffle of the plan's picks: deck[j] swaps with deck[j + pick j], so
 * deck[0..need) are the cards dealt, in order; what is left of the deck follows them. The
 * same picks and cards as draw_picks and a swap a pick, with each batch's picks kept in
 * registers up to its swaps. */
HR_INLINE void shuffle_front(rng_t *rng, const shuffle_t *plan, uint8_t *deck) {
    for (int k = 0; k < plan->nbatches; k++) {
        const batch_t *b = &plan->batch[k];
        uint32_t picks[HR_BATCH_MAX];
        for (;;) { /* batch_draw's draw, written out: so the picks stay in registers (1.4x) */
            uint64_t x = next64(rng);
            for (int j = 0; j < b->count; j++) picks[j] = mul_split(&x, b->bound[j]);
            if (HR_LIKELY(x >= b->floor)) break;
        }
        for (int j = 0; j < b->count; j++) {
            uint8_t *at = deck + j, *pick = at + picks[j], c = *pick;
            *pick = *at;
            *at = c;
        }
        deck += b->count;
    }
}

/* Drawing cards without a deck array: the cards left are a mask, and pick j of a plan (uniform
 * in [0, first - j)) takes the pick-th of them by id. */
#define HR_DECK 0xFFFFFFFFFFFFFull /* the 52 card bits */

/* The cards left to draw from, as a mask, and (where there is no BMI2) byte i of `prefix`
 * counts the cards of bytes 0..i of the mask. */
typedef struct {
    uint64_t set, prefix;
} cards_left_t;

HR_INLINE cards_left_t cards_left_of(uint64_t set, const int bmi2) {
    cards_left_t left = {set, 0};
    if (!bmi2) {
        uint64_t count = set - ((set >> 1) & 0x5555555555555555ull);
        count = (count & 0x3333333333333333ull) + ((count >> 2) & 0x3333333333333333ull);
        count = (count + (count >> 4)) & 0x0F0F0F0F0F0F0F0Full;
        left.prefix = count * 0x0101010101010101ull;
    }
    return left;
}

/* Takes the r-th (from 0, by id) of the cards left (r below their count) and returns it.
 * With BMI2, one parallel bit deposit; elsewhere a branch-free broadword select: the byte of
 * the card is the first whose prefix count passes r, `in_byte` gives the bit in it, and the
 * prefix counts from that byte on lose one. Both take the same card, so every build deals
 * the same cards. */
HR_INLINE int take_nth(cards_left_t *left, uint32_t r, const uint8_t *in_byte, const int bmi2) {
#if HR_X86_DISPATCH
    if (bmi2) {
        uint64_t bit = hr_pdep64(1ull << r, left->set);
        left->set ^= bit;
        return hr_ctz64(bit);
    }
#endif
    (void)bmi2;
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t at_most = ((r * ones | highs) - left->prefix) & highs; /* the bytes whose prefix is at most r */
    int shift = (int)(((at_most >> 7) * ones) >> 56) * 8;           /* r's byte: the first past them */
    uint32_t before = (uint32_t)((left->prefix << 8) >> shift) & 0xFF;
    int card = shift + in_byte[((left->set >> shift) & 0xFF) * 8 + (r - before)];
    left->set ^= 1ull << card;
    left->prefix -= ones << shift;
    return card;
}

/* take_nth's table without BMI2: in_byte[v * 8 + k] is the k-th set bit of the byte v. */
HR_INLINE void select_table(uint8_t *in_byte /* [256 * 8] */) {
    for (int v = 0; v < 256; v++)
        for (int k = 0, seen = 0; k < 8; k++)
            if (v >> k & 1) in_byte[v * 8 + seen++] = (uint8_t)k;
}

/* Whether take_nth runs on BMI2 on this CPU; where it does not, select_table is made. */
HR_INLINE int select_setup(uint8_t *in_byte /* [256 * 8] */) {
    int bmi2 = 0;
#if HR_X86_DISPATCH
    bmi2 = hr_fast_bmi2();
#endif
    if (!bmi2) select_table(in_byte);
    return bmi2;
}

/* A uniform double in [0, 1). */
HR_INLINE double unit(rng_t *rng) {
    return (double)(next64(rng) >> 11) * (1.0 / 9007199254740992.0);
}

/* The stream of one chunk. */
HR_INLINE rng_t chunk_stream(uint64_t seed, uint64_t chunk) {
    rng_t rng = {mix64(seed) ^ mix64(chunk + 0x632BE59BD9B4E019ull), 0};
    return rng;
}

/* The first index in [start, end) whose running weight exceeds target (the last where rounding
 * leaves none): a draw by weight, target uniform below the total. */
HR_INLINE int search(const double *cumulative, int start, int end, double target) {
    int low = start, high = end - 1;
    while (low < high) {
        int mid = (low + high) >> 1;
        if (cumulative[mid] > target) high = mid;
        else low = mid + 1;
    }
    return low;
}

/* Drawing one player's combo (or hand) by weight in O(1) (Walker's alias method over the
 * ones that meet no known card): column i is kept when a 32-bit draw is below threshold[i], else its
 * alias is taken. Even weights need no table: threshold is NULL. */
typedef struct {
    int count;
    const int *combo;     /* [count]: the combos (input indices) that can be dealt */
    uint32_t *threshold;  /* [count], or NULL */
    int *alias;           /* [count] */
} alias_t;

HR_INLINE int draw_alias(const alias_t *a, rng_t *rng) {
    if (a->count == 1) return a->combo[0];
    uint32_t column = below(rng, (uint32_t)a->count);
    if (!a->threshold || half32(rng) < a->threshold[column]) return a->combo[column];
    return a->combo[a->alias[column]];
}

/* Vose's construction; deterministic, so every thread builds the same table. */
HR_INLINE void build_alias(alias_t *a, const double *weights, int *small, int *large, double *scaled) {
    int n = a->count, nsmall = 0, nlarge = 0;
    double total = 0;
    for (int i = 0; i < n; i++) total += weights[a->combo[i]];
    for (int i = 0; i < n; i++) {
        scaled[i] = weights[a->combo[i]] * n / total;
        if (scaled[i] < 1.0) small[nsmall++] = i;
        else large[nlarge++] = i;
    }
    while (nsmall && nlarge) {
        int low = small[--nsmall], high = large[--nlarge];
        a->threshold[low] = (uint32_t)(scaled[low] * 4294967296.0 > 4294967295.0 ? 4294967295.0
                                                                                   : scaled[low] * 4294967296.0);
        a->alias[low] = high;
        scaled[high] -= 1.0 - scaled[low];
        if (scaled[high] < 1.0) small[nsmall++] = high;
        else large[nlarge++] = high;
    }
    while (nlarge) {
        int i = large[--nlarge];
        a->threshold[i] = 0xFFFFFFFFu;
        a->alias[i] = i;
    }
    while (nsmall) { /* only rounding leaves columns here: keep them */
        int i = small[--nsmall];
        a->threshold[i] = 0xFFFFFFFFu;
        a->alias[i] = i;
    }
}

#endif
