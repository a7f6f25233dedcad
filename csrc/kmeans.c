/* Clustering histograms under the earth mover's distance, exactly, in integers.
 *
 * In one dimension the earth mover's distance between two histograms of equal mass is the L1
 * distance between their cumulative histograms (in bin widths). So a histogram is kept as its
 * cumulative counts, and k-means under that distance is k-medians of those vectors: assign
 * each point to its nearest centroid (L1), then move each centroid to the per-bin median of
 * its points, which minimizes the sum of L1 distances to them (and a per-bin median of
 * non-decreasing vectors is non-decreasing: still a cumulative histogram). Neither step can
 * raise the objective. Every count and distance is an integer and every sum is taken in a
 * fixed order, so the answer is the same on any number of threads.
 *
 * The Python side (handrank.abstraction.emd_kmeans) cuts the points into slices, runs them on
 * threads, and adds the slices' results in order. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

/* The vector paths' copy of k centres (rows of `width` values) as columns: t[j * kpad + c],
 * `pad` in the columns from k to kpad (a multiple of eight). */
#define KM_TRANSPOSE(t, rows, k, kpad, width, pad)                                                                     \
    for (int j_ = 0; j_ < (width); j_++)                                                                               \
        for (int c_ = 0; c_ < (kpad); c_++)                                                                            \
            (t)[(int64_t)j_ * (kpad) + c_] = c_ < (k) ? (rows)[(int64_t)c_ * (width) + j_] : (pad)

HR_INLINE uint64_t l1(const uint16_t *a, const int32_t *b, int bins) {
    uint64_t sum = 0;
    for (int j = 0; j < bins; j++) {
        int32_t d = (int32_t)a[j] - b[j];
        sum += (uint64_t)(d < 0 ? -d : d);
    }
    return sum;
}

/* Eight centroids a vector (GCC's and clang's vector types; other compilers, and HR_PORTABLE
 * builds, take one at a time), their bins transposed (t[j * kpad + c], kpad a multiple of
 * eight): each lane's L1 distance summed in 32 bits, exact while every centroid count is
 * 0..65535 and bins at most 65536 (hr_emd_assign checks), so no sum reaches 2^32 - 1; the
 * lanes past k are all ones, so never nearer. Each lane keeps its lowest nearest centroid, and
 * the lanes' lowest nearest is the lowest nearest of all: the scalar loop's answer. */
#if HR_GNU
typedef uint32_t emd_vec __attribute__((vector_size(32)));
typedef int32_t emd_signed __attribute__((vector_size(32)));
typedef int32_t emd_row __attribute__((vector_size(32), aligned(4), may_alias)); /* a load from any int32 */

HR_INLINE void emd_lanes(const uint16_t *cdf, int64_t first, int64_t end, const int bins, const int32_t *t, int k,
                         int kpad, int32_t *assign, uint64_t *distance) {
    const emd_vec step = {8, 8, 8, 8, 8, 8, 8, 8};
    emd_vec padding = {0};
    for (int l = 0; l < 8; l++) padding[l] = kpad - 8 + l >= k ? UINT32_MAX : 0; /* the last block's spare lanes */
    for (int64_t i = first; i < end; i++) {
        const uint16_t *point = cdf + i * bins;
        emd_vec best = {0}, index = {0, 1, 2, 3, 4, 5, 6, 7}, candidate = index;
        for (int c0 = 0; c0 < kpad; c0 += 8, candidate += step) {
            emd_signed acc = {0};
            for (int j = 0; j < bins; j++) {
                emd_signed delta = (int32_t)point[j] - *(const emd_row *)(t + (int64_t)j * kpad + c0);
                emd_signed sign = delta >> 31;
                acc += (delta ^ sign) - sign;
            }
            emd_vec sum = (emd_vec)acc;
            if (c0 + 8 == kpad) sum |= padding;
            if (c0 == 0) {
                best = sum;
                continue;
            }
            emd_vec nearer = (emd_vec)(sum < best); /* strictly: a lane keeps its lowest centroid */
            best = (sum & nearer) | (best & ~nearer);
            index = (candidate & nearer) | (index & ~nearer);
        }
        uint32_t least = best[0], nearest = index[0];
        for (int l = 1; l < 8; l++)
            if (best[l] < least || (best[l] == least && index[l] < nearest)) {
                least = best[l];
                nearest = index[l];
            }
        assign[i] = (int32_t)nearest;
        distance[i] = least;
    }
}

static void emd_generic(const uint16_t *cdf, int64_t first, int64_t end, int bins, const int32_t *t, int k, int kpad,
                        int32_t *assign, uint64_t *distance) {
    switch (bins) { /* the usual bins as constants: the loop over them unrolls */
    case 50: emd_lanes(cdf, first, end, 50, t, k, kpad, assign, distance); break;
    default: emd_lanes(cdf, first, end, bins, t, k, kpad, assign, distance); break;
    }
}

#if HR_X86_DISPATCH
#include <immintrin.h>
#define EMD_AVX2 __attribute__((target("avx2")))
#define EMD_AVX2_BINS 1024 /* bins a point's counts are widened for, on the stack */

/* emd_lanes with AVX2's own instructions (an absolute value, a broadcast from memory): each
 * point's counts widened to 32 bits once, not once a block of centroids. */
EMD_AVX2 HR_INLINE void emd_lanes_avx2(const uint16_t *cdf, int64_t first, int64_t end, const int bins,
                                        const int32_t *t, int k, int kpad, int32_t *assign, uint64_t *distance) {
    int32_t point[EMD_AVX2_BINS];
    int32_t spare[8]; /* the last block's lanes past k: all ones */
    for (int l = 0; l < 8; l++) spare[l] = kpad - 8 + l >= k ? -1 : 0;
    const __m256i padding = _mm256_loadu_si256((const __m256i *)spare);
    const __m256i step = _mm256_set1_epi32(8), flip = _mm256_set1_epi32(INT32_MIN); /* unsigned order, signed compare */
    for (int64_t i = first; i < end; i++) {
        for (int j = 0; j < bins; j++) point[j] = cdf[i * bins + j];
        __m256i best = _mm256_setzero_si256(), index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), candidate = index;
        for (int c0 = 0; c0 < kpad; c0 += 8, candidate = _mm256_add_epi32(candidate, step)) {
            __m256i acc = _mm256_setzero_si256();
            for (int j = 0; j < bins; j++) {
                __m256i row = _mm256_loadu_si256((const __m256i *)(t + (int64_t)j * kpad + c0));
                acc = _mm256_add_epi32(acc, _mm256_abs_epi32(_mm256_sub_epi32(_mm256_set1_epi32(point[j]), row)));
            }
            if (c0 + 8 == kpad) acc = _mm256_or_si256(acc, padding);
            if (c0 == 0) {
                best = acc;
                continue;
            }
            __m256i nearer = _mm256_cmpgt_epi32(_mm256_xor_si256(best, flip), _mm256_xor_si256(acc, flip));
            best = _mm256_blendv_epi8(best, acc, nearer); /* strictly: a lane keeps its lowest centroid */
            index = _mm256_blendv_epi8(index, candidate, nearer);
        }
        uint32_t sums[8], at[8];
        _mm256_storeu_si256((__m256i *)sums, best);
        _mm256_storeu_si256((__m256i *)at, index);
        uint32_t least = sums[0], nearest = at[0];
        for (int l = 1; l < 8; l++)
            if (sums[l] < least || (sums[l] == least && at[l] < nearest)) {
                least = sums[l];
                nearest = at[l];
            }
        assign[i] = (int32_t)nearest;
        distance[i] = least;
    }
}

EMD_AVX2 static void emd_avx2(const uint16_t *cdf, int64_t first, int64_t end, int bins, const int32_t *t, int k,
                              int kpad, int32_t *assign, uint64_t *distance) {
    switch (bins) {
    case 50: emd_lanes_avx2(cdf, first, end, 50, t, k, kpad, assign, distance); break;
    default:
        if (bins <= EMD_AVX2_BINS) emd_lanes_avx2(cdf, first, end, bins, t, k, kpad, assign, distance);
        else emd_lanes(cdf, first, end, bins, t, k, kpad, assign, distance);
        break;
    }
}
#endif
#endif

int64_t hr_emd_assign(const uint16_t *cdf, int64_t first, int64_t end, int bins, const int32_t *centroids, int k,
                      int32_t *assign, uint64_t *distance) {
    if (bins < 1 || k < 1 || first < 0 || end < first) return HR_ERR_COUNT;
#if HR_GNU
    int lanes = bins <= 65536;
    for (int64_t j = 0; lanes && j < (int64_t)k * bins; j++) lanes &= centroids[j] >= 0 && centroids[j] <= 65535;
    int kpad = (k + 7) / 8 * 8;
    int32_t *t = lanes ? malloc(sizeof(int32_t) * (size_t)kpad * (size_t)bins) : NULL;
    if (t) {
        KM_TRANSPOSE(t, centroids, k, kpad, bins, 0);
#if HR_X86_DISPATCH
        if (__builtin_cpu_supports("avx2")) emd_avx2(cdf, first, end, bins, t, k, kpad, assign, distance);
        else
#endif
            emd_generic(cdf, first, end, bins, t, k, kpad, assign, distance);
        free(t);
        return 0;
    }
#endif
    for (int64_t i = first; i < end; i++) { /* one centroid at a time */
        const uint16_t *point = cdf + i * bins;
        uint64_t best = UINT64_MAX;
        int32_t best_c = 0;
        for (int c = 0; c < k; c++) { /* ties go to the lowest centroid: the same on any thread count */
            uint64_t d = l1(point, centroids + (int64_t)c * bins, bins);
            if (d < best) {
                best = d;
                best_c = c;
            }
        }
        assign[i] = best_c;
        distance[i] = best;
    }
    return 0;
}

#if HR_X86_DISPATCH
/* hr_emd_nearest eight bins a vector: exact in 32-bit lanes under hr_emd_assign's bounds. */
EMD_AVX2 static void emd_nearest_avx2(const uint16_t *cdf, int64_t first, int64_t end, int bins,
                                      const int32_t *centroid, uint64_t *distance) {
    int whole = bins & ~7;
    for (int64_t i = first; i < end; i++) {
        const uint16_t *point = cdf + i * bins;
        __m256i acc = _mm256_setzero_si256();
        int j = 0;
        for (; j < whole; j += 8) {
            __m256i counts = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(point + j)));
            __m256i delta = _mm256_sub_epi32(counts, _mm256_loadu_si256((const __m256i *)(centroid + j)));
            acc = _mm256_add_epi32(acc, _mm256_abs_epi32(delta));
        }
        __m128i half = _mm_add_epi32(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
        half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4E));
        half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0xB1));
        uint64_t d = (uint32_t)_mm_cvtsi128_si32(half);
        for (; j < bins; j++) {
            int32_t delta = (int32_t)point[j] - centroid[j];
            d += (uint64_t)(delta < 0 ? -delta : delta);
        }
        if (d < distance[i]) distance[i] = d;
    }
}
#endif

int64_t hr_emd_nearest(const uint16_t *cdf, int64_t first, int64_t end, int bins, const int32_t *centroid,
                       uint64_t *distance) {
    if (bins < 1 || first < 0 || end < first) return HR_ERR_COUNT;
#if HR_X86_DISPATCH
    int lanes = bins <= 65536 && __builtin_cpu_supports("avx2");
    for (int j = 0; lanes && j < bins; j++) lanes &= centroid[j] >= 0 && centroid[j] <= 65535;
    if (lanes) {
        emd_nearest_avx2(cdf, first, end, bins, centroid, distance);
        return 0;
    }
#endif
    for (int64_t i = first; i < end; i++) {
        uint64_t d = l1(cdf + i * bins, centroid, bins);
        if (d < distance[i]) distance[i] = d;
    }
    return 0;
}

int64_t hr_emd_count(const uint16_t *cdf, const uint32_t *weights, const int32_t *assign, int64_t first, int64_t end,
                     int bins, int k, int top, uint64_t *counts) {
    if (bins < 1 || k < 1 || top < 0 || first < 0 || end < first) return HR_ERR_COUNT;
    for (int64_t i = first; i < end; i++) {
        int32_t c = assign[i];
        if (c < 0 || c >= k) return HR_ERR_RANGE;
        uint64_t weight = weights ? weights[i] : 1;
        uint64_t *row = counts + (int64_t)c * bins * (top + 1);
        for (int j = 0; j < bins; j++) {
            int value = cdf[i * bins + j];
            if (value > top) return HR_ERR_RANGE;
            row[(int64_t)j * (top + 1) + value] += weight;
        }
    }
    return 0;
}

int hr_emd_medians(const uint64_t *counts, int bins, int k, int top, int32_t *centroids) {
    if (bins < 1 || k < 1 || top < 0) return HR_ERR_COUNT;
    for (int c = 0; c < k; c++) {
        const uint64_t *row = counts + (int64_t)c * bins * (top + 1);
        uint64_t total = 0;
        for (int v = 0; v <= top; v++) total += row[v];
        if (!total) continue; /* an empty cluster keeps its centroid */
        for (int j = 0; j < bins; j++) {
            const uint64_t *column = row + (int64_t)j * (top + 1);
            uint64_t seen = 0;
            int v = 0;
            /* the lower weighted median: the smallest value with at least half the weight at or below */
            for (; v <= top; v++) {
                seen += column[v];
                if (2 * seen >= total) break;
            }
            centroids[(int64_t)c * bins + j] = v;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ plain k-means (vectors) */

/* Eight centres a vector (GCC's and clang's vector types; other compilers take one centre at
 * a time), their coordinates transposed (t[j * kpad + c], kpad a multiple of eight, the
 * centres past k at +inf, so never nearer): each lane's squared distance is summed in
 * dimension order as the scalar loop sums it (the same operations, no contraction into fused
 * multiply-adds under -std=c99), each lane keeps its lowest nearest centre, and the lanes'
 * lowest nearest is the lowest nearest of all: the scalar loop's answer, wherever no centre
 * has a NaN coordinate (hr_kmeans_assign checks). */
#if HR_GNU
#define KM_VECTORS 1
#define KM_LANES 8
typedef double km_vec __attribute__((vector_size(32))); /* four lanes: two make the eight */
typedef long long km_mask __attribute__((vector_size(32)));
typedef double km_row __attribute__((vector_size(32), aligned(8), may_alias)); /* a load from any double */

HR_INLINE void nearer_lanes(const km_vec *acc, const km_mask *candidate, km_vec *best, km_mask *index) {
    km_mask nearer = *acc < *best; /* strictly: a lane keeps its lowest centre */
    *best = (km_vec)(((km_mask)*acc & nearer) | ((km_mask)*best & ~nearer));
    *index = (*candidate & nearer) | (*index & ~nearer);
}

HR_INLINE void assign_lanes(const double *points, int64_t first, int64_t end, const int d, const double *t, int k,
                            int kpad, int32_t *assign, double *distance) {
    const km_mask step = {KM_LANES, KM_LANES, KM_LANES, KM_LANES};
    for (int64_t i = first; i < end; i++) {
        const double *point = points + i * d;
        km_vec best[2] = {{0}, {0}};
        km_mask index[2] = {{0, 1, 2, 3}, {4, 5, 6, 7}}, candidate[2] = {{0, 1, 2, 3}, {4, 5, 6, 7}};
        for (int c0 = 0; c0 < k; c0 += KM_LANES) {
            km_vec acc[2] = {{0}, {0}};
            for (int j = 0; j < d; j++) {
                const double *row = t + (int64_t)j * kpad + c0;
                km_vec delta0 = point[j] - *(const km_row *)row, delta1 = point[j] - *(const km_row *)(row + 4);
                acc[0] += delta0 * delta0;
                acc[1] += delta1 * delta1;
            }
            if (c0 == 0) {
                best[0] = acc[0];
                best[1] = acc[1];
            } else {
                nearer_lanes(&acc[0], &candidate[0], &best[0], &index[0]);
                nearer_lanes(&acc[1], &candidate[1], &best[1], &index[1]);
            }
            candidate[0] += step;
            candidate[1] += step;
        }
        int32_t nearest = (int32_t)index[0][0];
        double least = best[0][0];
        for (int l = 1; l < KM_LANES; l++) {
            double value = best[l / 4][l % 4];
            int32_t at = (int32_t)index[l / 4][l % 4];
            if (value < least || (value == least && at < nearest)) {
                least = value;
                nearest = at;
            }
        }
        assign[i] = nearest;
        distance[i] = least;
    }
}

/* assign_lanes with the common dimensions as constants (the loop over them unrolls), compiled
 * once for the baseline and once for AVX2 */
#define KM_ASSIGN_BY_DIMS                                                                                              \
    switch (d) {                                                                                                       \
    case 1: assign_lanes(points, first, end, 1, t, k, kpad, assign, distance); break;                                  \
    case 8: assign_lanes(points, first, end, 8, t, k, kpad, assign, distance); break;                                  \
    default: assign_lanes(points, first, end, d, t, k, kpad, assign, distance); break;                                 \
    }

static void assign_generic(const double *points, int64_t first, int64_t end, int d, const double *t, int k,
                           int kpad, int32_t *assign, double *distance) {
    KM_ASSIGN_BY_DIMS
}

#if HR_X86_DISPATCH
__attribute__((target("avx2"))) static void assign_avx2(const double *points, int64_t first, int64_t end, int d,
                                                         const double *t, int k, int kpad, int32_t *assign,
                                                         double *distance) {
    KM_ASSIGN_BY_DIMS
}
#endif
#else
#define KM_VECTORS 0
#endif

int64_t hr_kmeans_assign(const double *points, int64_t first, int64_t end, int d, const double *centers, int k,
                         int32_t *assign, double *distance) {
    if (d < 1 || k < 1 || first < 0 || end < first) return HR_ERR_COUNT;
#if KM_VECTORS
    int lanes = 1;
    for (int64_t j = 0; lanes && j < (int64_t)k * d; j++) lanes &= centers[j] == centers[j]; /* no NaN */
    int kpad = (k + KM_LANES - 1) / KM_LANES * KM_LANES;
    double *t = lanes ? malloc(sizeof(double) * (size_t)kpad * (size_t)d) : NULL;
    if (t) {
        KM_TRANSPOSE(t, centers, k, kpad, d, HUGE_VAL);
#if HR_X86_DISPATCH
        if (__builtin_cpu_supports("avx2")) assign_avx2(points, first, end, d, t, k, kpad, assign, distance);
        else
#endif
            assign_generic(points, first, end, d, t, k, kpad, assign, distance);
        free(t);
        return 0;
    }
#endif
    for (int64_t i = first; i < end; i++) { /* a centre with a NaN (or no memory for the copy): one at a time */
        const double *point = points + i * d;
        double best = 0;
        int32_t nearest = 0;
        for (int c = 0; c < k; c++) {
            const double *center = centers + (int64_t)c * d;
            double sum = 0; /* in dimension order: the same bits on any thread */
            for (int j = 0; j < d; j++) {
                double delta = point[j] - center[j];
                sum += delta * delta;
            }
            if (c == 0 || sum < best) {
                best = sum;
                nearest = c;
            }
        }
        assign[i] = nearest;
        distance[i] = best;
    }
    return 0;
}

int64_t hr_kmeans_nearer(const double *points, int64_t first, int64_t end, int d, const double *center,
                         double *distance) {
    if (d < 1 || first < 0 || end < first) return HR_ERR_COUNT;
    for (int64_t i = first; i < end; i++) {
        const double *point = points + i * d;
        double sum = 0; /* in dimension order, as hr_kmeans_assign sums */
        for (int j = 0; j < d; j++) {
            double delta = point[j] - center[j];
            sum += delta * delta;
        }
        distance[i] = sum < distance[i] ? sum : distance[i];
    }
    return 0;
}

int64_t hr_kmeans_running(const double *distance, const double *weights, int64_t first, int64_t end, double *running,
                          double target) {
    if (first < 0 || end < first) return HR_ERR_COUNT;
    double sum = *running;
    for (int64_t i = first; i < end; i++) {
        sum += distance[i] * weights[i];
        if (sum > target) {
            *running = sum;
            return i;
        }
    }
    *running = sum;
    return end;
}

int64_t hr_kmeans_sums(const double *points, int64_t n, int d, const int32_t *labels, const double *weights, int k,
                       double *sums, double *totals) {
    if (d < 1 || k < 1 || n < 0) return HR_ERR_COUNT;
    for (int64_t i = 0; i < n; i++) {
        int32_t c = labels[i];
        if (c < 0 || c >= k) return HR_ERR_RANGE;
        double w = weights[i], *sum = sums + (int64_t)c * d;
        const double *point = points + i * d;
        totals[c] += w;
        for (int j = 0; j < d; j++) sum[j] += w * point[j];
    }
    return 0;
}

/* ------------------------------------------------------------ distinct rows (k-means' points) */

/* A row's hash: its bytes eight at a time (the last word zero-padded), each mixed in by a
 * multiply and a shift, then a final mix (splitmix64's constants). */
HR_INLINE uint64_t row_hash(const uint8_t *row, int64_t width) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)width, word;
    int64_t j = 0;
    for (; j + 8 <= width; j += 8) {
        memcpy(&word, row + j, 8);
        h = (h ^ word) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    if (j < width) {
        word = 0;
        memcpy(&word, row + j, (size_t)(width - j));
        h = (h ^ word) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    h *= 0x94D049BB133111EBull;
    return h ^ (h >> 29);
}

#define DISTINCT_AHEAD 16 /* rows whose slots are prefetched before they are looked up */

int64_t hr_distinct_rows(const uint8_t *rows, int64_t width, int64_t first, int64_t end, uint32_t *table,
                         uint64_t mask, int64_t ndistinct, uint32_t *firsts, uint32_t *counts, uint32_t *inverse) {
    if (width < 0 || first < 0 || end < first || ndistinct < 0 || ndistinct > first || (mask & (mask + 1)) ||
        (uint64_t)end > (mask + 1) / 2 || end >= (int64_t)UINT32_MAX)
        return HR_ERR_COUNT;
    uint64_t hashes[DISTINCT_AHEAD];
    for (int64_t i = first; i < end; i += DISTINCT_AHEAD) {
        int64_t block = end - i < DISTINCT_AHEAD ? end - i : DISTINCT_AHEAD;
        for (int64_t b = 0; b < block; b++) { /* the block's slots on their way while the hashes are found */
            hashes[b] = row_hash(rows + (i + b) * width, width);
            HR_PREFETCH(table + (hashes[b] & mask));
        }
        for (int64_t b = 0; b < block; b++) {
            const uint8_t *row = rows + (i + b) * width;
            uint64_t slot = hashes[b] & mask;
            uint32_t id;
            for (;;) { /* linear probing; the table is at most half full, so a free slot is near */
                uint32_t held = table[slot];
                if (!held) { /* a row not seen before: the next id */
                    id = (uint32_t)ndistinct++;
                    table[slot] = id + 1;
                    firsts[id] = (uint32_t)(i + b);
                    counts[id] = 0;
                    break;
                }
                if (!memcmp(rows + (int64_t)firsts[held - 1] * width, row, (size_t)width)) {
                    id = held - 1;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            counts[id]++;
            inverse[i + b] = id;
        }
    }
    return ndistinct;
}
