#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// An `NSTableView` (one section) as a renderer target, through the sequential patch: the final
/// data is installed, then the steps run inside `beginUpdates`/`endUpdates`, each relative to the
/// previous one. Section steps do not occur for a single-section list; if they do, it reloads.
@MainActor
public final class NSTableViewTarget: BatchUpdating {
    public let tableView: NSTableView
    public var animation: NSTableView.AnimationOptions = [.effectFade]

    public init(_ tableView: NSTableView) { self.tableView = tableView }

    public var isVisible: Bool { tableView.window != nil }
    public var updateMode: UpdateMode { .sequential }

    public func performBatchUpdates(
        _ update: BatchUpdate, installingData install: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void
    ) {
        install()
        tableView.reloadData()
        completion(true)
    }

    public func performSequentialUpdates(
        _ steps: [SequentialStep], installingData install: () -> Void, completion: @escaping @MainActor (Bool) -> Void
    ) {
        install()
        let columns = IndexSet(integersIn: 0..<tableView.numberOfColumns)
        tableView.beginUpdates()
        for step in steps {
            switch step {
            case .deleteItem(let at): tableView.removeRows(at: IndexSet(integer: at.item), withAnimation: animation)
            case .insertItem(let at): tableView.insertRows(at: IndexSet(integer: at.item), withAnimation: animation)
            case .moveItem(let from, let to): tableView.moveRow(at: from.item, to: to.item)
            case .reloadItem(let at): tableView.reloadData(forRowIndexes: IndexSet(integer: at.item), columnIndexes: columns)
            case .deleteSection, .insertSection, .moveSection, .reloadSection:
                tableView.endUpdates()
                tableView.reloadData()
                completion(true)
                return
            }
        }
        tableView.endUpdates()
        completion(true)
    }

    public func reloadData() { tableView.reloadData() }
}
#endif
