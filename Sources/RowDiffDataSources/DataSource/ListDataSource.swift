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

    /// Called once a change is installed: `.staged` with the stages that were applied, or
    /// `.reloadAll` when the model was replaced without a changeset.
    var onChange: (@MainActor (ListChange<Section>) -> Void)? { get set }

    /// The number of sections.
    var numberOfSections: Int { get }
    /// The number of rows in section `section`.
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

    /// - Complexity: O(1).
    public func numberOfItems(in section: Int) -> Int { sections[section].rows.count }

    /// - Complexity: O(1).
    public func item(at path: ItemPath) -> Section.Row { sections[path.section].rows[path.item] }

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

    /// The total number of rows.
    /// - Complexity: O(sections).
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.rows.count } }
}

/// A change of a data source's model (ezcater DataSource's `ChangeSet`: `.some` or `.all`).
public enum ListChange<Section: DiffableSection> {
    /// The model changed through these stages, in order; each stage's `data` was installed inside
    /// its batch.
    case staged(StagedChangeset<Section>)
    /// The model was replaced as a whole (first render, too many changes, an off-screen target,
    /// duplicate keys, or a non-animated render).
    case reloadAll
}
