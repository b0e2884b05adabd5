// The adapters extend the data sources; importing this module gives both.
@_exported import RowDiffDataSources
