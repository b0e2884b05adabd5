/* Flooding inputs: both slot functions are bijective mixes followed by "the high bits pick the
 * slot", so choosing consecutive mixed values in one slot's range and undoing the mix gives as
 * many colliding fingerprints as wanted. */
#include "hostile.h"

#define LEGACY_MULTIPLIER UINT64_C(0xff51afd7ed558ccd)

/* The inverse of an odd number modulo 2^64 (Newton's iteration doubles the correct bits). */
static uint64_t inverse_of(uint64_t odd) {
    uint64_t inverse = odd; /* correct to 3 bits */
    for (int k = 0; k < 5; k++) inverse *= 2 - odd * inverse;
    return inverse;
}

/* x ^= x >> 33 is its own inverse: the shifted half never overlaps what it changes. */
static uint64_t fold(uint64_t x) { return x ^ (x >> 33); }

static size_t high_slot(uint64_t x, size_t capacity) {
    __extension__ typedef unsigned __int128 u128;
    return (size_t)(((u128)x * (u128)capacity) >> 64);
}

size_t hostile_legacy_slot(uint64_t fingerprint, size_t capacity) {
    return high_slot(fold(fold(fingerprint) * LEGACY_MULTIPLIER), capacity);
}

size_t hostile_keyed_slot(cdiff_match_keys keys, uint64_t fingerprint, size_t capacity) {
    return high_slot(fold(fingerprint ^ keys.flip) * keys.multiplier, capacity);
}

size_t hostile_table_capacity(size_t n, size_t m) { return n + m + (n + m) / 2 + 16; }

void hostile_fingerprints(const cdiff_match_keys *keys, size_t capacity, size_t count, uint64_t *out) {
    /* Mixed values base, base + 1, ... share a slot: a slot spans `width` of them, far more than
     * any count here, and base sits a quarter into one. */
    uint64_t width = UINT64_MAX / capacity; /* mixed values per slot, at least 2^32 for our sizes */
    uint64_t base = (UINT64_MAX / 3 / width) * width + width / 4;
    for (size_t k = 0; k < count; k++) {
        uint64_t mixed = base + k;
        if (keys) {
            out[k] = fold(mixed * inverse_of(keys->multiplier)) ^ keys->flip;
        } else {
            out[k] = fold(fold(mixed) * inverse_of(LEGACY_MULTIPLIER));
        }
    }
}

void hostile_half_fingerprints(const cdiff_match_keys *keys, size_t capacity, size_t count, uint64_t *out) {
    __extension__ typedef unsigned __int128 u128;
    const size_t half = capacity / 2;
    for (size_t k = 0; k < count; k++) {
        /* The half's slot of mixed value x is high_slot(2x, half): y = 2x is the least even value in
         * slot k % half, plus two for each lap round the half (a slot spans far more values). */
        u128 y = (((u128)(k % half) << 64) + half - 1) / half;
        y += (y & 1) + 2 * (u128)(k / half);
        const uint64_t mixed = (uint64_t)(y >> 1);
        out[k] = fold(mixed * inverse_of(keys->multiplier)) ^ keys->flip;
    }
}

uint64_t hostile_unmixed(const cdiff_match_keys *keys, uint64_t mixed) {
    return fold(mixed * inverse_of(keys->multiplier)) ^ keys->flip;
}
