import Foundation
import PurchaseCore

extension PlayProduct {
    /// The product as Play shows it to one person: every base plan, and each offer the person may take.
    ///
    /// - Parameters:
    ///   - appName: the app's name, which Play puts in parentheses after the product's name in `title`.
    ///   - locale: the locale prices are formatted in.
    ///   - eligibleForNewCustomerOffers: whether the person never had this subscription.
    func details(appName: String, locale: String, eligibleForNewCustomerOffers: Bool) -> PlayProductDetails {
        let formatter = PriceFormatter(locale: locale)
        var oneTime: PlayProductDetails.OneTimePurchaseOfferDetails?
        var offers: [PlayProductDetails.SubscriptionOfferDetails]?
        switch type {
        case .inapp:
            if let price = oneTimePrice {
                oneTime = .init(
                    formattedPrice: formatter.string(for: price.price), priceAmountMicros: price.micros,
                    priceCurrencyCode: price.currencyCode)
            }
        case .subs:
            var list: [PlayProductDetails.SubscriptionOfferDetails] = []
            for plan in basePlans {
                list.append(
                    .init(
                        basePlanId: plan.id, offerId: nil, offerToken: OfferToken.make(productId, plan.id, nil),
                        offerTags: plan.tags, pricingPhases: [plan.recurringPhase].map { $0.shown(formatter) }))
                for offer in plan.offers where offer.eligibility == .developerDetermined || eligibleForNewCustomerOffers
                {
                    list.append(
                        .init(
                            basePlanId: plan.id, offerId: offer.id,
                            offerToken: OfferToken.make(productId, plan.id, offer.id),
                            offerTags: plan.tags + offer.tags,
                            pricingPhases: (offer.phases + [plan.recurringPhase]).map { $0.shown(formatter) }))
                }
            }
            offers = list
        }
        return PlayProductDetails(
            productId: productId, productType: type, title: "\(name) (\(appName))", name: name,
            description: description, oneTimePurchaseOfferDetails: oneTime, subscriptionOfferDetails: offers)
    }
}

extension PlayOfferPhase {
    /// The phase as `ProductDetails.PricingPhase` shows it.
    func shown(_ formatter: PriceFormatter) -> PlayProductDetails.PricingPhase {
        PlayProductDetails.PricingPhase(
            formattedPrice: formatter.string(for: price.price), priceAmountMicros: price.micros,
            priceCurrencyCode: price.currencyCode, billingPeriod: billingPeriod.description,
            billingCycleCount: billingCycleCount, recurrenceMode: recurrenceMode)
    }
}

/// The offer tokens of a billing flow: opaque to the app (base64url), naming a product, a base plan and
/// an offer to the store.
enum OfferToken {
    /// The token of `offerId` (or the base plan alone) on `basePlanId` of `productId`.
    static func make(_ productId: String, _ basePlanId: String, _ offerId: String?) -> String {
        let text = [productId, basePlanId, offerId ?? ""].joined(separator: "\n")
        return Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The product, base plan and offer a token names, or `nil` for a token no product gave.
    static func parse(_ token: String) -> (productId: String, basePlanId: String, offerId: String?)? {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard token.utf8.count <= 1024, let data = Data(base64Encoded: base64),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        let parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return nil }
        return (parts[0], parts[1], parts[2].isEmpty ? nil : parts[2])
    }
}
