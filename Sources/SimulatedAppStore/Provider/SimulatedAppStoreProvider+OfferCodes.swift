public import PurchaseCore

extension SimulatedAppStoreProvider: OfferCodeRedemption {
    /// Redeems `code` on the queue (``PaymentQueue/redeemOfferCode(_:)``) and answers with the
    /// purchase it made.
    ///
    /// - Throws: `PurchaseError.Code.ineligibleForOffer` with the reason `offerCodeInvalid` (a code
    ///   the catalog does not declare) or `offerCodeRedeemed` (redeemed before).
    public func redeemOfferCode(_ code: String) async throws -> ProviderPurchaseResult {
        switch await queue.redeemOfferCode(code, answeredTo: ObjectIdentifier(bridge)) {
        case .success(let transaction):
            return .purchased(bridge.convert(transaction))
        case .failure(.unknown):
            throw PurchaseError(.ineligibleForOffer, detail: "no offer code '\(code)'", reason: .offerCodeInvalid)
        case .failure(.redeemed):
            throw PurchaseError(
                .ineligibleForOffer, detail: "offer code '\(code)' was redeemed before", reason: .offerCodeRedeemed)
        }
    }
}
