/* Phase timers for the benchmark's --phases (`make bench-phases`). Internal.
 *
 * Built with CDIFF_PHASE_TIMES, the passes add their wall-clock time to totals of the calling
 * thread, which bench.c reads around its runs: where a diff's time goes, pass by pass, beside the
 * memory floor. In every other build (the library, SwiftPM's, the tests) the macros below are
 * empty: nothing is timed and nothing is compiled in. Phases that run on the context's runner are
 * timed as one phase of the calling thread (`..._TWO`). */
#ifndef CDIFF_PHASE_TIMES_H
#define CDIFF_PHASE_TIMES_H

typedef enum cdiff_phase {
    CDIFF_PHASE_TRIM,          /* the common ends' scans (every matched level: the sections too) */
    CDIFF_PHASE_CLEAR,         /* emptying the first passes' table */
    CDIFF_PHASE_INSERT_OLD,    /* the first pass over old */
    CDIFF_PHASE_PAIR_NEW,      /* the first pass over new's middle */
    CDIFF_PHASE_FIRST_TWO,     /* both first passes, on two threads */
    CDIFF_PHASE_ENDS,          /* the trimmed ends' maps */
    CDIFF_PHASE_REDO,          /* the full passes after a duplicate */
    CDIFF_PHASE_SORTED,        /* matching by sorting, after the probe budget ran out */
    CDIFF_PHASE_FINISH_GATHER, /* flat finish: deletes, and inserts and LIS input unless the match listed them */
    CDIFF_PHASE_FINISH_LIS,    /* flat finish: the LIS's piles (unless the match fed them) */
    CDIFF_PHASE_FINISH_MOVES,  /* flat finish: the moves' walk */
    CDIFF_PHASE_FINISH_UPDATES, /* flat finish: the updates */
    CDIFF_PHASE_FINISH_TWO,    /* flat finish on two threads */
    CDIFF_PHASE_ROWS_LAYOUT,   /* sectioned: row starts and each old row's section */
    CDIFF_PHASE_ROWS_PAIRS,    /* sectioned: the pairing walk */
    CDIFF_PHASE_ROWS_DELETES,  /* sectioned: the deletes */
    CDIFF_PHASE_ROWS_LIS,      /* sectioned: each section's LIS */
    CDIFF_PHASE_ROWS_MOVES,    /* sectioned: the moves and updates */
    CDIFF_PHASE_ROWS_TWO,      /* sectioned: both walks on two threads */
    CDIFF_PHASE_COUNT
} cdiff_phase;

#ifdef CDIFF_PHASE_TIMES
#include <time.h>

/* Milliseconds per phase on this thread since the benchmark last cleared them. */
extern _Thread_local double cdiff_phase_ms[CDIFF_PHASE_COUNT];
extern const char *const cdiff_phase_names[CDIFF_PHASE_COUNT];

static inline double cdiff_phase_clock(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

#define CDIFF_PHASE_START(timer) const double timer = cdiff_phase_clock()
#define CDIFF_PHASE_ADD(timer, phase) (cdiff_phase_ms[phase] += cdiff_phase_clock() - (timer))
#else
#define CDIFF_PHASE_START(timer) ((void)0)
#define CDIFF_PHASE_ADD(timer, phase) ((void)0)
#endif

#endif
