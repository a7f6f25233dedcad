/* The kernel alone, no Python: random hands from a uint8 array (5 passes over 10 M hands,
 * the generation not timed) through hr_rank_batch and the portable loop, and the census
 * enumerations of every 6- and 7-card hand. Built and run by benchmarks/kernel_bench.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "handrank.h"

#define HANDS 10000000
#define PASSES 5

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static uint64_t next_random(uint64_t *state) { /* xorshift64* */
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1Dull;
}

static void random_hands(uint8_t *cards, int64_t n, int k, uint64_t seed) {
    for (int64_t i = 0; i < n; i++) {
        uint64_t used = 0;
        for (int j = 0; j < k; j++) {
            int c;
            do c = (int)(next_random(&seed) % 52); while (used >> c & 1);
            used |= 1ull << c;
            cards[i * k + j] = (uint8_t)c;
        }
    }
}

typedef int64_t (*batch_fn)(const uint8_t *, int64_t, int, uint16_t *, int *);

static void time_batch(const char *name, batch_fn batch, const uint8_t *cards, int k, uint16_t *out) {
    double rates[PASSES];
    int error;
    for (int p = 0; p < PASSES; p++) {
        double start = now();
        if (batch(cards, HANDS, k, out, &error) != -1) {
            fprintf(stderr, "unexpected bad row\n");
            exit(1);
        }
        rates[p] = HANDS / (now() - start) / 1e6;
    }
    qsort(rates, PASSES, sizeof rates[0], by_value);
    printf("%-28s %d cards: median %6.1f M hands/s (min %.1f, max %.1f)\n", name, k, rates[PASSES / 2], rates[0],
           rates[PASSES - 1]);
}

int main(void) {
    uint8_t *cards = malloc((size_t)HANDS * 7);
    uint16_t *out = malloc((size_t)HANDS * sizeof *out);
    static uint64_t counts[HR_RANK_COUNT + 1];
    if (!cards || !out) return 1;
    for (int k = 5; k <= 7; k++) {
        random_hands(cards, HANDS, k, 0x9E3779B97F4A7C15ull + k);
        time_batch("hr_rank_batch", hr_rank_batch, cards, k, out);
        time_batch("hr_rank_batch_portable", hr_rank_batch_portable, cards, k, out);
    }
    for (int k = 6; k <= 7; k++) {
        double best = 1e9;
        for (int p = 0; p < 3; p++) {
            double start = now();
            for (int r = 0; r <= HR_RANK_COUNT; r++) counts[r] = 0;
            for (int lowest = 0; lowest <= 52 - k; lowest++) hr_census(k, lowest, counts);
            double seconds = now() - start;
            if (seconds < best) best = seconds;
        }
        uint64_t total = 0;
        for (int r = 1; r <= HR_RANK_COUNT; r++) total += counts[r];
        printf("hr_census every %d-card hand: %llu hands in %.3f s (best of 3, %.0f M hands/s)\n", k,
               (unsigned long long)total, best, total / best / 1e6);
    }
    free(cards);
    free(out);
    return 0;
}
