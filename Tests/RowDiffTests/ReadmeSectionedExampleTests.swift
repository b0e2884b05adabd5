import Foundation
import RowDiffValidation
import Testing

// The sectioned Swift example, compiled and checked here. The code between the markers is quoted
// exactly in RowDiff's "Sectioned lists" article, Sources/RowDiff/Documentation.docc/SectionedLists.md
// (`ReadmeExampleTests.readmeQuotesTheExamplesExactly`), and the usage example in `StagedChangeset`'s documentation is taken from `MailScreen.show`.

// README: begin
import RowDiff

struct Mailbox: Identifiable, Equatable, Diffable { // a section: its identity and header
    let id: String
    var title: String
}

struct Message: Identifiable, Equatable, Diffable {
    let id: Int
    var subject: String
}

typealias MailSection = ListSection<Mailbox, Message>

func mailExample() -> SectionedDiff<MailSection> {
    let old = [
        ListSection(Mailbox(id: "inbox", title: "Inbox"), rows: [Message(id: 1, subject: "Hi"), Message(id: 2, subject: "Lunch?")]),
        ListSection(Mailbox(id: "drafts", title: "Drafts"), rows: [Message(id: 5, subject: "Draft")]),
        ListSection(Mailbox(id: "archive", title: "Archive"), rows: [Message(id: 3, subject: "Receipt")]),
    ]
    let new = [
        ListSection(
            Mailbox(id: "archive", title: "Archive (2)"), rows: [Message(id: 3, subject: "Receipt"), Message(id: 1, subject: "Hi")]),
        ListSection(Mailbox(id: "inbox", title: "Inbox"), rows: [Message(id: 2, subject: "Lunch at 1?"), Message(id: 4, subject: "New")]),
        ListSection(Mailbox(id: "drafts", title: "Drafts"), rows: []),
    ]

    let diff = SectionedDiff(from: old, to: new)
    // Sections by index, rows by (section, row); old → new.
    // diff.changeset.sectionMoves   == [2 → 0]          Archive moved to the top: one move
    // diff.changeset.sectionUpdates == [2 → 0]          its title changed: the section reloads
    // diff.changeset.itemMoves      == [(0,0) → (0,1)]  "Hi" moved from Inbox to Archive
    // diff.changeset.itemDeletes    == [(1,0)]          "Draft"
    // diff.changeset.itemInserts    == [(1,1)]          "New"
    // diff.changeset.itemUpdates    == [(0,1) → (1,0)]  "Lunch?" changed
    return diff
}

/// What a screen's data source reports, updated one UIKit-safe batch at a time.
final class MailScreen {
    private(set) var sections: [MailSection] = []
    private(set) var batches: [BatchUpdate] = [] // what a UITableView would animate

    func show(_ new: [MailSection]) {
        for stage in StagedChangeset(from: sections, to: new) {
            // In an app, these two lines run inside tableView.performBatchUpdates { ... }:
            sections = stage.data // install this stage's model first,
            batches.append(stage.update) // then apply its deletes, inserts, moves and reloads
        }
    }
}
// README: end

@Suite struct ReadmeSectionedExampleTests {
    @Test func mailExample_givesTheChangesTheReadmeShows() {
        let changes = mailExample().changeset
        func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
        #expect(changes.sectionMoves == [Move(from: 2, to: 0)])
        #expect(changes.sectionUpdates == [Move(from: 2, to: 0)])
        #expect(changes.sectionDeletes.isEmpty && changes.sectionInserts.isEmpty)
        #expect(changes.itemMoves == [Move(from: path(0, 0), to: path(0, 1))])
        #expect(changes.itemDeletes == [path(1, 0)])
        #expect(changes.itemInserts == [path(1, 1)])
        #expect(changes.itemUpdates == [Move(from: path(0, 1), to: path(1, 0))])
    }

    @Test func mailScreen_endsAtTheNewModel_throughBatchesTheValidatorAccepts() throws {
        let diff = mailExample()
        let screen = MailScreen()
        screen.show(diff.old)
        let before = screen.batches.count
        screen.show(diff.new)
        #expect(screen.sections.map(\.model) == diff.new.map(\.model))
        #expect(screen.sections.map(\.rows) == diff.new.map(\.rows))
        func snapshot(_ sections: [MailSection]) -> ValidationSnapshot {
            ValidationSnapshot(
                sections: sections.map { section in
                    .init(
                        section.model.id, content: section.model.title,
                        items: section.rows.map { .init($0.id, content: $0.subject) })
                })
        }
        let batches = Array(screen.batches[before...])
        var models: [[MailSection]] = []
        for stage in StagedChangeset(diff) { models.append(stage.data) }
        #expect(batches.count == models.count && !batches.isEmpty)
        for view in ListViewKind.allCases {
            let validator = BatchUpdateValidator(view: view, profile: .strict)
            try validator.validate(stages: zip(batches, models).map { ($0, snapshot($1)) }, from: snapshot(diff.old))
        }
    }

    @Test func stagedChangesetDocumentation_quotesThisCompiledCode() throws {
        // Every code line of the usage example in StagedChangeset's documentation is a line of
        // `MailScreen.show` above, so the documentation shows code that compiles.
        let example = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let stagedFile = ReadmeDocument.testsDirectory.appendingPathComponent("../../Sources/RowDiff/Staging/StagedChangeset.swift")
        let staged = try String(contentsOf: stagedFile, encoding: .utf8)
        let start = try #require(staged.range(of: "/// ```swift\n"))
        let end = try #require(staged.range(of: "/// ```\n", range: start.upperBound..<staged.endIndex))
        let lines = staged[start.upperBound..<end.lowerBound].split(separator: "\n").map { $0.dropFirst(4) }
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(example.contains(line.trimmingCharacters(in: .whitespaces)), "not in the compiled example: \(line)")
        }
    }
}
