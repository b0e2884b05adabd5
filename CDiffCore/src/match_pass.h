/* The table passes, as a template: match.c includes this file four times, once for each pair of
 * MATCH_TAGGED (0 for tables the cache holds, 1 for larger ones: see TAG_MIN_SLOTS there, and for
 * the compact passes IN_SLOT_MAX_SLOTS) and
 * MATCH_COMPACT (1 for the first pass, whose slots hold a ref only: see match_hashed), so that each
 * variant is compiled on its own and none pays for another's checks. No include guard, on purpose.
 *
 * Tagged: every slot has a one-byte tag (bits of the element's mixed fingerprint its slot index does
 * not use); a probe reads the fingerprint a slot names (a second, random memory access) only when
 * the tags agree. Plain: it always reads it, which in a cached table is a cache hit.
 *
 * Compact: the first pass assumes what almost every diff has, no identity twice on either side, and
 * stops at the first sign of one (the full passes then redo the match). Under that assumption a
 * slot needs only its ref: the old element it names is paired when old_to_new says so, which the
 * pass writes anyway. Half the slot bytes: a table that stays in cache longer, and half the pages
 * a first diff at a new size pays a fault for. */
#if MATCH_TAGGED && MATCH_COMPACT
#define PASS(name) name##_tagged_compact
#elif MATCH_TAGGED
#define PASS(name) name##_tagged
#elif MATCH_COMPACT
#define PASS(name) name##_plain_compact
#else
#define PASS(name) name##_plain
#endif

#if MATCH_COMPACT
#define SLOT_TYPE uint32_t
#define SLOTS(t) ((uint32_t *)(void *)(t)->slots)
#define REF(s) (*(s))
#else
#define SLOT_TYPE slot
#define SLOTS(t) ((t)->slots)
#define REF(s) ((s)->ref)
#endif

#if !MATCH_QUIET /* the quiet instantiation reuses the listing one's helpers and insert pass */
/* The slot holding `fingerprint`, or the empty slot where it belongs, probing from slot `i` (the
 * fingerprint's own slot). Counts the probes past the first slot; the callers stop once the
 * budget is spent, so no walk is longer than it. Tagged, `*index` receives the slot's index (a
 * new entry's tag is written there). */
static inline SLOT_TYPE *PASS(find_from)(table *t, uint64_t fingerprint, size_t i, tag expected, size_t *index) {
    for (;;) {
        SLOT_TYPE *s = &SLOTS(t)[i];
#if MATCH_TAGGED
        if (REF(s) == EMPTY || (t->tags[i] == expected && fingerprint_of(t, REF(s)) == fingerprint)) {
            *index = i;
            return s;
        }
#else
        (void)expected;
        (void)index;
        if (REF(s) == EMPTY || fingerprint_of(t, REF(s)) == fingerprint) return s;
#endif
        t->probes++;
        if (++i == t->capacity) i = 0;
    }
}

/* Stage 1 for the element at `position` (positions count the pass's elements from 0): its slot
 * and tag are computed, kept in the ring and fetched. */
static inline void PASS(pipe_fetch_slot)(table *t, pipeline *p, size_t position, uint64_t fingerprint) {
    uint64_t x = mixed(t->keys, fingerprint);
    size_t i = slot_of_mixed(x, t->capacity);
    p->slot_index[position % PIPE_DEPTH] = i;
    CDIFF_PREFETCH_WRITE(&SLOTS(t)[i]);
#if MATCH_TAGGED
    p->tags[position % PIPE_DEPTH] = tag_of_mixed(x);
    CDIFF_PREFETCH_WRITE(&t->tags[i]);
#endif
}

#if MATCH_TAGGED
/* Stage 2 (tagged passes only: their tables outgrow the cache, and in a smaller table the fetch
 * only cost time, 9% at DK-100k with clang): the slot of the element at `position` has arrived;
 * fetch the fingerprint it names if the tags agree. */
static inline void PASS(pipe_fetch_fingerprint)(const table *t, const pipeline *p, size_t position) {
    size_t i = p->slot_index[position % PIPE_DEPTH];
    uint32_t ref = REF(&SLOTS(t)[i]);
    if (t->tags[i] != p->tags[position % PIPE_DEPTH]) return;
    if (ref != EMPTY) CDIFF_PREFETCH_READ((ref & NEW_TAG) ? &t->new_ids[ref & INDEX_MASK] : &t->old_ids[ref]);
}
#endif

/* An element's own slot and tag: from the ring when pipelined, computed otherwise. */
static inline size_t PASS(home)(const table *t, const pipeline *p, bool pipelined, size_t position,
                                uint64_t fingerprint, tag *expected) {
    if (pipelined) {
#if MATCH_TAGGED
        *expected = p->tags[position % PIPE_DEPTH];
#endif
        return p->slot_index[position % PIPE_DEPTH];
    }
    uint64_t x = mixed(t->keys, fingerprint);
    *expected = tag_of_mixed(x);
    return slot_of_mixed(x, t->capacity);
}

/* An ascending walk over ids[lo, hi): walk_start fills the pipeline with its first elements, and
 * walk_home gives the home slot (and tag) of ids[j], fetching the later elements' slots (and, in
 * tagged passes, fingerprints) as it goes. */
static inline void PASS(walk_start)(table *t, pipeline *p, bool pipelined, const uint64_t *ids, size_t lo, size_t hi) {
    if (pipelined)
        for (size_t q = 0; q < PIPE_DEPTH && lo + q < hi; q++) PASS(pipe_fetch_slot)(t, p, q, ids[lo + q]);
}

static inline size_t PASS(walk_home)(table *t, pipeline *p, bool pipelined, const uint64_t *ids, size_t j, size_t lo,
                                     size_t hi, tag *expected) {
    const size_t position = j - lo;
    const size_t start = PASS(home)(t, p, pipelined, position, ids[j], expected);
    if (pipelined) {
#if MATCH_TAGGED
        if (j + PIPE_DEPTH / 2 < hi) PASS(pipe_fetch_fingerprint)(t, p, position + PIPE_DEPTH / 2);
#endif
        if (j + PIPE_DEPTH < hi) PASS(pipe_fetch_slot)(t, p, position + PIPE_DEPTH, ids[j + PIPE_DEPTH]);
    }
    return start;
}

#endif

#if MATCH_COMPACT
#if !MATCH_QUIET
/* The compact first pass over old: inserts every old element. PASS_DUPLICATE, at once, when an
 * identity occurs twice (the slots are then left half built: the caller redoes the match). */
static int PASS(insert_old)(table *t, const uint64_t *old_ids, size_t n) {
    const bool pipelined = t->capacity >= PREFETCH_MIN_SLOTS;
    pipeline p;
    PASS(walk_start)(t, &p, pipelined, old_ids, 0, n);
    for (size_t k = 0; k < n; k++) {
        tag expected = 0;
        size_t start = PASS(walk_home)(t, &p, pipelined, old_ids, k, 0, n, &expected), index = 0;
        uint32_t *s = PASS(find_from)(t, old_ids[k], start, expected, &index);
        if (CDIFF_UNLIKELY(t->probes > t->probe_limit)) return PASS_OVER_BUDGET;
        if (*s != EMPTY) return PASS_DUPLICATE;
        *s = (uint32_t)k;
#if MATCH_TAGGED
        t->tags[index] = expected;
#endif
    }
    return PASS_CLEAN;
}
#endif

/* The compact first pass over new[lo, hi), against a table of old elements without duplicates:
 * pairs each new element with the old one of its identity. old_to_new[old_lo, old_hi) must be
 * CDIFF_NONE on entry: an old element is paired once it is not. PASS_DUPLICATE, at once, on any
 * sign of a duplicate in new: an identity seen twice in new's middle (a new-only one, or an old one
 * already paired), or an old element outside [old_lo, old_hi) (its identity also occurs in new's
 * trimmed ends, which pair with old's). */
#if MATCH_QUIET
#define LISTING 0
CDIFF_NOINLINE static int PASS(pair_new_quiet)(table *t, const uint64_t *new_ids, size_t lo, size_t hi, size_t old_lo,
                                size_t old_hi, uint32_t *old_to_new, uint32_t *new_to_old, cdiff_gathered *g) {
#else
#define LISTING !MATCH_TAGGED
CDIFF_NOINLINE static int PASS(pair_new)(table *t, const uint64_t *new_ids, size_t lo, size_t hi, size_t old_lo, size_t old_hi,
                          uint32_t *old_to_new, uint32_t *new_to_old, cdiff_gathered *g) {
#endif
    const bool pipelined = t->capacity >= PREFETCH_MIN_SLOTS;
    pipeline p;
    PASS(walk_start)(t, &p, pipelined, new_ids, lo, hi);
#if !LISTING
    (void)g; /* tagged: the tags may lie where the inserts would be listed; quiet: not wanted */
#else
    /* The finish's lists (match_gather.h), written as the pairs are found. */
    uint32_t *inserts = g->inserts, *tops = g->tops, *piles = g->piles;
    uint32_t lis_length = 0, lis_top = 0;
    size_t insert_count = 0, value_count = 0;
#endif
    /* The old element after the last one paired: most new elements are the successor of their
     * predecessor's partner (edits are runs, most rows keep their order). Old has no duplicates
     * here, so when that element has new[j]'s identity it is the one the table would find, and
     * the probe (a random read of its slot, then of its fingerprint) is skipped. */
    size_t predicted = old_lo;
    for (size_t j = lo; j < hi; j++) {
        tag expected = 0;
        size_t start = PASS(walk_home)(t, &p, pipelined, new_ids, j, lo, hi, &expected), index = 0;
        if (predicted < old_hi && t->old_ids[predicted] == new_ids[j]) {
            if (old_to_new[predicted] != CDIFF_NONE) return PASS_DUPLICATE;
            old_to_new[predicted] = (uint32_t)j;
#if LISTING
            cdiff_lis_feed(tops, piles, value_count++, (uint32_t)predicted, &lis_length, &lis_top);
#endif
            new_to_old[j] = (uint32_t)predicted++;
            continue;
        }
        uint32_t *s = PASS(find_from)(t, new_ids[j], start, expected, &index);
        if (CDIFF_UNLIKELY(t->probes > t->probe_limit)) return PASS_OVER_BUDGET;
        const uint32_t ref = *s;
        if (ref == EMPTY) {
            *s = (uint32_t)j | NEW_TAG;
#if MATCH_TAGGED
            t->tags[index] = expected;
#endif
#if LISTING
            inserts[insert_count++] = (uint32_t)j;
#endif
            new_to_old[j] = CDIFF_NONE;
            continue;
        }
        if ((ref & NEW_TAG) || ref < old_lo || ref >= old_hi || old_to_new[ref] != CDIFF_NONE) return PASS_DUPLICATE;
        old_to_new[ref] = (uint32_t)j;
        new_to_old[j] = ref;
#if LISTING
        cdiff_lis_feed(tops, piles, value_count++, ref, &lis_length, &lis_top);
#endif
        predicted = (size_t)ref + 1;
    }
#if LISTING
    g->insert_count = insert_count;
    g->value_count = value_count;
    g->values = NULL; /* fed to the LIS instead */
    g->lis_length = lis_length;
#endif
    return PASS_CLEAN;
}
#undef LISTING

#else
/* Inserts every old element, last to first, so each slot's cursor ends at the first occurrence and
 * chain[i] links occurrence i to the next one. PASS_DUPLICATE when an identity occurs twice. */
static int PASS(insert_old)(table *t, const uint64_t *old_ids, size_t n, uint32_t *chain) {
    int duplicate = PASS_CLEAN;
    const bool pipelined = t->capacity >= PREFETCH_MIN_SLOTS;
    pipeline p;
    /* Positions count up as k counts down (position n - 1 - k), so the ring works the same way. */
    if (pipelined)
        for (size_t q = 0; q < PIPE_DEPTH && q < n; q++) PASS(pipe_fetch_slot)(t, &p, q, old_ids[n - 1 - q]);
    for (size_t k = n; k-- > 0;) {
        const size_t position = n - 1 - k;
        tag expected = 0;
        size_t start = PASS(home)(t, &p, pipelined, position, old_ids[k], &expected), index = 0;
        if (pipelined) {
#if MATCH_TAGGED
            if (k >= PIPE_DEPTH / 2) PASS(pipe_fetch_fingerprint)(t, &p, position + PIPE_DEPTH / 2);
#endif
            if (k >= PIPE_DEPTH) PASS(pipe_fetch_slot)(t, &p, position + PIPE_DEPTH, old_ids[k - PIPE_DEPTH]);
        }
        slot *s = PASS(find_from)(t, old_ids[k], start, expected, &index);
        if (CDIFF_UNLIKELY(t->probes > t->probe_limit)) return PASS_OVER_BUDGET;
        if (s->ref == EMPTY) {
            s->ref = (uint32_t)k;
#if MATCH_TAGGED
            t->tags[index] = expected;
#endif
            chain[k] = END_OF_CHAIN;
        } else {
            chain[k] = s->cursor;
            duplicate = PASS_DUPLICATE;
        }
        s->cursor = (uint32_t)k;
    }
    return duplicate;
}

/* Pairs new[lo, hi) against the table. With trimming (no old duplicates), an identity found at an
 * old index outside [old_lo, old_hi) also occurs in new's trimmed ends: a new duplicate.
 * PASS_DUPLICATE when a duplicate in new was seen. */
static int PASS(pair_new)(table *t, const uint64_t *new_ids, size_t lo, size_t hi, size_t old_lo, size_t old_hi,
                          const uint32_t *chain, uint32_t *old_to_new, uint32_t *new_to_old) {
    bool duplicate = false;
    const bool pipelined = t->capacity >= PREFETCH_MIN_SLOTS;
    pipeline p;
    PASS(walk_start)(t, &p, pipelined, new_ids, lo, hi);
    for (size_t j = lo; j < hi; j++) {
        tag expected = 0;
        size_t start = PASS(walk_home)(t, &p, pipelined, new_ids, j, lo, hi, &expected), index = 0;
        slot *s = PASS(find_from)(t, new_ids[j], start, expected, &index);
        if (CDIFF_UNLIKELY(t->probes > t->probe_limit)) return PASS_OVER_BUDGET;
        new_to_old[j] = CDIFF_NONE;
        if (s->ref == EMPTY) {
            s->ref = (uint32_t)j | NEW_TAG;
#if MATCH_TAGGED
            t->tags[index] = expected;
#endif
            s->cursor = END_OF_CHAIN | SEEN_NEW;
            continue;
        }
        if (s->cursor & SEEN_NEW) duplicate = true;
        uint32_t next = s->cursor & INDEX_MASK;
        if (next == END_OF_CHAIN || next < old_lo || next >= old_hi) {
            duplicate |= (s->ref & NEW_TAG) == 0 && next != END_OF_CHAIN;
            s->cursor |= SEEN_NEW;
            continue;
        }
        old_to_new[next] = (uint32_t)j;
        new_to_old[j] = next;
        s->cursor = chain[next] | SEEN_NEW;
    }
    return duplicate ? PASS_DUPLICATE : PASS_CLEAN;
}

#endif

#undef PASS
#undef SLOT_TYPE
#undef SLOTS
#undef REF
