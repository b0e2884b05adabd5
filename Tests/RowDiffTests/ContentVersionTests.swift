import Testing
@testable import RowDiff

/// A row whose content comparison is replaced by a version: the version decides updates.
private struct Versioned: Identifiable, Equatable, Diffable, ContentVersioned {
    var id: Int
    var text: String
    var contentVersion: UInt64
}

@Suite struct ContentVersionTests {
    @Test func versionedRows_areUpdatedExactlyWhenTheirVersionChanges() {
        let old = [
            Versioned(id: 1, text: "a", contentVersion: 1), Versioned(id: 2, text: "b", contentVersion: 1),
            Versioned(id: 3, text: "c", contentVersion: 7),
        ]
        // id 2's version changes; id 3 moves; id 1 keeps its version although its text differs
        // (versions are trusted by contract).
        let new = [
            Versioned(id: 3, text: "c", contentVersion: 7), Versioned(id: 1, text: "A", contentVersion: 1),
            Versioned(id: 2, text: "b", contentVersion: 2),
        ]
        let diff = ListDiff(from: old, to: new)
        #expect(diff.updates == [Move(from: 1, to: 2)])
        #expect(diff.moves == [Move(from: 2, to: 0)])
    }

    @Test func versionedRows_agreeWithContentComparison_onRandomLists() {
        var generator = SplitMix64(seed: 0xC0FFEE)
        for round in 0..<300 {
            let old = (0..<Int.random(in: 0...30, using: &generator)).map {
                Versioned(id: $0, text: "", contentVersion: UInt64.random(in: 0...2, using: &generator))
            }
            var new = old.shuffled(using: &generator)
            for index in new.indices where Int.random(in: 0..<4, using: &generator) == 0 { new[index].contentVersion += 1 }
            new.removeLast(min(new.count, Int.random(in: 0...3, using: &generator)))
            let byVersion = ListDiff(from: old, to: new)
            let byEquality = ListDiff(from: old.map(\.asPlain), to: new.map(\.asPlain))
            #expect(byVersion.updates == byEquality.updates, "round \(round)")
            #expect(byVersion.moves == byEquality.moves, "round \(round)")
        }
    }
}

private struct Plain: Identifiable, Equatable, Diffable {
    var id: Int
    var version: UInt64
}

extension Versioned {
    fileprivate var asPlain: Plain { Plain(id: id, version: contentVersion) }
}

@Suite struct ContentVersionPatchTests {
    @Test func versionedRows_patchHasEachUpdateOnce_andReplaysToNew() {
        let old = [Versioned(id: 1, text: "a", contentVersion: 1), Versioned(id: 2, text: "b", contentVersion: 1)]
        let new = [Versioned(id: 2, text: "B", contentVersion: 2), Versioned(id: 1, text: "a", contentVersion: 1)]
        let diff = ListDiff(from: old, to: new, options: DiffOptions(computesPatch: true))
        let patch = try! #require(diff.sectioned.patch)
        let updates = patch.steps.filter { if case .updateItem = $0 { true } else { false } }
        #expect(updates.count == 1)
        #expect(patch.apply(to: diff.sectioned.old).first?.rows.map(\.text) == ["B", "a"])
    }
}
