import Foundation

/// The tree of a `DiffableDataSourceSectionSnapshot`, shared between copies until one changes.
///
/// The tree is stored as nodes (each item's parent and children) so that appending children,
/// which outlines do most, costs O(k) whatever the tree's size. The depth-first order (`items`,
/// `index(of:)`) is derived lazily and dropped by every change.
///
/// Threads: as `SnapshotStorage`: a shared storage is only read; the lazy order is built and read
/// under `lock`; mutations happen only on a uniquely referenced storage.
final class OutlineStorage<Item: Hashable & Sendable>: @unchecked Sendable {
    struct Node {
        var parent: Item?
        var children: [Item] = []
    }

    /// The items in depth-first pre-order, and each one's position in it.
    struct Order {
        var items: [Item]
        var positions: [Item: Int]
    }

    var nodes: [Item: Node] = [:]
    var roots: [Item] = []
    var expanded: Set<Item> = []

    private let lock = NSLock()
    private var order: Order?

    init() {}

    /// A copy for a snapshot about to change.
    /// - Complexity: O(1) until the copy's collections are first written (then O(n)).
    func copy() -> OutlineStorage {
        let copy = OutlineStorage()
        copy.nodes = nodes
        copy.roots = roots
        copy.expanded = expanded
        return copy
    }

    /// `body` under `lock` (`NSLocking.withLock` needs iOS 17 / macOS 14 on Apple platforms).
    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// The depth-first order, built on first use after a change.
    /// - Complexity: O(1) once built; O(n) to build.
    func depthFirst() -> Order {
        locked {
            if let order { return order }
            var items: [Item] = []
            items.reserveCapacity(nodes.count)
            preorder(roots) { items.append($0) }
            var positions: [Item: Int] = [:]
            positions.reserveCapacity(items.count)
            for (position, item) in items.enumerated() { positions[item] = position }
            let built = Order(items: items, positions: positions)
            order = built
            return built
        }
    }

    /// Forgets the derived order (uniquely referenced storage only).
    func dropOrder() { order = nil }

    /// Calls `visit` on `starts` and their descendants in depth-first pre-order, descending into
    /// an item's children only when `descends` says so.
    /// - Complexity: O(items visited).
    func preorder(_ starts: [Item], descends: (Item) -> Bool = { _ in true }, _ visit: (Item) -> Void) {
        // An explicit stack: an outline may be deeper than the call stack allows.
        var stack: [Item] = starts.reversed()
        while let item = stack.popLast() {
            visit(item)
            if descends(item), let children = nodes[item]?.children, !children.isEmpty {
                stack.append(contentsOf: children.reversed())
            }
        }
    }

    /// The children list `item` is in: its parent's children, or the roots.
    /// - Complexity: O(1).
    func siblings(of parent: Item?) -> [Item] {
        parent.map { nodes[$0]?.children ?? [] } ?? roots
    }

    /// Replaces the children list of `parent` (nil: the roots).
    /// - Complexity: O(1) amortized plus what `change` does.
    func changeSiblings(of parent: Item?, _ change: (inout [Item]) -> Void) {
        if let parent {
            change(&nodes[parent]!.children)
        } else {
            change(&roots)
        }
    }

    /// Removes `item` and its descendants from `nodes` and `expanded` (not from its parent's list).
    /// - Complexity: O(size of the subtree).
    func removeSubtree(_ item: Item) {
        var stack = [item]
        while let next = stack.popLast() {
            guard let node = nodes.removeValue(forKey: next) else { continue }
            expanded.remove(next)
            stack.append(contentsOf: node.children)
        }
    }
}
