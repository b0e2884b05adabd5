/* cdiff_lis_mark (lis.c) against a reference written here the plainest way: patience sorting with
 * a textbook binary search for each value's pile, and the subsequence read back element by element. The
 * library's walk marks runs of eight consecutive members at once; its marks must be exactly the
 * reference's, not just as many. Seeded shapes around that block of eight: in order with a few
 * swaps, runs of random lengths moved as blocks, random permutations, decreasing lists, every
 * length from 0 to 300 and larger ones up to 100,000; up to 400 values the subsequence's length
 * is also checked against the quadratic dynamic program. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "check_internal.h"
#include "harness.h"
#include "../src/internal.h"
#include "rng.h"

/* The reference: marks of the subsequence read back from the last pile's last element. */
static size_t reference_marks(const uint32_t *values, size_t count, uint8_t *marks) {
    uint32_t *tops = check_calloc(count + 1, sizeof *tops), *piles = check_calloc(count + 1, sizeof *piles);
    size_t length = 0;
    for (size_t k = 0; k < count; k++) {
        size_t pile = 0, above = length; /* the first pile whose top is >= the value */
        while (pile < above) {
            const size_t middle = pile + (above - pile) / 2;
            if (tops[middle] < values[k]) pile = middle + 1;
            else above = middle;
        }
        tops[pile] = values[k];
        piles[k] = (uint32_t)pile;
        if (pile == length) length++;
    }
    size_t wanted = length; /* the pile one above the next member's */
    for (size_t k = count; k-- > 0;) {
        marks[k] = wanted > 0 && piles[k] == wanted - 1;
        wanted -= marks[k];
    }
    free(tops);
    free(piles);
    return length;
}

static void swap_values(uint32_t *values, size_t a, size_t b) {
    const uint32_t t = values[a];
    values[a] = values[b];
    values[b] = t;
}

/* Distinct values (gaps of 1 to 3) in a shape drawn by `r`: 0 in order with up to 20 swaps, 1 runs
 * of 1 to 20 values moved as blocks, 2 a random permutation, 3 decreasing. */
static void make_values(rng *r, uint32_t *values, size_t count, unsigned shape) {
    uint32_t next = 0;
    for (size_t k = 0; k < count; k++) values[k] = next += 1 + (uint32_t)rng_below(r, 3);
    if (count < 2) return;
    if (shape == 0) {
        for (size_t swaps = rng_below(r, 21); swaps > 0; swaps--)
            swap_values(values, rng_below(r, count), rng_below(r, count));
    } else if (shape == 1) {
        for (size_t moves = 1 + rng_below(r, 6); moves > 0; moves--) {
            const size_t run = 1 + rng_below(r, 20 < count ? 20 : count), from = rng_below(r, count - run + 1);
            const size_t to = rng_below(r, count - run + 1);
            uint32_t block[20];
            memcpy(block, values + from, run * sizeof *block);
            if (to < from) memmove(values + to + run, values + to, (from - to) * sizeof *values);
            else memmove(values + from, values + from + run, (to - from) * sizeof *values);
            memcpy(values + to, block, run * sizeof *block);
        }
    } else if (shape == 2) {
        for (size_t k = count; k > 1; k--) swap_values(values, k - 1, rng_below(r, k));
    } else {
        for (size_t k = 0; k < count / 2; k++) swap_values(values, k, count - 1 - k);
    }
}

/* One case: the library's marks and length equal the reference's. */
static bool marks_agree(const uint32_t *values, size_t count) {
    uint32_t *tops = check_calloc(count + 1, sizeof *tops), *piles = check_calloc(count + 1, sizeof *piles);
    uint8_t *marks = check_calloc(count + 1, 1), *expected = check_calloc(count + 1, 1);
    const size_t length = cdiff_lis_mark(values, count, tops, piles, marks);
    const size_t reference = reference_marks(values, count, expected);
    bool agree = length == reference && memcmp(marks, expected, count) == 0;
    size_t marked = 0;
    for (size_t k = 0; k < count; k++) marked += marks[k];
    agree = agree && marked == length;
    if (agree && count <= 400) agree = length == check_lis_quadratic(values, count);
    free(tops);
    free(piles);
    free(marks);
    free(expected);
    return agree;
}

static void test_marks_equal_the_reference_at_every_small_length(void) {
    uint32_t values[300];
    for (size_t count = 0; count <= 300; count++)
        for (unsigned shape = 0; shape < 4; shape++)
            for (unsigned draw = 0; draw < 3; draw++) {
                const uint64_t seed = harness_seed() ^ (count * 0x9E3779B97F4A7C15ull) ^ (shape * 131 + draw);
                rng r = rng_seeded(seed);
                harness_case("seed 0x%llx, %zu values, shape %u", (unsigned long long)seed, count, shape);
                make_values(&r, values, count, shape);
                REQUIRE(marks_agree(values, count));
            }
}

static void test_marks_equal_the_reference_on_large_lists(void) {
    for (size_t index = 0; index < 40; index++) {
        const uint64_t seed = harness_seed() ^ (index * 0x94D049BB133111EBull) ^ 0x515;
        rng r = rng_seeded(seed);
        const size_t count = index < 4 ? 100000 : 301 + rng_below(&r, 5000);
        const unsigned shape = index < 4 ? (unsigned)index : (unsigned)rng_below(&r, 4);
        uint32_t *values = check_calloc(count, sizeof *values);
        harness_case("seed 0x%llx, %zu values, shape %u", (unsigned long long)seed, count, shape);
        make_values(&r, values, count, shape);
        const bool agree = marks_agree(values, count);
        free(values);
        REQUIRE(agree);
    }
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN_TEST(test_marks_equal_the_reference_at_every_small_length);
    RUN_TEST(test_marks_equal_the_reference_on_large_lists);
    return harness_finish();
}
