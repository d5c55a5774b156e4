import AppStoreSignedData
import Foundation
import PurchaseCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Several `purchasekit-server` processes on one PostgreSQL database: a catalog whose ledger is
/// `postgres` (its connection string in an environment variable the children get) and whose `Server`
/// settings trust a signing chain the test made; a state folder per server; each child on an
/// ephemeral loopback port, learnt from the line it prints once listening. A server can be killed and
/// started again on a new port, which ``port(of:)`` then answers.
final class FaultCluster: Sendable {
    static let apiKey = "fault-key-0123456789"
    static let apiKeyVariable = "PURCHASEKIT_FAULT_SERVER_KEY"
    static let bundleID = "com.example.app"
    /// The chain signing every transaction and notification the clients post.
    static let identity = try! SigningIdentity.make(environment: "Sandbox")
    static let signer = try! JWSSigner(privateKey: identity.leafPrivateKey, certificateChain: identity.certificateChain)

    /// The built `purchasekit-server`, next to the test bundle (the test target depends on it).
    static let executable: String? = {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var candidates = [runner.deletingLastPathComponent().appendingPathComponent("purchasekit-server").path]
        if let argument = CommandLine.arguments.first {
            candidates.append(
                URL(fileURLWithPath: argument).deletingLastPathComponent().appendingPathComponent("purchasekit-server")
                    .path)
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// One server: its process while it runs and the port it listens on.
    private struct Slot {
        var child: ChildProcess?
        var port: Int?
        var starts = 0
        /// Processes of this slot the test killed, which may end as killed.
        var killed: [ChildProcess] = []
    }

    let folder: URL
    let catalogPath: String
    /// The variable the catalog's `ConnectionStringVariable` names.
    let ledgerVariable: String
    private let environment: [String: String]
    private let slots: Locked<[Slot]>

    /// Writes the catalog and the root certificate into a new folder; starts no server.
    init(databaseURL: String, servers: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        ledgerVariable = "PURCHASEKIT_FAULT_LEDGER_" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        catalogPath = try Self.writeCatalog(in: folder, ledgerVariable: ledgerVariable)
        var environment = ProcessInfo.processInfo.environment
        environment[ledgerVariable] = databaseURL
        environment[Self.apiKeyVariable] = Self.apiKey
        self.environment = environment
        slots = Locked(Array(repeating: Slot(), count: servers))
    }

    var count: Int { slots.withLock { $0.count } }

    /// The port server `index` listens on, or nil while it is down.
    func port(of index: Int) -> Int? {
        slots.withLock { $0[index].port }
    }

    /// Starts server `index` (again) with its own state folder, and waits until it listens.
    func start(_ index: Int) async throws {
        let executable = try #require(Self.executable, "build the purchasekit-server product first")
        let starts = slots.withLock { slots in
            slots[index].starts += 1
            return slots[index].starts
        }
        let log = folder.appendingPathComponent("server-\(index)-\(starts).log").path
        let state = folder.appendingPathComponent("state-\(index)").path
        let child = try ChildProcess(
            executable, ["--catalog", catalogPath, "--state", state, "--listen", "127.0.0.1:0"],
            environment: environment, standardOutput: .file("/dev/null"), standardError: .file(log))
        var port: Int?
        for _ in 0..<6000 where port == nil && child.isRunning {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: /listening on 127\.0\.0\.1:(\d+)/) { port = Int(match.output.1) }
            if port == nil { try await Task.sleep(for: .milliseconds(10)) }
        }
        guard let port else {
            child.kill()
            _ = await child.ended()
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            Issue.record("server \(index) did not start listening: \(text)")
            throw FaultClusterError.serverDidNotStart(index)
        }
        slots.withLock { slots in
            slots[index].child = child
            slots[index].port = port
        }
    }

    /// SIGKILLs server `index` and waits for its end; clients see it down until ``start(_:)``.
    func kill(_ index: Int) async {
        let child = slots.withLock { slots -> ChildProcess? in
            slots[index].port = nil
            defer { slots[index].child = nil }
            if let child = slots[index].child { slots[index].killed.append(child) }
            return slots[index].child
        }
        guard let child else { return }
        child.kill()
        _ = await child.ended()
    }

    /// The servers that ended without being killed, with how they ended.
    func unexpectedEnds() -> [String] {
        slots.withLock { slots in
            slots.enumerated().compactMap { index, slot in
                guard let child = slot.child, let ending = child.termination else { return nil }
                return "server \(index) ended \(ending)"
            }
        }
    }

    /// SIGTERMs every running server and answers how each ended (each should exit 0).
    func stop() async -> [ChildProcess.Termination] {
        let children = slots.withLock { slots in
            defer { for index in slots.indices { slots[index].port = nil } }
            return slots.compactMap(\.child)
        }
        var endings: [ChildProcess.Termination] = []
        for child in children {
            child.send(SIGTERM)
            endings.append(await child.ended(limit: .seconds(120)))
        }
        return endings
    }

    /// What the servers wrote to standard error, for a failure's message (the last lines only).
    func logTail(lines: Int = 20) -> String {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".log") }.sorted().map { name in
            let text = (try? String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8)) ?? ""
            return "== \(name)\n" + text.split(separator: "\n").suffix(lines).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// SIGKILLs every server still running, without waiting: the cleanup of a test that stopped early.
    func killRemaining() {
        let children = slots.withLock { slots in slots.compactMap(\.child) }
        for child in children { child.kill() }
    }

    /// Removes the folder (state folders, logs, catalog).
    func removeFolder() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// `Catalog/Default.plist` with the `postgres` ledger named by `ledgerVariable` and a `Server` dict
    /// trusting ``identity``'s root (Sandbox, ``bundleID``) and taking the key from ``apiKeyVariable``.
    static func writeCatalog(in folder: URL, ledgerVariable: String) throws -> String {
        try CertificateFile.pemText(of: [identity.rootCertificate]).write(
            to: folder.appendingPathComponent("root.pem"), atomically: true, encoding: .utf8)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Catalog/Default.plist")
        var text = try String(contentsOf: source, encoding: .utf8)
        let storefront = try #require(text.range(of: "\t\t<key>Storefront</key>\n"))
        text.insert(
            contentsOf: """
                \t\t<key>Ledger</key>
                \t\t<dict><key>Kind</key><string>postgres</string><key>Settings</key><dict>
                \t\t\t<key>ConnectionStringVariable</key><string>\(ledgerVariable)</string>
                \t\t\t<key>PoolSize</key><integer>4</integer>
                \t\t</dict></dict>

                """, at: storefront.lowerBound)
        let locale = try #require(text.range(of: "<key>Locale</key>\n\t\t<string>en_US</string>\n"))
        text.insert(
            contentsOf: """
                \t\t<key>Server</key>
                \t\t<dict>
                \t\t\t<key>APIKeyVariable</key><string>\(apiKeyVariable)</string>
                \t\t\t<key>AppStoreRootFiles</key><array><string>root.pem</string></array>
                \t\t\t<key>AppStoreEnvironment</key><string>Sandbox</string>
                \t\t\t<key>AppStoreBundleID</key><string>\(bundleID)</string>
                \t\t</dict>

                """, at: locale.upperBound)
        let path = folder.appendingPathComponent("Server.plist").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

enum FaultClusterError: Error {
    case serverDidNotStart(Int)
}
