/// A failure SQLite reported: its extended result code, its message, and the database file.
///
/// The ledger hands it on as the underlying error of a `PurchaseError` of code `ledgerIOFailed`.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite's extended result code (`SQLITE_BUSY` 5, `SQLITE_CONSTRAINT_UNIQUE` 2067...); 0 for a
    /// problem found by this module rather than by SQLite (a closed connection, a newer schema).
    public var code: Int32
    /// SQLite's message, or this module's.
    public var message: String
    /// The database file.
    public var path: String

    /// Creates an error.
    public init(code: Int32, message: String, path: String) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// `path: message (SQLite code N)`.
    public var description: String {
        code == 0 ? "\(path): \(message)" : "\(path): \(message) (SQLite code \(code))"
    }
}
