import Foundation

/// The PostgreSQL server `Scripts/with-postgres.sh` started, reached with its own command-line tools
/// (`createdb`, `psql`, `pgbench` from `PURCHASEKIT_POSTGRES_BIN`).
struct PostgresTools {
    /// The libpq URI of the maintenance database.
    let url: String
    let bin: String
    let host: String
    let port: String
    let user: String

    /// From `PURCHASEKIT_POSTGRES_URL` and `PURCHASEKIT_POSTGRES_BIN`; nil when either is missing.
    init?(environment: [String: String]) {
        guard let url = environment["PURCHASEKIT_POSTGRES_URL"], !url.isEmpty,
            let bin = environment["PURCHASEKIT_POSTGRES_BIN"], !bin.isEmpty,
            let components = URLComponents(string: url)
        else { return nil }
        let items = components.queryItems ?? []
        func item(_ name: String) -> String? { items.first { $0.name == name }?.value }
        self.url = url
        self.bin = bin
        host = item("host") ?? components.host ?? "localhost"
        port = item("port") ?? components.port.map(String.init) ?? "5432"
        user = item("user") ?? components.user ?? "postgres"
    }

    /// The URI of database `name` on the same server.
    func url(database name: String) -> String {
        var components = URLComponents(string: url)!
        components.path = "/" + name
        return components.string!
    }

    /// Runs `tool` from the server's bin folder with the connection options; its standard output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bin + "/" + tool)
        process.arguments = ["-h", host, "-p", port, "-U", user] + arguments
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in extra { environment[name] = value }
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw KeepAliveClient.Failure(
                description: "\(tool) \(arguments.joined(separator: " ")) failed: "
                    + String(decoding: errorData, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Creates an empty database `name`.
    func createDatabase(_ name: String) throws {
        try run("createdb", [name])
    }

    /// What `pgbench` measured.
    struct PgbenchResult {
        var tps: Double
        var latencyMilliseconds: Double
    }

    /// `pgbench -n -c clients -j min(clients, 2) -T seconds` on `database` running `script` with
    /// synchronous commit on; its rate without the connection time.
    func pgbench(database: String, script: String, clients: Int, seconds: Int) throws -> PgbenchResult {
        let output = try run(
            "pgbench",
            [
                "-n", "-c", "\(clients)", "-j", "\(min(clients, 2))", "-T", "\(seconds)", "-f", script, database,
            ], environment: ["PGOPTIONS": "-c synchronous_commit=on"])
        func number(after prefix: String) -> Double? {
            guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
            return line.dropFirst(prefix.count).split(separator: " ").first.flatMap { Double($0) }
        }
        guard let tps = number(after: "tps = ") else {
            throw KeepAliveClient.Failure(description: "pgbench printed no rate:\n\(output)")
        }
        return PgbenchResult(tps: tps, latencyMilliseconds: number(after: "latency average = ") ?? 0)
    }
}
