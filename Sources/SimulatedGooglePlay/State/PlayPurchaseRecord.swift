public import PurchaseCore

/// Everything the simulated Play Store knows of one purchase (one purchase token): what the app's
/// `Purchase` shows, and what only Play's servers know (orders, subscription state, refunds, the token it
/// replaced). A later Play Developer API answers from it.
///
/// Times are milliseconds since 1970, as Play gives them.
public struct PlayPurchaseRecord: Sendable, Hashable, Codable {
    /// Where the purchase itself stands.
    public enum State: String, Sendable, Hashable, Codable {
        /// Waiting for payment (cash, a bank transfer...).
        case pending
        /// Paid.
        case purchased
        /// A pending purchase that was never paid.
        case pendingCanceled
    }

    /// The purchase token, the purchase's identity (kept across a subscription's renewals).
    public var purchaseToken: String
    /// The Google account that bought it.
    public var account: String
    /// The product id.
    public var productId: String
    /// `inapp` or `subs`.
    public var productType: PlayProductType
    /// The base plan bought (subscriptions).
    public var basePlanId: String?
    /// The offer bought on it (subscriptions), `nil` for the base plan alone.
    public var offerId: String?
    /// How many were bought.
    public var quantity: Int
    /// How many of ``quantity`` were refunded.
    public var refundedQuantity: Int = 0
    /// How many of ``quantity`` Play took back (refunds with revocation); the rest stay the person's.
    public var revokedQuantity: Int = 0
    /// The app's obfuscated account id given to the billing flow.
    public var obfuscatedAccountId: String?
    /// The app's obfuscated profile id given to the billing flow.
    public var obfuscatedProfileId: String?
    /// When the billing flow made it.
    public var purchaseTime: Int64
    /// Pending, purchased, or a cancelled pending purchase.
    public var state: State
    /// When it became purchased; the three days to acknowledge it count from here.
    public var purchasedTime: Int64?
    /// The first order's id (`GPA.dddd-dddd-dddd-ddddd`); `nil` while pending.
    public var orderId: String?
    /// Every order charged for it, the first purchase then each renewal.
    public var orders: [PlayOrder] = []
    /// Whether the app acknowledged it (consuming acknowledges).
    public var acknowledged = false
    /// Whether the app consumed it (one-time products).
    public var consumed = false
    /// Whether Play took it back (refunded and revoked, or never acknowledged).
    public var revoked = false
    /// The subscription's state; `nil` for a one-time product.
    public var subscription: PlaySubscriptionTerm?

    /// The id of the latest order: the first order's id, then `..0`, `..1`, ... for each renewal.
    public var latestOrderId: String? { orders.last?.orderId ?? orderId }
}

/// One order charged for a purchase: the first purchase, or a renewal.
public struct PlayOrder: Sendable, Hashable, Codable {
    /// The order id: `GPA.dddd-dddd-dddd-ddddd` for the first, that id with `..0`, `..1`... for renewals.
    public var orderId: String
    /// When it was charged.
    public var time: Int64
    /// What was charged, in micro-units (zero for a free trial or a change paid by credit).
    public var priceMicros: Int64
    /// The currency charged.
    public var currencyCode: String
    /// The end of the period it paid for (subscriptions); `nil` for a one-time product.
    public var periodEnd: Int64?
    /// Whether it was refunded.
    public var refunded = false
}

/// Where a subscription stands, as Play's `SubscriptionState` names it.
public enum PlaySubscriptionState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Paid, in its period, renewing.
    case active
    /// Auto-renew off; access until the period's end.
    case canceled
    /// A renewal failed to charge; access continues while Play retries.
    case inGracePeriod
    /// A renewal failed to charge and the grace period ended; no access while Play retries.
    case onHold
    /// Paused by the person; no access until it resumes.
    case paused
    /// Ended: expired, revoked or replaced.
    case expired

    /// The key of the state's text for a person.
    public var messageKey: MessageKey {
        switch self {
        case .active: .googlePlaySubscriptionActive
        case .canceled: .googlePlaySubscriptionCanceled
        case .inGracePeriod: .googlePlaySubscriptionInGracePeriod
        case .onHold: .googlePlaySubscriptionOnHold
        case .paused: .googlePlaySubscriptionPaused
        case .expired: .googlePlaySubscriptionExpired
        }
    }
}

/// What a subscription purchase holds beyond a one-time purchase.
public struct PlaySubscriptionTerm: Sendable, Hashable, Codable {
    /// The state.
    public var state: PlaySubscriptionState
    /// When access starts (later than the purchase for a deferred replacement).
    public var startTime: Int64
    /// The end of the paid period.
    public var expiryTime: Int64
    /// Whether it renews at ``expiryTime``.
    public var autoRenewing: Bool
    /// How many orders the subscription has charged, counting the first; chooses the pricing phase of
    /// the next one.
    public var chargedCycles: Int = 0
    /// Whether renewals fail to charge (a test control: a declined card).
    public var billingFails = false
    /// The end of the grace period, while in it.
    public var gracePeriodEnd: Int64?
    /// The end of account hold, while on hold.
    public var accountHoldEnd: Int64?
    /// A pause the person chose, taking effect at the next renewal (an ISO 8601 length).
    public var scheduledPause: String?
    /// When a paused subscription resumes by itself.
    public var autoResumeTime: Int64?
    /// The purchase this one replaced (`linkedPurchaseToken`).
    public var linkedPurchaseToken: String?
    /// The purchase that replaced this one.
    public var replacedByToken: String?
    /// The replacement mode that made this purchase, when it replaced another.
    public var replacementMode: PlayReplacementMode?
    /// When the person cancelled it.
    public var canceledTime: Int64?
}
