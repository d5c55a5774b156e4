import PurchaseCore

/// At most ``size`` connections to one server, lent to one call at a time each.
///
/// A call waiting for a connection waits asynchronously (a continuation, resumed by the call that
/// gives one back), never blocking a thread. Connections are made as calls need them, and each
/// reconnects by itself after a loss (``PostgresConnection``). Safe to share: its state is behind a
/// lock, held only to take or give back a connection.
final class PostgresConnectionPool: Sendable {
    /// The most connections the pool opens.
    let size: Int
    private let connectionString: String
    private let state = Locked(State())

    private struct State {
        var idle: [PostgresConnection] = []
        var made = 0
        var waiting: [CheckedContinuation<PostgresConnection?, Never>] = []
        var closed = false
    }

    init(connectionString: String, size: Int) {
        self.connectionString = connectionString
        self.size = max(1, size)
    }

    /// Runs `body` on a connection of the pool (on that connection's thread), waiting for one when
    /// all are lent.
    ///
    /// - Throws: ``PostgresLedgerError`` with ``PostgresLedgerError/Kind/closed`` after ``close()``,
    ///   or what the connection or `body` throws.
    func withConnection<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresSession) throws -> Value
    ) async throws -> Value {
        guard let connection = await lend() else {
            throw PostgresLedgerError(.closed, serverMessage: "the ledger is closed")
        }
        defer { giveBack(connection) }
        return try await connection.run(body)
    }

    /// Runs `body` on a connection of the pool, blocking the calling thread (for opening, from a
    /// synchronous factory); fails rather than waits when every connection is lent.
    func withConnectionNow<Value>(_ body: (PostgresSession) throws -> Value) throws -> Value {
        let connection: PostgresConnection? = state.withLock { state in
            if state.closed { return nil }
            if let idle = state.idle.popLast() { return idle }
            guard state.made < size else { return nil }
            state.made += 1
            return makeConnection(state.made)
        }
        guard let connection else {
            throw PostgresLedgerError(.closed, serverMessage: "no connection of the pool is free")
        }
        defer { giveBack(connection) }
        return try connection.runNow(body)
    }

    /// Closes every connection: the idle ones now, the lent ones when given back; calls waiting
    /// for one fail.
    func close() async {
        let (idle, waiting) = state.withLock { state in
            state.closed = true
            defer {
                state.idle = []
                state.waiting = []
            }
            return (state.idle, state.waiting)
        }
        for continuation in waiting { continuation.resume(returning: nil) }
        for connection in idle { await connection.close() }
    }

    private func lend() async -> PostgresConnection? {
        await withCheckedContinuation { continuation in
            enum Lent {
                case now(PostgresConnection?)
                case later
            }
            let lent: Lent = state.withLock { state in
                if state.closed { return .now(nil) }
                if let idle = state.idle.popLast() { return .now(idle) }
                guard state.made < size else {
                    state.waiting.append(continuation)
                    return .later
                }
                state.made += 1
                return .now(makeConnection(state.made))
            }
            if case .now(let connection) = lent { continuation.resume(returning: connection) }
        }
    }

    private func giveBack(_ connection: PostgresConnection) {
        enum Next {
            case resume(CheckedContinuation<PostgresConnection?, Never>)
            case kept
            case close
        }
        let next: Next = state.withLock { state in
            if state.closed { return .close }
            if !state.waiting.isEmpty { return .resume(state.waiting.removeFirst()) }
            state.idle.append(connection)
            return .kept
        }
        switch next {
        case .resume(let waiter): waiter.resume(returning: connection)
        case .kept: break
        case .close: connection.closeWhenIdle()
        }
    }

    private func makeConnection(_ number: Int) -> PostgresConnection {
        PostgresConnection(connectionString: connectionString, label: "PostgresLedger.connection.\(number)")
    }
}
