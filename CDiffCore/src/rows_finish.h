/* The rows of a sectioned diff once they are matched (rows_finish.c): pairs split where a section
 * has no counterpart, deletes, inserts, minimal moves and updates, on two threads for a large diff
 * on a context with a runner. Internal. */
#ifndef CDIFF_ROWS_FINISH_H
#define CDIFF_ROWS_FINISH_H

#include "internal.h"

/* BUF_SCRATCH bytes the finish needs for `old_rows` and `new_rows` rows in `new_sections`
 * sections: each new row's old section, each new section's count of staying rows, and the staying
 * rows' old indices with their LIS scratch, for two threads' halves (at most min(new, 2 * old)
 * values in all; one thread needs min(new, old)). False when that does not fit in size_t. */
bool cdiff_rows_finish_bytes(size_t old_rows, size_t new_rows, size_t new_sections, size_t *out);

/* Finishes the rows of a diff whose sections are in `sections` and whose rows were matched into
 * context->row_old_to_new / row_new_to_old (`match` says what the matcher found). The section
 * starts go to BUF_OLD_START and BUF_NEW_START, each old row's section to BUF_CHAIN (the matcher
 * is done with it), the lists to BUF_DEL_MOVES and BUF_INS_UPDATES. */
void cdiff_finish_rows(cdiff_context *context, const cdiff_sectioned_list *old_list,
                       const cdiff_sectioned_list *new_list, const cdiff_changes *sections, const cdiff_match *match,
                       cdiff_row_changes *out);

#endif
