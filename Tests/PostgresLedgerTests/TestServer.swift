import Dispatch
import Foundation
import PurchaseCore
import TestSupport
import Testing

@testable import PostgresLedger

/// The PostgreSQL server the tests use: the one `PURCHASEKIT_POSTGRES_URL` names
/// (`Scripts/with-postgres.sh` starts a throwaway one and exports it). Without it, or when it cannot
/// be reached, the tests are skipped, except under `CI=true`, where they run and fail saying so.
enum TestServer {
    /// The connection string of the server's maintenance database.
    static let url = ProcessInfo.processInfo.environment["PURCHASEKIT_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// Whether this is a CI run (`CI=true`), where the PostgreSQL tests may not be skipped.
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether the server answers (checked once).
    static let isReachable: Bool = {
        guard let url else { return false }
        let connection = PostgresConnection(connectionString: url, label: "PostgresLedgerTests.probe")
        defer { connection.closeWhenIdle() }
        return (try? connection.runNow { try $0.execute("SELECT 1").first }) == "1"
    }()

    /// Whether the PostgreSQL tests run: a reachable server, or a CI run.
    static var runs: Bool { isReachable || isCI }

    /// Why they are skipped otherwise.
    static let skipReason: Comment = "no PostgreSQL server: run under Scripts/with-postgres.sh"

    /// The command restarting the server (`Scripts/postgres-ctl.sh`), when the tests run under
    /// `Scripts/with-postgres.sh`.
    static let control = ProcessInfo.processInfo.environment["PURCHASEKIT_POSTGRES_CTL"].flatMap {
        $0.isEmpty ? nil : $0
    }

    /// The maintenance database's connection string; fails the test with a clear message when the
    /// server is missing or unreachable (under `CI=true`).
    static func requireURL(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let url = try #require(
            url, "PURCHASEKIT_POSTGRES_URL is not set: run the tests under Scripts/with-postgres.sh",
            sourceLocation: sourceLocation)
        try #require(isReachable, "the PostgreSQL server at \(url) does not answer", sourceLocation: sourceLocation)
        return url
    }

    /// A connection string for database `name` on the same server.
    static func connectionString(_ base: String, database name: String) -> String {
        if base.hasPrefix("postgres://") || base.hasPrefix("postgresql://"),
            var components = URLComponents(string: base)
        {
            components.path = "/" + name
            if let string = components.string { return string }
        }
        return base + " dbname='\(name)'"
    }

    /// Runs a statement on the maintenance database (outside any transaction: `CREATE DATABASE`).
    static func administer(_ statement: String, _ parameters: [String?] = []) async throws {
        let url = try requireURL()
        let connection = PostgresConnection(connectionString: url, label: "PostgresLedgerTests.admin")
        defer { connection.closeWhenIdle() }
        _ = try await connection.run { session in try session.execute(statement, parameters) }
    }

    /// The rows `statement` answers, read as the connection string's user on its own connection.
    static func query(_ statement: String, _ parameters: [String?] = []) async throws -> [[String?]] {
        let url = try requireURL()
        let connection = PostgresConnection(connectionString: url, label: "PostgresLedgerTests.admin")
        defer { connection.closeWhenIdle() }
        return try await connection.run { session in try session.execute(statement, parameters).rows }
    }

    /// Waits, at most `seconds`, until `statement` answers `true` in its first column; whether it did.
    static func waitUntil(_ statement: String, _ parameters: [String?] = [], seconds: Double = 10) async throws
        -> Bool
    {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await query(statement, parameters).first?.first == "t" { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}

/// A database of its own for one test, created empty and dropped at the end.
struct TestDatabase {
    let name: String
    /// Its connection string.
    let connectionString: String

    /// Creates the database, runs `body` with it, and drops it (ending its connections) whatever
    /// `body` did.
    static func with<Result>(_ body: (TestDatabase) async throws -> Result) async throws -> Result {
        // Another target's test may restart the server: one test at a time holds it.
        try await PostgresTurn.exclusively { try await withDatabase(body) }
    }

    private static func withDatabase<Result>(_ body: (TestDatabase) async throws -> Result) async throws -> Result {
        let url = try TestServer.requireURL()
        let name = "purchasekit_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await TestServer.administer("CREATE DATABASE \(name)")
        let database = TestDatabase(name: name, connectionString: TestServer.connectionString(url, database: name))
        do {
            let result = try await body(database)
            try await TestServer.administer("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            return result
        } catch {
            try? await TestServer.administer("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            throw error
        }
    }

    /// Opens a ledger on the database.
    func ledger(poolSize: Int = 4) async throws -> PostgresFulfillmentLedger {
        try await PostgresFulfillmentLedger.open(connectionString: connectionString, poolSize: poolSize)
    }

    /// Ends every session of this database but the caller's (`pg_terminate_backend`), as a lost
    /// connection would.
    func terminateSessions() async throws {
        try await TestServer.administer(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
            [name])
    }
}

/// Every test against the server, one at a time: one of them restarts the server, which the others
/// must not meet. Skipped without a server, except under `CI=true` (see ``TestServer``).
@Suite(.serialized, .enabled(if: TestServer.runs, TestServer.skipReason))
enum PostgresServerTests {}
