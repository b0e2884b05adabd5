internal import CRowDiffRuntime
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

/// The items of one update, shared by the rows made from it: one allocation per update, not one per row.
///
/// `@unchecked Sendable`: the items are stored once, when the update is made on the main actor,
/// and read only through main-actor accessors; a diff copies rows (and so references to this
/// store) on other threads but never reads the items. Replaced rows may be released on the
/// renderer's background queue, but the updater holds each store until that queue is done with
/// them (`ListUpdater.retireStores`), so the items are freed on the main thread.
final class ListItemStore<Item>: @unchecked Sendable {
    let items: [[Item]]

    init(_ items: [[Item]]) { self.items = items }
}

/// A row of a `ListUpdater`'s model: the item's identity, a content version and where the item is.
///
/// Two rows with the same identity show the same content when their versions are equal: the
/// updater gives a row a new version only when its item is not `==` to the one it had, so the
/// diff (off the main thread) compares two integers per row and never reads an item.
public struct ListViewRow<ID: Hashable & Sendable, Item>: Diffable, Sendable {
    // The identity is the last stored property: every field before it has a fixed offset, and
    // its own offset follows from its alignment, so code that is not specialised for the app's
    // types (the updater's per-item pass) makes and reads rows without looking up the row type's
    // metadata for each one.

    /// The content version: equal versions, equal items.
    public let version: UInt64
    /// The section of the update the row was made in (32 bits: the pass over an update writes a
    /// row per item, and a smaller row is less memory to write).
    let section: Int32
    /// The item's offset in that section.
    let offset: Int32
    let store: ListItemStore<Item>
    /// The item's identity.
    public let id: ID

    @inline(__always)
    init(id: ID, version: UInt64, section: Int, offset: Int, store: ListItemStore<Item>) {
        self.id = id
        self.version = version
        self.section = Int32(section)
        self.offset = Int32(offset)
        self.store = store
    }

    /// The item the row shows: the app's value as it was given with the update that made the row.
    /// - Complexity: O(1).
    @MainActor public var item: Item { store.items[Int(section)][Int(offset)] }

    public var diffIdentity: ID { id }

    /// Equal versions.
    /// - Complexity: O(1).
    public func isContentEqual(to other: ListViewRow) -> Bool { version == other.version }

    /// Compares the identities and the versions where the rows are stored, copying neither row
    /// (the diff of these rows runs in code not specialised for the app's types).
    /// - Complexity: O(1).
    public static func compareMatchedPair(
        _ old: UnsafePointer<ListViewRow>, _ new: UnsafePointer<ListViewRow>, checksIdentities: Bool, comparesContent: Bool
    ) -> (identitiesEqual: Bool, contentChanged: Bool) {
        if checksIdentities && identity(at: old).pointee != identity(at: new).pointee { return (false, false) }
        return (true, comparesContent && old.pointee.version != new.pointee.version)
    }

    /// The offset of `id`, the last stored property.
    /// - Complexity: O(1).
    public static var storedIdentityOffset: Int? { idOffset }

    @inline(__always)
    static var idOffset: Int { LastStoredField.offset(after: listViewRowLayout.prefix, of: ID.self) }

    /// The identity of the row at `row`, where it is stored (reading `row.pointee.id` in code not
    /// specialised for the identity type looked up the row type's metadata each time).
    @inline(__always)
    static func identity(at row: UnsafePointer<ListViewRow>) -> UnsafePointer<ID> {
        LastStoredField.pointer(to: ID.self, in: row, after: listViewRowLayout.prefix)
    }
}

extension ListViewRow {
    /// Where rows of this type keep their fields, for `initialize(_:keeping:section:offset:store:writer:)`:
    /// look it up once per pass, not per row.
    /// - Complexity: O(1).
    static var writer: ListViewRowWriter {
        ListViewRowWriter(
            layout: listViewRowLayout, id: idOffset, idIsPlain: _isPOD(ID.self), idIsWord: _isPOD(ID.self) && MemoryLayout<ID>.size == 8,
            stride: MemoryLayout<ListViewRow>.stride)
    }

    /// Makes, at `row` and after it, the rows of the `count` items from `offset` on in `section`
    /// of `store` that keep the identities and versions of the `count` rows at `old` (their items
    /// are the old ones, copied): the old rows are copied in one block and their places and store
    /// set, with no value witness per row.
    /// - Precondition: `writer.idIsPlain` (identities are copied as bytes).
    /// - Complexity: O(count).
    @inline(__always)
    static func initialize(
        _ row: UnsafeMutablePointer<ListViewRow>, count: Int, keeping old: UnsafePointer<ListViewRow>, section: Int, offset: Int,
        store: ListItemStore<Item>, writer: ListViewRowWriter
    ) {
        precondition(writer.idIsPlain && count >= 0, "RowDiff: rows of plain identities expected")
        var target = UnsafeMutableRawPointer(row)
        // The old rows' references to their store are copied as bytes and overwritten below,
        // without a retain or a release.
        target.copyMemory(from: old, byteCount: count * writer.stride)
        let section = Int32(section), storeBits = UInt(bitPattern: Unmanaged.passUnretained(store).toOpaque())
        for index in 0..<count {
            target.storeBytes(of: section, toByteOffset: writer.section, as: Int32.self)
            target.storeBytes(of: Int32(offset + index), toByteOffset: writer.offset, as: Int32.self)
            target.storeBytes(of: storeBits, toByteOffset: writer.store, as: UInt.self)
            target += writer.stride
        }
        // One retain of the store for every row written (a retain per row was a fifth of the pass).
        precondition(count <= Int(UInt32.max), "RowDiff: a run of more rows than a retain count holds")
        rowdiff_retain_n(Unmanaged.passUnretained(store).toOpaque(), UInt32(count))
    }

    /// Makes, at `row`, the row of the item at `offset` in `section` of `store` that keeps `old`'s
    /// identity and version (its item is the old one, copied), field by field where the row is
    /// stored. The updater's pass does this for nearly every item, in code not specialised for the
    /// app's types, where making a row and moving it into place cost two calls through the row
    /// type's value witnesses, one of them a `memmove`.
    /// - Parameter writer: `writer` of this row type.
    /// - Complexity: O(1).
    @inline(__always)
    static func initialize(
        _ row: UnsafeMutablePointer<ListViewRow>, keeping old: UnsafePointer<ListViewRow>, section: Int, offset: Int,
        store: ListItemStore<Item>, writer: ListViewRowWriter
    ) {
        let target = UnsafeMutableRawPointer(row), source = UnsafeRawPointer(old)
        target.storeBytes(of: source.load(fromByteOffset: writer.version, as: UInt64.self), toByteOffset: writer.version, as: UInt64.self)
        target.storeBytes(of: Int32(section), toByteOffset: writer.section, as: Int32.self)
        target.storeBytes(of: Int32(offset), toByteOffset: writer.offset, as: Int32.self)
        // The reference, retained, as a word: initializing it as the store type looked up that
        // type's metadata for every row.
        target.storeBytes(of: UInt(bitPattern: Unmanaged.passRetained(store).toOpaque()), toByteOffset: writer.store, as: UInt.self)
        if writer.idIsWord {
            // Int-like identities: one word, no value witness.
            target.storeBytes(of: source.load(fromByteOffset: writer.id, as: UInt64.self), toByteOffset: writer.id, as: UInt64.self)
        } else {
            (target + writer.id).assumingMemoryBound(to: ID.self).initialize(to: identity(at: old).pointee)
        }
    }
}

/// Where a list row type keeps its fields: the byte offsets of its version, place, store and
/// identity, whether the identity is plain bytes (no references) and one word, and the rows' stride.
struct ListViewRowWriter {
    let version: Int, section: Int, offset: Int, store: Int, id: Int
    let idIsPlain: Bool, idIsWord: Bool
    let stride: Int

    fileprivate init(layout: ListViewRowLayout, id: Int, idIsPlain: Bool, idIsWord: Bool, stride: Int) {
        (version, section, offset, store) = (layout.version, layout.section, layout.offset, layout.store)
        self.id = id
        (self.idIsPlain, self.idIsWord) = (idIsPlain, idIsWord)
        self.stride = stride
    }
}

/// Where a list row's stored properties before its identity are (the same in every row type:
/// their types are fixed), and where they end (the identity's offset when it needs no alignment).
private struct ListViewRowLayout {
    let version: Int, section: Int, offset: Int, store: Int, prefix: Int

    init() {
        typealias Row = ListViewRow<UInt8, Never>
        version = MemoryLayout<Row>.offset(of: \.version)!
        section = MemoryLayout<Row>.offset(of: \.section)!
        offset = MemoryLayout<Row>.offset(of: \.offset)!
        store = MemoryLayout<Row>.offset(of: \.store)!
        prefix = MemoryLayout<Row>.offset(of: \.id)!
    }
}

private let listViewRowLayout = ListViewRowLayout()

/// A section of a `ListUpdater`'s model: its identity and rows. Its header and footer are a
/// function of its identity, so a section's own content never changes; its rows do.
public struct ListViewSectionModel<SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item>: DiffableSection, Sendable {
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
