import Foundation
import TestSupport
import Testing

/// Runs the built `purchasekit` binary as a child process and captures what it prints.
struct ToolRunner {
    /// What one run produced.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutData: Data
    }

    /// The `purchasekit` executable built next to the test bundle (the test target depends on it).
    static let executable: URL? = {
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("purchasekit"))
        if let argument = CommandLine.arguments.first {
            candidates.append(
                URL(fileURLWithPath: argument).deletingLastPathComponent().appendingPathComponent("purchasekit")
            )
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/purchasekit"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The package's root folder, found from this source file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder this test process keeps its temporary folders in. Folders left by earlier test
    /// processes that have exited are removed when it is first used, so runs do not pile up files.
    static let runFolder: URL = {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("purchasekit-tool-tests")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix("run-") {
            if let pid = Int32(name.dropFirst(4)), kill(pid, 0) != 0 {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }
        return parent.appendingPathComponent("run-\(getpid())")
    }()

    /// A fresh temporary folder for one test, inside ``runFolder``.
    static func temporaryFolder() throws -> URL {
        let folder = runFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `purchasekit arguments...` (or `/bin/sh arguments...` when `shell` is true) in `folder`,
    /// feeding `stdin`, and waits for it to exit. A `wrapper` (a command and its arguments, such as
    /// `setpriv` and the user to become) runs the tool in its turn.
    ///
    /// Output goes through files rather than pipes, so a large output cannot fill a pipe and stall;
    /// `standardOutput`, when given, replaces the file for standard output (its result is then empty).
    static func run(
        _ arguments: [String],
        stdin: Data? = nil,
        in folder: URL? = nil,
        shell: Bool = false,
        wrapper: [String] = [],
        standardOutput: FileHandle? = nil
    ) throws -> Result {
        let tool = try #require(executable, "build the purchasekit product first")
        var executable = shell ? URL(fileURLWithPath: "/bin/sh") : tool
        var arguments = arguments
        if let command = wrapper.first {
            arguments = wrapper.dropFirst() + [executable.path] + arguments
            executable = URL(fileURLWithPath: command)
        }
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        let inURL = scratch.appendingPathComponent("stdin")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try (stdin ?? Data()).write(to: inURL)
        let process = try ChildProcess(
            executable.path, arguments, in: folder?.path, standardInput: .file(inURL.path),
            standardOutput: standardOutput.map { .descriptor($0.fileDescriptor) } ?? .file(outURL.path),
            standardError: .file(errURL.path))
        let status: Int32
        switch process.wait() {
        case .exit(let code): status = code
        case .signal(let signal): status = 128 + signal
        }
        let stdoutData = try Data(contentsOf: outURL)
        return Result(
            status: status,
            stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            stdoutData: stdoutData
        )
    }

    /// Writes `text` to a new file in a fresh temporary folder and returns its path.
    static func file(named name: String, containing text: String) throws -> String {
        let url = try temporaryFolder().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
