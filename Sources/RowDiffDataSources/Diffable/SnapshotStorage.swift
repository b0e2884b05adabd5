import Foundation

/// Where an item is: its section's position in the snapshot and its own position in that section.
// The storage's types and members are `@usableFromInline` so that the snapshot's `@inlinable`
// API is specialised in the app's module for its identifier types (see STYLE habit 11): the
// hashing and the copying then run as specialised code, not through generic witness tables.
@usableFromInline
struct ItemPlace: Hashable {
    @usableFromInline var section: Int
    @usableFromInline var item: Int

    @inlinable
    init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }
}

/// A snapshot's item lookups, built from its items on first use (see `SnapshotStorage`).
@usableFromInline
struct ItemIndex<Item: Hashable> {
    /// Each item's place.
    @usableFromInline var places: PlaceTable<Item>
    /// The items of each section with repeated appends resolved, when the storage's arrays still
    /// hold unchecked appends that repeat an identifier; nil when they need no resolving.
    @usableFromInline var resolved: [[Item]]?
    /// `starts[s]`: the number of items before section `s`, for `indexOfItem(_:)`; nil until asked.
    @usableFromInline var starts: [Int]?

    /// The lookups of `items`, resolving repeats among `unchecked` appends: an identifier ends
    /// where it was appended last, as if each append had moved it into place.
    /// - Complexity: O(n) table insertions for n items, each section hashed in one pass; twice
    ///   more when unchecked appends repeated an identifier.
    @inlinable
    init(_ items: [[Item]], unchecked: [UncheckedAppend]) {
        places = PlaceTable(minimumCapacity: items.reduce(0) { $0 + $1.count })
        starts = nil
        resolved = nil
        let hashes = items.map { itemHashes($0) }
        guard !unchecked.isEmpty else {
            for (section, list) in items.enumerated() {
                for (position, item) in list.enumerated() {
                    places.updateValue(ItemPlace(section: section, item: position), forKey: item, hash: hashes[section][position])
                }
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
            for position in 0..<checked[section] {
                places.updateValue(ItemPlace(section: section, item: position), forKey: list[position], hash: hashes[section][position])
            }
        }
        for append in unchecked {
            let list = items[append.section]
            for position in append.range
            where places.updateValue(
                ItemPlace(section: append.section, item: position), forKey: list[position], hash: hashes[append.section][position]) != nil
            {
                repeats = true
            }
        }
        guard repeats else { return }
        var kept = items
        for (section, list) in items.enumerated() {
            var survivors: [Item] = []
            survivors.reserveCapacity(list.count)
            for (position, item) in list.enumerated()
            where places.value(of: item, hash: hashes[section][position]) == ItemPlace(section: section, item: position) {
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
@usableFromInline
struct UncheckedAppend {
    @usableFromInline var section: Int
    @usableFromInline var range: Range<Int>

    @inlinable
    init(section: Int, range: Range<Int>) {
        self.section = section
        self.range = range
    }
}

/// The seed of the snapshots' item hashes: drawn once per process, so that identifiers cannot be
/// chosen to collide (an integer's fingerprint is the integer itself, mixed with this).
@usableFromInline
let snapshotHashSeed = UInt64.random(in: .min ... .max)

/// A hash of each of `list`'s items, in order: for `Fingerprintable` identifiers (UUID, String,
/// the integers) their fingerprints under `snapshotHashSeed`, made for the whole array in one
/// call (for UUIDs, one pass in Swift or C), then mixed; for other identifiers their `hashValue`.
/// Unspecialised (`renderedSections()` runs in the library's own code), the fingerprints cost one
/// dynamic cast per array instead of a generic `hashValue` call per item.
/// - Complexity: O(n).
@inlinable
func itemHashes<Item: Hashable>(_ list: [Item]) -> [UInt64] {
    guard !list.isEmpty else { return [] }
    if let type = Item.self as? any Fingerprintable.Type {
        func fingerprints<Print: Fingerprintable>(_: Print.Type) -> [UInt64] {
            // `Print` is `Item`: the buffer is seen as the same type it holds.
            list.withUnsafeBufferPointer { values in
                values.withMemoryRebound(to: Print.self) { values in
                    [UInt64](unsafeUninitializedCapacity: values.count) { output, count in
                        Print.fingerprints(of: values, seed: snapshotHashSeed, into: output)
                        for index in 0..<values.count { output[index] = mixedHash(output[index]) }
                        count = values.count
                    }
                }
            }
        }
        return fingerprints(type)
    }
    var hashes: [UInt64] = []
    hashes.reserveCapacity(list.count)
    for item in list { hashes.append(UInt64(bitPattern: Int64(item.hashValue))) }
    return hashes
}

/// SplitMix64's finaliser: every bit of `value` moves the low bits a table indexes by.
@inlinable
func mixedHash(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

/// The items of `items` with the identifiers that `unchecked` appends repeat resolved (each
/// kept where it was appended last, as `ItemIndex` resolves them) and every item of `doomed`
/// left out; without the places `ItemIndex` records. The unchecked appends are walked from the
/// last call back, so the first sighting of an identifier is the occurrence that stays.
///
/// Usually nothing repeats, and a table of the bare hashes (`hashesRepeat`) says so. Otherwise
/// the sightings are kept in an `ItemTable` used as a set (items compared with `==` only when
/// their hashes are equal).
/// - Complexity: O(n + d): one hash per item and per identifier of `doomed` (none when there are
///   no unchecked appends and `doomed` is empty).
@inlinable
func resolvingRepeats<Item: Hashable>(
    _ items: [[Item]], _ unchecked: [UncheckedAppend], dropping doomed: [Item] = []
)
    -> [[Item]]
{
    var checked = items.map(\.count)
    var appended = 0
    for append in unchecked {
        checked[append.section] = min(checked[append.section], append.range.lowerBound)
        appended += append.range.count
    }
    let stored = appended + doomed.count
    guard stored > 0 else { return items }
    let hashes = items.map { itemHashes($0) }
    // Usually nothing repeats: when no two items' hashes are equal, no identifier can repeat,
    // and a table of bare hashes says so without the sightings below.
    if doomed.isEmpty && !hashesRepeat(hashes) { return items }
    // The identifiers sighted: every one of `doomed`, then the appends' in the order walked.
    var sighted = ItemTable<Item, Void>(minimumCapacity: stored)
    let doomedHashes = itemHashes(doomed)
    for position in doomed.indices { sighted.updateValue((), forKey: doomed[position], hash: doomedHashes[position]) }
    // Whether each item of each section stays; made for a section when it first loses one.
    var keeps: [[Bool]] = Array(repeating: [], count: items.count)
    var anyDropped = false
    func drop(_ section: Int, _ position: Int) {
        if keeps[section].isEmpty { keeps[section] = Array(repeating: true, count: items[section].count) }
        keeps[section][position] = false
        anyDropped = true
    }
    for append in unchecked.reversed() {
        let list = items[append.section]
        for position in append.range.reversed()
        where sighted.updateValue((), forKey: list[position], hash: hashes[append.section][position]) != nil {
            drop(append.section, position)
        }
    }
    // The checked prefixes repeat nothing among themselves: an item there goes when an append
    // or `doomed` names it.
    for section in items.indices where checked[section] > 0 {
        let list = items[section]
        for position in 0..<checked[section] where sighted.value(of: list[position], hash: hashes[section][position]) != nil {
            drop(section, position)
        }
    }
    guard anyDropped else { return items }
    var kept = items
    for section in items.indices where !keeps[section].isEmpty {
        let list = items[section], keep = keeps[section]
        var survivors: [Item] = []
        survivors.reserveCapacity(list.count)
        for position in list.indices where keep[position] { survivors.append(list[position]) }
        kept[section] = survivors
    }
    return kept
}

/// Whether two of `hashes` (over all lists) are equal: an open-addressing table of the bare
/// hashes, in a buffer of its own (0 marks a free slot; a hash of 0 is stored as 1, which can
/// only make a repeat seem likely, never hide one). Callers treat a repeat as "look closer".
/// - Complexity: O(n) expected for n hashes; no allocation but the table.
@inlinable
func hashesRepeat(_ hashes: [[UInt64]]) -> Bool {
    var total = 0
    for list in hashes { total += list.count }
    guard total > 1 else { return false }
    var capacity = 16
    while capacity < 2 * total { capacity <<= 1 }
    let mask = capacity - 1
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: capacity) { table in
        table.initialize(repeating: 0)
        for list in hashes {
            let found = list.withUnsafeBufferPointer { list in
                for hash in list {
                    let key = hash == 0 ? 1 : hash
                    var slot = Int(truncatingIfNeeded: key) & mask
                    while true {
                        let stored = table[slot]
                        if stored == 0 { break }
                        if stored == key { return true }
                        slot = (slot &+ 1) & mask
                    }
                    table[slot] = key
                }
                return false
            }
            if found { return true }
        }
        return false
    }
}

/// The state of a `DiffableDataSourceSnapshot`, shared between copies until one of them changes.
///
/// Sections are indexed eagerly (a repeated section must be refused at the call, and sections are
/// few). Items are indexed lazily: appends made while no index exists are stored unchecked, with
/// no hashing, and recorded in `uncheckedAppends`. What first needs them resolved resolves them:
/// a lookup by identifier builds the index in one pass (resolving any identifier they repeated);
/// a read of the items alone (`itemIdentifiers`, the per-section queries) resolves them with a
/// set, without the index. Once built, the index is kept up to date by item mutations that touch
/// few items (each renumbers only the sections it touched), and dropped by section reorders and
/// by deletes of many items (which filter the arrays instead).
///
/// Threads: a shared storage is only read. The lazy index and the lazy resolution are the things
/// a read may write, so they are built and read under `lock`. Mutations happen only on a uniquely
/// referenced storage (copy on write), which no other thread can see.
@usableFromInline
final class SnapshotStorage<Section: Hashable & Sendable, Item: Hashable & Sendable>: @unchecked Sendable {
    // Stored properties are `@exclusivity(unchecked)`: the storage keeps its own discipline (a
    // shared storage is only read, the lazy index and resolution are touched under `lock`, and
    // mutations happen on a uniquely referenced storage), and the dynamic exclusivity checks of
    // class properties were a fifth of a lookup's time (`indexOfItem`).

    /// The sections, in order.
    @exclusivity(unchecked) @usableFromInline var sections: [Section] = []
    /// Each section's position in `sections`.
    @exclusivity(unchecked) @usableFromInline var ordinals: [Section: Int] = [:]
    /// The items of each section, parallel to `sections`. They repeat an identifier only through
    /// `uncheckedAppends`.
    @exclusivity(unchecked) @usableFromInline var items: [[Item]] = []
    /// Appends not yet checked for identifiers already present, in call order.
    @exclusivity(unchecked) @usableFromInline var uncheckedAppends: [UncheckedAppend] = []
    /// Marks; always a subset of the items (sections) present.
    @exclusivity(unchecked) @usableFromInline var reloadedItems = ItemMarks<Item>()
    @exclusivity(unchecked) @usableFromInline var reconfiguredItems = ItemMarks<Item>()
    @exclusivity(unchecked) @usableFromInline var reloadedSections: Set<Section> = []

    @usableFromInline let lock = NSLock()
    @exclusivity(unchecked) @usableFromInline var index: ItemIndex<Item>?
    /// `items` with the unchecked appends resolved, when a read resolved them without building
    /// the index; nil otherwise.
    @exclusivity(unchecked) @usableFromInline var resolution: [[Item]]?

    @inlinable
    init() {}

    /// `body` under `lock` (`NSLocking.withLock` needs iOS 17 / macOS 14 on Apple platforms).
    @inlinable
    func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// A copy for a snapshot about to change (its lookups come along).
    /// - Complexity: O(S + n) to copy, shared buffers aside (Swift's arrays and dictionaries copy
    ///   their elements when first written).
    @inlinable
    func copy() -> SnapshotStorage {
        let copy = SnapshotStorage()
        copy.sections = sections
        copy.ordinals = ordinals
        copy.items = items
        copy.uncheckedAppends = uncheckedAppends
        copy.reloadedItems = reloadedItems
        copy.reconfiguredItems = reconfiguredItems
        copy.reloadedSections = reloadedSections
        locked {
            copy.index = index
            copy.resolution = resolution
        }
        return copy
    }

    // MARK: Reading (any thread)

    /// The item lookups, built on first use.
    /// - Complexity: O(1) once built; building is O(n).
    @inlinable
    func lookups() -> ItemIndex<Item> {
        locked {
            buildIndex()
            return index!
        }
    }

    /// Builds the index if it is not built; under `lock` only.
    @inlinable
    func buildIndex() {
        guard index == nil else { return }
        var built: ItemIndex<Item>
        if let resolution {
            // Already resolved: only the places are left to record.
            built = ItemIndex(resolution, unchecked: [])
            built.resolved = resolution
        } else {
            built = ItemIndex(items, unchecked: uncheckedAppends)
        }
        index = built
    }

    /// The place of `item` and the number of items before its section, under one lock, without
    /// copying the index out; nil when the item is absent.
    /// - Complexity: O(1) amortized (O(S) to count the sections' starts, O(n) to build the index).
    @inlinable
    func position(of item: Item) -> (place: ItemPlace, start: Int)? {
        locked {
            buildIndex()
            if index!.starts == nil {
                var starts = [0]
                starts.reserveCapacity(sections.count + 1)
                for list in index!.resolved ?? items { starts.append(starts[starts.count - 1] + list.count) }
                index!.starts = starts
            }
            // Read in place: copying the index out retained and released each of its buffers.
            guard let place = index!.places[item] else { return nil }
            return (place, index!.starts![place.section])
        }
    }

    /// The items of each section, repeats resolved. When `shown` (rows rendered from a snapshot,
    /// whose identifiers are unique) holds exactly these sections and items, in order, nothing
    /// repeats: the items are their own resolution (kept as it), and nothing is hashed.
    /// - Complexity: O(1) when there are no unchecked appends, or once resolved; resolving is
    ///   O(n), one set insertion per appended item (no index is built), or O(S + n) comparisons
    ///   when `shown` matches.
    @inlinable
    func resolvedItems(shownAs shown: [DiffableSnapshotSection<Section, Item>] = []) -> [[Item]] {
        guard !uncheckedAppends.isEmpty else { return items }
        return locked {
            if let index { return index.resolved ?? items }
            if let resolution { return resolution }
            let resolved = !shown.isEmpty && shows(shown) ? items : resolvingRepeats(items, uncheckedAppends)
            resolution = resolved
            return resolved
        }
    }

    /// Whether `shown` holds exactly `sections` and `items` (unresolved), in order.
    /// - Complexity: O(S + n): one `==` per section and per item, until one differs.
    @inlinable
    func shows(_ shown: [DiffableSnapshotSection<Section, Item>]) -> Bool {
        guard shown.count == sections.count else { return false }
        for position in shown.indices {
            guard shown[position].identifier == sections[position], shown[position].rows.count == items[position].count else {
                return false
            }
        }
        for position in shown.indices {
            let same = shown[position].rows.withUnsafeBufferPointer { rows in
                items[position].withUnsafeBufferPointer { list in
                    for index in 0..<list.count where rows[index].identifier != list[index] { return false }
                    return true
                }
            }
            if !same { return false }
        }
        return true
    }

    /// Whether the item index is built.
    @inlinable
    var isIndexed: Bool { locked { index != nil } }

    // MARK: Changing (uniquely referenced storage only)

    /// Takes the index out to be changed in place (building it, and resolving unchecked appends
    /// into `items`, first); `putIndex(_:)` puts it back.
    /// - Complexity: O(1) when built and resolved; O(n) otherwise.
    @inlinable
    func takeIndex() -> ItemIndex<Item> {
        var taken = lookups()
        index = nil
        resolution = nil
        if let resolved = taken.resolved { items = resolved }
        taken.resolved = nil
        uncheckedAppends = []
        return taken
    }

    /// Stores `index`, which describes `items` as they are now; positions of sections are
    /// recomputed on the next `starts()`.
    @inlinable
    func putIndex(_ index: ItemIndex<Item>) {
        var index = index
        index.starts = nil
        self.index = index
    }

    /// Moves a resolution of unchecked appends (the index's, or one made without it) into
    /// `items`: O(1), and afterwards `items` and the index, if built, agree section for section.
    @inlinable
    func settle() {
        guard !uncheckedAppends.isEmpty else { return }
        if let built = index {
            if let resolved = built.resolved { items = resolved }
            index?.resolved = nil
        } else if let resolution {
            items = resolution
        } else {
            return
        }
        resolution = nil
        uncheckedAppends = []
    }

    /// Resolves the unchecked appends into `items` (with a set, not building the index when it
    /// is not built).
    /// - Complexity: O(1) when resolved; O(n) otherwise.
    @inlinable
    func resolve() {
        guard !uncheckedAppends.isEmpty else { return }
        if index == nil && resolution == nil { resolution = resolvingRepeats(items, uncheckedAppends) }
        settle()
    }

    /// Forgets the index (section positions changed); it is rebuilt on the next lookup.
    @inlinable
    func dropIndex() { index = nil }

    /// Forgets the sections' starts (an item count changed without moving any item).
    @inlinable
    func dropStarts() { index?.starts = nil }

    /// Rebuilds `ordinals` from position `start` on.
    /// - Complexity: O(S − start).
    @inlinable
    func renumberSections(from start: Int) {
        for position in start..<sections.count { ordinals[sections[position]] = position }
    }

    /// Writes the places of `section`'s items from position `start` on.
    /// - Complexity: O(items after `start`).
    @inlinable
    func renumberItems(in section: Int, from start: Int, _ index: inout ItemIndex<Item>) {
        let list = items[section]
        for position in start..<list.count { index.places[list[position]] = ItemPlace(section: section, item: position) }
    }

    /// Removes the given items (each present once in the index) from their sections and the index.
    /// - Complexity: O(k log k + length of the sections they leave).
    @inlinable
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
    @inlinable
    func insert(_ inserted: [Item], into section: Int, at position: Int, _ index: inout ItemIndex<Item>) {
        items[section].insert(contentsOf: inserted, at: position)
        renumberItems(in: section, from: position, &index)
    }

    /// Drops the marks of items no longer present.
    /// - Complexity: O(k).
    @inlinable
    func unmark(_ removed: some Sequence<Item>) {
        guard !reloadedItems.isEmpty || !reconfiguredItems.isEmpty else { return }
        reloadedItems.unmark(removed)
        reconfiguredItems.unmark(removed)
    }
}

extension Array where Element: Hashable {
    /// The elements with each repeated one kept only at its last occurrence: what moving each
    /// element into place one after the other leaves.
    /// - Complexity: O(n) hash operations; none for fewer than two elements.
    @inlinable
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
    @inlinable
    func hasRepeats() -> Bool {
        guard count > 1 else { return false }
        var seen = Set<Element>(minimumCapacity: count)
        for element in self where !seen.insert(element).inserted { return true }
        return false
    }
}
