/* Hand isomorphism: a perfect hash of hands up to suit permutation, both ways, for any
 * sequence of rounds (cards per round; cards within a round unordered), after Waugh, "A Fast
 * and Optimal Hand Isomorphism Algorithm" (2013). Written from the paper's idea:
 *
 * - A suit's part of a hand is, for each round, the set of its ranks dealt in that round.
 *   Its *shape* is how many ranks each round dealt it; within a shape, the sets are numbered
 *   round by round, each as a colex-ranked subset of the ranks still free in that suit (a
 *   mixed radix over the rounds).
 * - Suits are interchangeable: the canonical form lists the four suits sorted by (shape,
 *   number), descending. A *configuration* is the sorted list of the four shapes; suits of
 *   equal shape form a multiset of numbers, ranked by the combinatorial number system.
 * - A hand's index is its configuration's offset plus the mixed radix of its groups' ranks.
 *
 * An indexer is built once (hr_iso_new) and then only read, from any number of threads. */
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

#if HR_X86_DISPATCH
/* the rows' path where pext is fast: its bit count (popcnt) inline; pext itself is hr_pext64 */
#define ISO_POPCNT __attribute__((target("popcnt")))
#endif

#define ISO_SUITS 4
#define ISO_LANES HR_SUIT0_CARDS /* the 13 ranks of suit 0 */
#define ISO_MAX_SHAPES 1024      /* shapes of one round */
#define ISO_LIST_BUDGET 50000000 /* candidates tried while listing a round's configurations (~0.1 s) */
#define ISO_MAX_CODES (1 << 20) /* count vectors of all rounds: the shape lookup's size */

typedef struct {
    int nshapes;
    uint8_t (*shape)[HR_ISO_MAX_ROUNDS]; /* [nshapes][rounds]: ranks a round */
    uint64_t *shape_size;                 /* [nshapes] */
    uint64_t (*group_radix)[ISO_SUITS + 1]; /* [nshapes][k]: multisets of k numbers of the shape */
    int nconfigs;
    uint64_t *config_key;   /* [nconfigs]: the four shape ids, descending, base nshapes; sorted */
    uint64_t *config_first; /* [nconfigs + 1]: the configurations' first indexes */
    uint32_t nslots;        /* configuration keys hashed: a power of two, at least 2 x configs */
    int32_t *slot;          /* [nslots]: open addressing from a key's hash to its configuration */
    int small;              /* every shape's size at most ISO_SMALL_SHAPE: see index_of_sets */
    /* A configuration's four shape ids s0 >= s1 >= s2 >= s3, ranked as a multiset:
     * C(s0 + 3, 4) + C(s1 + 2, 3) + C(s2 + 1, 2) + s3 (term[j][s] is the j-th of those
     * terms for id s), a direct index into config_of_rank: no probe, no branch. NULL where
     * C(nshapes + 3, 4) passes ISO_MAX_RANKED (the hash above serves then). */
    int32_t *config_of_rank;
    uint32_t (*term)[ISO_MAX_SHAPES];
    /* Where the rounds are Hold'em's hole and board (see iso_vector_round), the vector path's
     * table by configuration rank: [4 * rank] its first index, [4 * rank + 1 + j] the weight
     * of suit 2 - j (the radices of the groups after it); NULL elsewhere. */
    uint32_t *first_of_rank;
} iso_round_t;

#define ISO_MAX_RANKED (1u << 18)

/* The network of five compare-swaps that sorts four suits' keys (either path's swap). */
#define ISO_NETWORK(swap)                                                                                              \
    do {                                                                                                               \
        swap(0, 1);                                                                                                    \
        swap(2, 3);                                                                                                    \
        swap(0, 2);                                                                                                    \
        swap(1, 3);                                                                                                    \
        swap(1, 2);                                                                                                    \
    } while (0)

/* A group of k suits of one shape whose numbers are all below this has terms C(n + m, m + 1),
 * m < 4, that fit 64 bits as products of four factors: (n + 3)(n + 2)(n + 1)n / 6 < 2^63. */
#define ISO_SMALL_SHAPE 50000u

#define ISO_COLEX 0x7FF
#define ISO_COUNT_SHIFT 11
#define ISO_THRICE_SHIFT 15
#define ISO_HOLE_RADIX_SHIFT 21

struct hr_iso {
    uint64_t bit_of[256];     /* id -> its card bit; 0 past 51, so a bad id leaves a row a card short */
    int rounds, ranks, lowest_rank, cards[HR_ISO_MAX_ROUNDS];
    uint32_t binom[14][14];   /* n choose k for n, k <= 13: the per-suit ranks, without loops */
    uint8_t bits13[1 << 13];  /* popcount of 13 bits: a table, for CPUs without the instruction */
    uint16_t colex[1 << 13];  /* colex rank of a set of ranks among ranks 0..12: sum of C(position, j) */
    uint16_t set_of[1 << 13]; /* colex's inverse: the set of size k and rank r at set_start[k] + r */
    uint16_t set_start[14];
    /* the vector path's one lookup a set: colex rank (bits 0-10), size k (11-14), 3k (15-20),
     * C(13, k) for k <= 2 (21-31) */
    uint32_t colex_count[1 << 13];
    uint64_t free_low[0x304]; /* (hole ids & 3) as bytes -> each suit's 13 - (hole ranks) lowest bits */
    /* (hole ids & 63) as 6-bit digits, the first low -> each suit's hole part, 16 bits a suit:
     * the colex rank of its hole ranks (bits 0-6), their count k (7-8), C(13, k) (9-15) */
    uint64_t hole_part[1 << 12];
    uint64_t suit_bit[256];        /* id -> bit 16 * suit + rank; 0 past 51 (the vector path's masks) */
    int codes;                /* count vectors of all rounds: prod(cards[i] + 1) */
    int16_t *shape_of_counts; /* per round: counts (mixed radix, base cards[i] + 1) -> shape id */
    iso_round_t round[HR_ISO_MAX_ROUNDS];
};

/* n choose k, saturating at UINT64_MAX (searches compare against it; real sizes fit). */
static uint64_t choose(uint64_t n, int k) {
    if (k < 0 || n < (uint64_t)k) return 0;
    uint64_t result = 1; /* C(n - k + i, i) after step i */
    for (int i = 1; i <= k; i++) {
        uint64_t factor = n - (uint64_t)k + (uint64_t)i;
        if (result > UINT64_MAX / factor) return UINT64_MAX;
        result = result * factor / (uint64_t)i;
    }
    return result;
}

/* n choose j for j <= 4 without a loop while no product can overflow; the loop otherwise. */
HR_INLINE uint64_t choose_small(uint64_t n, int j) {
    if (n >= (1u << 15)) return choose(n, j);
    switch (j) {
    case 1: return n;
    case 2: return n * (n - 1) / 2;
    case 3: return n < 2 ? 0 : n * (n - 1) * (n - 2) / 6;
    case 4: return n < 3 ? 0 : n * (n - 1) * (n - 2) * (n - 3) / 24;
    default: return choose(n, j);
    }
}

/* The integer square root (floor) of x, bit by bit. */
static uint64_t isqrt64(uint64_t x) {
    uint64_t root = 0, bit = 1ull << 62;
    while (bit > x) bit >>= 2;
    for (; bit; bit >>= 2) {
        if (x >= root + bit) {
            x -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
    }
    return root;
}

/* The largest b >= j - 1 with C(b, j) <= target: b itself for j = 1, from the square root for
 * j = 2 (b(b - 1) <= 2 target: isqrt(2 target) or one more), else a binary search (b can be in
 * the thousands). */
static uint64_t largest_below(uint64_t target, int j) {
    if (j == 1) return target;
    if (j == 2 && target < (1ull << 60)) {
        uint64_t b = isqrt64(2 * target) + 1;
        return b * (b - 1) / 2 <= target ? b : b - 1;
    }
    uint64_t low = (uint64_t)(j - 1), high = low + 1;
    while (choose_small(high, j) <= target) high = 2 * high + 1;
    while (low + 1 < high) { /* C(low, j) <= target < C(high, j) */
        uint64_t mid = low + (high - low) / 2;
        if (choose_small(mid, j) <= target) low = mid;
        else high = mid;
    }
    return low;
}

/* The packed bits spread back onto the free positions (a software pdep, without a branch on
 * the bits: they are as random as the hand). */
static uint32_t spread(uint32_t packed, uint32_t free) {
    uint32_t out = 0;
    for (int k = 0; free; free &= free - 1, k++) out |= free & (0u - free) & (0u - (packed >> k & 1));
    return out;
}

HR_INLINE uint32_t key_hash(uint64_t key, uint32_t nslots) {
    return (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & (nslots - 1);
}

/* A vector of counts (one a round, count i at most cards[i]) as a mixed-radix code. */
static int counts_code(const hr_iso_t *iso, const uint8_t *counts, int rounds) {
    int code = 0;
    for (int i = rounds - 1; i >= 0; i--) code = code * (iso->cards[i] + 1) + counts[i];
    return code;
}

/* Every configuration of a round: four shape ids, non-increasing, whose counts add up to
 * each round's cards; with `keys`, each one's key and number of hands are written too. */
static int list_configs(const iso_round_t *rd, int rounds, const int *cards, int depth, int max_id, int *chosen,
                        int *sums, uint64_t *keys, uint64_t *counts, int *n, int64_t *budget) {
    if (depth == ISO_SUITS) {
        for (int i = 0; i < rounds; i++)
            if (sums[i] != cards[i]) return 0;
        uint64_t key = 0, count = 1;
        for (int s = 0; s < ISO_SUITS; s++) key = key * (uint64_t)rd->nshapes + (uint64_t)chosen[s];
        for (int s = 0; s < ISO_SUITS;) { /* groups of equal shape: multisets of their numbers */
            int e = s;
            while (e < ISO_SUITS && chosen[e] == chosen[s]) e++;
            uint64_t group = choose(rd->shape_size[chosen[s]] + (uint64_t)(e - s) - 1, e - s);
            count = group && count > UINT64_MAX / group ? UINT64_MAX : count * group;
            s = e;
        }
        if (keys) {
            keys[*n] = key;
            counts[*n] = count;
        }
        (*n)++;
        return 0;
    }
    for (int id = max_id; id >= 0; id--) {
        if (--*budget < 0) return HR_ERR_COUNT;
        int fits = 1;
        for (int i = 0; i < rounds; i++) fits &= sums[i] + rd->shape[id][i] <= cards[i];
        if (!fits) continue;
        chosen[depth] = id;
        for (int i = 0; i < rounds; i++) sums[i] += rd->shape[id][i];
        int status = list_configs(rd, rounds, cards, depth + 1, id, chosen, sums, keys, counts, n, budget);
        for (int i = 0; i < rounds; i++) sums[i] -= rd->shape[id][i];
        if (status) return status;
    }
    return 0;
}

static int build_round(hr_iso_t *iso, int r) {
    iso_round_t *rd = &iso->round[r];
    int rounds = r + 1, ranks = iso->ranks, codes = 1;
    for (int i = 0; i < rounds; i++) codes *= iso->cards[i] + 1;
    /* shapes: every count vector with counts[i] <= cards[i] and a sum <= ranks */
    rd->shape = malloc(sizeof(*rd->shape) * ISO_MAX_SHAPES);
    rd->shape_size = malloc(sizeof(uint64_t) * ISO_MAX_SHAPES);
    rd->group_radix = malloc(sizeof(*rd->group_radix) * ISO_MAX_SHAPES);
    if (!rd->shape || !rd->shape_size || !rd->group_radix) return HR_ERR_MEMORY;
    rd->nshapes = 0;
    int16_t *of_counts = iso->shape_of_counts + (size_t)r * (size_t)iso->codes;
    for (int code = 0; code < codes; code++) of_counts[code] = -1;
    for (int code = 0; code < codes; code++) {
        uint8_t counts[HR_ISO_MAX_ROUNDS] = {0};
        int rest = code, total = 0, fits = 1;
        for (int i = 0; i < rounds; i++) {
            counts[i] = (uint8_t)(rest % (iso->cards[i] + 1));
            rest /= iso->cards[i] + 1;
            total += counts[i];
            fits &= counts[i] <= ranks;
        }
        if (!fits || total > ranks) continue;
        if (rd->nshapes == ISO_MAX_SHAPES) return HR_ERR_COUNT;
        uint64_t size = 1;
        for (int i = 0, used = 0; i < rounds; i++) {
            size *= choose((uint64_t)(ranks - used), counts[i]); /* at most C(13, 6)^... : < 2^40 */
            used += counts[i];
        }
        memcpy(rd->shape[rd->nshapes], counts, HR_ISO_MAX_ROUNDS);
        rd->shape_size[rd->nshapes] = size;
        for (int k = 0; k <= ISO_SUITS; k++) rd->group_radix[rd->nshapes][k] = choose(size + (uint64_t)k - 1, k);
        of_counts[counts_code(iso, counts, rounds)] = (int16_t)rd->nshapes++;
    }
    rd->small = 1;
    for (int i = 0; i < rd->nshapes; i++) rd->small &= rd->shape_size[i] <= ISO_SMALL_SHAPE;
    int chosen[ISO_SUITS], sums[HR_ISO_MAX_ROUNDS] = {0}, n = 0;
    int64_t budget = ISO_LIST_BUDGET;
    if (list_configs(rd, rounds, iso->cards, 0, rd->nshapes - 1, chosen, sums, NULL, NULL, &n, &budget))
        return HR_ERR_COUNT; /* too many ways to deal the rounds for tables */
    rd->config_key = malloc(sizeof(uint64_t) * (size_t)(n ? n : 1));
    rd->config_first = malloc(sizeof(uint64_t) * (size_t)(n + 1));
    uint64_t *counts = malloc(sizeof(uint64_t) * (size_t)(n ? n : 1));
    if (!rd->config_key || !rd->config_first || !counts) {
        free(counts);
        return HR_ERR_MEMORY;
    }
    rd->nconfigs = 0;
    budget = ISO_LIST_BUDGET;
    list_configs(rd, rounds, iso->cards, 0, rd->nshapes - 1, chosen, sums, rd->config_key, counts, &rd->nconfigs,
                 &budget);
    /* sort by key (insertion sort: a few thousand at most), counts alongside */
    for (int i = 1; i < n; i++) {
        uint64_t key = rd->config_key[i], count = counts[i];
        int j = i;
        while (j > 0 && rd->config_key[j - 1] > key) {
            rd->config_key[j] = rd->config_key[j - 1];
            counts[j] = counts[j - 1];
            j--;
        }
        rd->config_key[j] = key;
        counts[j] = count;
    }
    rd->config_first[0] = 0;
    for (int i = 0; i < n; i++) rd->config_first[i + 1] = rd->config_first[i] + counts[i];
    free(counts);
    for (rd->nslots = 16; rd->nslots < 2u * (uint32_t)n; rd->nslots *= 2) {}
    rd->slot = malloc(sizeof(int32_t) * rd->nslots);
    if (!rd->slot) return HR_ERR_MEMORY;
    for (uint32_t i = 0; i < rd->nslots; i++) rd->slot[i] = -1;
    for (int i = 0; i < n; i++) {
        uint32_t at = key_hash(rd->config_key[i], rd->nslots);
        while (rd->slot[at] >= 0) at = (at + 1) & (rd->nslots - 1);
        rd->slot[at] = i;
    }
    uint64_t ranked = choose((uint64_t)rd->nshapes + 3, 4);
    if (ranked <= ISO_MAX_RANKED) {
        rd->config_of_rank = malloc(sizeof(int32_t) * (size_t)ranked);
        rd->term = malloc(sizeof(*rd->term) * 4);
        if (!rd->config_of_rank || !rd->term) return HR_ERR_MEMORY;
        for (int j = 0; j < 4; j++)
            for (int id = 0; id < rd->nshapes; id++)
                rd->term[j][id] = (uint32_t)choose((uint64_t)(id + 3 - j), 4 - j);
        for (uint64_t r = 0; r < ranked; r++) rd->config_of_rank[r] = -1;
        for (int i = 0; i < n; i++) {
            uint64_t key = rd->config_key[i], rank = 0;
            for (int j = ISO_SUITS - 1; j >= 0; j--, key /= (uint64_t)rd->nshapes)
                rank += rd->term[j][key % (uint64_t)rd->nshapes];
            rd->config_of_rank[rank] = i;
        }
    }
    return 0;
}

/* The four shape ids of configuration `config`, in its (descending) order. */
static void config_shapes(const iso_round_t *rd, int config, int shape[ISO_SUITS]) {
    uint64_t key = rd->config_key[config];
    for (int s = ISO_SUITS - 1; s >= 0; s--, key /= (uint64_t)rd->nshapes) shape[s] = (int)(key % rd->nshapes);
}

/* The vector path's tables for round r, where it applies: two rounds of Hold'em's deck, two
 * hole cards (a suit's hole ranks are at most two bits, taken out of its board ranks by two
 * masks), every count vector a shape whose id is its code (counts_code: 3 x board + hole),
 * shapes' numbers below 2^16 (a suit's key, shape << 16 | number, is 32 bits), indexes below
 * 2^32, and groups of equal shapes whose terms C(n + m, m + 1) come from products of 16-bit
 * factors: two suits of numbers below 2^15, three of pairs n(n + 1)/2 below 2^15, never four.
 * Hold'em's flop, turn and river qualify. Leaves the tables NULL where it does not apply;
 * HR_ERR_MEMORY. */
static int iso_vector_round(hr_iso_t *iso, int r) {
    iso_round_t *rd = &iso->round[r];
    if (r != 1 || iso->ranks != 13 || iso->lowest_rank || iso->cards[0] != 2 || !rd->config_of_rank) return 0;
    const int16_t *of_counts = iso->shape_of_counts + (size_t)r * (size_t)iso->codes;
    if (rd->nshapes != 3 * (iso->cards[1] + 1)) return 0;
    for (int id = 0; id < rd->nshapes; id++)
        if (of_counts[id] != id || rd->shape_size[id] > 0xFFFF) return 0;
    if (rd->config_first[rd->nconfigs] > 0xFFFFFFFFull) return 0;
    for (int i = 0; i < rd->nconfigs; i++) { /* groups of equal shapes: the terms' products stay exact */
        int shape[ISO_SUITS];
        config_shapes(rd, i, shape);
        for (int s = 0, e; s < ISO_SUITS; s = e) {
            for (e = s; e < ISO_SUITS && shape[e] == shape[s]; e++) {}
            uint64_t size = rd->shape_size[shape[s]];
            if ((e - s == 2 && size > 0x7FFF) || (e - s == 3 && size * (size + 1) / 2 > 0x7FFF) || e - s == 4)
                return 0;
        }
    }
    uint64_t ranked = choose((uint64_t)rd->nshapes + 3, 4);
    if (ranked > ISO_MAX_RANKED) return 0;
    /* the path applies: its tables of the deck, filled here (no other indexer reads them) */
    for (int m = 0; m < (1 << 13); m++) {
        uint32_t k = iso->bits13[m];
        iso->colex_count[m] = iso->colex[m] | k << ISO_COUNT_SHIFT | 3 * k << ISO_THRICE_SHIFT |
                              (k <= 2 ? iso->binom[13][k] : 0) << ISO_HOLE_RADIX_SHIFT;
    }
    for (int id = 0; id < 52; id++) iso->suit_bit[id] = 1ull << (16 * (id & 3) + (id >> 2));
    for (int i = 0; i < 0x304; i++) { /* suits i & 3 and i >> 8 & 3 hold a rank each */
        uint64_t low = 0x1FFF1FFF1FFF1FFFull, top0 = 1ull << (16 * (i & 3) + 12), top1 = 1ull << (16 * (i >> 8 & 3) + 12);
        iso->free_low[i] = low & ~top0 & ~(top0 == top1 ? top1 >> 1 : top1);
    }
    for (int first = 0; first < 52; first++)
        for (int second = 0; second < 52; second++) {
            uint32_t sets[ISO_SUITS] = {0};
            sets[first & 3] |= 1u << (first >> 2);
            sets[second & 3] |= 1u << (second >> 2);
            uint64_t part = 0;
            for (int s = 0; s < ISO_SUITS; s++) {
                uint64_t k = iso->bits13[sets[s]];
                part |= ((uint64_t)iso->colex[sets[s]] | k << 7 | (k <= 2 ? (uint64_t)iso->binom[13][k] : 0) << 9)
                        << 16 * s;
            }
            iso->hole_part[first | second << 6] = part; /* a card twice: unused (the row is refused) */
        }
    rd->first_of_rank = calloc((size_t)ranked, sizeof(uint32_t) * 4);
    if (!rd->first_of_rank) return HR_ERR_MEMORY;
    for (uint64_t rank = 0; rank < ranked; rank++) {
        int config = rd->config_of_rank[rank], shape[ISO_SUITS];
        if (config < 0) continue;
        uint32_t *row = rd->first_of_rank + 4 * rank;
        row[0] = (uint32_t)rd->config_first[config];
        uint64_t weight = 1;
        config_shapes(rd, config, shape);
        /* as index_of_sets' small path: suit i's weight is the product of the radices of the
         * groups after its group (below the round's size, as every product here) */
        for (int i = ISO_SUITS - 1, later = 0; i >= 0; i--) {
            if (i < ISO_SUITS - 1) row[3 - i] = (uint32_t)weight;
            if (i == 0 || shape[i - 1] != shape[i]) {
                weight *= rd->group_radix[shape[i]][later + 1];
                later = 0;
            } else {
                later++;
            }
        }
    }
    return 0;
}

void hr_iso_free(hr_iso_t *iso) {
    if (!iso) return;
    for (int r = 0; r < iso->rounds; r++) {
        free(iso->round[r].shape);
        free(iso->round[r].shape_size);
        free(iso->round[r].group_radix);
        free(iso->round[r].slot);
        free(iso->round[r].config_key);
        free(iso->round[r].config_first);
        free(iso->round[r].config_of_rank);
        free(iso->round[r].term);
        free(iso->round[r].first_of_rank);
    }
    free(iso->shape_of_counts);
    free(iso);
}

hr_iso_t *hr_iso_new(const int *cards_per_round, int rounds, int short_deck, int *error) {
    *error = HR_ERR_COUNT;
    if (rounds < 1 || rounds > HR_ISO_MAX_ROUNDS) return NULL;
    int ranks = short_deck ? 9 : 13, total = 0;
    for (int i = 0; i < rounds; i++) {
        if (cards_per_round[i] < 1 || cards_per_round[i] > ISO_SUITS * ranks) return NULL;
        total += cards_per_round[i];
    }
    if (total > ISO_SUITS * ranks) return NULL;
    int64_t codes = 1;
    for (int i = 0; i < rounds; i++) {
        codes *= cards_per_round[i] + 1;
        if (codes > ISO_MAX_CODES) return NULL; /* rounds too many or too large for the shape lookup */
    }
    *error = HR_ERR_MEMORY;
    hr_iso_t *iso = calloc(1, sizeof(hr_iso_t));
    if (!iso) return NULL;
    iso->codes = (int)codes;
    for (int id = 0; id < 52; id++) iso->bit_of[id] = 1ull << id;
    for (int n = 0; n < 14; n++)
        for (int k = 0; k < 14; k++) iso->binom[n][k] = (uint32_t)choose((uint64_t)n, k);
    for (int k = 0, start = 0; k < 14; start += (int)iso->binom[13][k++]) iso->set_start[k] = (uint16_t)start;
    for (int m = 0; m < (1 << 13); m++) {
        iso->bits13[m] = (uint8_t)hr_popcount64((uint64_t)m);
        uint32_t rank = 0;
        for (int bit = 0, j = 0; bit < 13; bit++)
            if (m >> bit & 1) rank += iso->binom[bit][++j];
        iso->colex[m] = (uint16_t)rank;
        iso->set_of[iso->set_start[iso->bits13[m]] + rank] = (uint16_t)m;
    }
    iso->rounds = rounds;
    iso->ranks = ranks;
    iso->lowest_rank = short_deck ? 4 : 0;
    for (int i = 0; i < rounds; i++) iso->cards[i] = cards_per_round[i];
    iso->shape_of_counts = malloc(sizeof(int16_t) * (size_t)rounds * (size_t)codes);
    if (!iso->shape_of_counts) {
        hr_iso_free(iso);
        return NULL;
    }
    for (int r = 0; r < rounds; r++) {
        int status = build_round(iso, r);
        if (status) {
            *error = status;
            hr_iso_free(iso);
            return NULL;
        }
    }
    if (rounds >= 2 && iso_vector_round(iso, 1)) {
        *error = HR_ERR_MEMORY;
        hr_iso_free(iso);
        return NULL;
    }
    /* the sizes must fit 64 bits: a total that wrapped is refused */
    for (int r = 0; r < rounds; r++) {
        const iso_round_t *rd = &iso->round[r];
        for (int i = 0; i < rd->nconfigs; i++)
            if (rd->config_first[i + 1] < rd->config_first[i]) {
                *error = HR_ERR_COUNT;
                hr_iso_free(iso);
                return NULL;
            }
    }
    *error = 0;
    return iso;
}

uint64_t hr_iso_size(const hr_iso_t *iso, int round) {
    if (round < 0 || round >= iso->rounds) return 0;
    const iso_round_t *rd = &iso->round[round];
    return rd->config_first[rd->nconfigs];
}

int hr_iso_cards(const hr_iso_t *iso, int round) {
    int total = 0;
    for (int i = 0; i <= round && i < iso->rounds; i++) total += iso->cards[i];
    return total;
}

/* A hand's index from its suits' rank sets, sets[suit][round] (bit r: rank r, from the
 * lowest rank of the deck), for rounds 0..round. With bmi2, a round's ranks are packed onto
 * the suit's free ones by one pext. */
HR_INLINE uint64_t index_of_sets(const hr_iso_t *iso, const int round, uint32_t sets[ISO_SUITS][HR_ISO_MAX_ROUNDS],
                                 const int bmi2) {
    const iso_round_t *rd = &iso->round[round];
    int shape[ISO_SUITS];
    uint64_t number[ISO_SUITS];
    (void)bmi2; /* only x86-64 builds have the instruction */
    const int16_t *of_counts = iso->shape_of_counts + (size_t)round * (size_t)iso->codes;
    for (int s = 0; s < ISO_SUITS; s++) {
        uint32_t used = 0;
        uint64_t value = 0, radix = 1;
        int code = 0, code_radix = 1, nfree = iso->ranks;
        for (int i = 0; i <= round; i++) {
            /* the colex rank of this round's ranks among the suit's free ones: a rank's place
             * is how many free ranks lie below it */
            uint32_t set = sets[s][i], packed = set;
#if HR_X86_DISPATCH
            if (bmi2 && i) packed = (uint32_t)hr_pext64(set, ~used);
            else
#endif
                for (uint32_t taken = i ? used : 0; taken;) { /* close the gaps of the used ranks, lowest first */
                    uint32_t bit = taken & (0u - taken), low = bit - 1;
                    packed = (packed & low) | ((packed >> 1) & ~low);
                    taken = (taken ^ bit) >> 1;
                }
            uint64_t rank = iso->colex[packed];
            int count = iso->bits13[set];
            value += rank * radix;
            radix *= iso->binom[nfree][count];
            nfree -= count;
            code += count * code_radix;
            code_radix *= iso->cards[i] + 1;
            used |= set;
        }
        shape[s] = of_counts[code];
        number[s] = value;
    }
    /* the canonical order: by shape, then number, descending; a number is below 2^44 (a
     * shape's size), so one key a suit sorts both, by a network of five compare-swaps */
    uint64_t order[ISO_SUITS];
    for (int s = 0; s < ISO_SUITS; s++) order[s] = (uint64_t)shape[s] << 44 | number[s];
#define ISO_SWAP(a, b)                                                                                                 \
    do {                                                                                                               \
        uint64_t hi = order[a] > order[b] ? order[a] : order[b], lo = order[a] > order[b] ? order[b] : order[a];   \
        order[a] = hi;                                                                                                 \
        order[b] = lo;                                                                                                 \
    } while (0)
    ISO_NETWORK(ISO_SWAP);
#undef ISO_SWAP
    for (int s = 0; s < ISO_SUITS; s++) {
        shape[s] = (int)(order[s] >> 44);
        number[s] = order[s] & ((1ull << 44) - 1);
    }
    int config;
    if (rd->config_of_rank) {
        config = rd->config_of_rank[rd->term[0][shape[0]] + rd->term[1][shape[1]] + rd->term[2][shape[2]] +
                                    rd->term[3][shape[3]]];
    } else {
        uint64_t key = 0;
        for (int s = 0; s < ISO_SUITS; s++) key = key * (uint64_t)rd->nshapes + (uint64_t)shape[s];
        uint32_t slot = key_hash(key, rd->nslots);
        while (rd->config_key[rd->slot[slot]] != key) slot = (slot + 1) & (rd->nslots - 1); /* every hand has one */
        config = rd->slot[slot];
    }
    uint64_t within = 0;
    if (rd->small) {
        /* Without a branch on the groups (which suits share a shape is as random as the hand,
         * so branches on it mispredict): from the last suit back, each suit's term
         * C(n + m, m + 1), m the suits after it in its group, weighted by the radices of the
         * groups after its group; the same sum as the loop below. */
        uint64_t weight = 1;
        int later = 0,
            first_of_group[ISO_SUITS] = {1, shape[0] != shape[1], shape[1] != shape[2], shape[2] != shape[3]};
        for (int i = ISO_SUITS - 1; i >= 0; i--) {
            uint64_t n = number[i], terms[4];
            terms[0] = n;
            terms[1] = (n + 1) * n / 2;
            terms[2] = terms[1] * (n + 2) / 3;
            terms[3] = terms[2] * (n + 3) / 4;
            within += terms[later] * weight;
            /* the group's first suit: its radix counts (masks, not branches) */
            uint64_t first = 0 - (uint64_t)first_of_group[i], radix = rd->group_radix[shape[i]][later + 1];
            weight *= 1 + ((radix - 1) & first);
            later = (later + 1) & (int)~first;
        }
        return rd->config_first[config] + within;
    }
    for (int s = 0; s < ISO_SUITS;) {
        int e = s;
        while (e < ISO_SUITS && shape[e] == shape[s]) e++;
        int k = e - s;
        uint64_t group = number[s + k - 1]; /* the multiset as a combination b_i = n_i + (k - 1 - i) */
        for (int i = 0; i < k - 1; i++) group += choose_small(number[s + i] + (uint64_t)(k - 1 - i), k - i);
        within = within * rd->group_radix[shape[s]][k] + group;
        s = e;
    }
    return rd->config_first[config] + within;
}

/* One hand's index at `round`, or a negative HR_ERR_* (a card out of the deck, or twice). */
static int64_t index_one(const hr_iso_t *iso, int round, const uint8_t *cards, uint64_t *index) {
    uint32_t sets[ISO_SUITS][HR_ISO_MAX_ROUNDS];
    memset(sets, 0, sizeof sets);
    uint64_t seen = 0;
    int at = 0;
    for (int i = 0; i <= round; i++)
        for (int j = 0; j < iso->cards[i]; j++, at++) {
            int card = cards[at], rank = (card >> 2) - iso->lowest_rank;
            if (card > 51 || rank < 0) return HR_ERR_CARD;
            if (seen >> card & 1) return HR_ERR_DUPLICATE;
            seen |= 1ull << card;
            sets[card & 3][i] |= 1u << rank;
        }
    *index = index_of_sets(iso, round, sets, 0);
    return 0;
}

/* The canonical hand of one index at `round`: its cards, round after round, each round's in
 * increasing id order. */
static void unindex_one(const hr_iso_t *iso, int round, uint64_t index, uint8_t *cards, const int bmi2) {
    (void)bmi2; /* only x86-64 builds have pdep */
    const iso_round_t *rd = &iso->round[round];
    int low = 0, high = rd->nconfigs - 1;
    while (low < high) { /* the last configuration that starts at or before index */
        int mid = (low + high + 1) >> 1;
        if (rd->config_first[mid] <= index) low = mid;
        else high = mid - 1;
    }
    int shape[ISO_SUITS];
    config_shapes(rd, low, shape);
    uint64_t within = index - rd->config_first[low], number[ISO_SUITS];
    int starts[ISO_SUITS], ngroups = 0;
    for (int s = 0; s < ISO_SUITS;) {
        int e = s;
        while (e < ISO_SUITS && shape[e] == shape[s]) e++;
        starts[ngroups++] = s;
        s = e;
    }
    for (int g = ngroups - 1; g >= 0; g--) { /* the mixed radix, last group first */
        int s = starts[g], e = g + 1 < ngroups ? starts[g + 1] : ISO_SUITS, k = e - s;
        uint64_t radix = rd->group_radix[shape[s]][k], group = within % radix;
        within /= radix;
        for (int i = 0; i < k; i++) {
            int j = k - i;
            uint64_t b = largest_below(group, j);
            group -= choose_small(b, j);
            number[s + i] = b - (uint64_t)(k - 1 - i);
        }
    }
    uint32_t sets[ISO_SUITS][HR_ISO_MAX_ROUNDS];
    for (int s = 0; s < ISO_SUITS; s++) {
        uint32_t used = 0, all = (1u << iso->ranks) - 1;
        uint64_t value = number[s];
        for (int i = 0; i <= round; i++) {
            int count = rd->shape[shape[s]][i];
            uint64_t radix = iso->binom[iso->ranks - iso->bits13[used]][count];
            /* a set's colex rank is the same among any ranks that hold it: 13 hold every one */
            uint32_t packed = iso->set_of[iso->set_start[count] + value % radix];
#if HR_X86_DISPATCH
            if (bmi2) sets[s][i] = (uint32_t)hr_pdep64(packed, all & ~used);
            else
#endif
                sets[s][i] = spread(packed, all & ~used);
            value /= radix;
            used |= sets[s][i];
        }
    }
    int at = 0;
    for (int i = 0; i <= round; i++) {
        uint64_t round_cards = 0;
        for (int s = 0; s < ISO_SUITS; s++) {
#if HR_X86_DISPATCH
            if (bmi2) {
                round_cards |= hr_pdep64((uint64_t)sets[s][i] << iso->lowest_rank, ISO_LANES << s);
                continue;
            }
#endif
            for (uint32_t bits = sets[s][i]; bits; bits &= bits - 1)
                round_cards |= 1ull << ((hr_ctz64(bits) + iso->lowest_rank) * 4 + s);
        }
        for (; round_cards; round_cards &= round_cards - 1) cards[at++] = (uint8_t)hr_ctz64(round_cards);
    }
}

#if HR_X86_DISPATCH

/* Rows indexed with BMI2: a round's cards as one 52-bit mask (checked at once: no id below
 * the deck, and as many distinct cards as the row has; an id above 51 has no bit, so the row
 * falls short too), each suit's ranks taken out of it by one pext; a row that fails the check
 * goes through index_one, which names the fault as it always did. `hole` and `board`
 * (nonzero) are the two rounds' card counts as constants, for Hold'em's flop, turn and
 * river. */
ISO_POPCNT static inline __attribute__((always_inline)) int64_t
index_rows_bmi2(const hr_iso_t *iso, const int round, const uint8_t *cards, int64_t nrows, uint64_t *out, int *error,
                const int hole, const int board) {
    int width = hole ? hole + board : hr_iso_cards(iso, round), shift = 4 * iso->lowest_rank;
    uint64_t below = (1ull << shift) - 1; /* ids under the deck's lowest rank */
    for (int64_t row = 0; row < nrows; row++) {
        const uint8_t *hand = cards + row * width;
        uint32_t sets[ISO_SUITS][HR_ISO_MAX_ROUNDS];
        uint64_t all = 0;
        for (int i = 0, at = 0; i <= round; i++) {
            uint64_t mask = 0;
            int count = hole && i == 0 ? hole : hole && i == 1 ? board : iso->cards[i];
            for (int j = 0; j < count; j++, at++) mask |= iso->bit_of[hand[at]];
            all |= mask;
            for (int s = 0; s < ISO_SUITS; s++) sets[s][i] = (uint32_t)hr_pext64(mask >> shift, ISO_LANES << s);
        }
        if (HR_UNLIKELY((all & below) | (uint64_t)(__builtin_popcountll(all) ^ width))) {
            int64_t status = index_one(iso, round, hand, out + row);
            if (status < 0) {
                *error = (int)status;
                return row;
            }
            continue;
        }
        out[row] = index_of_sets(iso, round, sets, 1);
    }
    return -1;
}

ISO_POPCNT static int64_t index_batch_bmi2(const hr_iso_t *iso, int round, const uint8_t *cards, int64_t nrows,
                                        uint64_t *out, int *error) {
    if (round == 1 && iso->cards[0] == 2) /* Hold'em's flop, turn and river: every count a constant */
        switch (iso->cards[1]) {
        case 3: return index_rows_bmi2(iso, 1, cards, nrows, out, error, 2, 3);
        case 4: return index_rows_bmi2(iso, 1, cards, nrows, out, error, 2, 4);
        case 5: return index_rows_bmi2(iso, 1, cards, nrows, out, error, 2, 5);
        default: break;
        }
    switch (round) { /* each round a constant: the loops over rounds unroll */
    case 0: return index_rows_bmi2(iso, 0, cards, nrows, out, error, 0, 0);
    case 1: return index_rows_bmi2(iso, 1, cards, nrows, out, error, 0, 0);
    case 2: return index_rows_bmi2(iso, 2, cards, nrows, out, error, 0, 0);
    case 3: return index_rows_bmi2(iso, 3, cards, nrows, out, error, 0, 0);
    default: return index_rows_bmi2(iso, round, cards, nrows, out, error, 0, 0);
    }
}

#include <immintrin.h>
#define ISO_AVX2 __attribute__((target("avx2,popcnt,bmi,bmi2")))

/* Eight rows' masks or parts (16 bits a suit), hole or board, as four vectors: suit s's 16
 * bits a row in each 32-bit lane, the rows in lanes 0, 1, 4, 5, 2, 3, 6, 7 (ISO_LANE_ORDER
 * puts them back). */
ISO_AVX2 HR_INLINE void suits_of(const uint64_t *masks, __m256i suit[ISO_SUITS]) {
    const __m256i by_suit = _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, /* two rows */
                                             0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
    __m256i a = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)masks), by_suit),
            b = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(masks + 4)), by_suit);
    __m256i low = _mm256_permute4x64_epi64(_mm256_unpacklo_epi32(a, b), 0xD8),
            high = _mm256_permute4x64_epi64(_mm256_unpackhi_epi32(a, b), 0xD8);
    suit[0] = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(low));
    suit[1] = _mm256_cvtepu16_epi32(_mm256_extracti128_si256(low, 1));
    suit[2] = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(high));
    suit[3] = _mm256_cvtepu16_epi32(_mm256_extracti128_si256(high, 1));
}
#define ISO_LANE_ORDER _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7)

/* A suit's key, shape << 16 | number, from its hole ranks (at most two) and board ranks: the
 * board's ranks packed onto those the hole left free (each hole rank's gap closed, the higher
 * first), each set's colex rank and counts from one lookup (colex_count's fields). Where pext
 * is fast, suit_key_parts does it from parts found a row at a time. */
ISO_AVX2 HR_INLINE __m256i suit_key(const uint32_t *colex_count, __m256i hole, __m256i board) {
    const __m256i ones = _mm256_set1_epi32(-1), colex = _mm256_set1_epi32(ISO_COLEX), count = _mm256_set1_epi32(15),
                  thrice = _mm256_set1_epi32(63);
    __m256i lowest = _mm256_and_si256(hole, _mm256_sub_epi32(_mm256_setzero_si256(), hole)),
            other = _mm256_xor_si256(hole, lowest);
    __m256i below = _mm256_add_epi32(other, ones); /* all ones where there is no such rank */
    board = _mm256_or_si256(_mm256_and_si256(board, below), _mm256_andnot_si256(below, _mm256_srli_epi32(board, 1)));
    below = _mm256_add_epi32(lowest, ones);
    board = _mm256_or_si256(_mm256_and_si256(board, below), _mm256_andnot_si256(below, _mm256_srli_epi32(board, 1)));
    __m256i of_hole = _mm256_i32gather_epi32((const int *)colex_count, hole, 4),
            of_board = _mm256_i32gather_epi32((const int *)colex_count, board, 4);
    /* products of 16-bit halves (the high ones 0) are exact: C(13, 2) x C(13, 6) < 2^18 */
    __m256i number = _mm256_add_epi32(_mm256_and_si256(of_hole, colex),
                                      _mm256_madd_epi16(_mm256_srli_epi32(of_hole, ISO_HOLE_RADIX_SHIFT),
                                                        _mm256_and_si256(of_board, colex)));
    __m256i shape = _mm256_add_epi32(_mm256_and_si256(_mm256_srli_epi32(of_hole, ISO_COUNT_SHIFT), count),
                                     _mm256_and_si256(_mm256_srli_epi32(of_board, ISO_THRICE_SHIFT), thrice));
    return _mm256_or_si256(_mm256_slli_epi32(shape, 16), number);
}

/* suit_key from the suit's hole part (hole_part's fields) and its packed board ranks. */
ISO_AVX2 HR_INLINE __m256i suit_key_parts(const uint32_t *colex_count, __m256i part, __m256i board) {
    const __m256i colex = _mm256_set1_epi32(ISO_COLEX), low7 = _mm256_set1_epi32(127), count = _mm256_set1_epi32(3),
                  thrice = _mm256_set1_epi32(63);
    __m256i of_board = _mm256_i32gather_epi32((const int *)colex_count, board, 4);
    __m256i number = _mm256_add_epi32(_mm256_and_si256(part, low7),
                                      _mm256_madd_epi16(_mm256_srli_epi32(part, 9), _mm256_and_si256(of_board, colex)));
    __m256i shape = _mm256_add_epi32(_mm256_and_si256(_mm256_srli_epi32(part, 7), count),
                                     _mm256_and_si256(_mm256_srli_epi32(of_board, ISO_THRICE_SHIFT), thrice));
    return _mm256_or_si256(_mm256_slli_epi32(shape, 16), number);
}

/* Hold'em's hole and board rounds (iso_vector_round), eight rows a vector: index_of_sets'
 * work on eight lanes. A chunk of rows goes in passes: (1) row by row, the hole's and the
 * board's masks, 16 bits a suit (checked at once: as many distinct cards as the row has);
 * where pext is fast, the board's ranks packed onto the free ones and the hole's part of
 * each suit from a table; (2) the suits' keys (suit_key, suit_key_parts); (3) their order by
 * a network of compare-swaps, the configuration's rank, its row of first_of_rank, the
 * groups' terms. A chunk that fails the check goes through index_one row by row, which names
 * the fault. Returns as hr_iso_index_batch; rows past the last whole vector are left to the
 * caller (*done). */
#define ISO_CHUNK 64 /* rows whose masks are found before the vector work on them */

ISO_AVX2 HR_INLINE int64_t index_rows_avx2(const hr_iso_t *iso, const uint8_t *cards, int64_t nrows, uint64_t *out,
                                           int *error, int64_t *done, const int width, const int bmi2) {
    const iso_round_t *rd = &iso->round[1];
    const __m256i low16 = _mm256_set1_epi32(0xFFFF), one = _mm256_set1_epi32(1), inverse3 = _mm256_set1_epi32(
                                                                                     (int)0xAAAAAAABu);
    int64_t row = 0;
    uint64_t hole[ISO_CHUNK], board[ISO_CHUNK];
    __m256i sorted[ISO_CHUNK / 8][ISO_SUITS];
    while (row + 8 <= nrows) {
        /* A chunk in three passes, each over its blocks of eight rows: the work of one block
         * is a long chain (lookups, then the order, then more lookups), so blocks are
         * interleaved by passes (their results kept in between), not left to the CPU. */
        int cards_seen = 0, rows = nrows - row < ISO_CHUNK ? (int)(nrows - row) & ~7 : ISO_CHUNK;
        for (int d = 0; d < rows; d++) { /* 1: each row's masks */
            const uint8_t *hand = cards + (row + d) * width;
            uint64_t h = iso->suit_bit[hand[0]] | iso->suit_bit[hand[1]], b = 0;
            for (int j = 2; j < width; j++) b |= iso->suit_bit[hand[j]];
            cards_seen += __builtin_popcountll(h | b); /* each row at most `width`: all of them */
            /* with pext and pdep, the board's ranks packed onto the free ones here, and the
             * hole's part of each suit from a table */
            if (bmi2) {
                uint32_t two = (uint32_t)hand[0] | (uint32_t)hand[1] << 8;
                hole[d] = iso->hole_part[hr_pext64(two, 0x3F3F)];
                board[d] = hr_pdep64(hr_pext64(b, ~h & 0x1FFF1FFF1FFF1FFFull), iso->free_low[two & 0x303]);
            } else {
                hole[d] = h;
                board[d] = b;
            }
        }
        if (HR_UNLIKELY(cards_seen != rows * width)) { /* the chunk's rows one by one: the first bad one */
            for (int d = 0; d < rows; d++) {
                int64_t status = index_one(iso, 1, cards + (row + d) * width, out + row + d);
                if (status < 0) {
                    *error = (int)status;
                    return row + d;
                }
            }
            row += rows;
            continue;
        }
        for (int at = 0; at < rows; at += 8) { /* 2: the suits' keys */
            __m256i holes[ISO_SUITS], boards[ISO_SUITS], *key = sorted[at / 8];
            suits_of(hole + at, holes);
            suits_of(board + at, boards);
            for (int s = 0; s < ISO_SUITS; s++)
                key[s] = bmi2 ? suit_key_parts(iso->colex_count, holes[s], boards[s])
                              : suit_key(iso->colex_count, holes[s], boards[s]);
        }
        for (int at = 0; at < rows; at += 8) { /* 3: the configuration and the groups */
            __m256i k[ISO_SUITS], shape[ISO_SUITS], number[ISO_SUITS];
            for (int s = 0; s < ISO_SUITS; s++) k[s] = sorted[at / 8][s];
#define ISO_SWAP(a, b)                                                                                                 \
    do {                                                                                                               \
        __m256i hi = _mm256_max_epu32(k[a], k[b]);                                                                     \
        k[b] = _mm256_min_epu32(k[a], k[b]);                                                                           \
        k[a] = hi;                                                                                                     \
    } while (0)
            ISO_NETWORK(ISO_SWAP);
#undef ISO_SWAP
            for (int s = 0; s < ISO_SUITS; s++) {
                shape[s] = _mm256_srli_epi32(k[s], 16);
                number[s] = _mm256_and_si256(k[s], low16);
            }
            /* the configuration: C(s0 + 3, 4) + C(s1 + 2, 3) + C(s2 + 1, 2) + s3 */
            __m256i rank = _mm256_add_epi32(
                _mm256_add_epi32(_mm256_i32gather_epi32((const int *)rd->term[0], shape[0], 4),
                                 _mm256_i32gather_epi32((const int *)rd->term[1], shape[1], 4)),
                _mm256_add_epi32(_mm256_srli_epi32(_mm256_madd_epi16(shape[2], _mm256_add_epi32(shape[2], one)), 1),
                                 shape[3]));
            /* the configuration's first index and the weights of suits 2, 1 and 0 (its
             * groups' radices after each), side by side in one row of the table */
            const int *of_rank = (const int *)rd->first_of_rank;
            __m256i at_rank = _mm256_slli_epi32(rank, 2);
            __m256i index = _mm256_i32gather_epi32(of_rank, at_rank, 4);
            __m256i weight[3] = {_mm256_i32gather_epi32(of_rank + 3, at_rank, 4),
                                 _mm256_i32gather_epi32(of_rank + 2, at_rank, 4),
                                 _mm256_i32gather_epi32(of_rank + 1, at_rank, 4)};
            /* a suit's term C(n + m, m + 1), m the suits after it in its group (at most two);
             * products of signed 16-bit halves, exact where the term is used (the bounds
             * iso_vector_round checks) */
            __m256i within = number[3], later = _mm256_setzero_si256(), two = _mm256_add_epi32(one, one);
            for (int i = ISO_SUITS - 2; i >= 0; i--) {
                __m256i joined = _mm256_cmpeq_epi32(shape[i], shape[i + 1]); /* m: one more than the next suit's */
                later = _mm256_and_si256(_mm256_add_epi32(later, one), joined);
                __m256i n = number[i], pairs = _mm256_srli_epi32(_mm256_madd_epi16(n, _mm256_add_epi32(n, one)), 1);
                __m256i term = _mm256_blendv_epi8(n, pairs, joined);
                if (i < ISO_SUITS - 2) {
                    __m256i triples = _mm256_mullo_epi32(_mm256_madd_epi16(pairs, _mm256_add_epi32(n, two)), inverse3);
                    term = _mm256_blendv_epi8(term, triples, _mm256_cmpgt_epi32(later, one));
                }
                within = _mm256_add_epi32(within, _mm256_mullo_epi32(term, weight[i]));
            }
            index = _mm256_permutevar8x32_epi32(_mm256_add_epi32(index, within), ISO_LANE_ORDER);
            _mm256_storeu_si256((__m256i *)(out + row + at), _mm256_cvtepu32_epi64(_mm256_castsi256_si128(index)));
            _mm256_storeu_si256((__m256i *)(out + row + at + 4), _mm256_cvtepu32_epi64(_mm256_extracti128_si256(index, 1)));
        }
        row += rows;
    }
    *done = row;
    return -1;
}

ISO_AVX2 static int64_t index_avx2(const hr_iso_t *iso, const uint8_t *cards, int64_t nrows, uint64_t *out,
                                   int *error, int64_t *done) {
    int bmi2 = hr_fast_bmi2();
#ifdef ISO_NO_PEXT /* tests build the other path so */
    bmi2 = 0;
#endif
    switch (iso->cards[1] + 8 * bmi2) { /* each row's width a constant: the loops over its cards unroll */
    case 3: return index_rows_avx2(iso, cards, nrows, out, error, done, 5, 0);
    case 4: return index_rows_avx2(iso, cards, nrows, out, error, done, 6, 0);
    case 5: return index_rows_avx2(iso, cards, nrows, out, error, done, 7, 0);
    case 11: return index_rows_avx2(iso, cards, nrows, out, error, done, 5, 1);
    case 12: return index_rows_avx2(iso, cards, nrows, out, error, done, 6, 1);
    case 13: return index_rows_avx2(iso, cards, nrows, out, error, done, 7, 1);
    default: return index_rows_avx2(iso, cards, nrows, out, error, done, 2 + iso->cards[1], bmi2);
    }
}
#endif

/* Rows through the scalar paths: pext where it is fast, index_one elsewhere. */
static int64_t index_rows_scalar(const hr_iso_t *iso, int round, const uint8_t *cards, int64_t nrows, uint64_t *out,
                                 int *error) {
#if HR_X86_DISPATCH
    if (hr_fast_bmi2() && __builtin_cpu_supports("popcnt")) /* not where pext is microcode */
        return index_batch_bmi2(iso, round, cards, nrows, out, error);
#endif
    int width = hr_iso_cards(iso, round);
    for (int64_t row = 0; row < nrows; row++) {
        int64_t status = index_one(iso, round, cards + row * width, out + row);
        if (status < 0) {
            *error = (int)status;
            return row;
        }
    }
    return -1;
}

int64_t hr_iso_index_batch(const hr_iso_t *iso, int round, const uint8_t *cards, int64_t nrows, uint64_t *out,
                           int *error) {
    *error = 0;
    if (round < 0 || round >= iso->rounds) {
        *error = HR_ERR_COUNT;
        return 0;
    }
    int64_t done = 0;
#if HR_X86_DISPATCH
    if (round == 1 && nrows >= 8 && iso->round[1].first_of_rank && __builtin_cpu_supports("avx2") &&
        __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2")) {
        int64_t bad = index_avx2(iso, cards, nrows, out, error, &done);
        if (bad >= 0) return bad;
    }
#endif
    int64_t bad = index_rows_scalar(iso, round, cards + done * hr_iso_cards(iso, round), nrows - done, out + done,
                                    error);
    return bad < 0 ? -1 : done + bad;
}

int64_t hr_iso_unindex_batch(const hr_iso_t *iso, int round, const uint64_t *indexes, int64_t nrows, uint8_t *cards,
                             int *error) {
    *error = 0;
    if (round < 0 || round >= iso->rounds) {
        *error = HR_ERR_COUNT;
        return 0;
    }
    uint64_t size = hr_iso_size(iso, round);
    int width = hr_iso_cards(iso, round), bmi2 = 0;
#if HR_X86_DISPATCH
    bmi2 = hr_fast_bmi2(); /* pdep spreads a suit's ranks where it is fast; every build, the same hands */
#endif
    for (int64_t row = 0; row < nrows; row++) {
        if (indexes[row] >= size) {
            *error = HR_ERR_RANGE;
            return row;
        }
        unindex_one(iso, round, indexes[row], cards + row * width, bmi2);
    }
    return -1;
}
