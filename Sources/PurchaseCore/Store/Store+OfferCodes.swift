extension Store {
    /// Redeems a one-time subscription offer code with the first store that takes them
    /// (``OfferCodeRedemption``), then verifies, delivers and finishes the transaction it made, as
    /// ``purchase(_:quantity:)`` does.
    ///
    /// - Returns: the outcome: ``PurchaseOutcome/failed(_:)`` for a code refused
    ///   (``PurchaseError/Reason/offerCodeInvalid``, ``PurchaseError/Reason/offerCodeRedeemed``), or
    ///   ``PurchaseError/Code/unsupported`` when no store redeems codes.
    public func redeemOfferCode(_ code: String) async -> PurchaseOutcome {
        guard let provider = providers.lazy.compactMap({ $0 as? any OfferCodeRedemption }).first else {
            return .failed(PurchaseError(.unsupported, detail: "no store of the deployment redeems offer codes"))
        }
        do {
            return await outcome(of: try await provider.redeemOfferCode(code), productID: nil, from: provider)
        } catch {
            return .failed(Self.purchaseError(error, productID: nil))
        }
    }
}
