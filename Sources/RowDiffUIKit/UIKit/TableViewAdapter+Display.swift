#if canImport(UIKit) && !os(watchOS)
import UIKit

// Display and prefetch calls: each goes to the owner (which tells the row, or hands the rows'
// identities to its prefetch handlers), then to the app's own delegate or prefetch data source.

extension TableViewAdapter {
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        source?.willDisplay(cell, at: ItemPath(indexPath))
        delegate?.tableView?(tableView, willDisplay: cell, forRowAt: indexPath)
    }

    /// UIKit may pass the path the row had before a batch; the owner finds the row from what the cell showed.
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        source?.didEndDisplaying(cell, at: ItemPath(indexPath))
        delegate?.tableView?(tableView, didEndDisplaying: cell, forRowAt: indexPath)
    }
}

extension TableViewAdapter: UITableViewDataSourcePrefetching {
    public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
        source?.prefetchItems(at: indexPaths.map { ItemPath($0) })
        prefetchDataSource?.tableView(tableView, prefetchRowsAt: indexPaths)
    }

    public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        source?.cancelPrefetchingItems(at: indexPaths.map { ItemPath($0) })
        prefetchDataSource?.tableView?(tableView, cancelPrefetchingForRowsAt: indexPaths)
    }
}
#endif
