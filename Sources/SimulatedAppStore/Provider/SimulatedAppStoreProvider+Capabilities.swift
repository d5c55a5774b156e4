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

/// Introductory offers as the simulated account gives them: once per subscription group.
extension SimulatedAppStoreProvider: IntroductoryOfferEligibility {
    /// Whether buying `productID` now would start with its introductory offer: it has one and the
    /// account never had a subscription of its group.
    public func isEligibleForIntroductoryOffer(_ productID: String) async throws -> Bool {
        guard let product = queue.catalog.product(withID: productID), let info = product.subscription,
            info.introductoryOffer != nil
        else { return false }
        return await queue.introductoryOfferEligibility(group: info.group)
    }
}
