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
 *
 * Two threads: a context given a runner (cdiff_context_set_runner) runs the compact first passes
 * of large diffs as two independent halves (match_parallel.c), with the same outcome.
 */
#include "match_bucket.h"
#include "match_gather.h"
#include "match_table.h"
#include "phase_times.h"

#include <string.h>

/* Slots for n + m entries at a load factor of at most 2/3. */
static size_t table_capacity(size_t n, size_t m) { return n + m + (n + m) / 2 + 16; }

size_t cdiff_match_table_bytes(size_t n, size_t m) { return table_capacity(n, m) * sizeof(slot); }

/* Only passes over tables well past the cache (TAG_MIN_SLOTS slots, 4 MB) use tags: in a smaller
 * table the fingerprint a probe reads is mostly a cache hit, and tags only add work (measured, C
 * bench: tags made 2.4 MB tables 3-8% slower with clang, 1M 25% faster). */
#define TAG_MIN_SLOTS ((size_t)1 << 19)

/* The compact first passes keep their tags in the slots themselves (match_first_plain.h) up to this
 * many slots, the most whose element indices fit the slot's 23 bits; past it (lists of over 5M
 * elements) in the byte array. In the slot, a probe costs one random access instead of two (slot,
 * then its tag byte): measured, C bench, thread CPU time, interleaved: 1M 13.0-13.4 -> 10.1-11.7
 * ms, 1M spread 29.0 -> 24.7-26.1 (tables of 2M and 2.7M slots). A context's in_slot_max_slots
 * lowers it (tests, so that the byte-array passes run at sizes a test can afford). */
#define IN_SLOT_MAX_SLOTS ((size_t)1 << 23)

/* Sizes the table for `elements` insertions and lookups (at most that many entries) and grants the
 * pass its budget; `compact`: 4-byte slots (the first pass). table_clear also empties it (the
 * two-thread first passes empty their halves themselves, on both cores). Only the slots in use
 * are cleared, so only their pages are ever touched: BUF_SCRATCH is reserved for the largest pass,
 * but a pass over a trimmed middle writes far less of it (a first diff at a new size pays a page
 * fault for every page it writes). The probe walk of one element may overshoot the budget, but by
 * less than the table's size, and only once: the pass stops right after it. */
static void table_size(table *t, size_t elements, bool compact) {
    /* A load of 2/3 at most. Below TAG_MIN_SLOTS, the full passes 0.4 where the reserved bytes
     * allow, the compact ones lower (below): there every probe past an element's own slot reads another element's
     * fingerprint to compare it. Measured with clang, C bench: DK-100k 1.13 ms at a load of 1/2,
     * 1.03 at 0.4, 0.97 at 1/3, but the first diff writes 300, 368 and 437 fresh pages; 0.4 is
     * faster than 1/2 for no slower a first diff. Tables past TAG_MIN_SLOTS carry tags (in their
     * slots or beside them), which skip almost all of those reads, and keep the smaller table (a
     * first diff pays a page fault for every page of it). */
    const size_t tight = table_capacity(elements, 0);
    const bool tagged = tight >= (compact ? t->in_slot_max : TAG_MIN_SLOTS);
    const size_t reserved = compact ? 2 * t->max_capacity : t->max_capacity;
    /* Compact passes below TAG_MIN_SLOTS: a load of 1/4 where the reserved bytes allow, else as
     * low as they do. What a probe costs there is mostly the mispredicted exit of its walk, not
     * the cache: thread CPU time, C bench (gcc), interleaved, DK-100k (140k elements) 0.58-0.60 ms
     * at 0.4 -> 0.48-0.50 at 1/4 (0.80-0.83 at 2/3); DK-100k spread and sectioned, whose tables are
     * held to about 1/3 by the reservation, 1.04-1.10 -> 1.03-1.07 and unchanged. The first diff
     * at a new size writes more pages (DK-100k: 467 -> 672). */
    const size_t roomy = compact ? cdiff_min_size(tight + elements * 5 / 2, reserved) : tight + elements;
    t->capacity = tight >= TAG_MIN_SLOTS || roomy > reserved ? tight : roomy;
    t->tags = tagged ? t->tag_store : NULL;
    /* The tightest in-slot tables probe by buckets where that is built (match_bucket.h). */
    t->bucketed = CDIFF_BUCKETS && compact && !tagged && tight >= TAG_MIN_SLOTS;
    t->probe_limit = t->probes + PROBE_SLACK + PROBES_PER_ELEMENT * elements;
}

static void table_clear(table *t, size_t elements, bool compact) {
    table_size(t, elements, compact);
    memset(t->slots, 0xFF, t->capacity * (compact ? sizeof(uint32_t) : sizeof(slot)));
}

/* The first passes over new are compiled on their own, not inlined into match_hashed: inlined,
 * the same loops ran slower whenever another pass changed (register allocation and layout). */
#if defined(__GNUC__) || defined(__clang__)
#define CDIFF_NOINLINE __attribute__((noinline))
#else
#define CDIFF_NOINLINE
#endif
#define MATCH_QUIET 0
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
/* The compact plain pass over new once more, listing nothing: feeding the LIS is work, which a
 * caller that will not read it (a sectioned diff of several sections) should not pay for, nor a
 * flat diff for a branch per element that skips it (measured, 20 sections x 500 rows: 160 us at
 * 1cdcc96, 192 listing, 167 with such a branch, which cost flat reverse-10k 5 %). */
#undef MATCH_QUIET
#define MATCH_QUIET 1
#include "match_pass.h"
#undef MATCH_QUIET
#define MATCH_QUIET 0
#undef MATCH_TAGGED
#define MATCH_TAGGED 1
#include "match_pass.h"
#undef MATCH_TAGGED
#undef MATCH_COMPACT

/* From this many slots (256 KB of compact slots, half the second-level cache of the machines
 * measured) to TAG_MIN_SLOTS, the compact passes keep a tag in each slot (match_first_plain.h).
 * Measured with clang, C bench, interleaved: DK-100k spread's first passes (a 2 MB table) 1.09-1.20
 * ms -> 1.04-1.06; at DK-5k (60 KB) the in-slot tags cost 3 us of 26. */
#define IN_SLOT_MIN_SLOTS ((size_t)1 << 16)
#include "match_first_plain.h"

/* Whether the untagged compact passes keep tags in their slots: for tables from IN_SLOT_MIN_SLOTS
 * when the caller reads the lists (match_gather.h), and for every table from TAG_MIN_SLOTS (far past
 * the cache, where a tag saves a random read per probe; the lists it writes are then unused). Without the
 * lists the quiet template pass is faster there too (C bench, sectioned 100 x 1000, whose rows
 * table is 2 MB: clang 1.570-1.597 -> 1.493-1.527 ms, gcc 1.601-1.623 -> 1.493-1.500); with them,
 * the in-slot pass, which lists the LIS input where the template pass feeds it (DK-100k spread:
 * clang 1.558-1.572 -> 1.454-1.469 ms, gcc 1.647-1.666 -> 1.559-1.571). */
static bool tags_in_slots(const table *t, const cdiff_gathered *g) {
    return t->capacity >= IN_SLOT_MIN_SLOTS && (g->wanted || t->capacity >= TAG_MIN_SLOTS);
}

/* Whether the two-thread first passes keep tags in their slots: from IN_SLOT_MIN_SLOTS slots of the
 * whole table (each half has half of them), whether or not the caller reads the lists (those
 * passes list nothing; the serial quiet pass was faster than the in-slot one only because that one
 * lists). Measured, pthread worker, min_elements 131072, interleaved: DK-100k spread and the
 * sectioned rows 1-4 % faster, DK-100k 1-2 % slower (its long runs leave few probes to save). */
static bool parallel_in_slot(const table *t) { return t->capacity >= IN_SLOT_MIN_SLOTS; }

static int insert_old_first(table *t, const uint64_t *old_ids, size_t n, const cdiff_gathered *g) {
    if (t->tags) return insert_old_tagged_compact(t, old_ids, n);
#if CDIFF_BUCKETS
    if (t->bucketed) return insert_old_bucketed(t, old_ids, n);
#endif
    return tags_in_slots(t, g) ? insert_old_in_slot(t, old_ids, n) : insert_old_plain_compact(t, old_ids, n);
}

/* `g` is filled only by the untagged passes: PASS_CLEAN then means its lists are complete. */
static int pair_new_first(table *t, const uint64_t *new_ids, size_t lo, size_t hi, size_t old_lo, size_t old_hi,
                          uint32_t *old_to_new, uint32_t *new_to_old, cdiff_gathered *g) {
    if (t->tags) return pair_new_tagged_compact(t, new_ids, lo, hi, old_lo, old_hi, old_to_new, new_to_old, g);
    int pass;
#if CDIFF_BUCKETS
    if (t->bucketed) {
        pass = pair_new_bucketed(t, new_ids, lo, hi, old_lo, old_hi, old_to_new, new_to_old, g);
        g->done = pass == PASS_CLEAN && g->wanted;
        return pass;
    }
#endif
    if (tags_in_slots(t, g))
        pass = pair_new_in_slot(t, new_ids, lo, hi, old_lo, old_hi, old_to_new, new_to_old, g);
    else if (g->wanted)
        pass = pair_new_plain_compact(t, new_ids, lo, hi, old_lo, old_hi, old_to_new, new_to_old, g);
    else
        pass = pair_new_quiet_plain_compact(t, new_ids, lo, hi, old_lo, old_hi, old_to_new, new_to_old, g);
    g->done = pass == PASS_CLEAN && g->wanted;
    return pass;
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
/* Where the two-thread first passes list the new middle's elements (4 bytes each): a spare buffer
 * the passes leave idle (the one without the tags, or the room after them). NULL if none fits. */
static uint32_t *new_list_storage(const table *t, const cdiff_match_output *out, size_t n, size_t m, size_t middle) {
    if (t->tags == NULL || t->tag_store == (tag *)out->old_spare) return out->new_spare;
    const size_t used = (t->capacity + 7) / 8 * 8, room = n >= m ? 8 * n : 8 * m; /* the tags' buffer */
    return room >= used + 4 * middle ? (uint32_t *)(void *)((unsigned char *)t->tag_store + used) : NULL;
}

/* The compact first passes, on two threads when the table allows (see match_parallel.c). */
static int match_first(table *t, const uint64_t *old_ids, size_t n, const uint64_t *new_ids, size_t m, size_t prefix,
                       size_t suffix, uint32_t *chain, const cdiff_match_output *out, cdiff_gathered *g) {
    uint32_t *old_to_new = out->old_to_new, *new_to_old = out->new_to_old;
    const size_t middle = m - prefix - suffix;
    table_size(t, n + middle, true);
    uint32_t *new_lists = cdiff_match_parallel(t, n + middle) ? new_list_storage(t, out, n, m, middle) : NULL;
    if (new_lists != NULL) { /* each task empties its own half of the table */
        CDIFF_PHASE_START(both);
        const int pass = cdiff_match_first_parallel(t, old_ids, n, new_ids, prefix, m - suffix, prefix, n - suffix,
                                                    chain, new_lists, old_to_new, new_to_old, parallel_in_slot(t));
        CDIFF_PHASE_ADD(both, CDIFF_PHASE_FIRST_TWO);
        return pass;
    }
    CDIFF_PHASE_START(clear);
    memset(t->slots, 0xFF, t->capacity * sizeof(uint32_t));
    CDIFF_PHASE_ADD(clear, CDIFF_PHASE_CLEAR);
    CDIFF_PHASE_START(inserts);
    int pass = insert_old_first(t, old_ids, n, g);
    CDIFF_PHASE_ADD(inserts, CDIFF_PHASE_INSERT_OLD);
    if (pass != PASS_CLEAN) return pass;
    CDIFF_PHASE_START(pairs);
    for (size_t k = prefix; k < n - suffix; k++) old_to_new[k] = CDIFF_NONE; /* the ends follow */
    /* The serial passes leave the chains and the new side's spare (8 bytes per new element) idle:
     * the finish's lists go there. The inserts fill the spare's first half at most; the piles go in
     * its second half, the tops (or, in passes over tables from IN_SLOT_MIN_SLOTS, the old indices
     * themselves) in the chains. */
    g->inserts = out->new_spare;
    g->piles = g->inserts + m;
    g->tops = g->values = chain;
    pass = pair_new_first(t, new_ids, prefix, m - suffix, prefix, n - suffix, old_to_new, new_to_old, g);
    CDIFF_PHASE_ADD(pairs, CDIFF_PHASE_PAIR_NEW);
    return pass;
}

/* map[k] = k + offset (mod 2^32) for k in [first, end): the trimmed ends' positional pairs, most
 * of a list. Ascending, one map at a time (clang vectorizes that: with the trimming's scans,
 * DK-100k 0.438-0.451 -> 0.411-0.433 ms, clang, thread CPU time), and in blocks of eight, which gcc
 * -O2 vectorizes too (its -O2 cost model leaves scalar a loop that would need a remainder): gcc,
 * medians of 400 warm diffs, interleaved three times, DK-100k (60,000 rows of suffix a side)
 * 0.444-0.449 -> 0.420-0.424 ms. */
static void count_up(uint32_t *map, size_t first, size_t end, uint32_t offset) {
    size_t k = first;
    for (; k + 8 <= end; k += 8)
        for (size_t q = 0; q < 8; q++) map[k + q] = (uint32_t)(k + q) + offset;
    for (; k < end; k++) map[k] = (uint32_t)k + offset;
}

/* match_hashed's redo over the whole lists after a duplicate; false when a pass ran out of budget. */
static bool match_redo(table *t, const uint64_t *old_ids, size_t n, const uint64_t *new_ids, size_t m, uint32_t *chain,
                       const cdiff_match_output *out, cdiff_match *result) {
    uint32_t *old_to_new = out->old_to_new, *new_to_old = out->new_to_old;
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

static bool match_hashed(table *t, const uint64_t *old_ids, size_t n, const uint64_t *new_ids, size_t m, size_t prefix,
                         size_t suffix, uint32_t *chain, const cdiff_match_output *out, cdiff_match *result,
                         cdiff_gathered *g) {
    uint32_t *old_to_new = out->old_to_new, *new_to_old = out->new_to_old;
    /* Entries of the first pass: every old element, and the new middle's identities that old
     * lacks. The trimmed ends are never looked up, so the table is sized without them. The pass is
     * compact (no chains, no cursors): it stops at the first duplicate, and the redo below builds
     * those. Their memory is then never touched. */
    const int pass = match_first(t, old_ids, n, new_ids, m, prefix, suffix, chain, out, g);
    if (pass == PASS_OVER_BUDGET) return false;
    if (pass == PASS_CLEAN) {
        /* Old index i pairs with i + m - n, mod 2^32 (see count_up). */
        CDIFF_PHASE_START(ends);
        count_up(old_to_new, 0, prefix, 0);
        count_up(new_to_old, 0, prefix, 0);
        count_up(old_to_new, n - suffix, n, (uint32_t)(m - n));
        count_up(new_to_old, m - suffix, m, (uint32_t)(n - m));
        CDIFF_PHASE_ADD(ends, CDIFF_PHASE_ENDS);
        result->prefix = prefix;
        result->suffix = suffix;
        return true;
    }
    /* A duplicate on either side: trimmed pairing may differ from k-th pairing, so redo over the
     * whole lists (the old chains come out the same). The redo overwrites the first pass's lists. */
    g->done = false;
    CDIFF_PHASE_START(redo);
    const bool redone = match_redo(t, old_ids, n, new_ids, m, chain, out, result);
    CDIFF_PHASE_ADD(redo, CDIFF_PHASE_REDO);
    return redone;
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
               old_ids, new_ids, context->keys, probes, 0, context->runner, context->runner_data,
               context->parallel_min,
               context->in_slot_max_slots > 0 && context->in_slot_max_slots < IN_SLOT_MAX_SLOTS ? context->in_slot_max_slots
                                                                                               : IN_SLOT_MAX_SLOTS,
               false};
    return t;
}

void cdiff_match_lists(cdiff_context *context, const uint64_t *old_ids, size_t n, const uint64_t *new_ids,
                       size_t m, const cdiff_match_output *output, cdiff_match *result) {
    cdiff_gathered unused = {0};
    cdiff_match_lists_gathered(context, old_ids, n, new_ids, m, output, result, &unused);
}

void cdiff_match_lists_gathered(cdiff_context *context, const uint64_t *old_ids, size_t n, const uint64_t *new_ids,
                                size_t m, const cdiff_match_output *output, cdiff_match *result,
                                cdiff_gathered *gathered) {
    gathered->done = false;
    table t = table_over(context, output, old_ids, n, new_ids, m, 0);
    uint32_t *chain = context->buffers[BUF_CHAIN].data;
    memset(result, 0, sizeof *result);

    CDIFF_PHASE_START(trim);
    size_t prefix = 0, suffix = 0;
    /* Four pairs at a time while the ends agree (one branch per four: the ends are most of a list),
     * then one at a time to the first difference. */
    const size_t shorter = n < m ? n : m;
    while (prefix + 4 <= shorter) {
        const uint64_t *o = old_ids + prefix, *w = new_ids + prefix;
        if (((o[0] ^ w[0]) | (o[1] ^ w[1]) | (o[2] ^ w[2]) | (o[3] ^ w[3])) != 0) break;
        prefix += 4;
    }
    while (prefix < shorter && old_ids[prefix] == new_ids[prefix]) prefix++;
    while (suffix + 4 <= shorter - prefix) {
        const uint64_t *o = old_ids + n - suffix - 4, *w = new_ids + m - suffix - 4;
        if (((o[0] ^ w[0]) | (o[1] ^ w[1]) | (o[2] ^ w[2]) | (o[3] ^ w[3])) != 0) break;
        suffix += 4;
    }
    while (suffix < shorter - prefix && old_ids[n - 1 - suffix] == new_ids[m - 1 - suffix]) suffix++;
    CDIFF_PHASE_ADD(trim, CDIFF_PHASE_TRIM);

    bool hashed = !context->force_sorted &&
                  match_hashed(&t, old_ids, n, new_ids, m, prefix, suffix, chain, output, result, gathered);
    if (!hashed && !context->force_sorted && !context->keep_keys) {
        /* Over budget: whoever built this input knew the keys (or it is very bad luck). Fresh
         * keys make it ordinary input again; one more budgeted try, then the sort. */
        cdiff_context_redraw_match_keys(context);
        context->stats.redraws++;
        t = table_over(context, output, old_ids, n, new_ids, m, t.probes);
        memset(result, 0, sizeof *result);
        hashed = match_hashed(&t, old_ids, n, new_ids, m, prefix, suffix, chain, output, result, gathered);
    }
    context->stats.probes += t.probes;
    if (hashed) return;
    memset(result, 0, sizeof *result);
    CDIFF_PHASE_START(sorted);
    cdiff_match_sorted(old_ids, n, new_ids, m, prefix, suffix, context->buffers[BUF_SCRATCH].data, chain, output, result);
    CDIFF_PHASE_ADD(sorted, CDIFF_PHASE_SORTED);
    context->stats.sorted_levels++;
}
