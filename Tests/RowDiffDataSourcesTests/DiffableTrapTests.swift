import RowDiffDataSources
import Testing

// Where UIKit raises an exception and RowDiff's snapshots trap too (Sources/RowDiffDataSources/Documentation.docc/Diffable.md lists every
// choice). Each case runs in a child process that must crash; the duplicate cases that do not
// trap are in the other suites.

@Suite("Diffable traps")
struct DiffableTrapTests {
    @Test func snapshot_trapsOnUnknownIdentifiers() async {
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendItems([]) // no sections at all, even for an empty array
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            snapshot.appendItems([1], toSection: "b")
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            _ = snapshot.numberOfItems(inSection: "b")
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            _ = snapshot.itemIdentifiers(inSection: "b")
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            snapshot.appendItems([1])
            snapshot.insertItems([2], beforeItem: 3)
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            snapshot.appendItems([1])
            snapshot.reloadItems([1, 2])
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            snapshot.reconfigureItems([1])
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            snapshot.reloadSections(["b"])
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            snapshot.insertSections(["c"], afterSection: "b")
        }
    }

    @Test func snapshot_trapsOnBadDestinations() async {
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            snapshot.appendItems([1, 2])
            snapshot.insertItems([2, 1], afterItem: 1) // the destination among the inserted
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            snapshot.appendItems([1, 2])
            snapshot.moveItem(1, beforeItem: 1)
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            snapshot.appendItems([1])
            snapshot.moveItem(2, afterItem: 1)
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a", "b"])
            snapshot.insertSections(["a"], beforeSection: "a")
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a", "b"])
            snapshot.moveSection("a", afterSection: "a")
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["a"])
            snapshot.moveSection("a", beforeSection: "z")
        }
    }

    @Test func sectionSnapshot_trapsOnUnknownItems() async {
        await #expect(processExitsWith: .failure) {
            var outline = DiffableDataSourceSectionSnapshot<Int>()
            outline.append([1], to: 9)
        }
        await #expect(processExitsWith: .failure) {
            var outline = DiffableDataSourceSectionSnapshot<Int>()
            outline.append([1])
            outline.insert([2], before: 9)
        }
        await #expect(processExitsWith: .failure) {
            var outline = DiffableDataSourceSectionSnapshot<Int>()
            outline.append([1])
            outline.delete([1, 9])
        }
        await #expect(processExitsWith: .failure) {
            _ = DiffableDataSourceSectionSnapshot<Int>().level(of: 1)
        }
        await #expect(processExitsWith: .failure) {
            _ = DiffableDataSourceSectionSnapshot<Int>().parent(of: 1)
        }
        await #expect(processExitsWith: .failure) {
            _ = DiffableDataSourceSectionSnapshot<Int>().isExpanded(1)
        }
        await #expect(processExitsWith: .failure) {
            _ = DiffableDataSourceSectionSnapshot<Int>().isVisible(1)
        }
        await #expect(processExitsWith: .failure) {
            _ = DiffableDataSourceSectionSnapshot<Int>().snapshot(of: 1)
        }
        await #expect(processExitsWith: .failure) {
            var outline = DiffableDataSourceSectionSnapshot<Int>()
            outline.replace(childrenOf: 1, using: DiffableDataSourceSectionSnapshot())
        }
        await #expect(processExitsWith: .failure) {
            var outline = DiffableDataSourceSectionSnapshot<Int>()
            var other = DiffableDataSourceSectionSnapshot<Int>()
            other.append([5])
            outline.insert(other, after: 1)
        }
    }

    @Test func trapMessage_namesTheIdentifier() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, String>()
            snapshot.appendSections(["main"])
            snapshot.reloadItems(["missing-item-42"])
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("reloadItems(_:)"))
        #expect(message.contains("missing-item-42"))
    }
}
