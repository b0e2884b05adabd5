#include "workloads.h"

#include <stdlib.h>
#include <string.h>

#include "rng.h"

static void *xcalloc(size_t count, size_t size) {
    void *p = calloc(count ? count : 1, size);
    if (!p) {
        fprintf(stderr, "workloads: out of memory\n");
        abort();
    }
    return p;
}

/* `count` identities from random 16-byte keys, fingerprinted in one batch (as an app with
 * UUIDs would). */
static uint64_t *make_ids(rng *r, size_t count) {
    uint64_t *keys = xcalloc(count * 2, sizeof *keys), *ids = xcalloc(count, sizeof *ids);
    for (size_t k = 0; k < count * 2; k++) keys[k] = rng_next(r);
    if (cdiff_fingerprint_batch(keys, 16, count, 0, ids) != CDIFF_OK) abort();
    free(keys);
    return ids;
}

static void shuffle(rng *r, uint32_t *a, size_t count) {
    for (size_t k = count; k > 1; k--) {
        size_t j = rng_below(r, k);
        uint32_t t = a[k - 1];
        a[k - 1] = a[j];
        a[j] = t;
    }
}

/* Marks `count` distinct positions in [0, n). */
static unsigned char *pick(rng *r, size_t n, size_t count) {
    unsigned char *marked = xcalloc(n, 1);
    for (size_t picked = 0; picked < count;) {
        size_t at = rng_below(r, n);
        if (!marked[at]) marked[at] = 1, picked++;
    }
    return marked;
}

/* Old = ids[0..n); new = delete, insert fresh ids, shuffle — contiguous (DifferenceKit's
 * benchmark shape: delete [d0, d0 + del), insert at insert_at of the result, shuffle the
 * first `shuffled`) or spread over random positions. Contents: 10% change. */
static void make_flat(workload *w, rng *r, size_t n, size_t d0, size_t del, size_t insert_at, size_t ins, size_t shuffled,
                      int spread) {
    uint64_t *ids = make_ids(r, n + ins), *contents = xcalloc(n + ins, sizeof *contents);
    for (size_t k = 0; k < n + ins; k++) contents[k] = rng_next(r);
    size_t m = n - del + ins;
    uint32_t *order = xcalloc(m, sizeof *order); /* indices into ids */
    if (!spread) {
        size_t at = 0;
        for (size_t i = 0; i < n; i++) {
            if (at == insert_at && (i < d0 || i >= d0 + del))
                for (size_t k = 0; k < ins; k++) order[at++] = (uint32_t)(n + k);
            if (i < d0 || i >= d0 + del) order[at++] = (uint32_t)i;
        }
        for (size_t k = 0; at < m; k++) order[at++] = (uint32_t)(n + k); /* insert_at == end */
        shuffle(r, order, shuffled);
    } else {
        unsigned char *deleted = pick(r, n, del), *inserted = pick(r, m, ins), *mixed = pick(r, m, shuffled);
        size_t i = 0, fresh = n;
        for (size_t j = 0; j < m; j++) {
            if (inserted[j]) {
                order[j] = (uint32_t)fresh++;
                continue;
            }
            while (deleted[i]) i++;
            order[j] = (uint32_t)i++;
        }
        uint32_t *slots = xcalloc(shuffled, sizeof *slots), *values = xcalloc(shuffled, sizeof *values);
        size_t s = 0;
        for (size_t j = 0; j < m; j++)
            if (mixed[j]) slots[s] = (uint32_t)j, values[s++] = order[j];
        shuffle(r, values, s);
        for (size_t k = 0; k < s; k++) order[slots[k]] = values[k];
        free(deleted);
        free(inserted);
        free(mixed);
        free(slots);
        free(values);
    }
    for (size_t i = 0; i < n; i++) flat_input_add(&w->old_flat, ids[i], contents[i]);
    for (size_t j = 0; j < m; j++)
        flat_input_add(&w->new_flat, ids[order[j]], contents[order[j]] ^ (rng_below(r, 10) == 0));
    free(ids);
    free(contents);
    free(order);
}

static void make_permutation(workload *w, rng *r, size_t n, int kind) {
    uint64_t *ids = make_ids(r, n);
    for (size_t i = 0; i < n; i++) flat_input_add(&w->old_flat, ids[i], i);
    for (size_t j = 0; j < n; j++) {
        size_t i = kind == 0 ? n - 1 - j : kind == 1 ? (j + n - 1) % n : (j + 1) % n;
        flat_input_add(&w->new_flat, ids[i], i);
    }
    free(ids);
}

/* A section of the new side under construction: row pool indices. */
typedef struct draft {
    uint32_t section; /* section pool index */
    uint32_t *rows;
    size_t len, cap;
} draft;

static void draft_insert(draft *d, size_t at, uint32_t row) {
    if (d->len == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 64;
        d->rows = realloc(d->rows, d->cap * sizeof *d->rows);
        if (!d->rows) abort();
    }
    memmove(d->rows + at + 1, d->rows + at, (d->len - at) * sizeof *d->rows);
    d->rows[at] = row;
    d->len++;
}

static uint32_t draft_remove(draft *d, size_t at) {
    uint32_t row = d->rows[at];
    memmove(d->rows + at, d->rows + at + 1, (d->len - at - 1) * sizeof *d->rows);
    d->len--;
    return row;
}

/* 100 sections x 1000 rows; 10 sections deleted, 10 inserted (1000 fresh rows each), 10
 * moved; among surviving sections 900 rows deleted, 900 inserted, 500 moved within and 500
 * across sections; 10% of row contents change. */
static void make_sectioned(workload *w, rng *r) {
    enum { S = 100, R = 1000, SD = 10, SI = 10, SM = 10, RD = 900, RI = 900, RM_IN = 500, RM_ACROSS = 500 };
    size_t row_pool = S * R + SI * R + RI;
    uint64_t *section_ids = make_ids(r, S + SI), *row_ids = make_ids(r, row_pool);
    uint64_t *section_contents = xcalloc(S + SI, sizeof *section_contents), *row_contents = xcalloc(row_pool, sizeof *row_contents);
    for (size_t k = 0; k < S + SI; k++) section_contents[k] = rng_next(r);
    for (size_t k = 0; k < row_pool; k++) row_contents[k] = rng_next(r);
    for (size_t s = 0; s < S; s++) {
        sectioned_input_add_section(&w->old_sectioned, section_ids[s], section_contents[s]);
        for (size_t k = 0; k < R; k++) sectioned_input_add_row(&w->old_sectioned, row_ids[s * R + k], row_contents[s * R + k]);
    }
    draft *drafts = xcalloc(S + SI, sizeof *drafts);
    size_t count = 0, fresh_row = S * R + SI * R;
    unsigned char *gone = pick(r, S, SD);
    for (size_t s = 0; s < S; s++) {
        if (gone[s]) continue;
        drafts[count].section = (uint32_t)s;
        for (size_t k = 0; k < R; k++) draft_insert(&drafts[count], k, (uint32_t)(s * R + k));
        count++;
    }
    for (size_t k = 0; k < SM; k++) { /* move a section elsewhere */
        size_t from = rng_below(r, count), to = rng_below(r, count);
        draft d = drafts[from];
        memmove(drafts + from, drafts + from + 1, (count - from - 1) * sizeof *drafts);
        memmove(drafts + to + 1, drafts + to, (count - 1 - to) * sizeof *drafts);
        drafts[to] = d;
    }
    size_t survivors = count;
    for (size_t k = 0; k < RD; k++) {
        draft *d = &drafts[rng_below(r, survivors)];
        if (d->len) draft_remove(d, rng_below(r, d->len));
    }
    for (size_t k = 0; k < RM_IN + RM_ACROSS; k++) {
        draft *from = &drafts[rng_below(r, survivors)];
        draft *to = k < RM_IN ? from : &drafts[rng_below(r, survivors)];
        if (!from->len) continue;
        uint32_t row = draft_remove(from, rng_below(r, from->len));
        draft_insert(to, rng_below(r, to->len + 1), row);
    }
    for (size_t k = 0; k < RI; k++) {
        draft *d = &drafts[rng_below(r, survivors)];
        draft_insert(d, rng_below(r, d->len + 1), (uint32_t)fresh_row++);
    }
    for (size_t k = 0; k < SI; k++) { /* inserted sections arrive with fresh rows */
        size_t at = rng_below(r, count + 1);
        memmove(drafts + at + 1, drafts + at, (count - at) * sizeof *drafts);
        memset(&drafts[at], 0, sizeof *drafts);
        drafts[at].section = (uint32_t)(S + k);
        for (size_t q = 0; q < R; q++) draft_insert(&drafts[at], q, (uint32_t)(S * R + k * R + q));
        count++;
    }
    for (size_t t = 0; t < count; t++) {
        uint32_t s = drafts[t].section;
        sectioned_input_add_section(&w->new_sectioned, section_ids[s], section_contents[s] ^ (rng_below(r, 10) == 0));
        for (size_t q = 0; q < drafts[t].len; q++) {
            uint32_t row = drafts[t].rows[q];
            sectioned_input_add_row(&w->new_sectioned, row_ids[row], row_contents[row] ^ (rng_below(r, 10) == 0));
        }
        free(drafts[t].rows);
    }
    free(drafts);
    free(gone);
    free(section_ids);
    free(row_ids);
    free(section_contents);
    free(row_contents);
}

void workload_make(workload *w, workload_kind kind, uint64_t seed) {
    rng r = rng_seeded(seed ^ ((uint64_t)kind * 0x9E3779B97F4A7C15ull));
    memset(w, 0, sizeof *w);
    switch (kind) {
    case WORKLOAD_DK_5K:
        w->name = "DK-5k";
        w->description = "5k: delete 2000..<3000, insert 1k at 3000, shuffle first 200";
        make_flat(w, &r, 5000, 2000, 1000, 3000, 1000, 200, 0);
        break;
    case WORKLOAD_DK_100K:
        w->name = "DK-100k";
        w->description = "100k: delete 20k..<30k, insert 10k at 30k, shuffle first 2k";
        w->target_ms = 2.5;
        make_flat(w, &r, 100000, 20000, 10000, 30000, 10000, 2000, 0);
        break;
    case WORKLOAD_1M:
        w->name = "1M";
        w->description = "1M: delete 200k..<300k, insert 100k at 300k, shuffle first 20k";
        w->target_ms = 40;
        make_flat(w, &r, 1000000, 200000, 100000, 300000, 100000, 20000, 0);
        break;
    case WORKLOAD_DK_100K_SPREAD:
        w->name = "DK-100k spread";
        w->description = "as DK-100k, positions spread at random";
        w->target_ms = 5;
        make_flat(w, &r, 100000, 0, 10000, 0, 10000, 2000, 1);
        break;
    case WORKLOAD_1M_SPREAD:
        w->name = "1M spread";
        w->description = "as 1M, positions spread at random";
        w->target_ms = 100;
        make_flat(w, &r, 1000000, 0, 100000, 0, 100000, 20000, 1);
        break;
    case WORKLOAD_SECTIONED:
        w->name = "sectioned";
        w->description = "100x1000; sections -10 +10 ~10; rows -900 +900 ~1000; 10% content";
        w->target_ms = 3;
        w->sectioned = 1;
        make_sectioned(w, &r);
        break;
    case WORKLOAD_REVERSE_10K:
        w->name = "reverse 10k";
        w->description = "10k reversed";
        make_permutation(w, &r, 10000, 0);
        break;
    case WORKLOAD_LAST_TO_FRONT_10K:
        w->name = "last->front 10k";
        w->description = "10k, last element to the front";
        make_permutation(w, &r, 10000, 1);
        break;
    case WORKLOAD_FIRST_TO_END_10K:
        w->name = "first->end 10k";
        w->description = "10k, first element to the end";
        make_permutation(w, &r, 10000, 2);
        break;
    default:
        abort();
    }
}

void workload_free(workload *w) {
    flat_input_free(&w->old_flat);
    flat_input_free(&w->new_flat);
    sectioned_input_free(&w->old_sectioned);
    sectioned_input_free(&w->new_sectioned);
}

size_t workload_elements(const workload *w) {
    if (!w->sectioned) return w->old_flat.count + w->new_flat.count;
    return w->old_sectioned.section_count + w->old_sectioned.row_count + w->new_sectioned.section_count +
           w->new_sectioned.row_count;
}
