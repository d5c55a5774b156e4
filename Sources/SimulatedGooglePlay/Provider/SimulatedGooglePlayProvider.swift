public import Foundation
public import PurchaseCore

/// The `simulated-google-play` provider: PurchaseCore's `StoreProvider` as an adapter over a
/// ``SimulatedGooglePlay`` reached through ``PlayBillingClient``, the way an Android app uses Play Billing.
///
/// Guarantees:
/// - Products are the catalog's (``PlayCatalogProducts``) with the prices `queryProductDetails` gives.
/// - A purchase launches a billing flow; the flow's outcome reaches the purchases-updated listener: a paid
///   purchase is `purchased`, a pending one is `pending` (it completes later through
///   ``transactionUpdates``), `USER_CANCELED` is `cancelled`, any other response code throws a
///   `PurchaseError` (``purchaseError(_:productID:)``).
/// - A transaction's `StoreTransaction.id` is its Play order id (a renewal's is the first order id with
///   `..0`, `..1`...), its original id the first order id; its verification data is the purchase's
///   ``PlaySignedPurchase`` and ``receiptVerifier`` the ``PlayPurchaseVerifier`` of the store's license key
///   (through ``PlayCatalogVerifier``, for products whose Play id differs).
///   The app account token goes to the billing flow as `obfuscatedAccountId` and comes back from it.
/// - Unfinished transactions are the purchases paid and neither acknowledged nor consumed; ``finish(_:)``
///   consumes a consumable and acknowledges anything else (Play refunds a purchase not acknowledged within
///   three days, which then comes back revoked through ``transactionUpdates``).
/// - Restore is `queryPurchases` of both product types; renewals and revocations the store makes come
///   through ``transactionUpdates`` when the provider next reads the store (``refresh()``).
/// - A subscription is bought with the base plan and offer the request's `StoreSpecificOptions` name,
///   by default the first base plan's first offer the person may take (`offerToken(in:options:productID:)`).
/// - Buying a subscription while the person holds another product of its group (catalog `Subscription`
///   `Group`) replaces it through Play's `SubscriptionUpdateParams` with the old purchase token
///   (`replacement(for:request:client:)`): by default an upgrade, or a crossgrade of equal duration,
///   at once with time proration, a downgrade (or other crossgrade) deferred to the old period's end, as
///   PurchaseCore's `SubscriptionGroupChange` decides; the request's replacement mode overrides it. The
///   replaced subscription then comes through ``transactionUpdates`` ending at the replacement, and a
///   deferred one's transaction starts, and is delivered to end, at the old period's end.
public actor SimulatedGooglePlayProvider: StoreProvider {
    /// `simulated-google-play`.
    public nonisolated let storeName: String
    /// The simulated Play Store, for tests and tools that steer it.
    public nonisolated let store: SimulatedGooglePlay
    /// The catalog's products as Play sells them.
    public nonisolated let catalogProducts: PlayCatalogProducts
    /// The verifier of this store's transactions: the license key's ``PlayPurchaseVerifier``, products
    /// named by their Play ids (``PlayCatalogVerifier``).
    public nonisolated let receiptVerifier: (any ReceiptVerifier)?
    /// The environment the transactions report.
    nonisolated let environment: StoreEnvironment
    nonisolated let updates = UpdateBroadcaster<StoreTransaction>()
    /// The billing flow's outcome, set by the listener while a flow runs.
    nonisolated let flowOutcome = Locked<FlowOutcome>(FlowOutcome())
    private var client: PlayBillingClient?
    /// The last event of the store's log the provider has turned into transaction updates.
    private var eventCursor = 0

    /// What the listener collected during one billing flow.
    struct FlowOutcome {
        var waiting = false
        var result: (BillingResult, [PlayPurchase]?)?
    }

    /// A provider over `store`, whose purchases `verifier` checks.
    ///
    /// - Parameters:
    ///   - store: the simulated Play Store, its products made from `catalogProducts`.
    ///   - catalogProducts: the catalog's products as Play sells them.
    ///   - verifier: the verifier of the store's signed purchases.
    ///   - environment: the environment transactions report (default `local`).
    public init(
        store: SimulatedGooglePlay, catalogProducts: PlayCatalogProducts, verifier: PlayPurchaseVerifier,
        environment: StoreEnvironment = .local
    ) {
        self.storeName = ProviderKind.simulatedGooglePlay.rawValue
        self.store = store
        self.catalogProducts = catalogProducts
        let playIDs = catalogProducts.catalogIDs.filter { $0.key != $0.value }
        self.receiptVerifier = PlayCatalogVerifier(
            base: verifier, playIDs: Dictionary(playIDs.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a }))
        self.environment = environment
    }

    // MARK: - StoreProvider

    /// Transactions that arrive outside a purchase: pending purchases paid later, renewals, refunds.
    public nonisolated var transactionUpdates: AsyncStream<StoreTransaction> { updates.stream() }

    /// Connects the billing client and reports again every renewal and revocation in the store's log
    /// (the ledger keeps each once), so none made while the app was away is lost.
    public func start() async throws {
        _ = try await connected()
        eventCursor = 0
        try await refresh()
    }

    /// Ends the billing client's connection and the update streams.
    public func close() async {
        await client?.endConnection()
        client = nil
        updates.finish()
    }

    /// Writes nothing: every change was written when it was made; reports a write that failed.
    public func flush() async throws {
        if let failure = await store.takePersistenceFailure() { throw failure }
    }

    /// The catalog products among `productIDs` that `queryProductDetails` finds, with Play's names and
    /// prices; the others as invalid identifiers.
    public func products(for productIDs: [String]) async throws -> ProductsResponse {
        let client = try await connected()
        var found: [String: PlayProductDetails] = [:]
        for type in [PlayProductType.inapp, .subs] {
            let asked = productIDs.compactMap { id -> PlayQueryProduct? in
                guard let product = catalogProducts.catalogProducts[id] else { return nil }
                let playType: PlayProductType = product.type == .autoRenewable ? .subs : .inapp
                guard playType == type else { return nil }
                return PlayQueryProduct(product.storeID(for: .simulatedGooglePlay), type)
            }
            guard !asked.isEmpty else { continue }
            let (result, details) = await client.queryProductDetails(asked)
            guard result.responseCode == .ok else { throw Self.purchaseError(result, productID: nil) }
            for detail in details { found[detail.productId] = detail }
        }
        try await checkPersistence()
        var products: [StoreProduct] = []
        var invalid: [String] = []
        for id in productIDs {
            guard let product = catalogProducts.catalogProducts[id],
                let detail = found[product.storeID(for: .simulatedGooglePlay)], let price = Self.price(of: detail)
            else {
                invalid.append(id)
                continue
            }
            products.append(
                StoreProduct(
                    product: product, store: storeName, displayName: detail.name, description: detail.description,
                    price: price, storefront: catalogProducts.storefront))
        }
        return ProductsResponse(products: products, invalidProductIDs: invalid)
    }

    /// The billing grace period a `Store` over this provider gives subscriptions now: the longest grace
    /// period (its base plan's) of a subscription Play holds in its grace period, so that access lasts
    /// while Play retries the charge; 0 when none is in its grace period.
    public func billingGracePeriod() async -> TimeInterval? {
        await store.settleDueChanges()
        let graces = await store.state.purchases.values.compactMap { record -> Int64? in
            guard let term = record.subscription, term.state == .inGracePeriod, let end = term.gracePeriodEnd else {
                return nil
            }
            return end - term.expiryTime
        }
        return TimeInterval(graces.max() ?? 0) / 1000
    }

    /// Whether the billing client connects (`BILLING_UNAVAILABLE` or a service down answer `false`).
    public func canMakePayments() async -> Bool {
        (try? await connected()) != nil
    }

    /// Runs a billing flow for the product (see the type's guarantees for the outcomes).
    public func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
        let client = try await connected()
        try await refresh()
        guard let product = catalogProducts.catalogProducts[request.productID] else {
            throw PurchaseError(.productUnavailable, productID: request.productID)
        }
        let type: PlayProductType = product.type == .autoRenewable ? .subs : .inapp
        let (detailsResult, details) = await client.queryProductDetails([
            PlayQueryProduct(product.storeID(for: .simulatedGooglePlay), type)
        ])
        guard detailsResult.responseCode == .ok else {
            throw Self.purchaseError(detailsResult, productID: request.productID)
        }
        guard let detail = details.first else { throw PurchaseError(.productUnavailable, productID: request.productID) }
        let offerToken = try offerToken(in: detail, options: request.storeOptions, productID: request.productID)
        let update = try await replacement(for: product, request: request, client: client)
        let params = PlayBillingFlowParams(
            productDetailsParamsList: [.init(productDetails: detail, offerToken: offerToken)],
            obfuscatedAccountId: request.appAccountToken?.uuidString, quantity: request.quantity,
            subscriptionUpdateParams: update)
        flowOutcome.withLock { $0 = FlowOutcome(waiting: true, result: nil) }
        let launched = await client.launchBillingFlow(params)
        let outcome = flowOutcome.withLock { outcome in
            defer { outcome = FlowOutcome() }
            return outcome.result
        }
        try await checkPersistence()
        guard launched.responseCode == .ok else { throw Self.purchaseError(launched, productID: request.productID) }
        guard let (result, purchases) = outcome else {
            throw PurchaseError(
                .storeUnavailable, detail: "the billing flow gave no outcome", productID: request.productID)
        }
        switch result.responseCode {
        case .ok:
            guard let purchase = purchases?.first else {
                throw PurchaseError(.unknown, detail: "the billing flow bought nothing", productID: request.productID)
            }
            if purchase.purchaseState == .pending { return .pending(nil) }
            // The replaced subscription's earlier end, as an update.
            if update != nil { try await refresh() }
            guard let transaction = await latestTransaction(purchase) else {
                throw PurchaseError(.unknown, detail: "the purchase has no order", productID: request.productID)
            }
            return .purchased(transaction)
        case .userCanceled:
            return .cancelled
        default:
            throw Self.purchaseError(result, productID: request.productID)
        }
    }

    /// The latest transaction of every paid purchase `queryPurchases` lists, as restored.
    public func restore() async throws -> [StoreTransaction] {
        let owned = try await ownedPurchases()
        var transactions: [StoreTransaction] = []
        for purchase in owned where purchase.purchaseState == .purchased {
            if var transaction = await latestTransaction(purchase) {
                transaction.state = .restored
                transactions.append(transaction)
            }
        }
        return transactions
    }

    /// The first order of every paid purchase neither acknowledged nor consumed, oldest first.
    public func unfinishedTransactions() async throws -> [StoreTransaction] {
        var transactions: [StoreTransaction] = []
        for purchase in try await ownedPurchases()
        where purchase.purchaseState == .purchased && !purchase.isAcknowledged {
            if let transaction = await firstTransaction(purchase) { transactions.append(transaction) }
        }
        return transactions
    }

    /// Consumes a consumable's purchase and acknowledges any other; a purchase already acknowledged,
    /// revoked or unknown is left alone, and so is one whose signed data does not verify (Play refunds
    /// it after three days).
    public func finish(_ transaction: StoreTransaction) async throws {
        guard transaction.state != .deferred,
            let signed = try? PlaySignedPurchase(verificationData: transaction.verificationData ?? Data()),
            let data = try? PlayPurchaseData(json: signed.purchaseData)
        else { return }
        // A purchase whose signed data does not verify is left unacknowledged: Play refunds it.
        guard let verifier = receiptVerifier, (try? await verifier.verify(transaction)) != nil else { return }
        let client = try await connected()
        guard let record = await store.record(data.purchaseToken), record.state == .purchased, !record.revoked,
            !record.acknowledged
        else { return }
        let result: BillingResult
        if transaction.productType == .consumable {
            result = await client.consume(data.purchaseToken).0
        } else {
            result = await client.acknowledgePurchase(data.purchaseToken)
        }
        try await checkPersistence()
        guard result.responseCode == .ok else { throw Self.purchaseError(result, productID: transaction.productID) }
    }

    // MARK: - Reading the store

    /// Reports through ``transactionUpdates`` what the store changed since the provider last looked:
    /// renewals (new orders) and purchases it took back (refunds, purchases never acknowledged). Every
    /// call of the provider does this first; a test that moved the clock calls it to see the result.
    ///
    /// - Throws: `PurchaseError` when the store's state could not be written.
    public func refresh() async throws {
        let events = await store.events(after: eventCursor)
        eventCursor = events.last?.sequence ?? eventCursor
        for event in events {
            switch event.kind {
            case .renewed, .recovered, .resumed, .revoked, .replaced:
                if let transaction = await transaction(token: event.purchaseToken, orderId: event.orderId) {
                    updates.yield(transaction)
                }
            default:
                continue
            }
        }
        try await checkPersistence()
    }

    /// Puts `transaction` on ``transactionUpdates`` as if the store had reported it: a marker a tool
    /// waits for to know that the updates before it were handled.
    package nonisolated func yieldUpdate(_ transaction: StoreTransaction) {
        updates.yield(transaction)
    }

    /// Moves the store's virtual clock by `interval` (a `ManualClock` only), then ``refresh()``.
    public func advanceTime(by interval: TimeInterval) async throws {
        await store.advanceTime(by: interval)
        try await refresh()
    }

    /// The connected billing client, connecting on first use.
    private func connected() async throws -> PlayBillingClient {
        if let client, await client.isReady { return client }
        let made =
            client
            ?? PlayBillingClient(store: store) { [weak self] result, purchases in
                self?.listened(result, purchases)
            }
        let result = await made.startConnection()
        guard result.responseCode == .ok else { throw Self.purchaseError(result, productID: nil) }
        client = made
        return made
    }

    /// The listener: during a flow, keeps its outcome; otherwise a pending purchase paid later becomes an update.
    private nonisolated func listened(_ result: BillingResult, _ purchases: [PlayPurchase]?) {
        let inFlow = flowOutcome.withLock { outcome -> Bool in
            guard outcome.waiting, outcome.result == nil else { return false }
            outcome.result = (result, purchases)
            return true
        }
        guard !inFlow, result.responseCode == .ok else { return }
        for purchase in purchases ?? [] where purchase.purchaseState == .purchased {
            Task { await self.reportPaid(purchase) }
        }
    }

    private func reportPaid(_ purchase: PlayPurchase) async {
        if let transaction = await latestTransaction(purchase) { updates.yield(transaction) }
    }

    private func checkPersistence() async throws {
        if let failure = await store.takePersistenceFailure() { throw failure }
    }

    private func ownedPurchases() async throws -> [PlayPurchase] {
        let client = try await connected()
        try await refresh()
        var owned: [PlayPurchase] = []
        for type in [PlayProductType.inapp, .subs] {
            let (result, purchases) = await client.queryPurchases(type)
            guard result.responseCode == .ok else {
                if type == .subs && result.responseCode == .featureNotSupported { continue }
                throw Self.purchaseError(result, productID: nil)
            }
            owned += purchases
        }
        return owned
    }
}
