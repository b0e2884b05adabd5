/*
 * CDiffCore — the C diff engine under RowDiff.
 *
 * Diffs lists (flat or sectioned) given as 64-bit identity fingerprints, with optional 64-bit
 * content fingerprints, and reports deletes, inserts, moves (the minimum number), updates, the
 * complete old<->new maps, duplicates, and a sequential patch.
 *
 * Rules of the API
 * - One context per thread. A context is not thread-safe; different contexts may be used on
 *   different threads at the same time. Functions that take no context are thread-safe.
 * - Every array a result points to is owned by the context and stays valid and unchanged until
 *   the next cdiff_diff / cdiff_diff_sectioned / cdiff_context_reset / cdiff_context_free on that
 *   context. cdiff_patch does not invalidate the diff result it was computed from.
 * - Inputs are only read during the call; the caller keeps ownership.
 * - A pointer parameter documented "may be NULL only if its count is 0" gets
 *   CDIFF_ERR_NULL_ARGUMENT otherwise. No function aborts, and none reads outside the ranges given.
 * - After the first diff, a diff whose inputs are no larger allocates nothing: all scratch memory
 *   belongs to the context and is reused. cdiff_patch stores exactly its steps (24 bytes each) and
 *   allocates only when a patch has more steps than any earlier one on the context.
 * - A diff that returns an error leaves the context with no result (cdiff_patch then returns
 *   CDIFF_ERR_NO_RESULT); the context itself stays usable.
 * - Indices are uint32_t; CDIFF_NONE marks "no counterpart". Counts are size_t and must not
 *   exceed CDIFF_MAX_COUNT.
 * - Fingerprints are in-process values: they may differ between builds (the hash used when the
 *   system has no xxhash differs from XXH3). Never persist them or compare them across builds.
 * - Worst case: no input, however it was built, makes a diff slower than the complexity given
 *   for it. Fingerprints may come from untrusted data (an integer id is its own fingerprint), so
 *   matching slots them with a secret drawn per context from the system's random source; input
 *   that crowds the table anyway gets a fresh secret and one more try, then a radix sort. Results
 *   never depend on the secret or on which way an input was matched.
 *
 * This header includes only <stddef.h> and <stdint.h> and compiles as C (C99 or later) and C++.
 */
#ifndef CDIFFCORE_H
#define CDIFFCORE_H

#include <stddef.h>
#include <stdint.h>

#if defined(__cplusplus)
extern "C" {
#endif

/* ---- Visibility: only cdiff_ symbols leave the shared library. ---- */
#if defined(_WIN32) && defined(CDIFF_BUILDING_DLL)
#define CDIFF_API __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define CDIFF_API __attribute__((visibility("default")))
#else
#define CDIFF_API
#endif

/* ---- Version ---- */
#define CDIFF_VERSION_MAJOR 1
#define CDIFF_VERSION_MINOR 2
#define CDIFF_VERSION_PATCH 0
#define CDIFF_VERSION_NUMBER (CDIFF_VERSION_MAJOR * 10000 + CDIFF_VERSION_MINOR * 100 + CDIFF_VERSION_PATCH)
#define CDIFF_STRINGIFY_(x) #x
#define CDIFF_STRINGIFY(x) CDIFF_STRINGIFY_(x)
#define CDIFF_VERSION_STRING \
    CDIFF_STRINGIFY(CDIFF_VERSION_MAJOR) "." CDIFF_STRINGIFY(CDIFF_VERSION_MINOR) "." CDIFF_STRINGIFY(CDIFF_VERSION_PATCH)

/** The library's CDIFF_VERSION_NUMBER (it equals the header's when they match). */
CDIFF_API unsigned cdiff_version_number(void);
/** The library's CDIFF_VERSION_STRING, e.g. "1.1.0". Never NULL. */
CDIFF_API const char *cdiff_version_string(void);

/* ---- Status codes. Values are pinned: existing ones never change. ---- */
typedef enum cdiff_status {
    CDIFF_OK = 0,
    /** A required pointer was NULL, or an array pointer was NULL with a non-zero count. */
    CDIFF_ERR_NULL_ARGUMENT = 1,
    /** A list count exceeds CDIFF_MAX_COUNT, or a size computed from the counts would overflow.
     *  (Per-section row counts that cannot sum to row_count are CDIFF_ERR_SECTION_COUNTS.) */
    CDIFF_ERR_TOO_LARGE = 2,
    /** Sectioned input: the per-section row counts do not sum to the row count. */
    CDIFF_ERR_SECTION_COUNTS = 3,
    /** The allocator returned NULL. The context stays valid; it holds no result. */
    CDIFF_ERR_OUT_OF_MEMORY = 4,
    /** An argument is out of its domain: content fingerprints on one side only, key_size 0. */
    CDIFF_ERR_INVALID_ARGUMENT = 5,
    /** cdiff_patch was called on a context that holds no diff result. */
    CDIFF_ERR_NO_RESULT = 6
} cdiff_status;

/** The enumerator's name, e.g. "CDIFF_ERR_SECTION_COUNTS"; "CDIFF_ERR_UNKNOWN" for other values. Never NULL. */
CDIFF_API const char *cdiff_status_name(int status);
/** A one-sentence description of the status, for messages. Never NULL. */
CDIFF_API const char *cdiff_status_description(int status);

/** Marks an index with no counterpart (an unmatched element in old_to_new / new_to_old). */
#define CDIFF_NONE UINT32_MAX
/** The largest element count (per list side, for sections and rows alike). */
#define CDIFF_MAX_COUNT ((size_t)0x7FFFFFFE)

/* ---- Fingerprints ---- */

/** XXH3 64-bit of `length` bytes with `seed` (a well-mixed hash of our own where the system has
 *  no xxhash; see the rules above). @pre data may be NULL only if length is 0 (then it hashes the
 *  empty input). Thread-safe. */
CDIFF_API uint64_t cdiff_fingerprint(const void *data, size_t length, uint64_t seed);

/** Fingerprints `count` keys of `key_size` bytes each, stored contiguously at `keys` (e.g. an array
 *  of 16-byte UUIDs), into out[0..count). Equal to calling cdiff_fingerprint on each key.
 *  @pre keys and out may be NULL only if count is 0; key_size > 0. Thread-safe. */
CDIFF_API cdiff_status cdiff_fingerprint_batch(const void *keys, size_t key_size, size_t count,
                                               uint64_t seed, uint64_t *out);

/** Mixes two fingerprints into one (for composite identities). Order matters. Thread-safe. */
CDIFF_API uint64_t cdiff_fingerprint_combine(uint64_t first, uint64_t second);

/* ---- Context ---- */

typedef struct cdiff_context cdiff_context;

/** A custom allocator: `allocate(opaque, size)` returns NULL on failure; `deallocate(opaque, p)`
 *  accepts NULL. Both are called only from calls on the context that holds them. */
typedef struct cdiff_allocator {
    void *(*allocate)(void *opaque, size_t size);
    void (*deallocate)(void *opaque, void *pointer);
    void *opaque;
} cdiff_allocator;

/** A new context using malloc/free, or NULL if memory is exhausted. */
CDIFF_API cdiff_context *cdiff_context_create(void);
/** A new context using `allocator` (copied; NULL means malloc/free), or NULL on failure. */
CDIFF_API cdiff_context *cdiff_context_create_with_allocator(const cdiff_allocator *allocator);
/** Frees the context and all its memory. NULL is harmless. */
CDIFF_API void cdiff_context_free(cdiff_context *context);
/** Releases all scratch memory and the last result; the context stays usable. NULL is harmless. */
CDIFF_API void cdiff_context_reset(cdiff_context *context);
/** Bytes of scratch memory the context holds now (0 for NULL). */
CDIFF_API size_t cdiff_context_memory(const cdiff_context *context);

/* ---- Two cores (optional) ---- */

/** One piece of work a runner is handed: `task(argument, index)` for each index it is given. */
typedef void (*cdiff_task)(void *argument, size_t index);

/** Runs task(argument, 0), ..., task(argument, count - 1), on as many threads as it likes (one is
 *  fine), and returns only after every one of them has returned, with their writes visible to the
 *  caller (any thread join, wait on a group or semaphore does that). A task never waits for
 *  another, so running them one after the other, in any order, is correct. The runner must not
 *  call back into the context. `user_data` is what cdiff_context_set_runner was given. */
typedef void (*cdiff_runner)(void *user_data, size_t count, cdiff_task task, void *argument);

/** Lets the context match large diffs on two threads: a first matching pass over at least
 *  `min_elements` elements (old plus new's untrimmed middle; 0 means CDIFF_PARALLEL_MIN_ELEMENTS,
 *  measured for 2 cores) is split into two tasks run by `runner`, typically the caller's thread
 *  pool (GCD's concurrentPerform, a worker thread). NULL (the default) keeps every diff on the
 *  calling thread. A diff of at least 49,152 elements (old plus new; for a flat list, or one
 *  section's rows, their untrimmed middles), or of `min_elements` if fewer, also finishes its rows
 *  (deletes, inserts, moves, updates) in two tasks. Results are identical either way, byte for
 *  byte; only the time changes. The context calls the runner only from inside its own diff calls,
 *  on the calling thread: twice for a match that qualifies, once for a flat finish and twice for a
 *  sectioned one (at most four times per diff while the sections, matched like a flat list, stay
 *  below `min_elements`). Since 1.2.0.
 *  - Complexity: O(1). NULL context is harmless. */
CDIFF_API void cdiff_context_set_runner(cdiff_context *context, cdiff_runner runner, void *user_data,
                                        size_t min_elements);

/** Elements (old plus new's middle) from which a context with a runner matches on two threads,
 *  when set_runner is given 0. Two threads run more instructions in all (the split into halves,
 *  the runner's calls), so with the second core busy they lose; this default is where every shape
 *  measured gains. With both cores free (2-core AMD EPYC, one pthread worker, edits at random
 *  positions, contents), a diff matched on two threads takes 0.97x the time of one matched on one
 *  thread at 50,000 elements, 0.90x at 120,000 and 0.88x at 200,000: a caller that keeps a core
 *  free for its diffs may pass a lower min_elements (RowDiff's typed diffs pass 131,072). */
#define CDIFF_PARALLEL_MIN_ELEMENTS 524288

/* ---- Flat diff ---- */

/** One side of a flat diff. `contents` is optional (NULL): give it on both sides to get updates.
 *  Contents on one side only, with both sides non-empty, is CDIFF_ERR_INVALID_ARGUMENT. */
typedef struct cdiff_list {
    const uint64_t *ids;      /**< identity fingerprints; may be NULL only if count is 0 */
    const uint64_t *contents; /**< content fingerprints, or NULL */
    size_t count;
} cdiff_list;

/** A pair of indices: `from` in the old list, `to` in the new list. */
typedef struct cdiff_move {
    uint32_t from;
    uint32_t to;
} cdiff_move;

/** The changes between two flat lists (or between the sections of two sectioned lists).
 *  Every array is sorted ascending (pairs by `to`), owned by the context (see the rules). */
typedef struct cdiff_changes {
    const uint32_t *deletes;   /**< old indices of unmatched old elements */
    size_t delete_count;
    const uint32_t *inserts;   /**< new indices of unmatched new elements */
    size_t insert_count;
    const cdiff_move *moves;   /**< matched elements outside a longest increasing subsequence: the minimum */
    size_t move_count;
    const cdiff_move *updates; /**< matched elements whose content fingerprints differ (empty without contents) */
    size_t update_count;
    const uint32_t *old_to_new; /**< [old_count]: new index, or CDIFF_NONE */
    size_t old_count;
    const uint32_t *new_to_old; /**< [new_count]: old index, or CDIFF_NONE */
    size_t new_count;
    const uint32_t *old_duplicates; /**< old indices of every element whose identity occurs more than once in old */
    size_t old_duplicate_count;
    const uint32_t *new_duplicates; /**< new indices of every element whose identity occurs more than once in new */
    size_t new_duplicate_count;
} cdiff_changes;

/** Diffs two flat lists. The k-th occurrence of an identity in old pairs with its k-th occurrence
 *  in new; further occurrences are deletes or inserts.
 *  - Complexity: O((n + m) log(n + m)) time worst case, O(n + m) expected for few moves; O(n + m) memory.
 *  @pre context, old_list, new_list and out are not NULL. */
CDIFF_API cdiff_status cdiff_diff(cdiff_context *context, const cdiff_list *old_list,
                                  const cdiff_list *new_list, cdiff_changes *out);

/* ---- Sectioned diff ---- */

/** One side of a sectioned diff: sections, and the rows of all sections in one array, section-major. */
typedef struct cdiff_sectioned_list {
    const uint64_t *section_ids;      /**< may be NULL only if section_count is 0 */
    const uint64_t *section_contents; /**< or NULL (give on both sides to get section updates) */
    const size_t *row_counts;         /**< rows per section; may be NULL only if section_count is 0 */
    size_t section_count;
    const uint64_t *row_ids;          /**< may be NULL only if row_count is 0 */
    const uint64_t *row_contents;     /**< or NULL (give on both sides to get row updates) */
    size_t row_count;                 /**< must equal the sum of row_counts */
} cdiff_sectioned_list;

/** A row position. */
typedef struct cdiff_path {
    uint32_t section;
    uint32_t row;
} cdiff_path;

/** A row pair: `from` in old coordinates, `to` in new coordinates. */
typedef struct cdiff_path_move {
    cdiff_path from;
    cdiff_path to;
} cdiff_path_move;

/** Row changes of a sectioned diff. Sorted ascending (pairs by `to`), owned by the context.
 *  Rows of deleted sections are deletes; rows of inserted sections are inserts; a row whose old
 *  or new section is deleted or inserted is a delete plus an insert, never a move. */
typedef struct cdiff_row_changes {
    const cdiff_path *deletes; /**< old coordinates */
    size_t delete_count;
    const cdiff_path *inserts; /**< new coordinates */
    size_t insert_count;
    const cdiff_path_move *moves; /**< rows that change section, or fall outside their section's LIS */
    size_t move_count;
    const cdiff_path_move *updates; /**< matched rows whose content fingerprints differ */
    size_t update_count;
    const uint32_t *old_to_new; /**< [old_count] by global (section-major) row index: new global index or CDIFF_NONE */
    size_t old_count;
    const uint32_t *new_to_old; /**< [new_count]: old global row index or CDIFF_NONE */
    size_t new_count;
    const uint32_t *old_duplicates; /**< global old row indices of rows whose identity occurs more than once in old */
    size_t old_duplicate_count;
    const uint32_t *new_duplicates; /**< global new row indices, likewise */
    size_t new_duplicate_count;
} cdiff_row_changes;

/** Diffs two sectioned lists. Sections pair k-th occurrence with k-th occurrence; rows pair k-th
 *  with k-th over each side's whole row array, then pairs touching a deleted or inserted section
 *  split into delete + insert. `sections` gets the section-level changes (indices are section
 *  indices), `rows` the row-level changes.
 *  - Complexity: as cdiff_diff, over sections plus rows.
 *  @pre no pointer argument is NULL. */
CDIFF_API cdiff_status cdiff_diff_sectioned(cdiff_context *context, const cdiff_sectioned_list *old_list,
                                            const cdiff_sectioned_list *new_list, cdiff_changes *sections,
                                            cdiff_row_changes *rows);

/** cdiff_diff_sectioned, with the two row maps written straight into the caller's storage instead
 *  of the context's: `row_old_to_new` holds old_list->row_count entries, `row_new_to_old`
 *  new_list->row_count. For a binding that keeps the maps, this saves a copy of both and the
 *  context's memory for them (8 bytes per row, which a first diff at a new size also pays in page
 *  faults). On CDIFF_OK, rows->old_to_new and rows->new_to_old point into that storage; everything
 *  else is as with cdiff_diff_sectioned, including cdiff_patch, which reads the maps: keep the
 *  storage alive and unchanged until the patch is taken or the next diff on the context starts.
 *  On an error its contents are unspecified. Since 1.1.0.
 *  - Complexity: as cdiff_diff_sectioned.
 *  @pre context, old_list, new_list, sections and rows are not NULL; each map is NULL only if its
 *       row count is 0; the maps overlap neither each other nor the inputs. */
CDIFF_API cdiff_status cdiff_diff_sectioned_into(cdiff_context *context, const cdiff_sectioned_list *old_list,
                                                 const cdiff_sectioned_list *new_list, uint32_t *row_old_to_new,
                                                 uint32_t *row_new_to_old, cdiff_changes *sections,
                                                 cdiff_row_changes *rows);

/* ---- Sequential patch ---- */

/** Kinds of patch step. Values are pinned. */
typedef enum cdiff_op {
    CDIFF_OP_DELETE_SECTION = 0, /**< remove section from.section with whatever rows it holds */
    CDIFF_OP_INSERT_SECTION = 1, /**< insert an empty section at to.section */
    CDIFF_OP_MOVE_SECTION = 2,   /**< remove section from.section, re-insert so it ends at to.section */
    CDIFF_OP_UPDATE_SECTION = 3, /**< the section at to.section changed content */
    CDIFF_OP_DELETE_ROW = 4,     /**< remove the row at from */
    CDIFF_OP_INSERT_ROW = 5,     /**< insert a row at to */
    CDIFF_OP_MOVE_ROW = 6,       /**< remove the row at from, re-insert so it ends at to (coordinates after the removal) */
    CDIFF_OP_UPDATE_ROW = 7      /**< the row at to changed content */
} cdiff_op;

/** One step; each applies to the result of the previous one. For a one-position step, `from` and
 *  `to` are equal. `source` names the element: its old index for delete/move/update steps, its new
 *  index for insert steps (section index for section steps, global row index for row steps). */
typedef struct cdiff_step {
    uint32_t op; /**< a cdiff_op */
    uint32_t source;
    cdiff_path from;
    cdiff_path to;
} cdiff_step;

/** The sequential patch for the context's last diff: row deletes (descending), section deletes
 *  (descending), section inserts and moves, row inserts and moves, then updates at their final
 *  positions. The number of move steps equals the diff's move count. A flat diff is patched as a
 *  single section 0 with row steps only. The steps stay valid until the next diff on the context.
 *  - Complexity: O((n + m) log(n + m)).
 *  @pre context, steps and count are not NULL. */
CDIFF_API cdiff_status cdiff_patch(cdiff_context *context, const cdiff_step **steps, size_t *count);

#if defined(__cplusplus)
}
#endif

#endif /* CDIFFCORE_H */
