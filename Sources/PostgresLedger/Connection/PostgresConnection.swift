import CLibPQ
import Dispatch
import Foundation
import PurchaseCore

/// One connection to the server with a serial queue of its own: libpq blocks, so every call on the
/// connection runs on that queue's thread, never on Swift's cooperative pool.
///
/// Safe to share: the `PGconn` is created, used and closed only on ``queue``, one body at a time.
/// The connection is made when first used, and made again after it broke, so a call after a lost
/// connection (or a server restart) reconnects.
final class PostgresConnection: @unchecked Sendable {
    private let connectionString: String
    private let queue: DispatchQueue
    /// The libpq connection, or `nil` before the first use and after a loss or ``close()``; touched on
    /// ``queue`` only.
    private var handle: OpaquePointer?
    /// The statements prepared on ``handle``; touched on ``queue`` only.
    private var prepared = PreparedStatements()
    private var closed = false

    init(connectionString: String, label: String) {
        self.connectionString = connectionString
        self.queue = DispatchQueue(label: label)
    }

    /// Runs `body` with a session on the connection's thread, connecting first when needed, and
    /// waits for it without blocking the caller's thread.
    /// On a thread marked as one that may block (`BlockingThreads`), it runs there, in order with the
    /// queue's other work (`runNow(_:)`), without the two thread switches of a hand-off.
    func run<Value: Sendable>(_ body: @escaping @Sendable (PostgresSession) throws -> Value) async throws -> Value {
        if BlockingThreads.isCurrentThreadMarked { return try runNow(body) }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try self.runHere(body) })
            }
        }
    }

    /// Runs `body` as ``run(_:)`` does, blocking the calling thread until it is done (for a caller
    /// that cannot wait asynchronously, such as a registry factory).
    func runNow<Value>(_ body: (PostgresSession) throws -> Value) throws -> Value {
        try queue.sync { try runHere(body) }
    }

    /// Closes the connection (after the bodies already queued); later bodies fail with
    /// ``PostgresLedgerError/Kind/closed``.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                self.closed = true
                self.disconnect()
                continuation.resume()
            }
        }
    }

    /// Closes the connection after the bodies already queued, without waiting.
    func closeWhenIdle() {
        queue.async {
            self.closed = true
            self.disconnect()
        }
    }

    private func runHere<Value>(_ body: (PostgresSession) throws -> Value) throws -> Value {
        guard !closed else { throw PostgresLedgerError(.closed, serverMessage: "the ledger is closed") }
        let session = PostgresSession(handle: try connected(), prepared: prepared)
        do {
            return try body(session)
        } catch {
            if PQstatus(session.handle) != CONNECTION_OK { disconnect() }
            throw error
        }
    }

    /// The open connection, made now when there is none, the last one broke, or the server closed it
    /// while it was idle (a restart, a terminated session), so that a call does not fail on a connection
    /// already known to be gone.
    private func connected() throws(PostgresLedgerError) -> OpaquePointer {
        if let handle, PQstatus(handle) == CONNECTION_OK, !Self.closedByServer(handle) { return handle }
        disconnect()
        guard let made = Self.connect(connectionString) else {
            throw PostgresLedgerError(.connectionFailed, serverMessage: "libpq could not allocate a connection")
        }
        guard PQstatus(made) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(made)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(made)
            throw PostgresLedgerError(.connectionFailed, serverMessage: message)
        }
        purchasekit_pq_silence_notices(made)
        handle = made
        prepared = PreparedStatements()
        return made
    }

    /// Whether the server closed `handle` while it was idle. An idle connection has nothing to read
    /// unless the server sent something on its own (a notice, the error it sends before ending a
    /// session, the end of the stream); libpq reads what there is, and a closed connection reads as
    /// `CONNECTION_BAD`. A `poll(2)` that does not wait: one when there is nothing to read.
    private static func closedByServer(_ handle: OpaquePointer) -> Bool {
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        guard descriptor.fd >= 0 else { return true }
        // A session's last error and the end of its stream may come in separate reads.
        for _ in 0..<4 {
            descriptor.revents = 0
            guard poll(&descriptor, 1, 0) > 0 else { return false }
            if PQconsumeInput(handle) == 0 || PQstatus(handle) != CONNECTION_OK { return true }
        }
        return true
    }

    /// Defaults the connection string may override: a connection attempt gives up after 10 seconds,
    /// and a TCP connection whose server stops acknowledging breaks after 30 (so a call meeting a
    /// vanished server fails, retryably, instead of waiting for the system's timeouts).
    static let defaults = [("connect_timeout", "10"), ("tcp_user_timeout", "30000")]

    /// `PQconnectdbParams` with ``defaults`` first and the connection string (expanded, so that its
    /// own values win) after them.
    private static func connect(_ connectionString: String) -> OpaquePointer? {
        let pairs = defaults + [("dbname", connectionString)]
        let keywords = pairs.map { strdup($0.0) }
        let values = pairs.map { strdup($0.1) }
        defer { for pointer in keywords + values { free(pointer) } }
        let keywordList = keywords.map { $0.map { UnsafePointer($0) } } + [nil]
        let valueList = values.map { $0.map { UnsafePointer($0) } } + [nil]
        return keywordList.withUnsafeBufferPointer { keywordBuffer in
            valueList.withUnsafeBufferPointer { valueBuffer in
                PQconnectdbParams(keywordBuffer.baseAddress, valueBuffer.baseAddress, 1)
            }
        }
    }

    private func disconnect() {
        if let handle { PQfinish(handle) }
        handle = nil
    }
}
