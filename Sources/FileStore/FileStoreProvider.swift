public import Foundation
public import Journal
public import PurchaseCore

/// A store whose account lives in files: the provider of the embedded default deployment, which
/// works with nothing installed or running.
///
/// With the default `StateFolder`, its transactions live in the state folder's ``PurchaseJournal``
/// (`.purchasekit/purchases.log`), shared with the ``FileFulfillmentLedger``; with another
/// `StateFolder`, in its own `Journal` `<state folder>/<StateFolder>/store.log`. The format is
/// described in this module's README.md.
///
/// Guarantees:
/// - Products and prices come from the catalog, in the deployment's storefront and locale (or the
///   `Storefront` and `Locale` settings).
/// - Transaction identifiers are allocated inside the journal's commit, so they are unique across
///   every process sharing the state folder. Identifiers are decimal numbers from 1.
/// - A non-consumable the person owns, or an auto-renewable subscription that is active or still
///   renewing, cannot be bought again (`PurchaseError.Code.alreadyOwned`).
/// - One subscription per group is active at a time: buying one of a higher or the same level
///   than an active subscription of its group ends that one's period at the purchase (handed back
///   through ``transactionUpdates`` with the earlier expiration); one of a lower level starts when
///   the higher one's period ends. The one replaced or followed stops renewing.
/// - A subscription expires one period after its purchase (the first of its group: after its
///   introductory offer, see ``isEligibleForIntroductoryOffer(_:)``); while auto-renew is on, one renewal
///   transaction per elapsed period (a new identifier, the original kept) is recorded durably the
///   next time the provider is asked for unfinished transactions or a restore.
/// - Purchased, declined and revoked transactions are handed back by ``unfinishedTransactions()``
///   (across relaunches) until ``finish(_:)``.
/// - Every method that returns has made its change durable (fsync), except two. A purchase charged
///   while a ``FileFulfillmentLedger`` shares its journal is written without an fsync of its own: the
///   ledger's delivery, appended after it to the same file and fsynced before the purchase is
///   reported, makes both durable (a machine crash before that loses the charge together with the
///   delivery, and nothing acknowledged depends on it). And ``finish(_:)``: its mark
///   is written with the provider's next commit or by ``flush()`` (which
///   `PurchaseDeployment.close()` calls), saving an fsync per purchase. This process never reports
///   a finished transaction again; if the process dies before the mark is written, the transaction
///   is handed back at the next launch and the ledger finds it already delivered.
public final class FileStoreProvider: StoreProvider {
    /// The kind the provider registers under.
    public static let kind: ProviderKind = .file

    /// The store name its transactions carry: `file`.
    public let storeName: String = "file"
    /// The catalog it sells from.
    public let catalog: Catalog
    /// Its settings.
    public let settings: FileStoreSettings
    /// The folder holding its journal.
    public let directory: URL
    /// The storefront whose prices it charges.
    public let storefront: String
    /// The locale of product names and descriptions.
    public let locale: String

    let journal: JournalSlot<FileStoreState>
    let closed = Locked(false)
    let clock: any PurchaseClock
    let updates = UpdateBroadcaster<StoreTransaction>()
    /// Finish marks not yet written (identifier to whether a revocation is acknowledged): they
    /// ride along with the next commit or ``flush()``, as the records the state then needs.
    let deferredFinishes = Locked<[UInt64: Bool]>([:])

    /// The most renewals recorded for one subscription in one call (a clock far ahead catches up
    /// over several calls).
    static let maximumRenewalsPerCall = 1000

    /// The store over `slot` (its journal, opened by `FileStoreProvider+Opening.swift`); gives `slot`
    /// back when it throws.
    init(
        catalog: Catalog, settings: FileStoreSettings, clock: any PurchaseClock, slot: JournalSlot<FileStoreState>
    ) throws(PurchaseError) {
        self.catalog = catalog
        self.settings = settings
        self.clock = clock
        storefront = settings.storefront ?? catalog.deployment.storefront
        locale = settings.locale ?? catalog.deployment.locale
        switch slot {
        case .own(let journal): directory = journal.directory
        case .shared(let journal): directory = journal.directory
        }
        journal = slot
        guard catalog.storefronts[storefront] != nil else {
            slot.close()
            throw PurchaseError(
                .providerMisconfigured,
                detail: "the file store's storefront \(storefront) is not declared in the catalog")
        }
    }

    /// Whether a charge may be written deferred: only in a shared journal with a ledger attached,
    /// whose delivery commit (appended after the charge, and synced) then makes the charge durable.
    var defersCharges: Bool {
        if case .shared(let journal) = journal { return journal.hasLedger }
        return false
    }

    /// Writes the finish marks ``finish(_:)`` deferred, durably.
    public func flush() async throws(PurchaseError) {
        guard deferredFinishes.withLock({ !$0.isEmpty }) else { return }
        try await perform("the file store cannot record finished transactions") { _ in ([], ()) }
    }

    /// Closes the journal and ends every update stream; later calls fail with
    /// `PurchaseError.Code.ledgerIOFailed`. Call ``flush()`` first to keep deferred finish marks.
    public func close() {
        closeJournal()
    }

    /// `close()` from async code (the lifecycle a deployment calls): the same, at once.
    public func close() async {
        closeJournal()
    }

    private func closeJournal() {
        let first = closed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        if first { journal.close() }
        updates.finish()
    }

    /// Torn tails the journal cut when it opened (a process died mid-commit); empty normally.
    public var recoveries: [JournalRecovery] { journal.recoveries }

    // MARK: - StoreProvider

    /// The catalog's products among `productIDs` that have a price in the storefront, with their
    /// names in the provider's locale; the others are reported as invalid.
    public func products(for productIDs: [String]) async throws -> ProductsResponse {
        var products: [StoreProduct] = []
        var invalid: [String] = []
        for productID in productIDs {
            guard let product = catalog.product(withID: productID), let price = product.price(in: storefront)
            else {
                invalid.append(productID)
                continue
            }
            let localization = product.localization(for: locale)
            products.append(
                StoreProduct(
                    product: product, store: storeName, displayName: localization?.displayName ?? productID,
                    description: localization?.description ?? "", price: price, storefront: storefront))
        }
        return ProductsResponse(products: products, invalidProductIDs: invalid)
    }

    /// The `CanMakePayments` setting.
    public func canMakePayments() async -> Bool { settings.canMakePayments }

    /// Records a purchase (or, with `RequiresApproval`, a deferred one) durably.
    public func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
        guard let product = catalog.product(withID: request.productID) else {
            throw PurchaseError(.invalidProductIdentifiers, detail: "not in the catalog", productID: request.productID)
        }
        guard product.price(in: storefront) != nil else {
            throw PurchaseError(
                .productUnavailable, detail: "no price in storefront \(storefront)", productID: request.productID)
        }
        let now = clock.now
        // The commit's body holds what it needs of the product, not another copy of it.
        let (productID, type, expiration) = (product.productID, product.type, Self.expiration(of: product, from: now))
        let introductoryOffer = type == .autoRenewable ? product.subscription?.introductoryOffer : nil
        let catalog = catalog
        guard request.quantity >= 1 else {
            throw PurchaseError(.paymentInvalid, detail: "quantity \(request.quantity)", productID: productID)
        }
        guard request.quantity == 1 || type == .consumable else {
            throw PurchaseError(
                .paymentInvalid, detail: "quantity \(request.quantity) for a \(type)",
                reason: .quantityRequiresConsumable, productID: productID)
        }
        let deferred = settings.requiresApproval
        let autoRenew = settings.autoRenew
        // Another subscription of the group is replaced at once or followed; approval comes first.
        let group = deferred ? nil : Self.groupChange(for: product, in: catalog)
        if group != nil { try await recordDueRenewals() }
        // The charge of a purchase delivered right away may be deferred: see the type's guarantees.
        let durability: JournalDurability = !deferred && defersCharges ? .deferred : .synced
        let (transaction, replaced) = try await perform(
            "the file store cannot record a purchase", durability: durability
        ) { state in
            switch type {
            case .nonConsumable where state.ownedNonConsumables[productID] != nil:
                throw PurchaseError(.alreadyOwned, productID: productID)
            case .autoRenewable where Self.hasActiveChain(productID, in: state, at: now):
                throw PurchaseError(.alreadyOwned, detail: "the subscription is active", productID: productID)
            default:
                break
            }
            var records: [StoreRecord] = []
            var replaced: [UInt64] = []
            var start = now
            var end = expiration
            if let group {
                let change = group.apply(to: state, at: now)
                records = change.records
                replaced = change.replaced
                start = change.start
                end = group.period.added(to: start)
            }
            // A first subscription of its group starts with the product's introductory offer.
            if let offer = introductoryOffer,
                Self.isEligibleForIntroductoryOffer(productID, in: state, catalog: catalog)
            {
                end = Self.introductoryEnd(of: offer, from: start)
            }
            let id = state.nextID
            let stored = StoredTransaction(
                id: id, originalID: id, productID: productID, productType: type,
                quantity: request.quantity, purchaseDate: start, originalPurchaseDate: start, expirationDate: end,
                state: deferred ? .deferred : .purchased, autoRenew: autoRenew,
                appAccountToken: request.appAccountToken)
            records.append(.transaction(stored))
            return (records, (stored, replaced))
        }
        if !replaced.isEmpty {
            // The replaced periods come back ended, for the ledger to record their earlier end.
            let state = try await currentState()
            for id in replaced {
                guard let ended = state.transaction(id) else { continue }
                updates.yield(
                    ended.storeTransaction(store: storeName, chainRenews: state.chainRenews(ended.originalID)))
            }
        }
        let reported = transaction.storeTransaction(store: storeName, chainRenews: autoRenew)
        return deferred ? .pending(reported) : .purchased(reported)
    }

    /// What buying an auto-renewable subscription does to the other subscriptions of its group, by
    /// the rules of ``SubscriptionGroupChange``: an upgrade replaces them at once, their current
    /// periods ending at the purchase; a downgrade starts when the current period of each higher one
    /// ends. A crossgrade replaces them at once whatever the periods (the App Store waits for the
    /// next renewal when the durations differ). Either way the others stop renewing.
    struct GroupChange: Sendable {
        /// The period bought.
        let period: SubscriptionPeriod
        /// The other products of the group and what buying this one does to each, by product identifier.
        let others: [(productID: String, change: SubscriptionGroupChange)]

        /// The records that end or stop the others, the transactions ended early, and when the
        /// new subscription's first period starts.
        func apply(to state: FileStoreState, at now: Date) -> (records: [StoreRecord], replaced: [UInt64], start: Date)
        {
            var records: [StoreRecord] = []
            var replaced: [UInt64] = []
            var start = now
            for other in others {
                for original in state.chainsByProduct[other.productID] ?? [] {
                    guard let latestID = state.latestInChain[original], let latest = state.transaction(latestID),
                        latest.revocationDate == nil, latest.state == .purchased, let end = latest.expirationDate
                    else { continue }
                    let renews = state.chainRenews(original)
                    guard renews || end > now else { continue }
                    if renews { records.append(.setAutoRenew(originalID: original, on: false)) }
                    if Self.replacesAtOnce(other.change) {
                        guard end > now else { continue }
                        records.append(.endEarly(id: latestID, date: max(now, latest.purchaseDate)))
                        replaced.append(latestID)
                    } else {
                        start = max(start, end)
                    }
                }
            }
            return (records, replaced, start)
        }

        /// Whether the file store makes `change` at the purchase: every upgrade and crossgrade.
        static func replacesAtOnce(_ change: SubscriptionGroupChange) -> Bool {
            change.timing == .immediately || change.kind == .crossgrade
        }
    }

    /// The group change buying `product` makes, or `nil` for a product that is not an
    /// auto-renewable subscription sharing its group with others.
    static func groupChange(for product: Product, in catalog: Catalog) -> GroupChange? {
        guard let period = product.subscription?.period else { return nil }
        let others = catalog.products.compactMap { other -> (productID: String, change: SubscriptionGroupChange)? in
            SubscriptionGroupChange(from: other, to: product).map { (other.productID, $0) }
        }
        guard !others.isEmpty else { return nil }
        return GroupChange(period: period, others: others)
    }

    /// What the person owns: each non-consumable and the latest transaction of each auto-renewable
    /// subscription not revoked, as restored transactions with their own identifiers, oldest first.
    /// Renewals due are recorded first.
    public func restore() async throws -> [StoreTransaction] {
        try await recordDueRenewals()
        let state = try await currentState()
        var ids = Array(state.ownedNonConsumables.values)
        for latest in state.latestInChain.values {
            if let transaction = state.transaction(latest), transaction.revocationDate == nil { ids.append(latest) }
        }
        return ids.sorted().compactMap { id in
            state.transaction(id).map {
                $0.storeTransaction(store: storeName, chainRenews: state.chainRenews($0.originalID), state: .restored)
            }
        }
    }

    /// Purchased, declined and revoked transactions not yet finished, oldest first, after recording
    /// the renewals due.
    public func unfinishedTransactions() async throws -> [StoreTransaction] {
        try await recordDueRenewals()
        let state = try await currentState()
        let deferred = deferredFinishes.withLock { $0 }
        return state.unfinished.sorted().compactMap { id in
            guard let stored = state.transaction(id) else { return nil }
            // A deferred mark covers it unless it is a revocation the mark does not acknowledge.
            if let acknowledging = deferred[id], stored.revocationDate == nil || acknowledging { return nil }
            return stored.storeTransaction(store: storeName, chainRenews: state.chainRenews(stored.originalID))
        }
    }

    /// Marks the transaction finished (for a revoked one: the revocation acknowledged); idempotent.
    /// The mark is written with the next commit or ``flush()`` (see the type's guarantees); nothing is
    /// written for a transaction that needs no mark.
    public func finish(_ transaction: StoreTransaction) async throws {
        guard transaction.store == storeName, let id = UInt64(transaction.id) else { return }
        let acknowledging = transaction.isRevoked
        deferredFinishes.withLock { $0[id] = ($0[id] ?? false) || acknowledging }
    }

    /// Transactions that arrive outside a purchase: approvals, declines, renewals, refunds.
    public var transactionUpdates: AsyncStream<StoreTransaction> { updates.stream() }
}
