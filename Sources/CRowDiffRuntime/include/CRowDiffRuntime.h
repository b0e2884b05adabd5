#ifndef CROWDIFFRUNTIME_H
#define CROWDIFFRUNTIME_H

#include <stdint.h>

/// Retains the native Swift object `object` `count` more times in one atomic step (0: nothing).
/// The declarative pass of RowDiffDataSources writes a run of rows that all refer to one object
/// and retains it once for the run; a retain per row was a fifth of that pass.
void rowdiff_retain_n(void *object, uint32_t count);

#endif
