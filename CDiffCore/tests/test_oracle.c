/* Tests of the oracle itself: a checker that accepts everything would make every other
 * suite vacuous, so each check must reject a result that is wrong in exactly one way. */
#include <string.h>

#include "check.h"
#include "harness.h"
#include "rng.h"

static cdiff_context *context;

/* A mutable copy of a real, correct result for old [1 2 3 4 5] -> new [5 1 2 4 6]. */
static const uint64_t old_ids[] = {1, 2, 3, 4, 5}, new_ids[] = {5, 1, 2, 4, 6};
static uint32_t deletes[8], inserts[8], o2n[8], n2o[8], od[8], nd[8];
static cdiff_move moves[8], updates[8];
static cdiff_step steps[32];
static size_t step_count;
static cdiff_changes good;
static cdiff_list old_list = {old_ids, NULL, 5}, new_list = {new_ids, NULL, 5};

static int copy_result(void) {
    cdiff_changes c;
    const cdiff_step *s;
    if (cdiff_diff(context, &old_list, &new_list, &c) != CDIFF_OK) return 0;
    if (cdiff_patch(context, &s, &step_count) != CDIFF_OK || step_count > 32) return 0;
    memcpy(steps, s, step_count * sizeof *s);
    good = c;
    memcpy(deletes, c.deletes, c.delete_count * sizeof *deletes);
    memcpy(inserts, c.inserts, c.insert_count * sizeof *inserts);
    memcpy(moves, c.moves, c.move_count * sizeof *moves);
    memcpy(o2n, c.old_to_new, c.old_count * sizeof *o2n);
    memcpy(n2o, c.new_to_old, c.new_count * sizeof *n2o);
    good.deletes = deletes;
    good.inserts = inserts;
    good.moves = moves;
    good.updates = updates;
    good.old_to_new = o2n;
    good.new_to_old = n2o;
    good.old_duplicates = od;
    good.new_duplicates = nd;
    return 1;
}

static void test_oracle_accepts_the_correct_result(void) {
    REQUIRE(copy_result());
    REQUIRE_EQ(good.move_count, 1);
    REQUIRE_CHECK(check_flat(&old_list, &new_list, &good));
    REQUIRE_CHECK(check_flat_patch(&old_list, &new_list, &good, steps, step_count));
}

static void test_oracle_rejects_a_missing_move(void) {
    REQUIRE(copy_result());
    cdiff_changes c = good;
    c.move_count = 0;
    EXPECT(check_flat(&old_list, &new_list, &c) != NULL);
}

static void test_oracle_rejects_a_superfluous_move(void) {
    REQUIRE(copy_result());
    cdiff_move extra[2] = {moves[0], {0, 1}}; /* 5 -> 0 is the move; also "moving" 1 is not minimal */
    cdiff_changes c = good;
    c.moves = extra;
    c.move_count = 2;
    EXPECT(check_flat(&old_list, &new_list, &c) != NULL);
}

static void test_oracle_rejects_a_wrong_pairing_or_delete(void) {
    REQUIRE(copy_result());
    cdiff_changes c = good;
    o2n[0] = 2;
    EXPECT(check_flat(&old_list, &new_list, &c) != NULL);
    REQUIRE(copy_result());
    c = good;
    c.delete_count = 0;
    EXPECT(check_flat(&old_list, &new_list, &c) != NULL);
}

static void test_oracle_rejects_a_missing_update_or_duplicate(void) {
    REQUIRE(copy_result());
    const uint64_t contents_old[] = {0, 0, 0, 0, 0}, contents_new[] = {0, 1, 0, 0, 0};
    cdiff_list o = old_list, n = new_list;
    o.contents = contents_old;
    n.contents = contents_new;
    EXPECT(check_flat(&o, &n, &good) != NULL); /* new[1] (old 1 "1") changed: an update is due */
    const uint64_t dup_ids[] = {1, 1, 3, 4, 5};
    o = old_list;
    o.ids = dup_ids;
    EXPECT(check_flat(&o, &new_list, &good) != NULL);
}

static void test_oracle_rejects_a_patch_that_misplaces_an_element(void) {
    REQUIRE(copy_result());
    for (size_t k = 0; k < step_count; k++) {
        cdiff_step saved = steps[k];
        steps[k].to.row ^= 1;
        if (steps[k].op != CDIFF_OP_MOVE_ROW) steps[k].from.row = steps[k].to.row;
        harness_case("tampered step %zu", k);
        EXPECT(check_flat_patch(&old_list, &new_list, &good, steps, step_count) != NULL);
        steps[k] = saved;
    }
    EXPECT(check_flat_patch(&old_list, &new_list, &good, steps, step_count ? step_count - 1 : 0) != NULL);
}

static void test_batch_application_follows_uikit_order(void) {
    /* old [a b c d] -> delete b, move d to 0, insert at 2: new [d a X c] */
    uint32_t del[] = {1}, ins[] = {2};
    cdiff_move mv[] = {{3, 0}};
    cdiff_changes c;
    memset(&c, 0, sizeof c);
    c.deletes = del;
    c.delete_count = 1;
    c.inserts = ins;
    c.insert_count = 1;
    c.moves = mv;
    c.move_count = 1;
    uint64_t out[4];
    REQUIRE_CHECK(check_apply_flat_batch(&c, 4, 4, out));
    REQUIRE_EQ(out[0], 3);
    REQUIRE_EQ(out[1], 0);
    REQUIRE_EQ(out[2], CHECK_NEW_TOKEN(2));
    REQUIRE_EQ(out[3], 2);
    EXPECT(check_apply_flat_batch(&c, 4, 5, out) != NULL); /* counts do not balance */
}

/* Sectioned: old [A: 1 2 | B: 3] -> new [B: 3 2 | A: 1]: one section move, one row move. */
static void test_oracle_rejects_wrong_sectioned_results_and_patches(void) {
    static const uint64_t sec_old[] = {10, 11}, sec_new[] = {11, 10}, rows_old[] = {1, 2, 3}, rows_new[] = {3, 2, 1};
    static const size_t counts_old[] = {2, 1}, counts_new[] = {2, 1};
    cdiff_sectioned_list o = {sec_old, NULL, counts_old, 2, rows_old, NULL, 3};
    cdiff_sectioned_list n = {sec_new, NULL, counts_new, 2, rows_new, NULL, 3};
    cdiff_changes sections, s2;
    cdiff_row_changes rows, r2;
    const cdiff_step *steps;
    size_t count;
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &o, &n, &sections, &rows), CDIFF_OK);
    REQUIRE_STATUS(cdiff_patch(context, &steps, &count), CDIFF_OK);
    REQUIRE_CHECK(check_sectioned(&o, &n, &sections, &rows));
    REQUIRE_CHECK(check_sectioned_patch(&o, &n, &sections, &rows, steps, count));
    REQUIRE_EQ(sections.move_count, 1);
    REQUIRE_EQ(rows.move_count, 1);
    r2 = rows;
    r2.move_count = 0; /* the cross-section row must move */
    EXPECT(check_sectioned(&o, &n, &sections, &r2) != NULL);
    s2 = sections;
    s2.move_count = 0; /* then section order is wrong */
    EXPECT(check_sectioned(&o, &n, &s2, &rows) != NULL);
    cdiff_step copy[16];
    REQUIRE(count <= 16);
    for (size_t k = 0; k < count; k++) {
        memcpy(copy, steps, count * sizeof *steps);
        copy[k].to.section ^= 1;
        if (copy[k].op != CDIFF_OP_MOVE_ROW && copy[k].op != CDIFF_OP_MOVE_SECTION) copy[k].from = copy[k].to;
        harness_case("tampered step %zu", k);
        EXPECT(check_sectioned_patch(&o, &n, &sections, &rows, copy, count) != NULL);
    }
}

static void test_lis_dp_and_patience_agree(void) {
    uint32_t values[200];
    for (size_t index = 0; index < 500; index++) {
        rng r = rng_seeded(harness_seed() + index);
        size_t count = rng_below(&r, 200);
        for (size_t k = 0; k < count; k++) values[k] = (uint32_t)rng_below(&r, 1 + index % 300);
        REQUIRE_EQ(check_lis_quadratic(values, count), check_lis_patience(values, count));
    }
    const uint32_t strict[] = {1, 1, 1};
    REQUIRE_EQ(check_lis_quadratic(strict, 3), 1);
}

static void test_lcs_of_known_sequences(void) {
    const uint64_t a[] = {1, 2, 3, 4, 5}, b[] = {5, 1, 2, 4, 6};
    REQUIRE_EQ(check_lcs(a, 5, b, 5), 3);
    REQUIRE_EQ(check_lcs(a, 0, b, 5), 0);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    context = cdiff_context_create();
    if (!context) return 1;
    RUN_TEST(test_oracle_accepts_the_correct_result);
    RUN_TEST(test_oracle_rejects_a_missing_move);
    RUN_TEST(test_oracle_rejects_a_superfluous_move);
    RUN_TEST(test_oracle_rejects_a_wrong_pairing_or_delete);
    RUN_TEST(test_oracle_rejects_a_missing_update_or_duplicate);
    RUN_TEST(test_oracle_rejects_a_patch_that_misplaces_an_element);
    RUN_TEST(test_batch_application_follows_uikit_order);
    RUN_TEST(test_oracle_rejects_wrong_sectioned_results_and_patches);
    RUN_TEST(test_lis_dp_and_patience_agree);
    RUN_TEST(test_lcs_of_known_sequences);
    cdiff_context_free(context);
    return harness_finish();
}
