// Item changes. An item already in the snapshot that an append or insert names again is moved
// into place, as current UIKit does (older systems asserted); an item repeated within one call
// counts at its last occurrence, which is what moving each element into place in turn leaves.
// Every other UIKit exception here is a trap naming the identifier (see Sources/RowDiffDataSources/Documentation.docc/Diffable.md).

extension DiffableDataSourceSnapshot {
    /// Appends `identifiers` to the end of `sectionIdentifier`'s section, or of the last section
    /// when it is nil. Items already in the snapshot move here, from any section.
    ///
    /// Traps when the snapshot has no sections (even for an empty array) or the section is not in it.
    /// - Complexity: O(k) for k identifiers, with no hashing while no lookup has been made since
    ///   the last section reorder; otherwise O(k) hash operations plus the length of the
    ///   sections the moved items leave.
    @inlinable
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let call = "appendItems(_:toSection:)"
        guard !storage.sections.isEmpty else {
            snapshotTrap(call, "there are no sections in the snapshot; append a section first")
        }
        let section = sectionIdentifier.map { ordinal(of: $0, call) } ?? storage.sections.count - 1
        guard !identifiers.isEmpty else { return }
        let storage = uniqueStorage()
        guard storage.isIndexed else {
            // Unchecked: the first lookup resolves identifiers this repeats (see `ItemIndex`).
            let start = storage.items[section].count
            if start == 0 {
                // Shared, not copied: building a snapshot from arrays copies no item.
                storage.items[section] = identifiers
            } else {
                storage.items[section].append(contentsOf: identifiers)
            }
            storage.uncheckedAppends.append(UncheckedAppend(section: section, range: start..<(start + identifiers.count)))
            return
        }
        changeItems { storage, index in
            let appended = identifiers.keepingLastOccurrences()
            storage.remove(appended.filter { index.places[$0] != nil }, &index)
            storage.insert(appended, into: section, at: storage.items[section].count, &index)
        }
    }

    /// Inserts `identifiers` immediately before `beforeIdentifier`, in its section, in order.
    /// Items already in the snapshot move here.
    ///
    /// Traps when `beforeIdentifier` is not in the snapshot or is among `identifiers`.
    /// - Complexity: O(k) hash operations plus the length of the sections touched.
    @inlinable
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insertItems(identifiers, next: beforeIdentifier, after: false, "insertItems(_:beforeItem:)")
    }

    /// Inserts `identifiers` immediately after `afterIdentifier`, in its section, in order.
    /// Items already in the snapshot move here.
    ///
    /// Traps when `afterIdentifier` is not in the snapshot or is among `identifiers`.
    /// - Complexity: O(k) hash operations plus the length of the sections touched.
    @inlinable
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insertItems(identifiers, next: afterIdentifier, after: true, "insertItems(_:afterItem:)")
    }

    @inlinable
    mutating func insertItems(
        _ identifiers: [ItemIdentifierType], next destination: ItemIdentifierType, after: Bool, _ call: String
    ) {
        guard storage.lookups().places[destination] != nil else {
            snapshotTrap(call, "item identifier \(destination) does not exist in the snapshot")
        }
        guard !identifiers.contains(destination) else {
            snapshotTrap(call, "the destination item identifier \(destination) is among the identifiers to insert")
        }
        guard !identifiers.isEmpty else { return }
        changeItems { storage, index in
            let inserted = identifiers.keepingLastOccurrences()
            storage.remove(inserted.filter { index.places[$0] != nil }, &index)
            let place = index.places[destination]! // present: it is not among those removed
            storage.insert(inserted, into: place.section, at: place.item + (after ? 1 : 0), &index)
        }
    }

    /// Deletes `identifiers`; those not in the snapshot are ignored.
    /// - Complexity: with the item index built and few identifiers (k ≤ n / 16), O(k log k) plus
    ///   the length of the sections they leave, the index kept; otherwise O(n + k): one hash per
    ///   identifier and per item (resolving unchecked appends in the same pass), no index built
    ///   (the next lookup builds it).
    @inlinable
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        guard !identifiers.isEmpty else { return }
        let storage = uniqueStorage()
        if storage.isIndexed && identifiers.count <= storage.items.reduce(0, { $0 + $1.count }) / 16 {
            changeItems { storage, index in
                let present = Set(identifiers.filter { index.places[$0] != nil })
                storage.remove(present, &index)
                storage.unmark(present)
            }
            return
        }
        // A filter of the arrays, which costs what a delete touches less than renumbering the
        // index would; unchecked appends are resolved in the same pass.
        storage.items = resolvingRepeats(storage.items, storage.uncheckedAppends, dropping: identifiers)
        storage.uncheckedAppends = []
        storage.resolution = nil
        storage.dropIndex()
        storage.reloadedItems.unmark(identifiers)
        storage.reconfiguredItems.unmark(identifiers)
    }

    /// Deletes every item and every section, as UIKit does: the snapshot is empty afterwards, so
    /// `deleteAllItems()` followed by `appendSections(_:)` starts over.
    /// - Complexity: O(1) (what the snapshot held is released).
    @inlinable
    public mutating func deleteAllItems() {
        storage = Storage()
    }

    /// Moves `identifier` immediately before `toIdentifier`, into its section.
    ///
    /// Traps when either item is not in the snapshot, or when they are the same item.
    /// - Complexity: O(length of the sections touched).
    @inlinable
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, next: toIdentifier, after: false, "moveItem(_:beforeItem:)")
    }

    /// Moves `identifier` immediately after `toIdentifier`, into its section.
    ///
    /// Traps when either item is not in the snapshot, or when they are the same item.
    /// - Complexity: O(length of the sections touched).
    @inlinable
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, next: toIdentifier, after: true, "moveItem(_:afterItem:)")
    }

    @inlinable
    mutating func moveItem(_ identifier: ItemIdentifierType, next destination: ItemIdentifierType, after: Bool, _ call: String) {
        let places = storage.lookups().places
        guard places[identifier] != nil else {
            snapshotTrap(call, "item identifier \(identifier) does not exist in the snapshot")
        }
        guard places[destination] != nil else {
            snapshotTrap(call, "item identifier \(destination) does not exist in the snapshot")
        }
        guard identifier != destination else {
            snapshotTrap(call, "item identifier \(identifier) cannot be moved next to itself")
        }
        changeItems { storage, index in
            storage.remove(CollectionOfOne(identifier), &index)
            let place = index.places[destination]!
            storage.insert([identifier], into: place.section, at: place.item + (after ? 1 : 0), &index)
        }
    }

    /// Marks `identifiers` as reloaded: when the snapshot is applied, their cells are replaced
    /// even though the identifiers did not change.
    ///
    /// Traps, changing nothing, when one of them is not in the snapshot.
    /// - Complexity: O(k) amortized.
    @inlinable
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        requirePresent(identifiers, "reloadItems(_:)", "reload")
        guard !identifiers.isEmpty else { return }
        uniqueStorage().reloadedItems.mark(identifiers)
    }

    /// Marks `identifiers` as reconfigured: when the snapshot is applied, their existing cells
    /// are configured again (no new cell).
    ///
    /// Traps, changing nothing, when one of them is not in the snapshot.
    /// - Complexity: O(k) amortized.
    @inlinable
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        requirePresent(identifiers, "reconfigureItems(_:)", "reconfigure")
        guard !identifiers.isEmpty else { return }
        uniqueStorage().reconfiguredItems.mark(identifiers)
    }

    /// Traps, naming the first of `identifiers` not in the snapshot, when there is one.
    /// - Complexity: O(k) with the index built, or for few identifiers once it is built (O(n));
    ///   for many identifiers (k ≥ n / 4) on a snapshot not indexed, O(n + k) hashes without
    ///   building the index (presence does not depend on how repeated appends resolve).
    @inlinable
    func requirePresent(_ identifiers: [ItemIdentifierType], _ call: String, _ verb: String) {
        guard !identifiers.isEmpty else { return }
        let absent: ItemIdentifierType?
        if !storage.isIndexed, identifiers.count * 4 >= storage.items.reduce(0, { $0 + $1.count }) {
            absent = firstAbsent(identifiers, in: storage.items)
        } else {
            let places = storage.lookups().places
            absent = identifiers.first { places[$0] == nil }
        }
        if let absent {
            snapshotTrap(call, "attempted to \(verb) item identifier \(absent), which does not exist in the snapshot")
        }
    }
}

/// The first of `identifiers` that no section of `items` holds, or nil: the identifiers in an
/// `ItemTable` (each numbered by its first occurrence), each item looked up once.
/// - Complexity: O(n + k): one hash per identifier and per item.
@inlinable
func firstAbsent<Item: Hashable>(_ identifiers: [Item], in items: [[Item]]) -> Item? {
    let hashes = itemHashes(identifiers)
    // Each distinct identifier's number, in order of first occurrence.
    var numbers = ItemTable<Item, Int>(minimumCapacity: identifiers.count)
    for position in identifiers.indices where numbers.value(of: identifiers[position], hash: hashes[position]) == nil {
        numbers.updateValue(numbers.count, forKey: identifiers[position], hash: hashes[position])
    }
    var found = [Bool](repeating: false, count: numbers.count)
    var missing = numbers.count
    for list in items where missing > 0 {
        let listHashes = itemHashes(list)
        for index in list.indices {
            guard let number = numbers.value(of: list[index], hash: listHashes[index]), !found[number] else { continue }
            found[number] = true
            missing -= 1
        }
    }
    guard missing > 0 else { return nil }
    for position in identifiers.indices where !found[numbers.value(of: identifiers[position], hash: hashes[position])!] {
        return identifiers[position]
    }
    return nil
}
