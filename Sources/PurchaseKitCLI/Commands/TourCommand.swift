import Foundation
import PurchaseKit

/// `purchasekit tour`: a guided, localized walk through the deployment of the `--catalog` file
/// (default `Catalog/Default.plist`) with the real purchase flow; see ``TourGuide`` for the steps and
/// the code paths behind them. The catalog sells through the file store alone, or through several
/// stores (`Catalog/MultiStore.plist`), when the tour buys through each (``TourGuide/runStores(emit:)``).
///
/// The purchases go to a fresh temporary state folder, removed at the end, unless `--state` is given;
/// the fresh install always uses a temporary folder, so nothing is left in the working folder. Prints
/// the narration and the message a person would see at each step, or with `--json` one JSON line per
/// step. Exits 0 when the tour ran to its end, 65 for a catalog the tour cannot use, 66 for a missing
/// catalog, 74/75 for storage failures.
struct TourCommand {
    var options: GlobalOptions
    /// The plug-ins deployments and catalogs are read with (the tool's, `ProviderRegistry.builtIn` by default).
    var registry: ProviderRegistry = .builtIn

    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        if let extra = arguments.positionals.first { throw .usage(.unexpectedArgument(extra, command: "tour")) }
        self.options = options
    }

    func run(console: Console, terminal: Terminal = .current) throws(ToolError) -> ExitCode {
        var session = DeploymentSession(options: options, console: console, registry: registry)
        let read = try session.readCatalog()
        let catalog: Catalog
        do {
            catalog = try read.get()
        } catch {
            return session.report(PurchaseError(.catalogInvalid, underlyingError: error))
        }
        let console = session.console
        let path = options.catalogPath
        // One store: the file store's tour (Ask to Buy needs it); several: a purchase through each.
        let providers = catalog.deployment.providers
        guard providers.count > 1 || providers.first?.kind == .file else {
            let kinds = catalog.deployment.providers.map(\.kind.rawValue).joined(separator: ", ")
            console.diagnostic(
                "purchasekit: " + console.text(.keyed(.toolTourNeedsFileStore, arguments: [.text(path), .text(kinds)])))
            return .dataError
        }

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "purchasekit-tour-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let state =
            options.stateDirectoryGiven
            ? URL(fileURLWithPath: options.stateDirectory, isDirectory: true)
            : scratch.appendingPathComponent("device", isDirectory: true)
        let locale = options.locale ?? catalog.deployment.locale
        guard
            let plan = TourPlan(
                catalog: catalog, locale: locale, stateDirectory: state,
                freshInstallDirectory: scratch.appendingPathComponent("fresh-install", isDirectory: true))
        else {
            console.diagnostic("purchasekit: " + console.text(.keyed(.toolTourNeedsProducts, arguments: [.text(path)])))
            return .dataError
        }

        let json = options.json
        let style = terminal.style(json: json)
        if !json {
            var intro = style.bold(console.text(.keyed(.toolTourIntro, arguments: [.text(catalog.deployment.name)])))
            let folder: MessageKey =
                options.stateDirectoryGiven ? .toolTourStateKept : .toolTourStateTemporary
            intro += "\n" + console.text(.keyed(folder, arguments: [.text(state.path)])) + "\n"
            try console.print(intro)
        }
        let guide = TourGuide(plan: plan, locale: options.locale, console: console, registry: registry)
        let writeFailure = WriteFailure()
        let outcome = BlockingTask.run { () -> Result<Void, PurchaseError> in
            await Self.walk(guide, json: json, style: style, console: console, writeFailure: writeFailure)
        }
        if let failure = writeFailure.error.withLock({ $0 }) { throw failure }
        if case .failure(let error) = outcome { return session.report(error) }
        if !json {
            let done =
                options.stateDirectoryGiven
                ? console.text(.keyed(.toolTourDoneKept, arguments: [.text(options.stateDirectory)]))
                : console.text(.keyed(.toolTourDoneTemporary, arguments: []))
            try console.print("\n" + style.bold(done) + "\n")
        }
        return .success
    }
}

extension TourCommand {
    /// Runs the guide, printing each step as it is done.
    fileprivate static func walk(
        _ guide: TourGuide, json: Bool, style: TextStyle, console: Console, writeFailure: WriteFailure
    ) async -> Result<Void, PurchaseError> {
        let counter = StepCounter()
        do throws(PurchaseError) {
            try await guide.run { (step: TourStep) throws(PurchaseError) in
                let number = await counter.next()
                let text = json ? step.jsonLine : step.text(number: number, of: guide.stepCount, style: style)
                do throws(ToolError) {
                    try console.print(text)
                } catch let failure {
                    // Standard output is gone (a closed pipe): stop, and report it as the write failure it is.
                    writeFailure.error.withLock { $0 = failure }
                    throw PurchaseError(.ledgerIOFailed, detail: "cannot write to standard output")
                }
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}

/// Numbers the tour's steps as they are printed.
private actor StepCounter {
    private var count = 0

    func next() -> Int {
        count += 1
        return count
    }
}
