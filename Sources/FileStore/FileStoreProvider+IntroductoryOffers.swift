import Foundation
public import PurchaseCore

/// Introductory offers in the file store: once per subscription group, on the group's first
/// subscription; a free trial or a price paid up front covers the offer's whole duration, pay as you
/// go its first period, and renewals then follow the product's own period.
extension FileStoreProvider: IntroductoryOfferEligibility {
    /// Whether buying `productID` now would start with its introductory offer: it has one and no
    /// transaction of the store is for a subscription of its group.
    ///
    /// - Throws: `PurchaseError` when the store's journal cannot be read.
    public func isEligibleForIntroductoryOffer(_ productID: String) async throws -> Bool {
        guard catalog.product(withID: productID)?.subscription?.introductoryOffer != nil else { return false }
        return Self.isEligibleForIntroductoryOffer(productID, in: try await currentState(), catalog: catalog)
    }

    /// Whether `state` holds no transaction for a subscription of `productID`'s group.
    static func isEligibleForIntroductoryOffer(_ productID: String, in state: FileStoreState, catalog: Catalog)
        -> Bool
    {
        guard let group = catalog.product(withID: productID)?.subscription?.group else { return false }
        return !state.chainsByProduct.keys.contains { other in
            catalog.product(withID: other)?.subscription?.group == group
        }
    }

    /// When a first period bought with `offer` from `start` ends.
    static func introductoryEnd(of offer: IntroductoryOffer, from start: Date) -> Date {
        let periods = offer.mode == .payAsYouGo ? 1 : max(1, offer.periods)
        var end = start
        for _ in 0..<periods { end = offer.period.added(to: end) }
        return end
    }
}
