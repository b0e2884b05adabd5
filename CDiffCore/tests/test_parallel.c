/* Matching on two threads (cdiff_context_set_runner): every result is judged by the oracle and
 * must equal, byte for byte, the same diff on a fresh context without a runner (check_run_*
 * compares with one). The threshold is lowered (set_runner's last argument) so that small inputs
 * take the two-thread passes; runners that run the tasks one after the other, in either order,
 * reproduce every outcome deterministically, and a real worker thread runs them concurrently. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "check_internal.h"
#include "harness.h"
#include "hostile.h"
#include "inputs.h"
#include "../src/internal.h"
#include "rng.h"
#include "worker.h"

static flat_input old_in, new_in;
static sectioned_input old_sectioned, new_sectioned;
static worker *thread;

/* Counts how often the passes called it, and runs the tasks in order. */
static size_t calls;
static void counting_runner(void *user_data, size_t count, cdiff_task task, void *argument) {
    calls++;
    run_in_order(user_data, count, task, argument);
}

/* A runner that runs nothing: the context must still give the right result (by redoing the match). */
static void idle_runner(void *user_data, size_t count, cdiff_task task, void *argument) {
    (void)user_data, (void)count, (void)task, (void)argument;
}

static cdiff_context *context_with(cdiff_runner runner, void *user_data, size_t parallel_min) {
    cdiff_context *context = cdiff_context_create();
    if (context == NULL) return NULL;
    cdiff_context_set_runner(context, runner, user_data, parallel_min);
    return context;
}

static int run_flat_case(cdiff_context *context, int with_contents, const char *kind, size_t index, uint64_t seed) {
    cdiff_list o = flat_input_list(&old_in, with_contents), n = flat_input_list(&new_in, with_contents);
    const char *err = check_run_flat(context, &o, &n);
    if (!err) return 1;
    harness_case("%s case %zu, case seed 0x%llx", kind, index, (unsigned long long)seed);
    harness_fail(__FILE__, __LINE__, "%s", err);
    return 0;
}

/* Old and new as edit scripts of each other, with duplicates in a quarter of the cases (the passes
 * must report them exactly as the serial one does, by handing the match back). */
static void random_flat_case(rng *r) {
    size_t n = rng_below(r, 400), edits = rng_below(r, 30);
    int duplicates = rng_below(r, 4) == 0;
    flat_input_clear(&old_in);
    flat_input_clear(&new_in);
    for (size_t i = 0; i < n; i++) {
        uint64_t id = duplicates ? rng_below(r, 60) : rng_next(r) | 1;
        flat_input_add(&old_in, id, rng_below(r, 3));
        flat_input_add(&new_in, id, rng_below(r, 3));
    }
    for (size_t e = 0; e < edits && new_in.count > 0; e++) {
        size_t at = rng_below(r, new_in.count);
        switch (rng_below(r, 3)) {
        case 0: /* delete */
            memmove(new_in.ids + at, new_in.ids + at + 1, (new_in.count - at - 1) * sizeof *new_in.ids);
            memmove(new_in.contents + at, new_in.contents + at + 1, (new_in.count - at - 1) * sizeof *new_in.contents);
            new_in.count--;
            break;
        case 1: /* replace by a new-only identity (or, with duplicates, an existing one) */
            new_in.ids[at] = duplicates ? rng_below(r, 80) : rng_next(r) | 1;
            break;
        default: { /* swap two */
            size_t other = rng_below(r, new_in.count);
            uint64_t t = new_in.ids[at];
            new_in.ids[at] = new_in.ids[other];
            new_in.ids[other] = t;
        }
        }
    }
}

static void flat_cases_with(cdiff_runner runner, void *user_data, size_t cases, uint64_t salt) {
    cdiff_context *context = context_with(runner, user_data, 8);
    REQUIRE(context);
    for (size_t index = 0; index < cases && !harness_failed(); index++) {
        uint64_t seed = harness_seed() ^ (index * 0x9E3779B97F4A7C15ull) ^ salt;
        rng r = rng_seeded(seed);
        random_flat_case(&r);
        run_flat_case(context, (int)rng_below(&r, 2), "flat", index, seed);
    }
    cdiff_context_free(context);
}

static void test_two_thread_passes_in_order_equal_the_serial_ones(void) {
    flat_cases_with(run_in_order, NULL, 1500, 1);
}

static void test_two_thread_passes_in_reverse_order_equal_the_serial_ones(void) {
    flat_cases_with(run_in_reverse, NULL, 1500, 2);
}

static void test_two_thread_passes_on_a_worker_thread_equal_the_serial_ones(void) {
    REQUIRE(thread);
    flat_cases_with(worker_run, thread, 600, 3);
}

/* The passes run (two runner calls per diff that qualifies, and one for the finish), and not below
 * the threshold. */
static void test_the_runner_is_called_only_from_the_threshold(void) {
    cdiff_context *context = context_with(counting_runner, NULL, 100);
    REQUIRE(context);
    uint64_t ids[200];
    for (size_t k = 0; k < 200; k++) ids[k] = 0x1234567ull * (k + 1);
    uint64_t reversed[200];
    for (size_t k = 0; k < 200; k++) reversed[k] = ids[199 - k];
    cdiff_list small = {ids, NULL, 40}, small_reversed = {reversed + 160, NULL, 40};
    cdiff_list large = {ids, NULL, 200}, large_reversed = {reversed, NULL, 200};
    cdiff_changes changes;
    calls = 0;
    REQUIRE_STATUS(cdiff_diff(context, &small, &small_reversed, &changes), CDIFF_OK);
    size_t below = calls;
    REQUIRE_STATUS(cdiff_diff(context, &large, &large_reversed, &changes), CDIFF_OK);
    size_t above = calls - below;
    REQUIRE_EQ(changes.move_count, 199);
    cdiff_context_set_runner(context, NULL, NULL, 0);
    calls = 0;
    REQUIRE_STATUS(cdiff_diff(context, &large, &large_reversed, &changes), CDIFF_OK);
    cdiff_context_free(context);
    REQUIRE_EQ(below, 0);
    REQUIRE_EQ(above, 3);
    REQUIRE_EQ(calls, 0);
}

/* A runner that runs nothing leaves both shares "over budget": the match is redone (new keys,
 * then the sort) and the result is still right. */
static void test_a_runner_that_runs_nothing_still_gives_the_right_result(void) {
    cdiff_context *context = context_with(idle_runner, NULL, 8);
    REQUIRE(context);
    for (size_t index = 0; index < 300 && !harness_failed(); index++) {
        uint64_t seed = harness_seed() ^ (index * 0xD1B54A32D192ED03ull) ^ 4;
        rng r = rng_seeded(seed);
        random_flat_case(&r);
        run_flat_case(context, 0, "idle runner", index, seed);
    }
    cdiff_context_free(context);
}

/* A runner that runs only the first task, as if the helper never started: that task takes over
 * the second's units of each pass (match_parallel.c), so the match is clean at the first try (no
 * redrawn keys, no sort) and equals the serial one. The finish's parts the runner skipped, the
 * caller runs itself. */
#if !defined(__STDC_NO_ATOMICS__)
static void first_only_runner(void *user_data, size_t count, cdiff_task task, void *argument) {
    (void)user_data;
    if (count > 0) task(argument, 0);
}
#endif

static void test_the_first_task_takes_over_the_units_the_second_has_not_started(void) {
#if !defined(__STDC_NO_ATOMICS__)
    cdiff_context *context = context_with(first_only_runner, NULL, 8);
    REQUIRE(context);
    for (size_t index = 0; index < 600 && !harness_failed(); index++) {
        uint64_t seed = harness_seed() ^ (index * 0x94D049BB133111EBull) ^ 9;
        rng r = rng_seeded(seed);
        random_flat_case(&r);
        if (!run_flat_case(context, (int)rng_below(&r, 2), "first task only", index, seed)) break;
        if (context->stats.redraws != 0 || context->stats.sorted_levels != 0) {
            harness_case("first task only case %zu, case seed 0x%llx", index, (unsigned long long)seed);
            harness_fail(__FILE__, __LINE__, "the match was redone: %zu redraws, %zu sorted levels",
                         context->stats.redraws, context->stats.sorted_levels);
        }
    }
    cdiff_context_free(context);
#endif
}

/* Sectioned diffs match their rows (and sections) through the same passes. */
static void test_sectioned_diffs_on_two_threads_equal_the_serial_ones(void) {
    cdiff_context *context = context_with(worker_run, thread, 8);
    REQUIRE(context);
    REQUIRE(thread);
    for (size_t index = 0; index < 400 && !harness_failed(); index++) {
        uint64_t seed = harness_seed() ^ (index * 0xA24BAED4963EE407ull) ^ 5;
        rng r = rng_seeded(seed);
        sectioned_input_clear(&old_sectioned);
        sectioned_input_clear(&new_sectioned);
        size_t sections = 1 + rng_below(&r, 8), alphabet = 30 + rng_below(&r, 400);
        for (int side = 0; side < 2; side++) {
            sectioned_input *in = side == 0 ? &old_sectioned : &new_sectioned;
            for (size_t s = 0; s < sections; s++) {
                sectioned_input_add_section(in, 1 + rng_below(&r, sections + 2), rng_below(&r, 2));
                size_t rows = rng_below(&r, 60);
                for (size_t k = 0; k < rows; k++) sectioned_input_add_row(in, 1 + rng_below(&r, alphabet), rng_below(&r, 2));
            }
        }
        cdiff_sectioned_list o = sectioned_input_list(&old_sectioned, 1, 1), n = sectioned_input_list(&new_sectioned, 1, 1);
        const char *err = check_run_sectioned(context, &o, &n);
        if (err) {
            harness_case("sectioned case %zu, case seed 0x%llx", index, (unsigned long long)seed);
            harness_fail(__FILE__, __LINE__, "%s", err);
        }
    }
    cdiff_context_free(context);
}

/* Large tables (what 1M-row diffs use), at the real threshold's order: the shares then carry tags
 * of their own half, in the slots (rounds 0, 1: up to 2^23 slots) or, lowered by the test hook as
 * for lists past 5M elements, in the tags' byte array (rounds 2, 3). */
static void test_large_tagged_tables_on_two_threads_equal_the_serial_ones(void) {
    enum { N = 400000 };
    cdiff_context *parallel = context_with(worker_run, thread, 8), *serial = cdiff_context_create();
    uint64_t *old_ids = malloc(N * sizeof *old_ids), *new_ids = malloc(N * sizeof *new_ids);
    REQUIRE(parallel && serial && old_ids && new_ids && thread);
    for (int round = 0; round < 4 && !harness_failed(); round++) {
        if (round == 2) parallel->in_slot_max_slots = serial->in_slot_max_slots = (size_t)1 << 19;
        rng r = rng_seeded(harness_seed() ^ (uint64_t)(round + 6));
        for (size_t k = 0; k < N; k++) old_ids[k] = rng_next(&r);
        memcpy(new_ids, old_ids, N * sizeof *new_ids);
        for (size_t e = 0; e < 20000; e++) { /* scattered swaps and replacements */
            size_t a = rng_below(&r, N), b = rng_below(&r, N);
            uint64_t t = new_ids[a];
            new_ids[a] = new_ids[b];
            new_ids[b] = e % 2 ? t : rng_next(&r);
        }
        if (round % 2 == 1) new_ids[N / 3] = new_ids[2 * N / 3]; /* one duplicate: the match is redone */
        cdiff_list o = {old_ids, NULL, N}, n = {new_ids, NULL, N};
        cdiff_changes a, b;
        REQUIRE_STATUS(cdiff_diff(parallel, &o, &n, &a), CDIFF_OK);
        REQUIRE_STATUS(cdiff_diff(serial, &o, &n, &b), CDIFF_OK);
        REQUIRE(memcmp(a.old_to_new, b.old_to_new, N * sizeof(uint32_t)) == 0);
        REQUIRE(memcmp(a.new_to_old, b.new_to_old, N * sizeof(uint32_t)) == 0);
        REQUIRE_EQ(a.move_count, b.move_count);
        REQUIRE(memcmp(a.moves, b.moves, a.move_count * sizeof *a.moves) == 0);
        REQUIRE_EQ(a.new_duplicate_count, b.new_duplicate_count);
        REQUIRE_EQ(a.new_duplicate_count, round % 2 == 1 ? 2 : 0);
    }
    free(old_ids);
    free(new_ids);
    cdiff_context_free(parallel);
    cdiff_context_free(serial);
}

/* Input built against the context's keys crowds one half's table: that share runs out of its
 * budget, and the match goes on as after the serial pass (redrawn keys, or the sort). */
static void test_flooding_input_on_two_threads_gives_the_serial_result(void) {
    enum { N = 20000 };
    static uint64_t ids[N], reversed[N];
    for (int keep = 0; keep < 2 && !harness_failed(); keep++) {
        cdiff_context *context = context_with(worker_run, thread, 8);
        REQUIRE(context && thread);
        cdiff_context_set_match_seed(context, harness_seed());
        context->keep_keys = keep;
        hostile_fingerprints(&context->keys, hostile_table_capacity(N, N), N, ids);
        for (size_t k = 0; k < N; k++) reversed[k] = ids[N - 1 - k];
        cdiff_list o = {ids, NULL, N}, n = {reversed, NULL, N};
        const char *err = check_run_flat(context, &o, &n);
        cdiff_context_free(context);
        if (err) harness_fail(__FILE__, __LINE__, "keep keys %d: %s", keep, err);
    }
}

/* ---- The rows' finish on two threads (rows_finish.c) ---- */

/* One row of the plan the finish cases are built from: where it goes in new (a section of
 * `plan_sections`, ordered by key), or nowhere. */
typedef struct planned_row {
    uint64_t id, content;
    size_t section;
    double key;
    int alive;
} planned_row;

typedef struct planned_section {
    uint64_t id, content;
    double key;
    int alive, is_new;
} planned_section;

enum { PLAN_ROWS = 6000, PLAN_SECTIONS = 40 };
static planned_row plan_rows[PLAN_ROWS];
static planned_section plan_sections[PLAN_SECTIONS];

static int by_key(const void *a, const void *b) {
    const planned_row *x = a, *y = b;
    if (x->section != y->section) return x->section < y->section ? -1 : 1;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

/* Sectioned sides as apps edit them, in shapes that move the halves' cut around: sections of
 * random sizes, one giant section, many empty ones, every row in the last; new drops, moves and
 * adds sections, and deletes (sometimes most), inserts (sometimes many more than old has), moves
 * rows within and across sections, with repeated identities in some cases. */
static void random_finish_case(rng *r) {
    const size_t sections = 1 + rng_below(r, 24), scale = 1 + rng_below(r, 220);
    const int shape = (int)rng_below(r, 4), repeated = rng_below(r, 6) == 0;
    const size_t delete_one_in = rng_below(r, 4) == 0 ? 2 : 10, alphabet = 40 + rng_below(r, 400);
    size_t rows = 0, total_sections = sections;
    sectioned_input_clear(&old_sectioned);
    sectioned_input_clear(&new_sectioned);
    for (size_t s = 0; s < sections; s++) {
        planned_section *p = &plan_sections[s];
        *p = (planned_section){repeated && rng_below(r, 5) == 0 ? 1 + rng_below(r, 4) : 1000 + s, rng_below(r, 2),
                               (double)s, rng_below(r, 8) != 0, 0};
        if (rng_below(r, 6) == 0) p->key = (double)rng_below(r, sections) + 0.5; /* the section moves */
        size_t count = shape == 0 ? rng_below(r, scale)
                     : shape == 1 ? (s == sections / 2 ? 8 * scale : rng_below(r, 4))
                     : shape == 2 ? (rng_below(r, 2) ? 0 : rng_below(r, scale))
                                  : (s + 1 == sections ? 4 * scale : 0);
        if (rows + count > PLAN_ROWS / 2) count = PLAN_ROWS / 2 - rows;
        sectioned_input_add_section(&old_sectioned, p->id, p->content);
        for (size_t k = 0; k < count; k++, rows++) {
            planned_row *row = &plan_rows[rows];
            *row = (planned_row){repeated ? 1 + rng_below(r, alphabet) : rng_next(r) | 1, rng_below(r, 3), s, (double)k, 1};
            sectioned_input_add_row(&old_sectioned, row->id, row->content);
        }
    }
    for (size_t added = rng_below(r, 5); added > 0; added--, total_sections++)
        plan_sections[total_sections] = (planned_section){2000 + total_sections, 0,
                                                          (double)rng_below(r, sections + 1) - 0.25, 1, 1};
    const size_t old_rows = rows;
    for (size_t k = 0; k < old_rows; k++) {
        planned_row *row = &plan_rows[k];
        row->content ^= rng_below(r, 8) == 0;
        if (rng_below(r, delete_one_in) == 0) row->alive = 0;
        else if (rng_below(r, 12) == 0) { /* to another section, anywhere in it */
            row->section = rng_below(r, total_sections);
            row->key = (double)rng_below(r, scale + 1) + 0.5;
        } else if (rng_below(r, 15) == 0) row->key = (double)rng_below(r, scale + 1) + 0.5; /* within */
    }
    const size_t inserts = rng_below(r, 5) == 0 ? rng_below(r, PLAN_ROWS / 2) : rng_below(r, old_rows / 8 + 3);
    for (size_t k = 0; k < inserts && rows < PLAN_ROWS; k++, rows++)
        plan_rows[rows] = (planned_row){repeated ? 1 + rng_below(r, alphabet) : rng_next(r) | 1, rng_below(r, 3),
                                        rng_below(r, total_sections), (double)rng_below(r, scale + 1) + 0.25, 1};
    qsort(plan_rows, rows, sizeof *plan_rows, by_key);
    /* New: the living sections by key (then index), each with its living rows by key. */
    size_t order[PLAN_SECTIONS];
    size_t living = 0;
    for (size_t s = 0; s < total_sections; s++)
        if (plan_sections[s].alive) order[living++] = s;
    for (size_t a = 1; a < living; a++)
        for (size_t b = a; b > 0 && plan_sections[order[b]].key < plan_sections[order[b - 1]].key; b--) {
            size_t t = order[b];
            order[b] = order[b - 1];
            order[b - 1] = t;
        }
    for (size_t k = 0; k < living; k++) {
        const planned_section *p = &plan_sections[order[k]];
        sectioned_input_add_section(&new_sectioned, p->id, p->content ^ (rng_below(r, 9) == 0));
        for (size_t q = 0; q < rows; q++)
            if (plan_rows[q].alive && plan_rows[q].section == order[k])
                sectioned_input_add_row(&new_sectioned, plan_rows[q].id, plan_rows[q].content);
    }
}

/* Each case on a fresh context (buffers sized for that case alone, so ASan sees any write past
 * what the finish reserved), threshold lowered so that every case with rows may split; the
 * result must equal a fresh serial context's byte for byte and pass the oracle. */
static void finish_cases_with(cdiff_runner runner, void *user_data, size_t cases, uint64_t salt) {
    for (size_t index = 0; index < cases && !harness_failed(); index++) {
        uint64_t seed = harness_seed() ^ (index * 0x9FB21C651E98DF25ull) ^ salt;
        rng r = rng_seeded(seed);
        random_finish_case(&r);
        const int contents = (int)rng_below(&r, 2);
        cdiff_context *context = context_with(runner, user_data, 1 + rng_below(&r, 16));
        REQUIRE(context);
        cdiff_sectioned_list o = sectioned_input_list(&old_sectioned, 1, contents);
        cdiff_sectioned_list n = sectioned_input_list(&new_sectioned, 1, contents);
        const char *err = check_run_sectioned(context, &o, &n);
        cdiff_context_free(context);
        if (err) {
            harness_case("finish case %zu, case seed 0x%llx", index, (unsigned long long)seed);
            harness_fail(__FILE__, __LINE__, "%s", err);
        }
    }
}

static void test_sectioned_finish_in_order_equals_the_serial_one(void) { finish_cases_with(run_in_order, NULL, 700, 11); }

static void test_sectioned_finish_in_reverse_order_equals_the_serial_one(void) {
    finish_cases_with(run_in_reverse, NULL, 700, 12);
}

static void test_sectioned_finish_on_a_worker_thread_equals_the_serial_one(void) {
    REQUIRE(thread);
    finish_cases_with(worker_run, thread, 500, 13);
}

/* A runner that runs nothing: the context runs the finish's tasks itself. */
static void test_sectioned_finish_with_a_runner_that_runs_nothing_is_right(void) {
    finish_cases_with(idle_runner, NULL, 300, 14);
}

/* 100 sections of `rows` rows a side, every fifth section reversed in new. */
static void hundred_sections(size_t rows) {
    sectioned_input_clear(&old_sectioned);
    sectioned_input_clear(&new_sectioned);
    for (int side = 0; side < 2; side++) {
        sectioned_input *in = side == 0 ? &old_sectioned : &new_sectioned;
        for (size_t s = 0; s < 100; s++) {
            sectioned_input_add_section(in, s + 1, 0);
            for (size_t k = 0; k < rows; k++) {
                size_t row = side == 1 && s % 5 == 0 ? rows - 1 - k : k;
                sectioned_input_add_row(in, 0x9E3779B97F4A7C15ull * (s * rows + row + 1), 0);
            }
        }
    }
}

/* With the default min_elements, the finish splits from its own threshold (rows old plus new),
 * with two runner calls, and not below; the matching passes stay serial at these sizes. */
static void test_the_sectioned_finish_splits_from_its_threshold(void) {
    cdiff_context *context = context_with(counting_runner, NULL, 0);
    REQUIRE(context);
    cdiff_changes sections;
    cdiff_row_changes rows;
    size_t moves[2];
    size_t runner_calls[2];
    const size_t sizes[2] = {245, 246}; /* 2 * 100 * rows: 49,000 and 49,200 against 49,152 */
    for (int k = 0; k < 2; k++) {
        hundred_sections(sizes[k]);
        cdiff_sectioned_list o = sectioned_input_list(&old_sectioned, 0, 0), n = sectioned_input_list(&new_sectioned, 0, 0);
        calls = 0;
        REQUIRE_STATUS(cdiff_diff_sectioned(context, &o, &n, &sections, &rows), CDIFF_OK);
        runner_calls[k] = calls;
        moves[k] = rows.move_count;
    }
    cdiff_context_free(context);
    REQUIRE_EQ(runner_calls[0], 0);
    REQUIRE_EQ(runner_calls[1], 2);
    REQUIRE_EQ(moves[0], 20 * 244); /* a reversed section of r rows: r - 1 moves */
    REQUIRE_EQ(moves[1], 20 * 245);
}

/* ---- The flat finish on two threads (flat_finish.c) ---- */

/* Reversed lists of `count` ids each: old plus new middle is 2 * count elements (nothing trims). */
static void reversed_lists(size_t count) {
    flat_input_clear(&old_in);
    flat_input_clear(&new_in);
    for (size_t k = 0; k < count; k++) flat_input_add(&old_in, 0x9E3779B97F4A7C15ull * (k + 1), 0);
    for (size_t k = 0; k < count; k++) flat_input_add(&new_in, old_in.ids[count - 1 - k], 0);
}

/* With the default min_elements, a flat diff (and one section's rows) finishes in one runner call
 * from 49,152 elements (old plus new middle), and not below; the match stays on one thread. */
static void test_the_flat_finish_splits_from_its_threshold(void) {
    cdiff_context *context = context_with(counting_runner, NULL, 0);
    REQUIRE(context);
    const size_t sizes[2] = {24575, 24576}; /* 49,150 and 49,152 elements */
    size_t runner_calls[2][2], moves[2];
    for (int k = 0; k < 2; k++) {
        reversed_lists(sizes[k]);
        cdiff_list o = flat_input_list(&old_in, 0), n = flat_input_list(&new_in, 0);
        cdiff_changes changes;
        calls = 0;
        REQUIRE_STATUS(cdiff_diff(context, &o, &n, &changes), CDIFF_OK);
        runner_calls[k][0] = calls;
        moves[k] = changes.move_count;
        size_t old_rows[1] = {o.count}, new_rows[1] = {n.count};
        const uint64_t section[1] = {1};
        cdiff_sectioned_list so = {section, NULL, old_rows, 1, o.ids, NULL, o.count};
        cdiff_sectioned_list sn = {section, NULL, new_rows, 1, n.ids, NULL, n.count};
        cdiff_changes sections;
        cdiff_row_changes rows;
        calls = 0;
        REQUIRE_STATUS(cdiff_diff_sectioned(context, &so, &sn, &sections, &rows), CDIFF_OK);
        runner_calls[k][1] = calls;
        REQUIRE_EQ(rows.move_count, moves[k]);
    }
    cdiff_context_free(context);
    REQUIRE_EQ(runner_calls[0][0], 0);
    REQUIRE_EQ(runner_calls[0][1], 0);
    REQUIRE_EQ(runner_calls[1][0], 1);
    REQUIRE_EQ(runner_calls[1][1], 1);
    REQUIRE_EQ(moves[0], sizes[0] - 1);
    REQUIRE_EQ(moves[1], sizes[1] - 1);
}

/* Old: `count` distinct ids; new: about `edits` per mille of its rows deleted, as many fresh rows
 * inserted, a fifth as many swapped far; contents change at random, in runs or everywhere. The
 * first fresh row's identity (new only) is kept in `fresh_id` (0: none). */
static uint64_t fresh_id;
static void edited_lists(rng *r, size_t count, size_t edits) {
    flat_input_clear(&old_in);
    flat_input_clear(&new_in);
    fresh_id = 0;
    const uint64_t changed = rng_below(r, 4); /* 0: no contents change; 3: almost all do */
    for (size_t k = 0; k < count; k++) flat_input_add(&old_in, 0x9E3779B97F4A7C15ull * (k + 1), k);
    uint64_t fresh = 0x9E3779B97F4A7C15ull * (count + 1);
    for (size_t k = 0; k < count; k++) {
        if (rng_below(r, 1000) < edits) {
            if (fresh_id == 0) fresh_id = fresh;
            flat_input_add(&new_in, fresh, 0);
            fresh += 0x9E3779B97F4A7C15ull;
        }
        if (rng_below(r, 1000) >= edits) flat_input_add(&new_in, old_in.ids[k], rng_below(r, 4) < changed ? ~k : k);
    }
    for (size_t k = 0; k < new_in.count * edits / 5000; k++) {
        size_t a = rng_below(r, new_in.count), b = rng_below(r, new_in.count);
        uint64_t id = new_in.ids[a], content = new_in.contents[a];
        new_in.ids[a] = new_in.ids[b], new_in.contents[a] = new_in.contents[b];
        new_in.ids[b] = id, new_in.contents[b] = content;
    }
}

/* Around the finish's threshold, after each kind of match: the serial one that lists the inserts
 * and the LIS input (the default min_elements: in-slot tags from 2^16 slots), and the two-thread
 * one, after which the finish lists them itself (min_elements 16; its passes keep tags in their
 * slots from 2^16 slots too: 12,000 rows are below, 14,000 above). Flat and as one section, the
 * bytes of a fresh context each time (ASan sees any write past a list's end) equal the sorted
 * match's on one thread; with a duplicate planted late in new, after the match has listed: a
 * second copy of an old identity, or of a new-only one. */
static void test_the_flat_finish_on_two_threads_equals_the_serial_one(void) {
    static const size_t counts[] = {12000, 14000, 24600, 70000};
    static const size_t edits[] = {3, 100, 400};
    static const size_t minimums[] = {0, 16};
    cdiff_context *sorted = cdiff_context_create();
    REQUIRE(sorted && thread);
    sorted->force_sorted = true;
    for (size_t c = 0; c < sizeof counts / sizeof *counts && !harness_failed(); c++) {
        for (size_t e = 0; e < sizeof edits / sizeof *edits && !harness_failed(); e++) {
            const uint64_t seed = harness_seed() ^ (c * 0x9E3779B97F4A7C15ull) ^ (e * 0xD1B54A32D192ED03ull) ^ 0xF1;
            rng r = rng_seeded(seed);
            edited_lists(&r, counts[c], edits[e]);
            const uint64_t new_only = fresh_id;
            for (int planted = 0; planted < 3 && !harness_failed(); planted++) {
                if (planted == 1) new_in.ids[new_in.count - 2] = new_in.ids[new_in.count / 3];
                if (planted == 2 && new_only == 0) break;
                if (planted == 2) new_in.ids[new_in.count - 2] = new_only;
                for (size_t k = 0; k < 2 && !harness_failed(); k++) {
                    harness_case("%zu rows, %zu edits per mille, duplicate %d, min_elements %zu, seed 0x%llx",
                                 counts[c], edits[e], planted, minimums[k], (unsigned long long)seed);
                    cdiff_context *context = context_with(worker_run, thread, minimums[k]);
                    REQUIRE(context);
                    cdiff_list o = flat_input_list(&old_in, 1), n = flat_input_list(&new_in, 1);
                    cdiff_changes changes;
                    const char *err = check_same_bytes_flat_and_one_section(context, sorted, &o, &n, &changes);
                    cdiff_context_free(context);
                    if (err) harness_fail(__FILE__, __LINE__, "%s", err);
                }
            }
        }
    }
    cdiff_context_free(sorted);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    thread = worker_start();
    RUN_TEST(test_two_thread_passes_in_order_equal_the_serial_ones);
    RUN_TEST(test_two_thread_passes_in_reverse_order_equal_the_serial_ones);
    RUN_TEST(test_two_thread_passes_on_a_worker_thread_equal_the_serial_ones);
    RUN_TEST(test_the_runner_is_called_only_from_the_threshold);
    RUN_TEST(test_a_runner_that_runs_nothing_still_gives_the_right_result);
    RUN_TEST(test_the_first_task_takes_over_the_units_the_second_has_not_started);
    RUN_TEST(test_sectioned_diffs_on_two_threads_equal_the_serial_ones);
    RUN_TEST(test_large_tagged_tables_on_two_threads_equal_the_serial_ones);
    RUN_TEST(test_flooding_input_on_two_threads_gives_the_serial_result);
    RUN_TEST(test_sectioned_finish_in_order_equals_the_serial_one);
    RUN_TEST(test_sectioned_finish_in_reverse_order_equals_the_serial_one);
    RUN_TEST(test_sectioned_finish_on_a_worker_thread_equals_the_serial_one);
    RUN_TEST(test_sectioned_finish_with_a_runner_that_runs_nothing_is_right);
    RUN_TEST(test_the_sectioned_finish_splits_from_its_threshold);
    RUN_TEST(test_the_flat_finish_splits_from_its_threshold);
    RUN_TEST(test_the_flat_finish_on_two_threads_equals_the_serial_one);
    worker_stop(thread);
    flat_input_free(&old_in);
    flat_input_free(&new_in);
    sectioned_input_free(&old_sectioned);
    sectioned_input_free(&new_sectioned);
    return harness_finish();
}
