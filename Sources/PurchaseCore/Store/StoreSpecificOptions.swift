/// What a purchase asks of the store that sells the product, in that store's own identifiers: the
/// subscription plan and offer to buy, and how a subscription replaces another of its group.
///
/// The values are opaque to the core: it hands them to the provider unchanged
/// (``PurchaseRequest/storeOptions``). A provider whose store has such identifiers documents which
/// it reads and refuses one it does not know with a ``PurchaseError`` before anything is charged; a
/// provider whose store has none ignores them. Every value is optional, and `nil` keeps the store's
/// default: the plan and offer the provider picks, and the replacement the core's
/// ``SubscriptionGroupChange`` rule chooses.
///
/// For Google Play, ``planID`` is a subscription's base plan id, ``offerID`` an offer id of that base
/// plan, and ``replacementMode`` one of Play's replacement mode names (`WITH_TIME_PRORATION`,
/// `CHARGE_PRORATED_PRICE`, `WITHOUT_PRORATION`, `CHARGE_FULL_PRICE`, `DEFERRED`).
public struct StoreSpecificOptions: Sendable, Hashable {
    /// The store's identifier of the subscription plan to buy (Google Play's base plan id).
    public var planID: String?
    /// The store's identifier of the offer to buy on that plan (Google Play's offer id).
    public var offerID: String?
    /// The store's name of how the bought subscription replaces the one the person holds in its group
    /// (Google Play's replacement mode); it applies only when one is replaced.
    public var replacementMode: String?

    /// Creates options; with no arguments, the store's defaults.
    ///
    /// - Parameters:
    ///   - planID: the subscription plan's identifier in the store.
    ///   - offerID: the offer's identifier in the store.
    ///   - replacementMode: the store's name of the replacement mode.
    public init(planID: String? = nil, offerID: String? = nil, replacementMode: String? = nil) {
        self.planID = planID
        self.offerID = offerID
        self.replacementMode = replacementMode
    }

    /// Whether every value is `nil`: the store's defaults.
    public var isEmpty: Bool { planID == nil && offerID == nil && replacementMode == nil }
}
