import Dispatch
import Foundation
import TestSupport
import Testing

/// The `purchasekit` tool run as a process (the test target depends on it, so it is built beside
/// the test bundle), waited for on a thread outside the cooperative pool.
enum ToolProcess {
    /// The package's root folder, found from this source file.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The default catalog's path.
    static let defaultCatalog = packageRoot.appendingPathComponent("Catalog/Default.plist").path

    static let executable: String? = {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates = [
            runner.deletingLastPathComponent().appendingPathComponent("purchasekit"),
            packageRoot.appendingPathComponent(".build/debug/purchasekit"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.path
    }()

    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `purchasekit arguments...` and waits for it; its output goes through files in `folder`.
    static func run(_ arguments: [String], folder: URL) async throws -> Result {
        let tool = try #require(executable, "build the purchasekit product first")
        let (out, err) = (folder.appendingPathComponent("stdout").path, folder.appendingPathComponent("stderr").path)
        try Data().write(to: URL(fileURLWithPath: out))
        try Data().write(to: URL(fileURLWithPath: err))
        let child = try ChildProcess(tool, arguments, standardOutput: .file(out), standardError: .file(err))
        let termination = await child.ended()
        let status: Int32
        switch termination {
        case .exit(let code): status = code
        case .signal(let signal): status = 128 + signal
        }
        return Result(
            status: status, stdout: try String(contentsOfFile: out, encoding: .utf8),
            stderr: try String(contentsOfFile: err, encoding: .utf8))
    }
}
