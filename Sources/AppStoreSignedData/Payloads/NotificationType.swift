// The kinds of App Store Server Notifications V2, with Apple's names; structs over the name, so a
// type Apple adds later decodes as itself.

/// What happened (`notificationType`).
public struct NotificationType: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name in the payload.
    public var rawValue: String
    /// The type named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The name.
    public var description: String { rawValue }

    /// The customer subscribed (subtype ``NotificationSubtype/initialBuy`` or ``NotificationSubtype/resubscribe``).
    public static let subscribed = NotificationType(rawValue: "SUBSCRIBED")
    /// A subscription renewed (subtype ``NotificationSubtype/billingRecovery`` after a failed charge).
    public static let didRenew = NotificationType(rawValue: "DID_RENEW")
    /// The customer turned renewal on or off.
    public static let didChangeRenewalStatus = NotificationType(rawValue: "DID_CHANGE_RENEWAL_STATUS")
    /// The customer changed the product that renews (upgrade, downgrade, crossgrade).
    public static let didChangeRenewalPref = NotificationType(rawValue: "DID_CHANGE_RENEWAL_PREF")
    /// The customer redeemed a promotional offer or an offer code.
    public static let offerRedeemed = NotificationType(rawValue: "OFFER_REDEEMED")
    /// A renewal charge failed.
    public static let didFailToRenew = NotificationType(rawValue: "DID_FAIL_TO_RENEW")
    /// The billing grace period ended without a successful charge.
    public static let gracePeriodExpired = NotificationType(rawValue: "GRACE_PERIOD_EXPIRED")
    /// A subscription expired.
    public static let expired = NotificationType(rawValue: "EXPIRED")
    /// A price increase was announced or answered.
    public static let priceIncrease = NotificationType(rawValue: "PRICE_INCREASE")
    /// The App Store refunded a transaction.
    public static let refund = NotificationType(rawValue: "REFUND")
    /// The App Store declined a refund request.
    public static let refundDeclined = NotificationType(rawValue: "REFUND_DECLINED")
    /// The App Store reversed a refund.
    public static let refundReversed = NotificationType(rawValue: "REFUND_REVERSED")
    /// A family member lost access to a shared purchase.
    public static let revoke = NotificationType(rawValue: "REVOKE")
    /// The customer asked for a refund of a consumable and the App Store asks for consumption data.
    public static let consumptionRequest = NotificationType(rawValue: "CONSUMPTION_REQUEST")
    /// The customer bought a consumable, non-consumable or non-renewing subscription.
    public static let oneTimeCharge = NotificationType(rawValue: "ONE_TIME_CHARGE")
    /// The App Store extended a subscription's renewal date.
    public static let renewalExtended = NotificationType(rawValue: "RENEWAL_EXTENDED")
    /// A test notification someone requested.
    public static let test = NotificationType(rawValue: "TEST")
}

/// More about what happened (`subtype`).
public struct NotificationSubtype: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name in the payload.
    public var rawValue: String
    /// The subtype named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The name.
    public var description: String { rawValue }

    /// The first subscription of the group.
    public static let initialBuy = NotificationSubtype(rawValue: "INITIAL_BUY")
    /// A subscription of a group the customer had left.
    public static let resubscribe = NotificationSubtype(rawValue: "RESUBSCRIBE")
    /// A change to a lower level, at the next renewal.
    public static let downgrade = NotificationSubtype(rawValue: "DOWNGRADE")
    /// A change to a higher level, at once.
    public static let upgrade = NotificationSubtype(rawValue: "UPGRADE")
    /// Renewal turned on.
    public static let autoRenewEnabled = NotificationSubtype(rawValue: "AUTO_RENEW_ENABLED")
    /// Renewal turned off.
    public static let autoRenewDisabled = NotificationSubtype(rawValue: "AUTO_RENEW_DISABLED")
    /// Expired because the customer turned renewal off.
    public static let voluntary = NotificationSubtype(rawValue: "VOLUNTARY")
    /// Expired because billing retry ended without a charge.
    public static let billingRetry = NotificationSubtype(rawValue: "BILLING_RETRY")
    /// Expired because the customer did not consent to a price increase.
    public static let priceIncrease = NotificationSubtype(rawValue: "PRICE_INCREASE")
    /// A failed renewal with a grace period.
    public static let gracePeriod = NotificationSubtype(rawValue: "GRACE_PERIOD")
    /// A price increase the customer has not answered.
    public static let pending = NotificationSubtype(rawValue: "PENDING")
    /// A price increase the customer accepted (or that needed no consent).
    public static let accepted = NotificationSubtype(rawValue: "ACCEPTED")
    /// A renewal that succeeded after failed charges.
    public static let billingRecovery = NotificationSubtype(rawValue: "BILLING_RECOVERY")
    /// Expired because the product was not for sale at renewal.
    public static let productNotForSale = NotificationSubtype(rawValue: "PRODUCT_NOT_FOR_SALE")
}
