public import Foundation

/// What the person owns at one instant: entitlement names, balances and subscriptions.
public struct Entitlements: Sendable, Hashable {
    /// Entitlement names granted by owned non-consumables, active subscriptions (the winning level
    /// of each group) and unexpired non-renewing subscriptions. Sorted.
    public var names: [String]
    /// Balances by payout name: every payout the catalog declares (0 when nothing was credited) and
    /// any other name the ledger holds.
    public var balances: [String: Int]
    /// The latest state of each subscription the person ever had, sorted by product identifier.
    public var subscriptions: [SubscriptionStatus]

    /// Creates a snapshot.
    public init(names: [String], balances: [String: Int], subscriptions: [SubscriptionStatus]) {
        self.names = names
        self.balances = balances
        self.subscriptions = subscriptions
    }

    /// Whether the person holds an entitlement.
    public func contains(_ name: String) -> Bool { names.contains(name) }
}

/// Where one subscription stands.
public struct SubscriptionStatus: Sendable, Hashable {
    /// Whether a subscription grants access now.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Paid up: the period has not ended.
        case active
        /// The period ended but the billing grace period has not; access continues.
        case inGracePeriod
        /// Ended.
        case expired
        /// Refunded or revoked.
        case revoked
    }

    /// The product.
    public var productID: String
    /// The subscription group (non-renewing subscriptions: their product identifier).
    public var group: String
    /// The level within the group (1 is the highest service); 0 for non-renewing subscriptions.
    public var level: Int
    /// When the current period ends: the delivered end, or the earlier one the store set when it ended
    /// the subscription early (see ``endedEarly``).
    public var expirationDate: Date
    /// Where it stands.
    public var state: State
    /// Whether it grants its entitlements now: active or in grace, and the highest active level of
    /// its group.
    public var grantsAccess: Bool
    /// Whether the store ended the period before the end that was delivered (the ledger recorded an
    /// earlier expiration, ``LedgerContents/expirations``); such a subscription gets no grace period.
    public var endedEarly: Bool
    /// When access ends while the subscription is ``State/inGracePeriod``; `nil` in every other state.
    public var gracePeriodExpirationDate: Date?

    /// Creates a status.
    public init(
        productID: String, group: String, level: Int, expirationDate: Date, state: State, grantsAccess: Bool,
        endedEarly: Bool = false, gracePeriodExpirationDate: Date? = nil
    ) {
        self.productID = productID
        self.group = group
        self.level = level
        self.expirationDate = expirationDate
        self.state = state
        self.grantsAccess = grantsAccess
        self.endedEarly = endedEarly
        self.gracePeriodExpirationDate = gracePeriodExpirationDate
    }
}

extension Entitlements {
    /// How far a subscription period's start may lie after its delivery and still count as started
    /// when delivered: one minute, far more than clocks of a store and a server drift apart, far less
    /// than any deferred period waits.
    public static let deliveredBeforeStartTolerance: TimeInterval = 60

    /// Whether `delivery` is a period that has not started at `now`: delivered ahead of its start (by
    /// more than ``deliveredBeforeStartTolerance``) and starting after `now`.
    static func startsLater(_ delivery: Delivery, than now: Date) -> Bool {
        delivery.purchaseDate > now
            && delivery.purchaseDate.timeIntervalSince(delivery.deliveredAt) > deliveredBeforeStartTolerance
    }

    /// Computes what a ledger's deliveries grant at `now`.
    ///
    /// - Non-consumables grant their entitlements until revoked.
    /// - Auto-renewable subscriptions grant until their latest delivered period ends, plus the grace
    ///   period of the store that sold them; in each group only the highest level (lowest `Level`
    ///   number) grants, and of two active at one level the one ending later (then the first
    ///   product identifier).
    /// - Non-renewing subscriptions grant until their period ends.
    /// - A period ends at the earlier of its delivered end and the expiration the ledger recorded when
    ///   the store ended it early (``LedgerContents/expirationDate(of:)``); a subscription ended early
    ///   gets no grace period.
    /// - Revoked deliveries grant nothing and credit nothing.
    /// - A subscription period delivered before it starts (a replacement the store defers to the end of
    ///   the current period) grants nothing until it starts; a period starting up to
    ///   ``deliveredBeforeStartTolerance`` after its delivery (clocks of the store and the ledger a
    ///   little apart) grants at once.
    ///
    /// - Parameters:
    ///   - contents: the ledger's contents.
    ///   - catalog: the deployment's products (groups, levels, payouts).
    ///   - now: the instant to compute for.
    ///   - gracePeriod: how long an auto-renewable subscription keeps access after its period ends
    ///     while its store retries billing, for stores without an entry in `gracePeriods`.
    ///   - gracePeriods: the grace period of each store that states its own, by store name
    ///     (``TransactionID/store`` of the deliveries); it replaces `gracePeriod` for that store.
    public static func compute(
        from contents: LedgerContents,
        catalog: Catalog,
        at now: Date,
        gracePeriod: TimeInterval = 0,
        gracePeriods: [String: TimeInterval] = [:]
    ) -> Entitlements {
        var names = Set<String>()
        var latest: [String: (delivery: Delivery, expiry: Date, revoked: Bool)] = [:]
        for delivery in contents.deliveries {
            let revoked = contents.revocations[delivery.transactionID] != nil
            switch delivery.productType {
            case .nonConsumable, .consumable:
                if !revoked { names.formUnion(delivery.entitlements) }
            case .autoRenewable, .nonRenewing:
                guard let expiry = contents.expirationDate(of: delivery), !Self.startsLater(delivery, than: now)
                else { continue }
                if let current = latest[delivery.productID], !current.revoked, revoked || current.expiry >= expiry {
                    continue
                }
                latest[delivery.productID] = (delivery, expiry, revoked)
            }
        }

        var statuses: [SubscriptionStatus] = []
        for (productID, entry) in latest {
            let product = catalog.product(withID: productID)
            let expiry = entry.expiry
            let endedEarly = contents.expirations[entry.delivery.transactionID] != nil
            var graceEnd: Date?
            let grace = gracePeriods[entry.delivery.transactionID.store] ?? gracePeriod
            if entry.delivery.productType == .autoRenewable, !endedEarly, grace > 0 {
                graceEnd = expiry.addingTimeInterval(grace)
            }
            let state: SubscriptionStatus.State
            if entry.revoked {
                state = .revoked
            } else if now < expiry {
                state = .active
            } else if let graceEnd, now < graceEnd {
                state = .inGracePeriod
            } else {
                state = .expired
            }
            statuses.append(
                SubscriptionStatus(
                    productID: productID,
                    group: product?.subscription?.group ?? productID,
                    level: product?.subscription?.level ?? 0,
                    expirationDate: expiry,
                    state: state,
                    grantsAccess: false,
                    endedEarly: endedEarly,
                    gracePeriodExpirationDate: state == .inGracePeriod ? graceEnd : nil
                )
            )
        }

        var winnerByGroup: [String: Int] = [:]
        for (index, status) in statuses.enumerated() where status.state == .active || status.state == .inGracePeriod {
            // The highest level wins; between equal levels, the later end, then the product identifier
            // (never the order a dictionary happens to list them in).
            if let current = winnerByGroup[status.group] {
                let held = statuses[current]
                if held.level < status.level { continue }
                if held.level == status.level {
                    if held.expirationDate > status.expirationDate { continue }
                    if held.expirationDate == status.expirationDate, held.productID < status.productID { continue }
                }
            }
            winnerByGroup[status.group] = index
        }
        for index in winnerByGroup.values {
            statuses[index].grantsAccess = true
            if let delivery = latest[statuses[index].productID]?.delivery {
                names.formUnion(delivery.entitlements)
            }
        }
        statuses.sort { $0.productID < $1.productID }
        var balances = contents.balances
        for product in catalog.products {
            for payout in product.payouts where balances[payout.name] == nil {
                balances[payout.name] = 0
            }
        }
        return Entitlements(names: names.sorted(), balances: balances, subscriptions: statuses)
    }
}
