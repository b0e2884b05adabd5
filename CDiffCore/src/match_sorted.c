/* Matching by sorting: the fallback that keeps hostile input O(n + m).
 *
 * Each side's (fingerprint, index) pairs are sorted by a sort key, a bijection of the fingerprint,
 * so equal fingerprints end up adjacent. Every step is stable and the pairs start in index order,
 * so the occurrences of one fingerprint stay in index order: walking both sorted sides together,
 * the k-th old element of a run pairs with the k-th new one — exactly the table's k-th occurrence
 * pairing, and the same duplicates.
 *
 * The sort key is the fingerprint rotated so that its low 33 bits lead. Three radix passes of 11
 * bits (least significant first) order the pairs by those 33 bits; a digit that all keys share
 * costs no pass. Distinct fingerprints rarely share 33 bits (about 5 pairs among 400,000 random
 * ones), so the pairs are then almost always fully sorted: one scan finds the runs of keys that
 * share the leading bits and sorts each by the remaining 31 — insertion sort for short runs, radix
 * passes of 8 bits for longer ones. Whatever the fingerprints, that is at most three passes of 11
 * bits and four of 8, plus two scans and insertion sorts of at most RUN_INSERTION pairs: no input
 * can make it slower, and random input costs three passes (the sort used six before).
 *
 * Memory: the sorted keys and indices of both sides fill the hash table's own scratch (12 bytes per
 * element of the 12 the table holds); a pass writes its keys into the caller's spare buffer for
 * that side and its indices into the chain buffer, both free while matching. So the fallback
 * needs no memory the fast path does not already hold.
 */
#include "internal.h"

#include <string.h>

/* The sort key: the fingerprint's low 33 bits on top (its high 31 below them). A bijection, so
 * equal keys are equal fingerprints. Fingerprints of small integers (which are their own) differ
 * in their low bits, which the first passes then order. */
#define LEAD_BITS 33
static inline uint64_t sort_key(uint64_t id) { return (id << (64 - LEAD_BITS)) | (id >> LEAD_BITS); }

/* The leading passes: three digits of 11 bits cover the 33 leading bits; a digit's counts (8 KB)
 * stay in the first-level cache. */
#define LEAD_DIGIT_BITS 11
#define LEAD_DIGITS 3
#define LEAD_RADIX (1u << LEAD_DIGIT_BITS)
#define LEAD_SHIFT (64 - LEAD_BITS)

/* Runs of keys that share the leading bits: up to RUN_INSERTION pairs by insertion sort, longer
 * ones by four passes of 8 bits over the 31 trailing bits (1 KB of counts per digit, so a run of
 * a few dozen pairs pays little for clearing them). */
#define RUN_INSERTION 32
#define TAIL_DIGIT_BITS 8
#define TAIL_DIGITS 4
#define TAIL_RADIX (1u << TAIL_DIGIT_BITS)

/* A pair array and its spare: radix passes alternate between them. */
typedef struct buffers {
    uint64_t *keys, *spare_keys;
    uint32_t *indices, *spare_indices;
} buffers;

/* One side being sorted: its fingerprints, and where its pairs end (in `pairs`, whose spare
 * buffers hold the passes in between). */
typedef struct side {
    const uint64_t *ids;
    size_t count;
    buffers pairs;
} side;

/* Turns counts into starting offsets. */
static void offsets(uint32_t *counts, uint32_t radix) {
    uint32_t start = 0;
    for (uint32_t v = 0; v < radix; v++) {
        uint32_t c = counts[v];
        counts[v] = start;
        start += c;
    }
}

static int popcount(unsigned bits) {
    int n = 0;
    for (; bits; bits &= bits - 1) n++;
    return n;
}

/* A sequence of radix passes: `digits` digits of `bits` bits, digit d at bit `shift + bits * d`
 * of the sort keys. */
typedef struct digit_plan {
    int digits, bits, shift;
} digit_plan;

/* Counts every digit of the keys into counts[radix * d + value] (cleared here), and returns the
 * digits on which not every key agrees, as a bit set: only those need a pass. The keys are the
 * sort keys of `ids` when it is not NULL, else `keys`. */
static unsigned count_digits(const uint64_t *ids, const uint64_t *keys, size_t count, digit_plan plan, uint32_t *counts) {
    const uint32_t radix = 1u << plan.bits;
    memset(counts, 0, sizeof(uint32_t) * radix * (size_t)plan.digits);
    for (size_t k = 0; k < count; k++) {
        const uint64_t key = ids ? sort_key(ids[k]) : keys[k];
        for (int d = 0; d < plan.digits; d++) counts[radix * d + ((key >> (plan.shift + plan.bits * d)) & (radix - 1))]++;
    }
    const uint64_t first = ids ? sort_key(ids[0]) : keys[0];
    unsigned varying = 0;
    for (int d = 0; d < plan.digits; d++)
        if (counts[radix * d + ((first >> (plan.shift + plan.bits * d)) & (radix - 1))] != count) varying |= 1u << d;
    return varying;
}

/* One stable counting-sort pass on the digit at `shift` from (keys, indices) into (to_keys,
 * to_indices), `at` holding the digit's offsets. */
static void pass(const uint64_t *keys, const uint32_t *indices, size_t count, int shift, uint32_t mask, uint32_t *at,
                 uint64_t *to_keys, uint32_t *to_indices) {
    for (size_t k = 0; k < count; k++) {
        uint64_t key = keys[k];
        uint32_t to = at[(key >> shift) & mask]++;
        to_keys[to] = key;
        to_indices[to] = indices[k];
    }
}

/* Sorts count pairs stably by the `varying` digits of `plan` (see count_digits, whose counts are
 * in `counts`) into b's keys and indices. The pairs come from `ids` in index order (sort keys,
 * indices 0, 1, ...) when it is not NULL, else from b's keys and indices. Passes alternate
 * between b's buffers and its spares; from `ids` the first pass writes whichever makes the last
 * one land in place, otherwise an odd number of passes ends with a copy back. */
static void radix_sort(buffers b, size_t count, const uint64_t *ids, digit_plan plan, uint32_t *counts, unsigned varying) {
    const uint32_t radix = 1u << plan.bits;
    /* Where the pairs are: the spares when in_spare. From ids, as if they were in the buffer that
     * makes the passes end in place. */
    bool in_spare = ids != NULL && popcount(varying) % 2 == 1;
    for (int d = 0; d < plan.digits; d++) {
        if (!(varying & (1u << d))) continue;
        uint32_t *at = counts + radix * d;
        offsets(at, radix);
        const int shift = plan.shift + plan.bits * d;
        uint64_t *to_keys = in_spare ? b.keys : b.spare_keys;
        uint32_t *to_indices = in_spare ? b.indices : b.spare_indices;
        if (ids) {
            for (size_t k = 0; k < count; k++) {
                uint64_t key = sort_key(ids[k]);
                uint32_t to = at[(key >> shift) & (radix - 1)]++;
                to_keys[to] = key;
                to_indices[to] = (uint32_t)k;
            }
            ids = NULL;
        } else if (in_spare) {
            pass(b.spare_keys, b.spare_indices, count, shift, radix - 1, at, to_keys, to_indices);
        } else {
            pass(b.keys, b.indices, count, shift, radix - 1, at, to_keys, to_indices);
        }
        in_spare = !in_spare;
    }
    if (ids) { /* no pass: the keys in index order */
        for (size_t k = 0; k < count; k++) b.keys[k] = sort_key(ids[k]), b.indices[k] = (uint32_t)k;
    } else if (in_spare) {
        memcpy(b.keys, b.spare_keys, count * sizeof *b.keys);
        memcpy(b.indices, b.spare_indices, count * sizeof *b.indices);
    }
}

/* Sorts a run of pairs that share their leading bits by the trailing ones, in place. */
static void sort_run(buffers b, size_t count) {
    if (count <= RUN_INSERTION) {
        for (size_t k = 1; k < count; k++) {
            uint64_t key = b.keys[k];
            uint32_t index = b.indices[k];
            size_t at = k;
            for (; at > 0 && b.keys[at - 1] > key; at--) {
                b.keys[at] = b.keys[at - 1];
                b.indices[at] = b.indices[at - 1];
            }
            b.keys[at] = key;
            b.indices[at] = index;
        }
        return;
    }
    const digit_plan tail = {TAIL_DIGITS, TAIL_DIGIT_BITS, 0};
    uint32_t counts[TAIL_RADIX * TAIL_DIGITS];
    radix_sort(b, count, NULL, tail, counts, count_digits(NULL, b.keys, count, tail, counts));
}

/* Sorts one side into its buffers: the leading passes, straight from the fingerprints, then the
 * runs that share the leading bits. */
static void sort_side(side *s) {
    const size_t count = s->count;
    if (count == 0) return; /* ids may be NULL then */
    const digit_plan lead = {LEAD_DIGITS, LEAD_DIGIT_BITS, LEAD_SHIFT};
    uint32_t counts[LEAD_RADIX * LEAD_DIGITS];
    radix_sort(s->pairs, count, s->ids, lead, counts, count_digits(s->ids, NULL, count, lead, counts));
    const uint64_t *keys = s->pairs.keys;
    for (size_t start = 0, end; start < count; start = end) {
        const uint64_t leading = keys[start] >> LEAD_SHIFT;
        for (end = start + 1; end < count && keys[end] >> LEAD_SHIFT == leading; end++) {}
        if (end - start > 1) {
            buffers run = {s->pairs.keys + start, s->pairs.spare_keys + start, s->pairs.indices + start, s->pairs.spare_indices + start};
            sort_run(run, end - start);
        }
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
    side old_side = {old_ids, n, {keys, output->old_spare, indices, index_spare}};
    side new_side = {new_ids, m, {keys + n, output->new_spare, indices + n, index_spare}};
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
        uint64_t key = i == n ? new_side.pairs.keys[j] : j == m ? old_side.pairs.keys[i]
                     : old_side.pairs.keys[i] < new_side.pairs.keys[j] ? old_side.pairs.keys[i] : new_side.pairs.keys[j];
        size_t old_end = i, new_end = j;
        while (old_end < n && old_side.pairs.keys[old_end] == key) old_end++;
        while (new_end < m && new_side.pairs.keys[new_end] == key) new_end++;
        for (size_t a = i, b = j; a < old_end && b < new_end; a++, b++) {
            old_to_new[old_side.pairs.indices[a]] = new_side.pairs.indices[b];
            new_to_old[new_side.pairs.indices[b]] = old_side.pairs.indices[a];
        }
        if (old_end - i > 1) {
            duplicate = true;
            for (size_t a = i; a < old_end; a++) old_marks[old_side.pairs.indices[a]] = 1;
        }
        if (new_end - j > 1) {
            duplicate = true;
            for (size_t b = j; b < new_end; b++) new_marks[new_side.pairs.indices[b]] = 1;
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
