import Foundation
import Glibc

/// A `purchasekit-server` child process on 127.0.0.1 with an ephemeral port, its standard error
/// (the access log) in a file of its folder.
final class ServerChild {
    let process: Process
    let port: Int
    let logPath: String

    /// The `purchasekit-server` built next to this executable.
    static var executable: String {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return own.deletingLastPathComponent().appendingPathComponent("purchasekit-server").path
    }

    /// Starts the server on `catalog` with the state folder `state`, and waits (at most 60 seconds)
    /// for the line saying where it listens.
    init(catalog: String, state: String, environment extra: [String: String], folder: URL) throws {
        logPath = folder.appendingPathComponent("server.log").path
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["--catalog", catalog, "--state", state, "--listen", "127.0.0.1:0"]
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in extra { environment[name] = value }
        process.environment = environment
        process.standardError = log
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var found: Int?
        for _ in 0..<6000 where found == nil && process.isRunning {
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: /listening on 127\.0\.0\.1:(\d+)/) { found = Int(match.output.1) }
            if found == nil { usleep(10_000) }
        }
        guard let found else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw KeepAliveClient.Failure(description: "purchasekit-server did not start:\n\(text)")
        }
        port = found
    }

    /// Sends SIGTERM and waits (at most 60 seconds, then SIGKILL) for the process to end.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        for _ in 0..<6000 where process.isRunning { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
