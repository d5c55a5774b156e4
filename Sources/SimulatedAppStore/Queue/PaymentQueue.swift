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
/// fresh app ledger over it is a reinstall. A change is durable before its callbacks are scheduled,
/// except a finish: it is written at once (a killed process keeps it) and made durable with the next
/// change or the close, so a machine crash can bring a finished transaction back unfinished, as
/// StoreKit may, never lose a purchase. Download progress lives in memory only.
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
    /// What the store signs its transactions, renewal info, app transaction and notifications with;
    /// `nil`: it issues no signed data and emits no notifications.
    public nonisolated let signedData: SimulatedSignedData?
    /// The events already noticed and the order notifications are published in.
    var noticeState = NoticeState()

    var random: any RandomNumberGenerator & Sendable
    let callbacks: CallbackPump
    let journal: Journal<SimulatedAccount>?
    var account = SimulatedAccount()
    private var loaded: Bool
    private var loadTask: Task<SimulatedAccount, any Error>?
    var observers: [any PaymentTransactionObserver] = []
    /// Asked whether to show price consent sheets (``setDelegate(_:)``).
    var delegate: (any PaymentQueueDelegate)?
    /// The family the account belongs to and its name there (``Family/join(_:as:)``).
    var familyMembership: (family: Family, name: String)?
    let productsByIdentifier: [String: Product]
    var downloadTable: [String: DownloadEntry] = [:]
    /// Where finished downloads' content folders go: `Downloads/` in the journal's folder, or a
    /// folder of the queue's own under the temporary folder when the account lives in memory.
    let downloadsDirectory: URL
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
    ///   - signedData: with it, the store signs its transactions, renewal info and app transaction on
    ///     request and emits a signed App Store Server Notification V2 for each of its events.
    /// - Throws: `JournalError` when the journal cannot be opened (damaged, locked, unreadable).
    public init(
        catalog: Catalog,
        controls: SessionControls = SessionControls(),
        persistence: Persistence = .inMemory,
        clock: any PurchaseClock = SimulationClock(),
        random: any RandomNumberGenerator & Sendable = SplitMix64(seed: 0),
        callbackQueue: DispatchQueue? = nil,
        readOnly: Bool = false,
        signedData: SimulatedSignedData? = nil
    ) throws {
        self.catalog = catalog
        self.signedData = signedData
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
            downloadsDirectory = FileManager.default.temporaryDirectory
                .appendingPathComponent("SimulatedAppStore-Downloads-\(UUID().uuidString)", isDirectory: true)
        case .journal(let directory):
            downloadsDirectory = directory.appendingPathComponent("Downloads", isDirectory: true)
            journal = try Journal<SimulatedAccount>.open(
                directory: directory, name: "account", options: JournalOptions(readOnly: readOnly))
            loaded = false
        }
    }

    /// Closes the account's journal (a relaunch opens a new queue on the folder); an account in memory
    /// takes its downloaded content folders with it. The streams of emitted notifications end.
    public func close() {
        journal?.close()
        signedData?.notifications.finish()
        if journal == nil { try? FileManager.default.removeItem(at: downloadsDirectory) }
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

    /// The finished consumable purchases the App Store can still refund (the account keeps its
    /// latest 1,000), oldest first; they are not in ``accountTransactions`` until refunded.
    public var refundableConsumables: [PaymentTransaction] {
        get async {
            await prepare()
            return account.refundableConsumables.keys.sorted().compactMap { account.refundableConsumables[$0] }
                .map(paymentTransaction)
        }
    }

    // MARK: - Machinery

    /// Applies records in memory, writes them to the account's journal, then schedules the
    /// callbacks, keeping the callbacks of concurrent changes in the order the changes were made;
    /// last, hands the charged transactions among the records that its family shares to the family
    /// (``Family``), when the account is in one.
    ///
    /// - Parameter durability: `.synced` (the default) makes the records durable before the
    ///   callbacks run; `.deferred` leaves their fsync to the next synced commit or the close, for
    ///   records whose loss in a machine crash only repeats work the app's ledger answers once
    ///   (a finish mark: the transaction comes back unfinished and is finished again).
    /// - Parameter hints: what the caller applied in memory already (renewals, revocations), for the
    ///   notifications the records make (with ``signedData``).
    func commit(
        _ records: [AccountRecord], callbacks planned: [(@Sendable () -> Void)?],
        durability: JournalDurability = .synced, hints: CommitHints = CommitHints()
    ) async {
        let callbacks = planned.compactMap { $0 }
        let notices = applyForCommit(records, hints: hints)
        let shared = familyPurchases(in: records)
        let ticket = nextTicket
        nextTicket += 1
        if let journal, !records.isEmpty {
            let encoded = records.map(\.data)
            do {
                try await journal.perform(durability: durability) { _ in (records: encoded, result: ()) }
            } catch {
                lastPersistenceError = String(describing: error)
            }
        }
        publish(notices)
        if ticket == nextRelease && held.isEmpty {
            nextRelease += 1
            schedule(callbacks)
        } else {
            held[ticket] = callbacks
            while let ready = held.removeValue(forKey: nextRelease) {
                nextRelease += 1
                schedule(ready)
            }
        }
        await shareWithFamily(shared)
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
            isUpgraded: transaction.upgraded,
            environment: controls.environment,
            price: transaction.price,
            ownership: transaction.isFamilyShared ? .familyShared : .purchased,
            offer: transaction.offer)
    }
}
