import RowDiffValidation
import RowDiffDataSources
/// A `BatchUpdating` target for every platform: it keeps its own model of what a list view would
/// show, runs every batch through `BatchUpdateValidator` (strict profile by default) and applies
/// it to that model. The renderer is tested against it; use it in your own tests to check that
/// your renders animate safely.
///
/// ```swift
/// let dataSource = SectionedDataSource<KeyedSection>()
/// let target = ValidatingTarget(dataSource: dataSource)
/// let renderer = ListRenderer(dataSource: dataSource, target: target)
/// await renderer.renderAndWait(sections)
/// #expect(target.problems.isEmpty)
/// ```
///
/// Besides the validator's violations it records as `problems`: a data source that differs from
/// the view before a batch (data changed outside an update block), a view that does not end
/// where the data source is after a batch or a sequential update, and batches that start while
/// another one is still inside its update block (interleaving).
@MainActor
public final class ValidatingTarget<Section: DiffableSection>: BatchUpdating {
    /// The validator every batch goes through.
    public var validator: BatchUpdateValidator
    /// Whether the simulated view is on screen; the renderer reloads while it is not.
    public var isVisible = true
    /// How the simulated view takes changes.
    public var updateMode: UpdateMode
    /// When true, completions run in a later main-actor turn (as UIKit calls them after the
    /// animation); otherwise at once.
    public var completesAsynchronously = false

    /// What the simulated view shows.
    public private(set) var shown: ValidationSnapshot
    /// Every batch applied, in order.
    public private(set) var batches: [BatchUpdate] = []
    /// Every sequential update applied, in order.
    public private(set) var sequentialUpdates: [[SequentialStep]] = []
    /// The number of `reloadData` calls.
    public private(set) var reloadCount = 0
    /// Every violation the validator reported.
    public private(set) var violations: [BatchUpdateViolation] = []
    /// Every problem found: violations (as their descriptions) and the checks listed on the type.
    public private(set) var problems: [String] = []

    private let read: @MainActor () -> [Section]
    private let describe: (Section) -> ValidationSnapshot.Section
    private var insideUpdate = false

    /// A target reading `dataSource`, describing each section with `describe` (identities,
    /// content and cell kinds the validator compares; `nil` fields are not checked).
    public init<Source: ListDataSource<Section>>(
        dataSource: Source, view: ListViewKind = .tableView, profile: ValidationProfile = .strict,
        updateMode: UpdateMode = .batches(reconfigures: true),
        describe: @escaping (Section) -> ValidationSnapshot.Section
    ) {
        self.validator = BatchUpdateValidator(view: view, profile: profile)
        self.updateMode = updateMode
        self.describe = describe
        self.read = { [weak dataSource] in dataSource?.sections ?? [] }
        self.shown = ValidationSnapshot(sections: dataSource.sections.map(describe))
    }

    /// The data source's model as the validator sees it.
    public func snapshotOfDataSource() -> ValidationSnapshot { ValidationSnapshot(sections: read().map(describe)) }

    // MARK: BatchUpdating

    public func performBatchUpdates(
        _ update: BatchUpdate, installingData install: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void
    ) {
        if insideUpdate { problems.append("a batch started inside another batch's update block (interleaving)") }
        insideUpdate = true
        let before = snapshotOfDataSource()
        if before != shown {
            problems.append("batch \(batches.count): the data source changed outside an update block")
        }
        install()
        let after = snapshotOfDataSource()
        insideUpdate = false
        for violation in validator.violations(update, from: shown, to: after, viewCounts: nil) {
            violations.append(violation)
            problems.append("batch \(batches.count) \(update): \(violation)")
        }
        batches.append(update)
        shown = after
        finish(completion)
    }

    public func performSequentialUpdates(
        _ steps: [SequentialStep], installingData install: () -> Void, completion: @escaping @MainActor (Bool) -> Void
    ) {
        let before = snapshotOfDataSource()
        if before != shown {
            problems.append("sequential update \(sequentialUpdates.count): the data source changed outside an update block")
        }
        install()
        let after = snapshotOfDataSource()
        if let problem = Self.replay(steps, on: shown, expecting: after) {
            problems.append("sequential update \(sequentialUpdates.count): \(problem)")
        }
        sequentialUpdates.append(steps)
        shown = after
        finish(completion)
    }

    public func reloadData() {
        reloadCount += 1
        shown = snapshotOfDataSource()
    }

    // MARK: Interactive edits

    /// Simulates the user dragging a row: the view moves the cell itself, then tells the data
    /// source (`tableView(_:moveRowAt:to:)`). Returns what the data source's `moveItem` returned.
    @discardableResult
    public func userMovesItem(
        from source: ItemPath, to destination: ItemPath, in dataSource: SectionedDataSource<Section>
    ) -> Bool {
        guard dataSource.moveItem(from: source, to: destination) else { return false }
        var sections = shown.sections
        let item = sections[source.section].items.remove(at: source.item)
        sections[destination.section].items.insert(item, at: destination.item)
        shown = ValidationSnapshot(sections: sections)
        return true
    }

    private func finish(_ completion: @escaping @MainActor (Bool) -> Void) {
        if completesAsynchronously {
            Task { @MainActor in completion(true) }
        } else {
            completion(true)
        }
    }

    /// Replays sequential steps on what the view showed; a row that no step reloads keeps its
    /// cell, so its description must already match the final one.
    private static func replay(_ steps: [SequentialStep], on shown: ValidationSnapshot, expecting after: ValidationSnapshot) -> String? {
        var sections = shown.sections
        var reloaded = Set<ItemPath>()
        var reloadedSections = Set<Int>()
        for step in steps {
            switch step {
            case .deleteSection(let at):
                guard sections.indices.contains(at) else { return "deleteSection \(at) out of bounds" }
                sections.remove(at: at)
            case .insertSection(let at):
                guard at >= 0, at <= sections.count, after.sectionCount > at else { return "insertSection \(at) out of bounds" }
                var section = after.sections[at]
                section.items = []
                sections.insert(section, at: at)
            case .moveSection(let from, let to):
                guard sections.indices.contains(from), to >= 0, to < sections.count else {
                    return "moveSection \(from)→\(to) out of bounds"
                }
                sections.insert(sections.remove(at: from), at: to)
            case .reloadSection(let at):
                reloadedSections.insert(at)
            case .deleteItem(let at):
                guard sections.indices.contains(at.section), sections[at.section].items.indices.contains(at.item) else {
                    return "delete \(at) out of bounds"
                }
                sections[at.section].items.remove(at: at.item)
            case .insertItem(let at):
                guard let item = after.item(at: at), sections.indices.contains(at.section),
                    at.item <= sections[at.section].items.count
                else { return "insert \(at) out of bounds" }
                sections[at.section].items.insert(item, at: at.item)
            case .moveItem(let from, let to):
                guard sections.indices.contains(from.section), sections[from.section].items.indices.contains(from.item),
                    sections.indices.contains(to.section)
                else { return "move \(from)→\(to) out of bounds" }
                let item = sections[from.section].items.remove(at: from.item)
                guard to.item <= sections[to.section].items.count else { return "move \(from)→\(to) out of bounds" }
                sections[to.section].items.insert(item, at: to.item)
            case .reloadItem(let at):
                reloaded.insert(at)
            }
        }
        guard sections.count == after.sectionCount else { return "ends with \(sections.count) sections, expected \(after.sectionCount)" }
        for (s, section) in sections.enumerated() {
            let expected = after.sections[s]
            if section.identity != expected.identity {
                return "section \(s) is \(String(describing: section.identity)), expected \(String(describing: expected.identity))"
            }
            if !reloadedSections.contains(s), section.content != expected.content { return "section \(s) has stale content" }
            guard section.items.count == expected.items.count else {
                return "section \(s) has \(section.items.count) rows, expected \(expected.items.count)"
            }
            for (r, item) in section.items.enumerated() {
                let path = ItemPath(section: s, item: r)
                let want = expected.items[r]
                if item.identity != want.identity {
                    return "row \(path) is \(String(describing: item.identity)), expected \(String(describing: want.identity))"
                }
                if !reloaded.contains(path), !reloadedSections.contains(s), item != want { return "row \(path) is stale" }
            }
        }
        return nil
    }
}

extension ValidatingTarget where Section == KeyedSection {
    /// A target for `KeyedSection`s: section keys and headers/footers (their whole `Supplementary`
    /// state, not only titles), row keys, cell kinds and row states of every type — `Equatable`-only
    /// states included, compared with the row's own `isContentEqual(to:)`.
    public convenience init<Source: ListDataSource<KeyedSection>>(
        dataSource: Source, view: ListViewKind = .tableView, profile: ValidationProfile = .strict,
        updateMode: UpdateMode = .batches(reconfigures: true)
    ) {
        self.init(dataSource: dataSource, view: view, profile: profile, updateMode: updateMode, describe: Self.describeKeyed)
    }

    /// How a `KeyedSection` is described to the validator: keys, kinds, row states and the
    /// header and footer.
    /// - Complexity: O(rows of the section).
    nonisolated public static func describeKeyed(_ section: KeyedSection) -> ValidationSnapshot.Section {
        section.validationDescription()
    }
}
