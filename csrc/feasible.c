/* Whether players' ranges can be dealt together (every game's equity asks before it deals):
 * a search that places the player with the fewest combos left first, pruned by counting.
 *
 * Hall's bound: a group of players needs as many cards as its hands hold, and can only use
 * the cards of its open hands; at every step each group of the players left is checked.
 *
 * The counting bound: however the players are dealt, for a set S of cards the players hold
 * at least the sum over players of their fewest cards of S in any combo still open to them,
 * and S has only so many cards that any of those combos holds. When the sum passes that
 * count, no deal exists. S runs over the 13 ranks at every step of the search, and before it
 * over the 78 pairs of ranks and the 4 suits too: "AAxx" for three players (six aces) or
 * "A2s+" for five (five aces) is refused at once instead of after a search of every way to
 * deal two of them.
 *
 * When the search does not decide on a small budget, random deals are tried greedily
 * (draw_deal): a deal found proves the players can be dealt, and wide crowded ranges (nine
 * players' top 10% of Omaha hands) are dealt at once that way, where the search, which has to
 * rule out every branch it leaves, ran out of budget. Then the counting bound runs over every
 * run of ranks (run_cells: nine players' top 3% need more of J, Q, K and A than there are),
 * then the weighted bound (weigh_cards: two runs of ranks, a card in both counting twice),
 * then random deals again, each hand no heavier than that bound leaves room for, and the
 * search, steered by the bound, decides the rest. Players with the same range are dealt in
 * the order of their combos (twin_bounds). */
#include "equity_internal.h"
#include "random.h"

#define LOW_BYTES 0x0F0F0F0F0F0F0F0Full
#define HIGH_BITS 0x8080808080808080ull

/* A set's count of each rank, one nibble a rank (card id = 4 x rank + suit): 0..4. */
HR_INLINE uint64_t rank_counts(uint64_t set) {
    set = set - ((set >> 1) & 0x5555555555555555ull);
    return (set & 0x3333333333333333ull) + ((set >> 2) & 0x3333333333333333ull);
}

/* Lane-wise min of two words of bytes, each byte 0..127. */
HR_INLINE uint64_t min_bytes(uint64_t a, uint64_t b) {
    uint64_t a_at_least_b = (((a | HIGH_BITS) - b) & HIGH_BITS) >> 7; /* 1 in each byte where a >= b */
    uint64_t take_b = a_at_least_b * 0xFF;
    return (b & take_b) | (a & ~take_b);
}

/* Whether some byte of `need` passes that byte of `have` (both 0..127). */
HR_INLINE int any_byte_above(uint64_t need, uint64_t have) {
    return (((have | HIGH_BITS) - need) & HIGH_BITS) != HIGH_BITS;
}

typedef struct {
    const uint64_t *masks;
    const int32_t *start;
    int nplayers;
    unsigned everyone;
    int64_t budget;
    int32_t *choice; /* each player's combo on the way down: a deal when the search finds one */
    int twin[HR_MAX_PLAYERS]; /* the first player whose range is the same combos as p's (p, if none before) */
    uint64_t heavy, heavier;  /* the weighted bound's cards (weigh_cards): none until it is chosen */
    int most[HR_MAX_PLAYERS]; /* and the most each player's combo may weigh at the root */
} search_t;

/* A combo's weight in the weighted bound from its count of each rank (rank_counts, a nibble a
 * rank): its cards in `heavy`, plus those in `heavier` (both whole ranks). Each nibble of the
 * two added stays below 16, and the nibbles' sum below 256, so one multiply adds them up;
 * no popcount, which portable builds make a library call. */
HR_INLINE int weight_of_counts(const search_t *s, uint64_t counts) {
    uint64_t both = (counts & s->heavy) + (counts & s->heavier);
    both = (both & 0x0F0F0F0F0F0F0F0Full) + ((both >> 4) & 0x0F0F0F0F0F0F0F0Full);
    return (int)((both * 0x0101010101010101ull) >> 56);
}

/* Players with the same range are interchangeable: any deal, their combos sorted among them,
 * is a deal too, so the search deals them in increasing order (player p a later combo than
 * any twin before it, an earlier one than any twin after it). Ten players' top 5% of Omaha
 * hands: 10! orders of every deal are one. The open combos of player p lie at offsets
 * [*from, *to) of its range, given the twins placed so far. */
HR_INLINE void twin_bounds(const search_t *s, unsigned placed, int p, int32_t *from, int32_t *to) {
    int32_t lo = 0, hi = s->start[p + 1] - s->start[p];
    for (int q = s->twin[p]; q < s->nplayers; q++) {
        if (q == p || !(placed >> q & 1) || s->twin[q] != s->twin[p]) continue;
        int32_t at = s->choice[q] - s->start[q];
        if (q < p && at + 1 > lo) lo = at + 1;
        if (q > p && at < hi) hi = at;
    }
    *from = s->start[p] + lo;
    *to = s->start[p] + hi;
}

/* Whether the players not in `placed` can each get a combo clear of `used`: 1, 0, or
 * HR_ERR_BUDGET. Each step scans every open combo of every player left (the budget counts
 * them): none open for somebody, too few open cards for some group of them, or a rank short
 * of what they need (the counting bound) ends the branch; else the player with fewest open
 * combos tries each of them that leaves the others enough of every rank. */
static int place_from(search_t *s, unsigned placed, uint64_t used) {
    if (placed == s->everyone) return 1;
    int best = -1, fewest = 1 << 30, cards_needed = 0, left = 0, need_of[HR_MAX_PLAYERS];
    uint64_t open_cards = 0, need_even = 0, need_odd = 0; /* ranks 0, 2, .. 12 and 1, 3, .. 11: a byte each */
    uint64_t best_even = 0, best_odd = 0;                 /* the chosen player's own least of each rank */
    int need_weight = 0, best_weight = 0;                 /* the weighted bound: the same, for one weight */
    uint64_t open_of[HR_MAX_PLAYERS];                     /* each player left's open cards */
    for (int p = 0; p < s->nplayers; p++) {
        if (placed >> p & 1) continue;
        int choices = 0;
        uint64_t least_even = LOW_BYTES, least_odd = LOW_BYTES, open = 0;
        int least_weight = 1 << 30;
        int32_t from, to;
        twin_bounds(s, placed, p, &from, &to);
        for (int32_t i = from; i < to; i++) {
            uint64_t mask = s->masks[i];
            if (mask & used) continue;
            choices++;
            open |= mask;
            uint64_t counts = rank_counts(mask);
            least_even = min_bytes(least_even, counts & LOW_BYTES);
            least_odd = min_bytes(least_odd, (counts >> 4) & LOW_BYTES);
            int weight = weight_of_counts(s, counts);
            least_weight = weight < least_weight ? weight : least_weight;
        }
        s->budget -= to - from;
        if (!choices) return 0;
        open_cards |= open;
        open_of[left] = open;
        need_of[left] = hr_popcount64(s->masks[s->start[p]]);
        cards_needed += need_of[left++];
        need_even += least_even;
        need_odd += least_odd;
        need_weight += least_weight;
        if (choices < fewest) {
            fewest = choices;
            best = p;
            best_even = least_even;
            best_odd = least_odd;
            best_weight = least_weight;
        }
    }
    uint64_t have = rank_counts(open_cards);
    int have_weight = weight_of_counts(s, have);
    if (hr_popcount64(open_cards) < cards_needed || any_byte_above(need_even, have & LOW_BYTES) ||
        any_byte_above(need_odd, (have >> 4) & LOW_BYTES) || need_weight > have_weight)
        return 0;
    /* Hall's condition: every group of the players left has as many open cards as it needs
     * (six players whose hands all lie in the same eleven cards cannot be dealt, whatever
     * ranks they are). All groups of two or more, short of everybody (checked above). */
    if (left >= 3) {
        for (unsigned group = 3; group < (1u << left) - 1; group++) {
            if (!(group & (group - 1))) continue; /* one player: checked by its open hands */
            uint64_t cards = 0;
            int need = 0;
            for (int q = 0; q < left; q++)
                if (group >> q & 1) cards |= open_of[q], need += need_of[q];
            if (hr_popcount64(cards) < need) return 0;
        }
        s->budget -= (int64_t)(left << left) / 8; /* about a combo check's work for each 8 players' unions */
    }
    if (s->budget < 0) return HR_ERR_BUDGET;
    /* The most of each rank a combo of the chosen player may hold and leave the others what
     * they need: more, and the next step's bound would fail (every byte of have is at least
     * that of need, so the words subtract lane by lane). */
    uint64_t allow_even = (have & LOW_BYTES) - need_even + best_even,
             allow_odd = ((have >> 4) & LOW_BYTES) - need_odd + best_odd;
    int32_t from, to;
    twin_bounds(s, placed, best, &from, &to);
    for (int32_t i = from; i < to; i++) {
        if (s->masks[i] & used) continue;
        uint64_t counts = rank_counts(s->masks[i]);
        if (any_byte_above(counts & LOW_BYTES, allow_even) || any_byte_above((counts >> 4) & LOW_BYTES, allow_odd) ||
            weight_of_counts(s, counts) > have_weight - need_weight + best_weight)
            continue;
        s->choice[best] = i;
        int found = place_from(s, placed | 1u << best, used | s->masks[i]);
        if (found) return found;
    }
    return 0;
}

/* The counting bound over sets of cards: `cells` counts a card mask's cards in each of
 * `ncells` sets; each player needs at least its open combos' least count of a set, and the
 * players together at most the set's open cards. 1 when some set rules every deal out. */
#define HR_MOST_CELLS (13 * 10)
static int sets_short(search_t *s, uint64_t used, void (*cells)(uint64_t, uint8_t *), int ncells, int cost) {
    uint8_t need[HR_MOST_CELLS] = {0}, have[HR_MOST_CELLS], cell[HR_MOST_CELLS];
    uint64_t open_cards = 0;
    for (int p = 0; p < s->nplayers; p++) {
        if (s->start[p + 1] == s->start[p]) continue;
        uint8_t least[HR_MOST_CELLS];
        memset(least, 0xFF, sizeof least);
        for (int32_t i = s->start[p]; i < s->start[p + 1]; i++) {
            uint64_t mask = s->masks[i];
            if (mask & used) continue;
            open_cards |= mask;
            cells(mask, cell);
            for (int k = 0; k < ncells; k++) least[k] = cell[k] < least[k] ? cell[k] : least[k];
        }
        s->budget -= (int64_t)cost * (s->start[p + 1] - s->start[p]);
        for (int k = 0; k < ncells; k++) need[k] = (uint8_t)(need[k] + (least[k] == 0xFF ? 0 : least[k]));
    }
    cells(open_cards, have);
    for (int k = 0; k < ncells; k++)
        if (need[k] > have[k]) return 1;
    return 0;
}

/* The cells of the 78 pairs of ranks, then the 4 suits. */
static void pair_and_suit_cells(uint64_t mask, uint8_t *cell) {
    uint64_t counts = rank_counts(mask);
    uint8_t rank[13];
    for (int r = 0; r < 13; r++) rank[r] = (uint8_t)(counts >> (4 * r) & 0xF);
    for (int a = 0, k = 0; a < 13; a++)
        for (int b = a + 1; b < 13; b++) cell[k++] = (uint8_t)(rank[a] + rank[b]);
    for (int suit = 0; suit < 4; suit++) cell[78 + suit] = (uint8_t)hr_popcount64(mask & (0x1111111111111ull << suit));
}

/* The cells of every run of 3 to 12 ranks in a circle (the ace next to the deuce, so A-2-3 is
 * a run as well as Q-K-A): nine players' top 3% of Omaha hands each hold two cards of J, Q,
 * K or A (eighteen of sixteen), which no rank, pair of ranks or suit shows. */
static void run_cells(uint64_t mask, uint8_t *cell) {
    uint64_t counts = rank_counts(mask);
    uint8_t below[27] = {0}; /* cards of ranks before r, around the circle twice */
    for (int r = 0; r < 26; r++) below[r + 1] = (uint8_t)(below[r] + (counts >> (4 * (r % 13)) & 0xF));
    for (int first = 0, k = 0; first < 13; first++)
        for (int length = 3; length <= 12; length++, k++) cell[k] = (uint8_t)(below[first + length] - below[first]);
}

/* The weighted bound: a card weighs 1 for each of two runs of ranks from an end that hold it
 * (ranks a and up, and b and up; or a and down, and b and down). However the players are
 * dealt, the weight they hold is at least the sum of each one's lightest open combo, and at
 * most the weight of the open cards. Ten players' top 5% of Omaha hands: each hand weighs at
 * least 4 with 9 and up, and J and up, as the runs (J-J-x-x, or T-T-9-9), and the deck has
 * just 40. Each of the 2 x 91 pairs of runs is weighed here; one that no deal can meet ends
 * it (0), else the tightest is kept (1): in the search the weight left steers each step (a
 * combo heavier than the others leave room for is passed over), and the random deals take
 * no combo heavier than its player's lightest plus the slack (most[p]). */
#define HR_RANK_CARDS(r) (0xFull << 4 * (r))

/* A pair of runs' weight (d 0: ranks a and up, and b and up; d 1: a and down, b and down) of
 * the cards counted in `counts` (rank_counts). */
HR_INLINE void run_weights(uint64_t counts, int (*weight)[13][13]) {
    int up[14] = {0}, down[14] = {0}; /* cards of rank r and up (r and down at r + 1) */
    for (int r = 12; r >= 0; r--) up[r] = up[r + 1] + (int)(counts >> 4 * r & 0xF);
    for (int r = 0; r < 13; r++) down[r + 1] = down[r] + (int)(counts >> 4 * r & 0xF);
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++) {
            weight[0][a][b] = up[a] + up[b];
            weight[1][a][b] = down[a + 1] + down[b + 1];
        }
}

static int weigh_cards(search_t *s, uint64_t used) {
    int need[2][13][13] = {{{0}}}, least[HR_MAX_PLAYERS][2][13][13], weight[2][13][13];
    uint64_t open_cards = 0;
    memset(least, 0x3F, sizeof least); /* a player with no open combo needs nothing here */
    for (int p = 0; p < s->nplayers; p++) {
        if (s->start[p + 1] == s->start[p]) continue;
        for (int32_t i = s->start[p]; i < s->start[p + 1]; i++) {
            uint64_t mask = s->masks[i];
            if (mask & used) continue;
            open_cards |= mask;
            run_weights(rank_counts(mask), weight);
            for (int d = 0; d < 2; d++)
                for (int a = 0; a < 13; a++)
                    for (int b = a; b < 13; b++)
                        least[p][d][a][b] = weight[d][a][b] < least[p][d][a][b] ? weight[d][a][b] : least[p][d][a][b];
        }
        s->budget -= 16 * (int64_t)(s->start[p + 1] - s->start[p]);
        for (int d = 0; d < 2; d++)
            for (int a = 0; a < 13; a++)
                for (int b = a; b < 13; b++) need[d][a][b] += least[p][d][a][b] < 0x3F3F3F3F ? least[p][d][a][b] : 0;
    }
    run_weights(rank_counts(open_cards), weight); /* what the open cards weigh */
    int tightest = 1 << 30, best_d = 0, best_a = 0, best_b = 0;
    for (int d = 0; d < 2; d++)
        for (int a = 0; a < 13; a++)
            for (int b = a; b < 13; b++) {
                int slack = weight[d][a][b] - need[d][a][b];
                if (slack < 0) return 0;
                if (slack < tightest) tightest = slack, best_d = d, best_a = a, best_b = b;
            }
    s->heavy = s->heavier = 0;
    for (int r = 0; r < 13; r++) {
        s->heavy |= (best_d ? r <= best_a : r >= best_a) ? HR_RANK_CARDS(r) : 0;
        s->heavier |= (best_d ? r <= best_b : r >= best_b) ? HR_RANK_CARDS(r) : 0;
    }
    /* each player's lightest open combo plus the slack: a heavier one leaves the others too little */
    for (int p = 0; p < s->nplayers; p++) s->most[p] = least[p][best_d][best_a][best_b] + tightest;
    return 1;
}

/* Whether player p's combo weighs more than the weighted bound leaves it (never without one). */
HR_INLINE int too_heavy(const search_t *weighed, int p, uint64_t mask) {
    return weighed && weight_of_counts(weighed, rank_counts(mask)) > weighed->most[p];
}

/* Random deals made greedily: the players with combos in a random order, each given a combo
 * clear of the cards dealt so far, the one that asks least of the others among a few drawn
 * that fit (each card weighs the share of the players' combos that hold it), or after
 * HR_DRAW_TRIES misses among all that a scan finds open; a player left with none starts a new
 * deal. 1 with `choice` filled, or HR_ERR_BUDGET after about `budget` combo checks. The
 * stream is fixed: the same deal each time. */
#define HR_DRAW_TRIES 32
#define HR_DRAW_CHOICES 4
static int draw_deal(const uint64_t *masks, const int32_t *start, int nplayers, uint64_t used, int64_t budget,
                     const search_t *weighed, int32_t *choice) {
    rng_t rng = chunk_stream(0x66656173696269ull, 0);
    int order[HR_MAX_PLAYERS], n = 0;
    double demand[52] = {0};
    for (int p = 0; p < nplayers; p++) {
        if (start[p + 1] == start[p]) continue;
        order[n++] = p;
        double held[52] = {0}, each = 1.0 / (start[p + 1] - start[p]);
        for (int32_t i = start[p]; i < start[p + 1]; i++)
            for (uint64_t m = masks[i]; m; m &= m - 1) held[hr_ctz64(m)] += each;
        for (int c = 0; c < 52; c++) demand[c] += held[c];
        budget -= start[p + 1] - start[p];
    }
    while (budget > 0) {
        for (int i = n - 1; i > 0; i--) {
            int j = (int)below(&rng, (uint32_t)i + 1), t = order[i];
            order[i] = order[j], order[j] = t;
        }
        uint64_t dealt = used;
        int placed = 0;
        for (; placed < n; placed++) {
            int p = order[placed], found = 0;
            int32_t first = start[p], size = start[p + 1] - first, pick = -1;
            double least = 0;
            for (int t = 0; t < HR_DRAW_TRIES && found < HR_DRAW_CHOICES; t++, budget--) {
                int32_t i = first + (int32_t)below(&rng, (uint32_t)size);
                if ((masks[i] & dealt) || too_heavy(weighed, p, masks[i])) continue;
                double ask = 0;
                for (uint64_t m = masks[i]; m; m &= m - 1) ask += demand[hr_ctz64(m)];
                if (!found++ || ask < least) pick = i, least = ask;
            }
            if (!found) { /* rare fits: the least asking of all that are open */
                for (int32_t i = first; i < first + size; i++) {
                    if ((masks[i] & dealt) || too_heavy(weighed, p, masks[i])) continue;
                    double ask = 0;
                    for (uint64_t m = masks[i]; m; m &= m - 1) ask += demand[hr_ctz64(m)];
                    if (pick < 0 || ask < least) pick = i, least = ask;
                }
                budget -= size;
                if (pick < 0) break;
            }
            choice[p] = pick;
            dealt |= masks[pick];
        }
        if (placed == n) return 1;
    }
    return HR_ERR_BUDGET;
}

/* A few deals drawn at random, each player's combo uniform in its range (a clash ends the
 * deal): one that fits settles it at once. Most spots fit this way, and the bounds and the
 * searches below scan every combo: tens of milliseconds for ranges of millions of hands
 * (PLO6 'AAxxxx'). The stream is fixed: the same deal each time. */
#define HR_QUICK_DEALS 64
static int quick_deal(const uint64_t *masks, const int32_t *start, int nplayers, uint64_t used, int32_t *choice) {
    rng_t rng = chunk_stream(0x717569636B646561ull, 0);
    for (int t = 0; t < HR_QUICK_DEALS; t++) {
        uint64_t dealt = used;
        int p = 0;
        for (; p < nplayers; p++) {
            int32_t size = start[p + 1] - start[p];
            if (!size) continue;
            int32_t i = start[p] + (int32_t)below(&rng, (uint32_t)size);
            if (masks[i] & dealt) break;
            choice[p] = i;
            dealt |= masks[i];
        }
        if (p == nplayers) return 1;
    }
    return 0;
}

int hr_feasible_deal(const uint64_t *masks, const int32_t *combo_start, int nplayers, uint64_t used,
                     int64_t budget, int32_t *choice) {
    search_t s = {masks, combo_start, nplayers, (1u << nplayers) - 1, budget, choice, {0}, 0, 0, {0}};
    for (int p = 0; p < nplayers; p++) { /* each player's first twin: the same combos, in the same order */
        int32_t size = combo_start[p + 1] - combo_start[p];
        s.twin[p] = p;
        for (int q = 0; q < p; q++)
            if (s.twin[q] == q && combo_start[q + 1] - combo_start[q] == size && size &&
                !memcmp(masks + combo_start[q], masks + combo_start[p], (size_t)size * sizeof *masks)) {
                s.twin[p] = q;
                break;
            }
    }
    unsigned placed = 0; /* a player with no range has nothing to place */
    for (int p = 0; p < nplayers; p++)
        if (combo_start[p + 1] == combo_start[p]) placed |= 1u << p;
    if (placed == s.everyone) return 1;
    if (quick_deal(masks, combo_start, nplayers, used, choice)) return 1;
    if (sets_short(&s, used, pair_and_suit_cells, 78 + 4, 4)) return 0; /* about four scans' work a combo */
    /* the search on a small budget first (it decides most spots in microseconds), then random
     * deals, then the search again on the whole budget */
    s.budget = budget / 16;
    int found = place_from(&s, placed, used);
    if (found != HR_ERR_BUDGET) return found;
    if (draw_deal(masks, combo_start, nplayers, used, budget, NULL, choice) == 1) return 1;
    s.budget = budget;
    if (sets_short(&s, used, run_cells, 13 * 10, 16)) return 0; /* runs of ranks: 130 sets, the undecided only */
    if (!weigh_cards(&s, used)) return 0;
    /* random deals again, each combo no heavier than the weighted bound leaves room for (ten
     * players' top 5% of Omaha hands: J-J, Q-Q, K-K and A-A with small cards, and T-T-9-9) */
    if (draw_deal(masks, combo_start, nplayers, used, budget / 2, &s, choice) == 1) return 1;
    return place_from(&s, placed, used);
}

int hr_feasible_masks(const uint64_t *masks, const int32_t *combo_start, int nplayers, uint64_t used,
                      int64_t budget) {
    int32_t choice[HR_MAX_PLAYERS];
    return hr_feasible_deal(masks, combo_start, nplayers, used, budget, choice);
}
