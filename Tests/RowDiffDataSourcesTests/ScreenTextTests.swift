import Foundation
import RowDiffDataSources
import RowDiffTesting
import Testing

/// A cell whose properties need care to be written the same way in every run.
final class VolatileCell: StandInView, ReusableView {
    var tags: Set<String> = []
    var counts: [String: Int] = [:]
    var badge: Int?
    var size = (width: 2, 3)
    var owner: AnyObject?
}

final class NamedCell: StandInView, ReusableView, ScreenTextDescribable {
    var name = ""
    var screenTextDescription: String { "named \(name)" }
}

/// What `screenText()` and `GoldenFile` produce, exactly.
@MainActor
@Suite struct ScreenTextTests {
    @Test func textDescription_isTheSameInEveryRun() {
        let cell = VolatileCell()
        cell.tags = ["zeta", "alpha", "mu"]
        cell.counts = ["b": 2, "a": 1, "c": 3]
        cell.owner = NameCell()
        // Sorted sets and dictionaries, no address for the object, the type's bare name.
        #expect(
            cell.textDescription
                == #"VolatileCell(tags: ["alpha", "mu", "zeta"], counts: ["a": 1, "b": 2, "c": 3], badge: nil, size: (width: 2, 3), owner: NameCell(text: nil, resets: 0))"#
        )
        let named = NamedCell()
        named.name = "x"
        #expect(named.textDescription == "named x", "a view that describes itself is written as it says")
        #expect(StandInView().textDescription == "StandInView()")
    }

    @Test(arguments: [false, true])
    func screenText_showsSectionsRowsSelectionAndControls(collection: Bool) async {
        let (owner, view) = makeOwner(collection: collection)
        // A collection view's layout gets a plain view wherever a table shows a title, or nothing.
        let editable = RowActions(onSelect: { .staysSelected }, onDelete: {}, onMove: { _, _ in true })
        await owner.renderer.renderAndWait([
            KeyedSection(
                key: "a", rows: [nameRow("1", "Ada", actions: editable), nameRow("2", "Grace")], header: titleHeader("A"),
                footer: Supplementary(title: "end of A")),
            KeyedSection(key: "b", rows: [], headerTitle: "B"),
        ])
        view.userTaps(ItemPath(section: 0, item: 0))
        let expected =
            collection
            ? """
            collection view: 2 sections, 2 rows, all on screen
            selected: (0, 0)
            section 0: 2 rows
              header TitleHeader(text: "A")
              (0, 0) NameCell(text: "Ada", resets: 0) | selected | edit: reorder | trailing swipe: "Delete" (destructive)
              (0, 1) NameCell(text: "Grace", resets: 0)
              footer StandInView()
            section 1: 0 rows
              header StandInView()
              footer StandInView()

            """
            : """
            table view: 2 sections, 2 rows, all on screen
            selected: (0, 0)
            section 0: 2 rows
              header TitleHeader(text: "A")
              (0, 0) NameCell(text: "Ada", resets: 0) | selected | edit: delete, reorder | trailing swipe: "Delete" (destructive)
              (0, 1) NameCell(text: "Grace", resets: 0)
              footer "end of A"
            section 1: 0 rows
              header "B"

            """
        #expect(view.screenText() == expected)
        #expect(view.problems == [])
    }

    @Test func screenText_countsTheRowsOffScreen() async {
        let view = StandInTableView(viewportHeight: 100)
        let owner = ListController<KeyedSection>(host: view)
        await owner.renderer.renderAndWait([
            KeyedSection(key: "a", rows: (0..<5).map { nameRow("a\($0)", "A\($0)") }),
            KeyedSection(key: "b", rows: (0..<3).map { nameRow("b\($0)", "B\($0)") }),
        ])
        view.scroll(toOffset: 50)
        #expect(
            view.screenText(describingViews: { ($0 as? NameCell)?.text ?? "?" }) == """
                table view: 2 sections, 8 rows, viewport 100 high at offset 50 of 352
                selected: none
                section 0: 5 rows
                  … 1 row above
                  (0, 1) A1
                  (0, 2) A2
                  (0, 3) A3
                  … 1 row below
                section 1: 3 rows
                  … 3 rows off screen

                """)
    }

    @Test func flatScreenText_showsGroupRowsAndFooters() async {
        let table = StandInFlatTableView()
        let owner = ListController<KeyedSection>(host: FlatTableHost(view: table, footerRows: true))
        await owner.renderer.renderAndWait([
            KeyedSection(
                key: "a", rows: [nameRow("1", "Ada", actions: RowActions(onSelect: { .staysSelected }, onDelete: {}))],
                headerTitle: "A", footerTitle: "end")
        ])
        table.userClicks(1)
        #expect(
            table.screenText() == """
                flat table: 3 rows, all on screen
                selected: 1
                0 group "A"
                1 (0, 0) NameCell(text: "Ada", resets: 0) | selected | trailing swipe: "Delete" (destructive)
                2 footer "end"

                """)
        #expect(table.problems == [])
    }
}

@Suite struct GoldenFileTests {
    static func scratchFile(_ contents: String?) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rowdiff-golden-\(UUID().uuidString).txt").path
        if let contents { try Data(contents.utf8).write(to: URL(fileURLWithPath: path)) }
        return path
    }

    @Test func sameText_passes_andAFinalNewlineIsAdded() throws {
        let path = try Self.scratchFile("a\nb\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try GoldenFile(path: path).verify("a\nb")
        try GoldenFile(path: path).verify("a\nb\n")
    }

    @Test func otherText_throwsTheDifferingLinesWithContext() throws {
        let path = try Self.scratchFile((1...10).map { "line \($0)" }.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var lines = (1...10).map { "line \($0)" }
        lines[6] = "line seven"
        lines.append("line 11")
        let error = #expect(throws: GoldenFileMismatch.self) { try GoldenFile(path: path).verify(lines.joined(separator: "\n")) }
        #expect(
            error?.description == """
                the text differs from the golden file \(path) (ROWDIFF_UPDATE_GOLDEN=1 rewrites it; review the change before committing it):
                …
                  5: line 5
                  6: line 6
                - 7: line 7
                + 7: line seven
                  8: line 8
                  9: line 9
                  10: line 10
                + 11: line 11
                """)
    }

    @Test func missingFile_throwsWithTheText() throws {
        let path = try Self.scratchFile(nil)
        let error = #expect(throws: GoldenFileMismatch.self) { try GoldenFile(path: path).verify("x") }
        #expect(error?.expected == nil)
        #expect(error?.description.hasPrefix("no golden file at \(path) (ROWDIFF_UPDATE_GOLDEN=1") == true)
    }

    @Test func besideTheSourceFile_isInItsGoldenFolder() {
        #expect(GoldenFile("x.txt").path == URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Golden/x.txt")
    }

    @Test func update_writesTheFile() async {
        // The environment variable is set in a child process, so that no other test sees it.
        await #expect(processExitsWith: .success) {
            setenv("ROWDIFF_UPDATE_GOLDEN", "1", 1)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rowdiff-golden-\(getpid())")
            let path = directory.appendingPathComponent("new/screen.txt").path
            try GoldenFile(path: path).verify("written")
            guard try String(contentsOfFile: path, encoding: .utf8) == "written\n" else { exit(1) }
            try FileManager.default.removeItem(at: directory)
        }
    }
}
