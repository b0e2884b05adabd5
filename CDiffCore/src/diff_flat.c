/* The flat diff, and the input checks shared with the sectioned diff; the finish of a matched
 * level is in flat_finish.c. */
#include "match_gather.h"

cdiff_status cdiff_check_ids(const uint64_t *ids, const uint64_t *contents, size_t count) {
    (void)contents;
    if (count > 0 && ids == NULL) return CDIFF_ERR_NULL_ARGUMENT;
    if (count > CDIFF_MAX_COUNT) return CDIFF_ERR_TOO_LARGE;
    return CDIFF_OK;
}

/* Contents compare matched pairs, so they are needed on both sides; an empty side has no pairs. */
cdiff_status cdiff_check_contents(const uint64_t *old_contents, size_t n, const uint64_t *new_contents, size_t m) {
    if (n > 0 && m > 0 && (old_contents == NULL) != (new_contents == NULL)) return CDIFF_ERR_INVALID_ARGUMENT;
    return CDIFF_OK;
}

/* Scratch for matching n against m and for the LIS over at most min(n, m) pairs. */
static bool scratch_bytes(size_t n, size_t m, size_t *out) {
    size_t table = cdiff_match_table_bytes(n, m);
    size_t pairs = n < m ? n : m, lis;
    if (!cdiff_mul(pairs, 3 * sizeof(uint32_t) + 1, &lis)) return false;
    *out = table > lis ? table : lis;
    return true;
}

cdiff_status cdiff_diff(cdiff_context *context, const cdiff_list *old_list, const cdiff_list *new_list,
                        cdiff_changes *out) {
    if (context == NULL) return CDIFF_ERR_NULL_ARGUMENT;
    context->result_kind = RESULT_NONE; /* a rejected diff leaves no result to patch */
    context->patch_valid = false;
    if (old_list == NULL || new_list == NULL || out == NULL) return CDIFF_ERR_NULL_ARGUMENT;
    const size_t n = old_list->count, m = new_list->count;
    cdiff_status status = cdiff_check_ids(old_list->ids, old_list->contents, n);
    if (status == CDIFF_OK) status = cdiff_check_ids(new_list->ids, new_list->contents, m);
    if (status == CDIFF_OK) status = cdiff_check_contents(old_list->contents, n, new_list->contents, m);
    if (status != CDIFF_OK) return status;

    size_t scratch, biggest = n > m ? n : m;
    if (!scratch_bytes(n, m, &scratch)) return CDIFF_ERR_TOO_LARGE;
    const size_t u32 = sizeof(uint32_t), pair = sizeof(cdiff_move);
    if (!cdiff_reserve(context, BUF_SCRATCH, scratch) || !cdiff_reserve(context, BUF_CHAIN, biggest * u32) ||
        !cdiff_reserve(context, BUF_OLD_TO_NEW, n * u32) || !cdiff_reserve(context, BUF_NEW_TO_OLD, m * u32) ||
        !cdiff_reserve(context, BUF_DEL_MOVES, n * pair) || !cdiff_reserve(context, BUF_INS_UPDATES, m * pair) ||
        !cdiff_reserve(context, BUF_OLD_DUPS, n * u32) || !cdiff_reserve(context, BUF_NEW_DUPS, m * u32))
        return CDIFF_ERR_OUT_OF_MEMORY;

    cdiff_changes result = {0};
    result.old_count = n;
    result.new_count = m;
    uint32_t *old_to_new = context->buffers[BUF_OLD_TO_NEW].data, *new_to_old = context->buffers[BUF_NEW_TO_OLD].data;
    uint32_t *old_dups = context->buffers[BUF_OLD_DUPS].data, *new_dups = context->buffers[BUF_NEW_DUPS].data;
    cdiff_match match;
    const cdiff_match_output output = {old_to_new, new_to_old, old_dups, new_dups, context->buffers[BUF_DEL_MOVES].data,
                                       context->buffers[BUF_INS_UPDATES].data};
    context->stats = (cdiff_match_stats){0, 0, 0};
    cdiff_gathered gathered = {0};
    gathered.wanted = true;
    cdiff_match_lists_gathered(context, old_list->ids, n, new_list->ids, m, &output, &match, &gathered);
    result.old_to_new = old_to_new;
    result.new_to_old = new_to_old;
    result.old_duplicates = old_dups;
    result.old_duplicate_count = match.old_duplicate_count;
    result.new_duplicates = new_dups;
    result.new_duplicate_count = match.new_duplicate_count;
    cdiff_finish_level_gathered(context, &match, &gathered, old_list->contents, new_list->contents,
                                context->buffers[BUF_DEL_MOVES].data, context->buffers[BUF_INS_UPDATES].data, &result);

    /* The patch reads every diff as sectioned: a flat list is one section matched with itself. */
    context->flat = result;
    context->one_section_map[0] = 0;
    context->flat_old_start[0] = 0;
    context->flat_old_start[1] = (uint32_t)n;
    context->flat_new_start[0] = 0;
    context->flat_new_start[1] = (uint32_t)m;
    context->old_start = context->flat_old_start;
    context->new_start = context->flat_new_start;
    context->result_kind = RESULT_FLAT;
    *out = result;
    return CDIFF_OK;
}
