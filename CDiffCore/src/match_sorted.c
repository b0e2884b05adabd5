/* Matching by sorting: the fallback that keeps hostile input O(n + m).
 *
 * Each side's (fingerprint, index) pairs are radix-sorted by fingerprint, least significant byte
 * first. Every pass is stable and the pairs start in index order, so equal fingerprints end up
 * adjacent and in index order: walking both sorted sides together, the k-th old element of a run
 * pairs with the k-th new one — exactly the table's k-th occurrence pairing, and the same
 * duplicates. Six passes of a counting sort at most (a digit that all fingerprints share costs
 * none), whatever the fingerprints are: no input can make it slower.
 *
 * Memory: the sorted keys and indices of both sides fill the hash table's own scratch (12 bytes per
 * element of the 12 the table holds); a pass writes its keys into the caller's spare buffer for
 * that side and its indices into the chain buffer, both free while matching. So the fallback
 * needs no memory the fast path does not already hold.
 */
#include "internal.h"

#include <string.h>

/* Six digits of 11 bits cover 64: fewer passes than bytes, and a digit's counts (8 KB) stay in
 * the first-level cache. */
#define DIGIT_BITS 11
#define DIGITS 6
#define RADIX (1u << DIGIT_BITS)

static inline uint32_t digit_of(uint64_t key, int d) { return (uint32_t)(key >> (DIGIT_BITS * d)) & (RADIX - 1); }

/* One side being sorted: the pairs end in (keys, indices); (spare_keys, spare_indices) hold the
 * passes in between. */
typedef struct side {
    const uint64_t *ids;
    size_t count;
    uint64_t *keys, *spare_keys;
    uint32_t *indices, *spare_indices;
} side;

static void count_digit(const uint64_t *keys, size_t count, int d, uint32_t *counts) {
    memset(counts, 0, sizeof(uint32_t) * RADIX);
    for (size_t k = 0; k < count; k++) counts[digit_of(keys[k], d)]++;
}

/* A digit where one value holds every key orders nothing: its pass is skipped. */
static bool orders_nothing(const uint32_t *counts, const uint64_t *keys, size_t count, int d) {
    return counts[digit_of(keys[0], d)] == count;
}

/* One stable counting-sort pass on digit d, from (keys, indices) — or straight from the ids in
 * index order when `indices` is NULL — into (to_keys, to_indices), counting digit d + 1 of the
 * keys it moves into `next` on the way (so no pass only counts). */
static void pass(const uint64_t *keys, const uint32_t *indices, size_t count, int d, uint32_t *counts, uint32_t *next,
                 uint64_t *to_keys, uint32_t *to_indices) {
    uint32_t start = 0;
    for (uint32_t v = 0; v < RADIX; v++) {
        uint32_t c = counts[v];
        counts[v] = start;
        start += c;
    }
    memset(next, 0, sizeof(uint32_t) * RADIX);
    const int shift = DIGIT_BITS * d;
    const int next_shift = d + 1 < DIGITS ? shift + DIGIT_BITS : 0;
    for (size_t k = 0; k < count; k++) {
        uint64_t key = keys[k];
        uint32_t at = counts[(key >> shift) & (RADIX - 1)]++;
        next[(key >> next_shift) & (RADIX - 1)]++;
        to_keys[at] = key;
        to_indices[at] = indices ? indices[k] : (uint32_t)k;
    }
}

/* Sorts one side into (keys, indices). The first pass writes to the spare buffers, so that with
 * all six passes the last lands in place; with fewer, the result is copied there (the spare index
 * buffer is shared by both sides, so nothing may stay in it). */
static void sort_side(side *s) {
    if (s->count == 0) return; /* ids may be NULL then */
    uint32_t counts[RADIX], next[RADIX];
    const uint64_t *from_keys = s->ids;
    const uint32_t *from_indices = NULL;
    bool into_spare = true;
    count_digit(s->ids, s->count, 0, counts);
    for (int d = 0; d < DIGITS; d++) {
        if (orders_nothing(counts, from_keys, s->count, d)) {
            if (d + 1 < DIGITS) count_digit(from_keys, s->count, d + 1, counts);
            continue;
        }
        uint64_t *to_keys = into_spare ? s->spare_keys : s->keys;
        uint32_t *to_indices = into_spare ? s->spare_indices : s->indices;
        pass(from_keys, from_indices, s->count, d, counts, next, to_keys, to_indices);
        memcpy(counts, next, sizeof counts);
        from_keys = to_keys;
        from_indices = to_indices;
        into_spare = !into_spare;
    }
    if (from_keys != s->keys) memcpy(s->keys, from_keys, s->count * sizeof *s->keys);
    if (from_indices == NULL) {
        for (size_t k = 0; k < s->count; k++) s->indices[k] = (uint32_t)k;
    } else if (from_indices != s->indices) {
        memcpy(s->indices, from_indices, s->count * sizeof *s->indices);
    }
}

/* Compacts marks[0..count) (1 for a duplicate, 0 otherwise) in place into the ascending list of
 * marked indices; returns its length. */
static size_t compact_marks(uint32_t *marks, size_t count) {
    size_t found = 0;
    for (size_t k = 0; k < count; k++)
        if (marks[k]) marks[found++] = (uint32_t)k;
    return found;
}

void cdiff_match_sorted(const uint64_t *old_ids, size_t n, const uint64_t *new_ids, size_t m, size_t prefix,
                        size_t suffix, void *sorted, uint32_t *index_spare, const cdiff_match_output *output,
                        cdiff_match *result) {
    uint64_t *keys = sorted;
    uint32_t *indices = (uint32_t *)(keys + n + m);
    side old_side = {old_ids, n, keys, output->old_spare, indices, index_spare};
    side new_side = {new_ids, m, keys + n, output->new_spare, indices + n, index_spare};
    sort_side(&old_side);
    sort_side(&new_side);

    uint32_t *old_to_new = output->old_to_new, *new_to_old = output->new_to_old;
    uint32_t *old_marks = output->old_dups, *new_marks = output->new_dups;
    for (size_t k = 0; k < n; k++) old_to_new[k] = CDIFF_NONE, old_marks[k] = 0;
    for (size_t k = 0; k < m; k++) new_to_old[k] = CDIFF_NONE, new_marks[k] = 0;

    /* Merge the two sorted sides run by run: a run is one fingerprint's occurrences. */
    bool duplicate = false;
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        uint64_t key = i == n ? new_side.keys[j] : j == m ? old_side.keys[i]
                     : old_side.keys[i] < new_side.keys[j] ? old_side.keys[i] : new_side.keys[j];
        size_t old_end = i, new_end = j;
        while (old_end < n && old_side.keys[old_end] == key) old_end++;
        while (new_end < m && new_side.keys[new_end] == key) new_end++;
        for (size_t a = i, b = j; a < old_end && b < new_end; a++, b++) {
            old_to_new[old_side.indices[a]] = new_side.indices[b];
            new_to_old[new_side.indices[b]] = old_side.indices[a];
        }
        if (old_end - i > 1) {
            duplicate = true;
            for (size_t a = i; a < old_end; a++) old_marks[old_side.indices[a]] = 1;
        }
        if (new_end - j > 1) {
            duplicate = true;
            for (size_t b = j; b < new_end; b++) new_marks[new_side.indices[b]] = 1;
        }
        i = old_end;
        j = new_end;
    }
    /* Without duplicates k-th pairing is positional in the common ends, as the table reports it. */
    if (!duplicate) {
        result->prefix = prefix;
        result->suffix = suffix;
        return;
    }
    result->old_duplicate_count = compact_marks(old_marks, n);
    result->new_duplicate_count = compact_marks(new_marks, m);
}
