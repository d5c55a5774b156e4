import Foundation
import TestSupport

/// A `journal-torture` child process whose output goes to a file, so it never blocks on a pipe.
final class TortureChild {
    let process: ChildProcess
    let outputURL: URL

    /// The `journal-torture` executable built next to the test bundle.
    static var executableURL: URL {
        get throws {
            let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            return URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("journal-torture")
        }
    }

    init(_ arguments: [String], outputDirectory: URL) throws {
        outputURL = outputDirectory.appendingPathComponent("child-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        process = try ChildProcess(try Self.executableURL.path, arguments, standardOutput: .file(outputURL.path))
    }

    func kill() {
        process.kill()
    }

    /// Waits for the child to end and returns the complete lines it printed.
    func finish() throws -> [String] {
        process.wait()
        let text = try String(contentsOf: outputURL, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A child killed mid-line leaves a partial last line; only lines ending in a newline count.
        lines.removeLast()
        return lines
    }

    /// The acknowledged values among `lines`.
    static func values(_ lines: [String]) -> [UInt64] {
        lines.compactMap { UInt64($0) }
    }
}
