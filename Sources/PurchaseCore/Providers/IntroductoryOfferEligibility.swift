/// A store that answers whether the person may still get a subscription's introductory offer, as
/// StoreKit's `isEligibleForIntroOffer` does: an introductory offer is given once per subscription
/// group per account, so anyone who ever had a subscription of the group (in any state) is not
/// eligible.
public protocol IntroductoryOfferEligibility: StoreProvider {
    /// Whether buying `productID` now would start with its introductory offer; `false` for a product
    /// without one.
    ///
    /// - Throws: ``PurchaseError`` when the store cannot be read.
    func isEligibleForIntroductoryOffer(_ productID: String) async throws -> Bool
}
