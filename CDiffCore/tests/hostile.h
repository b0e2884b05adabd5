/* Inputs built to flood the matcher's table: fingerprints whose slots all coincide, computed by
 * inverting the slot function. Shared by test_hostile and the benchmark. */
#ifndef CDIFF_HOSTILE_H
#define CDIFF_HOSTILE_H

#include <stddef.h>
#include <stdint.h>

#include "../src/internal.h"

/* The slot function CDiffCore 1.0.0 shipped with: fixed and invertible, no secret. */
size_t hostile_legacy_slot(uint64_t fingerprint, size_t capacity);
/* Today's slot function under `keys` (what match.c computes). */
size_t hostile_keyed_slot(cdiff_match_keys keys, uint64_t fingerprint, size_t capacity);

/* Writes `count` distinct fingerprints that all map to one slot of a table of `capacity` slots:
 * under the legacy function (keys NULL) or under `keys` (an attacker who knows the secret). */
void hostile_fingerprints(const cdiff_match_keys *keys, size_t capacity, size_t count, uint64_t *out);

/* Writes `count` distinct fingerprints whose mixed values under `keys` all lie in the first half
 * of a table of `capacity` slots as the two-thread passes split it (match_parallel.c: top bit
 * clear), each at the next slot of that half, round and round: no two share a slot until the
 * half is full, so a half fills without a probe counted. */
void hostile_half_fingerprints(const cdiff_match_keys *keys, size_t capacity, size_t count, uint64_t *out);

/* The fingerprint whose mixed value under `keys` is `mixed` (the slot function's mix undone). */
uint64_t hostile_unmixed(const cdiff_match_keys *keys, uint64_t mixed);

/* Slots in the matcher's table for a diff of n old and m new elements (match.c's sizing). */
size_t hostile_table_capacity(size_t n, size_t m);

#endif /* CDIFF_HOSTILE_H */
