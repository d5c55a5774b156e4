public import PurchaseCore

/// Why the PostgreSQL ledger could not do what it was asked, as the underlying error of the
/// `PurchaseError` it throws.
///
/// Guarantees: ``kind`` says whether trying again may work (``isRetryable``); ``message`` is the
/// problem as a person reads it, in any language of the message tables (the `postgres.*` keys of
/// `MessageKey+Postgres.swift`); ``serverMessage`` is libpq's or the server's own text, in English.
public struct PostgresLedgerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// No connection could be made (the server is down, refuses, or the connection string is wrong).
        case connectionFailed
        /// The connection broke while a call used it (the server restarted, or its session was ended):
        /// the call's transaction was rolled back, or committed if the break came after the commit.
        case connectionLost
        /// The server refused a statement.
        case statementFailed
        /// The environment variable the settings name (`ConnectionStringVariable`) is not set.
        case variableUnset
        /// The database holds a ledger schema newer than this code knows.
        case schemaTooNew
        /// The ledger was closed.
        case closed
    }

    /// What went wrong.
    public var kind: Kind
    /// The SQLSTATE code the server gave, when it gave one (`23505`, `57P01`...).
    public var sqlState: String?
    /// libpq's or the server's text, or the variable's name for ``Kind/variableUnset``, or the
    /// schema version for ``Kind/schemaTooNew``.
    public var serverMessage: String

    /// Creates an error.
    public init(_ kind: Kind, sqlState: String? = nil, serverMessage: String) {
        self.kind = kind
        self.sqlState = sqlState
        self.serverMessage = serverMessage
    }

    /// Whether the same call may succeed later without changing anything: a connection that failed
    /// or broke, or a statement the server ended for a reason of its own (a deadlock, a conflict, a
    /// shutdown).
    public var isRetryable: Bool {
        switch kind {
        case .connectionFailed, .connectionLost: true
        case .statementFailed: sqlState.map(Self.isTransient) ?? false
        case .variableUnset, .schemaTooNew, .closed: false
        }
    }

    /// Whether an SQLSTATE names a failure that passes: a connection exception (class 08), a
    /// serialization failure or deadlock (class 40), insufficient resources (53), an operator
    /// intervention such as a shutdown (57).
    static func isTransient(_ sqlState: String) -> Bool {
        ["08", "40", "53", "57"].contains(String(sqlState.prefix(2)))
    }

    /// The problem as a person reads it.
    public var message: Message {
        switch kind {
        case .connectionFailed: .keyed(.postgresConnectionFailed, arguments: [.text(serverMessage)])
        case .connectionLost: .keyed(.postgresConnectionLost, arguments: [])
        case .statementFailed: .keyed(.postgresStatementFailed, arguments: [.text(serverMessage)])
        case .variableUnset: .keyed(.postgresVariableUnset, arguments: [.text(serverMessage)])
        case .schemaTooNew: .keyed(.postgresSchemaTooNew, arguments: [.text(serverMessage)])
        case .closed: .keyed(.postgresClosed, arguments: [])
        }
    }

    /// `kind (SQLSTATE): message`, for logs.
    public var description: String {
        "\(kind.rawValue)\(sqlState.map { " (\($0))" } ?? ""): \(serverMessage)"
    }

    /// The error as the ledger throws it: `PurchaseError/Code/ledgerIOFailed` with
    /// `what` (the call that met it, in English) and this error as the underlying one.
    func purchaseError(_ what: String) -> PurchaseError {
        PurchaseError(.ledgerIOFailed, detail: "\(what): \(description)", underlyingError: self)
    }
}
