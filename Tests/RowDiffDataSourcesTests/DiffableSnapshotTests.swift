import Foundation
import RowDiffDataSources
import Testing

/// Counts `hash(into:)` calls, shared by the identifiers of one test.
final class HashCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return calls
    }
    func tick() {
        lock.lock()
        calls += 1
        lock.unlock()
    }
}

/// An identifier whose hashing is counted; equality and hash are its value's.
struct CountedID: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    let counter: HashCounter
    static func == (lhs: CountedID, rhs: CountedID) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) {
        counter.tick()
        hasher.combine(value)
    }
    var description: String { "#\(value)" }
}

/// An identifier whose values all hash alike: only `==` tells them apart.
struct SameHash: Hashable, Sendable {
    let value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

/// `sections` as a snapshot: each pair is a section and its items.
func makeSnapshot(_ sections: KeyValuePairs<String, [Int]>) -> Snapshot {
    var snapshot = Snapshot()
    for (section, items) in sections {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// The snapshot's sections and items, for comparisons.
func layout(_ snapshot: Snapshot) -> [String: [Int]] {
    Dictionary(uniqueKeysWithValues: snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0)) })
}

@Suite("Diffable snapshot: queries")
struct DiffableSnapshotQueryTests {
    @Test func emptySnapshot_hasNothing() {
        let snapshot = Snapshot()
        #expect(snapshot.numberOfItems == 0)
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.sectionIdentifiers.isEmpty)
        #expect(snapshot.itemIdentifiers.isEmpty)
        #expect(snapshot.indexOfItem(1) == nil)
        #expect(snapshot.indexOfSection("a") == nil)
        #expect(snapshot.sectionIdentifier(containingItem: 1) == nil)
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    }

    @Test func itemIdentifiers_listSectionBySection_andIndexOfItemCountsAcrossSections() {
        let snapshot = makeSnapshot(["a": [1, 2], "b": [], "c": [3, 4, 5]])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.numberOfSections == 3)
        #expect(snapshot.sectionIdentifiers == ["a", "b", "c"])
        #expect(snapshot.indexOfItem(1) == 0)
        #expect(snapshot.indexOfItem(3) == 2)
        #expect(snapshot.indexOfItem(5) == 4)
        #expect(snapshot.indexOfItem(6) == nil)
        #expect(snapshot.indexOfSection("c") == 2)
        #expect(snapshot.numberOfItems(inSection: "b") == 0)
        #expect(snapshot.numberOfItems(inSection: "c") == 3)
        #expect(snapshot.itemIdentifiers(inSection: "c") == [3, 4, 5])
        #expect(snapshot.sectionIdentifier(containingItem: 4) == "c")
    }

    @Test func sectionsAndItems_areSeparateNamespaces() {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([1, 2])
        snapshot.appendItems([1, 2], toSection: 2)
        #expect(snapshot.indexOfSection(1) == 0)
        #expect(snapshot.indexOfItem(1) == 0)
        #expect(snapshot.sectionIdentifier(containingItem: 1) == 2)
    }

    @Test func identifiersThatHashAlike_stayDistinct() {
        var snapshot = DiffableDataSourceSnapshot<Int, SameHash>()
        snapshot.appendSections([0])
        snapshot.appendItems((0..<50).map(SameHash.init))
        snapshot.appendItems([SameHash(value: 7)])
        #expect(snapshot.numberOfItems == 50)
        #expect(snapshot.indexOfItem(SameHash(value: 7)) == 49)
        #expect(snapshot.indexOfItem(SameHash(value: 8)) == 7)
    }
}

@Suite("Diffable snapshot: items")
struct DiffableSnapshotItemTests {
    @Test func appendItems_withoutSection_appendsToTheLastSection() {
        var snapshot = makeSnapshot(["a": [1], "b": [2]])
        snapshot.appendItems([3, 4])
        #expect(layout(snapshot) == ["a": [1], "b": [2, 3, 4]])
    }

    @Test func appendingAnItemAlreadyPresent_movesItIntoPlace() {
        var snapshot = makeSnapshot(["a": [1, 2, 3], "b": [4]])
        snapshot.appendItems([2], toSection: "b")
        #expect(layout(snapshot) == ["a": [1, 3], "b": [4, 2]])
        snapshot.appendItems([4])
        #expect(layout(snapshot) == ["a": [1, 3], "b": [2, 4]])
    }

    @Test func uncheckedAppends_resolveByCallOrder_notSectionOrder() {
        // No lookup between the appends: they are stored unchecked and resolved on the first read.
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2], toSection: "b")
        snapshot.appendItems([2, 3], toSection: "a") // 2 moves to "a", an earlier section
        snapshot.appendItems([3, 4, 3], toSection: "b") // 3 moves back; repeated: last occurrence
        #expect(layout(snapshot) == ["a": [2], "b": [1, 4, 3]])
        #expect(snapshot.numberOfItems == 4)
        #expect(snapshot.indexOfItem(3) == 3)
        #expect(snapshot.itemIdentifiers == [2, 1, 4, 3])
    }

    @Test func itemRepeatedInOneAppend_countsAtItsLastOccurrence() {
        var snapshot = makeSnapshot(["a": [9]])
        _ = snapshot.indexOfItem(9) // indexed: the checked path
        snapshot.appendItems([1, 2, 1])
        #expect(snapshot.itemIdentifiers == [9, 2, 1])
        snapshot.insertItems([5, 5, 6], beforeItem: 9)
        #expect(snapshot.itemIdentifiers == [5, 6, 9, 2, 1])
    }

    @Test func insertItems_goNextToTheDestination_inItsSection() {
        var snapshot = makeSnapshot(["a": [1, 2], "b": [3, 4]])
        snapshot.insertItems([10, 11], beforeItem: 4)
        snapshot.insertItems([12], afterItem: 2)
        #expect(layout(snapshot) == ["a": [1, 2, 12], "b": [3, 10, 11, 4]])
        snapshot.insertItems([1], afterItem: 4) // present: moves across sections
        #expect(layout(snapshot) == ["a": [2, 12], "b": [3, 10, 11, 4, 1]])
        snapshot.insertItems([3], beforeItem: 11) // within its section, before a later item
        #expect(layout(snapshot) == ["a": [2, 12], "b": [10, 3, 11, 4, 1]])
        #expect(snapshot.indexOfItem(4) == 5)
    }

    @Test func deleteItems_ignoresUnknownIdentifiers() {
        var snapshot = makeSnapshot(["a": [1, 2, 3], "b": [4, 5]])
        snapshot.deleteItems([2, 5, 99, 2])
        #expect(layout(snapshot) == ["a": [1, 3], "b": [4]])
        #expect(snapshot.indexOfItem(4) == 2)
        #expect(snapshot.indexOfItem(2) == nil)
    }

    @Test func deleteAllItems_removesTheSectionsToo() {
        var snapshot = makeSnapshot(["a": [1], "b": [2]])
        snapshot.reloadItems([1])
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.numberOfItems == 0)
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
        snapshot.appendSections(["a"]) // the common idiom: start over
        #expect(snapshot.sectionIdentifiers == ["a"])
    }

    @Test func moveItem_goesNextToTheDestination_acrossSections() {
        var snapshot = makeSnapshot(["a": [1, 2, 3], "b": [4, 5]])
        snapshot.moveItem(1, afterItem: 3)
        #expect(layout(snapshot) == ["a": [2, 3, 1], "b": [4, 5]])
        snapshot.moveItem(3, beforeItem: 5)
        #expect(layout(snapshot) == ["a": [2, 1], "b": [4, 3, 5]])
        #expect(snapshot.sectionIdentifier(containingItem: 3) == "b")
        #expect(snapshot.indexOfItem(5) == 4)
    }

    @Test func emptyArrays_changeNothing() {
        var snapshot = makeSnapshot(["a": [1, 2]])
        let before = snapshot
        snapshot.appendItems([])
        snapshot.insertItems([], beforeItem: 1)
        snapshot.deleteItems([])
        snapshot.reloadItems([])
        snapshot.reconfigureItems([])
        snapshot.appendSections([])
        snapshot.deleteSections([])
        snapshot.reloadSections([])
        #expect(snapshot == before)
    }
}

@Suite("Diffable snapshot: sections")
struct DiffableSnapshotSectionTests {
    @Test func insertSections_goNextToTheDestination() {
        var snapshot = makeSnapshot(["a": [1], "b": [2]])
        snapshot.insertSections(["x", "y"], beforeSection: "b")
        snapshot.insertSections(["z"], afterSection: "b")
        #expect(snapshot.sectionIdentifiers == ["a", "x", "y", "b", "z"])
        #expect(snapshot.indexOfItem(2) == 1)
        #expect(snapshot.sectionIdentifier(containingItem: 2) == "b")
        #expect(snapshot.indexOfSection("z") == 4)
    }

    @Test func addingASectionAlreadyPresent_orRepeated_changesNothing() {
        var snapshot = makeSnapshot(["a": [1], "b": [2]])
        let before = snapshot
        snapshot.appendSections(["c", "a"])
        snapshot.appendSections(["c", "c"])
        snapshot.insertSections(["d", "b"], afterSection: "a")
        snapshot.insertSections(["d", "d"], afterSection: "a")
        #expect(snapshot == before)
        #expect(snapshot.sectionIdentifiers == ["a", "b"])
    }

    @Test func deleteSections_deletesTheirItemsAndMarks_andIgnoresUnknown() {
        var snapshot = makeSnapshot(["a": [1, 2], "b": [3], "c": [4]])
        snapshot.reloadItems([1, 4])
        snapshot.reloadSections(["a", "c"])
        snapshot.deleteSections(["a", "zz", "a"])
        #expect(layout(snapshot) == ["b": [3], "c": [4]])
        #expect(snapshot.indexOfItem(1) == nil)
        #expect(snapshot.indexOfItem(4) == 1)
        #expect(snapshot.reloadedItemIdentifiers == [4])
        #expect(snapshot.reloadedSectionIdentifiers == ["c"])
        snapshot.appendItems([1]) // deleted items can come back
        #expect(layout(snapshot) == ["b": [3], "c": [4, 1]])
    }

    @Test func moveSection_carriesItsItems() {
        var snapshot = makeSnapshot(["a": [1], "b": [2, 3], "c": [4]])
        snapshot.moveSection("a", afterSection: "c")
        #expect(snapshot.sectionIdentifiers == ["b", "c", "a"])
        #expect(snapshot.itemIdentifiers == [2, 3, 4, 1])
        snapshot.moveSection("a", beforeSection: "b")
        #expect(snapshot.sectionIdentifiers == ["a", "b", "c"])
        #expect(snapshot.indexOfItem(4) == 3)
        #expect(snapshot.sectionIdentifier(containingItem: 1) == "a")
    }

    /// Found by the model check: a read resolved repeated unchecked appends in the index only;
    /// appending a section then left the index's resolution a section short, and the next
    /// checked append adopted it (index out of range).
    @Test func appendingASection_afterAReadResolvedRepeatedAppends_keepsSectionsAndItemsAligned() {
        var snapshot = Snapshot()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2])
        snapshot.appendItems([1])
        _ = snapshot.indexOfItem(1)
        snapshot.appendSections(["b"])
        snapshot.appendItems([3])
        #expect(layout(snapshot) == ["a": [2, 1], "b": [3]])
        #expect(snapshot.indexOfItem(3) == 2)
    }

    @Test func sectionReorders_keepUncheckedAppendsInCallOrder() {
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b", "c"])
        snapshot.appendItems([1], toSection: "a")
        snapshot.appendItems([1], toSection: "c") // 1 ends in "c"
        snapshot.moveSection("c", beforeSection: "a")
        snapshot.insertSections(["x"], beforeSection: "c")
        #expect(layout(snapshot) == ["x": [], "c": [1], "a": [], "b": []])
        #expect(snapshot.sectionIdentifiers == ["x", "c", "a", "b"])
    }
}

@Suite("Diffable snapshot: marks")
struct DiffableSnapshotMarkTests {
    @Test func marks_areListedInSnapshotOrder_andSurviveMoves() {
        var snapshot = makeSnapshot(["a": [1, 2, 3], "b": [4]])
        snapshot.reloadItems([3, 1, 3])
        snapshot.reconfigureItems([4, 2])
        snapshot.reloadSections(["b", "a"])
        #expect(snapshot.reloadedItemIdentifiers == [1, 3])
        #expect(snapshot.reconfiguredItemIdentifiers == [2, 4])
        #expect(snapshot.reloadedSectionIdentifiers == ["a", "b"])
        snapshot.moveItem(3, afterItem: 4)
        snapshot.moveSection("a", afterSection: "b")
        #expect(Set(snapshot.reloadedItemIdentifiers) == [1, 3])
        #expect(Set(snapshot.reloadedSectionIdentifiers) == ["a", "b"])
    }

    @Test func deletedItems_loseTheirMarks() {
        var snapshot = makeSnapshot(["a": [1, 2]])
        snapshot.reloadItems([1])
        snapshot.reconfigureItems([2])
        snapshot.deleteItems([1, 2])
        snapshot.appendItems([1, 2])
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
        #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
    }
}

@Suite("Diffable snapshot: value semantics and cost")
struct DiffableSnapshotValueTests {
    @Test func aCopy_isIndependentOfTheOriginal_bothWays() {
        var original = makeSnapshot(["a": [1, 2]])
        _ = original.indexOfItem(1) // shared index, too
        var copy = original
        copy.appendItems([3])
        copy.reloadItems([1])
        original.deleteItems([2])
        #expect(original.itemIdentifiers == [1])
        #expect(copy.itemIdentifiers == [1, 2, 3])
        #expect(original.reloadedItemIdentifiers.isEmpty)
        #expect(copy.indexOfItem(3) == 2)
        #expect(original.indexOfItem(3) == nil)
    }

    @Test func aCopyOfAnUncheckedSnapshot_resolvesIndependently() {
        var original = Snapshot()
        original.appendSections(["a", "b"])
        original.appendItems([1, 2], toSection: "a")
        var copy = original
        copy.appendItems([1], toSection: "b")
        #expect(layout(original) == ["a": [1, 2], "b": []])
        #expect(layout(copy) == ["a": [2], "b": [1]])
        original.appendItems([2], toSection: "b")
        #expect(layout(original) == ["a": [1], "b": [2]])
        #expect(layout(copy) == ["a": [2], "b": [1]])
    }

    @Test func appending_hashesNoItem_untilTheFirstLookup() {
        let counter = HashCounter()
        var snapshot = DiffableDataSourceSnapshot<Int, CountedID>()
        snapshot.appendSections([0, 1, 2])
        for section in 0..<3 {
            snapshot.appendItems((0..<1_000).map { CountedID(value: section * 1_000 + $0, counter: counter) }, toSection: section)
        }
        #expect(snapshot.numberOfSections == 3)
        #expect(counter.count == 0)
        #expect(snapshot.indexOfItem(CountedID(value: 2_500, counter: counter)) == 2_500)
        // One pass over the items (no repeats to resolve), plus the lookup itself.
        #expect(counter.count == 3_001)
        #expect(snapshot.indexOfItem(CountedID(value: 10, counter: counter)) == 10)
        #expect(counter.count == 3_002)
    }

    @Test func appendsAfterALookup_hashOnlyWhatTheyAppend() {
        let counter = HashCounter()
        var snapshot = DiffableDataSourceSnapshot<Int, CountedID>()
        snapshot.appendSections([0])
        snapshot.appendItems((0..<1_000).map { CountedID(value: $0, counter: counter) })
        _ = snapshot.indexOfItem(CountedID(value: 0, counter: counter))
        let afterIndex = counter.count
        for value in 1_000..<1_100 {
            snapshot.appendItems([CountedID(value: value, counter: counter)])
            #expect(snapshot.indexOfItem(CountedID(value: value, counter: counter)) == value)
        }
        // Per append: the presence check, the index entry and the lookup; no rebuild.
        #expect(counter.count - afterIndex <= 100 * 3)
    }

    @Test func readingTheItems_resolvesAppendsOnce_withoutTheIndex() {
        let counter = HashCounter()
        var snapshot = DiffableDataSourceSnapshot<Int, CountedID>()
        snapshot.appendSections([0, 1, 2])
        for section in 0..<3 {
            snapshot.appendItems((0..<1_000).map { CountedID(value: section * 1_000 + $0, counter: counter) }, toSection: section)
        }
        #expect(snapshot.itemIdentifiers.count == 3_000)
        #expect(counter.count == 3_000)
        #expect(snapshot.numberOfItems(inSection: 1) == 1_000)
        #expect(snapshot.itemIdentifiers(inSection: 2).first?.value == 2_000)
        #expect(snapshot.numberOfItems == 3_000)
        #expect(counter.count == 3_000)
        // The index is built from the resolved items when first needed: one more pass, and the lookup.
        #expect(snapshot.indexOfItem(CountedID(value: 1_500, counter: counter)) == 1_500)
        #expect(counter.count == 6_001)
    }

    @Test func deletingManyItems_fromUncheckedAppends_resolvesRepeatsInTheSamePass() {
        let counter = HashCounter()
        func id(_ value: Int) -> CountedID { CountedID(value: value, counter: counter) }
        var snapshot = DiffableDataSourceSnapshot<String, CountedID>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems((0..<10).map(id), toSection: "a")
        snapshot.appendItems([3, 10, 11, 4].map(id), toSection: "b") // 3 and 4 move to b
        snapshot.deleteItems([0, 2, 4, 6, 8, 10, 99].map(id))
        #expect(snapshot.itemIdentifiers(inSection: "a").map(\.value) == [1, 5, 7, 9])
        #expect(snapshot.itemIdentifiers(inSection: "b").map(\.value) == [3, 11])
        // One hash per identifier deleted and per item held: no index was built.
        #expect(counter.count == 7 + 14)
        #expect(snapshot.indexOfItem(id(11)) == 5)
    }

    @Test func markingManyItems_ofAnUnindexedSnapshot_marksThemInSnapshotOrder() {
        var snapshot = makeSnapshot(["a": [1, 2, 3], "b": [4, 5, 1]])
        snapshot.reloadItems([5, 1, 5])
        #expect(snapshot.reloadedItemIdentifiers == [5, 1])
        #expect(layout(snapshot) == ["a": [2, 3], "b": [4, 5, 1]])
    }

    @Test func aSnapshot_canBeBuiltOnAnotherThread() async {
        let built = await Task.detached {
            var snapshot = Snapshot()
            snapshot.appendSections(["a"])
            snapshot.appendItems(Array(0..<100))
            return snapshot
        }.value
        #expect(built.numberOfItems == 100)
    }

    @Test func concurrentReadsOfOneSnapshot_agree() async {
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems(Array(0..<5_000), toSection: "a")
        snapshot.appendItems(Array(2_500..<7_500), toSection: "b") // unchecked repeats
        let shared = snapshot
        let answers = await withTaskGroup(of: [Int?].self) { group in
            for _ in 0..<8 { group.addTask { [0, 2_499, 2_500, 7_499, 9_999].map { shared.indexOfItem($0) } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for answer in answers { #expect(answer == [0, 2_499, 2_500, 7_499, nil]) }
    }
}
