/* The oracle for one level of changes (a flat diff, or the sections of a sectioned diff). */
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"

/* Distinguishes "no counterpart" from the index 0 when printing. */
#define SHOW(index) ((index) == CDIFF_NONE ? -1L : (long)(index))

const char *check_apply_flat_batch(const cdiff_changes *c, size_t old_count, size_t new_count, uint64_t *out) {
    const char *err = NULL;
    unsigned char *leaves = check_calloc(old_count, 1), *filled = check_calloc(new_count, 1);
    for (size_t k = 0; k < c->delete_count && !err; k++) {
        uint32_t i = c->deletes[k];
        if (i >= old_count) err = check_fail("delete %u out of old bounds %zu", i, old_count);
        else if (leaves[i]) err = check_fail("old %u deleted twice", i);
        else leaves[i] = 1;
    }
    for (size_t k = 0; k < c->move_count && !err; k++) {
        uint32_t i = c->moves[k].from;
        if (i >= old_count) err = check_fail("move source %u out of old bounds %zu", i, old_count);
        else if (leaves[i]) err = check_fail("old %u is both a delete/move source and a move source", i);
        else leaves[i] = 1;
    }
    for (size_t k = 0; k < c->insert_count && !err; k++) {
        uint32_t j = c->inserts[k];
        if (j >= new_count) err = check_fail("insert %u out of new bounds %zu", j, new_count);
        else if (filled[j]) err = check_fail("new slot %u inserted twice", j);
        else {
            filled[j] = 1;
            out[j] = CHECK_NEW_TOKEN(j);
        }
    }
    for (size_t k = 0; k < c->move_count && !err; k++) {
        uint32_t j = c->moves[k].to;
        if (j >= new_count) err = check_fail("move destination %u out of new bounds %zu", j, new_count);
        else if (filled[j]) err = check_fail("new slot %u is both an insert/move destination and a move destination", j);
        else {
            filled[j] = 1;
            out[j] = c->moves[k].from;
        }
    }
    /* The stayers keep their relative order and fill whatever is left. */
    size_t i = 0;
    for (size_t j = 0; j < new_count && !err; j++) {
        if (filled[j]) continue;
        while (i < old_count && leaves[i]) i++;
        if (i == old_count) err = check_fail("batch leaves new slot %zu empty (counts do not balance)", j);
        else out[j] = i++;
    }
    while (!err && i < old_count && leaves[i]) i++;
    if (!err && i < old_count) err = check_fail("batch keeps old %zu but has no slot for it (counts do not balance)", i);
    free(leaves);
    free(filled);
    return err;
}

static const char *check_exact_list(const uint32_t *got, size_t got_count, const uint32_t *want, size_t want_count,
                                    const char *what) {
    if (got_count != want_count) return check_fail("%s: %zu reported, %zu expected", what, got_count, want_count);
    if (got_count && !got) return check_fail("%s: NULL array with count %zu", what, got_count);
    for (size_t k = 0; k < got_count; k++)
        if (got[k] != want[k]) return check_fail("%s[%zu] = %u, expected %u", what, k, got[k], want[k]);
    return NULL;
}

/* One level: ids and optional contents on each side, against changes. */
static const char *check_level(const uint64_t *old_ids, const uint64_t *old_contents, size_t n, const uint64_t *new_ids,
                               const uint64_t *new_contents, size_t m, const cdiff_changes *c) {
    const char *err = NULL;
    uint32_t *o2n = check_calloc(n, sizeof *o2n), *n2o = check_calloc(m, sizeof *n2o);
    uint32_t *want = check_calloc(n + m, sizeof *want), *sequence = check_calloc(m, sizeof *sequence);
    unsigned char *old_dup = check_calloc(n, 1), *new_dup = check_calloc(m, 1), *moved = check_calloc(m, 1);
    uint64_t *tokens = check_calloc(m, sizeof *tokens);
    size_t w, matched = 0;

    if (c->old_count != n || c->new_count != m) {
        err = check_fail("old_count/new_count %zu/%zu, expected %zu/%zu", c->old_count, c->new_count, n, m);
        goto done;
    }
    if ((n && !c->old_to_new) || (m && !c->new_to_old)) {
        err = check_fail("NULL map with a non-zero count");
        goto done;
    }
    /* (a) maps: exactly the k-th occurrence pairing (hence consistent and inverse). */
    check_pair_kth(old_ids, n, new_ids, m, o2n, n2o);
    for (size_t i = 0; i < n; i++)
        if (c->old_to_new[i] != o2n[i]) {
            err = check_fail("old_to_new[%zu] = %ld, expected %ld (k-th occurrence pairing)", i, SHOW(c->old_to_new[i]),
                             SHOW(o2n[i]));
            goto done;
        }
    for (size_t j = 0; j < m; j++)
        if (c->new_to_old[j] != n2o[j]) {
            err = check_fail("new_to_old[%zu] = %ld, expected %ld (k-th occurrence pairing)", j, SHOW(c->new_to_old[j]),
                             SHOW(n2o[j]));
            goto done;
        }
    /* (b) deletes and inserts: exactly the unmatched elements, ascending. */
    w = 0;
    for (size_t i = 0; i < n; i++)
        if (o2n[i] == CDIFF_NONE) want[w++] = (uint32_t)i;
    if ((err = check_exact_list(c->deletes, c->delete_count, want, w, "deletes"))) goto done;
    w = 0;
    for (size_t j = 0; j < m; j++)
        if (n2o[j] == CDIFF_NONE) want[w++] = (uint32_t)j;
        else sequence[matched++] = n2o[j];
    if ((err = check_exact_list(c->inserts, c->insert_count, want, w, "inserts"))) goto done;

    /* (d) moves: matched pairs, ascending by `to`, the rest increasing, and the minimum. */
    if (c->move_count && !c->moves) {
        err = check_fail("moves: NULL array with count %zu", c->move_count);
        goto done;
    }
    for (size_t k = 0; k < c->move_count; k++) {
        cdiff_move mv = c->moves[k];
        if (k && c->moves[k - 1].to >= mv.to) {
            err = check_fail("moves not strictly ascending by `to` at %zu", k);
            goto done;
        }
        if (mv.from >= n || mv.to >= m || o2n[mv.from] != mv.to) {
            err = check_fail("move %zu (%u -> %u) is not a matched pair", k, mv.from, mv.to);
            goto done;
        }
        moved[mv.to] = 1;
    }
    {
        uint32_t last = 0;
        int any = 0;
        for (size_t j = 0; j < m; j++) {
            if (n2o[j] == CDIFF_NONE || moved[j]) continue;
            if (any && n2o[j] <= last) {
                err = check_fail("unmoved matched elements out of order at new %zu (old %u after old %u): a move is missing", j,
                                 n2o[j], last);
                goto done;
            }
            last = n2o[j];
            any = 1;
        }
    }
    {
        size_t lis = check_lis(sequence, matched);
        if (c->move_count != matched - lis) {
            err = check_fail("move_count %zu, minimum is matched %zu - LIS %zu = %zu", c->move_count, matched, lis, matched - lis);
            goto done;
        }
        int dup_old = check_duplicate_flags(old_ids, n, old_dup), dup_new = check_duplicate_flags(new_ids, m, new_dup);
        if (!dup_old && !dup_new) {
            size_t lcs = check_lcs(old_ids, n, new_ids, m);
            if (lcs != SIZE_MAX && c->move_count != matched - lcs) {
                err = check_fail("move_count %zu, but matched %zu - LCS %zu = %zu", c->move_count, matched, lcs, matched - lcs);
                goto done;
            }
        }
    }
    /* (e) updates: exactly the matched pairs whose contents differ, and only with both contents. */
    if (c->update_count && !c->updates) {
        err = check_fail("updates: NULL array with count %zu", c->update_count);
        goto done;
    }
    {
        size_t k = 0;
        for (size_t j = 0; j < m && old_contents && new_contents; j++) {
            if (n2o[j] == CDIFF_NONE || old_contents[n2o[j]] == new_contents[j]) continue;
            if (k >= c->update_count || c->updates[k].from != n2o[j] || c->updates[k].to != j) {
                err = check_fail("update %zu should be (%u -> %zu)", k, n2o[j], j);
                goto done;
            }
            k++;
        }
        if (k != c->update_count) {
            err = check_fail("update_count %zu, expected %zu%s", c->update_count, k,
                             old_contents && new_contents ? "" : " (contents not given on both sides)");
            goto done;
        }
    }
    /* (f) duplicates: every index whose id occurs more than once on its side. */
    w = 0;
    for (size_t i = 0; i < n; i++)
        if (old_dup[i]) want[w++] = (uint32_t)i;
    if ((err = check_exact_list(c->old_duplicates, c->old_duplicate_count, want, w, "old_duplicates"))) goto done;
    w = 0;
    for (size_t j = 0; j < m; j++)
        if (new_dup[j]) want[w++] = (uint32_t)j;
    if ((err = check_exact_list(c->new_duplicates, c->new_duplicate_count, want, w, "new_duplicates"))) goto done;

    /* (c) batch semantics rebuild new, element for element. */
    if ((err = check_apply_flat_batch(c, n, m, tokens))) {
        err = check_prefixed("batch", err);
        goto done;
    }
    for (size_t j = 0; j < m; j++) {
        uint64_t expected = n2o[j] == CDIFF_NONE ? CHECK_NEW_TOKEN(j) : n2o[j];
        if (tokens[j] != expected) {
            err = check_fail("batch puts %s %u at new %zu, expected %s %u", tokens[j] & CHECK_NEW_BIT ? "new" : "old",
                             (uint32_t)tokens[j], j, expected & CHECK_NEW_BIT ? "new" : "old", (uint32_t)expected);
            goto done;
        }
    }
done:
    free(o2n);
    free(n2o);
    free(want);
    free(sequence);
    free(old_dup);
    free(new_dup);
    free(moved);
    free(tokens);
    return err;
}

const char *check_flat(const cdiff_list *old_list, const cdiff_list *new_list, const cdiff_changes *changes) {
    return check_level(old_list->ids, old_list->contents, old_list->count, new_list->ids, new_list->contents,
                       new_list->count, changes);
}

const char *check_sections_level(const cdiff_sectioned_list *old_list, const cdiff_sectioned_list *new_list,
                                 const cdiff_changes *sections) {
    const char *err = check_level(old_list->section_ids, old_list->section_contents, old_list->section_count,
                                  new_list->section_ids, new_list->section_contents, new_list->section_count, sections);
    return err ? check_prefixed("sections", err) : NULL;
}
