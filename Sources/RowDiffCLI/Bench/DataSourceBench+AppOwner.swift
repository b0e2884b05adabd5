import Foundation
import RowDiffDataSources
import RowDiffTesting

// `rowdiff bench --owner app` (GitHub issue 35, item 4): the owner with rows as a
// FunctionalTableData-style screen makes them. The same workload as the `table` row (100,000 rows
// in 10 sections, 1 % changed per render) through a `ListController` on the viewport table
// stand-in, but every row carries `RowActions` (onSelect, onDelete, onMove, a leading and a
// trailing swipe action, each a closure capturing the row's id), every tenth row an explicit
// height, rows come in three cell kinds, and the app builds each render's rows afresh from its
// models (untimed, before the request, as an app does before it renders; the replaced rows are
// released by the render, which is timed). `app` keeps the owner's default here and from iOS and
// tvOS 17, replaced rows freed on the renderer's background queue; `app-main-thread-release` turns
// `releasesReplacedStateInBackground` off, the default on macOS and earlier systems: the rows are
// freed on the main thread, in slices after the render.

/// The third cell kind of the app-like rows.
@MainActor final class CountedCompactCell: StandInView, ReusableView {}

/// What the app-like rows' actions touch (never called by the bench; they only have to exist,
/// capture, and be released as an app's do).
@MainActor enum AppRowEvents {
    static var selected: Int?
    static var deleted: Int?
    static var moved = 0
}

extension DataSourceBench {
    /// The workload's rows as an app's screen builds them for one render.
    @MainActor
    static func appModel(_ spec: [[RowSpec]]) -> [KeyedSection] {
        spec.enumerated().map { s, rows in
            KeyedSection(key: "section-\(s)", rows: rows.map(appRow), headerTitle: "Section \(s)")
        }
    }

    /// One app-like row: three cell kinds, actions capturing the row's id, a height on every tenth row.
    @MainActor
    static func appRow(_ spec: RowSpec) -> KeyedRow {
        let id = spec.id
        let state = MessageState(title: "Message \(id)", revision: spec.revision, unread: id % 3 == 0)
        let actions = RowActions(
            onSelect: {
                AppRowEvents.selected = id
                return .deselects
            },
            leadingSwipe: SwipeActions([SwipeAction(title: "Read") { done in done(true) }]),
            trailingSwipe: .delete { AppRowEvents.deleted = id },
            onDelete: { AppRowEvents.deleted = id },
            onMove: { _, _ in
                AppRowEvents.moved += 1
                return true
            },
            height: id % 10 == 0 ? 60 : nil)
        func row<Cell: ReusableView>(_ cell: Cell.Type) -> KeyedRow {
            KeyedRow(key: "item-\(id)", cell: cell, state: state, actions: actions) { _, _ in CountedMessageCell.configurations += 1 }
        }
        if spec.alternateKind { return row(CountedBannerCell.self) }
        return id % 7 == 0 ? row(CountedCompactCell.self) : row(CountedMessageCell.self)
    }

    /// `ListController` on a viewport table stand-in, rendering app-like rows built afresh for
    /// every render; replaced rows freed as the owner's default says here (on the renderer's
    /// release queue) or, with `mainThreadRelease`, on the main thread in slices.
    @MainActor
    static func measureAppOwner(
        old oldSpec: [[RowSpec]], new newSpec: [[RowSpec]], changedRows: Int, warmups: Int, runs: Int, mainThreadRelease: Bool
    ) async -> DataSourceReport.OwnerRender {
        let view = ownerView(collection: false)
        let options = RenderOptions(releasesReplacedStateInBackground: mainThreadRelease ? false : nil, onDuplicateKeys: nil)
        let owner = ListController<KeyedSection>(host: view, options: options)
        await owner.renderer.renderAndWait(appModel(oldSpec))
        view.scroll(toOffset: view.contentHeight / 2)
        // Which rows a render changes, by key: the specs tell (the rows are remade every render).
        func byID(_ spec: [[RowSpec]]) -> [String: RowSpec] {
            Dictionary(spec.joined().map { ("item-\($0.id)", $0) }, uniquingKeysWith: { first, _ in first })
        }
        let oldRows = byID(oldSpec), newRows = byID(newSpec)
        var next: [KeyedSection] = []
        let timed = await timeRenders(
            on: view, warmups: warmups, runs: runs,
            prepare: { run in next = appModel(run % 2 == 0 ? newSpec : oldSpec) },
            render: { _ in
                // The owner keeps the rows; the app's reference goes with the request.
                let model = next
                next = []
                await owner.renderer.renderAndWait(model)
            },
            changedVisible: { run, visible in
                let (before, after) = run % 2 == 0 ? (oldRows, newRows) : (newRows, oldRows)
                return visible.count { path in
                    let key = owner.dataSource.itemKey(at: path)
                    guard let earlier = before[key], let now = after[key] else { return true }
                    return earlier.revision != now.revision || earlier.alternateKind != now.alternateKind
                }
            })
        return timed.report(
            source: mainThreadRelease ? "ListController (app-like rows, main-thread release)" : "ListController (app-like rows)",
            view: view,
            rows: newSpec.reduce(0) { $0 + $1.count },
            sections: newSpec.count, changedRows: changedRows, changeCount: 0, decision: describe(owner.renderer.lastOutcome),
            explicitRowHeights: owner.hasExplicitRowHeights)
    }
}
