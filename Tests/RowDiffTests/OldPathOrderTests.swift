import Testing
@testable import RowDiff

/// The content stages list updates by old path. `OldPathOrder` buckets them by section and
/// insertion-sorts each bucket (with a fallback to the standard sort); the order must be exactly
/// the standard sort's, whether the updates are almost sorted, random or reversed, and the stages
/// built from it must stay valid (strict validator) on models large enough to take the buckets.
@Suite("Old path order of content updates")
struct OldPathOrderTests {
    /// Distinct old paths over `sections` sections, in one of four arrangements, with arbitrary
    /// destinations.
    static func updates(_ rng: inout SplitMix64) -> (updates: [Move<ItemPath>], sections: Int) {
        let sections = [1, 2, 7, 40][rng.int(0...3)]
        var paths: [ItemPath] = []
        for section in 0..<sections {
            let rows = rng.int(0...[3, 60, 400][rng.int(0...2)])
            for item in 0..<rows where rng.chance(60) { paths.append(ItemPath(section: section, item: item)) }
        }
        switch rng.int(0...3) {
        case 0: break // sorted
        case 1: // almost sorted: a few elements moved far
            for _ in 0..<(paths.count / 50 + 1) where paths.count > 1 {
                let from = rng.int(0...paths.count - 1), to = rng.int(0...paths.count - 1)
                paths.insert(paths.remove(at: from), at: to)
            }
        case 2: paths.shuffle(using: &rng)
        default: // sections in a random order, each section's rows reversed
            var bySection = Dictionary(grouping: paths, by: \.section).values.map { Array($0.reversed()) }
            bySection.shuffle(using: &rng)
            paths = bySection.flatMap { $0 }
        }
        let updates = paths.map { Move(from: $0, to: ItemPath(section: rng.int(0...5), item: rng.int(0...99))) }
        return (updates, sections)
    }

    @Test("seeded: the order is the standard sort's, in every arrangement")
    func oldPathOrder_equalsStandardSort() {
        for seed in TestSeeds.cases(400, salt: 83) {
            var rng = SplitMix64(seed: seed)
            let (updates, sections) = Self.updates(&rng)
            var sorted = updates
            OldPathOrder.sort(&sorted, sectionCount: sections)
            let expected = updates.sorted { $0.from < $1.from }
            #expect(sorted == expected, "\(updates.count) updates: \(TestSeeds.rerun(seed, filter: "OldPathOrder"))")
        }
    }

    @Test("one section's run: insertion sort and its fallback give item order")
    func sortByItem_ordersRuns() {
        for count in [0, 1, 2, 5, 300] {
            for reversed in [false, true] {
                var run = (0..<count).map { Move(from: ItemPath(section: 3, item: $0), to: ItemPath(section: 0, item: $0)) }
                if reversed { run.reverse() } else if count > 2 { run.swapAt(0, count - 1) }
                run.withUnsafeMutableBufferPointer { OldPathOrder.sortByItem($0) }
                #expect(run.map(\.from.item) == Array(0..<count), "count \(count) reversed \(reversed)")
            }
        }
    }

    /// Models of many sections with hundreds of updates, rows moving within and across sections.
    static func models(_ rng: inout SplitMix64) -> (old: [TestSection], new: [TestSection]) {
        var nextID = 0
        let old = (0..<rng.int(2...12)).map { section -> TestSection in
            let rows = (0..<rng.int(0...200)).map { _ -> TestRow in
                nextID += 1
                return TestRow(id: nextID)
            }
            return TestSection(id: -1 - section, rows: rows)
        }
        var new = old
        for section in new.indices {
            for item in new[section].rows.indices where rng.chance(40) {
                new[section].rows[item].content += 1
                if rng.chance(20) { new[section].rows[item].kind = 1 }
            }
            if rng.chance(10) { new[section].header = 1 }
        }
        for _ in 0..<rng.int(0...30) {
            let from = rng.int(0...new.count - 1), to = rng.int(0...new.count - 1)
            guard !new[from].rows.isEmpty else { continue }
            let row = new[from].rows.remove(at: rng.int(0...new[from].rows.count - 1))
            new[to].rows.insert(row, at: rng.int(0...new[to].rows.count))
        }
        if rng.chance(50) { new.swapAt(0, new.count - 1) }
        return (old, new)
    }

    @Test("seeded: stages of large sectioned models stay valid, reconfigures in old order")
    func largeModels_stageValidly() {
        for seed in TestSeeds.cases(60, salt: 84) {
            var rng = SplitMix64(seed: seed)
            let (old, new) = Self.models(&rng)
            let context = TestSeeds.rerun(seed, filter: "OldPathOrder")
            let diff = SectionedDiff(from: old, to: new)
            for style in [StagedChangeset<TestSection>.UpdateStyle.reconfigure, .reload] {
                let staged = StagedChangeset(diff, updateStyle: style)
                let problems = StagingInvariants.problems(staged, old: old, new: new, changeset: diff.changeset)
                #expect(problems.isEmpty, "\(style) \(context): \(problems.prefix(3))")
                for stage in staged {
                    #expect(stage.update.itemReconfigures == stage.update.itemReconfigures.sorted(), "\(context)")
                    #expect(stage.update.itemReloads == stage.update.itemReloads.sorted(), "\(context)")
                }
                let patched = StagedChangeset(diff, updateStyle: style, patchesContentStages: true)
                #expect(patched.stages == staged.stages, "patched \(style) \(context)")
            }
        }
    }
}
