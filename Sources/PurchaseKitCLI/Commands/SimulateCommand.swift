import Foundation
import PurchaseCatalog
import PurchaseCore
import PurchaseKit

/// `purchasekit simulate SCENARIO`: runs a simulated App Store scenario and prints its observer
/// callbacks, store events and expectation results as JSON lines.
///
/// Exit status: 0 when every expectation holds, 1 when one fails (each failure is also written to
/// standard error as `path:line:column: error: message`), 65 for a malformed scenario or catalog, or a
/// catalog without a simulated App Store (`path:line:column: error: message`), 66
/// when the scenario or its catalog is missing, 74 when one of them cannot be read (a folder, no
/// permission, a catalog that is a FIFO or a device: the tool finds it by itself, so it does not wait
/// for a writer as it does for a scenario given as a FIFO) or standard output cannot be written. The App Store account goes to a fresh temporary
/// folder (removed afterwards) unless `--state` is given. At a terminal, a progress line on standard
/// error names the step running and how far hosted-content downloads are; standard output is the same
/// either way.
struct SimulateCommand {
    /// The scenario file.
    var path: String
    /// The state folder given with `--state`, if any.
    var stateDirectory: String?

    /// Takes exactly one scenario file.
    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        guard let path = arguments.positionals.first else { throw .usage(.missingFile(command: "simulate")) }
        guard arguments.positionals.count == 1 else { throw .usage(.tooManyFiles(command: "simulate")) }
        self.path = path
        self.stateDirectory = options.stateDirectory == GlobalOptions().stateDirectory ? nil : options.stateDirectory
    }

    /// Loads and runs the scenario.
    func run(console: Console) throws(ToolError) -> ExitCode {
        do {
            try InputFile.checkReadable(path)
        } catch {
            if case .tool(let failure) = error { throw failure }
            return .internalError
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioFile.load(path: path)
        } catch {
            switch error {
            case .missingFile(let missing):
                throw ToolError(message: .fileNotFound(missing), exitCode: .noInput)
            case .invalid(let problems):
                for problem in problems { console.diagnostic(console.text(problem)) }
                return .dataError
            case .invalidCatalog(let diagnostics):
                for diagnostic in diagnostics { console.diagnostic(diagnostic) }
                // A catalog that could not be read at all (a folder, no permission) is an I/O error, as
                // for `--catalog`.
                let unreadable = diagnostics.contains {
                    if case .unreadableFile = $0.problem { true } else { false }
                }
                return unreadable ? .ioError : .dataError
            }
        }
        let temporary = stateDirectory == nil
        let folder =
            stateDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "purchasekit-simulate-\(UUID().uuidString)", isDirectory: true)
        defer { if temporary { try? FileManager.default.removeItem(at: folder) } }
        let progress = ProgressLine()
        // The first write to standard output that failed; later lines are not tried.
        let writeFailure = WriteFailure()
        let runner = ScenarioRunner(
            stateDirectory: folder,
            output: { line in
                writeFailure.error.withLock { failure in
                    guard failure == nil else { return }
                    do throws(ToolError) {
                        try console.print(line + "\n")
                    } catch {
                        failure = error
                    }
                }
            },
            progress: { report in Self.show(report, on: progress, console: console) })
        let result = BlockingTask.run { () async -> Result<ScenarioReport, PurchaseError> in
            do throws(PurchaseError) {
                return .success(try await runner.run(scenario))
            } catch {
                return .failure(error)
            }
        }
        progress.finish()
        switch result {
        case .success(let report):
            for failure in report.problems { console.diagnostic(Self.line(for: failure, path: path, console: console)) }
            if let failure = writeFailure.error.withLock({ $0 }) { throw failure }
            return report.passed ? .success : .refused
        case .failure(let error):
            console.diagnostic("\(path): error: \(error.code.name): \(error.detail ?? "")")
            return error.code == PurchaseError.Code.providerMisconfigured ? .dataError : .ioError
        }
    }

    /// A failure as `path:line:column: error: sentence`, the sentence in the console's language (check
    /// names, step names and values stay as the scenario writes them).
    static func line(for failure: ScenarioFailure, path: String, console: Console) -> String {
        let prefix = "\(path):\(failure.line):\(failure.column): error: "
        switch failure.kind {
        case .expectation(let check, let expected, let actual):
            let message = PurchaseCore.Message.keyed(
                .toolSimulateExpectationFailed, arguments: [.text(check), .text(expected), .text(actual)])
            return prefix + console.text(message)
        case .step(let action, let problem):
            return prefix + "\(action): " + console.text(problem.messageText)
        }
    }

    /// Draws a scenario's progress on the line (which does nothing when not at a terminal).
    private static func show(_ report: ScenarioProgress, on line: ProgressLine, console: Console) {
        guard line.enabled else { return }
        switch report {
        case .step(let number, let total, let name):
            let message = PurchaseCore.Message.keyed(
                .toolProgressSimulating, arguments: [.integer(number), .integer(total), .text(name)])
            line.show(console.text(message))
        case .downloads(let downloads):
            let texts = downloads.map { download in
                let percent = Int((download.progress * 100).rounded(.down))
                let message = PurchaseCore.Message.keyed(
                    .toolProgressDownloading, arguments: [.text(download.contentIdentifier), .integer(percent)])
                return console.text(message)
            }
            line.show(texts.joined(separator: " · "))
        }
    }
}
