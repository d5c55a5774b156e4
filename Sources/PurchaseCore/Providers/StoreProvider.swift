public import Foundation

/// A store that sells products: the one protocol every store plug-in implements.
///
/// A provider talks to one store (a file on disk, a simulated App Store, a web shop). It reports
/// what the store does; the ``Store`` runs the purchase flow on top of it: verification, delivery
/// recorded exactly once in a ``FulfillmentLedger``, then ``finish(_:)``.
///
/// ## Implementation requirements
/// - Products and transactions name products by the catalog's product identifier
///   (``Product/productID``); a provider maps them to its store's own identifiers
///   (``Product/storeID(for:)``) itself.
/// - Every transaction carries ``StoreTransaction/store`` equal to ``storeName``, and an
///   ``StoreTransaction/id`` that the store never gives to another transaction.
/// - A transaction the provider reports as purchased or restored stays unfinished until
///   ``finish(_:)`` is called for it: ``unfinishedTransactions()`` returns it across relaunches.
///   ``finish(_:)`` is idempotent.
/// - ``purchase(_:)`` returns only when the store has an answer: a purchased transaction, a
///   pending one (Ask to Buy, interrupted; resolved later through ``transactionUpdates``), or a
///   cancel. Every other failure throws a ``PurchaseError``.
/// - ``transactionUpdates`` yields transactions that arrive outside a ``purchase(_:)`` call:
///   approved or declined Ask to Buy, renewals, refunds (with ``StoreTransaction/revocationDate``),
///   purchases made on another device. Each access returns a stream for one listener.
/// - A subscription the store ends before its period's end comes back as its latest transaction with
///   the same ``StoreTransaction/id`` and the earlier ``StoreTransaction/expirationDate``, through
///   ``transactionUpdates`` and ``unfinishedTransactions()`` until finished; the ``Store`` records the
///   earlier end. A renewal is always a new transaction.
/// - ``billingGracePeriod()`` (optional: the default says nothing) is the store's answer as it stands
///   when asked; a store that gives no grace while it retries billing answers 0.
/// - Errors thrown are ``PurchaseError``s; a provider maps its native codes
///   (``PurchaseError/storeKit(code:productID:)``).
///
/// ## Lifecycle
/// A deployment builds a provider with its factory, calls ``start()`` once the ``Store`` over it
/// listens to ``transactionUpdates`` (so what the provider reports from `start()` reaches it), and
/// at the end ``flush()`` then ``close()``, after the `Store` has stopped. The three have defaults
/// that do nothing, for providers with nothing to start or write.
///
/// ## Verification
/// A store that is not its own authority (receipts, signed data) offers the verifier that fits its
/// transactions as ``receiptVerifier``; the deployment gives it to the `Store` for the provider's
/// ``storeName``. The default, `nil`, leaves the `Store`'s catalog check.
public protocol StoreProvider: Sendable {
    /// The name transactions of this store carry and delivery is keyed by (e.g. `file`,
    /// `simulated-app-store`). Stable across launches.
    var storeName: String { get }

    /// The products the store sells among `productIDs`, with the ones it does not sell.
    ///
    /// - Parameter productIDs: catalog product identifiers.
    /// - Throws: ``PurchaseError`` (``PurchaseError/Code/storeUnavailable`` when the store cannot be reached).
    func products(for productIDs: [String]) async throws -> ProductsResponse

    /// Whether the person may pay on this device and account. `false` when purchases are turned off.
    func canMakePayments() async -> Bool

    /// Buys a product.
    ///
    /// - Throws: ``PurchaseError``: ``PurchaseError/Code/alreadyOwned``,
    ///   ``PurchaseError/Code/productUnavailable``, ``PurchaseError/Code/paymentInvalid``...
    func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult

    /// Everything the person owns that a restore brings back: non-consumables and subscriptions,
    /// as restored transactions (new identifiers, original identifiers kept) or as the original ones.
    ///
    /// - Throws: ``PurchaseError`` when the store cannot answer; an empty array means nothing to restore.
    func restore() async throws -> [StoreTransaction]

    /// Transactions reported but not yet finished, oldest first.
    func unfinishedTransactions() async throws -> [StoreTransaction]

    /// Tells the store the transaction has been dealt with; it is not reported again.
    func finish(_ transaction: StoreTransaction) async throws

    /// Transactions that arrive outside a purchase call.
    var transactionUpdates: AsyncStream<StoreTransaction> { get }

    /// How long the store keeps giving access to an auto-renewable subscription whose renewal it
    /// could not charge, while it retries billing, as the store stands now; `nil` when the store
    /// does not say, and the ``Store``'s own grace period applies to its subscriptions.
    func billingGracePeriod() async -> TimeInterval?

    /// The verifier for this store's transactions, or `nil` when the store is its own authority.
    var receiptVerifier: (any ReceiptVerifier)? { get }

    /// Starts what the provider runs by itself (observers, polling); called once, after the
    /// `Store` over it started listening to ``transactionUpdates``.
    ///
    /// - Throws: ``PurchaseError`` when the store cannot start; the deployment is then not opened.
    func start() async throws

    /// Makes durable what the provider deferred (finish marks written with a later commit).
    ///
    /// - Throws: ``PurchaseError`` when it cannot be written; what was deferred is then handed back
    ///   at the next launch (and found already delivered).
    func flush() async throws

    /// Waits for the work the provider started and releases what it holds (files, locks); the
    /// provider is not used afterwards. Called once, after the `Store` over it stopped.
    func close() async
}

// MARK: - Default implementations

extension StoreProvider {
    /// `nil`: the store states no billing grace period of its own, so the ``Store``'s applies.
    public func billingGracePeriod() async -> TimeInterval? { nil }

    /// `nil`: the store is its own authority and the `Store` checks transactions against the catalog.
    public var receiptVerifier: (any ReceiptVerifier)? { nil }

    /// Does nothing.
    public func start() async throws {}

    /// Does nothing.
    public func flush() async throws {}

    /// Does nothing.
    public func close() async {}
}

/// What the person asked to buy.
public struct PurchaseRequest: Sendable, Hashable {
    /// The catalog's product identifier.
    public var productID: String
    /// How many units (consumables only; 1 otherwise).
    public var quantity: Int
    /// The app's identifier of the account the purchase is for (``PurchaseOptions/appAccountToken``).
    public var appAccountToken: UUID?
    /// A promotional offer signed for this purchase (``PurchaseOptions/promotionalOffer``).
    public var promotionalOffer: SignedPromotionalOffer?
    /// The plan, offer and replacement mode in the store's own identifiers
    /// (``PurchaseOptions/storeOptions``); a provider whose store has none ignores them.
    public var storeOptions: StoreSpecificOptions

    /// Creates a request.
    public init(
        productID: String, quantity: Int = 1, appAccountToken: UUID? = nil,
        promotionalOffer: SignedPromotionalOffer? = nil, storeOptions: StoreSpecificOptions = StoreSpecificOptions()
    ) {
        self.productID = productID
        self.quantity = quantity
        self.appAccountToken = appAccountToken
        self.promotionalOffer = promotionalOffer
        self.storeOptions = storeOptions
    }

    /// Creates the request for `productID` with `options`.
    public init(productID: String, options: PurchaseOptions) {
        self.init(
            productID: productID, quantity: options.quantity, appAccountToken: options.appAccountToken,
            promotionalOffer: options.promotionalOffer, storeOptions: options.storeOptions)
    }
}

/// A store's immediate answer to a purchase.
public enum ProviderPurchaseResult: Sendable, Hashable {
    /// Charged: the transaction is to be verified, delivered and finished.
    case purchased(StoreTransaction)
    /// Waiting (Ask to Buy, an interrupted purchase); the outcome arrives later through
    /// ``StoreProvider/transactionUpdates``. The deferred transaction, when the store reports one.
    case pending(StoreTransaction?)
    /// The person cancelled.
    case cancelled
}
