import Testing
import RowDiffDataSources

/// Where the row `key` is on screen (its frame's top minus the content offset); nil when the view
/// does not have it.
@MainActor
func screenY(of key: String, _ owner: ListController<KeyedSection>, _ geometry: some ScrollGeometry) -> Double? {
    owner.dataSource.indexPath(ofItem: key).flatMap(geometry.frameOfItem(at:)).map { $0.minY - geometry.contentOffset }
}

/// One step of a scroll-anchor model check: the anchored row `key` is where it was on screen
/// (`y`) — or, when the step's edits removed so much content that keeping it there needs an offset
/// past the content's top or bottom, the view rests at the nearest bound (as `scrollAnchor`
/// documents). Returns whether the view rested at a bound.
@MainActor
func expectAnchorKept(
    _ key: String, at y: Double, _ owner: ListController<KeyedSection>, _ geometry: some ScrollGeometry, _ context: String
) -> Bool {
    let bounds = geometry.contentOffsetBounds
    let needed = owner.dataSource.indexPath(ofItem: key).flatMap(geometry.frameOfItem(at:)).map { $0.minY - y }
    if let needed, !bounds.contains(needed) {
        let nearest = min(max(needed, bounds.lowerBound), bounds.upperBound)
        #expect(geometry.contentOffset == nearest, "\(context): past the content, the view must rest at \(nearest)")
        return true
    }
    let now = screenY(of: key, owner, geometry)
    #expect(now == y, "\(context): row \(key) moved on screen from \(y) to \(now ?? .nan)")
    return false
}
