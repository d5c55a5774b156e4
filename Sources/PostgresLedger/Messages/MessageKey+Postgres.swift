public import PurchaseCore

/// The keys of the PostgreSQL ledger's problems (`postgres.*`): its settings, as catalog
/// diagnostics (`ProviderSettingError/Expectation/rule(_:description:)`), and its
/// connections and database (``PostgresLedgerError/message``).
extension MessageKey {
    /// Neither or both of `ConnectionString` and `ConnectionStringVariable`; names the key and its owner.
    public static let postgresSettingOneSource = MessageKey("postgres.setting.oneSource", arguments: [.text, .text])
    /// A `ConnectionString` libpq cannot read; names the key and its owner.
    public static let postgresSettingConnectionString = MessageKey(
        "postgres.setting.connectionString", arguments: [.text, .text])
    /// A `ConnectionString` carrying a password; names the key and its owner.
    public static let postgresSettingPassword = MessageKey("postgres.setting.password", arguments: [.text, .text])
    /// No connection to the server could be made; gives libpq's message.
    public static let postgresConnectionFailed = MessageKey("postgres.connectionFailed", arguments: [.text])
    /// The connection broke during a call.
    public static let postgresConnectionLost = MessageKey("postgres.connectionLost")
    /// The server refused a statement; gives its message.
    public static let postgresStatementFailed = MessageKey("postgres.statementFailed", arguments: [.text])
    /// The environment variable naming the connection string is not set; names it.
    public static let postgresVariableUnset = MessageKey("postgres.variableUnset", arguments: [.text])
    /// The database's ledger schema is newer than this code's; gives its version.
    public static let postgresSchemaTooNew = MessageKey("postgres.schemaTooNew", arguments: [.text])
    /// The ledger was closed.
    public static let postgresClosed = MessageKey("postgres.closed")

    /// Every key this module declares, in the order above.
    public static let postgresKeys: [MessageKey] = [
        .postgresSettingOneSource, .postgresSettingConnectionString, .postgresSettingPassword,
        .postgresConnectionFailed, .postgresConnectionLost, .postgresStatementFailed, .postgresVariableUnset,
        .postgresSchemaTooNew, .postgresClosed,
    ]
}
