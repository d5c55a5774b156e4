public import PurchaseCore

/// A request to buy a product, as an app adds it to the ``PaymentQueue`` (`SKPayment`'s shape).
public struct Payment: Sendable, Hashable {
    /// The App Store product identifier (the catalog's `StoreIDs` entry for `simulated-app-store`,
    /// else its `ProductID`).
    public var productIdentifier: String
    /// How many units; more than 1 only for consumables.
    public var quantity: Int
    /// An opaque identifier of the app's user account, kept on the transaction.
    public var applicationUsername: String?
    /// Whether this payment goes through Ask to Buy in the sandbox, whatever the session says.
    public var simulatesAskToBuyInSandbox: Bool
    /// A promotional offer the app's server signed for this payment (`SKPayment.paymentDiscount`);
    /// `nil` for none.
    public var paymentDiscount: SignedPromotionalOffer?

    /// Creates a payment.
    public init(
        productIdentifier: String,
        quantity: Int = 1,
        applicationUsername: String? = nil,
        simulatesAskToBuyInSandbox: Bool = false,
        paymentDiscount: SignedPromotionalOffer? = nil
    ) {
        self.productIdentifier = productIdentifier
        self.quantity = quantity
        self.applicationUsername = applicationUsername
        self.simulatesAskToBuyInSandbox = simulatesAskToBuyInSandbox
        self.paymentDiscount = paymentDiscount
    }
}
