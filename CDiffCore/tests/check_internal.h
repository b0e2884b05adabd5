/* Helpers shared by the oracle's files (check_*.c); not part of the oracle's interface. */
#ifndef CDIFF_CHECK_INTERNAL_H
#define CDIFF_CHECK_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "check.h"

/* Formats a violation into the oracle's static message buffer and returns it. */
const char *check_fail(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* "prefix: message", for a message returned by another check (it may be the buffer itself). */
const char *check_prefixed(const char *prefix, const char *message);

/* calloc that never returns NULL: the oracle is test code, where running out is fatal. */
void *check_calloc(size_t count, size_t size);

/* The contract's pairing: the k-th occurrence of an id in a pairs with its k-th in b. */
void check_pair_kth(const uint64_t *a, size_t n, const uint64_t *b, size_t m, uint32_t *a_to_b, uint32_t *b_to_a);
/* flags[i] = 1 iff ids[i] occurs more than once in ids[0..n). Returns whether any does. */
int check_duplicate_flags(const uint64_t *ids, size_t n, unsigned char *flags);
/* LIS length, by the quadratic DP where that is affordable. */
size_t check_lis(const uint32_t *values, size_t count);

/* check_flat's level check applied to the sections of a sectioned diff. */
const char *check_sections_level(const cdiff_sectioned_list *old_list, const cdiff_sectioned_list *new_list,
                                 const cdiff_changes *sections);

/* Where each global row of a sectioned side lives. */
typedef struct check_layout {
    size_t section_count;
    size_t row_count;
    size_t *offsets;      /* [section_count + 1]: first global row of each section */
    uint32_t *section_of; /* [row_count] */
} check_layout;

/* NULL, or why row_counts do not describe row_count rows (the diff should have refused). */
const char *check_layout_init(check_layout *layout, const cdiff_sectioned_list *list);
void check_layout_free(check_layout *layout);
cdiff_path check_path_of(const check_layout *layout, uint32_t global);

/* A growable byte string: results serialized for byte-exact comparison. */
typedef struct check_blob {
    unsigned char *data;
    size_t size, capacity;
} check_blob;

void check_blob_append(check_blob *blob, const void *bytes, size_t size);
void check_blob_changes(check_blob *blob, const cdiff_changes *changes);
void check_blob_rows(check_blob *blob, const cdiff_row_changes *rows);
void check_blob_steps(check_blob *blob, const cdiff_step *steps, size_t count);
int check_blob_equal(const check_blob *a, const check_blob *b);
void check_blob_free(check_blob *blob);

#endif /* CDIFF_CHECK_INTERNAL_H */
