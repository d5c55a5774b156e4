import Foundation
import PurchaseCore

// Promotional offers: the checks the App Store makes of a payment's signed offer before charging it.
extension PaymentQueue {
    /// How old a promotional offer's signature may be: Apple accepts a signature for 24 hours.
    static let promotionalOfferLifetime: Int64 = 24 * 3_600_000
    /// How far ahead of the store's clock a signature's timestamp may be (the server's clock may run a
    /// little fast).
    static let promotionalOfferClockSkew: Int64 = 5 * 60_000

    /// Why the App Store refuses `payment`'s promotional offer, or `nil` when it has none or accepts
    /// it, in which case `terms` are the offer's.
    ///
    /// The checks, in order, with StoreKit's errors: an offer without its identifier, key
    /// identifier or signature (`missingOfferParams`); an offer the product does not declare, or on
    /// a product that is not an auto-renewable subscription (`invalidOfferIdentifier`); a key the
    /// store does not know, a signature that does not verify over the offer's fields, a timestamp
    /// more than 24 hours old or ahead of the clock, a nonce already accepted (`invalidSignature`); a
    /// person who never subscribed to the group, as promotional offers are for existing and lapsed
    /// subscribers (`ineligibleForOffer`); an offer with no price in the storefront for a paid mode
    /// (`invalidOfferPrice`).
    func promotionalOfferFailure(
        _ payment: Payment, product: Product?, terms: inout OfferTerms?
    ) -> StoreKitError? {
        guard let signed = payment.paymentDiscount, let product else { return nil }
        guard !signed.offerID.isEmpty, !signed.keyID.isEmpty, !signed.signature.isEmpty else {
            return StoreKitError(
                .missingOfferParams, message: "the promotional offer lacks its identifiers or signature")
        }
        guard let subscription = product.subscription, let offer = subscription.promotionalOffer(withID: signed.offerID)
        else {
            return StoreKitError(
                .invalidOfferIdentifier,
                message: "'\(payment.productIdentifier)' has no promotional offer '\(signed.offerID)'")
        }
        guard let key = controls.subscriptionKeys[signed.keyID] else {
            return StoreKitError(.invalidSignature, message: "no subscription key '\(signed.keyID)'")
        }
        let text = PromotionalOfferSigner.signedText(
            bundleID: controls.bundleID, keyID: signed.keyID, productIdentifier: payment.productIdentifier,
            offerID: signed.offerID, appAccountToken: payment.applicationUsername, nonce: signed.nonce,
            timestamp: signed.timestamp)
        guard (try? LibCrypto.verify(Array(signed.signature), of: Array(text.utf8), with: key.raw)) == true else {
            return StoreKitError(.invalidSignature, message: "the promotional offer's signature does not verify")
        }
        let now = Int64((clock.now.timeIntervalSince1970 * 1000).rounded())
        guard signed.timestamp >= now - Self.promotionalOfferLifetime,
            signed.timestamp <= now + Self.promotionalOfferClockSkew
        else {
            return StoreKitError(.invalidSignature, message: "the promotional offer's signature has expired")
        }
        guard !account.offerNonces.contains(signed.nonce) else {
            return StoreKitError(.invalidSignature, message: "the promotional offer's nonce was used before")
        }
        guard !isEligibleForIntroductoryOffer(group: subscription.group) else {
            return StoreKitError(
                .ineligibleForOffer, message: "promotional offers are for existing or lapsed subscribers of the group")
        }
        if offer.mode != .freeTrial, offer.prices[storefront] == nil {
            return StoreKitError(.invalidOfferPrice, message: "the promotional offer has no price in this storefront")
        }
        terms = OfferTerms(
            offer: TransactionOffer(kind: .promotional, id: offer.id, paymentMode: offer.mode), period: offer.period,
            periods: offer.periods, prices: offer.prices)
        return nil
    }

    /// The terms of a promotional offer or offer code `subscription` declares under `offer`'s identifier.
    func declaredTerms(of offer: TransactionOffer, in subscription: SubscriptionInfo) -> OfferTerms? {
        guard let id = offer.id else { return nil }
        if offer.kind == .code, let codes = subscription.offerCodes.first(where: { $0.referenceName == id }) {
            return OfferTerms(offer: offer, period: codes.period, periods: codes.periods, prices: codes.prices)
        }
        guard offer.kind == .promotional, let declared = subscription.promotionalOffer(withID: id) else { return nil }
        return OfferTerms(offer: offer, period: declared.period, periods: declared.periods, prices: declared.prices)
    }
}
