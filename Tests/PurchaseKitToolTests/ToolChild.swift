import Foundation
import TestSupport
import Testing

/// A `purchasekit` child process started without waiting, with its own environment, so tests can
/// run several at once and kill them.
final class ToolChild {
    let process: ChildProcess
    let outURL: URL
    let errURL: URL

    init(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws {
        let tool = try #require(ToolRunner.executable, "build the purchasekit product first")
        outURL = folder.appendingPathComponent("child-\(UUID().uuidString).out")
        errURL = folder.appendingPathComponent("child-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process = try ChildProcess(
            tool.path, arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
            in: folder.path, standardOutput: .file(outURL.path), standardError: .file(errURL.path))
    }

    func kill() {
        process.kill()
    }

    /// Waits for the end; the status, or `nil` when a signal ended it.
    func wait() -> Int32? {
        if case .exit(let status) = process.wait() { return status }
        return nil
    }

    var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

    /// Runs to the end and returns (status or nil when killed, stdout, stderr).
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> (
        status: Int32?, stdout: String, stderr: String
    ) {
        let child = try ToolChild(arguments, in: folder, environment: environment)
        let status = child.wait()
        return (status, child.stdout, child.stderr)
    }
}

/// Shared setup of the buying-command tests: a scratch folder with the default catalog, and JSON helpers.
struct BuyingFixture {
    let folder: URL
    let catalog: String

    init() throws {
        folder = try ToolRunner.temporaryFolder()
        catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/Default.plist").path
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    var state: URL { folder.appendingPathComponent("state") }

    /// `purchasekit --catalog <default> --state <state> arguments...`.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32?, stdout: String, stderr: String
    ) {
        try ToolChild.run(base + arguments, in: folder, environment: environment)
    }

    var base: [String] { ["--catalog", catalog, "--state", state.path] }

    /// The JSON value a command printed.
    func json(_ arguments: [String]) throws -> Any {
        let result = try run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// The `gems` balance `entitlements --json` reports.
    func gems() throws -> Int {
        let object = try #require(try json(["entitlements"]) as? [String: Any])
        let balances = try #require(object["balances"] as? [String: Any])
        return balances["gems"] as? Int ?? 0
    }

    /// `history --json`.
    func history() throws -> [[String: Any]] {
        try #require(try json(["history"]) as? [[String: Any]])
    }
}
