/* Seeded randomized flat diffs, every result judged by the oracle (check.h): pairing, exact
 * deletes/inserts/updates/duplicates, batch semantics, minimal moves, patch replay, determinism. */
#include <stdlib.h>

#include "check.h"
#include "harness.h"
#include "inputs.h"
#include "rng.h"

static cdiff_context *context;
static flat_input old_in, new_in;

/* Runs one case; on failure prints the inputs so the case can become a regression test. */
static int run_case(int with_contents, const char *kind, size_t index, uint64_t seed) {
    cdiff_list o = flat_input_list(&old_in, with_contents), n = flat_input_list(&new_in, with_contents);
    const char *err = check_run_flat(context, &o, &n);
    if (!err) return 1;
    harness_case("%s case %zu, case seed 0x%llx", kind, index, (unsigned long long)seed);
    harness_fail(__FILE__, __LINE__, "%s", err);
    print_flat(stderr, "old", &o);
    print_flat(stderr, "new", &n);
    return 0;
}

/* Small alphabets force duplicates; contents take two values so updates come and go. */
static void test_random_flat_diffs_with_duplicates_honour_the_contract(void) {
    for (size_t index = 0; index < 4000; index++) {
        uint64_t seed = harness_seed() ^ (index * 0x9E3779B97F4A7C15ull);
        rng r = rng_seeded(seed);
        size_t n = rng_below(&r, 61), m = rng_below(&r, 61), alphabet = 1 + rng_below(&r, 12);
        flat_input_clear(&old_in);
        flat_input_clear(&new_in);
        for (size_t i = 0; i < n; i++) flat_input_add(&old_in, rng_below(&r, alphabet), rng_below(&r, 2));
        for (size_t j = 0; j < m; j++) flat_input_add(&new_in, rng_below(&r, alphabet), rng_below(&r, 2));
        if (!run_case((int)rng_below(&r, 2), "duplicates", index, seed)) return;
    }
}

/* Distinct ids drawn from a shared pool: here minimality is also checked against LCS. */
static void test_random_duplicate_free_flat_diffs_are_minimal(void) {
    uint64_t pool[120];
    for (size_t index = 0; index < 3000; index++) {
        uint64_t seed = harness_seed() ^ (index * 0xD1B54A32D192ED03ull) ^ 1;
        rng r = rng_seeded(seed);
        size_t n = rng_below(&r, 61), m = rng_below(&r, 61);
        for (size_t k = 0; k < 120; k++) pool[k] = 1000 + k;
        flat_input_clear(&old_in);
        flat_input_clear(&new_in);
        for (size_t k = 119; k > 0; k--) { /* shuffle, take a prefix for old */
            size_t s = rng_below(&r, k + 1);
            uint64_t t = pool[k];
            pool[k] = pool[s];
            pool[s] = t;
        }
        for (size_t i = 0; i < n; i++) flat_input_add(&old_in, pool[i], rng_below(&r, 3));
        for (size_t k = 119; k > 0; k--) {
            size_t s = rng_below(&r, k + 1);
            uint64_t t = pool[k];
            pool[k] = pool[s];
            pool[s] = t;
        }
        for (size_t j = 0; j < m; j++) flat_input_add(&new_in, pool[j], rng_below(&r, 3));
        if (!run_case((int)rng_below(&r, 2), "duplicate-free", index, seed)) return;
    }
}

/* Realistic edits: new is old with a few deletes, inserts and moves (long common runs,
 * which is where prefix/suffix trimming and LIS shortcuts live). */
static void test_random_edit_scripts_honour_the_contract(void) {
    for (size_t index = 0; index < 1500; index++) {
        uint64_t seed = harness_seed() ^ (index * 0xA24BAED4963EE407ull) ^ 2;
        rng r = rng_seeded(seed);
        size_t n = rng_below(&r, 300), edits = rng_below(&r, 8);
        int duplicates = rng_below(&r, 4) == 0;
        flat_input_clear(&old_in);
        flat_input_clear(&new_in);
        for (size_t i = 0; i < n; i++) {
            uint64_t id = duplicates ? rng_below(&r, 40) : i + 1;
            flat_input_add(&old_in, id, i);
            flat_input_add(&new_in, id, i);
        }
        for (size_t e = 0; e < edits; e++) {
            size_t len = new_in.count, op = rng_below(&r, 4);
            if (op == 0 && len) { /* delete */
                size_t at = rng_below(&r, len);
                for (size_t k = at; k + 1 < len; k++) new_in.ids[k] = new_in.ids[k + 1], new_in.contents[k] = new_in.contents[k + 1];
                new_in.count--;
            } else if (op == 1) { /* insert a fresh id at the end, then rotate it into place */
                size_t at = rng_below(&r, len + 1);
                flat_input_add(&new_in, 100000 + index * 16 + e, 7);
                for (size_t k = len; k > at; k--) {
                    uint64_t t = new_in.ids[k];
                    new_in.ids[k] = new_in.ids[k - 1];
                    new_in.ids[k - 1] = t;
                }
            } else if (op == 2 && len) { /* move one element */
                size_t from = rng_below(&r, len), to = rng_below(&r, len);
                uint64_t id = new_in.ids[from], c = new_in.contents[from];
                for (size_t k = from; k + 1 < len; k++) new_in.ids[k] = new_in.ids[k + 1], new_in.contents[k] = new_in.contents[k + 1];
                for (size_t k = len - 1; k > to; k--) new_in.ids[k] = new_in.ids[k - 1], new_in.contents[k] = new_in.contents[k - 1];
                new_in.ids[to] = id;
                new_in.contents[to] = c;
            } else if (len) { /* change content */
                new_in.contents[rng_below(&r, len)] ^= 1;
            }
        }
        if (!run_case((int)rng_below(&r, 2), "edit script", index, seed)) return;
    }
}

/* A few larger cases on the same context: scratch grows and shrinks, results stay right. */
static void test_larger_random_flat_diffs_on_a_reused_context(void) {
    static const size_t sizes[] = {2000, 10, 5000, 0, 3000, 1};
    for (size_t index = 0; index < sizeof sizes / sizeof *sizes; index++) {
        uint64_t seed = harness_seed() ^ (index * 0x94D049BB133111EBull) ^ 3;
        rng r = rng_seeded(seed);
        size_t n = sizes[index], alphabet = index % 2 ? n + 1 : 50 + n / 4;
        flat_input_clear(&old_in);
        flat_input_clear(&new_in);
        for (size_t i = 0; i < n; i++) flat_input_add(&old_in, rng_below(&r, alphabet), rng_below(&r, 2));
        for (size_t j = 0; j < n + n / 10; j++) flat_input_add(&new_in, rng_below(&r, alphabet), rng_below(&r, 2));
        if (!run_case(1, "large", index, seed)) return;
    }
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    context = cdiff_context_create();
    if (!context) return 1;
    RUN_TEST(test_random_flat_diffs_with_duplicates_honour_the_contract);
    RUN_TEST(test_random_duplicate_free_flat_diffs_are_minimal);
    RUN_TEST(test_random_edit_scripts_honour_the_contract);
    RUN_TEST(test_larger_random_flat_diffs_on_a_reused_context);
    cdiff_context_free(context);
    flat_input_free(&old_in);
    flat_input_free(&new_in);
    return harness_finish();
}
