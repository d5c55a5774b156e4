/// The ``Store`` with callbacks instead of async/await, shaped like the wrappers apps put around
/// StoreKit: purchase success, fail and cancel; restore success once per product, restore complete;
/// and complete after either.
///
/// Guarantees, for a ``purchase(_:quantity:)`` and a ``restore()`` alike, in this order:
/// 1. When the store does not allow payments (purchases turned off in Settings), ``onMessage`` gets
///    the message that says where to turn them on, then the operation is cancelled: ``onCancel``
///    with ``CancelReason/paymentsNotAllowed`` (and, for a purchase, ``onPurchaseCancel``), then
///    ``onComplete``. Nothing is asked of the store.
/// 2. When this facade is already running a purchase or a restore, the new one is cancelled the same
///    way with ``CancelReason/operationInProgress`` (no message: the person is looking at the first
///    one), never silently dropped and never queued.
/// 3. A purchase asks the store for its product only when the store has not yet answered for the
///    catalog's products (the ``Store`` caches them); a product the store does not sell ends in
///    ``onPurchaseFail`` with ``PurchaseError/Code/invalidProductIdentifiers``.
/// 4. Otherwise a purchase ends in exactly one of ``onPurchaseSuccess``, ``onPurchasePending``,
///    ``onPurchaseCancel`` (with ``onCancel``, ``CancelReason/cancelledByPerson``) or
///    ``onPurchaseFail``; a restore calls ``onRestoreSuccess`` once per restored product, then
///    ``onRestoreComplete`` with the outcome. ``onComplete`` follows every operation exactly once.
/// 5. A purchased product with hosted content downloads it before the purchase ends: every change of
///    its downloads reaches ``onDownloadProgress``, in order, before the purchase's outcome.
///    ``onPurchaseSuccess`` then means the content is here (each finished download's
///    ``ContentDownload/contentURL``) and the transaction is finished. A download that failed or was
///    cancelled ends the purchase in ``onPurchaseFail`` with ``PurchaseError/Reason/downloadFailed``
///    or ``PurchaseError/Reason/downloadCancelled`` (its message says the content downloads again at
///    the next launch): the purchase is delivered, its transaction stays unfinished, and the
///    ``Store``'s next `start()` downloads the content again.
///
/// Callbacks run on the main actor. The typed reason of every cancel is in ``Cancellation``.
@MainActor
public final class CallbackStore {
    /// An operation of the facade.
    public enum Operation: Sendable, Hashable {
        /// A purchase of the product.
        case purchase(productID: String)
        /// A restore.
        case restore
    }

    /// Why an operation was cancelled.
    public enum CancelReason: Sendable, Hashable {
        /// The person cancelled the payment sheet.
        case cancelledByPerson
        /// The store does not allow payments (purchases are turned off on the device).
        case paymentsNotAllowed
        /// Another purchase or restore of this facade was running.
        case operationInProgress
    }

    /// A cancelled operation and why.
    public struct Cancellation: Sendable, Hashable {
        /// What was cancelled.
        public var operation: Operation
        /// Why.
        public var reason: CancelReason

        /// A cancellation of `operation` for `reason`.
        public init(operation: Operation, reason: CancelReason) {
            self.operation = operation
            self.reason = reason
        }
    }

    /// Called when a purchase was delivered.
    public var onPurchaseSuccess: (StoreTransaction) -> Void = { _ in }
    /// Called when a purchase waits for approval.
    public var onPurchasePending: (String) -> Void = { _ in }
    /// Called when a purchase was cancelled, for any ``CancelReason``, with the product's identifier.
    public var onPurchaseCancel: (String) -> Void = { _ in }
    /// Called when a purchase failed.
    public var onPurchaseFail: (PurchaseError) -> Void = { _ in }
    /// Called once per product a restore brought back.
    public var onRestoreSuccess: (String) -> Void = { _ in }
    /// Called when a restore ended, with its outcome.
    public var onRestoreComplete: (RestoreOutcome) -> Void = { _ in }
    /// Called when a purchase or a restore was cancelled, with why (after ``onPurchaseCancel`` for a
    /// purchase).
    public var onCancel: (Cancellation) -> Void = { _ in }
    /// Called with a message to show the person before an operation is cancelled (payments not
    /// allowed); render it in the person's language with the deployment's message tables.
    public var onMessage: (Message) -> Void = { _ in }
    /// Called with every change of a download of the hosted content of the product being bought
    /// (waiting, active with its progress and time remaining, paused, finished with where the content
    /// is, failed, cancelled), in order, before the purchase's outcome.
    public var onDownloadProgress: (ContentDownload) -> Void = { _ in }
    /// Called after every purchase or restore, whatever its outcome.
    public var onComplete: () -> Void = {}

    private let store: Store
    /// Whether a purchase or a restore of this facade is running.
    private var running = false

    /// Wraps a store.
    public init(store: Store) {
        self.store = store
    }

    /// Starts a purchase; its outcome arrives through the callbacks.
    public func purchase(_ productID: String, quantity: Int = 1) {
        let store = store
        let operation = Operation.purchase(productID: productID)
        Task {
            guard await begin(operation, paymentsAllowed: store.canMakePayments(for: productID)) else { return }
            defer { end() }
            do {
                let products = try await store.products()
                guard products.products.contains(where: { $0.id == productID }) else {
                    onPurchaseFail(
                        PurchaseError(
                            .invalidProductIdentifiers, detail: "the store does not sell it", productID: productID))
                    return
                }
            } catch {
                onPurchaseFail(
                    error as? PurchaseError ?? PurchaseError(.storeUnavailable, underlyingError: error))
                return
            }
            // The downloads' changes come from the store's executor; they reach the callback in order,
            // all of them before the outcome.
            let (changes, relay) = AsyncStream.makeStream(of: ContentDownload.self)
            let progress = Task { @MainActor in
                for await download in changes { onDownloadProgress(download) }
            }
            let outcome = await store.purchase(
                productID, options: PurchaseOptions(quantity: quantity), downloadProgress: { relay.yield($0) })
            relay.finish()
            await progress.value
            switch outcome {
            case .purchased(let transaction): onPurchaseSuccess(transaction)
            case .pending(let productID): onPurchasePending(productID)
            case .cancelled: cancel(operation, .cancelledByPerson)
            case .failed(let error): onPurchaseFail(error)
            }
        }
    }

    /// Starts a restore; its outcome arrives through the callbacks.
    public func restore() {
        let store = store
        Task {
            guard await begin(.restore, paymentsAllowed: store.canMakePayments()) else { return }
            defer { end() }
            let outcome = await store.restore()
            for productID in outcome.restoredProductIDs {
                onRestoreSuccess(productID)
            }
            onRestoreComplete(outcome)
        }
    }

    /// Marks `operation` running and returns `true`, or cancels it (payments not allowed, another
    /// running) and returns `false` after its ``onComplete``.
    private func begin(_ operation: Operation, paymentsAllowed: Bool) -> Bool {
        guard paymentsAllowed else {
            onMessage(.paymentsDisabled)
            cancel(operation, .paymentsNotAllowed)
            onComplete()
            return false
        }
        guard !running else {
            cancel(operation, .operationInProgress)
            onComplete()
            return false
        }
        running = true
        return true
    }

    private func end() {
        running = false
        onComplete()
    }

    private func cancel(_ operation: Operation, _ reason: CancelReason) {
        if case .purchase(let productID) = operation { onPurchaseCancel(productID) }
        onCancel(Cancellation(operation: operation, reason: reason))
    }
}
