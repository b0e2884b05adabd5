/// The read side of a data source, for any UI (ezcater DataSource's protocol): counts, items,
/// titles and a change callback. Table and collection view adapters drive themselves from it;
/// so can a UI that RowDiff knows nothing about.
///
/// Only `sections` and `onChange` are required; the rest have defaults reading `sections`.
@MainActor
public protocol ListDataSource<Section>: AnyObject {
    /// The section type.
    associatedtype Section: DiffableSection

    /// The model the UI shows now. Inside a staged change it is the current stage's data.
    var sections: [Section] { get }

    /// Called with every change. `.staged` carries a `StagedUpdate` whose stages the UI applies in
    /// order, each stage's data installed inside the batch that applies it (`apply(to:)` does
    /// exactly that); `.reloadAll` means the model was replaced as a whole and is already installed.
    /// A change made by `ListRenderer` arrives already applied to the renderer's target
    /// (`isInstalled`), so applying it again does nothing.
    var onChange: (@MainActor (ListChange<Section>) -> Void)? { get set }

    /// The number of sections.
    var numberOfSections: Int { get }
    /// The number of rows in section `section`.
    /// - Precondition: `section` is a valid section index.
    func numberOfItems(in section: Int) -> Int
    /// The row at `path`.
    /// - Precondition: `path` is a valid position.
    func item(at path: ItemPath) -> Section.Row
    /// The next row after `path` in section-major order, skipping empty sections; nil after the
    /// last row.
    func indexPath(after path: ItemPath) -> ItemPath?
    /// The header title of section `section`, if any.
    func headerTitle(in section: Int) -> String?
    /// The footer title of section `section`, if any.
    func footerTitle(in section: Int) -> String?
}

extension ListDataSource {
    /// - Complexity: O(1).
    public var numberOfSections: Int { sections.count }

    /// - Precondition: `section` is a valid section index (the message names it and the count).
    /// - Complexity: O(1).
    public func numberOfItems(in section: Int) -> Int {
        let sections = self.sections
        checkSection(section, in: sections)
        return sections[section].rows.count
    }

    /// - Precondition: `path` is a valid position (the message names it and the counts).
    /// - Complexity: O(1).
    public func item(at path: ItemPath) -> Section.Row {
        let sections = self.sections
        checkPath(path, in: sections)
        return sections[path.section].rows[path.item]
    }

    /// - Complexity: O(1) plus the number of empty sections skipped.
    public func indexPath(after path: ItemPath) -> ItemPath? {
        if path.section >= 0, path.section < numberOfSections, path.item + 1 < numberOfItems(in: path.section) {
            return ItemPath(section: path.section, item: path.item + 1)
        }
        var section = max(path.section + 1, 0)
        while section < numberOfSections {
            if numberOfItems(in: section) > 0 { return ItemPath(section: section, item: 0) }
            section += 1
        }
        return nil
    }

    /// The first row, skipping empty sections; nil when there is none.
    public var firstIndexPath: ItemPath? { indexPath(after: ItemPath(section: -1, item: 0)) }

    /// The title of a `TitledSection`; nil for other section types.
    public func headerTitle(in section: Int) -> String? { (sections[section] as? any TitledSection)?.headerTitle }

    /// The footer title of a `TitledSection`; nil for other section types.
    public func footerTitle(in section: Int) -> String? { (sections[section] as? any TitledSection)?.footerTitle }

    /// Traps, in every build, with a message naming `section` and the section count when it is
    /// out of range (UIKit raises for a section it does not have).
    func checkSection(_ section: Int, in sections: [Section], for path: ItemPath? = nil) {
        guard section < 0 || section >= sections.count else { return }
        let call = path.map { "item(at: \($0))" } ?? "numberOfItems(in: \(section))"
        usageTrap(call, "section \(section) is out of range; the list has \(sections.count) sections")
    }

    /// Traps, in every build, with a message naming `path` and the counts when it is not a
    /// position of `sections` (`NSFetchedResultsController.object(at:)` raises for one).
    func checkPath(_ path: ItemPath, in sections: [Section]) {
        checkSection(path.section, in: sections, for: path)
        let count = sections[path.section].rows.count
        guard path.item < 0 || path.item >= count else { return }
        usageTrap("item(at: \(path))", "item \(path.item) is out of range; section \(path.section) has \(count) rows")
    }

    /// The total number of rows.
    /// - Complexity: O(sections).
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.rows.count } }
}

/// A change of a data source's model (ezcater DataSource's `ChangeSet`: `.some` or `.all`).
public enum ListChange<Section: DiffableSection> {
    /// The model changes through these stages, in order. Apply them with `apply(to:)`, or apply
    /// each stage's `update` in a batch of its own and call the stage's `install()` inside that
    /// batch. From `ListRenderer` the stages arrive already applied to its target.
    case staged(StagedUpdate<Section>)
    /// The model was replaced as a whole and is already installed (first render, too many changes,
    /// an off-screen target, duplicate keys, or a non-animated render): reload the view. A
    /// renderer whose target takes sequential patches (`NSTableViewTarget`) also reports its
    /// patched renders this way, after the target applied them.
    case reloadAll
}
