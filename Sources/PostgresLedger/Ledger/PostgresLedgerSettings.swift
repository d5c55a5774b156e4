import CLibPQ
public import Foundation
public import PurchaseCore

/// The `postgres` ledger's keys in a deployment's `Ledger` settings.
///
/// | key | type | default | meaning |
/// |---|---|---|---|
/// | `ConnectionString` | string | - | a libpq connection string (`host=... dbname=...`) or URI (`postgresql://...`), with no password in it |
/// | `ConnectionStringVariable` | string | - | the name of an environment variable holding the connection string (which may carry a password) |
/// | `PoolSize` | integer | 4 | the most connections one ledger opens |
///
/// Exactly one of `ConnectionString` and `ConnectionStringVariable` is given. Unless the connection
/// string says otherwise, a connection attempt gives up after 10 seconds (`connect_timeout`) and a TCP
/// connection whose server stops answering breaks after 30 (`tcp_user_timeout`), so a call meeting an
/// unreachable server fails, retryably, rather than waiting. A catalog never holds
/// a password: a `ConnectionString` with one is refused (keep it in the variable, in libpq's
/// password file `~/.pgpass`, or in `PGPASSWORD`).
public struct PostgresLedgerSettings: Sendable, Hashable {
    /// Every key ``init(_:)`` reads.
    public static let keys = ["ConnectionString", "ConnectionStringVariable", "PoolSize"]
    /// The default ``poolSize``.
    public static let defaultPoolSize = 4

    /// Where the connection string comes from.
    public enum Source: Sendable, Hashable {
        /// The string itself (without a password).
        case connectionString(String)
        /// The name of the environment variable holding it.
        case variable(String)
    }

    /// Where the connection string comes from.
    public var source: Source
    /// The most connections one ledger opens.
    public var poolSize: Int

    /// Creates settings.
    public init(source: Source, poolSize: Int = PostgresLedgerSettings.defaultPoolSize) {
        self.source = source
        self.poolSize = poolSize
    }

    /// Reads the settings of a deployment's `Ledger` entry; keys it does not know are ignored (a
    /// catalog loader warns about them).
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` with a `ProviderSettingError` naming the
    ///   key: for a value of the wrong type, neither or both of the two sources, a connection string
    ///   libpq cannot read, or one carrying a password.
    public init(_ settings: [String: SettingValue]) throws(PurchaseError) {
        func problem(_ key: String, _ expected: ProviderSettingError.Expectation) -> PurchaseError {
            ProviderSettingError(ledger: PostgresFulfillmentLedger.kind, key: key, expected: expected).purchaseError
        }
        let oneSource = ProviderSettingError.Expectation.rule(
            .postgresSettingOneSource,
            description: "given alone: exactly one of ConnectionString and ConnectionStringVariable")
        switch (settings["ConnectionString"], settings["ConnectionStringVariable"]) {
        case (let value?, nil):
            guard let string = value.stringValue, !string.isEmpty else {
                throw problem("ConnectionString", .nonEmptyString)
            }
            switch Self.inspect(string) {
            case .unreadable:
                throw problem(
                    "ConnectionString",
                    .rule(
                        .postgresSettingConnectionString,
                        description: "a libpq connection string (key=value pairs) or a postgresql:// URI"))
            case .withPassword:
                throw problem(
                    "ConnectionString",
                    .rule(
                        .postgresSettingPassword,
                        description:
                            "a connection string without a password (name an environment variable holding it with ConnectionStringVariable, or use ~/.pgpass)"
                    ))
            case .usable:
                source = .connectionString(string)
            }
        case (nil, let value?):
            guard let name = value.stringValue, !name.isEmpty else {
                throw problem("ConnectionStringVariable", .nonEmptyString)
            }
            source = .variable(name)
        case (nil, nil):
            throw problem("ConnectionString", oneSource)
        case (_?, _?):
            throw problem("ConnectionStringVariable", oneSource)
        }
        poolSize = Self.defaultPoolSize
        if let value = settings["PoolSize"] {
            guard let size = value.integerValue, size >= 1, size <= 1000 else {
                throw problem("PoolSize", .positiveInteger)
            }
            poolSize = Int(size)
        }
    }

    /// The connection string: the setting's, or the variable's value in `environment`.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` with a ``PostgresLedgerError`` of kind
    ///   ``PostgresLedgerError/Kind/variableUnset`` when the variable is not set (or empty).
    public func connectionString(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PurchaseError) -> String {
        switch source {
        case .connectionString(let string):
            return string
        case .variable(let name):
            guard let string = environment[name], !string.isEmpty else {
                let error = PostgresLedgerError(.variableUnset, serverMessage: name)
                throw PurchaseError(
                    .providerMisconfigured,
                    detail:
                        "the environment variable \(name) (the postgres ledger's ConnectionStringVariable) is not set",
                    underlyingError: error)
            }
            return string
        }
    }

    private enum Inspection {
        case usable
        case unreadable
        case withPassword
    }

    /// Whether libpq reads `string`, and whether it names a password.
    private static func inspect(_ string: String) -> Inspection {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(string, &message) else {
            if let message { PQfreemem(message) }
            return .unreadable
        }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "password", let value = option.pointee.val, value.pointee != 0 {
                return .withPassword
            }
            option += 1
        }
        return .usable
    }
}
