import Foundation
import PostgresLedger
import PurchaseCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Catalog/Server.plist` as README.md runs it: a purchase on the simulated StoreKit 2 store, then
/// `purchasekit-server` on that state folder and a PostgreSQL database, taking the purchase's signed
/// transaction once.
extension PostgresServerTests {
    @Suite struct ServerCatalogTests {
        static let account = "6F9619FF-8B86-D011-B42D-00CF4FC964FF"

        @Test func theServerCatalogDeliversAPostedSignedTransactionOnce() async throws {
            try await TestDatabase.with { database in
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "server-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let state = folder.appendingPathComponent("state").path
                let storeKit2 = ToolProcess.packageRoot.appendingPathComponent("Catalog/SimulatedStoreKit2.plist").path
                let tool = ["--catalog", storeKit2, "--state", state]
                let bought = try await ToolProcess.run(
                    tool + ["buy", "com.example.removeads", "--account", Self.account], folder: folder)
                #expect(bought.status == 0, "\(bought.stderr)")
                let history = try await ToolProcess.run(tool + ["history", "--json"], folder: folder)
                let rows = try #require(
                    try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
                let token = try #require(rows.first?["signedTransaction"] as? String)

                let server = try ServerChild(
                    catalog: ToolProcess.packageRoot.appendingPathComponent("Catalog/Server.plist").path, state: state,
                    environment: [
                        "PURCHASEKIT_DATABASE_URL": database.connectionString, "PURCHASEKIT_SERVER_API_KEY": "demo",
                    ],
                    folder: folder)
                let port = try await server.port()
                let body = try JSONSerialization.data(withJSONObject: [
                    "signedTransaction": token, "appAccountToken": Self.account,
                ])
                var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/v1/transactions")!)
                request.httpMethod = "POST"
                request.httpBody = body
                request.setValue("Bearer demo", forHTTPHeaderField: "Authorization")
                for delivered in [true, false] {
                    let (data, response) = try await URLSession.shared.data(for: request)
                    #expect(
                        (response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
                    let answer = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                    #expect(answer["delivered"] as? Bool == delivered)
                    #expect(answer["entitlements"] as? [String] == ["no-ads"])
                }
                server.child.send(SIGTERM)
                #expect(await server.child.ended() == .exit(0))
                let ledger = try await database.ledger()
                #expect(try await ledger.contents().deliveries.map(\.productID) == ["com.example.removeads"])
                await ledger.close()
            }
        }
    }
}

/// The built `purchasekit-server` as a child on an ephemeral loopback port.
struct ServerChild {
    let child: ChildProcess
    let log: String

    init(catalog: String, state: String, environment: [String: String], folder: URL) throws {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let executable = runner.deletingLastPathComponent().appendingPathComponent("purchasekit-server").path
        log = folder.appendingPathComponent("server-\(UUID().uuidString).log").path
        child = try ChildProcess(
            executable, ["--catalog", catalog, "--state", state, "--listen", "127.0.0.1:0"],
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
            standardError: .file(log))
    }

    /// The port from the line the server prints once listening (waiting at most a minute).
    func port() async throws -> Int {
        for _ in 0..<6000 where child.isRunning {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: /listening on 127\.0\.0\.1:(\d+)/), let port = Int(match.output.1) {
                return port
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        child.kill()
        Issue.record("the server did not listen: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        throw CancellationError()
    }
}
