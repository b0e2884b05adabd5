/* The phase timers' totals and names (phase_times.h): only in builds with CDIFF_PHASE_TIMES. */
#include "phase_times.h"

#ifdef CDIFF_PHASE_TIMES
_Thread_local double cdiff_phase_ms[CDIFF_PHASE_COUNT];

const char *const cdiff_phase_names[CDIFF_PHASE_COUNT] = {
    "trim", "clear", "insert old", "pair new", "first passes (2 thr)", "ends' maps", "redo (duplicates)",
    "sorted", "gather", "LIS", "moves", "updates", "finish (2 thr)", "rows layout", "rows pairs", "rows deletes",
    "rows LIS", "rows moves+updates", "rows finish (2 thr)"};
#else
/* ISO C wants a declaration in every translation unit. */
typedef int cdiff_phase_times_unused;
#endif
