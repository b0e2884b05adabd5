// The three examples of Sources/RowDiffDataSources/Documentation.docc/DataSources.md, compiled and run as tests. Keep them identical:
// the code between `// README: begin` and `// README: end` markers is what the document shows.
import Testing
import RowDiffDataSources
import RowDiffTesting

// README: begin keyed-rows
// 1. FunctionalTableData-style: keyed sections and rows, rendered and diffed.
struct Contact: Identifiable, Hashable, Sendable {
    var id: String
    var name: String
    var unread: Int
    var isFavorite: Bool
}

struct ContactState: Hashable, Sendable { // what a contact cell is configured from
    var name: String
    var unread: Int
}

struct ContactCell {} // your UITableViewCell subclass; its type is the row's kind

@MainActor
final class ContactsScreen {
    let renderer: ListRenderer<KeyedSection>

    /// `target` is `TableViewTarget(tableView)` on iOS (RowDiffUIKit); in tests a `ValidatingTarget`.
    init(dataSource: SectionedDataSource<KeyedSection>, target: any BatchUpdating) {
        renderer = ListRenderer(dataSource: dataSource, target: target)
    }

    func show(_ contacts: [Contact], completion: (@MainActor () -> Void)? = nil) {
        // Row keys are unique across the list: a contact shown twice gets a key per place.
        func row(_ contact: Contact, in place: String) -> KeyedRow {
            KeyedRow(
                key: "\(place)/\(contact.id)", cell: ContactCell.self,
                state: ContactState(name: contact.name, unread: contact.unread))
        }
        renderer.render(
            [
                KeyedSection(
                    key: "favorites", rows: contacts.filter(\.isFavorite).map { row($0, in: "favorites") },
                    headerTitle: "Favorites"),
                KeyedSection(key: "all", rows: contacts.map { row($0, in: "all") }, headerTitle: "All contacts"),
            ], completion: completion)
    }
}
// README: end keyed-rows

// README: begin section-models
// 2. RxDataSources-style: section models bound to a stream of states.
struct Message: Identifiable, Hashable, Sendable, Diffable {
    var id: Int
    var text: String
}

typealias MessageSection = SectionModel<String, Message> // the String is the header title

@MainActor
func bindInbox(
    _ states: AsyncStream<[MessageSection]>, to target: any BatchUpdating,
    dataSource: SectionedDataSource<MessageSection>
) -> Task<Void, any Error> {
    dataSource.canMoveItem = { _, message in message.id >= 0 } // editing hooks, as RxDataSources
    let renderer = ListRenderer(dataSource: dataSource, target: target)
    return renderer.bind(states) // each state renders; bursts coalesce, the latest wins
}
// README: end section-models

// README: begin read-protocol
// 3. A plain data source behind the read protocol, for any UI (ezcater DataSource-style).
@MainActor
final class InboxDataSource: ListDataSource {
    typealias Section = MessageSection
    private(set) var sections: [MessageSection] = []
    var onChange: (@MainActor (ListChange<MessageSection>) -> Void)?

    func receive(_ messages: [Message]) {
        let new = [SectionModel(model: "Inbox", items: messages)]
        // The update installs each stage's data itself, inside the batch that applies the stage,
        // so `sections` is never ahead of what the view was told.
        let update = StagedUpdate(from: sections, to: new) { [unowned self] stage in self.sections = stage }
        onChange?(.staged(update))
        update.installRemaining() // a no-op when the UI applied every stage
    }
}

/// The UI side: each change goes to the view (`TableViewTarget(tableView)` on iOS) stage by stage.
@MainActor
func show(_ source: InboxDataSource, in target: any BatchUpdating) {
    source.onChange = { change in
        switch change {
        case .staged(let update): update.apply(to: target) // one batch per stage, its data installed inside
        case .reloadAll: target.reloadData()
        }
    }
}

/// A UI that knows only the read protocol: it walks the rows.
@MainActor
func lines(of source: some ListDataSource<MessageSection>) -> [String] {
    var lines: [String] = []
    var path = source.firstIndexPath
    while let current = path {
        if current.item == 0, let title = source.headerTitle(in: current.section) { lines.append("# \(title)") }
        lines.append(source.item(at: current).text)
        path = source.indexPath(after: current)
    }
    return lines
}
// README: end read-protocol

@MainActor
@Suite struct ReadmeExamplesTests {
    @Test func keyedRows_example() async {
        let dataSource = SectionedDataSource<KeyedSection>()
        let target = ValidatingTarget(dataSource: dataSource)
        let screen = ContactsScreen(dataSource: dataSource, target: target)
        let ada = Contact(id: "ada", name: "Ada", unread: 0, isFavorite: true)
        let alan = Contact(id: "alan", name: "Alan", unread: 2, isFavorite: false)
        screen.show([ada, alan])
        await screen.renderer.waitUntilIdle()
        var updated = alan
        updated.unread = 3
        updated.isFavorite = true
        screen.show([ada, updated])
        await screen.renderer.waitUntilIdle()
        #expect(target.problems == [])
        #expect(dataSource.indexPath(section: "favorites", item: "favorites/alan") == ItemPath(section: 0, item: 1))
        #expect(screen.renderer.lastOutcome == .animated(batches: 2))
        #expect(dataSource.headerTitle(in: 1) == "All contacts")
    }

    @Test func sectionModels_example() async throws {
        let dataSource = SectionedDataSource<MessageSection>()
        let target = ValidatingTarget(dataSource: dataSource) { section in
            ValidationSnapshot.Section(
                section.model, content: section.model,
                items: section.items.map { ValidationSnapshot.Item($0.id, content: $0) })
        }
        let (states, continuation) = AsyncStream.makeStream(of: [MessageSection].self)
        let binding = bindInbox(states, to: target, dataSource: dataSource)
        continuation.yield([SectionModel(model: "Today", items: [Message(id: 1, text: "hi")])])
        continuation.yield([SectionModel(model: "Today", items: [Message(id: 2, text: "new"), Message(id: 1, text: "hi")])])
        continuation.finish()
        try await binding.value
        for _ in 0..<100_000 where dataSource.sections.first?.items.count != 2 { await Task.yield() }
        #expect(dataSource.sections.first?.items.map(\.id) == [2, 1])
        #expect(dataSource.headerTitle(in: 0) == "Today")
        #expect(target.problems == [])
    }

    @Test func readProtocol_example() {
        let source = InboxDataSource()
        let target = ValidatingTarget(dataSource: source) { section in
            ValidationSnapshot.Section(
                section.model, content: section.model,
                items: section.items.map { ValidationSnapshot.Item($0.id, content: $0) })
        }
        show(source, in: target)
        source.receive([Message(id: 1, text: "hi"), Message(id: 2, text: "there")])
        #expect(lines(of: source) == ["# Inbox", "hi", "there"])
        // An edited row that also moves, a delete and an insert: checked batch by batch.
        source.receive([Message(id: 2, text: "there!"), Message(id: 3, text: "new"), Message(id: 1, text: "hi")])
        #expect(lines(of: source) == ["# Inbox", "there!", "new", "hi"])
        source.receive([Message(id: 3, text: "new")])
        #expect(lines(of: source) == ["# Inbox", "new"])
        #expect(target.problems == [])
        #expect(target.shown == target.snapshotOfDataSource())
        #expect(target.batches.count >= 3)
    }

    /// The document must show exactly the code compiled here.
    @Test func documentMatchesThisFile() throws {
        let here = URL(fileURLWithPath: #filePath)
        let docs = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RowDiffDataSources/Documentation.docc/DataSources.md")
        guard let document = try? String(contentsOf: docs, encoding: .utf8) else { return } // not shipped with the sources
        let source = try String(contentsOf: here, encoding: .utf8)
        for name in ["keyed-rows", "section-models", "read-protocol"] {
            let block = try #require(Self.block(named: name, in: source))
            #expect(
                document.contains(block),
                "Sources/RowDiffDataSources/Documentation.docc/DataSources.md must contain the \(name) example verbatim")
        }
    }

    static func block(named name: String, in text: String) -> String? {
        guard let start = text.range(of: "// README: begin \(name)\n"),
            let end = text.range(of: "// README: end \(name)", range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }
}

import Foundation
