import AppStoreServerAPI
import AppStoreSignedData
import Foundation
import PropertyList
import PurchaseKit

/// `purchasekit reconcile (--transaction ID | --account UUID)`: pulls a customer's transaction
/// history from the store's App Store Server API (the catalog's `Deployment` > `AppStoreServerAPI`
/// settings, documented in Catalog/README.md), verifies every signed transaction against the roots
/// the settings name, and repairs the ledger exactly once: deliveries it lacks are recorded for their
/// account, refunds revoked with their payouts, periods that ended early ended. A second run changes
/// nothing.
///
/// Exit statuses: 0 reconciled; 1 the API refused the request (401, 404, 400) or the ledger knows no
/// transaction of the account; 64 usage; 65 the settings are wrong, a signed transaction did not
/// verify (nothing is applied) or a product is not in the catalog; 66/74 a key or root file is
/// missing or unreadable; 74 the ledger failed; 75 the API is unreachable, busy (429) or failing (5xx).
struct ReconcileCommand {
    /// The options that take a value.
    static let valueOptions: Set<String> = ["--transaction", AccountOption.name]

    /// Whose history is pulled.
    enum Target {
        /// The customer who made this transaction (any of theirs).
        case transaction(String)
        /// The customer of this account: a transaction the ledger knows for it names them.
        case account(UUID)
    }

    var options: GlobalOptions
    /// Whose history is pulled; `nil` when the command line names neither or both.
    var target: Target?
    /// The plug-ins deployments and catalogs are read with.
    var registry: ProviderRegistry = .builtIn

    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        if let extra = arguments.positionals.first {
            throw .usage(.unexpectedArgument(extra, command: "reconcile"))
        }
        switch (arguments.values["--transaction"], try AccountOption.parse(arguments)) {
        case (let transaction?, nil) where !transaction.isEmpty: target = .transaction(transaction)
        case (nil, let account?): target = .account(account)
        default: target = nil
        }
        self.options = options
    }

    func run(console: Console) throws(ToolError) -> ExitCode {
        guard let target else {
            console.diagnostic("purchasekit: " + console.text(.keyed(.toolReconcileTarget, arguments: [])))
            console.error(.seeHelp(command: "purchasekit reconcile"))
            return .usage
        }
        let options = options
        return try DeploymentSession(options: options, console: console, access: .readWrite, registry: registry).run {
            deployment, console throws(PurchaseError) in
            let settings: ServerAPISettings
            switch ServerAPISettings.read(catalogPath: options.catalogPath, deployment: deployment.catalog) {
            case .success(let read): settings = read
            case .failure(let failure): return failure.report(console)
            }
            let anyTransaction: String
            switch target {
            case .transaction(let transactionID):
                anyTransaction = transactionID
            case .account(let account):
                let known: [Delivery]
                do {
                    known = try await deployment.ledger.contents().view(for: account).deliveries
                } catch {
                    throw error as? PurchaseError ?? PurchaseError(.ledgerIOFailed, underlyingError: error)
                }
                guard let delivery = known.first(where: { $0.transactionID.store == settings.store.rawValue }) else {
                    let text = console.text(
                        .keyed(.toolReconcileNoTransaction, arguments: [.text(account.uuidString.lowercased())]))
                    console.diagnostic("purchasekit: " + text)
                    return .refused
                }
                anyTransaction = delivery.transactionID.id
            }
            let reconciler = TransactionHistoryReconciler(
                client: AppStoreServerAPIClient(configuration: settings.api), verifier: settings.verifier,
                processor: AppStoreNotificationProcessor(
                    catalog: deployment.catalog, ledger: deployment.ledger, store: settings.store,
                    verifier: settings.verifier))
            let report: ReconciliationReport
            do throws(ReconciliationError) {
                report = try await reconciler.reconcile(transactionID: anyTransaction)
            } catch {
                return Self.report(error, console: console)
            }
            if options.json {
                let ids = { (list: [TransactionID]) in JSONText.array(list.map { .string($0.id) }) }
                let entries: [(String, JSONText)] = [
                    ("transactions", .number(report.transactions)), ("delivered", .number(report.delivered.count)),
                    ("revoked", .number(report.revoked.count)), ("expired", .number(report.expired.count)),
                    ("unchanged", .number(report.unchanged)), ("deliveredTransactions", ids(report.delivered)),
                    ("revokedTransactions", ids(report.revoked)), ("expiredTransactions", ids(report.expired)),
                ]
                try ProductsCommand.write(JSONText.object(entries).text + "\n", console)
                return .success
            }
            let line = deployment.render(
                .keyed(
                    .toolReconcileResult,
                    arguments: [
                        .integer(report.delivered.count), .integer(report.revoked.count),
                        .integer(report.expired.count), .integer(report.unchanged),
                    ]))
            try ProductsCommand.write(line + "\n", console)
            return .success
        }
    }

    /// Prints why a reconciliation failed and returns its exit status.
    private static func report(_ error: ReconciliationError, console: Console) -> ExitCode {
        let (key, status): (MessageKey, ExitCode)
        var detail = error.description
        switch error.code {
        case .api:
            let retryable = error.api?.isRetryable ?? false
            (key, status) =
                retryable ? (.toolServerAPIUnavailable, .temporaryFailure) : (.toolServerAPIRefused, .refused)
            detail = error.api?.description ?? detail
        case .verification:
            (key, status) = (.toolReconcileUnverified, .dataError)
            detail = error.verification?.detail ?? detail
        default:
            let processing = error.processing
            let ledgerFailed = processing?.code == .ledgerFailed
            (key, status) = (.toolReconcileNotApplied, ledgerFailed ? .ioError : .dataError)
            detail = processing?.detail ?? detail
        }
        console.diagnostic("purchasekit: " + console.text(.keyed(key, arguments: [.text(detail)])))
        return status
    }
}

/// The `AppStoreServerAPI` settings of a catalog's `Deployment`, read and checked: the client's
/// configuration, the verifier of the signed transactions, and the store the transactions belong to.
struct ServerAPISettings {
    var api: AppStoreServerAPIConfiguration
    var verifier: SignedDataVerifier
    var store: ProviderKind

    /// Why the settings cannot be used: a message and an exit status.
    struct Failure: Error {
        var message: PurchaseCore.Message
        var status: ExitCode

        func report(_ console: Console) -> ExitCode {
            console.diagnostic("purchasekit: " + console.text(message))
            return status
        }
    }

    /// The settings of the catalog at `catalogPath`, whose deployment is `deployment`.
    static func read(catalogPath: String, deployment catalog: Catalog) -> Result<ServerAPISettings, Failure> {
        do {
            return .success(try parse(catalogPath: catalogPath, catalog: catalog))
        } catch {
            return .failure(error)
        }
    }

    private static func invalid(_ path: String, _ reason: String) -> Failure {
        Failure(message: .keyed(.toolServerAPISettings, arguments: [.text(path), .text(reason)]), status: .dataError)
    }

    private static func parse(catalogPath: String, catalog: Catalog) throws(Failure) -> ServerAPISettings {
        let root: PropertyListNode
        do {
            root = try PropertyListReader().read(contentsOfRegularFile: catalogPath)
        } catch {
            throw invalid(catalogPath, String(describing: error))
        }
        guard let node = root.value["Deployment"]?.value["AppStoreServerAPI"] else {
            throw invalid(catalogPath, "the deployment has no AppStoreServerAPI dict")
        }
        // What the deployment's server trusts (`Server` > `AppStore...`, read by `purchasekit-server`)
        // stands in for the keys of signed data this dict leaves out.
        let server = root.value["Deployment"]?.value["Server"]
        let serverKeys = [
            "TrustedRoots": "AppStoreRootFiles", "BundleID": "AppStoreBundleID",
            "SignedDataEnvironment": "AppStoreEnvironment", "Store": "AppStoreProvider",
        ]
        func lookup(_ key: String) -> PropertyListNode? {
            node.value[key] ?? serverKeys[key].flatMap { server?.value[$0] }
        }
        func place(_ key: String) -> String {
            let location = (lookup(key) ?? node).location
            return "\(catalogPath):\(location.line):\(location.column)"
        }
        func string(_ key: String, required: Bool = true) throws(Failure) -> String? {
            guard let value = lookup(key) else {
                if required { throw invalid(place(key), "\(key) is required") }
                return nil
            }
            guard case .string(let text) = value.value, !text.isEmpty else {
                throw invalid(place(key), "\(key) must be a non-empty string")
            }
            return text
        }
        let folder = URL(fileURLWithPath: catalogPath).deletingLastPathComponent()
        func file(_ path: String) -> String {
            path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
        }
        func bytes(of path: String, key: String) throws(Failure) -> [UInt8] {
            do {
                return try InputFile.readBytes(file(path))
            } catch {
                switch error {
                case .tool(let failure):
                    throw Failure(
                        message: .keyed(
                            .toolServerAPISettings,
                            arguments: [
                                .text(place(key)), .text(failure.message.text(locale: nil)),
                            ]), status: failure.exitCode)
                case .invalid(let refused): throw invalid(place(key), String(describing: refused))
                }
            }
        }
        let baseURL: URL
        let environment: AppStoreSignedData.AppStoreEnvironment
        switch (try string("BaseURL", required: false), try string("Environment", required: false)) {
        case (let text?, nil):
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw invalid(place("BaseURL"), "BaseURL must be an http or https URL")
            }
            baseURL = url
            environment = .localTesting
        case (nil, let name?):
            guard name == "Production" || name == "Sandbox" else {
                throw invalid(place("Environment"), "Environment must be Production or Sandbox")
            }
            environment = AppStoreSignedData.AppStoreEnvironment(rawValue: name)
            baseURL = AppStoreServerAPIConfiguration.baseURL(for: environment)
        default:
            throw invalid(place("BaseURL"), "give exactly one of BaseURL and Environment")
        }
        let keyID = try string("KeyID")!
        let issuerID = try string("IssuerID")!
        let bundleID = try string("BundleID")!
        let keyPath = try string("PrivateKeyFile")!
        let key: ES256PrivateKey
        do {
            key = try ES256PrivateKey(
                pemText: String(decoding: try bytes(of: keyPath, key: "PrivateKeyFile"), as: UTF8.self))
        } catch let error as Failure {
            throw error
        } catch {
            throw invalid(place("PrivateKeyFile"), "\(keyPath): \(error)")
        }
        let rootNodes: [PropertyListNode]
        switch lookup("TrustedRoots")?.value {
        case .array(let nodes)? where !nodes.isEmpty: rootNodes = nodes
        case .string?: rootNodes = [lookup("TrustedRoots")!]
        default:
            throw invalid(place("TrustedRoots"), "TrustedRoots must be a certificate file or a non-empty array of them")
        }
        var roots: [[UInt8]] = []
        for rootNode in rootNodes {
            guard case .string(let path) = rootNode.value else {
                throw invalid(place("TrustedRoots"), "each of TrustedRoots must be a file path")
            }
            do {
                roots += try CertificateFile.certificates(in: try bytes(of: path, key: "TrustedRoots"))
            } catch let error as Failure {
                throw error
            } catch {
                throw invalid(place("TrustedRoots"), "\(path): \(error)")
            }
        }
        let signedEnvironment = try string("SignedDataEnvironment", required: false) ?? environment.rawValue
        let verifier: SignedDataVerifier
        do {
            verifier = try SignedDataVerifier(trustedRoots: roots, bundleID: bundleID, environment: signedEnvironment)
        } catch {
            throw invalid(place("TrustedRoots"), error.detail)
        }
        let storeName = try string("Store", required: false)
        let store = storeName.map(ProviderKind.init(rawValue:)) ?? catalog.deployment.providers.first?.kind
        guard let store else { throw invalid(place("Store"), "Store is required when the deployment has no provider") }
        var api = AppStoreServerAPIConfiguration(
            baseURL: baseURL, keyID: keyID, issuerID: issuerID, bundleID: bundleID, privateKey: key)
        if let timeout = node.value["RequestTimeout"] {
            guard case .integer(let value) = timeout.value, let seconds = value.int64Value, (1...600).contains(seconds)
            else { throw invalid(place("RequestTimeout"), "RequestTimeout must be an integer from 1 to 600 seconds") }
            api.requestTimeout = TimeInterval(seconds)
        }
        return ServerAPISettings(api: api, verifier: verifier, store: store)
    }
}
