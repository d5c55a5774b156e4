public import Foundation

/// What delivering one transaction granted, as the fulfillment ledger records it.
///
/// A delivery is recorded once per ``fulfillmentKey`` (so once per ``transactionID`` too) and never
/// changes afterwards; a refund is recorded beside it as a revocation, and a subscription the store
/// ended early as an expiration (``LedgerContents/expirations``, see
/// ``LedgerContents/expirationDate(of:)``).
///
/// A delivery belongs to one account of the ledger, ``appAccountToken`` (`nil`: the default
/// account): what it grants and credits counts for that account only.
public struct Delivery: Sendable, Hashable, Codable {
    /// The transaction delivered.
    public var transactionID: TransactionID
    /// The original purchase the transaction continues (itself for a first purchase).
    public var originalTransactionID: TransactionID
    /// The product delivered.
    public var productID: String
    /// The product's type.
    public var productType: ProductType
    /// Units bought.
    public var quantity: Int
    /// Entitlements granted while the delivery stands (and, for subscriptions, until ``expirationDate``).
    public var entitlements: [String]
    /// Amounts credited to balances: payout name to quantity, already multiplied by ``quantity``.
    public var credits: [String: Int]
    /// When what was granted ends, as delivered; `nil` for purchases that do not expire. An earlier
    /// end recorded later wins (``LedgerContents/expirationDate(of:)``).
    public var expirationDate: Date?
    /// When the purchase was made.
    public var purchaseDate: Date
    /// When delivery was recorded.
    public var deliveredAt: Date
    /// The account delivered to: the app account token the transaction carried (StoreKit's
    /// `appAccountToken`); `nil` for the default account.
    public var appAccountToken: UUID?

    /// Creates a delivery record.
    public init(
        transactionID: TransactionID,
        originalTransactionID: TransactionID,
        productID: String,
        productType: ProductType,
        quantity: Int,
        entitlements: [String],
        credits: [String: Int],
        expirationDate: Date?,
        purchaseDate: Date,
        deliveredAt: Date,
        appAccountToken: UUID? = nil
    ) {
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID
        self.productID = productID
        self.productType = productType
        self.quantity = quantity
        self.entitlements = entitlements
        self.credits = credits
        self.expirationDate = expirationDate
        self.purchaseDate = purchaseDate
        self.deliveredAt = deliveredAt
        self.appAccountToken = appAccountToken
    }
}

extension Delivery {
    /// What a ledger delivers once: for a non-consumable or a non-renewing subscription, the original
    /// purchase (``originalTransactionID``): a restore, or a store giving an owned item again, brings
    /// that one purchase back under a new transaction identifier, and it is not delivered again. For
    /// a consumable or an auto-renewable subscription, the transaction itself: each unit bought and
    /// each period (renewals share their original transaction) is a delivery of its own.
    public var fulfillmentKey: TransactionID {
        Self.fulfillmentKey(
            transactionID: transactionID, originalTransactionID: originalTransactionID, productType: productType)
    }

    /// The ``fulfillmentKey`` of a delivery of `transactionID`, continuing `originalTransactionID`, of a
    /// product of `productType`.
    public static func fulfillmentKey(
        transactionID: TransactionID, originalTransactionID: TransactionID, productType: ProductType
    ) -> TransactionID {
        switch productType {
        case .nonConsumable, .nonRenewing: originalTransactionID
        case .consumable, .autoRenewable: transactionID
        }
    }
}
