/// One change of one purchase, in the order the simulated Play Store made them: what a real-time
/// developer notification would announce, and what a server reading the store learns.
///
/// ``Kind`` maps to Play's notification types (``Kind/subscriptionNotificationType``,
/// ``Kind/oneTimeProductNotificationType``); a refund is also in ``PlayStoreState/voidedPurchases``.
public struct PlayEvent: Sendable, Hashable, Codable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A purchase was paid (at once, or a pending one completed).
        case purchased
        /// A billing flow made a pending purchase.
        case pending
        /// A pending purchase was cancelled before it was paid.
        case pendingCanceled
        /// The app acknowledged the purchase.
        case acknowledged
        /// The app consumed the purchase.
        case consumed
        /// A subscription renewed (a new order).
        case renewed
        /// A subscription's billing recovered from grace period or account hold (a new order).
        case recovered
        /// The person turned auto-renew off.
        case canceled
        /// The person turned auto-renew back on before the period ended.
        case restarted
        /// A renewal failed to charge; access continues for the grace period.
        case inGracePeriod
        /// Access stopped while Play retries the charge.
        case onHold
        /// The person scheduled or withdrew a pause.
        case pauseScheduleChanged
        /// The pause took effect.
        case paused
        /// A paused subscription resumed (a new order).
        case resumed
        /// A subscription ended.
        case expired
        /// Play took the purchase back (a refund with revocation, or no acknowledgement in time).
        case revoked
        /// An order was refunded (see the voided purchases).
        case voided
        /// Another purchase replaced this subscription (the new one's ``PlaySubscriptionTerm/linkedPurchaseToken``
        /// names it).
        case replaced
    }

    /// The position of the event in the store's log, from 1.
    public var sequence: Int
    /// When it happened, milliseconds since 1970.
    public var time: Int64
    /// What happened.
    public var kind: Kind
    /// The purchase it happened to.
    public var purchaseToken: String
    /// The purchase's product.
    public var productId: String
    /// `inapp` or `subs`.
    public var productType: PlayProductType
    /// The order it concerns, when it concerns one.
    public var orderId: String?
}

extension PlayEvent.Kind {
    /// Play's `SubscriptionNotification.notificationType` for this change of a subscription (4 purchased,
    /// 2 renewed, 13 expired...), or `nil` when Play sends none.
    public var subscriptionNotificationType: Int? {
        switch self {
        case .recovered: 1
        case .renewed, .resumed: 2
        case .canceled: 3
        case .purchased: 4
        case .onHold: 5
        case .inGracePeriod: 6
        case .restarted: 7
        case .paused: 10
        case .pauseScheduleChanged: 11
        case .revoked: 12
        case .expired: 13
        case .pendingCanceled: 20
        case .pending, .acknowledged, .consumed, .voided, .replaced: nil
        }
    }

    /// Play's `OneTimeProductNotification.notificationType` for this change of a one-time purchase
    /// (1 purchased, 2 canceled), or `nil` when Play sends none.
    public var oneTimeProductNotificationType: Int? {
        switch self {
        case .purchased: 1
        case .pendingCanceled: 2
        default: nil
        }
    }
}

/// A refunded or voided order, as Play's `voidedpurchases.list` gives it.
public struct PlayVoidedPurchase: Sendable, Hashable, Codable {
    /// Who voided it (`voidedSource`).
    public enum Source: Int, Sendable, Hashable, Codable {
        /// The person (0).
        case user = 0
        /// The developer (1).
        case developer = 1
        /// Google (2).
        case google = 2
    }

    /// Why it was voided (`voidedReason`).
    public enum Reason: Int, Sendable, Hashable, Codable {
        /// Other (0).
        case other = 0
        /// Buyer's remorse (1).
        case remorse = 1
        /// Not received (2).
        case notReceived = 2
        /// Defective (3).
        case defective = 3
        /// Accidental purchase (4).
        case accidentalPurchase = 4
        /// Fraud (5).
        case fraud = 5
        /// Friendly fraud (6).
        case friendlyFraud = 6
        /// Chargeback (7).
        case chargeback = 7
    }

    /// Whole or partial (`refundType`).
    public enum RefundType: Int, Sendable, Hashable, Codable {
        /// The whole order (1).
        case fullRefund = 1
        /// Part of a multi-quantity order (2); ``PlayVoidedPurchase/voidedQuantity`` says how many.
        case quantityBasedPartialRefund = 2
    }

    /// The purchase token.
    public var purchaseToken: String
    /// The voided order.
    public var orderId: String
    /// When the purchase was made, milliseconds since 1970.
    public var purchaseTimeMillis: Int64
    /// When it was voided, milliseconds since 1970.
    public var voidedTimeMillis: Int64
    /// Who voided it.
    public var voidedSource: Source
    /// Why.
    public var voidedReason: Reason
    /// `inapp` (Play's 0) or `subs` (1).
    public var productType: PlayProductType
    /// Whole or partial.
    public var refundType: RefundType
    /// How many were refunded, for a partial refund.
    public var voidedQuantity: Int?
}
