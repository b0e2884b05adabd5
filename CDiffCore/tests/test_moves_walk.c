/* The flat finish reads the moves off the LIS's piles in a backward walk that skips whole blocks
 * holding no move (flat_finish.c, walk_moves). Its result must be exactly the subsequence
 * patience sorting reads back (lis.c, cdiff_lis_mark), not just one as long: these tests compute
 * that subsequence independently from the result's new_to_old and compare the moves entry by entry.
 * Seeded lists shaped so that blocks of members, of inserts and of both, and moves, fall at every
 * offset from the trimmed ends and from the walk's first and last elements; sizes that reach each
 * first-pass form (the template pass feeding the LIS, the in-slot pass listing its input), a
 * duplicate (no trimming, the finish gathering the input itself), and a two-thread finish. Every
 * result also passes the oracle. */
#include <stdbool.h>
#include <stdlib.h>

#include "check.h"
#include "check_internal.h"
#include "harness.h"
#include "inputs.h"
#include "../src/internal.h"
#include "rng.h"
#include "worker.h"

static flat_input old_in, new_in;

/* The moves cdiff_lis_mark's subsequence leaves: every matched new element outside it, by new
 * index, compared with `changes`. */
static const char *moves_are_the_marked_subsequence(const cdiff_changes *changes) {
    const size_t m = changes->new_count;
    uint32_t *values = check_calloc(m + 1, sizeof *values), *tops = check_calloc(m + 1, sizeof *tops);
    uint32_t *piles = check_calloc(m + 1, sizeof *piles), *at = check_calloc(m + 1, sizeof *at);
    uint8_t *marks = check_calloc(m + 1, 1);
    size_t count = 0;
    for (size_t j = 0; j < m; j++)
        if (changes->new_to_old[j] != CDIFF_NONE) {
            values[count] = changes->new_to_old[j];
            at[count++] = (uint32_t)j;
        }
    cdiff_lis_mark(values, count, tops, piles, marks);
    const char *err = NULL;
    size_t moves = 0;
    for (size_t k = 0; k < count && !err; k++) {
        if (marks[k]) continue;
        if (moves >= changes->move_count) err = check_fail("more moves expected than the %zu listed", changes->move_count);
        else if (changes->moves[moves].from != values[k] || changes->moves[moves].to != at[k])
            err = check_fail("move %zu is %u -> %u, expected %u -> %u", moves, changes->moves[moves].from,
                             changes->moves[moves].to, values[k], at[k]);
        moves++;
    }
    if (!err && moves != changes->move_count) err = check_fail("%zu moves listed, %zu expected", changes->move_count, moves);
    free(values);
    free(tops);
    free(piles);
    free(at);
    free(marks);
    return err;
}

/* Old: `count` distinct ids. New: old with runs of fresh inserts, runs deleted and single rows
 * moved, run lengths drawn around the walk's block of 8 (0 to 19), and the first `head` and last
 * `tail` rows untouched (the trimmed ends). `duplicate`: old's first id again at its end. */
static void make_runs(rng *r, size_t count, size_t head, size_t tail, bool duplicate) {
    flat_input_clear(&old_in);
    flat_input_clear(&new_in);
    for (size_t k = 0; k < count; k++) flat_input_add(&old_in, (k + 1) * 0x9E3779B97F4A7C15ull, k);
    if (duplicate && count > 1) old_in.ids[count - 1] = old_in.ids[0];
    uint64_t fresh = (count + 1) * 0x9E3779B97F4A7C15ull;
    for (size_t k = 0; k < count;) {
        const bool edited = k >= head && k + tail < count;
        const size_t op = edited ? rng_below(r, 5) : 0, run = 1 + rng_below(r, 19);
        if (op == 1) { /* inserts before row k */
            for (size_t q = 0; q < run; q++, fresh += 0x9E3779B97F4A7C15ull) flat_input_add(&new_in, fresh, 0);
            flat_input_add(&new_in, old_in.ids[k], k);
            k++;
        } else if (op == 2) { /* rows k.. deleted, none of the untouched tail */
            k += run < count - tail - k ? run : count - tail - k;
        } else { /* a run kept */
            const size_t end = edited && k + run + tail < count ? k + run : edited ? count - tail : k + 1;
            for (; k < end; k++) flat_input_add(&new_in, old_in.ids[k], k);
        }
    }
    /* Moves: rows of the edited stretch swapped with others of it, one at a time or in pairs. */
    const size_t first = head < new_in.count ? head : new_in.count;
    const size_t last = new_in.count > tail ? new_in.count - tail : 0;
    if (last > first + 1)
        for (size_t k = rng_below(r, 1 + (last - first) / 16); k > 0; k--) {
            const size_t a = first + rng_below(r, last - first), b = first + rng_below(r, last - first);
            const uint64_t id = new_in.ids[a];
            new_in.ids[a] = new_in.ids[b];
            new_in.ids[b] = id;
        }
}

static bool run_case(cdiff_context *context, const char *kind, size_t index, uint64_t seed) {
    cdiff_list o = flat_input_list(&old_in, 1), n = flat_input_list(&new_in, 1);
    cdiff_changes changes;
    const char *err = NULL;
    if (cdiff_diff(context, &o, &n, &changes) != CDIFF_OK) err = "cdiff_diff failed";
    if (!err) err = moves_are_the_marked_subsequence(&changes);
    if (!err && o.count <= 4000) err = check_run_flat(context, &o, &n);
    if (!err) return true;
    harness_case("%s case %zu, case seed 0x%llx (suite seed 0x%llx)", kind, index, (unsigned long long)seed,
                 (unsigned long long)harness_seed());
    harness_fail(__FILE__, __LINE__, "%s", err);
    if (o.count <= 200) {
        print_flat(stderr, "old", &o);
        print_flat(stderr, "new", &n);
    }
    return false;
}

/* Small lists: the template pass feeds the LIS as it pairs, and the finish walks its piles. */
static void test_small_lists_move_exactly_the_subsequence_read_back(void) {
    cdiff_context *context = cdiff_context_create();
    REQUIRE(context != NULL);
    for (size_t index = 0; index < 6000; index++) {
        const uint64_t seed = harness_seed() ^ (index * 0x9E3779B97F4A7C15ull) ^ 0x3A;
        rng r = rng_seeded(seed);
        const size_t count = rng_below(&r, 160), head = rng_below(&r, 24), tail = rng_below(&r, 24);
        make_runs(&r, count, head, tail, rng_below(&r, 8) == 0);
        if (!run_case(context, "small", index, seed)) break;
    }
    cdiff_context_free(context);
}

/* Lists whose tables take the in-slot pass, which lists the LIS input for the finish to sort. */
static void test_large_lists_move_exactly_the_subsequence_read_back(void) {
    cdiff_context *context = cdiff_context_create();
    REQUIRE(context != NULL);
    static const size_t sizes[] = {30000, 45000, 70000};
    for (size_t index = 0; index < 3 * sizeof sizes / sizeof *sizes; index++) {
        const uint64_t seed = harness_seed() ^ (index * 0xD1B54A32D192ED03ull) ^ 0x3B;
        rng r = rng_seeded(seed);
        const size_t count = sizes[index % 3];
        make_runs(&r, count, rng_below(&r, count / 2), rng_below(&r, count / 3), index == 4);
        if (!run_case(context, "large", index, seed)) break;
    }
    cdiff_context_free(context);
}

/* The finish on two threads (a runner, its thresholds lowered to 0), walking in a task. */
static void test_two_thread_finish_moves_exactly_the_subsequence_read_back(void) {
    worker *runner = worker_start();
    REQUIRE(runner != NULL);
    cdiff_context *context = cdiff_context_create();
    REQUIRE(context != NULL);
    cdiff_context_set_runner(context, worker_run, runner, 1);
    for (size_t index = 0; index < 300; index++) {
        const uint64_t seed = harness_seed() ^ (index * 0x94D049BB133111EBull) ^ 0x3C;
        rng r = rng_seeded(seed);
        const size_t count = 8 + rng_below(&r, 2000);
        make_runs(&r, count, rng_below(&r, 40), rng_below(&r, 40), rng_below(&r, 8) == 0);
        if (!run_case(context, "two-thread", index, seed)) break;
    }
    cdiff_context_free(context);
    worker_stop(runner);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN_TEST(test_small_lists_move_exactly_the_subsequence_read_back);
    RUN_TEST(test_large_lists_move_exactly_the_subsequence_read_back);
    RUN_TEST(test_two_thread_finish_moves_exactly_the_subsequence_read_back);
    flat_input_free(&old_in);
    flat_input_free(&new_in);
    return harness_finish();
}
