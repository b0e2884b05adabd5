/* The compact first passes (see match_pass.h) on two threads, for a context given a runner.
 *
 * The table is split in two halves, and so is each side: an element belongs to the half named by
 * the top bit of its mixed fingerprint (the other bits pick its slot there, as in the serial
 * passes). Equal fingerprints fall in the same half, so each half is a match of its own: its old
 * elements inserted into its half of the table, then its new elements paired against them. Two
 * runner calls, each of two units:
 * 1. Split: unit r takes region r (half of each side by index) and lists every element of it
 *    under its half (into scratch the first pass leaves idle), so no element is hashed twice.
 * 2. Match: unit h inserts half h's old elements, then pairs half h's new ones, exactly as the
 *    serial passes do, in its half of the table.
 * Task h runs unit h, and the other one too if it finds it not yet started (below).
 * No two units write the same memory: a unit owns its half of the table (slots and tags), the
 * new_to_old entries of its new elements and the old_to_new entries of its old ones. No locks;
 * the runner's join orders everything before the caller reads it. Half 0 walks its elements up
 * and half 1 down, so that they write the ends of the maps (the cache lines they share) at
 * different times.
 *
 * Either task takes over the other's unit when it finds it not yet started: each task runs its
 * own unit (split region, or half) and then the other one, each claimed first by an atomic
 * exchange, so that every unit runs exactly once, on whichever thread gets to it first. A helper
 * thread that is late to start (its core busy with another process, as on the 2-vCPU machine the
 * bench runs on) no longer makes the caller wait for all of its half: the caller, done with its
 * own, does it too, and the helper, once it runs, finds nothing left. Where a helper that started
 * is preempted in the middle of its unit, the caller still waits for it. Without C11 atomics
 * (__STDC_NO_ATOMICS__) each task runs its own unit only, as before.
 *
 * A pass is clean only when no identity occurs twice anywhere, and then every pairing is forced
 * (each identity occurs once per side): the result is the serial pass's, byte for byte. On any
 * duplicate, or a spent budget, the caller redoes the match serially, as after the serial pass.
 *
 * Prediction, as in the serial pass but per half: a half's previous pair (j', i') predicts that
 * new[j] pairs with old[i' + (j - j')]: in a run of rows that kept their order, that holds whatever
 * elements of the other half lie between. Old has no duplicates once its inserts were clean, so a
 * prediction that names new[j]'s identity is the pair the table would give.
 *
 * The budget: each half gets half of what the serial passes would have.
 */
#include "match_bucket.h"
#include "match_table.h"

#include <string.h>
#if !defined(__STDC_NO_ATOMICS__)
#include <stdatomic.h>
#endif

bool cdiff_match_parallel(const table *t, size_t elements) {
    return t->runner != NULL && elements >= t->parallel_min && t->capacity >= 4;
}

/* The half an element belongs to, and its slot and tag in that half's table. */
static inline unsigned half_of(uint64_t x) { return (unsigned)(x >> 63); }
static inline size_t slot_in_half(uint64_t x, size_t half_capacity) { return slot_of_mixed(x << 1, half_capacity); }

/* One side's split: elements [0, count) in two index regions (cut), each listed at the same
 * positions of `lists`: region r's half-0 elements ascending from its start, its half-1 elements
 * descending from its end (so half 1 reads them in descending order too). */
typedef struct side_split {
    const uint64_t *ids;
    size_t base, count, cut; /* elements base + [0, count); region 0 is [0, cut) */
    uint32_t *lists;         /* [count] */
    size_t listed[2][2];     /* [region][half] */
} side_split;

/* One half's share of the match: its half of the table (a table of its own, with its own probe
 * count and budget) and its outcome. */
typedef struct share {
    _Alignas(128) table t; /* on lines of its own: its unit updates it at every probe */
    int outcome;
} share;

typedef struct shared_match {
    side_split old_side, new_side;
    share shares[2];
    size_t old_lo, old_hi; /* old's middle: the new middle pairs only inside it */
    uint32_t *old_to_new, *new_to_old;
    bool in_slot;  /* untagged tables keep tags in their slots (IN_SLOT) */
    bool bucketed; /* and probe them by buckets (BUCKETED) */
#if !defined(__STDC_NO_ATOMICS__)
    atomic_bool taken[2][2]; /* [runner call][unit]: claimed by a task */
#endif
} shared_match;

/* Whether the calling task may run unit `unit` of runner call `call` (0: split, 1: match): always
 * its own; the other's only if no task claimed it yet (see the top of the file). The exchange
 * needs no ordering of its own: the unit's memory is the claimer's alone, and the runner's join
 * publishes it. */
static bool claim(shared_match *match, unsigned call, unsigned unit, size_t task) {
#if !defined(__STDC_NO_ATOMICS__)
    (void)task;
    return !atomic_exchange_explicit(&match->taken[call][unit], true, memory_order_relaxed);
#else
    (void)match;
    (void)call;
    return unit == task;
#endif
}

/* Lists region r of a side under the halves, without a branch per element: each element is
 * written at both ends, and the end that is not its own is overwritten later or lies in the gap
 * between the two lists (when the lists meet, both writes name the same element). */
static void split_region(side_split *side, cdiff_match_keys keys, unsigned r) {
    const size_t first = r == 0 ? 0 : side->cut, end = r == 0 ? side->cut : side->count;
    uint32_t *front = side->lists + first, *back = side->lists + end;
    size_t zeros = 0, ones = 0;
    for (size_t k = first; k < end; k++) {
        const unsigned half = half_of(mixed(keys, side->ids[side->base + k]));
        const uint32_t element = (uint32_t)(side->base + k);
        front[zeros] = element;
        back[-1 - (ptrdiff_t)ones] = element;
        zeros += half ^ 1u;
        ones += half;
    }
    side->listed[r][0] = zeros;
    side->listed[r][1] = ones;
}

/* Split unit `unit`: region `unit` of each side listed, and half `unit` of the table emptied (here,
 * on whichever core runs the unit, not by the caller). */
static void split_unit(shared_match *match, unsigned unit) {
    table *t = &match->shares[unit].t;
    memset(t->slots, 0xFF, t->capacity * sizeof(uint32_t));
    split_region(&match->old_side, match->shares[0].t.keys, unit);
    split_region(&match->new_side, match->shares[0].t.keys, unit);
    /* old's middle starts unpaired: this unit's region of it */
    const size_t first = unit == 0 ? match->old_lo : match->old_side.cut > match->old_lo ? match->old_side.cut : match->old_lo;
    const size_t end = unit == 0 ? (match->old_side.cut < match->old_hi ? match->old_side.cut : match->old_hi) : match->old_hi;
    for (size_t k = first; k < end; k++) match->old_to_new[k] = CDIFF_NONE;
}

static void split_task(void *argument, size_t index) {
    shared_match *match = argument;
    if (index > 1) return;
    for (unsigned k = 0; k < 2; k++) { /* its own unit, then the other's */
        const unsigned unit = (unsigned)index ^ k;
        if (claim(match, 0, unit, index)) split_unit(match, unit);
    }
}

/* Half h's elements of a side, in its walking order, as two lists: up for half 0 (region 0's list,
 * then region 1's), down for half 1 (region 1's, then region 0's, each stored descending). */
typedef struct segment {
    const uint32_t *elements;
    size_t count;
} segment;

static void segments_of(const side_split *side, unsigned h, segment out[2]) {
    const size_t zero = side->listed[0][h], one = side->listed[1][h];
    if (h == 0) {
        out[0] = (segment){side->lists, zero};
        out[1] = (segment){side->lists + side->cut, one};
    } else {
        out[0] = (segment){side->lists + side->count - one, one};
        out[1] = (segment){side->lists + side->cut - zero, zero};
    }
}

/* How a pass tells its slots' elements apart, as the serial passes do (match.c): PLAIN reads the
 * fingerprint a slot names, TAGGED compares a tag from the tags' array first, IN_SLOT a tag kept in
 * the slot itself (the SMALL_* layout of match_table.h, a new element counted from the new
 * middle's start), BUCKETED the same slots probed by buckets of eight (match_bucket.h: the halves of
 * the tables the serial passes probe that way; 1M on two threads, tests/worker.c's runner, medians
 * of 30 warm diffs, interleaved three times at a load of 3.6: 10.9-11.1 -> 8.6-8.8 ms). Every pass below takes it as a constant (the callers
 * branch once per list), so that each is compiled once per kind, without the others' code. */
enum { PLAIN, TAGGED, IN_SLOT, BUCKETED };
#define TAGS_IN_SLOTS(kind) ((kind) == IN_SLOT || (kind) == BUCKETED)
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* How far ahead a list's slots are fetched: as the serial passes do (match_first_plain.h), 32
 * elements for bucketed tables. 1M on two threads (worker runner, medians of 30 warm diffs, four
 * interleaved pairs at a load of 2.5): 9.6-11.1 -> 8.9-9.4 ms. */
#if CDIFF_BUCKETS
#define RING_SIZE 32
#define DEPTH(kind) ((kind) == BUCKETED ? (size_t)32 : (size_t)PIPE_DEPTH)
#else
#define RING_SIZE PIPE_DEPTH
#define DEPTH(kind) ((size_t)PIPE_DEPTH)
#endif

/* The slots (and tags) of the next DEPTH(kind) elements of a list, fetched ahead. */
typedef struct ring {
    size_t slot_index[RING_SIZE];
    uint32_t bits[RING_SIZE]; /* IN_SLOT, BUCKETED: the tag bits, in place (SMALL_TAG) */
    tag tags[RING_SIZE];      /* TAGGED */
} ring;

static ALWAYS_INLINE void ring_fetch(const table *t, ring *r, uint64_t fingerprint, size_t q, const int kind) {
    const uint64_t x = mixed(t->keys, fingerprint);
#if CDIFF_BUCKETS
    const size_t i = kind == BUCKETED ? slot_in_half(x, t->capacity / BUCKET_SLOTS) * BUCKET_SLOTS
                                      : slot_in_half(x, t->capacity);
#else
    const size_t i = slot_in_half(x, t->capacity);
#endif
    r->slot_index[q % DEPTH(kind)] = i;
    if (TAGS_IN_SLOTS(kind)) r->bits[q % DEPTH(kind)] = (uint32_t)x & SMALL_TAG;
    CDIFF_PREFETCH_WRITE((uint32_t *)(void *)t->slots + i);
    if (kind == TAGGED) {
        r->tags[q % DEPTH(kind)] = tag_of_mixed(x);
        CDIFF_PREFETCH_WRITE(t->tags + i);
    }
}

/* Fills the ring with the first DEPTH(kind) elements of a list. */
static ALWAYS_INLINE void ring_start(const table *t, ring *r, const uint64_t *ids, segment list, const int kind) {
    for (size_t q = 0; q < DEPTH(kind) && q < list.count; q++) ring_fetch(t, r, ids[list.elements[q]], q, kind);
}

/* The list's element at q, with its home slot and tag from the ring (IN_SLOT: its tag bits, in
 * `expected_bits`), which then fetches the element DEPTH(kind) further on. */
static ALWAYS_INLINE uint32_t ring_next(const table *t, ring *r, const uint64_t *ids, segment list, size_t q,
                                        size_t *home, tag *expected, uint32_t *expected_bits, const int kind) {
    const size_t depth = DEPTH(kind);
    *home = r->slot_index[q % depth];
    *expected = kind == TAGGED ? r->tags[q % depth] : 0;
    *expected_bits = TAGS_IN_SLOTS(kind) ? r->bits[q % depth] : 0;
    if (q + depth < list.count) ring_fetch(t, r, ids[list.elements[q + depth]], q + depth, kind);
    return list.elements[q];
}

/* The slot holding `fingerprint`, or the empty one where it belongs, from slot `i` (BUCKETED: the
 * home bucket's first). IN_SLOT and BUCKETED read a slot's fingerprint only when its tag bits are
 * `expected_bits`: from `old_ids` for an old element, `new_middle` for a new one. */
static ALWAYS_INLINE uint32_t *find(table *t, uint64_t fingerprint, size_t i, tag expected, uint32_t expected_bits,
                                    const uint64_t *new_middle, size_t *index, const int kind) {
    uint32_t *slots = (uint32_t *)(void *)t->slots;
#if CDIFF_BUCKETS
    if (kind == BUCKETED)
        for (;;) {
            unsigned empty, tagged;
            bucket_scan(&slots[i], expected_bits, &empty, &tagged);
            for (; tagged != 0; tagged &= tagged - 1) {
                const uint32_t ref = slots[i + bucket_first(tagged)];
                if (((ref & SMALL_NEW) ? new_middle : t->old_ids)[ref & SMALL_INDEX] == fingerprint) {
                    *index = i + bucket_first(tagged);
                    return &slots[*index];
                }
                t->probes += 2; /* a stranger with our tag: see match_bucket.h */
            }
            if (empty != 0) {
                *index = i + bucket_first(empty);
                return &slots[*index];
            }
            t->probes++;
            i += BUCKET_SLOTS;
            if (i == t->capacity) i = 0;
        }
#endif
    for (;;) {
        const uint32_t ref = slots[i];
        if (ref == EMPTY) break;
        if (kind == IN_SLOT) {
            if ((ref ^ expected_bits) < (UINT32_C(1) << 24) &&
                ((ref & SMALL_NEW) ? new_middle : t->old_ids)[ref & SMALL_INDEX] == fingerprint)
                break;
        } else if ((kind == PLAIN || t->tags[i] == expected) && fingerprint_of(t, ref) == fingerprint) {
            break;
        }
        t->probes++;
        if (++i == t->capacity) i = 0;
    }
    *index = i;
    return &slots[i];
}

static ALWAYS_INLINE int insert_list(table *t, const uint64_t *ids, segment list, const int kind) {
    ring r;
    ring_start(t, &r, ids, list, kind);
    for (size_t q = 0; q < list.count; q++) {
        size_t home, index;
        tag expected;
        uint32_t bits;
        const uint32_t k = ring_next(t, &r, ids, list, q, &home, &expected, &bits, kind);
        uint32_t *slot = find(t, ids[k], home, expected, bits, NULL, &index, kind);
        if (CDIFF_UNLIKELY(t->probes > t->probe_limit)) return PASS_OVER_BUDGET;
        if (*slot != EMPTY) return PASS_DUPLICATE;
        *slot = TAGS_IN_SLOTS(kind) ? bits | k : k;
        if (kind == TAGGED) t->tags[index] = expected;
    }
    return PASS_CLEAN;
}

static int insert_half(table *t, const shared_match *match, unsigned h) {
    const side_split *old_side = &match->old_side;
    segment lists[2];
    segments_of(old_side, h, lists);
    for (int k = 0; k < 2; k++) {
        int outcome;
        if (t->tags) outcome = insert_list(t, old_side->ids, lists[k], TAGGED);
#if CDIFF_BUCKETS
        else if (match->bucketed) outcome = insert_list(t, old_side->ids, lists[k], BUCKETED);
#endif
        else if (match->in_slot) outcome = insert_list(t, old_side->ids, lists[k], IN_SLOT);
        else outcome = insert_list(t, old_side->ids, lists[k], PLAIN);
        if (outcome != PASS_CLEAN) return outcome;
    }
    return PASS_CLEAN;
}

/* The half's previous pair, from which it predicts the next (carried from one list to the next). */
typedef struct previous_pair {
    bool known;
    size_t new_index, old_index;
} previous_pair;

static ALWAYS_INLINE int pair_list(table *t, const shared_match *match, segment list, previous_pair *previous,
                                   const int kind) {
    const uint64_t *ids = match->new_side.ids, *new_middle = ids + match->new_side.base;
    ring r;
    ring_start(t, &r, ids, list, kind);
    for (size_t q = 0; q < list.count; q++) {
        size_t home;
        tag expected;
        uint32_t bits;
        const uint32_t j = ring_next(t, &r, ids, list, q, &home, &expected, &bits, kind);
        const uint64_t fingerprint = ids[j];
        size_t ref = SIZE_MAX;
        if (previous->known) {
            /* Wraps walking down: the same sum. */
            const size_t predicted = previous->old_index + (j - previous->new_index);
            if (predicted >= match->old_lo && predicted < match->old_hi && t->old_ids[predicted] == fingerprint)
                ref = predicted;
        }
        if (ref == SIZE_MAX) {
            size_t index;
            uint32_t *slot = find(t, fingerprint, home, expected, bits, new_middle, &index, kind);
            if (CDIFF_UNLIKELY(t->probes > t->probe_limit)) return PASS_OVER_BUDGET;
            if (*slot == EMPTY) {
                *slot = TAGS_IN_SLOTS(kind) ? bits | SMALL_NEW | (uint32_t)(j - match->new_side.base) : j | NEW_TAG;
                if (kind == TAGGED) t->tags[index] = expected;
                match->new_to_old[j] = CDIFF_NONE;
                continue;
            }
            const uint32_t found = *slot;
            if (found & (TAGS_IN_SLOTS(kind) ? SMALL_NEW : NEW_TAG)) return PASS_DUPLICATE;
            ref = TAGS_IN_SLOTS(kind) ? found & SMALL_INDEX : found;
            if (ref < match->old_lo || ref >= match->old_hi) return PASS_DUPLICATE;
        }
        if (match->old_to_new[ref] != CDIFF_NONE) return PASS_DUPLICATE;
        match->old_to_new[ref] = j;
        match->new_to_old[j] = (uint32_t)ref;
        *previous = (previous_pair){true, j, ref};
    }
    return PASS_CLEAN;
}

static int pair_half(table *t, const shared_match *match, unsigned h) {
    segment lists[2];
    segments_of(&match->new_side, h, lists);
    previous_pair previous = {false, 0, 0};
    for (int k = 0; k < 2; k++) {
        int outcome;
        if (t->tags) outcome = pair_list(t, match, lists[k], &previous, TAGGED);
#if CDIFF_BUCKETS
        else if (match->bucketed) outcome = pair_list(t, match, lists[k], &previous, BUCKETED);
#endif
        else if (match->in_slot) outcome = pair_list(t, match, lists[k], &previous, IN_SLOT);
        else outcome = pair_list(t, match, lists[k], &previous, PLAIN);
        if (outcome != PASS_CLEAN) return outcome;
    }
    return PASS_CLEAN;
}

/* At most how many slots half h fills: its old elements and its new ones. The serial passes'
 * table always has more slots than elements, but a half holds only about 3/4 of the elements'
 * count when the table is at its tightest (2/3 full, from TAG_MIN_SLOTS), so input built against
 * the keys can send it more elements than slots, each to a slot of its own: no probe is counted,
 * the half fills up, and the next walk never meets an empty slot (it looped forever: test_hostile).
 * Such a half is judged over budget before it starts, so every walk ends; random input is never
 * near it. */
static size_t entries_of(const shared_match *match, unsigned h) {
    return match->old_side.listed[0][h] + match->old_side.listed[1][h] + match->new_side.listed[0][h] +
           match->new_side.listed[1][h];
}

static void match_task(void *argument, size_t index) {
    shared_match *match = argument;
    if (index > 1) return;
    for (unsigned k = 0; k < 2; k++) { /* its own half, then the other's */
        const unsigned unit = (unsigned)index ^ k;
        if (!claim(match, 1, unit, index)) continue;
        share *s = &match->shares[unit];
        if (entries_of(match, unit) >= s->t.capacity) { /* see entries_of */
            s->outcome = PASS_OVER_BUDGET;
            continue;
        }
        s->outcome = insert_half(&s->t, match, unit);
        if (s->outcome == PASS_CLEAN) s->outcome = pair_half(&s->t, match, unit);
    }
}

int cdiff_match_first_parallel(table *t, const uint64_t *old_ids, size_t n, const uint64_t *new_ids, size_t lo,
                               size_t hi, size_t old_lo, size_t old_hi, uint32_t *old_lists, uint32_t *new_lists,
                               uint32_t *old_to_new, uint32_t *new_to_old, bool in_slot) {
    shared_match match = {
        .old_side = {.ids = old_ids, .base = 0, .count = n, .cut = n / 2, .lists = old_lists},
        .new_side = {.ids = new_ids, .base = lo, .count = hi - lo, .cut = (hi - lo) / 2, .lists = new_lists},
        .old_lo = old_lo, .old_hi = old_hi, .old_to_new = old_to_new, .new_to_old = new_to_old,
        .in_slot = in_slot && t->tags == NULL, .bucketed = in_slot && t->tags == NULL && t->bucketed};
    const size_t half_capacity = t->capacity / 2;
    const size_t left = t->probe_limit > t->probes ? t->probe_limit - t->probes : 0;
    for (unsigned h = 0; h < 2; h++) {
        share *s = &match.shares[h];
        s->t = *t;
        s->t.slots = (slot *)(void *)((uint32_t *)(void *)t->slots + h * half_capacity);
        s->t.tags = t->tags ? t->tags + h * half_capacity : NULL;
        s->t.capacity = half_capacity;
#if CDIFF_BUCKETS
        if (match.bucketed) { /* whole buckets only, from the half's first aligned one */
            const uintptr_t base = (uintptr_t)(void *)s->t.slots;
            const size_t skipped = (size_t)((BUCKET_BYTES - base % BUCKET_BYTES) % BUCKET_BYTES) / sizeof(uint32_t);
            s->t.slots = (slot *)(void *)((uint32_t *)(void *)s->t.slots + skipped);
            s->t.capacity = (half_capacity - skipped) / BUCKET_SLOTS * BUCKET_SLOTS;
        }
#endif
        s->t.probes = 0;
        s->t.probe_limit = left / 2;
        s->outcome = PASS_OVER_BUDGET; /* a task the runner failed to run must not read as clean */
    }
#if !defined(__STDC_NO_ATOMICS__)
    for (unsigned call = 0; call < 2; call++)
        for (unsigned unit = 0; unit < 2; unit++) atomic_init(&match.taken[call][unit], false);
#endif
    /* The lists store positions within the side's split range (new's are offset by lo). */
    t->runner(t->runner_data, 2, split_task, &match);
    t->runner(t->runner_data, 2, match_task, &match);
    t->probes += match.shares[0].t.probes + match.shares[1].t.probes;
    const int a = match.shares[0].outcome, b = match.shares[1].outcome;
    return a > b ? a : b;
}
