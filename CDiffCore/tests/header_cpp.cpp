// The header must compile as C++ (and survive being included twice), and link from C++.
#include "CDiffCore.h"
#include "CDiffCore.h"

#include <cstdio>
#include <cstring>

static_assert(CDIFF_OK == 0 && CDIFF_ERR_NO_RESULT == 6, "status values are pinned");
static_assert(CDIFF_OP_DELETE_SECTION == 0 && CDIFF_OP_UPDATE_ROW == 7, "op values are pinned");

int main() {
    if (cdiff_version_number() != CDIFF_VERSION_NUMBER) return 1;
    if (std::strcmp(cdiff_version_string(), CDIFF_VERSION_STRING) != 0) return 1;
    cdiff_context *context = cdiff_context_create();
    if (!context) return 1;
    const uint64_t old_ids[] = {1, 2, 3}, new_ids[] = {3, 1, 2};
    cdiff_list old_list = {old_ids, nullptr, 3}, new_list = {new_ids, nullptr, 3};
    cdiff_changes changes;
    cdiff_status status = cdiff_diff(context, &old_list, &new_list, &changes);
    const cdiff_step *steps = nullptr;
    size_t count = 0;
    if (status == CDIFF_OK) status = cdiff_patch(context, &steps, &count);
    cdiff_context_free(context);
    if (status != CDIFF_OK || changes.move_count != 1) return 1;
    std::printf("header_cpp: ok (C++ include, link and a diff from C++)\n");
    return 0;
}
