/* The flat diff, and the steps shared with the section level of a sectioned diff. */
#include "lis.h"
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

/* cdiff_finish_level, taking the inserts and the LIS's values from `gathered` when the match listed
 * them (match_gather.h): then inserts lie at ins_updates already and the values in BUF_CHAIN, and
 * the LIS's scratch is BUF_SCRATCH, which the match no longer needs. */
void cdiff_finish_level_gathered(cdiff_context *context, const cdiff_match *match, const cdiff_gathered *gathered,
                                 const uint64_t *old_contents, const uint64_t *new_contents, void *del_moves,
                                 void *ins_updates, cdiff_changes *out) {
    const size_t n = out->old_count, m = out->new_count;
    const uint32_t *old_to_new = out->old_to_new, *new_to_old = out->new_to_old;

    /* Deletes and inserts lie in the untrimmed middle only (the trimmed ends are matched pairs).
     * The gathers below are branch-free: every element is written at the next free place, which
     * advances only when it belongs there. Where deletes, inserts and moves lie at random, a branch
     * per element would mispredict at each of them. A place written past a list's end lies within
     * its buffer: each holds an entry per element it is gathered from. */
    const size_t lo = match->prefix, hi = m - match->suffix;
    uint32_t *deletes = del_moves;
    size_t delete_count = 0;
    for (size_t i = lo; i < n - match->suffix; i++) {
        deletes[delete_count] = (uint32_t)i;
        delete_count += old_to_new[i] == CDIFF_NONE;
    }
    /* One pass over the new middle gathers both its inserts and, for the moves, the old indices of
     * its matched elements. Moves are matched elements outside one LIS of those old indices. */
    uint32_t *inserts = ins_updates;
    size_t insert_count = 0, matched = 0, length;
    uint32_t *piles;
    if (gathered != NULL && gathered->done && gathered->inserts == inserts) {
        insert_count = gathered->insert_count;
        matched = gathered->value_count;
        if (gathered->values == NULL) {
            piles = gathered->piles;
            length = gathered->lis_length;
        } else {
            uint32_t *tops = context->buffers[BUF_SCRATCH].data;
            piles = tops + matched;
            length = cdiff_lis_piles(gathered->values, matched, tops, piles);
        }
    } else {
        uint32_t *values = context->buffers[BUF_SCRATCH].data;
        for (size_t j = lo; j < hi; j++) {
            const uint32_t i = new_to_old[j];
            inserts[insert_count] = (uint32_t)j;
            insert_count += i == CDIFF_NONE;
            values[matched] = i;
            matched += i != CDIFF_NONE;
        }
        uint32_t *tops = values + matched;
        piles = tops + matched;
        length = cdiff_lis_piles(values, matched, tops, piles);
    }

    /* Every old element is either deleted or matched, so deletes + moves fit in the old-sized buffer.
     * The moves are read off the LIS's piles in one backward walk over the new middle (see
     * cdiff_lis_piles for which subsequence): no per-element marks are written and read back, and
     * the walk has no branch per element either (an insert, skipped by a branch, would mispredict
     * where inserts lie at random). Moves are written last to first, so the walk ends with the
     * first move: the middle before it holds only kept and inserted elements. Each element is
     * written at the next free place from the end, which moves on only for a move; while a move is
     * still to come, that place is one of the moves' own. `left` counts the matched elements at or
     * before j: while a move is to come, at least one, so piles[left - 1] is always read in
     * bounds (for an insert, it is an earlier element's pile and the result is not used). */
    const size_t move_count = matched - length;
    cdiff_move *moves = (cdiff_move *)(deletes + delete_count), *next = moves + move_count;
    uint32_t wanted = (uint32_t)(matched - move_count) - 1; /* the last pile */
    for (size_t j = hi, left = matched; next != moves;) {
        const uint32_t i = new_to_old[--j];
        const size_t kept = i != CDIFF_NONE;
        const uint32_t member = (uint32_t)kept & (piles[left - 1] == wanted);
        wanted -= member;
        left -= kept;
        next[-1] = (cdiff_move){i, (uint32_t)j};
        next -= kept & !member;
    }

    cdiff_move *updates = (cdiff_move *)(inserts + insert_count);
    size_t update_count = 0;
    if (old_contents != NULL && new_contents != NULL) {
        for (size_t j = 0; j < m; j++) {
            uint32_t i = new_to_old[j];
            if (i != CDIFF_NONE && old_contents[i] != new_contents[j])
                updates[update_count++] = (cdiff_move){i, (uint32_t)j};
        }
    }

    out->deletes = deletes;
    out->delete_count = delete_count;
    out->inserts = inserts;
    out->insert_count = insert_count;
    out->moves = moves;
    out->move_count = move_count;
    out->updates = updates;
    out->update_count = update_count;
}

void cdiff_finish_level(cdiff_context *context, const cdiff_match *match, const uint64_t *old_contents,
                        const uint64_t *new_contents, void *del_moves, void *ins_updates, cdiff_changes *out) {
    cdiff_finish_level_gathered(context, match, NULL, old_contents, new_contents, del_moves, ins_updates, out);
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
