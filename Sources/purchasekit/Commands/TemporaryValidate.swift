struct CatalogValidateCommand {
    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {}
    func run(console: Console) throws(ToolError) -> ExitCode { .internalError }
}
