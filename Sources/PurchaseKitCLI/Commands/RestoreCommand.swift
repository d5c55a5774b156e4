import PurchaseKit

/// `purchasekit restore`: restores what the person owns and prints the typed outcome.
///
/// Exits 0 for restored, nothing to restore and partial; 1 or 74/75 when the restore failed.
struct RestoreCommand {
    var options: GlobalOptions
    /// The plug-ins deployments and catalogs are read with (the tool's, `ProviderRegistry.builtIn` by default).
    var registry: ProviderRegistry = .builtIn

    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        if let extra = arguments.positionals.first { throw .usage(.unexpectedArgument(extra, command: "restore")) }
        self.options = options
    }

    func run(console: Console) throws(ToolError) -> ExitCode {
        let json = options.json
        return try DeploymentSession(options: options, console: console, registry: registry).run {
            deployment, console throws(PurchaseError) in
            let outcome = await deployment.store.restore()
            let message = deployment.render(PurchaseCore.Message(outcome: outcome))
            var status = ExitCode.success
            if case .failed(let error) = outcome { status = DeploymentSession.exitCode(for: error) }
            if json {
                var entries: [(String, JSONText)] = [
                    ("outcome", .string(outcome.name)),
                    ("restored", .array(outcome.restoredProductIDs.map { .string($0) })),
                    ("message", .string(message)),
                ]
                if case .failed(let error) = outcome {
                    entries.append(
                        (
                            "error",
                            .object([("code", .number(error.code.rawValue)), ("name", .string(error.code.name))])
                        ))
                }
                try ProductsCommand.write(JSONText.object(entries).text + "\n", console)
            } else if status == .success {
                let rows = outcome.restoredProductIDs.map { [$0, deployment.displayName(of: $0)] }
                let text = message + "\n" + TextColumns(rows: rows).text(indent: "  ")
                try ProductsCommand.write(text, console)
            } else {
                console.diagnostic("purchasekit: " + message)
            }
            return status
        }
    }
}
