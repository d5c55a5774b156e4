import PurchaseCore

/// The provider's observer on the queue: turns callbacks into answers for waiting restores and
/// into transaction updates for everything else (the queue does not tell it the first outcome of
/// the provider's own purchases: the provider gets those as return values). It is not told removals.
///
/// Its state lives behind a lock, so callbacks on the queue's callback executor and async
/// callers meet safely; continuations are resumed outside the lock.
final class QueueBridge: PaymentTransactionObserver {
    private struct State {
        var restoreWaiters: [RestoreWaiter] = []
        var restored: [PaymentTransaction] = []
        /// Who decides about promoted purchases; `nil`: buy now.
        var promotedPurchaseDecider: (@Sendable (String) -> PromotedPurchaseDecision)?
        /// Promoted purchases kept for later, by catalog product identifier, oldest first.
        var heldPromoted: [String] = []
    }

    private let state = Locked(State())
    /// Turns transactions the queue reported together into the store's transactions, in order.
    let convert: @Sendable ([PaymentTransaction]) -> [StoreTransaction]
    let updates = UpdateBroadcaster<StoreTransaction>()
    /// The downloads runs of the `Store` waiting for their transactions' downloads to change.
    let downloadWatches = Locked<[ObjectIdentifier: DownloadWatch]>([:])

    /// The catalog's product identifier of a store product identifier.
    let catalogID: @Sendable (String) -> String

    init(
        catalogID: @escaping @Sendable (String) -> String,
        convert: @escaping @Sendable ([PaymentTransaction]) -> [StoreTransaction]
    ) {
        self.catalogID = catalogID
        self.convert = convert
    }

    /// Installs who decides about promoted purchases.
    func setPromotedPurchaseDecider(_ decide: (@Sendable (String) -> PromotedPurchaseDecision)?) {
        state.withLock { $0.promotedPurchaseDecider = decide }
    }

    /// Promoted purchases kept for later.
    var heldPromoted: [String] { state.withLock { $0.heldPromoted } }

    /// The app buys `productID`: a promoted purchase of it kept for later waits no more.
    func releaseHeldPromoted(_ productID: String) {
        state.withLock { state in
            if let index = state.heldPromoted.firstIndex(of: productID) { state.heldPromoted.remove(at: index) }
        }
    }

    /// One transaction as the store's.
    func convert(_ transaction: PaymentTransaction) -> StoreTransaction {
        convert([transaction])[0]
    }

    /// Registers for the next restore's end, runs `start` (which starts the restore) in the caller's
    /// task, and waits for the restore to finish or fail.
    func restoreResult(start: () async -> Void) async -> Result<[PaymentTransaction], StoreKitError> {
        let waiter = RestoreWaiter()
        state.withLock { $0.restoreWaiters.append(waiter) }
        await start()
        return await waiter.result()
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
        for transaction in convert(forward) { updates.yield(transaction) }
    }

    func restoreCompletedTransactionsFinished() {
        let (waiter, restored) = state.withLock { state in
            defer { state.restored = [] }
            return (state.restoreWaiters.isEmpty ? nil : state.restoreWaiters.removeFirst(), state.restored)
        }
        waiter?.resolve(.success(restored))
    }

    func restoreCompletedTransactionsFailedWithError(_ error: StoreKitError) {
        let waiter = state.withLock { state in
            state.restored = []
            return state.restoreWaiters.isEmpty ? nil : state.restoreWaiters.removeFirst()
        }
        waiter?.resolve(.failure(error))
    }

    func revokedTransactions(_ transactions: [PaymentTransaction]) {
        for transaction in convert(transactions) { updates.yield(transaction) }
    }

    /// The session ended these subscriptions' periods early (``PaymentQueue/expireSubscription(productIdentifier:)``):
    /// the changed transactions, with their earlier expiration dates, go to the updates. Only the
    /// adapter is told; StoreKit has no callback for it.
    func transactionsEndedEarly(_ transactions: [PaymentTransaction]) {
        for transaction in convert(transactions) { updates.yield(transaction) }
    }

    /// Asks the app (the decider the `Store` installed) whether to add a promoted payment now; one kept
    /// for later waits in ``heldPromoted``, one refused is dropped.
    func shouldAddStorePayment(_ payment: Payment, for product: AppStoreProduct) -> Bool {
        let productID = catalogID(payment.productIdentifier)
        let decide = state.withLock { $0.promotedPurchaseDecider }
        switch decide?(productID) ?? .buyNow {
        case .buyNow:
            return true
        case .later:
            state.withLock { $0.heldPromoted.append(productID) }
            return false
        case .refuse:
            return false
        }
    }
}

/// The end of one restore, told by the queue's callback and awaited by the restoring caller,
/// whichever comes first: the result waits for the caller, or the caller for the result.
///
/// Safe to share: its state lives behind a lock; the continuation is resumed outside it.
final class RestoreWaiter: Sendable {
    private struct State {
        var result: Result<[PaymentTransaction], StoreKitError>?
        var continuation: CheckedContinuation<Result<[PaymentTransaction], StoreKitError>, Never>?
    }

    private let state = Locked(State())

    /// Hands the restore's end to the caller (once; later calls are ignored).
    func resolve(_ result: Result<[PaymentTransaction], StoreKitError>) {
        let continuation = state.withLock { state in
            guard state.result == nil else {
                return CheckedContinuation<Result<[PaymentTransaction], StoreKitError>, Never>?.none
            }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: result)
    }

    /// The restore's end, once told.
    func result() async -> Result<[PaymentTransaction], StoreKitError> {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.result == nil { state.continuation = continuation }
                return state.result
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
