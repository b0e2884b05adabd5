/// How a snapshot hashes one item for its tables: the same value `itemHashes` gives for it in an
/// array (a `Fingerprintable` identifier's fingerprint under `snapshotHashSeed`, mixed; any other
/// identifier's `hashValue`). The choice is made once, when the hasher is made: the closure it
/// keeps is specialised with the code that makes it.
@usableFromInline
struct ItemHasher<Item: Hashable> {
    @usableFromInline let one: (Item) -> UInt64

    @inlinable
    init() {
        if let type = Item.self as? any Fingerprintable.Type {
            func fingerprint<Print: Fingerprintable>(_: Print.Type) -> (Item) -> UInt64 {
                // `Print` is `Item` (the cast above succeeded): the value seen as what it is.
                { item in mixedHash(unsafeBitCast(item, to: Print.self).fingerprint(seed: snapshotHashSeed)) }
            }
            one = fingerprint(type)
        } else {
            one = { UInt64(bitPattern: Int64($0.hashValue)) }
        }
    }
}

/// The snapshot's hash table of items: an open-addressing table (linear probing, at most half
/// full) of indices into a dense array of entries, each entry the item, its hash (`ItemHasher`,
/// `itemHashes`) and a value. The item index maps items to their places with it (`PlaceTable`);
/// rendering looks marks up in one, and presence checks and the resolution of repeated appends
/// use one as a set. It replaces the standard library's `Dictionary` and `Set`, whose every
/// operation hashed the item with the standard library's seeded hasher (for a UUID, most of a
/// lookup's time); here a whole section is hashed in one pass (one C or Swift XXH3 call per
/// section for UUIDs) and a single lookup hashes once with the snapshot's own fingerprint. Items
/// are compared with `==` only when their hashes are equal. The snapshot hash seed is drawn per
/// process, so identifiers cannot be chosen to collide.
///
/// Removal shifts the following run back (no tombstones) and moves the last entry into the hole.
@usableFromInline
struct ItemTable<Item: Hashable, Value> {
    @usableFromInline
    struct Entry {
        @usableFromInline var item: Item
        @usableFromInline var hash: UInt64
        @usableFromInline var value: Value

        @inlinable
        init(item: Item, hash: UInt64, value: Value) {
            self.item = item
            self.hash = hash
            self.value = value
        }
    }

    @usableFromInline var entries: [Entry] = []
    /// slots[i]: 1 + the index in `entries` of the entry stored there, or 0 when free.
    @usableFromInline var slots: [Int32]
    @usableFromInline var mask: Int
    @usableFromInline let hasher: ItemHasher<Item>

    /// An empty table with room for `capacity` items before it grows.
    /// - Complexity: O(capacity).
    @inlinable
    init(minimumCapacity capacity: Int = 0) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        precondition(size <= Int(Int32.max), "DiffableDataSourceSnapshot: more than 2^30 items")
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        entries.reserveCapacity(capacity)
        hasher = ItemHasher()
    }

    /// The number of items.
    @inlinable
    var count: Int { entries.count }

    /// `item`'s hash.
    /// - Complexity: O(1).
    @inlinable
    func hash(of item: Item) -> UInt64 { hasher.one(item) }

    /// The slot holding `item` (whose hash is `hash`) and its entry; or the free slot where it
    /// would go, and nil.
    /// - Complexity: O(1) expected.
    @inlinable
    func find(_ item: Item, hash: UInt64) -> (slot: Int, entry: Int?) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return (slot, nil) }
            if entries[stored - 1].hash == hash && entries[stored - 1].item == item { return (slot, stored - 1) }
            slot = (slot &+ 1) & mask
        }
    }

    /// The value of `item`, whose hash is `hash` (`itemHashes`), or nil when it is absent.
    /// - Complexity: O(1) expected.
    @inlinable
    func value(of item: Item, hash: UInt64) -> Value? {
        find(item, hash: hash).entry.map { entries[$0].value }
    }

    /// `item`'s value, or nil.
    /// - Complexity: O(1) expected.
    @inlinable
    subscript(item: Item) -> Value? {
        get { value(of: item, hash: hash(of: item)) }
        set {
            if let newValue { updateValue(newValue, forKey: item) } else { removeValue(forKey: item) }
        }
    }

    /// `item`'s value, or `fallback`.
    /// - Complexity: O(1) expected.
    @inlinable
    subscript(item: Item, default fallback: Value) -> Value { self[item] ?? fallback }

    /// Sets `item`'s value; returns the value it replaced, or nil when the item was new.
    /// - Complexity: O(1) amortized.
    @inlinable
    @discardableResult
    mutating func updateValue(_ value: Value, forKey item: Item) -> Value? {
        updateValue(value, forKey: item, hash: hash(of: item))
    }

    /// `updateValue(_:forKey:)` for an item whose hash is known (`itemHashes`).
    /// - Complexity: O(1) amortized.
    @inlinable
    @discardableResult
    mutating func updateValue(_ value: Value, forKey item: Item, hash: UInt64) -> Value? {
        let found = find(item, hash: hash)
        if let entry = found.entry {
            let old = entries[entry].value
            entries[entry].value = value
            return old
        }
        if 2 * (entries.count + 1) > slots.count {
            grow()
            slots[find(item, hash: hash).slot] = Int32(entries.count + 1)
        } else {
            slots[found.slot] = Int32(entries.count + 1)
        }
        entries.append(Entry(item: item, hash: hash, value: value))
        return nil
    }

    /// Removes `item`; returns its value, or nil when it was absent.
    /// - Complexity: O(1) expected.
    @inlinable
    @discardableResult
    mutating func removeValue(forKey item: Item) -> Value? {
        let found = find(item, hash: hash(of: item))
        guard let entry = found.entry else { return nil }
        let value = entries[entry].value
        // Shift back the entries after the hole that may not stay behind it.
        var hole = found.slot
        var next = (hole &+ 1) & mask
        while slots[next] != 0 {
            let home = Int(truncatingIfNeeded: entries[Int(slots[next]) - 1].hash) & mask
            // The entry at `next` may fill the hole unless its home lies cyclically in (hole, next].
            let staysAfterHole = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !staysAfterHole {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next &+ 1) & mask
        }
        slots[hole] = 0
        // The last entry moves into the removed one's index.
        let last = entries.count - 1
        if entry != last {
            var slot = Int(truncatingIfNeeded: entries[last].hash) & mask
            while Int(slots[slot]) != last + 1 { slot = (slot &+ 1) & mask }
            slots[slot] = Int32(entry + 1)
            entries.swapAt(entry, last)
        }
        entries.removeLast()
        return value
    }

    /// Doubles the slots and puts every entry back (hashes are kept: no item is hashed again).
    /// - Complexity: O(n).
    @inlinable
    mutating func grow() {
        let size = slots.count * 2
        precondition(size <= Int(Int32.max), "DiffableDataSourceSnapshot: more than 2^30 items")
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] != 0 { slot = (slot &+ 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}

/// A snapshot's item → place lookups (`ItemIndex`).
@usableFromInline
typealias PlaceTable<Item: Hashable> = ItemTable<Item, ItemPlace>
