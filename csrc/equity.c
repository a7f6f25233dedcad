/* Texas Hold'em equity: exact enumeration of the boards to come, and seeded Monte Carlo.
 * The hole cards' keys are added to the board's key, built up one card at a time, so a
 * showdown costs one add and one lookup a player. See handrank.h for the interface. */
#include "kernel.h"

typedef struct {
    int n;
    uint64_t key[HR_MAX_PLAYERS];   /* hr_card_key of the two hole cards */
    uint64_t masks[HR_MAX_PLAYERS]; /* suit_rank_bit of the two hole cards */
} table_t;

HR_INLINE void seat(table_t *table, int p, int c0, int c1) {
    table->key[p] = hr_card_key[c0] + hr_card_key[c1];
    table->masks[p] = suit_rank_bit(c0) | suit_rank_bit(c1);
}

/* One showdown on a full board (key and masks of its five cards, key started at the bias). */
HR_INLINE void showdown(const table_t *table, uint64_t board_key, uint64_t board_masks, hr_equity_counts *counts) {
    int ranks[HR_MAX_PLAYERS], best = HR_RANK_COUNT + 1, nbest = 0;
    for (int p = 0; p < table->n; p++) {
        uint64_t key = board_key + table->key[p];
        int rank = HR_UNLIKELY(key & HR_FLUSH_CHECK) ? flush_rank(board_masks | table->masks[p], key)
                                                     : multiset_rank(key);
        ranks[p] = rank;
        nbest = rank < best ? 1 : nbest + (rank == best);
        best = rank < best ? rank : best;
    }
    counts->boards++;
    uint64_t share = HR_SHARE_UNITS / nbest;
    for (int p = 0; p < table->n; p++) {
        if (ranks[p] != best) continue;
        if (nbest == 1) counts->wins[p]++;
        else counts->ties[p]++;
        counts->shares[p] += share;
        counts->shares_squared[p] += share * share;
    }
}

/* Validate ids and duplicates of a group of cards, adding them to *used. */
static int take_cards(const uint8_t *cards, int n, uint64_t *used) {
    for (int i = 0; i < n; i++) {
        if (cards[i] > 51) return HR_ERR_CARD;
        if (*used >> cards[i] & 1) return HR_ERR_DUPLICATE;
        *used |= 1ull << cards[i];
    }
    return 0;
}

/* The checks both entry points share: player count, board size, known cards. */
static int check_table(int nplayers, int nboard, const uint8_t *board, const uint8_t *dead, int ndead,
                       uint64_t *used) {
    if (nplayers < 2 || nplayers > HR_MAX_PLAYERS) return HR_ERR_PLAYERS;
    if (nboard != 0 && nboard != 3 && nboard != 4 && nboard != 5) return HR_ERR_BOARD;
    if (ndead < 0 || ndead > 52) return HR_ERR_COUNT;
    int error = take_cards(board, nboard, used);
    return error ? error : take_cards(dead, ndead, used);
}

static void deal_rest(const uint8_t *deck, int ndeck, int first, int left, uint64_t key, uint64_t masks,
                      const table_t *table, hr_equity_counts *counts) {
    if (left == 1) {
        for (int i = first; i < ndeck; i++)
            showdown(table, key + hr_card_key[deck[i]], masks | suit_rank_bit(deck[i]), counts);
        return;
    }
    for (int i = first; i <= ndeck - left; i++)
        deal_rest(deck, ndeck, i + 1, left - 1, key + hr_card_key[deck[i]], masks | suit_rank_bit(deck[i]), table,
                  counts);
}

int hr_equity_enumerate(const uint8_t *holes, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead,
                        int ndead, int first_begin, int first_end, hr_equity_counts *counts) {
    uint64_t used = 0;
    int error = check_table(nplayers, nboard, board, dead, ndead, &used);
    if (error) return error;
    if ((error = take_cards(holes, 2 * nplayers, &used))) return error;

    table_t table = {nplayers, {0}, {0}};
    for (int p = 0; p < nplayers; p++) seat(&table, p, holes[2 * p], holes[2 * p + 1]);
    uint64_t key = HR_SUIT_BIAS, masks = 0;
    for (int i = 0; i < nboard; i++) {
        key += hr_card_key[board[i]];
        masks |= suit_rank_bit(board[i]);
    }
    uint8_t deck[52];
    int ndeck = 0;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1)) deck[ndeck++] = (uint8_t)c;
    int left = 5 - nboard;
    if (ndeck < left) return HR_ERR_COUNT;
    if (left == 0) {
        if (first_begin <= 0 && first_end > 0) showdown(&table, key, masks, counts);
        return 0;
    }
    if (first_begin < 0) first_begin = 0;
    if (first_end > ndeck - left + 1) first_end = ndeck - left + 1;
    for (int i = first_begin; i < first_end; i++) {
        if (left == 1)
            showdown(&table, key + hr_card_key[deck[i]], masks | suit_rank_bit(deck[i]), counts);
        else
            deal_rest(deck, ndeck, i + 1, left - 1, key + hr_card_key[deck[i]], masks | suit_rank_bit(deck[i]),
                      &table, counts);
    }
    return 0;
}

/* splitmix64: a tiny generator that passes BigCrush; one stream a chunk. */
HR_INLINE uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

HR_INLINE uint64_t next64(uint64_t *state) {
    return mix64(*state += 0x9E3779B97F4A7C15ull);
}

/* Uniform ints in [0, n) without bias (Lemire's multiply-and-reject), two from each 64-bit
 * draw: `spare` holds the unused half (bit 32 set marks it present). */
typedef struct {
    uint64_t state, spare;
} rng_t;

HR_INLINE uint32_t half32(rng_t *rng) {
    if (rng->spare) {
        uint32_t half = (uint32_t)rng->spare;
        rng->spare = 0;
        return half;
    }
    uint64_t draw = next64(&rng->state);
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

/* A uniform double in [0, 1). */
HR_INLINE double unit(rng_t *rng) {
    return (double)(next64(&rng->state) >> 11) * (1.0 / 9007199254740992.0);
}

/* Player p's combo for this deal: the first combo whose running weight exceeds u * total. */
HR_INLINE int draw_combo(rng_t *rng, const double *cumulative, int start, int end) {
    if (end - start == 1) return start;
    double target = unit(rng) * cumulative[end - 1];
    int low = start, high = end - 1;
    while (low < high) {
        int mid = (low + high) >> 1;
        if (cumulative[mid] > target) high = mid;
        else low = mid + 1;
    }
    return low;
}

#define HR_MAX_REDRAWS 100000 /* consecutive deals with clashing combos before giving up */

int hr_equity_monte_carlo(const uint8_t *combos, const int32_t *combo_start, const double *cumulative,
                          int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead,
                          uint64_t seed, uint64_t trials, uint64_t first_chunk, uint64_t end_chunk,
                          hr_equity_counts *counts) {
    uint64_t known = 0;
    int error = check_table(nplayers, nboard, board, dead, ndead, &known);
    if (error) return error;
    for (int p = 0; p < nplayers; p++) {
        int start = combo_start[p], end = combo_start[p + 1];
        if (start < 0 || end <= start) return HR_ERR_RANGE;
        double previous = 0.0;
        for (int i = start; i < end; i++) {
            if (combos[2 * i] > 51 || combos[2 * i + 1] > 51) return HR_ERR_CARD;
            if (combos[2 * i] == combos[2 * i + 1]) return HR_ERR_DUPLICATE;
            if (!(cumulative[i] >= previous)) return HR_ERR_RANGE; /* also refuses NaN */
            previous = cumulative[i];
        }
        if (!(previous > 0.0)) return HR_ERR_RANGE;
    }
    int left = 5 - nboard;
    if (52 - hr_popcount64(known) - 2 * nplayers < left) return HR_ERR_COUNT;

    uint64_t board_key = HR_SUIT_BIAS, board_masks = 0;
    for (int i = 0; i < nboard; i++) {
        board_key += hr_card_key[board[i]];
        board_masks |= suit_rank_bit(board[i]);
    }
    table_t table = {nplayers, {0}, {0}};
    int fixed = 1; /* every player holds one known combo: seat them once */
    uint64_t fixed_used = known;
    for (int p = 0; p < nplayers; p++) {
        int i = combo_start[p];
        uint64_t hole = 1ull << combos[2 * i] | 1ull << combos[2 * i + 1];
        fixed &= combo_start[p + 1] - i == 1;
        if (fixed && (fixed_used & hole)) return HR_ERR_IMPOSSIBLE; /* known hands that share a card */
        fixed_used |= hole;
        seat(&table, p, combos[2 * i], combos[2 * i + 1]);
    }
    uint64_t chunks = (trials + HR_EQUITY_CHUNK - 1) / HR_EQUITY_CHUNK;
    if (end_chunk > chunks) end_chunk = chunks;
    for (uint64_t chunk = first_chunk; chunk < end_chunk; chunk++) {
        rng_t rng = {mix64(seed) ^ mix64(chunk + 0x632BE59BD9B4E019ull), 0};
        uint64_t deals = chunk + 1 < chunks ? HR_EQUITY_CHUNK : trials - chunk * HR_EQUITY_CHUNK;
        for (uint64_t t = 0; t < deals; t++) {
            uint64_t used = fixed_used;
            int redraws = 0;
            while (!fixed) { /* hole cards: redraw the whole deal until no two players share a card */
                used = known;
                int p = 0;
                for (; p < nplayers; p++) {
                    int i = draw_combo(&rng, cumulative, combo_start[p], combo_start[p + 1]);
                    uint64_t hole = 1ull << combos[2 * i] | 1ull << combos[2 * i + 1];
                    if (used & hole) break;
                    used |= hole;
                    seat(&table, p, combos[2 * i], combos[2 * i + 1]);
                }
                if (p == nplayers) break;
                if (++redraws > HR_MAX_REDRAWS) return HR_ERR_IMPOSSIBLE;
            }
            uint64_t key = board_key, masks = board_masks;
            for (int k = 0; k < left; k++) {
                uint32_t c;
                do c = below(&rng, 52); while (used >> c & 1);
                used |= 1ull << c;
                key += hr_card_key[c];
                masks |= suit_rank_bit((int)c);
            }
            showdown(&table, key, masks, counts);
        }
    }
    return 0;
}
