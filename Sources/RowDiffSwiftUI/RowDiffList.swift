#if canImport(SwiftUI) && (os(iOS) || os(macOS))
import Foundation
import SwiftUI
// Re-exported, as RowDiffUIKit does: apps build a `RowDiffList` from `ListViewSection`s and
// `SwipeAction`s with `import RowDiffSwiftUI` alone.
@_exported import RowDiffDataSources

/// A SwiftUI list on the RowDiff engine, for lists of 100,000 rows under constant updates: a
/// `UICollectionView` with a list layout on iOS, an `NSTableView` on macOS, driven by a
/// `ListUpdater` (RowDiffDataSources) that holds all the logic.
///
/// It takes the shape of `List { Section { ForEach(items) { … } } }`: sections of items, a row
/// view per item, and optional section headers and footers.
///
/// ```swift
/// RowDiffList(sections, selection: $selection) { contact in
///     ContactRow(contact)
/// } header: { sectionID in
///     Text(sectionID)
/// }
/// .onDelete { sectionID, offsets in model.delete(offsets, in: sectionID) }
/// .listStyle(.insetGrouped)
/// ```
///
/// - Each new value of the view is one render request of its owner; an equal value renders
///   nothing; renders requested faster than they land coalesce (at most two per burst) and are
///   diffed off the main thread.
/// - Rows are hosted in reused cells (`UIHostingConfiguration`, or an `NSHostingView` in a table
///   cell view). A row is built only when its cell is configured: on screen, or about to be. An
///   item whose value changed (`==`) is reconfigured in place, never reloaded.
/// - A row view is a function of its item: state it shows beyond the item, it observes itself
///   (an `@Observable` model, a binding). Headers and footers are functions of their section's
///   identity. Hosted rows do not inherit the list's SwiftUI environment: pass what they need.
/// - SwiftUI's `.refreshable` works as on `List` (iOS); so does `EditMode` (iOS), which shows
///   the delete and reorder controls of rows that `onDelete` and `onMove` make editable.
/// - Selection is of one row (`selection: Binding<ID?>`) or of several (`selection:
///   Binding<Set<ID>>`, as `List(selection:)`); `listScrollAnchor(_:)` keeps the user's place when
///   rows come and go above it; on macOS, sections show their headers as group rows and
///   their footers as plain rows after their items, and `contextMenu(menuItems:)` opens on a
///   secondary click.
///
/// - Complexity: an update is O(items) on the main thread (a byte comparison for an item copied
///   unchanged, else its identity and `==`; no views), then the diff off it; configuring a cell
///   costs building its row view.
public struct RowDiffList<
    SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item: Equatable, RowContent: View, Header: View, Footer: View
>: View {
    let sections: [ListViewSection<SectionID, Item>]
    let id: (Item) -> ID
    let row: (Item) -> RowContent
    let header: ((SectionID) -> Header)?
    let footer: ((SectionID) -> Footer)?
    let selection: Binding<ID?>?
    let selectionSet: Binding<Set<ID>>?
    var modifiers = RowDiffListModifiers<SectionID, ID, Item>()

    /// A list of `sections` whose items are identified by `id`, with a header and a footer per section.
    /// - Parameters:
    ///   - sections: the sections, top to bottom.
    ///   - id: the key path of each item's identity (unique across the list).
    ///   - selection: the selected row's identity (SwiftUI's `List(selection:)`); nil: no selection.
    ///   - row: the row view of an item.
    ///   - header: the header view of a section.
    ///   - footer: the footer view of a section (macOS: a plain row after the section's items).
    /// - Complexity: O(1); the work happens when SwiftUI updates the view.
    public init(
        _ sections: [ListViewSection<SectionID, Item>], id: KeyPath<Item, ID>, selection: Binding<ID?>? = nil,
        @ViewBuilder row: @escaping (Item) -> RowContent,
        @ViewBuilder header: @escaping (SectionID) -> Header,
        @ViewBuilder footer: @escaping (SectionID) -> Footer
    ) {
        self.init(sections: sections, id: { $0[keyPath: id] }, selection: selection, row: row, header: header, footer: footer)
    }

    init(
        sections: [ListViewSection<SectionID, Item>], id: @escaping (Item) -> ID, selection: Binding<ID?>?,
        selectionSet: Binding<Set<ID>>? = nil,
        row: @escaping (Item) -> RowContent, header: ((SectionID) -> Header)?, footer: ((SectionID) -> Footer)?
    ) {
        self.sections = sections
        self.id = id
        self.selection = selection
        self.selectionSet = selectionSet
        self.row = row
        self.header = header
        self.footer = footer
    }

    public var body: some View { RowDiffListHost(list: self) }
}

// MARK: Initializers without headers, footers or explicit identities

extension RowDiffList where Header == EmptyView, Footer == EmptyView {
    /// A list of `sections` without headers or footers, its items identified by `id`.
    /// - Complexity: O(1).
    public init(
        _ sections: [ListViewSection<SectionID, Item>], id: KeyPath<Item, ID>, selection: Binding<ID?>? = nil,
        @ViewBuilder row: @escaping (Item) -> RowContent
    ) {
        self.init(sections: sections, id: { $0[keyPath: id] }, selection: selection, row: row, header: nil, footer: nil)
    }
}

extension RowDiffList where Item: Identifiable, Item.ID == ID, Header == EmptyView, Footer == EmptyView {
    /// A list of `sections` of `Identifiable` items, without headers or footers.
    /// - Complexity: O(1).
    public init(
        _ sections: [ListViewSection<SectionID, Item>], selection: Binding<ID?>? = nil,
        @ViewBuilder row: @escaping (Item) -> RowContent
    ) {
        self.init(sections: sections, id: { $0.id }, selection: selection, row: row, header: nil, footer: nil)
    }
}

extension RowDiffList where Item: Identifiable, Item.ID == ID, Footer == EmptyView {
    /// A list of `sections` of `Identifiable` items, with a header per section.
    /// - Complexity: O(1).
    public init(
        _ sections: [ListViewSection<SectionID, Item>], selection: Binding<ID?>? = nil,
        @ViewBuilder row: @escaping (Item) -> RowContent,
        @ViewBuilder header: @escaping (SectionID) -> Header
    ) {
        self.init(sections: sections, id: { $0.id }, selection: selection, row: row, header: header, footer: nil)
    }
}

extension RowDiffList where Item: Identifiable, Item.ID == ID {
    /// A list of `sections` of `Identifiable` items, with a header and a footer per section.
    /// - Complexity: O(1).
    public init(
        _ sections: [ListViewSection<SectionID, Item>], selection: Binding<ID?>? = nil,
        @ViewBuilder row: @escaping (Item) -> RowContent,
        @ViewBuilder header: @escaping (SectionID) -> Header,
        @ViewBuilder footer: @escaping (SectionID) -> Footer
    ) {
        self.init(sections: sections, id: { $0.id }, selection: selection, row: row, header: header, footer: footer)
    }
}

extension RowDiffList where SectionID == Int, Item: Identifiable, Item.ID == ID, Header == EmptyView, Footer == EmptyView {
    /// A single-section list of `Identifiable` items (`List(items) { … }`); its section's identity is 0.
    /// - Complexity: O(1).
    public init(_ items: [Item], selection: Binding<ID?>? = nil, @ViewBuilder row: @escaping (Item) -> RowContent) {
        self.init(sections: [ListViewSection(id: 0, items: items)], id: { $0.id }, selection: selection, row: row, header: nil, footer: nil)
    }
}

extension RowDiffList where SectionID == Int, Header == EmptyView, Footer == EmptyView {
    /// A single-section list of items identified by `id` (`List(items, id: \.name) { … }`).
    /// - Complexity: O(1).
    public init(_ items: [Item], id: KeyPath<Item, ID>, selection: Binding<ID?>? = nil, @ViewBuilder row: @escaping (Item) -> RowContent) {
        self.init(
            sections: [ListViewSection(id: 0, items: items)], id: { $0[keyPath: id] }, selection: selection, row: row, header: nil,
            footer: nil)
    }
}

// MARK: Initializers with a set of selected rows

extension RowDiffList {
    /// A list of `sections` whose items are identified by `id`, with a header and a footer per
    /// section, in which the user selects several rows (SwiftUI's `List(selection:)` with a
    /// `Binding<Set<ID>>`): each selection or deselection writes the whole set, and the rows the
    /// set names are shown selected wherever updates move them (identities of rows the list no
    /// longer has are not shown, and stay in the set until you remove them).
    /// - Complexity: O(1); the work happens when SwiftUI updates the view.
    public init(
        _ sections: [ListViewSection<SectionID, Item>], id: KeyPath<Item, ID>, selection: Binding<Set<ID>>,
        @ViewBuilder row: @escaping (Item) -> RowContent,
        @ViewBuilder header: @escaping (SectionID) -> Header,
        @ViewBuilder footer: @escaping (SectionID) -> Footer
    ) {
        self.init(
            sections: sections, id: { $0[keyPath: id] }, selection: nil, selectionSet: selection, row: row, header: header, footer: footer)
    }
}

extension RowDiffList where Header == EmptyView, Footer == EmptyView {
    /// A list of `sections` without headers or footers, its items identified by `id`, in which the
    /// user selects several rows (`selection`).
    /// - Complexity: O(1).
    public init(
        _ sections: [ListViewSection<SectionID, Item>], id: KeyPath<Item, ID>, selection: Binding<Set<ID>>,
        @ViewBuilder row: @escaping (Item) -> RowContent
    ) {
        self.init(sections: sections, id: { $0[keyPath: id] }, selection: nil, selectionSet: selection, row: row, header: nil, footer: nil)
    }
}

extension RowDiffList where Item: Identifiable, Item.ID == ID, Header == EmptyView, Footer == EmptyView {
    /// A list of `sections` of `Identifiable` items, without headers or footers, in which the user
    /// selects several rows (`selection`).
    /// - Complexity: O(1).
    public init(
        _ sections: [ListViewSection<SectionID, Item>], selection: Binding<Set<ID>>, @ViewBuilder row: @escaping (Item) -> RowContent
    ) {
        self.init(sections: sections, id: { $0.id }, selection: nil, selectionSet: selection, row: row, header: nil, footer: nil)
    }
}

extension RowDiffList where Item: Identifiable, Item.ID == ID, Footer == EmptyView {
    /// A list of `sections` of `Identifiable` items, with a header per section, in which the user
    /// selects several rows (`selection`).
    /// - Complexity: O(1).
    public init(
        _ sections: [ListViewSection<SectionID, Item>], selection: Binding<Set<ID>>,
        @ViewBuilder row: @escaping (Item) -> RowContent,
        @ViewBuilder header: @escaping (SectionID) -> Header
    ) {
        self.init(sections: sections, id: { $0.id }, selection: nil, selectionSet: selection, row: row, header: header, footer: nil)
    }
}

extension RowDiffList where Item: Identifiable, Item.ID == ID {
    /// A list of `sections` of `Identifiable` items, with a header and a footer per section, in
    /// which the user selects several rows (`selection`).
    /// - Complexity: O(1).
    public init(
        _ sections: [ListViewSection<SectionID, Item>], selection: Binding<Set<ID>>,
        @ViewBuilder row: @escaping (Item) -> RowContent,
        @ViewBuilder header: @escaping (SectionID) -> Header,
        @ViewBuilder footer: @escaping (SectionID) -> Footer
    ) {
        self.init(sections: sections, id: { $0.id }, selection: nil, selectionSet: selection, row: row, header: header, footer: footer)
    }
}

extension RowDiffList where SectionID == Int, Item: Identifiable, Item.ID == ID, Header == EmptyView, Footer == EmptyView {
    /// A single-section list of `Identifiable` items in which the user selects several rows
    /// (`List(items, selection: $set) { … }`); its section's identity is 0.
    /// - Complexity: O(1).
    public init(_ items: [Item], selection: Binding<Set<ID>>, @ViewBuilder row: @escaping (Item) -> RowContent) {
        self.init(
            sections: [ListViewSection(id: 0, items: items)], id: { $0.id }, selection: nil, selectionSet: selection, row: row, header: nil,
            footer: nil)
    }
}

extension RowDiffList where SectionID == Int, Header == EmptyView, Footer == EmptyView {
    /// A single-section list of items identified by `id`, in which the user selects several rows.
    /// - Complexity: O(1).
    public init(_ items: [Item], id: KeyPath<Item, ID>, selection: Binding<Set<ID>>, @ViewBuilder row: @escaping (Item) -> RowContent) {
        self.init(
            sections: [ListViewSection(id: 0, items: items)], id: { $0[keyPath: id] }, selection: nil, selectionSet: selection, row: row,
            header: nil, footer: nil)
    }
}

// MARK: Modifiers

/// The appearance of a `RowDiffList`, under the names of SwiftUI's list styles.
public enum RowDiffListStyle: Sendable, Hashable {
    /// SwiftUI's `.plain`: rows edge to edge.
    case plain
    /// SwiftUI's `.grouped` (macOS: a full-width table).
    case grouped
    /// SwiftUI's `.insetGrouped`: grouped sections in rounded, inset blocks (macOS: an inset table).
    case insetGrouped
    /// SwiftUI's `.sidebar` (macOS: a source list).
    case sidebar
}

/// What a `RowDiffList`'s modifiers set.
struct RowDiffListModifiers<SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item> {
    var onDelete: ((SectionID, IndexSet) -> Void)?
    var onMove: ((SectionID, IndexSet, Int) -> Void)?
    var leadingSwipe: (actions: (Item) -> [SwipeAction], allowsFullSwipe: Bool)?
    var trailingSwipe: (actions: (Item) -> [SwipeAction], allowsFullSwipe: Bool)?
    var contextMenu: ((Item) -> [MenuAction])?
    var style = RowDiffListStyle.plain
    var scrollTarget: Binding<ID?>?
    var scrollAnchor = RowDiffDataSources.ScrollAnchor.none
}

extension RowDiffList {
    /// SwiftUI's `onDelete`, for every section: `action` receives the section and the offsets of
    /// the items the user deleted, in the items this view was given. Remove them from your state.
    /// Rows are deletable only with it: a swipe (or, on iOS in `EditMode`, the delete control).
    /// - Complexity: O(1).
    public func onDelete(perform action: @escaping (SectionID, IndexSet) -> Void) -> RowDiffList {
        var list = self
        list.modifiers.onDelete = action
        return list
    }

    /// SwiftUI's `onDelete` for a single-section list: the offsets of the deleted items.
    /// - Complexity: O(1).
    public func onDelete(perform action: @escaping (IndexSet) -> Void) -> RowDiffList {
        onDelete { _, offsets in action(offsets) }
    }

    /// SwiftUI's `onMove`, for every section: `action` receives the section, the offsets of the
    /// moved items and the offset they go before (`Array.move(fromOffsets:toOffset:)`'s
    /// arguments), in the items this view was given. Rows move within their section only, and only
    /// with it (iOS: the reorder control in `EditMode`; macOS: dragging).
    /// - Complexity: O(1).
    public func onMove(perform action: @escaping (SectionID, IndexSet, Int) -> Void) -> RowDiffList {
        var list = self
        list.modifiers.onMove = action
        return list
    }

    /// SwiftUI's `onMove` for a single-section list.
    /// - Complexity: O(1).
    public func onMove(perform action: @escaping (IndexSet, Int) -> Void) -> RowDiffList {
        onMove { _, offsets, destination in action(offsets, destination) }
    }

    /// SwiftUI's `swipeActions(edge:allowsFullSwipe:content:)`: the actions a swipe from `edge`
    /// reveals on each row, from the edge inwards (none: an empty array). Actions are
    /// `SwipeAction`s (UIKit's contextual actions), not views. A trailing swipe set here replaces
    /// the Delete that `onDelete` offers there.
    /// - Complexity: O(1); `actions` runs when the user swipes (and when the view asks whether
    ///   a row is editable).
    public func swipeActions(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, actions: @escaping (Item) -> [SwipeAction]
    ) -> RowDiffList {
        var list = self
        if edge == .leading {
            list.modifiers.leadingSwipe = (actions, allowsFullSwipe)
        } else {
            list.modifiers.trailingSwipe = (actions, allowsFullSwipe)
        }
        return list
    }

    /// SwiftUI's `contextMenu(menuItems:)`: each row's menu on a long press (iOS) or a secondary
    /// click (macOS: the row clicked, which need not be selected), from its item; none for an empty
    /// array, and none on section headers or footers. Entries are `MenuAction`s (UIKit's actions),
    /// not views. On macOS an entry shows its title, its SF Symbol and whether it is disabled; a
    /// menu's `title` and `isDestructive` have no AppKit counterpart there and are not shown.
    /// - Complexity: O(1); `menuItems` runs when the user opens a menu.
    public func contextMenu(menuItems: @escaping (Item) -> [MenuAction]) -> RowDiffList {
        var list = self
        list.modifiers.contextMenu = menuItems
        return list
    }

    /// SwiftUI's `listStyle(_:)`: plain (the default), grouped, inset grouped or sidebar.
    /// - Complexity: O(1); a new style lays the list out again.
    public func listStyle(_ style: RowDiffListStyle) -> RowDiffList {
        var list = self
        list.modifiers.style = style
        return list
    }

    /// Scrolls to a row by its identity, as `ScrollViewProxy.scrollTo(_:)` does: when `target`
    /// holds an identity, the list scrolls to that row — once the render that shows it is on
    /// screen, if it is new — and sets `target` back to nil.
    /// - Complexity: O(1).
    public func scrollTo(id target: Binding<ID?>) -> RowDiffList {
        var list = self
        list.modifiers.scrollTarget = target
        return list
    }

    /// Keeps the user's place when a render changes the rows around it, as the `sizeChanges` role
    /// of SwiftUI's `defaultScrollAnchor(_:for:)` does for a scroll view: `.firstVisibleRow` keeps
    /// the first visible row where it is on screen when rows are inserted or removed above it (a
    /// feed loading newer items); `.bottom` keeps a list scrolled to its bottom at its bottom (a
    /// chat), elsewhere as `.firstVisibleRow`; `.none` (the default) keeps the content offset, so
    /// rows on screen move. Named apart from SwiftUI's modifier, which takes a `UnitPoint`.
    ///
    /// On macOS the anchor is a row (never a header's group row or a footer row), kept in place in
    /// the table's scroll view.
    /// - Complexity: O(1); per render, O(visible rows) before it lands and O(1) after.
    public func listScrollAnchor(_ anchor: RowDiffDataSources.ScrollAnchor) -> RowDiffList {
        var list = self
        list.modifiers.scrollAnchor = anchor
        return list
    }

    /// The modifiers' actions as the updater reads them.
    var listActions: ListViewActions<SectionID, ID, Item> {
        // Closures, not the stored functions themselves: a nonisolated function value converted to
        // a `@MainActor` (so `@Sendable`) type is diagnosed in Swift 6.
        var actions = ListViewActions<SectionID, ID, Item>()
        if let onDelete = modifiers.onDelete {
            actions.onDelete = { section, offsets in onDelete(section, offsets) }
        }
        if let onMove = modifiers.onMove {
            actions.onMove = { section, offsets, destination in onMove(section, offsets, destination) }
        }
        if let selection {
            actions.selectionChanged = { id in selection.wrappedValue = id }
        }
        if let selectionSet {
            actions.selectionSetChanged = { ids in selectionSet.wrappedValue = ids }
        }
        if let leading = modifiers.leadingSwipe {
            actions.leadingSwipe = { item in Self.swipe(leading.actions(item), fullSwipe: leading.allowsFullSwipe) }
        }
        if let trailing = modifiers.trailingSwipe {
            actions.trailingSwipe = { item in Self.swipe(trailing.actions(item), fullSwipe: trailing.allowsFullSwipe) }
        }
        if let menuItems = modifiers.contextMenu {
            actions.contextMenu = { item in
                let entries = menuItems(item)
                return entries.isEmpty ? nil : RowDiffDataSources.ContextMenu(actions: entries)
            }
        }
        return actions
    }

    private static func swipe(_ actions: [SwipeAction], fullSwipe: Bool) -> SwipeActions? {
        actions.isEmpty ? nil : SwipeActions(actions, performsFirstActionWithFullSwipe: fullSwipe)
    }
}
#endif
