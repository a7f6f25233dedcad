/* Simulations in bulk: dealing many hands at once, and showdowns of many deals at once.
 * See handrank.h for the interface. */
#include "equity_internal.h"
#include "random.h"

int hr_deal(uint64_t seed, uint64_t ndeals, uint64_t first_chunk, uint64_t end_chunk, int nplayers,
            const uint8_t *fixed_holes, int nboard, const uint8_t *fixed_board, int nfixed_board, const uint8_t *dead,
            int ndead, uint8_t *holes, uint8_t *boards) {
    if (nplayers < 1 || nplayers > 23) return HR_ERR_PLAYERS;
    if (nboard < 0 || nboard > 5 || nfixed_board < 0 || nfixed_board > nboard) return HR_ERR_BOARD;
    if (ndead < 0 || ndead > 52) return HR_ERR_COUNT;
    uint64_t known = 0;
    int error = take_cards(fixed_board, nfixed_board, &known);
    if (!error) error = take_cards(dead, ndead, &known);
    int random_players = 0;
    for (int p = 0; p < nplayers && !error; p++) {
        const uint8_t *hole = fixed_holes + 2 * p;
        if (hole[0] == HR_DEAL_RANDOM && hole[1] == HR_DEAL_RANDOM) {
            random_players++;
            continue;
        }
        error = take_cards(hole, 2, &known);
    }
    if (error) return error;
    int needed = 2 * random_players + nboard - nfixed_board;
    uint8_t fresh[52], deck[52];
    int ndeck = 0;
    for (int c = 0; c < 52; c++)
        if (!(known >> c & 1)) fresh[ndeck++] = (uint8_t)c;
    if (ndeck < needed) return HR_ERR_COUNT;

    uint64_t chunks = (ndeals + HR_EQUITY_CHUNK - 1) / HR_EQUITY_CHUNK;
    if (end_chunk > chunks) end_chunk = chunks;
    for (uint64_t chunk = first_chunk; chunk < end_chunk; chunk++) {
        rng_t rng = chunk_stream(seed, chunk);
        memcpy(deck, fresh, sizeof deck); /* each chunk shuffles from the same order */
        uint64_t first = chunk * HR_EQUITY_CHUNK, end = first + HR_EQUITY_CHUNK < ndeals ? first + HR_EQUITY_CHUNK : ndeals;
        for (uint64_t d = first; d < end; d++) {
            /* a partial Fisher-Yates shuffle: the first `needed` cards of the deck are dealt */
            for (int j = 0; j < needed; j++) {
                int pick = j + (int)below(&rng, (uint32_t)(ndeck - j));
                uint8_t c = deck[pick];
                deck[pick] = deck[j];
                deck[j] = c;
            }
            int next = 0;
            uint8_t *hole = holes + d * (uint64_t)(2 * nplayers);
            for (int p = 0; p < nplayers; p++) {
                const uint8_t *fixed = fixed_holes + 2 * p;
                if (fixed[0] == HR_DEAL_RANDOM && fixed[1] == HR_DEAL_RANDOM) {
                    hole[2 * p] = deck[next++];
                    hole[2 * p + 1] = deck[next++];
                } else {
                    hole[2 * p] = fixed[0];
                    hole[2 * p + 1] = fixed[1];
                }
            }
            uint8_t *board = boards + d * (uint64_t)nboard;
            for (int j = 0; j < nfixed_board; j++) board[j] = fixed_board[j];
            for (int j = nfixed_board; j < nboard; j++) board[j] = deck[next++];
        }
    }
    return 0;
}

int64_t hr_showdown_batch(const uint8_t *holes, const uint8_t *boards, int64_t nrows, int nplayers, uint16_t *ranks,
                          uint16_t *shares, int *error) {
    *error = 0;
    if (nplayers < 1 || nplayers > HR_MAX_PLAYERS) {
        *error = HR_ERR_PLAYERS;
        return 0;
    }
    uint16_t share_of[HR_MAX_PLAYERS + 1]; /* a k-way split pays HR_SHARE_UNITS / k */
    share_of[0] = 0;
    for (int k = 1; k <= HR_MAX_PLAYERS; k++) share_of[k] = (uint16_t)(HR_SHARE_UNITS / k);
    for (int64_t i = 0; i < nrows; i++) {
        const uint8_t *board = boards + i * 5, *hole = holes + i * (int64_t)(2 * nplayers);
        /* the board's key once; then one add and one lookup a player, all players' lookups
         * independent of each other; suits only for the hands that flush */
        uint64_t key = HR_SUIT_BIAS, used = 0, repeats = 0;
        int bad = 0;
        for (int j = 0; j < 5; j++) {
            uint64_t bit = 1ull << (board[j] & 63);
            bad |= board[j] > 51;
            repeats |= used & bit;
            used |= bit;
            key += hr_card_key[board[j]];
        }
        int rank[HR_MAX_PLAYERS];
        for (int p = 0; p < nplayers; p++) {
            int c0 = hole[2 * p], c1 = hole[2 * p + 1];
            uint64_t b0 = 1ull << (c0 & 63), b1 = 1ull << (c1 & 63);
            bad |= (c0 > 51) | (c1 > 51);
            repeats |= (used & b0) | ((used | b0) & b1);
            used |= b0 | b1;
            uint64_t hand = key + hr_card_key[c0] + hr_card_key[c1];
            if (HR_UNLIKELY(hand & HR_FLUSH_CHECK)) {
                uint64_t suits = suit_rank_bit(c0 & 63) | suit_rank_bit(c1 & 63);
                for (int j = 0; j < 5; j++) suits |= suit_rank_bit(board[j] & 63);
                rank[p] = flush_rank(suits, hand);
            } else {
                rank[p] = multiset_rank(hand);
            }
        }
        if (HR_UNLIKELY(bad | (repeats != 0))) { /* an id above 51, or a card twice */
            *error = bad ? HR_ERR_CARD : HR_ERR_DUPLICATE;
            return i;
        }
        int best = rank[0];
        for (int p = 1; p < nplayers; p++) best = rank[p] < best ? rank[p] : best;
        int winners = 0;
        for (int p = 0; p < nplayers; p++) winners += rank[p] == best;
        uint16_t share = share_of[winners], *row_ranks = ranks + i * nplayers, *row_shares = shares + i * nplayers;
        for (int p = 0; p < nplayers; p++) {
            row_ranks[p] = (uint16_t)rank[p];
            row_shares[p] = rank[p] == best ? share : 0;
        }
    }
    return -1;
}
