import RowDiffDataSources
// What the stand-in asks its source beyond cells and batches, as UIKit does: capabilities it
// caches, the section index and focus.

extension StandInListView {
    /// The source says its capabilities changed (UIKit: the delegate is set again, so the view
    /// reads anew which methods it implements, and an empty batch lays it out again): counted in
    /// `capabilityChangeCount`; every row's height is asked again if the source now has them.
    public func sourceCapabilitiesChanged() {
        capabilityChangeCount += 1
        guard let source else { return }
        layOut(source, remapping: nil)
        updateVisibleCells()
    }

    /// The section index beside the table, as UIKit shows it (nil: none; tables only).
    public var sectionIndexTitles: [String]? {
        guard listKind == .tableView else { return nil }
        return source?.sectionIndexTitles()
    }

    /// The user taps the `index`-th entry of the section index: the section the view scrolls to.
    public func userTapsSectionIndex(_ index: Int) -> Int? {
        settleSupplementaryChecks("before a tap on the section index")
        guard let titles = sectionIndexTitles, titles.indices.contains(index),
            let section = source?.section(forSectionIndexAt: index), counts.indices.contains(section)
        else { return nil }
        return section
    }

    /// Whether the row can take focus: what the source says when it has focus rules, the view's
    /// default (focusable) otherwise — UIKit does not ask a delegate that does not implement it.
    public func canFocus(_ path: ItemPath) -> Bool {
        guard counts.indices.contains(path.section), path.item >= 0, path.item < counts[path.section] else { return false }
        guard let source, source.hasFocusRules else { return true }
        return source.canFocusItem(at: path) ?? true
    }
}
