/* Short deck (6+) Hold'em: 36 cards, six through ace (ids 16..51), A-6-7-8-9 the lowest
 * straight, a flush above a full house, optionally three of a kind above a straight. Ranks
 * come from Hold'em's key: a five-card row through Hold'em's loop and one lookup, 6 or 7
 * cards from the game's multiset table on Hold'em's slots, or its flush table
 * (scripts/build_shortdeck.py). Equity runs Hold'em's enumeration and Monte Carlo with these
 * rules: the cards below six are out of the deck. See handrank.h. */
#include "equity_internal.h"
#include "shortdeck_tables.h"

const hr_rules_t hr_sd_rules[2] = {
    {hr_sd_multiset_rank, hr_sd_flush_rank, HR_SD_LOW_CARDS, HR_SD_RANK_COUNT},
    {hr_sd_tbs_multiset_rank, hr_sd_flush_rank, HR_SD_LOW_CARDS, HR_SD_RANK_COUNT},
};

HR_INLINE const hr_rules_t *rules_of(int trips_beat_straight) {
    return &hr_sd_rules[trips_beat_straight != 0];
}

int64_t hr_sd_rank_batch_rules(const uint8_t *cards, int64_t nrows, int ncards, int trips_beat_straight,
                               uint16_t *out, int *error) {
    *error = 0;
    const hr_rules_t *rules = rules_of(trips_beat_straight);
    switch (ncards) {
    case 5: { /* Hold'em's (SIMD-checked) loop, then its rank to ours: 0 when a card is below six */
        const uint16_t *of_holdem = trips_beat_straight ? hr_sd_tbs_of_holdem : hr_sd_of_holdem;
        int64_t bad = hr_rank_batch(cards, nrows, 5, out, error);
        int64_t good = bad < 0 ? nrows : bad;
        for (int64_t i = 0; i < good; i++) {
            uint16_t rank = of_holdem[out[i]];
            if (HR_UNLIKELY(!rank)) {
                *error = HR_ERR_CARD;
                return i;
            }
            out[i] = rank;
        }
        return bad;
    }
    case 6:
    case 7: { /* Hold'em's loop on our tables, which read 0 for a multiset with a card below six */
        int64_t bad = hr_rank_batch_rules(rules, cards, nrows, ncards, out, error);
        int64_t good = bad < 0 ? nrows : bad;
        for (int64_t i = 0; i < good; i++)
            if (HR_UNLIKELY(!out[i])) {
                *error = HR_ERR_CARD;
                return i;
            }
        return bad;
    }
    default: *error = HR_ERR_COUNT; return 0;
    }
}

int64_t hr_sd_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error) {
    return hr_sd_rank_batch_rules(cards, nrows, ncards, 0, out, error);
}

int64_t hr_sd_tbs_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error) {
    return hr_sd_rank_batch_rules(cards, nrows, ncards, 1, out, error);
}

static void sd_census_level(const hr_rules_t *rules, int first, int left, uint64_t key, uint64_t suits,
                            uint64_t *counts) {
    if (left == 0) {
        counts[rules_seven_rank(rules, key, suits)]++;
        return;
    }
    for (int c = first; c <= 52 - left; c++)
        sd_census_level(rules, c + 1, left - 1, key + hr_card_key[c], suits | suit_rank_bit(c), counts);
}

int hr_sd_census(int ncards, int trips_beat_straight, uint64_t *counts) {
    if (ncards < 5 || ncards > 7) return HR_ERR_COUNT;
    for (int r = 0; r <= HR_SD_RANK_COUNT; r++) counts[r] = 0;
    sd_census_level(rules_of(trips_beat_straight), 16, ncards, HR_SUIT_BIAS, 0, counts);
    return 0;
}

int hr_sd_equity_ranges(int trips_beat_straight, const uint8_t *combos, const int32_t *combo_start,
                        const double *weights, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead,
                        int ndead, const uint8_t *group, int ngroup, uint64_t first, uint64_t end, double *outcomes,
                        uint64_t *deals) {
    return hr_equity_ranges_rules(rules_of(trips_beat_straight), combos, combo_start, weights, nplayers, board,
                                  nboard, dead, ndead, group, ngroup, first, end, outcomes, deals);
}

int hr_sd_equity_monte_carlo(int trips_beat_straight, const uint8_t *combos, const int32_t *combo_start,
                             const double *weights, int nplayers, const uint8_t *board, int nboard,
                             const uint8_t *dead, int ndead, uint64_t seed, uint64_t trials, uint64_t first_chunk,
                             uint64_t end_chunk, uint64_t *outcomes, uint64_t *batches) {
    return hr_equity_monte_carlo_rules(rules_of(trips_beat_straight), combos, combo_start, weights, nplayers, board,
                                       nboard, dead, ndead, seed, trials, first_chunk, end_chunk, outcomes, batches);
}
