public import Foundation
public import PurchaseCore

/// A transaction in the ``PaymentQueue`` (`SKPaymentTransaction`'s shape), as a value: each
/// observer callback carries the transaction as it stands at that moment.
public struct PaymentTransaction: Sendable, Hashable, Identifiable {
    /// The simulator's handle for the transaction: the same through every state change of it
    /// (purchasing, deferred, purchased...). Equals ``transactionIdentifier`` once there is one.
    public var id: String
    /// The payment that caused it.
    public var payment: Payment
    /// Where it stands: purchasing, purchased, failed, restored or deferred.
    public var transactionState: TransactionState
    /// The product's type, as the catalog declares it.
    public var productType: ProductType
    /// When it was charged or restored; `nil` while purchasing or deferred.
    public var transactionDate: Date?
    /// For a restored transaction or a renewal: the identifier of the original purchase; otherwise
    /// the transaction's own identifier once purchased.
    public var originalTransactionIdentifier: String?
    /// When the original purchase was charged.
    public var originalTransactionDate: Date?
    /// Why it failed, for a failed transaction.
    public var error: StoreKitError?
    /// Hosted content of a purchased or restored product, to start with ``PaymentQueue/start(_:)``.
    public var downloads: [Download]
    /// When the subscription period this transaction pays for ends (auto-renewable and
    /// non-renewing products).
    public var expirationDate: Date?
    /// When the App Store refunded or revoked it (a simulator extension: StoreKit 1 only says
    /// which products were revoked).
    public var revocationDate: Date?
    /// Why it was refunded, with ``revocationDate``.
    public var revocationReason: RevocationReason?
    /// Whether an auto-renewable subscription will renew at ``expirationDate``.
    public var willAutoRenew: Bool?
    /// Whether the person upgraded to a higher level of the subscription's group, which ended this
    /// period at ``revocationDate`` (`is_upgraded` in receipts).
    public var isUpgraded: Bool
    /// The environment the purchase was made in.
    public var environment: AppStoreEnvironment
    /// What the person was charged (a renewal: the price it renewed at, a raised one after consent);
    /// `nil` before the charge, for a family member's shared copy, and for records kept before
    /// prices were.
    public var price: Price?
    /// Whether the person bought it or a family member shares it with them (`FAMILY_SHARED`).
    public var ownership: Ownership
    /// The subscription offer it was charged at (introductory, promotional or an offer code); `nil`
    /// at the regular price.
    public var offer: TransactionOffer?

    /// The App Store's identifier: present for purchased and restored transactions, `nil` for the
    /// other states, as in StoreKit.
    public var transactionIdentifier: String? {
        transactionState == .purchased || transactionState == .restored ? id : nil
    }

    /// Creates a transaction value (the queue creates them; tests may build expected ones).
    public init(
        id: String,
        payment: Payment,
        transactionState: TransactionState,
        productType: ProductType,
        transactionDate: Date? = nil,
        originalTransactionIdentifier: String? = nil,
        originalTransactionDate: Date? = nil,
        error: StoreKitError? = nil,
        downloads: [Download] = [],
        expirationDate: Date? = nil,
        revocationDate: Date? = nil,
        revocationReason: RevocationReason? = nil,
        willAutoRenew: Bool? = nil,
        isUpgraded: Bool = false,
        environment: AppStoreEnvironment = .sandbox,
        price: Price? = nil,
        ownership: Ownership = .purchased,
        offer: TransactionOffer? = nil
    ) {
        self.id = id
        self.payment = payment
        self.transactionState = transactionState
        self.productType = productType
        self.transactionDate = transactionDate
        self.originalTransactionIdentifier = originalTransactionIdentifier
        self.originalTransactionDate = originalTransactionDate
        self.error = error
        self.downloads = downloads
        self.expirationDate = expirationDate
        self.revocationDate = revocationDate
        self.revocationReason = revocationDate == nil ? nil : (revocationReason ?? .other)
        self.willAutoRenew = willAutoRenew
        self.isUpgraded = isUpgraded
        self.environment = environment
        self.price = price
        self.ownership = ownership
        self.offer = offer
    }
}
