public import Foundation
public import PurchaseCore

/// A store provider that lives in memory and does what a test scripts: purchases that succeed,
/// wait for approval, fail, get cancelled, or "crash" before they are finished.
///
/// It keeps StoreKit's rules: a transaction stays unfinished until finished; non-consumables and
/// active subscriptions cannot be bought twice; restore returns what is owned as restored
/// transactions with new identifiers and the original ones kept. Refunds (``refund(_:)``) and early
/// expiries (``expire(_:)``) send the changed transaction again, as stores do. A purchase's app
/// account token stays on its transaction, its renewals and their restored copies. A product with
/// `HostedContent` carries one download (``runDownloads(of:)``, scripted with ``scriptDownloads(_:_:)``).
/// Use it with a `Store` to test the whole purchase flow without a device.
public actor InMemoryStoreProvider: StoreProvider {
    /// What the next purchase of a product does.
    public enum Script: Sendable, Hashable {
        /// Charged at once.
        case purchase
        /// Waits for approval (Ask to Buy); resolve it with ``approve(_:)`` or ``decline(_:)``.
        case askToBuy
        /// Refused with an error.
        case fail(PurchaseError.Code)
        /// The person cancels.
        case cancel
        /// Charged, but the app "crashes" before finishing: ``finish(_:)`` for this transaction is
        /// ignored once, so the transaction comes back as unfinished at the next launch.
        case crashBeforeFinish
        /// Charged, but the store holds its answer until ``releaseHeldPurchase()``: a purchase that
        /// is still running, for testing what happens meanwhile.
        case hold
    }

    /// The store's name, `memory` unless given.
    public nonisolated let storeName: String
    let catalog: Catalog
    private let clock: any PurchaseClock
    private var scripts: [String: [Script]] = [:]
    private var transactions: [StoreTransaction] = []
    private var unfinished: [String] = []
    private var ignoreNextFinish: Set<String> = []
    private var pendingApprovals: [String: StoreTransaction] = [:]
    private let updates = UpdateBroadcaster<StoreTransaction>()
    private var nextID = 1
    private var heldPurchases: [CheckedContinuation<Void, Never>] = []
    /// What the next downloads runs of a product do (``scriptDownloads(_:_:)``).
    var downloadScripts: [String: [DownloadScript]] = [:]
    /// How many times ``runDownloads(of:)`` ran the downloads of each transaction.
    public internal(set) var downloadRuns: [String: Int] = [:]

    /// Whether payments are allowed; a test turns it off to simulate restrictions.
    public var paymentsAllowed = true
    /// An error ``products(for:)`` throws while set.
    public var productsError: PurchaseError?
    /// An error ``restore()`` throws while set.
    public var restoreError: PurchaseError?
    /// Products this store does not sell although the catalog declares them.
    public var unavailableProductIDs: Set<String> = []
    /// How many times ``finish(_:)`` was called, by transaction identifier.
    public private(set) var finishCounts: [String: Int] = [:]
    /// How many times ``products(for:)`` was asked (a store caches what it learns).
    public private(set) var productRequestCount = 0
    /// The billing grace period the store states (``billingGracePeriod()``); `nil`, the default, leaves
    /// it to the `Store`.
    public var billingGrace: TimeInterval?

    /// Creates a provider selling `catalog`'s products in the deployment's storefront.
    public init(catalog: Catalog, storeName: String = "memory", clock: any PurchaseClock = ManualClock()) {
        self.catalog = catalog
        self.storeName = storeName
        self.clock = clock
    }

    // MARK: - Scripting

    /// Queues what the next purchases of `productID` do, in order; unscripted purchases succeed.
    public func script(_ productID: String, _ steps: Script...) {
        scripts[productID, default: []].append(contentsOf: steps)
    }

    /// Sets whether payments are allowed.
    public func setPaymentsAllowed(_ allowed: Bool) { paymentsAllowed = allowed }

    /// Sets the error ``products(for:)`` throws (`nil` to clear).
    public func setProductsError(_ error: PurchaseError?) { productsError = error }

    /// Sets the products this store does not sell.
    public func setUnavailable(_ productIDs: Set<String>) { unavailableProductIDs = productIDs }

    /// Sets the error ``restore()`` throws (`nil` to clear).
    public func setRestoreError(_ error: PurchaseError?) { restoreError = error }

    /// Sets the billing grace period the store states (`nil` to state none).
    public func setBillingGrace(_ grace: TimeInterval?) { billingGrace = grace }

    /// Approves a purchase waiting for approval: it arrives as purchased on ``transactionUpdates``.
    @discardableResult
    public func approve(_ productID: String) -> StoreTransaction? {
        guard var transaction = pendingApprovals.removeValue(forKey: productID) else { return nil }
        transaction.state = .purchased
        transaction.purchaseDate = clock.now
        transaction.originalPurchaseDate = clock.now
        transaction.expirationDate = expiration(for: transaction.productID, from: clock.now)
        record(transaction)
        broadcast(transaction)
        return transaction
    }

    /// Declines a purchase waiting for approval: it arrives as failed on ``transactionUpdates``.
    @discardableResult
    public func decline(_ productID: String) -> StoreTransaction? {
        guard var transaction = pendingApprovals.removeValue(forKey: productID) else { return nil }
        transaction.state = .failed
        transaction.failure = .declined
        unfinished.append(transaction.id)
        transactions.append(transaction)
        broadcast(transaction)
        return transaction
    }

    /// Refunds a transaction: it arrives again with a revocation date on ``transactionUpdates``.
    @discardableResult
    public func refund(_ transactionID: String) -> StoreTransaction? {
        guard let index = transactions.lastIndex(where: { $0.id == transactionID }) else { return nil }
        transactions[index].revocationDate = clock.now
        transactions[index].revocationReason = .other
        let revoked = transactions[index]
        unfinished.append(revoked.id)
        broadcast(revoked)
        return revoked
    }

    /// Renews an auto-renewable subscription for one more period from its current expiry.
    @discardableResult
    public func renew(_ productID: String) -> StoreTransaction? {
        guard let last = transactions.last(where: { $0.productID == productID && $0.expirationDate != nil }),
            let expiry = last.expirationDate
        else { return nil }
        let renewal = StoreTransaction(
            id: makeID(),
            originalID: last.originalID,
            store: storeName,
            productID: productID,
            productType: last.productType,
            purchaseDate: expiry,
            originalPurchaseDate: last.originalPurchaseDate,
            expirationDate: expiration(for: productID, from: expiry),
            environment: .local,
            willAutoRenew: true,
            appAccountToken: last.appAccountToken
        )
        record(renewal)
        broadcast(renewal)
        return renewal
    }

    /// Ends a subscription's current period now, as a store does when it expires or cancels it early:
    /// its latest transaction comes back with the same identifier, `StoreTransaction.expirationDate`
    /// now and auto-renew off, on ``transactionUpdates`` and from ``unfinishedTransactions()`` until
    /// finished (so an app that was not running sees it at its next launch).
    ///
    /// - Returns: the changed transaction, or `nil` when the product has no purchased transaction
    ///   whose period is still running.
    @discardableResult
    public func expire(_ productID: String) -> StoreTransaction? {
        let now = clock.now
        guard
            let index = transactions.lastIndex(where: {
                $0.productID == productID && $0.state == .purchased && ($0.expirationDate.map { $0 > now } ?? false)
            })
        else { return nil }
        transactions[index].expirationDate = now
        transactions[index].willAutoRenew = false
        let expired = transactions[index]
        if !unfinished.contains(expired.id) { unfinished.append(expired.id) }
        broadcast(expired)
        return expired
    }

    /// Lets every purchase scripted with ``Script/hold`` answer.
    public func releaseHeldPurchase() {
        heldPurchases.forEach { $0.resume() }
        heldPurchases.removeAll()
    }

    /// How many purchases are being held by ``Script/hold``.
    public var heldPurchaseCount: Int { heldPurchases.count }

    /// Sends a transaction again on ``transactionUpdates``, as stores do after a relaunch or a glitch.
    public func redeliver(_ transaction: StoreTransaction) {
        broadcast(transaction)
    }

    /// Every transaction the store issued, oldest first.
    public var allTransactions: [StoreTransaction] { transactions }

    // MARK: - StoreProvider

    /// The catalog's products, localized for the deployment's locale, priced in its storefront.
    public func products(for productIDs: [String]) throws -> ProductsResponse {
        productRequestCount += 1
        if let productsError { throw productsError }
        let storefront = catalog.deployment.storefront
        var products: [StoreProduct] = []
        var invalid: [String] = []
        for productID in productIDs {
            guard let product = catalog.product(withID: productID), !unavailableProductIDs.contains(productID),
                let price = product.price(in: storefront)
            else {
                invalid.append(productID)
                continue
            }
            let localization = product.localization(for: catalog.deployment.locale)
            products.append(
                StoreProduct(
                    product: product,
                    store: storeName,
                    displayName: localization?.displayName ?? productID,
                    description: localization?.description ?? "",
                    price: price,
                    storefront: storefront
                )
            )
        }
        return ProductsResponse(products: products, invalidProductIDs: invalid)
    }

    /// Whether payments are allowed.
    public func canMakePayments() -> Bool { paymentsAllowed }

    /// Runs the next scripted step for the product (a plain purchase when none is queued).
    public func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
        guard let product = catalog.product(withID: request.productID),
            !unavailableProductIDs.contains(request.productID)
        else {
            throw PurchaseError(.productUnavailable, productID: request.productID)
        }
        if product.type == .nonConsumable || product.type == .autoRenewable, owns(product.productID) {
            throw PurchaseError(.alreadyOwned, productID: product.productID)
        }
        var step = Script.purchase
        if var queued = scripts[request.productID], !queued.isEmpty {
            step = queued.removeFirst()
            scripts[request.productID] = queued
        }
        if step == .hold {
            await withCheckedContinuation { heldPurchases.append($0) }
        }
        let now = clock.now
        var transaction = StoreTransaction(
            id: makeID(),
            store: storeName,
            productID: product.productID,
            productType: product.type,
            quantity: request.quantity,
            purchaseDate: now,
            expirationDate: expiration(for: product.productID, from: now),
            environment: .local,
            willAutoRenew: product.type == .autoRenewable ? true : nil,
            appAccountToken: request.appAccountToken
        )
        switch step {
        case .purchase, .hold:
            record(transaction)
            return .purchased(transaction)
        case .crashBeforeFinish:
            record(transaction)
            ignoreNextFinish.insert(transaction.id)
            return .purchased(transaction)
        case .askToBuy:
            transaction.state = .deferred
            pendingApprovals[product.productID] = transaction
            return .pending(transaction)
        case .fail(let code):
            throw PurchaseError(code, productID: product.productID)
        case .cancel:
            return .cancelled
        }
    }

    /// Owned non-consumables and subscriptions as restored transactions.
    public func restore() throws -> [StoreTransaction] {
        if let restoreError { throw restoreError }
        var latestByOriginal: [String: StoreTransaction] = [:]
        var order: [String] = []
        for transaction in transactions
        where transaction.state == .purchased && !transaction.isRevoked && transaction.productType != .consumable {
            if latestByOriginal[transaction.originalID] == nil { order.append(transaction.originalID) }
            latestByOriginal[transaction.originalID] = transaction
        }
        return order.compactMap { latestByOriginal[$0] }.map { original in
            var restored = original
            restored.id = makeID()
            restored.state = .restored
            return restored
        }
    }

    /// Purchased, failed, revoked or expired-early transactions not yet finished, oldest first.
    public func unfinishedTransactions() -> [StoreTransaction] {
        unfinished.compactMap { id in transactions.last { $0.id == id } }
    }

    /// Marks the transaction finished (unless it was scripted to "crash" before its first finish).
    public func finish(_ transaction: StoreTransaction) {
        finishCounts[transaction.id, default: 0] += 1
        if ignoreNextFinish.remove(transaction.id) != nil { return }
        unfinished.removeAll { $0 == transaction.id }
    }

    /// ``billingGrace``.
    public func billingGracePeriod() -> TimeInterval? { billingGrace }

    /// A stream of transactions arriving outside purchase calls, for one listener.
    public nonisolated var transactionUpdates: AsyncStream<StoreTransaction> { updates.stream() }

    /// How many ``transactionUpdates`` streams are listening now: a started `Store` holds one
    /// until it stops or goes away.
    public nonisolated var updateListenerCount: Int { updates.listenerCount }

    // MARK: - Internals

    private func broadcast(_ transaction: StoreTransaction) {
        updates.yield(transaction)
    }

    private func record(_ transaction: StoreTransaction) {
        transactions.append(transaction)
        unfinished.append(transaction.id)
    }

    private func owns(_ productID: String) -> Bool {
        let now = clock.now
        return transactions.contains {
            $0.productID == productID && $0.state == .purchased && !$0.isRevoked
                && ($0.expirationDate.map { $0 > now } ?? true)
        }
    }

    private func expiration(for productID: String, from start: Date) -> Date? {
        guard let product = catalog.product(withID: productID) else { return nil }
        switch product.type {
        case .autoRenewable: return product.subscription?.period.added(to: start)
        case .nonRenewing: return product.duration?.added(to: start)
        case .consumable, .nonConsumable: return nil
        }
    }

    private func makeID() -> String {
        defer { nextID += 1 }
        return "\(storeName)-\(nextID)"
    }
}
