/* The flat diff's matching with its first walk over the new middle doing part of the finish's
 * work (match.c, diff_flat.c). Internal.
 *
 * The compact first pass over the new middle visits every element in order and knows, at each,
 * whether it is inserted or paired with which old element: exactly what the finish would gather
 * next in a walk of its own (the inserts, and the matched old indices in new order, whose longest
 * increasing subsequence leaves the moves). The pass lists the inserts, so the finish does not
 * walk new_to_old forwards. Passes over tables below IN_SLOT_MIN_SLOTS also feed each old index
 * to the LIS's patience sorting (lis.h) as they pair it, and the finish reads the moves straight
 * off the piles; the larger passes list the old indices instead and the finish sorts them (fed
 * in those passes, the LIS cost more than it saved: DK-100k spread +70 us, while DK-5k gained 2 us
 * of 40). Only the serial passes over tables below IN_SLOT_MAX_SLOTS do this (a tagged pass keeps its
 * tags where the inserts go); any other way of matching leaves `done` false and the finish
 * gathers as before. */
#ifndef CDIFF_MATCH_GATHER_H
#define CDIFF_MATCH_GATHER_H

#include "lis.h"

typedef struct cdiff_gathered {
    bool wanted;        /* in: the caller reads the lists; if not, the passes skip the work */
    bool done;          /* the lists below are complete and valid */
    uint32_t *inserts;  /* the new middle's inserts, ascending: output->new_spare */
    size_t insert_count;
    size_t value_count; /* matched elements of the new middle */
    uint32_t *values;   /* their old indices in new order (BUF_CHAIN), or NULL when the pass fed them to
                         * the LIS: then the fields below hold its outcome */
    uint32_t *piles;    /* [value_count]: cdiff_lis_piles' piles of those old indices */
    uint32_t *tops;     /* the piles' tops (scratch): BUF_CHAIN */
    uint32_t lis_length; /* the number of piles */
} cdiff_gathered;

/* cdiff_match_lists, also filling `gathered`. */
void cdiff_match_lists_gathered(cdiff_context *context, const uint64_t *old_ids, size_t n, const uint64_t *new_ids,
                                size_t m, const cdiff_match_output *output, cdiff_match *result,
                                cdiff_gathered *gathered);

/* cdiff_finish_level, taking the inserts and the LIS's outcome (or input) from `gathered` when the
 * match listed them into the ins_updates given (NULL, or `done` false: it gathers them itself). */
void cdiff_finish_level_gathered(cdiff_context *context, const cdiff_match *match, const cdiff_gathered *gathered,
                                 const uint64_t *old_contents, const uint64_t *new_contents, void *del_moves,
                                 void *ins_updates, cdiff_changes *out);

#endif
