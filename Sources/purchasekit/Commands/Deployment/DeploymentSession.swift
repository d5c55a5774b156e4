import Foundation
import PurchaseKit

/// Opens the deployment the global options name for one buying command, runs the command's async
/// body, closes the deployment, and turns failures into the tool's messages and exit statuses.
///
/// Exit statuses: 66 missing catalog, 65 invalid catalog (every diagnostic printed), 74 when the
/// state folder cannot be used, a journal is damaged (the message names the file and byte offset) or
/// the simulated App Store's receipt key file cannot be used (the message names it), 75 when another
/// process holds the state folder too long.
struct DeploymentSession {
    var options: GlobalOptions
    var console: Console

    /// Runs `body` on the open deployment; `body` prints its own output and returns the status.
    func run(
        _ body: @escaping @Sendable (PurchaseDeployment, Console) async throws(PurchaseError) -> ExitCode
    ) throws(ToolError) -> ExitCode {
        do {
            try InputFile.checkReadable(options.catalogPath)
        } catch {
            if case .tool(let failure) = error { throw failure }
            return .internalError
        }
        let options = options
        let console = console
        let outcome = BlockingTask.run { () -> Result<ExitCode, PurchaseError> in
            let deployment: PurchaseDeployment
            do {
                // The catalog as read to find the language, when it is this one: read once a run.
                let read = console.catalogRead.flatMap { $0.path == options.catalogPath ? $0.result : nil }
                deployment = try PurchaseDeployment.open(
                    catalogPath: options.catalogPath, read: read,
                    stateDirectory: URL(fileURLWithPath: options.stateDirectory, isDirectory: true),
                    locale: options.locale, registry: .builtIn, clock: SystemClock(),
                    ledgerOptions: TestHooks.ledgerOptions, wrapLedger: TestHooks.wrap)
            } catch {
                return .failure(Self.purchaseError(error))
            }
            let result: Result<ExitCode, PurchaseError>
            do {
                await deployment.store.start()
                result = .success(try await body(deployment, console))
            } catch {
                result = .failure(Self.purchaseError(error))
            }
            await deployment.close()
            return result
        }
        switch outcome {
        case .success(let status): return status
        case .failure(let error): return report(error)
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
            console.error(.toolIOError(path: path))
            console.diagnostic(
                "\(path): error: " + console.text(.keyed(.toolReceiptKeyUnusable, arguments: [.text(key.reason)])))
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
