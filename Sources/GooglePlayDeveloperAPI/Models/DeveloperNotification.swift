public import Foundation

/// A Google Play real-time developer notification, the JSON a Pub/Sub message's data carries: exactly
/// one of ``subscriptionNotification``, ``oneTimeProductNotification``, ``voidedPurchaseNotification``
/// and ``testNotification`` besides the version, the package and the event time. Unknown fields are
/// ignored; a field of the wrong type, or none or several of the four, is refused.
public struct DeveloperNotification: Sendable, Hashable, Codable {
    /// A subscription's change.
    public struct SubscriptionNotification: Sendable, Hashable, Codable {
        /// `notificationType`, Google's numbers (later ones decode too).
        public struct Kind: RawRepresentable, Sendable, Hashable, Codable {
            /// Google's number.
            public var rawValue: Int
            /// The type numbered `rawValue`.
            public init(rawValue: Int) { self.rawValue = rawValue }
            /// 1: recovered from account hold.
            public static let recovered = Kind(rawValue: 1)
            /// 2: renewed.
            public static let renewed = Kind(rawValue: 2)
            /// 3: canceled (will not renew).
            public static let canceled = Kind(rawValue: 3)
            /// 4: bought.
            public static let purchased = Kind(rawValue: 4)
            /// 5: on account hold.
            public static let onHold = Kind(rawValue: 5)
            /// 6: in grace period.
            public static let inGracePeriod = Kind(rawValue: 6)
            /// 7: restarted.
            public static let restarted = Kind(rawValue: 7)
            /// 9: renewal deferred.
            public static let deferred = Kind(rawValue: 9)
            /// 10: paused.
            public static let paused = Kind(rawValue: 10)
            /// 11: pause schedule changed.
            public static let pauseScheduleChanged = Kind(rawValue: 11)
            /// 12: revoked.
            public static let revoked = Kind(rawValue: 12)
            /// 13: expired.
            public static let expired = Kind(rawValue: 13)
            /// 20: a pending purchase canceled.
            public static let pendingPurchaseCanceled = Kind(rawValue: 20)
        }

        /// The notification's version.
        public var version: String?
        /// What happened.
        public var notificationType: Kind
        /// The subscription's purchase token.
        public var purchaseToken: String
        /// The subscription's product id.
        public var subscriptionId: String?

        /// A notification.
        public init(notificationType: Kind, purchaseToken: String, subscriptionId: String?, version: String? = "1.0") {
            self.notificationType = notificationType
            self.purchaseToken = purchaseToken
            self.subscriptionId = subscriptionId
            self.version = version
        }
    }

    /// A one-time product's change.
    public struct OneTimeProductNotification: Sendable, Hashable, Codable {
        /// `notificationType`: 1 purchased, 2 canceled.
        public struct Kind: RawRepresentable, Sendable, Hashable, Codable {
            /// Google's number.
            public var rawValue: Int
            /// The type numbered `rawValue`.
            public init(rawValue: Int) { self.rawValue = rawValue }
            /// 1: bought.
            public static let purchased = Kind(rawValue: 1)
            /// 2: a pending purchase canceled.
            public static let canceled = Kind(rawValue: 2)
        }

        /// The notification's version.
        public var version: String?
        /// What happened.
        public var notificationType: Kind
        /// The purchase token.
        public var purchaseToken: String
        /// The product id.
        public var sku: String

        /// A notification.
        public init(notificationType: Kind, purchaseToken: String, sku: String, version: String? = "1.0") {
            self.notificationType = notificationType
            self.purchaseToken = purchaseToken
            self.sku = sku
            self.version = version
        }
    }

    /// A purchase Play voided.
    public struct VoidedPurchaseNotification: Sendable, Hashable, Codable {
        /// The voided purchase's token.
        public var purchaseToken: String
        /// The voided order.
        public var orderId: String
        /// 1 subscription, 2 one-time product.
        public var productType: Int?
        /// 1 full refund, 2 quantity-based partial refund.
        public var refundType: Int?

        /// A notification.
        public init(purchaseToken: String, orderId: String, productType: Int?, refundType: Int?) {
            self.purchaseToken = purchaseToken
            self.orderId = orderId
            self.productType = productType
            self.refundType = refundType
        }

        /// Whether only some units were refunded (`refundType` 2).
        public var isPartialRefund: Bool { refundType == 2 }
    }

    /// A test notification sent from the Play Console.
    public struct TestNotification: Sendable, Hashable, Codable {
        /// The notification's version.
        public var version: String?
        /// A test notification.
        public init(version: String? = "1.0") { self.version = version }
    }

    /// The format's version.
    public var version: String?
    /// The app's package name.
    public var packageName: String
    /// When the event happened, milliseconds since 1970.
    public var eventTimeMillis: PlayInt64?
    /// Present for a subscription's change.
    public var subscriptionNotification: SubscriptionNotification?
    /// Present for a one-time product's change.
    public var oneTimeProductNotification: OneTimeProductNotification?
    /// Present for a voided purchase.
    public var voidedPurchaseNotification: VoidedPurchaseNotification?
    /// Present for a test.
    public var testNotification: TestNotification?

    /// A notification for `packageName` with none of the four members set.
    public init(packageName: String, eventTimeMillis: PlayInt64? = nil, version: String? = "1.0") {
        self.packageName = packageName
        self.eventTimeMillis = eventTimeMillis
        self.version = version
    }

    /// How many of the four members are present.
    var memberCount: Int {
        [
            subscriptionNotification != nil, oneTimeProductNotification != nil, voidedPurchaseNotification != nil,
            testNotification != nil,
        ].filter { $0 }.count
    }

    /// The notification in `data`.
    ///
    /// - Throws: a `DecodingError` for JSON that is not a notification, or one with none or several of
    ///   the four members.
    public static func decode(_ data: Data) throws -> DeveloperNotification {
        let notification = try JSONDecoder().decode(DeveloperNotification.self, from: data)
        guard notification.memberCount == 1 else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "a developer notification carries exactly one of subscriptionNotification, "
                        + "oneTimeProductNotification, voidedPurchaseNotification and testNotification, "
                        + "not \(notification.memberCount)"))
        }
        return notification
    }
}
