public import Foundation

/// A transaction as a store reports it: a purchase, a renewal or a restore of one product.
///
/// A transaction is immutable once reported except for its revocation, which a store reports by
/// sending the same ``id`` again with ``revocationDate`` set, and for an early end of its period,
/// which a store reports by sending it again with an earlier ``expirationDate``.
public struct StoreTransaction: Sendable, Hashable, Codable {
    /// The store's identifier for this transaction.
    public var id: String
    /// The identifier of the first purchase this one continues: itself for a first purchase, the
    /// first purchase for a renewal or a restore.
    public var originalID: String
    /// The store that issued it (``StoreProvider/storeName``).
    public var store: String
    /// The catalog's product identifier.
    public var productID: String
    /// The product's type, as the catalog declares it.
    public var productType: ProductType
    /// How many units were bought (consumables may be bought several at once).
    public var quantity: Int
    /// When this transaction was charged (or restored).
    public var purchaseDate: Date
    /// When the original purchase was charged.
    public var originalPurchaseDate: Date
    /// When a subscription period this transaction pays for ends; `nil` for other products.
    public var expirationDate: Date?
    /// When the store took the purchase back (refund, revocation); `nil` while it stands.
    public var revocationDate: Date?
    /// Why the purchase was taken back, when it was.
    public var revocationReason: RevocationReason?
    /// Which environment the store ran in.
    public var environment: StoreEnvironment
    /// Whether the person bought it or a family member shares it.
    public var ownership: Ownership
    /// Where the transaction stands.
    public var state: TransactionState
    /// Whether a subscription will renew at ``expirationDate``; `nil` for other products.
    public var willAutoRenew: Bool?
    /// What the store gives a verifier to check this transaction (a receipt, a signed payload);
    /// `nil` when the store offers none.
    public var verificationData: Data?
    /// For a ``TransactionState/failed`` transaction, why the store failed it (`nil`: the store did not
    /// say, read as ``TransactionFailure/paymentFailed``).
    public var failure: TransactionFailure?
    /// The app's identifier of the account the purchase was made for (StoreKit's `appAccountToken`,
    /// StoreKit 1's `applicationUsername` when it is a UUID), as the purchase's options gave it; a
    /// renewal or a restore carries its original purchase's. `nil`: the default account.
    public var appAccountToken: UUID?
    /// The subscription offer the transaction was charged at; `nil` at the regular price.
    public var offer: TransactionOffer?

    /// Creates a transaction. Defaults describe a first purchase in production, bought by the person.
    public init(
        id: String,
        originalID: String? = nil,
        store: String,
        productID: String,
        productType: ProductType,
        quantity: Int = 1,
        purchaseDate: Date,
        originalPurchaseDate: Date? = nil,
        expirationDate: Date? = nil,
        revocationDate: Date? = nil,
        revocationReason: RevocationReason? = nil,
        environment: StoreEnvironment = .production,
        ownership: Ownership = .purchased,
        state: TransactionState = .purchased,
        willAutoRenew: Bool? = nil,
        verificationData: Data? = nil,
        failure: TransactionFailure? = nil,
        appAccountToken: UUID? = nil,
        offer: TransactionOffer? = nil
    ) {
        self.id = id
        self.originalID = originalID ?? id
        self.store = store
        self.productID = productID
        self.productType = productType
        self.quantity = quantity
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate ?? purchaseDate
        self.expirationDate = expirationDate
        self.revocationDate = revocationDate
        self.revocationReason = revocationReason
        self.environment = environment
        self.ownership = ownership
        self.state = state
        self.willAutoRenew = willAutoRenew
        self.verificationData = verificationData
        self.failure = failure
        self.appAccountToken = appAccountToken
        self.offer = offer
    }

    /// The store-qualified identifier delivery is keyed by.
    public var transactionID: TransactionID { TransactionID(store: store, id: id) }

    /// The store-qualified identifier of the original purchase.
    public var originalTransactionID: TransactionID { TransactionID(store: store, id: originalID) }

    /// Whether the store has taken this purchase back.
    public var isRevoked: Bool { revocationDate != nil }
}

/// Where a transaction stands, with StoreKit's states.
public enum TransactionState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Being charged; not yet an outcome.
    case purchasing
    /// Charged: to be verified, delivered and finished.
    case purchased
    /// A past purchase brought back by a restore: to be verified, delivered (if it never was) and finished.
    case restored
    /// Waiting for someone's approval (Ask to Buy); will come back as purchased or failed.
    case deferred
    /// Refused or cancelled; to be finished, nothing delivered.
    case failed
}

/// Which environment a store ran in.
public enum StoreEnvironment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Real money.
    case production
    /// The store's test environment.
    case sandbox
    /// A local or simulated store (no money moves).
    case local
}

/// Who owns a purchase.
public enum Ownership: String, Sendable, Hashable, Codable, CaseIterable {
    /// The person bought it.
    case purchased
    /// A family member bought it and shares it.
    case familyShared
}

/// Why a store took a purchase back.
public enum RevocationReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// Refunded for an issue with the app.
    case developerIssue
    /// Refunded or revoked for another reason.
    case other
}
