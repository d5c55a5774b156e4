/// The ``Store`` with callbacks instead of async/await, shaped like the wrappers apps put around
/// StoreKit: purchase success, fail and cancel; restore success once per product, restore complete;
/// and complete after either.
///
/// Guarantees: every ``purchase(_:quantity:)`` call ends in exactly one of ``onPurchaseSuccess``,
/// ``onPurchasePending``, ``onPurchaseCancel`` or ``onPurchaseFail``, then ``onComplete``; a purchase
/// started while another runs ends in ``onPurchaseFail`` with ``PurchaseError/Code/purchaseInProgress``.
/// Every ``restore()`` calls ``onRestoreSuccess`` once per restored product, then
/// ``onRestoreComplete`` with the outcome, then ``onComplete``. Callbacks run on the main actor.
@MainActor
public final class CallbackStore {
    /// Called when a purchase was delivered.
    public var onPurchaseSuccess: (StoreTransaction) -> Void = { _ in }
    /// Called when a purchase waits for approval.
    public var onPurchasePending: (String) -> Void = { _ in }
    /// Called when the person cancelled a purchase.
    public var onPurchaseCancel: (String) -> Void = { _ in }
    /// Called when a purchase failed.
    public var onPurchaseFail: (PurchaseError) -> Void = { _ in }
    /// Called once per product a restore brought back.
    public var onRestoreSuccess: (String) -> Void = { _ in }
    /// Called when a restore ended, with its outcome.
    public var onRestoreComplete: (RestoreOutcome) -> Void = { _ in }
    /// Called after every purchase or restore, whatever its outcome.
    public var onComplete: () -> Void = {}

    private let store: Store

    /// Wraps a store.
    public init(store: Store) {
        self.store = store
    }

    /// Starts a purchase; its outcome arrives through the callbacks.
    public func purchase(_ productID: String, quantity: Int = 1) {
        let store = store
        Task {
            let outcome = await store.purchase(productID, quantity: quantity)
            switch outcome {
            case .purchased(let transaction): onPurchaseSuccess(transaction)
            case .pending(let productID): onPurchasePending(productID)
            case .cancelled(let productID): onPurchaseCancel(productID)
            case .failed(let error): onPurchaseFail(error)
            }
            onComplete()
        }
    }

    /// Starts a restore; its outcome arrives through the callbacks.
    public func restore() {
        let store = store
        Task {
            let outcome = await store.restore()
            for productID in outcome.restoredProductIDs {
                onRestoreSuccess(productID)
            }
            onRestoreComplete(outcome)
            onComplete()
        }
    }
}
