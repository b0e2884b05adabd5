/* "Different contexts may be used on different threads at the same time": several threads,
 * one context each, run the full oracle on their own random cases concurrently. Shared
 * mutable state inside the library would show up as wrong results here (and under ASan). */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>

#include "check.h"
#include "harness.h"
#include "inputs.h"
#include "rng.h"

enum { THREADS = 4, CASES = 300 };

typedef struct job {
    uint64_t seed;
    const char *error;
    char detail[1200];
} job;

static void *worker(void *argument) {
    job *j = argument;
    cdiff_context *context = cdiff_context_create();
    flat_input o = {0}, n = {0};
    sectioned_input so = {0}, sn = {0};
    if (!context) {
        j->error = "cdiff_context_create returned NULL";
        return NULL;
    }
    for (size_t index = 0; index < CASES && !j->error; index++) {
        rng r = rng_seeded(j->seed + index);
        size_t alphabet = 1 + rng_below(&r, 30);
        flat_input_clear(&o);
        flat_input_clear(&n);
        for (size_t k = rng_below(&r, 200); k > 0; k--) flat_input_add(&o, rng_below(&r, alphabet), rng_below(&r, 2));
        for (size_t k = rng_below(&r, 200); k > 0; k--) flat_input_add(&n, rng_below(&r, alphabet), rng_below(&r, 2));
        cdiff_list lo = flat_input_list(&o, 1), ln = flat_input_list(&n, 1);
        const char *err = check_run_flat(context, &lo, &ln);
        sectioned_input_clear(&so);
        sectioned_input_clear(&sn);
        for (size_t s = rng_below(&r, 10); s > 0; s--) {
            sectioned_input_add_section(&so, rng_below(&r, 5), 0);
            for (size_t k = rng_below(&r, 20); k > 0; k--) sectioned_input_add_row(&so, rng_below(&r, alphabet), 0);
        }
        for (size_t s = rng_below(&r, 10); s > 0; s--) {
            sectioned_input_add_section(&sn, rng_below(&r, 5), 0);
            for (size_t k = rng_below(&r, 20); k > 0; k--) sectioned_input_add_row(&sn, rng_below(&r, alphabet), 0);
        }
        cdiff_sectioned_list sa = sectioned_input_list(&so, 0, 0), sb = sectioned_input_list(&sn, 0, 0);
        if (!err) err = check_run_sectioned(context, &sa, &sb);
        if (err) {
            snprintf(j->detail, sizeof j->detail, "case seed 0x%llx: %s", (unsigned long long)(j->seed + index), err);
            j->error = j->detail;
        }
    }
    cdiff_context_free(context);
    flat_input_free(&o);
    flat_input_free(&n);
    sectioned_input_free(&so);
    sectioned_input_free(&sn);
    return NULL;
}

static void test_contexts_on_different_threads_work_concurrently(void) {
    pthread_t threads[THREADS];
    job jobs[THREADS];
    for (int t = 0; t < THREADS; t++) {
        jobs[t].seed = harness_seed() + (uint64_t)t * 1000003u;
        jobs[t].error = NULL;
        REQUIRE(pthread_create(&threads[t], NULL, worker, &jobs[t]) == 0);
    }
    for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
    for (int t = 0; t < THREADS; t++) REQUIRE_CHECK(jobs[t].error);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN_TEST(test_contexts_on_different_threads_work_concurrently);
    return harness_finish();
}
