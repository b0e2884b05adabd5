import Foundation

/// Where an item is: its section's position in the snapshot and its own position in that section.
struct ItemPlace: Hashable {
    var section: Int
    var item: Int
}

/// A snapshot's item lookups, built from its items on first use (see `SnapshotStorage`).
struct ItemIndex<Item: Hashable> {
    /// Each item's place.
    var places: [Item: ItemPlace]
    /// The items of each section with repeated appends resolved, when the storage's arrays still
    /// hold unchecked appends that repeat an identifier; nil when they need no resolving.
    var resolved: [[Item]]?
    /// `starts[s]`: the number of items before section `s`, for `indexOfItem(_:)`; nil until asked.
    var starts: [Int]?

    /// The lookups of `items`, resolving repeats among `unchecked` appends: an identifier ends
    /// where it was appended last, as if each append had moved it into place.
    /// - Complexity: O(n) hash insertions for n items; twice more when unchecked appends repeated
    ///   an identifier.
    init(_ items: [[Item]], unchecked: [UncheckedAppend]) {
        places = [:]
        places.reserveCapacity(items.reduce(0) { $0 + $1.count })
        starts = nil
        resolved = nil
        guard !unchecked.isEmpty else {
            for (section, list) in items.enumerated() {
                for (position, item) in list.enumerated() { places[item] = ItemPlace(section: section, item: position) }
            }
            return
        }
        // Unchecked appends only ever add at the end of a section (any other change resolves them
        // first), so each section is a checked prefix followed by the appends. The prefixes are
        // indexed first, then the appends in call order: call order, not section order, decides
        // which occurrence of a repeated identifier stays (a later append to an earlier section wins).
        var checked = items.map(\.count)
        for append in unchecked { checked[append.section] = min(checked[append.section], append.range.lowerBound) }
        var repeats = false
        for (section, list) in items.enumerated() {
            for position in 0..<checked[section] { places[list[position]] = ItemPlace(section: section, item: position) }
        }
        for append in unchecked {
            let list = items[append.section]
            for position in append.range
            where places.updateValue(ItemPlace(section: append.section, item: position), forKey: list[position]) != nil {
                repeats = true
            }
        }
        guard repeats else { return }
        var kept = items
        for (section, list) in items.enumerated() {
            var survivors: [Item] = []
            survivors.reserveCapacity(list.count)
            for (position, item) in list.enumerated() where places[item] == ItemPlace(section: section, item: position) {
                survivors.append(item)
            }
            kept[section] = survivors
        }
        for (section, list) in kept.enumerated() {
            for (position, item) in list.enumerated() { places[item] = ItemPlace(section: section, item: position) }
        }
        resolved = kept
    }
}

/// One `appendItems` call made while no index was built: the section it appended to and the
/// positions it filled there.
struct UncheckedAppend {
    var section: Int
    var range: Range<Int>
}

/// The state of a `DiffableDataSourceSnapshot`, shared between copies until one of them changes.
///
/// Sections are indexed eagerly (a repeated section must be refused at the call, and sections are
/// few). Items are indexed lazily: appends made while no index exists are stored unchecked, with
/// no hashing, and recorded in `uncheckedAppends`; the first lookup builds the index in one pass
/// and resolves any identifier they repeated. Once built, the index is kept up to date by item
/// mutations (each renumbers only the sections it touched) and dropped by section reorders.
///
/// Threads: a shared storage is only read. The lazy index is the one thing a read may write,
/// so it is built and read under `lock`. Mutations happen only on a uniquely referenced storage
/// (copy on write), which no other thread can see.
final class SnapshotStorage<Section: Hashable & Sendable, Item: Hashable & Sendable>: @unchecked Sendable {
    /// The sections, in order.
    var sections: [Section] = []
    /// Each section's position in `sections`.
    var ordinals: [Section: Int] = [:]
    /// The items of each section, parallel to `sections`. They repeat an identifier only through
    /// `uncheckedAppends`.
    var items: [[Item]] = []
    /// Appends not yet checked for identifiers already present, in call order.
    var uncheckedAppends: [UncheckedAppend] = []
    /// Marks; always a subset of the items (sections) present.
    var reloadedItems: Set<Item> = []
    var reconfiguredItems: Set<Item> = []
    var reloadedSections: Set<Section> = []

    private let lock = NSLock()
    private var index: ItemIndex<Item>?

    init() {}

    /// `body` under `lock` (`NSLocking.withLock` needs iOS 17 / macOS 14 on Apple platforms).
    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// A copy for a snapshot about to change (its lookups come along).
    /// - Complexity: O(S + n) to copy, shared buffers aside (Swift's arrays and dictionaries copy
    ///   their elements when first written).
    func copy() -> SnapshotStorage {
        let copy = SnapshotStorage()
        copy.sections = sections
        copy.ordinals = ordinals
        copy.items = items
        copy.uncheckedAppends = uncheckedAppends
        copy.reloadedItems = reloadedItems
        copy.reconfiguredItems = reconfiguredItems
        copy.reloadedSections = reloadedSections
        copy.index = locked { index }
        return copy
    }

    // MARK: Reading (any thread)

    /// The item lookups, built on first use.
    /// - Complexity: O(1) once built; building is O(n).
    func lookups() -> ItemIndex<Item> {
        locked {
            if let index { return index }
            let built = ItemIndex(items, unchecked: uncheckedAppends)
            index = built
            return built
        }
    }

    /// The number of items before each section, and the total as the last element.
    /// - Complexity: O(1) once built; building is O(S) (plus the index's O(n) if not built).
    func starts() -> [Int] {
        locked {
            var built = index ?? ItemIndex(items, unchecked: uncheckedAppends)
            if let starts = built.starts {
                index = built
                return starts
            }
            var starts = [0]
            starts.reserveCapacity(sections.count + 1)
            for list in built.resolved ?? items { starts.append(starts[starts.count - 1] + list.count) }
            built.starts = starts
            index = built
            return starts
        }
    }

    /// The items of each section, repeats resolved.
    /// - Complexity: O(1) when there are no unchecked appends; otherwise as `lookups()`.
    func resolvedItems() -> [[Item]] {
        guard !uncheckedAppends.isEmpty else { return items }
        return lookups().resolved ?? items
    }

    /// Whether the item index is built.
    var isIndexed: Bool { locked { index != nil } }

    // MARK: Changing (uniquely referenced storage only)

    /// Takes the index out to be changed in place (building it, and resolving unchecked appends
    /// into `items`, first); `putIndex(_:)` puts it back.
    /// - Complexity: O(1) when built and resolved; O(n) otherwise.
    func takeIndex() -> ItemIndex<Item> {
        var taken = lookups()
        index = nil
        if let resolved = taken.resolved { items = resolved }
        taken.resolved = nil
        uncheckedAppends = []
        return taken
    }

    /// Stores `index`, which describes `items` as they are now; positions of sections are
    /// recomputed on the next `starts()`.
    func putIndex(_ index: ItemIndex<Item>) {
        var index = index
        index.starts = nil
        self.index = index
    }

    /// Moves the index's resolution of unchecked appends into `items`, when the index is built:
    /// O(1), and afterwards `items` and the index agree section for section.
    func settle() {
        guard !uncheckedAppends.isEmpty, let built = index else { return }
        if let resolved = built.resolved { items = resolved }
        index?.resolved = nil
        uncheckedAppends = []
    }

    /// Forgets the index (section positions changed); it is rebuilt on the next lookup.
    func dropIndex() { index = nil }

    /// Forgets the sections' starts (an item count changed without moving any item).
    func dropStarts() { index?.starts = nil }

    /// Rebuilds `ordinals` from position `start` on.
    /// - Complexity: O(S − start).
    func renumberSections(from start: Int) {
        for position in start..<sections.count { ordinals[sections[position]] = position }
    }

    /// Writes the places of `section`'s items from position `start` on.
    /// - Complexity: O(items after `start`).
    func renumberItems(in section: Int, from start: Int, _ index: inout ItemIndex<Item>) {
        let list = items[section]
        for position in start..<list.count { index.places[list[position]] = ItemPlace(section: section, item: position) }
    }

    /// Removes the given items (each present once in the index) from their sections and the index.
    /// - Complexity: O(k log k + length of the sections they leave).
    func remove(_ removed: some Collection<Item>, _ index: inout ItemIndex<Item>) {
        guard !removed.isEmpty else { return }
        var positions: [Int: [Int]] = [:]
        for item in removed {
            guard let place = index.places.removeValue(forKey: item) else { continue }
            positions[place.section, default: []].append(place.item)
        }
        for (section, gone) in positions {
            let sorted = gone.sorted()
            var kept: [Item] = []
            kept.reserveCapacity(items[section].count - sorted.count)
            var next = 0
            for (position, item) in items[section].enumerated() {
                if next < sorted.count && sorted[next] == position {
                    next += 1
                } else {
                    kept.append(item)
                }
            }
            items[section] = kept
            renumberItems(in: section, from: sorted[0], &index)
        }
    }

    /// Inserts `inserted` (none present) into `section` at `position`.
    /// - Complexity: O(k + items after `position`).
    func insert(_ inserted: [Item], into section: Int, at position: Int, _ index: inout ItemIndex<Item>) {
        items[section].insert(contentsOf: inserted, at: position)
        renumberItems(in: section, from: position, &index)
    }

    /// Drops the marks of items no longer present.
    /// - Complexity: O(k).
    func unmark(_ removed: some Sequence<Item>) {
        guard !reloadedItems.isEmpty || !reconfiguredItems.isEmpty else { return }
        for item in removed {
            reloadedItems.remove(item)
            reconfiguredItems.remove(item)
        }
    }
}

extension Array where Element: Hashable {
    /// The elements with each repeated one kept only at its last occurrence: what moving each
    /// element into place one after the other leaves.
    /// - Complexity: O(n) hash operations; none for fewer than two elements.
    func keepingLastOccurrences() -> [Element] {
        guard count > 1 else { return self }
        var seen = Set<Element>(minimumCapacity: count)
        var kept: [Element] = []
        kept.reserveCapacity(count)
        for element in reversed() where seen.insert(element).inserted { kept.append(element) }
        if kept.count == count { return self }
        kept.reverse()
        return kept
    }

    /// Whether an element occurs twice.
    /// - Complexity: O(n) hash operations; none for fewer than two elements.
    func hasRepeats() -> Bool {
        guard count > 1 else { return false }
        var seen = Set<Element>(minimumCapacity: count)
        for element in self where !seen.insert(element).inserted { return true }
        return false
    }
}
