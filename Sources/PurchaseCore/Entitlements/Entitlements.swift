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
    /// When the current period ends.
    public var expirationDate: Date
    /// Where it stands.
    public var state: State
    /// Whether it grants its entitlements now: active or in grace, and the highest active level of
    /// its group.
    public var grantsAccess: Bool

    /// Creates a status.
    public init(productID: String, group: String, level: Int, expirationDate: Date, state: State, grantsAccess: Bool) {
        self.productID = productID
        self.group = group
        self.level = level
        self.expirationDate = expirationDate
        self.state = state
        self.grantsAccess = grantsAccess
    }
}

extension Entitlements {
    /// Computes what a ledger's deliveries grant at `now`.
    ///
    /// - Non-consumables grant their entitlements until revoked.
    /// - Auto-renewable subscriptions grant until their latest delivered period ends, plus
    ///   `gracePeriod`; in each group only the highest level (lowest `Level` number) grants.
    /// - Non-renewing subscriptions grant until their period ends.
    /// - Revoked deliveries grant nothing and credit nothing.
    public static func compute(
        from contents: LedgerContents,
        catalog: Catalog,
        at now: Date,
        gracePeriod: TimeInterval = 0
    ) -> Entitlements {
        var names = Set<String>()
        var latest: [String: (delivery: Delivery, revoked: Bool)] = [:]
        for delivery in contents.deliveries {
            let revoked = contents.revocations[delivery.transactionID] != nil
            switch delivery.productType {
            case .nonConsumable, .consumable:
                if !revoked { names.formUnion(delivery.entitlements) }
            case .autoRenewable, .nonRenewing:
                guard let expiry = delivery.expirationDate else { continue }
                if let current = latest[delivery.productID], let currentExpiry = current.delivery.expirationDate,
                    !current.revoked, revoked || currentExpiry >= expiry
                {
                    continue
                }
                latest[delivery.productID] = (delivery, revoked)
            }
        }

        var statuses: [SubscriptionStatus] = []
        for (productID, entry) in latest {
            let product = catalog.product(withID: productID)
            let expiry = entry.delivery.expirationDate ?? now
            let isAutoRenewable = entry.delivery.productType == .autoRenewable
            let state: SubscriptionStatus.State
            if entry.revoked {
                state = .revoked
            } else if now < expiry {
                state = .active
            } else if isAutoRenewable && now < expiry.addingTimeInterval(gracePeriod) {
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
                    grantsAccess: false
                )
            )
        }

        var winnerByGroup: [String: Int] = [:]
        for (index, status) in statuses.enumerated() where status.state == .active || status.state == .inGracePeriod {
            if let current = winnerByGroup[status.group], statuses[current].level <= status.level { continue }
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
