/* Fingerprints: XXH3 64-bit from the system's xxhash, inlined so no xxhash symbol is exported and
 * nothing clashes with an application's own copy. Where the system has no xxhash (iOS and tvOS
 * app builds), or when CDIFF_FORCE_OWN_HASH is defined (to test it here), a well-mixed hash of
 * our own is used instead; fingerprints are in-process values, so the two need not agree. */
#include "internal.h"

#include <string.h>

#if !defined(CDIFF_FORCE_OWN_HASH) && defined(__has_include)
#if __has_include(<xxhash.h>)
#define CDIFF_USE_XXHASH 1
#endif
#endif

#if defined(CDIFF_USE_XXHASH)
#define XXH_INLINE_ALL
#include <xxhash.h>
#endif

static inline uint64_t rotate_left(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

/* The finalizer of MurmurHash3: every input bit affects every output bit. */
static inline uint64_t avalanche(uint64_t x) {
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    x *= UINT64_C(0xc4ceb9fe1a85ec53);
    x ^= x >> 33;
    return x;
}

#if !defined(CDIFF_USE_XXHASH)
/* Our own 64-bit hash: 8-byte words folded in with multiply-rotate rounds, the length mixed into
 * the start so that inputs of different lengths differ, then a full avalanche. */
static uint64_t own_hash(const unsigned char *p, size_t length, uint64_t seed) {
    const uint64_t k1 = UINT64_C(0x9E3779B97F4A7C15), k2 = UINT64_C(0xC2B2AE3D27D4EB4F);
    uint64_t h = seed ^ (k1 * ((uint64_t)length + 1));
    while (length >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h ^= rotate_left(w * k2, 31) * k1;
        h = rotate_left(h, 27) * k1 + UINT64_C(0x52DCE729);
        p += 8;
        length -= 8;
    }
    if (length > 0) {
        uint64_t w = 0;
        memcpy(&w, p, length);
        h ^= rotate_left((w ^ ((uint64_t)length << 56)) * k2, 31) * k1;
        h = rotate_left(h, 27) * k1 + UINT64_C(0x52DCE729);
    }
    return avalanche(h);
}
#endif

static inline uint64_t hash_bytes(const void *data, size_t length, uint64_t seed) {
#if defined(CDIFF_USE_XXHASH)
    return XXH3_64bits_withSeed(data, length, seed);
#else
    return own_hash(data, length, seed);
#endif
}

uint64_t cdiff_fingerprint(const void *data, size_t length, uint64_t seed) {
    static const unsigned char empty = 0;
    if (data == NULL) {
        data = &empty;
        length = 0;
    }
    return hash_bytes(data, length, seed);
}

cdiff_status cdiff_fingerprint_batch(const void *keys, size_t key_size, size_t count, uint64_t seed,
                                     uint64_t *out) {
    if (key_size == 0) return CDIFF_ERR_INVALID_ARGUMENT;
    if (count == 0) return CDIFF_OK;
    if (keys == NULL || out == NULL) return CDIFF_ERR_NULL_ARGUMENT;
    size_t total;
    if (!cdiff_mul(key_size, count, &total)) return CDIFF_ERR_TOO_LARGE;
    const unsigned char *p = keys;
    if (key_size == 16) { /* UUIDs: let the compiler specialise the 16-byte path */
        for (size_t i = 0; i < count; i++) out[i] = hash_bytes(p + 16 * i, 16, seed);
    } else if (key_size == 8) {
        for (size_t i = 0; i < count; i++) out[i] = hash_bytes(p + 8 * i, 8, seed);
    } else {
        for (size_t i = 0; i < count; i++) out[i] = hash_bytes(p + key_size * i, key_size, seed);
    }
    return CDIFF_OK;
}

uint64_t cdiff_fingerprint_combine(uint64_t first, uint64_t second) {
    return avalanche(rotate_left(first, 23) * UINT64_C(0x9E3779B97F4A7C15) ^ second);
}
