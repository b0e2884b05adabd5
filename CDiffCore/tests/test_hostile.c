/* Hostile input: fingerprints built to collide in the matcher's table. Each context draws its own
 * secret; input built against the secret anyway (known here through the internal hook) runs out
 * of the probe budget and is matched by sorting. Whichever way a diff was matched, its result is
 * the same, byte for byte. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "check_internal.h"
#include "harness.h"
#include "hostile.h"
#include "inputs.h"
#include "rng.h"
#include "worker.h"

enum { FLOOD = 200000 };

/* The calling thread's CPU time: the diffs here run on it alone (no runner), and a bound on CPU
 * time holds however loaded the machine is (a wall-clock bound once failed, 220 ms against about
 * 22, while other builds shared the two cores). */
static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void test_crafted_fingerprints_share_one_slot(void) {
    enum { COUNT = 1000 };
    static uint64_t ids[COUNT];
    size_t capacity = hostile_table_capacity(FLOOD, FLOOD);
    hostile_fingerprints(NULL, capacity, COUNT, ids);
    for (size_t k = 1; k < COUNT; k++) {
        REQUIRE(ids[k] != ids[k - 1]);
        REQUIRE_EQ(hostile_legacy_slot(ids[k], capacity), hostile_legacy_slot(ids[0], capacity));
    }
    cdiff_match_keys keys = cdiff_match_keys_from_seed(harness_seed());
    hostile_fingerprints(&keys, capacity, COUNT, ids);
    for (size_t k = 1; k < COUNT; k++) {
        REQUIRE(ids[k] != ids[k - 1]);
        REQUIRE_EQ(hostile_keyed_slot(keys, ids[k], capacity), hostile_keyed_slot(keys, ids[0], capacity));
    }
}

/* The API allows NULL arrays with a count of 0; the sort must not touch them. */
static void test_sorted_matching_takes_null_empty_lists(void) {
    cdiff_context *context = cdiff_context_create();
    REQUIRE(context);
    context->force_sorted = true;
    const uint64_t ids[] = {3, 1, 3};
    cdiff_list empty = {NULL, NULL, 0}, some = {ids, NULL, 3};
    cdiff_changes changes;
    cdiff_status first = cdiff_diff(context, &empty, &some, &changes);
    size_t inserts = changes.insert_count, new_duplicates = changes.new_duplicate_count;
    cdiff_status second = cdiff_diff(context, &some, &empty, &changes);
    size_t deletes = changes.delete_count, old_duplicates = changes.old_duplicate_count;
    cdiff_status third = cdiff_diff(context, &empty, &empty, &changes);
    cdiff_context_free(context);
    REQUIRE_STATUS(first, CDIFF_OK);
    REQUIRE_STATUS(second, CDIFF_OK);
    REQUIRE_STATUS(third, CDIFF_OK);
    REQUIRE_EQ(inserts, 3);
    REQUIRE_EQ(deletes, 3);
    REQUIRE_EQ(new_duplicates, 2);
    REQUIRE_EQ(old_duplicates, 2);
}

static void test_every_context_draws_its_own_secret(void) {
    cdiff_context *a = cdiff_context_create(), *b = cdiff_context_create();
    REQUIRE(a && b);
    int differ = a->keys.flip != b->keys.flip && a->keys.multiplier != b->keys.multiplier;
    int odd = (a->keys.multiplier & 1) && (b->keys.multiplier & 1);
    cdiff_context_free(a);
    cdiff_context_free(b);
    REQUIRE(differ);
    REQUIRE(odd);
}

/* The oracle judges the sorted path (check_run also reruns on a fresh context, which matches
 * through its table under another secret, and demands the same bytes). */
static void test_sorted_matching_honours_the_contract_and_equals_the_table(void) {
    cdiff_context *context = cdiff_context_create();
    REQUIRE(context);
    context->force_sorted = true;
    flat_input o = {0}, n = {0};
    sectioned_input so = {0}, sn = {0};
    for (size_t index = 0; index < 1500 && !harness_failed(); index++) {
        uint64_t seed = harness_seed() ^ (index * 0x9E3779B97F4A7C15ull) ^ 0x5027;
        rng r = rng_seeded(seed);
        harness_case("case %zu, case seed 0x%llx", index, (unsigned long long)seed);
        /* Small alphabets give duplicates; wide ones mostly distinct ids; some cases share ends. */
        size_t count_old = rng_below(&r, 80), count_new = rng_below(&r, 80);
        uint64_t alphabet = rng_below(&r, 2) ? 1 + rng_below(&r, 10) : 1000000;
        flat_input_clear(&o);
        flat_input_clear(&n);
        for (size_t i = 0; i < count_old; i++) flat_input_add(&o, rng_below(&r, alphabet) << (8 * rng_below(&r, 8)), rng_below(&r, 2));
        for (size_t j = 0; j < count_new; j++)
            flat_input_add(&n, j < count_old && rng_below(&r, 3) == 0 ? o.ids[j] : rng_below(&r, alphabet), rng_below(&r, 2));
        cdiff_list fo = flat_input_list(&o, (int)(index & 1)), fn = flat_input_list(&n, (int)(index & 1));
        const char *err = check_run_flat(context, &fo, &fn);
        if (err) {
            print_flat(stderr, "old", &fo);
            print_flat(stderr, "new", &fn);
        }
        REQUIRE_CHECK(err);
        REQUIRE_EQ(context->stats.sorted_levels, 1);

        sectioned_input_clear(&so);
        sectioned_input_clear(&sn);
        size_t sections_old = 1 + rng_below(&r, 6), sections_new = 1 + rng_below(&r, 6);
        for (size_t s = 0; s < sections_old; s++) {
            sectioned_input_add_section(&so, rng_below(&r, 5), rng_below(&r, 2));
            for (size_t k = rng_below(&r, 12); k > 0; k--) sectioned_input_add_row(&so, rng_below(&r, alphabet), rng_below(&r, 2));
        }
        for (size_t s = 0; s < sections_new; s++) {
            sectioned_input_add_section(&sn, rng_below(&r, 5), rng_below(&r, 2));
            for (size_t k = rng_below(&r, 12); k > 0; k--) sectioned_input_add_row(&sn, rng_below(&r, alphabet), rng_below(&r, 2));
        }
        cdiff_sectioned_list lo = sectioned_input_list(&so, 1, 1), ln = sectioned_input_list(&sn, 1, 1);
        err = check_run_sectioned(context, &lo, &ln);
        if (err) {
            print_sectioned(stderr, "old", &lo);
            print_sectioned(stderr, "new", &ln);
        }
        REQUIRE_CHECK(err);
        REQUIRE_EQ(context->stats.sorted_levels, 2);
    }
    cdiff_context_free(context);
    flat_input_free(&o);
    flat_input_free(&n);
    sectioned_input_free(&so);
    sectioned_input_free(&sn);
}

/* One timed flat diff of old -> reversed old on `context`; fills the result's serialization. */
typedef struct flood_run {
    double ms;
    size_t probes, redraws, sorted_levels, moves, matched;
} flood_run;

static cdiff_status run_reversal(cdiff_context *context, const uint64_t *ids, uint64_t *reversed, size_t count,
                                 flood_run *run, check_blob *blob) {
    for (size_t k = 0; k < count; k++) reversed[k] = ids[count - 1 - k];
    cdiff_list o = {ids, NULL, count}, n = {reversed, NULL, count};
    cdiff_changes changes;
    double start = now_ms();
    cdiff_status status = cdiff_diff(context, &o, &n, &changes);
    run->ms = now_ms() - start;
    if (status != CDIFF_OK) return status;
    run->probes = context->stats.probes;
    run->redraws = context->stats.redraws;
    run->sorted_levels = context->stats.sorted_levels;
    run->moves = changes.move_count;
    run->matched = count - changes.delete_count;
    if (blob) check_blob_changes(blob, &changes);
    return status;
}

/* Best of three, each on keys from `seed` (a flood redraws them): the machine may be busy with
 * other work, which only ever adds time. */
static cdiff_status best_of_three(cdiff_context *context, uint64_t seed, const uint64_t *ids, uint64_t *reversed,
                                  flood_run *best) {
    for (int k = 0; k < 3; k++) {
        flood_run run;
        cdiff_context_set_match_seed(context, seed);
        cdiff_status status = run_reversal(context, ids, reversed, FLOOD, &run, NULL);
        if (status != CDIFF_OK) return status;
        if (k == 0 || run.ms < best->ms) *best = run;
    }
    return CDIFF_OK;
}

/* 200,000 ids reversed: random ones, ones that all share a slot of the slot function 1.0.0 used
 * (its multiplier is public, so anyone could build them), and ones built against this context's
 * own keys — matched once under redrawn keys, and once with the keys kept, which leaves the sort.
 * Probe counts are exact; the time bound is generous (sanitizers slow sorting and hashing
 * differently), the benchmark holds the 3x figure. */
static void test_flooding_input_costs_about_what_random_input_costs(void) {
    uint64_t *random_ids = check_calloc(FLOOD, sizeof(uint64_t)), *legacy = check_calloc(FLOOD, sizeof(uint64_t));
    uint64_t *keyed = check_calloc(FLOOD, sizeof(uint64_t)), *reversed = check_calloc(FLOOD, sizeof(uint64_t));
    cdiff_context *context = cdiff_context_create();
    REQUIRE(context);
    uint64_t seed = harness_seed() ^ 0xF100D;
    rng r = rng_seeded(seed);
    for (size_t k = 0; k < FLOOD; k++) random_ids[k] = rng_next(&r);
    size_t capacity = hostile_table_capacity(FLOOD, FLOOD);
    cdiff_match_keys keys = cdiff_match_keys_from_seed(seed);
    hostile_fingerprints(NULL, capacity, FLOOD, legacy);
    hostile_fingerprints(&keys, capacity, FLOOD, keyed);

    flood_run warm, random_run, legacy_run, redrawn_run, sorted_run;
    REQUIRE_STATUS(run_reversal(context, random_ids, reversed, FLOOD, &warm, NULL), CDIFF_OK); /* sizes the scratch */
    REQUIRE_STATUS(best_of_three(context, seed, random_ids, reversed, &random_run), CDIFF_OK);
    REQUIRE_STATUS(best_of_three(context, seed, legacy, reversed, &legacy_run), CDIFF_OK);
    REQUIRE_STATUS(best_of_three(context, seed, keyed, reversed, &redrawn_run), CDIFF_OK);
    context->keep_keys = true;
    REQUIRE_STATUS(best_of_three(context, seed, keyed, reversed, &sorted_run), CDIFF_OK);
    printf("     200k reversed: random %.1f ms (%zu probes), legacy flood %.1f ms (%zu probes), keyed flood %.1f ms "
           "(%zu probes, keys redrawn), keyed flood with the keys kept %.1f ms (%zu probes, sorted)\n",
           random_run.ms, random_run.probes, legacy_run.ms, legacy_run.probes, redrawn_run.ms, redrawn_run.probes,
           sorted_run.ms, sorted_run.probes);
    const flood_run *runs[] = {&random_run, &legacy_run, &redrawn_run, &sorted_run};
    for (int k = 0; k < 4; k++) {
        REQUIRE_EQ(runs[k]->matched, FLOOD);
        REQUIRE_EQ(runs[k]->moves, FLOOD - 1);
    }
    /* The budget: a few probes per element and pass (match.c), never the ~2e10 of a flood. */
    size_t budget = 2 * 2 * (size_t)FLOOD + 4096 + capacity;
    REQUIRE(random_run.probes < (size_t)FLOOD);
    REQUIRE(legacy_run.probes < (size_t)FLOOD);
    REQUIRE(redrawn_run.probes <= budget + FLOOD);
    REQUIRE(sorted_run.probes <= budget);
    REQUIRE_EQ(random_run.redraws + random_run.sorted_levels + legacy_run.redraws + legacy_run.sorted_levels, 0);
    REQUIRE_EQ(redrawn_run.redraws, 1);
    REQUIRE_EQ(redrawn_run.sorted_levels, 0);
    REQUIRE_EQ(sorted_run.redraws, 0);
    REQUIRE_EQ(sorted_run.sorted_levels, 1);
    REQUIRE(legacy_run.ms <= 4 * random_run.ms + 50);
    REQUIRE(redrawn_run.ms <= 4 * random_run.ms + 50);
    REQUIRE(sorted_run.ms <= 4 * random_run.ms + 50);

    cdiff_context_free(context);
    free(random_ids);
    free(legacy);
    free(keyed);
    free(reversed);
}

/* The flood, built for one context's keys and matched by sorting there, gives the same bytes on
 * a context with other keys (where it is ordinary input for the table), for flat lists and for
 * the rows of a sectioned list. */
static void test_a_flood_and_its_sorted_match_give_the_table_s_result(void) {
    enum { COUNT = 30000 };
    uint64_t *ids = check_calloc(COUNT, sizeof(uint64_t)), *reversed = check_calloc(COUNT, sizeof(uint64_t));
    cdiff_context *attacked = cdiff_context_create(), *other = cdiff_context_create();
    REQUIRE(attacked && other);
    cdiff_context_set_match_seed(attacked, harness_seed());
    attacked->keep_keys = true; /* so the flood reaches the sort */
    hostile_fingerprints(&attacked->keys, hostile_table_capacity(COUNT, COUNT), COUNT, ids);
    ids[COUNT / 2] = ids[7]; /* a duplicate, so the whole-list redo runs too */
    flood_run a, b;
    check_blob first = {0}, second = {0};
    REQUIRE_STATUS(run_reversal(attacked, ids, reversed, COUNT, &a, &first), CDIFF_OK);
    REQUIRE_STATUS(run_reversal(other, ids, reversed, COUNT, &b, &second), CDIFF_OK);
    REQUIRE_EQ(a.sorted_levels, 1);
    REQUIRE_EQ(b.sorted_levels, 0);
    REQUIRE(check_blob_equal(&first, &second));

    /* Rows: three sections of the flooding ids, the last section moved first. */
    size_t counts_old[3] = {COUNT / 3, COUNT / 3, COUNT - 2 * (COUNT / 3)};
    size_t counts_new[3] = {counts_old[2], counts_old[0], counts_old[1]};
    const uint64_t sections_old[3] = {1, 2, 3}, sections_new[3] = {3, 1, 2};
    memcpy(reversed, ids + counts_old[0] + counts_old[1], counts_old[2] * sizeof(uint64_t));
    memcpy(reversed + counts_old[2], ids, (counts_old[0] + counts_old[1]) * sizeof(uint64_t));
    cdiff_sectioned_list so = {sections_old, NULL, counts_old, 3, ids, NULL, COUNT};
    cdiff_sectioned_list sn = {sections_new, NULL, counts_new, 3, reversed, NULL, COUNT};
    const char *err = check_run_sectioned(attacked, &so, &sn);
    size_t sorted_levels = attacked->stats.sorted_levels;
    cdiff_context_free(attacked);
    cdiff_context_free(other);
    check_blob_free(&first);
    check_blob_free(&second);
    free(ids);
    free(reversed);
    REQUIRE_CHECK(err);
    REQUIRE_EQ(sorted_levels, 1);
}

/* The table's result for `o` → `n`, flat and as the rows of one section, equals the sorted
 * match's, byte for byte; `duplicates`: whether the lists must have some on both sides. */
static void require_table_equals_sorted(const flat_input *o, const flat_input *n, bool duplicates) {
    cdiff_context *table = cdiff_context_create(), *sorted = cdiff_context_create();
    REQUIRE(table && sorted);
    sorted->force_sorted = true;
    cdiff_list fo = flat_input_list(o, 1), fn = flat_input_list(n, 1);
    cdiff_changes a;
    REQUIRE_CHECK(check_same_bytes_flat_and_one_section(table, sorted, &fo, &fn, &a));
    REQUIRE_EQ(table->stats.sorted_levels, 0);
    if (duplicates) REQUIRE(a.old_duplicate_count > 0 && a.new_duplicate_count > 0);
    cdiff_context_free(table);
    cdiff_context_free(sorted);
}

enum { TAGGED_COUNT = 200000 };

/* Tables well past the cache's size carry tags (match_pass.h): 200,000 ids a side, about one in
 * eight repeated, edited and shuffled, give the sorted match's bytes. The compact first pass stops
 * at the first duplicate, and the whole-list redo (tagged, with chains) finds the result. */
static void test_tagged_tables_give_the_sorted_match_s_result(void) {
    flat_input o = {0}, n = {0};
    rng r = rng_seeded(harness_seed() ^ 0x7A65);
    for (size_t k = 0; k < TAGGED_COUNT; k++)
        flat_input_add(&o, rng_below(&r, TAGGED_COUNT * 7 / 8) * 0x9E3779B97F4A7C15ull, rng_below(&r, 2));
    for (size_t k = 0; k < TAGGED_COUNT; k++) {
        uint64_t pick = rng_below(&r, 10);
        flat_input_add(&n, pick == 0 ? rng_next(&r) : o.ids[pick == 1 ? rng_below(&r, TAGGED_COUNT) : k], rng_below(&r, 2));
    }
    require_table_equals_sorted(&o, &n, true);
    flat_input_free(&o);
    flat_input_free(&n);
}

/* The compact first pass on its own, tagged: 200,000 distinct ids a side (old's, a tenth of them
 * replaced by fresh ones and a tenth swapped with a random partner) give the sorted match's bytes.
 * Ids are (index + 1) times an odd constant, a bijection: distinct indices, distinct ids.
 * Then the same lists with one duplicate planted as late as possible — old's last id repeated at
 * its end, then new's — so the first pass runs almost to the end before it must hand over. */
static void test_the_compact_first_pass_gives_the_sorted_match_s_result(void) {
    flat_input o = {0}, n = {0};
    rng r = rng_seeded(harness_seed() ^ 0xC0DE);
    for (size_t k = 0; k < TAGGED_COUNT; k++) flat_input_add(&o, (k + 1) * 0x9E3779B97F4A7C15ull, rng_below(&r, 2));
    for (size_t k = 0; k < TAGGED_COUNT; k++) {
        uint64_t fresh = (TAGGED_COUNT + 1 + k) * 0x9E3779B97F4A7C15ull;
        flat_input_add(&n, rng_below(&r, 10) == 0 ? fresh : o.ids[k], rng_below(&r, 2));
    }
    for (size_t k = 0; k < TAGGED_COUNT / 10; k++) {
        size_t a = rng_below(&r, TAGGED_COUNT), b = rng_below(&r, TAGGED_COUNT);
        uint64_t swap = n.ids[a];
        n.ids[a] = n.ids[b];
        n.ids[b] = swap;
    }
    require_table_equals_sorted(&o, &n, false);

    flat_input_add(&o, o.ids[TAGGED_COUNT - 1], 0); /* a duplicate in old, at its very end */
    require_table_equals_sorted(&o, &n, false);
    o.count--;
    flat_input_add(&n, n.ids[TAGGED_COUNT / 2], 1); /* a duplicate in new, at its very end */
    require_table_equals_sorted(&o, &n, false);
    flat_input_free(&o);
    flat_input_free(&n);
}

/* The sort orders by the fingerprints' low 33 bits first, then sorts each run of pairs sharing
 * them by the high 31 bits: by insertion up to 32 pairs, by radix passes above. Groups of ids that
 * share their low 33 bits (runs of 1 to 5,000 pairs; one group with every id equal, so duplicates
 * sit inside runs), shuffled and edited, give the table's bytes; so does a list where every id
 * shares its low 33 bits, which leaves no leading pass at all. */
static void test_runs_sharing_the_low_bits_give_the_table_s_result(void) {
    static const size_t lengths[] = {1, 2, 3, 31, 32, 33, 34, 255, 300, 5000};
    flat_input o = {0}, n = {0};
    rng r = rng_seeded(harness_seed() ^ 0x5EED5);
    for (size_t g = 0; g < sizeof lengths / sizeof *lengths; g++) {
        const uint64_t low = rng_next(&r) & ((1ull << 33) - 1);
        for (size_t k = 0; k < lengths[g]; k++) {
            uint64_t high = g == 2 ? 7 : (rng_next(&r) >> 33); /* group 2: one id, repeated */
            flat_input_add(&o, (high << 33) | low, rng_below(&r, 2));
        }
    }
    for (size_t k = 0; k < o.count; k++) {
        uint64_t pick = rng_below(&r, 8);
        flat_input_add(&n, pick == 0 ? rng_next(&r) : o.ids[rng_below(&r, o.count)], rng_below(&r, 2));
    }
    require_table_equals_sorted(&o, &n, true);

    flat_input_clear(&o);
    flat_input_clear(&n);
    for (size_t k = 0; k < 20000; k++) flat_input_add(&o, ((uint64_t)(k * 2654435761u) << 33) | 0x1234, 0);
    for (size_t k = 0; k < 20000; k++) flat_input_add(&n, o.ids[(k * 7919) % 20000], 1);
    require_table_equals_sorted(&o, &n, false);
    flat_input_free(&o);
    flat_input_free(&n);
}

/* Two threads: input built against the keys sends every element to the first half of the table
 * (match_parallel.c), each to a slot of its own, more elements than the half has slots. At 200k a
 * side the table is at its tightest (from TAG_MIN_SLOTS), and the half filled up without a probe
 * counted, after which the next walk never ended. The half is now judged over budget before it
 * starts: the keys are redrawn and the diff comes out right. (An alarm ends a run that hangs.) */
static void test_a_half_crowded_past_its_slots_on_two_threads_is_redone(void) {
    static uint64_t ids[2 * FLOOD];
    cdiff_context *context = cdiff_context_create();
    REQUIRE(context);
    cdiff_context_set_runner(context, run_in_order, NULL, 8);
    cdiff_context_set_match_seed(context, harness_seed());
    hostile_half_fingerprints(&context->keys, hostile_table_capacity(FLOOD, FLOOD), 2 * FLOOD, ids);
    cdiff_list o = {ids, NULL, FLOOD}, n = {ids + FLOOD, NULL, FLOOD};
    cdiff_changes changes;
    alarm(60);
    const cdiff_status status = cdiff_diff(context, &o, &n, &changes);
    alarm(0);
    const size_t redraws = context->stats.redraws;
    cdiff_context_free(context);
    REQUIRE_STATUS(status, CDIFF_OK);
    REQUIRE_EQ(changes.delete_count, FLOOD);
    REQUIRE_EQ(changes.insert_count, FLOOD);
    REQUIRE_EQ(changes.move_count, 0);
    REQUIRE_EQ(redraws, 1);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN_TEST(test_crafted_fingerprints_share_one_slot);
    RUN_TEST(test_every_context_draws_its_own_secret);
    RUN_TEST(test_sorted_matching_takes_null_empty_lists);
    RUN_TEST(test_sorted_matching_honours_the_contract_and_equals_the_table);
    RUN_TEST(test_a_flood_and_its_sorted_match_give_the_table_s_result);
    RUN_TEST(test_tagged_tables_give_the_sorted_match_s_result);
    RUN_TEST(test_the_compact_first_pass_gives_the_sorted_match_s_result);
    RUN_TEST(test_runs_sharing_the_low_bits_give_the_table_s_result);
    RUN_TEST(test_a_half_crowded_past_its_slots_on_two_threads_is_redone);
    RUN_TEST(test_flooding_input_costs_about_what_random_input_costs);
    return harness_finish();
}
