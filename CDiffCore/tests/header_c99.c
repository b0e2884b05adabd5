/* The header promises strict C99 and include-guard safety: compiled with -std=c99 -Wpedantic. */
#include "CDiffCore.h"
#include "CDiffCore.h"

typedef char version_is_1_2_0[CDIFF_VERSION_NUMBER == 10200 ? 1 : -1];
typedef char none_is_max[CDIFF_NONE == UINT32_MAX ? 1 : -1];
typedef char step_is_packed[sizeof(cdiff_step) == 24 ? 1 : -1];

int header_c99_use(void);
int header_c99_use(void) {
    cdiff_changes changes = {0};
    return (int)changes.move_count + CDIFF_OK;
}
