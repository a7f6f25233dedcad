"""cffi builder for handrank._core (API, out-of-line mode).

The cdef mirrors csrc/handrank.h; setup.py names this file in ``cffi_modules``.
cffi releases the GIL around every call, so the kernel runs in parallel from threads.
"""

import sys
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parent.parent

CDEF = """
#define HR_RANK_COUNT ...
#define HR_CATEGORY_COUNT ...
#define HR_WORST_HIGH_CARD ...
#define HR_WORST_ONE_PAIR ...
#define HR_WORST_TWO_PAIR ...
#define HR_WORST_THREE_OF_A_KIND ...
#define HR_WORST_STRAIGHT ...
#define HR_WORST_FLUSH ...
#define HR_WORST_FULL_HOUSE ...
#define HR_WORST_FOUR_OF_A_KIND ...
#define HR_WORST_STRAIGHT_FLUSH ...
#define HR_ERR_CARD ...
#define HR_ERR_DUPLICATE ...
#define HR_ERR_COUNT ...
#define HR_ERR_PLAYERS ...
#define HR_ERR_BOARD ...
#define HR_ERR_RANGE ...
#define HR_ERR_IMPOSSIBLE ...
#define HR_MAX_PLAYERS ...
#define HR_SHARE_UNITS ...
#define HR_EQUITY_CHUNK ...

int hr_rank(const uint8_t *cards, int ncards);
int hr_best_five(const uint8_t *cards, int ncards, uint8_t *best);
extern const uint32_t hr_rank_pattern[];
int hr_rank5_ints(int c0, int c1, int c2, int c3, int c4);
int hr_rank6_ints(int c0, int c1, int c2, int c3, int c4, int c5);
int hr_rank7_ints(int c0, int c1, int c2, int c3, int c4, int c5, int c6);
int64_t hr_rank5_kev_batch(const uint8_t *cards, int64_t nrows, uint16_t *out, int *error);
int64_t hr_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);
int64_t hr_rank_batch_portable(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);
int64_t hr_card_masks(const uint8_t *cards, int64_t nrows, int width, uint64_t *masks);
int hr_census(int ncards, int lowest, uint64_t *counts);
#define HR_PERCALL_VERSION ...
uintptr_t hr_percall_api(void);
#define HR_ISO_MAX_ROUNDS ...
typedef struct hr_iso hr_iso_t;
hr_iso_t *hr_iso_new(const int *cards_per_round, int rounds, int short_deck, int *error);
void hr_iso_free(hr_iso_t *iso);
uint64_t hr_iso_size(const hr_iso_t *iso, int round);
int hr_iso_cards(const hr_iso_t *iso, int round);
int64_t hr_iso_index_batch(const hr_iso_t *iso, int round, const uint8_t *cards, int64_t nrows, uint64_t *out,
                           int *error);
int64_t hr_iso_unindex_batch(const hr_iso_t *iso, int round, const uint64_t *indexes, int64_t nrows, uint8_t *cards,
                             int *error);
int64_t hr_emd_assign(const uint16_t *cdf, int64_t first, int64_t end, int bins, const int32_t *centroids, int k,
                      int32_t *assign, uint64_t *distance);
int64_t hr_emd_nearest(const uint16_t *cdf, int64_t first, int64_t end, int bins, const int32_t *centroid,
                       uint64_t *distance);
int64_t hr_kmeans_assign(const double *points, int64_t first, int64_t end, int d, const double *centers, int k,
                         int32_t *assign, double *distance);
int64_t hr_kmeans_nearer(const double *points, int64_t first, int64_t end, int d, const double *center,
                         double *distance);
int64_t hr_kmeans_running(const double *distance, const double *weights, int64_t first, int64_t end, double *running,
                          double target);
int64_t hr_kmeans_sums(const double *points, int64_t n, int d, const int32_t *labels, const double *weights, int k,
                       double *sums, double *totals);
int64_t hr_emd_count(const uint16_t *cdf, const uint32_t *weights, const int32_t *assign, int64_t first, int64_t end,
                     int bins, int k, int top, uint64_t *counts);
int hr_emd_medians(const uint64_t *counts, int bins, int k, int top, int32_t *centroids);
int64_t hr_distinct_rows(const uint8_t *rows, int64_t width, int64_t first, int64_t end, uint32_t *table,
                         uint64_t mask, int64_t ndistinct, uint32_t *firsts, uint32_t *counts, uint32_t *inverse);

#define HR_ERR_MEMORY ...
#define HR_ERR_BUDGET ...
#define HR_ERR_TABLE ...
#define HR_PREFLOP_CLASSES ...
#define HR_PREFLOP_BOARDS ...
int hr_equity_preflop(const uint8_t *combos, const int32_t *combo_start, const double *weights, int32_t first,
                      int32_t end, double *outcomes, uint64_t *deals);
int64_t hr_preflop_keys(const uint8_t *matchups, int64_t n, uint32_t *keys);
int hr_preflop_matrix(int32_t first, int32_t end, double *sums);
int hr_combo_equity_preflop(const uint8_t *combos, const int32_t *combo_start, const double *weights, int32_t first,
                            int32_t end, double *share, double *weight);
#define HR_DEAL_RANDOM ...
int hr_deal(uint64_t seed, uint64_t ndeals, uint64_t first_chunk, uint64_t end_chunk, int nplayers,
            const uint8_t *fixed_holes, int nboard, const uint8_t *fixed_board, int nfixed_board, const uint8_t *dead,
            int ndead, uint8_t *holes, uint8_t *boards);
int hr_deal_game(uint64_t seed, uint64_t ndeals, uint64_t first_chunk, uint64_t end_chunk, int nplayers, int nhole,
                 int lowest, const uint8_t *fixed_holes, int nboard, const uint8_t *fixed_board, int nfixed_board,
                 const uint8_t *dead, int ndead, uint8_t *holes, uint8_t *boards);
int64_t hr_showdown_batch(const uint8_t *holes, const uint8_t *boards, int64_t nrows, int nplayers, uint16_t *ranks,
                          uint16_t *shares, int *error);
int hr_hand_strength(const uint8_t *board, int nboard, int bins, uint64_t first, uint64_t end, int32_t *now,
                     uint64_t *sum, uint64_t *sum_squares, uint32_t *runouts, uint32_t *histogram);
#define HR_MAX_CLUSTERS ...
int hr_hand_strength_ochs(const uint8_t *board, int nboard, const uint8_t *cluster_of, int nclusters,
                          uint64_t first, uint64_t end, double *sum, uint32_t *runouts);
int hr_holding_index(int a, int b);
#define HR_A5_RANK_COUNT ...
#define HR_A5_LOW8_COUNT ...
#define HR_A5_WORST_NO_PAIR ...
#define HR_A5_WORST_ONE_PAIR ...
#define HR_A5_WORST_TWO_PAIR ...
#define HR_A5_WORST_THREE_OF_A_KIND ...
#define HR_A5_WORST_FULL_HOUSE ...
#define HR_A5_WORST_FOUR_OF_A_KIND ...
extern const uint32_t hr_a5_pattern[];
int64_t hr_a5_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);
int hr_a5_census(int ncards, int lowest, uint64_t *counts);
#define HR_27_RANK_COUNT ...
extern const uint32_t hr_27_pattern[];
int64_t hr_27_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);
int hr_27_census(uint64_t *counts);
#define HR_SD_RANK_COUNT ...
extern const uint32_t hr_sd_pattern[];
extern const uint32_t hr_sd_tbs_pattern[];
extern const uint16_t hr_sd_of_holdem[];
extern const uint16_t hr_sd_tbs_of_holdem[];
int64_t hr_sd_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);
int64_t hr_sd_tbs_rank_batch(const uint8_t *cards, int64_t nrows, int ncards, uint16_t *out, int *error);
int hr_sd_census(int ncards, int trips_beat_straight, uint64_t *counts);
#define HR_OMAHA_NO_LOW ...
int64_t hr_omaha_batch(const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, uint16_t *high,
                       uint16_t *low, int *error);
int hr_omaha_hand(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                  const uint8_t *hole, int nhole, const uint8_t *board);
int64_t hr_omaha_showdown_batch(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                                const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, int nplayers,
                                int hilo, uint16_t *ranks, uint16_t *lows, uint16_t *shares, int *error);
#define HR_OMAHA_BOARDS ...
#define HR_OMAHA_PAIRS ...
uint32_t hr_omaha_slots(void);
int hr_omaha_build(uint16_t *high, uint16_t *low, uint32_t *board_row);
int64_t hr_omaha_table_batch(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                             const uint8_t *holes, int nhole, const uint8_t *boards, int64_t nrows, uint16_t *high,
                             uint16_t *low, int *error);
int hr_omaha_equity(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                    const uint8_t *holes, int nhole, int nplayers, const uint8_t *board, int nboard,
                    const uint8_t *dead, int ndead, int hilo, uint64_t seed, uint64_t trials, uint64_t first,
                    uint64_t end, uint64_t *counts, uint64_t *squares, uint64_t *deals);
int hr_omaha_equity_ranges(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                           const uint8_t *combos, const int32_t *combo_start, const double *weights, int nhole,
                           int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead, int hilo,
                           int32_t first, int32_t end, double *sums, double *weight, uint64_t *deals);
int hr_omaha_equity_ranges_mc(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                              const uint8_t *combos, const int32_t *combo_start, const double *weights, int nhole,
                              int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead,
                              int hilo, uint64_t seed, uint64_t trials, uint64_t first, uint64_t end,
                              uint64_t *counts, uint64_t *squares, uint64_t *deals);
uint64_t hr_omaha_ranges_plan_bytes(const int32_t *combo_start, const double *weights, int nhole, int nplayers);
int hr_omaha_ranges_plan(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nhole,
                         int nplayers, const uint8_t *board, int nboard, const uint8_t *dead, int ndead, int hilo,
                         void *plan, uint64_t bytes);
#define HR_OMAHA_RESUME_BYTES ...
int hr_omaha_ranges_deal(const uint16_t *high_table, const uint16_t *low_table, const uint32_t *board_row,
                         const void *plan, uint64_t seed, uint64_t trials, uint64_t first, uint64_t end,
                         uint64_t *counts, uint64_t *squares, uint64_t *deals, void *resume);
#define HR_OMAHA_BATCH 32
int hr_omaha_ranges_walks(const void *plan);
int hr_omaha_ranges_feasible(const uint64_t *masks, const int32_t *combo_start, int nplayers, int64_t budget);
int hr_sd_equity_ranges(int trips_beat_straight, const uint8_t *combos, const int32_t *combo_start,
                        const double *weights, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead,
                        int ndead, const uint8_t *group, int ngroup, uint64_t first, uint64_t end, double *outcomes,
                        uint64_t *deals);
int hr_sd_equity_monte_carlo(int trips_beat_straight, const uint8_t *combos, const int32_t *combo_start,
                             const double *weights, int nplayers, const uint8_t *board, int nboard,
                             const uint8_t *dead, int ndead, uint64_t seed, uint64_t trials, uint64_t first_chunk,
                             uint64_t end_chunk, uint64_t *outcomes, uint64_t *batches);
int64_t hr_equity_chances_counts(const int64_t *outcomes, int n, double *out);
int hr_equity_chances_weights(const double *outcomes, int n, double *out);
int64_t hr_equity_fixed_chances(const uint8_t *holes, int nplayers, const uint8_t *board, int nboard,
                                const uint8_t *dead, int ndead, double *chances);
int hr_equity_fixed(const uint8_t *holes, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead,
                    int ndead, int64_t *outcomes);
int hr_equity_enumerate(const uint8_t *holes, int nplayers, const uint8_t *board, int nboard, const uint8_t *dead,
                        int ndead, int first_begin, int first_end, int64_t *outcomes);
int hr_equity_symmetry(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                       const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint8_t *group);
int hr_equity_ranges(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                     const uint8_t *board, int nboard, const uint8_t *dead, int ndead, const uint8_t *group,
                     int ngroup, uint64_t first, uint64_t end, double *outcomes, uint64_t *deals);
int hr_ranges_feasible(const uint8_t *combos, const int32_t *combo_start, int nplayers, const uint8_t *known,
                       int nknown, int64_t budget);
int hr_ranges_text(const uint8_t *text, const int32_t *text_start, const uint8_t *fixed, int nplayers,
                   const uint8_t *known, int nknown, int64_t budget, uint8_t *combos, int32_t *combo_start);
#define HR_PLO4_CLASSES ...
#define HR_PLO4_TRIALS ...
extern const uint16_t hr_plo4_equity[];
extern const uint8_t hr_plo4_class_size[];
int64_t hr_sd_showdown_batch(int trips_beat_straight, const uint8_t *holes, const uint8_t *boards, int64_t nrows,
                             int nplayers, uint16_t *ranks, uint16_t *shares, int *error);
int64_t hr_stud_showdown_batch(int razz, const uint8_t *hands, int64_t nrows, int nplayers, uint16_t *ranks,
                               uint16_t *shares, int *error);
int hr_share_sums(const uint16_t *shares, int64_t nrows, int nplayers, int64_t *sums);
#define HR_MADE_HIGH_CARD ...
#define HR_DRAW_BACKDOOR_STRAIGHT ...
int hr_breakdown(const uint8_t *combos, int ncombos, const uint8_t *board, int nboard, uint8_t *made,
                 uint16_t *draws);
int hr_combo_equity(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                    const uint8_t *board, int nboard, const uint8_t *dead, int ndead, const uint8_t *group,
                    int ngroup, uint64_t first, uint64_t end, double *share, double *weight);
int hr_equity_monte_carlo(const uint8_t *combos, const int32_t *combo_start, const double *weights, int nplayers,
                          const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint64_t seed,
                          uint64_t trials, uint64_t first_chunk, uint64_t end_chunk, uint64_t *outcomes,
                          uint64_t *batches);
"""

# Paths relative to the project root, where pip runs setup.py.
SOURCES = ["csrc/handrank.c", "csrc/equity.c", "csrc/equity_ranges.c", "csrc/feasible.c", "csrc/monte_carlo.c",
           "csrc/preflop.c", "csrc/simulate.c", "csrc/strength.c", "csrc/lowball.c", "csrc/shortdeck.c", "csrc/omaha.c",
           "csrc/isomorphism.c", "csrc/kmeans.c", "csrc/breakdown.c",
           "csrc/combo_equity.c",
           "tables/five_card.c", "tables/seven_card.c", "tables/preflop_headsup.c",
           "tables/lowball.c", "tables/shortdeck.c", "tables/plo4_preflop.c"]

ffibuilder = FFI()
ffibuilder.cdef(CDEF)
ffibuilder.set_source(
    "handrank._core",
    '#include "handrank.h"\n#include "preflop_tables.h"\n#include "lowball_tables.h"\n#include "shortdeck_tables.h"\n'
    '#include "plo4_tables.h"',
    sources=SOURCES,
    include_dirs=["csrc", "tables"],
    depends=[*SOURCES, "csrc/handrank.h", "csrc/kernel.h", "csrc/equity_internal.h", "csrc/random.h",
             "tables/handrank_tables.h", "tables/preflop_tables.h",
             "tables/lowball_tables.h", "tables/shortdeck_tables.h", "tables/plo4_tables.h"],
    # Hidden visibility: the tables are read directly, not through the GOT of a shared object.
    # -fno-wrapv undoes the -fwrapv of Python's own CFLAGS: the kernel never overflows a signed
    # int (UBSan checks it in tests/fuzz), and wrapping int indices cost 10% in showdown_many.
    extra_compile_args=[] if sys.platform == "win32" else ["-O3", "-std=c99", "-fvisibility=hidden", "-fno-wrapv"],
    # Release builds are stripped (symbols and debug information: a third of the size).
    extra_link_args=["-s"] if sys.platform.startswith("linux") else ["-Wl,-x"] if sys.platform == "darwin" else [],
    py_limited_api=True,
)

if __name__ == "__main__":
    import os

    os.chdir(ROOT)
    ffibuilder.compile(tmpdir=str(ROOT / "build" / "cffi"), verbose=True)
