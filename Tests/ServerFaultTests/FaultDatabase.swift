import Foundation
import TestSupport
import Testing

/// The PostgreSQL server the fault tests use: the one `PURCHASEKIT_POSTGRES_URL` names
/// (`Scripts/with-postgres.sh` starts a throwaway one and exports it), reached with `psql`, and
/// restarted with `Scripts/postgres-ctl.sh`. Without it the tests are skipped, except under `CI=true`,
/// where they run and fail saying so.
enum FaultDatabase {
    static let environment = ProcessInfo.processInfo.environment

    /// The connection string of the server's maintenance database.
    static let url = environment["PURCHASEKIT_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// Whether this is a CI run (`CI=true`), where the tests may not be skipped.
    static let isCI = environment["CI"] == "true"

    /// `Scripts/postgres-ctl.sh`, which restarts the server, when the tests run under
    /// `Scripts/with-postgres.sh`.
    static let control = environment["PURCHASEKIT_POSTGRES_CTL"].flatMap { $0.isEmpty ? nil : $0 }

    /// `psql`: the server's own, else the one on the usual path.
    static let psql: String = {
        if let bin = environment["PURCHASEKIT_POSTGRES_BIN"],
            FileManager.default.isExecutableFile(atPath: bin + "/psql")
        {
            return bin + "/psql"
        }
        return "/usr/bin/psql"
    }()

    /// Whether the server answers (checked once).
    static let isReachable: Bool = {
        guard let url,
            let child = try? ChildProcess(
                psql, arguments(url, "SELECT 1"), standardOutput: .file("/dev/null"),
                standardError: .file("/dev/null"))
        else { return false }
        return child.wait(limit: .seconds(60)) == .exit(0)
    }()

    /// Whether the tests run: a reachable server that can be restarted, or a CI run.
    static var runs: Bool { (isReachable && control != nil) || isCI }

    /// Why they are skipped otherwise.
    static let skipReason: Comment = "no PostgreSQL server to restart: run under Scripts/with-postgres.sh"

    /// The maintenance database's connection string; fails the test with a clear message when the
    /// server is missing, unreachable or cannot be restarted (under `CI=true`).
    static func requireURL(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let url = try #require(
            url, "PURCHASEKIT_POSTGRES_URL is not set: run the tests under Scripts/with-postgres.sh",
            sourceLocation: sourceLocation)
        try #require(isReachable, "the PostgreSQL server at \(url) does not answer", sourceLocation: sourceLocation)
        try #require(control != nil, "PURCHASEKIT_POSTGRES_CTL is not set", sourceLocation: sourceLocation)
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

    /// Creates an empty database, runs `body` with its connection string, and drops it (ending its
    /// connections) whatever `body` did. Holds the server alone meanwhile (``PostgresTurn``).
    static func withFreshDatabase<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        try await PostgresTurn.exclusively {
            let url = try requireURL()
            let name = "purchasekit_fault_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            try await administer(url, "CREATE DATABASE \(name)")
            do {
                let result = try await body(connectionString(url, database: name))
                try await administer(url, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
                return result
            } catch {
                try? await administer(url, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
                throw error
            }
        }
    }

    /// `pg_ctl restart -m immediate`: the server stops as a crash would, and is up again when this returns.
    static func restartImmediately() async throws {
        let control = try #require(control)
        let child = try ChildProcess(
            control, ["restart", "-m", "immediate"], standardOutput: .file("/dev/null"),
            standardError: .file("/dev/null"))
        let ending = await child.ended(limit: .seconds(120))
        try #require(ending == .exit(0), "\(control) restart -m immediate ended \(ending)")
    }

    /// Runs `statement` with `psql` on the maintenance database, outside any transaction.
    private static func administer(_ url: String, _ statement: String) async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("psql-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let child = try ChildProcess(
            psql, arguments(url, statement), standardOutput: .file("/dev/null"), standardError: .file(log))
        let ending = await child.ended(limit: .seconds(120))
        let message = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        try #require(ending == .exit(0), "psql \(statement): \(message)")
    }

    private static func arguments(_ url: String, _ statement: String) -> [String] {
        ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", statement]
    }
}
