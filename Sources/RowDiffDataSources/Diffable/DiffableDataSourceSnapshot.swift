/// The state of a sectioned list at one moment, by identifier: the same API as UIKit's
/// `NSDiffableDataSourceSnapshot`, without the `NS` prefix so the two never clash when both are
/// imported. Code written against Apple's snapshot compiles against this one after the rename.
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot<String, Int>()
/// snapshot.appendSections(["favorites", "all"])
/// snapshot.appendItems([1, 2], toSection: "favorites")
/// snapshot.appendItems([3, 4, 5])                 // to the last section
/// snapshot.reconfigureItems([2])                  // its cell is configured again when applied
/// ```
///
/// - Identifiers: section identifiers are unique among sections, item identifiers across the
///   whole snapshot (an item is in one section); a section may have the same value as an item.
/// - Repeated identifiers never trap. Appending or inserting an item that is already present
///   moves it into place (as current UIKit does); an item repeated in one call counts at its last
///   occurrence. Appending or inserting a section that is already present, or repeated in the
///   call, is refused: the call changes nothing (UIKit traps; sections never move into place).
/// - Other calls UIKit traps on trap here too, with a message naming the identifier: an unknown
///   section or item given as a destination, to reload, reconfigure or look up by section, an
///   item or section that is its own destination, and appending items to a snapshot without
///   sections. Every choice is listed in Sources/RowDiffDataSources/Documentation.docc/Diffable.md.
/// - Value semantics: a copy is independent of the original. Copies share storage until one of
///   them changes (copy on write). A snapshot is `Sendable` and can be built on any thread.
/// - Lookups (`indexOfItem(_:)`, `indexOfSection(_:)`, `sectionIdentifier(containingItem:)`,
///   `numberOfItems(inSection:)`) are O(1) amortized. Items are hashed lazily: appending to a
///   snapshot that has not been looked into hashes nothing, and the first lookup indexes every
///   item once; after that each change keeps the index current, renumbering only the sections
///   it touches.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    @usableFromInline typealias Storage = SnapshotStorage<SectionIdentifierType, ItemIdentifierType>

    // The API is `@inlinable` over `@usableFromInline` storage (see `SnapshotStorage`), so that
    // an app's module specialises it for its identifier types, as swift-collections does.
    @usableFromInline var storage: Storage

    /// An empty snapshot: no sections, no items.
    /// - Complexity: O(1).
    @inlinable
    public init() {
        storage = Storage()
    }

    /// The storage, copied first when another snapshot shares it, with any resolution of
    /// unchecked appends a read made moved into its items (so no later change leaves it stale).
    /// - Complexity: O(1), or O(S + n) for the copy.
    @inlinable
    mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.settle()
        return storage
    }

    /// Runs `body` on the unique storage with its item index taken out for changing in place.
    /// - Complexity: O(1) beyond `body` once the index is built; O(n) to build it.
    @inlinable
    mutating func changeItems<Result>(_ body: (Storage, inout ItemIndex<ItemIdentifierType>) -> Result) -> Result {
        let storage = uniqueStorage()
        var index = storage.takeIndex()
        defer { storage.putIndex(index) }
        return body(storage, &index)
    }

    /// The position of a section, trapping when it is absent.
    /// - Complexity: O(1).
    @inlinable
    func ordinal(of section: SectionIdentifierType, _ call: String) -> Int {
        guard let ordinal = storage.ordinals[section] else {
            snapshotTrap(call, "section identifier \(section) does not exist in the snapshot")
        }
        return ordinal
    }
}

/// Stops the program, in every build, with a message naming the call and `message`: `call` was
/// given arguments UIKit would raise an exception for.
@usableFromInline
func snapshotTrap(_ call: String, _ message: String) -> Never {
    usageTrap("DiffableDataSourceSnapshot.\(call)", message)
}

// MARK: - Queries

extension DiffableDataSourceSnapshot {
    /// The number of items, over all sections.
    /// - Complexity: O(S) (after unchecked appends, O(n) once to resolve them; no index is built).
    @inlinable
    public var numberOfItems: Int {
        var total = 0
        for list in storage.resolvedItems() { total += list.count }
        return total
    }

    /// The number of sections.
    /// - Complexity: O(1).
    @inlinable
    public var numberOfSections: Int { storage.sections.count }

    /// The section identifiers, in order.
    /// - Complexity: O(1).
    @inlinable
    public var sectionIdentifiers: [SectionIdentifierType] { storage.sections }

    /// The item identifiers, section by section, each section in its own order.
    /// - Complexity: O(1) for one section (its array is shared, not copied); O(S + n) otherwise
    ///   (after unchecked appends, O(n) once to resolve them; no index is built).
    @inlinable
    public var itemIdentifiers: [ItemIdentifierType] {
        let items = storage.resolvedItems()
        if items.count == 1 { return items[0] }
        // One copy into a buffer of the right size, specialised here: a `joined()` sequence
        // iterated in the library's unspecialised code cost ~150 ns per item.
        var total = 0
        for list in items { total += list.count }
        var all: [ItemIdentifierType] = []
        all.reserveCapacity(total)
        for list in items { all.append(contentsOf: list) }
        return all
    }

    /// The number of items in `identifier`'s section. Traps when the section is not in the snapshot.
    /// - Complexity: O(1) amortized (after unchecked appends, O(n) once to resolve them; no index
    ///   is built).
    @inlinable
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        storage.resolvedItems()[ordinal(of: identifier, "numberOfItems(inSection:)")].count
    }

    /// The items of `identifier`'s section, in order. Traps when the section is not in the snapshot.
    /// - Complexity: O(1) amortized (the array is shared, not copied; after unchecked appends,
    ///   O(n) once to resolve them; no index is built).
    @inlinable
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        storage.resolvedItems()[ordinal(of: identifier, "itemIdentifiers(inSection:)")]
    }

    /// The section that holds `identifier`, or nil when the item is not in the snapshot.
    /// - Complexity: O(1) amortized (the first lookup after unchecked appends or a section
    ///   reorder builds the index, O(n)).
    @inlinable
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        storage.lookups().places[identifier].map { storage.sections[$0.section] }
    }

    /// The position of `identifier` in `itemIdentifiers` (counted across sections), or nil when
    /// the item is not in the snapshot.
    /// - Complexity: O(1) amortized (O(S) after a change of item counts, O(n) to build the index).
    @inlinable
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let found = storage.position(of: identifier) else { return nil }
        return found.start + found.place.item
    }

    /// The position of `identifier` in `sectionIdentifiers`, or nil when the section is not in
    /// the snapshot.
    /// - Complexity: O(1).
    @inlinable
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        storage.ordinals[identifier]
    }

    /// The items marked by `reloadItems(_:)` that are still in the snapshot, in snapshot order.
    /// - Complexity: O(m log m) for m marked items (plus the index's first build).
    @inlinable
    public var reloadedItemIdentifiers: [ItemIdentifierType] { inSnapshotOrder(storage.reloadedItems.set) }

    /// The items marked by `reconfigureItems(_:)` that are still in the snapshot, in snapshot order.
    /// - Complexity: O(m log m) for m marked items (plus the index's first build).
    @inlinable
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { inSnapshotOrder(storage.reconfiguredItems.set) }

    /// The sections marked by `reloadSections(_:)` that are still in the snapshot, in order.
    /// - Complexity: O(m log m) for m marked sections.
    @inlinable
    public var reloadedSectionIdentifiers: [SectionIdentifierType] {
        guard !storage.reloadedSections.isEmpty else { return [] }
        let ordinals = storage.ordinals
        return storage.reloadedSections.sorted { ordinals[$0, default: 0] < ordinals[$1, default: 0] }
    }

    @inlinable
    func inSnapshotOrder(_ marked: Set<ItemIdentifierType>) -> [ItemIdentifierType] {
        guard !marked.isEmpty else { return [] }
        let places = storage.lookups().places
        return marked.sorted {
            let (a, b) = (places[$0, default: ItemPlace(section: 0, item: 0)], places[$1, default: ItemPlace(section: 0, item: 0)])
            return (a.section, a.item) < (b.section, b.item)
        }
    }
}

// MARK: - Equality

extension DiffableDataSourceSnapshot: Equatable {
    /// Same sections in the same order, the same items in each, and the same marks (reloaded
    /// items and sections, reconfigured items).
    /// - Complexity: O(1) for copies of one snapshot that neither changed; O(S + n) otherwise.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.storage.sections == rhs.storage.sections
            && lhs.storage.resolvedItems() == rhs.storage.resolvedItems()
            && lhs.storage.reloadedItems == rhs.storage.reloadedItems
            && lhs.storage.reconfiguredItems == rhs.storage.reconfiguredItems
            && lhs.storage.reloadedSections == rhs.storage.reloadedSections
    }
}

extension DiffableDataSourceSnapshot: CustomStringConvertible {
    /// The sections and their items, e.g. `[a: [1, 2], b: []]`.
    /// - Complexity: O(S + n).
    public var description: String {
        let items = storage.resolvedItems()
        let sections = storage.sections.enumerated().map { "\($0.element): \(items[$0.offset])" }
        return "[\(sections.joined(separator: ", "))]"
    }
}
