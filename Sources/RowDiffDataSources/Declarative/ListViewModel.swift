import Foundation

/// A section of a declarative list as an app gives it, the shape of SwiftUI's
/// `Section { ForEach(items) { … } }`: an identity and the items, top to bottom.
///
/// Items are the app's own values; a `ListUpdater` reads only their identity and their `==`.
public struct ListViewSection<SectionID: Hashable & Sendable, Item>: Identifiable {
    /// The section's identity, unique among sections.
    public var id: SectionID
    /// The items, top to bottom.
    public var items: [Item]

    /// A section with `items`.
    public init(id: SectionID, items: [Item]) {
        self.id = id
        self.items = items
    }
}

extension ListViewSection: Sendable where Item: Sendable {}
extension ListViewSection: Equatable where Item: Equatable {}

/// The items of one update, shared by the rows made from it: one allocation per update, not one
/// per row. Rows refer to it by its number in `ListItemStores` instead of holding it, so making
/// 100,000 rows retains nothing.
///
/// `@unchecked Sendable`: the items are stored once, when the update is made on the main actor,
/// and read only through main-actor accessors.
final class ListItemStore<Item>: @unchecked Sendable {
    let items: [[Item]]

    init(_ items: [[Item]]) { self.items = items }
}

/// The item stores of the updates whose rows may still be shown, by number: a row keeps its
/// update's number, and its `item` is looked up here. The `ListUpdater` that made a store
/// registers it and lets go of it, on the main thread, once a newer update is on screen (or when
/// the updater goes away), so the app's values are freed there.
final class ListItemStores: @unchecked Sendable {
    static let shared = ListItemStores()

    private let lock = NSLock()
    private var stores: [UInt64: AnyObject] = [:]
    private var last: UInt64 = 0

    /// Holds `store` until `release` and returns its number (never 0).
    /// - Complexity: O(1) amortised.
    func register(_ store: AnyObject) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        stores[last] = store
        return last
    }

    /// Lets go of the stores numbered `numbers`; they are freed here, outside the lock, when
    /// nothing else holds them.
    /// - Complexity: O(numbers).
    func release(_ numbers: [UInt64]) {
        lock.lock()
        let released = numbers.map { stores.removeValue(forKey: $0) }
        lock.unlock()
        withExtendedLifetime(released) {}
    }

    /// The store numbered `number`, when it is still held.
    /// - Complexity: O(1).
    func store<Item>(_ number: UInt64, of _: Item.Type) -> ListItemStore<Item>? {
        lock.lock()
        defer { lock.unlock() }
        return stores[number] as? ListItemStore<Item>
    }

    /// The number of stores held (tests read it).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return stores.count
    }
}

/// A row of a `ListUpdater`'s model: the item's identity, a content version and where the item is.
///
/// Two rows with the same identity show the same content when their versions are equal: the
/// updater gives a row a new version only when its item is not `==` to the one it had, so the
/// diff (off the main thread) compares two integers per row and never reads an item.
public struct ListViewRow<ID: Hashable & Sendable, Item>: Diffable, Sendable {
    /// The content version: equal versions, equal items.
    public let version: UInt64
    /// The section of the update the row was made in (32 bits: the pass over an update writes a
    /// row per item, and a smaller row is less memory to write).
    let section: Int32
    /// The item's offset in that section.
    let offset: Int32
    /// The number of the update's item store in `ListItemStores`: a number, not a reference, so
    /// that rows are made and copied without reference counting.
    let update: UInt64
    /// The item's identity.
    public let id: ID

    @inline(__always)
    init(id: ID, version: UInt64, section: Int, offset: Int, update: UInt64) {
        self.id = id
        self.version = version
        self.section = Int32(section)
        self.offset = Int32(offset)
        self.update = update
    }

    /// The item the row shows: the app's value as it was given with the update that made the row.
    /// Read it while the row is shown (when the view configures its cell): the updater lets go of
    /// an update's items once a newer update is on screen, and reading a row of that update then
    /// is a trap that says so.
    /// - Complexity: O(1).
    @MainActor public var item: Item {
        guard let store = ListItemStores.shared.store(update, of: Item.self) else {
            fatalError(
                "RowDiff: ListViewRow.item of the row \(id): the items of its update (\(update)) were let go of once a newer update was on screen; read a row's item while the row is shown"
            )
        }
        return store.items[Int(section)][Int(offset)]
    }

    public var diffIdentity: ID { id }

    /// Equal versions.
    /// - Complexity: O(1).
    public func isContentEqual(to other: ListViewRow) -> Bool { version == other.version }
}

/// The diff of list rows runs in code not specialised for the app's types: it reads identities
/// and versions where the rows are stored, copying no row.
extension ListViewRow: InPlaceRow {
    /// `id`'s offset, as `MemoryLayout` gives it.
    /// - Complexity: O(1).
    @usableFromInline package static var storedIdentityOffset: Int? { MemoryLayout<ListViewRow>.offset(of: \.id) }

    /// Versions compared, as `isContentEqual(to:)` does.
    /// - Complexity: O(1).
    @usableFromInline package static func contentChanged(_ old: UnsafePointer<ListViewRow>, _ new: UnsafePointer<ListViewRow>) -> Bool {
        old.pointee.version != new.pointee.version
    }
}

extension ListViewRow {
    /// Where rows of this type keep their fields, for `initialize(_:keeping:section:offset:update:writer:)`:
    /// look it up once per pass, not per row.
    /// - Complexity: O(1) (five key paths instantiated).
    static var writer: ListViewRowWriter {
        ListViewRowWriter(
            version: MemoryLayout<ListViewRow>.offset(of: \.version)!, section: MemoryLayout<ListViewRow>.offset(of: \.section)!,
            offset: MemoryLayout<ListViewRow>.offset(of: \.offset)!, update: MemoryLayout<ListViewRow>.offset(of: \.update)!,
            id: MemoryLayout<ListViewRow>.offset(of: \.id)!, idIsPlain: _isPOD(ID.self),
            idIsWord: _isPOD(ID.self) && MemoryLayout<ID>.size == 8,
            stride: MemoryLayout<ListViewRow>.stride)
    }

    /// Makes, at `row` and after it, the rows of the `count` items from `offset` on in `section`
    /// of update `update` that keep the identities and versions of the `count` rows at `old`
    /// (their items are the old ones, copied): the old rows are copied in one block and their
    /// places and update set, with no value witness per row.
    /// - Precondition: `writer.idIsPlain` (identities are copied as bytes).
    /// - Complexity: O(count).
    @inline(__always)
    static func initialize(
        _ row: UnsafeMutablePointer<ListViewRow>, count: Int, keeping old: UnsafePointer<ListViewRow>, section: Int, offset: Int,
        update: UInt64, writer: ListViewRowWriter
    ) {
        precondition(writer.idIsPlain && count >= 0, "RowDiff: ListViewRow.initialize(count: \(count)): rows of plain identities expected")
        var target = UnsafeMutableRawPointer(row)
        // Every field is plain bytes (the identity too, by the precondition).
        target.copyMemory(from: old, byteCount: count * writer.stride)
        let section = Int32(section)
        for index in 0..<count {
            target.storeBytes(of: section, toByteOffset: writer.section, as: Int32.self)
            target.storeBytes(of: Int32(offset + index), toByteOffset: writer.offset, as: Int32.self)
            target.storeBytes(of: update, toByteOffset: writer.update, as: UInt64.self)
            target += writer.stride
        }
    }

    /// Makes, at `row`, the row of the item at `offset` in `section` of update `update` that keeps
    /// `old`'s identity and version (its item is the old one, copied), field by field where the
    /// row is stored. The updater's pass does this for nearly every item, in code not specialised
    /// for the app's types, where making a row and moving it into place cost two calls through the
    /// row type's value witnesses, one of them a `memmove`.
    /// - Parameter writer: `writer` of this row type.
    /// - Complexity: O(1).
    @inline(__always)
    static func initialize(
        _ row: UnsafeMutablePointer<ListViewRow>, keeping old: UnsafePointer<ListViewRow>, section: Int, offset: Int,
        update: UInt64, writer: ListViewRowWriter
    ) {
        let target = UnsafeMutableRawPointer(row), source = UnsafeRawPointer(old)
        target.storeBytes(of: source.load(fromByteOffset: writer.version, as: UInt64.self), toByteOffset: writer.version, as: UInt64.self)
        target.storeBytes(of: Int32(section), toByteOffset: writer.section, as: Int32.self)
        target.storeBytes(of: Int32(offset), toByteOffset: writer.offset, as: Int32.self)
        target.storeBytes(of: update, toByteOffset: writer.update, as: UInt64.self)
        if writer.idIsWord {
            // Int-like identities: one word, no value witness.
            target.storeBytes(of: source.load(fromByteOffset: writer.id, as: UInt64.self), toByteOffset: writer.id, as: UInt64.self)
        } else {
            (target + writer.id).assumingMemoryBound(to: ID.self).initialize(to: writer.identity(in: old).pointee)
        }
    }
}

/// Where a list row type keeps its fields: the byte offsets of its version, place, update and
/// identity (from `MemoryLayout.offset(of:)`), whether the identity is plain bytes (no
/// references) and one word, and the rows' stride.
struct ListViewRowWriter {
    let version: Int, section: Int, offset: Int, update: Int, id: Int
    let idIsPlain: Bool, idIsWord: Bool
    let stride: Int

    /// The identity of the row at `row`, where it is stored.
    @inline(__always)
    func identity<ID, Item>(in row: UnsafePointer<ListViewRow<ID, Item>>) -> UnsafePointer<ID> {
        (UnsafeRawPointer(row) + id).assumingMemoryBound(to: ID.self)
    }
}

/// A section of a `ListUpdater`'s model: its identity and rows. Its header and footer are a
/// function of its identity, so a section's own content never changes; its rows do.
package struct ListViewSectionModel<SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item>: DiffableSection, Sendable {
    /// The section's identity.
    public let id: SectionID
    /// The rows, top to bottom.
    public let rows: [ListViewRow<ID, Item>]

    /// A section from its parts.
    public init(id: SectionID, rows: [ListViewRow<ID, Item>]) {
        self.id = id
        self.rows = rows
    }

    public init(source: ListViewSectionModel, rows: [ListViewRow<ID, Item>]) {
        self.init(id: source.id, rows: rows)
    }

    public var diffIdentity: SectionID { id }

    /// Always true: a section's header and footer depend on its identity alone.
    public func isContentEqual(to other: ListViewSectionModel) -> Bool { true }
}

/// What the modifiers of a declarative list do, as a `ListUpdater` reads them: SwiftUI's
/// selection binding (of one row or a set of rows), `onDelete`, `onMove`, `swipeActions` and `contextMenu`, in
/// platform-independent terms. Every member is optional; a list without any is read-only.
/// The updater reads the current value on every question the view asks, so closures replaced
/// with each update (as SwiftUI makes them) always act on the latest state.
public struct ListViewActions<SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item> {
    /// The selection binding's setter: called with the identity of the row the user selected, or
    /// nil when the user deselected it. Rows are selectable only when it is set.
    public var selectionChanged: (@MainActor (ID?) -> Void)?
    /// The setter of a set-selection binding (SwiftUI's `List(selection: Binding<Set<ID>>)`):
    /// called with the whole set each time the user selects or deselects a row. Rows are
    /// selectable, several at once, when it is set; it takes precedence over `selectionChanged`.
    public var selectionSetChanged: (@MainActor (Set<ID>) -> Void)?
    /// SwiftUI's `onDelete`: the section and the offsets of the deleted items in the items the app
    /// last gave. Rows are deletable only when it is set.
    public var onDelete: (@MainActor (SectionID, IndexSet) -> Void)?
    /// SwiftUI's `onMove`: the section, the offsets of the moved items and the offset before which
    /// they go, both in the items the app last gave (`Array.move(fromOffsets:toOffset:)`'s
    /// arguments). Rows move only within their section, and only when it is set.
    public var onMove: (@MainActor (SectionID, IndexSet, Int) -> Void)?
    /// The actions a swipe from the leading edge reveals on an item; nil for none.
    public var leadingSwipe: (@MainActor (Item) -> SwipeActions?)?
    /// The actions a swipe from the trailing edge reveals on an item; nil for none.
    public var trailingSwipe: (@MainActor (Item) -> SwipeActions?)?
    /// An item's context menu; nil for none.
    public var contextMenu: (@MainActor (Item) -> ContextMenu?)?

    /// Actions; every one is optional.
    public init(
        selectionChanged: (@MainActor (ID?) -> Void)? = nil,
        onDelete: (@MainActor (SectionID, IndexSet) -> Void)? = nil,
        onMove: (@MainActor (SectionID, IndexSet, Int) -> Void)? = nil,
        leadingSwipe: (@MainActor (Item) -> SwipeActions?)? = nil,
        trailingSwipe: (@MainActor (Item) -> SwipeActions?)? = nil,
        contextMenu: (@MainActor (Item) -> ContextMenu?)? = nil,
        selectionSetChanged: (@MainActor (Set<ID>) -> Void)? = nil
    ) {
        self.selectionChanged = selectionChanged
        self.onDelete = onDelete
        self.onMove = onMove
        self.leadingSwipe = leadingSwipe
        self.trailingSwipe = trailingSwipe
        self.contextMenu = contextMenu
        self.selectionSetChanged = selectionSetChanged
    }
}
