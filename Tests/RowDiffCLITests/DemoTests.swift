import Testing
import RowDiff
@testable import RowDiffCLI

@Suite struct DemoTests {
    @Test func everyStep_isAcceptedByTableAndCollectionViews() {
        let results = DemoRunner.run()
        #expect((8...12).contains(results.count))
        for result in results {
            #expect(!result.staged.stages.isEmpty, "step \(result.number) changes something")
            for verdict in result.verdicts {
                #expect(verdict.violations.isEmpty, "step \(result.number) \(verdict.view): \(verdict.violations)")
            }
            #expect(result.staged.stages.last?.data == result.step.inbox, "the last stage installs the new inbox")
        }
    }

    @Test func script_coversEveryKindOfChange() {
        let updates = DemoRunner.run().flatMap { $0.staged.stages.map(\.update) }
        #expect(updates.contains { !$0.itemInserts.isEmpty } && updates.contains { !$0.itemDeletes.isEmpty })
        #expect(updates.contains { $0.itemMoves.contains { $0.from.section == $0.to.section } })
        #expect(updates.contains { $0.itemMoves.contains { $0.from.section != $0.to.section } })
        #expect(updates.contains { !$0.sectionMoves.isEmpty } && updates.contains { !$0.sectionInserts.isEmpty })
        #expect(updates.contains { !$0.sectionDeletes.isEmpty } && updates.contains { !$0.sectionReloads.isEmpty })
        #expect(updates.contains { !$0.itemReconfigures.isEmpty } && updates.contains { !$0.itemReloads.isEmpty })
        #expect(DemoRunner.run().contains { !$0.diff.duplicates.isEmpty })
    }

    @Test func plainOutput_hasNoEscapeCodes() {
        let text = DemoRenderer(color: false, showsInbox: true).render(DemoRunner.run())
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("stage 1 (reconfigure): reconfigure (1,0) (1,4)"))
        #expect(text.contains("All 12 steps accepted by both views."))
        let colored = DemoRenderer(color: true, showsInbox: false).render(DemoRunner.run())
        #expect(colored.contains("\u{1B}[1m"))
    }
}
