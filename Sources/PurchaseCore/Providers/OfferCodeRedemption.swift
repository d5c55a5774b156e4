/// A store where a person can redeem a one-time subscription offer code (StoreKit's offer code
/// redemption sheet).
///
/// Implementation requirements: a declared code is redeemed once per store (a second redemption
/// is refused, whoever asks); the transaction it makes carries its offer
/// (``TransactionOffer/Kind/code`` with the offer's reference name) and goes through the purchase
/// flow as a purchase does.
public protocol OfferCodeRedemption: StoreProvider {
    /// Redeems `code`.
    ///
    /// - Returns: the purchase it made (or pending, as a purchase may be).
    /// - Throws: ``PurchaseError`` with ``PurchaseError/Reason/offerCodeInvalid`` for a code the
    ///   store does not know, ``PurchaseError/Reason/offerCodeRedeemed`` for one already redeemed.
    func redeemOfferCode(_ code: String) async throws -> ProviderPurchaseResult
}
