import Testing
@testable import RowDiffCLI

@Suite struct CommandTests {
    @Test func rootCommandIsNamedRowdiff() {
        #expect(RowDiffCommand.configuration.commandName == "rowdiff")
    }
}
