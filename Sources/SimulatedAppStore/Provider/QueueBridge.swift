import PurchaseCore

/// The provider's observer on the queue: turns callbacks into answers for waiting restores and
/// into transaction updates for everything else (the queue does not tell it the first outcome of
/// the provider's own purchases: the provider gets those as return values). It is not told removals.
///
/// Its state lives behind a lock, so callbacks on the queue's callback executor and async
/// callers meet safely; continuations are resumed outside the lock.
final class QueueBridge: PaymentTransactionObserver {
    private struct State {
        var restoreWaiters: [CheckedContinuation<Result<[PaymentTransaction], StoreKitError>, Never>] = []
        var restored: [PaymentTransaction] = []
    }

    private let state = Locked(State())
    let convert: @Sendable (PaymentTransaction) -> StoreTransaction
    let updates = UpdateBroadcaster<StoreTransaction>()

    init(convert: @escaping @Sendable (PaymentTransaction) -> StoreTransaction) {
        self.convert = convert
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
                    forward.append(transaction)
                }
            }
        }
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

    /// The session ended these subscriptions' periods early (``PaymentQueue/expireSubscription(productIdentifier:)``):
    /// the changed transactions, with their earlier expiration dates, go to the updates. Only the
    /// adapter is told; StoreKit has no callback for it.
    func transactionsEndedEarly(_ transactions: [PaymentTransaction]) {
        for transaction in transactions { updates.yield(convert(transaction)) }
    }

    /// Holds promoted payments for the app: the provider has no UI to ask the person.
    func shouldAddStorePayment(_ payment: Payment, for product: AppStoreProduct) -> Bool { true }
}
