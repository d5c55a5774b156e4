import PurchaseCore

/// The requests of one kind waiting for the database (deliveries to record, accounts to read), run
/// in batches by a few callers, so that callers arriving together share one statement (and, for
/// changes, one commit): group commit.
///
/// At most ``maximumRunners`` callers run batches at a time, each on a connection of its own; every
/// other caller only waits for its outcome. A runner takes the oldest requests queued, at most
/// ``maximumBatch`` at a time, until its own request is taken, then gives up its turn: to the oldest
/// caller still queued, when there is one, which then runs in its place. So a request queued is
/// always either taken by a runner or its caller is made a runner; it leaves the queue once, in one
/// batch, and its outcome is set once.
///
/// Safe to share: its state is behind one lock.
final class StatementBatcher<Input: Sendable, Output: Sendable>: Sendable {
    /// The most requests one batch takes.
    let maximumBatch: Int
    /// The most callers running batches at once.
    let maximumRunners: Int

    private struct State {
        var queue: [Pending] = []
        var runners = 0
    }
    private let state = Locked(State())

    init(maximumBatch: Int, maximumRunners: Int) {
        self.maximumBatch = max(1, maximumBatch)
        self.maximumRunners = max(1, maximumRunners)
    }

    /// `input`'s outcome: queued with the other requests; when the batcher makes the caller a runner,
    /// it runs batches (`run` gives each request of a batch its outcome) in one call of
    /// `withConnection` (which lends a connection to its body) until a batch took `input`.
    ///
    /// - Throws: the error `run` gave `input`, or `withConnection`'s when `input` was still queued.
    func outcome<Session>(
        of input: Input,
        withConnection: (_ body: @escaping @Sendable (Session) -> Void) async throws -> Void,
        run: @escaping @Sendable ([Pending], Session) -> Void
    ) async throws -> Output {
        let (pending, runs) = enqueue(input)
        var turn = runs ? Turn.run : await pending.turn()
        while case .run = turn {
            let turnEnded = Locked(false)
            do {
                try await withConnection { session in
                    while let batch = self.nextBatch(for: pending) { run(batch, session) }
                    turnEnded.withLock { $0 = true }
                }
            } catch {
                if !turnEnded.withLock({ $0 }) { runnerFailed(pending, with: error) }
            }
            turn = await pending.turn()
        }
        guard case .finished(let outcome) = turn else { preconditionFailure("a caller's turns end with its outcome") }
        return try outcome.get()
    }

    /// Queues `input`; whether its caller runs batches now (else it waits for its ``Pending/turn()``).
    func enqueue(_ input: Input) -> (pending: Pending, runs: Bool) {
        let pending = Pending(input)
        let runs = state.withLock { state in
            state.queue.append(pending)
            guard state.runners < maximumRunners else { return false }
            state.runners += 1
            pending.markRunning()
            return true
        }
        return (pending, runs)
    }

    /// The next batch for the runner whose own request is `own`: the oldest requests queued, at most
    /// ``maximumBatch``, marked taken; `nil` once `own` was taken, the runner's turn then given up.
    func nextBatch(for own: Pending) -> [Pending]? {
        let (batch, promoted) = state.withLock { state -> ([Pending]?, CheckedContinuation<Turn, Never>?) in
            guard !own.isTaken else { return (nil, Self.endTurn(&state, maximumRunners)) }
            let batch = Array(state.queue.prefix(maximumBatch))
            state.queue.removeFirst(batch.count)
            for pending in batch { pending.markTaken() }
            return (batch, nil)
        }
        promoted?.resume(returning: .run)
        return batch
    }

    /// Ends the turn of the runner whose own request is `own` when it could not get a connection:
    /// `own`, unless a batch took it, fails with `error`.
    func runnerFailed(_ own: Pending, with error: any Error) {
        let (withdrawn, promoted) = state.withLock { state -> (Bool, CheckedContinuation<Turn, Never>?) in
            var withdrawn = false
            if let index = state.queue.firstIndex(where: { $0 === own }) {
                state.queue.remove(at: index)
                own.markTaken()
                withdrawn = true
            }
            return (withdrawn, Self.endTurn(&state, maximumRunners))
        }
        if withdrawn { own.finish(.failure(error)) }
        promoted?.resume(returning: .run)
    }

    /// Gives up a runner's turn: to the oldest request queued whose caller does not run yet, when
    /// there is one; the lock is held. The promoted caller's waiting turn, to be resumed with
    /// ``Turn/run`` once the lock is released (nil when it is not waiting: it is told at its next turn).
    private static func endTurn(_ state: inout State, _ maximumRunners: Int) -> CheckedContinuation<Turn, Never>? {
        state.runners -= 1
        guard state.runners < maximumRunners, let next = state.queue.first(where: { !$0.runs }) else {
            return nil
        }
        state.runners += 1
        return next.promote()
    }

    /// What a waiting caller is told: its request's outcome, or to run batches itself.
    enum Turn {
        case finished(Result<Output, any Error>)
        case run
    }

    /// One request waiting in a batcher, and its outcome once its batch ran.
    ///
    /// Safe to share: its state is behind one lock; the outcome is set once. The batcher's lock may
    /// be held while this one is taken, never the other way round.
    final class Pending: Sendable {
        let input: Input

        private struct State {
            var taken = false
            /// Whether its caller runs batches, or was made to.
            var runs = false
            /// Whether its caller was made to run and has not been told yet.
            var runPending = false
            var outcome: Result<Output, any Error>?
            var waiter: CheckedContinuation<Turn, Never>?
        }
        private let state = Locked(State())

        init(_ input: Input) {
            self.input = input
        }

        /// Whether a batch took this request (or it was withdrawn).
        var isTaken: Bool { state.withLock { $0.taken } }
        fileprivate var runs: Bool { state.withLock { $0.runs } }

        fileprivate func markTaken() {
            state.withLock { $0.taken = true }
        }

        fileprivate func markRunning() {
            state.withLock { $0.runs = true }
        }

        /// Makes the caller a runner: its waiting turn to resume with ``Turn/run``, or, when it is
        /// not waiting, ``Turn/run`` kept for its next turn.
        fileprivate func promote() -> CheckedContinuation<Turn, Never>? {
            state.withLock { state in
                state.runs = true
                guard let waiter = state.waiter else {
                    state.runPending = true
                    return nil
                }
                state.waiter = nil
                return waiter
            }
        }

        /// Sets the outcome (the first one given counts) and tells the waiting caller.
        func finish(_ outcome: Result<Output, any Error>) {
            let waiter = state.withLock { state -> CheckedContinuation<Turn, Never>? in
                guard state.outcome == nil else { return nil }
                state.outcome = outcome
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: .finished(outcome))
        }

        /// The caller's next turn: to run batches when it was made a runner (first, so that a turn
        /// given is always taken and given up), else the outcome, once the request's batch ran.
        func turn() async -> Turn {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Turn? in
                    if state.runPending {
                        state.runPending = false
                        return .run
                    }
                    if let outcome = state.outcome { return .finished(outcome) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}
