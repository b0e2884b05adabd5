import RowDiff

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
    /// - Complexity: O(1), except the first read after a content stage of a render was installed
    ///   (O(S + rows of the sections it touched): the stage is kept as a patch until then).
    public var sections: [Section] {
        if let patch {
            model = patch.model
            self.patch = nil
        }
        return model
    }

    /// The model as arrays; while `patch` is set, the old model the patch applies to (the same
    /// section and row counts, keys and section values except the patch's).
    private var model: [Section]
    /// A content stage (reconfigure, reload) installed as the changes it makes to `model`: no row
    /// array is copied for it (see `StagePatch`). Counts and rows are read through it; any read of
    /// `sections` builds the arrays once.
    private var patch: StagePatch<Section>? {
        didSet { patchedSections = [:] }
    }
    /// Sections of the patched stage built one at a time (`section(at:)`: headers and footers).
    private var patchedSections: [Int: Section] = [:]

    /// Increases on every change of `sections` (installs and interactive moves).
    public private(set) var version = 0

    /// Called with every change `update(to:)` or a `ListRenderer` makes (see
    /// `ListDataSource.onChange`); not for `install(_:)` or interactive moves.
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

    /// Receives the duplicate-key diagnostic of an `update(to:)` whose new model repeats a key
    /// (which then reloads). Default: none; the library never prints.
    public var onDuplicateKeys: (@MainActor (DuplicateKeyDiagnostic) -> Void)?

    /// Built on the first lookup after a change (at most once per change) or handed over by the
    /// renderer, which builds it off the main thread.
    private var index: KeyIndex<Section>?

    /// Changes made by someone other than the renderer (`install(_:)`, interactive moves), counted.
    /// The renderer rebases a state requested before such a change onto it (see `ListRenderer`).
    private(set) var externalChangeCount = 0
    /// Set by a renderer: keep the models before and after each external change (keyed by the
    /// count that change made) until the renderer is idle again.
    var keepsExternalChanges = false
    private(set) var externalChanges: [Int: (before: [Section], after: [Section])] = [:]

    /// A data source showing `sections`.
    public init(_ sections: [Section] = []) {
        self.model = sections
    }

    // MARK: Installing

    /// Replaces the model. Whoever applies a change calls this inside each batch, so the view and
    /// the data source always agree; it does not call `onChange`. Interactive moves install through
    /// it too; a render requested before such a change keeps it (see `ListRenderer`).
    /// - Complexity: O(1); key lookups are rebuilt lazily.
    public func install(_ sections: [Section]) {
        externalChangeCount &+= 1
        if keepsExternalChanges { externalChanges[externalChangeCount] = (self.sections, sections) }
        store(sections, index: nil)
    }

    /// Drops the external changes kept so far (the renderer has no request older than them).
    func forgetExternalChanges() {
        externalChanges = [:]
    }

    /// The renderer's install: the model it computed, with the lookup table it built off the main
    /// thread (nil: rebuilt on the next lookup).
    func install(_ sections: [Section], index: KeyIndex<Section>?) {
        store(sections, index: index)
    }

    /// A stage's model as a `StagedUpdate` hands it over: a patch is kept as it is.
    func install(_ stage: StageModel<Section>, index: KeyIndex<Section>?) {
        switch stage {
        case .arrays(let sections):
            store(sections, index: index)
        case .patch(let patch):
            // The patch's base is the model installed before it (the old model, or the previous
            // content stage's base): releasing the arrays here frees nothing.
            store(patch.base, index: index)
            self.patch = patch
        }
    }

    /// An update whose stages install into this data source as a render's do: content stages as
    /// the patches `staged` holds (when staged with `patchesContentStages`), the last stage
    /// `final` with `index` (the key table of `final`, or nil: built on the next lookup).
    /// - Complexity: O(1).
    func stagedUpdate(_ staged: StagedChangeset<Section>, final: [Section], index: KeyIndex<Section>?) -> StagedUpdate<Section> {
        // Weak: an update kept by the UI after the data source is gone installs nothing (and
        // keeps no data source alive through `onChange`).
        StagedUpdate(staged, final: final) { [weak self] stage, isFinal in self?.install(stage, index: isFinal ? index : nil) }
    }

    /// `stagedUpdate(_:final:index:)` with no key table, for `rowdiff bench`, which times a
    /// render's steps one by one. Package API: shared by this package's modules, never seen by apps.
    package func stagedUpdate(_ staged: StagedChangeset<Section>, final: [Section]) -> StagedUpdate<Section> {
        stagedUpdate(staged, final: final, index: nil)
    }

    private func store(_ sections: [Section], index: KeyIndex<Section>?) {
        model = sections
        patch = nil
        self.index = index
        version &+= 1
    }

    /// The model as stored (the arrays and, in a patched content stage, the patch), without
    /// building anything: a renderer takes it before an install replaces it, to release it elsewhere.
    /// - Complexity: O(1).
    var installedModel: InstalledModel<Section> { InstalledModel(arrays: model, patch: patch) }

    // MARK: Reading (a patched content stage is read without building its arrays)

    /// Section `index` of the model (`sections[index]`); in a patched content stage, only that
    /// section is built (once per stage), for the UI's header and footer queries.
    /// - Precondition: `index` is a valid section index.
    /// - Complexity: O(1), or O(rows of the section) the first time in a patched stage.
    func section(at index: Int) -> Section {
        guard let patch else { return model[index] }
        if let built = patchedSections[index] { return built }
        let built = patch.section(at: index)
        patchedSections[index] = built
        return built
    }

    /// - Complexity: O(1) (see `section(at:)`).
    public func headerTitle(in section: Int) -> String? { (self.section(at: section) as? any TitledSection)?.headerTitle }

    /// - Complexity: O(1) (see `section(at:)`).
    public func footerTitle(in section: Int) -> String? { (self.section(at: section) as? any TitledSection)?.footerTitle }

    /// - Complexity: O(1).
    public var numberOfSections: Int { model.count }

    /// - Precondition: `section` is a valid section index (the message names it and the count).
    /// - Complexity: O(1).
    public func numberOfItems(in section: Int) -> Int {
        checkSection(section, in: model)
        return model[section].rows.count
    }

    /// - Precondition: `path` is a valid position (the message names it and the counts).
    /// - Complexity: O(1) expected.
    public func item(at path: ItemPath) -> Section.Row {
        checkPath(path, in: model)
        return patch?.row(at: path) ?? model[path.section].rows[path.item]
    }

    /// Diffs the model against `new` and hands the change to `onChange` as a `StagedUpdate` whose
    /// stages install their own data inside the batches that apply them (`apply(to:)`); the model
    /// is not replaced before. After `onChange` returns the final model is installed in any case
    /// (a no-op when the UI applied every stage). A `new` with duplicate keys is reported to
    /// `onDuplicateKeys`, installed, and announced as `.reloadAll`. Synchronous: for a data
    /// source driven by hand, or tests; `ListRenderer` diffs off the main thread.
    /// - Complexity: the diff's (see `SectionedDiff`).
    public func update(to new: [Section], reconfigures: Bool = true) {
        let diff = SectionedDiff(from: sections, to: new)
        let duplicates = diff.duplicates
        if !duplicates.newSections.isEmpty || !duplicates.newItems.isEmpty {
            onDuplicateKeys?(DuplicateKeyDiagnostic(newSide: duplicates, model: new))
            install(new, index: nil)
            onChange?(.reloadAll)
            return
        }
        let staged = StagedChangeset(diff, updateStyle: reconfigures ? .reconfigure : .reload, patchesContentStages: true)
        let update = stagedUpdate(staged, final: new, index: nil)
        onChange?(.staged(update))
        update.installRemaining()
    }

    // MARK: Lookups

    /// The lookup table of `sections`, if it is built (the renderer remaps it through its next diff).
    var builtIndex: KeyIndex<Section>? { index }

    private var keyIndex: KeyIndex<Section> {
        if let index { return index }
        // A patched content stage has its base's keys at the same positions: no arrays are built.
        let built = KeyIndex(model)
        index = built
        return built
    }

    /// The index path of the row with key `key`; with repeated keys, the first occurrence.
    /// - Complexity: O(1) expected (the first lookup after a change builds the table: O(rows)).
    public func indexPath(ofItem key: Section.Row.DiffIdentity) -> ItemPath? { keyIndex.path(ofRow: key) }

    /// The index of the section with key `key`; with repeated keys, the first occurrence.
    /// - Complexity: O(1) expected, as ``indexPath(ofItem:)``.
    public func index(ofSection key: Section.DiffIdentity) -> Int? { keyIndex.sections[key] }

    /// The index path of row `item` in section `section` (FunctionalTableData's `ItemPath` of
    /// section key and row key), or nil when that row is not in that section.
    /// - Complexity: O(1) expected.
    public func indexPath(section: Section.DiffIdentity, item: Section.Row.DiffIdentity) -> ItemPath? {
        guard let s = keyIndex.sections[section], let path = keyIndex.path(ofRow: item), path.section == s else { return nil }
        return path
    }

    /// The keys of the row at `path`: its section's key and its own.
    /// - Precondition: `path` is a valid position (the message names it and the counts).
    /// - Complexity: O(1).
    public func keys(at path: ItemPath) -> (section: Section.DiffIdentity, item: Section.Row.DiffIdentity) {
        let row = item(at: path) // checks `path` first
        // Section keys are the same in a patched content stage and its base.
        return (model[path.section].diffIdentity, row.diffIdentity)
    }

    /// The key of the row at `path`.
    /// - Precondition: `path` is a valid position (the message names it and the counts).
    /// - Complexity: O(1).
    public func itemKey(at path: ItemPath) -> Section.Row.DiffIdentity { item(at: path).diffIdentity }

    /// The key of section `index`.
    /// - Precondition: `index` is a valid section index (the message names it and the count).
    /// - Complexity: O(1).
    public func sectionKey(at index: Int) -> Section.DiffIdentity {
        guard index >= 0 && index < model.count else {
            usageTrap("sectionKey(at: \(index))", "section \(index) is out of range; the list has \(model.count) sections")
        }
        return model[index].diffIdentity
    }

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

/// A data source's model as it stores it (see `SectionedDataSource.installedModel`).
struct InstalledModel<Section: DiffableSection> {
    let arrays: [Section]
    let patch: StagePatch<Section>?
}

extension InstalledModel: Sendable where Section: Sendable, Section.Row: Sendable {}
