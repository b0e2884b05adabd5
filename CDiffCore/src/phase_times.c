/* The phase timers' totals and names (phase_times.h): only in builds with CDIFF_PHASE_TIMES. */
#include "phase_times.h"

#ifdef CDIFF_PHASE_TIMES
_Thread_local double cdiff_phase_ms[CDIFF_PHASE_COUNT];

/* Each name beside its phase, so that the two lists cannot drift apart. */
const char *const cdiff_phase_names[CDIFF_PHASE_COUNT] = {
    [CDIFF_PHASE_TRIM] = "trim",
    [CDIFF_PHASE_CLEAR] = "clear",
    [CDIFF_PHASE_INSERT_OLD] = "insert old",
    [CDIFF_PHASE_PAIR_NEW] = "pair new",
    [CDIFF_PHASE_FIRST_TWO] = "first passes (2 thr)",
    [CDIFF_PHASE_ENDS] = "ends' maps",
    [CDIFF_PHASE_REDO] = "redo (duplicates)",
    [CDIFF_PHASE_SORTED] = "sorted",
    [CDIFF_PHASE_FINISH_GATHER] = "gather",
    [CDIFF_PHASE_FINISH_LIS] = "LIS",
    [CDIFF_PHASE_FINISH_MOVES] = "moves",
    [CDIFF_PHASE_FINISH_UPDATES] = "updates",
    [CDIFF_PHASE_FINISH_TWO] = "finish (2 thr)",
    [CDIFF_PHASE_ROWS_LAYOUT] = "rows layout",
    [CDIFF_PHASE_ROWS_PAIRS] = "rows pairs",
    [CDIFF_PHASE_ROWS_DELETES] = "rows deletes",
    [CDIFF_PHASE_ROWS_LIS] = "rows LIS",
    [CDIFF_PHASE_ROWS_MOVES] = "rows moves+updates",
    [CDIFF_PHASE_ROWS_TWO] = "rows finish (2 thr)",
};
#else
/* ISO C wants a declaration in every translation unit. */
typedef int cdiff_phase_times_unused;
#endif
