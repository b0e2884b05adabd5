import Testing
@testable import RowDiff

/// From `Stager.parallelCopyRows` copied rows on, the content stages' row arrays are copied on a
/// second core while the content plan is made. Forcing that path (threshold 0) and forbidding it
/// must give the same stages, every one valid, and leave the diff's models untouched.
@Suite("Content stage copies")
struct ContentCopyTests {
    @Test("seeded: content stages copied on two cores equal those copied on one")
    func parallelCopies_equalSerialOnes() {
        for seed in TestSeeds.cases(120, salt: 102) {
            var rng = SplitMix64(seed: seed)
            let (old, new) = OldPathOrderTests.models(&rng)
            let context = TestSeeds.rerun(seed, filter: "ContentCopy")
            let diff = SectionedDiff(from: old, to: new)
            for style in [StagedChangeset<TestSection>.UpdateStyle.reconfigure, .reload] {
                let parallel = StagedChangeset(stages: Stager.stages(diff, style: style, parallelCopyRows: 0))
                let serial = StagedChangeset(stages: Stager.stages(diff, style: style, parallelCopyRows: .max))
                #expect(parallel == serial, "\(style) \(context)")
                let problems = StagingInvariants.problems(parallel, old: old, new: new, changeset: diff.changeset)
                #expect(problems.isEmpty, "\(style) \(context): \(problems.prefix(3))")
                #expect(diff.old == old && diff.new == new, "the diff's models changed; \(style) \(context)")
            }
        }
    }

    @Test("the default threshold copies on one core below it and on two from it, with equal stages")
    func defaultThreshold_bothSidesAgree() {
        let rows = Stager<TestSection>.parallelCopyRows
        for count in [rows - 1, rows] {
            let old = [TestSection(1, Array(0..<count)), TestSection(2, [])]
            var new = old
            new[0].rows[count / 2].content = 1
            new[1].rows.append(TestRow(id: -1))
            let staged = StagedChangeset(SectionedDiff(from: old, to: new))
            let problems = StagingInvariants.problems(staged, old: old, new: new, changeset: SectionedDiff(from: old, to: new).changeset)
            #expect(problems.isEmpty, "\(count) rows: \(problems.prefix(3))")
            #expect(staged.first?.update.itemReconfigures == [ItemPath(section: 0, item: count / 2)], "\(count) rows")
        }
    }
}
