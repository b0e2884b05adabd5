import Testing
@testable import RowDiff

/// Seeded random model checking: ≥ 10,000 cases per run across shapes (see `ModelShape`), each
/// old model edited with every kind of change. For each case:
/// - every stage (both update styles) passes the strict validator for table and collection views,
///   with identities, content and kinds, and the stages end exactly at the new model;
/// - moves are minimal (a quadratic reference count) and staging adds none;
/// - the diff agrees with a plain pure-Swift reference (deletes, inserts, updates, pairs, moves);
/// - the sequential patch replays old into new with as many moves as the changeset;
/// - the changeset applied to old gives new, and its inverse applied to new gives old.
///
/// A failure prints the case's seed; `ROWDIFF_SEED=<seed>` reruns only that case.
@Suite("ModelCheck: staging, patch and apply over seeded random models")
struct ModelCheckTests {
    static let chunks = 8
    static let casesPerChunk = 1_300

    @Test("random models: every stage valid, moves minimal, diff agrees with the reference", arguments: 0..<chunks)
    func randomModels_stageValidly_andAgreeWithReference(chunk: Int) {
        let seeds = TestSeeds.cases(Self.chunks * Self.casesPerChunk, salt: 1)
        var failures = 0
        for (index, seed) in seeds.enumerated() where index % Self.chunks == chunk {
            let problems = Self.check(seed: seed)
            if !problems.isEmpty {
                failures += 1
                Issue.record(Comment(rawValue: problems))
                if failures >= 3 { break } // the first few failures say enough
            }
        }
    }

    /// All problems of the case `seed`, or an empty string.
    static func check(seed: UInt64) -> String {
        let (shape, old, new) = RandomModels.pair(seed: seed)
        let problems = checkCase(old: old, new: new)
        guard !problems.isEmpty else { return "" }
        return """
            ModelCheck failed for \(TestSeeds.rerun(seed, filter: "ModelCheck"))
            shape: \(shape)
            old: \(describe(old))
            new: \(describe(new))
            \(problems.joined(separator: "\n"))
            """
    }

    /// Every invariant of one old → new case, as problems.
    static func checkCase(old: [TestSection], new: [TestSection]) -> [String] {
        var problems: [String] = []
        let diff = SectionedDiff(from: old, to: new, options: DiffOptions(computesPatch: true))
        let changes = diff.changeset

        for style in [StagedChangeset<TestSection>.UpdateStyle.reconfigure, .reload] {
            let staged = StagedChangeset(diff, updateStyle: style)
            let found = StagingInvariants.problems(staged, old: old, new: new, changeset: changes)
            if !found.isEmpty {
                problems.append("staging (\(style)):\n\(StagingInvariants.describe(staged))")
                problems += found
            }
            if style == .reload && staged.contains(where: { !$0.update.itemReconfigures.isEmpty }) {
                problems.append("UpdateStyle.reload emitted reconfigures")
            }
        }

        let reference = ReferenceDiff(from: old, to: new)
        problems += compare(diff, with: reference, old: old, new: new)

        if let patch = diff.patch {
            let replayed = patch.apply(to: old)
            if replayed.map(\.id) != new.map(\.id) || replayed.map({ $0.rows.map(\.id) }) != new.map({ $0.rows.map(\.id) }) {
                problems.append("patch: replaying onto old does not give new's identities: \(describe(replayed))")
            } else if replayed != new {
                problems.append("patch: replaying onto old gives new's identities with stale content: \(describe(replayed))")
            }
            if patch.moveCount != changes.sectionMoves.count + changes.itemMoves.count {
                problems.append("patch: \(patch.moveCount) moves, the changeset \(changes.sectionMoves.count + changes.itemMoves.count)")
            }
        } else {
            problems.append("patch: computesPatch was set but no patch came back")
        }

        if diff.applied(to: old) != new { problems.append("apply: the changeset applied to old is not new") }
        if changes.inverse.applied(to: new, inserting: old) != old {
            problems.append("apply: the inverse applied to new is not old")
        }
        return problems
    }

    /// The diff against the reference: same sets, same pairs, minimal move counts.
    static func compare(
        _ diff: SectionedDiff<TestSection>, with reference: ReferenceDiff<TestSection>,
        old: [TestSection], new: [TestSection]
    ) -> [String] {
        var problems: [String] = []
        let c = diff.changeset
        func same<T: Hashable>(_ name: String, _ actual: [T], _ expected: Set<T>) {
            if Set(actual) != expected || actual.count != expected.count {
                problems.append("\(name): core \(actual.sorted { "\($0)" < "\($1)" }), reference \(expected.sorted { "\($0)" < "\($1)" })")
            }
        }
        same("sectionDeletes", c.sectionDeletes, reference.sectionDeletes)
        same("sectionInserts", c.sectionInserts, reference.sectionInserts)
        same("sectionUpdates", c.sectionUpdates, reference.sectionUpdates)
        same("itemDeletes", c.itemDeletes, reference.itemDeletes)
        same("itemInserts", c.itemInserts, reference.itemInserts)
        same("itemUpdates", c.itemUpdates, reference.itemUpdates)
        for t in new.indices where diff.oldIndex(ofNewSection: t) != reference.sectionNewToOld[t] {
            problems.append(
                "section pair of new \(t): core \(String(describing: diff.oldIndex(ofNewSection: t))), reference \(String(describing: reference.sectionNewToOld[t]))"
            )
        }
        for t in new.indices {
            for item in new[t].rows.indices {
                let q = ItemPath(section: t, item: item)
                let core = diff.oldPath(ofNewItem: q)
                if core != reference.rowNewToOld[q] {
                    problems.append(
                        "row pair of new \(q): core \(String(describing: core)), reference \(String(describing: reference.rowNewToOld[q]))")
                }
                if let core, diff.newPath(ofOldItem: core) != q {
                    problems.append("row maps disagree: new \(q) → old \(core) → new \(String(describing: diff.newPath(ofOldItem: core)))")
                }
            }
        }
        if c.sectionMoves.count != reference.sectionMoveCount {
            problems.append("section moves: core \(c.sectionMoves.count), minimum \(reference.sectionMoveCount)")
        }
        if c.itemMoves.count != reference.itemMoveCount {
            problems.append("row moves: core \(c.itemMoves.count), minimum \(reference.itemMoveCount)")
        }
        // Moves are matched pairs, and never touch deleted or inserted sections.
        for move in c.itemMoves where reference.rowNewToOld[move.to] != move.from {
            problems.append("row move \(move) is not a matched pair")
        }
        for move in c.sectionMoves where reference.sectionNewToOld[move.to] != move.from {
            problems.append("section move \(move) is not a matched pair")
        }
        return problems
    }
}
