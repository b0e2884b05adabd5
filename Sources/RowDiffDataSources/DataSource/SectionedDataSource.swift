/// A data source holding sections of any `DiffableSection` type, with O(1) lookups between keys
/// and index paths, editing hooks and a change callback. `ListRenderer` keeps it up to date; UI
/// adapters read it.
///
/// Use ``KeyedSection`` for FunctionalTableData-style declarative state, ``SectionModel`` (an
/// alias of `ListSection`) for RxDataSources-style section models, or a type of your own. A
/// single-section list is `SectionedDataSource<FlatSection<Row>>` (see the `rows` accessors).
@MainActor
public final class SectionedDataSource<Section: DiffableSection>: ListDataSource {
    /// The model the UI shows now; inside a staged change, the current stage's data.
    public private(set) var sections: [Section]

    /// Increases on every change of `sections` (installs and interactive moves).
    public private(set) var version = 0

    public var onChange: (@MainActor (ListChange<Section>) -> Void)?

    /// Whether the row at a path may be moved interactively (RxDataSources'
    /// `canMoveRowAtIndexPath`); nil: rows are movable when `didMoveItem` is set.
    public var canMoveItem: (@MainActor (ItemPath, Section.Row) -> Bool)?
    /// Whether the row at a path may be edited (swipe to delete, …); nil: no row is, unless an
    /// owner has a delete handler (see `ListController.canEditItem(at:)`).
    public var canEditItem: (@MainActor (ItemPath, Section.Row) -> Bool)?
    /// Called after an interactive move was applied to the model, so the app can update the state
    /// it renders from (otherwise its next render moves the row back).
    public var didMoveItem: (@MainActor (Move<ItemPath>, Section.Row) -> Void)?

    /// Built on the first lookup after a change (at most once per change) or handed over by the
    /// renderer, which may build it off the main thread.
    private var index: KeyIndex<Section>?

    /// A data source showing `sections`.
    public init(_ sections: [Section] = []) {
        self.sections = sections
    }

    // MARK: Installing

    /// Replaces the model. Whoever applies a change calls this inside each batch, so the view and
    /// the data source always agree; it does not call `onChange`.
    /// - Complexity: O(1); key lookups are rebuilt lazily.
    public func install(_ sections: [Section]) {
        install(sections, index: nil)
    }

    func install(_ sections: [Section], index: KeyIndex<Section>?) {
        self.sections = sections
        self.index = index
        version &+= 1
    }

    /// Diffs the model against `new`, installs it stage by stage and calls `onChange` with the
    /// staged changeset (or `.reloadAll` when `new` has duplicate keys). Synchronous: for a data
    /// source no view drives, or tests. Views are driven by `ListRenderer`.
    /// - Complexity: the diff's (see `SectionedDiff`).
    public func update(to new: [Section], reconfigures: Bool = true) {
        let diff = SectionedDiff(from: sections, to: new)
        if !diff.duplicates.newSections.isEmpty || !diff.duplicates.newItems.isEmpty {
            install(new)
            onChange?(.reloadAll)
            return
        }
        let staged = StagedChangeset(diff, updateStyle: reconfigures ? .reconfigure : .reload)
        install(new)
        onChange?(.staged(staged))
    }

    // MARK: Lookups

    private var keyIndex: KeyIndex<Section> {
        if let index { return index }
        let built = KeyIndex(sections)
        index = built
        return built
    }

    /// The index path of the row with key `key`; with repeated keys, the first occurrence.
    /// - Complexity: O(1) expected (the first lookup after a change builds the table: O(rows)).
    public func indexPath(ofItem key: Section.Row.DiffIdentity) -> ItemPath? { keyIndex.rows[key] }

    /// The index of the section with key `key`; with repeated keys, the first occurrence.
    /// - Complexity: O(1) expected, as ``indexPath(ofItem:)``.
    public func index(ofSection key: Section.DiffIdentity) -> Int? { keyIndex.sections[key] }

    /// The index path of row `item` in section `section` (FunctionalTableData's `ItemPath` of
    /// section key and row key), or nil when that row is not in that section.
    /// - Complexity: O(1) expected.
    public func indexPath(section: Section.DiffIdentity, item: Section.Row.DiffIdentity) -> ItemPath? {
        guard let s = keyIndex.sections[section], let path = keyIndex.rows[item], path.section == s else { return nil }
        return path
    }

    /// The keys of the row at `path`: its section's key and its own.
    /// - Complexity: O(1).
    public func keys(at path: ItemPath) -> (section: Section.DiffIdentity, item: Section.Row.DiffIdentity) {
        (sections[path.section].diffIdentity, sections[path.section].rows[path.item].diffIdentity)
    }

    /// The key of the row at `path`.
    /// - Complexity: O(1).
    public func itemKey(at path: ItemPath) -> Section.Row.DiffIdentity { sections[path.section].rows[path.item].diffIdentity }

    /// The key of section `index`.
    /// - Complexity: O(1).
    public func sectionKey(at index: Int) -> Section.DiffIdentity { sections[index].diffIdentity }

    /// The row with key `key`, if present.
    /// - Complexity: O(1) expected.
    public func item(withKey key: Section.Row.DiffIdentity) -> Section.Row? {
        indexPath(ofItem: key).map { item(at: $0) }
    }

    /// Keys that repeat in the current model, or nil.
    /// - Complexity: O(1) once the lookup table is built (O(rows) otherwise).
    public var duplicateKeys: DuplicateKeyDiagnostic? { keyIndex.duplicates }
}

extension SectionedDataSource {
    /// The rows of a single-section list.
    public func rows<Row>() -> [Row] where Section == FlatSection<Row> { sections.first?.rows ?? [] }

    /// A single-section data source showing `rows`.
    public convenience init<Row>(rows: [Row]) where Section == FlatSection<Row> {
        self.init([FlatSection(rows: rows)])
    }
}
