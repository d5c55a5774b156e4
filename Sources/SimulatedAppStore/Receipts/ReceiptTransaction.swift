public import Foundation

/// One in-app purchase as a receipt lists it: an element of the receipt's `in_app` array or of a
/// verifyReceipt response's `latest_receipt_info`, with Apple's documented fields.
///
/// Decoding accepts Apple's JSON as it really is: numbers and booleans written as strings, dates
/// from their `_ms` field (or the date string when `_ms` is missing), optional fields missing, and
/// unknown keys ignored. `product_id`, `transaction_id` and a purchase date are required.
/// Encoding writes the same shape Apple does.
public struct ReceiptTransaction: Sendable, Hashable, Codable {
    /// `quantity`: units bought (consumables); 1 when missing.
    public var quantity: Int
    /// `product_id`: the App Store product identifier.
    public var productID: String
    /// `transaction_id`.
    public var transactionID: String
    /// `original_transaction_id`: the first purchase this one continues (the same for a first purchase).
    public var originalTransactionID: String
    /// `purchase_date(_ms)`: when it was charged (for a renewal, when the period began).
    public var purchaseDate: Date
    /// `original_purchase_date(_ms)`.
    public var originalPurchaseDate: Date?
    /// `expires_date(_ms)`: when the subscription period ends; `nil` for other products.
    public var expiresDate: Date?
    /// `cancellation_date(_ms)`: when Apple refunded or revoked it; `nil` while it stands.
    public var cancellationDate: Date?
    /// `cancellation_reason`: `"1"` an issue with the app, `"0"` another reason.
    public var cancellationReason: String?
    /// `is_trial_period`.
    public var isTrialPeriod: Bool?
    /// `is_in_intro_offer_period`.
    public var isInIntroOfferPeriod: Bool?
    /// `is_upgraded`: the subscription was upgraded to another in its group.
    public var isUpgraded: Bool?
    /// `web_order_line_item_id`: identifies subscription purchase events across devices.
    public var webOrderLineItemID: String?
    /// `in_app_ownership_type`: `PURCHASED` or `FAMILY_SHARED`.
    public var inAppOwnershipType: String?
    /// `subscription_group_identifier`.
    public var subscriptionGroupIdentifier: String?
    /// `promotional_offer_id`.
    public var promotionalOfferID: String?
    /// `offer_code_ref_name`.
    public var offerCodeRefName: String?
    /// `app_account_token`: the app account token the purchase carried (StoreKit's
    /// `appAccountToken`, StoreKit 1's `applicationUsername` when it is a UUID). Apple lists it in
    /// `latest_receipt_info`, not in the receipt's `in_app`; `nil` when the purchase had none.
    public var appAccountToken: UUID? = nil
    /// `price`: what the person was charged, in milliunits of ``currency`` (as the App Store Server
    /// API's transactions give it); `nil` when unknown, and for a family member's shared copy.
    public var price: Int64?
    /// `currency`: the ISO 4217 code of ``price``.
    public var currency: String?

    /// Creates an entry; `originalTransactionID` defaults to `transactionID`.
    public init(
        quantity: Int = 1,
        productID: String,
        transactionID: String,
        originalTransactionID: String? = nil,
        purchaseDate: Date,
        originalPurchaseDate: Date? = nil,
        expiresDate: Date? = nil,
        cancellationDate: Date? = nil,
        cancellationReason: String? = nil,
        isTrialPeriod: Bool? = false,
        isInIntroOfferPeriod: Bool? = nil,
        isUpgraded: Bool? = nil,
        webOrderLineItemID: String? = nil,
        inAppOwnershipType: String? = "PURCHASED",
        subscriptionGroupIdentifier: String? = nil,
        promotionalOfferID: String? = nil,
        offerCodeRefName: String? = nil
    ) {
        self.quantity = quantity
        self.productID = productID
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID ?? transactionID
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate ?? purchaseDate
        self.expiresDate = expiresDate
        self.cancellationDate = cancellationDate
        self.cancellationReason = cancellationReason
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
        self.isUpgraded = isUpgraded
        self.webOrderLineItemID = webOrderLineItemID
        self.inAppOwnershipType = inAppOwnershipType
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.promotionalOfferID = promotionalOfferID
        self.offerCodeRefName = offerCodeRefName
    }

    /// Whether Apple has refunded or revoked it.
    public var isCancelled: Bool { cancellationDate != nil }

    /// Reads Apple's JSON for one entry.
    public init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: AppleKey.self)
        guard let productID = try json.lenientString("product_id") else {
            throw DecodingError.keyNotFound(
                AppleKey("product_id"),
                .init(codingPath: json.codingPath, debugDescription: "an in-app entry needs product_id"))
        }
        guard let transactionID = try json.lenientString("transaction_id") else {
            throw DecodingError.keyNotFound(
                AppleKey("transaction_id"),
                .init(codingPath: json.codingPath, debugDescription: "an in-app entry needs transaction_id"))
        }
        guard let purchaseDate = try json.appleDate("purchase_date") else {
            throw DecodingError.keyNotFound(
                AppleKey("purchase_date_ms"),
                .init(codingPath: json.codingPath, debugDescription: "an in-app entry needs purchase_date"))
        }
        let quantity = try json.lenientInt("quantity") ?? 1
        guard let count = Int(exactly: quantity), count >= 0 else {
            throw DecodingError.dataCorrupted(
                FieldProblem.context(.quantityOutOfRange, at: json.codingPath + [AppleKey("quantity")]))
        }
        self.quantity = count
        self.productID = productID
        self.transactionID = transactionID
        self.originalTransactionID = try json.lenientString("original_transaction_id") ?? transactionID
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = try json.appleDate("original_purchase_date")
        self.expiresDate = try json.appleDate("expires_date")
        self.cancellationDate = try json.appleDate("cancellation_date")
        self.cancellationReason = try json.lenientString("cancellation_reason")
        self.isTrialPeriod = try json.lenientBool("is_trial_period")
        self.isInIntroOfferPeriod = try json.lenientBool("is_in_intro_offer_period")
        self.isUpgraded = try json.lenientBool("is_upgraded")
        self.webOrderLineItemID = try json.lenientString("web_order_line_item_id")
        self.inAppOwnershipType = try json.lenientString("in_app_ownership_type")
        self.subscriptionGroupIdentifier = try json.lenientString("subscription_group_identifier")
        self.promotionalOfferID = try json.lenientString("promotional_offer_id")
        self.offerCodeRefName = try json.lenientString("offer_code_ref_name")
        self.appAccountToken = try json.lenientString("app_account_token").flatMap(UUID.init(uuidString:))
        self.price = try json.lenientInt("price")
        self.currency = try json.lenientString("currency")
    }

    /// Writes Apple's JSON for one entry (numbers and booleans as strings, dates three times).
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: AppleKey.self)
        try json.string("quantity", String(quantity))
        try json.string("product_id", productID)
        try json.string("transaction_id", transactionID)
        try json.string("original_transaction_id", originalTransactionID)
        try json.date("purchase_date", purchaseDate)
        try json.date("original_purchase_date", originalPurchaseDate)
        try json.date("expires_date", expiresDate)
        try json.date("cancellation_date", cancellationDate)
        try json.string("cancellation_reason", cancellationReason)
        try json.string("web_order_line_item_id", webOrderLineItemID)
        try json.flag("is_trial_period", isTrialPeriod)
        try json.flag("is_in_intro_offer_period", isInIntroOfferPeriod)
        try json.flag("is_upgraded", isUpgraded)
        try json.string("in_app_ownership_type", inAppOwnershipType)
        try json.string("subscription_group_identifier", subscriptionGroupIdentifier)
        try json.string("promotional_offer_id", promotionalOfferID)
        try json.string("offer_code_ref_name", offerCodeRefName)
        try json.string("app_account_token", appAccountToken.map { $0.uuidString.lowercased() })
        try json.string("price", price.map(String.init))
        try json.string("currency", currency)
    }
}
