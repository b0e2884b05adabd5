import Foundation
import Testing
@_spi(Bench) import RowDiff
@testable import RowDiffCLI

@Suite struct BenchWorkloadTests {
    private func flat(_ name: String, scale: Double = 1) throws -> (old: [WorkloadRow], new: [WorkloadRow]) {
        let workload = try #require(WorkloadCatalog.make(name, scale: scale))
        guard case .flat(let old, let new) = workload.lists else {
            Issue.record("\(name) should be flat")
            return ([], [])
        }
        return (old, new)
    }

    private func coreCounts(_ name: String, scale: Double = 1) throws -> CoreBench.Counts {
        CoreWorkload(try #require(WorkloadCatalog.make(name, scale: scale))).diff(CoreBench.Context())
    }

    @Test func everyNameMakesAWorkloadNamedWithoutSpaces() {
        for name in WorkloadCatalog.names {
            #expect(WorkloadCatalog.make(name, scale: 0.01)?.name == name)
            #expect(!name.contains(" "))
        }
        #expect(WorkloadCatalog.make("no-such-workload") == nil)
    }

    @Test func sameNameAndScale_giveIdenticalData() throws {
        for name in WorkloadCatalog.names {
            let a = try #require(WorkloadCatalog.make(name, scale: 0.01)), b = try #require(WorkloadCatalog.make(name, scale: 0.01))
            switch (a.lists, b.lists) {
            case (.flat(let o1, let n1), .flat(let o2, let n2)): #expect(o1 == o2 && n1 == n2, "\(name)")
            case (.sectioned(let o1, let n1), .sectioned(let o2, let n2)): #expect(o1 == o2 && n1 == n2, "\(name)")
            default: Issue.record("\(name) changed shape")
            }
        }
    }

    @Test func dk5k_deletesTheBlockInsertsFreshRowsAndShufflesOnlyTheHead() throws {
        let (old, new) = try flat("DK-5k")
        #expect(old.count == 5_000 && new.count == 5_000)
        #expect(Set(old.map(\.id)).count == 5_000)
        let remaining = Array(old[..<2_000] + old[3_000...])
        // After the head: the kept rows in order, with 1,000 fresh rows at 3000.
        #expect(Array(new[200..<3_000]) == Array(remaining[200..<3_000]))
        #expect(Array(new[4_000...]) == Array(remaining[3_000...]))
        #expect(Set(new[3_000..<4_000].map(\.id)).isDisjoint(with: old.map(\.id)))
        #expect(Set(new[..<200]) == Set(remaining[..<200]))
        #expect(Array(new[..<200]) != Array(remaining[..<200]))
        let counts = try coreCounts("DK-5k")
        #expect(counts.deletes == 1_000 && counts.inserts == 1_000 && counts.updates == 0)
        #expect(counts.moves > 0 && counts.moves < 200)
    }

    @Test func blockWorkloads_scaleTheBriefsCounts() throws {
        // DK-100k: delete 20000..<30000, insert 10,000 at 30000, shuffle 2,000; 1M is ten times that.
        for (name, scale, size, block) in [("DK-100k", 0.01, 1_000, 100), ("1M", 0.001, 1_000, 100)] {
            let (old, new) = try flat(name, scale: scale)
            #expect(old.count == size && new.count == size, "\(name)")
            #expect(Set(new[300..<400].map(\.id)).isDisjoint(with: old.map(\.id)), "\(name)")
            #expect(Array(new[400...]) == Array(old[400...]), "\(name)")
            let counts = try coreCounts(name, scale: scale)
            #expect(counts.deletes == block && counts.inserts == block, "\(name)")
        }
    }

    @Test func spreadWorkloads_haveTheSameCountsAtRandomPositions() throws {
        for (name, scale) in [("DK-100k-spread", 0.05), ("1M-spread", 0.005)] {
            let (old, new) = try flat(name, scale: scale)
            #expect(old.count == 5_000 && new.count == 5_000, "\(name)")
            let oldIDs = Set(old.map(\.id)), newIDs = Set(new.map(\.id))
            #expect(oldIDs.subtracting(newIDs).count == 500 && newIDs.subtracting(oldIDs).count == 500, "\(name)")
            // Spread: deletes are not one block.
            let deleted = old.indices.filter { !newIDs.contains(old[$0].id) }
            #expect(deleted.last! - deleted.first! > 2_000, "\(name)")
            #expect(try coreCounts(name, scale: scale).moves > 0, "\(name)")
        }
    }

    @Test func sectioned_hasItsSectionAndRowChanges() throws {
        let workload = try #require(WorkloadCatalog.make("sectioned-100x1000", scale: 0.1))
        guard case .sectioned(let old, let new) = workload.lists else {
            Issue.record("not sectioned")
            return
        }
        #expect(old.count == 100 && new.count == 100)
        #expect(old.allSatisfy { $0.rows.count == 100 })
        let oldSections = Set(old.map(\.model.id)), newSections = Set(new.map(\.model.id))
        #expect(oldSections.subtracting(newSections).count == 10 && newSections.subtracting(oldSections).count == 10)
        let counts = try coreCounts("sectioned-100x1000", scale: 0.1)
        #expect(counts.sectionDeletes == 10 && counts.sectionInserts == 10)
        #expect(counts.sectionMoves > 0 && counts.sectionMoves <= 10)
        // Rows: 10 deleted sections' rows + 90 single deletes; 10 inserted sections' rows + 90 single inserts.
        #expect(counts.deletes == 10 * 100 + 90 && counts.inserts == 10 * 100 + 90)
        #expect(counts.moves > 50)
        let matched = 90 * 100 - 90
        #expect(counts.updates > matched / 20 && counts.updates < matched * 3 / 20, "about 10 % changed content")
    }

    @Test func smallEdits_haveTheirMinimalMoves() throws {
        let reverse = try flat("reverse-10k")
        #expect(reverse.new == reverse.old.reversed() && reverse.old.count == 10_000)
        #expect(try coreCounts("reverse-10k").moves == 9_999)
        let front = try flat("last-to-front-10k")
        #expect(front.new.first == front.old.last && Array(front.new.dropFirst()) == Array(front.old.dropLast()))
        #expect(try coreCounts("last-to-front-10k").moves == 1)
        let end = try flat("first-to-end-10k")
        #expect(end.new.last == end.old.first && Array(end.new.dropLast()) == Array(end.old.dropFirst()))
        #expect(try coreCounts("first-to-end-10k").moves == 1)
        let edit = try coreCounts("one-edit-100k")
        #expect(edit.updates == 1 && edit.moves == 0 && edit.deletes == 0 && edit.inserts == 0)
    }

    @Test func memoryFloor_foldsEveryIdentityFingerprintOfBothSidesIntoOneWordEach() throws {
        for name in ["DK-5k", "sectioned-100x1000"] {
            let core = CoreWorkload(try #require(WorkloadCatalog.make(name, scale: 0.05)))
            let ids: [UInt64]
            switch core.input {
            case .flat(let old, _, let new, _): ids = old + new
            case .sectioned(let old, let new): ids = old.sectionIDs + old.rowIDs + new.sectionIDs + new.rowIDs
            }
            let floor = MemoryFloor(core)
            _ = floor.run()
            #expect(floor.rowCount == ids.count && floor.bytesMoved == 12 * ids.count, "\(name)")
            #expect(floor.words == ids.map { UInt32(truncatingIfNeeded: $0 ^ ($0 >> 32)) }, "\(name)")
        }
    }

    @Test func seededGenerator_isSplitMix64() {
        // Known answers of SplitMix64 for seed 0 (the reference implementation's first outputs).
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
