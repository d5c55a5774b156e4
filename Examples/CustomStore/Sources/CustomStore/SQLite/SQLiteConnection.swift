import CSQLite3
import Dispatch
import Foundation

/// One SQLite connection to a database file, used from its own serial queue.
///
/// Safe to share among tasks: the connection handle and its prepared statements are touched only by
/// the blocks ``run(_:)`` and ``runNow(_:)`` put on `queue`, one at a time, so the connection is opened
/// without SQLite's own mutexes (`SQLITE_OPEN_NOMUTEX`). Work waiting on SQLite's busy handler (another
/// process holding the write lock) blocks that queue's thread, never one of Swift's concurrency pool.
///
/// A writable connection runs in WAL mode with `synchronous=FULL` (a commit that returns is on disk)
/// and foreign keys on; every connection waits up to its busy timeout for a lock another connection
/// holds, so several processes can share one file.
final class SQLiteConnection: @unchecked Sendable {
    /// The database file.
    let path: String
    private let queue: DispatchQueue
    /// Touched only on `queue` (and in `deinit`, when no block can run any more).
    private var handle: OpaquePointer?
    /// Prepared statements by their SQL, kept for the connection's life; only on `queue`.
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (or, unless `readOnly`, creates) the database at `path`.
    ///
    /// - Parameters:
    ///   - readOnly: opens without write access: the file must exist, and nothing is written.
    ///   - busyTimeout: how long a statement waits for a lock another connection holds, in milliseconds.
    /// - Throws: ``SQLiteError`` when the file cannot be opened (a symbolic link is refused), or a
    ///   writable one cannot be put in WAL mode.
    init(path: String, readOnly: Bool, busyTimeout: Int) throws(SQLiteError) {
        self.path = path
        queue = DispatchQueue(label: "CustomStore.SQLiteConnection")
        let access = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_EXRESCODE
        var opened: OpaquePointer?
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the database"
            sqlite3_close_v2(opened)
            throw SQLiteError(code: status, message: message, path: path)
        }
        handle = opened
        sqlite3_busy_timeout(opened, Int32(clamping: busyTimeout))
        try runNow { (session) throws(SQLiteError) in
            if readOnly {
                try session.execute("PRAGMA query_only = ON")
                return
            }
            // WAL: readers never block the writer, and a commit appends to the log (one fsync).
            let mode = try session.firstText("PRAGMA journal_mode = WAL")
            guard mode?.lowercased() == "wal" else {
                throw SQLiteError(
                    code: 0, message: "the database cannot use WAL mode (it is in \(mode ?? "?"))", path: path)
            }
            try session.execute("PRAGMA synchronous = FULL")
            try session.execute("PRAGMA foreign_keys = ON")
        }
    }

    deinit {
        Self.release(handle, statements)
    }

    /// Runs `body` with the connection on its queue, and returns what it returns.
    ///
    /// - Throws: what `body` throws; ``SQLiteError`` when the connection is closed.
    func run<Result: Sendable>(_ body: @escaping @Sendable (SQLiteSession) throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Swift.Result { try self.onQueue(body) })
            }
        }
    }

    /// Runs `body` with the connection on its queue and waits for it on this thread (opening only,
    /// before any task uses the connection).
    func runNow<Result, Failure: Error>(_ body: (SQLiteSession) throws(Failure) -> Result) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = queue.sync {
            guard let handle else { preconditionFailure("runNow on a closed connection") }
            do throws(Failure) {
                return .success(try body(SQLiteSession(handle: handle, connection: self)))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private func onQueue<Result>(_ body: (SQLiteSession) throws -> Result) throws -> Result {
        guard let handle else {
            throw SQLiteError(code: 0, message: "the connection is closed", path: path)
        }
        return try body(SQLiteSession(handle: handle, connection: self))
    }

    /// Finalizes the statements and closes the connection, after the work already queued; later
    /// ``run(_:)`` calls throw.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                Self.release(self.handle, self.statements)
                self.handle = nil
                self.statements = [:]
                continuation.resume()
            }
        }
    }

    private static func release(_ handle: OpaquePointer?, _ statements: [String: OpaquePointer]) {
        for statement in statements.values { sqlite3_finalize(statement) }
        if let handle { sqlite3_close_v2(handle) }
    }

    /// The prepared statement for `sql`, prepared once (on `queue` only).
    fileprivate func statement(_ sql: String, handle: OpaquePointer) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var prepared: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard status == SQLITE_OK, let prepared else {
            throw SQLiteError(code: status, message: String(cString: sqlite3_errmsg(handle)), path: path)
        }
        statements[sql] = prepared
        return prepared
    }
}

/// The connection while a block of ``SQLiteConnection`` runs on its queue: statements with bound
/// parameters (never SQL built from values) and transactions. Valid only inside that block.
struct SQLiteSession {
    fileprivate let handle: OpaquePointer
    fileprivate let connection: SQLiteConnection

    /// How a transaction takes its locks.
    enum TransactionKind: String {
        /// Takes the write lock at once (waiting on the busy handler): for a check and a write that
        /// must see no other writer in between.
        case immediate = "BEGIN IMMEDIATE"
        /// Reads one snapshot of the database.
        case deferred = "BEGIN DEFERRED"
    }

    /// Runs `body` inside a transaction: committed when it returns, rolled back when it throws.
    func transaction<Result>(_ kind: TransactionKind, _ body: () throws -> Result) throws -> Result {
        try execute(kind.rawValue)
        let result: Result
        do {
            result = try body()
            try execute("COMMIT")
        } catch {
            // Undoes what the body wrote; fails only when SQLite already rolled back by itself.
            _ = try? execute("ROLLBACK")
            throw error
        }
        return result
    }

    /// Runs a statement that returns no rows.
    ///
    /// - Returns: how many rows it inserted, updated or deleted.
    @discardableResult
    func execute(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        try query(sql, values) { _ throws(SQLiteError) in }
        return Int(sqlite3_changes(handle))
    }

    /// Runs a statement, calling `read` with each row it returns.
    func query(
        _ sql: String, _ values: [SQLiteValue] = [], _ read: (SQLiteRow) throws(SQLiteError) -> Void
    ) throws(SQLiteError) {
        let statement = try connection.statement(sql, handle: handle)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(values, to: statement)
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw error(status) }
            try read(SQLiteRow(statement: statement))
        }
    }

    /// The first column of the first row `sql` returns, as text.
    func firstText(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> String? {
        var text: String?
        try query(sql, values) { row in if text == nil { text = row.text(0) } }
        return text
    }

    /// The first column of the first row `sql` returns, as an integer.
    func firstInteger(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        var integer: Int64?
        try query(sql, values) { row in if integer == nil { integer = row.optionalInteger(0) } }
        return integer
    }

    /// The database file.
    var path: String { connection.path }

    /// The rowid of the last row inserted on this connection.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    private func bind(_ values: [SQLiteValue], to statement: OpaquePointer) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let integer): status = sqlite3_bind_int64(statement, index, integer)
            case .real(let real): status = sqlite3_bind_double(statement, index, real)
            case .null: status = sqlite3_bind_null(statement, index)
            case .text(let text):
                // With its length, so a string holding a NUL is bound whole; the terminator gives
                // an empty string an address (a null pointer would bind NULL).
                let bytes = Array(text.utf8) + [0]
                status = bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { characters in
                        sqlite3_bind_text(
                            statement, index, characters.baseAddress, Int32(characters.count - 1),
                            customstore_sqlite_transient())
                    }
                }
            }
            guard status == SQLITE_OK else { throw error(status) }
        }
    }

    private func error(_ status: Int32) -> SQLiteError {
        SQLiteError(
            code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
            path: connection.path)
    }
}

/// One row of a query's result, read by column index; valid only inside the query's `read` block.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    /// The column as an integer (0 for null).
    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    /// The column as an integer, or `nil` for null.
    func optionalInteger(_ column: Int32) -> Int64? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : integer(column)
    }

    /// The column as a double (0 for null).
    func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

    /// The column as a double, or `nil` for null.
    func optionalReal(_ column: Int32) -> Double? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : real(column)
    }

    /// The column as UTF-8 text ("" for null).
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
