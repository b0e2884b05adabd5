/* The forward half of the longest increasing subsequence (lis.c), for callers that read the
 * subsequence off the piles themselves (the flat finish: see cdiff_finish_level). Internal. */
#ifndef CDIFF_LIS_H
#define CDIFF_LIS_H

#include "internal.h"

/* Patience sorting of values[0..count) (distinct, count < 2^32): piles[k] becomes the number of
 * the pile values[k] was put on, which is the length of the longest increasing subsequence ending
 * at k, minus one. `tops` is scratch of `count` words. Returns the number of piles: the length of
 * the longest increasing subsequence. One such subsequence is read backwards: the last element on
 * the last pile, then, before it, the last element on the pile below, and so on (cdiff_lis_mark
 * marks exactly that one). */
size_t cdiff_lis_piles(const uint32_t *values, size_t count, uint32_t *tops, uint32_t *piles);

/* The same patience sorting fed one value at a time, by a caller that finds the values in a walk
 * of its own (the flat diff's first pass: see match_gather.h). State: `length` piles, `top` the
 * last pile's top; both start at 0, which makes the first value a new pile (0 included). Values
 * above `top` go on a new pile inline, then the last pile is tried, and only the rest go through
 * cdiff_lis_place. Feeding values[0..count) leaves piles, tops and length as cdiff_lis_piles does. */
uint32_t cdiff_lis_place(const uint32_t *tops, uint32_t length, uint32_t v);

static inline void cdiff_lis_feed(uint32_t *tops, uint32_t *piles, size_t k, uint32_t v, uint32_t *length,
                                  uint32_t *top) {
    if (*top < v) {
        piles[k] = *length;
        tops[(*length)++] = v;
        *top = v;
        return;
    }
    /* As cdiff_lis_piles, the last pile is tried inline first (a list of rows reversed, say, puts
     * every value there); 0 while there are no two piles (with none, v is 0 and starts one). */
    const uint32_t last = *length - (*length != 0);
    const uint32_t pile = *length <= 1 || tops[*length - 2] < v ? last : cdiff_lis_place(tops, *length - 1, v);
    piles[k] = pile;
    tops[pile] = v;
    if (pile == *length) ++*length;
    if (pile + 1 == *length) *top = v;
}

#endif
