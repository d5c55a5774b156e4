import PurchaseCore

/// The requests of one kind waiting for a connection (deliveries to record, accounts to read),
/// taken in batches by whichever caller gets a connection, so that callers waiting for the pool
/// share one statement (and, for changes, one commit).
///
/// Each caller enqueues its request, then takes batches on a connection until its own is taken (by
/// itself or by another caller), then waits for its outcome. A request leaves the queue once, in
/// one batch, and its outcome is set once; a caller that got no connection withdraws its request
/// if it is still queued, so none is ever left waiting.
///
/// Safe to share: its state is behind one lock.
final class StatementBatcher<Input: Sendable, Output: Sendable>: Sendable {
    /// The most requests one batch takes.
    let maximumBatch: Int
    private let queue = Locked([Pending]())

    init(maximumBatch: Int) {
        self.maximumBatch = max(1, maximumBatch)
    }

    /// Queues `input`; the caller then takes batches until it ``Pending/isTaken``.
    func enqueue(_ input: Input) -> Pending {
        let pending = Pending(input)
        queue.withLock { $0.append(pending) }
        return pending
    }

    /// The oldest requests queued, at most ``maximumBatch``, marked taken; empty when none is.
    func take() -> [Pending] {
        queue.withLock { queue in
            let batch = Array(queue.prefix(maximumBatch))
            queue.removeFirst(batch.count)
            for pending in batch { pending.markTaken() }
            return batch
        }
    }

    /// Removes `pending` when no batch took it, and sets its outcome to `error`; a request a batch
    /// took keeps the outcome that batch gives it.
    func withdraw(_ pending: Pending, failing error: any Error) {
        let removed = queue.withLock { queue in
            guard let index = queue.firstIndex(where: { $0 === pending }) else { return false }
            queue.remove(at: index)
            pending.markTaken()
            return true
        }
        if removed { pending.finish(.failure(error)) }
    }

    /// One request waiting in a batcher, and its outcome once its batch ran.
    ///
    /// Safe to share: its state is behind one lock; the outcome is set once.
    final class Pending: Sendable {
        let input: Input

        private struct State {
            var taken = false
            var outcome: Result<Output, any Error>?
            var waiters: [CheckedContinuation<Output, any Error>] = []
        }
        private let state = Locked(State())

        init(_ input: Input) {
            self.input = input
        }

        /// Whether a batch took this request (or it was withdrawn).
        var isTaken: Bool { state.withLock { $0.taken } }

        fileprivate func markTaken() {
            state.withLock { $0.taken = true }
        }

        /// Sets the outcome (the first one given counts) and resumes whoever waits for it.
        func finish(_ outcome: Result<Output, any Error>) {
            let waiters = state.withLock { state -> [CheckedContinuation<Output, any Error>] in
                guard state.outcome == nil else { return [] }
                state.outcome = outcome
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume(with: outcome) }
        }

        /// The outcome, once the request's batch ran.
        func outcome() async throws -> Output {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Output, any Error>? in
                    if let outcome = state.outcome { return outcome }
                    state.waiters.append(continuation)
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        }
    }
}
