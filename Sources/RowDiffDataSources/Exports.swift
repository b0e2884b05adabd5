// Data sources are used together with RowDiff's types (ItemPath, BatchUpdate, StagedChangeset) and,
// in tests with the stand-in views, the validator's (ValidationSnapshot, BatchUpdateValidator):
// importing RowDiffDataSources brings both, as it did before the validator had a module of its own.
@_exported import RowDiff
@_exported import RowDiffValidation
