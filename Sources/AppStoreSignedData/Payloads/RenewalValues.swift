// The coded values of a subscription's signed renewal info and status, with Apple's codes; structs
// over the raw value, so a code Apple adds later decodes as itself.

/// Why a subscription expired (`expirationIntent`).
public struct ExpirationIntent: RawRepresentable, Sendable, Hashable, Codable {
    /// The code in the payload.
    public var rawValue: Int
    /// The intent coded `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The customer turned renewal off.
    public static let customerCancelled = ExpirationIntent(rawValue: 1)
    /// A billing error: the payment could not be taken.
    public static let billingError = ExpirationIntent(rawValue: 2)
    /// The customer did not consent to a price increase.
    public static let didNotConsentToPriceIncrease = ExpirationIntent(rawValue: 3)
    /// The product was not available to renew.
    public static let productNotAvailable = ExpirationIntent(rawValue: 4)
    /// Another reason.
    public static let other = ExpirationIntent(rawValue: 5)
}

/// Whether a subscription will renew (`autoRenewStatus`).
public struct AutoRenewStatus: RawRepresentable, Sendable, Hashable, Codable {
    /// The code in the payload.
    public var rawValue: Int
    /// The status coded `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Renewal is off: the subscription ends with its period.
    public static let off = AutoRenewStatus(rawValue: 0)
    /// Renewal is on.
    public static let on = AutoRenewStatus(rawValue: 1)
}

/// Where a price increase that needs consent stands (`priceIncreaseStatus`).
public struct PriceIncreaseStatus: RawRepresentable, Sendable, Hashable, Codable {
    /// The code in the payload.
    public var rawValue: Int
    /// The status coded `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The customer has not answered.
    public static let notResponded = PriceIncreaseStatus(rawValue: 0)
    /// The customer consented, or the increase needed no consent.
    public static let consented = PriceIncreaseStatus(rawValue: 1)
}

/// Where an auto-renewable subscription stands (`status` of the subscription statuses and of a
/// notification's data).
public struct AppStoreSubscriptionStatus: RawRepresentable, Sendable, Hashable, Codable {
    /// The code in the payload.
    public var rawValue: Int
    /// The status coded `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Subscribed: the period is paid.
    public static let active = AppStoreSubscriptionStatus(rawValue: 1)
    /// The subscription ended.
    public static let expired = AppStoreSubscriptionStatus(rawValue: 2)
    /// The App Store is retrying a failed renewal charge; no service.
    public static let billingRetry = AppStoreSubscriptionStatus(rawValue: 3)
    /// A renewal charge failed and the customer keeps service during the grace period.
    public static let gracePeriod = AppStoreSubscriptionStatus(rawValue: 4)
    /// The App Store revoked the subscription (refund, or Family Sharing stopped).
    public static let revoked = AppStoreSubscriptionStatus(rawValue: 5)
}
