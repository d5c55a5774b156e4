public import Foundation

/// Runs the purchase flow of a deployment: products, purchase, verification, delivery recorded
/// exactly once, finish, restore, entitlements and balances, over one or more store providers.
///
/// Guarantees:
/// - A transaction is delivered at most once per (store, transaction id), to the account its
///   ``StoreTransaction/appAccountToken`` names (see ``entitlements(for:)``), whatever redeliveries,
///   concurrent updates or crashes happen: the ledger's atomic ``FulfillmentLedger/recordDelivery(_:)``
///   decides, and the provider is told to finish only after the ledger has recorded delivery. A
///   non-consumable or non-renewing purchase is delivered once per original purchase: restoring it
///   again (a new restored transaction each time) reports ``StoreEvent/alreadyDelivered(_:)``
///   (``Delivery/fulfillmentKey``); a subscription's renewals stay deliveries of their own.
/// - A transaction that could not be verified or recorded for a passing reason stays unfinished
///   with its provider and goes through the flow again at the next ``start()`` or update.
/// - One purchase runs at a time: a second ``purchase(_:quantity:)`` while one runs fails at once
///   with ``PurchaseError/Code/purchaseInProgress``; it is never queued or dropped silently.
/// - A delivered transaction that comes back (an update, an unfinished one at ``start()``) with an
///   ``StoreTransaction/expirationDate`` earlier than the one delivered has that end recorded in the
///   ledger (``FulfillmentLedger/recordExpiration(_:at:)``) before it is finished, and is reported
///   as ``StoreEvent/expired(_:)``; entitlements then end at that date. A later date changes
///   nothing: renewals arrive as new transactions.
/// - A transaction whose store carries hosted content (``DownloadableContentProviding``) is finished
///   only once all its downloads finished, after its delivery was recorded; their progress is reported
///   as download events. A download that fails leaves it unfinished (``StoreEvent/deferredProcessing(_:_:)``).
/// - Payments turned off are reported before anything else is tried.
/// - A restore always ends in a ``RestoreOutcome``.
/// - It listens to its providers' updates from ``start()`` until ``stop()`` or until it goes away,
///   whichever comes first; either ends every ``events()`` stream. ``stop()`` returns only once the
///   listening it started has ended: an update being processed when it is called has been carried
///   through (or left unfinished with its provider, for the next ``start()``) and no work of the
///   store's own is still running, so a process may exit or close its ledger right after it.
///   Updates that arrive while a
///   ``purchase(_:quantity:)`` runs are processed after it has reported its own events, in the
///   order they came, before it returns: a purchase reported pending is never heard of after the
///   update that delivers it.
public actor Store {
    /// The deployment's catalog.
    public let catalog: Catalog
    /// For each product of the catalog, the index in ``providers`` of the store it is sold through
    /// (see ``providerIndex(for:in:providerCount:)``) and its type: all a purchase needs of it, in
    /// one lookup. A product the catalog does not have goes to the default store, 0. For an
    /// identifier the catalog repeats, the last product's, as `Catalog.product(withID:)` finds it.
    let routes: [String: ProductRoute]
    let providers: [any StoreProvider]
    let ledger: any FulfillmentLedger
    let verifiers: [String: any ReceiptVerifier]
    /// The verifier of stores without one in `verifiers`, made once (it holds the catalog).
    let catalogVerifier: any ReceiptVerifier
    let clock: any PurchaseClock
    let gracePeriod: TimeInterval

    var purchaseRunning = false
    /// Who is told about the downloads of the product being bought (``purchase(_:options:downloadProgress:)``).
    var purchaseDownloadObserver: (productID: String, observe: @Sendable (ContentDownload) -> Void)?
    /// Provider updates that arrived while a purchase ran, processed once it has reported its own
    /// outcome (so that a purchase's "pending" is never heard after the "delivered" of its update).
    private var updatesDuringPurchase: [(StoreTransaction, any StoreProvider)] = []
    private var productCache: [String: StoreProduct] = [:]
    private var invalidProductIDs: [String] = []
    private var productsLoaded = false
    private var listeners: [Task<Void, Never>] = []
    private var subscribers: [UUID: AsyncStream<StoreEvent>.Continuation] = [:]

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - catalog: the deployment's products.
    ///   - providers: the stores, in the order of the deployment's providers (`providers[i]` serves
    ///     `catalog.deployment.providers[i]`); the first is the default for purchases. At least one.
    ///   - ledger: where deliveries are recorded.
    ///   - verifiers: a verifier per ``StoreProvider/storeName``; a store without one is checked by a
    ///     ``CatalogReceiptVerifier`` (right for stores that are their own authority).
    ///   - clock: the source of "now" for subscriptions.
    ///   - gracePeriod: how long an auto-renewable subscription keeps access after its period ends
    ///     while billing is retried, for subscriptions of stores that state no grace period of their
    ///     own (``StoreProvider/billingGracePeriod()``, asked each time entitlements are computed).
    public init(
        catalog: Catalog,
        providers: [any StoreProvider],
        ledger: any FulfillmentLedger,
        verifiers: [String: any ReceiptVerifier] = [:],
        clock: any PurchaseClock = SystemClock(),
        gracePeriod: TimeInterval = 0
    ) {
        precondition(!providers.isEmpty, "a Store needs at least one provider")
        self.catalog = catalog
        self.providers = providers
        self.ledger = ledger
        self.verifiers = verifiers
        self.catalogVerifier = CatalogReceiptVerifier(catalog: catalog)
        self.clock = clock
        self.gracePeriod = gracePeriod
        // Looked up once: finding a product's configuration compares whole configurations.
        var routes: [String: ProductRoute] = [:]
        for product in catalog.products {
            routes[product.productID] = ProductRoute(
                provider: Self.providerIndex(for: product, in: catalog, providerCount: providers.count),
                type: product.type)
        }
        self.routes = routes
    }

    /// Where a product is sold and what it is.
    struct ProductRoute {
        var provider: Int
        var type: ProductType
    }

    /// A store that goes away without ``stop()`` stops listening too: its listeners hold it weakly,
    /// and would otherwise wait on their providers' streams for as long as the providers live.
    deinit {
        for listener in listeners { listener.cancel() }
        for continuation in subscribers.values { continuation.finish() }
    }

    // MARK: - Lifecycle

    /// Processes every unfinished transaction of every provider, then listens to their updates.
    ///
    /// - Returns: what happened to the unfinished transactions, in order.
    @discardableResult
    public func start() async -> [StoreEvent] {
        var events: [StoreEvent] = []
        for provider in providers {
            do {
                for transaction in try await provider.unfinishedTransactions() {
                    events.append(await process(transaction, from: provider))
                }
            } catch {
                // The provider could not list them now; they are handed back at the next start.
                continue
            }
        }
        if listeners.isEmpty {
            for provider in providers {
                let updates = provider.transactionUpdates
                listeners.append(
                    Task { [weak self] in
                        for await transaction in updates {
                            guard let self else { return }
                            await self.receiveUpdate(transaction, from: provider)
                        }
                    }
                )
            }
        }
        return events
    }

    /// Stops listening to provider updates, waits for the listening to end, then ends every
    /// ``events()`` stream.
    ///
    /// The listeners are cancelled and awaited: an update one of them is processing runs to its end
    /// (a cancelled verification or ledger write leaves the transaction unfinished with its
    /// provider, which hands it back at the next ``start()``; it is never rejected for being
    /// cancelled), and updates not yet taken stay with their provider. When it returns, nothing the
    /// store started is running.
    public func stop() async {
        let running = listeners
        listeners.removeAll()
        for listener in running { listener.cancel() }
        for listener in running { await listener.value }
        subscribers.values.forEach { $0.finish() }
        subscribers.removeAll()
    }

    /// A stream of what the store does with transactions from now on, for one listener.
    public func events() -> AsyncStream<StoreEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreEvent.self)
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeSubscriber(id) }
        }
        return stream
    }

    private func removeSubscriber(_ id: UUID) {
        subscribers[id] = nil
    }

    func emit(_ event: consuming StoreEvent) -> StoreEvent {
        for continuation in subscribers.values { continuation.yield(copy event) }
        return event
    }

    // MARK: - Products

    /// The catalog's products as the stores offer them, loaded once and cached.
    ///
    /// - Parameter refresh: ask the stores again instead of answering from the cache.
    /// - Returns: the products in catalog order, and the catalog identifiers no store sells.
    /// - Throws: ``PurchaseError`` when a store could not answer.
    public func products(refresh: Bool = false) async throws -> ProductsResponse {
        if !productsLoaded || refresh {
            var found: [String: StoreProduct] = [:]
            var missing: Set<String> = []
            for (provider, productIDs) in productIDsByProvider() {
                let response = try await providers[provider].products(for: productIDs)
                for product in response.products { found[product.id] = product }
                missing.formUnion(response.invalidProductIDs)
            }
            productCache = found
            invalidProductIDs = catalog.products.map(\.productID).filter { missing.contains($0) && found[$0] == nil }
            productsLoaded = true
        }
        return ProductsResponse(
            products: catalog.products.compactMap { productCache[$0.productID] },
            invalidProductIDs: invalidProductIDs
        )
    }

    private func productIDsByProvider() -> [(Int, [String])] {
        var groups: [Int: [String]] = [:]
        for product in catalog.products {
            groups[routes[product.productID]?.provider ?? 0, default: []].append(product.productID)
        }
        return groups.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The index of the provider a product is sold through: the deployment's provider its
    /// `StoreIDs` name first, or the default (see ``Deployment/provider(for:)``).
    private static func providerIndex(for product: Product, in catalog: Catalog, providerCount: Int) -> Int {
        guard let configuration = catalog.deployment.provider(for: product),
            let index = catalog.deployment.providers.firstIndex(of: configuration), index < providerCount
        else { return 0 }
        return index
    }

    // MARK: - Purchase

    /// Buys a product and runs the whole flow: charge, verify, deliver exactly once, finish.
    ///
    /// - Parameters:
    ///   - productID: the catalog's product identifier.
    ///   - quantity: units to buy; more than 1 only for consumables.
    /// - Returns: the outcome; failures are ``PurchaseOutcome/failed(_:)``, never thrown.
    public func purchase(_ productID: String, quantity: Int = 1) async -> PurchaseOutcome {
        await purchase(productID, options: PurchaseOptions(quantity: quantity))
    }

    /// Buys a product with StoreKit's purchase options (quantity, app account token, promotional
    /// offer) and runs the whole flow, as ``purchase(_:quantity:)`` does.
    public func purchase(_ productID: String, options: PurchaseOptions) async -> PurchaseOutcome {
        guard !purchaseRunning else {
            return .failed(PurchaseError(.purchaseInProgress, productID: productID))
        }
        purchaseRunning = true
        let outcome = await runPurchase(productID, options: options)
        purchaseRunning = false
        // The updates that arrived meanwhile, in their order, after the purchase's own events (any
        // arriving during a purchase started meanwhile wait for that one).
        let arrived = updatesDuringPurchase
        updatesDuringPurchase = []
        for (transaction, provider) in arrived { await process(transaction, from: provider) }
        return outcome
    }

    /// Processes an update from a provider's stream, or keeps it for after the purchase running.
    private func receiveUpdate(_ transaction: StoreTransaction, from provider: any StoreProvider) async {
        if purchaseRunning {
            updatesDuringPurchase.append((transaction, provider))
        } else {
            await process(transaction, from: provider)
        }
    }

    private func runPurchase(_ productID: String, options: PurchaseOptions) async -> PurchaseOutcome {
        let quantity = options.quantity
        let route = routes[productID]
        let type = route?.type
        let provider = providers[route?.provider ?? 0]
        guard await provider.canMakePayments() else {
            return .failed(PurchaseError(.paymentNotAllowed, productID: productID))
        }
        guard let type else {
            return .failed(
                PurchaseError(.invalidProductIdentifiers, detail: "not in the catalog", productID: productID))
        }
        guard quantity >= 1 else {
            return .failed(PurchaseError(.paymentInvalid, detail: "quantity \(quantity)", productID: productID))
        }
        guard quantity == 1 || type == .consumable else {
            return .failed(
                PurchaseError(
                    .paymentInvalid, detail: "quantity \(quantity) for a \(type)",
                    reason: .quantityRequiresConsumable, productID: productID))
        }
        // Refused before the charge: a quantity whose units no balance can hold could never be delivered.
        if quantity > 1, let product = catalog.product(withID: productID), Self.credits(of: product, quantity) == nil {
            return .failed(Self.creditsOverflow(productID: productID, quantity: quantity))
        }
        do {
            if type == .nonConsumable, try await owns(productID, account: options.appAccountToken) {
                return .failed(PurchaseError(.alreadyOwned, productID: productID))
            }
            let result = try await provider.purchase(PurchaseRequest(productID: productID, options: options))
            return await outcome(of: result, productID: productID, from: provider)
        } catch {
            let purchaseError = Self.purchaseError(error, productID: productID)
            if purchaseError.code == .paymentCancelled { return .cancelled(productID: productID) }
            return .failed(purchaseError)
        }
    }

    /// What a provider's answer to a purchase (or an offer code's redemption) comes to: a charged
    /// transaction runs through verify, deliver and finish; `productID` `nil` names the
    /// transaction's product.
    func outcome(
        of result: ProviderPurchaseResult, productID: String?, from provider: any StoreProvider
    ) async -> PurchaseOutcome {
        switch result {
        case .purchased(let transaction):
            switch await process(transaction, from: provider) {
            case .delivered, .alreadyDelivered, .expired, .downloadProgress, .downloadFinished, .downloadFailed:
                return .purchased(transaction)
            case .failed(_, let error), .rejected(_, let error), .deferredProcessing(_, let error):
                return .failed(error)
            case .pending:
                return .pending(productID: transaction.productID)
            case .revoked:
                return .failed(
                    PurchaseError(.verificationFailed, detail: "revoked", productID: transaction.productID))
            }
        case .pending(let transaction):
            if let transaction { _ = emit(.pending(transaction)) }
            return .pending(productID: productID ?? transaction?.productID ?? "")
        case .cancelled:
            return .cancelled(productID: productID ?? "")
        }
    }

    /// Whether `account` holds a delivery of `productID` the store has not taken back.
    private func owns(_ productID: String, account: UUID?) async throws -> Bool {
        let contents = try await ledger.contents()
        return contents.deliveries.contains {
            $0.productID == productID && $0.appAccountToken == account && contents.revocations[$0.transactionID] == nil
        }
    }

    // MARK: - Restore

    /// Brings back what the person owns in every store, through the same verify-deliver-finish flow;
    /// each transaction is delivered to the account it carries (``StoreTransaction/appAccountToken``).
    public func restore() async -> RestoreOutcome {
        var restored: [String] = []
        var seen = Set<String>()
        var errors: [PurchaseError] = []
        var storesAnswered = 0
        for provider in providers {
            let transactions: [StoreTransaction]
            do {
                transactions = try await provider.restore()
                storesAnswered += 1
            } catch {
                errors.append(Self.purchaseError(error, productID: nil))
                continue
            }
            for transaction in transactions {
                switch await process(transaction, from: provider) {
                case .delivered(let delivered, _), .alreadyDelivered(let delivered), .expired(let delivered):
                    if seen.insert(delivered.productID).inserted { restored.append(delivered.productID) }
                case .failed(_, let error), .rejected(_, let error), .deferredProcessing(_, let error):
                    errors.append(error)
                case .pending, .revoked, .downloadProgress, .downloadFinished, .downloadFailed:
                    continue
                }
            }
        }
        if storesAnswered == 0, let first = errors.first { return .failed(first) }
        if errors.isEmpty { return restored.isEmpty ? .nothingToRestore : .restored(restored) }
        if restored.isEmpty { return .failed(errors[0]) }
        return .partial(restored: restored, errors: errors)
    }
}
