import Foundation

/// A product asked for in `queryProductDetails` (`QueryProductDetailsParams.Product`).
public struct PlayQueryProduct: Sendable, Hashable {
    /// The product id.
    public var productId: String
    /// Its type.
    public var productType: PlayProductType

    /// Creates the query item.
    ///
    /// - Parameters:
    ///   - productId: the product id.
    ///   - productType: its type.
    public init(_ productId: String, _ productType: PlayProductType) {
        self.productId = productId
        self.productType = productType
    }
}

/// Play's `BillingClient` with Swift names, over a ``SimulatedGooglePlay``: one app on one device,
/// signed in as one Google account.
///
/// Every call but ``startConnection(onDisconnected:)`` answers `SERVICE_DISCONNECTED` until a connection
/// is made, and again after ``endConnection()`` or after the store drops the connection. The outcome of a
/// billing flow reaches the listener given at creation, as Play's `onPurchasesUpdated` does; so do
/// pending purchases that complete or are cancelled later.
public actor PlayBillingClient {
    /// The store.
    public nonisolated let store: SimulatedGooglePlay
    /// The Google account the device is signed in as.
    public nonisolated let account: String
    private nonisolated let listener: PlayPurchasesUpdatedListener
    private nonisolated let connection = UUID()

    /// Creates a client (`BillingClient.newBuilder(context).setListener(listener).build()`).
    ///
    /// - Parameters:
    ///   - store: the simulated Play Store.
    ///   - account: the Google account the device is signed in as.
    ///   - listener: told each billing flow's outcome and later changes of pending purchases.
    public init(
        store: SimulatedGooglePlay, account: String = "user@example.com",
        listener: @escaping PlayPurchasesUpdatedListener
    ) {
        self.store = store
        self.account = account
        self.listener = listener
    }

    /// Connects to the Play Store service (`startConnection`): `OK`, or `BILLING_UNAVAILABLE` when billing
    /// is not available to the person, or `SERVICE_UNAVAILABLE`.
    ///
    /// - Parameter onDisconnected: called when the store drops the connection (`onBillingServiceDisconnected`).
    @discardableResult
    public func startConnection(onDisconnected: (@Sendable () -> Void)? = nil) async -> BillingResult {
        await store.connect(connection, account: account, listener: listener, onDisconnected: onDisconnected)
    }

    /// Ends the connection (`endConnection`); later calls answer `SERVICE_DISCONNECTED`.
    public func endConnection() async {
        await store.disconnect(connection)
    }

    /// Whether the client is connected (`isReady`).
    public var isReady: Bool {
        get async { await store.isConnected(connection) }
    }

    /// The details of `products` (`queryProductDetailsAsync`): those found, each with the offers the
    /// person may take; all must be of one type.
    ///
    /// - Parameter products: the products asked for.
    /// - Returns: the result and the details found.
    public func queryProductDetails(_ products: [PlayQueryProduct]) async -> (BillingResult, [PlayProductDetails]) {
        await store.queryProductDetails(products, connection: connection)
    }

    /// Opens the purchase dialog (`launchBillingFlow`). Invalid parameters are answered here; the
    /// dialog's outcome (bought, pending, cancelled, already owned...) reaches the listener.
    ///
    /// - Parameter params: what to buy.
    /// - Returns: `OK` when the dialog opened, else why not.
    @discardableResult
    public func launchBillingFlow(_ params: PlayBillingFlowParams) async -> BillingResult {
        await store.launchBillingFlow(params, connection: connection)
    }

    /// The person's purchases of `type` (`queryPurchasesAsync`): owned one-time products not consumed, and
    /// subscriptions in their period or grace period; pending purchases too.
    ///
    /// - Parameter type: one-time products or subscriptions.
    /// - Returns: the result and the purchases, oldest first.
    public func queryPurchases(_ type: PlayProductType) async -> (BillingResult, [PlayPurchase]) {
        await store.queryPurchases(type, connection: connection)
    }

    /// Acknowledges a purchase (`acknowledgePurchase`); without it Play refunds the purchase three days
    /// after it was paid.
    ///
    /// - Parameter purchaseToken: the purchase's token.
    @discardableResult
    public func acknowledgePurchase(_ purchaseToken: String) async -> BillingResult {
        await store.acknowledge(purchaseToken, connection: connection)
    }

    /// Consumes a one-time purchase (`consumeAsync`): it acknowledges it and lets the person buy the
    /// product again.
    ///
    /// - Parameter purchaseToken: the purchase's token.
    /// - Returns: the result and the token consumed.
    @discardableResult
    public func consume(_ purchaseToken: String) async -> (BillingResult, String) {
        (await store.consume(purchaseToken, connection: connection), purchaseToken)
    }

    /// Whether the Play Store supports `feature` (`isFeatureSupported`): `subscriptions` and
    /// `subscriptionsUpdate` as the controls say, anything else `FEATURE_NOT_SUPPORTED`.
    ///
    /// - Parameter feature: Play's feature name.
    public func isFeatureSupported(_ feature: String) async -> BillingResult {
        await store.isFeatureSupported(feature, connection: connection)
    }
}
