public import Foundation

/// The payload of a subscription's signed renewal info (Apple's `JWSRenewalInfoDecodedPayload`):
/// what happens at the subscription's next renewal, with Apple's names and units.
///
/// Dates are milliseconds since 1970, ``renewalPrice`` milli-units of ``currency``. Every field is
/// optional, as in Apple's schema; fields this type does not know are ignored when decoding.
public struct RenewalInfoPayload: Sendable, Hashable, Codable {
    /// Why the subscription expired, once it has.
    public var expirationIntent: ExpirationIntent?
    /// The original transaction identifier of the subscription.
    public var originalTransactionId: String?
    /// The product that renews next (another product of the group after a downgrade or crossgrade).
    public var autoRenewProductId: String?
    /// The product the customer is subscribed to now.
    public var productId: String?
    /// Whether the subscription renews.
    public var autoRenewStatus: AutoRenewStatus?
    /// Whether the App Store is retrying a failed renewal charge.
    public var isInBillingRetryPeriod: Bool?
    /// Where a price increase that needs consent stands.
    public var priceIncreaseStatus: PriceIncreaseStatus?
    /// When the billing grace period ends.
    public var gracePeriodExpiresDate: AppStoreDate?
    /// The offer the next renewal is charged at.
    public var offerType: OfferType?
    /// That offer's identifier.
    public var offerIdentifier: String?
    /// When the App Store signed this payload.
    public var signedDate: AppStoreDate?
    /// The server environment.
    public var environment: AppStoreEnvironment?
    /// The start of the customer's most recent run of uninterrupted subscription.
    public var recentSubscriptionStartDate: AppStoreDate?
    /// When the subscription renews next (its current period's end).
    public var renewalDate: AppStoreDate?
    /// The currency of ``renewalPrice``.
    public var currency: String?
    /// The price of the next renewal, in milli-units of ``currency``.
    public var renewalPrice: Int64?
    /// How the next renewal's offer charges.
    public var offerDiscountType: OfferDiscountType?
    /// The win-back offers the customer may redeem.
    public var eligibleWinBackOfferIds: [String]?
    /// The app account token of the subscription's last purchase.
    public var appAccountToken: UUID?
    /// The app transaction's identifier.
    public var appTransactionId: String?
    /// The next renewal's offer duration, as an ISO 8601 period.
    public var offerPeriod: String?

    /// A payload with no field set.
    public init() {}
}
