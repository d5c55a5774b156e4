import CLibPQ
import Foundation

/// The rows a statement returned, as text (libpq's text format), and how many rows it changed.
struct PostgresRows: Sendable {
    /// Each row's columns; `nil` for SQL `NULL`.
    var rows: [[String?]]
    /// The rows an `INSERT`, `UPDATE` or `DELETE` changed (or a `SELECT` returned).
    var affected: Int

    /// The first column of the first row, or `nil`.
    var first: String? { rows.first?.first ?? nil }
}

/// The statements prepared on one connection, by text; used on the connection's thread only, and
/// replaced when the connection is made again.
final class PreparedStatements {
    var names: [String: String] = [:]
}

/// One connection while a body runs on the connection's own thread: statements go to the server
/// with their values as parameters (`PQexecParams`), never spliced into the text.
///
/// It lives only for the call of the body it was given to (``PostgresConnection/run(_:)``) and is
/// used on that thread only; the `PGconn` it wraps never leaves that call.
struct PostgresSession {
    let handle: OpaquePointer
    /// The statements prepared on this connection (`PQprepare`), by text: the ledger's statements are
    /// constant texts, each parsed and planned once per connection, then run by name.
    let prepared: PreparedStatements

    /// Runs one statement with `parameters` bound to `$1`, `$2`... (text values; `nil` is `NULL`).
    ///
    /// - Throws: ``PostgresLedgerError`` with ``PostgresLedgerError/Kind/connectionLost`` when the
    ///   connection broke, ``PostgresLedgerError/Kind/statementFailed`` (with the SQLSTATE) when the
    ///   server refused the statement.
    @discardableResult
    func execute(_ statement: String, _ parameters: [String?] = []) throws(PostgresLedgerError) -> PostgresRows {
        let copies: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.flatMap { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        let values = copies.map { $0.map { UnsafePointer($0) } }
        let name = parameters.isEmpty ? nil : try prepare(statement, count: parameters.count)
        let result = values.withUnsafeBufferPointer { buffer in
            if let name {
                PQexecPrepared(handle, name, Int32(buffer.count), buffer.baseAddress, nil, nil, 0)
            } else {
                PQexecParams(handle, statement, Int32(buffer.count), nil, buffer.baseAddress, nil, nil, 0)
            }
        }
        defer { PQclear(result) }
        let status = result.map { PQresultStatus($0) } ?? PGRES_FATAL_ERROR
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK, let result else {
            throw failure(result)
        }
        let (count, columns) = (Int(PQntuples(result)), Int(PQnfields(result)))
        var rows: [[String?]] = []
        rows.reserveCapacity(count)
        for row in 0..<count {
            var values: [String?] = []
            values.reserveCapacity(columns)
            for column in 0..<columns {
                if PQgetisnull(result, Int32(row), Int32(column)) != 0 {
                    values.append(nil)
                } else {
                    values.append(String(cString: PQgetvalue(result, Int32(row), Int32(column))))
                }
            }
            rows.append(values)
        }
        let changed = String(cString: PQcmdTuples(result))
        return PostgresRows(rows: rows, affected: Int(changed) ?? count)
    }

    /// Runs `body` in one transaction (`BEGIN`, then `COMMIT`; `ROLLBACK` when it throws), again
    /// from the start when the server ends it for a serialization failure or a deadlock (see
    /// ``retrying(_:)``).
    func transaction<Value>(_ mode: String = "", _ body: (PostgresSession) throws -> Value) throws -> Value {
        try retrying { session in
            try session.execute("BEGIN" + (mode.isEmpty ? "" : " " + mode))
            do {
                let result = try body(session)
                try session.execute("COMMIT")
                return result
            } catch {
                if PQstatus(session.handle) == CONNECTION_OK { _ = try? session.execute("ROLLBACK") }
                throw error
            }
        }
    }

    /// Runs `body` (a statement, or a whole transaction), again when the server ended it for a
    /// serialization failure or a deadlock (SQLSTATE 40001, 40P01), which changed nothing; at most
    /// five times.
    func retrying<Value>(_ body: (PostgresSession) throws -> Value) throws -> Value {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try body(self)
            } catch let failure as PostgresLedgerError
                where failure.kind == .statementFailed && ["40001", "40P01"].contains(failure.sqlState) && attempt < 5
            {
                continue
            }
        }
    }

    /// The name `statement` is prepared under on this connection, preparing it now the first time;
    /// `nil` for a statement PostgreSQL cannot prepare (anything but a query or a change of rows).
    private func prepare(_ statement: String, count: Int) throws(PostgresLedgerError) -> String? {
        if let name = prepared.names[statement] { return name }
        let verb = statement.prefix { !$0.isWhitespace }.uppercased()
        guard ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH"].contains(verb) else { return nil }
        let name = "purchasekit_\(prepared.names.count + 1)"
        let result = PQprepare(handle, name, statement, Int32(count), nil)
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_COMMAND_OK else { throw failure(result) }
        prepared.names[statement] = name
        return name
    }

    /// The error of a statement that failed: the connection's loss, or the server's refusal.
    private func failure(_ result: OpaquePointer?) -> PostgresLedgerError {
        let sqlState = result.flatMap { PQresultErrorField($0, purchasekit_pq_diag_sqlstate()) }.map {
            String(cString: $0)
        }
        let text = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) } ?? ""
        let message = (text.isEmpty ? String(cString: PQerrorMessage(handle)) : text)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if PQstatus(handle) != CONNECTION_OK {
            return PostgresLedgerError(.connectionLost, sqlState: sqlState, serverMessage: message)
        }
        return PostgresLedgerError(.statementFailed, sqlState: sqlState, serverMessage: message)
    }
}
