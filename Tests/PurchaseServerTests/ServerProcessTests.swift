import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `purchasekit-server` as a child process: it serves, and SIGTERM lets the request in
/// flight finish before it exits 0.
struct ServerProcessTests {
    /// The executable built next to the test bundle (the test target depends on it).
    static let executable: URL? = {
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("purchasekit-server"))
        if let argument = CommandLine.arguments.first {
            candidates.append(
                URL(fileURLWithPath: argument).deletingLastPathComponent().appendingPathComponent("purchasekit-server"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    @Test func sigtermAnswersTheRequestInFlightThenExitsZero() async throws {
        let executable = try #require(Self.executable)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "server-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try ServerFixture.writeCatalog(in: folder, maximumBodyBytes: 65536)
        let log = folder.appendingPathComponent("stderr.log").path
        var environment = ProcessInfo.processInfo.environment
        environment["TEST_SERVER_KEY"] = ServerFixture.apiKey
        let child = try ChildProcess(
            executable.path,
            ["--catalog", catalog, "--state", folder.appendingPathComponent("state").path, "--listen", "127.0.0.1:0"],
            environment: environment, standardError: .file(log))
        defer { if child.isRunning { child.kill() } }

        // The port, from the line it prints once listening (bounded: the process may also fail).
        var port: Int?
        for _ in 0..<3000 where port == nil && child.isRunning {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: /listening on 127\.0\.0\.1:(\d+)/) { port = Int(match.output.1) }
            if port == nil { try await Task.sleep(for: .milliseconds(10)) }
        }
        let listening = try #require(port, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")

        let health = try await RawClient.exchange(
            port: listening, first: "GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(health.hasPrefix("HTTP/1.1 200"))

        // A spend whose headers the server has read (it answered 100 Continue) and whose body has not
        // arrived yet is in flight when SIGTERM comes.
        let account = UUID().uuidString
        let body = "{\"quantity\": 5}"
        let head =
            "POST /v1/accounts/\(account)/balances/gems/spend HTTP/1.1\r\nHost: t\r\nConnection: close\r\n"
            + "Authorization: Bearer \(ServerFixture.apiKey)\r\nContent-Type: application/json\r\n"
            + "Expect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        let answer = try await RawClient.exchange(
            port: listening, first: head, awaitContinue: true,
            between: {
                child.send(SIGTERM)
                // Once it takes no new connection, the server is shutting down.
                var refused = false
                for _ in 0..<3000 where !refused {
                    refused = RawClient.isRefused(port: listening)
                    if !refused { usleep(10_000) }
                }
                #expect(refused)
            }, rest: body)
        #expect(answer.hasPrefix("HTTP/1.1 409"), "\(answer)")
        #expect(answer.contains("\"insufficientBalance\""))
        // The process ends once the answer is sent; wait for it on a thread of its own.
        let ending = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: child.wait(limit: .seconds(60))) }.start()
        }
        #expect(ending == .exit(0))
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(text.contains("\"POST /v1/accounts/\(account)/balances/gems/spend\" 409 "))
    }
}

/// A blocking socket client run on a thread of its own (never on the cooperative pool).
enum RawClient {
    struct Failure: Error {
        var reason: String
        var code: Int32 = 0
    }

    static func isRefused(port: Int) -> Bool {
        do {
            close(try connect(port: port))
            return false
        } catch {
            return error.code == ECONNREFUSED
        }
    }

    /// Sends `first` (and with `awaitContinue` reads the interim `100 Continue`), runs `between`, sends
    /// `rest`, then reads to the end of the connection.
    static func exchange(
        port: Int, first: String, awaitContinue: Bool = false, between: @escaping @Sendable () -> Void = {},
        rest: String = ""
    ) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        let socket = try connect(port: port)
                        defer { close(socket) }
                        try send(first, socket)
                        if awaitContinue {
                            let interim = try readHead(socket)
                            guard interim.hasPrefix("HTTP/1.1 100") else { throw Failure(reason: interim) }
                        }
                        between()
                        try send(rest, socket)
                        var received = Data()
                        var buffer = [UInt8](repeating: 0, count: 4096)
                        while true {
                            let count = recv(socket, &buffer, buffer.count, 0)
                            if count <= 0 { break }
                            received.append(buffer, count: count)
                        }
                        return String(decoding: received, as: UTF8.self)
                    })
            }.start()
        }
    }

    /// Reads one response head, byte by byte, through its blank line.
    private static func readHead(_ socket: Int32) throws -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while !bytes.reversed().starts(with: [10, 13, 10, 13]) {
            guard recv(socket, &byte, 1, 0) == 1 else {
                throw Failure(reason: "no interim answer: \(String(decoding: bytes, as: UTF8.self))")
            }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func send(_ text: String, _ socket: Int32) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw Failure(reason: "send failed: \(errno)") }
            offset += sent
        }
    }

    private static func connect(port: Int) throws(Failure) -> Int32 {
        do {
            return try LoopbackSocket.connect(port: port, timeout: 30)
        } catch {
            throw Failure(reason: "connect", code: error.code)
        }
    }
}

/// The command line's refusals, in the catalog's language, with exit status 64.
struct ServerUsageTests {
    /// Runs the executable with `arguments` and answers its exit and standard error.
    static func run(_ arguments: [String], in folder: URL) async throws -> (ChildProcess.Termination, String) {
        let executable = try #require(ServerProcessTests.executable)
        let log = folder.appendingPathComponent("usage-\(UUID().uuidString).log").path
        let child = try ChildProcess(executable.path, arguments, standardError: .file(log))
        let ending = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: child.wait(limit: .seconds(60))) }.start()
        }
        return (ending, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    @Test func usageErrorsExit64InTheCatalogsLanguage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-usage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let english = try ServerFixture.writeCatalog(in: folder, maximumBodyBytes: 65536)
        let japanese = folder.appendingPathComponent("ja.plist").path
        try String(contentsOfFile: english, encoding: .utf8)
            .replacingOccurrences(of: "<string>en_US</string>", with: "<string>ja_JP</string>")
            .write(toFile: japanese, atomically: true, encoding: .utf8)

        let unknown = try await Self.run(["--catalog", english, "--bogus"], in: folder)
        #expect(unknown.0 == .exit(64))
        #expect(unknown.1.contains("purchasekit-server: unknown option --bogus\n"))
        #expect(unknown.1.contains("usage: purchasekit-server [--catalog FILE]"))
        let missing = try await Self.run(["--catalog", japanese, "--listen"], in: folder)
        #expect(missing.0 == .exit(64))
        #expect(missing.1.contains("オプション --listen には値が必要です"))
        let listen = try await Self.run(["--catalog", japanese, "--listen", "nowhere"], in: folder)
        #expect(listen.0 == .exit(64))
        #expect(listen.1.contains("nowhere は待ち受けるアドレス"))
        let help = try await Self.run(["--help"], in: folder)
        #expect(help.0 == .exit(0))
        let absent = try await Self.run(["--catalog", folder.appendingPathComponent("none.plist").path], in: folder)
        #expect(absent.0 == .exit(66))
        let broken = folder.appendingPathComponent("broken.plist").path
        try "<plist><dict><key>CatalogVersion</key></dict>".write(toFile: broken, atomically: true, encoding: .utf8)
        let invalid = try await Self.run(["--catalog", broken], in: folder)
        #expect(invalid.0 == .exit(65))
        #expect(invalid.1.contains("broken.plist:"))
    }
}
