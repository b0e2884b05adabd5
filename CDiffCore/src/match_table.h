/* The matcher's hash table, shared by the serial passes (match.c, match_pass.h) and the two-thread
 * passes (match_parallel.c): slot layout, the keyed slot function, the pipeline ring, pass outcomes.
 * Internal; see match.c for the design. */
#ifndef CDIFF_MATCH_TABLE_H
#define CDIFF_MATCH_TABLE_H

#include "internal.h"

#define EMPTY UINT32_MAX
#define NEW_TAG UINT32_C(0x80000000)
#define END_OF_CHAIN UINT32_C(0x7FFFFFFF) /* no further old occurrence */
#define SEEN_NEW UINT32_C(0x80000000)
#define INDEX_MASK UINT32_C(0x7FFFFFFF)

/* A slot that keeps its own tag (the untagged tables from IN_SLOT_MIN_SLOTS, serial and two-thread;
 * see match_first_plain.h): 8 bits of the mixed fingerprint above a 24-bit ref, bit 23 set for a
 * new element, the low 23 bits its index. */
#define SMALL_NEW UINT32_C(0x00800000)
#define SMALL_INDEX UINT32_C(0x007FFFFF)
#define SMALL_TAG UINT32_C(0xFF000000)

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
    cdiff_runner runner; /* the context's, or NULL: first passes then stay on the calling thread */
    void *runner_data;
    size_t parallel_min; /* the context's: elements from which first passes use the runner */
    size_t in_slot_max;  /* compact tables from this many slots keep tags in a byte array (match.c) */
    bool bucketed;       /* the in-slot passes probe by buckets (match_bucket.h; set by table_size) */
} table;

/* Probes past the first slot each table pass may spend per element before the match falls back
 * to sorting; random fingerprints at the table's load (at most 2/3) need about a quarter. The constant
 * lets small lists have an unlucky cluster without leaving the fast path. */
#define PROBES_PER_ELEMENT 2
#define PROBE_SLACK 4096

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

/* Outcomes of a table pass. */
enum { PASS_CLEAN = 0, PASS_DUPLICATE = 1, PASS_OVER_BUDGET = 2 };

/* ---- The compact first passes on two threads (match_parallel.c) ---- */

/* Whether the compact first passes over `elements` elements (old plus new's middle) run on two
 * threads: the table has a runner and the passes are large enough to pay for waking a second one. */
bool cdiff_match_parallel(const table *t, size_t elements);
/* Both compact first passes (old's inserts, then new[lo, hi) paired inside old[old_lo, old_hi)),
 * old_to_new[old_lo, old_hi) set to CDIFF_NONE first: the same outcome and, when clean, the same
 * maps as insert_old then pair_new of match_pass.h. Scratch: old_lists [n], new_lists [hi - lo].
 * `in_slot`: an untagged table keeps its tags in the slots (match_first_plain.h's layout). */
int cdiff_match_first_parallel(table *t, const uint64_t *old_ids, size_t n, const uint64_t *new_ids, size_t lo,
                               size_t hi, size_t old_lo, size_t old_hi, uint32_t *old_lists, uint32_t *new_lists,
                               uint32_t *old_to_new, uint32_t *new_to_old, bool in_slot);

#endif
