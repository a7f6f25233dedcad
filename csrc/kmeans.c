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
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

HR_INLINE uint64_t l1(const uint16_t *a, const int32_t *b, int bins) {
    uint64_t sum = 0;
    for (int j = 0; j < bins; j++) {
        int32_t d = (int32_t)a[j] - b[j];
        sum += (uint64_t)(d < 0 ? -d : d);
    }
    return sum;
}

int64_t hr_emd_assign(const uint16_t *cdf, int64_t first, int64_t end, int bins, const int32_t *centroids, int k,
                      int32_t *assign, uint64_t *distance) {
    if (bins < 1 || k < 1 || first < 0 || end < first) return HR_ERR_COUNT;
    for (int64_t i = first; i < end; i++) {
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

int64_t hr_emd_nearest(const uint16_t *cdf, int64_t first, int64_t end, int bins, const int32_t *centroid,
                       uint64_t *distance) {
    if (bins < 1 || first < 0 || end < first) return HR_ERR_COUNT;
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

int64_t hr_kmeans_assign(const double *points, int64_t first, int64_t end, int d, const double *centers, int k,
                         int32_t *assign, double *distance) {
    if (d < 1 || k < 1 || first < 0 || end < first) return HR_ERR_COUNT;
    for (int64_t i = first; i < end; i++) {
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
