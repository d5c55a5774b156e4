import Foundation
import Glibc
import PurchaseKit

/// Opens the deployment the global options name for one buying command, runs the command's async
/// body, closes the deployment, and turns failures into the tool's messages and exit statuses.
///
/// Exit statuses: 66 missing catalog, 65 invalid catalog (every diagnostic printed), 74 when the
/// state folder cannot be used, a journal is damaged or lost acknowledged records (the message names
/// the file and byte offset) or the simulated App Store's receipt key file cannot be used (the message
/// names it), 75 when another process holds the state folder too long.
///
/// How a command uses the state folder is its ``Access``.
struct DeploymentSession {
    /// How a command uses the state folder.
    enum Access {
        /// It changes it (`buy`, `restore`): the folder is created when missing, and the store is
        /// started first, which completes what an earlier run left unfinished.
        case readWrite
        /// It only reads it (`products`, `history`): the deployment is opened read-only, so the
        /// folder is not created when missing (it reads as empty), nothing in it is written or
        /// repaired (a torn tail is left for the next command that writes), it works on a folder
        /// that cannot be written, and the store is not started.
        case readOnly
        /// It shows what the person owns now (`entitlements`): like an app's launch it starts the
        /// store, which completes unfinished transactions and picks up what the store did
        /// meanwhile (renewals, ends, refunds), when there is a state folder it can write;
        /// otherwise (a missing folder, one it may not write) it reads what is recorded, as
        /// ``readOnly`` does.
        case readWriteIfPossible
    }

    var options: GlobalOptions
    /// The console the command's output goes to: once the catalog is read, in its deployment's language.
    var console: Console
    /// How the command uses the state folder.
    var access = Access.readWrite
    /// The plug-ins the deployment is opened with.
    var registry: ProviderRegistry = .builtIn
    /// The `--catalog` file as read for this command, once; `nil` until ``readCatalog()``.
    private(set) var catalog: CatalogLoadResult?

    /// Reads the `--catalog` file with the registry's checks, once for the command, and makes the
    /// console speak its deployment's language. Throws 66 or 74 when the file cannot be read (as
    /// `InputFile.checkCatalog` says) and 74 when one of its message tables is no regular file.
    @discardableResult
    mutating func readCatalog() throws(ToolError) -> CatalogLoadResult {
        if let catalog { return catalog }
        do {
            try InputFile.checkCatalog(options)
        } catch {
            if case .tool(let failure) = error { throw failure }
            throw ToolError(
                message: .fileUnreadable(options.catalogPath, reason: String(describing: error)), exitCode: .ioError)
        }
        let read = CatalogLoader(registry: registry).load(contentsOfFile: options.catalogPath)
        let language = ToolLocale.resolve(options, catalog: read)
        console = Console(language)
        if let failure = language.unreadableOverride { throw failure }
        catalog = read
        return read
    }

    /// Runs `body` on the open deployment; `body` prints its own output and returns the status.
    func run(
        _ body: @escaping @Sendable (PurchaseDeployment, Console) async throws(PurchaseError) -> ExitCode
    ) throws(ToolError) -> ExitCode {
        var session = self
        let catalog = try session.readCatalog()
        let (options, console, access, registry) = (options, session.console, access, registry)
        let outcome = BlockingTask.run { () -> Result<ExitCode, PurchaseError> in
            let deployment: PurchaseDeployment
            do {
                deployment = try Self.open(options, catalog: catalog, access: access, registry: registry)
            } catch {
                return .failure(Self.purchaseError(error))
            }
            let result: Result<ExitCode, PurchaseError>
            do {
                // Starting delivers unfinished transactions and records renewals: it writes.
                if !deployment.readOnly { try await deployment.start() }
                result = .success(try await body(deployment, console))
            } catch {
                result = .failure(Self.purchaseError(error))
            }
            await deployment.close()
            return result
        }
        switch outcome {
        case .success(let status): return status
        case .failure(let error): return session.report(error)
        }
    }

    /// Opens the deployment of `catalog`, the `--catalog` file as read, for `access`.
    private static func open(
        _ options: GlobalOptions, catalog: CatalogLoadResult, access: Access, registry: ProviderRegistry
    ) throws(PurchaseError)
        -> PurchaseDeployment
    {
        let state = URL(fileURLWithPath: options.stateDirectory, isDirectory: true)
        func open(readOnly: Bool) throws(PurchaseError) -> PurchaseDeployment {
            try PurchaseDeployment.open(
                catalogPath: options.catalogPath, read: catalog, stateDirectory: state, locale: options.locale,
                registry: registry, clock: SystemClock(), ledgerOptions: TestHooks.ledgerOptions, readOnly: readOnly,
                wrapLedger: TestHooks.wrap)
        }
        switch access {
        case .readWrite: return try open(readOnly: false)
        case .readOnly: return try open(readOnly: true)
        case .readWriteIfPossible:
            // Nothing to complete in a folder that does not exist, and nothing to create for it.
            guard FileManager.default.fileExists(atPath: state.path) else { return try open(readOnly: true) }
            do {
                return try open(readOnly: false)
            } catch {
                guard let journal = error.underlyingError as? JournalError, journal.code == .io,
                    let number = journal.errno, [EROFS, EACCES, EPERM].contains(number)
                else { throw error }
                // A folder this process may not write (a read-only mount, another user's): what is recorded.
                return try open(readOnly: true)
            }
        }
    }

    private static func purchaseError(_ error: any Error) -> PurchaseError {
        error as? PurchaseError ?? PurchaseError(.unknown, detail: String(describing: error), underlyingError: error)
    }

    /// Prints a failure that ended the command, in the console's language, and returns its status.
    func report(_ error: PurchaseError) -> ExitCode {
        if let failure = error.underlyingError as? ToolError {
            // The tool's own failure (standard output could not be written), not the purchase's.
            console.error(failure.message)
            return failure.exitCode
        }
        if let invalid = error.underlyingError as? CatalogValidationError {
            for diagnostic in invalid.diagnostics { console.diagnostic(diagnostic) }
            console.diagnostic("purchasekit: " + console.text(.toolInvalidCatalog(path: options.catalogPath)))
            return .dataError
        }
        if let journal = error.underlyingError as? JournalError {
            console.report(journal)
            return journal.code == .lockTimeout ? .temporaryFailure : .ioError
        }
        if let key = error.underlyingError as? ReceiptKeyError, let path = key.path {
            console.report(key, path: path)
            return .ioError
        }
        if let chain = error.underlyingError as? SigningChainError, let path = chain.path {
            console.report(chain, path: path)
            return .ioError
        }
        var line = "purchasekit: " + console.text(PurchaseCore.Message(error: error))
        if let detail = error.detail { line += " (\(detail))" }
        console.diagnostic(line)
        return Self.exitCode(for: error)
    }

    /// The status a failed operation exits with: 1 when the store or person refused, 75 when trying
    /// again may work, 74 for storage failures, 65 for an invalid catalog.
    static func exitCode(for error: PurchaseError) -> ExitCode {
        if let journal = error.underlyingError as? JournalError {
            return journal.code == .lockTimeout ? .temporaryFailure : .ioError
        }
        switch error.code {
        case .ledgerIOFailed: return .ioError
        case .catalogInvalid, .providerMisconfigured: return .dataError
        case .storeUnavailable, .purchaseInProgress, .verificationUnavailable: return .temporaryFailure
        case .unknown: return .internalError
        default: return .refused
        }
    }
}

extension PurchaseDeployment {
    /// The product's name in the deployment's locale.
    func displayName(of productID: String) -> String {
        catalog.product(withID: productID)?.localization(for: locale)?.displayName ?? productID
    }
}
