/* Known answers for flat diffs: each vector is also run through the full oracle. */
#include <string.h>

#include "check.h"
#include "harness.h"

static cdiff_context *context;
static cdiff_changes changes;

static cdiff_list list_of(const uint64_t *ids, const uint64_t *contents, size_t count) {
    cdiff_list l;
    l.ids = ids;
    l.contents = contents;
    l.count = count;
    return l;
}

/* Runs the whole oracle, then leaves the plain result in `changes` for the vector's own asserts. */
static const char *diff(const uint64_t *old_ids, size_t n, const uint64_t *new_ids, size_t m) {
    cdiff_list o = list_of(old_ids, NULL, n), w = list_of(new_ids, NULL, m);
    const char *err = check_run_flat(context, &o, &w);
    if (err) return err;
    return cdiff_diff(context, &o, &w, &changes) == CDIFF_OK ? NULL : "cdiff_diff failed on rerun";
}

static void test_last_moves_to_front_is_one_move(void) {
    uint64_t o[10], n[10];
    for (int i = 0; i < 10; i++) o[i] = 100 + (uint64_t)i, n[i] = 100 + (uint64_t)((i + 9) % 10);
    REQUIRE_CHECK(diff(o, 10, n, 10));
    REQUIRE_EQ(changes.move_count, 1);
    REQUIRE_EQ(changes.moves[0].from, 9);
    REQUIRE_EQ(changes.moves[0].to, 0);
    REQUIRE_EQ(changes.delete_count + changes.insert_count, 0);
}

static void test_first_moves_to_end_is_one_move(void) {
    uint64_t o[10], n[10];
    for (int i = 0; i < 10; i++) o[i] = 100 + (uint64_t)i, n[i] = 100 + (uint64_t)((i + 1) % 10);
    REQUIRE_CHECK(diff(o, 10, n, 10));
    REQUIRE_EQ(changes.move_count, 1);
    REQUIRE_EQ(changes.moves[0].from, 0);
    REQUIRE_EQ(changes.moves[0].to, 9);
}

static void test_reverse_of_n_is_n_minus_one_moves(void) {
    uint64_t o[64], n[64];
    for (size_t count = 0; count <= 64; count++) {
        for (size_t i = 0; i < count; i++) o[i] = i * 7 + 1, n[count - 1 - i] = i * 7 + 1;
        harness_case("reverse of %zu", count);
        REQUIRE_CHECK(diff(o, count, n, count));
        REQUIRE_EQ(changes.move_count, count ? count - 1 : 0);
    }
}

static void test_rotating_abc_to_bca_is_one_move(void) {
    const uint64_t o[] = {'a', 'b', 'c'}, n[] = {'b', 'c', 'a'};
    REQUIRE_CHECK(diff(o, 3, n, 3));
    REQUIRE_EQ(changes.move_count, 1);
    REQUIRE_EQ(changes.moves[0].from, 0);
    REQUIRE_EQ(changes.moves[0].to, 2);
}

static void test_swapping_first_and_last_is_two_moves(void) {
    const uint64_t o[] = {1, 2, 3, 4, 5}, n[] = {5, 2, 3, 4, 1};
    REQUIRE_CHECK(diff(o, 5, n, 5));
    REQUIRE_EQ(changes.move_count, 2);
}

static void test_empty_to_anything_is_all_inserts(void) {
    const uint64_t n[] = {4, 5, 6, 4};
    REQUIRE_CHECK(diff(NULL, 0, n, 4));
    REQUIRE_EQ(changes.insert_count, 4);
    REQUIRE_EQ(changes.delete_count + changes.move_count + changes.update_count, 0);
    REQUIRE_EQ(changes.new_duplicate_count, 2);
    for (uint32_t j = 0; j < 4; j++) REQUIRE_EQ(changes.inserts[j], j);
}

static void test_anything_to_empty_is_all_deletes(void) {
    const uint64_t o[] = {4, 5, 6};
    REQUIRE_CHECK(diff(o, 3, NULL, 0));
    REQUIRE_EQ(changes.delete_count, 3);
    REQUIRE_EQ(changes.insert_count + changes.move_count, 0);
    for (uint32_t i = 0; i < 3; i++) REQUIRE_EQ(changes.old_to_new[i], CDIFF_NONE);
}

static void test_empty_to_empty_is_no_change(void) {
    REQUIRE_CHECK(diff(NULL, 0, NULL, 0));
    REQUIRE_EQ(changes.delete_count + changes.insert_count + changes.move_count + changes.update_count, 0);
}

static void test_all_changed_is_all_deletes_and_inserts(void) {
    const uint64_t o[] = {1, 2, 3, 4}, n[] = {5, 6, 7};
    REQUIRE_CHECK(diff(o, 4, n, 3));
    REQUIRE_EQ(changes.delete_count, 4);
    REQUIRE_EQ(changes.insert_count, 3);
    REQUIRE_EQ(changes.move_count, 0);
}

static void test_all_duplicates_pair_in_order_and_are_reported(void) {
    const uint64_t o[] = {9, 9, 9}, n[] = {9, 9};
    REQUIRE_CHECK(diff(o, 3, n, 2));
    REQUIRE_EQ(changes.old_to_new[0], 0);
    REQUIRE_EQ(changes.old_to_new[1], 1);
    REQUIRE_EQ(changes.old_to_new[2], CDIFF_NONE);
    REQUIRE_EQ(changes.delete_count, 1);
    REQUIRE_EQ(changes.deletes[0], 2);
    REQUIRE_EQ(changes.old_duplicate_count, 3);
    REQUIRE_EQ(changes.new_duplicate_count, 2);
    REQUIRE_EQ(changes.move_count, 0);
}

/* A common-suffix shortcut must not pair a later occurrence before an earlier one. */
static void test_duplicates_pair_kth_with_kth_even_across_a_common_suffix(void) {
    const uint64_t o[] = {1, 7, 7}, n[] = {7};
    REQUIRE_CHECK(diff(o, 3, n, 1));
    REQUIRE_EQ(changes.old_to_new[1], 0);
    REQUIRE_EQ(changes.old_to_new[2], CDIFF_NONE);
}

static void test_duplicates_pair_kth_with_kth_even_across_a_common_prefix(void) {
    const uint64_t o[] = {7, 7, 1}, n[] = {2, 7};
    REQUIRE_CHECK(diff(o, 3, n, 2));
    REQUIRE_EQ(changes.old_to_new[0], 1);
    REQUIRE_EQ(changes.old_to_new[1], CDIFF_NONE);
}

/* A copy, in new's middle, of an identity in the trimmed prefix is a duplicate in new, whatever the
 * map memory holds from the diff before: here one that matched nothing (every old entry
 * CDIFF_NONE), then [5 1 2 3 9] -> [5 6 5 7 9]. The prefix pairs the first 5s; the middle's 5 is
 * an insert, and both 5s of new are reported. */
static void test_a_middle_copy_of_a_trimmed_identity_is_a_new_duplicate(void) {
    const uint64_t a[] = {11, 12, 13, 14, 15}, b[] = {21, 22, 23, 24, 25};
    const uint64_t o[] = {5, 1, 2, 3, 9}, n[] = {5, 6, 5, 7, 9};
    REQUIRE_CHECK(diff(o, 5, n, 5)); /* the oracle, on a context that has seen anything */
    cdiff_list la = list_of(a, NULL, 5), lb = list_of(b, NULL, 5), lo = list_of(o, NULL, 5), ln = list_of(n, NULL, 5);
    REQUIRE_STATUS(cdiff_diff(context, &la, &lb, &changes), CDIFF_OK);
    REQUIRE_EQ(changes.old_to_new[0], CDIFF_NONE);
    REQUIRE_STATUS(cdiff_diff(context, &lo, &ln, &changes), CDIFF_OK);
    REQUIRE_EQ(changes.old_to_new[0], 0);
    REQUIRE_EQ(changes.new_to_old[0], 0);
    REQUIRE_EQ(changes.new_to_old[2], CDIFF_NONE);
    REQUIRE_EQ(changes.new_duplicate_count, 2);
}

static void test_updates_need_contents_on_both_sides(void) {
    const uint64_t ids[] = {1, 2, 3}, c_old[] = {10, 20, 30}, c_new[] = {10, 21, 30};
    cdiff_list o = list_of(ids, c_old, 3), n = list_of(ids, c_new, 3);
    REQUIRE_CHECK(check_run_flat(context, &o, &n));
    REQUIRE_STATUS(cdiff_diff(context, &o, &n, &changes), CDIFF_OK);
    REQUIRE_EQ(changes.update_count, 1);
    REQUIRE_EQ(changes.updates[0].from, 1);
    REQUIRE_EQ(changes.updates[0].to, 1);
    o.contents = n.contents = NULL;
    REQUIRE_CHECK(check_run_flat(context, &o, &n));
    REQUIRE_STATUS(cdiff_diff(context, &o, &n, &changes), CDIFF_OK);
    REQUIRE_EQ(changes.update_count, 0);
}

/* Every pair changed and one insert after them: inserts + updates fill ins_updates (8 bytes per new
 * element) but for 4 bytes, so the updates' gather must write nothing past its last entry (on a
 * fresh context, which check_run_flat also diffs on, the buffer has exactly that size). Also with
 * the insert before or among the pairs, and with the last pair unchanged. */
static void test_all_pairs_changed_beside_one_insert_write_within_the_buffer(void) {
    for (size_t count = 1; count <= 9; count++) {
        for (size_t at = 0; at <= count; at++) {
            for (size_t last_unchanged = 0; last_unchanged < 2; last_unchanged++) {
                uint64_t ids[10], old_contents[10], new_ids[10], new_contents[10];
                for (size_t k = 0; k < count; k++) ids[k] = 7 * k + 1, old_contents[k] = k;
                for (size_t k = 0, j = 0; j <= count; j++) {
                    if (j == at) {
                        new_ids[j] = 1000, new_contents[j] = 0;
                        continue;
                    }
                    new_ids[j] = ids[k], new_contents[j] = last_unchanged && k + 1 == count ? k : k + 100;
                    k++;
                }
                harness_case("%zu pairs, insert at %zu, last pair unchanged %zu", count, at, last_unchanged);
                cdiff_list o = list_of(ids, old_contents, count), n = list_of(new_ids, new_contents, count + 1);
                REQUIRE_CHECK(check_run_flat(context, &o, &n));
                REQUIRE_STATUS(cdiff_diff(context, &o, &n, &changes), CDIFF_OK);
                REQUIRE_EQ(changes.insert_count, 1);
                REQUIRE_EQ(changes.update_count, count - last_unchanged);
            }
        }
    }
}

static void test_contents_on_one_side_only_is_invalid_argument(void) {
    const uint64_t ids[] = {1, 2}, contents[] = {5, 6};
    cdiff_list o = list_of(ids, contents, 2), n = list_of(ids, NULL, 2);
    REQUIRE_STATUS(cdiff_diff(context, &o, &n, &changes), CDIFF_ERR_INVALID_ARGUMENT);
    o.contents = NULL;
    n.contents = contents;
    REQUIRE_STATUS(cdiff_diff(context, &o, &n, &changes), CDIFF_ERR_INVALID_ARGUMENT);
}

static void test_moved_and_changed_element_is_both_move_and_update(void) {
    const uint64_t o[] = {1, 2, 3}, n[] = {3, 1, 2}, c_old[] = {0, 0, 0}, c_new[] = {1, 0, 0};
    cdiff_list lo = list_of(o, c_old, 3), ln = list_of(n, c_new, 3);
    REQUIRE_CHECK(check_run_flat(context, &lo, &ln));
    REQUIRE_STATUS(cdiff_diff(context, &lo, &ln, &changes), CDIFF_OK);
    REQUIRE_EQ(changes.move_count, 1);
    REQUIRE_EQ(changes.update_count, 1);
    REQUIRE_EQ(changes.updates[0].from, 2);
    REQUIRE_EQ(changes.updates[0].to, 0);
}

/* Hash tables often reserve 0 or ~0 as "empty"; fingerprints may be any 64-bit value, and
 * ids differing only in their high or low half must stay distinct. */
static void test_ids_zero_max_and_half_equal_values_are_ordinary(void) {
    const uint64_t o[] = {0, UINT64_MAX, 1ull << 32, 1, 0x8000000000000000ull, 0xFFFFFFFF00000000ull, 0x00000000FFFFFFFFull};
    const uint64_t n[] = {0xFFFFFFFF00000000ull, 1, 0, UINT64_MAX, 0x00000000FFFFFFFFull, 1ull << 32, 0x8000000000000000ull};
    REQUIRE_CHECK(diff(o, 7, n, 7));
    REQUIRE_EQ(changes.delete_count + changes.insert_count, 0);
    const uint64_t z[] = {0, 0, UINT64_MAX}, zz[] = {UINT64_MAX, 0};
    REQUIRE_CHECK(diff(z, 3, zz, 2));
}

static void test_many_copies_of_one_id_pair_in_order(void) {
    static uint64_t o[1000], n[600];
    for (size_t i = 0; i < 1000; i++) o[i] = 42;
    for (size_t j = 0; j < 600; j++) n[j] = j % 3 ? 42 : 43;
    REQUIRE_CHECK(diff(o, 1000, n, 600));
    REQUIRE_EQ(changes.old_duplicate_count, 1000);
    REQUIRE_EQ(changes.move_count, 0);
}

static void test_identical_lists_are_no_change(void) {
    static uint64_t o[500];
    for (size_t i = 0; i < 500; i++) o[i] = i * 0x9E3779B97F4A7C15ull;
    REQUIRE_CHECK(diff(o, 500, o, 500));
    REQUIRE_EQ(changes.delete_count + changes.insert_count + changes.move_count, 0);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    context = cdiff_context_create();
    if (!context) return 1;
    RUN_TEST(test_last_moves_to_front_is_one_move);
    RUN_TEST(test_first_moves_to_end_is_one_move);
    RUN_TEST(test_reverse_of_n_is_n_minus_one_moves);
    RUN_TEST(test_rotating_abc_to_bca_is_one_move);
    RUN_TEST(test_swapping_first_and_last_is_two_moves);
    RUN_TEST(test_empty_to_anything_is_all_inserts);
    RUN_TEST(test_anything_to_empty_is_all_deletes);
    RUN_TEST(test_empty_to_empty_is_no_change);
    RUN_TEST(test_all_changed_is_all_deletes_and_inserts);
    RUN_TEST(test_all_duplicates_pair_in_order_and_are_reported);
    RUN_TEST(test_duplicates_pair_kth_with_kth_even_across_a_common_suffix);
    RUN_TEST(test_duplicates_pair_kth_with_kth_even_across_a_common_prefix);
    RUN_TEST(test_a_middle_copy_of_a_trimmed_identity_is_a_new_duplicate);
    RUN_TEST(test_updates_need_contents_on_both_sides);
    RUN_TEST(test_all_pairs_changed_beside_one_insert_write_within_the_buffer);
    RUN_TEST(test_contents_on_one_side_only_is_invalid_argument);
    RUN_TEST(test_moved_and_changed_element_is_both_move_and_update);
    RUN_TEST(test_ids_zero_max_and_half_equal_values_are_ordinary);
    RUN_TEST(test_many_copies_of_one_id_pair_in_order);
    RUN_TEST(test_identical_lists_are_no_change);
    cdiff_context_free(context);
    return harness_finish();
}
