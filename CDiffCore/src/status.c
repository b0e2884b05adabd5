/* Version and status names: the parts of the API that never touch a context. */
#include "CDiffCore.h"

unsigned cdiff_version_number(void) { return CDIFF_VERSION_NUMBER; }

const char *cdiff_version_string(void) { return CDIFF_VERSION_STRING; }

const char *cdiff_status_name(int status) {
    switch (status) {
    case CDIFF_OK: return "CDIFF_OK";
    case CDIFF_ERR_NULL_ARGUMENT: return "CDIFF_ERR_NULL_ARGUMENT";
    case CDIFF_ERR_TOO_LARGE: return "CDIFF_ERR_TOO_LARGE";
    case CDIFF_ERR_SECTION_COUNTS: return "CDIFF_ERR_SECTION_COUNTS";
    case CDIFF_ERR_OUT_OF_MEMORY: return "CDIFF_ERR_OUT_OF_MEMORY";
    case CDIFF_ERR_INVALID_ARGUMENT: return "CDIFF_ERR_INVALID_ARGUMENT";
    case CDIFF_ERR_NO_RESULT: return "CDIFF_ERR_NO_RESULT";
    default: return "CDIFF_ERR_UNKNOWN";
    }
}

const char *cdiff_status_description(int status) {
    switch (status) {
    case CDIFF_OK: return "success";
    case CDIFF_ERR_NULL_ARGUMENT: return "a required pointer is NULL, or an array is NULL with a non-zero count";
    case CDIFF_ERR_TOO_LARGE: return "a count exceeds CDIFF_MAX_COUNT or a size computed from it overflows";
    case CDIFF_ERR_SECTION_COUNTS: return "the per-section row counts do not sum to the row count";
    case CDIFF_ERR_OUT_OF_MEMORY: return "memory allocation failed";
    case CDIFF_ERR_INVALID_ARGUMENT: return "an argument is out of its domain (content on one side only, or key size 0)";
    case CDIFF_ERR_NO_RESULT: return "the context holds no diff result to patch";
    default: return "unknown status";
    }
}
