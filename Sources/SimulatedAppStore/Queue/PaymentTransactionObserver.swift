/// Told what happens in a ``PaymentQueue`` (`SKPaymentTransactionObserver`'s shape).
///
/// Calls arrive one at a time, in the order the queue produced them, on the queue's callback
/// executor (a serial `DispatchQueue`, see ``PaymentQueue/init(catalog:controls:persistence:clock:random:callbackQueue:readOnly:signedData:)``),
/// never inside the call that caused them: after `add(_:)` returns, its callbacks follow.
///
/// ## Implementation requirements
/// - Conformers are reference types and `Sendable`: the queue holds them and calls them from its
///   callback executor. Keep mutable state behind a lock (a `Mutex`) or hop to your own actor.
/// - A callback must not block waiting for the queue (it runs on the callback executor the queue
///   needs to deliver the next call); start a `Task` to call the queue instead.
/// - ``updatedTransactions(_:)`` is the one required method: handle purchased and restored
///   transactions (deliver, then `finishTransaction`), failed ones (show the error, then
///   `finishTransaction`), and deferred ones (show that approval is pending; do not finish them).
public protocol PaymentTransactionObserver: AnyObject, Sendable {
    /// Transactions changed state (or, when the observer was just added, are still unfinished).
    func updatedTransactions(_ transactions: [PaymentTransaction])

    /// Transactions were finished and left the queue.
    func removedTransactions(_ transactions: [PaymentTransaction])

    /// A restore delivered every restored transaction (possibly none) and is done.
    func restoreCompletedTransactionsFinished()

    /// A restore failed; no restored transactions follow for it.
    func restoreCompletedTransactionsFailedWithError(_ error: StoreKitError)

    /// Downloads changed state or progress.
    func updatedDownloads(_ downloads: [Download])

    /// A person started buying a promoted product in the App Store.
    ///
    /// - Returns: `true` to add the payment to the queue now; `false` to keep it and add it later
    ///   with ``PaymentQueue/add(_:)-(Payment)``.
    func shouldAddStorePayment(_ payment: Payment, for product: AppStoreProduct) -> Bool

    /// The store revoked purchases of these products (refund, family sharing ended).
    func didRevokeEntitlements(forProductIdentifiers productIdentifiers: [String])

    /// The store revoked these transactions, each with its `revocationDate` (a simulator extension
    /// to StoreKit 1, which only names the products).
    func revokedTransactions(_ transactions: [PaymentTransaction])

    /// The storefront changed.
    func storefrontDidChange(_ storefront: String)
}

// MARK: - Default implementations

extension PaymentTransactionObserver {
    /// Does nothing.
    public func removedTransactions(_ transactions: [PaymentTransaction]) {}

    /// Does nothing.
    public func restoreCompletedTransactionsFinished() {}

    /// Does nothing.
    public func restoreCompletedTransactionsFailedWithError(_ error: StoreKitError) {}

    /// Does nothing.
    public func updatedDownloads(_ downloads: [Download]) {}

    /// Returns `true`: the payment is added at once, as StoreKit does when the method is missing.
    public func shouldAddStorePayment(_ payment: Payment, for product: AppStoreProduct) -> Bool { true }

    /// Does nothing.
    public func didRevokeEntitlements(forProductIdentifiers productIdentifiers: [String]) {}

    /// Does nothing.
    public func revokedTransactions(_ transactions: [PaymentTransaction]) {}

    /// Does nothing.
    public func storefrontDidChange(_ storefront: String) {}
}
