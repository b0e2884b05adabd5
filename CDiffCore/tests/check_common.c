/* The oracle's building blocks: messages, pairing, duplicates, LIS/LCS, layouts, blobs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"

/* Per thread, so contexts diffed on several threads (test_threads) each keep their message. */
static _Thread_local char message[1024];

const char *check_fail(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    return message;
}

const char *check_prefixed(const char *prefix, const char *text) {
    char copy[sizeof message];
    snprintf(copy, sizeof copy, "%s", text);
    return check_fail("%s: %s", prefix, copy);
}

void *check_calloc(size_t count, size_t size) {
    /* calloc(0, ..) may return NULL; always hand back something freeable. */
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p) {
        fprintf(stderr, "check: out of memory\n");
        abort();
    }
    return p;
}

typedef struct keyed {
    uint64_t id;
    uint32_t index;
} keyed;

static int compare_keyed(const void *x, const void *y) {
    const keyed *a = x, *b = y;
    if (a->id != b->id) return a->id < b->id ? -1 : 1;
    return a->index < b->index ? -1 : (a->index > b->index);
}

static keyed *sorted_keys(const uint64_t *ids, size_t n) {
    keyed *k = check_calloc(n, sizeof *k);
    for (size_t i = 0; i < n; i++) {
        k[i].id = ids[i];
        k[i].index = (uint32_t)i;
    }
    qsort(k, n, sizeof *k, compare_keyed);
    return k;
}

void check_pair_kth(const uint64_t *a, size_t n, const uint64_t *b, size_t m, uint32_t *a_to_b, uint32_t *b_to_a) {
    keyed *ka = sorted_keys(a, n), *kb = sorted_keys(b, m);
    for (size_t i = 0; i < n; i++) a_to_b[i] = CDIFF_NONE;
    for (size_t j = 0; j < m; j++) b_to_a[j] = CDIFF_NONE;
    /* Both are sorted by (id, index): walk each id's group on both sides in lockstep. */
    size_t i = 0, j = 0;
    while (i < n && j < m) {
        if (ka[i].id < kb[j].id) {
            i++;
        } else if (ka[i].id > kb[j].id) {
            j++;
        } else {
            a_to_b[ka[i].index] = kb[j].index;
            b_to_a[kb[j].index] = ka[i].index;
            i++;
            j++;
        }
    }
    free(ka);
    free(kb);
}

int check_duplicate_flags(const uint64_t *ids, size_t n, unsigned char *flags) {
    keyed *k = sorted_keys(ids, n);
    int any = 0;
    memset(flags, 0, n);
    for (size_t i = 0; i + 1 < n; i++) {
        if (k[i].id == k[i + 1].id) {
            flags[k[i].index] = flags[k[i + 1].index] = 1;
            any = 1;
        }
    }
    free(k);
    return any;
}

size_t check_lis_quadratic(const uint32_t *values, size_t count) {
    size_t *best = check_calloc(count, sizeof *best), longest = 0;
    for (size_t i = 0; i < count; i++) {
        best[i] = 1;
        for (size_t j = 0; j < i; j++)
            if (values[j] < values[i] && best[j] + 1 > best[i]) best[i] = best[j] + 1;
        if (best[i] > longest) longest = best[i];
    }
    free(best);
    return longest;
}

size_t check_lis_patience(const uint32_t *values, size_t count) {
    uint32_t *tails = check_calloc(count, sizeof *tails);
    size_t length = 0;
    for (size_t i = 0; i < count; i++) {
        size_t lo = 0, hi = length; /* first tail >= value: strictly increasing */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (tails[mid] < values[i]) lo = mid + 1;
            else hi = mid;
        }
        tails[lo] = values[i];
        if (lo == length) length++;
    }
    free(tails);
    return length;
}

size_t check_lis(const uint32_t *values, size_t count) {
    return count <= 3000 ? check_lis_quadratic(values, count) : check_lis_patience(values, count);
}

size_t check_lcs(const uint64_t *a, size_t n, const uint64_t *b, size_t m) {
    if (n > 0 && m > 4000000 / n) return SIZE_MAX;
    /* Two rolling rows of the classic table. */
    size_t *previous = check_calloc(m + 1, sizeof *previous), *current = check_calloc(m + 1, sizeof *current);
    for (size_t i = 1; i <= n; i++) {
        for (size_t j = 1; j <= m; j++) {
            if (a[i - 1] == b[j - 1]) current[j] = previous[j - 1] + 1;
            else current[j] = previous[j] > current[j - 1] ? previous[j] : current[j - 1];
        }
        size_t *t = previous;
        previous = current;
        current = t;
    }
    size_t result = previous[m];
    free(previous);
    free(current);
    return result;
}

const char *check_layout_init(check_layout *layout, const cdiff_sectioned_list *list) {
    layout->section_count = list->section_count;
    layout->row_count = list->row_count;
    layout->offsets = check_calloc(list->section_count + 1, sizeof *layout->offsets);
    layout->section_of = check_calloc(list->row_count, sizeof *layout->section_of);
    size_t at = 0;
    for (size_t s = 0; s < list->section_count; s++) {
        layout->offsets[s] = at;
        if (list->row_counts[s] > list->row_count - at) {
            check_layout_free(layout);
            return check_fail("row_counts exceed row_count (the diff accepted inconsistent input)");
        }
        for (size_t r = 0; r < list->row_counts[s]; r++) layout->section_of[at + r] = (uint32_t)s;
        at += list->row_counts[s];
    }
    layout->offsets[list->section_count] = at;
    if (at != list->row_count) {
        check_layout_free(layout);
        return check_fail("row_counts sum to %zu, not row_count %zu (the diff accepted it)", at, list->row_count);
    }
    return NULL;
}

void check_layout_free(check_layout *layout) {
    free(layout->offsets);
    free(layout->section_of);
    layout->offsets = NULL;
    layout->section_of = NULL;
}

cdiff_path check_path_of(const check_layout *layout, uint32_t global) {
    cdiff_path p;
    p.section = layout->section_of[global];
    p.row = (uint32_t)(global - layout->offsets[p.section]);
    return p;
}

void check_blob_append(check_blob *blob, const void *bytes, size_t size) {
    if (blob->size + size > blob->capacity) {
        size_t capacity = blob->capacity ? blob->capacity : 256;
        while (capacity < blob->size + size) capacity *= 2;
        unsigned char *data = realloc(blob->data, capacity);
        if (!data) {
            fprintf(stderr, "check: out of memory\n");
            abort();
        }
        blob->data = data;
        blob->capacity = capacity;
    }
    if (size) memcpy(blob->data + blob->size, bytes, size);
    blob->size += size;
}

/* Counts and contents only: pointers may legitimately differ between contexts. */
#define APPEND_ARRAY(blob, array, count)                                  \
    do {                                                                  \
        check_blob_append(blob, &(count), sizeof(count));                 \
        if (count) check_blob_append(blob, array, (count) * sizeof *(array)); \
    } while (0)

void check_blob_changes(check_blob *blob, const cdiff_changes *c) {
    APPEND_ARRAY(blob, c->deletes, c->delete_count);
    APPEND_ARRAY(blob, c->inserts, c->insert_count);
    APPEND_ARRAY(blob, c->moves, c->move_count);
    APPEND_ARRAY(blob, c->updates, c->update_count);
    APPEND_ARRAY(blob, c->old_to_new, c->old_count);
    APPEND_ARRAY(blob, c->new_to_old, c->new_count);
    APPEND_ARRAY(blob, c->old_duplicates, c->old_duplicate_count);
    APPEND_ARRAY(blob, c->new_duplicates, c->new_duplicate_count);
}

void check_blob_rows(check_blob *blob, const cdiff_row_changes *r) {
    APPEND_ARRAY(blob, r->deletes, r->delete_count);
    APPEND_ARRAY(blob, r->inserts, r->insert_count);
    APPEND_ARRAY(blob, r->moves, r->move_count);
    APPEND_ARRAY(blob, r->updates, r->update_count);
    APPEND_ARRAY(blob, r->old_to_new, r->old_count);
    APPEND_ARRAY(blob, r->new_to_old, r->new_count);
    APPEND_ARRAY(blob, r->old_duplicates, r->old_duplicate_count);
    APPEND_ARRAY(blob, r->new_duplicates, r->new_duplicate_count);
}

void check_blob_steps(check_blob *blob, const cdiff_step *steps, size_t count) {
    APPEND_ARRAY(blob, steps, count);
}

int check_blob_equal(const check_blob *a, const check_blob *b) {
    return a->size == b->size && (a->size == 0 || memcmp(a->data, b->data, a->size) == 0);
}

void check_blob_free(check_blob *blob) {
    free(blob->data);
    blob->data = NULL;
    blob->size = blob->capacity = 0;
}
