/* The benchmark workloads (DifferenceKit-style and sectioned), shared by bench/ and by
 * test_memory, which holds the library to its scratch budget on exactly these inputs.
 * Identities are fixed-seed random 16-byte keys fingerprinted once with
 * cdiff_fingerprint_batch; every list also carries content fingerprints. */
#ifndef CDIFF_WORKLOADS_H
#define CDIFF_WORKLOADS_H

#include "inputs.h"

typedef enum workload_kind {
    WORKLOAD_DK_5K,
    WORKLOAD_DK_100K,
    WORKLOAD_1M,
    WORKLOAD_DK_100K_SPREAD,
    WORKLOAD_1M_SPREAD,
    WORKLOAD_SECTIONED,
    WORKLOAD_REVERSE_10K,
    WORKLOAD_LAST_TO_FRONT_10K,
    WORKLOAD_FIRST_TO_END_10K,
    WORKLOAD_COUNT
} workload_kind;

typedef struct workload {
    const char *name;
    const char *description;
    double target_ms; /* 0: no target */
    int sectioned;
    flat_input old_flat, new_flat;
    sectioned_input old_sectioned, new_sectioned;
} workload;

/* Builds a workload (deterministic for a given seed). Aborts if memory runs out. */
void workload_make(workload *w, workload_kind kind, uint64_t seed);
void workload_free(workload *w);
/* Input elements counted for bytes-per-element: old + new (sections + rows when sectioned). */
size_t workload_elements(const workload *w);

#endif /* CDIFF_WORKLOADS_H */
