/* The compact first passes over tables from IN_SLOT_MIN_SLOTS up to IN_SLOT_MAX_SLOTS (match.c),
 * included once by match.c.
 * Same outcome, maps and budget accounting as the compact template passes of match_pass.h; only
 * the slot's contents differ.
 *
 * A slot of these tables carries its own tag: the 4-byte slot is 8 bits of the element's mixed
 * fingerprint (bits its slot index does not use) above a 24-bit ref: bit 23 set for a new element,
 * the low 23 bits its index (an old index, or a new one counted from the start of the new middle).
 * A probe past another element's slot compares the tags first and reads that element's fingerprint
 * (a random read of the caller's ids, which at 100k elements misses the cache) only when they agree:
 * all but about one stranger in 256 are told apart by the slot read the pipeline has already
 * fetched. A separate tag array (match_pass.h) costs a second random access per probe, which only
 * pays in tables far past the cache; in the slot it costs no access, only a few instructions per
 * element, which a table the cache holds does not repay (see IN_SLOT_MIN_SLOTS).
 *
 * Room: these passes run over tables of fewer than IN_SLOT_MAX_SLOTS = 2^23 slots, and a table has
 * more slots than elements, so every index fits in 23 bits, and no ref reaches 0xFFFFFF: no
 * occupied slot reads as EMPTY. */

/* Compiled on their own (CDIFF_NOINLINE, match.c): inlined into match_hashed with the other
 * passes, the same source ran 25 us slower at DK-100k spread whenever the other passes changed. */

_Static_assert(IN_SLOT_MAX_SLOTS <= ((size_t)1 << 23), "in-slot refs need indices below 2^23 - 1");
_Static_assert(IN_SLOT_MIN_SLOTS >= PREFETCH_MIN_SLOTS, "in-slot passes are always pipelined");

#include "match_bucket.h"

#if defined(__GNUC__) || defined(__clang__)
#define IN_SLOT_INLINE inline __attribute__((always_inline))
#else
#define IN_SLOT_INLINE inline
#endif

/* What a pass reads at every element, copied out of the table into a local the compiler keeps in
 * registers: through the table pointer, every probe counted would be a store, and gcc spilled the
 * rest. `base[0]` are the old ids, `base[1]` the new middle's. Bucketed (match_bucket.h), `slots`
 * starts at the table's first whole bucket and `homes` counts buckets; else it counts slots. */
/* The bucketed passes (tables of 2 MB and more) fetch twice as far ahead: their walks are short,
 * so the wait for a bucket that is still on its way is most of an element's time. Thread CPU time,
 * medians of 30 (1M) and 10 (1M spread) warm diffs, builds interleaved, load 2.4-3.4: 1M 6.6-7.8
 * -> 5.8-6.8 ms and 1M spread 15.8-24.3 -> 14.3-19.0 in four pairs, each pair the new build ahead
 * (nearer, 5.5-6.1 against 5.7-5.9, in three more); the linear passes were no faster for it
 * (DK-100k 2-4 % slower), so they keep PIPE_DEPTH. A power of two. */
#define BUCKET_PIPE_DEPTH 32
_Static_assert(BUCKET_PIPE_DEPTH >= PIPE_DEPTH, "the ring holds either depth");

static IN_SLOT_INLINE size_t ring_depth(const bool bucketed) { return bucketed ? BUCKET_PIPE_DEPTH : PIPE_DEPTH; }

typedef struct in_slot {
    uint32_t *slots;
    size_t homes;
    cdiff_match_keys keys;
    const uint64_t *base[2];
    size_t probes;
    uint64_t home[BUCKET_PIPE_DEPTH]; /* the ring: home slot (below 2^32) and tag bits of elements ahead */
} in_slot;

/* Every pass and helper below takes `bucketed` as a constant: each pass is compiled once per way
 * of probing, without the other's code. */
static IN_SLOT_INLINE in_slot in_slot_of(const table *t, const uint64_t *old_ids, const uint64_t *new_middle,
                                         const bool bucketed) {
    in_slot w = {(uint32_t *)(void *)t->slots, t->capacity, t->keys, {old_ids, new_middle}, t->probes, {0}};
#if CDIFF_BUCKETS
    if (bucketed) { /* whole buckets only, from the first aligned one (the memory is cleared as slots) */
        const uintptr_t base = (uintptr_t)(void *)t->slots;
        const size_t skipped = (size_t)((BUCKET_BYTES - base % BUCKET_BYTES) % BUCKET_BYTES) / sizeof(uint32_t);
        w.slots += skipped;
        w.homes = (t->capacity - skipped) / BUCKET_SLOTS;
    }
#else
    (void)bucketed;
#endif
    return w;
}

/* The ring entry of a fingerprint: its home slot (bucketed: its home bucket's first slot) and its
 * tag bits (bits 24-31 of the mixed value, well below the slot index's bits, the high ones, and
 * depending on every input bit below them), in one word; the slot is fetched. */
static IN_SLOT_INLINE void in_slot_fetch(in_slot *w, size_t position, uint64_t fingerprint, const bool bucketed) {
    const uint64_t x = mixed(w->keys, fingerprint);
    size_t i = slot_of_mixed(x, w->homes);
#if CDIFF_BUCKETS
    if (bucketed) i *= BUCKET_SLOTS;
#else
    (void)bucketed;
#endif
    w->home[position % ring_depth(bucketed)] = (uint64_t)((uint32_t)x & SMALL_TAG) << 32 | i;
    CDIFF_PREFETCH_WRITE(&w->slots[i]);
}

static IN_SLOT_INLINE void in_slot_start(in_slot *w, const uint64_t *ids, size_t lo, size_t hi, const bool bucketed) {
    for (size_t q = 0; q < ring_depth(bucketed) && lo + q < hi; q++) in_slot_fetch(w, q, ids[lo + q], bucketed);
}

/* The home of ids[j] from the ring, which then fetches the element ring_depth further on. */
static IN_SLOT_INLINE uint64_t in_slot_next(in_slot *w, const uint64_t *ids, size_t j, size_t lo, size_t hi,
                                            const bool bucketed) {
    const size_t position = j - lo, depth = ring_depth(bucketed);
    const uint64_t home = w->home[position % depth];
    if (j + depth < hi) in_slot_fetch(w, position + depth, ids[j + depth], bucketed);
    return home;
}

/* The slot holding `fingerprint`, or the empty slot where it belongs, from the home slot and tag
 * in `home`. Counts probes as find_from (bucketed: buckets past the home one). */
static IN_SLOT_INLINE uint32_t *in_slot_find(in_slot *w, uint64_t fingerprint, uint64_t home, const bool bucketed) {
    const uint32_t tag_bits = (uint32_t)(home >> 32);
    size_t i = (uint32_t)home;
#if CDIFF_BUCKETS
    if (bucketed)
        for (;;) {
            unsigned empty, tagged;
            bucket_scan(&w->slots[i], tag_bits, &empty, &tagged);
            for (; tagged != 0; tagged &= tagged - 1) {
                const uint32_t s = w->slots[i + bucket_first(tagged)];
                if (w->base[(s & SMALL_NEW) != 0][s & SMALL_INDEX] == fingerprint) return &w->slots[i + bucket_first(tagged)];
                w->probes += 2; /* a stranger with our tag: see match_bucket.h */
            }
            if (empty != 0) return &w->slots[i + bucket_first(empty)];
            w->probes++;
            i += BUCKET_SLOTS;
            if (i == w->homes * BUCKET_SLOTS) i = 0;
        }
#else
    (void)bucketed;
#endif
    for (;;) {
        const uint32_t s = w->slots[i];
        if (s == EMPTY ||
            ((s ^ tag_bits) < (UINT32_C(1) << 24) && w->base[(s & SMALL_NEW) != 0][s & SMALL_INDEX] == fingerprint))
            return &w->slots[i];
        w->probes++;
        if (++i == w->homes) i = 0;
    }
}

/* As insert_old of match_pass.h (compact). */
static IN_SLOT_INLINE int insert_old_in_slot_with(table *t, const uint64_t *old_ids, size_t n, const bool bucketed) {
    in_slot w = in_slot_of(t, old_ids, NULL, bucketed);
    const size_t limit = t->probe_limit;
    int pass = PASS_CLEAN;
    in_slot_start(&w, old_ids, 0, n, bucketed);
    for (size_t k = 0; k < n; k++) {
        const uint64_t home = in_slot_next(&w, old_ids, k, 0, n, bucketed);
        uint32_t *s = in_slot_find(&w, old_ids[k], home, bucketed);
        if (CDIFF_UNLIKELY(w.probes > limit)) {
            pass = PASS_OVER_BUDGET;
            break;
        }
        if (*s != EMPTY) {
            pass = PASS_DUPLICATE;
            break;
        }
        *s = (uint32_t)(home >> 32) | (uint32_t)k;
    }
    t->probes = w.probes;
    return pass;
}

/* As pair_new of match_pass.h (compact), with the same prediction. */
static IN_SLOT_INLINE int pair_new_in_slot_with(table *t, const uint64_t *new_ids, size_t lo, size_t hi, size_t old_lo,
                                                size_t old_hi, uint32_t *old_to_new, uint32_t *new_to_old,
                                                cdiff_gathered *g, const bool bucketed) {
    const uint64_t *old_ids = t->old_ids;
    in_slot w = in_slot_of(t, old_ids, new_ids + lo, bucketed);
    const size_t limit = t->probe_limit;
    int pass = PASS_CLEAN;
    in_slot_start(&w, new_ids, lo, hi, bucketed);
    uint32_t *inserts = g->inserts, *values = g->values; /* the finish's lists (match_gather.h) */
    size_t insert_count = 0, value_count = 0;
    size_t predicted = old_lo;
    for (size_t j = lo; j < hi; j++) {
        const uint64_t home = in_slot_next(&w, new_ids, j, lo, hi, bucketed);
        const uint64_t fingerprint = new_ids[j];
        if (predicted < old_hi && old_ids[predicted] == fingerprint) {
            if (old_to_new[predicted] != CDIFF_NONE) {
                pass = PASS_DUPLICATE;
                break;
            }
            old_to_new[predicted] = (uint32_t)j;
            values[value_count++] = (uint32_t)predicted;
            new_to_old[j] = (uint32_t)predicted++;
            continue;
        }
        uint32_t *s = in_slot_find(&w, fingerprint, home, bucketed);
        if (CDIFF_UNLIKELY(w.probes > limit)) {
            pass = PASS_OVER_BUDGET;
            break;
        }
        const uint32_t found = *s;
        if (found == EMPTY) {
            *s = (uint32_t)(home >> 32) | SMALL_NEW | (uint32_t)(j - lo);
            inserts[insert_count++] = (uint32_t)j;
            new_to_old[j] = CDIFF_NONE;
            continue;
        }
        const uint32_t ref = found & SMALL_INDEX;
        if ((found & SMALL_NEW) || ref < old_lo || ref >= old_hi || old_to_new[ref] != CDIFF_NONE) {
            pass = PASS_DUPLICATE;
            break;
        }
        old_to_new[ref] = (uint32_t)j;
        new_to_old[j] = ref;
        values[value_count++] = ref;
        predicted = (size_t)ref + 1;
    }
    t->probes = w.probes;
    g->insert_count = insert_count;
    g->value_count = value_count;
    return pass;
}

CDIFF_NOINLINE static int insert_old_in_slot(table *t, const uint64_t *old_ids, size_t n) {
    return insert_old_in_slot_with(t, old_ids, n, false);
}

CDIFF_NOINLINE static int pair_new_in_slot(table *t, const uint64_t *new_ids, size_t lo, size_t hi, size_t old_lo,
                                           size_t old_hi, uint32_t *old_to_new, uint32_t *new_to_old,
                                           cdiff_gathered *g) {
    return pair_new_in_slot_with(t, new_ids, lo, hi, old_lo, old_hi, old_to_new, new_to_old, g, false);
}

#if CDIFF_BUCKETS
CDIFF_NOINLINE static int insert_old_bucketed(table *t, const uint64_t *old_ids, size_t n) {
    return insert_old_in_slot_with(t, old_ids, n, true);
}

CDIFF_NOINLINE static int pair_new_bucketed(table *t, const uint64_t *new_ids, size_t lo, size_t hi, size_t old_lo,
                                            size_t old_hi, uint32_t *old_to_new, uint32_t *new_to_old,
                                            cdiff_gathered *g) {
    return pair_new_in_slot_with(t, new_ids, lo, hi, old_lo, old_hi, old_to_new, new_to_old, g, true);
}
#endif
