import Testing
@testable import RowDiff

@Suite struct ListDiffTests {
    @Test func whenLastMovesToFront_emitsOneMove() {
        let old = Array(0..<10), new = [9] + Array(0..<9)
        let diff = ListDiff(from: old, to: new)
        #expect(diff.moves == [Move(from: 9, to: 0)])
        #expect(diff.deletes.isEmpty && diff.inserts.isEmpty && diff.updates.isEmpty)
    }

    @Test func whenFirstMovesToEnd_emitsOneMove() {
        let old = (0..<10_000).map(String.init), new = Array(old.dropFirst()) + [old[0]]
        #expect(ListDiff(from: old, to: new).moves.count == 1)
    }

    @Test func whenReversed_emitsCountMinusOneMoves() {
        let old = (0..<50).map { "row \($0)" }
        #expect(ListDiff(from: old, to: old.reversed()).moves.count == 49)
    }

    @Test func canonicallyEquivalentStrings_areTheSameIdentity() {
        let diff = ListDiff(from: ["caf\u{E9}", "K"], to: ["cafe\u{301}", "\u{212A}"])
        #expect(diff.deletes.isEmpty && diff.inserts.isEmpty && diff.moves.isEmpty)
    }

    @Test func duplicates_pairInOrderAndAreReported() {
        let diff = ListDiff(from: ["x", "x", "x"], to: ["x", "x"])
        #expect(diff.deletes == [2])
        #expect(diff.oldDuplicates == [0, 1, 2])
        #expect(diff.newDuplicates == [0, 1])
    }
}
