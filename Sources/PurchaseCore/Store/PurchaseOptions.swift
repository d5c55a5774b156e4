public import Foundation

/// What a purchase asks for besides its product: StoreKit's purchase options.
///
/// Every option has a default that makes a plain purchase of one unit, bought for the device's
/// default account, at the product's regular price (or its introductory offer, when eligible).
public struct PurchaseOptions: Sendable, Hashable {
    /// How many units (consumables only; 1 otherwise).
    public var quantity: Int
    /// The app's identifier of the account the purchase is for (StoreKit's `appAccountToken`); it
    /// travels on the transaction, its receipt and the ledger's record. `nil`: the default account.
    public var appAccountToken: UUID?
    /// A promotional offer the app's server signed for this purchase; `nil` for none.
    public var promotionalOffer: SignedPromotionalOffer?
    /// The plan, offer and replacement mode in the selling store's own identifiers; empty for the
    /// store's defaults (see ``StoreSpecificOptions``).
    public var storeOptions: StoreSpecificOptions

    /// Creates options.
    public init(
        quantity: Int = 1, appAccountToken: UUID? = nil, promotionalOffer: SignedPromotionalOffer? = nil,
        storeOptions: StoreSpecificOptions = StoreSpecificOptions()
    ) {
        self.quantity = quantity
        self.appAccountToken = appAccountToken
        self.promotionalOffer = promotionalOffer
        self.storeOptions = storeOptions
    }
}
