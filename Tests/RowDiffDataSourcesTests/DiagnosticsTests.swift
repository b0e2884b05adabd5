import Testing
import RowDiffDataSources
import RowDiffTesting

/// The library prints nothing: diagnostics go to handlers the app sets. Bad indices trap with a
/// message naming the index and the counts (checked in a child process: exit tests).
@MainActor
@Suite struct DiagnosticsTests {
    @Test func defaultOptions_reportToTheSystemLog_andAnimateDuplicates() async {
        #expect(RenderOptions().onDuplicateKeys != nil, "the system log on Apple platforms, nothing here")
        #expect(RenderOptions().duplicatePolicy == .animate)
        #expect(SectionedDataSource<KeyedSection>().onDuplicateKeys == nil)
        // On this platform the default handler has nowhere to write: calling it prints nothing.
        RenderOptions.logsDuplicateKeys(DuplicateKeyDiagnostic())
    }

    @Test func duplicateKeys_reachTheRenderersHandler_evenWhenNotAnimated() async {
        var reported: [DuplicateKeyDiagnostic] = []
        let (renderer, _) = makeRenderer(options: RenderOptions(onDuplicateKeys: { reported.append($0) }))
        await renderer.renderAndWait([section("a", [row("x", 0)])])
        await renderer.renderAndWait([section("a", [row("x", 0), row("x", 1)])], animated: false)
        #expect(reported.map { $0.rowKeys.map(\.key) } == [["x"]])
    }

    @Test func updateTo_reportsDuplicatesToTheDataSourcesHandler() {
        let source = SectionedDataSource<KeyedSection>()
        var reported: [DuplicateKeyDiagnostic] = []
        source.onDuplicateKeys = { reported.append($0) }
        source.update(to: [section("d", []), section("d", [])])
        #expect(reported.map { $0.sectionKeys.map(\.sections) } == [[[0, 1]]])
    }

    /// Renders with duplicate keys, animated and not, write nothing to standard error.
    @Test func renderingDuplicates_writesNothingToStandardError() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            await DiagnosticsTests.renderDuplicates()
        }
        #expect(result?.standardErrorContent.isEmpty == true)
    }

    static func renderDuplicates() async {
        let (renderer, _) = makeRendererWithDefaults()
        await renderer.renderAndWait([section("a", [row("x", 0), row("x", 1)])])
        await renderer.renderAndWait([section("a", [row("x", 0), row("y", 1), row("x", 2)])])
        await renderer.renderAndWait([section("a", [row("x", 0), row("x", 1)])], animated: false)
        renderer.dataSource.update(to: [section("d", []), section("d", [])])
    }

    @Test func itemAt_outOfRange_namesTheIndexAndTheCounts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let source = SectionedDataSource([section("a", [row("1", 0), row("2", 0)]), section("b", [])])
                _ = source.item(at: ItemPath(section: 0, item: 5))
            }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("item(at: (0, 5)): item 5 is out of range; section 0 has 2 rows"), "\(text)")
    }

    @Test func itemAt_sectionOutOfRange_namesTheIndexAndTheCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let source = SectionedDataSource([section("a", [row("1", 0)])])
                _ = source.item(at: ItemPath(section: 3, item: 0))
            }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("item(at: (3, 0)): section 3 is out of range; the list has 1 sections"), "\(text)")
    }

    @Test func numberOfItems_outOfRange_namesTheIndexAndTheCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let source = SectionedDataSource([section("a", [row("1", 0)]), section("b", [])])
                _ = source.numberOfItems(in: -1)
            }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("numberOfItems(in: -1): section -1 is out of range; the list has 2 sections"), "\(text)")
    }

    @Test func stagesInstalledOutOfOrder_trapWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let source = SectionedDataSource([section("b", [row("2", 0)], header: "B")])
                source.onChange = { change in
                    if case .staged(let update) = change { update.stages.last?.install() }
                }
                source.update(to: [section("b", [row("2", 0), row("5", 0)], header: "B!")])
            }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("stage 1 installed before stage 0"), "\(text)")
    }
}

@MainActor
func makeRendererWithDefaults() -> (ListRenderer<KeyedSection>, ValidatingTarget<KeyedSection>) {
    let dataSource = SectionedDataSource<KeyedSection>()
    let target = ValidatingTarget(dataSource: dataSource)
    return (ListRenderer(dataSource: dataSource, target: target), target)
}
