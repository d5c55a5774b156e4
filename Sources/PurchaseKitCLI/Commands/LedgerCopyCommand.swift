import Foundation
import PurchaseCatalog
import PurchaseKit

/// `purchasekit ledger copy --to URL`: copies the state folder's ledger (the deployment's, opened
/// read-only through the registry) into the ledger `URL` names, keeping exactly once: what the target
/// holds already is skipped, so a second copy changes nothing.
///
/// A `postgresql://` (or `postgres://`) URL opens the ledger kind `postgres` with it as its
/// `ConnectionString` (no password in it: libpq reads one from `PGPASSWORD` or `~/.pgpass`). The
/// target must take in another ledger's contents (`LedgerImporting`); the copy is one atomic import.
/// Exit statuses: 0 copied (or nothing to copy), 64 a `--to` the tool cannot open or whose settings
/// are refused, 65/66 the catalog, 74 a ledger that cannot be read or written, 1 a target kind that
/// cannot take a copy.
struct LedgerCopyCommand {
    var options: GlobalOptions
    /// The `--to` value.
    var target: String
    /// The plug-ins deployments and ledgers are opened with.
    var registry: ProviderRegistry = .builtIn

    /// The URL schemes `--to` accepts, and the ledger kind each opens.
    static let kinds: [String: LedgerKind] = ["postgresql": "postgres", "postgres": "postgres"]

    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        if let extra = arguments.positionals.first {
            throw .usage(.unexpectedArgument(extra, command: "ledger copy"))
        }
        guard let target = arguments.values["--to"], !target.isEmpty else {
            throw .usage(.missingOptionValue("--to"))
        }
        self.target = target
        self.options = options
    }

    /// The ledger configuration `url` names, or `nil` when no scheme the tool knows starts it.
    static func configuration(for url: String) -> LedgerConfiguration? {
        guard let colon = url.firstIndex(of: ":"), let kind = kinds[url[..<colon].lowercased()] else { return nil }
        return LedgerConfiguration(kind: kind, settings: ["ConnectionString": .string(url)])
    }

    func run(console: Console) throws(ToolError) -> ExitCode {
        let (json, target, registry) = (options.json, target, registry)
        return try DeploymentSession(options: options, console: console, access: .readOnly, registry: registry).run {
            deployment, console throws(PurchaseError) in
            guard let configuration = Self.configuration(for: target), registry.ledgerKinds.contains(configuration.kind)
            else {
                console.diagnostic(
                    "purchasekit: "
                        + console.text(
                            PurchaseCore.Message.keyed(.toolLedgerUnsupportedTarget, arguments: [.text(target)])))
                return .usage
            }
            if let problem = registry.settingProblems(in: configuration).first {
                console.diagnostic("purchasekit: " + console.text(problem.messageText))
                return .usage
            }
            let export: LedgerExport
            do {
                export = try await LedgerExport.read(from: deployment.ledger)
            } catch {
                throw error as? PurchaseError ?? PurchaseError(.ledgerIOFailed, underlyingError: error)
            }
            let context = LedgerContext(
                catalog: deployment.catalog, configuration: configuration, stateDirectory: deployment.stateDirectory)
            let ledger: any FulfillmentLedger
            do {
                ledger = try registry.makeLedger(context)
            } catch {
                throw error as? PurchaseError ?? PurchaseError(.providerMisconfigured, underlyingError: error)
            }
            let kind = configuration.kind.rawValue
            guard let importer = ledger as? any LedgerImporting else {
                await ledger.close()
                console.diagnostic(
                    "purchasekit: "
                        + console.text(PurchaseCore.Message.keyed(.toolLedgerNotImporting, arguments: [.text(kind)])))
                return .refused
            }
            let summary: LedgerImportSummary
            do {
                summary = try await importer.importLedger(export)
            } catch {
                await ledger.close()
                throw error as? PurchaseError ?? PurchaseError(.ledgerIOFailed, underlyingError: error)
            }
            await ledger.close()
            try Self.report(summary, kind: kind, json: json, deployment: deployment, console: console)
            return .success
        }
    }

    private static func report(
        _ summary: LedgerImportSummary, kind: String, json: Bool, deployment: PurchaseDeployment, console: Console
    ) throws(PurchaseError) {
        let counts = [
            ("deliveries", summary.deliveries), ("revocations", summary.revocations),
            ("expirations", summary.expirations), ("finished", summary.finished), ("spends", summary.spends),
            ("notifications", summary.notifications), ("spendIDs", summary.spendIDs),
        ]
        if json {
            let copied = JSONText.object(counts.map { ($0.0, .number($0.1)) })
            try ProductsCommand.write(
                JSONText.object([("to", .string(kind)), ("copied", copied)]).text + "\n", console)
            return
        }
        let message: PurchaseCore.Message =
            summary.isEmpty
            ? .keyed(.toolLedgerUpToDate, arguments: [.text(kind)])
            : .keyed(.toolLedgerCopied, arguments: [.text(kind)] + counts.map { .integer($0.1) })
        try ProductsCommand.write(deployment.render(message) + "\n", console)
    }
}
