/* Whole-pipeline drivers shared by the tests and the fuzzer: diff, check, patch, check,
 * then determinism (same context twice, fresh context) down to the byte. */
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"

/* The inputs are copied into heap blocks of exactly their length, so that a read one element
 * past the end is caught by ASan even when the caller's arrays have spare capacity. */
static void *exact_copy(const void *source, size_t count, size_t size) {
    if (!source) return NULL;
    void *copy = malloc(count * size); /* glibc returns a unique, unreadable block for 0 */
    if (!copy) copy = check_calloc(1, size);
    if (count) memcpy(copy, source, count * size);
    return copy;
}

static cdiff_list exact_flat(const cdiff_list *l) {
    cdiff_list c = *l;
    c.ids = exact_copy(l->ids, l->count, sizeof *l->ids);
    c.contents = exact_copy(l->contents, l->count, sizeof *l->contents);
    return c;
}

static void free_flat(cdiff_list *l) {
    free((void *)l->ids);
    free((void *)l->contents);
}

static cdiff_sectioned_list exact_sectioned(const cdiff_sectioned_list *l) {
    cdiff_sectioned_list c = *l;
    c.section_ids = exact_copy(l->section_ids, l->section_count, sizeof *l->section_ids);
    c.section_contents = exact_copy(l->section_contents, l->section_count, sizeof *l->section_contents);
    c.row_counts = exact_copy(l->row_counts, l->section_count, sizeof *l->row_counts);
    c.row_ids = exact_copy(l->row_ids, l->row_count, sizeof *l->row_ids);
    c.row_contents = exact_copy(l->row_contents, l->row_count, sizeof *l->row_contents);
    return c;
}

static void free_sectioned(cdiff_sectioned_list *l) {
    free((void *)l->section_ids);
    free((void *)l->section_contents);
    free((void *)l->row_counts);
    free((void *)l->row_ids);
    free((void *)l->row_contents);
}

typedef struct run_ops {
    /* Runs the diff on `context`, serializes its result into `result`. */
    cdiff_status (*diff)(cdiff_context *context, const void *old_list, const void *new_list, check_blob *result, void *keep);
    const char *(*check)(const void *old_list, const void *new_list, const void *keep);
    const char *(*check_patch)(const void *old_list, const void *new_list, const void *keep, const cdiff_step *steps,
                               size_t count);
    void (*serialize)(const void *keep, check_blob *result);
} run_ops;

typedef struct flat_keep {
    cdiff_changes changes;
} flat_keep;

typedef struct sectioned_keep {
    cdiff_changes sections;
    cdiff_row_changes rows;
} sectioned_keep;

static void serialize_flat(const void *keep, check_blob *b) { check_blob_changes(b, &((const flat_keep *)keep)->changes); }

static void serialize_sectioned(const void *keep, check_blob *b) {
    check_blob_changes(b, &((const sectioned_keep *)keep)->sections);
    check_blob_rows(b, &((const sectioned_keep *)keep)->rows);
}

static cdiff_status diff_flat(cdiff_context *context, const void *o, const void *n, check_blob *result, void *keep) {
    flat_keep *k = keep;
    memset(k, 0, sizeof *k);
    cdiff_status status = cdiff_diff(context, o, n, &k->changes);
    if (status == CDIFF_OK) serialize_flat(k, result);
    return status;
}

static cdiff_status diff_sectioned(cdiff_context *context, const void *o, const void *n, check_blob *result, void *keep) {
    sectioned_keep *k = keep;
    memset(k, 0, sizeof *k);
    cdiff_status status = cdiff_diff_sectioned(context, o, n, &k->sections, &k->rows);
    if (status == CDIFF_OK) serialize_sectioned(k, result);
    return status;
}

static const char *check_flat_adapter(const void *o, const void *n, const void *keep) {
    return check_flat(o, n, &((const flat_keep *)keep)->changes);
}

static const char *check_sectioned_adapter(const void *o, const void *n, const void *keep) {
    const sectioned_keep *k = keep;
    return check_sectioned(o, n, &k->sections, &k->rows);
}

static const char *check_flat_patch_adapter(const void *o, const void *n, const void *keep, const cdiff_step *steps,
                                            size_t count) {
    return check_flat_patch(o, n, &((const flat_keep *)keep)->changes, steps, count);
}

static const char *check_sectioned_patch_adapter(const void *o, const void *n, const void *keep, const cdiff_step *steps,
                                                 size_t count) {
    const sectioned_keep *k = keep;
    return check_sectioned_patch(o, n, &k->sections, &k->rows, steps, count);
}

static const char *patch_into(cdiff_context *context, check_blob *steps_blob, const cdiff_step **steps, size_t *count) {
    cdiff_status status = cdiff_patch(context, steps, count);
    if (status != CDIFF_OK) return check_fail("cdiff_patch returned %s", cdiff_status_name(status));
    check_blob_steps(steps_blob, *steps, *count);
    return NULL;
}

static const char *run(const run_ops *ops, cdiff_context *context, const void *o, const void *n, void *keep) {
    check_blob first = {0}, again = {0}, steps_first = {0}, steps_again = {0};
    const cdiff_step *steps = NULL;
    size_t count = 0;
    const char *err = NULL;
    cdiff_context *fresh = NULL;
    cdiff_status status = ops->diff(context, o, n, &first, keep);
    if (status != CDIFF_OK) {
        err = check_fail("diff returned %s", cdiff_status_name(status));
        goto done;
    }
    if ((err = ops->check(o, n, keep))) goto done;
    if ((err = patch_into(context, &steps_first, &steps, &count))) goto done;
    if ((err = ops->check_patch(o, n, keep, steps, count))) {
        err = check_prefixed("patch", err);
        goto done;
    }
    ops->serialize(keep, &again); /* the patch must not disturb the result it came from */
    if (!check_blob_equal(&first, &again)) {
        err = check_fail("cdiff_patch changed the diff result it was computed from");
        goto done;
    }
    if ((err = patch_into(context, &steps_again, &steps, &count))) goto done;
    if (!check_blob_equal(&steps_first, &steps_again)) {
        err = check_fail("a second cdiff_patch on the same result gave different steps");
        goto done;
    }
    /* Same inputs, same context, then a fresh context: identical results and patches. */
    for (int round = 0; round < 2 && !err; round++) {
        cdiff_context *target = context;
        if (round == 1) {
            fresh = cdiff_context_create();
            if (!fresh) {
                err = check_fail("cdiff_context_create returned NULL");
                break;
            }
            target = fresh;
        }
        check_blob_free(&again);
        check_blob_free(&steps_again);
        status = ops->diff(target, o, n, &again, keep);
        if (status != CDIFF_OK) err = check_fail("diff (%s) returned %s", round ? "fresh context" : "rerun", cdiff_status_name(status));
        else if (!check_blob_equal(&first, &again))
            err = check_fail("diff on %s differs from the first run", round ? "a fresh context" : "the same context");
        else if ((err = patch_into(target, &steps_again, &steps, &count))) break;
        else if (!check_blob_equal(&steps_first, &steps_again))
            err = check_fail("patch on %s differs from the first run", round ? "a fresh context" : "the same context");
    }
done:
    cdiff_context_free(fresh);
    check_blob_free(&first);
    check_blob_free(&again);
    check_blob_free(&steps_first);
    check_blob_free(&steps_again);
    return err;
}

const char *check_run_flat(cdiff_context *context, const cdiff_list *old_list, const cdiff_list *new_list) {
    static const run_ops ops = {diff_flat, check_flat_adapter, check_flat_patch_adapter, serialize_flat};
    flat_keep keep;
    cdiff_list o = exact_flat(old_list), n = exact_flat(new_list);
    const char *err = run(&ops, context, &o, &n, &keep);
    free_flat(&o);
    free_flat(&n);
    return err;
}

const char *check_run_sectioned(cdiff_context *context, const cdiff_sectioned_list *old_list,
                                const cdiff_sectioned_list *new_list) {
    static const run_ops ops = {diff_sectioned, check_sectioned_adapter, check_sectioned_patch_adapter, serialize_sectioned};
    sectioned_keep keep;
    cdiff_sectioned_list o = exact_sectioned(old_list), n = exact_sectioned(new_list);
    const char *err = run(&ops, context, &o, &n, &keep);
    free_sectioned(&o);
    free_sectioned(&n);
    return err;
}

/* The one-section diffs run first, so that the flat diff of context_a is its last (see check.h). */
const char *check_same_bytes_flat_and_one_section(cdiff_context *context_a, cdiff_context *context_b,
                                                  const cdiff_list *old_list, const cdiff_list *new_list,
                                                  cdiff_changes *first) {
    check_blob a = {0}, b = {0};
    const char *err = NULL;
    size_t old_rows[1] = {old_list->count}, new_rows[1] = {new_list->count};
    const uint64_t section[1] = {1};
    cdiff_sectioned_list so = {section, NULL, old_rows, 1, old_list->ids, old_list->contents, old_list->count};
    cdiff_sectioned_list sn = {section, NULL, new_rows, 1, new_list->ids, new_list->contents, new_list->count};
    cdiff_changes sections, other;
    cdiff_row_changes rows;
    if (cdiff_diff_sectioned(context_a, &so, &sn, &sections, &rows) != CDIFF_OK) return check_fail("a sectioned diff failed");
    check_blob_rows(&a, &rows);
    if (cdiff_diff_sectioned(context_b, &so, &sn, &sections, &rows) != CDIFF_OK) err = check_fail("a sectioned diff failed");
    else check_blob_rows(&b, &rows);
    if (!err && !check_blob_equal(&a, &b)) err = check_fail("one section: the two contexts' bytes differ");
    check_blob_free(&a);
    check_blob_free(&b);
    if (err) return err;

    if (cdiff_diff(context_b, old_list, new_list, &other) != CDIFF_OK) return check_fail("a flat diff failed");
    check_blob_changes(&b, &other);
    if (cdiff_diff(context_a, old_list, new_list, first) != CDIFF_OK) err = check_fail("a flat diff failed");
    else check_blob_changes(&a, first);
    if (!err && !check_blob_equal(&a, &b)) err = check_fail("flat: the two contexts' bytes differ");
    check_blob_free(&a);
    check_blob_free(&b);
    return err;
}
