import Foundation
import RowDiffDataSources
import RowDiffTesting
import Testing

// README: begin golden-inbox
/// What an inbox row shows. It has no `description` of its own, so the screen's text writes its
/// stored properties: `MailCell(sender: "Ada", subject: "Lunch on Friday?", unread: true)`.
final class MailCell: StandInView, ReusableView {
    var sender = ""
    var subject = ""
    var unread = false
}

struct Mail: Equatable, Sendable {
    var id: Int
    var sender: String
    var subject: String
    var unread: Bool
}

/// The app's side: the mails, and the table's owner. Tapping a mail opens it (it stays selected,
/// and is read now); swiping it deletes it, or marks it unread again.
@MainActor
final class Inbox {
    var mails: [Mail]
    let owner: ListController<KeyedSection>

    init(mails: [Mail], host: StandInTableView) {
        self.mails = mails
        owner = ListController<KeyedSection>(host: host)
    }

    /// Shows the mails: unread ones first, then the others. (An app would call `owner.render`
    /// after every change; a test awaits the render.)
    func render() async {
        let unread = mails.filter(\.unread), read = mails.filter { !$0.unread }
        await owner.renderer.renderAndWait([
            KeyedSection(key: "unread", rows: unread.map(row), headerTitle: "Unread", footerTitle: "\(unread.count) unread"),
            KeyedSection(key: "read", rows: read.map(row), headerTitle: "Read"),
        ])
    }

    private func row(_ mail: Mail) -> KeyedRow {
        let id = mail.id
        let markUnread = SwipeAction(title: "Unread") { [weak self] done in
            self?.update(id) { $0.unread = true }
            done(true)
        }
        return KeyedRow(
            key: "\(id)", cell: MailCell.self, state: mail,
            actions: RowActions(
                onSelect: { [weak self] in
                    self?.update(id) { $0.unread = false }
                    return .staysSelected
                },
                leadingSwipe: mail.unread ? nil : SwipeActions([markUnread]),
                onDelete: { [weak self] in self?.mails.removeAll { $0.id == id } })
        ) { cell, mail in
            cell.sender = mail.sender
            cell.subject = mail.subject
            cell.unread = mail.unread
        }
    }

    private func update(_ id: Int, _ change: (inout Mail) -> Void) {
        guard let index = mails.firstIndex(where: { $0.id == id }) else { return }
        change(&mails[index])
    }
}

/// The screen after the first render, after opening a mail and after deleting one, compared with
/// Golden/inbox-screen.txt. The mails come from a seeded generator; the seed is fixed, as the
/// golden file holds the screens of that one seed. `ROWDIFF_UPDATE_GOLDEN=1 swift test --filter
/// GoldenScreenTests` rewrites the file.
@MainActor
@Suite struct GoldenScreenTests {
    static let seed: UInt64 = 34

    @Test func inboxScreen_matchesItsGoldenFile() async throws {
        var generator = SeededGenerator(seed: Self.seed)
        let table = StandInTableView(viewportHeight: 400)
        let inbox = Inbox(mails: Self.mails(count: 9, using: &generator), host: table)
        await inbox.render()
        var text = "first render\n" + table.screenText()

        table.userTaps(ItemPath(section: 0, item: 1))
        await inbox.render()
        text += "\nafter opening (0, 1)\n" + table.screenText()

        table.userDeletes(ItemPath(section: 0, item: 0))
        await inbox.render()
        text += "\nafter deleting (0, 0)\n" + table.screenText()

        #expect(table.problems == [], "seed \(Self.seed)")
        try GoldenFile("inbox-screen.txt").verify(text)
    }

    /// Mails with random senders, subjects and unread flags, drawn from the generator's raw
    /// numbers (the standard library's `randomElement(using:)` may draw differently in another
    /// Swift version, which would change the screens).
    static func mails(count: Int, using generator: inout SeededGenerator) -> [Mail] {
        let senders = ["Ada", "Grace", "Linus", "Barbara", "Edsger"]
        let subjects = ["Lunch on Friday?", "Build is green", "Review: snapshot speed", "Offsite agenda", "Re: trap messages"]
        func pick(_ words: [String]) -> String { words[Int(generator.next() % UInt64(words.count))] }
        return (0..<count).map { id in
            Mail(id: id, sender: pick(senders), subject: pick(subjects), unread: generator.next() % 3 != 0)
        }
    }
}
// README: end golden-inbox

@MainActor
@Suite struct GoldenScreenArticleTests {
    /// The article quotes the example above verbatim, and the first screen of its golden file.
    @Test func theArticleQuotesTheExampleAndItsFirstScreen() throws {
        let tests = URL(fileURLWithPath: #filePath)
        let root = tests.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/RowDiffTesting/Documentation.docc/GoldenTests.md"), encoding: .utf8)
        let block = try #require(ReadmeExamplesTests.block(named: "golden-inbox", in: try String(contentsOf: tests, encoding: .utf8)))
        #expect(article.contains("```swift\n" + block + "```\n"), "GoldenTests.md must quote GoldenScreenTests.swift verbatim")

        let golden = try String(contentsOfFile: GoldenFile("inbox-screen.txt").path, encoding: .utf8)
        let firstScreen = try #require(golden.components(separatedBy: "\n\n").first?.split(separator: "\n", maxSplits: 1).last)
        #expect(article.contains("```\n" + firstScreen + "\n```\n"), "GoldenTests.md must show the golden file's first screen")
    }
}
