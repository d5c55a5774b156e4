import Foundation
public import PurchaseCore

// Which base plan and offer a purchase buys, by the purchase's `StoreSpecificOptions`.
extension SimulatedGooglePlayProvider {
    /// The offer token a purchase of `details` is made with.
    ///
    /// Without a plan or offer id, the first base plan's first offer the person may take, else that base
    /// plan alone (``offerToken(in:)``). With a ``StoreSpecificOptions/planID``, that base plan: its offer
    /// ``StoreSpecificOptions/offerID``, or without one its first offer the person may take, or with an
    /// empty offer id the base plan alone. With an offer id alone, the first base plan declaring it; with an
    /// empty one alone, the first base plan alone.
    ///
    /// - Throws: `PurchaseError` `paymentInvalid` with the reason `storeOptionUnavailable` for a base plan
    ///   or offer id the product does not declare (or any id on a one-time product); `ineligibleForOffer`
    ///   for an offer the product declares but `queryProductDetails` does not list for this person (Play
    ///   shows a new customers' offer only to people who never had the subscription, and refuses a flow
    ///   with it otherwise). Nothing is charged either way.
    func offerToken(in details: PlayProductDetails, options: StoreSpecificOptions, productID: String) throws
        -> String?
    {
        guard options.planID != nil || options.offerID != nil else { return Self.offerToken(in: details) }
        let declared = catalogProducts.products.first { $0.productId == details.productId }
        guard let offers = details.subscriptionOfferDetails, let declared, declared.type == .subs else {
            throw Self.unavailable("a one-time product has no base plans or offers", productID: productID)
        }
        let offerID = options.offerID.flatMap { $0.isEmpty ? nil : $0 }
        let plan: PlayBasePlan
        if let planID = options.planID {
            guard let named = declared.basePlan(planID) else {
                throw Self.unavailable("Google Play has no base plan '\(planID)'", productID: productID)
            }
            plan = named
        } else if let offerID, let first = declared.basePlans.first(where: { $0.offers.contains { $0.id == offerID } })
        {
            plan = first
        } else if offerID == nil, let first = declared.basePlans.first {
            plan = first
        } else {
            throw Self.unavailable("Google Play has no offer '\(offerID ?? "")'", productID: productID)
        }
        let ofPlan = offers.filter { $0.basePlanId == plan.id }
        guard let offerID else {
            let alone = ofPlan.first { $0.offerId == nil }
            return (options.offerID == nil ? (ofPlan.first { $0.offerId != nil } ?? alone) : alone)?.offerToken
        }
        guard plan.offers.contains(where: { $0.id == offerID }) else {
            throw Self.unavailable("base plan '\(plan.id)' has no offer '\(offerID)'", productID: productID)
        }
        guard let listed = ofPlan.first(where: { $0.offerId == offerID }) else {
            throw PurchaseError(
                .ineligibleForOffer, detail: "Google Play does not offer '\(offerID)' to this person",
                productID: productID)
        }
        return listed.offerToken
    }

    /// The error for a plan, offer or mode the store does not have: nothing was charged.
    static func unavailable(_ detail: String, productID: String) -> PurchaseError {
        PurchaseError(.paymentInvalid, detail: detail, reason: .storeOptionUnavailable, productID: productID)
    }
}
