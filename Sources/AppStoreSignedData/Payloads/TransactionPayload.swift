public import Foundation

/// The payload of a signed transaction (Apple's `JWSTransactionDecodedPayload`): every field with
/// Apple's name and unit, so the JSON a store signs and the JSON Apple documents are the same.
///
/// Dates are milliseconds since 1970 (``AppStoreDate``), ``price`` is in milli-units of
/// ``currency`` (9.99 is 9990), codes are Apple's (``TransactionType``, ``OfferType``...). Every
/// field is optional, as in Apple's schema: what a payload lacks decodes as `nil` and is not
/// written back. Fields this type does not know are ignored when decoding.
public struct TransactionPayload: Sendable, Hashable, Codable {
    /// The transaction's identifier.
    public var transactionId: String?
    /// The identifier of the original purchase this transaction renews or restores.
    public var originalTransactionId: String?
    /// The identifier of a subscription purchase event across devices, renewals included.
    public var webOrderLineItemId: String?
    /// The app's bundle identifier.
    public var bundleId: String?
    /// The product's identifier.
    public var productId: String?
    /// The subscription group of an auto-renewable subscription.
    public var subscriptionGroupIdentifier: String?
    /// When the App Store charged (or, for a restore or a family member, the original charge's time).
    public var purchaseDate: AppStoreDate?
    /// When the original purchase happened.
    public var originalPurchaseDate: AppStoreDate?
    /// When a subscription's period ends.
    public var expiresDate: AppStoreDate?
    /// How many of a consumable were bought.
    public var quantity: Int?
    /// What kind of product.
    public var type: TransactionType?
    /// The app account token the app set on the purchase.
    public var appAccountToken: UUID?
    /// Whether the account bought it or a family member shares it.
    public var inAppOwnershipType: InAppOwnershipType?
    /// When the App Store signed this payload.
    public var signedDate: AppStoreDate?
    /// Why the App Store refunded or revoked it.
    public var revocationReason: AppStoreRevocationReason?
    /// When the App Store refunded or revoked it.
    public var revocationDate: AppStoreDate?
    /// Whether the customer upgraded to another subscription of the group, which ended this one.
    public var isUpgraded: Bool?
    /// The kind of offer the transaction was charged at.
    public var offerType: OfferType?
    /// The offer's identifier (a promotional offer's id, an offer code's reference name).
    public var offerIdentifier: String?
    /// The server environment.
    public var environment: AppStoreEnvironment?
    /// The storefront, ISO 3166-1 alpha-3.
    public var storefront: String?
    /// Apple's identifier of the storefront.
    public var storefrontId: String?
    /// Why the transaction happened: a purchase or a renewal.
    public var transactionReason: TransactionReason?
    /// The currency of ``price``, ISO 4217.
    public var currency: String?
    /// The price charged, in milli-units of ``currency``.
    public var price: Int64?
    /// How the offer charged.
    public var offerDiscountType: OfferDiscountType?
    /// The app transaction's identifier (the app download the purchase belongs to).
    public var appTransactionId: String?
    /// The offer's duration, as an ISO 8601 period (`P1M`).
    public var offerPeriod: String?

    /// A payload with no field set.
    public init() {}
}
