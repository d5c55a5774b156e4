import AppStoreSignedData
import Foundation
import PurchaseCore

/// `purchasekit jws inspect FILE [--root FILE]... [--bundle-id ID] [--environment ENV] [--json]`:
/// decodes a compact JWS (App Store signed data) and verifies it against the trusted roots.
///
/// Exit 0 when it verified; 1 when it decoded but did not verify (no root given, or the reason
/// printed); 65 when it is not a compact JWS with a JSON object payload (`path: error: message`) or a
/// root file holds no certificate; 66 for a missing file. Without `--bundle-id` and `--environment`
/// only the algorithm, chain and signature are checked.
struct JWSInspectCommand {
    /// The token's file (`-` for standard input).
    var path: String
    /// The roots and claims.
    var options: SignedDataOptions
    /// Whether to print JSON.
    var json: Bool

    /// Takes exactly one file.
    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        guard let path = arguments.positionals.first else { throw .usage(.missingFile(command: "jws inspect")) }
        guard arguments.positionals.count == 1 else { throw .usage(.tooManyFiles(command: "jws inspect")) }
        self.path = path
        self.options = SignedDataOptions(arguments)
        self.json = options.json
    }

    /// Reads, decodes, verifies and prints.
    func run(console: Console) throws(ToolError) -> ExitCode {
        guard let token = try SignedDataInput.read(path, console: console) else { return .dataError }
        let verifier: SignedDataVerifier?
        do {
            verifier = try options.verifier(console: console)
        } catch {
            switch error {
            case .tool(let failure): throw failure
            case .reported: return .dataError
            }
        }
        let report: SignedTokenReport
        do {
            report = try SignedTokenReport(
                token: token.trimmingCharacters(in: .whitespacesAndNewlines), verifier: verifier,
                expectedBundleID: options.bundleID, expectedEnvironment: options.environment)
        } catch {
            SignedDataInput.refuse(path, .keyed(.toolJWSMalformed, arguments: [.text(error.reason)]), console)
            return .dataError
        }
        if json {
            try SignedDataInput.printJSON(report.json(console: console), console: console)
        } else {
            try console.print(report.text(console: console, roots: options.rootPaths) + "\n")
        }
        return report.verified ? .success : .refused
    }
}
