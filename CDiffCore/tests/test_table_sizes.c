/* The serial first pass comes in three forms by table size (match.c): the template pass below
 * IN_SLOT_MIN_SLOTS, which also feeds the LIS as it pairs; the in-slot-tag pass up to
 * IN_SLOT_MAX_SLOTS (2^23), which lists the LIS input; the tagged pass above, which lists of over
 * 5M elements reach: a third context lowers that bound to 2^19 (a test hook) to run it here. Each lists the finish's inserts
 * (match_gather.h), flat and as the rows of one section. Seeded lists of sizes on both sides of
 * each boundary, edited the way apps edit (runs of kept rows broken by deletes, inserts and rows
 * moved far), give the sorted match's bytes (a path that lists nothing) and, up to 20k rows, pass
 * the oracle.
 * Planted duplicates make the pass hand over to the full redo after it has listed, which must not
 * leave its lists in use. */
#include <stdbool.h>
#include <stdlib.h>

#include "check.h"
#include "check_internal.h"
#include "harness.h"
#include "hostile.h"
#include "inputs.h"
#include "../src/internal.h"
#include "rng.h"

/* Old: `count` distinct ids (a bijection of the index). New: old with about `edits` per mille of
 * its rows deleted, as many fresh rows inserted, and a fifth as many moved to random places. */
static void make_edited(rng *r, size_t count, size_t edits, flat_input *o, flat_input *n) {
    flat_input_clear(o);
    flat_input_clear(n);
    for (size_t k = 0; k < count; k++) flat_input_add(o, (k + 1) * 0x9E3779B97F4A7C15ull, rng_below(r, 2));
    uint64_t fresh = (count + 1) * 0x9E3779B97F4A7C15ull;
    for (size_t k = 0; k < count; k++) {
        if (rng_below(r, 1000) < edits) { /* an insert before it */
            flat_input_add(n, fresh, rng_below(r, 2));
            fresh += 0x9E3779B97F4A7C15ull;
        }
        if (rng_below(r, 1000) >= edits) flat_input_add(n, o->ids[k], rng_below(r, 2)); /* else deleted */
    }
    for (size_t k = 0; k < n->count * edits / 5000; k++) {
        size_t a = rng_below(r, n->count), b = rng_below(r, n->count);
        uint64_t swap = n->ids[a];
        n->ids[a] = n->ids[b];
        n->ids[b] = swap;
    }
}

/* Table and sort agree, flat and as one section's rows; the oracle accepts the table's result. */
static const char *table_equals_sorted(cdiff_context *table, cdiff_context *sorted, const flat_input *o,
                                       const flat_input *n);

/* The contexts each test compares: the default table, the one whose compact passes tag from 2^19
 * slots (a test hook), and the sorted match. */
typedef struct {
    cdiff_context *table, *tagged, *sorted;
} contexts;

/* The three contexts; an error when one could not be made (`contexts_free` frees the others). */
static const char *contexts_create(contexts *c) {
    c->table = cdiff_context_create();
    c->tagged = cdiff_context_create();
    c->sorted = cdiff_context_create();
    if (!c->table || !c->tagged || !c->sorted) return "cdiff_context_create returned NULL";
    c->sorted->force_sorted = true;
    c->tagged->in_slot_max_slots = (size_t)1 << 19;
    return NULL;
}

static void contexts_free(contexts *c) {
    cdiff_context_free(c->table);
    cdiff_context_free(c->tagged);
    cdiff_context_free(c->sorted);
}

/* Both the default table and the tagging one. */
static const char *tables_equal_sorted(const contexts *c, const flat_input *o, const flat_input *n) {
    const char *err = table_equals_sorted(c->table, c->sorted, o, n);
    return err ? err : table_equals_sorted(c->tagged, c->sorted, o, n);
}

static const char *table_equals_sorted(cdiff_context *table, cdiff_context *sorted, const flat_input *o,
                                       const flat_input *n) {
    cdiff_list fo = flat_input_list(o, 1), fn = flat_input_list(n, 1);
    cdiff_changes a;
    const char *err = check_same_bytes_flat_and_one_section(table, sorted, &fo, &fn, &a);
    if (err) return err;
    if (table->stats.sorted_levels != 0) return check_fail("the table gave up");
    /* The oracle (quadratic in places) on the smaller lists; the larger ones rest on the sort. */
    return o->count > 20000 ? NULL : check_run_flat(table, &fo, &fn);
}

static void test_first_passes_of_every_size_give_the_sorted_match_s_result(void) {
    /* Elements of the first pass (old + new's middle) from about 1.2k to 360k: the template pass
     * unpipelined and pipelined, the in-slot pass across its range, the tagged pass. */
    static const size_t counts[] = {600, 1500, 12000, 14000, 27000, 60000, 145000, 180000};
    static const size_t edits[] = {0, 3, 100, 400};
    flat_input o = {0}, n = {0};
    contexts ctx;
    const char *err = contexts_create(&ctx);
    for (size_t c = 0; c < sizeof counts / sizeof *counts && !err; c++) {
        for (size_t e = 0; e < sizeof edits / sizeof *edits && !err; e++) {
            const uint64_t seed = harness_seed() ^ (c * 0x9E3779B97F4A7C15ull) ^ (e * 0xD1B54A32D192ED03ull) ^ 0x5123;
            rng r = rng_seeded(seed);
            harness_case("%zu rows, %zu edits per mille, seed 0x%llx", counts[c], edits[e], (unsigned long long)seed);
            make_edited(&r, counts[c], edits[e], &o, &n);
            err = tables_equal_sorted(&ctx, &o, &n);
            /* A duplicate in new's middle, late: the pass has listed almost everything by then. */
            if (!err && n.count > 2) {
                n.ids[n.count - 2] = n.ids[n.count / 3];
                err = tables_equal_sorted(&ctx, &o, &n);
            }
        }
    }
    contexts_free(&ctx);
    flat_input_free(&o);
    flat_input_free(&n);
    REQUIRE_CHECK(err);
}

/* The tightest in-slot tables probe by buckets of eight slots (match_bucket.h, x86 with SSE2):
 * from a first pass of 349,515 elements (old + new's middle), whose table of 1.5 x + 16 slots
 * reaches TAG_MIN_SLOTS. Lists on both sides of that edge, each also with 40 identities crafted
 * (against the table context's keys) into the table's last bucket, so that they fill it and the
 * buckets they overflow into wrap round to the first one, paired in another order, and then with
 * one of them twice in old: byte-equal to the sorted match, and no fallback to the sort. */
static void test_bucketed_tables_at_their_edges_give_the_sorted_match_s_result(void) {
    static const size_t counts[] = {174000, 174760, 176000};
    enum { CRAFTED = 40 };
    flat_input o = {0}, n = {0};
    contexts ctx;
    const char *err = contexts_create(&ctx);
    for (size_t c = 0; c < sizeof counts / sizeof *counts && !err; c++) {
        const uint64_t seed = harness_seed() ^ (c * 0x94D049BB133111EBull) ^ 0xB0C7;
        rng r = rng_seeded(seed);
        harness_case("%zu rows, seed 0x%llx", counts[c], (unsigned long long)seed);
        cdiff_context_set_match_seed(ctx.table, seed);
        make_edited(&r, counts[c], 3, &o, &n);
        err = tables_equal_sorted(&ctx, &o, &n);
        if (err || o.count < 20 * CRAFTED || n.count < 20 * CRAFTED) break;
        /* The crafted identities: mixed values at the top of the range, in the last bucket (and
         * the last slot) of any table. Old holds them in order, new in reverse, each at a row of
         * its own away from the ends. */
        for (size_t k = 0; k < CRAFTED; k++) {
            const uint64_t id = hostile_unmixed(&ctx.table->keys, UINT64_MAX - 3 * k);
            o.ids[10 + 17 * k] = id;
            n.ids[n.count - 10 - 17 * k] = id;
        }
        err = tables_equal_sorted(&ctx, &o, &n);
        if (!err) {
            o.ids[o.count / 2] = o.ids[10];
            err = tables_equal_sorted(&ctx, &o, &n);
        }
    }
    contexts_free(&ctx);
    flat_input_free(&o);
    flat_input_free(&n);
    REQUIRE_CHECK(err);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN_TEST(test_first_passes_of_every_size_give_the_sorted_match_s_result);
    RUN_TEST(test_bucketed_tables_at_their_edges_give_the_sorted_match_s_result);
    return harness_finish();
}
