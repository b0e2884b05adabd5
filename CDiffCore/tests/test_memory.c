/* Memory behaviour: allocation failure at every point, no allocation once warm, and the
 * scratch budget (bytes per input element) on the benchmark workloads. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "harness.h"
#include "inputs.h"
#include "rng.h"
#include "workloads.h"

/* Counts calls, fails the fail_at-th allocation (1-based; 0 never), tracks live blocks. */
typedef struct counting {
    size_t allocations, deallocations, fail_at;
    long live;
    int failed;
} counting;

static void *counting_allocate(void *opaque, size_t size) {
    counting *c = opaque;
    c->allocations++;
    if (c->fail_at && c->allocations == c->fail_at) {
        c->failed = 1;
        return NULL;
    }
    void *p = malloc(size);
    if (p) c->live++;
    return p;
}

static void counting_deallocate(void *opaque, void *pointer) {
    counting *c = opaque;
    if (!pointer) return;
    c->deallocations++;
    c->live--;
    free(pointer);
}

static cdiff_allocator allocator_for(counting *c) {
    cdiff_allocator a;
    a.allocate = counting_allocate;
    a.deallocate = counting_deallocate;
    a.opaque = c;
    return a;
}

static flat_input flat_old, flat_new;
static sectioned_input sec_old, sec_new;

static void make_inputs(void) {
    rng r = rng_seeded(harness_seed() ^ 0x3E30);
    for (size_t i = 0; i < 400; i++) flat_input_add(&flat_old, rng_below(&r, 300), rng_below(&r, 2));
    for (size_t j = 0; j < 450; j++) flat_input_add(&flat_new, rng_below(&r, 300), rng_below(&r, 2));
    for (size_t s = 0; s < 12; s++) {
        sectioned_input_add_section(&sec_old, rng_below(&r, 14), 0);
        sectioned_input_add_section(&sec_new, rng_below(&r, 14), 1);
        for (size_t k = 0; k < 30; k++) {
            sectioned_input_add_row(&sec_old, rng_below(&r, 200), rng_below(&r, 2));
            sectioned_input_add_row(&sec_new, rng_below(&r, 200), rng_below(&r, 2));
        }
    }
}

/* Fails the k-th allocation for every k until a whole diff + patch gets through. Each
 * failure must be OUT_OF_MEMORY (never a crash), leave no result to patch, and leave a
 * context that works once memory is back. */
static void fail_every_allocation(int sectioned) {
    cdiff_list fo = flat_input_list(&flat_old, 1), fn = flat_input_list(&flat_new, 1);
    cdiff_sectioned_list so = sectioned_input_list(&sec_old, 1, 1), sn = sectioned_input_list(&sec_new, 1, 1);
    size_t ooms = 0;
    for (size_t k = 1; k < 10000; k++) {
        counting state;
        memset(&state, 0, sizeof state);
        state.fail_at = k;
        cdiff_allocator a = allocator_for(&state);
        harness_case("%s, failing allocation %zu", sectioned ? "sectioned" : "flat", k);
        cdiff_context *context = cdiff_context_create_with_allocator(&a);
        if (!context) {
            REQUIRE(state.failed);
            REQUIRE_EQ(state.live, 0);
            ooms++;
            continue;
        }
        cdiff_changes changes, sections;
        cdiff_row_changes rows;
        const cdiff_step *steps;
        size_t count;
        cdiff_status status = sectioned ? cdiff_diff_sectioned(context, &so, &sn, &sections, &rows)
                                        : cdiff_diff(context, &fo, &fn, &changes);
        cdiff_status patched = CDIFF_ERR_NO_RESULT; /* "the last result is gone" after a failed diff */
        if (status == CDIFF_OK) status = cdiff_patch(context, &steps, &count);
        else patched = cdiff_patch(context, &steps, &count);
        int done = !state.failed;
        state.fail_at = 0; /* memory is back: the same context must now do everything right */
        const char *err = sectioned ? check_run_sectioned(context, &so, &sn) : check_run_flat(context, &fo, &fn);
        cdiff_context_free(context);
        REQUIRE_STATUS(status, done ? CDIFF_OK : CDIFF_ERR_OUT_OF_MEMORY);
        REQUIRE_STATUS(patched, CDIFF_ERR_NO_RESULT);
        REQUIRE_CHECK(err);
        REQUIRE_EQ(state.live, 0);
        if (done) {
            printf("     %s: %zu allocation points each failed cleanly\n", sectioned ? "sectioned" : "flat", ooms);
            return;
        }
        ooms++;
    }
    harness_fail(__FILE__, __LINE__, "diff + patch never got through");
}

static void test_every_allocation_failure_in_a_flat_diff_is_out_of_memory(void) { fail_every_allocation(0); }
static void test_every_allocation_failure_in_a_sectioned_diff_is_out_of_memory(void) { fail_every_allocation(1); }

/* Shape-changing second runs (reverse: the most moves; all duplicates; disjoint) of the
 * same or smaller size must reuse the context's scratch. */
static void test_no_allocation_after_the_first_flat_diff_of_that_size(void) {
    enum { N = 20000 };
    static uint64_t a[N], b[N], c[N];
    counting state;
    memset(&state, 0, sizeof state);
    cdiff_allocator alloc = allocator_for(&state);
    cdiff_context *context = cdiff_context_create_with_allocator(&alloc);
    REQUIRE(context);
    rng r = rng_seeded(harness_seed() ^ 0xA110C);
    for (size_t i = 0; i < N; i++) a[i] = rng_next(&r), c[i] = rng_next(&r);
    for (size_t i = 0; i < N; i++) b[i] = a[(i * 7919) % N]; /* a permutation: many moves */
    cdiff_changes changes;
    const cdiff_step *steps;
    size_t count;
    cdiff_list lists[][2] = {
        {{a, c, N}, {b, c, N}},       /* first: sizes the scratch */
        {{b, a, N}, {a, b, N}},       /* same size, different content */
        {{a, NULL, N}, {c, NULL, N}}, /* disjoint */
        {{c, NULL, N}, {c, NULL, N}}, /* identical */
        {{b, NULL, N / 2}, {a, NULL, N / 3}},
    };
    /* Patches store exactly their steps (CDiffCore.h), so one may allocate only when it has more
     * steps than every earlier patch on the context. */
    size_t diff_allocations = 0, patch_allocations = 0, first_allocating = 0, most_steps = 0;
    cdiff_status status = CDIFF_OK;
    for (size_t k = 0; k < sizeof lists / sizeof *lists && status == CDIFF_OK; k++) {
        size_t before = state.allocations;
        status = cdiff_diff(context, &lists[k][0], &lists[k][1], &changes);
        size_t middle = state.allocations;
        if (status == CDIFF_OK) status = cdiff_patch(context, &steps, &count);
        size_t grew = status == CDIFF_OK && count > most_steps;
        if (grew) most_steps = count;
        if (k == 0) continue;
        diff_allocations += middle - before;
        patch_allocations += grew ? 0 : state.allocations - middle;
        if (!first_allocating && state.allocations != before) first_allocating = k;
    }
    /* The worst shapes for moves and steps: a reversal and one repeated id. */
    for (size_t i = 0; i < N; i++) b[i] = a[N - 1 - i], c[i] = 5;
    cdiff_list o = {a, NULL, N}, n = {b, NULL, N}, d = {c, NULL, N};
    cdiff_list *pairs[][2] = {{&o, &n}, {&d, &d}};
    for (size_t k = 0; k < 2 && status == CDIFF_OK; k++) {
        size_t before = state.allocations;
        status = cdiff_diff(context, pairs[k][0], pairs[k][1], &changes);
        size_t middle = state.allocations;
        if (status == CDIFF_OK) status = cdiff_patch(context, &steps, &count);
        size_t grew = status == CDIFF_OK && count > most_steps;
        if (grew) most_steps = count;
        diff_allocations += middle - before;
        patch_allocations += grew ? 0 : state.allocations - middle;
    }
    cdiff_context_free(context);
    REQUIRE_STATUS(status, CDIFF_OK);
    REQUIRE_EQ(state.live, 0);
    printf("     after warm-up: %zu allocations in diffs, %zu in patches no longer than an earlier one (first allocating run %zu)\n", diff_allocations,
           patch_allocations, first_allocating);
    REQUIRE_EQ(diff_allocations, 0);
    REQUIRE_EQ(patch_allocations, 0);
}

static void test_no_allocation_after_the_first_sectioned_diff_of_that_size(void) {
    counting state;
    memset(&state, 0, sizeof state);
    cdiff_allocator alloc = allocator_for(&state);
    cdiff_context *context = cdiff_context_create_with_allocator(&alloc);
    REQUIRE(context);
    workload w;
    workload_make(&w, WORKLOAD_SECTIONED, harness_seed());
    cdiff_sectioned_list o = sectioned_input_list(&w.old_sectioned, 1, 1), n = sectioned_input_list(&w.new_sectioned, 1, 1);
    cdiff_changes sections;
    cdiff_row_changes rows;
    const cdiff_step *steps;
    size_t count, before = 0;
    cdiff_status status = CDIFF_OK;
    for (int k = 0; k < 4 && status == CDIFF_OK; k++) {
        if (k == 1) before = state.allocations;
        /* runs: old->new, new->old (different content), new->new, old->new without contents */
        cdiff_sectioned_list *x = k == 1 || k == 2 ? &n : &o, *y = k == 1 ? &o : &n;
        cdiff_sectioned_list xa = *x, ya = *y;
        if (k == 3) xa.section_contents = ya.section_contents = xa.row_contents = ya.row_contents = NULL;
        status = cdiff_diff_sectioned(context, &xa, &ya, &sections, &rows);
        if (status == CDIFF_OK) status = cdiff_patch(context, &steps, &count);
    }
    size_t extra = state.allocations - before;
    cdiff_context_free(context);
    workload_free(&w);
    REQUIRE_STATUS(status, CDIFF_OK);
    REQUIRE_EQ(extra, 0);
    REQUIRE_EQ(state.live, 0);
}

/* The header: "a diff whose inputs are no larger allocates nothing" — also across kinds. */
static void test_no_allocation_for_a_smaller_flat_diff_after_a_sectioned_one(void) {
    counting state;
    memset(&state, 0, sizeof state);
    cdiff_allocator alloc = allocator_for(&state);
    cdiff_context *context = cdiff_context_create_with_allocator(&alloc);
    REQUIRE(context);
    cdiff_sectioned_list so = sectioned_input_list(&sec_old, 1, 1), sn = sectioned_input_list(&sec_new, 1, 1);
    cdiff_list fo = {sec_old.row_ids, NULL, sec_old.row_count / 2}, fn = {sec_new.row_ids, NULL, sec_new.row_count / 2};
    cdiff_changes changes, sections;
    cdiff_row_changes rows;
    const cdiff_step *steps;
    size_t count;
    cdiff_status s1 = cdiff_diff_sectioned(context, &so, &sn, &sections, &rows);
    if (s1 == CDIFF_OK) s1 = cdiff_patch(context, &steps, &count);
    size_t before = state.allocations;
    cdiff_status s2 = cdiff_diff(context, &fo, &fn, &changes);
    if (s2 == CDIFF_OK) s2 = cdiff_patch(context, &steps, &count);
    size_t extra = state.allocations - before;
    cdiff_context_free(context);
    REQUIRE_STATUS(s1, CDIFF_OK);
    REQUIRE_STATUS(s2, CDIFF_OK);
    REQUIRE_EQ(extra, 0);
}

/* A list that grows a little at a time: buffers grow by half when outgrown, so 20 diffs growing
 * by 1% each allocate in the first two only (every fresh block costs page faults). */
static void test_a_slowly_growing_list_allocates_only_twice(void) {
    enum { START = 10000, STEP = 100, STEPS = 20 };
    static uint64_t ids[START + STEP * STEPS], reversed[START + STEP * STEPS];
    counting state;
    memset(&state, 0, sizeof state);
    cdiff_allocator alloc = allocator_for(&state);
    cdiff_context *context = cdiff_context_create_with_allocator(&alloc);
    REQUIRE(context);
    rng r = rng_seeded(harness_seed() ^ 0x6807);
    for (size_t i = 0; i < START + STEP * STEPS; i++) ids[i] = rng_next(&r);
    size_t allocating_diffs = 0;
    cdiff_status status = CDIFF_OK;
    for (size_t k = 0; k < STEPS && status == CDIFF_OK; k++) {
        size_t count = START + STEP * k, before = state.allocations;
        for (size_t i = 0; i < count; i++) reversed[i] = ids[count - 1 - i];
        cdiff_list o = {ids, NULL, count}, n = {reversed, NULL, count};
        cdiff_changes changes;
        status = cdiff_diff(context, &o, &n, &changes);
        allocating_diffs += state.allocations != before;
    }
    cdiff_context_free(context);
    REQUIRE_STATUS(status, CDIFF_OK);
    REQUIRE_EQ(allocating_diffs, 2);
}

static void report_scratch(workload_kind kind, int with_contents) {
    workload w;
    workload_make(&w, kind, harness_seed());
    cdiff_context *context = cdiff_context_create();
    REQUIRE(context);
    const cdiff_step *steps;
    size_t count, after_diff = 0, after_patch = 0, elements = workload_elements(&w);
    const char *err = NULL;
    if (w.sectioned) {
        cdiff_sectioned_list o = sectioned_input_list(&w.old_sectioned, with_contents, with_contents);
        cdiff_sectioned_list n = sectioned_input_list(&w.new_sectioned, with_contents, with_contents);
        cdiff_changes sections;
        cdiff_row_changes rows;
        if (cdiff_diff_sectioned(context, &o, &n, &sections, &rows) != CDIFF_OK) err = "diff failed";
        else if ((err = check_sectioned(&o, &n, &sections, &rows))) {
        } else {
            after_diff = cdiff_context_memory(context);
            if (cdiff_patch(context, &steps, &count) != CDIFF_OK) err = "patch failed";
            else err = check_sectioned_patch(&o, &n, &sections, &rows, steps, count);
        }
    } else {
        cdiff_list o = flat_input_list(&w.old_flat, with_contents), n = flat_input_list(&w.new_flat, with_contents);
        cdiff_changes changes;
        if (cdiff_diff(context, &o, &n, &changes) != CDIFF_OK) err = "diff failed";
        else if ((err = check_flat(&o, &n, &changes))) {
        } else {
            after_diff = cdiff_context_memory(context);
            if (cdiff_patch(context, &steps, &count) != CDIFF_OK) err = "patch failed";
            else err = check_flat_patch(&o, &n, &changes, steps, count);
        }
    }
    after_patch = cdiff_context_memory(context);
    cdiff_context_free(context);
    workload_free(&w);
    REQUIRE_CHECK(err);
    double per_diff = (double)after_diff / (double)elements, per_patch = (double)after_patch / (double)elements;
    printf("     %-16s %s: %zu elements, scratch %zu B after diff (%.1f B/el), %zu B with patch (%.1f B/el)\n", w.name,
           with_contents ? "with contents" : "ids only", elements, after_diff, per_diff, after_patch, per_patch);
    /* The budget is the diff's; the patch adds its steps, stored exactly (see CDiffCore.h). */
    REQUIRE(per_diff <= 40.0);
    REQUIRE(after_patch <= after_diff + count * sizeof(cdiff_step) + 64);
}

static void test_scratch_is_at_most_40_bytes_per_element_flat_100k(void) { report_scratch(WORKLOAD_DK_100K, 1); }
static void test_scratch_is_at_most_40_bytes_per_element_flat_100k_spread(void) { report_scratch(WORKLOAD_DK_100K_SPREAD, 1); }
static void test_scratch_is_at_most_40_bytes_per_element_sectioned(void) { report_scratch(WORKLOAD_SECTIONED, 1); }

int main(int argc, char **argv) {
    harness_init(argc, argv);
    make_inputs();
    RUN_TEST(test_every_allocation_failure_in_a_flat_diff_is_out_of_memory);
    RUN_TEST(test_every_allocation_failure_in_a_sectioned_diff_is_out_of_memory);
    RUN_TEST(test_no_allocation_after_the_first_flat_diff_of_that_size);
    RUN_TEST(test_no_allocation_after_the_first_sectioned_diff_of_that_size);
    RUN_TEST(test_no_allocation_for_a_smaller_flat_diff_after_a_sectioned_one);
    RUN_TEST(test_a_slowly_growing_list_allocates_only_twice);
    RUN_TEST(test_scratch_is_at_most_40_bytes_per_element_flat_100k);
    RUN_TEST(test_scratch_is_at_most_40_bytes_per_element_flat_100k_spread);
    RUN_TEST(test_scratch_is_at_most_40_bytes_per_element_sectioned);
    flat_input_free(&flat_old);
    flat_input_free(&flat_new);
    sectioned_input_free(&sec_old);
    sectioned_input_free(&sec_new);
    return harness_finish();
}
