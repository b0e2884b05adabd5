// Sources written before display and prefetch calls existed: the view's calls reach nothing.

extension ListViewSource {
    /// No display hook: nothing to tell.
    public func willDisplay(_ view: AnyObject, at path: ItemPath) {}
    /// No display hook: nothing to tell.
    public func didEndDisplaying(_ view: AnyObject, at path: ItemPath) {}
    /// No prefetching: the rows are made when the view asks for their cells.
    public func prefetchItems(at paths: [ItemPath]) {}
    /// No prefetching, so nothing to cancel.
    public func cancelPrefetchingItems(at paths: [ItemPath]) {}
}
