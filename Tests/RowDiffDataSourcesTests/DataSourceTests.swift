import Testing
import RowDiffDataSources

@MainActor
@Suite struct DataSourceTests {
    let model = [
        section("a", [row("1", 0), row("2", 0)], header: "A"),
        section("empty", []),
        section("b", [row("3", 0)]),
    ]

    @Test func readProtocol_countsItemsAndTitles() {
        let source = SectionedDataSource(model)
        #expect(source.numberOfSections == 3)
        #expect(source.numberOfItems(in: 0) == 2)
        #expect(source.numberOfItems(in: 1) == 0)
        #expect(source.item(at: ItemPath(section: 2, item: 0)).key == "3")
        #expect(source.headerTitle(in: 0) == "A")
        #expect(source.headerTitle(in: 1) == nil)
        #expect(source.footerTitle(in: 0) == nil)
        #expect(source.numberOfItems == 3)
    }

    @Test func indexPathAfter_skipsEmptySectionsAndEndsWithNil() {
        let source = SectionedDataSource(model)
        var visited: [String] = []
        var path = source.firstIndexPath
        while let current = path {
            visited.append(source.item(at: current).key)
            path = source.indexPath(after: current)
        }
        #expect(visited == ["1", "2", "3"])
        #expect(SectionedDataSource<KeyedSection>([section("e", [])]).firstIndexPath == nil)
    }

    @Test func lookups_mapKeysToIndexPathsAndBack() {
        let source = SectionedDataSource(model)
        #expect(source.indexPath(ofItem: "3") == ItemPath(section: 2, item: 0))
        #expect(source.index(ofSection: "b") == 2)
        #expect(source.indexPath(section: "a", item: "2") == ItemPath(section: 0, item: 1))
        #expect(source.indexPath(section: "b", item: "2") == nil)
        #expect(source.indexPath(ofItem: "missing") == nil)
        #expect(source.keys(at: ItemPath(section: 0, item: 1)) == ("a", "2"))
        #expect(source.item(withKey: "2")?.key == "2")
        #expect(source.duplicateKeys == nil)
    }

    @Test func lookups_withDuplicateKeys_findFirstAndDiagnose() throws {
        let source = SectionedDataSource([
            section("s", [row("x", 0), row("y", 0)]), section("s", [row("x", 1)]),
        ])
        #expect(source.indexPath(ofItem: "x") == ItemPath(section: 0, item: 0))
        #expect(source.index(ofSection: "s") == 0)
        let diagnostic = try #require(source.duplicateKeys)
        #expect(diagnostic.rowKeys.map(\.key) == ["x"])
        #expect(diagnostic.rowKeys[0].indexPaths == [ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 0)])
        #expect(diagnostic.sectionKeys[0].sections == [0, 1])
        #expect(diagnostic.description.contains("row x at (0, 0), (1, 0)"))
        #expect(diagnostic.description.contains("section s at 0, 1"))
    }

    @Test func lookups_areRebuiltAfterInstall() {
        let source = SectionedDataSource(model)
        #expect(source.indexPath(ofItem: "1") == ItemPath(section: 0, item: 0))
        source.install([section("b", [row("3", 0), row("1", 0)])])
        #expect(source.indexPath(ofItem: "1") == ItemPath(section: 0, item: 1))
        #expect(source.indexPath(ofItem: "2") == nil)
    }

    @Test func moveItem_withinSection() {
        let source = SectionedDataSource([section("a", [row("1", 0), row("2", 0), row("3", 0)])])
        var moved: [Move<ItemPath>] = []
        source.didMoveItem = { move, _ in moved.append(move) }
        #expect(source.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2)))
        #expect(source.sections[0].rows.map(\.key) == ["2", "3", "1"])
        #expect(source.indexPath(ofItem: "1") == ItemPath(section: 0, item: 2))
        #expect(moved == [Move(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))])
    }

    @Test func moveItem_acrossSections_keepsHeaders() {
        let source = SectionedDataSource(model)
        source.didMoveItem = { _, _ in } // rows are movable only when the app handles moves
        #expect(source.moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0)))
        #expect(source.sections.map { $0.rows.map(\.key) } == [["1"], ["2"], ["3"]])
        #expect(source.headerTitle(in: 0) == "A")
        #expect(source.indexPath(section: "empty", item: "2") == ItemPath(section: 1, item: 0))
    }

    @Test func moveItem_refusedByHookOrInvalidPath_changesNothing() {
        let source = SectionedDataSource(model)
        source.canMoveItem = { _, row in row.key != "1" }
        let version = source.version
        #expect(!source.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 2, item: 0)))
        #expect(!source.moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 2, item: 5)))
        #expect(!source.moveItem(from: ItemPath(section: 9, item: 0), to: ItemPath(section: 0, item: 0)))
        #expect(source.version == version)
        #expect(source.canMoveItem(at: ItemPath(section: 0, item: 1)))
        #expect(!source.canMoveItem(at: ItemPath(section: 0, item: 0)))
        source.canEditItem = { path, _ in path.section == 2 }
        #expect(source.canEditItem(at: ItemPath(section: 2, item: 0)))
        #expect(!source.canEditItem(at: ItemPath(section: 0, item: 0)))
    }

    @Test func update_callsOnChangeWithStagesThatEndAtTheNewModel() throws {
        let source = SectionedDataSource(model)
        var changes: [ListChange<KeyedSection>] = []
        source.onChange = { changes.append($0) }
        let new = [section("b", [row("3", 1)]), section("a", [row("2", 0), row("1", 0)], header: "A")]
        source.update(to: new)
        #expect(describe(source.sections) == describe(new))
        guard case .staged(let staged) = try #require(changes.first) else {
            Issue.record("expected staged")
            return
        }
        try BatchUpdateValidator(view: .collectionView).validate(
            stages: staged.stages.map { ($0.update, describe($0.data)) }, from: describe(model), to: describe(new))

        source.update(to: [section("d", []), section("d", [])])
        guard case .reloadAll = changes.last! else {
            Issue.record("duplicates must reload")
            return
        }
    }

    @Test func flatDataSource_readsRows() {
        let source = SectionedDataSource(rows: ["x", "y"])
        #expect(source.rows() == ["x", "y"])
        #expect(source.indexPath(ofItem: "y") == ItemPath(section: 0, item: 1))
    }

    @Test func keyedRow_contentComparesKindAndState() {
        #expect(row("k", 1).isContentEqual(to: row("k", 1)))
        #expect(!row("k", 1).isContentEqual(to: row("k", 2)))
        #expect(!row("k", 1).isContentEqual(to: row("k", 1, cell: DetailCell.self)))
        #expect(!KeyedRow(key: "k", kind: RowKind(TextCell.self), state: "1").isContentEqual(to: row("k", 1)))
        #expect(row("k", 1).reuseIdentifier == RowKind(TextCell.self).name)
        #expect(row("k", 7).state(as: Int.self) == 7)
        #expect(!section("s", [], header: "A").isContentEqual(to: section("s", [], header: "B")))
    }
}
