import Foundation
@_spi(Bench) import RowDiff
import Testing
@testable import RowDiffCLI

@Suite struct BenchDictionaryDiffTests {
    private func rows(_ count: Int, seed: UInt64 = 7) -> [WorkloadRow] {
        var generator = SeededGenerator(seed: seed)
        return generator.rows(count)
    }

    @Test func whenLastMovesToFront_countsEveryShiftedRowAsAMove() {
        let old = rows(100), new = Array(old.suffix(1) + old.dropLast())
        let result = DictionaryDiff.diff(old, new)
        #expect(result.moves.count == 100)
        #expect(result.deletes.isEmpty && result.inserts.isEmpty && result.updates.isEmpty)
    }

    @Test func deletesAndInsertsAlone_areNotMoves() {
        let old = rows(50)
        var new = old
        new.remove(at: 10)
        new.insert(rows(1, seed: 99)[0], at: 30)
        new[40].content &+= 1
        let result = DictionaryDiff.diff(old, new)
        #expect(result.deletes == [10] && result.inserts == [30] && result.moves.isEmpty)
        #expect(result.updates.map(\.to) == [40])
    }

    @Test func sectioned_findsTheSameDeletesAndInsertsAsRowDiff() throws {
        let workload = try #require(WorkloadCatalog.make("sectioned-100x1000", scale: 0.05))
        guard case .sectioned(let old, let new) = workload.lists else {
            Issue.record("not sectioned")
            return
        }
        let result = DictionaryDiff.diff(old, new)
        let counts = CoreWorkload(workload).diff(.init())
        #expect(result.itemDeletes.count == counts.deletes && result.itemInserts.count == counts.inserts)
        #expect(result.itemUpdates.count == counts.updates)
        #expect(result.sections.deletes.count == 10 && result.sections.inserts.count == 10)
        #expect(result.moveCount >= counts.moves + counts.sectionMoves)
    }
}
