import Foundation
public import PurchaseCore

// Which base plan and offer a purchase buys, and which subscription it replaces, by the purchase's
// `StoreSpecificOptions` and PurchaseCore's subscription group rule.
extension SimulatedGooglePlayProvider {
    /// The offer token a purchase of `details` is made with.
    ///
    /// Without a plan or offer id, the first base plan's first offer the person may take, else that base
    /// plan alone (`offerToken(in:)`). With a `StoreSpecificOptions.planID`, that base plan: its offer
    /// `StoreSpecificOptions.offerID`, or without one its first offer the person may take, or with an
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

    /// The subscription a purchase of `product` replaces and how: the person's subscription (bought for
    /// the same app account token) of another product of `product`'s group, which neither ends nor is
    /// replaced already, with the mode `StoreSpecificOptions.replacementMode` names or else
    /// ``replacementMode(for:)``; `nil` when the person holds none.
    ///
    /// - Throws: `PurchaseError` `paymentInvalid` with the reason `storeOptionUnavailable` for a mode name
    ///   Play does not have; the `PurchaseError` of a failed `queryPurchases`.
    func replacement(
        for product: Product, request: PurchaseRequest, client: PlayBillingClient
    ) async throws -> PlayBillingFlowParams.SubscriptionUpdateParams? {
        var asked: PlayReplacementMode?
        if let name = request.storeOptions.replacementMode {
            guard let mode = PlayReplacementMode(name: name) else {
                throw Self.unavailable("Google Play has no replacement mode '\(name)'", productID: request.productID)
            }
            asked = mode
        }
        guard product.type == .autoRenewable else { return nil }
        let (result, purchases) = await client.queryPurchases(.subs)
        guard result.responseCode == .ok else { throw Self.purchaseError(result, productID: request.productID) }
        let account = request.appAccountToken?.uuidString
        for purchase in purchases where purchase.purchaseState == .purchased && purchase.obfuscatedAccountId == account
        {
            guard let record = await store.record(purchase.purchaseToken), !record.revoked, !record.orders.isEmpty,
                let term = record.subscription, term.replacedByToken == nil, term.state != .expired,
                let heldID = catalogProducts.catalogIDs[record.productId],
                let held = catalogProducts.catalogProducts[heldID],
                let change = SubscriptionGroupChange(from: held, to: product)
            else { continue }
            return .init(
                oldPurchaseToken: purchase.purchaseToken, replacementMode: asked ?? Self.replacementMode(for: change))
        }
        return nil
    }

    /// Play's replacement mode for PurchaseCore's group change: a change at once is
    /// ``PlayReplacementMode/withTimeProration`` (the old plan's unused value becomes time on the new
    /// one), a change at the next renewal ``PlayReplacementMode/deferred``.
    ///
    /// - Parameter change: the change `SubscriptionGroupChange` decides.
    public static func replacementMode(for change: SubscriptionGroupChange) -> PlayReplacementMode {
        switch change.timing {
        case .immediately: .withTimeProration
        case .atNextRenewal: .deferred
        }
    }

    /// The error for a plan, offer or mode the store does not have: nothing was charged.
    static func unavailable(_ detail: String, productID: String) -> PurchaseError {
        PurchaseError(.paymentInvalid, detail: detail, reason: .storeOptionUnavailable, productID: productID)
    }
}
