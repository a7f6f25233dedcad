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

#define HR_SHOWDOWN_BLOCK 64

/* Showdowns of rows [0, nrows) for a player count known at compile time (every loop over
 * players unrolls). In blocks of rows: every hand's key first (the board's once a row, then
 * one add a player) with the checks, then all the lookups, independent of each other, then
 * the winners. Suits are gathered only for the hands that flush. */
HR_INLINE int64_t showdown_rows(const uint8_t *holes, const uint8_t *boards, int64_t nrows, const int nplayers,
                                uint16_t *ranks, uint16_t *shares, int *error) {
    uint16_t share_of[HR_MAX_PLAYERS + 1]; /* a k-way split pays HR_SHARE_UNITS / k */
    share_of[0] = 0;
    for (int k = 1; k <= HR_MAX_PLAYERS; k++) share_of[k] = (uint16_t)(HR_SHARE_UNITS / k);
    uint64_t hand[HR_SHOWDOWN_BLOCK * HR_MAX_PLAYERS];
    for (int64_t start = 0; start < nrows; start += HR_SHOWDOWN_BLOCK) {
        int rows = nrows - start < HR_SHOWDOWN_BLOCK ? (int)(nrows - start) : HR_SHOWDOWN_BLOCK;
        const uint8_t *board = boards + start * 5, *hole = holes + start * (2 * nplayers);
        for (int r = 0; r < rows; r++, board += 5, hole += 2 * nplayers) {
            uint64_t key = HR_SUIT_BIAS + hr_card_key[board[0]] + hr_card_key[board[1]] + hr_card_key[board[2]] +
                           hr_card_key[board[3]] + hr_card_key[board[4]];
            uint64_t used = 0, repeats = 0;
            int bad = 0;
            for (int j = 0; j < 5; j++) {
                uint64_t bit = 1ull << (board[j] & 63);
                bad |= board[j];
                repeats |= used & bit;
                used |= bit;
            }
            for (int p = 0; p < nplayers; p++) {
                int c0 = hole[2 * p], c1 = hole[2 * p + 1];
                uint64_t b0 = 1ull << (c0 & 63), b1 = 1ull << (c1 & 63);
                bad |= c0 | c1;
                repeats |= (used & b0) | ((used | b0) & b1);
                used |= b0 | b1;
                hand[r * nplayers + p] = key + hr_card_key[c0] + hr_card_key[c1];
            }
            /* every id is 0..51 exactly when no card key marked the sum invalid */
            if (HR_UNLIKELY((repeats != 0) | ((hand[r * nplayers] & HR_INVALID_CHECK) != 0) |
                            (bad > 63))) {
                int invalid = 0;
                for (int j = 0; j < 5; j++) invalid |= board[j] > 51;
                for (int j = 0; j < 2 * nplayers; j++) invalid |= hole[j] > 51;
                if (invalid || repeats) {
                    *error = invalid ? HR_ERR_CARD : HR_ERR_DUPLICATE;
                    return start + r;
                }
            }
            for (int p = 0; p < nplayers; p++) /* ids 52..63 alias a valid bit: caught here */
                if (HR_UNLIKELY(hand[r * nplayers + p] & HR_INVALID_CHECK)) {
                    *error = HR_ERR_CARD;
                    return start + r;
                }
        }
        uint16_t *block_ranks = ranks + start * nplayers;
        for (int k = 0; k < rows * nplayers; k++) {
            uint64_t key = hand[k];
            if (HR_UNLIKELY(key & HR_FLUSH_CHECK)) {
                int r = k / nplayers, p = k % nplayers;
                const uint8_t *b = boards + (start + r) * 5, *h = holes + (start + r) * (2 * nplayers);
                uint64_t suits = suit_rank_bit(h[2 * p]) | suit_rank_bit(h[2 * p + 1]);
                for (int j = 0; j < 5; j++) suits |= suit_rank_bit(b[j]);
                block_ranks[k] = (uint16_t)flush_rank(suits, key);
            } else {
                block_ranks[k] = (uint16_t)multiset_rank(key);
            }
        }
        for (int r = 0; r < rows; r++) {
            const uint16_t *rank = block_ranks + r * nplayers;
            uint16_t *share = shares + (start + r) * nplayers;
            int best = rank[0], winners = 0;
            for (int p = 1; p < nplayers; p++) best = rank[p] < best ? rank[p] : best;
            for (int p = 0; p < nplayers; p++) winners += rank[p] == best;
            for (int p = 0; p < nplayers; p++) share[p] = rank[p] == best ? share_of[winners] : 0;
        }
    }
    return -1;
}

int64_t hr_showdown_batch(const uint8_t *holes, const uint8_t *boards, int64_t nrows, int nplayers, uint16_t *ranks,
                          uint16_t *shares, int *error) {
    *error = 0;
    switch (nplayers) {
    case 1: return showdown_rows(holes, boards, nrows, 1, ranks, shares, error);
    case 2: return showdown_rows(holes, boards, nrows, 2, ranks, shares, error);
    case 3: return showdown_rows(holes, boards, nrows, 3, ranks, shares, error);
    case 4: return showdown_rows(holes, boards, nrows, 4, ranks, shares, error);
    case 5: return showdown_rows(holes, boards, nrows, 5, ranks, shares, error);
    case 6: return showdown_rows(holes, boards, nrows, 6, ranks, shares, error);
    case 7: return showdown_rows(holes, boards, nrows, 7, ranks, shares, error);
    case 8: return showdown_rows(holes, boards, nrows, 8, ranks, shares, error);
    case 9: return showdown_rows(holes, boards, nrows, 9, ranks, shares, error);
    case 10: return showdown_rows(holes, boards, nrows, 10, ranks, shares, error);
    default: *error = HR_ERR_PLAYERS; return 0;
    }
}
