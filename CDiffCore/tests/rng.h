/* A tiny seeded generator (SplitMix64) so every random test and benchmark reproduces from
 * the seed it prints. Header-only: tests and the benchmark each compile their own copy. */
#ifndef CDIFF_RNG_H
#define CDIFF_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t state;
} rng;

static inline rng rng_seeded(uint64_t seed) {
    rng r;
    r.state = seed;
    return r;
}

static inline uint64_t rng_next(rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, bound); bound > 0. The modulo bias is irrelevant at test sizes. */
static inline uint64_t rng_below(rng *r, uint64_t bound) { return rng_next(r) % bound; }

#endif /* CDIFF_RNG_H */
