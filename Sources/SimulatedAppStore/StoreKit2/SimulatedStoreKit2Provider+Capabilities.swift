import AppStoreSignedData
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

extension SimulatedStoreKit2Provider: TransactionHistoryProviding {
    /// `Transaction.all` as the core's transactions, oldest first, each carrying its JWS as its
    /// verification data; finished are those `Transaction.unfinished` does not list. As in StoreKit 2,
    /// finished consumables are not kept, so the history lists them no longer.
    public func history() async throws -> [TransactionHistoryEntry] {
        let unfinished = Set(try await session.unfinished().map(\.payload.transactionId))
        return try await session.all().compactMap { signed in
            storeTransaction(signed).map {
                TransactionHistoryEntry(transaction: $0, isFinished: !unfinished.contains(signed.payload.transactionId))
            }
        }
    }
}
