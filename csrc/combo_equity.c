/* Exact equity of each combo of the first player's range against the other players' ranges,
 * with card removal: the runouts of the board numbered [first, end) are dealt in turn, every
 * combo is ranked once a runout, and the assignments of the others' combos are counted
 * against each of the first player's combos:
 *   - one opponent: both ranges sorted by rank and swept together, with the opponent's running
 *     weight overall and per card, so that a combo's wins, ties and the weight it meets are
 *     running sums less its two cards' (inclusion-exclusion: the opponent's same two cards are
 *     taken out twice and added back once);
 *   - more: a walk over the opponents' combos that share no card.
 * Runouts that a suit permutation of `group` (fixing the board, the dead cards and every
 * weighted range) maps onto each other are dealt once, from the smallest: the results on an
 * image g(R) of runout R are those on R of the combos g^-1(h), so each is added to h.
 * share[i] adds the weight of the deals of combo i times its part of the pot (1 for a win,
 * 1/k for a pot split k ways) and weight[i] the weight of its deals, a deal's weight being
 * the product of its combos' weights. So share[i] / weight[i] is combo i's equity and
 * sum(share) / sum(weight) the range's, the same as hr_equity_ranges'. */
#include <stdlib.h>
#include <string.h>

#include "equity_internal.h"

typedef struct {
    int n;
    const int32_t *start;
    const double *weights;
    int *order;         /* the opponents, fewest combos first */
    int *rank;          /* [total] this runout's rank of each combo, 0 when it cannot be dealt */
    uint64_t *mask;     /* [total] */
} walk_t;

/* The opponents from level on, given the cards used, the best opponent rank so far and how
 * many opponents hold it: adds (weight of the deals, weight times the hero's part). */
static void walk_rest(const walk_t *w, int level, uint64_t used, int hero, int best, int ties, double weight,
                      double *deal_weight, double *deal_share) {
    int p = w->order[level];
    for (int i = w->start[p]; i < w->start[p + 1]; i++) {
        if (!w->rank[i] || (w->mask[i] & used)) continue;
        int rank = w->rank[i], now_best = rank < best ? rank : best;
        int now_ties = rank < best ? 1 : rank == best ? ties + 1 : ties;
        double now = weight * w->weights[i];
        if (level + 1 < w->n - 1) {
            walk_rest(w, level + 1, used | w->mask[i], hero, now_best, now_ties, now, deal_weight, deal_share);
            continue;
        }
        *deal_weight += now;
        if (hero < now_best) *deal_share += now;
        else if (hero == now_best) *deal_share += now / (now_ties + 1);
    }
}

int hr_combo_equity(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                    const uint8_t *board, int nboard, const uint8_t *dead, int ndead, const uint8_t *group,
                    int ngroup, uint64_t first, uint64_t end, double *share, double *weight) {
    const hr_rules_t *rules = &hr_holdem_rules;
    uint64_t known = 0;
    int error = check_spot(rules, combos, combo_start, weights, nplayers, nboard, board, dead, ndead, &known);
    if (error) return error;
    if ((error = check_group(group, ngroup))) return error;
    int total = combo_start[nplayers], k = 5 - nboard, nhero = combo_start[1];
    uint8_t deck[52];
    int ndeck = unseen_deck(known, deck);
    uint64_t runouts = hr_choose(ndeck, k);
    if (end > runouts) end = runouts;
    if (first >= end) return 0;

    size_t ints = (size_t)total * 6 + (size_t)nhero * (size_t)ngroup + 52 * 52;
    size_t doubles = (size_t)nhero * 2 + 52 * 52;
    char *block = malloc((size_t)total * sizeof(uint64_t) * 3 + doubles * sizeof(double) + ints * sizeof(int));
    if (!block) return HR_ERR_MEMORY;
    uint64_t *mask = (uint64_t *)block, *key = mask + total, *suits = key + total;
    double *run_share = (double *)(suits + total), *run_weight = run_share + nhero; /* on one runout */
    double *pair_weight = run_weight + nhero; /* the opponent's weight of each combo (two players) */
    int *rank = (int *)(pair_weight + 52 * 52), *live = rank + total, *order = live + total, *tmp = order + total,
        *keys = tmp + total, *scratch = keys + total, *image = scratch + total, *hero_of = image + (size_t)nhero * (size_t)ngroup;
    memset(pair_weight, 0, sizeof(double) * 52 * 52);
    for (int i = 0; i < 52 * 52; i++) hero_of[i] = -1;

    for (int i = 0; i < total; i++) {
        int c0 = combos[2 * i], c1 = combos[2 * i + 1];
        mask[i] = card_bit(c0) | card_bit(c1);
        key[i] = hr_card_key[c0] + hr_card_key[c1];
        suits[i] = suit_rank_bit(c0) | suit_rank_bit(c1);
        live[i] = !(mask[i] & known);
        if (i < nhero) hero_of[c0 * 52 + c1] = hero_of[c1 * 52 + c0] = i;
        else if (i < combo_start[2] && live[i]) {
            pair_weight[c0 * 52 + c1] += weights[i];
            pair_weight[c1 * 52 + c0] += weights[i];
        }
    }
    /* image[g][h]: the hero combo g^-1(h), whose results on R are h's on g(R) */
    for (int g = 0; g < ngroup; g++) {
        const uint8_t *perm = hr_suit_perms[group[g]];
        uint8_t inverse[4];
        for (int x = 0; x < 4; x++) inverse[perm[x]] = (uint8_t)x;
        for (int h = 0; h < nhero; h++) {
            int c0 = permute_card(inverse, combos[2 * h]), c1 = permute_card(inverse, combos[2 * h + 1]);
            int found = hero_of[c0 * 52 + c1];
            if (found < 0) { /* the group does not fix the range: not the caller's symmetry */
                free(block);
                return HR_ERR_RANGE;
            }
            image[(size_t)g * nhero + h] = found;
        }
    }
    int villain_order[HR_MAX_PLAYERS];
    for (int p = 1; p < nplayers; p++) villain_order[p - 1] = p;
    for (int i = 1; i < nplayers - 1; i++)
        for (int j = i; j > 0 && combo_start[villain_order[j] + 1] - combo_start[villain_order[j]] <
                                       combo_start[villain_order[j - 1] + 1] - combo_start[villain_order[j - 1]]; j--) {
            int t = villain_order[j];
            villain_order[j] = villain_order[j - 1];
            villain_order[j - 1] = t;
        }
    walk_t w = {nplayers, combo_start, weights, villain_order, rank, mask};

    uint64_t board_key = HR_SUIT_BIAS, board_suits = 0;
    for (int i = 0; i < nboard; i++) {
        board_key += hr_card_key[board[i]];
        board_suits |= suit_rank_bit(board[i]);
    }
    int pick[5] = {0};
    for (uint64_t number = first; number < end; number++) {
        hr_unrank(number, ndeck, k, pick);
        uint8_t cards[5];
        uint64_t runout = 0, run_key = board_key, run_suits = board_suits;
        for (int j = 0; j < k; j++) {
            int card = deck[pick[j]];
            cards[j] = (uint8_t)card;
            runout |= card_bit(card);
            run_key += hr_card_key[card];
            run_suits |= suit_rank_bit(card);
        }
        int stabilizer = 1;
        if (ngroup > 1 && !smallest_of_orbit(cards, k, group, ngroup, &stabilizer)) continue;
        for (int i = 0; i < total; i++)
            rank[i] = live[i] && !(mask[i] & runout) ? rules_seven_rank(rules, run_key + key[i], run_suits | suits[i])
                                                     : 0;
        memset(run_share, 0, sizeof(double) * 2 * (size_t)nhero);
        if (nplayers > 2) {
            for (int h = 0; h < nhero; h++)
                if (rank[h])
                    walk_rest(&w, 0, mask[h], rank[h], rules->rank_count + 1, 0, weights[h], &run_weight[h],
                              &run_share[h]);
        } else { /* both ranges by rank, swept together (ties: the opponent's first) */
            int count = 0;
            for (int i = 0; i < total; i++)
                if (rank[i]) {
                    tmp[count] = i;
                    keys[count++] = 2 * rank[i] + (i < nhero); /* at equal rank the opponent's first */
                }
            sort_positions_by_rank(keys, count, order, scratch);
            double before = 0, all = 0, card_before[52] = {0}, card_all[52] = {0}, group_card[52] = {0};
            for (int e = 0; e < count; e++) {
                int i = tmp[e];
                if (i < nhero) continue;
                all += weights[i];
                card_all[combos[2 * i]] += weights[i];
                card_all[combos[2 * i + 1]] += weights[i];
            }
            for (int e = 0; e < count;) {
                int r = rank[tmp[order[e]]], stop = e;
                double group_weight = 0;
                while (stop < count && rank[tmp[order[stop]]] == r) stop++;
                for (int x = e; x < stop; x++) { /* the opponent's combos of rank r */
                    int i = tmp[order[x]];
                    if (i < nhero) break;
                    group_weight += weights[i];
                    group_card[combos[2 * i]] += weights[i];
                    group_card[combos[2 * i + 1]] += weights[i];
                }
                for (int x = e; x < stop; x++) { /* the hero's combos of rank r */
                    int h = tmp[order[x]];
                    if (h >= nhero) continue;
                    int c0 = combos[2 * h], c1 = combos[2 * h + 1];
                    double same = pair_weight[c0 * 52 + c1];
                    double below = before - card_before[c0] - card_before[c1];
                    double equal = group_weight - group_card[c0] - group_card[c1] + same;
                    double met = all - card_all[c0] - card_all[c1] + same;
                    run_share[h] = weights[h] * (met - below - equal + equal / 2);
                    run_weight[h] = weights[h] * met;
                }
                for (int x = e; x < stop; x++) { /* the group joins the running sums */
                    int i = tmp[order[x]];
                    if (i < nhero) break;
                    for (int j = 0; j < 2; j++) {
                        int c = combos[2 * i + j];
                        card_before[c] += group_card[c];
                        group_card[c] = 0;
                    }
                }
                before += group_weight;
                e = stop;
            }
        }
        /* the orbit: each image g(R), counted once (ngroup / stabilizer images, each reached
         * by `stabilizer` permutations) */
        double scale = 1.0 / stabilizer;
        for (int g = 0; g < ngroup; g++) {
            const int *from = image + (size_t)g * nhero;
            for (int h = 0; h < nhero; h++) {
                share[h] += scale * run_share[from[h]];
                weight[h] += scale * run_weight[from[h]];
            }
        }
    }
    free(block);
    return 0;
}
