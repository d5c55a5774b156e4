// Deliveries per second through `purchasekit-server`, with the file ledger and with the postgres
// ledger, against pgbench's single-row insert on the same PostgreSQL server, in one run.
//
// For each ledger it starts the release `purchasekit-server` as a child process on 127.0.0.1 (the
// file ledger in a state folder of its own; the postgres ledger in a fresh database), trusting a
// signing chain made here, and posts distinct pre-signed consumable transactions to
// `POST /v1/transactions` from 1, 8 and 64 clients, each a keep-alive HTTP/1.1 connection on a
// thread of its own: over many accounts, and all to one account. The same clients time `GET /metrics`
// (no ledger work: the HTTP layer's cost), `GET /healthz` (one ledger read) and the entitlements of
// the accounts delivered to (`GET /v1/accounts/{token}/entitlements`, the read each delivery's answer
// makes), and, first, a trivial responder in this process (the client's own ceiling). After pgbench at
// each N, the same number of callers in this process record deliveries straight through the postgres
// ledger (no HTTP, no verification, no entitlements read): the ledger's own rate. pgbench runs
// `INSERT ... ON CONFLICT DO NOTHING` of a random key into a table with a primary key,
// `-n -c N -j min(N, 2) -T seconds`, synchronous commit on, just before the postgres ledger's
// deliveries at the same N.
//
// Usage: Scripts/with-postgres.sh .build/release/server-benchmarks
//            [--seconds S] [--count N] [--clients 1,8,64] [--pool-size P] [--accounts A] [--handler-threads T]
//        (defaults: 5 seconds and at most 20,000 requests a case, pool size 16, 10,000 accounts, the
//        server's 32 handler threads)
// Without PURCHASEKIT_POSTGRES_URL only the file ledger runs.
import BenchmarkSupport
import Foundation
import Glibc

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let seconds = option("--seconds").flatMap(Double.init) ?? 5
let maximumCount = option("--count").flatMap(Int.init) ?? 20_000
let clientCounts = (option("--clients") ?? "1,8,64").split(separator: ",").compactMap { Int($0) }
let poolSize = option("--pool-size").flatMap(Int.init) ?? 16
let handlerThreads = option("--handler-threads").flatMap(Int.init) ?? 32
let accountCount = option("--accounts").flatMap(Int.init) ?? 10_000
let environment = ProcessInfo.processInfo.environment
let postgres = PostgresTools(environment: environment)

signal(SIGPIPE, SIG_IGN)
let apiKey = "benchmark-key-0123456789"
let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "server-benchmarks-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

let deliveries = try SignedDeliveries(apiKey: apiKey)
try deliveries.writeRoot(to: folder.appendingPathComponent("root.pem").path)

/// The default catalog with a `Server` dict trusting the chain, and `ledger` (a `Ledger` dict's
/// text, or nothing for the file ledger).
@MainActor
func writeCatalog(named name: String, ledger: String) throws -> String {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Catalog/Default.plist")
    var text = try String(contentsOf: source, encoding: .utf8)
    let anchor = "<key>Locale</key>\n\t\t<string>en_US</string>\n"
    guard let range = text.range(of: anchor) else {
        throw KeepAliveClient.Failure(description: "Catalog/Default.plist has no Locale line")
    }
    text.insert(
        contentsOf: """
            \t\t<key>Server</key>
            \t\t<dict>
            \t\t\t<key>APIKeyVariable</key><string>BENCHMARK_SERVER_KEY</string>
            \t\t\t<key>HandlerThreads</key><integer>\(handlerThreads)</integer>
            \t\t\t<key>AppStoreRootFiles</key><array><string>root.pem</string></array>
            \t\t\t<key>AppStoreEnvironment</key><string>Sandbox</string>
            \t\t\t<key>AppStoreBundleID</key><string>\(SignedDeliveries.bundleID)</string>
            \t\t</dict>
            \(ledger)
            """, at: range.upperBound)
    let path = folder.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

// MARK: - Output

func padded(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
func rateText(_ rate: Double) -> String { String(format: "%9.0f/s", rate) }
func latencyText(_ result: LoadResult) -> String {
    String(format: "p50 %7.0f µs  p99 %7.0f µs", result.percentile(0.5), result.percentile(0.99))
}

/// One measured case, printed as it ends and kept for the summary.
struct Row {
    var ledger: String
    var what: String
    var clients: Int
    var result: LoadResult
}
var rows: [Row] = []
var pgbenchRates: [Int: Double] = [:]

@MainActor
func report(_ ledger: String, _ what: String, _ clients: Int, _ result: LoadResult) {
    BenchmarkProgress.clear()
    rows.append(Row(ledger: ledger, what: what, clients: clients, result: result))
    var line =
        padded(ledger, 9) + padded(what, 30) + String(format: "%3d clients ", clients) + rateText(result.rate)
        + String(format: " %7.1f µs/req  ", 1e6 / max(result.rate, 1e-9)) + latencyText(result)
        + String(format: "  (%d in %.1f s)", result.succeeded, result.seconds)
    if let pgbench = pgbenchRates[clients], ledger == "postgres", what.hasPrefix("deliveries") {
        line += String(format: "  %.2fx pgbench", result.rate / pgbench)
    }
    if result.failed > 0 { line += "  FAILED \(result.failed): \(result.firstFailure ?? "")" }
    print(line)
    fflush(nil)
}

@MainActor
func load(_ requests: [[UInt8]], port: Int, clients: Int, label: String) -> LoadResult {
    BenchmarkProgress.show(label)
    return KeepAliveClient.run(port: port, clients: clients, requests: requests, seconds: seconds, expect: 200)
}

// MARK: - Run

print(
    "Server benchmark: \(seconds) s and at most \(maximumCount) requests a case, clients \(clientCounts), "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores")
print(MachineReference.describe())

// The client alone against a responder that parses nothing.
let responder = try TrivialResponder()
for clients in clientCounts {
    let result = load(
        deliveries.gets("/healthz", count: maximumCount * 5), port: responder.port, clients: clients,
        label: "client alone")
    report("-", "client alone (trivial)", clients, result)
}
responder.close()

/// Runs every case of one ledger against a server of its own: the HTTP layer alone, a ledger read,
/// then at each client count pgbench (when given) and the deliveries over many accounts and to one
/// account; checks the one account's balance at the end.
@MainActor
func runLedger(_ name: String, catalog: String, extraEnvironment: [String: String], pgbench: ((Int) throws -> Void)?)
    throws
{
    let state = folder.appendingPathComponent("state-\(name)").path
    let server = try ServerChild(
        catalog: catalog, state: state,
        environment: extraEnvironment.merging(["BENCHMARK_SERVER_KEY": apiKey]) { $1 }, folder: folder)
    defer { server.stop() }
    for clients in clientCounts {
        report(
            name, "GET /metrics (HTTP only)", clients,
            load(
                deliveries.gets("/metrics", count: maximumCount * 5), port: server.port, clients: clients,
                label: "\(name) metrics"))
    }
    for clients in clientCounts {
        report(
            name, "GET /healthz (1 ledger read)", clients,
            load(
                deliveries.gets("/healthz", count: maximumCount * 5), port: server.port, clients: clients,
                label: "\(name) healthz"))
    }
    let accounts = (0..<accountCount).map { _ in UUID() }
    let single = UUID()
    var singleDelivered = 0
    for clients in clientCounts {
        try pgbench?(clients)
        BenchmarkProgress.show("signing")
        let many = try deliveries.requests(count: maximumCount) { accounts[$0 % accounts.count] }
        report(
            name, "deliveries, many accounts", clients,
            load(many, port: server.port, clients: clients, label: "\(name) deliveries"))
        let reads = (0..<maximumCount).flatMap {
            deliveries.gets("/v1/accounts/\(accounts[$0 % accounts.count].uuidString)/entitlements", count: 1)
        }
        report(
            name, "GET entitlements (holdings)", clients,
            load(reads, port: server.port, clients: clients, label: "\(name) entitlements"))
        let one = try deliveries.requests(count: maximumCount) { _ in single }
        let result = load(one, port: server.port, clients: clients, label: "\(name) one account")
        singleDelivered += result.succeeded
        report(name, "deliveries, one account", clients, result)
    }
    // The single account's balance is the payouts of every delivery answered 200.
    let connection = try KeepAliveClient.Connection(port: server.port)
    defer { connection.close() }
    let answer = try connection.exchange(deliveries.gets("/v1/accounts/\(single.uuidString)/entitlements", count: 1)[0])
    let expected = singleDelivered * SignedDeliveries.payout
    if answer.body.contains("\(expected)") {
        print(
            "\(name): the one account's gems balance is \(expected), the payouts of the \(singleDelivered) deliveries")
    } else {
        print("\(name): CHECK FAILED: expected a gems balance of \(expected), the account answered \(answer.body)")
    }
}

try runLedger(
    "file", catalog: try writeCatalog(named: "file.plist", ledger: ""), extraEnvironment: [:], pgbench: nil)

if let postgres {
    let stamp = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    let ledgerDatabase = "purchasekit_bench_ledger_\(stamp)"
    let pgbenchDatabase = "purchasekit_bench_pgbench_\(stamp)"
    try postgres.createDatabase(ledgerDatabase)
    let ledgerAloneAccounts = (0..<accountCount).map { _ in UUID() }
    try postgres.createDatabase(pgbenchDatabase)
    try postgres.run(
        "psql",
        [
            "-q", "-v", "ON_ERROR_STOP=1", "-d", pgbenchDatabase, "-c",
            "CREATE TABLE rows (id bigint PRIMARY KEY, value integer NOT NULL)",
        ])
    let script = folder.appendingPathComponent("insert.sql").path
    try
        "\\set key random(1, 9000000000000000000)\nINSERT INTO rows (id, value) VALUES (:key, 1) ON CONFLICT DO NOTHING;\n"
        .write(toFile: script, atomically: true, encoding: .utf8)
    let ledger = """
        \t\t<key>Ledger</key>
        \t\t<dict>
        \t\t\t<key>Kind</key><string>postgres</string>
        \t\t\t<key>Settings</key>
        \t\t\t<dict>
        \t\t\t\t<key>ConnectionStringVariable</key><string>BENCHMARK_LEDGER_URL</string>
        \t\t\t\t<key>PoolSize</key><integer>\(poolSize)</integer>
        \t\t\t</dict>
        \t\t</dict>

        """
    try runLedger(
        "postgres", catalog: try writeCatalog(named: "postgres.plist", ledger: ledger),
        extraEnvironment: ["BENCHMARK_LEDGER_URL": postgres.url(database: ledgerDatabase)]
    ) { clients in
        BenchmarkProgress.show("pgbench -c \(clients)")
        let result = try postgres.pgbench(
            database: pgbenchDatabase, script: script, clients: clients, seconds: max(1, Int(seconds.rounded())))
        pgbenchRates[clients] = result.tps
        BenchmarkProgress.clear()
        print(
            padded("pgbench", 9) + padded("INSERT ON CONFLICT", 26) + String(format: "%3d clients ", clients)
                + rateText(result.tps)
                + String(
                    format: " %7.1f µs/tx    latency average %.0f µs", 1e6 / result.tps,
                    result.latencyMilliseconds * 1000))
        BenchmarkProgress.show("ledger alone -c \(clients)")
        report(
            "postgres", "deliveries, ledger alone", clients,
            try LedgerAlone.runBlocking(
                connectionString: postgres.url(database: ledgerDatabase), clients: clients, poolSize: poolSize,
                seconds: seconds, count: maximumCount, accounts: ledgerAloneAccounts))
    }
    _ = try? postgres.run("dropdb", ["--force", ledgerDatabase])
    _ = try? postgres.run("dropdb", ["--force", pgbenchDatabase])
} else {
    print(
        "PURCHASEKIT_POSTGRES_URL or PURCHASEKIT_POSTGRES_BIN is not set: the postgres ledger and pgbench are skipped")
}
