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
            switch try await provider.redeemOfferCode(code) {
            case .purchased(let transaction):
                switch await process(transaction, from: provider) {
                case .delivered, .alreadyDelivered, .expired:
                    return .purchased(transaction)
                case .failed(_, let error), .rejected(_, let error), .deferredProcessing(_, let error):
                    return .failed(error)
                case .pending:
                    return .pending(productID: transaction.productID)
                case .revoked:
                    return .failed(
                        PurchaseError(.verificationFailed, detail: "revoked", productID: transaction.productID))
                }
            case .pending(let transaction):
                if let transaction { _ = emit(.pending(transaction)) }
                return .pending(productID: transaction?.productID ?? "")
            case .cancelled:
                return .cancelled(productID: "")
            }
        } catch {
            return .failed(Self.purchaseError(error, productID: nil))
        }
    }
}
