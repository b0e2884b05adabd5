/* Matching: pairs the k-th occurrence of an identity in old with its k-th occurrence in new.
 *
 * Fast path: trim the common prefix and suffix, put every old identity in an open-addressing
 * table (so duplicates anywhere in old are seen), and probe it with the new middle only. When no
 * identity occurs twice on either side, positional pairing of the trimmed ends is exactly k-th
 * pairing. If any duplicate shows up, the trimmed pairing may differ from k-th pairing, so the
 * match is redone over the whole lists — rare, and still linear.
 *
 * Table slots are 8 bytes: `ref` names the element whose fingerprint the slot holds (an old index,
 * or a new index tagged with NEW_TAG for identities only new has), and `cursor` is the next old
 * occurrence not yet paired (the chain continues through BUF_CHAIN), with SEEN_NEW set once a new
 * element probed the slot. The first pass, which stops at the first duplicate, needs no cursor:
 * its slots are 4 bytes, the ref alone (see match_pass.h). The fingerprint itself is read from the
 * caller's arrays: the table stays small enough to live in cache, and most probes hit at the first
 * slot.
 *
 * Hostile input: fingerprints come from outside (an integer id is its own fingerprint), so a
 * fixed slot function would let anyone build a list whose elements all want one slot, making
 * every probe walk a cluster: quadratic time. Two defences. The slot function is keyed by a
 * per-context secret (multiply-shift with a random odd multiplier: universal, so without the
 * secret no input collides more than random ones do). And every table pass has a probe budget, a
 * few probes per element: input that exhausts it (built with the secret, or by sheer bad luck)
 * gets one more try under freshly drawn keys — the old ones are evidently known — and if that
 * also runs over, it is matched by sorting (match_sorted.c), O(n + m) radix passes whatever the
 * fingerprints. Either way the result is the same: it depends on the fingerprints only, never on
 * the secret or on which way it was found.
 */
#include "internal.h"

#include <string.h>

#define EMPTY UINT32_MAX
#define NEW_TAG UINT32_C(0x80000000)
#define END_OF_CHAIN UINT32_C(0x7FFFFFFF) /* no further old occurrence */
#define SEEN_NEW UINT32_C(0x80000000)
#define INDEX_MASK UINT32_C(0x7FFFFFFF)

typedef struct slot {
    uint32_t ref;
    uint32_t cursor;
} slot;

/* Beside the slots, a one-byte tag per slot: bits of the element's mixed fingerprint that its slot
 * index does not use. A probe compares the tag first and reads the fingerprint (a second, random
 * memory access) only when the tags agree: in a walk past occupied slots, all but about one in
 * 256 strangers are told apart without it (two bytes were no faster at 1M, and a first diff pays
 * for every page it writes). Tags are written with their slot, never cleared: a tag is read only
 * for an occupied slot. They cost no memory of their own: they live in the spare buffer the sorted
 * fallback would use (see tag_storage), idle while the table runs. */
typedef uint8_t tag;

typedef struct table {
    slot *slots;    /* the compact first pass reads this memory as 4-byte slots (see match_pass.h) */
    tag *tags;      /* [capacity] for this pass, or NULL (see table_clear) */
    tag *tag_store; /* where tags go in passes that have them, or NULL (see tag_storage) */
    size_t capacity;
    size_t max_capacity; /* slots reserved: table_capacity(n, m) */
    const uint64_t *old_ids;
    const uint64_t *new_ids;
    cdiff_match_keys keys;
    size_t probes;      /* probes past the first slot, since the table was created */
    size_t probe_limit; /* the budget: past it, the pass gives up (see table_clear) */
} table;

/* Probes past the first slot each table pass may spend per element before the match falls back
 * to sorting; random fingerprints at the table's load (at most 2/3) need about a quarter. The constant
 * lets small lists have an unlucky cluster without leaving the fast path. */
#define PROBES_PER_ELEMENT 2
#define PROBE_SLACK 4096

/* Slots for n + m entries at a load factor of at most 2/3. */
static size_t table_capacity(size_t n, size_t m) { return n + m + (n + m) / 2 + 16; }

size_t cdiff_match_table_bytes(size_t n, size_t m) { return table_capacity(n, m) * sizeof(slot); }

/* Multiply-shift keyed by the context's secret: the high bits of multiplier * x, with x the
 * fingerprint flipped by the other key and folded so its high half reaches the low one (small
 * integers differ only in low bits). The multiply-high maps onto any capacity without a
 * power-of-two rounding. */
static inline uint64_t mixed(cdiff_match_keys keys, uint64_t fingerprint) {
    uint64_t x = fingerprint ^ keys.flip;
    x ^= x >> 33;
    return x * keys.multiplier;
}

static inline size_t slot_of_mixed(uint64_t x, size_t capacity) {
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    return (size_t)(((u128)x * (u128)capacity) >> 64);
#else
    return (size_t)((x >> 32) * (uint64_t)capacity >> 32); /* capacity < 2^32 here */
#endif
}

/* The slot index comes from the high bits of the mixed value; the tag takes low ones. */
static inline tag tag_of_mixed(uint64_t x) { return (tag)x; }

static inline uint64_t fingerprint_of(const table *t, uint32_t ref) {
    return (ref & NEW_TAG) ? t->new_ids[ref & INDEX_MASK] : t->old_ids[ref];
}

/* Tables larger than the cache would make every insert and probe wait for memory twice: for the
 * slot, then for the fingerprint the slot names (to compare it). A pipeline overlaps those waits:
 * an element's slot (and tag) is computed and fetched PIPE_DEPTH elements ahead and, in tagged
 * passes, the fingerprint its slot names PIPE_DEPTH / 2 elements ahead, by which time the slot has
 * arrived. The ring keeps each slot index, so the hash is computed once. A table that fits the
 * first-level cache (32 KB of slots) is not pipelined: there it would only add work. These are
 * hints only: a slot filled meanwhile changes nothing but the hint's use. The passes themselves
 * are in match_pass.h. */
#define PIPE_DEPTH 16 /* a power of two */
#define PREFETCH_MIN_SLOTS 4096

typedef struct pipeline {
    size_t slot_index[PIPE_DEPTH];
    tag tags[PIPE_DEPTH]; /* tagged passes only */
} pipeline;

/* Only passes over tables well past the cache (TAG_MIN_SLOTS slots, 4 MB) use tags: in a smaller
 * table the fingerprint a probe reads is mostly a cache hit, and tags only add work (measured, C
 * bench: tags made 2.4 MB tables 3-8% slower with clang, 1M 25% faster). */
#define TAG_MIN_SLOTS ((size_t)1 << 19)

/* Sizes the table for `elements` insertions and lookups (at most that many entries), empties it
 * and grants the pass its budget; `compact`: 4-byte slots (the first pass). Only the slots in use
 * are cleared, so only their pages are ever touched: BUF_SCRATCH is reserved for the largest pass,
 * but a pass over a trimmed middle writes far less of it (a first diff at a new size pays a page
 * fault for every page it writes). The probe walk of one element may overshoot the budget, but by
 * less than the table's size, and only once: the pass stops right after it. */
static void table_clear(table *t, size_t elements, bool compact) {
    /* A load of 2/3 at most. Below TAG_MIN_SLOTS, 0.4 where the reserved bytes allow (compact
     * slots always do): there every probe past an element's own slot reads another element's
     * fingerprint to compare it. Measured with clang, C bench: DK-100k 1.13 ms at a load of 1/2,
     * 1.03 at 0.4, 0.97 at 1/3, but the first diff writes 300, 368 and 437 fresh pages; 0.4 is
     * faster than 1/2 for no slower a first diff. Tagged passes skip almost all of those reads,
     * and keep the smaller table (a first diff pays a page fault for every page of it). */
    const size_t tight = table_capacity(elements, 0), roomy = tight + elements;
    const bool tagged = tight >= TAG_MIN_SLOTS;
    const size_t reserved = compact ? 2 * t->max_capacity : t->max_capacity;
    t->capacity = tagged || roomy > reserved ? tight : roomy;
    t->tags = tagged ? t->tag_store : NULL;
    memset(t->slots, 0xFF, t->capacity * (compact ? sizeof(uint32_t) : sizeof(slot)));
    t->probe_limit = t->probes + PROBE_SLACK + PROBES_PER_ELEMENT * elements;
}

/* Outcomes of a table pass. */
enum { PASS_CLEAN = 0, PASS_DUPLICATE = 1, PASS_OVER_BUDGET = 2 };

#define MATCH_COMPACT 0
#define MATCH_TAGGED 0
#include "match_pass.h"
#undef MATCH_TAGGED
#define MATCH_TAGGED 1
#include "match_pass.h"
#undef MATCH_TAGGED
#undef MATCH_COMPACT
#define MATCH_COMPACT 1
#define MATCH_TAGGED 0
#include "match_pass.h"
#undef MATCH_TAGGED
#define MATCH_TAGGED 1
#include "match_pass.h"
#undef MATCH_TAGGED
#undef MATCH_COMPACT

static int insert_old_first(table *t, const uint64_t *old_ids, size_t n) {
    return t->tags ? insert_old_tagged_compact(t, old_ids, n) : insert_old_plain_compact(t, old_ids, n);
}

static int pair_new_first(table *t, const uint64_t *new_ids, size_t lo, size_t hi, size_t old_lo, size_t old_hi,
                          uint32_t *old_to_new, uint32_t *new_to_old) {
    return t->tags ? pair_new_tagged_compact(t, new_ids, lo, hi, old_lo, old_hi, old_to_new, new_to_old)
                   : pair_new_plain_compact(t, new_ids, lo, hi, old_lo, old_hi, old_to_new, new_to_old);
}

static int insert_old(table *t, const uint64_t *old_ids, size_t n, uint32_t *chain) {
    return t->tags ? insert_old_tagged(t, old_ids, n, chain) : insert_old_plain(t, old_ids, n, chain);
}

static int pair_new(table *t, const uint64_t *new_ids, size_t lo, size_t hi, size_t old_lo, size_t old_hi,
                    const uint32_t *chain, uint32_t *old_to_new, uint32_t *new_to_old) {
    return t->tags ? pair_new_tagged(t, new_ids, lo, hi, old_lo, old_hi, chain, old_to_new, new_to_old)
                   : pair_new_plain(t, new_ids, lo, hi, old_lo, old_hi, chain, old_to_new, new_to_old);
}

/* Lists, ascending, every index whose identity occurs more than once, from chains where chain[k]
 * is the next occurrence of k's identity (or END_OF_CHAIN). Bit 31 marks members in place. */
static size_t collect_duplicates(uint32_t *chain, size_t count, uint32_t *out) {
    for (size_t k = 0; k < count; k++) {
        uint32_t next = chain[k] & INDEX_MASK;
        if (next != END_OF_CHAIN) {
            chain[k] |= SEEN_NEW;
            chain[next] |= SEEN_NEW;
        }
    }
    size_t found = 0;
    for (size_t k = 0; k < count; k++)
        if (chain[k] & SEEN_NEW) out[found++] = (uint32_t)k;
    return found;
}

/* The match through the table; false when a pass ran out of its probe budget (the outputs are
 * then partly written, and the caller starts over by sorting). */
static bool match_hashed(table *t, const uint64_t *old_ids, size_t n, const uint64_t *new_ids, size_t m, size_t prefix,
                         size_t suffix, uint32_t *chain, const cdiff_match_output *out, cdiff_match *result) {
    uint32_t *old_to_new = out->old_to_new, *new_to_old = out->new_to_old;
    /* Entries of the first pass: every old element, and the new middle's identities that old
     * lacks. The trimmed ends are never looked up, so the table is sized without them. The pass is
     * compact (no chains, no cursors): it stops at the first duplicate, and the redo below builds
     * those. Their memory is then never touched. */
    table_clear(t, n + (m - prefix - suffix), true);
    int pass = insert_old_first(t, old_ids, n);
    if (pass == PASS_OVER_BUDGET) return false;
    if (pass == PASS_CLEAN) {
        for (size_t k = prefix; k < n - suffix; k++) old_to_new[k] = CDIFF_NONE; /* the ends follow */
        pass = pair_new_first(t, new_ids, prefix, m - suffix, prefix, n - suffix, old_to_new, new_to_old);
        if (pass == PASS_OVER_BUDGET) return false;
        if (pass == PASS_CLEAN) {
            for (size_t k = 0; k < prefix; k++) old_to_new[k] = new_to_old[k] = (uint32_t)k;
            for (size_t k = 0; k < suffix; k++) {
                old_to_new[n - 1 - k] = (uint32_t)(m - 1 - k);
                new_to_old[m - 1 - k] = (uint32_t)(n - 1 - k);
            }
            result->prefix = prefix;
            result->suffix = suffix;
            return true;
        }
    }
    /* A duplicate on either side: trimmed pairing may differ from k-th pairing, so redo over the
     * whole lists (the old chains come out the same). */
    table_clear(t, n + m, false);
    int old_pass = insert_old(t, old_ids, n, chain);
    if (old_pass == PASS_OVER_BUDGET) return false;
    const bool old_duplicate = old_pass == PASS_DUPLICATE;
    for (size_t k = 0; k < n; k++) old_to_new[k] = CDIFF_NONE;
    if (pair_new(t, new_ids, 0, m, 0, n, chain, old_to_new, new_to_old) == PASS_OVER_BUDGET) return false;
    if (old_duplicate) {
        /* Pairing advanced the slots' cursors but left chain[] as insert_old built it: collect from it. */
        result->old_duplicate_count = collect_duplicates(chain, n, out->old_dups);
    }
    /* New duplicates: chain the new side the same way and collect. */
    t->old_ids = new_ids; /* the table now holds new elements as plain refs */
    table_clear(t, m, false);
    if (insert_old(t, new_ids, m, chain) == PASS_OVER_BUDGET) return false;
    result->new_duplicate_count = collect_duplicates(chain, m, out->new_dups);
    return true;
}

/* Where the tags go: the larger of the sort's two spare buffers, which holds 8 bytes per element
 * of its side, so at least 4 * (n + m) bytes: more than the largest pass's n + m + (n + m) / 2 + 16
 * tags. NULL when no pass can be large enough to use them. */
static tag *tag_storage(const cdiff_match_output *output, size_t n, size_t m) {
    if (table_capacity(n, m) < TAG_MIN_SLOTS) return NULL;
    return n >= m ? output->old_spare : output->new_spare;
}

/* A table over the context's scratch for matching n old against m new elements, under the
 * context's current keys, with `probes` already spent; sized by its first table_clear. */
static table table_over(const cdiff_context *context, const cdiff_match_output *output, const uint64_t *old_ids,
                        size_t n, const uint64_t *new_ids, size_t m, size_t probes) {
    table t = {context->buffers[BUF_SCRATCH].data, NULL, tag_storage(output, n, m), 0, table_capacity(n, m),
               old_ids, new_ids, context->keys, probes, 0};
    return t;
}

void cdiff_match_lists(cdiff_context *context, const uint64_t *old_ids, size_t n, const uint64_t *new_ids,
                       size_t m, const cdiff_match_output *output, cdiff_match *result) {
    table t = table_over(context, output, old_ids, n, new_ids, m, 0);
    uint32_t *chain = context->buffers[BUF_CHAIN].data;
    memset(result, 0, sizeof *result);

    size_t prefix = 0, suffix = 0;
    while (prefix < n && prefix < m && old_ids[prefix] == new_ids[prefix]) prefix++;
    while (suffix < n - prefix && suffix < m - prefix && old_ids[n - 1 - suffix] == new_ids[m - 1 - suffix])
        suffix++;

    bool hashed = !context->force_sorted && match_hashed(&t, old_ids, n, new_ids, m, prefix, suffix, chain, output, result);
    if (!hashed && !context->force_sorted && !context->keep_keys) {
        /* Over budget: whoever built this input knew the keys (or it is very bad luck). Fresh
         * keys make it ordinary input again; one more budgeted try, then the sort. */
        cdiff_context_redraw_match_keys(context);
        context->stats.redraws++;
        t = table_over(context, output, old_ids, n, new_ids, m, t.probes);
        memset(result, 0, sizeof *result);
        hashed = match_hashed(&t, old_ids, n, new_ids, m, prefix, suffix, chain, output, result);
    }
    context->stats.probes += t.probes;
    if (hashed) return;
    memset(result, 0, sizeof *result);
    cdiff_match_sorted(old_ids, n, new_ids, m, prefix, suffix, context->buffers[BUF_SCRATCH].data, chain, output, result);
    context->stats.sorted_levels++;
}
