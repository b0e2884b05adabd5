/* Argument errors, lifecycle edge cases, status names and versions. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "CDiffCore.h"

static cdiff_context *context;
static const uint64_t ids[4] = {1, 2, 3, 4};
static cdiff_changes changes;
static cdiff_changes sections;
static cdiff_row_changes rows;

static cdiff_list list_of(const uint64_t *p, size_t count) {
    cdiff_list l;
    l.ids = p;
    l.contents = NULL;
    l.count = count;
    return l;
}

static cdiff_sectioned_list sectioned(const size_t *row_counts, size_t section_count, size_t row_count) {
    cdiff_sectioned_list l;
    memset(&l, 0, sizeof l);
    l.section_ids = ids;
    l.row_counts = row_counts;
    l.section_count = section_count;
    l.row_ids = ids;
    l.row_count = row_count;
    return l;
}

static void test_null_context_list_or_out_is_null_argument(void) {
    cdiff_list l = list_of(ids, 4);
    REQUIRE_STATUS(cdiff_diff(NULL, &l, &l, &changes), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_diff(context, NULL, &l, &changes), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_diff(context, &l, NULL, &changes), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_diff(context, &l, &l, NULL), CDIFF_ERR_NULL_ARGUMENT);
    size_t rc[1] = {4};
    cdiff_sectioned_list s = sectioned(rc, 1, 4);
    REQUIRE_STATUS(cdiff_diff_sectioned(NULL, &s, &s, &sections, &rows), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_diff_sectioned(context, NULL, &s, &sections, &rows), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &s, NULL, &sections, &rows), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &s, &s, NULL, &rows), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &s, &s, &sections, NULL), CDIFF_ERR_NULL_ARGUMENT);
}

static void test_null_ids_with_a_count_is_null_argument(void) {
    cdiff_list good = list_of(ids, 4), bad = list_of(NULL, 3), empty = list_of(NULL, 0);
    REQUIRE_STATUS(cdiff_diff(context, &bad, &good, &changes), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_diff(context, &good, &bad, &changes), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_diff(context, &empty, &good, &changes), CDIFF_OK);
    size_t rc[2] = {2, 2};
    cdiff_sectioned_list s = sectioned(rc, 2, 4), t;
    t = s;
    t.section_ids = NULL;
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &t, &s, &sections, &rows), CDIFF_ERR_NULL_ARGUMENT);
    t = s;
    t.row_counts = NULL;
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &s, &t, &sections, &rows), CDIFF_ERR_NULL_ARGUMENT);
    t = s;
    t.row_ids = NULL;
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &t, &s, &sections, &rows), CDIFF_ERR_NULL_ARGUMENT);
    cdiff_sectioned_list none = sectioned(NULL, 0, 0);
    none.section_ids = NULL;
    none.row_ids = NULL;
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &none, &s, &sections, &rows), CDIFF_OK);
}

/* Counts past CDIFF_MAX_COUNT must be refused before anything is read or allocated: the
 * array behind them is only 4 elements long (ASan would catch a read). */
static void test_count_over_max_is_too_large_without_reading(void) {
    const size_t huge[] = {CDIFF_MAX_COUNT + 1, (size_t)UINT32_MAX, (size_t)UINT32_MAX + 1, SIZE_MAX / 8, SIZE_MAX};
    cdiff_list small = list_of(ids, 4);
    for (size_t k = 0; k < sizeof huge / sizeof *huge; k++) {
        cdiff_list big = list_of(ids, huge[k]);
        harness_case("count %zu", huge[k]);
        REQUIRE_STATUS(cdiff_diff(context, &big, &small, &changes), CDIFF_ERR_TOO_LARGE);
        REQUIRE_STATUS(cdiff_diff(context, &small, &big, &changes), CDIFF_ERR_TOO_LARGE);
        size_t rc[1] = {4};
        cdiff_sectioned_list s = sectioned(rc, 1, 4), t = s;
        t.row_count = huge[k];
        REQUIRE_STATUS(cdiff_diff_sectioned(context, &t, &s, &sections, &rows), CDIFF_ERR_TOO_LARGE);
        t = s;
        t.section_count = huge[k];
        REQUIRE_STATUS(cdiff_diff_sectioned(context, &s, &t, &sections, &rows), CDIFF_ERR_TOO_LARGE);
    }
    REQUIRE(cdiff_context_memory(context) < 1u << 20);
}

static size_t allocations;
static void *counting_allocate(void *opaque, size_t size) {
    (void)opaque;
    allocations++;
    return malloc(size);
}
static void plain_free(void *opaque, void *pointer) {
    (void)opaque;
    free(pointer);
}

/* Refusing a huge count must not even try to allocate for it. */
static void test_count_over_max_allocates_nothing(void) {
    cdiff_allocator a = {counting_allocate, plain_free, NULL};
    cdiff_context *c = cdiff_context_create_with_allocator(&a);
    REQUIRE(c);
    size_t before = allocations;
    cdiff_list big = list_of(ids, CDIFF_MAX_COUNT + 1), small = list_of(ids, 4);
    cdiff_status s1 = cdiff_diff(c, &big, &small, &changes);
    size_t rc[1] = {CDIFF_MAX_COUNT + 1};
    cdiff_sectioned_list huge = sectioned(rc, 1, CDIFF_MAX_COUNT + 1), one = sectioned(rc, 0, 0);
    cdiff_status s2 = cdiff_diff_sectioned(c, &huge, &one, &sections, &rows);
    size_t extra = allocations - before;
    cdiff_context_free(c);
    REQUIRE_STATUS(s1, CDIFF_ERR_TOO_LARGE);
    REQUIRE_STATUS(s2, CDIFF_ERR_TOO_LARGE);
    REQUIRE_EQ(extra, 0);
}

static void test_row_counts_not_summing_to_row_count_is_section_counts(void) {
    size_t short_counts[2] = {1, 2}, long_counts[2] = {3, 2}, ok_counts[2] = {2, 2};
    cdiff_sectioned_list good = sectioned(ok_counts, 2, 4);
    cdiff_sectioned_list a = sectioned(short_counts, 2, 4), b = sectioned(long_counts, 2, 4);
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &a, &good, &sections, &rows), CDIFF_ERR_SECTION_COUNTS);
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &good, &b, &sections, &rows), CDIFF_ERR_SECTION_COUNTS);
    cdiff_sectioned_list no_sections = sectioned(NULL, 0, 4);
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &no_sections, &good, &sections, &rows), CDIFF_ERR_SECTION_COUNTS);
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &good, &good, &sections, &rows), CDIFF_OK);
}

/* {SIZE_MAX, 5} wraps to 4 in size_t arithmetic: a naive sum would accept it and read
 * far outside row_ids. The counts do not sum to row_count, so SECTION_COUNTS. */
static void test_row_counts_whose_sum_overflows_are_refused(void) {
    size_t wrap[2] = {SIZE_MAX, 5}, wrap3[3] = {SIZE_MAX / 2 + 1, SIZE_MAX / 2 + 1, 4}, ok_counts[2] = {2, 2};
    cdiff_sectioned_list good = sectioned(ok_counts, 2, 4);
    cdiff_sectioned_list a = sectioned(wrap, 2, 4), b = sectioned(wrap3, 3, 4);
    cdiff_status s1 = cdiff_diff_sectioned(context, &a, &good, &sections, &rows);
    cdiff_status s2 = cdiff_diff_sectioned(context, &good, &b, &sections, &rows);
    REQUIRE_STATUS(s1, CDIFF_ERR_SECTION_COUNTS);
    REQUIRE_STATUS(s2, CDIFF_ERR_SECTION_COUNTS);
}

static void test_patch_without_a_result_is_no_result(void) {
    const cdiff_step *steps;
    size_t count;
    cdiff_context *fresh = cdiff_context_create();
    REQUIRE(fresh);
    cdiff_status before = cdiff_patch(fresh, &steps, &count);
    cdiff_list l = list_of(ids, 4);
    cdiff_status diffed = cdiff_diff(fresh, &l, &l, &changes);
    cdiff_status after = cdiff_patch(fresh, &steps, &count);
    cdiff_context_reset(fresh);
    cdiff_status after_reset = cdiff_patch(fresh, &steps, &count);
    cdiff_context_free(fresh);
    REQUIRE_STATUS(before, CDIFF_ERR_NO_RESULT);
    REQUIRE_STATUS(diffed, CDIFF_OK);
    REQUIRE_STATUS(after, CDIFF_OK);
    REQUIRE_STATUS(after_reset, CDIFF_ERR_NO_RESULT);
}

static void test_patch_with_null_arguments_is_null_argument(void) {
    const cdiff_step *steps;
    size_t count;
    cdiff_list l = list_of(ids, 4);
    REQUIRE_STATUS(cdiff_diff(context, &l, &l, &changes), CDIFF_OK);
    REQUIRE_STATUS(cdiff_patch(NULL, &steps, &count), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_patch(context, NULL, &count), CDIFF_ERR_NULL_ARGUMENT);
    REQUIRE_STATUS(cdiff_patch(context, &steps, NULL), CDIFF_ERR_NULL_ARGUMENT);
}

static void test_null_context_is_harmless_for_free_reset_and_memory(void) {
    cdiff_context_free(NULL);
    cdiff_context_reset(NULL);
    REQUIRE_EQ(cdiff_context_memory(NULL), 0);
}

static void test_reset_releases_scratch_and_the_context_stays_usable(void) {
    static uint64_t big[10000];
    for (size_t i = 0; i < 10000; i++) big[i] = i * 31 + 7;
    cdiff_list l = list_of(big, 10000), r = list_of(big + 1, 9999);
    REQUIRE_STATUS(cdiff_diff(context, &l, &r, &changes), CDIFF_OK);
    REQUIRE(cdiff_context_memory(context) > 0);
    cdiff_context_reset(context);
    REQUIRE(cdiff_context_memory(context) < 4096);
    REQUIRE_STATUS(cdiff_diff(context, &l, &r, &changes), CDIFF_OK);
    REQUIRE_EQ(changes.delete_count, 1);
}

static void test_default_allocator_when_allocator_is_null(void) {
    cdiff_context *c = cdiff_context_create_with_allocator(NULL);
    REQUIRE(c);
    cdiff_list l = list_of(ids, 4);
    cdiff_status s = cdiff_diff(c, &l, &l, &changes);
    cdiff_context_free(c);
    REQUIRE_STATUS(s, CDIFF_OK);
}

static void test_every_status_has_its_name_and_unknown_values_are_unknown(void) {
    static const char *names[] = {"CDIFF_OK",           "CDIFF_ERR_NULL_ARGUMENT",  "CDIFF_ERR_TOO_LARGE",
                                  "CDIFF_ERR_SECTION_COUNTS", "CDIFF_ERR_OUT_OF_MEMORY", "CDIFF_ERR_INVALID_ARGUMENT",
                                  "CDIFF_ERR_NO_RESULT"};
    for (int s = 0; s <= CDIFF_ERR_NO_RESULT; s++) {
        harness_case("status %d", s);
        REQUIRE(strcmp(cdiff_status_name(s), names[s]) == 0);
        REQUIRE(cdiff_status_description(s) && cdiff_status_description(s)[0]);
    }
    const int unknown[] = {-1, 7, 100, -2147483647 - 1, 2147483647};
    for (size_t k = 0; k < 5; k++) {
        REQUIRE(strcmp(cdiff_status_name(unknown[k]), "CDIFF_ERR_UNKNOWN") == 0);
        REQUIRE(cdiff_status_description(unknown[k]) != NULL);
    }
}

static void test_runtime_version_matches_the_header(void) {
    REQUIRE_EQ(cdiff_version_number(), CDIFF_VERSION_NUMBER);
    REQUIRE(strcmp(cdiff_version_string(), CDIFF_VERSION_STRING) == 0);
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", CDIFF_VERSION_MAJOR, CDIFF_VERSION_MINOR, CDIFF_VERSION_PATCH);
    REQUIRE(strcmp(cdiff_version_string(), expected) == 0);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    context = cdiff_context_create();
    if (!context) return 1;
    RUN_TEST(test_null_context_list_or_out_is_null_argument);
    RUN_TEST(test_null_ids_with_a_count_is_null_argument);
    RUN_TEST(test_count_over_max_is_too_large_without_reading);
    RUN_TEST(test_count_over_max_allocates_nothing);
    RUN_TEST(test_row_counts_not_summing_to_row_count_is_section_counts);
    RUN_TEST(test_row_counts_whose_sum_overflows_are_refused);
    RUN_TEST(test_patch_without_a_result_is_no_result);
    RUN_TEST(test_patch_with_null_arguments_is_null_argument);
    RUN_TEST(test_null_context_is_harmless_for_free_reset_and_memory);
    RUN_TEST(test_reset_releases_scratch_and_the_context_stays_usable);
    RUN_TEST(test_default_allocator_when_allocator_is_null);
    RUN_TEST(test_every_status_has_its_name_and_unknown_values_are_unknown);
    RUN_TEST(test_runtime_version_matches_the_header);
    cdiff_context_free(context);
    return harness_finish();
}
