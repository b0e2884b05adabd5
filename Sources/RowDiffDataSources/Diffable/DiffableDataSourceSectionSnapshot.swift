/// The items of one section as an outline — a tree of items, each expanded or collapsed — with
/// the API of UIKit's `NSDiffableDataSourceSectionSnapshot`, without the `NS` prefix.
///
/// ```swift
/// var outline = DiffableDataSourceSectionSnapshot<String>()
/// outline.append(["Fruit", "Vegetables"])
/// outline.append(["Apple", "Pear"], to: "Fruit")
/// outline.expand(["Fruit"])
/// outline.visibleItems   // ["Fruit", "Apple", "Pear", "Vegetables"]
/// ```
///
/// - Identifiers are unique in the outline. Appending or inserting an identifier that is already
///   present, or repeated in the call, changes nothing (UIKit traps; a section snapshot has no
///   move-into-place). `replace(childrenOf:using:)` and `insert(_:before:)` / `insert(_:after:)`
///   with a snapshot that shares an identifier with the rest of the outline change nothing too
///   (UIKit builds a corrupt tree).
/// - An unknown parent, destination or item to delete or ask about traps, naming it, as in UIKit.
///   An empty array or an empty snapshot changes nothing, whatever the destination.
/// - Expansion: new items start collapsed; an item is visible when every ancestor is expanded.
/// - Value semantics, copy on write, `Sendable`, as `DiffableDataSourceSnapshot`.
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    typealias Storage = OutlineStorage<ItemIdentifierType>

    var storage: Storage

    /// An empty outline.
    /// - Complexity: O(1).
    public init() {
        storage = Storage()
    }

    /// The storage, copied first when another snapshot shares it; its derived order is dropped,
    /// as the caller is about to change it.
    /// - Complexity: O(1) (a copy's collections are copied when first written).
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.dropOrder()
        return storage
    }

    /// The node of `item`, trapping when it is absent.
    private func node(_ item: ItemIdentifierType, _ call: String) -> Storage.Node {
        guard let node = storage.nodes[item] else {
            outlineTrap(call, "item identifier \(item) does not exist in the section snapshot")
        }
        return node
    }

    /// Whether `items` can be added: none already present, none repeated.
    /// - Complexity: O(k).
    private func acceptsNew(_ items: some Collection<ItemIdentifierType>) -> Bool {
        !items.contains { storage.nodes[$0] != nil } && !Array(items).hasRepeats()
    }
}

/// Stops the program, in every build, with a message naming the call and `message`: `call` was
/// given arguments UIKit would raise an exception for.
func outlineTrap(_ call: String, _ message: String) -> Never {
    usageTrap("DiffableDataSourceSectionSnapshot.\(call)", message)
}

// MARK: - Adding and removing items

extension DiffableDataSourceSectionSnapshot {
    /// Appends `items` as the last children of `parent`, or as the last root items when it is nil.
    ///
    /// Traps when `parent` is not in the outline (unless `items` is empty); changes nothing when
    /// an item is already in the outline or repeated in the call.
    /// - Complexity: O(k) for k items.
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        guard !items.isEmpty else { return }
        if let parent { _ = node(parent, "append(_:to:)") }
        guard acceptsNew(items) else { return }
        let storage = uniqueStorage()
        for item in items { storage.nodes[item] = Storage.Node(parent: parent) }
        storage.changeSiblings(of: parent) { $0.append(contentsOf: items) }
    }

    /// Inserts `items` among the siblings of `beforeItem`, immediately before it.
    ///
    /// Traps when `beforeItem` is not in the outline (unless `items` is empty); changes nothing
    /// when an item is already in the outline or repeated in the call.
    /// - Complexity: O(k + siblings of `beforeItem`).
    public mutating func insert(_ items: [ItemIdentifierType], before beforeItem: ItemIdentifierType) {
        insert(items, next: beforeItem, after: false, "insert(_:before:)")
    }

    /// Inserts `items` among the siblings of `afterItem`, immediately after it (so after its
    /// whole subtree in `items` order).
    ///
    /// Traps when `afterItem` is not in the outline (unless `items` is empty); changes nothing
    /// when an item is already in the outline or repeated in the call.
    /// - Complexity: O(k + siblings of `afterItem`).
    public mutating func insert(_ items: [ItemIdentifierType], after afterItem: ItemIdentifierType) {
        insert(items, next: afterItem, after: true, "insert(_:after:)")
    }

    private mutating func insert(_ items: [ItemIdentifierType], next destination: ItemIdentifierType, after: Bool, _ call: String) {
        guard !items.isEmpty else { return }
        let parent = node(destination, call).parent
        guard acceptsNew(items) else { return }
        let storage = uniqueStorage()
        for item in items { storage.nodes[item] = Storage.Node(parent: parent) }
        storage.changeSiblings(of: parent) { siblings in
            siblings.insert(contentsOf: items, at: siblings.firstIndex(of: destination)! + (after ? 1 : 0))
        }
    }

    /// Deletes `items` and all their descendants; they lose their expanded state. Naming an item
    /// twice, or an item and its ancestor, is fine.
    ///
    /// Traps, deleting nothing, when an item is not in the outline.
    /// - Complexity: O(k + the deleted subtrees + the sibling lists they leave).
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items { _ = node(item, "delete(_:)") }
        guard !items.isEmpty else { return }
        let storage = uniqueStorage()
        // Parents are noted before anything goes (an item's parent may be deleted too); each
        // sibling list is then filtered once, keeping what is still in the outline.
        var parents: [ItemIdentifierType?] = []
        var seen = Set<ItemIdentifierType?>()
        for item in items {
            guard let node = storage.nodes[item] else { continue }
            if seen.insert(node.parent).inserted { parents.append(node.parent) }
        }
        for item in items { storage.removeSubtree(item) }
        for parent in parents {
            if let parent, storage.nodes[parent] == nil { continue } // deleted with an ancestor
            let remaining = storage.siblings(of: parent).filter { storage.nodes[$0] != nil }
            storage.changeSiblings(of: parent) { $0 = remaining }
        }
    }

    /// Deletes every item and every expanded state.
    /// - Complexity: O(1) (what the outline held is released).
    public mutating func deleteAll() {
        storage = Storage()
    }

    /// Replaces the descendants of `parent` with `snapshot`'s tree: its root items become
    /// `parent`'s children, with their subtrees and expanded states; `parent` keeps its own state.
    ///
    /// Traps when `parent` is not in the outline. Changes nothing when `snapshot` holds `parent`
    /// or an item of the outline outside `parent`'s descendants.
    /// - Complexity: O(descendants of `parent` + size of `snapshot`).
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: DiffableDataSourceSectionSnapshot) {
        let children = node(parent, "replace(childrenOf:using:)").children
        var replaced = Set<ItemIdentifierType>()
        storage.preorder(children) { replaced.insert($0) }
        guard !snapshot.storage.nodes.keys.contains(where: { self.storage.nodes[$0] != nil && !replaced.contains($0) }) else { return }
        let storage = uniqueStorage()
        for child in children { storage.removeSubtree(child) }
        graft(snapshot, under: parent, into: storage)
        storage.changeSiblings(of: parent) { $0 = snapshot.storage.roots }
    }

    /// Inserts `snapshot`'s root items, with their subtrees and expanded states, among the
    /// siblings of `beforeItem`, immediately before it.
    ///
    /// Traps when `beforeItem` is not in the outline (unless `snapshot` is empty); changes nothing
    /// when `snapshot` shares an item with the outline.
    /// - Complexity: O(size of `snapshot` + siblings of `beforeItem`).
    public mutating func insert(_ snapshot: DiffableDataSourceSectionSnapshot, before beforeItem: ItemIdentifierType) {
        insert(snapshot, next: beforeItem, after: false, "insert(_:before:)")
    }

    /// Inserts `snapshot`'s root items, with their subtrees and expanded states, among the
    /// siblings of `afterItem`, immediately after it.
    ///
    /// Traps when `afterItem` is not in the outline (unless `snapshot` is empty); changes nothing
    /// when `snapshot` shares an item with the outline.
    /// - Complexity: O(size of `snapshot` + siblings of `afterItem`).
    public mutating func insert(_ snapshot: DiffableDataSourceSectionSnapshot, after afterItem: ItemIdentifierType) {
        insert(snapshot, next: afterItem, after: true, "insert(_:after:)")
    }

    private mutating func insert(
        _ snapshot: DiffableDataSourceSectionSnapshot, next destination: ItemIdentifierType,
        after: Bool, _ call: String
    ) {
        guard !snapshot.storage.roots.isEmpty else { return }
        let parent = node(destination, call).parent
        guard acceptsNew(snapshot.storage.nodes.keys) else { return }
        let storage = uniqueStorage()
        graft(snapshot, under: parent, into: storage)
        storage.changeSiblings(of: parent) { siblings in
            siblings.insert(contentsOf: snapshot.storage.roots, at: siblings.firstIndex(of: destination)! + (after ? 1 : 0))
        }
    }

    /// Adds `snapshot`'s nodes and expanded states, its roots as children of `parent` (the caller
    /// puts them in the sibling list).
    private func graft(_ snapshot: DiffableDataSourceSectionSnapshot, under parent: ItemIdentifierType?, into storage: Storage) {
        for (item, node) in snapshot.storage.nodes {
            storage.nodes[item] = Storage.Node(parent: node.parent ?? parent, children: node.children)
        }
        storage.expanded.formUnion(snapshot.storage.expanded)
    }
}

// MARK: - Expansion

extension DiffableDataSourceSectionSnapshot {
    /// Expands the items that are in the outline (leaves too); the others are ignored.
    /// - Complexity: O(k).
    public mutating func expand(_ items: [ItemIdentifierType]) {
        let present = items.filter { storage.nodes[$0] != nil && !storage.expanded.contains($0) }
        guard !present.isEmpty else { return }
        uniqueStorage().expanded.formUnion(present)
    }

    /// Collapses the items that are in the outline; the others are ignored.
    /// - Complexity: O(k).
    public mutating func collapse(_ items: [ItemIdentifierType]) {
        let present = items.filter { storage.expanded.contains($0) }
        guard !present.isEmpty else { return }
        uniqueStorage().expanded.subtract(present)
    }

    /// Whether `item` is expanded. Traps when it is not in the outline.
    /// - Complexity: O(1).
    public func isExpanded(_ item: ItemIdentifierType) -> Bool {
        _ = node(item, "isExpanded(_:)")
        return storage.expanded.contains(item)
    }

    /// Whether `item` is visible: every ancestor is expanded (root items always are). Traps when
    /// it is not in the outline.
    /// - Complexity: O(depth of `item`).
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        var parent = node(item, "isVisible(_:)").parent
        while let ancestor = parent {
            guard storage.expanded.contains(ancestor) else { return false }
            parent = storage.nodes[ancestor]?.parent
        }
        return true
    }
}

// MARK: - Queries

extension DiffableDataSourceSectionSnapshot {
    /// Every item, in depth-first pre-order (each item before its children).
    /// - Complexity: O(1) amortized (O(n) for the first read after a change).
    public var items: [ItemIdentifierType] { storage.depthFirst().items }

    /// The items at the top level, in order.
    /// - Complexity: O(1).
    public var rootItems: [ItemIdentifierType] { storage.roots }

    /// The items whose every ancestor is expanded, in `items` order.
    /// - Complexity: O(visible items).
    public var visibleItems: [ItemIdentifierType] {
        var visible: [ItemIdentifierType] = []
        storage.preorder(storage.roots, descends: { storage.expanded.contains($0) }) { visible.append($0) }
        return visible
    }

    /// Whether `item` is in the outline.
    /// - Complexity: O(1).
    public func contains(_ item: ItemIdentifierType) -> Bool { storage.nodes[item] != nil }

    /// The position of `item` in `items`, or nil when it is not in the outline.
    /// - Complexity: O(1) amortized (O(n) for the first lookup after a change).
    public func index(of item: ItemIdentifierType) -> Int? { storage.depthFirst().positions[item] }

    /// The depth of `item`: 0 for a root item, one more per ancestor. Traps when it is not in the outline.
    /// - Complexity: O(depth of `item`).
    public func level(of item: ItemIdentifierType) -> Int {
        var level = 0
        var parent = node(item, "level(of:)").parent
        while let ancestor = parent {
            level += 1
            parent = storage.nodes[ancestor]?.parent
        }
        return level
    }

    /// The parent of `item`, or nil for a root item. Traps when it is not in the outline.
    /// - Complexity: O(1).
    public func parent(of item: ItemIdentifierType) -> ItemIdentifierType? { node(item, "parent(of:)").parent }

    /// A new outline holding `parent`'s descendants, with their expanded states: the children of
    /// `parent` become its root items, or, with `includingParent`, `parent` is its only root item
    /// (with its own expanded state). Traps when `parent` is not in the outline.
    /// - Complexity: O(size of the subtree).
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> DiffableDataSourceSectionSnapshot {
        let top = node(parent, "snapshot(of:includingParent:)")
        let result = DiffableDataSourceSectionSnapshot()
        let copy = result.storage // new, so not shared: filled in place
        let roots = includingParent ? [parent] : top.children
        storage.preorder(roots) { item in
            let node = storage.nodes[item]!
            // The new roots lose their parent: `parent` itself, or its children without it.
            let isNewRoot = item == parent || (!includingParent && node.parent == parent)
            copy.nodes[item] = Storage.Node(parent: isNewRoot ? nil : node.parent, children: node.children)
            if storage.expanded.contains(item) { copy.expanded.insert(item) }
        }
        copy.roots = roots
        return result
    }
}

extension DiffableDataSourceSectionSnapshot: Equatable {
    /// The same tree (items, order, nesting) and the same expanded items.
    /// - Complexity: O(1) for copies of one outline that neither changed; O(n) otherwise.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.storage === rhs.storage { return true }
        guard lhs.storage.roots == rhs.storage.roots, lhs.storage.expanded == rhs.storage.expanded,
            lhs.storage.nodes.count == rhs.storage.nodes.count
        else { return false }
        return lhs.storage.nodes.allSatisfy { item, node in
            guard let other = rhs.storage.nodes[item] else { return false }
            return node.parent == other.parent && node.children == other.children
        }
    }
}
