import Dispatch
public import Foundation
import Journal
public import PurchaseCore

/// The simulated App Store's payment queue (`SKPaymentQueue`'s shape): payments go in,
/// transactions come out to observers.
///
/// ## Semantics (those of Apple's `SKPaymentTransactionObserver` documentation)
/// - A payment becomes a transaction that goes `purchasing`, then `purchased`, `failed` or `deferred`
///   (Ask to Buy; later `purchased` or `failed`).
/// - A purchased, restored or failed transaction stays in ``transactions`` until
///   ``finishTransaction(_:)``; observers are then told ``PaymentTransactionObserver/removedTransactions(_:)``.
///   Unfinished transactions are told again to every observer added later, which is how a relaunch
///   hands them back.
/// - A restore delivers restored transactions (new identifiers, the original kept), then
///   ``PaymentTransactionObserver/restoreCompletedTransactionsFinished()`` (also when there was
///   nothing to restore), or ``PaymentTransactionObserver/restoreCompletedTransactionsFailedWithError(_:)``.
///
/// ## Concurrency
/// The queue is an actor: its state changes one call at a time. Observer callbacks are not made
/// inside those calls: each change schedules its callbacks, in the order the changes happened, on
/// one serial `DispatchQueue` (the callback queue, private by default; pass `.main` for an app's
/// main thread). ``waitForCallbacks()`` returns once every callback scheduled so far has run.
/// Everything crossing the actor is `Sendable`.
///
/// ## State
/// The account (what the store knows was bought, unfinished transactions, subscriptions) lives in
/// memory (``Persistence/inMemory``) or in a `Journal` of compact binary records in a folder
/// (``Persistence/journal(directory:)``): a new queue on the same folder is a relaunch, and a
/// fresh app ledger over it is a reinstall. A change is durable before its callbacks are scheduled.
/// Download progress lives in memory only.
public actor PaymentQueue {
    /// Where the simulated account lives.
    public enum Persistence: Sendable, Hashable {
        /// In memory only: fast, gone with the queue.
        case inMemory
        /// In a journal in `directory` (for a deployment: `<state>/simulated-app-store/`).
        case journal(directory: URL)
    }

    /// What a promoted purchase turned into.
    public enum PromotedPurchaseResult: Sendable, Hashable {
        /// The observers agreed: the payment was added and this is its transaction.
        case added(PaymentTransaction)
        /// An observer held it (or none was there): the app adds `Payment` later itself.
        case held(Payment)
    }

    /// The catalog the store sells from.
    public let catalog: Catalog
    /// The test-session knobs in force; change them with ``updateControls(_:)``.
    public internal(set) var controls: SessionControls {
        didSet { paymentsAllowed.withLock { $0 = controls.canMakePayments } }
    }
    /// ``SessionControls/canMakePayments``, readable without entering the actor.
    private let paymentsAllowed: Locked<Bool>
    /// The clock the store runs on (purchase dates, renewals, downloads).
    public nonisolated let clock: any PurchaseClock
    /// The last error writing the account's journal, if any; the change stayed in memory.
    public internal(set) var lastPersistenceError: String?

    var random: any RandomNumberGenerator & Sendable
    let callbacks: CallbackPump
    let journal: Journal<SimulatedAccount>?
    var account = SimulatedAccount()
    private var loaded: Bool
    private var loadTask: Task<SimulatedAccount, any Error>?
    var observers: [any PaymentTransactionObserver] = []
    let productsByIdentifier: [String: Product]
    var downloadTable: [String: DownloadEntry] = [:]
    private var nextTicket: UInt64 = 0
    private var nextRelease: UInt64 = 0
    private var held: [UInt64: [@Sendable () -> Void]] = [:]

    /// Creates a queue selling `catalog`'s products.
    ///
    /// - Parameters:
    ///   - catalog: the products; each is known by its `StoreIDs` entry for `simulated-app-store`,
    ///     else by its product identifier.
    ///   - controls: the test session.
    ///   - persistence: where the account lives.
    ///   - clock: the source of "now"; a ``SimulationClock`` (or `ManualClock`) lets
    ///     ``advanceTime(by:)`` move it.
    ///   - random: the random source for simulated faults; a seeded ``SplitMix64`` makes them reproducible.
    ///   - callbackQueue: the serial queue observers are called on.
    ///   - readOnly: with ``Persistence/journal(directory:)``, opens the account's journal
    ///     read-only (a read-only deployment): nothing in the folder is created or written (a
    ///     missing folder is an empty account), and a change is kept in memory only, with
    ///     ``lastPersistenceError`` set.
    /// - Throws: `JournalError` when the journal cannot be opened (damaged, locked, unreadable).
    public init(
        catalog: Catalog,
        controls: SessionControls = SessionControls(),
        persistence: Persistence = .inMemory,
        clock: any PurchaseClock = SimulationClock(),
        random: any RandomNumberGenerator & Sendable = SplitMix64(seed: 0),
        callbackQueue: DispatchQueue? = nil,
        readOnly: Bool = false
    ) throws {
        self.catalog = catalog
        self.controls = controls
        self.paymentsAllowed = Locked(controls.canMakePayments)
        self.clock = clock
        self.random = random
        self.callbacks = CallbackPump(
            queue: callbackQueue ?? DispatchQueue(label: "SimulatedAppStore.PaymentQueue.callbacks"))
        var products: [String: Product] = [:]
        for product in catalog.products {
            products[product.storeID(for: .simulatedAppStore)] = product
        }
        self.productsByIdentifier = products
        switch persistence {
        case .inMemory:
            journal = nil
            loaded = true
        case .journal(let directory):
            journal = try Journal<SimulatedAccount>.open(
                directory: directory, name: "account", options: JournalOptions(readOnly: readOnly))
            loaded = false
        }
    }

    /// Closes the account's journal (a relaunch opens a new queue on the folder).
    public func close() {
        journal?.close()
    }

    // MARK: - Observers

    /// Adds an observer; it is told every unfinished transaction at once (asynchronously), as after
    /// a relaunch, including renewals that came due by the clock. Adding an observer twice has no effect.
    public func add(_ observer: any PaymentTransactionObserver) async {
        await add(observer, redeliver: true)
    }

    func add(_ observer: any PaymentTransactionObserver, redeliver: Bool) async {
        await prepare()
        guard !observers.contains(where: { $0 === observer }) else { return }
        // What came due while nobody listened (renewals) is among the unfinished transactions.
        if !account.subscriptions.isEmpty { await renewDue() }
        observers.append(observer)
        guard redeliver else { return }
        let unfinished = account.unfinishedTransactions.map(paymentTransaction)
        if !unfinished.isEmpty {
            callbacks.schedule { observer.updatedTransactions(unfinished) }
        }
    }

    /// Removes an observer; it is told nothing scheduled from now on.
    public func remove(_ observer: any PaymentTransactionObserver) {
        observers.removeAll { $0 === observer }
    }

    /// Returns once every callback scheduled so far has been made.
    public func waitForCallbacks() async {
        await prepare()
        let callbacks = callbacks
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            callbacks.schedule { continuation.resume() }
        }
    }

    // MARK: - Queue state

    /// Whether the person may pay (``SessionControls/canMakePayments``); readable from any thread
    /// without waiting for the queue, like `SKPaymentQueue.canMakePayments()`.
    public nonisolated var canMakePayments: Bool { paymentsAllowed.withLock { $0 } }

    /// The unfinished transactions (purchased, restored, failed or deferred), oldest first.
    public var transactions: [PaymentTransaction] {
        get async {
            await prepare()
            return account.unfinishedTransactions.map(paymentTransaction)
        }
    }

    /// Every transaction the account still knows (unfinished ones, and the purchases of
    /// non-consumables and subscriptions a restore brings back), oldest first.
    public var accountTransactions: [PaymentTransaction] {
        get async {
            await prepare()
            return account.transactions.keys.sorted().compactMap { account.transactions[$0] }.map(paymentTransaction)
        }
    }

    // MARK: - Payments

    /// Adds a payment: observers are told the transaction `purchasing`, then its outcome.
    ///
    /// - Returns: the transaction as it was created (`purchasing`); its outcome follows through observers.
    @discardableResult
    public func add(_ payment: Payment) async -> PaymentTransaction {
        await addPayment(payment, answeredTo: nil).purchasing
    }

    /// ``add(_:)`` for the provider adapter: the observer `answeredTo` gets the outcome as the
    /// return value and is not told this purchase's first two states (every other observer is).
    ///
    /// - Returns: the transaction as created (`purchasing`) and its first outcome (purchased,
    ///   failed or deferred), the two states observers are told.
    func addPayment(
        _ payment: Payment, answeredTo: ObjectIdentifier?
    ) async -> (purchasing: PaymentTransaction, outcome: PaymentTransaction) {
        await prepare()
        if !account.subscriptions.isEmpty { await renewDue() }
        let number = account.nextNumber
        account.nextNumber += 1
        let id = Self.identifier(number)
        let now = clock.now.timeIntervalSince1970
        let product = productsByIdentifier[payment.productIdentifier]
        let purchasing = PaymentTransaction(
            id: id, payment: payment, transactionState: .purchasing, productType: product?.type ?? .consumable,
            environment: controls.environment)

        var records: [AccountRecord] = []
        var transaction = AccountTransaction(
            number: number, originalNumber: number, productIdentifier: payment.productIdentifier,
            productType: product?.type ?? .consumable, quantity: payment.quantity, state: .failed, date: now,
            originalDate: now)
        transaction.applicationUsername = payment.applicationUsername
        var resolution: ProductSimulation.AskToBuy?

        if let failure = purchaseFailure(payment, product: product, records: &records) {
            transaction.errorCode = failure.code.rawValue
            transaction.interrupted = failure.isInterruption
            transaction.awaitingResolution = failure.isInterruption
            records.append(.put(transaction))
        } else if let product, let askToBuy = askToBuy(for: payment, product: product) {
            transaction.state = .deferred
            records.append(.put(transaction))
            resolution = askToBuy == .pending ? nil : askToBuy
        } else if let product {
            records.append(contentsOf: purchase(&transaction, product: product, at: now))
        }
        let outcome = transaction
        let outcomeValue = paymentTransaction(outcome)
        await commit(
            records,
            callbacks: [
                tell(skipping: answeredTo) { $0.updatedTransactions([purchasing]) },
                tell(skipping: answeredTo) { $0.updatedTransactions([outcomeValue]) },
            ])
        switch resolution {
        case .approved?: _ = await approveAskToBuy(id)
        case .declined?: _ = await declineAskToBuy(id)
        default: break
        }
        return (purchasing, outcomeValue)
    }

    /// Why a payment fails, if it does: the checks StoreKit makes, then the session's simulations.
    private func purchaseFailure(
        _ payment: Payment, product: Product?, records: inout [AccountRecord]
    ) -> StoreKitError? {
        guard controls.canMakePayments else {
            return StoreKitError(.paymentNotAllowed, message: "payments are turned off for this account")
        }
        guard let product, isSold(product) else {
            return StoreKitError(
                .storeProductNotAvailable, message: "'\(payment.productIdentifier)' is not for sale in this storefront")
        }
        guard payment.quantity >= 1, payment.quantity == 1 || product.type == .consumable else {
            return StoreKitError(.paymentInvalid, message: "quantity \(payment.quantity) for a \(product.type)")
        }
        let attempt = (account.attempts[payment.productIdentifier] ?? 0) + 1
        records.append(.attempts(productIdentifier: payment.productIdentifier, count: attempt))
        if let code = controls.simulatedErrors[.purchase] {
            return StoreKitError(code, message: "simulated purchase error")
        }
        if faultHappens() {
            return StoreKitError(controls.faultError, message: "simulated random fault")
        }
        if controls.failTransactionsEnabled {
            return StoreKitError(controls.failureError, message: "the session fails every transaction")
        }
        if let failure = product.simulation?.failure(onAttempt: attempt) {
            let code = StoreKitError.Code(parsing: failure.error) ?? .unknown
            return StoreKitError(code, message: "simulated failure of attempt \(attempt) (\(failure.error))")
        }
        if controls.interruptedPurchasesEnabled || product.simulation?.interrupted == true {
            return StoreKitError(
                .unknown, message: "the purchase was interrupted; the person must act outside the app",
                isInterruption: true)
        }
        return nil
    }

    private func askToBuy(for payment: Payment, product: Product) -> ProductSimulation.AskToBuy? {
        if let planned = product.simulation?.askToBuy { return planned }
        if controls.askToBuyEnabled { return .pending }
        if payment.simulatesAskToBuyInSandbox && controls.environment == .sandbox { return .pending }
        return nil
    }

    /// Turns `transaction` into a charged purchase of `product` at `now`: subscriptions start or
    /// continue, an owned non-consumable is given again for free under its original identifier.
    func purchase(_ transaction: inout AccountTransaction, product: Product, at now: Double) -> [AccountRecord] {
        var records: [AccountRecord] = []
        transaction.state = .purchased
        transaction.date = now
        transaction.originalDate = now
        transaction.errorCode = nil
        switch product.type {
        case .consumable:
            break
        case .nonConsumable:
            if let owned = ownedPurchase(of: transaction.productIdentifier) {
                transaction.originalNumber = owned.originalNumber
                transaction.originalDate = owned.originalDate
            }
        case .nonRenewing:
            if let duration = product.duration {
                transaction.expiration = duration.added(to: Date(timeIntervalSince1970: now)).timeIntervalSince1970
            }
        case .autoRenewable:
            transaction.autoRenew = 2
            if var subscription = activeSubscription(for: transaction.productIdentifier, at: now) {
                transaction.originalNumber = subscription.originalNumber
                transaction.originalDate = account.transactions[subscription.originalNumber]?.originalDate ?? now
                transaction.expiration = subscription.expiration
                subscription.willAutoRenew = true
                records.append(.subscription(subscription))
            } else {
                let start = Date(timeIntervalSince1970: now)
                var end =
                    product.subscription.map { controls.periodEnd($0.period, from: start).timeIntervalSince1970 }
                    ?? now
                var introPeriodsLeft = 0
                if let info = product.subscription, let offer = info.introductoryOffer,
                    isEligibleForIntroductoryOffer(group: info.group)
                {
                    switch offer.mode {
                    case .freeTrial, .payUpFront:
                        end = controls.periodEnd(offer.period, count: offer.periods, from: start).timeIntervalSince1970
                    case .payAsYouGo:
                        end = controls.periodEnd(offer.period, from: start).timeIntervalSince1970
                        introPeriodsLeft = max(0, offer.periods - 1)
                    }
                }
                transaction.expiration = end
                var subscription = SubscriptionRecord(
                    originalNumber: transaction.number, productIdentifier: transaction.productIdentifier,
                    latestNumber: transaction.number, expiration: end)
                subscription.willAutoRenew = true
                subscription.introPeriodsLeft = introPeriodsLeft
                records.append(.subscription(subscription))
            }
        }
        records.append(.put(transaction))
        if let content = product.hostedContent {
            registerDownload(for: transaction, content: content)
        }
        return records
    }

    /// Whether the account never subscribed to the group: StoreKit gives introductory offers to new
    /// subscribers of a group only.
    func isEligibleForIntroductoryOffer(group: String) -> Bool {
        !account.subscriptions.values.contains {
            productsByIdentifier[$0.productIdentifier]?.subscription?.group == group
        }
    }

    func ownedPurchase(of productIdentifier: String) -> AccountTransaction? {
        account.transactions.values
            .filter { $0.productIdentifier == productIdentifier && $0.state == .purchased && $0.revocation == nil }
            .min { $0.number < $1.number }
    }

    func activeSubscription(for productIdentifier: String, at now: Double) -> SubscriptionRecord? {
        account.subscriptions.values.first {
            $0.productIdentifier == productIdentifier && !$0.revoked && $0.expiration > now
        }
    }

    /// Finishes a transaction: it leaves the queue and observers are told it was removed.
    /// Finishing a purchasing or deferred transaction, or one already finished, does nothing.
    public func finishTransaction(_ transaction: PaymentTransaction) async {
        await finishTransaction(withIdentifier: transaction.id)
    }

    /// ``finishTransaction(_:)`` by the transaction's ``PaymentTransaction/id``.
    public func finishTransaction(withIdentifier identifier: String) async {
        await finishTransaction(withIdentifier: identifier, acknowledgingExpiry: false)
    }

    // MARK: - Restore

    /// Restores the account's non-consumables and auto-renewable subscriptions: observers get one
    /// restored transaction per original purchase (a new identifier, the original one kept), then
    /// ``PaymentTransactionObserver/restoreCompletedTransactionsFinished()`` (also when there is
    /// nothing to restore), or ``PaymentTransactionObserver/restoreCompletedTransactionsFailedWithError(_:)``.
    ///
    /// - Parameter username: the app's opaque user identifier, kept on the restored transactions.
    public func restoreCompletedTransactions(withApplicationUsername username: String? = nil) async {
        await prepare()
        if !account.subscriptions.isEmpty { await renewDue() }
        var failure: StoreKitError?
        if let code = controls.simulatedErrors[.restore] {
            failure = StoreKitError(code, message: "simulated restore error")
        } else if faultHappens() {
            failure = StoreKitError(controls.faultError, message: "simulated random fault")
        }
        if let failure {
            await commit([], callbacks: [tell { $0.restoreCompletedTransactionsFailedWithError(failure) }])
            return
        }
        var latest: [UInt64: AccountTransaction] = [:]
        for transaction in account.transactions.values
        where transaction.state == .purchased && transaction.revocation == nil
            && (transaction.productType == .nonConsumable || transaction.productType == .autoRenewable)
        {
            if let known = latest[transaction.originalNumber], known.number > transaction.number { continue }
            latest[transaction.originalNumber] = transaction
        }
        let now = clock.now.timeIntervalSince1970
        var records: [AccountRecord] = []
        var restored: [PaymentTransaction] = []
        for original in latest.keys.sorted() {
            guard let source = latest[original] else { continue }
            var copy = source
            copy.number = account.nextNumber
            account.nextNumber += 1
            copy.state = .restored
            copy.date = now
            copy.finished = false
            copy.expiryNoticePending = false
            copy.applicationUsername = username ?? source.applicationUsername
            if let product = productsByIdentifier[copy.productIdentifier], let content = product.hostedContent {
                registerDownload(for: copy, content: content)
            }
            records.append(.put(copy))
            restored.append(paymentTransaction(copy))
        }
        var callbacks: [(@Sendable () -> Void)?] = []
        if !restored.isEmpty {
            let values = restored
            callbacks.append(tell { $0.updatedTransactions(values) })
        }
        callbacks.append(tell { $0.restoreCompletedTransactionsFinished() })
        await commit(records, callbacks: callbacks)
    }

    // MARK: - Products

    func products(for identifiers: [String]) async throws(StoreKitError) -> ProductsRequest.Response {
        if let code = controls.simulatedErrors[.loadProducts] {
            throw StoreKitError(code, message: "simulated products request error")
        }
        if faultHappens() { throw StoreKitError(controls.faultError, message: "simulated random fault") }
        var products: [AppStoreProduct] = []
        var invalid: [String] = []
        for identifier in identifiers {
            if let product = productsByIdentifier[identifier], let value = appStoreProduct(product) {
                products.append(value)
            } else {
                invalid.append(identifier)
            }
        }
        return ProductsRequest.Response(products: products, invalidProductIdentifiers: invalid)
    }

    var storefront: String { controls.storefront ?? catalog.deployment.storefront }
    var locale: String { controls.locale ?? catalog.deployment.locale }

    func isSold(_ product: Product) -> Bool {
        product.simulation?.unavailable != true && product.price(in: storefront) != nil
    }

    func appStoreProduct(_ product: Product) -> AppStoreProduct? {
        guard isSold(product), let price = product.price(in: storefront) else { return nil }
        let localization = product.localization(for: locale)
        return AppStoreProduct(
            productIdentifier: product.storeID(for: .simulatedAppStore),
            localizedTitle: localization?.displayName ?? product.productID,
            localizedDescription: localization?.description ?? "",
            price: price, storefront: storefront, locale: locale, product: product)
    }

    // MARK: - Machinery

    /// Applies records in memory, makes them durable, then schedules the callbacks, keeping the
    /// callbacks of concurrent changes in the order the changes were made.
    func commit(_ records: [AccountRecord], callbacks planned: [(@Sendable () -> Void)?]) async {
        let callbacks = planned.compactMap { $0 }
        for record in records { account.apply(record) }
        let ticket = nextTicket
        nextTicket += 1
        if let journal, !records.isEmpty {
            let encoded = records.map(\.data)
            do {
                try await journal.perform { _ in (records: encoded, result: ()) }
            } catch {
                lastPersistenceError = String(describing: error)
            }
        }
        if ticket == nextRelease && held.isEmpty {
            nextRelease += 1
            schedule(callbacks)
            return
        }
        held[ticket] = callbacks
        while let ready = held.removeValue(forKey: nextRelease) {
            nextRelease += 1
            schedule(ready)
        }
    }

    private func schedule(_ scheduled: [@Sendable () -> Void]) {
        callbacks.schedule(scheduled)
    }

    /// A callback that calls `body` on every observer registered now.
    ///
    /// - Parameters:
    ///   - skipping: an observer not to tell (the provider adapter, about a purchase it answers itself).
    ///   - removal: whether this is a removal, which the provider adapter does not need.
    /// - Returns: `nil` when there is nobody to tell, so nothing is scheduled.
    func tell(
        skipping: ObjectIdentifier? = nil, removal: Bool = false,
        _ body: @escaping @Sendable (any PaymentTransactionObserver) -> Void
    ) -> (@Sendable () -> Void)? {
        var current = observers
        if skipping != nil || removal {
            current.removeAll { ObjectIdentifier($0) == skipping || (removal && $0 is QueueBridge) }
        }
        if current.isEmpty { return nil }
        let audience = current
        return {
            for observer in audience { body(observer) }
        }
    }

    func prepare() async {
        guard !loaded, let journal else { return }
        let task: Task<SimulatedAccount, any Error>
        if let loadTask {
            task = loadTask
        } else {
            task = Task { try await journal.currentState() }
            loadTask = task
        }
        let result = await task.result
        guard !loaded else { return }
        loaded = true
        switch result {
        case .success(let state):
            let reserved = account.nextNumber
            account = state
            account.nextNumber = max(account.nextNumber, reserved)
        case .failure(let error):
            lastPersistenceError = String(describing: error)
        }
    }

    func faultHappens() -> Bool {
        guard controls.faultRate > 0 else { return false }
        let draw = Double(random.next() >> 11) / Double(UInt64(1) << 53)
        return draw < controls.faultRate
    }

    static let identifierBase: UInt64 = 2_000_000_000

    static func identifier(_ number: UInt64) -> String { String(identifierBase + number) }

    static func number(_ identifier: String) -> UInt64? {
        guard let value = UInt64(identifier), value > identifierBase else { return nil }
        return value - identifierBase
    }

    func paymentTransaction(_ transaction: AccountTransaction) -> PaymentTransaction {
        let charged = transaction.state == .purchased || transaction.state == .restored
        let product = productsByIdentifier[transaction.productIdentifier]
        var downloads: [Download] = []
        if charged, let content = product?.hostedContent {
            let id = Self.identifier(transaction.number)
            let key = id + "/" + transaction.productIdentifier
            downloads.append(
                downloadTable[key]?.download
                    ?? Download(
                        contentIdentifier: transaction.productIdentifier, transactionIdentifier: id,
                        contentVersion: content.version, expectedContentLength: content.contentLength))
        }
        return PaymentTransaction(
            id: Self.identifier(transaction.number),
            payment: Payment(
                productIdentifier: transaction.productIdentifier, quantity: transaction.quantity,
                applicationUsername: transaction.applicationUsername),
            transactionState: transaction.state,
            productType: transaction.productType,
            transactionDate: charged || transaction.state == .failed
                ? Date(timeIntervalSince1970: transaction.date) : nil,
            originalTransactionIdentifier: charged ? Self.identifier(transaction.originalNumber) : nil,
            originalTransactionDate: charged ? Date(timeIntervalSince1970: transaction.originalDate) : nil,
            error: transaction.errorCode.map {
                StoreKitError(
                    StoreKitError.Code(rawValue: $0),
                    message: transaction.interrupted ? "the purchase was interrupted" : nil,
                    isInterruption: transaction.interrupted)
            },
            downloads: downloads,
            expirationDate: transaction.expiration.map { Date(timeIntervalSince1970: $0) },
            revocationDate: transaction.revocation.map { Date(timeIntervalSince1970: $0) },
            revocationReason: transaction.revokedForAppIssue ? .developerIssue : .other,
            willAutoRenew: transaction.autoRenew == 0 ? nil : transaction.autoRenew == 2,
            environment: controls.environment)
    }
}
