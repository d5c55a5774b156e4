public import Foundation
public import PurchaseCore

/// The simulated App Store as a `StoreProvider` (kind and store name `simulated-app-store`): an
/// adapter over a ``PaymentQueue``.
///
/// It observes the queue like an app would: a purchase adds a payment and answers with the outcome
/// the queue reports for it (purchased, deferred, failed; the observer callbacks about that
/// purchase are not repeated as updates); a restore waits for the observer to be told the restore finished;
/// every other transaction the queue reports (Ask to Buy decided, an interrupted purchase resolved,
/// renewals, refunds with their revocation date) arrives on ``transactionUpdates``, and so does a
/// subscription the session expires early (``PaymentQueue/expireSubscription(productIdentifier:)``):
/// its latest transaction, same identifier, with the earlier expiration date, which
/// ``unfinishedTransactions()`` also hands back (across relaunches) until ``finish(_:)``, so the
/// `Store` records the earlier end. Failures are
/// mapped with `PurchaseError.storeKit(code:productID:)`. Products are named by the catalog's
/// product identifier outside and by their App Store identifier (the `StoreIDs` entry) on the queue.
///
/// Work the provider starts by itself (its observer joining the queue, the receipts it signs for the
/// transactions the queue reports on its callback queue) is awaited by ``close()``: once it returns,
/// nothing of the provider runs, and a process may exit.
public final class SimulatedAppStoreProvider: StoreProvider {
    /// The queue the provider adapts; drive the test session through it.
    public let queue: PaymentQueue
    /// `simulated-app-store`.
    public let storeName: String
    let bridge: QueueBridge
    let catalogIDs: [String: String]
    private let storeIDs: [String: String]
    private let attached = Locked(false)
    /// The observer joining the queue when ``transactionUpdates`` is made outside any call, for ``close()``.
    private let joining = Locked<Task<Void, Never>?>(nil)
    /// How receipts are issued and verified; `nil` when transactions carry no receipt.
    public let receipts: SimulatedReceipts?
    /// The verifyReceipt service that knows this store's key (`nil` without ``receipts``). Its authority
    /// is the queue's account: refunds, renewals and renewal state there show in its answers, and a
    /// refund through it is a refund on the queue.
    public let verifyReceiptService: SimulatedVerifyReceiptService?
    private let account: AccountReceiptAuthority

    /// Creates a provider over `queue`; its observer joins the queue at the provider's first call.
    ///
    /// - Parameters:
    ///   - queue: the payment queue.
    ///   - receipts: with it, every transaction reported carries a signed receipt listing it (and
    ///     those reported with it, up to 64) as its `verificationData`, and ``receiptVerifier`` verifies it through ``verifyReceiptService``.
    public init(queue: PaymentQueue, receipts: SimulatedReceipts? = nil) {
        let storeName = ProviderKind.simulatedAppStore.rawValue
        var catalogIDs: [String: String] = [:]
        var storeIDs: [String: String] = [:]
        for product in queue.catalog.products {
            let storeID = product.storeID(for: .simulatedAppStore)
            catalogIDs[storeID] = product.productID
            storeIDs[product.productID] = storeID
        }
        self.queue = queue
        self.storeName = storeName
        self.catalogIDs = catalogIDs
        self.storeIDs = storeIDs
        self.receipts = receipts
        let issuer = receipts.map { ReceiptIssuer(signingKey: $0.signingKey) }
        let bundleID = receipts?.bundleID ?? ""
        let account = AccountReceiptAuthority(queue: queue, storeName: storeName, catalogIDs: catalogIDs)
        self.account = account
        self.verifyReceiptService = receipts.map {
            SimulatedVerifyReceiptService(
                validator: ReceiptValidator(publicKey: $0.signingKey.publicKey), sharedSecret: $0.sharedSecret,
                clock: queue.clock, authority: account)
        }
        let names = catalogIDs
        let clock = queue.clock
        self.bridge = QueueBridge(catalogID: { names[$0] ?? $0 }) { reported in
            var transactions = reported.map { Self.storeTransaction($0, storeName: storeName, catalogIDs: names) }
            if let issuer {
                Self.attachReceipts(
                    to: &transactions, reported: reported, issuer: issuer, bundleID: bundleID, at: clock.now)
            }
            return transactions
        }
    }

    /// The verifier a `Store` over this provider should use for store name ``storeName``: an
    /// ``AppStoreReceiptVerifier`` over ``verifyReceiptService`` (production first, sandbox on 21007),
    /// failing as the session's ``SimulatedAPI/verification`` error says; `nil` without ``receipts``.
    /// It asks with `exclude-old-transactions` (a subscription's latest period stands for the older
    /// ones), so that verifying a renewal costs the same however many periods came before.
    public var receiptVerifier: (any ReceiptVerifier)? {
        guard let receipts, let verifyReceiptService else { return nil }
        return SimulatedReceiptVerifier(
            queue: queue,
            verifier: AppStoreReceiptVerifier(
                transport: verifyReceiptService, sharedSecret: receipts.sharedSecret, bundleID: receipts.bundleID,
                excludeOldTransactions: true,
                sleeper: ImmediateSleeper(), storeProductIDs: storeIDs.filter { $0.key != $0.value }))
    }

    /// A receipt for the account as the App Store knows it now: every charged transaction it still has
    /// (unfinished ones, owned non-consumables and subscriptions with their renewals, refunds with
    /// `cancellation_date`), signed, in `environment` (default: the session's). Deferred and failed
    /// transactions are not in it: nothing was charged.
    ///
    /// - Throws: ``ReceiptKeyError`` without ``receipts`` or when signing fails.
    public func issueReceipt(environment: AppStoreEnvironment? = nil) async throws(ReceiptKeyError) -> Data {
        guard let receipts else { throw ReceiptKeyError(.noReceipts) }
        let sessionEnvironment = await queue.controls.environment
        let environment = environment ?? sessionEnvironment
        let inApp = await account.entries()
        let receipt = AppReceipt(
            environment: environment, bundleID: receipts.bundleID, receiptCreationDate: queue.clock.now,
            inApp: inApp)
        return try ReceiptIssuer(signingKey: receipts.signingKey).issue(receipt)
    }

    /// How many transactions reported together share one receipt at most: a receipt lists the
    /// transactions of its batch (as an app's receipt lists every transaction), so one verifyReceipt
    /// answer serves them all, while the receipt each transaction carries stays small.
    static let receiptBatchSize = 64

    /// Gives each transaction, as its `verificationData`, a receipt signed now listing it and the
    /// others reported with it (in batches of at most ``receiptBatchSize``, by environment).
    /// A transaction whose receipt cannot be signed carries none (verification then refuses it).
    static func attachReceipts(
        to transactions: inout [StoreTransaction], reported: [PaymentTransaction], issuer: ReceiptIssuer,
        bundleID: String, at now: Date
    ) {
        var start = 0
        while start < reported.count {
            let environment = reported[start].environment
            var end = start + 1
            while end < reported.count, end - start < receiptBatchSize, reported[end].environment == environment {
                end += 1
            }
            let receipt = AppReceipt(
                environment: environment, bundleID: bundleID, receiptCreationDate: now,
                inApp: (start..<end).map {
                    var entry = ReceiptTransaction(
                        transactions[$0], storeProductID: reported[$0].payment.productIdentifier)
                    if reported[$0].isUpgraded { entry.isUpgraded = true }
                    // Apple's receipts list the app account token in latest_receipt_info only.
                    entry.appAccountToken = nil
                    entry.setPrice(reported[$0].price)
                    return entry
                })
            let signed = try? issuer.issue(receipt)
            for index in start..<end { transactions[index].verificationData = signed }
            start = end
        }
    }

    /// Puts `transaction` on the transaction updates, as if the queue had reported it.
    package func yieldUpdate(_ transaction: StoreTransaction) {
        bridge.updates.yield(transaction)
    }

    /// Adds the provider's observer to the queue once. Unfinished transactions are not redelivered to
    /// it: ``unfinishedTransactions()`` hands them to the store at its start.
    func attach() async {
        guard !attached.withLock({ $0 }) else { return }
        await queue.add(bridge, redeliver: false)
        attached.withLock { $0 = true }
    }

    /// The grace period a `Store` over this provider should give subscriptions in billing trouble, as
    /// the session stands now: 0 unless renewals fail to charge (``SessionControls/billingRetryOnRenewal``)
    /// and grace periods are enabled (as in `SKTestSession`, grace has no effect without billing retry);
    /// otherwise the longest ``SessionControls/gracePeriod(for:)`` among the catalog's auto-renewable
    /// periods (the `Store` has one grace period for all, so a shorter weekly grace is not cut short
    /// there).
    public func gracePeriod() async -> TimeInterval {
        let controls = await queue.controls
        guard controls.billingGracePeriodEnabled, controls.billingRetryOnRenewal else { return 0 }
        let periods = queue.catalog.products.compactMap(\.subscription?.period)
        return periods.map(controls.gracePeriod(for:)).max()
            ?? controls.gracePeriod(for: SubscriptionPeriod(value: 1, unit: .month))
    }

    /// ``gracePeriod()``: the `Store` asks it each time it computes entitlements, so a deployment's
    /// store honours the session's billing grace period as it stands.
    public func billingGracePeriod() async -> TimeInterval? {
        await gracePeriod()
    }

    /// The products among `productIDs` the store sells in the session's storefront.
    public func products(for productIDs: [String]) async throws -> ProductsResponse {
        let request = ProductsRequest(productIdentifiers: productIDs.map { storeIDs[$0] ?? $0 }, queue: queue)
        let response: ProductsRequest.Response
        do {
            response = try await request.start()
        } catch {
            throw error.purchaseError()
        }
        let products = response.products.map { product in
            StoreProduct(
                product: product.product, store: storeName, displayName: product.localizedTitle,
                description: product.localizedDescription, price: product.price, storefront: product.storefront)
        }
        let invalid = response.invalidProductIdentifiers.map { catalogIDs[$0] ?? $0 }
        return ProductsResponse(products: products, invalidProductIDs: invalid)
    }

    /// Whether the session allows payments.
    public func canMakePayments() async -> Bool {
        queue.canMakePayments
    }

    /// Adds a payment and waits for its outcome: purchased, pending (deferred or interrupted), or
    /// thrown (a failed transaction, finished at once; `paymentCancelled` is a cancel).
    public func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
        await attach()
        bridge.releaseHeldPromoted(request.productID)
        // StoreKit 1 carries the app account token as the payment's applicationUsername.
        var payment = Payment(
            productIdentifier: storeIDs[request.productID] ?? request.productID, quantity: request.quantity,
            applicationUsername: request.appAccountToken?.uuidString.lowercased())
        payment.paymentDiscount = request.promotionalOffer
        // The queue answers with the outcome its other observers are told; the provider's own
        // observer is not told about this purchase, so it never reaches the transaction updates.
        let outcome = await queue.addPayment(payment, answeredTo: ObjectIdentifier(bridge)).outcome
        switch outcome.transactionState {
        case .purchased, .restored:
            return .purchased(convert(outcome))
        case .deferred, .purchasing:
            return .pending(convert(outcome))
        case .failed:
            let error = outcome.error ?? StoreKitError(.unknown)
            await queue.finishTransaction(outcome)
            if error.isInterruption { return .pending(nil) }
            if error.code == .paymentCancelled { return .cancelled }
            throw error.purchaseError(productID: request.productID)
        }
    }

    /// Restores through the queue and returns the restored transactions (new identifiers, the
    /// original ones kept); an empty array when there is nothing to restore.
    public func restore() async throws -> [StoreTransaction] {
        await attach()
        let queue = queue
        switch await bridge.restoreResult(start: { await queue.restoreCompletedTransactions() }) {
        case .success(let restored): return bridge.convert(restored)
        case .failure(let error): throw error.purchaseError()
        }
    }

    /// The queue's unfinished transactions other than deferred ones, and the subscriptions' latest
    /// transactions the session expired early that were not finished since, oldest first, after the
    /// queue did what came due by its clock (renewals).
    public func unfinishedTransactions() async throws -> [StoreTransaction] {
        await attach()
        await queue.tick()
        return bridge.convert(await queue.unfinishedForAdapter())
    }

    /// Finishes the transaction on the queue (and, for one that came back for an early expiry, ends
    /// that); idempotent.
    ///
    /// - Throws: `PurchaseError.Code.clientInvalid` while a download of the transaction's hosted
    ///   content is active or paused: finishing it would lose the download, as in StoreKit.
    public func finish(_ transaction: StoreTransaction) async throws {
        if await queue.hasDownloadsInProgress(ofTransaction: transaction.id) {
            throw PurchaseError(
                .clientInvalid, detail: "a download of the transaction's hosted content has not finished",
                productID: transaction.productID)
        }
        await queue.finishTransaction(withIdentifier: transaction.id, acknowledgingExpiry: true)
    }

    /// Transactions that arrive outside a purchase or restore call.
    ///
    /// The observer joins the queue when the stream is made, so updates start flowing even before
    /// any other call.
    public var transactionUpdates: AsyncStream<StoreTransaction> {
        let stream = bridge.updates.stream()
        if !attached.withLock({ $0 }) {
            joining.withLock { joining in
                let previous = joining
                joining = Task {
                    await previous?.value
                    await self.attach()
                }
            }
        }
        return stream
    }

    /// Waits for the work the provider started by itself, then closes its queue.
    ///
    /// When it returns, the observer has joined the queue or never will, every callback the queue
    /// scheduled before (and the receipts the provider signs in them) has run, and the queue's
    /// account journal is closed (``PaymentQueue/close()``). Call it once the `Store` over the
    /// provider has stopped; the provider is not used afterwards.
    public func close() async {
        await joining.withLock { $0 }?.value
        await queue.waitForCallbacks()
        await queue.close()
    }

    private func convert(_ transaction: PaymentTransaction) -> StoreTransaction {
        bridge.convert(transaction)
    }

    static func storeTransaction(
        _ transaction: PaymentTransaction, storeName: String, catalogIDs: [String: String]
    ) -> StoreTransaction {
        let date = transaction.transactionDate ?? Date(timeIntervalSince1970: 0)
        return StoreTransaction(
            id: transaction.id,
            originalID: transaction.originalTransactionIdentifier ?? transaction.id,
            store: storeName,
            productID: catalogIDs[transaction.payment.productIdentifier] ?? transaction.payment.productIdentifier,
            productType: transaction.productType,
            quantity: transaction.payment.quantity,
            purchaseDate: date,
            originalPurchaseDate: transaction.originalTransactionDate ?? date,
            expirationDate: transaction.expirationDate,
            revocationDate: transaction.revocationDate,
            revocationReason: transaction.revocationReason,
            environment: transaction.environment == .production ? .production : .sandbox,
            ownership: transaction.ownership,
            state: transaction.transactionState,
            willAutoRenew: transaction.willAutoRenew,
            failure: failure(of: transaction),
            appAccountToken: transaction.payment.applicationUsername.flatMap(UUID.init(uuidString:)),
            offer: transaction.offer
        )
    }

    /// Why a failed transaction failed: a cancelled payment that reaches the app as an update is a
    /// declined Ask to Buy (a cancel on the payment sheet answers the purchase itself).
    static func failure(of transaction: PaymentTransaction) -> TransactionFailure? {
        guard transaction.transactionState == .failed else { return nil }
        return transaction.error?.code == .paymentCancelled ? .declined : .paymentFailed
    }
}
