public import PurchaseCore

extension StoreKit2Session {
    /// `Product.SubscriptionInfo.isEligibleForIntroOffer(for:)`: whether the account never subscribed
    /// in the group (its identifier), so an introductory offer applies to its first subscription.
    public func isEligibleForIntroOffer(group: String) async -> Bool {
        await queue.introductoryOfferEligibility(group: group)
    }
}

extension SimulatedStoreKit2Provider: IntroductoryOfferEligibility {
    /// Whether the product (catalog identifier) has an introductory offer the account may still take:
    /// ``StoreKit2Session/isEligibleForIntroOffer(group:)`` for its group.
    public func isEligibleForIntroductoryOffer(_ productID: String) async throws -> Bool {
        guard let product = session.queue.catalog.product(withID: productID), let info = product.subscription,
            info.introductoryOffer != nil
        else { return false }
        return await session.isEligibleForIntroOffer(group: info.group)
    }
}
