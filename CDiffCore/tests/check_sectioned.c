/* The oracle for sectioned results: section level via check_flat's level check, then rows. */
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"

#define SHOW(index) ((index) == CDIFF_NONE ? -1L : (long)(index))

static int path_less(cdiff_path a, cdiff_path b) {
    return a.section < b.section || (a.section == b.section && a.row < b.row);
}

/* The global index of a path, or CDIFF_NONE when the path is outside the layout. */
static uint32_t global_of(const check_layout *layout, cdiff_path p) {
    if (p.section >= layout->section_count) return CDIFF_NONE;
    if (p.row >= layout->offsets[p.section + 1] - layout->offsets[p.section]) return CDIFF_NONE;
    return (uint32_t)(layout->offsets[p.section] + p.row);
}

/* UIKit's batch construction, rows within sections (see Sources/RowDiffValidation/Documentation.docc/BatchRules.md, "How a batch is
 * read": how the view builds its new state): writes one token per new global row. */
static const char *apply_sectioned_batch(const cdiff_changes *sections, const cdiff_row_changes *rows,
                                         const check_layout *lo, const check_layout *ln, uint64_t *out) {
    const char *err = NULL;
    size_t ro = lo->row_count, rn = ln->row_count;
    uint64_t *section_tokens = check_calloc(ln->section_count, sizeof *section_tokens);
    unsigned char *leaves = check_calloc(ro, 1), *filled = check_calloc(rn, 1);

    if ((err = check_apply_flat_batch(sections, lo->section_count, ln->section_count, section_tokens))) goto done;
    for (size_t k = 0; k < rows->delete_count + rows->move_count && !err; k++) {
        cdiff_path p = k < rows->delete_count ? rows->deletes[k] : rows->moves[k - rows->delete_count].from;
        uint32_t g = global_of(lo, p);
        if (g == CDIFF_NONE) err = check_fail("row delete/move source (%u,%u) out of old bounds", p.section, p.row);
        else if (leaves[g]) err = check_fail("old row (%u,%u) deleted or moved twice", p.section, p.row);
        else leaves[g] = 1;
    }
    for (size_t k = 0; k < rows->insert_count + rows->move_count && !err; k++) {
        int is_insert = k < rows->insert_count;
        cdiff_path p = is_insert ? rows->inserts[k] : rows->moves[k - rows->insert_count].to;
        uint32_t g = global_of(ln, p);
        if (g == CDIFF_NONE) err = check_fail("row insert/move destination (%u,%u) out of new bounds", p.section, p.row);
        else if (filled[g]) err = check_fail("new row (%u,%u) inserted or moved into twice", p.section, p.row);
        else {
            filled[g] = 1;
            out[g] = is_insert ? CHECK_NEW_TOKEN(g) : global_of(lo, rows->moves[k - rows->insert_count].from);
        }
    }
    for (size_t t = 0; t < ln->section_count && !err; t++) {
        size_t i = 0, end = 0;
        if (!(section_tokens[t] & CHECK_NEW_BIT)) { /* a surviving old section: its stayers fill the gaps */
            i = lo->offsets[section_tokens[t]];
            end = lo->offsets[section_tokens[t] + 1];
        }
        for (size_t g = ln->offsets[t]; g < ln->offsets[t + 1] && !err; g++) {
            if (filled[g]) continue;
            while (i < end && leaves[i]) i++;
            if (i == end) err = check_fail("new section %zu: row %zu is neither inserted, moved in, nor kept", t, g - ln->offsets[t]);
            else out[g] = i++;
        }
        while (!err && i < end && leaves[i]) i++;
        if (!err && i < end) err = check_fail("new section %zu keeps old row %zu but has no slot for it (rule 15)", t, i);
    }
done:
    free(section_tokens);
    free(leaves);
    free(filled);
    return err;
}

static const char *check_path_list(const cdiff_path *got, size_t got_count, const uint32_t *want_global, size_t want_count,
                                   const check_layout *layout, const char *what) {
    if (got_count != want_count) return check_fail("%s: %zu reported, %zu expected", what, got_count, want_count);
    if (got_count && !got) return check_fail("%s: NULL array with count %zu", what, got_count);
    for (size_t k = 0; k < got_count; k++) {
        cdiff_path want = check_path_of(layout, want_global[k]);
        if (got[k].section != want.section || got[k].row != want.row)
            return check_fail("%s[%zu] = (%u,%u), expected (%u,%u)", what, k, got[k].section, got[k].row, want.section, want.row);
    }
    return NULL;
}

static const char *check_global_list(const uint32_t *got, size_t got_count, const unsigned char *flags, size_t n,
                                     const char *what) {
    size_t k = 0;
    if (got_count && !got) return check_fail("%s: NULL array with count %zu", what, got_count);
    for (size_t i = 0; i < n; i++) {
        if (!flags[i]) continue;
        if (k >= got_count || got[k] != i) return check_fail("%s[%zu] should be %zu", what, k, i);
        k++;
    }
    if (k != got_count) return check_fail("%s: %zu reported, %zu expected", what, got_count, k);
    return NULL;
}

const char *check_sectioned(const cdiff_sectioned_list *old_list, const cdiff_sectioned_list *new_list,
                            const cdiff_changes *sections, const cdiff_row_changes *rows) {
    const char *err = check_sections_level(old_list, new_list, sections);
    if (err) return err;
    check_layout lo, ln;
    if ((err = check_layout_init(&lo, old_list))) return check_prefixed("old", err);
    if ((err = check_layout_init(&ln, new_list))) {
        check_layout_free(&lo);
        return check_prefixed("new", err);
    }
    size_t ro = lo.row_count, rn = ln.row_count, w;
    uint32_t *o2n = check_calloc(ro, sizeof *o2n), *n2o = check_calloc(rn, sizeof *n2o);
    uint32_t *want = check_calloc(ro + rn, sizeof *want), *sequence = check_calloc(rn, sizeof *sequence);
    unsigned char *moved = check_calloc(rn, 1), *old_dup = check_calloc(ro, 1), *new_dup = check_calloc(rn, 1);
    uint64_t *tokens = check_calloc(rn, sizeof *tokens);

    if (rows->old_count != ro || rows->new_count != rn) {
        err = check_fail("rows: old_count/new_count %zu/%zu, expected %zu/%zu", rows->old_count, rows->new_count, ro, rn);
        goto done;
    }
    if ((ro && !rows->old_to_new) || (rn && !rows->new_to_old)) {
        err = check_fail("rows: NULL map with a non-zero count");
        goto done;
    }
    /* Pairing: k-th with k-th over the whole row arrays, then split where a section is
     * deleted or inserted. */
    check_pair_kth(old_list->row_ids, ro, new_list->row_ids, rn, o2n, n2o);
    for (size_t i = 0; i < ro; i++) {
        uint32_t j = o2n[i];
        if (j == CDIFF_NONE) continue;
        if (sections->old_to_new[lo.section_of[i]] == CDIFF_NONE || sections->new_to_old[ln.section_of[j]] == CDIFF_NONE)
            o2n[i] = n2o[j] = CDIFF_NONE;
    }
    for (size_t i = 0; i < ro; i++)
        if (rows->old_to_new[i] != o2n[i]) {
            err = check_fail("rows: old_to_new[%zu] = %ld, expected %ld", i, SHOW(rows->old_to_new[i]), SHOW(o2n[i]));
            goto done;
        }
    for (size_t j = 0; j < rn; j++)
        if (rows->new_to_old[j] != n2o[j]) {
            err = check_fail("rows: new_to_old[%zu] = %ld, expected %ld", j, SHOW(rows->new_to_old[j]), SHOW(n2o[j]));
            goto done;
        }
    w = 0;
    for (size_t i = 0; i < ro; i++)
        if (o2n[i] == CDIFF_NONE) want[w++] = (uint32_t)i;
    if ((err = check_path_list(rows->deletes, rows->delete_count, want, w, &lo, "row deletes"))) goto done;
    w = 0;
    for (size_t j = 0; j < rn; j++)
        if (n2o[j] == CDIFF_NONE) want[w++] = (uint32_t)j;
    if ((err = check_path_list(rows->inserts, rows->insert_count, want, w, &ln, "row inserts"))) goto done;

    /* Moves: matched, ascending by `to`; every section-changing row moves; within a section
     * the unmoved rows keep their order; and the count is the minimum. */
    if (rows->move_count && !rows->moves) {
        err = check_fail("row moves: NULL array with count %zu", rows->move_count);
        goto done;
    }
    for (size_t k = 0; k < rows->move_count; k++) {
        cdiff_path_move mv = rows->moves[k];
        uint32_t gi = global_of(&lo, mv.from), gj = global_of(&ln, mv.to);
        if (k && !path_less(rows->moves[k - 1].to, mv.to)) {
            err = check_fail("row moves not strictly ascending by `to` at %zu", k);
            goto done;
        }
        if (gi == CDIFF_NONE || gj == CDIFF_NONE || o2n[gi] != gj) {
            err = check_fail("row move %zu ((%u,%u) -> (%u,%u)) is not a matched pair", k, mv.from.section, mv.from.row,
                             mv.to.section, mv.to.row);
            goto done;
        }
        moved[gj] = 1;
    }
    {
        size_t minimum = 0;
        for (size_t t = 0; t < ln.section_count; t++) {
            size_t same = 0, cross = 0;
            uint32_t last = 0;
            int any = 0;
            for (size_t j = ln.offsets[t]; j < ln.offsets[t + 1]; j++) {
                if (n2o[j] == CDIFF_NONE) continue;
                if (sections->old_to_new[lo.section_of[n2o[j]]] != t) {
                    cross++;
                    if (!moved[j]) {
                        err = check_fail("row (%zu,%zu) changes section but is not a move", t, j - ln.offsets[t]);
                        goto done;
                    }
                    continue;
                }
                sequence[same++] = n2o[j];
                if (moved[j]) continue;
                if (any && n2o[j] <= last) {
                    err = check_fail("unmoved rows of new section %zu out of order at row %zu: a move is missing", t,
                                     j - ln.offsets[t]);
                    goto done;
                }
                last = n2o[j];
                any = 1;
            }
            minimum += cross + same - check_lis(sequence, same);
        }
        if (rows->move_count != minimum) {
            err = check_fail("row move_count %zu, minimum is %zu", rows->move_count, minimum);
            goto done;
        }
    }
    /* Updates: exactly the matched rows whose contents differ, in new order. */
    {
        int contents = old_list->row_contents && new_list->row_contents;
        size_t k = 0;
        if (rows->update_count && !rows->updates) {
            err = check_fail("row updates: NULL array with count %zu", rows->update_count);
            goto done;
        }
        for (size_t j = 0; j < rn && contents; j++) {
            if (n2o[j] == CDIFF_NONE || old_list->row_contents[n2o[j]] == new_list->row_contents[j]) continue;
            cdiff_path from = check_path_of(&lo, n2o[j]), to = check_path_of(&ln, (uint32_t)j);
            if (k >= rows->update_count || memcmp(&rows->updates[k].from, &from, sizeof from) ||
                memcmp(&rows->updates[k].to, &to, sizeof to)) {
                err = check_fail("row update %zu should be ((%u,%u) -> (%u,%u))", k, from.section, from.row, to.section, to.row);
                goto done;
            }
            k++;
        }
        if (k != rows->update_count) {
            err = check_fail("row update_count %zu, expected %zu", rows->update_count, k);
            goto done;
        }
    }
    check_duplicate_flags(old_list->row_ids, ro, old_dup);
    check_duplicate_flags(new_list->row_ids, rn, new_dup);
    if ((err = check_global_list(rows->old_duplicates, rows->old_duplicate_count, old_dup, ro, "row old_duplicates"))) goto done;
    if ((err = check_global_list(rows->new_duplicates, rows->new_duplicate_count, new_dup, rn, "row new_duplicates"))) goto done;

    /* Batch semantics rebuild every new row, in every new section. */
    if ((err = apply_sectioned_batch(sections, rows, &lo, &ln, tokens))) {
        err = check_prefixed("sectioned batch", err);
        goto done;
    }
    for (size_t j = 0; j < rn; j++) {
        uint64_t expected = n2o[j] == CDIFF_NONE ? CHECK_NEW_TOKEN(j) : n2o[j];
        if (tokens[j] != expected) {
            cdiff_path p = check_path_of(&ln, (uint32_t)j);
            err = check_fail("sectioned batch puts %s row %u at new (%u,%u), expected %s row %u",
                             tokens[j] & CHECK_NEW_BIT ? "new" : "old", (uint32_t)tokens[j], p.section, p.row,
                             expected & CHECK_NEW_BIT ? "new" : "old", (uint32_t)expected);
            goto done;
        }
    }
done:
    check_layout_free(&lo);
    check_layout_free(&ln);
    free(o2n);
    free(n2o);
    free(want);
    free(sequence);
    free(moved);
    free(old_dup);
    free(new_dup);
    free(tokens);
    return err;
}
