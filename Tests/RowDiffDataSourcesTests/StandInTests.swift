import Testing
import RowDiffDataSources
import RowDiffTesting

/// The stand-ins fail where UIKit fails, and an owner never makes them fail.
@MainActor
@Suite struct StandInTests {
    @Test func unregisteredCell_failsAsUIKitRaises() {
        let table = StandInTableView()
        #expect(table.dequeueView(.cell, reuseIdentifier: "Nope", at: ItemPath(section: 0, item: 0)) == nil)
        #expect(
            table.dequeueFailures == [DequeueFailure(element: .cell, reuseIdentifier: "Nope", reason: .unregistered, raisesInUIKit: true)])
    }

    @Test func unregisteredTableHeader_returnsNilWithoutRaising() {
        let table = StandInTableView()
        #expect(table.dequeueView(.header, reuseIdentifier: "H", at: ItemPath(section: 0, item: 0)) == nil)
        #expect(table.dequeueFailures.first?.raisesInUIKit == false)
    }

    @Test func unregisteredCollectionSupplementary_raises() {
        let collection = StandInCollectionView()
        #expect(collection.dequeueView(.footer, reuseIdentifier: "F", at: ItemPath(section: 0, item: 0)) == nil)
        #expect(collection.dequeueFailures.first?.raisesInUIKit == true)
    }

    @Test func missingNib_fails() {
        let table = StandInTableView()
        table.register(ViewRegistration(NibCell.self, for: .cell))
        #expect(table.dequeueView(.cell, reuseIdentifier: NibCell.reuseIdentifier, at: ItemPath(section: 0, item: 0)) == nil)
        #expect(table.dequeueFailures.first?.reason == .nibNotFound("NibCell"))
    }

    @Test(arguments: [false, true])
    func owner_registersEveryViewBeforeItsFirstDequeue(collection: Bool) async {
        let (owner, view) = makeOwner(collection: collection)
        view.nibs["NibCell"] = NibCell.self
        view.prototypes["Prototype"] = PrototypeCell.self
        let sections = [
            KeyedSection(
                key: "a", rows: [nameRow("1", "Ada"), KeyedRow(key: "2", cell: BadgeCell.self, state: 3)],
                header: titleHeader("A"), footer: Supplementary(title: "end of A")),
            KeyedSection(
                key: "b",
                rows: [
                    KeyedRow(key: "3", cell: NibCell.self, state: "nib"),
                    KeyedRow(key: "4", cell: PrototypeCell.self, state: "proto"),
                ]),
        ]
        await owner.renderer.renderAndWait(sections)
        #expect(view.dequeueFailures == [])
        #expect(view.problems == [])
        #expect((view.cells[1][0] as? NibCell)?.text == "nib")
        #expect((view.cells[1][1] as? PrototypeCell)?.text == "proto")
        #expect((view.headers[0] as? TitleHeader)?.text == "A")
        #expect(view.titles[0].footer == "end of A")
        // Prototypes are the storyboard's: nothing registered for them.
        #expect(!view.registrations.contains { $0.reuseIdentifier == "Prototype" })
        // One registration per identifier, however many renders.
        await owner.renderer.renderAndWait(sections.reversed())
        let identifiers = view.registrations.map { "\($0.element)/\($0.reuseIdentifier)" }
        #expect(Set(identifiers).count == identifiers.count)
        // A collection view's layout gets a (plain) view for a title-only footer; a table shows the title.
        #expect((view.footers[1] != nil) == collection)
    }

    @Test func nibName_isTheUnqualifiedTypeName_reuseIdentifierTheQualifiedKind() {
        #expect(NibCell.unqualifiedTypeName == "NibCell")
        #expect(NibCell.reuseIdentifier == RowKind(NibCell.self).name)
        #expect(NibCell.reuseIdentifier.hasSuffix(".NibCell") && NibCell.reuseIdentifier != "NibCell")
    }
}

@MainActor
@Suite struct OwnerConstructionTests {
    @Test func keyedOwner_isInferredWithoutNamingTheSectionType() {
        let table = StandInTableView()
        let owner = ListController(host: table)
        #expect(owner.host === table)
        #expect(table.source === owner, "the owner answers the view")
    }

    @Test func theViewHoldsItsSourceWeakly_theOwnerHoldsTheView() {
        let table = StandInTableView()
        weak var weakOwner: ListController<KeyedSection>?
        do {
            let owner = ListController<KeyedSection>(host: table)
            weakOwner = owner
        }
        #expect(weakOwner == nil && table.source == nil)
    }
}

/// The stand-ins' checks are live: wrong batches handed to them directly are reported.
@MainActor
@Suite struct StandInCatchesTests {
    @Test func contentChangedWithoutReconfigure_isAStaleCell() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada")])])
        view.performBatchUpdates(
            BatchUpdate(),
            installingData: {
                owner.dataSource.install([KeyedSection(key: "s", rows: [nameRow("a", "Grace")])])
            }, completion: { _ in })
        #expect(view.problems.contains { $0.contains("stale") })
        #expect(texts(view) == [["Ada"]], "UIKit keeps the old cell")
    }

    @Test func countChangedWithoutInsert_isAViolation() async {
        let (owner, view) = makeOwner(collection: true)
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada")])])
        view.performBatchUpdates(
            BatchUpdate(),
            installingData: {
                owner.dataSource.install([KeyedSection(key: "s", rows: [nameRow("a", "Ada"), nameRow("b", "Bob")])])
            }, completion: { _ in })
        #expect(!view.problems.isEmpty)
        #expect(texts(view) == [["Ada", "Bob"]], "after UIKit would have raised, the stand-in reloads")
    }

    @Test func reconfigure_handsBackTheCellAlreadyThere() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada"), nameRow("b", "Bob")])])
        let before = view.cells[0].map { $0.map(ObjectIdentifier.init) }
        let made = view.madeViewCount
        view.performBatchUpdates(
            BatchUpdate(itemReconfigures: [ItemPath(section: 0, item: 1)]),
            installingData: {
                owner.dataSource.install([KeyedSection(key: "s", rows: [nameRow("a", "Ada"), nameRow("b", "Bobby")])])
            }, completion: { _ in })
        #expect(view.cells[0].map { $0.map(ObjectIdentifier.init) } == before)
        #expect(view.madeViewCount == made)
        #expect(texts(view) == [["Ada", "Bobby"]])
        #expect(view.problems == [])
    }
}
