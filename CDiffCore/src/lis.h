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

#endif
