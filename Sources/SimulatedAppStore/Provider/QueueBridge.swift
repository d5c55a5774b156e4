import PurchaseCore
import Synchronization

/// The provider's observer on the queue: turns callbacks into answers for waiting calls
/// (purchases, restores) and into transaction updates for everything else.
///
/// Its state lives behind a `Mutex`, so callbacks on the queue's callback executor and async
/// callers meet safely; continuations are resumed outside the lock.
final class QueueBridge: PaymentTransactionObserver {
    private struct State {
        /// Purchases waiting for their transaction's outcome, by handle.
        var waiting: [String: CheckedContinuation<PaymentTransaction, Never>] = [:]
        /// Outcomes that arrived before their purchase began waiting.
        var arrived: [String: PaymentTransaction] = [:]
        /// Handles of purchases in progress: their callbacks answer the purchase, not the updates.
        var awaited: Set<String> = []
        var restoreWaiters: [CheckedContinuation<Result<[PaymentTransaction], StoreKitError>, Never>] = []
        var restored: [PaymentTransaction] = []
    }

    private let state = Mutex(State())
    private let convert: @Sendable (PaymentTransaction) -> StoreTransaction
    let updates = UpdateBroadcaster<StoreTransaction>()

    init(convert: @escaping @Sendable (PaymentTransaction) -> StoreTransaction) {
        self.convert = convert
    }

    /// Marks a handle as a purchase in progress (called before the queue schedules its callbacks).
    func expect(_ handle: String) {
        state.withLock { _ = $0.awaited.insert(handle) }
    }

    /// Waits for the outcome of a purchase marked with ``expect(_:)``.
    func outcome(of handle: String) async -> PaymentTransaction {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> PaymentTransaction? in
                if let transaction = state.arrived.removeValue(forKey: handle) { return transaction }
                state.waiting[handle] = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Waits for the next restore to finish or fail (register before starting the restore).
    func restoreResult(
        start: @escaping @Sendable () async -> Void
    ) async -> Result<[PaymentTransaction], StoreKitError> {
        await withCheckedContinuation { continuation in
            state.withLock { $0.restoreWaiters.append(continuation) }
            Task { await start() }
        }
    }

    func updatedTransactions(_ transactions: [PaymentTransaction]) {
        var resumes: [(CheckedContinuation<PaymentTransaction, Never>, PaymentTransaction)] = []
        var forward: [PaymentTransaction] = []
        state.withLock { state in
            for transaction in transactions {
                switch transaction.transactionState {
                case .purchasing:
                    continue
                case .restored:
                    if state.restoreWaiters.isEmpty {
                        forward.append(transaction)
                    } else {
                        state.restored.append(transaction)
                    }
                case .purchased, .failed, .deferred:
                    if state.awaited.remove(transaction.id) != nil {
                        if let continuation = state.waiting.removeValue(forKey: transaction.id) {
                            resumes.append((continuation, transaction))
                        } else {
                            state.arrived[transaction.id] = transaction
                        }
                    } else {
                        forward.append(transaction)
                    }
                }
            }
        }
        for (continuation, transaction) in resumes { continuation.resume(returning: transaction) }
        for transaction in forward { updates.yield(convert(transaction)) }
    }

    func restoreCompletedTransactionsFinished() {
        let (waiter, restored) = state.withLock { state in
            defer { state.restored = [] }
            return (state.restoreWaiters.isEmpty ? nil : state.restoreWaiters.removeFirst(), state.restored)
        }
        waiter?.resume(returning: .success(restored))
    }

    func restoreCompletedTransactionsFailedWithError(_ error: StoreKitError) {
        let waiter = state.withLock { state in
            state.restored = []
            return state.restoreWaiters.isEmpty ? nil : state.restoreWaiters.removeFirst()
        }
        waiter?.resume(returning: .failure(error))
    }

    func revokedTransactions(_ transactions: [PaymentTransaction]) {
        for transaction in transactions { updates.yield(convert(transaction)) }
    }

    /// Holds promoted payments for the app: the provider has no UI to ask the person.
    func shouldAddStorePayment(_ payment: Payment, for product: AppStoreProduct) -> Bool { true }
}
