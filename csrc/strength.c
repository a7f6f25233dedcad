/* Hand strength of every holding on a board. On each board (the one given, and every river
 * runout of it), every holding that misses the board is ranked once; the holdings are then
 * sorted by rank and swept once, best first, keeping a count of the holdings passed and of
 * those holding each card, so each holding's better, equal and worse opponents (those
 * sharing none of its cards) come out by subtraction. Strengths stay integers: a holding
 * gets 2 x (opponents beaten) + (opponents tied) out of 2 x opponents, and the opponents of
 * every holding number the same on a given board size. See handrank.h for the interface. */
#include <stdlib.h>
#include <string.h>

#include "equity_internal.h"

#define HR_HOLDINGS 1326

/* Holding h = hi * (hi - 1) / 2 + lo for cards lo < hi. */
typedef struct {
    uint8_t lo[HR_HOLDINGS], hi[HR_HOLDINGS];
    uint64_t key[HR_HOLDINGS], suits[HR_HOLDINGS], mask[HR_HOLDINGS];
} holdings_t;

static void fill_holdings(holdings_t *h) {
    for (int hi = 1, i = 0; hi < 52; hi++)
        for (int lo = 0; lo < hi; lo++, i++) {
            h->lo[i] = (uint8_t)lo;
            h->hi[i] = (uint8_t)hi;
            h->key[i] = hr_card_key[lo] + hr_card_key[hi];
            h->suits[i] = suit_rank_bit(lo) | suit_rank_bit(hi);
            h->mask[i] = card_bit(lo) | card_bit(hi);
        }
}

/* The holdings missing `cards` (3..5 board cards) sorted by rank, best first, into
 * sorted[0 .. valid), in groups of equal rank whose sizes are group[0 .. ngroups): a counting
 * pass counts each rank present (a bitmap marks the ranks seen, so only they are touched),
 * walks the bitmap in rank order for where each rank's group starts, then places every
 * holding. Returns valid. */
static int rank_groups(const holdings_t *h, const uint8_t *cards, int ncards, int *sorted, uint16_t *group,
                       int *ngroups) {
    uint64_t key = HR_SUIT_BIAS, suits = 0, board = 0;
    for (int j = 0; j < ncards; j++) {
        key += hr_card_key[cards[j]];
        suits |= suit_rank_bit(cards[j]);
        board |= card_bit(cards[j]);
    }
    int rank[HR_HOLDINGS], order[HR_HOLDINGS], valid = 0;
    for (int i = 0; i < HR_HOLDINGS; i++) {
        if (h->mask[i] & board) continue;
        rank[i] = seven_rank(key + h->key[i], suits | h->suits[i]);
        order[valid++] = i;
    }
    uint64_t seen[(HR_RANK_COUNT >> 6) + 1];
    uint16_t count[HR_RANK_COUNT + 1], start[HR_RANK_COUNT + 1];
    memset(seen, 0, sizeof seen);
    for (int k = 0; k < valid; k++) {
        int r = rank[order[k]];
        uint64_t bit = 1ull << (r & 63);
        count[r] = (uint16_t)(((seen[r >> 6] & bit) ? count[r] : 0) + 1);
        seen[r >> 6] |= bit;
    }
    int n = 0, running = 0;
    for (int w = 0; w <= (HR_RANK_COUNT >> 6); w++)
        for (uint64_t rest = seen[w]; rest; rest &= rest - 1) {
            int r = (w << 6) + hr_ctz64(rest);
            start[r] = (uint16_t)running;
            running += count[r];
            group[n++] = count[r];
        }
    for (int k = 0; k < valid; k++) sorted[start[rank[order[k]]]++] = order[k];
    *ngroups = n;
    return valid;
}

/* Strength numerators (0 .. 2 x opponents) of every holding missing `cards` (3..5 board
 * cards); numerator[h] = -1 for the others. Returns the number of opponents each has. */
static int strengths(const holdings_t *h, const uint8_t *cards, int ncards, int32_t *numerator) {
    uint64_t board = 0;
    for (int j = 0; j < ncards; j++) board |= card_bit(cards[j]);
    for (int i = 0; i < HR_HOLDINGS; i++)
        if (h->mask[i] & board) numerator[i] = -1;
    int tmp[HR_HOLDINGS], ngroups;
    uint16_t group[HR_HOLDINGS];
    int valid = rank_groups(h, cards, ncards, tmp, group, &ngroups);
    int opponents = valid - 2 * (52 - ncards - 1) + 1; /* those sharing no card with a holding */
    int better = 0, better_card[52], group_card[52];
    memset(better_card, 0, sizeof better_card);
    memset(group_card, 0, sizeof group_card);
    for (int d = 0, g = 0; d < ngroups; d++) {
        int size = group[d], end = g + size;
        for (int k = g; k < end; k++) {
            group_card[h->lo[tmp[k]]]++;
            group_card[h->hi[tmp[k]]]++;
        }
        for (int k = g; k < end; k++) {
            int i = tmp[k], lo = h->lo[i], hi = h->hi[i];
            int above = better - better_card[lo] - better_card[hi];
            int equal = size - group_card[lo] - group_card[hi] + 1;
            numerator[i] = 2 * (opponents - above - equal) + equal;
        }
        for (int k = g; k < end; k++) {
            int i = tmp[k];
            better_card[h->lo[i]] += group_card[h->lo[i]];
            better_card[h->hi[i]] += group_card[h->hi[i]];
            group_card[h->lo[i]] = group_card[h->hi[i]] = 0;
        }
        better += size;
        g = end;
    }
    return opponents;
}

/* ------------------------------------------------------------------ rank-pair classes */
/* On a river board with at most four cards of a suit, a holding without a card of that suit
 * ranks by its two ranks alone: its class, one of 91 (ranks a <= b, numbered b (b + 1) / 2
 * + a). A holding with one card of it may flush when the board has four, with two when it
 * has three or four, but its flush depends only on the ranks of those cards. So a class's
 * holdings fall into four kinds, each of one rank: none of the suit, the suit's card of rank
 * a with another, of rank b with another, both of the suit. The kinds are ranked (at most 91
 * lookups, not 1,081), chained by rank and swept best first. Card removal is counted per rank
 * for cards off the suit, and per rank for the suit's cards: every card of a kind has the
 * same better and equal holdings through it. So the holdings of a kind share a numerator. */
#define HR_CLASSES 91

enum { HR_KIND_PLAIN, HR_KIND_SUITED_LO, HR_KIND_SUITED_HI, HR_KIND_SUITED_BOTH, HR_KINDS };

typedef struct {
    int suit;                            /* the suit with three or four board cards, or -1 */
    int count[HR_CLASSES][HR_KINDS];     /* each class's holdings of each kind on this board */
    int numerator[HR_CLASSES][HR_KINDS]; /* their numerator, when they are some */
} classes_t;

static const uint8_t hr_class_lo[HR_CLASSES] = {
    0, 0, 1, 0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 6, 7,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
};
static const uint8_t hr_class_hi[HR_CLASSES] = {
    0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
    11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
};

HR_INLINE int holding_of(int card_a, int card_b) {
    return card_a > card_b ? card_a * (card_a - 1) / 2 + card_b : card_b * (card_b - 1) / 2 + card_a;
}

HR_INLINE int class_of(int card_a, int card_b) {
    return HR_RANK_PAIR(card_a >> 2, card_b >> 2);
}

HR_INLINE int river_numerator(int above, int tied) {
    return 2 * (990 - above - tied) + tied; /* 990 opponents on any river */
}

/* The kinds' numerators on a river board of 5 cards with at most four of a suit. Entry
 * HR_KINDS k + kind is class k's holdings of that kind. */
static void class_strengths(const uint8_t *cards, classes_t *c) {
    uint64_t key = 0;
    int plain[13], suited[13], count[4] = {0}, nsuit = 0;
    unsigned suited_board = 0;
    for (int j = 0; j < 5; j++) count[cards[j] & 3]++;
    c->suit = -1;
    for (int q = 0; q < 4; q++)
        if (count[q] >= 3) {
            c->suit = q;
            nsuit = count[q];
        }
    for (int r = 0; r < 13; r++) { /* cards off the board, off the suit and of it */
        plain[r] = c->suit >= 0 ? 3 : 4;
        suited[r] = c->suit >= 0;
    }
    for (int j = 0; j < 5; j++) {
        key += hr_card_key[cards[j]];
        if ((cards[j] & 3) == c->suit) {
            suited[cards[j] >> 2] = 0;
            suited_board |= 1u << (cards[j] >> 2);
        } else {
            plain[cards[j] >> 2]--;
        }
    }
    /* rank every kind with holdings; chain the entries of each rank, marking the ranks seen */
    uint64_t seen[(HR_RANK_COUNT >> 6) + 1];
    int16_t head[HR_RANK_COUNT + 1], next[HR_KINDS * HR_CLASSES];
    memset(seen, 0, sizeof seen);
    for (int k = 0; k < HR_CLASSES; k++) {
        int a = hr_class_lo[k], b = hr_class_hi[k], *n = c->count[k];
        n[HR_KIND_PLAIN] = a < b ? plain[a] * plain[b] : plain[a] * (plain[a] - 1) / 2;
        n[HR_KIND_SUITED_LO] = suited[a] * plain[b];
        n[HR_KIND_SUITED_HI] = a < b ? plain[a] * suited[b] : 0;
        n[HR_KIND_SUITED_BOTH] = a < b ? suited[a] * suited[b] : 0;
        if (!(n[0] | n[1] | n[2] | n[3])) continue;
        int rank = multiset_rank(key + hr_card_key[4 * a] + hr_card_key[4 * b]);
        int flush_lo = nsuit == 4 ? hr_flush_rank[suited_board | 1u << a] : HR_RANK_COUNT,
            flush_hi = nsuit == 4 ? hr_flush_rank[suited_board | 1u << b] : HR_RANK_COUNT,
            flush_both = hr_flush_rank[suited_board | 1u << a | 1u << b];
        int kind_rank[HR_KINDS] = {rank, flush_lo < rank ? flush_lo : rank, flush_hi < rank ? flush_hi : rank,
                                   flush_both < rank ? flush_both : rank};
        for (int kind = 0; kind < HR_KINDS; kind++) {
            if (!n[kind]) continue;
            int r = kind_rank[kind], entry = HR_KINDS * k + kind;
            uint64_t bit = 1ull << (r & 63);
            next[entry] = (int16_t)((seen[r >> 6] & bit) ? head[r] : -1);
            head[r] = (int16_t)entry;
            seen[r >> 6] |= bit;
        }
    }
    /* sweep best first: `better` holdings so far; through each card of rank r off the suit,
     * `through[r]`; through the suit's card of rank r, `suited_through[r]` */
    int better = 0, through[13] = {0}, suited_through[13] = {0};
    for (int w = 0; w <= (HR_RANK_COUNT >> 6); w++)
        for (uint64_t rest = seen[w]; rest; rest &= rest - 1) {
            int rank = (w << 6) + hr_ctz64(rest), equal = 0, equal_through[13] = {0}, equal_suited[13] = {0};
            for (int entry = head[rank]; entry >= 0; entry = next[entry]) {
                int k = entry / HR_KINDS, kind = entry % HR_KINDS, a = hr_class_lo[k], b = hr_class_hi[k];
                equal += c->count[k][kind];
                switch (kind) {
                case HR_KIND_PLAIN:
                    equal_through[a] += a < b ? plain[b] : plain[a] - 1;
                    if (a < b) equal_through[b] += plain[a];
                    break;
                case HR_KIND_SUITED_LO: /* the suit's card of rank a with each card of rank b off it */
                    equal_suited[a] += plain[b];
                    equal_through[b] += 1;
                    break;
                case HR_KIND_SUITED_HI:
                    equal_suited[b] += plain[a];
                    equal_through[a] += 1;
                    break;
                default:
                    equal_suited[a] += 1;
                    equal_suited[b] += 1;
                }
            }
            for (int entry = head[rank]; entry >= 0; entry = next[entry]) {
                int k = entry / HR_KINDS, kind = entry % HR_KINDS, a = hr_class_lo[k], b = hr_class_hi[k];
                int suited_a = kind == HR_KIND_SUITED_LO || kind == HR_KIND_SUITED_BOTH,
                    suited_b = kind == HR_KIND_SUITED_HI || kind == HR_KIND_SUITED_BOTH;
                int above = better - (suited_a ? suited_through[a] : through[a]) -
                            (suited_b ? suited_through[b] : through[b]);
                int tied = equal - (suited_a ? equal_suited[a] : equal_through[a]) -
                           (suited_b ? equal_suited[b] : equal_through[b]) + 1;
                c->numerator[k][kind] = river_numerator(above, tied);
            }
            better += equal;
            for (int r = 0; r < 13; r++) {
                through[r] += equal_through[r];
                suited_through[r] += equal_suited[r];
            }
        }
}

/* Adds numerator n of one runout to holding i's counts (or takes it back, `sign` -1). */
HR_INLINE void count_holding(int i, int64_t sign, uint64_t n, int bins, const int *bin_of, uint64_t *sum,
                             uint64_t *sum_squares, uint32_t *runouts, uint32_t *histogram) {
    sum[i] += (uint64_t)sign * n;
    sum_squares[i] += (uint64_t)sign * n * n;
    runouts[i] += (uint32_t)sign;
    if (bins) histogram[(size_t)i * (size_t)bins + (size_t)bin_of[n]] += (uint32_t)sign;
}

int hr_hand_strength(const uint8_t *board, int nboard, int bins, uint64_t first, uint64_t end, int32_t *now,
                     uint64_t *sum, uint64_t *sum_squares, uint32_t *runouts, uint32_t *histogram) {
    if (nboard < 3 || nboard > 5) return HR_ERR_BOARD;
    if (bins < 0 || bins > 10000 || (bins > 0 && !histogram)) return HR_ERR_COUNT;
    uint64_t known = 0;
    int error = take_cards(board, nboard, &known);
    if (error) return error;
    holdings_t h;
    fill_holdings(&h);
    if (now) strengths(&h, board, nboard, now);

    int k = 5 - nboard;
    uint8_t deck[52];
    int ndeck = unseen_deck(known, deck);
    uint64_t total = k == 0 ? 1 : k == 1 ? (uint64_t)ndeck : (uint64_t)ndeck * (uint64_t)(ndeck - 1) / 2;
    if (end > total) end = total;
    int32_t numerator[HR_HOLDINGS];
    int bin_of[2 * 990 + 1]; /* a river numerator's bin, without a division per holding */
    for (int n = 0; n <= 2 * 990; n++) bin_of[n] = bins ? (int)((int64_t)n * bins / (2 * 990)) : 0;
    for (int n = 0; n <= 2 * 990; n++) bin_of[n] = bin_of[n] < bins ? bin_of[n] : bins - 1;
    uint8_t river[5];
    memcpy(river, board, (size_t)nboard);
    /* runouts through the classes add to the classes' counts, and their holdings get them
     * at the end; the holdings that meet the runout got nothing, so they give them back now
     * (unsigned counts: exact once the classes' are added) */
    uint64_t class_sum[HR_CLASSES] = {0}, class_squares[HR_CLASSES] = {0};
    uint32_t class_runouts[HR_CLASSES] = {0}, *class_histogram = NULL;
    if (bins) {
        class_histogram = (uint32_t *)calloc((size_t)HR_CLASSES * (size_t)bins, sizeof *class_histogram);
        if (!class_histogram) return HR_ERR_MEMORY;
    }
    classes_t classes;
    for (uint64_t number = first; number < end; number++) {
        /* runout `number`: nothing, one card, or the pair (a, b), a < b, in lexicographic order */
        if (k == 1) {
            river[4] = deck[number];
        } else if (k == 2) {
            uint64_t rest = number;
            int a = 0;
            while (rest >= (uint64_t)(ndeck - 1 - a)) rest -= (uint64_t)(ndeck - 1 - a++);
            river[3] = deck[a];
            river[4] = deck[a + 1 + (int)rest];
        }
        unsigned suits = 0x3333u; /* 4 bits a suit: 3 + how many river cards of it */
        for (int j = 0; j < 5; j++) suits += 1u << (4 * (river[j] & 3));
        if (!(suits & 0x8888u)) { /* no suit five times: by classes */
            class_strengths(river, &classes);
            for (int c = 0; c < HR_CLASSES; c++) {
                if (!classes.count[c][HR_KIND_PLAIN]) continue;
                uint64_t n = (uint64_t)classes.numerator[c][HR_KIND_PLAIN];
                class_sum[c] += n;
                class_squares[c] += n * n;
                class_runouts[c]++;
                if (bins) class_histogram[(size_t)c * (size_t)bins + (size_t)bin_of[n]]++;
            }
            uint64_t river_cards = known;
            for (int j = nboard; j < 5; j++) { /* the holdings through a runout card, once each */
                river_cards |= card_bit(river[j]);
                for (int x = 0; x < 52; x++) {
                    if ((known >> x & 1) || x == river[j] || (j == 4 && k == 2 && x == river[3])) continue;
                    int c = class_of(river[j], x);
                    if (classes.count[c][HR_KIND_PLAIN])
                        count_holding(holding_of(river[j], x), -1, (uint64_t)classes.numerator[c][HR_KIND_PLAIN],
                                      bins, bin_of, sum, sum_squares, runouts, histogram);
                }
            }
            int s = classes.suit;
            for (int c = 0; s >= 0 && c < HR_CLASSES; c++) { /* holdings with a card of suit s */
                int lo = hr_class_lo[c], hi = hr_class_hi[c], *n = classes.count[c], *value = classes.numerator[c];
                for (int kind = HR_KIND_SUITED_LO; kind < HR_KINDS; kind++) {
                    if (!n[kind]) continue;
                    int mine = kind == HR_KIND_SUITED_HI ? hi : lo, other = kind == HR_KIND_SUITED_HI ? lo : hi;
                    for (int q = 0; q < 4; q++) { /* its partners: off the suit, or the suit's card */
                        int partner = kind == HR_KIND_SUITED_BOTH ? 4 * hi + s : 4 * other + q;
                        if (kind != HR_KIND_SUITED_BOTH && (q == s || (river_cards >> partner & 1))) continue;
                        int i = holding_of(4 * mine + s, partner);
                        if (n[HR_KIND_PLAIN]) /* it gets its class's counts at the end: not this runout's */
                            count_holding(i, -1, (uint64_t)value[HR_KIND_PLAIN], bins, bin_of, sum, sum_squares,
                                          runouts, histogram);
                        count_holding(i, 1, (uint64_t)value[kind], bins, bin_of, sum, sum_squares, runouts, histogram);
                        if (kind == HR_KIND_SUITED_BOTH) break;
                    }
                }
            }
            continue;
        }
        strengths(&h, river, 5, numerator); /* 990 opponents each, on any river */
        for (int i = 0; i < HR_HOLDINGS; i++) {
            int32_t n = numerator[i];
            if (n < 0) continue;
            sum[i] += (uint64_t)n;
            sum_squares[i] += (uint64_t)n * (uint64_t)n;
            runouts[i]++;
            if (bins) histogram[(size_t)i * (size_t)bins + (size_t)bin_of[n]]++;
        }
    }
    for (int i = 0; i < HR_HOLDINGS; i++) { /* every holding missing the board: its class's counts */
        if (h.mask[i] & known) continue;
        int c = class_of(h.lo[i], h.hi[i]);
        sum[i] += class_sum[c];
        sum_squares[i] += class_squares[c];
        runouts[i] += class_runouts[c];
        if (bins)
            for (int b = 0; b < bins; b++)
                histogram[(size_t)i * (size_t)bins + (size_t)b] +=
                    class_histogram[(size_t)c * (size_t)bins + (size_t)b];
    }
    free(class_histogram);
    return 0;
}

/* ------------------------------------------------------------------------------ OCHS */
/* Each holding's river hand strength against each cluster of opponent holdings, on every
 * runout: the holdings sorted by rank once a river (rank_groups), then one sweep keeping,
 * per cluster, the holdings passed and those through each card, so each holding's better,
 * equal and worse opponents of each cluster come out by subtraction, as in strengths(). */
int hr_hand_strength_ochs(const uint8_t *board, int nboard, const uint8_t *cluster_of, int nclusters,
                          uint64_t first, uint64_t end, double *sum, uint32_t *runouts) {
    if (nboard < 3 || nboard > 5) return HR_ERR_BOARD;
    if (nclusters < 1 || nclusters > HR_MAX_CLUSTERS) return HR_ERR_COUNT;
    for (int i = 0; i < HR_HOLDINGS; i++)
        if (cluster_of[i] >= nclusters) return HR_ERR_RANGE;
    uint64_t known = 0;
    int error = take_cards(board, nboard, &known);
    if (error) return error;
    holdings_t h;
    fill_holdings(&h);
    const int k = nclusters, free_cards = 5 - nboard;
    uint8_t deck[52], river[5];
    int ndeck = unseen_deck(known, deck);
    uint64_t total = free_cards == 0 ? 1 : free_cards == 1 ? (uint64_t)ndeck : (uint64_t)ndeck * (uint64_t)(ndeck - 1) / 2;
    if (end > total) end = total;
    memcpy(river, board, (size_t)nboard);
    int sorted[HR_HOLDINGS], ngroups;
    uint16_t group[HR_HOLDINGS];
    /* per cluster c (index x * k + c for card x): holdings on the river, through card x; passed
     * in the sweep, through card x; in the current group, through card x */
    int in_cluster[HR_MAX_CLUSTERS], through[52 * HR_MAX_CLUSTERS], better[HR_MAX_CLUSTERS],
        better_card[52 * HR_MAX_CLUSTERS], size[HR_MAX_CLUSTERS], group_card[52 * HR_MAX_CLUSTERS];
    for (uint64_t number = first; number < end; number++) {
        if (free_cards == 1) {
            river[4] = deck[number];
        } else if (free_cards == 2) { /* the pair (a, b), a < b, in lexicographic order */
            uint64_t rest = number;
            int a = 0;
            while (rest >= (uint64_t)(ndeck - 1 - a)) rest -= (uint64_t)(ndeck - 1 - a++);
            river[3] = deck[a];
            river[4] = deck[a + 1 + (int)rest];
        }
        int valid = rank_groups(&h, river, 5, sorted, group, &ngroups);
        memset(in_cluster, 0, sizeof(int) * (size_t)k);
        memset(through, 0, sizeof(int) * 52 * (size_t)k);
        memset(better, 0, sizeof(int) * (size_t)k);
        memset(better_card, 0, sizeof(int) * 52 * (size_t)k);
        memset(group_card, 0, sizeof(int) * 52 * (size_t)k);
        for (int j = 0; j < valid; j++) {
            int i = sorted[j], c = cluster_of[i];
            in_cluster[c]++;
            through[h.lo[i] * k + c]++;
            through[h.hi[i] * k + c]++;
        }
        for (int d = 0, g = 0; d < ngroups; d++) {
            int stop = g + group[d];
            memset(size, 0, sizeof(int) * (size_t)k);
            for (int j = g; j < stop; j++) {
                int i = sorted[j], c = cluster_of[i];
                size[c]++;
                group_card[h.lo[i] * k + c]++;
                group_card[h.hi[i] * k + c]++;
            }
            for (int j = g; j < stop; j++) {
                int i = sorted[j], mine = cluster_of[i], lo = h.lo[i] * k, hi = h.hi[i] * k;
                for (int c = 0; c < k; c++) {
                    int self = c == mine; /* the holding is in both of its cards' counts */
                    int opponents = in_cluster[c] - through[lo + c] - through[hi + c] + self;
                    if (opponents <= 0) continue; /* no opponent of this cluster is left */
                    int above = better[c] - better_card[lo + c] - better_card[hi + c];
                    int equal = size[c] - group_card[lo + c] - group_card[hi + c] + self;
                    sum[(size_t)i * (size_t)k + (size_t)c] +=
                        (double)(2 * (opponents - above - equal) + equal) / (double)(2 * opponents);
                    runouts[(size_t)i * (size_t)k + (size_t)c]++;
                }
            }
            for (int j = g; j < stop; j++) {
                int i = sorted[j], lo = h.lo[i] * k, hi = h.hi[i] * k;
                for (int c = 0; c < k; c++) {
                    better_card[lo + c] += group_card[lo + c];
                    better_card[hi + c] += group_card[hi + c];
                    group_card[lo + c] = group_card[hi + c] = 0;
                }
            }
            for (int c = 0; c < k; c++) better[c] += size[c];
            g = stop;
        }
    }
    return 0;
}

int hr_holding_index(int a, int b) {
    if (a < 0 || a > 51 || b < 0 || b > 51) return HR_ERR_CARD;
    if (a == b) return HR_ERR_DUPLICATE;
    return holding_of(a, b);
}
