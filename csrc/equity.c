/* Texas Hold'em equity of fixed hole cards: exact enumeration of the boards to come, counted
 * in classes, and the plain board-by-board enumeration it is checked against.
 *
 * The class enumeration (hr_equity_fixed) deals ranks, not cards, wherever suits cannot
 * matter. A final board holds at most one suit three or more times, and only such a suit
 * can make anybody a flush (two hole cards + at most two board cards = four). So
 *   - every board is first counted by its rank multiset alone, as if nobody could flush:
 *     the multiset's ways to be dealt (a product of binomials) times one showdown;
 *   - then, for each suit s, the boards holding s three or more times are dealt as the set F
 *     of new cards of suit s plus the rank multiset of the other new cards; where somebody
 *     has a flush there, the showdown with flushes is added and the one without removed.
 *     Sets F after which nobody can have five cards of s are skipped whole.
 *   - Suits that a suit permutation fixing every player's cards, the board and the dead cards
 *     maps onto each other give the same counts: one of them is dealt, with its multiplicity.
 * The counts are the exact integers the plain enumeration gives (tests compare the two). */
#include "equity_internal.h"

const uint8_t hr_suit_perms[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
};

static const int64_t binomial[5][5] = {{1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0},
                                       {1, 4, 6, 4, 1}};

typedef struct {
    int n, left;                      /* players; board cards still to come */
    uint32_t hole_key[HR_MAX_PLAYERS]; /* rank keys of board + hole cards */
    uint16_t hole_suit[HR_MAX_PLAYERS][4]; /* rank masks of the hole cards, by suit */
    uint16_t board_suit[4];           /* rank masks of the known board cards, by suit */
    int avail[13];                    /* unseen cards of each rank */
    int64_t *outcomes;                /* [1 << n]: deals won by exactly that set of players */
    /* With one or two cards to come: each player's rank without flushes and the winners, for
     * the new ranks (r1 <= r2; r2 = 13 for one card), so that the boards where somebody can
     * flush reuse them. */
    int16_t plain[13][14][HR_MAX_PLAYERS];
    uint16_t plain_winners[13][14];
} fixed_t;

/* The ranks without flushes of every multiset of one or two new ranks (left <= 2), counted
 * in `outcomes` by their ways to be dealt and kept for deal_flush_small. */
static void deal_small(fixed_t *t) {
    for (int r1 = 0; r1 < 13; r1++)
        for (int r2 = t->left == 1 ? 13 : r1; r2 < (t->left == 1 ? 14 : 13); r2++) {
            int64_t ways = r2 == 13 ? t->avail[r1] : r1 == r2 ? binomial[t->avail[r1]][2]
                                                              : (int64_t)t->avail[r1] * t->avail[r2];
            if (!ways) continue;
            uint32_t key = rank_key(r1) + (r2 < 13 ? rank_key(r2) : 0);
            int ranks[HR_MAX_PLAYERS];
            for (int p = 0; p < t->n; p++) {
                ranks[p] = multiset_rank(key + t->hole_key[p]);
                t->plain[r1][r2][p] = (int16_t)ranks[p];
            }
            unsigned winners = winners_of(ranks, t->n);
            t->plain_winners[r1][r2] = (uint16_t)winners;
            t->outcomes[winners] += ways;
        }
}

/* One board class with a flush possible: where the flushes change the winners, move `ways`. */
HR_INLINE void flush_leaf(const fixed_t *t, int r1, int r2, const int *flush_of, int64_t ways, int sign) {
    int ranks[HR_MAX_PLAYERS];
    for (int p = 0; p < t->n; p++) ranks[p] = flush_of[p] ? flush_of[p] : t->plain[r1][r2][p];
    unsigned with = winners_of(ranks, t->n), without = t->plain_winners[r1][r2];
    if (with != without) {
        t->outcomes[with] += sign * ways;
        t->outcomes[without] -= sign * ways;
    }
}

/* All rank multisets of `left` more cards from ranks r.., `ways` dealings so far. */
static void deal_ranks(const fixed_t *t, const int *avail, int r, int left, uint32_t key, int64_t ways,
                       int64_t *outcomes, const int *flush_rank_of, int sign) {
    if (left == 0) {
        int ranks[HR_MAX_PLAYERS], plain[HR_MAX_PLAYERS];
        for (int p = 0; p < t->n; p++) plain[p] = multiset_rank(key + t->hole_key[p]);
        if (!flush_rank_of) {
            outcomes[winners_of(plain, t->n)] += ways;
            return;
        }
        for (int p = 0; p < t->n; p++) ranks[p] = flush_rank_of[p] ? flush_rank_of[p] : plain[p];
        unsigned with = winners_of(ranks, t->n), without = winners_of(plain, t->n);
        if (with != without) {
            outcomes[with] += sign * ways;
            outcomes[without] -= sign * ways;
        }
        return;
    }
    for (; r < 13; r++) {
        int a = avail[r];
        uint32_t k = key;
        for (int m = 1; m <= a && m <= left; m++) {
            k += rank_key(r);
            deal_ranks(t, avail, r + 1, left - m, k, ways * binomial[a][m], outcomes, flush_rank_of, sign);
        }
    }
}

/* The boards whose new cards of suit s are exactly F (|F| = f), for every such F. */
static void deal_flush_suit(const fixed_t *t, int s, int f, int multiplicity, uint16_t avail_suit) {
    int ranks[13], navail = 0;
    for (int r = 0; r < 13; r++)
        if (avail_suit >> r & 1) ranks[navail++] = r;
    if (navail < f) return;
    int others[13];
    for (int r = 0; r < 13; r++) others[r] = t->avail[r] - (avail_suit >> r & 1);
    int pick[5];
    for (int i = 0; i < f; i++) pick[i] = i;
    for (;;) {
        uint16_t mask = 0;
        uint32_t key = 0;
        for (int i = 0; i < f; i++) {
            mask |= (uint16_t)(1u << ranks[pick[i]]);
            key += rank_key(ranks[pick[i]]);
        }
        int flush_of[HR_MAX_PLAYERS], any = 0;
        for (int p = 0; p < t->n; p++) { /* the flush table reads 0 below five cards */
            flush_of[p] = hr_flush_rank[t->board_suit[s] | mask | t->hole_suit[p][s]];
            any |= flush_of[p];
        }
        if (any && f >= 1 && t->left <= 2) { /* the plain ranks were kept by deal_small */
            int x = ranks[pick[0]];
            if (f == 2) {
                flush_leaf(t, x, ranks[pick[1]], flush_of, 1, multiplicity);
            } else if (t->left == 1) {
                flush_leaf(t, x, 13, flush_of, 1, multiplicity);
            } else { /* one new card of suit s, the other of any other suit */
                for (int r = 0; r < 13; r++)
                    if (others[r]) flush_leaf(t, r < x ? r : x, r < x ? x : r, flush_of, others[r], multiplicity);
            }
        } else if (any) {
            deal_ranks(t, others, 0, t->left - f, key, 1, t->outcomes, flush_of, multiplicity);
        }
        int i = f - 1;
        while (i >= 0 && pick[i] == navail - f + i) i--;
        if (i < 0) return;
        pick[i]++;
        for (int j = i + 1; j < f; j++) pick[j] = pick[j - 1] + 1;
    }
}

/* Whether a suit permutation maps a set of cards onto itself: the cards of suit s (every
 * fourth bit from bit s) move to suit perm[s]. */
HR_INLINE int fixes(const uint8_t *perm, uint64_t cards) {
    const uint64_t suit0 = 0x0001111111111111ull; /* the 13 cards of suit 0 */
    uint64_t image = 0;
    for (int s = 0; s < 4; s++) image |= ((cards >> s) & suit0) << perm[s];
    return image == cards;
}

int hr_equity_fixed(const uint8_t *holes, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead,
                    int ndead, int64_t *outcomes) {
    uint64_t used = 0;
    int error = check_table(nplayers, nboard, board, dead, ndead, &used);
    if (error) return error;
    uint64_t board_set = used, dead_set = 0, hole_set[HR_MAX_PLAYERS];
    for (int i = 0; i < ndead; i++) dead_set |= card_bit(dead[i]);
    board_set &= ~dead_set;
    for (int p = 0; p < nplayers; p++) {
        uint64_t before = used;
        if ((error = take_cards(holes + 2 * p, 2, &used))) return error;
        hole_set[p] = used & ~before;
    }
    fixed_t t;
    t.n = nplayers;
    t.left = 5 - nboard;
    t.outcomes = outcomes;
    if (52 - hr_popcount64(used) < t.left) return HR_ERR_COUNT;
    uint32_t board_key = 0;
    for (int s = 0; s < 4; s++) t.board_suit[s] = 0;
    for (int i = 0; i < nboard; i++) {
        board_key += rank_key(board[i] >> 2);
        t.board_suit[board[i] & 3] |= (uint16_t)(1u << (board[i] >> 2));
    }
    for (int p = 0; p < nplayers; p++) {
        for (int s = 0; s < 4; s++) t.hole_suit[p][s] = 0;
        t.hole_key[p] = board_key;
        for (int j = 0; j < 2; j++) {
            int c = holes[2 * p + j];
            t.hole_key[p] += rank_key(c >> 2);
            t.hole_suit[p][c & 3] |= (uint16_t)(1u << (c >> 2));
        }
    }
    uint16_t avail_suit[4] = {0, 0, 0, 0};
    for (int r = 0; r < 13; r++) {
        t.avail[r] = 0;
        for (int s = 0; s < 4; s++)
            if (!(used >> (4 * r + s) & 1)) {
                t.avail[r]++;
                avail_suit[s] |= (uint16_t)(1u << r);
            }
    }
    /* Every board by its ranks, as if nobody could flush. */
    if (t.left >= 1 && t.left <= 2) deal_small(&t);
    else deal_ranks(&t, t.avail, 0, t.left, 0, 1, outcomes, NULL, 1);

    /* The symmetry group: suit permutations fixing each hand, the board and the dead cards. */
    int in_group[24];
    for (int g = 0; g < 24; g++) {
        const uint8_t *perm = hr_suit_perms[g];
        int ok = fixes(perm, board_set) && fixes(perm, dead_set);
        for (int p = 0; ok && p < nplayers; p++) ok = fixes(perm, hole_set[p]);
        in_group[g] = ok;
    }
    for (int s = 0; s < 4; s++) {
        /* s's orbit under the group; deal it from its lowest suit, times the orbit's size */
        unsigned orbit = 0;
        for (int g = 0; g < 24; g++)
            if (in_group[g]) orbit |= 1u << hr_suit_perms[g][s];
        if (hr_ctz64(orbit) != s) continue;
        int multiplicity = (int)hr_popcount64(orbit);
        int on_board = hr_popcount64(t.board_suit[s]), most_held = 0;
        for (int p = 0; p < nplayers; p++) {
            int held = hr_popcount64(t.hole_suit[p][s]);
            most_held = held > most_held ? held : most_held;
        }
        int lowest = 3 - on_board > 0 ? 3 - on_board : 0;
        for (int f = lowest; f <= t.left; f++)
            if (on_board + f + most_held >= 5) deal_flush_suit(&t, s, f, multiplicity, avail_suit[s]);
    }
    return 0;
}

/* ------------------------------------------------------------------ plain enumeration */

typedef struct {
    int n;
    uint64_t key[HR_MAX_PLAYERS];   /* hr_card_key of the two hole cards */
    uint64_t masks[HR_MAX_PLAYERS]; /* suit_rank_bit of the two hole cards */
} table_t;

HR_INLINE void showdown_into(const table_t *table, uint64_t board_key, uint64_t board_masks, int64_t *outcomes) {
    int ranks[HR_MAX_PLAYERS];
    for (int p = 0; p < table->n; p++)
        ranks[p] = seven_rank(board_key + table->key[p], board_masks | table->masks[p]);
    outcomes[winners_of(ranks, table->n)]++;
}

static void deal_rest(const uint8_t *deck, int ndeck, int first, int left, uint64_t key, uint64_t masks,
                      const table_t *table, int64_t *outcomes) {
    for (int i = first; i <= ndeck - left; i++) {
        uint64_t k = key + hr_card_key[deck[i]], m = masks | suit_rank_bit(deck[i]);
        if (left == 1) showdown_into(table, k, m, outcomes);
        else deal_rest(deck, ndeck, i + 1, left - 1, k, m, table, outcomes);
    }
}

int hr_equity_enumerate(const uint8_t *holes, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead,
                        int ndead, int first_begin, int first_end, int64_t *outcomes) {
    uint64_t used = 0;
    int error = check_table(nplayers, nboard, board, dead, ndead, &used);
    if (error) return error;
    if ((error = take_cards(holes, 2 * nplayers, &used))) return error;

    table_t table;
    table.n = nplayers;
    for (int p = 0; p < nplayers; p++) {
        table.key[p] = hr_card_key[holes[2 * p]] + hr_card_key[holes[2 * p + 1]];
        table.masks[p] = suit_rank_bit(holes[2 * p]) | suit_rank_bit(holes[2 * p + 1]);
    }
    uint64_t key = HR_SUIT_BIAS, masks = 0;
    for (int i = 0; i < nboard; i++) {
        key += hr_card_key[board[i]];
        masks |= suit_rank_bit(board[i]);
    }
    uint8_t deck[52];
    int ndeck = unseen_deck(used, deck);
    int left = 5 - nboard;
    if (ndeck < left) return HR_ERR_COUNT;
    if (left == 0) {
        if (first_begin <= 0 && first_end > 0) showdown_into(&table, key, masks, outcomes);
        return 0;
    }
    if (first_begin < 0) first_begin = 0;
    if (first_end > ndeck - left + 1) first_end = ndeck - left + 1;
    for (int i = first_begin; i < first_end; i++) {
        uint64_t k = key + hr_card_key[deck[i]], m = masks | suit_rank_bit(deck[i]);
        if (left == 1) showdown_into(&table, k, m, outcomes);
        else deal_rest(deck, ndeck, i + 1, left - 1, k, m, &table, outcomes);
    }
    return 0;
}

/* ------------------------------------------------------------------------ chances */

/* win, tie and equity of each player (out[p], out[n + p], out[2n + p]) from the deals won by
 * each set of players, summed in the order of the sets. Integer counts below 2^53 (and shares
 * in units of 1/HR_SHARE_UNITS below 2^53) convert exactly, so each chance is the correctly
 * rounded quotient of two exact integers, as Python's int / int gives. */
#define HR_CHANCES(TYPE)                                                                        \
    TYPE total = 0, win[HR_MAX_PLAYERS] = {0}, tie[HR_MAX_PLAYERS] = {0}, share[HR_MAX_PLAYERS] = {0}; \
    for (unsigned mask = 1; mask < (1u << n); mask++) {                                        \
        TYPE count = outcomes[mask];                                                           \
        int k = hr_popcount64(mask);                                                           \
        total += count;                                                                        \
        if (!count) continue;                                                                  \
        for (int p = 0; p < n; p++) {                                                          \
            if (!(mask >> p & 1)) continue;                                                    \
            share[p] += count * (TYPE)(HR_SHARE_UNITS / k);                                    \
            if (k == 1) win[p] += count;                                                       \
            else tie[p] += count;                                                              \
        }                                                                                      \
    }                                                                                          \
    for (int p = 0; p < n; p++) {                                                              \
        out[p] = (double)win[p] / (double)total;                                               \
        out[n + p] = (double)tie[p] / (double)total;                                           \
        out[2 * n + p] = (double)share[p] / (double)total / HR_SHARE_UNITS;                    \
    }

int64_t hr_equity_chances_counts(const int64_t *outcomes, int n, double *out) {
    if (n < 2 || n > HR_MAX_PLAYERS) return HR_ERR_PLAYERS;
    HR_CHANCES(int64_t)
    return total;
}

int hr_equity_chances_weights(const double *outcomes, int n, double *out) {
    if (n < 2 || n > HR_MAX_PLAYERS) return HR_ERR_PLAYERS;
    HR_CHANCES(double)
    return 0;
}

int64_t hr_equity_fixed_chances(const uint8_t *holes, int nplayers, const uint8_t *board, int nboard,
                                const uint8_t *dead, int ndead, double *chances) {
    int64_t outcomes[1 << HR_MAX_PLAYERS];
    if (nplayers < 2 || nplayers > HR_MAX_PLAYERS) return HR_ERR_PLAYERS;
    for (int i = 0; i < (1 << nplayers); i++) outcomes[i] = 0;
    int error = hr_equity_fixed(holes, nplayers, board, nboard, dead, ndead, outcomes);
    return error ? error : hr_equity_chances_counts(outcomes, nplayers, chances);
}
