/* Longest increasing subsequence by patience sorting, O(k log k).
 *
 * The elements outside one longest increasing subsequence of "old index in new order" are the
 * fewest elements that must move (n − LIS): every element not moved keeps its relative order.
 * Lists mostly in order append to the last pile; the check for that comes before the binary
 * search, which makes the common case linear.
 *
 * The piles keep only their top values, and each element only the number of the pile it was put
 * on. The subsequence is then read backwards: the last element on the last pile, then, before it,
 * the last element on the pile below, and so on. That is the element that was the lower pile's top
 * when the later one was placed (nothing was put on that pile in between, or it would be the
 * later one), so it is smaller and the chain is increasing: the same subsequence a chain of
 * predecessor links gives, found by one pass in order instead of a walk of dependent loads.
 */
#include "lis.h"

size_t cdiff_lis_piles(const uint32_t *values, size_t count, uint32_t *tops, uint32_t *piles) {
    if (count == 0) return 0;
    uint32_t length = 1;     /* piles so far; tops[p] is pile p's top value, increasing in p */
    uint32_t top = values[0]; /* tops[length - 1], kept in a register: the common case compares with it */
    piles[0] = 0;
    tops[0] = top;
    for (size_t k = 1; k < count; k++) {
        uint32_t v = values[k];
        if (top < v) {
            piles[k] = length;
            tops[length++] = v;
            top = v;
            continue;
        }
        uint32_t lo = 0, hi = length - 1; /* first pile whose top is >= v */
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (tops[mid] < v) lo = mid + 1;
            else hi = mid;
        }
        piles[k] = lo;
        tops[lo] = v;
        if (lo == length - 1) top = v;
    }
    return length;
}

size_t cdiff_lis_mark(const uint32_t *values, size_t count, uint32_t *tops, uint32_t *piles, uint8_t *marks) {
    const size_t length = cdiff_lis_piles(values, count, tops, piles);
    /* After pile 0's member, `wanted` wraps to UINT32_MAX, which no pile number equals. */
    uint32_t wanted = (uint32_t)length - 1;
    for (size_t k = count; k-- > 0;) {
        uint8_t member = piles[k] == wanted;
        marks[k] = member;
        wanted -= member;
    }
    return length;
}
