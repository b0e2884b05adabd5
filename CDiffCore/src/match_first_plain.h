/* The compact first passes over tables from IN_SLOT_MIN_SLOTS up to TAG_MIN_SLOTS (match.c), included
 * once by match.c.
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
 * Room: a table below TAG_MIN_SLOTS (2^19) holds fewer than 2^19 elements, so every index fits in
 * 23 bits, and no ref reaches 0xFFFFFF: no occupied slot reads as EMPTY. */

#define SMALL_NEW UINT32_C(0x00800000)
#define SMALL_INDEX UINT32_C(0x007FFFFF)
#define SMALL_TAG UINT32_C(0xFF000000)

/* Compiled on their own, not inlined into match_hashed with the other passes: the loops then get
 * registers of their own (inlined, the same source ran 25 us slower at DK-100k spread whenever
 * the other passes changed). */
#if defined(__GNUC__) || defined(__clang__)
#define CDIFF_NOINLINE __attribute__((noinline))
#else
#define CDIFF_NOINLINE
#endif

_Static_assert(TAG_MIN_SLOTS <= ((size_t)1 << 23), "in-slot refs need indices below 2^23 - 1");

/* The tag bits of a mixed fingerprint, in place: bits 24-31, well below the slot index's bits
 * (the high ones, see slot_of_mixed) and depending on every input bit below them. */
static inline uint32_t small_tag(uint64_t x) { return (uint32_t)x & SMALL_TAG; }

/* A ring entry: the home slot (below 2^32) and the tag bits, in one word. */
static inline uint64_t small_home(const table *t, uint64_t fingerprint) {
    const uint64_t x = mixed(t->keys, fingerprint);
    return (uint64_t)small_tag(x) << 32 | slot_of_mixed(x, t->capacity);
}

/* The slot holding `fingerprint`, or the empty slot where it belongs, from the home slot and tag
 * in `home`. `base[0]` are the old ids, `base[1]` the new middle's. Counts probes as find_from. */
static inline uint32_t *small_find(table *t, const uint64_t *const base[2], uint64_t fingerprint, uint64_t home) {
    uint32_t *slots = (uint32_t *)(void *)t->slots;
    const uint32_t tag_bits = (uint32_t)(home >> 32);
    size_t i = (uint32_t)home;
    for (;;) {
        const uint32_t s = slots[i];
        if (s == EMPTY || ((s ^ tag_bits) < (UINT32_C(1) << 24) && base[(s & SMALL_NEW) != 0][s & SMALL_INDEX] == fingerprint))
            return &slots[i];
        t->probes++;
        if (++i == t->capacity) i = 0;
    }
}

/* Ring of homes PIPE_DEPTH elements ahead, as the template's pipeline (only when pipelined). */
typedef struct small_ring {
    uint64_t home[PIPE_DEPTH];
} small_ring;

static inline void small_fetch(const table *t, small_ring *r, size_t position, uint64_t fingerprint) {
    const uint64_t home = small_home(t, fingerprint);
    r->home[position % PIPE_DEPTH] = home;
    CDIFF_PREFETCH_WRITE(&((uint32_t *)(void *)t->slots)[(uint32_t)home]);
}

static inline uint64_t small_next(const table *t, small_ring *r, bool pipelined, const uint64_t *ids, size_t j,
                                  size_t lo, size_t hi) {
    if (!pipelined) return small_home(t, ids[j]);
    const size_t position = j - lo;
    const uint64_t home = r->home[position % PIPE_DEPTH];
    if (j + PIPE_DEPTH < hi) small_fetch(t, r, position + PIPE_DEPTH, ids[j + PIPE_DEPTH]);
    return home;
}

static inline void small_start(const table *t, small_ring *r, bool pipelined, const uint64_t *ids, size_t lo,
                               size_t hi) {
    if (pipelined)
        for (size_t q = 0; q < PIPE_DEPTH && lo + q < hi; q++) small_fetch(t, r, q, ids[lo + q]);
}

/* As insert_old of match_pass.h (compact). */
CDIFF_NOINLINE static int insert_old_in_slot(table *t, const uint64_t *old_ids, size_t n) {
    const bool pipelined = t->capacity >= PREFETCH_MIN_SLOTS;
    const uint64_t *const base[2] = {old_ids, NULL};
    small_ring r;
    small_start(t, &r, pipelined, old_ids, 0, n);
    for (size_t k = 0; k < n; k++) {
        const uint64_t home = small_next(t, &r, pipelined, old_ids, k, 0, n);
        uint32_t *s = small_find(t, base, old_ids[k], home);
        if (CDIFF_UNLIKELY(t->probes > t->probe_limit)) return PASS_OVER_BUDGET;
        if (*s != EMPTY) return PASS_DUPLICATE;
        *s = (uint32_t)(home >> 32) | (uint32_t)k;
    }
    return PASS_CLEAN;
}

/* As pair_new of match_pass.h (compact), with the same prediction. */
CDIFF_NOINLINE static int pair_new_in_slot(table *t, const uint64_t *new_ids, size_t lo, size_t hi, size_t old_lo, size_t old_hi,
                            uint32_t *old_to_new, uint32_t *new_to_old, cdiff_gathered *g) {
    const bool pipelined = t->capacity >= PREFETCH_MIN_SLOTS;
    const uint64_t *const base[2] = {t->old_ids, new_ids + lo};
    small_ring r;
    small_start(t, &r, pipelined, new_ids, lo, hi);
    uint32_t *inserts = g->inserts, *values = g->values; /* the finish's lists (match_gather.h) */
    size_t insert_count = 0, value_count = 0;
    size_t predicted = old_lo;
    for (size_t j = lo; j < hi; j++) {
        const uint64_t home = small_next(t, &r, pipelined, new_ids, j, lo, hi);
        if (predicted < old_hi && t->old_ids[predicted] == new_ids[j]) {
            if (old_to_new[predicted] != CDIFF_NONE) return PASS_DUPLICATE;
            old_to_new[predicted] = (uint32_t)j;
            values[value_count++] = (uint32_t)predicted;
            new_to_old[j] = (uint32_t)predicted++;
            continue;
        }
        uint32_t *s = small_find(t, base, new_ids[j], home);
        if (CDIFF_UNLIKELY(t->probes > t->probe_limit)) return PASS_OVER_BUDGET;
        const uint32_t found = *s;
        if (found == EMPTY) {
            *s = (uint32_t)(home >> 32) | SMALL_NEW | (uint32_t)(j - lo);
            inserts[insert_count++] = (uint32_t)j;
            new_to_old[j] = CDIFF_NONE;
            continue;
        }
        const uint32_t ref = found & SMALL_INDEX;
        if ((found & SMALL_NEW) || ref < old_lo || ref >= old_hi || old_to_new[ref] != CDIFF_NONE) return PASS_DUPLICATE;
        old_to_new[ref] = (uint32_t)j;
        new_to_old[j] = ref;
        values[value_count++] = ref;
        predicted = (size_t)ref + 1;
    }
    g->insert_count = insert_count;
    g->value_count = value_count;
    return PASS_CLEAN;
}

#undef SMALL_NEW
#undef SMALL_INDEX
#undef SMALL_TAG
