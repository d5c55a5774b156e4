/// What a `Store` asks of the stores besides the purchase flow: whether payments are allowed,
/// introductory-offer eligibility, and who decides about purchases started in the store itself.
extension Store {
    /// Whether the person may buy now: the answer of the store that sells `productID` (the
    /// deployment's default store for `nil` or a product the catalog lacks), as StoreKit's
    /// `canMakePayments` answers for a device where purchases may be turned off in Settings.
    /// ``purchase(_:quantity:)`` asks the same before anything else.
    public func canMakePayments(for productID: String? = nil) async -> Bool {
        let index = productID.flatMap { routes[$0]?.provider } ?? 0
        return await providers[index].canMakePayments()
    }

    // MARK: - Introductory offers

    /// Whether buying `productID` now would start with its introductory offer (once per subscription
    /// group per account), asked of the store that sells it (``IntroductoryOfferEligibility``);
    /// `false` for a product without an offer, or a store that cannot tell.
    ///
    /// - Throws: ``PurchaseError`` when the store cannot be read.
    public func isEligibleForIntroductoryOffer(_ productID: String) async throws -> Bool {
        guard catalog.product(withID: productID)?.subscription?.introductoryOffer != nil,
            let provider = providers[routes[productID]?.provider ?? 0] as? any IntroductoryOfferEligibility
        else { return false }
        return try await provider.isEligibleForIntroductoryOffer(productID)
    }

    // MARK: - Promoted purchases

    /// Installs who decides what happens with purchases a person starts in the store itself (see
    /// ``PromotedPurchaseDecision``), in every store of the deployment that offers them
    /// (``PromotedPurchaseHandling``); `decide` is called synchronously, from any thread, with the
    /// catalog's product identifier. Without a decider, such purchases go on at once.
    public func decidePromotedPurchases(with decide: (@Sendable (_ productID: String) -> PromotedPurchaseDecision)?) {
        for case let provider as any PromotedPurchaseHandling in providers {
            provider.setPromotedPurchaseDecider(decide)
        }
    }

    /// The products of promoted purchases the app kept for later, oldest first, from every store;
    /// buy one with ``purchase(_:quantity:)``.
    public func heldPromotedPurchases() async -> [String] {
        var held: [String] = []
        for case let provider as any PromotedPurchaseHandling in providers {
            held += await provider.heldPromotedPurchases()
        }
        return held
    }

}
