// Section changes. Sections have no move-into-place: appending or inserting a section that is
// already in the snapshot, or naming one twice in a call, is refused and the call changes nothing
// (UIKit traps). Unknown destinations, a section that is its own destination and unknown
// sections to reload trap, naming the identifier (see Sources/RowDiffDataSources/Documentation.docc/Diffable.md).

extension DiffableDataSourceSnapshot {
    /// Appends `identifiers` as empty sections at the end, in order.
    ///
    /// Changes nothing when one of them is already in the snapshot or is repeated in the call.
    /// - Complexity: O(k) for k identifiers.
    @inlinable
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        guard acceptsNewSections(identifiers) else { return }
        let storage = uniqueStorage()
        // The index stays (existing sections keep their positions), so any resolution it holds
        // is moved into the items first, or it would lack the new sections.
        storage.settle()
        for identifier in identifiers {
            storage.ordinals[identifier] = storage.sections.count
            storage.sections.append(identifier)
            storage.items.append([])
        }
        // Existing sections keep their positions: item places and unchecked appends stay valid.
        storage.dropStarts()
    }

    /// Inserts `identifiers` as empty sections immediately before `toIdentifier`, in order.
    ///
    /// Traps when `toIdentifier` is not in the snapshot or is among `identifiers`; changes nothing
    /// when one of them is already in the snapshot or is repeated in the call.
    /// - Complexity: O(S + k); the next item lookup rebuilds the index (O(n)).
    @inlinable
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, next: toIdentifier, after: false, "insertSections(_:beforeSection:)")
    }

    /// Inserts `identifiers` as empty sections immediately after `toIdentifier`, in order.
    ///
    /// Traps when `toIdentifier` is not in the snapshot or is among `identifiers`; changes nothing
    /// when one of them is already in the snapshot or is repeated in the call.
    /// - Complexity: O(S + k); the next item lookup rebuilds the index (O(n)).
    @inlinable
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, next: toIdentifier, after: true, "insertSections(_:afterSection:)")
    }

    @inlinable
    mutating func insertSections(
        _ identifiers: [SectionIdentifierType], next destination: SectionIdentifierType,
        after: Bool, _ call: String
    ) {
        let position = ordinal(of: destination, call) + (after ? 1 : 0)
        guard !identifiers.contains(destination) else {
            snapshotTrap(call, "the destination section identifier \(destination) is among the identifiers to insert")
        }
        guard acceptsNewSections(identifiers) else { return }
        let storage = uniqueStorage()
        storage.sections.insert(contentsOf: identifiers, at: position)
        storage.items.insert(contentsOf: repeatElement([], count: identifiers.count), at: position)
        storage.renumberSections(from: position)
        for index in storage.uncheckedAppends.indices where storage.uncheckedAppends[index].section >= position {
            storage.uncheckedAppends[index].section += identifiers.count
        }
        storage.dropIndex()
    }

    /// Whether `identifiers` may be added: none already present, none repeated.
    /// - Complexity: O(k).
    @inlinable
    func acceptsNewSections(_ identifiers: [SectionIdentifierType]) -> Bool {
        !identifiers.isEmpty && !identifiers.contains { storage.ordinals[$0] != nil } && !identifiers.hasRepeats()
    }

    /// Deletes `identifiers` together with their items; sections not in the snapshot are ignored.
    /// - Complexity: O(S + items of the deleted sections), plus O(n) set insertions to resolve
    ///   unchecked appends; the next item lookup rebuilds the index (O(n)).
    @inlinable
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let doomed = Set(identifiers.compactMap { self.storage.ordinals[$0] })
        guard !doomed.isEmpty else { return }
        let storage = uniqueStorage()
        // Resolved first: an unchecked append may have moved an item out of a doomed section.
        storage.resolve()
        var sections: [SectionIdentifierType] = [], items: [[ItemIdentifierType]] = []
        sections.reserveCapacity(storage.sections.count - doomed.count)
        items.reserveCapacity(storage.sections.count - doomed.count)
        for position in storage.sections.indices {
            if doomed.contains(position) {
                storage.ordinals[storage.sections[position]] = nil
                storage.reloadedSections.remove(storage.sections[position])
                storage.unmark(storage.items[position])
            } else {
                sections.append(storage.sections[position])
                items.append(storage.items[position])
            }
        }
        storage.sections = sections
        storage.items = items
        storage.renumberSections(from: doomed.min()!)
        storage.dropIndex()
    }

    /// Moves `identifier`, with its items, immediately before `toIdentifier`.
    ///
    /// Traps when either section is not in the snapshot, or when they are the same section.
    /// - Complexity: O(S); the next item lookup rebuilds the index (O(n)).
    @inlinable
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, after: false, "moveSection(_:beforeSection:)")
    }

    /// Moves `identifier`, with its items, immediately after `toIdentifier`.
    ///
    /// Traps when either section is not in the snapshot, or when they are the same section.
    /// - Complexity: O(S); the next item lookup rebuilds the index (O(n)).
    @inlinable
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, after: true, "moveSection(_:afterSection:)")
    }

    @inlinable
    mutating func moveSection(
        _ identifier: SectionIdentifierType, next destination: SectionIdentifierType,
        after: Bool, _ call: String
    ) {
        let from = ordinal(of: identifier, call)
        _ = ordinal(of: destination, call)
        guard identifier != destination else {
            snapshotTrap(call, "section identifier \(identifier) cannot be moved next to itself")
        }
        let storage = uniqueStorage()
        let moved = storage.items.remove(at: from)
        storage.sections.remove(at: from)
        let to = storage.sections.firstIndex(of: destination)! + (after ? 1 : 0)
        storage.sections.insert(identifier, at: to)
        storage.items.insert(moved, at: to)
        storage.renumberSections(from: min(from, to))
        // Unchecked appends follow their sections (call order still decides between repeats).
        for index in storage.uncheckedAppends.indices {
            let section = storage.uncheckedAppends[index].section
            if section == from {
                storage.uncheckedAppends[index].section = to
            } else {
                let shifted = section > from ? section - 1 : section
                storage.uncheckedAppends[index].section = shifted >= to ? shifted + 1 : shifted
            }
        }
        storage.dropIndex()
    }

    /// Marks `identifiers` as reloaded: when the snapshot is applied, the sections (headers,
    /// footers and cells) are reloaded even though their identifiers did not change.
    ///
    /// Traps, changing nothing, when one of them is not in the snapshot.
    /// - Complexity: O(k).
    @inlinable
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers where storage.ordinals[identifier] == nil {
            snapshotTrap("reloadSections(_:)", "attempted to reload section identifier \(identifier), which does not exist in the snapshot")
        }
        guard !identifiers.isEmpty else { return }
        uniqueStorage().reloadedSections.formUnion(identifiers)
    }
}
