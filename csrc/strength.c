/* Hand strength of every holding on a board. On each board (the one given, and every river
 * runout of it), every holding that misses the board is ranked once; the holdings are then
 * sorted by rank and swept once, best first, keeping a count of the holdings passed and of
 * those holding each card, so each holding's better, equal and worse opponents (those
 * sharing none of its cards) come out by subtraction. Strengths stay integers: a holding
 * gets 2 x (opponents beaten) + (opponents tied) out of 2 x opponents, and the opponents of
 * every holding number the same on a given board size. See handrank.h for the interface. */
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

/* Strength numerators (0 .. 2 x opponents) of every holding missing `cards` (3..5 board
 * cards); numerator[h] = -1 for the others. Returns the number of opponents each has. */
static int strengths(const holdings_t *h, const uint8_t *cards, int ncards, int32_t *numerator) {
    uint64_t key = HR_SUIT_BIAS, suits = 0, board = 0;
    for (int j = 0; j < ncards; j++) {
        key += hr_card_key[cards[j]];
        suits |= suit_rank_bit(cards[j]);
        board |= card_bit(cards[j]);
    }
    int rank[HR_HOLDINGS], order[HR_HOLDINGS], tmp[HR_HOLDINGS], valid = 0;
    for (int i = 0; i < HR_HOLDINGS; i++) {
        if (h->mask[i] & board) {
            numerator[i] = -1;
            continue;
        }
        rank[i] = seven_rank(key + h->key[i], suits | h->suits[i]);
        order[valid++] = i;
    }
    /* sort by rank, best first, in one counting pass: count each rank present (a bitmap marks
     * the ranks seen, so only they are touched), walk the bitmap in rank order for where each
     * rank's group starts, then place every holding. */
    uint64_t seen[(HR_RANK_COUNT >> 6) + 1];
    uint16_t count[HR_RANK_COUNT + 1], start[HR_RANK_COUNT + 1], distinct[HR_HOLDINGS];
    memset(seen, 0, sizeof seen);
    for (int k = 0; k < valid; k++) {
        int r = rank[order[k]];
        uint64_t bit = 1ull << (r & 63);
        count[r] = (uint16_t)(((seen[r >> 6] & bit) ? count[r] : 0) + 1);
        seen[r >> 6] |= bit;
    }
    int ndistinct = 0, running = 0;
    for (int w = 0; w <= (HR_RANK_COUNT >> 6); w++)
        for (uint64_t rest = seen[w]; rest; rest &= rest - 1) {
            int r = (w << 6) + hr_ctz64(rest);
            start[r] = (uint16_t)running;
            running += count[r];
            distinct[ndistinct++] = (uint16_t)r;
        }
    for (int k = 0; k < valid; k++) tmp[start[rank[order[k]]]++] = order[k];
    int opponents = valid - 2 * (52 - ncards - 1) + 1; /* those sharing no card with a holding */
    int better = 0, better_card[52], group_card[52];
    memset(better_card, 0, sizeof better_card);
    memset(group_card, 0, sizeof group_card);
    for (int d = 0, g = 0; d < ndistinct; d++) {
        int size = count[distinct[d]], end = g + size;
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
    int ndeck = 0;
    for (int c = 0; c < 52; c++)
        if (!(known >> c & 1)) deck[ndeck++] = (uint8_t)c;
    uint64_t total = k == 0 ? 1 : k == 1 ? (uint64_t)ndeck : (uint64_t)ndeck * (uint64_t)(ndeck - 1) / 2;
    if (end > total) end = total;
    int32_t numerator[HR_HOLDINGS];
    int bin_of[2 * 990 + 1]; /* a river numerator's bin, without a division per holding */
    for (int n = 0; n <= 2 * 990; n++) bin_of[n] = bins ? (int)((int64_t)n * bins / (2 * 990)) : 0;
    for (int n = 0; n <= 2 * 990; n++) bin_of[n] = bin_of[n] < bins ? bin_of[n] : bins - 1;
    uint8_t river[5];
    memcpy(river, board, (size_t)nboard);
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
    return 0;
}

int hr_holding_index(int a, int b) {
    if (a < 0 || a > 51 || b < 0 || b > 51) return HR_ERR_CARD;
    if (a == b) return HR_ERR_DUPLICATE;
    int hi = a > b ? a : b, lo = a > b ? b : a;
    return hi * (hi - 1) / 2 + lo;
}
