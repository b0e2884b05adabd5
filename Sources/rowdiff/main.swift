import RowDiffCLI

RowDiffCommand.main()
