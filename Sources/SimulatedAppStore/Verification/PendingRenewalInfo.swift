public import Foundation

/// One element of a verifyReceipt response's `pending_renewal_info`: what will happen at the next
/// renewal of one auto-renewable subscription.
///
/// Decoding tolerates Apple's string-typed numbers and booleans and unknown keys;
/// `original_transaction_id` is required.
public struct PendingRenewalInfo: Sendable, Hashable, Codable {
    /// `original_transaction_id`: the subscription this is about.
    public var originalTransactionID: String
    /// `product_id`: the product currently subscribed to.
    public var productID: String?
    /// `auto_renew_product_id`: the product that renews next (differs after a downgrade or crossgrade).
    public var autoRenewProductID: String?
    /// `auto_renew_status`: whether the subscription will renew (`"1"`) or not (`"0"`).
    public var autoRenewStatus: Bool?
    /// `expiration_intent`: why it expired: 1 cancelled, 2 billing error, 3 declined a price increase,
    /// 4 product unavailable, 5 other.
    public var expirationIntent: Int?
    /// `is_in_billing_retry_period`: Apple still tries to renew after a billing error.
    public var isInBillingRetryPeriod: Bool?
    /// `grace_period_expires_date(_ms)`: the end of the billing grace period, during which access continues.
    public var gracePeriodExpiresDate: Date?
    /// `price_consent_status`: `"0"` while a raised price that needs the person's consent waits for it
    /// (or was declined), `"1"` once they consented; missing when no such increase was made.
    public var priceConsentStatus: String?
    /// `offer_code_ref_name`.
    public var offerCodeRefName: String?
    /// `promotional_offer_id`.
    public var promotionalOfferID: String?

    /// Creates renewal information for a subscription.
    public init(
        originalTransactionID: String,
        productID: String?,
        autoRenewProductID: String? = nil,
        autoRenewStatus: Bool? = true,
        expirationIntent: Int? = nil,
        isInBillingRetryPeriod: Bool? = nil,
        gracePeriodExpiresDate: Date? = nil,
        priceConsentStatus: String? = nil,
        offerCodeRefName: String? = nil,
        promotionalOfferID: String? = nil
    ) {
        self.originalTransactionID = originalTransactionID
        self.productID = productID
        self.autoRenewProductID = autoRenewProductID ?? productID
        self.autoRenewStatus = autoRenewStatus
        self.expirationIntent = expirationIntent
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.priceConsentStatus = priceConsentStatus
        self.offerCodeRefName = offerCodeRefName
        self.promotionalOfferID = promotionalOfferID
    }

    /// Reads Apple's JSON for one element.
    public init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: AppleKey.self)
        guard let originalTransactionID = try json.lenientString("original_transaction_id") else {
            throw DecodingError.keyNotFound(
                AppleKey("original_transaction_id"),
                .init(
                    codingPath: json.codingPath, debugDescription: "pending_renewal_info needs original_transaction_id")
            )
        }
        self.originalTransactionID = originalTransactionID
        self.productID = try json.lenientString("product_id")
        self.autoRenewProductID = try json.lenientString("auto_renew_product_id")
        self.autoRenewStatus = try json.lenientBool("auto_renew_status")
        self.expirationIntent = try json.lenientInt("expiration_intent").flatMap { Int(exactly: $0) }
        self.isInBillingRetryPeriod = try json.lenientBool("is_in_billing_retry_period")
        self.gracePeriodExpiresDate = try json.appleDate("grace_period_expires_date")
        self.priceConsentStatus = try json.lenientString("price_consent_status")
        self.offerCodeRefName = try json.lenientString("offer_code_ref_name")
        self.promotionalOfferID = try json.lenientString("promotional_offer_id")
    }

    /// Writes Apple's JSON for one element (`"1"`/`"0"` flags, as Apple does).
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: AppleKey.self)
        try json.string("auto_renew_product_id", autoRenewProductID)
        try json.string("original_transaction_id", originalTransactionID)
        try json.string("product_id", productID)
        try json.string("auto_renew_status", autoRenewStatus.map { $0 ? "1" : "0" })
        try json.string("expiration_intent", expirationIntent.map(String.init))
        try json.string("is_in_billing_retry_period", isInBillingRetryPeriod.map { $0 ? "1" : "0" })
        try json.date("grace_period_expires_date", gracePeriodExpiresDate)
        try json.string("price_consent_status", priceConsentStatus)
        try json.string("offer_code_ref_name", offerCodeRefName)
        try json.string("promotional_offer_id", promotionalOfferID)
    }
}
