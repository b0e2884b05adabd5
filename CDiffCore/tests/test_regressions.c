/* One named test per implementation bug found by the tests, the fuzzer or the benchmark,
 * each with the smallest input that showed it. */
#include <stdlib.h>
#include <string.h>

#include "CDiffCore.h"
#include "harness.h"

typedef struct counting {
    size_t allocations;
} counting;

static void *count_allocate(void *opaque, size_t size) {
    ((counting *)opaque)->allocations++;
    return malloc(size);
}

static void count_deallocate(void *opaque, void *pointer) {
    (void)opaque;
    free(pointer);
}

/* Found by test_memory: cdiff_patch sizes its step buffer to the exact step count (reserving the
 * n + m bound would cost 24 B per element, over the memory budget), so the contract is now the
 * header's: the diff allocates nothing after a same-size diff, and the patch allocates only when
 * it has more steps than any earlier patch. [1 2 3] -> [1 2 3] (no steps), then [1 2 3] -> [4 5 6]
 * (6 steps): one allocation in the patch; then [4 5 6] -> [1 2 3] (6 steps): none. */
static void test_patch_allocates_only_when_it_has_more_steps_than_before(void) {
    counting state = {0};
    cdiff_allocator a = {count_allocate, count_deallocate, &state};
    cdiff_context *context = cdiff_context_create_with_allocator(&a);
    REQUIRE(context);
    const uint64_t x[] = {1, 2, 3}, y[] = {4, 5, 6};
    cdiff_list same = {x, NULL, 3}, other = {y, NULL, 3};
    cdiff_changes changes;
    const cdiff_step *steps;
    size_t count, before = 0;
    cdiff_status status = cdiff_diff(context, &same, &same, &changes);
    if (status == CDIFF_OK) status = cdiff_patch(context, &steps, &count);
    before = state.allocations;
    if (status == CDIFF_OK) status = cdiff_diff(context, &same, &other, &changes);
    size_t diff_allocations = state.allocations - before;
    if (status == CDIFF_OK) status = cdiff_patch(context, &steps, &count);
    size_t patch_allocations = state.allocations - before - diff_allocations;
    before = state.allocations;
    if (status == CDIFF_OK) status = cdiff_diff(context, &other, &same, &changes);
    if (status == CDIFF_OK) status = cdiff_patch(context, &steps, &count);
    size_t repeat_allocations = state.allocations - before;
    cdiff_context_free(context);
    REQUIRE_STATUS(status, CDIFF_OK);
    REQUIRE_EQ(count, 6);
    REQUIRE_EQ(diff_allocations, 0);
    REQUIRE_EQ(patch_allocations, 1);
    REQUIRE_EQ(repeat_allocations, 0);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN_TEST(test_patch_allocates_only_when_it_has_more_steps_than_before);
    return harness_finish();
}
