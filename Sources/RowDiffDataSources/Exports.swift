// Data sources are used together with RowDiff's types (ItemPath, BatchUpdate, StagedChangeset).
@_exported import RowDiff
