/* Longest increasing subsequence by patience sorting, O(k log k).
 *
 * The elements outside one longest increasing subsequence of "old index in new order" are the
 * fewest elements that must move (n − LIS): every element not moved keeps its relative order.
 * Lists mostly in order append to the last pile; the check for that comes before the binary
 * search, which makes the common case linear.
 */
#include "internal.h"

#define NO_PREDECESSOR UINT32_MAX

size_t cdiff_lis_mark(const uint32_t *values, size_t count, uint32_t *tails, uint32_t *predecessors,
                      uint8_t *marks) {
    if (count == 0) return 0;
    size_t length = 0; /* tails[0..length): position of the smallest tail of each pile length */
    uint32_t top = 0;  /* values[tails[length - 1]], kept in a register: the common case compares with it */
    for (size_t k = 0; k < count; k++) {
        uint32_t v = values[k];
        marks[k] = 0;
        if (length == 0 || top < v) {
            predecessors[k] = length ? tails[length - 1] : NO_PREDECESSOR;
            tails[length++] = (uint32_t)k;
            top = v;
            continue;
        }
        size_t lo = 0, hi = length - 1; /* first pile whose tail is >= v */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (values[tails[mid]] < v) lo = mid + 1;
            else hi = mid;
        }
        predecessors[k] = lo ? tails[lo - 1] : NO_PREDECESSOR;
        tails[lo] = (uint32_t)k;
        if (lo == length - 1) top = v;
    }
    for (uint32_t k = tails[length - 1]; k != NO_PREDECESSOR; k = predecessors[k]) marks[k] = 1;
    return length;
}
