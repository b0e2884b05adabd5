#include "CRowDiffRuntime.h"

// The Swift runtime's retain by n, an entry point of its ABI (compiled Swift code calls it where
// it merges retains of one object). Swift code cannot name runtime symbols, so this C file does;
// the declaration stays here, out of the header Swift imports.
extern void *swift_retain_n(void *object, uint32_t n);

void rowdiff_retain_n(void *object, uint32_t count) {
    if (count > 0) swift_retain_n(object, count);
}
