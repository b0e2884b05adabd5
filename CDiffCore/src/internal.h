/* Internal declarations shared by the CDiffCore sources. Nothing here is exported. */
#ifndef CDIFF_INTERNAL_H
#define CDIFF_INTERNAL_H

#include "CDiffCore.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Branch hints, and cache fetches for reads (0) or writes (1) a loop will make soon: hints only. */
#if defined(__GNUC__) || defined(__clang__)
#define CDIFF_LIKELY(x) __builtin_expect(!!(x), 1)
#define CDIFF_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define CDIFF_PREFETCH_READ(address) __builtin_prefetch((address), 0)
#define CDIFF_PREFETCH_WRITE(address) __builtin_prefetch((address), 1)
#else
#define CDIFF_LIKELY(x) (x)
#define CDIFF_UNLIKELY(x) (x)
#define CDIFF_PREFETCH_READ(address) ((void)(address))
#define CDIFF_PREFETCH_WRITE(address) ((void)(address))
#endif

/* The context's scratch and result memory: one grow-only buffer per role, so a diff that is no
 * larger than an earlier one on the same context allocates nothing. */
enum cdiff_buffer_id {
    BUF_SCRATCH,     /* hash table, then LIS arrays and per-row section indices; then the patch's scratch */
    BUF_CHAIN,       /* next-occurrence chains of the matcher */
    BUF_OLD_TO_NEW,  /* element-level (flat, or rows) results */
    BUF_NEW_TO_OLD,
    BUF_DEL_MOVES,   /* deletes, then moves, packed: deletes + moves <= old count */
    BUF_INS_UPDATES, /* inserts, then updates, packed: inserts + updates <= new count */
    BUF_OLD_DUPS,
    BUF_NEW_DUPS,
    BUF_S_OLD_TO_NEW, /* section-level results of a sectioned diff */
    BUF_S_NEW_TO_OLD,
    BUF_S_DEL_MOVES,
    BUF_S_INS_UPDATES,
    BUF_S_OLD_DUPS,
    BUF_S_NEW_DUPS,
    BUF_OLD_START,   /* row offset of each section, plus the total: [sections + 1] */
    BUF_NEW_START,
    BUF_PATCH_STEPS,
    BUF_COUNT
};

/* The matcher's per-context secret and what the last diff's matching did (tests read it). */
typedef struct cdiff_match_keys {
    uint64_t flip;       /* xored into every fingerprint before mixing */
    uint64_t multiplier; /* odd: the multiply-shift step's random multiplier */
} cdiff_match_keys;

typedef struct cdiff_match_stats {
    size_t probes;        /* probes past an element's first slot, over the last diff */
    size_t redraws;       /* levels whose first table ran over budget, so the keys were redrawn */
    size_t sorted_levels; /* levels (flat list, sections, rows) the last diff matched by sorting */
} cdiff_match_stats;

typedef struct cdiff_buffer {
    void *data;
    size_t capacity; /* bytes */
} cdiff_buffer;

/* What the last diff left for cdiff_patch. */
enum cdiff_result_kind { RESULT_NONE = 0, RESULT_FLAT, RESULT_SECTIONED };

struct cdiff_context {
    cdiff_allocator allocator;
    cdiff_buffer buffers[BUF_COUNT];
    enum cdiff_result_kind result_kind;
    /* The last result, in the unified shape the patch reads (a flat diff is one section). */
    cdiff_changes sections;
    cdiff_row_changes rows;       /* sectioned only */
    uint32_t *row_old_to_new;     /* the sectioned diff's row maps: its buffers or the caller's */
    uint32_t *row_new_to_old;
    cdiff_changes flat;           /* flat only */
    const uint32_t *old_start;    /* [old section count + 1] */
    const uint32_t *new_start;    /* [new section count + 1] */
    uint32_t one_section_map[1];  /* the 0 <-> 0 section map of a flat diff */
    uint32_t flat_old_start[2];
    uint32_t flat_new_start[2];
    size_t patch_count;
    bool patch_valid;
    cdiff_match_keys keys;     /* drawn at creation (context.c); never part of a result */
    cdiff_match_stats stats;   /* of the last diff */
    bool force_sorted;         /* tests: match by sorting even when the table would do */
    bool keep_keys;            /* tests: never redraw the keys, so a flood built for them reaches the sort */
    size_t in_slot_max_slots;  /* tests: a lower bound for the compact passes' tag bytes (0: match.c's) */
    cdiff_runner runner;       /* cdiff_context_set_runner's, or NULL */
    void *runner_data;
    size_t parallel_min;       /* elements from which a first pass runs on two threads */
};

/* ---- Secret (context.c) ---- */

/* Keys derived from `seed` (any value); cdiff_context_create draws the seed from the system's
 * random source. Tests call it to know the keys an attacker would have to guess. */
cdiff_match_keys cdiff_match_keys_from_seed(uint64_t seed);
void cdiff_context_set_match_seed(cdiff_context *context, uint64_t seed);
/* New keys from a fresh seed (the system's random source): after a flood, the old ones are known. */
void cdiff_context_redraw_match_keys(cdiff_context *context);

/* Ensures buffer `id` holds at least `bytes`; contents are not preserved when it grows. */
void *cdiff_reserve(cdiff_context *context, enum cdiff_buffer_id id, size_t bytes);

/* Multiplies with overflow detection: false when a * b does not fit in size_t. */
static inline bool cdiff_mul(size_t a, size_t b, size_t *out) {
    if (a != 0 && b > SIZE_MAX / a) return false;
    *out = a * b;
    return true;
}

static inline size_t cdiff_min_size(size_t a, size_t b) { return a < b ? a : b; }
static inline size_t cdiff_max_size(size_t a, size_t b) { return a > b ? a : b; }

/* ---- Matching (match.c) ---- */

/* Pairs the k-th occurrence of each identity in old with its k-th occurrence in new.
 * Fills old_to_new[n] and new_to_old[m] (CDIFF_NONE where unmatched), reports the common prefix
 * and suffix it trimmed (pairs there are positional), and lists duplicates into the two dup
 * buffers given. Uses BUF_SCRATCH (cdiff_match_table_bytes) and BUF_CHAIN (4 * max(n, m)
 * bytes), and, should the table's probe budget run out, old_spare (8 * n bytes) and new_spare
 * (8 * m bytes) for the sort that replaces it: the caller's delete/insert result buffers, which
 * hold nothing yet. The result is the same whichever way it was found. */
typedef struct cdiff_match {
    size_t prefix, suffix; /* trimmed lengths; every pair outside [prefix, n - suffix) is positional */
    size_t old_duplicate_count, new_duplicate_count;
} cdiff_match;

typedef struct cdiff_match_output {
    uint32_t *old_to_new, *new_to_old, *old_dups, *new_dups;
    void *old_spare, *new_spare;
} cdiff_match_output;

size_t cdiff_match_table_bytes(size_t n, size_t m);
void cdiff_match_lists(cdiff_context *context, const uint64_t *old_ids, size_t n, const uint64_t *new_ids,
                       size_t m, const cdiff_match_output *output, cdiff_match *result);

/* ---- Matching by sorting (match_sorted.c) ---- */

/* The same pairing, duplicates and trimming as cdiff_match_lists, found by radix-sorting each
 * side's (fingerprint, index) pairs and merging them: O(n + m) passes over 8 digits, whatever the
 * fingerprints. `sorted` is BUF_SCRATCH (at least 12 * (n + m) bytes), `index_spare` BUF_CHAIN;
 * prefix and suffix are the common ends already measured. */
void cdiff_match_sorted(const uint64_t *old_ids, size_t n, const uint64_t *new_ids, size_t m, size_t prefix,
                        size_t suffix, void *sorted, uint32_t *index_spare, const cdiff_match_output *output,
                        cdiff_match *result);

/* ---- Longest increasing subsequence (lis.c) ---- */

/* Marks the elements of one longest increasing subsequence of values[0..count), which are
 * distinct (count < 2^32). `tops` and `piles` are scratch of `count` words; marks[k] becomes 1
 * for members and 0 for the rest. Returns the subsequence length. O(count log count). */
size_t cdiff_lis_mark(const uint32_t *values, size_t count, uint32_t *tops, uint32_t *piles, uint8_t *marks);

/* ---- Input checks (diff_flat.c) ---- */
cdiff_status cdiff_check_ids(const uint64_t *ids, const uint64_t *contents, size_t count);
cdiff_status cdiff_check_contents(const uint64_t *old_contents, size_t n, const uint64_t *new_contents, size_t m);

/* Computes deletes, inserts, minimal moves and updates of one matched level (a flat list, or the
 * sections of a sectioned list) into `out`, whose maps and duplicate lists are already set
 * (flat_finish.c). */
void cdiff_finish_level(cdiff_context *context, const cdiff_match *match, const uint64_t *old_contents,
                        const uint64_t *new_contents, void *del_moves, void *ins_updates, cdiff_changes *out);

#endif
