import RowDiff
import Foundation

// How a snapshot is rendered
// ==========================
//
// `renderedSections()` turns a snapshot into `DiffableSnapshotSection`s, which a
// `SectionedDataSource` / `ListRenderer` diffs like any other sections: identity is the
// identifier, so inserts, deletes and moves come from the identifiers alone. What the identifiers
// cannot say is "this item's data changed": `reloadItems`, `reconfigureItems` and
// `reloadSections`. Each call of `renderedSections()` is stamped with a generation (increasing
// across the process), carried by every row and section it makes, and a matched old/new pair has
// equal content unless the *newer* of the two is marked and the two come from different calls:
//
// - an unmarked item is never refreshed, whatever the row on screen carried (a mark applies to
//   one apply, as in UIKit, where applying a snapshot consumes its marks);
// - a marked item is refreshed, even when the row on screen was marked too by an earlier apply;
// - the same rendered sections rendered twice refresh nothing the second time.
//
// Staging then reconfigures an updated row whose `rowKind` is unchanged and reloads one whose
// kind changed. Reconfigured and unmarked rows share the row type's kind; a reloaded row's kind
// is stamped with its call's generation (`RowKind(stamp:named:)`), so it differs from every kind
// an older row can have, including an earlier apply's reload kind. A row holds no object, so
// rows are plain values when the identifiers are (copied as bytes by staging's generic code). A
// marked row's kind differs from an unmarked one's with equal content: that breaks the
// `Diffable` rule "content equal implies kind equal" on purpose. Kinds are compared only for
// updated rows, so the difference only decides reload against reconfigure; a validator told
// about kinds would report it, which is why `describe(_:)` gives identities only.

/// How applying a snapshot refreshes an item whose identifier is unchanged.
@usableFromInline
package enum SnapshotRefresh: Sendable, Hashable {
    /// Not refreshed: the cell stays as it is.
    case none
    /// Reconfigured: the existing cell is configured again (`reconfigureItems(_:)`).
    case reconfigure
    /// Reloaded: the cell is replaced by a new one (`reloadItems(_:)`).
    case reload
}

/// The generations of `renderedSections()` calls: each call draws one greater than every earlier
/// one's, on any thread.
@usableFromInline let renderGenerations = GenerationCounter()

/// A process-wide increasing counter.
@usableFromInline
final class GenerationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var last: UInt64 = 0

    @usableFromInline
    func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}

/// Whether two renderings of one identifier show the same content: they come from the same call,
/// or the newer one is not marked.
@inline(__always)
private func rendersAlike(_ generation: UInt64, _ marked: Bool, _ otherGeneration: UInt64, _ otherMarked: Bool) -> Bool {
    if generation == otherGeneration { return true }
    return generation > otherGeneration ? !marked : !otherMarked
}

/// An item of a rendered snapshot: its identifier, and how the apply that renders it refreshes it.
///
/// Rows are made by `DiffableDataSourceSnapshot.renderedSections()`; see there for how they diff.
@usableFromInline
package struct DiffableSnapshotRow<ItemIdentifierType: Hashable & Sendable>: Diffable, Sendable {
    // Nothing depends on where the fields lie: the diff finds the identifier through
    // `MemoryLayout.offset(of:)` (see `InPlaceRow` below).

    /// What the snapshot marked the item for.
    public let refresh: SnapshotRefresh
    /// The generation of the call that made the row; a reloaded row's kind is stamped with it.
    @usableFromInline let generation: UInt64
    /// The item's identifier: the row's identity.
    public let identifier: ItemIdentifierType

    // Inlined: `renderedSections()` makes one per item in code not specialised for the identifier
    // type, where a call fetched this type's generic metadata every time.
    @inlinable
    init(_ identifier: ItemIdentifierType, refresh: SnapshotRefresh, generation: UInt64) {
        self.identifier = identifier
        self.refresh = refresh
        self.generation = generation
    }

    /// The identifier.
    /// - Complexity: O(1).
    public var diffIdentity: ItemIdentifierType { identifier }

    /// Same content unless the newer of the two rows is marked and they come from different
    /// `renderedSections()` calls.
    /// - Complexity: O(1).
    public func isContentEqual(to other: DiffableSnapshotRow) -> Bool {
        rendersAlike(generation, refresh != .none, other.generation, other.refresh != .none)
    }

    /// The row type's kind; for a reloaded row, a kind of its call alone, so that staging
    /// reloads it rather than reconfiguring it.
    /// - Complexity: O(1).
    public var rowKind: RowKind {
        if refresh == .reload { return RowKind(stamp: generation, named: DiffableSnapshotRow.self) }
        return RowKind(DiffableSnapshotRow.self)
    }
}

/// The diff of snapshot rows runs in code not specialised for the app's identifier type: it
/// reads identifiers and marks where the rows are stored, copying no row.
extension DiffableSnapshotRow: InPlaceRow {
    /// `identifier`'s offset, as `MemoryLayout` gives it.
    /// - Complexity: O(1).
    @usableFromInline package static var storedIdentityOffset: Int? { MemoryLayout<DiffableSnapshotRow>.offset(of: \.identifier) }

    /// The marks, compared as `isContentEqual(to:)` does.
    /// - Complexity: O(1).
    @usableFromInline package static func contentChanged(
        _ old: UnsafePointer<DiffableSnapshotRow>, _ new: UnsafePointer<DiffableSnapshotRow>
    ) -> Bool {
        !rendersAlike(old.pointee.generation, old.pointee.refresh != .none, new.pointee.generation, new.pointee.refresh != .none)
    }
}

/// A section of a rendered snapshot: its identifier, its items as rows, and whether the apply
/// that renders it reloads it.
@usableFromInline
package struct DiffableSnapshotSection<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    DiffableSection, UniquelyIdentifiedSection, Sendable
{
    /// The section's identifier: its identity.
    public let identifier: SectionIdentifierType
    /// The section's items, in order. Rows set after the render may be marked.
    public var rows: [DiffableSnapshotRow<ItemIdentifierType>] { didSet { rowsUnmarked = false } }
    /// Whether the snapshot marked the section with `reloadSections(_:)`.
    public let isReloaded: Bool
    /// The generation of the call that made the section.
    @usableFromInline let generation: UInt64
    /// Whether no row of the section is marked: the render that made it marked no item. Rows that
    /// are not marked render alike whatever their generations, so two such sections' rows are alike
    /// (`UniquelyIdentifiedSection`).
    @usableFromInline var rowsUnmarked: Bool

    @inlinable
    init(
        _ identifier: SectionIdentifierType, rows: [DiffableSnapshotRow<ItemIdentifierType>], isReloaded: Bool,
        generation: UInt64, rowsUnmarked: Bool
    ) {
        self.identifier = identifier
        self.rows = rows
        self.isReloaded = isReloaded
        self.generation = generation
        self.rowsUnmarked = rowsUnmarked
    }

    /// `source` with other rows (staging builds intermediate states with it), which may be marked.
    /// - Complexity: O(1).
    public init(source: DiffableSnapshotSection, rows: [DiffableSnapshotRow<ItemIdentifierType>]) {
        self.init(source.identifier, rows: rows, isReloaded: source.isReloaded, generation: source.generation, rowsUnmarked: false)
    }

    /// Whether the section's rows are alike (`UniquelyIdentifiedSection`): none of them is marked.
    /// - Complexity: O(1).
    @inlinable
    package var rowsAreAlike: Bool { rowsUnmarked }

    /// The identifier.
    /// - Complexity: O(1).
    public var diffIdentity: SectionIdentifierType { identifier }

    /// Same content unless the newer of the two is marked reloaded and they come from different
    /// `renderedSections()` calls.
    /// - Complexity: O(1).
    public func isContentEqual(to other: DiffableSnapshotSection) -> Bool {
        rendersAlike(generation, isReloaded, other.generation, other.isReloaded)
    }

    /// How a validator (`ValidatingTarget`, the stand-in views) sees the section: its identifier
    /// and its items' identifiers. Marks are left out: they say what an apply refreshes, not
    /// what a cell shows.
    /// - Complexity: O(rows).
    public static func describe(_ section: DiffableSnapshotSection) -> ValidationSnapshot.Section {
        ValidationSnapshot.Section(section.identifier, identities: section.rows.map(\.identifier))
    }
}

extension ItemTable where Value == SnapshotRefresh {
    /// The marked items and how each is refreshed (reloaded when marked both ways), for rendering
    /// a snapshot whose item index is not built.
    /// - Complexity: O(m) for m marks (counting an item marked by several calls each time).
    @inlinable
    init(reloaded: ItemMarks<Item>, reconfigured: ItemMarks<Item>) {
        self.init()
        // Reconfigures first: a reload of the same item replaces its entry's value.
        reconfigured.forEach { updateValue(.reconfigure, forKey: $0) }
        reloaded.forEach { updateValue(.reload, forKey: $0) }
    }
}

extension DiffableDataSourceSnapshot {
    /// The sections to render for this snapshot with a `SectionedDataSource` / `ListRenderer`:
    /// one per section, its rows the section's items. Marked items and sections come out of the
    /// diff against what is on screen as refreshes, although their identifiers are unchanged:
    /// `reloadItems(_:)` as row reloads, `reconfigureItems(_:)` as reconfigures (an item marked
    /// both is reloaded), `reloadSections(_:)` as section reloads. Unmarked items are never
    /// refreshed. The marks count once: render the result once per apply (rendering the same
    /// result again refreshes nothing); render `renderedSections()` again to refresh again.
    ///
    /// Safe to call on any thread.
    /// - Complexity: O(S + n), hashing only the marked items when the snapshot's item index is
    ///   built (marking items builds it), and each item once otherwise (plus the lookup index's
    ///   first build after unchecked appends).
    @inlinable
    package func renderedSections() -> [DiffableSnapshotSection<SectionIdentifierType, ItemIdentifierType>] {
        renderedSections(shown: [])
    }

    /// `renderedSections()` for an apply over `shown`, the rows on screen (rendered by earlier
    /// applies): when they hold exactly this snapshot's sections and items, in order (an app
    /// applying a snapshot it rebuilt unchanged), the snapshot's appends are known to repeat
    /// nothing, and are not hashed to find out.
    /// - Complexity: as `renderedSections()`; O(S + n) comparisons instead of the hashing of
    ///   unchecked appends when `shown` matches.
    @inlinable
    package func renderedSections(
        shown: [DiffableSnapshotSection<SectionIdentifierType, ItemIdentifierType>]
    ) -> [DiffableSnapshotSection<SectionIdentifierType, ItemIdentifierType>] {
        typealias Row = DiffableSnapshotRow<ItemIdentifierType>
        let generation = renderGenerations.next()
        let items = storage.resolvedItems(shownAs: shown)
        let reloaded = storage.reloadedItems, reconfigured = storage.reconfiguredItems
        let reloadedSections = storage.reloadedSections
        let marksItems = !reloaded.isEmpty || !reconfigured.isEmpty
        // With the index built, the marked rows are found through it: the rows are made unmarked
        // and the few marked ones replaced. Without it, each item's hash is looked up in a table
        // of the marked items' hashes (no index is built, no item is hashed twice).
        let places = marksItems && storage.isIndexed ? storage.lookups().places : nil
        let marks = marksItems && places == nil ? ItemTable(reloaded: reloaded, reconfigured: reconfigured) : nil
        // Plain loops, not `map` closures: this code is not specialised for the identifier type,
        // and a closure called per item fetched the row type's metadata for every item.
        var sections: [DiffableSnapshotSection<SectionIdentifierType, ItemIdentifierType>] = []
        sections.reserveCapacity(items.count)
        for position in items.indices {
            let hashes = marks == nil ? [] : itemHashes(items[position])
            // Written in place: an `append` per row was a call into unspecialised array code.
            // (Empty: `unsafeUninitializedCapacity: 0` would write the shared empty-array storage.)
            let rows: [Row] =
                items[position].isEmpty
                ? []
                : items[position].withUnsafeBufferPointer { list in
                    [Row](unsafeUninitializedCapacity: list.count) { buffer, count in
                        for index in 0..<list.count {
                            let refresh = marks?.value(of: list[index], hash: hashes[index]) ?? .none
                            (buffer.baseAddress! + index).initialize(to: Row(list[index], refresh: refresh, generation: generation))
                        }
                        count = list.count
                    }
                }
            let identifier = storage.sections[position]
            sections.append(
                DiffableSnapshotSection(
                    identifier, rows: rows, isReloaded: reloadedSections.contains(identifier), generation: generation,
                    rowsUnmarked: !marksItems))
        }
        if let places {
            // Reconfigures first: an item marked both ways is reloaded.
            reconfigured.forEach { item in
                guard let place = places[item] else { return }
                sections[place.section].rows[place.item] = Row(item, refresh: .reconfigure, generation: generation)
            }
            reloaded.forEach { item in
                guard let place = places[item] else { return }
                sections[place.section].rows[place.item] = Row(item, refresh: .reload, generation: generation)
            }
        }
        return sections
    }

    /// Replaces the items of `sectionIdentifier`'s section with `sectionSnapshot.visibleItems`
    /// (the items whose every ancestor is expanded), in order, as UIKit's data sources apply a
    /// section snapshot to a section. A section not in the snapshot is appended first; a visible
    /// item that is in another section moves here. Items that leave the snapshot lose their marks.
    /// - Complexity: O(visible items + length of the sections touched), amortized.
    public mutating func replaceItems(
        inSection sectionIdentifier: SectionIdentifierType,
        withVisibleItemsOf sectionSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    ) {
        if indexOfSection(sectionIdentifier) == nil { appendSections([sectionIdentifier]) }
        let section = ordinal(of: sectionIdentifier, "replaceItems(inSection:withVisibleItemsOf:)")
        let visible = sectionSnapshot.visibleItems
        changeItems { storage, index in
            let leaving = storage.items[section]
            let kept = Set(visible)
            storage.remove(leaving, &index)
            storage.remove(visible.filter { index.places[$0] != nil }, &index)
            storage.insert(visible, into: section, at: 0, &index)
            storage.unmark(leaving.lazy.filter { !kept.contains($0) })
        }
    }
}
