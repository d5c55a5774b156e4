import Foundation

/// Turns at the one PostgreSQL server the tests share (`Scripts/with-postgres.sh`): every test target
/// runs in the same process, so a test that restarts the server or kills its clients holds it alone,
/// and no other target's test meets the restart.
///
/// An async lock: a test waiting for its turn holds no thread. Turns are granted in the order asked.
package enum PostgresTurn {
    private static let state = TurnState()

    /// Runs `body` while no other caller of ``exclusively(_:)`` runs its own.
    package static func exclusively<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        await state.acquire()
        defer { state.release() }
        return try await body()
    }
}

/// Whether a turn is held, and who waits for one, under a lock.
private final class TurnState: @unchecked Sendable {
    private let lock = NSLock()
    private var held = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = lock.withLock { () -> Bool in
                if held {
                    waiters.append(continuation)
                    return false
                }
                held = true
                return true
            }
            if granted { continuation.resume() }
        }
    }

    func release() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard !waiters.isEmpty else {
                held = false
                return nil
            }
            return waiters.removeFirst()
        }
        next?.resume()
    }
}
