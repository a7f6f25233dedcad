/* Ace-to-five lowball and Razz: the best five of 5..7 cards, aces low, straights and flushes
 * ignored, so a hand's rank is its rank multiset's: one lookup in hr_a5_rank, which sits on
 * the slots of Hold'em's multiset table (scripts/build_lowball.py). See handrank.h. */
#include "kernel.h"
#include "lowball_tables.h"

/* Suits never matter: Hold'em's batch loop on the A-5 multiset table, with no flush table. */
const hr_rules_t hr_a5_rules = {hr_a5_rank, NULL, 0, HR_A5_RANK_COUNT};

int64_t hr_a5_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error) {
    *error = 0;
    switch (ncards) {
    case 5: { /* a five's pattern decides both games: Hold'em's (SIMD-checked) loop, then a lookup */
        int64_t bad = hr_rank_batch(cards, nrows, 5, out, error);
        for (int64_t i = 0, good = bad < 0 ? nrows : bad; i < good; i++) out[i] = hr_a5_of_holdem[out[i]];
        return bad;
    }
    case 6:
    case 7: return hr_rank_batch_rules(&hr_a5_rules, cards, nrows, ncards, out, error);
    default: *error = HR_ERR_COUNT; return 0;
    }
}

static void a5_census_level(int first, int left, uint64_t key, uint64_t *counts) {
    if (left == 1) {
        for (int c = first; c < 52; c++) counts[game_multiset_rank(hr_a5_rank, key + hr_card_key[c])]++;
        return;
    }
    for (int c = first; c <= 52 - left; c++) a5_census_level(c + 1, left - 1, key + hr_card_key[c], counts);
}

int hr_a5_census(int ncards, int lowest, uint64_t *counts) {
    if (ncards < 5 || ncards > 7) return HR_ERR_COUNT;
    if (lowest < 0 || lowest > 52 - ncards) return HR_ERR_CARD;
    a5_census_level(lowest + 1, ncards - 1, HR_SUIT_BIAS + hr_card_key[lowest], counts);
    return 0;
}

/* ------------------------------------------------------------------ deuce-to-seven */

/* Every five-card class is one (rank multiset, flush) pattern in both games: Hold'em's loop
 * ranks the row (and checks it), one lookup turns its rank into the 2-7 rank. */
int64_t hr_27_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error) {
    *error = 0;
    if (ncards != 5) {
        *error = HR_ERR_COUNT;
        return 0;
    }
    int64_t bad = hr_rank_batch(cards, nrows, 5, out, error);
    int64_t good = bad < 0 ? nrows : bad;
    for (int64_t i = 0; i < good; i++) out[i] = hr_27_of_holdem[out[i]];
    return bad;
}

int hr_27_census(uint64_t *counts) {
    uint64_t holdem[HR_RANK_COUNT + 1] = {0};
    for (int lowest = 0; lowest <= 52 - 5; lowest++) hr_census(5, lowest, holdem); /* 3 ms in all */
    counts[0] = 0;
    for (int r = 1; r <= HR_RANK_COUNT; r++) counts[hr_27_of_holdem[r]] = holdem[r];
    return 0;
}
