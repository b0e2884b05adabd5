/* Fingerprints. Built twice by the Makefile: against XXH3 (known answers from xxhash.h
 * itself) and with -DCDIFF_FORCE_OWN_HASH (the fallback hash: collisions and avalanche). */
#include <stdlib.h>
#include <string.h>

#include "CDiffCore.h"
#include "harness.h"
#include "rng.h"

/* Included in both builds: the own-hash build checks that it really is not XXH3. */
#define XXH_INLINE_ALL
#include <xxhash.h>

static void test_null_with_length_zero_hashes_the_empty_input(void) {
    uint64_t empty = cdiff_fingerprint(NULL, 0, 0), also_empty = cdiff_fingerprint("x", 0, 0);
    REQUIRE_EQ(empty, also_empty);
    REQUIRE(cdiff_fingerprint(NULL, 0, 1) != empty);
}

static void test_batch_equals_single_for_16_byte_keys_and_other_sizes(void) {
    static const size_t sizes[] = {16, 1, 3, 8, 17, 33, 64, 129, 250};
    unsigned char keys[250 * 20];
    uint64_t out[20];
    rng r = rng_seeded(harness_seed());
    for (size_t k = 0; k < sizeof keys; k++) keys[k] = (unsigned char)rng_next(&r);
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        size_t size = sizes[s];
        harness_case("key size %zu", size);
        REQUIRE_STATUS(cdiff_fingerprint_batch(keys, size, 20, 77, out), CDIFF_OK);
        for (size_t i = 0; i < 20; i++) REQUIRE_EQ(out[i], cdiff_fingerprint(keys + i * size, size, 77));
    }
}

static void test_different_seeds_give_different_fingerprints(void) {
    const char key[] = "0123456789abcdef"; /* 16 bytes used; the NUL is not hashed */
    uint64_t seeds[] = {0, 1, 2, 0x9E3779B97F4A7C15ull, UINT64_MAX};
    for (size_t a = 0; a < 5; a++)
        for (size_t b = a + 1; b < 5; b++) {
            REQUIRE(cdiff_fingerprint(key, 16, seeds[a]) != cdiff_fingerprint(key, 16, seeds[b]));
            REQUIRE(cdiff_fingerprint(key, 3, seeds[a]) != cdiff_fingerprint(key, 3, seeds[b]));
        }
}

static void test_batch_argument_errors(void) {
    unsigned char keys[32] = {0};
    uint64_t out[2];
    REQUIRE_STATUS(cdiff_fingerprint_batch(keys, 0, 2, 0, out), CDIFF_ERR_INVALID_ARGUMENT);
    REQUIRE_STATUS(cdiff_fingerprint_batch(NULL, 16, 2, 0, out), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_fingerprint_batch(keys, 16, 2, 0, NULL), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_fingerprint_batch(NULL, 16, 0, 0, NULL), CDIFF_OK);
}

/* key_size * count would overflow size_t: refuse it before reading. */
static void test_batch_with_an_overflowing_total_size_is_too_large(void) {
    unsigned char keys[32] = {0};
    uint64_t out[2];
    REQUIRE_STATUS(cdiff_fingerprint_batch(keys, SIZE_MAX / 2, 3, 0, out), CDIFF_ERR_TOO_LARGE);
}

static void test_combine_depends_on_order(void) {
    rng r = rng_seeded(harness_seed());
    for (int k = 0; k < 1000; k++) {
        uint64_t a = rng_next(&r), b = rng_next(&r);
        REQUIRE(cdiff_fingerprint_combine(a, b) != cdiff_fingerprint_combine(b, a));
        REQUIRE(cdiff_fingerprint_combine(a, b) != cdiff_fingerprint_combine(a, b ^ 1));
    }
    REQUIRE(cdiff_fingerprint_combine(0, 1) != cdiff_fingerprint_combine(1, 0));
}

static int compare_u64(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : (a > b);
}

/* Any collision among a million distinct keys would be a 1-in-36-million event for a good
 * 64-bit hash: treat it as a broken hash. */
static size_t collisions(uint64_t *values, size_t count) {
    size_t found = 0;
    qsort(values, count, sizeof *values, compare_u64);
    for (size_t i = 1; i < count; i++) found += values[i] == values[i - 1];
    return found;
}

static void test_no_collisions_among_a_million_integers_and_a_million_16_byte_keys(void) {
    enum { N = 1000000 };
    uint64_t *values = malloc(N * sizeof *values), *keys = malloc(2 * N * sizeof *keys);
    REQUIRE(values && keys);
    for (uint64_t i = 0; i < N; i++) values[i] = cdiff_fingerprint(&i, 8, 0);
    size_t integer_collisions = collisions(values, N);
    for (uint64_t i = 0; i < N; i++) keys[2 * i] = i, keys[2 * i + 1] = i * 0x100000001ull; /* structured, UUID-sized */
    cdiff_status status = cdiff_fingerprint_batch(keys, 16, N, 42, values);
    size_t key_collisions = collisions(values, N);
    free(values);
    free(keys);
    REQUIRE_STATUS(status, CDIFF_OK);
    REQUIRE_EQ(integer_collisions, 0);
    REQUIRE_EQ(key_collisions, 0);
}

/* Flipping one input bit should flip each output bit with probability 1/2: 32 on average. */
static void test_one_input_bit_flips_about_half_the_output_bits(void) {
    static const size_t lengths[] = {1, 4, 8, 16, 24, 33, 100, 240};
    rng r = rng_seeded(harness_seed() ^ 0xAA);
    unsigned char buffer[240];
    double total = 0, samples = 0, worst = 0;
    for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++) {
        size_t length = lengths[l];
        double length_total = 0, length_samples = 0;
        for (int trial = 0; trial < 200; trial++) {
            for (size_t k = 0; k < length; k++) buffer[k] = (unsigned char)rng_next(&r);
            uint64_t seed = trial % 2 ? rng_next(&r) : 0, base = cdiff_fingerprint(buffer, length, seed);
            for (size_t bit = 0; bit < length * 8; bit += length > 32 ? 7 : 1) {
                buffer[bit / 8] ^= (unsigned char)(1u << (bit % 8));
                length_total += __builtin_popcountll(base ^ cdiff_fingerprint(buffer, length, seed));
                length_samples++;
                buffer[bit / 8] ^= (unsigned char)(1u << (bit % 8));
            }
        }
        double mean = length_total / length_samples;
        double deviation = mean > 32 ? mean - 32 : 32 - mean;
        if (deviation > worst) worst = deviation;
        total += length_total;
        samples += length_samples;
        harness_case("length %zu: mean %.3f flipped bits", length, mean);
        REQUIRE(mean >= 31.0 && mean <= 33.0);
    }
    printf("     avalanche: %.3f output bits flip per input bit on average (largest deviation of one length %.3f)\n", total / samples, worst);
}

#if defined(CDIFF_FORCE_OWN_HASH)
/* Guards the build flag itself: if it were ignored, this build would test XXH3 twice. */
static void test_forced_own_hash_is_not_xxh3(void) {
    size_t same = 0;
    for (uint64_t i = 0; i < 64; i++) same += cdiff_fingerprint(&i, 8, 0) == XXH3_64bits_withSeed(&i, 8, 0);
    REQUIRE_EQ(same, 0);
}
#else
/* With xxhash available the fingerprint is XXH3-64 with the seed, bit for bit. */
static void test_fingerprint_is_xxh3_64_with_seed(void) {
    unsigned char buffer[600];
    rng r = rng_seeded(harness_seed());
    for (size_t k = 0; k < sizeof buffer; k++) buffer[k] = (unsigned char)rng_next(&r);
    const uint64_t seeds[] = {0, 1, 0x9E3779B97F4A7C15ull, UINT64_MAX};
    for (size_t s = 0; s < 4; s++)
        for (size_t length = 0; length <= sizeof buffer; length += length < 260 ? 1 : 17) {
            harness_case("length %zu seed %llu", length, (unsigned long long)seeds[s]);
            REQUIRE_EQ(cdiff_fingerprint(buffer, length, seeds[s]), XXH3_64bits_withSeed(buffer, length, seeds[s]));
        }
    REQUIRE_EQ(cdiff_fingerprint(NULL, 0, 0), XXH3_64bits_withSeed(NULL, 0, 0));
}
#endif

int main(int argc, char **argv) {
    harness_init(argc, argv);
#if defined(CDIFF_FORCE_OWN_HASH)
    printf("     (fallback hash build: CDIFF_FORCE_OWN_HASH)\n");
    RUN_TEST(test_forced_own_hash_is_not_xxh3);
#else
    RUN_TEST(test_fingerprint_is_xxh3_64_with_seed);
#endif
    RUN_TEST(test_null_with_length_zero_hashes_the_empty_input);
    RUN_TEST(test_batch_equals_single_for_16_byte_keys_and_other_sizes);
    RUN_TEST(test_different_seeds_give_different_fingerprints);
    RUN_TEST(test_batch_argument_errors);
    RUN_TEST(test_batch_with_an_overflowing_total_size_is_too_large);
    RUN_TEST(test_combine_depends_on_order);
    RUN_TEST(test_no_collisions_among_a_million_integers_and_a_million_16_byte_keys);
    RUN_TEST(test_one_input_bit_flips_about_half_the_output_bits);
    return harness_finish();
}
