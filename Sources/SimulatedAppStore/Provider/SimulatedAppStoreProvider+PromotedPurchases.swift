public import PurchaseCore

/// Promoted purchases (``PaymentQueue/simulatePromotedPurchase(_:)``) ask the app through the `Store`:
/// the provider's observer answers the queue's `shouldAddStorePayment` with the decider the `Store`
/// installed (``PromotedPurchaseHandling``), once the provider is attached to the queue (the `Store`
/// attaches it when it starts).
extension SimulatedAppStoreProvider: PromotedPurchaseHandling {
    /// Installs who decides about promoted purchases; `nil` goes back to buying them now.
    public func setPromotedPurchaseDecider(_ decide: (@Sendable (_ productID: String) -> PromotedPurchaseDecision)?) {
        bridge.setPromotedPurchaseDecider(decide)
    }

    /// The products of promoted purchases kept for later, oldest first.
    public func heldPromotedPurchases() async -> [String] {
        bridge.heldPromoted
    }
}
