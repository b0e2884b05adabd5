/*
 * An independent oracle for CDiffCore results, shared by the C tests and the fuzzer, so that
 * "what a correct result is", "apply a batch" and "replay a patch" are written exactly once.
 *
 * It recomputes everything the header promises from the inputs alone, with deliberately
 * simple algorithms (sorting for k-th occurrence pairing, O(n^2) DP for LIS, O(n*m) DP for
 * LCS), and never trusts the result under test except where that is the thing being checked.
 *
 * Every check returns NULL when the result honours the contract, otherwise a message naming
 * the first violation. The message lives in a static buffer overwritten by the next failing
 * check (the oracle is for single-threaded test drivers).
 */
#ifndef CDIFF_CHECK_H
#define CDIFF_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "CDiffCore.h"

/* Elements of a replayed or batch-applied model are tokens naming their origin: an old
 * element is its old index, an inserted element is CHECK_NEW_TOKEN(new index). */
#define CHECK_NEW_BIT ((uint64_t)1 << 32)
#define CHECK_NEW_TOKEN(index) (CHECK_NEW_BIT | (uint64_t)(index))

/* ---- Result checks (each needs the inputs the diff was computed from) ---- */

/** Everything the header says about a flat result: maps are the k-th occurrence pairing,
 *  deletes/inserts/updates/duplicates exact and sorted, moves sorted, minimal (matched - LIS,
 *  and matched - LCS when neither side has duplicates), and UIKit batch semantics rebuild new. */
const char *check_flat(const cdiff_list *old_list, const cdiff_list *new_list, const cdiff_changes *changes);

/** The same for a sectioned result, sections and rows. */
const char *check_sectioned(const cdiff_sectioned_list *old_list, const cdiff_sectioned_list *new_list,
                            const cdiff_changes *sections, const cdiff_row_changes *rows);

/** Replays a flat patch on old (one section 0) and demands new, the documented step order,
 *  one step per delete/insert/move/update, and updates at their final positions.
 *  @pre check_flat accepted `changes`. */
const char *check_flat_patch(const cdiff_list *old_list, const cdiff_list *new_list, const cdiff_changes *changes,
                             const cdiff_step *steps, size_t step_count);

/** Replays a sectioned patch on a two-level model of old and demands new.
 *  @pre check_sectioned accepted `sections` and `rows`. */
const char *check_sectioned_patch(const cdiff_sectioned_list *old_list, const cdiff_sectioned_list *new_list,
                                  const cdiff_changes *sections, const cdiff_row_changes *rows,
                                  const cdiff_step *steps, size_t step_count);

/* ---- Batch application (UIKit's rules), exposed for tests of the oracle itself ---- */

/** Builds the new list from old the way a batch update does: deletes and move sources leave,
 *  inserts and move destinations are placed, the remaining old elements fill the other slots
 *  in order. Writes new_count tokens to out. NULL on success, else why the batch is invalid. */
const char *check_apply_flat_batch(const cdiff_changes *changes, size_t old_count, size_t new_count, uint64_t *out);

/* ---- Whole-pipeline drivers: diff, check, patch, check, determinism ---- */

/** Runs cdiff_diff on `context` (on exact-length heap copies of the inputs, so ASan sees any
 *  read past an end), checks the result and its patch, checks that the patch left the result
 *  untouched, that a second run on the same context and a run on a fresh context
 *  give byte-identical results and patches. Returns NULL or the first violation (including
 *  a non-OK status). */
const char *check_run_flat(cdiff_context *context, const cdiff_list *old_list, const cdiff_list *new_list);

/** The same for cdiff_diff_sectioned. */
const char *check_run_sectioned(cdiff_context *context, const cdiff_sectioned_list *old_list,
                                const cdiff_sectioned_list *new_list);

/** Diffs `old_list` → `new_list` on two contexts, flat and as the rows of one section each, and
 *  compares the results byte for byte: for contexts that match differently (a table and the
 *  sorted match, say), whose results the contract makes identical. Returns NULL, or what differs
 *  (including a non-OK status). `first` holds the flat diff of `context_a` on return, for the
 *  caller's own checks (valid until the next diff on it). */
const char *check_same_bytes_flat_and_one_section(cdiff_context *context_a, cdiff_context *context_b,
                                                  const cdiff_list *old_list, const cdiff_list *new_list,
                                                  cdiff_changes *first);

/* ---- Reference algorithms (exposed so the tests can test the oracle) ---- */

/** Length of a longest strictly increasing subsequence, by the O(n^2) DP. */
size_t check_lis_quadratic(const uint32_t *values, size_t count);
/** The same by patience sorting, O(n log n); used for inputs too large for the DP. */
size_t check_lis_patience(const uint32_t *values, size_t count);
/** Length of a longest common subsequence by the classic O(n*m) DP, or SIZE_MAX if the
 *  table would be too large. */
size_t check_lcs(const uint64_t *a, size_t n, const uint64_t *b, size_t m);

#endif /* CDIFF_CHECK_H */
