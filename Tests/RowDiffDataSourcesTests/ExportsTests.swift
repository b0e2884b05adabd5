import Testing
import RowDiffDataSources

@Suite struct ExportsTests {
    @Test func dataSourcesModuleReexportsRowDiff() {
        #expect(ListDiff(from: [1, 2], to: [2, 1]).moves.count == 1)
    }
}
