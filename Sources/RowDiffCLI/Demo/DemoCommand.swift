import ArgumentParser
import Foundation
import RowDiff
import RowDiffValidation

/// `rowdiff demo`: the library's main job on built-in data. A sectioned inbox changes step by
/// step; each step prints the batches UIKit would receive, the validator's verdict and the time.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Watch RowDiff stage a live sectioned list, step by step.",
        discussion: """
            Each step diffs the previous inbox against the new one, stages the changes into batch \
            updates UIKit accepts (StagedChangeset), and checks every stage with BatchUpdateValidator \
            (strict profile) as both a table view and a collection view would judge it.
            """)

    @Flag(help: "Never use colour, even on a terminal (colour is off anyway when stdout is not a terminal or NO_COLOR is set).")
    var plain = false

    @Flag(help: "Hide the inbox after each step; show only the batches and verdicts.")
    var brief = false

    func run() throws {
        let results = DemoRunner.run()
        let useColor = !plain && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        print(DemoRenderer(color: useColor, showsInbox: !brief).render(results), terminator: "")
        if results.contains(where: { !$0.isOK }) { throw ExitCode.failure }
    }
}

/// One step's outcome.
struct DemoResult {
    var number: Int
    var step: DemoStep
    var diff: SectionedDiff<DemoSection>
    var staged: StagedChangeset<DemoSection>
    /// Diff plus staging, wall clock.
    var millis: Double
    /// Violations per view kind (strict profile); empty means accepted.
    var verdicts: [(view: ListViewKind, violations: [BatchUpdateViolation])]

    var isOK: Bool { verdicts.allSatisfy(\.violations.isEmpty) }
}

enum DemoRunner {
    static func run() -> [DemoResult] {
        var current = DemoScript.initial
        var results: [DemoResult] = []
        let context = DiffContext()
        for (number, step) in DemoScript.steps.enumerated() {
            let start = ContinuousClock.now
            let diff = SectionedDiff(from: current, to: step.inbox, options: DiffOptions(context: context))
            let staged = StagedChangeset(diff)
            let millis = BenchRunner.milliseconds(ContinuousClock.now - start)
            let chain = staged.stages.map { (update: $0.update, after: snapshot($0.data)) }
            let verdicts = [ListViewKind.tableView, .collectionView].map { view in
                (
                    view,
                    BatchUpdateValidator(view: view, profile: .strict)
                        .violations(stages: chain, from: snapshot(current), to: snapshot(step.inbox))
                )
            }
            results.append(
                DemoResult(
                    number: number + 1, step: step, diff: diff, staged: staged, millis: millis,
                    verdicts: verdicts))
            current = step.inbox
        }
        return results
    }

    /// What the data source reports: folder identities and titles, mail identities, content and cell kinds.
    static func snapshot(_ inbox: [DemoSection]) -> ValidationSnapshot {
        ValidationSnapshot(
            sections: inbox.map { section in
                ValidationSnapshot.Section(
                    section.model.id, content: section.model.title,
                    items: section.rows.map {
                        ValidationSnapshot.Item($0.id, content: $0, kind: $0.rowKind.name)
                    })
            })
    }
}

/// Plain text, with ANSI emphasis only when `color` is set.
struct DemoRenderer {
    var color: Bool
    var showsInbox: Bool

    private func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    private func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    private func green(_ text: String) -> String { color ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    private func red(_ text: String) -> String { color ? "\u{1B}[31m\(text)\u{1B}[0m" : text }

    func render(_ results: [DemoResult]) -> String {
        var out = bold("rowdiff demo") + ": an inbox with sections, changed step by step.\n"
        out += "Each step: the batches a UITableView / UICollectionView receives (deletes, reloads, reconfigures and\n"
        out += "move sources in the coordinates before the batch, inserts and move destinations after it), then the\n"
        out += "validator's verdict (strict profile) and the time to diff and stage.\n"
        if showsInbox { out += "\n" + dim("Initial inbox") + "\n" + inbox(DemoScript.initial) }
        for result in results {
            out += "\n" + bold("Step \(result.number) — \(result.step.title)") + ": \(result.step.story)\n"
            if result.staged.stages.isEmpty { out += "  no change: no batch\n" }
            for (index, stage) in result.staged.stages.enumerated() {
                out += "  stage \(index + 1) (\(Self.kind(of: stage.update))): \(Self.describe(stage.update))\n"
            }
            if !result.diff.duplicates.isEmpty { out += "  duplicates: \(Self.describeDuplicates(result.diff))\n" }
            let verdicts = result.verdicts.map { verdict in
                let name = verdict.view == .tableView ? "table view" : "collection view"
                return verdict.violations.isEmpty
                    ? "\(name) " + green("OK")
                    : "\(name) " + red("REJECTED") + " — \(verdict.violations[0])"
            }
            out += "  validator (strict): \(verdicts.joined(separator: ", "))\n"
            out += "  time: \(String(format: "%.3f", result.millis)) ms (diff + staging)\n"
            if showsInbox { out += inbox(result.step.inbox) }
        }
        let failed = results.filter { !$0.isOK }.count
        out +=
            "\n"
            + (failed == 0
                ? green("All \(results.count) steps accepted by both views.")
                : red("\(failed) of \(results.count) steps rejected.")) + "\n"
        return out
    }

    /// The inbox, one line per folder: `• ` marks unread mail, `📎` an attachment.
    private func inbox(_ sections: [DemoSection]) -> String {
        var out = ""
        for (s, section) in sections.enumerated() {
            let rows = section.rows.map { mail in
                (mail.unread ? "•" : "") + mail.id + (mail.hasAttachment ? "+att" : "") + " " + mail.sender
            }
            out += dim("    \(s) \(section.model.title): " + (rows.isEmpty ? "(empty)" : rows.joined(separator: ", "))) + "\n"
        }
        return out
    }

    /// `m7: old (3,1) (3,2) → new (1,3) paired, (3,1) inserted`: where each repeated identity
    /// is, and which occurrences paired (k-th with k-th, section-major) and which did not.
    static func describeDuplicates(_ diff: SectionedDiff<DemoSection>) -> String {
        func id(_ sections: [DemoSection], _ path: ItemPath) -> String { sections[path.section].rows[path.item].id }
        func text(_ path: ItemPath) -> String { "(\(path.section),\(path.item))" }
        let report = diff.duplicates
        let ids = Set(report.oldItems.map { id(diff.old, $0) } + report.newItems.map { id(diff.new, $0) }).sorted()
        return ids.map { identity in
            let old = report.oldItems.filter { id(diff.old, $0) == identity }.map { path in
                text(path) + (diff.newPath(ofOldItem: path) == nil ? " deleted" : " paired")
            }
            let new = report.newItems.filter { id(diff.new, $0) == identity }.map { path in
                text(path) + (diff.oldPath(ofNewItem: path) == nil ? " inserted" : " paired")
            }
            let sides =
                (old.isEmpty ? [] : ["old " + old.joined(separator: ", ")])
                + (new.isEmpty ? [] : ["new " + new.joined(separator: ", ")])
            return "\(identity) repeats: " + sides.joined(separator: "; ")
        }.joined(separator: "; ") + " (k-th pairs with k-th, section-major)"
    }

    /// What kind of batch this is, for the label: "reconfigure", "reload", "sections", "rows" or "structure".
    static func kind(of update: BatchUpdate) -> String {
        let sections = !(update.sectionDeletes.isEmpty && update.sectionInserts.isEmpty && update.sectionMoves.isEmpty)
        let rows = !(update.itemDeletes.isEmpty && update.itemInserts.isEmpty && update.itemMoves.isEmpty)
        let reloads = !(update.itemReloads.isEmpty && update.sectionReloads.isEmpty)
        let reconfigures = !update.itemReconfigures.isEmpty
        switch (sections, rows, reloads, reconfigures) {
        case (false, false, false, true): return "reconfigure"
        case (false, false, true, false): return "reload"
        case (true, false, false, false): return "sections"
        case (false, true, false, false): return "rows"
        default: return "mixed"
        }
    }

    /// `delete (0,1) (0,2); insert (1,0); move (0,3)→(1,0); reconfigure (0,2); move section 2→0`.
    static func describe(_ update: BatchUpdate) -> String {
        func paths(_ paths: [ItemPath]) -> String { paths.sorted().map { "(\($0.section),\($0.item))" }.joined(separator: " ") }
        func moves(_ moves: [Move<ItemPath>]) -> String {
            moves.sorted { $0.to < $1.to }.map { "(\($0.from.section),\($0.from.item))→(\($0.to.section),\($0.to.item))" }
                .joined(separator: " ")
        }
        var parts: [String] = []
        if !update.sectionDeletes.isEmpty {
            parts.append("delete section \(update.sectionDeletes.sorted().map(String.init).joined(separator: " "))")
        }
        if !update.sectionInserts.isEmpty {
            parts.append("insert section \(update.sectionInserts.sorted().map(String.init).joined(separator: " "))")
        }
        if !update.sectionMoves.isEmpty {
            parts.append(
                "move section " + update.sectionMoves.sorted { $0.to < $1.to }.map { "\($0.from)→\($0.to)" }.joined(separator: " "))
        }
        if !update.sectionReloads.isEmpty {
            parts.append("reload section \(update.sectionReloads.sorted().map(String.init).joined(separator: " "))")
        }
        if !update.itemDeletes.isEmpty { parts.append("delete \(paths(update.itemDeletes))") }
        if !update.itemInserts.isEmpty { parts.append("insert \(paths(update.itemInserts))") }
        if !update.itemMoves.isEmpty { parts.append("move \(moves(update.itemMoves))") }
        if !update.itemReloads.isEmpty { parts.append("reload \(paths(update.itemReloads))") }
        if !update.itemReconfigures.isEmpty { parts.append("reconfigure \(paths(update.itemReconfigures))") }
        return parts.isEmpty ? "(empty)" : parts.joined(separator: "; ")
    }
}
