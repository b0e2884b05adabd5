/* The sectioned diff: sections matched like a flat list; rows matched over each side's whole row
 * array (so a row can change section), then split into delete + insert where either side's
 * section has no counterpart. A row that keeps its section moves only if it falls outside that
 * section's longest increasing subsequence; a row that changes section always moves. The rows'
 * finishing steps, on two threads for large diffs, are in rows_finish.c. */
#include "match_gather.h"
#include "rows_finish.h"

static cdiff_status check_side(const cdiff_sectioned_list *list) {
    cdiff_status status = cdiff_check_ids(list->section_ids, list->section_contents, list->section_count);
    if (status == CDIFF_OK) status = cdiff_check_ids(list->row_ids, list->row_contents, list->row_count);
    if (status != CDIFF_OK) return status;
    if (list->section_count > 0 && list->row_counts == NULL) return CDIFF_ERR_NULL_ARGUMENT;
    size_t total = 0;
    for (size_t s = 0; s < list->section_count; s++) {
        if (list->row_counts[s] > list->row_count - total) return CDIFF_ERR_SECTION_COUNTS;
        total += list->row_counts[s];
    }
    return total == list->row_count ? CDIFF_OK : CDIFF_ERR_SECTION_COUNTS;
}

/* Every size below is at most 16 * CDIFF_MAX_COUNT + a little, which fits a 64-bit size_t; on a
 * 32-bit target the multiplications are checked. */
static cdiff_status reserve_all(cdiff_context *context, size_t so, size_t sn, size_t ro, size_t rn, bool own_maps) {
    const size_t u32 = sizeof(uint32_t);
    size_t bytes[BUF_COUNT] = {0};
    size_t section_lis = 0, rows_scratch = 0;
    if (!cdiff_mul(cdiff_min_size(so, sn), 3 * u32 + 1, &section_lis) ||
        !cdiff_rows_finish_bytes(ro, rn, sn, &rows_scratch))
        return CDIFF_ERR_TOO_LARGE;
    bytes[BUF_SCRATCH] = cdiff_max_size(cdiff_max_size(cdiff_match_table_bytes(so, sn), section_lis),
                                        cdiff_max_size(cdiff_match_table_bytes(ro, rn), rows_scratch));
    const struct { enum cdiff_buffer_id id; size_t count, unit; } sized[] = {
        {BUF_CHAIN, cdiff_max_size(cdiff_max_size(so, sn), cdiff_max_size(ro, rn)), u32},
        {BUF_OLD_TO_NEW, own_maps ? ro : 0, u32}, {BUF_NEW_TO_OLD, own_maps ? rn : 0, u32},
        {BUF_DEL_MOVES, ro, sizeof(cdiff_path_move)}, {BUF_INS_UPDATES, rn, sizeof(cdiff_path_move)},
        {BUF_OLD_DUPS, ro, u32}, {BUF_NEW_DUPS, rn, u32},
        {BUF_S_OLD_TO_NEW, so, u32}, {BUF_S_NEW_TO_OLD, sn, u32},
        {BUF_S_DEL_MOVES, so, sizeof(cdiff_move)}, {BUF_S_INS_UPDATES, sn, sizeof(cdiff_move)},
        {BUF_S_OLD_DUPS, so, u32}, {BUF_S_NEW_DUPS, sn, u32},
        {BUF_OLD_START, so + 1, u32}, {BUF_NEW_START, sn + 1, u32},
    };
    for (size_t k = 0; k < sizeof sized / sizeof sized[0]; k++)
        if (!cdiff_mul(sized[k].count, sized[k].unit, &bytes[sized[k].id])) return CDIFF_ERR_TOO_LARGE;
    for (int id = 0; id < BUF_COUNT; id++)
        if (bytes[id] > 0 && !cdiff_reserve(context, (enum cdiff_buffer_id)id, bytes[id])) return CDIFF_ERR_OUT_OF_MEMORY;
    return CDIFF_OK;
}

static void match_sections(cdiff_context *context, const cdiff_sectioned_list *old_list,
                           const cdiff_sectioned_list *new_list, cdiff_changes *out) {
    const size_t n = old_list->section_count, m = new_list->section_count;
    cdiff_changes result = {0};
    result.old_count = n;
    result.new_count = m;
    uint32_t *old_to_new = context->buffers[BUF_S_OLD_TO_NEW].data, *new_to_old = context->buffers[BUF_S_NEW_TO_OLD].data;
    uint32_t *old_dups = context->buffers[BUF_S_OLD_DUPS].data, *new_dups = context->buffers[BUF_S_NEW_DUPS].data;
    cdiff_match match;
    const cdiff_match_output output = {old_to_new, new_to_old, old_dups, new_dups, context->buffers[BUF_S_DEL_MOVES].data,
                                       context->buffers[BUF_S_INS_UPDATES].data};
    cdiff_match_lists(context, old_list->section_ids, n, new_list->section_ids, m, &output, &match);
    result.old_to_new = old_to_new;
    result.new_to_old = new_to_old;
    result.old_duplicates = old_dups;
    result.old_duplicate_count = match.old_duplicate_count;
    result.new_duplicates = new_dups;
    result.new_duplicate_count = match.new_duplicate_count;
    const uint64_t *old_contents = old_list->section_contents, *new_contents = new_list->section_contents;
    cdiff_finish_level(context, &match, n && m ? old_contents : NULL, n && m ? new_contents : NULL,
                       context->buffers[BUF_S_DEL_MOVES].data, context->buffers[BUF_S_INS_UPDATES].data, &result);
    *out = result;
}

/* Both sides are one section, matched with each other: a flat list through the sectioned API.
 * Every row stays in section 0, so the rows are finished by the flat diff's own step
 * (cdiff_finish_level: no per-row section bookkeeping, the LIS over the untrimmed middle only),
 * and its index results are then widened in place into (section 0, row) paths. Widening runs last
 * to first: each path lies at or after the index it comes from, so nothing is overwritten before
 * it is read. Same changes as the general path, a fifth faster at 100k rows. */
static void finish_one_section(cdiff_context *context, const cdiff_match *match, const cdiff_gathered *gathered,
                               size_t n, size_t m, const uint64_t *old_contents, const uint64_t *new_contents,
                               cdiff_row_changes *out) {
    uint32_t *old_start = context->buffers[BUF_OLD_START].data, *new_start = context->buffers[BUF_NEW_START].data;
    old_start[0] = new_start[0] = 0;
    old_start[1] = (uint32_t)n;
    new_start[1] = (uint32_t)m;

    cdiff_changes flat = {0};
    flat.old_to_new = context->row_old_to_new;
    flat.old_count = n;
    flat.new_to_old = context->row_new_to_old;
    flat.new_count = m;
    void *del_moves = context->buffers[BUF_DEL_MOVES].data, *ins_updates = context->buffers[BUF_INS_UPDATES].data;
    cdiff_finish_level_gathered(context, match, gathered, old_contents, new_contents, del_moves, ins_updates, &flat);

    cdiff_path *deletes = del_moves, *inserts = ins_updates;
    cdiff_path_move *moves = (cdiff_path_move *)(deletes + flat.delete_count);
    cdiff_path_move *updates = (cdiff_path_move *)(inserts + flat.insert_count);
    for (size_t k = flat.move_count; k-- > 0;) {
        cdiff_move move = flat.moves[k];
        moves[k] = (cdiff_path_move){{0, move.from}, {0, move.to}};
    }
    for (size_t k = flat.delete_count; k-- > 0;) deletes[k] = (cdiff_path){0, flat.deletes[k]};
    for (size_t k = flat.update_count; k-- > 0;) {
        cdiff_move update = flat.updates[k];
        updates[k] = (cdiff_path_move){{0, update.from}, {0, update.to}};
    }
    for (size_t k = flat.insert_count; k-- > 0;) inserts[k] = (cdiff_path){0, flat.inserts[k]};

    *out = (cdiff_row_changes){deletes, flat.delete_count, inserts, flat.insert_count, moves, flat.move_count,
                               updates, flat.update_count, flat.old_to_new, n, flat.new_to_old, m,
                               context->buffers[BUF_OLD_DUPS].data, match->old_duplicate_count,
                               context->buffers[BUF_NEW_DUPS].data, match->new_duplicate_count};
}

static void match_rows(cdiff_context *context, const cdiff_sectioned_list *old_list, const cdiff_sectioned_list *new_list,
                       const cdiff_changes *sections, cdiff_row_changes *out) {
    const size_t n = old_list->row_count, m = new_list->row_count;
    uint32_t *old_to_new = context->row_old_to_new, *new_to_old = context->row_new_to_old;
    uint32_t *old_dups = context->buffers[BUF_OLD_DUPS].data, *new_dups = context->buffers[BUF_NEW_DUPS].data;
    cdiff_match match;
    const cdiff_match_output output = {old_to_new, new_to_old, old_dups, new_dups, context->buffers[BUF_DEL_MOVES].data,
                                       context->buffers[BUF_INS_UPDATES].data};
    const bool one_section =
        old_list->section_count == 1 && new_list->section_count == 1 && sections->old_to_new[0] == 0;
    cdiff_gathered listed = {0}; /* the inserts and LIS input, listed by the match (see match_gather.h) */
    listed.wanted = one_section;
    cdiff_match_lists_gathered(context, old_list->row_ids, n, new_list->row_ids, m, &output, &match, &listed);
    if (one_section) {
        finish_one_section(context, &match, &listed, n, m, old_list->row_contents, new_list->row_contents, out);
        return;
    }
    cdiff_finish_rows(context, old_list, new_list, sections, &match, out);
}

/* Both entry points: `row_old_to_new` / `row_new_to_old` are the caller's map storage, or NULL
 * (with `own_maps`) for the context's buffers. */
static cdiff_status diff_sectioned(cdiff_context *context, const cdiff_sectioned_list *old_list,
                                   const cdiff_sectioned_list *new_list, bool own_maps, uint32_t *row_old_to_new,
                                   uint32_t *row_new_to_old, cdiff_changes *sections, cdiff_row_changes *rows) {
    if (context == NULL) return CDIFF_ERR_NULL_ARGUMENT;
    context->result_kind = RESULT_NONE; /* a rejected diff leaves no result to patch */
    context->patch_valid = false;
    if (old_list == NULL || new_list == NULL || sections == NULL || rows == NULL) return CDIFF_ERR_NULL_ARGUMENT;
    if (!own_maps && ((row_old_to_new == NULL && old_list->row_count > 0) ||
                      (row_new_to_old == NULL && new_list->row_count > 0)))
        return CDIFF_ERR_NULL_ARGUMENT;
    cdiff_status status = check_side(old_list);
    if (status == CDIFF_OK) status = check_side(new_list);
    if (status == CDIFF_OK)
        status = cdiff_check_contents(old_list->section_contents, old_list->section_count,
                                      new_list->section_contents, new_list->section_count);
    if (status == CDIFF_OK)
        status = cdiff_check_contents(old_list->row_contents, old_list->row_count, new_list->row_contents,
                                      new_list->row_count);
    if (status != CDIFF_OK) return status;

    status = reserve_all(context, old_list->section_count, new_list->section_count, old_list->row_count,
                         new_list->row_count, own_maps);
    if (status != CDIFF_OK) return status;
    context->row_old_to_new = own_maps ? context->buffers[BUF_OLD_TO_NEW].data : row_old_to_new;
    context->row_new_to_old = own_maps ? context->buffers[BUF_NEW_TO_OLD].data : row_new_to_old;

    context->stats = (cdiff_match_stats){0, 0, 0};
    match_sections(context, old_list, new_list, &context->sections);
    match_rows(context, old_list, new_list, &context->sections, &context->rows);
    context->old_start = context->buffers[BUF_OLD_START].data;
    context->new_start = context->buffers[BUF_NEW_START].data;
    context->result_kind = RESULT_SECTIONED;
    *sections = context->sections;
    *rows = context->rows;
    return CDIFF_OK;
}

cdiff_status cdiff_diff_sectioned(cdiff_context *context, const cdiff_sectioned_list *old_list,
                                  const cdiff_sectioned_list *new_list, cdiff_changes *sections,
                                  cdiff_row_changes *rows) {
    return diff_sectioned(context, old_list, new_list, true, NULL, NULL, sections, rows);
}

cdiff_status cdiff_diff_sectioned_into(cdiff_context *context, const cdiff_sectioned_list *old_list,
                                       const cdiff_sectioned_list *new_list, uint32_t *row_old_to_new,
                                       uint32_t *row_new_to_old, cdiff_changes *sections, cdiff_row_changes *rows) {
    return diff_sectioned(context, old_list, new_list, false, row_old_to_new, row_new_to_old, sections, rows);
}
