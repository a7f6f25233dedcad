/* Exact equity of ranges: the runouts of the board are dealt in an outer loop and, on each,
 * every distinct combo of every range is ranked once; the assignments of combos to players
 * are then counted against those ranks without ranking anything again:
 *   - two players: one sweep over both ranges sorted by rank, with running weights per card
 *     so that combos sharing a card are taken out by inclusion-exclusion;
 *   - more players: a walk over the assignments that skips combos sharing a card, adding each
 *     assignment's weight to the set of players that win it.
 * Runouts that a suit permutation fixing the board, the dead cards and every weighted range
 * maps onto each other are counted once, from the smallest, with the orbit's size.
 * Work is given as a range [first, end) of runout numbers (lexicographic order of the runouts'
 * positions in the unseen deck), so any split of the numbers adds up to the same counts. */
#include <stdlib.h>
#include <string.h>

#include "equity_internal.h"

typedef struct {
    uint64_t mask;   /* the two cards */
    uint64_t key;    /* hr_card_key of both */
    uint64_t suits;  /* suit_rank_bit of both */
    uint8_t c0, c1;
} combo_t;

typedef struct {
    int rank;
    int u; /* distinct combo */
    double weight;
} entry_t;

/* A player's combos that fit a runout, column by column for the pair loops (the rank also as
 * a double, for the SIMD scan). */
typedef struct {
    int *rank;
    double *rank_d;
    double *weight;
    uint64_t *mask;
} columns_t;

/* Weights of the combos that share no card with `used`, by how their rank compares with
 * `best`: below (better), equal, above (worse); `fit` counts them. */
typedef struct {
    double below, equal, above;
    uint64_t fit;
} scan_t;

#if !defined(HR_PORTABLE) && (defined(__SSE2__) || defined(_M_X64))
#include <emmintrin.h>
#define HR_SCAN_SSE2 1
#else
#define HR_SCAN_SSE2 0
#endif

HR_INLINE scan_t scan(const columns_t *col, int count, uint64_t used, int best) {
    scan_t out = {0, 0, 0, 0};
    int i = 0;
#if HR_SCAN_SSE2
    /* two combos a step; a 64-bit "shares no card" test from two 32-bit compares */
    const __m128i used2 = _mm_set1_epi64x((long long)used), zero = _mm_setzero_si128();
    const __m128d best2 = _mm_set1_pd((double)best);
    __m128d below = _mm_setzero_pd(), equal = _mm_setzero_pd(), above = _mm_setzero_pd();
    __m128i fit = _mm_setzero_si128(); /* less one a lane for each combo that fits */
    for (; i + 2 <= count; i += 2) {
        __m128i clash = _mm_and_si128(_mm_loadu_si128((const __m128i *)(col->mask + i)), used2);
        __m128i free32 = _mm_cmpeq_epi32(clash, zero);
        __m128i free64 = _mm_and_si128(free32, _mm_shuffle_epi32(free32, _MM_SHUFFLE(2, 3, 0, 1)));
        __m128d w = _mm_and_pd(_mm_castsi128_pd(free64), _mm_loadu_pd(col->weight + i));
        __m128d r = _mm_loadu_pd(col->rank_d + i);
        below = _mm_add_pd(below, _mm_and_pd(_mm_cmplt_pd(r, best2), w));
        equal = _mm_add_pd(equal, _mm_and_pd(_mm_cmpeq_pd(r, best2), w));
        above = _mm_add_pd(above, _mm_and_pd(_mm_cmpgt_pd(r, best2), w));
        fit = _mm_sub_epi64(fit, free64);
    }
    uint64_t fits[2];
    _mm_storeu_si128((__m128i *)fits, fit);
    out.fit = fits[0] + fits[1];
    double lanes[2];
    _mm_storeu_pd(lanes, below);
    out.below = lanes[0] + lanes[1];
    _mm_storeu_pd(lanes, equal);
    out.equal = lanes[0] + lanes[1];
    _mm_storeu_pd(lanes, above);
    out.above = lanes[0] + lanes[1];
#endif
    for (; i < count; i++) {
        double w = (col->mask[i] & used) ? 0.0 : col->weight[i];
        out.fit += !(col->mask[i] & used);
        out.below += col->rank[i] < best ? w : 0.0;
        out.equal += col->rank[i] == best ? w : 0.0;
        out.above += col->rank[i] > best ? w : 0.0;
    }
    return out;
}

/* The walk's last player on one runout: combos sorted by rank (best first) with running
 * weights, and for each card the positions of the combos holding it. The combos that fit a
 * set of used cards and rank below/at/above a bound are then the running weights up to two
 * positions, less the few combos holding a used card. */
typedef struct {
    int count;
    int *rank;          /* [count] increasing */
    uint64_t *mask;     /* [count] */
    double *weight;     /* [count] */
    double *running;    /* [count + 1]: running[i] = weight of positions < i */
    int card_start[53]; /* positions holding card c: position[card_start[c] .. card_start[c + 1]) */
    int *position;      /* [2 * count] */
    uint64_t cards;     /* every card of every combo */
} last_t;

typedef struct {
    const hr_rules_t *rules;
    int n;
    int ncombos;        /* distinct combos */
    combo_t *combo;     /* [ncombos] */
    int *player_u;      /* combo i of the input -> distinct combo */
    const int32_t *start;
    const double *weights;
    /* per runout */
    int *rank_u;        /* [ncombos]: 0 when the combo meets the runout */
    entry_t *list[HR_MAX_PLAYERS];
    columns_t column[HR_MAX_PLAYERS];
    int count[HR_MAX_PLAYERS];
    /* sweep scratch */
    double *group_weight_u; /* [ncombos] */
    int *sort_a, *sort_b;   /* [2 * 1326] */
    double *outcomes;
    uint64_t deals;
    int order[HR_MAX_PLAYERS];
    last_t last;
} spot_t;

/* --------------------------------------------------------------------- two players */

/* Indices 0..na+nb-1 (first the entries of a, then of b) sorted by rank, stably. */
static void sort_by_rank(const spot_t *s, int total, int *out, int *tmp) {
    int counts[128];
    const entry_t *a = s->list[0], *b = s->list[1];
    int na = s->count[0];
#define RANK_OF(i) ((i) < na ? a[i].rank : b[(i)-na].rank)
    memset(counts, 0, sizeof counts);
    for (int i = 0; i < total; i++) counts[RANK_OF(i) & 127]++;
    for (int d = 0, sum = 0; d < 128; d++) {
        int c = counts[d];
        counts[d] = sum;
        sum += c;
    }
    for (int i = 0; i < total; i++) tmp[counts[RANK_OF(i) & 127]++] = i;
    memset(counts, 0, sizeof counts);
    for (int i = 0; i < total; i++) counts[RANK_OF(tmp[i]) >> 7]++;
    for (int d = 0, sum = 0; d < 128; d++) {
        int c = counts[d];
        counts[d] = sum;
        sum += c;
    }
    for (int i = 0; i < total; i++) out[counts[RANK_OF(tmp[i]) >> 7]++] = tmp[i];
#undef RANK_OF
}

static void sweep_two(spot_t *s, double multiplicity) {
    const entry_t *a = s->list[0], *b = s->list[1];
    int na = s->count[0], nb = s->count[1], total = na + nb;
    double before_a = 0, before_b = 0, card_a[52], card_b[52], group_a_card[52], group_b_card[52];
    int count_a[52], count_b[52];
    memset(card_a, 0, sizeof card_a);
    memset(card_b, 0, sizeof card_b);
    memset(group_a_card, 0, sizeof group_a_card);
    memset(group_b_card, 0, sizeof group_b_card);
    memset(count_a, 0, sizeof count_a);
    memset(count_b, 0, sizeof count_b);
    int *order = s->sort_a;
    sort_by_rank(s, total, order, s->sort_b);

    double a_wins = 0, b_wins = 0, split = 0;
    uint64_t same = 0;
    for (int g = 0; g < total;) {
        int rank = order[g] < na ? a[order[g]].rank : b[order[g] - na].rank, end = g;
        while (end < total && (order[end] < na ? a[order[end]].rank : b[order[end] - na].rank) == rank) end++;
        double group_a = 0, group_b = 0;
        /* against the better combos already passed, then the group's own ties */
        for (int i = g; i < end; i++) {
            int e = order[i];
            if (e < na) {
                const combo_t *c = &s->combo[a[e].u];
                b_wins += a[e].weight * (before_b - card_b[c->c0] - card_b[c->c1]);
            } else {
                const combo_t *c = &s->combo[b[e - na].u];
                a_wins += b[e - na].weight * (before_a - card_a[c->c0] - card_a[c->c1]);
                s->group_weight_u[b[e - na].u] += b[e - na].weight;
            }
        }
        for (int i = g; i < end; i++) {
            int e = order[i];
            if (e < na) {
                const combo_t *c = &s->combo[a[e].u];
                group_a += a[e].weight;
                group_a_card[c->c0] += a[e].weight;
                group_a_card[c->c1] += a[e].weight;
                split += a[e].weight * s->group_weight_u[a[e].u]; /* the same combo: added back */
                same += s->group_weight_u[a[e].u] > 0;
            } else {
                const combo_t *c = &s->combo[b[e - na].u];
                group_b += b[e - na].weight;
                group_b_card[c->c0] += b[e - na].weight;
                group_b_card[c->c1] += b[e - na].weight;
            }
        }
        split += group_a * group_b;
        for (int i = g; i < end; i++) {
            int e = order[i];
            const combo_t *c = &s->combo[e < na ? a[e].u : b[e - na].u];
            int cards[2] = {c->c0, c->c1};
            for (int j = 0; j < 2; j++) {
                int card = cards[j];
                /* each card once: its group sums move to the running sums as they are used */
                split -= group_a_card[card] * group_b_card[card];
                card_a[card] += group_a_card[card];
                card_b[card] += group_b_card[card];
                group_a_card[card] = 0;
                group_b_card[card] = 0;
                (e < na ? count_a : count_b)[card]++;
            }
            if (e >= na) s->group_weight_u[b[e - na].u] = 0;
        }
        before_a += group_a;
        before_b += group_b;
        g = end;
    }
    uint64_t pairs = (uint64_t)na * (uint64_t)nb + same;
    for (int c = 0; c < 52; c++) pairs -= (uint64_t)count_a[c] * (uint64_t)count_b[c];
    s->outcomes[1] += multiplicity * a_wins;
    s->outcomes[2] += multiplicity * b_wins;
    s->outcomes[3] += multiplicity * split;
    s->deals += (uint64_t)multiplicity * pairs;
}

/* Small ranges: every pair of combos, without branches. */
static void pairs_two(spot_t *s, double multiplicity) {
    const columns_t *a = &s->column[0], *b = &s->column[1];
    int na = s->count[0], nb = s->count[1];
    double a_wins = 0, b_wins = 0, split = 0;
    uint64_t pairs = 0;
    for (int i = 0; i < na; i++) {
        scan_t against = scan(b, nb, a->mask[i], a->rank[i]);
        a_wins += a->weight[i] * against.above;
        b_wins += a->weight[i] * against.below;
        split += a->weight[i] * against.equal;
        pairs += against.fit;
    }
    s->outcomes[1] += multiplicity * a_wins;
    s->outcomes[2] += multiplicity * b_wins;
    s->outcomes[3] += multiplicity * split;
    s->deals += (uint64_t)multiplicity * pairs;
}

/* ----------------------------------------------------------------------- n players */

/* Below this many combos, the last player is scanned instead of indexed. */
#define HR_INDEX_LAST_FROM 64

/* Sort the last player's combos by rank and index them by card (see last_t). */
static void index_last(spot_t *s, int p) {
    last_t *last = &s->last;
    const columns_t *col = &s->column[p];
    int count = s->count[p], *order = s->sort_a;
    last->count = count;
    sort_positions_by_rank(col->rank, count, order, s->sort_b);
    memset(last->card_start, 0, sizeof last->card_start);
    last->cards = 0;
    last->running[0] = 0;
    for (int i = 0; i < count; i++) {
        int e = order[i];
        last->rank[i] = col->rank[e];
        last->mask[i] = col->mask[e];
        last->weight[i] = col->weight[e];
        last->running[i + 1] = last->running[i] + col->weight[e];
        last->cards |= col->mask[e];
        for (uint64_t m = col->mask[e]; m; m &= m - 1) last->card_start[hr_ctz64(m) + 1]++;
    }
    for (int c = 0; c < 52; c++) last->card_start[c + 1] += last->card_start[c];
    int fill[52];
    memcpy(fill, last->card_start, sizeof fill);
    for (int i = 0; i < count; i++)
        for (uint64_t m = last->mask[i]; m; m &= m - 1) last->position[fill[hr_ctz64(m)]++] = i;
}

/* First position whose rank is above `rank` (or at least, with `or_equal`). */
HR_INLINE int bound(const last_t *last, int rank, int or_equal) {
    int low = 0, high = last->count;
    while (low < high) {
        int mid = (low + high) >> 1;
        if (or_equal ? last->rank[mid] < rank : last->rank[mid] <= rank) low = mid + 1;
        else high = mid;
    }
    return low;
}

static void walk(spot_t *s, int level, uint64_t used, int best, unsigned winners, double weight, double multiplicity) {
    int p = s->order[level], count = s->count[p];
    const columns_t *col = &s->column[p];
    if (level == s->n - 1 && !s->last.count) { /* the last player, few combos: a scan */
        scan_t sums = scan(col, count, used, best);
        double scale = multiplicity * weight;
        s->outcomes[1u << p] += scale * sums.below;
        s->outcomes[winners | 1u << p] += scale * sums.equal;
        s->outcomes[winners] += scale * sums.above;
        s->deals += (uint64_t)multiplicity * sums.fit;
        return;
    }
    if (level == s->n - 1) { /* the last player, many combos: through the index */
        const last_t *last = &s->last;
        int at = bound(last, best, 1), past = bound(last, best, 0);
        double below = last->running[at], equal = last->running[past] - below,
               above = last->running[last->count] - last->running[past];
        int64_t fit = last->count;
        for (uint64_t rest = used & last->cards; rest; rest &= rest - 1) {
            int card = hr_ctz64(rest);
            for (int k = last->card_start[card]; k < last->card_start[card + 1]; k++) {
                int i = last->position[k];
                uint64_t other = last->mask[i] & ~card_bit(card);
                if ((other & used) && hr_ctz64(other) < card) continue; /* taken out at its other card */
                double w = last->weight[i];
                if (i < at) below -= w;
                else if (i < past) equal -= w;
                else above -= w;
                fit--;
            }
        }
        double scale = multiplicity * weight;
        s->outcomes[1u << p] += scale * below;
        s->outcomes[winners | 1u << p] += scale * equal;
        s->outcomes[winners] += scale * above;
        s->deals += (uint64_t)multiplicity * (uint64_t)fit;
        return;
    }
    for (int i = 0; i < count; i++) {
        if (col->mask[i] & used) continue;
        int rank = col->rank[i];
        walk(s, level + 1, used | col->mask[i], rank < best ? rank : best,
             rank < best ? 1u << p : rank == best ? winners | 1u << p : winners, weight * col->weight[i],
             multiplicity);
    }
}

/* -------------------------------------------------------------------------- runouts */

static void runout_showdowns(spot_t *s, uint64_t runout_mask, uint64_t key, uint64_t suits, double multiplicity) {
    for (int u = 0; u < s->ncombos; u++) {
        const combo_t *c = &s->combo[u];
        s->rank_u[u] = (c->mask & runout_mask) ? 0 : rules_seven_rank(s->rules, key + c->key, suits | c->suits);
    }
    for (int p = 0; p < s->n; p++) {
        int n = 0;
        for (int i = s->start[p]; i < s->start[p + 1]; i++) {
            int u = s->player_u[i];
            if (u < 0 || !s->rank_u[u]) continue;
            s->list[p][n].rank = s->column[p].rank[n] = s->rank_u[u];
            s->column[p].rank_d[n] = (double)s->rank_u[u];
            s->list[p][n].u = u;
            s->list[p][n].weight = s->column[p].weight[n] = s->weights[i];
            s->column[p].mask[n] = s->combo[u].mask;
            n++;
        }
        if (!n) return;
        s->count[p] = n;
    }
    if (s->n == 2) {
        if (s->count[0] * s->count[1] <= 64 * (s->count[0] + s->count[1])) pairs_two(s, multiplicity);
        else sweep_two(s, multiplicity);
        return;
    }
    for (int i = 0; i < s->n; i++) s->order[i] = i;
    for (int i = 1; i < s->n; i++) /* fewest combos first: the walk branches least at the top */
        for (int j = i; j > 0 && s->count[s->order[j]] < s->count[s->order[j - 1]]; j--) {
            int t = s->order[j];
            s->order[j] = s->order[j - 1];
            s->order[j - 1] = t;
        }
    s->last.count = 0;
    if (s->count[s->order[s->n - 1]] > HR_INDEX_LAST_FROM) index_last(s, s->order[s->n - 1]);
    walk(s, 0, 0, s->rules->rank_count + 1, 0, 1.0, multiplicity);
}


/* Two or three players with few combos and one or two cards to come: the loops turned around.
 * The runouts of [first, end) that are the smallest of their suit orbit become lanes, grouped
 * by their orbit's size (the multiplicity) and each group padded to eight lanes. Each distinct
 * combo is ranked on every lane into a row of 16-bit ranks (a sentinel where the runout meets
 * the combo). Then each assignment of combos that share no card compares its rows eight lanes a
 * step: the set of players holding the best rank becomes a code per lane (0 where a sentinel
 * makes the deal impossible) and the lanes of each code are counted as integers, weighted once
 * per assignment. The same counts as the runout-by-runout walk, summed in another order. */
#define HR_LANE_SENTINEL 0x7FFF
#define HR_LANE_GROUPS 8 /* distinct orbit sizes: divisors of the group order (at most 24) */

typedef struct {
    int n, width, ngroups;
    int group_end[HR_LANE_GROUPS]; /* lanes [group_end[g - 1], group_end[g]) have multiplicity mult[g] */
    int mult[HR_LANE_GROUPS];
    const int16_t *rows;           /* [ncombos][width] */
} lanes_t;

/* Deals won by each set of players (codes 1 .. 2^n - 1) over the lanes of rows r[0..n-1],
 * each lane counted with its multiplicity. */
HR_INLINE void count_lanes(const lanes_t *t, const int16_t *const *r, uint64_t *won) {
    int codes = (1 << t->n) - 1;
    for (int v = 1; v <= codes; v++) won[v] = 0;
    for (int g = 0, l = 0; g < t->ngroups; g++) {
        int32_t count[8] = {0};
#if HR_SCAN_SSE2
        if (t->n == 2) { /* two counts a step: the first below, and equal; the rest is the second's */
            const __m128i sentinel = _mm_set1_epi16(HR_LANE_SENTINEL), ones = _mm_set1_epi16(1);
            __m128i below = _mm_setzero_si128(), equal = _mm_setzero_si128(), valid = _mm_setzero_si128();
            for (; l < t->group_end[g]; l += 8) {
                __m128i a = _mm_loadu_si128((const __m128i *)(r[0] + l));
                __m128i b = _mm_loadu_si128((const __m128i *)(r[1] + l));
                __m128i bad = _mm_or_si128(_mm_cmpeq_epi16(a, sentinel), _mm_cmpeq_epi16(b, sentinel));
                below = _mm_sub_epi16(below, _mm_andnot_si128(bad, _mm_cmplt_epi16(a, b)));
                equal = _mm_sub_epi16(equal, _mm_andnot_si128(bad, _mm_cmpeq_epi16(a, b)));
                valid = _mm_add_epi16(valid, _mm_andnot_si128(bad, ones));
            }
            int32_t part[4];
            _mm_storeu_si128((__m128i *)part, _mm_madd_epi16(_mm_packs_epi32(_mm_madd_epi16(below, ones),
                                                                             _mm_madd_epi16(equal, ones)), ones));
            count[1] = part[0] + part[1];
            count[3] = part[2] + part[3];
            _mm_storeu_si128((__m128i *)part, _mm_madd_epi16(valid, ones));
            count[2] = part[0] + part[1] + part[2] + part[3] - count[1] - count[3];
            for (int v = 1; v <= 3; v++) won[v] += (uint64_t)count[v] * (uint64_t)t->mult[g];
            continue;
        }
        const __m128i sentinel = _mm_set1_epi16(HR_LANE_SENTINEL), ones = _mm_set1_epi16(1);
        __m128i acc[8];
        for (int v = 0; v < 8; v++) acc[v] = _mm_setzero_si128();
        for (; l < t->group_end[g]; l += 8) {
            __m128i a = _mm_loadu_si128((const __m128i *)(r[0] + l)), b = _mm_loadu_si128((const __m128i *)(r[1] + l));
            __m128i bad = _mm_or_si128(_mm_cmpeq_epi16(a, sentinel), _mm_cmpeq_epi16(b, sentinel));
            __m128i best = _mm_min_epi16(a, b), c = a;
            if (t->n == 3) {
                c = _mm_loadu_si128((const __m128i *)(r[2] + l));
                bad = _mm_or_si128(bad, _mm_cmpeq_epi16(c, sentinel));
                best = _mm_min_epi16(best, c);
            }
            __m128i code = _mm_or_si128(_mm_and_si128(_mm_cmpeq_epi16(a, best), ones),
                                        _mm_and_si128(_mm_cmpeq_epi16(b, best), _mm_set1_epi16(2)));
            if (t->n == 3) code = _mm_or_si128(code, _mm_and_si128(_mm_cmpeq_epi16(c, best), _mm_set1_epi16(4)));
            code = _mm_andnot_si128(bad, code);
            for (int v = 1; v <= codes; v++) /* a match is -1 a lane: subtracting counts */
                acc[v] = _mm_sub_epi16(acc[v], _mm_cmpeq_epi16(code, _mm_set1_epi16((short)v)));
        }
        for (int v = 1; v <= codes; v++) {
            int32_t part[4];
            _mm_storeu_si128((__m128i *)part, _mm_madd_epi16(acc[v], ones));
            count[v] = part[0] + part[1] + part[2] + part[3];
        }
#endif
        for (; l < t->group_end[g]; l++) {
            int bad = 0, best = HR_LANE_SENTINEL, code = 0;
            for (int p = 0; p < t->n; p++) {
                bad |= r[p][l] == HR_LANE_SENTINEL;
                best = r[p][l] < best ? r[p][l] : best;
            }
            for (int p = 0; p < t->n; p++) code |= (r[p][l] == best) << p;
            if (!bad) count[code]++;
        }
        for (int v = 1; v <= codes; v++) won[v] += (uint64_t)count[v] * (uint64_t)t->mult[g];
    }
}

#if HR_X86_DISPATCH
/* Where the CPU has AVX2 and popcnt, the lanes are counted 32 a block as bit masks: a
 * comparison of two rows becomes one 32-bit word (packs_epi16 then movemask: the lanes'
 * bits come in an order of their own, the same for every mask, so counts of their ANDs are
 * the counts of the lanes), and each outcome's count is a popcount. Groups are padded to 32
 * lanes. Three players: for each pair (i, j) of the first two, the lanes where the first
 * alone, the second alone, or both hold the pair's best rank are made once; each combo of the
 * third then takes the set of the pair (above its rank), joins it (equal), or wins alone
 * (below). The same integer counts as count_lanes, so the same sums. */
#include <immintrin.h>
#define HR_LANES_AVX2 __attribute__((target("avx2,popcnt")))
#define HR_LANE_BLOCK 32
#define HR_LOAD16(p) _mm256_loadu_si256((const __m256i *)(p)) /* 16 lanes' ranks */

HR_LANES_AVX2 static inline uint32_t lane_bits(__m256i low, __m256i high) { /* 16-bit 0/-1 lanes -> bits */
    return (uint32_t)_mm256_movemask_epi8(_mm256_packs_epi16(low, high));
}

/* Each distinct combo's sentinel lanes (it meets the runout, or padding), a word a block. */
HR_LANES_AVX2 static void sentinel_bits(const int16_t *rows, int ncombos, int nblocks, uint32_t *sent) {
    const __m256i sentinel = _mm256_set1_epi16(HR_LANE_SENTINEL);
    for (int u = 0; u < ncombos; u++)
        for (int b = 0; b < nblocks; b++) {
            const int16_t *row = rows + ((size_t)u * (size_t)nblocks + (size_t)b) * HR_LANE_BLOCK;
            sent[(size_t)u * (size_t)nblocks + (size_t)b] =
                lane_bits(_mm256_cmpeq_epi16(HR_LOAD16(row), sentinel),
                          _mm256_cmpeq_epi16(HR_LOAD16(row + 16), sentinel));
        }
}

/* Two players' rows a and b: deals won by a alone (won[1]), b alone (won[2]), both (won[3]). */
HR_LANES_AVX2 static void count_two_bits(const lanes_t *t, const int16_t *a, const int16_t *b, const uint32_t *sent_a,
                                         const uint32_t *sent_b, uint64_t *won) {
    won[1] = won[2] = won[3] = 0;
    for (int g = 0, block = 0; g < t->ngroups; g++) {
        uint64_t below = 0, equal = 0, valid = 0;
        for (; block < t->group_end[g] / HR_LANE_BLOCK; block++) {
            const int16_t *ra = a + (size_t)block * HR_LANE_BLOCK, *rb = b + (size_t)block * HR_LANE_BLOCK;
            __m256i a0 = HR_LOAD16(ra), a1 = HR_LOAD16(ra + 16);
            __m256i b0 = HR_LOAD16(rb), b1 = HR_LOAD16(rb + 16);
            uint32_t ok = ~(sent_a[block] | sent_b[block]);
            below += (uint64_t)_mm_popcnt_u32(lane_bits(_mm256_cmpgt_epi16(b0, a0), _mm256_cmpgt_epi16(b1, a1)) & ok);
            equal += (uint64_t)_mm_popcnt_u32(lane_bits(_mm256_cmpeq_epi16(a0, b0), _mm256_cmpeq_epi16(a1, b1)) & ok);
            valid += (uint64_t)_mm_popcnt_u32(ok);
        }
        won[1] += below * (uint64_t)t->mult[g];
        won[2] += (valid - below - equal) * (uint64_t)t->mult[g];
        won[3] += equal * (uint64_t)t->mult[g];
    }
}

/* The pair (a, b) of the first two players: its best rank per lane (best) and, a word a
 * block each, the lanes where a alone, b alone or both hold it, with neither row a sentinel
 * (holds[0..2][block]). */
HR_LANES_AVX2 static void pair_bits(int nblocks, const int16_t *a, const int16_t *b, const uint32_t *sent_a,
                                    const uint32_t *sent_b, int16_t *best, uint32_t *holds) {
    for (int block = 0; block < nblocks; block++) {
        size_t at = (size_t)block * HR_LANE_BLOCK;
        __m256i a0 = HR_LOAD16(a + at), a1 = HR_LOAD16(a + at + 16);
        __m256i b0 = HR_LOAD16(b + at), b1 = HR_LOAD16(b + at + 16);
        __m256i m0 = _mm256_min_epi16(a0, b0), m1 = _mm256_min_epi16(a1, b1);
        _mm256_storeu_si256((__m256i *)(best + at), m0);
        _mm256_storeu_si256((__m256i *)(best + at + 16), m1);
        uint32_t ok = ~(sent_a[block] | sent_b[block]);
        uint32_t in_a = lane_bits(_mm256_cmpeq_epi16(a0, m0), _mm256_cmpeq_epi16(a1, m1)) & ok;
        uint32_t in_b = lane_bits(_mm256_cmpeq_epi16(b0, m0), _mm256_cmpeq_epi16(b1, m1)) & ok;
        holds[block] = in_a & ~in_b;
        holds[nblocks + block] = in_b & ~in_a;
        holds[2 * nblocks + block] = in_a & in_b;
    }
}

/* A pair's best and holds (pair_bits) against the third player's row c: the deals won by
 * each set of the three (won[1..7]: bit 1 the pair's first, 2 its second, 4 the third). */
HR_LANES_AVX2 static void count_three_bits(const lanes_t *t, const int16_t *best, const uint32_t *holds,
                                           const int16_t *c, const uint32_t *sent_c, uint64_t *won) {
    const int nblocks = t->width / HR_LANE_BLOCK;
    for (int v = 1; v <= 7; v++) won[v] = 0;
    for (int g = 0, block = 0; g < t->ngroups; g++) {
        uint64_t n[8] = {0};
        for (; block < t->group_end[g] / HR_LANE_BLOCK; block++) {
            size_t at = (size_t)block * HR_LANE_BLOCK;
            __m256i c0 = HR_LOAD16(c + at), c1 = HR_LOAD16(c + at + 16);
            __m256i m0 = HR_LOAD16(best + at), m1 = HR_LOAD16(best + at + 16);
            uint32_t lower = lane_bits(_mm256_cmpgt_epi16(m0, c0), _mm256_cmpgt_epi16(m1, c1));
            uint32_t equal = lane_bits(_mm256_cmpeq_epi16(m0, c0), _mm256_cmpeq_epi16(m1, c1));
            uint32_t ok = ~sent_c[block], a = holds[block], b = holds[nblocks + block];
            uint32_t both = holds[2 * nblocks + block];
            uint32_t above = ok & ~(lower | equal);
            equal &= ok;
            n[4] += (uint64_t)_mm_popcnt_u32(lower & ok & (a | b | both));
            n[1] += (uint64_t)_mm_popcnt_u32(above & a);
            n[2] += (uint64_t)_mm_popcnt_u32(above & b);
            n[3] += (uint64_t)_mm_popcnt_u32(above & both);
            n[5] += (uint64_t)_mm_popcnt_u32(equal & a);
            n[6] += (uint64_t)_mm_popcnt_u32(equal & b);
            n[7] += (uint64_t)_mm_popcnt_u32(equal & both);
        }
        for (int v = 1; v <= 7; v++) won[v] += n[v] * (uint64_t)t->mult[g];
    }
}
#endif

/* Whether the transposed count suits the spot: 2 or 3 players, 1 or 2 cards to come, and few
 * enough assignments that counting each over the lanes beats walking them on every runout. */
HR_INLINE int lanes_suit(int nplayers, int k, const int32_t *combo_start) {
    if (k < 1 || k > 2 || nplayers < 2 || nplayers > 3) return 0;
    int64_t a = combo_start[1] - combo_start[0], b = combo_start[2] - combo_start[1];
    if (nplayers == 2) return a * b <= 64 * (a + b);
    int64_t c = combo_start[3] - combo_start[2];
    return a * b * c <= 20000;
}

/* A distinct combo's pair of ranks, 0 .. 168: combos of one pair share every multiset rank. */
HR_INLINE int rank_pair(const combo_t *c) {
    return c->c0 / 4 * 13 + c->c1 / 4;
}

static int lanes_walk(spot_t *s, const uint8_t *deck, int ndeck, int k, uint64_t first, uint64_t end,
                      uint64_t board_key, uint64_t board_suits, const uint8_t *group, int ngroup) {
    /* the lanes: runout cards by group of multiplicity */
    int nlanes = (int)(end - first), mult_of[25] = {0};
    uint8_t *runouts = malloc((size_t)nlanes * 2 + 1), *multiplicity = malloc((size_t)nlanes + 1);
    lanes_t t;
    memset(&t, 0, sizeof t);
    t.n = s->n;
    if (!runouts || !multiplicity) {
        free(runouts);
        free(multiplicity);
        return HR_ERR_MEMORY;
    }
    int kept = 0, a = 0, b = 1;
    for (uint64_t number = 0; number < end; number++) { /* positions (a, b) of runout `number` */
        if (number >= first) {
            uint8_t runout[2] = {deck[k == 1 ? (int)number : a], deck[b]};
            int stabilizer = 1;
            if (ngroup == 1 || smallest_of_orbit(runout, k, group, ngroup, &stabilizer)) {
                runouts[2 * kept] = runout[0];
                runouts[2 * kept + 1] = runout[1];
                multiplicity[kept++] = (uint8_t)(ngroup / stabilizer);
            }
        }
        if (k == 2 && ++b == ndeck) {
            a++;
            b = a + 1;
        }
    }
    for (int i = 0; i < kept; i++) mult_of[multiplicity[i]]++;
    int bits = 0; /* lanes counted as bit masks (a group padded to HR_LANE_BLOCK), or by count_lanes */
#if HR_X86_DISPATCH
    bits = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
#endif
    const int pad = bits ? 32 : 8; /* HR_LANE_BLOCK, or count_lanes' step */
    int width = 0;
    for (int m = 1; m <= 24; m++) {
        if (!mult_of[m]) continue;
        t.mult[t.ngroups] = m;
        width += (mult_of[m] + pad - 1) & ~(pad - 1);
        t.group_end[t.ngroups++] = width;
    }
    t.width = width;
    /* Combos of the same two ranks have the same multiset rank on a lane: it is looked up once
     * per lane and pair of ranks (a class), and a combo's row takes it, or its flush where the
     * lane and combo may make one. */
    int class_of_ranks[13 * 13], nclasses = 0;
    for (int i = 0; i < 13 * 13; i++) class_of_ranks[i] = -1;
    for (int u = 0; u < s->ncombos; u++) {
        int ranks = rank_pair(&s->combo[u]);
        if (class_of_ranks[ranks] < 0) class_of_ranks[ranks] = nclasses++;
    }
    /* one block: each lane's key, suit masks and cards; with bits, each combo's sentinel lanes
     * and a pair's (sent, holds); each kept runout's lane; the combos' rows, the classes' rows
     * and a pair's best row */
    const size_t nrows = (size_t)width * (size_t)s->ncombos, nbits = bits ? (size_t)(width / 32) : 0;
    void *work = malloc(sizeof(uint64_t) * 3 * ((size_t)width + 1) +
                        sizeof(uint32_t) * (nbits * ((size_t)s->ncombos + 3) + 1) + sizeof(int) * ((size_t)kept + 1) +
                        sizeof(int16_t) * (nrows + ((size_t)nclasses + 1) * (size_t)width + 1));
    if (!work) {
        free(runouts);
        free(multiplicity);
        return HR_ERR_MEMORY;
    }
    uint64_t *lane_key = work, *lane_suits = lane_key + width, *lane_cards = lane_key + 2 * width;
    uint32_t *sent = (uint32_t *)(lane_key + 3 * ((size_t)width + 1));
    int *lane_of = (int *)(sent + nbits * ((size_t)s->ncombos + 3) + 1);
    int16_t *rows = (int16_t *)(lane_of + kept + 1), *class_rows = rows + nrows;
    { /* each kept runout's lane: its group's next free place */
        int next[HR_LANE_GROUPS];
        for (int g = 0; g < t.ngroups; g++) next[g] = g ? t.group_end[g - 1] : 0;
        for (int i = 0; i < kept; i++) {
            int g = 0;
            while (t.mult[g] != multiplicity[i]) g++;
            lane_of[i] = next[g]++;
        }
    }
    for (int l = 0; l < width; l++) { /* padding meets every combo */
        lane_key[l] = board_key;
        lane_suits[l] = board_suits;
        lane_cards[l] = ~0ull;
    }
    for (int i = 0; i < kept; i++) {
        uint64_t key = board_key, suits = board_suits, cards = 0;
        for (int j = 0; j < k; j++) {
            int card = runouts[2 * i + j];
            key += hr_card_key[card];
            suits |= suit_rank_bit(card);
            cards |= card_bit(card);
        }
        lane_key[lane_of[i]] = key;
        lane_suits[lane_of[i]] = suits;
        lane_cards[lane_of[i]] = cards;
    }
    for (int u = 0, done = 0; u < s->ncombos; u++) { /* each class's multiset ranks, in order of first combo */
        const combo_t *c = &s->combo[u];
        int cls = class_of_ranks[rank_pair(c)];
        if (cls < done) continue;
        int16_t *class_row = class_rows + (size_t)cls * (size_t)width;
        for (int l = 0; l < width; l++)
            class_row[l] = (int16_t)game_multiset_rank(s->rules->multiset, lane_key[l] + c->key);
        done++;
    }
    for (int u = 0; u < s->ncombos; u++) {
        const combo_t *c = &s->combo[u];
        int16_t *row = rows + (size_t)u * (size_t)width;
        const int16_t *class_row = class_rows + (size_t)class_of_ranks[rank_pair(c)] * (size_t)width;
        for (int l = 0; l < width; l++) {
            uint64_t key = lane_key[l] + c->key;
            int16_t rank = class_row[l];
            if (HR_UNLIKELY(key & HR_FLUSH_CHECK))
                rank = (int16_t)rules_seven_rank(s->rules, key, lane_suits[l] | c->suits);
            row[l] = (lane_cards[l] & c->mask) ? HR_LANE_SENTINEL : rank;
        }
    }
    t.rows = rows;
#if HR_X86_DISPATCH
    const int nblocks = (int)nbits;
    uint32_t *holds = sent + nbits * (size_t)s->ncombos;
    int16_t *best = class_rows + (size_t)nclasses * (size_t)width;
    if (bits) sentinel_bits(rows, s->ncombos, nblocks, sent);
#endif
    /* every assignment of combos that share no card */
    const int32_t *start = s->start;
    uint64_t won[8];
    for (int i = start[0]; i < start[1]; i++) {
        int ui = s->player_u[i];
        if (ui < 0) continue;
        uint64_t mask_i = s->combo[ui].mask;
        double sums[8] = {0};
        for (int j = start[1]; j < start[2]; j++) {
            int uj = s->player_u[j];
            if (uj < 0 || (s->combo[uj].mask & mask_i)) continue;
            uint64_t mask_ij = mask_i | s->combo[uj].mask;
            const int16_t *r[3] = {rows + (size_t)ui * (size_t)width, rows + (size_t)uj * (size_t)width, NULL};
            if (s->n == 2) {
#if HR_X86_DISPATCH
                if (bits)
                    count_two_bits(&t, r[0], r[1], sent + (size_t)ui * (size_t)nblocks,
                                   sent + (size_t)uj * (size_t)nblocks, won);
                else
#endif
                    count_lanes(&t, r, won);
                for (int v = 1; v <= 3; v++) {
                    sums[v] += s->weights[j] * (double)won[v];
                    s->deals += won[v];
                }
                continue;
            }
#if HR_X86_DISPATCH
            int paired = 0; /* the pair's bits made (with the first combo of the third that fits) */
#endif
            for (int l = start[2]; l < start[3]; l++) {
                int ul = s->player_u[l];
                if (ul < 0 || (s->combo[ul].mask & mask_ij)) continue;
                r[2] = rows + (size_t)ul * (size_t)width;
#if HR_X86_DISPATCH
                if (bits) {
                    if (!paired++)
                        pair_bits(nblocks, r[0], r[1], sent + (size_t)ui * (size_t)nblocks,
                                  sent + (size_t)uj * (size_t)nblocks, best, holds);
                    count_three_bits(&t, best, holds, r[2], sent + (size_t)ul * (size_t)nblocks, won);
                } else
#endif
                    count_lanes(&t, r, won);
                double w = s->weights[j] * s->weights[l];
                for (int v = 1; v <= 7; v++) {
                    sums[v] += w * (double)won[v];
                    s->deals += won[v];
                }
            }
        }
        for (int v = 1; v < (1 << s->n); v++) s->outcomes[v] += s->weights[i] * sums[v];
    }
    free(work);
    free(runouts);
    free(multiplicity);
    return 0;
}

int hr_equity_ranges(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                     const uint8_t *board, int nboard, const uint8_t *dead, int ndead, const uint8_t *group,
                     int ngroup, uint64_t first, uint64_t end, double *outcomes, uint64_t *deals) {
    return hr_equity_ranges_rules(&hr_holdem_rules, combos, combo_start, weights, nplayers, board, nboard, dead,
                                  ndead, group, ngroup, first, end, outcomes, deals);
}

int hr_equity_ranges_rules(const hr_rules_t *rules, const uint8_t *combos, const int32_t *combo_start,
                           const double *weights, int nplayers, const uint8_t *board, int nboard,
                           const uint8_t *dead, int ndead, const uint8_t *group, int ngroup, uint64_t first,
                           uint64_t end, double *outcomes, uint64_t *deals) {
    uint64_t known = 0;
    int error = check_spot(rules, combos, combo_start, weights, nplayers, nboard, board, dead, ndead, &known);
    if (error) return error;
    if ((error = check_group(group, ngroup))) return error;

    int total = combo_start[nplayers], k = 5 - nboard;
    uint8_t deck[52];
    int ndeck = unseen_deck(known, deck);
    uint64_t runouts = hr_choose(ndeck, k);
    if (end > runouts) end = runouts;
    if (first >= end) return 0;

    spot_t s;
    memset(&s, 0, sizeof s);
    s.rules = rules;
    s.n = nplayers;
    s.start = combo_start;
    s.weights = weights;
    s.outcomes = outcomes;
    void *block = malloc((size_t)total * (sizeof(combo_t) + sizeof(int) * 3 + sizeof(double) * 3 +
                                          sizeof(uint64_t) + sizeof(entry_t)) +
                         sizeof(int) * 4 * 1326 + sizeof(int16_t) * 52 * 52);
    if (!block) return HR_ERR_MEMORY;
    char *at = block;
    s.combo = (combo_t *)at;
    at += (size_t)total * sizeof(combo_t);
    uint64_t *column_mask = (uint64_t *)at;
    at += (size_t)total * sizeof(uint64_t);
    double *column_weight = (double *)at;
    at += (size_t)total * sizeof(double);
    double *column_rank_d = (double *)at;
    at += (size_t)total * sizeof(double);
    entry_t *entries = (entry_t *)at;
    at += (size_t)total * sizeof(entry_t);
    s.group_weight_u = (double *)at;
    at += (size_t)total * sizeof(double);
    s.player_u = (int *)at;
    at += (size_t)total * sizeof(int);
    s.rank_u = (int *)at;
    at += (size_t)total * sizeof(int);
    s.sort_a = (int *)at;
    at += sizeof(int) * 2 * 1326;
    s.sort_b = (int *)at;
    at += sizeof(int) * 2 * 1326;
    int *column_rank = (int *)at;
    at += (size_t)total * sizeof(int);
    int16_t *index = (int16_t *)at;
    for (int i = 0; i < 52 * 52; i++) index[i] = -1;
    int largest = 0;
    for (int p = 0; p < nplayers; p++)
        if (combo_start[p + 1] - combo_start[p] > largest) largest = combo_start[p + 1] - combo_start[p];
    void *last_block = malloc((size_t)largest * (sizeof(int) * 3 + sizeof(uint64_t) + sizeof(double) * 2) +
                              sizeof(double));
    if (!last_block) {
        free(block);
        return HR_ERR_MEMORY;
    }
    s.last.mask = last_block;
    s.last.weight = (double *)(s.last.mask + largest);
    s.last.running = s.last.weight + largest;
    s.last.rank = (int *)(s.last.running + largest + 1);
    s.last.position = s.last.rank + largest;
    for (int p = 0; p < nplayers; p++) {
        s.list[p] = entries + combo_start[p];
        s.column[p].rank = column_rank + combo_start[p];
        s.column[p].weight = column_weight + combo_start[p];
        s.column[p].rank_d = column_rank_d + combo_start[p];
        s.column[p].mask = column_mask + combo_start[p];
        for (int i = combo_start[p]; i < combo_start[p + 1]; i++) {
            int c0 = combos[2 * i], c1 = combos[2 * i + 1];
            if (c0 < c1) {
                int t = c0;
                c0 = c1;
                c1 = t;
            }
            uint64_t mask = card_bit(c0) | card_bit(c1);
            if (mask & known) { /* meets the board or a dead card: never dealt */
                s.player_u[i] = -1;
                continue;
            }
            if (index[c0 * 52 + c1] < 0) {
                combo_t *c = &s.combo[s.ncombos];
                c->mask = mask;
                c->key = hr_card_key[c0] + hr_card_key[c1];
                c->suits = suit_rank_bit(c0) | suit_rank_bit(c1);
                c->c0 = (uint8_t)c0;
                c->c1 = (uint8_t)c1;
                s.group_weight_u[s.ncombos] = 0;
                index[c0 * 52 + c1] = (int16_t)s.ncombos++;
            }
            s.player_u[i] = index[c0 * 52 + c1];
        }
    }

    uint64_t board_key = HR_SUIT_BIAS, board_suits = 0;
    for (int i = 0; i < nboard; i++) {
        board_key += hr_card_key[board[i]];
        board_suits |= suit_rank_bit(board[i]);
    }
    if (lanes_suit(nplayers, k, combo_start)) {
        error = lanes_walk(&s, deck, ndeck, k, first, end, board_key, board_suits, group, ngroup);
        *deals += s.deals;
        free(last_block);
        free(block);
        return error;
    }
    int pick[5] = {0}; /* runout `first`: positions pick[0] < ... < pick[k-1] of the deck */
    hr_unrank(first, ndeck, k, pick);
    /* A runout whose lowest card some permutation of the group maps onto a lower card (its
     * suit onto a lower suit) has that card in its image and not in itself, so an image below
     * it: every runout from that first card on is skipped, as smallest_of_orbit would. */
    uint64_t lowered = 0;
    for (int g = 1; g < ngroup && k; g++)
        for (int suit = 1; suit < 4; suit++)
            if (hr_suit_perms[group[g]][suit] < suit) lowered |= HR_SUIT0_CARDS << suit;
    for (uint64_t number = first; number < end; number++) {
        if (lowered && (lowered >> deck[pick[0]] & 1)) { /* on to the next first card (k > 0 here) */
            number = runouts - hr_choose(ndeck - pick[0] - 1, k);
            if (number >= end) break;
            pick[0]++;
            for (int j = 1; j < k; j++) pick[j] = pick[j - 1] + 1;
            number--; /* the loop's step takes it back */
            continue;
        }
        uint8_t runout[5];
        for (int i = 0; i < k; i++) runout[i] = deck[pick[i]];
        int stabilizer = 1;
        if (ngroup == 1 || smallest_of_orbit(runout, k, group, ngroup, &stabilizer)) {
            /* its cards' mask and keys: only for the runouts counted (a 24th of them preflop) */
            uint64_t mask = 0, key = board_key, suits = board_suits;
            for (int i = 0; i < k; i++) {
                mask |= card_bit(runout[i]);
                key += hr_card_key[runout[i]];
                suits |= suit_rank_bit(runout[i]);
            }
            runout_showdowns(&s, mask, key, suits, (double)(ngroup / stabilizer));
        }
        /* next combination */
        int i = k - 1;
        while (i >= 0 && pick[i] == ndeck - k + i) i--;
        if (i < 0) break;
        pick[i]++;
        for (int j = i + 1; j < k; j++) pick[j] = pick[j - 1] + 1;
    }
    *deals += s.deals;
    free(last_block);
    free(block);
    return 0;
}

/* ------------------------------------------------------------------------ symmetry */

int hr_equity_symmetry(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                       const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint8_t *group) {
    uint64_t known = 0;
    int error = check_table(nplayers, nboard, board, dead, ndead, &known);
    if (error) return error;
    if ((error = check_ranges(combos, combo_start, weights, nplayers))) return error;
    uint64_t board_set = 0, dead_set = 0;
    for (int i = 0; i < nboard; i++) board_set |= card_bit(board[i]);
    for (int i = 0; i < ndead; i++) dead_set |= card_bit(dead[i]);
    int candidate[24], ncandidates = 0;
    for (int g = 0; g < 24; g++) { /* first the permutations that fix the board and the dead cards */
        const uint8_t *perm = hr_suit_perms[g];
        uint64_t board_image = 0, dead_image = 0;
        for (int i = 0; i < nboard; i++) board_image |= card_bit(permute_card(perm, board[i]));
        for (int i = 0; i < ndead; i++) dead_image |= card_bit(permute_card(perm, dead[i]));
        if (board_image == board_set && dead_image == dead_set) candidate[ncandidates++] = g;
    }
    /* then, player by player, those that map each weighted combo onto one of the same weight
     * (weights are > 0, so a slot nobody listed reads 0 and never matches) */
    double *weight_of = ncandidates > 1 ? calloc(52 * 52, sizeof(double)) : NULL;
    if (ncandidates > 1 && !weight_of) return HR_ERR_MEMORY;
    for (int p = 0; p < nplayers && ncandidates > 1; p++) {
        for (int i = combo_start[p]; i < combo_start[p + 1]; i++) {
            int c0 = combos[2 * i], c1 = combos[2 * i + 1];
            weight_of[c0 * 52 + c1] = weight_of[c1 * 52 + c0] = weights[i];
        }
        int kept = 0;
        for (int k = 0; k < ncandidates; k++) {
            const uint8_t *perm = hr_suit_perms[candidate[k]];
            int ok = 1;
            for (int i = combo_start[p]; ok && i < combo_start[p + 1]; i++) {
                int c0 = permute_card(perm, combos[2 * i]), c1 = permute_card(perm, combos[2 * i + 1]);
                ok = weight_of[c0 * 52 + c1] == weights[i];
            }
            if (ok) candidate[kept++] = candidate[k];
        }
        ncandidates = kept;
        for (int i = combo_start[p]; i < combo_start[p + 1]; i++) { /* clear for the next player */
            int c0 = combos[2 * i], c1 = combos[2 * i + 1];
            weight_of[c0 * 52 + c1] = weight_of[c1 * 52 + c0] = 0;
        }
    }
    free(weight_of);
    for (int k = 0; k < ncandidates; k++) group[k] = (uint8_t)candidate[k];
    return ncandidates;
}

/* ------------------------------------------------------------------- feasibility */

/* hr_feasible_masks for two-card combos: their masks made first. */
static int combos_feasible(const uint8_t *combos, const int32_t *combo_start, int nplayers, uint64_t used,
                           int64_t budget) {
    int32_t total = combo_start[nplayers];
    uint64_t *masks = malloc(sizeof *masks * (size_t)(total ? total : 1));
    if (!masks) return HR_ERR_MEMORY;
    for (int32_t i = 0; i < total; i++) masks[i] = card_bit(combos[2 * i]) | card_bit(combos[2 * i + 1]);
    int found = hr_feasible_masks(masks, combo_start, nplayers, used, budget);
    free(masks);
    return found;
}

int hr_ranges_feasible(const uint8_t *combos, const int32_t *combo_start, int nplayers, const uint8_t *known,
                       int nknown, int64_t budget) {
    if (nplayers < 1 || nplayers > HR_MAX_PLAYERS) return HR_ERR_PLAYERS;
    uint64_t used = 0;
    int error = take_cards(known, nknown, &used);
    if (error) return error;
    if ((error = check_ranges(combos, combo_start, NULL, nplayers))) return error;
    return combos_feasible(combos, combo_start, nplayers, used, budget);
}

/* ---- equity's players read in one call (hr_ranges_text) ------------------------------- */

/* 's', 'o' (either case) or 0 when `c` is neither. */
static int text_kind(uint8_t c) {
    return c == 's' || c == 'S' ? 's' : c == 'o' || c == 'O' ? 'o' : 0;
}

/* One player's combos as they are read: each combo kept once, where it first came. */
typedef struct {
    uint8_t *combos;
    int count;
    uint64_t seen[52]; /* seen[high] bit low: the combo (high, low) is in */
} combo_list_t;

static void add_combo(combo_list_t *list, int high, int low) {
    if (list->seen[high] >> low & 1) return;
    list->seen[high] |= 1ull << low;
    list->combos[2 * list->count] = (uint8_t)high;
    list->combos[2 * list->count + 1] = (uint8_t)low;
    list->count++;
}

/* A pair's six combos, higher card first, in handrank.ranges' order. */
static void add_pair(combo_list_t *list, int rank) {
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) add_combo(list, 4 * rank + j, 4 * rank + i);
}

/* The combos of two different ranks: kind 's' suited, 'o' offsuit, 0 both. */
static void add_two(combo_list_t *list, int high, int low, int kind) {
    for (int s1 = 0; s1 < 4; s1++)
        for (int s2 = 0; s2 < 4; s2++)
            if (kind == 's' ? s1 == s2 : kind == 'o' ? s1 != s2 : 1) add_combo(list, 4 * high + s1, 4 * low + s2);
}

/* One item (spaces already out): 1 when it is a plain item and its combos are added, 0 when
 * it is anything else (handrank.ranges then reads it, or says what is wrong). */
static int add_item(combo_list_t *list, const uint8_t *t, int n) {
    static const char random_word[] = "random";
    if (n == 6) {
        int same = 1;
        for (int i = 0; i < 6; i++) same &= (t[i] | 0x20) == random_word[i];
        if (same) {
            for (int a = 0; a < 52; a++)
                for (int b = 0; b < a; b++) add_combo(list, a, b);
            return 1;
        }
    }
    if (n < 2) return 0;
    int r0 = hr_rank_of_char(t[0]), r1 = hr_rank_of_char(t[1]);
    if (r0 < 0 || r1 < 0) return 0;
    if (r0 == r1) { /* QQ, QQ+, QQ-99 */
        int last = r0, r3 = n == 5 ? hr_rank_of_char(t[3]) : -1;
        if (n == 3 && t[2] == '+') last = 12;
        else if (n == 5 && t[2] == '-' && r3 >= 0 && r3 == hr_rank_of_char(t[4])) last = r3;
        else if (n != 2) return 0;
        int low = r0 < last ? r0 : last, high = r0 < last ? last : r0;
        for (int rank = low; rank <= high; rank++) add_pair(list, rank);
        return 1;
    }
    int high = r0 > r1 ? r0 : r1, low = r0 > r1 ? r1 : r0, at = 2;
    int kind = n > at ? text_kind(t[at]) : 0;
    at += kind != 0;
    if (at == n || (at + 1 == n && t[at] == '+')) { /* AK, AKs, A2s+ (kickers up to one below) */
        int top = at == n ? low : high - 1;
        for (int kicker = low; kicker <= top; kicker++) add_two(list, high, kicker, kind);
        return 1;
    }
    if (t[at] != '-' || n - at - 1 < 2) return 0; /* a span: A9s-A5s or T9s-65s */
    const uint8_t *u = t + at + 1;
    int m = n - at - 1, q0 = hr_rank_of_char(u[0]), q1 = hr_rank_of_char(u[1]);
    int kind2 = m > 2 ? text_kind(u[2]) : 0;
    if (q0 < 0 || q1 < 0 || q0 == q1 || m != 2 + (kind2 != 0) || kind2 != kind) return 0;
    int high2 = q0 > q1 ? q0 : q1, low2 = q0 > q1 ? q1 : q0;
    if (high == high2) {
        int a = low < low2 ? low : low2, b = low < low2 ? low2 : low;
        for (int kicker = a; kicker <= b; kicker++) add_two(list, high, kicker, kind);
        return 1;
    }
    if (high - low != high2 - low2) return 0;
    int a = high < high2 ? high : high2, b = high < high2 ? high2 : high;
    for (int top = a; top <= b; top++) add_two(list, top, top - (high - low), kind);
    return 1;
}

int hr_ranges_text(const uint8_t *text, const int32_t *text_start, const uint8_t *fixed, int nplayers,
                   const uint8_t *known, int nknown, int64_t budget, uint8_t *combos, int32_t *combo_start) {
    if (nplayers < 1 || nplayers > HR_MAX_PLAYERS) return 0;
    uint64_t used = 0, taken;
    if (take_cards(known, nknown, &used)) return 0;
    taken = used;
    for (int p = 0; p < nplayers; p++) /* the known players' cards: out of every range */
        if (fixed[2 * p] != 0xFF && take_cards(fixed + 2 * p, 2, &taken)) return 0;
    combo_list_t list;
    int total = 0;
    combo_start[0] = 0;
    for (int p = 0; p < nplayers; p++) {
        if (fixed[2 * p] != 0xFF) {
            int a = fixed[2 * p], b = fixed[2 * p + 1];
            combos[2 * total] = (uint8_t)(a > b ? a : b);
            combos[2 * total + 1] = (uint8_t)(a > b ? b : a);
            combo_start[p + 1] = ++total;
            continue;
        }
        memset(list.seen, 0, sizeof list.seen);
        list.combos = combos + 2 * total;
        list.count = 0;
        uint8_t item[13];
        int n = 0;
        for (int32_t i = text_start[p]; i <= text_start[p + 1]; i++) {
            uint8_t c = i < text_start[p + 1] ? text[i] : ',';
            if (c == ' ') continue;
            if (c == ',') {
                if (n && !add_item(&list, item, n)) return 0;
                n = 0;
                continue;
            }
            if (c == '(' || c == ')' || c == ':' || c < 0x21 || c > 0x7E || n == 12) return 0;
            item[n++] = c;
        }
        int kept = 0; /* the combos clear of every known card, in order */
        for (int i = 0; i < list.count; i++) {
            uint8_t a = list.combos[2 * i], b = list.combos[2 * i + 1];
            if ((taken >> a | taken >> b) & 1) continue;
            list.combos[2 * kept] = a;
            list.combos[2 * kept + 1] = b;
            kept++;
        }
        if (!kept) return 0;
        total += kept;
        combo_start[p + 1] = total;
    }
    return combos_feasible(combos, combo_start, nplayers, used, budget) == 1;
}
