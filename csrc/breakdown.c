/* What a Hold'em range holds on a board: each combo's made-hand class and its draws, as
 * players name them. The classes are defined in docs/guide/analysis.md; this file follows
 * those definitions word for word. Ranks (the 13 card ranks, 0 = '2' .. 12 = 'A') are bit
 * masks here; a straight is five ranks in a row, the wheel A-2-3-4-5 the lowest. */
#include "handrank.h"
#include "kernel.h"

/* The highest straight in a set of ranks, by its top rank plus one (5-high wheel = 4), or 0. */
static int straight_top(unsigned ranks) {
    unsigned wheel = (ranks >> 12 & 1) | (ranks << 1); /* the ace also below the two */
    for (int top = 13; top >= 4; top--)
        if ((wheel >> (top - 4) & 0x1F) == 0x1F) return top;
    return 0;
}

/* Whether adding `extra` ranks gives the player a straight higher than the board's own with
 * them: the player's hole cards take part. */
static int completes(unsigned mine, unsigned board, unsigned extra) {
    return straight_top(mine | extra) > straight_top(board | extra);
}

int hr_breakdown(const uint8_t *combos, int ncombos, const uint8_t *board, int nboard, uint8_t *made,
                 uint16_t *draws) {
    if (nboard < 3 || nboard > 5) return HR_ERR_BOARD;
    unsigned board_ranks = 0;
    int rank_count[13] = {0}, suit_count[4] = {0};
    uint64_t board_mask = 0;
    for (int i = 0; i < nboard; i++) {
        if (board[i] > 51) return HR_ERR_CARD;
        if (board_mask >> board[i] & 1) return HR_ERR_DUPLICATE;
        board_mask |= 1ull << board[i];
        board_ranks |= 1u << (board[i] >> 2);
        rank_count[board[i] >> 2]++;
        suit_count[board[i] & 3]++;
    }
    int top = -1, second = -1, bottom = hr_ctz64(board_ranks);
    for (int r = 12; r >= 0 && second < 0; r--)
        if (board_ranks >> r & 1) {
            if (top < 0) top = r;
            else second = r;
        }
    /* Kickers to top pair: the ranks not on the board, best first. */
    int kicker_place[13];
    for (int r = 12, place = 0; r >= 0; r--) kicker_place[r] = board_ranks >> r & 1 ? -1 : place++;

    for (int i = 0; i < ncombos; i++) {
        int c0 = combos[2 * i], c1 = combos[2 * i + 1];
        if (c0 > 51 || c1 > 51) return HR_ERR_CARD;
        if (c0 == c1 || (board_mask >> c0 & 1) || (board_mask >> c1 & 1)) return HR_ERR_DUPLICATE;
        uint8_t cards[7];
        for (int k = 0; k < nboard; k++) cards[k] = board[k];
        cards[nboard] = (uint8_t)c0;
        cards[nboard + 1] = (uint8_t)c1;
        int rank = hr_rank(cards, nboard + 2);
        int r0 = c0 >> 2, r1 = c1 >> 2, high = r0 > r1 ? r0 : r1;
        int klass;
        if (rank <= HR_WORST_STRAIGHT_FLUSH) klass = HR_MADE_STRAIGHT_FLUSH;
        else if (rank <= HR_WORST_FOUR_OF_A_KIND) klass = HR_MADE_QUADS;
        else if (rank <= HR_WORST_FULL_HOUSE) klass = HR_MADE_FULL_HOUSE;
        else if (rank <= HR_WORST_FLUSH) klass = HR_MADE_FLUSH;
        else if (rank <= HR_WORST_STRAIGHT) klass = HR_MADE_STRAIGHT;
        else if (rank <= HR_WORST_THREE_OF_A_KIND) /* three of a kind: whose? */
            klass = r0 == r1 ? HR_MADE_SET : (rank_count[r0] || rank_count[r1]) ? HR_MADE_TRIPS : HR_MADE_BOARD_TRIPS;
        else if (r0 != r1 && rank_count[r0] && rank_count[r1]) klass = HR_MADE_TWO_PAIR;
        else if (r0 == r1) /* a pocket pair that the board does not hold */
            klass = r0 > top ? HR_MADE_OVERPAIR : r0 < bottom ? HR_MADE_UNDERPAIR : HR_MADE_POCKET_BELOW_TOP;
        else if (rank_count[top] && (r0 == top || r1 == top)) {
            int place = kicker_place[r0 == top ? r1 : r0];
            klass = place == 0 ? HR_MADE_TOP_PAIR_TOP_KICKER
                  : place <= 2 ? HR_MADE_TOP_PAIR_GOOD_KICKER
                               : HR_MADE_TOP_PAIR_WEAK_KICKER;
        } else if (second >= 0 && (r0 == second || r1 == second)) klass = HR_MADE_MIDDLE_PAIR;
        else if (rank_count[r0] || rank_count[r1]) klass = HR_MADE_BOTTOM_PAIR;
        else if (rank <= HR_WORST_ONE_PAIR) klass = HR_MADE_BOARD_PAIR;
        else klass = high == 12 ? HR_MADE_ACE_HIGH : HR_MADE_HIGH_CARD;
        made[i] = (uint8_t)klass;

        unsigned flags = 0;
        if (nboard < 5) {
            unsigned mine = board_ranks | 1u << r0 | 1u << r1;
            if (rank > HR_WORST_FLUSH) { /* no flush yet */
                for (int s = 0; s < 4; s++) {
                    int held = ((c0 & 3) == s) + ((c1 & 3) == s), total = suit_count[s] + held;
                    if (!held) continue;
                    if (total == 4) {
                        flags |= HR_DRAW_FLUSH;
                        int best_missing = -1; /* the highest rank of the suit on neither board nor hand */
                        for (int r = 12; r >= 0 && best_missing < 0; r--) {
                            int card = r * 4 + s;
                            if (!(board_mask >> card & 1)) best_missing = r;
                        }
                        if (((c0 & 3) == s && r0 == best_missing) || ((c1 & 3) == s && r1 == best_missing))
                            flags |= HR_DRAW_NUT_FLUSH;
                    } else if (total == 3 && nboard == 3) {
                        flags |= HR_DRAW_BACKDOOR_FLUSH;
                    }
                }
                if (flags & HR_DRAW_FLUSH) flags &= ~(unsigned)HR_DRAW_BACKDOOR_FLUSH;
            }
            if (rank > HR_WORST_STRAIGHT) { /* no straight or better */
                int outs = 0;
                for (int r = 0; r < 13; r++)
                    if (!(mine >> r & 1) && completes(mine, board_ranks, 1u << r)) outs++;
                if (outs >= 2) flags |= HR_DRAW_OPEN_ENDED;
                else if (outs == 1) flags |= HR_DRAW_GUTSHOT;
                if (!outs && nboard == 3) {
                    for (int a = 0; a < 13 && !(flags & HR_DRAW_BACKDOOR_STRAIGHT); a++)
                        for (int b = a + 1; b < 13; b++)
                            if (!((mine >> a | mine >> b) & 1) && completes(mine, board_ranks, 1u << a | 1u << b)) {
                                flags |= HR_DRAW_BACKDOOR_STRAIGHT;
                                break;
                            }
                }
            }
            if ((flags & HR_DRAW_FLUSH) && (flags & (HR_DRAW_OPEN_ENDED | HR_DRAW_GUTSHOT))) flags |= HR_DRAW_COMBO;
        }
        draws[i] = (uint16_t)flags;
    }
    return 0;
}
