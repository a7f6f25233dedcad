/* The fuzz programs' pseudo-random numbers: Marsaglia's xorshift64, started at FUZZ_SEED
 * (each program defines it before including this). */
#include <stdint.h>

static uint64_t state = FUZZ_SEED;

static uint64_t next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}
