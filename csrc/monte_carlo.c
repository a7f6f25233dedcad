/* Texas Hold'em equity by seeded Monte Carlo. Deals are numbered in chunks of
 * HR_EQUITY_CHUNK, chunk c drawn from its own random stream seeded by (seed, c), so the
 * counts for a seed do not depend on how the chunks are shared out between threads,
 * processes or machines. Each deal adds one to the count of the set of players that win it.
 *
 * Hole cards: each player's combo is drawn by weight. When no card appears in two players'
 * ranges, every draw fits. When ranges overlap, a deal whose combos share a card is not
 * redrawn from scratch while clashes are rare (a bound on their chance below one half). Past
 * that, the combos form a random walk (a Gibbs sampler) whose steady state is exactly the
 * weighted distribution of the deals where no card is shared: each deal redraws every
 * player's combo in turn among those that fit the others, then redistributes the four cards
 * of two players between them. A chunk starts its walk from a fitting deal found by
 * backtracking and runs HR_WALK_BURN_IN steps before it counts.
 * When the ranges are small (the product of all players' dealable combos, or of all but the
 * widest player's, at most HR_JOINT_LIMIT), the deals of those players that share no card are
 * listed once with their weights and drawn in one step from an alias table, clash-free by
 * construction; the widest player, if left out, is drawn last among its combos that fit, and
 * each listed deal is weighted by the weight of those combos, so that the pair of draws is
 * again exactly the weighted distribution of the deals where no card is shared.
 * Board cards (and random players'): each the pick-th of the cards left by id (take_nth in
 * random.h), a deal's picks from one batched draw; when every player's cards are fixed, the
 * board in parts from tables of the deck's triples, pairs and cards (board_parts). */
#include <stdlib.h>
#include <string.h>

#include "equity_internal.h"
#include "random.h"

#define HR_MC_BATCH 64 /* deals dealt, then ranked, together: the lookups of a batch overlap */
typedef char hr_mc_batches_fit[HR_EQUITY_CHUNK % HR_MC_BATCH == 0 ? 1 : -1]; /* chunks hold whole batches */

/* The boards of deals when every player's cards are fixed: the cards left to deal are always
 * the same, so a board is dealt in parts drawn from tables of them, each part's cards as one
 * key sum and one mask (suit_rank_bit's bits, which name the cards too): the triples, pairs
 * and single cards of the deck left. `left` cards are one part (a triple, a pair or a card),
 * or a triple and then a part of the rest (left 4: a card; left 5: a pair): the triple
 * uniform among all, the second part uniform among those that share no card with it (the
 * first that fits of independent uniform draws). Every ordered choice of disjoint parts is
 * then equally likely, and each board is made by as many of them as any other, so boards are
 * uniform. A deal's draws come from one batched 64-bit draw: the first part, and two tries
 * for the second, the second try taken (without a branch) when the first meets the triple (a
 * pair does about one time in eight preflop); with both meeting it (under 2% of deals) more
 * draws follow. Deals wait on nothing but their own draws, unlike the chain of take_nth's
 * picks, and no branch is mispredicted on a part that meets another. */
typedef struct {
    uint64_t key, mask;
} board_part_t;

#define HR_PARTS_ROOM (52 + 52 * 51 / 2) /* parts of the tables besides the triples */
#define HR_TRIPLES (52 * 51 * 50 / 6)

typedef struct {
    uint32_t bound[3], nsecond;
    uint64_t floor;                     /* (2^64 - P) mod P, P the product of the bounds */
    const board_part_t *first, *second; /* the tables of the two parts (second: left 4 or 5) */
} board_parts_t;

/* The tables of the cards in `deck` (a card-id mask) in `room` (HR_PARTS_ROOM parts, and
 * HR_TRIPLES more where 3 or more are left), and the plan of the picks of `left` cards (1 to
 * 5, at most the deck's count). */
static board_parts_t board_parts(uint64_t deck, int left, board_part_t *room) {
    board_parts_t parts;
    board_part_t *single = room, *pair = room + 52, *triple = room + HR_PARTS_ROOM;
    int ncards = 0, npairs = 0, ntriples = 0;
    for (uint64_t rest = deck; rest; rest &= rest - 1, ncards++) { /* each in colex order */
        int card = hr_ctz64(rest);
        board_part_t one = {hr_card_key[card], suit_rank_bit(card)};
        if (left >= 3)
            for (int i = 0; i < npairs; i++) {
                triple[ntriples].key = pair[i].key + one.key;
                triple[ntriples++].mask = pair[i].mask | one.mask;
            }
        for (int i = 0; i < ncards; i++) {
            pair[npairs].key = single[i].key + one.key;
            pair[npairs++].mask = single[i].mask | one.mask;
        }
        single[ncards] = one;
    }
    parts.first = left >= 3 ? triple : left == 2 ? pair : single;
    parts.bound[0] = (uint32_t)(left >= 3 ? ntriples : left == 2 ? npairs : ncards);
    parts.second = left == 5 ? pair : single;
    parts.bound[1] = parts.bound[2] = parts.nsecond = (uint32_t)(left == 5 ? npairs : ncards);
    uint64_t product = parts.bound[0]; /* at most 22,100 x 1,326^2 */
    if (left >= 4) product *= (uint64_t)parts.nsecond * parts.nsecond;
    parts.floor = (0 - product) % product;
    return parts;
}

/* Of tries one and two (numbers in `table`, of `count` parts), the first that shares no card
 * with `seen` (picked without a branch); with neither, the first that fits of further
 * uniform draws. */
HR_INLINE board_part_t fitting_part(rng_t *rng, const board_part_t *table, uint32_t count, uint32_t one,
                                    uint32_t two, uint64_t seen) {
    /* arithmetic, not a select: compilers turn a select into a branch, mispredicted often */
    board_part_t part = table[one + (two - one) * (uint32_t)((table[one].mask & seen) != 0)];
    while (HR_UNLIKELY(part.mask & seen)) part = table[below(rng, count)];
    return part;
}

/* `batch` boards of `left` (1 to 5) cards: each deal's key sum (with `board_key`, the known
 * cards') and the suit_rank_bit bits of the cards dealt. */
HR_INLINE void deal_boards_of(rng_t *rng, const board_parts_t *parts, uint64_t board_key, int batch, uint64_t *keys,
                              uint64_t *masks, const int left) {
    const int npicks = left >= 4 ? 3 : 1;
    const board_part_t *first = parts->first, *second = parts->second;
    const uint64_t floor = parts->floor;
    const uint32_t nsecond = parts->nsecond, bound[3] = {parts->bound[0], parts->bound[1], parts->bound[2]};
    rng_t stream = *rng; /* in registers: nothing else writes it */
    for (int b = 0; b < batch; b++) {
        uint32_t pick[3];
        batch_draw(&stream, bound, npicks, floor, pick);
        uint64_t key = board_key + first[pick[0]].key, seen = first[pick[0]].mask;
        if (left >= 4) {
            board_part_t part = fitting_part(&stream, second, nsecond, pick[1], pick[2], seen);
            key += part.key;
            seen |= part.mask;
        }
        keys[b] = key;
        masks[b] = seen;
    }
    *rng = stream;
}

static void deal_boards(rng_t *rng, const board_parts_t *parts, uint64_t board_key, int batch, uint64_t *keys,
                        uint64_t *masks, int left) {
    switch (left) {
    case 5: deal_boards_of(rng, parts, board_key, batch, keys, masks, 5); break;
    case 4: deal_boards_of(rng, parts, board_key, batch, keys, masks, 4); break;
    case 3: deal_boards_of(rng, parts, board_key, batch, keys, masks, 3); break;
    case 2: deal_boards_of(rng, parts, board_key, batch, keys, masks, 2); break;
    case 1: deal_boards_of(rng, parts, board_key, batch, keys, masks, 1); break;
    default: /* the board is complete */
        for (int b = 0; b < batch; b++) {
            keys[b] = board_key;
            masks[b] = 0;
        }
    }
}

/* What ranking a deal needs: per combo, its key and suit bits; the board's known part. */
typedef struct {
    const hr_rules_t *rules;
    const uint64_t *combo_key, *combo_suits;
    uint64_t board_suits;
    int left, nplayers;
} ranker_t;

/* The suit_rank_bit bits of the cards of a card mask. */
HR_INLINE uint64_t suit_masks_of(uint64_t cards) {
    uint64_t suits = 0;
    for (; cards; cards &= cards - 1) suits |= suit_rank_bit(hr_ctz64(cards));
    return suits;
}

#if !defined(HR_PORTABLE) && (defined(__SSE2__) || defined(_M_X64))
#include <emmintrin.h>
#define HR_MC_SSE2 1
#else
#define HR_MC_SSE2 0
#endif

#if HR_MC_SSE2
/* Three players' winner sets over deals [0, count) (count a multiple of 8) of 16-bit ranks
 * r[p][b], eight deals a step: e_p marks the deals where p holds the best rank, and the
 * deals of each intersection of the e_p are counted (as -1 a lane); the deals won by
 * exactly each set follow by inclusion and exclusion. counts[4 * set] gets them. */
static void count_three_winners(const int16_t (*r)[HR_MC_BATCH], int count, uint64_t *counts) {
    __m128i m[8]; /* m[T]: deals where every player of T holds the best rank (T = 1 .. 7) */
    for (int t = 1; t < 8; t++) m[t] = _mm_setzero_si128();
    for (int b = 0; b < count; b += 8) {
        __m128i r0 = _mm_loadu_si128((const __m128i *)(r[0] + b)), r1 = _mm_loadu_si128((const __m128i *)(r[1] + b)),
                r2 = _mm_loadu_si128((const __m128i *)(r[2] + b));
        __m128i best = _mm_min_epi16(_mm_min_epi16(r0, r1), r2);
        __m128i e0 = _mm_cmpeq_epi16(r0, best), e1 = _mm_cmpeq_epi16(r1, best), e2 = _mm_cmpeq_epi16(r2, best);
        __m128i e01 = _mm_and_si128(e0, e1);
        m[1] = _mm_add_epi16(m[1], e0);
        m[2] = _mm_add_epi16(m[2], e1);
        m[4] = _mm_add_epi16(m[4], e2);
        m[3] = _mm_add_epi16(m[3], e01);
        m[5] = _mm_add_epi16(m[5], _mm_and_si128(e0, e2));
        m[6] = _mm_add_epi16(m[6], _mm_and_si128(e1, e2));
        m[7] = _mm_add_epi16(m[7], _mm_and_si128(e01, e2));
    }
    int64_t n[8] = {0};
    for (int t = 1; t < 8; t++) { /* each lane at most 64 / 8: pairs of lanes summed as 32 bits */
        int32_t lanes[4];
        _mm_storeu_si128((__m128i *)lanes, _mm_madd_epi16(m[t], _mm_set1_epi16(-1)));
        n[t] = (int64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
    }
    /* exactly set S: the deals of every T containing S, signed by the players T adds */
    counts[4 * 1] += (uint64_t)(n[1] - n[3] - n[5] + n[7]);
    counts[4 * 2] += (uint64_t)(n[2] - n[3] - n[6] + n[7]);
    counts[4 * 4] += (uint64_t)(n[4] - n[5] - n[6] + n[7]);
    counts[4 * 3] += (uint64_t)(n[3] - n[7]);
    counts[4 * 5] += (uint64_t)(n[5] - n[7]);
    counts[4 * 6] += (uint64_t)(n[6] - n[7]);
    counts[4 * 7] += (uint64_t)n[7];
}
#endif

/* Ranks every hand of `batch` deals and counts each deal's winner set (counts[4 * set + b % 4]).
 * Each deal's board is its key sum in `keys` (the known cards' too) and its dealt cards in
 * `masks` (the known ones are the ranker's board_suits); `fixed`: every deal's combos are
 * those of deal 0, and the masks are suit_rank_bit's bits (card ids' bits otherwise). Every
 * hand is looked up as a multiset first (any key reads a padded slot), without a branch, so
 * the players' loop unrolls; the 3% of hands that may be flushes are ranked again after. */
HR_INLINE void rank_deals_of(const ranker_t *r, int batch, int (*combo)[HR_MAX_PLAYERS], const uint64_t *keys,
                             const uint64_t *masks, uint64_t *counts, const int nplayers, const int fixed) {
    const uint16_t *multiset = r->rules->multiset;
    const uint64_t *combo_key = r->combo_key;
    uint64_t fixed_key[HR_MAX_PLAYERS], shares[2] = {0, 0}; /* heads-up: the deals each player wins or ties */
    for (int p = 0; p < nplayers; p++) fixed_key[p] = combo_key[combo[0][p]];
#if HR_MC_SSE2
    int16_t three[3][HR_MC_BATCH]; /* three players: the ranks, their winner sets counted after */
    const int counted = nplayers == 3 ? batch & ~7 : 0; /* deals counted eight at a time */
#else
    const int counted = 0;
#endif
    for (int b = 0; b < batch; b++) {
        int ranks[HR_MAX_PLAYERS];
        uint64_t any = 0, key[HR_MAX_PLAYERS];
        for (int p = 0; p < nplayers; p++) {
            key[p] = keys[b] + (fixed ? fixed_key[p] : combo_key[combo[b][p]]);
            any |= key[p];
            ranks[p] = game_multiset_rank(multiset, key[p]);
        }
        if (HR_UNLIKELY(any & HR_FLUSH_CHECK)) /* suits matter: 3% of hands */
            for (int p = 0; p < nplayers; p++) {
                if (!(key[p] & HR_FLUSH_CHECK)) continue;
                uint64_t dealt = fixed ? masks[b] : suit_masks_of(masks[b]);
                ranks[p] = rules_seven_rank(r->rules, key[p], r->combo_suits[combo[b][p]] | r->board_suits | dealt);
            }
        if (nplayers == 2) { /* two counters in registers; the winner sets from them after */
            shares[0] += ranks[0] <= ranks[1];
            shares[1] += ranks[1] <= ranks[0];
        } else if (b < counted) {
#if HR_MC_SSE2
            for (int p = 0; p < 3; p++) three[p][b] = (int16_t)ranks[p];
#endif
        } else {
            counts[4 * winners_of_random(ranks, nplayers) + (b & 3)]++;
        }
    }
#if HR_MC_SSE2
    if (counted) count_three_winners((const int16_t(*)[HR_MC_BATCH])three, counted, counts);
#endif
    if (nplayers == 2) { /* each deal has a winner, so the ties are the shares beyond the deals */
        uint64_t ties = shares[0] + shares[1] - (uint64_t)batch;
        counts[4 * 1] += shares[0] - ties;
        counts[4 * 2] += shares[1] - ties;
        counts[4 * 3] += ties;
    }
}

static void rank_deals(const ranker_t *r, int batch, int (*combo)[HR_MAX_PLAYERS], const uint64_t *keys,
                       const uint64_t *masks, uint64_t *counts, int fixed) {
    switch (r->nplayers + 16 * fixed) {
    case 2: rank_deals_of(r, batch, combo, keys, masks, counts, 2, 0); break;
    case 3: rank_deals_of(r, batch, combo, keys, masks, counts, 3, 0); break;
    case 18: rank_deals_of(r, batch, combo, keys, masks, counts, 2, 1); break;
    case 19: rank_deals_of(r, batch, combo, keys, masks, counts, 3, 1); break;
    default:
        if (fixed) rank_deals_of(r, batch, combo, keys, masks, counts, r->nplayers, 1);
        else rank_deals_of(r, batch, combo, keys, masks, counts, r->nplayers, 0);
    }
}


#define HR_WALK_BURN_IN 64
#define HR_JOINT_LIMIT 16384 /* most deals listed in a joint table (its setup is under 0.1 ms) */

typedef struct {
    int n, total;
    const uint8_t *combos;
    const int32_t *start;
    const double *weights;
    double *cumulative;  /* running weight within each player, combos meeting known cards at 0 */
    uint64_t *mask;      /* the two cards of each combo */
    uint64_t known;
    int current[HR_MAX_PLAYERS]; /* the walk's combos */
    double *scratch;     /* [max(range size, 52 * 52)] */
    const alias_t *draw; /* [n] each player's weighted draw */
    int16_t *pair_index; /* [n][52 * 52]: the combo of two cards in player p's range, or -1 */
} sampler_t;

/* Redraw player p's combo among those that fit `used` (the others' cards and the known ones),
 * by weight. The current combo always fits, so there is at least one. */
static void redraw_one(sampler_t *s, rng_t *rng, int p, uint64_t used) {
    for (int tries = 0; tries < 16; tries++) { /* a draw from the whole range that fits: exact */
        int i = draw_alias(&s->draw[p], rng);
        if (!(s->mask[i] & used)) {
            s->current[p] = i;
            return;
        }
    }
    int start = s->start[p], end = s->start[p + 1];
    double total = 0;
    for (int i = start; i < end; i++) {
        total += (s->mask[i] & used) ? 0.0 : s->weights[i];
        s->scratch[i - start] = total;
    }
    int i = search(s->scratch, 0, end - start, unit(rng) * total);
    while (s->mask[start + i] & used) i++; /* not reached: a zero step is never above target */
    s->current[p] = start + i;
}

/* Redistribute the four cards of players p and q: every way to split them into a combo of
 * each (at most 6), by weight; the current split is among them. */
static void redraw_two(sampler_t *s, rng_t *rng, int p, int q) {
    uint64_t four = s->mask[s->current[p]] | s->mask[s->current[q]];
    int card[4], k = 0;
    for (uint64_t rest = four; rest; rest &= rest - 1) card[k++] = hr_ctz64(rest);
    static const int split[6][4] = {{0, 1, 2, 3}, {2, 3, 0, 1}, {0, 2, 1, 3}, {1, 3, 0, 2}, {0, 3, 1, 2},
                                    {1, 2, 0, 3}};
    int options[2][6], noptions = 0;
    double running[6], total = 0;
    const int16_t *index_p = s->pair_index + (size_t)p * 52 * 52, *index_q = s->pair_index + (size_t)q * 52 * 52;
    for (int o = 0; o < 6; o++) {
        int i = index_p[card[split[o][0]] * 52 + card[split[o][1]]];
        int j = index_q[card[split[o][2]] * 52 + card[split[o][3]]];
        if (i < 0 || j < 0) continue;
        total += s->weights[i] * s->weights[j];
        running[noptions] = total;
        options[0][noptions] = i;
        options[1][noptions++] = j;
    }
    if (noptions < 2) return;
    int pick = search(running, 0, noptions, unit(rng) * total);
    s->current[p] = options[0][pick];
    s->current[q] = options[1][pick];
}

/* A fitting deal to start from: players in turn, each combo tried from a random offset. */
static int start_walk(sampler_t *s, rng_t *rng, int p, uint64_t used, int64_t *budget) {
    if (p == s->n) return 1;
    int start = s->start[p], size = s->start[p + 1] - start, offset = (int)below(rng, (uint32_t)size);
    for (int t = 0; t < size; t++) {
        int i = start + (offset + t) % size;
        if ((s->mask[i] & used) || s->weights[i] <= 0) continue;
        if (--*budget < 0) return 0;
        s->current[p] = i;
        if (start_walk(s, rng, p + 1, used | s->mask[i], budget)) return 1;
    }
    return 0;
}

/* One step of the walk: every player's combo redrawn in turn, then two players' cards
 * redistributed between them. */
static void walk_step(sampler_t *s, rng_t *rng) {
    uint64_t held = s->known; /* the players' combos never share a card: a union, less one */
    for (int p = 0; p < s->n; p++) held |= s->mask[s->current[p]];
    for (int p = 0; p < s->n; p++) {
        held &= ~s->mask[s->current[p]];
        redraw_one(s, rng, p, held);
        held |= s->mask[s->current[p]];
    }
    int p = (int)below(rng, (uint32_t)s->n), q = (int)below(rng, (uint32_t)(s->n - 1));
    redraw_two(s, rng, p, q >= p ? q + 1 : q);
}

/* A bound on the chance that independent draws of the players' combos share a card: the sum
 * over pairs of players of the weight of their pairs of combos that meet. */
static double clash_chance(const sampler_t *s, double *weight_of /* [52 * 52] */) {
    double chance = 0;
    for (int q = 1; q < s->n; q++) {
        double card_q[52] = {0}, total_q = 0;
        for (int i = 0; i < 52 * 52; i++) weight_of[i] = 0;
        for (int i = s->start[q]; i < s->start[q + 1]; i++) {
            if (s->mask[i] & s->known) continue;
            int c0 = s->combos[2 * i], c1 = s->combos[2 * i + 1];
            card_q[c0] += s->weights[i];
            card_q[c1] += s->weights[i];
            total_q += s->weights[i];
            weight_of[c0 * 52 + c1] += s->weights[i];
            weight_of[c1 * 52 + c0] += s->weights[i];
        }
        for (int p = 0; p < q; p++) {
            double meet = 0, total_p = 0;
            for (int i = s->start[p]; i < s->start[p + 1]; i++) {
                if (s->mask[i] & s->known) continue;
                int c0 = s->combos[2 * i], c1 = s->combos[2 * i + 1];
                meet += s->weights[i] * (card_q[c0] + card_q[c1] - weight_of[c0 * 52 + c1]);
                total_p += s->weights[i];
            }
            chance += meet / (total_p * total_q);
        }
    }
    return chance;
}

/* The joint table: every deal of the listed players (all but `last`, or all when last < 0)
 * that shares no card, by weight times the weight of `last`'s combos that fit it. */
typedef struct {
    int count;         /* listed deals of positive weight */
    int last;          /* the player drawn after the table, or -1 */
    int *combo;        /* [count][n]: each deal's combo per player (last's and random players' unused) */
    uint64_t *used;    /* [count]: the cards of each deal, with the known ones */
    alias_t draw;      /* over 0 .. count-1; its combo is the identity (a joined draw skips it) */
    int nrandom;       /* players whose range is every combo, evenly: dealt from the deck */
    int random[HR_MAX_PLAYERS];
    int16_t *pair_of;  /* [nrandom][52 * 52]: their combo of two cards */
} joint_t;

/* Whether player p's dealable combos are every pair of the `unseen` cards, evenly weighted;
 * if so, pair_of (52 * 52) is filled with its combo of each pair. */
static int every_combo(const sampler_t *s, int p, int unseen, int16_t *pair_of) {
    const alias_t *a = &s->draw[p];
    if (a->threshold || a->count != unseen * (unseen - 1) / 2) return 0;
    for (int k = 0; k < 52 * 52; k++) pair_of[k] = -1;
    for (int k = 0; k < a->count; k++) {
        int i = a->combo[k], c0 = s->combos[2 * i], c1 = s->combos[2 * i + 1];
        if (pair_of[c0 * 52 + c1] >= 0) return 0; /* a combo twice: not every pair */
        pair_of[c0 * 52 + c1] = pair_of[c1 * 52 + c0] = (int16_t)i;
    }
    return 1;
}

/* The weight of `last`'s dealable combos that meet no card of `used`. */
static double fitting_weight(const sampler_t *s, int last, uint64_t used) {
    double total = 0;
    for (int k = 0; k < s->draw[last].count; k++) {
        int i = s->draw[last].combo[k];
        if (!(s->mask[i] & used)) total += s->weights[i];
    }
    return total;
}

/* Lists the deals; 0, or HR_ERR_MEMORY. On return count 0 means the table is not used. */
static int build_joint(joint_t *j, const sampler_t *s) {
    int n = s->n, unseen = 52 - hr_popcount64(s->known), is_random[HR_MAX_PLAYERS] = {0};
    double product = 1, widest = 0;
    j->count = 0;
    j->last = -1;
    j->combo = NULL;
    j->used = NULL;
    j->nrandom = 0;
    j->pair_of = NULL;
    if (s->total <= 32767) { /* combo numbers fit pair_of */
        int16_t *pair_of = malloc(sizeof(int16_t) * 52 * 52 * (size_t)n);
        if (!pair_of) return HR_ERR_MEMORY;
        for (int p = 0; p < n; p++)
            if (every_combo(s, p, unseen, pair_of + (size_t)j->nrandom * 52 * 52)) {
                is_random[p] = 1;
                j->random[j->nrandom++] = p;
            }
        if (j->nrandom) j->pair_of = pair_of;
        else free(pair_of);
    }
    for (int p = 0; p < n; p++) {
        if (is_random[p]) continue;
        product *= s->draw[p].count;
        if (s->draw[p].count > widest) {
            widest = s->draw[p].count;
            j->last = p;
        }
    }
    if (product <= HR_JOINT_LIMIT) j->last = -1;
    else if (product / widest > HR_JOINT_LIMIT) {
        free(j->pair_of);
        j->pair_of = NULL;
        j->nrandom = 0;
        return 0;
    }
    size_t most = (size_t)(j->last < 0 ? product : product / widest);
    /* By inclusion and exclusion, the weight of last's combos that fit: all of them, less
     * those holding each used card, plus those holding two of them. */
    double last_total = 0, *card_weight = NULL, *pair_weight = NULL;
    void *block = malloc(most * (sizeof(int) * HR_MAX_PLAYERS + sizeof(uint64_t) + sizeof(double) * 2 +
                                 sizeof(uint32_t) + sizeof(int) * 4) +
                         (j->last >= 0 ? sizeof(double) * (52 + 52 * 52) : 0));
    if (!block) {
        free(j->pair_of);
        j->pair_of = NULL;
        return HR_ERR_MEMORY;
    }
    j->combo = block;
    j->used = (uint64_t *)(j->combo + most * HR_MAX_PLAYERS);
    double *weight = (double *)(j->used + most), *scaled = weight + most;
    /* the doubles first, then the 32-bit arrays: each stays aligned */
    double *after_doubles = scaled + most + (j->last >= 0 ? 52 + 52 * 52 : 0);
    uint32_t *threshold = (uint32_t *)after_doubles;
    int *alias = (int *)(threshold + most), *small = alias + most, *large = small + most, *identity = large + most;
    if (j->last >= 0) {
        card_weight = scaled + most;
        pair_weight = card_weight + 52;
        memset(card_weight, 0, sizeof(double) * (52 + 52 * 52));
        for (int k = 0; k < s->draw[j->last].count; k++) {
            int i = s->draw[j->last].combo[k], c0 = s->combos[2 * i], c1 = s->combos[2 * i + 1];
            last_total += s->weights[i];
            card_weight[c0] += s->weights[i];
            card_weight[c1] += s->weights[i];
            pair_weight[c0 * 52 + c1] += s->weights[i];
            pair_weight[c1 * 52 + c0] += s->weights[i];
        }
    }
    /* An odometer over the listed players' dealable combos. */
    int digit[HR_MAX_PLAYERS] = {0}, order[HR_MAX_PLAYERS], norder = 0;
    for (int p = 0; p < n; p++)
        if (p != j->last && !is_random[p]) order[norder++] = p;
    for (;;) {
        uint64_t used = s->known;
        double w = 1;
        int fits = 1;
        for (int k = 0; k < norder && fits; k++) {
            int i = s->draw[order[k]].combo[digit[k]];
            fits = !(s->mask[i] & used);
            used |= s->mask[i];
            w *= s->weights[i];
        }
        if (fits && j->last >= 0) {
            int cards[2 * HR_MAX_PLAYERS], ncards = 0;
            for (uint64_t rest = used & ~s->known; rest; rest &= rest - 1) cards[ncards++] = hr_ctz64(rest);
            double z = last_total;
            for (int a = 0; a < ncards; a++) {
                z -= card_weight[cards[a]];
                for (int b = a + 1; b < ncards; b++) z += pair_weight[cards[a] * 52 + cards[b]];
            }
            /* rounding may leave a crumb where nothing fits: count those exactly */
            if (!(z > last_total * 1e-9)) z = fitting_weight(s, j->last, used);
            w *= z;
        }
        if (fits && w > 0) {
            int *row = j->combo + (size_t)j->count * n;
            for (int p = 0; p < n; p++) row[p] = 0; /* last's and random players': drawn later */
            for (int k = 0; k < norder; k++) row[order[k]] = s->draw[order[k]].combo[digit[k]];
            j->used[j->count] = used;
            weight[j->count] = w;
            identity[j->count] = j->count;
            j->count++;
        }
        int k = norder - 1;
        while (k >= 0 && ++digit[k] == s->draw[order[k]].count) digit[k--] = 0;
        if (k < 0) break;
    }
    j->draw.count = j->count;
    j->draw.combo = identity;
    int even = 1;
    for (int e = 1; e < j->count; e++) even &= weight[e] == weight[0];
    j->draw.threshold = even ? NULL : threshold; /* even weights: a uniform draw */
    j->draw.alias = alias;
    if (j->count && !even) build_alias(&j->draw, weight, small, large, scaled);
    return 0;
}

/* A preflop board of ranges in two draws instead of five picks: a uniform triple of the m
 * positions of the cards left, then a uniform pair of the m - 3 positions it leaves (its bits
 * spread onto them with pdep). Every ordered (triple, pair) is equally likely and each five
 * positions come from ten of them, so boards are uniform. The table: every triple of [0, m)
 * as a mask, then every pair of [0, m - 3) (*pairs); the plan becomes the random players' picks
 * (`picks` of them, from `first` cards on) and the two draws, one batch. NULL, and *plan
 * kept, when the batch's product is too large (the five picks stay) or memory runs out
 * (*error set). */
static uint64_t *board_sets(int m, int picks, int first, shuffle_t *plan, const uint64_t **pairs, int *error) {
    if (m < 5 || picks + 2 > HR_BATCH_MAX) return NULL;
    uint64_t ntriples = (uint64_t)m * (uint64_t)(m - 1) * (uint64_t)(m - 2) / 6;
    uint64_t npairs = (uint64_t)(m - 3) * (uint64_t)(m - 4) / 2, product = ntriples * npairs;
    for (int j = 0; j < picks; j++) product *= (uint64_t)(first - j);
    if (product > HR_BATCH_PRODUCT) return NULL;
    uint64_t *sets = malloc(sizeof(uint64_t) * (size_t)(ntriples + npairs));
    if (!sets) {
        *error = HR_ERR_MEMORY;
        return NULL;
    }
    uint64_t *at = sets;
    for (int c = 2; c < m; c++)
        for (int b = 1; b < c; b++)
            for (int a = 0; a < b; a++) *at++ = 1ull << a | 1ull << b | 1ull << c;
    for (int b = 1; b < m - 3; b++)
        for (int a = 0; a < b; a++) *at++ = 1ull << a | 1ull << b;
    batch_t *one = &plan->batch[0];
    plan->nbatches = 1;
    one->count = picks + 2;
    for (int j = 0; j < picks; j++) one->bound[j] = (uint32_t)(first - j);
    one->bound[picks] = (uint32_t)ntriples;
    one->bound[picks + 1] = (uint32_t)npairs;
    one->floor = (0 - product) % product;
    *pairs = sets + ntriples;
    return sets;
}

/* The cards at the board's positions among the cards left: the triple's, and the pair's
 * spread onto the positions the triple leaves. With BMI2 two deposits; elsewhere each pair
 * position steps past the triple's below it, and each card is found by the broadword select
 * (take_nth's, on a copy): the same cards in every build. */
HR_INLINE uint64_t board_cards(uint64_t triple, uint64_t pair, uint64_t positions, const cards_left_t *left,
                               const uint8_t *in_byte, const int bmi2) {
#if HR_X86_DISPATCH
    if (bmi2) return hr_pdep64(triple | hr_pdep64(pair, positions & ~triple), left->set);
#endif
    (void)positions;
    (void)bmi2;
    int at[5], n = 0;
    for (uint64_t rest = triple; rest; rest &= rest - 1) at[n++] = hr_ctz64(rest); /* ascending */
    for (uint64_t rest = pair; rest; rest &= rest - 1) {
        int x = hr_ctz64(rest);
        for (int t = 0; t < 3; t++) x += x >= at[t];
        at[n++] = x;
    }
    uint64_t board = 0;
    for (int k = 0; k < 5; k++) {
        cards_left_t copy = *left;
        board |= card_bit(take_nth(&copy, (uint32_t)at[k], in_byte, 0));
    }
    return board;
}

/* What dealing the hole cards of ranges needs (every deal's cards but the board's). */
typedef struct {
    const joint_t *joint;
    sampler_t *s;
    const alias_t *draw;
    uint64_t shared, out_of_deck, board_key;
    int overlap;
    const shuffle_t *plan;
    const uint8_t *in_byte;
    /* preflop: the board as a triple and a pair of positions among the cards left (board_sets);
     * NULL otherwise */
    const uint64_t *triples, *pairs;
    uint64_t positions; /* the positions of the cards left for the board */
} dealer_t;

/* The random players' combos, from picks[0 .. 2 * nrandom) of the cards left (taken out). */
HR_INLINE void deal_random_players(const dealer_t *d, cards_left_t *cards_left, const uint32_t *picks, int *combo,
                                   const int nrandom, const int bmi2) {
    const joint_t *joint = d->joint;
    for (int r = 0; r < nrandom; r++) {
        int c0 = take_nth(cards_left, picks[2 * r], d->in_byte, bmi2);
        int c1 = take_nth(cards_left, picks[2 * r + 1], d->in_byte, bmi2);
        combo[joint->random[r]] = joint->pair_of[(size_t)r * 52 * 52 + c0 * 52 + c1];
    }
}

/* A preflop board from its triple and pair (board_sets): its key sum and its cards. */
HR_INLINE void preflop_board(const dealer_t *d, uint64_t triple, uint64_t pair, const cards_left_t *cards_left,
                             uint64_t *key, uint64_t *mask, const int bmi2) {
    uint64_t board = board_cards(triple, pair, d->positions, cards_left, d->in_byte, bmi2), rest = board;
    uint64_t sum = d->board_key;
    for (int j = 0; j < 5; j++, rest &= rest - 1) sum += hr_card_key[hr_ctz64(rest)];
    *key = sum;
    *mask = board;
}

/* `batch` deals of ranges: each player's combo (joint table, walk, or independent draws), the
 * random players' and the board's cards from those left; the counts (players, cards left,
 * random players) and the CPU's select are constants where the caller can make them so. */
HR_INLINE void deal_ranges_of(const dealer_t *d, rng_t *rng, int batch, int (*batch_combo)[HR_MAX_PLAYERS],
                              uint64_t *batch_key, uint64_t *batch_mask, const int nplayers, const int left,
                              const int nrandom, const int bmi2, const int split) {
    const joint_t *joint = d->joint;
    sampler_t *s = d->s;
    const uint64_t *triples = d->triples;
    const int need = 2 * nrandom + (left == 5 && triples ? 2 : left); /* picks a deal draws */
    const batch_t *one = &d->plan->batch[0];
    const int single = d->plan->nbatches == 1; /* every pick from one draw: its bounds kept here */
    /* A joint table of even weights and nobody drawn after it: its draw (a column) is one more
     * bound of the picks' batched draw, the first (the product stays below 2^14 x 2^40). */
    const int joined = joint->count > 1 && !joint->draw.threshold && joint->last < 0 && single;
    uint32_t bound[HR_BATCH_MAX + 1] = {0}; /* the column's bound, then the picks' */
    bound[0] = (uint32_t)joint->draw.count;
    for (int j = 0; j < need && j < HR_BATCH_MAX; j++) bound[j + 1] = one->bound[j];
    uint64_t joined_floor = 0;
    if (joined) {
        uint64_t product = 1;
        for (int j = 0; j <= need; j++) product *= bound[j];
        joined_floor = (0 - product) % product;
    }
    /* Joined: every deal's draws first, the same draws in the same order, so that the deals'
     * chains of multiplies, then of selects and lookups, overlap instead of following each
     * other through one long chain a deal. */
    uint32_t early[HR_MC_BATCH][HR_BATCH_MAX + 1];
    if (joined)
        for (int b = 0; b < batch; b++) batch_draw(rng, bound, need + 1, joined_floor, early[b]);
    if (split && joined && left == 5 && triples) {
        /* Preflop with the joint table drawn: the same deals in two more passes, the table
         * reads of every deal first (independent loads that overlap), then each deal's cards
         * from them, so that no deal waits on its own reads in one long chain. Only in the
         * copies for preflop (`split` a constant 1): present in the copy that also serves the
         * other streets, it cost their loop 4-6%. */
        uint64_t used[HR_MC_BATCH], triple[HR_MC_BATCH], pair[HR_MC_BATCH];
        for (int b = 0; b < batch; b++) {
            int e = (int)early[b][0]; /* the table's draw.combo is the identity */
            const int *listed = joint->combo + (size_t)e * nplayers;
            for (int p = 0; p < nplayers; p++) batch_combo[b][p] = listed[p];
            used[b] = joint->used[e];
            triple[b] = triples[early[b][1 + 2 * nrandom]];
            pair[b] = d->pairs[early[b][2 + 2 * nrandom]];
        }
        for (int b = 0; b < batch; b++) {
            cards_left_t cards_left = cards_left_of(~used[b] & HR_DECK, bmi2);
            deal_random_players(d, &cards_left, early[b] + 1, batch_combo[b], nrandom, bmi2);
            preflop_board(d, triple[b], pair[b], &cards_left, &batch_key[b], &batch_mask[b], bmi2);
        }
        return;
    }
    for (int b = 0; b < batch; b++) { /* deal: hole cards, then the board */
        uint64_t out = d->out_of_deck;
        uint32_t drawn[2 * HR_MAX_PLAYERS + 6], *picks = drawn + 1; /* drawn[0]: a joined draw's column */
        if (joined) {
            picks = early[b] + 1;
            int e = (int)early[b][0]; /* the table's draw.combo is the identity */
            const int *listed = joint->combo + (size_t)e * nplayers;
            for (int p = 0; p < nplayers; p++) batch_combo[b][p] = listed[p];
            out = joint->used[e];
        } else if (joint->count) { /* one draw for the listed players, then the widest */
            int e = draw_alias(&joint->draw, rng);
            const int *listed = joint->combo + (size_t)e * nplayers;
            for (int p = 0; p < nplayers; p++) batch_combo[b][p] = listed[p];
            out = joint->used[e];
            if (joint->last >= 0) {
                redraw_one(s, rng, joint->last, out);
                batch_combo[b][joint->last] = s->current[joint->last];
                out |= s->mask[s->current[joint->last]];
            }
        } else if (d->overlap) {
            walk_step(s, rng);
            for (int p = 0; p < nplayers; p++) {
                batch_combo[b][p] = s->current[p];
                out |= s->mask[s->current[p]];
            }
        } else {
            for (int p = 0; p < nplayers; p++) { /* a clash (rare here) redraws the whole deal */
                int i = draw_alias(&d->draw[p], rng);
                if (d->shared && (s->mask[i] & out)) {
                    out = d->out_of_deck;
                    p = -1;
                    continue;
                }
                batch_combo[b][p] = i;
                out |= s->mask[i];
            }
        }
        if (joined)
            ; /* picks drawn with the joint table's column */
        else if (HR_LIKELY(single)) /* draw_picks, its one batch's count a constant */
            batch_draw(rng, bound + 1, need, one->floor, picks);
        else
            draw_picks(rng, d->plan, picks);
        cards_left_t cards_left = cards_left_of(~out & HR_DECK, bmi2);
        uint64_t key = d->board_key;
        deal_random_players(d, &cards_left, picks, batch_combo[b], nrandom, bmi2);
        if (left == 5 && triples) { /* five positions: a triple, and a pair of the positions it leaves */
            preflop_board(d, triples[picks[2 * nrandom]], d->pairs[picks[2 * nrandom + 1]], &cards_left, &batch_key[b],
                          &batch_mask[b], bmi2);
            continue;
        }
        uint64_t before = cards_left.set;
        for (int j = 0; j < left; j++)
            key += hr_card_key[take_nth(&cards_left, picks[2 * nrandom + j], d->in_byte, bmi2)];
        batch_key[b] = key;
        batch_mask[b] = before ^ cards_left.set; /* the board's cards: those taken */
    }
}

#define HR_DEAL_RANGES(n, l, r, b2, split)                                                                          \
    deal_ranges_of(d, rng, batch, batch_combo, batch_key, batch_mask, n, l, r, b2, split)
#if HR_X86_DISPATCH
/* Where pdep is fast (so BMI2 is there): compiled for BMI2, whose multiply and shifts take
 * any registers (a deal's picks are a chain of eight multiplies). */
__attribute__((target("bmi,bmi2"))) static void deal_ranges_bmi2(const dealer_t *d, rng_t *rng, int batch,
                                                                  int (*batch_combo)[HR_MAX_PLAYERS],
                                                                  uint64_t *batch_key, uint64_t *batch_mask,
                                                                  int nplayers, int left, int nrandom) {
    if (left == 5 && nrandom <= 1) /* preflop, the commonest spots */
        switch (nplayers * 2 + nrandom) {
        case 4: HR_DEAL_RANGES(2, 5, 0, 1, 1); return;
        case 5: HR_DEAL_RANGES(2, 5, 1, 1, 1); return;
        case 6: HR_DEAL_RANGES(3, 5, 0, 1, 1); return;
        case 7: HR_DEAL_RANGES(3, 5, 1, 1, 1); return;
        default: break;
        }
    if (left == 5) HR_DEAL_RANGES(nplayers, 5, nrandom, 1, 1);
    else HR_DEAL_RANGES(nplayers, left, nrandom, 1, 0);
}
#endif

static void deal_ranges(const dealer_t *d, rng_t *rng, int batch, int (*batch_combo)[HR_MAX_PLAYERS],
                        uint64_t *batch_key, uint64_t *batch_mask, int nplayers, int left, int nrandom,
                        int bmi2) {
#if HR_X86_DISPATCH
    if (bmi2) {
        deal_ranges_bmi2(d, rng, batch, batch_combo, batch_key, batch_mask, nplayers, left, nrandom);
        return;
    }
#endif
    (void)bmi2;
    if (left == 5) HR_DEAL_RANGES(nplayers, 5, nrandom, 0, 1);
    else HR_DEAL_RANGES(nplayers, left, nrandom, 0, 0);
}
#undef HR_DEAL_RANGES

int hr_equity_monte_carlo(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                          const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint64_t seed,
                          uint64_t trials, uint64_t first_chunk, uint64_t end_chunk, uint64_t *outcomes,
                          uint64_t *batches) {
    return hr_equity_monte_carlo_rules(&hr_holdem_rules, combos, combo_start, weights, nplayers, board, nboard, dead,
                                       ndead, seed, trials, first_chunk, end_chunk, outcomes, batches);
}

/* The walk's deals are not independent (successive deals share combos): each batch's square
 * of every player's units, from the growth of the counts by winner set since the last batch
 * (`last`), so that the spread is taken from batch means. */
static void add_batch_squares(const uint64_t *counts, uint64_t *last, int nplayers, uint64_t *batches) {
    uint64_t units[HR_MAX_PLAYERS] = {0};
    for (int mask = 1; mask < 1 << nplayers; mask++) {
        uint64_t now = counts[4 * mask] + counts[4 * mask + 1] + counts[4 * mask + 2] + counts[4 * mask + 3];
        if (now == last[mask]) continue;
        uint64_t each = (now - last[mask]) * (HR_SHARE_UNITS / (uint64_t)hr_popcount64((uint64_t)mask));
        last[mask] = now;
        for (uint64_t rest = (uint64_t)mask; rest; rest &= rest - 1) units[hr_ctz64(rest)] += each;
    }
    for (int q = 0; q < nplayers; q++) batches[q] += units[q] * units[q];
}

int hr_equity_monte_carlo_rules(const hr_rules_t *rules, const uint8_t *combos, const int32_t *combo_start,
                                const double *weights, int nplayers, const uint8_t *board, int nboard,
                                const uint8_t *dead, int ndead, uint64_t seed, uint64_t trials,
                                uint64_t first_chunk, uint64_t end_chunk, uint64_t *outcomes, uint64_t *batches) {
    uint64_t known = 0;
    int error = check_spot(rules, combos, combo_start, weights, nplayers, nboard, board, dead, ndead, &known);
    if (error) return error;
    int total = combo_start[nplayers], left = 5 - nboard, largest = 0;
    for (int p = 0; p < nplayers; p++)
        if (combo_start[p + 1] - combo_start[p] > largest) largest = combo_start[p + 1] - combo_start[p];

    sampler_t s;
    s.n = nplayers;
    s.total = total;
    s.combos = combos;
    s.start = combo_start;
    s.weights = weights;
    s.known = known;
    void *block = malloc((size_t)total * (sizeof(double) + sizeof(uint64_t)) +
                         sizeof(double) * ((size_t)largest > 52 * 52 ? (size_t)largest : 52 * 52));
    if (!block) return HR_ERR_MEMORY;
    s.cumulative = block;
    s.mask = (uint64_t *)(s.cumulative + total);
    s.scratch = (double *)(s.mask + total);

    /* Running weights, leaving out combos that meet a known card; which cards two players share. */
    uint64_t seen = 0, shared = 0;
    int fixed = 1;
    error = 0;
    for (int p = 0; p < nplayers && !error; p++) {
        double running = 0;
        uint64_t mine = 0;
        for (int i = combo_start[p]; i < combo_start[p + 1]; i++) {
            s.mask[i] = card_bit(combos[2 * i]) | card_bit(combos[2 * i + 1]);
            if (!(s.mask[i] & known)) {
                running += weights[i];
                mine |= s.mask[i];
            }
            s.cumulative[i] = running;
        }
        if (!(running > 0)) error = HR_ERR_RANGE;
        shared |= seen & mine;
        seen |= mine;
        fixed &= combo_start[p + 1] - combo_start[p] == 1;
    }
    if (!error && 52 - hr_popcount64(known) - 2 * nplayers < left) error = HR_ERR_COUNT;
    if (fixed && shared) error = HR_ERR_IMPOSSIBLE;
    if (error) {
        free(block);
        return error;
    }
    /* Independent draws, redrawn on a clash, while clashes are rare; the walk otherwise. */
    int overlap = shared != 0 && clash_chance(&s, s.scratch) > 0.5;

    uint64_t board_key = HR_SUIT_BIAS, board_suits = 0;
    for (int i = 0; i < nboard; i++) {
        board_key += hr_card_key[board[i]];
        board_suits |= suit_rank_bit(board[i]);
    }
    uint64_t out_of_deck = known | (fixed ? seen : 0);

    /* Per combo: its key and suit bits; per player: the alias table of its dealable combos. */
    void *tables = malloc((size_t)total * (sizeof(uint64_t) * 2 + sizeof(int) * 5 + sizeof(uint32_t) +
                                           sizeof(double)));
    if (!tables) {
        free(block);
        return HR_ERR_MEMORY;
    }
    uint64_t *combo_key = tables, *combo_suits = combo_key + total;
    int *dealable = (int *)(combo_suits + total), *alias = dealable + total, *small = alias + total,
        *large = small + total, *unused = large + total;
    uint32_t *threshold = (uint32_t *)(unused + total);
    double *scaled = (double *)(threshold + total);
    (void)unused;
    alias_t draw[HR_MAX_PLAYERS];
    for (int p = 0, n = 0; p < nplayers; p++) {
        int start = combo_start[p], even = 1;
        double first_weight = -1;
        draw[p].combo = dealable + n;
        draw[p].count = 0;
        for (int i = start; i < combo_start[p + 1]; i++) {
            combo_key[i] = hr_card_key[combos[2 * i]] + hr_card_key[combos[2 * i + 1]];
            combo_suits[i] = suit_rank_bit(combos[2 * i]) | suit_rank_bit(combos[2 * i + 1]);
            if (s.mask[i] & known) continue;
            if (first_weight < 0) first_weight = weights[i];
            even &= weights[i] == first_weight;
            dealable[n + draw[p].count++] = i;
        }
        draw[p].threshold = even ? NULL : threshold + n;
        draw[p].alias = alias + n;
        if (!even) build_alias(&draw[p], weights, small, large, scaled);
        n += draw[p].count;
    }

    s.draw = draw;
    s.pair_index = NULL;
    joint_t joint = {0, -1, NULL, NULL, {0, NULL, NULL, NULL}, 0, {0}, NULL};
    if (!fixed && (error = build_joint(&joint, &s)) == 0 && joint.combo && !joint.count)
        error = HR_ERR_IMPOSSIBLE; /* every listed deal shares a card */
    if (error) {
        free(joint.combo);
        free(joint.pair_of);
        free(tables);
        free(block);
        return error;
    }
    if (joint.count) overlap = 0;
    if (overlap) {
        s.pair_index = malloc(sizeof(int16_t) * 52 * 52 * (size_t)nplayers);
        if (!s.pair_index) {
            free(tables);
            free(block);
            return HR_ERR_MEMORY;
        }
        for (int i = 0; i < 52 * 52 * nplayers; i++) s.pair_index[i] = -1;
        for (int p = 0; p < nplayers; p++)
            for (int k = 0; k < draw[p].count; k++) {
                int i = draw[p].combo[k];
                size_t c0 = combos[2 * i], c1 = combos[2 * i + 1], base = (size_t)p * 52 * 52;
                s.pair_index[base + c0 * 52 + c1] = (int16_t)i;
                s.pair_index[base + c1 * 52 + c0] = (int16_t)i;
            }
    }

    uint64_t chunks = (trials + HR_EQUITY_CHUNK - 1) / HR_EQUITY_CHUNK;
    if (end_chunk > chunks) end_chunk = chunks;
    /* Counts by winner set, spread over four copies (by deal) so that deals won by the same
     * players in a row do not wait on each other's increments; summed at the end. */
    uint64_t *counts = calloc((size_t)4 << nplayers, sizeof(uint64_t));
    /* the walk: each winner set's count at the last batch, for batch means */
    uint64_t *last = overlap && batches ? calloc((size_t)1 << nplayers, sizeof(uint64_t)) : NULL;
    /* fixed hands: the tables of the board's parts (triples, pairs and cards of the deck left) */
    board_part_t *room = fixed ? malloc(sizeof(board_part_t) * (HR_PARTS_ROOM + (left >= 3 ? HR_TRIPLES : 0))) : NULL;
    if (!counts || (fixed && !room) || (overlap && batches && !last)) error = HR_ERR_MEMORY;
    if (last && !error) batches[nplayers] = HR_MC_BATCH;
    int batch_combo[HR_MC_BATCH][HR_MAX_PLAYERS];
    uint64_t batch_key[HR_MC_BATCH], batch_mask[HR_MC_BATCH];
    if (fixed)
        for (int b = 0; b < HR_MC_BATCH; b++)
            for (int p = 0; p < nplayers; p++) batch_combo[b][p] = combo_start[p];
    /* Otherwise, the cards a deal draws (random players' two each, then the board's), each
     * uniform among the cards left: picks from one plan of batched draws, a pick's card found
     * in the mask of the cards left. */
    int need = 2 * joint.nrandom + left;
    int free_cards = 52 - hr_popcount64(out_of_deck) - (fixed ? 0 : 2 * (nplayers - joint.nrandom));
    shuffle_t plan = shuffle_plan(free_cards, need);
    uint8_t in_byte[256 * 8];
    int bmi2 = select_setup(in_byte);
    const int board_left = free_cards - 2 * joint.nrandom; /* the cards a board is dealt from */
    const uint64_t *pairs = NULL;
    uint64_t *sets = NULL;
    if (!fixed && left == 5 && !error) /* every build: the same draws, so the same cards */
        sets = board_sets(board_left, 2 * joint.nrandom, free_cards, &plan, &pairs, &error);
    board_parts_t parts = {{0}, 0, 0, NULL, NULL};
    if (room && left) parts = board_parts(~out_of_deck & HR_DECK, left, room); /* left 0: no deck may be left */
    ranker_t ranker = {rules, combo_key, combo_suits, board_suits, left, nplayers};
    dealer_t dealer = {&joint, &s, draw, shared, out_of_deck, board_key, overlap, &plan, in_byte, sets, pairs,
                       sets ? (1ull << board_left) - 1 : 0};
    for (uint64_t chunk = first_chunk; chunk < end_chunk && !error; chunk++) {
        rng_t rng = chunk_stream(seed, chunk);
        uint64_t deals = chunk + 1 < chunks ? HR_EQUITY_CHUNK : trials - chunk * HR_EQUITY_CHUNK;
        if (overlap) {
            int64_t budget = 1 << 22;
            if (!start_walk(&s, &rng, 0, known, &budget)) {
                error = HR_ERR_IMPOSSIBLE;
                break;
            }
            for (int t = 0; t < HR_WALK_BURN_IN; t++) walk_step(&s, &rng);
        }
        for (uint64_t done = 0; done < deals;) {
            int batch = deals - done < HR_MC_BATCH ? (int)(deals - done) : HR_MC_BATCH;
            if (fixed) {
                deal_boards(&rng, &parts, board_key, batch, batch_key, batch_mask, left);
            } else {
                deal_ranges(&dealer, &rng, batch, batch_combo, batch_key, batch_mask, nplayers, left, joint.nrandom,
                            bmi2);
            }
            rank_deals(&ranker, batch, batch_combo, batch_key, batch_mask, counts, fixed);
            if (last) add_batch_squares(counts, last, nplayers, batches);
            done += (uint64_t)batch;
        }
    }
    if (counts)
        for (int mask = 0; mask < 1 << nplayers; mask++)
            outcomes[mask] += counts[4 * mask] + counts[4 * mask + 1] + counts[4 * mask + 2] + counts[4 * mask + 3];
    free(counts);
    free(last);
    free(room);
    free(sets);
    free(joint.combo);
    free(joint.pair_of);
    free(s.pair_index);
    free(tables);
    free(block);
    return error;
}
