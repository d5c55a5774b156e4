/// A real-time developer notification as Play publishes it to the app's Pub/Sub topic
/// (`DeveloperNotification`): the app, the time, and exactly one of a subscription, one-time product,
/// voided purchase or test notification.
///
/// Coded with Play's names; `eventTimeMillis` is a decimal string, as Play sends 64-bit numbers. Absent
/// members are left out of the JSON.
public struct DeveloperNotification: Sendable, Hashable, Codable {
    /// A change of a subscription (`SubscriptionNotification`).
    public struct SubscriptionNotification: Sendable, Hashable, Codable {
        /// Always `1.0`.
        public var version: String
        /// Play's type: 1 recovered, 2 renewed, 3 canceled, 4 purchased, 5 on hold, 6 in grace period,
        /// 7 restarted, 10 paused, 11 pause schedule changed, 12 revoked, 13 expired, 20 pending purchase
        /// canceled (``PlayEvent/Kind/subscriptionNotificationType``).
        public var notificationType: Int
        /// The subscription's purchase token.
        public var purchaseToken: String
        /// The subscription's product id.
        public var subscriptionId: String

        /// A notification of `notificationType` for the subscription `subscriptionId` bought as `purchaseToken`.
        public init(notificationType: Int, purchaseToken: String, subscriptionId: String) {
            version = "1.0"
            self.notificationType = notificationType
            self.purchaseToken = purchaseToken
            self.subscriptionId = subscriptionId
        }
    }

    /// A change of a one-time purchase (`OneTimeProductNotification`).
    public struct OneTimeProductNotification: Sendable, Hashable, Codable {
        /// Always `1.0`.
        public var version: String
        /// Play's type: 1 purchased, 2 canceled (``PlayEvent/Kind/oneTimeProductNotificationType``).
        public var notificationType: Int
        /// The purchase token.
        public var purchaseToken: String
        /// The product id.
        public var sku: String

        /// A notification of `notificationType` for the product `sku` bought as `purchaseToken`.
        public init(notificationType: Int, purchaseToken: String, sku: String) {
            version = "1.0"
            self.notificationType = notificationType
            self.purchaseToken = purchaseToken
            self.sku = sku
        }
    }

    /// A refunded or voided order (`VoidedPurchaseNotification`).
    public struct VoidedPurchaseNotification: Sendable, Hashable, Codable {
        /// The purchase token.
        public var purchaseToken: String
        /// The voided order.
        public var orderId: String
        /// 1 a subscription, 2 a one-time product.
        public var productType: Int
        /// 1 the whole order, 2 part of its quantity.
        public var refundType: Int

        /// The notification of `voided`.
        public init(_ voided: PlayVoidedPurchase) {
            purchaseToken = voided.purchaseToken
            orderId = voided.orderId
            productType = voided.productType == .subs ? 1 : 2
            refundType = voided.refundType.rawValue
        }
    }

    /// A test notification, sent on demand from the Play Console or the store's controls.
    public struct TestNotification: Sendable, Hashable, Codable {
        /// Always `1.0`.
        public var version: String

        /// A test notification.
        public init() { version = "1.0" }
    }

    /// Always `1.0`.
    public var version: String
    /// The app's package name.
    public var packageName: String
    /// When it happened, milliseconds since 1970 as a decimal string.
    public var eventTimeMillis: String
    /// Set for a change of a subscription.
    public var subscriptionNotification: SubscriptionNotification?
    /// Set for a change of a one-time purchase.
    public var oneTimeProductNotification: OneTimeProductNotification?
    /// Set for a refunded or voided order.
    public var voidedPurchaseNotification: VoidedPurchaseNotification?
    /// Set for a test notification.
    public var testNotification: TestNotification?

    /// A notification of the app `packageName` at `time` (milliseconds since 1970) with no member set yet.
    public init(packageName: String, time: Int64) {
        version = "1.0"
        self.packageName = packageName
        eventTimeMillis = String(time)
    }

    /// A test notification of the app `packageName` at `time` (milliseconds since 1970).
    public static func test(packageName: String, time: Int64) -> DeveloperNotification {
        var notification = DeveloperNotification(packageName: packageName, time: time)
        notification.testNotification = TestNotification()
        return notification
    }

    /// The notification Play publishes for `event` of the app `packageName`, or `nil` when Play announces
    /// none (a pending purchase made, an acknowledgement, a consumption, a replaced subscription).
    ///
    /// A subscription's change carries ``PlayEvent/Kind/subscriptionNotificationType``, a one-time
    /// purchase's ``PlayEvent/Kind/oneTimeProductNotificationType``; a `voided` event becomes a voided
    /// purchase notification of `voided`, the refund it recorded (`nil` without it).
    ///
    /// - Parameters:
    ///   - event: the change.
    ///   - packageName: the app's package name.
    ///   - voided: for a `voided` event, the voided purchase it recorded.
    public init?(_ event: PlayEvent, packageName: String, voided: PlayVoidedPurchase? = nil) {
        self.init(packageName: packageName, time: event.time)
        if event.kind == .voided {
            guard let voided else { return nil }
            voidedPurchaseNotification = VoidedPurchaseNotification(voided)
            return
        }
        switch event.productType {
        case .subs:
            guard let type = event.kind.subscriptionNotificationType else { return nil }
            subscriptionNotification = SubscriptionNotification(
                notificationType: type, purchaseToken: event.purchaseToken, subscriptionId: event.productId)
        case .inapp:
            guard let type = event.kind.oneTimeProductNotificationType else { return nil }
            oneTimeProductNotification = OneTimeProductNotification(
                notificationType: type, purchaseToken: event.purchaseToken, sku: event.productId)
        }
    }
}
