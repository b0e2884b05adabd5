import Testing
@testable import RowDiff

/// `StagedChangeset(_:updateStyle:patchesContentStages: true)` (the data sources' staging) holds
/// the reconfigure and reload stages as patches of the old model instead of arrays. Over seeded
/// random models (every kind of change, header changes and moving sections included), both update
/// styles, it must give the same stages as the array-built staging: the same batches, the same
/// model for every stage (`data`), every row of a patched stage read through the patch equal to
/// that model's, and patches exactly where a content stage is not the last stage.
///
/// A failure prints the case's seed; `ROWDIFF_SEED=<seed>` reruns only that case.
@Suite("Patched content stages equal the array-built stages")
struct PatchedStagesTests {
    @Test("random models: patched staging gives the same stages, batch for batch and model for model")
    func randomModels_patchedStagesEqualArrayStages() {
        var failures = 0
        var patchedStages = 0
        for seed in TestSeeds.cases(3_000, salt: 71) {
            let (shape, old, new) = RandomModels.pair(seed: seed)
            let diff = SectionedDiff(from: old, to: new)
            for style in [StagedChangeset<TestSection>.UpdateStyle.reconfigure, .reload] {
                let (problems, patches) = Self.problems(diff, style: style)
                patchedStages += patches
                guard !problems.isEmpty else { continue }
                failures += 1
                Issue.record(
                    Comment(
                        rawValue: """
                            patched staging (\(style)) differs for \(TestSeeds.rerun(seed, filter: "PatchedStages"))
                            shape: \(shape)
                            old: \(describe(old))
                            new: \(describe(new))
                            \(problems.joined(separator: "\n"))
                            """))
            }
            if failures >= 3 { break }
        }
        // The cases must reach the patched path, or the comparison proves nothing.
        if TestSeeds.only == nil { #expect(patchedStages > 1_000) }
    }

    @Test("a content stage alone ends with the new model as arrays, not a patch")
    func contentStageAlone_isTheNewModel() {
        let old = [TestSection(id: 1, rows: [TestRow(id: 1), TestRow(id: 2)])]
        var new = old
        new[0].rows[1].content = 5
        let staged = StagedChangeset(SectionedDiff(from: old, to: new), patchesContentStages: true)
        #expect(staged.count == 1)
        #expect(staged[0].patch == nil)
        #expect(staged[0].data == new)
    }

    @Test("a patched stage reads changed rows, kept rows and reloaded headers")
    func patchedStage_readsThroughThePatch() throws {
        let old = [
            TestSection(id: 1, rows: [TestRow(id: 1), TestRow(id: 2), TestRow(id: 3)]),
            TestSection(id: 2, header: 0, rows: [TestRow(id: 4)]),
        ]
        var new = old
        new[0].rows[0].content = 7 // reconfigured (same kind)
        new[0].rows[2].kind = 1 // reloaded (kind changed)
        new[1].header = 9 // section reload
        new[0].rows.remove(at: 1) // a structural stage comes last
        let staged = StagedChangeset(SectionedDiff(from: old, to: new), patchesContentStages: true)
        #expect(staged.count == 3)
        let reconfigure = try #require(staged[0].patch)
        #expect(reconfigure.base == old)
        #expect(reconfigure.row(at: ItemPath(section: 0, item: 0)) == new[0].rows[0])
        #expect(reconfigure.row(at: ItemPath(section: 0, item: 2)) == old[0].rows[2])
        #expect(reconfigure.model.map(\.header) == [0, 0])
        let reload = try #require(staged[1].patch)
        #expect(reload.row(at: ItemPath(section: 0, item: 0)) == new[0].rows[0])
        #expect(reload.row(at: ItemPath(section: 0, item: 1)) == old[0].rows[1])
        #expect(reload.row(at: ItemPath(section: 0, item: 2)) == new[0].rows[1])
        #expect(reload.model.map(\.header) == [0, 9])
        #expect(staged[2].patch == nil)
        #expect(staged[2].data == new)
        #expect(staged == StagedChangeset(SectionedDiff(from: old, to: new)))
    }

    /// Differences between the patched and the array-built stages of `diff`, and how many
    /// stages were patches.
    static func problems(_ diff: SectionedDiff<TestSection>, style: StagedChangeset<TestSection>.UpdateStyle) -> ([String], Int) {
        let arrays = StagedChangeset(diff, updateStyle: style)
        let patched = StagedChangeset(diff, updateStyle: style, patchesContentStages: true)
        var problems: [String] = []
        guard arrays.count == patched.count else {
            return (["\(patched.count) patched stages, \(arrays.count) array-built"], 0)
        }
        var patches = 0
        for k in arrays.indices {
            let expected = arrays[k], stage = patched[k]
            if stage.update != expected.update { problems.append("stage \(k): batch \(stage.update), expected \(expected.update)") }
            if stage.data != expected.data {
                problems.append("stage \(k): data \(describe(stage.data)), expected \(describe(expected.data))")
            }
            if stage != expected { problems.append("stage \(k): == says the stages differ") }
            let isContent =
                expected.update.operationCount
                == expected.update.itemReloads.count + expected.update.sectionReloads.count + expected.update.itemReconfigures.count
            let shouldPatch = isContent && k < arrays.count - 1
            guard let patch = stage.patch else {
                if shouldPatch { problems.append("stage \(k): a content stage before the last is not a patch") }
                continue
            }
            patches += 1
            if !shouldPatch { problems.append("stage \(k): a patch where arrays were expected") }
            if patch.base != diff.old { problems.append("stage \(k): the patch's base is not the old model") }
            for (s, section) in expected.data.enumerated() {
                for (i, row) in section.rows.enumerated() where patch.row(at: ItemPath(section: s, item: i)) != row {
                    problems.append("stage \(k): row (\(s), \(i)) read through the patch differs")
                }
            }
        }
        return (problems, patches)
    }
}
