import Foundation
import PurchaseCore

/// The terms a subscription is charged at while an offer lasts: how the person pays, the offer's
/// period and how many of them, what each charge costs, and the offer the transactions carry.
struct OfferTerms: Sendable, Hashable {
    var offer: TransactionOffer
    var period: SubscriptionPeriod
    var periods: Int
    /// The offer's price by storefront: per period paid as you go, in all paid up front; empty for a
    /// free trial.
    var prices: [String: Price]

    /// The product's introductory offer.
    init(introductory: IntroductoryOffer) {
        offer = TransactionOffer(kind: .introductory, paymentMode: introductory.mode)
        period = introductory.period
        periods = max(1, introductory.periods)
        prices = introductory.prices
    }

    init(offer: TransactionOffer, period: SubscriptionPeriod, periods: Int, prices: [String: Price]) {
        self.offer = offer
        self.period = period
        self.periods = max(1, periods)
        self.prices = prices
    }

    /// What one charge at these terms costs in `storefront`: nothing for a free trial (in the
    /// regular price's currency), else the offer's price there; `regular` when the offer has none.
    func price(in storefront: String, regular: Price?) -> Price? {
        if offer.paymentMode == .freeTrial {
            return regular.map { Price(amount: 0, currencyCode: $0.currencyCode) }
        }
        return prices[storefront] ?? regular
    }

    /// How many transactions the offer is charged in: one per period paid as you go, else one for
    /// the whole offer (a free trial, a price paid up front).
    var charges: Int { offer.paymentMode == .payAsYouGo ? periods : 1 }
}

// Offers: the terms a subscription starts or renews at.
extension PaymentQueue {
    /// The terms `offer` stands for on `product`: its introductory offer, or the promotional offer
    /// or offer code the catalog declares under the offer's identifier; `nil` when it declares none.
    func terms(of offer: TransactionOffer, on product: Product) -> OfferTerms? {
        guard let subscription = product.subscription else { return nil }
        switch offer.kind {
        case .introductory:
            return subscription.introductoryOffer.map(OfferTerms.init(introductory:))
        case .promotional, .code:
            return declaredTerms(of: offer, in: subscription)
        }
    }

    /// Starts a new subscription period at `terms`: `transaction` carries the offer and pays for its
    /// first charge; the returned count is the renewals still at the offer.
    ///
    /// - Returns: the end of the first period and the renewals left at the offer.
    func startOffer(
        _ terms: OfferTerms, for transaction: inout AccountTransaction, from start: Date
    ) -> (end: Double, renewalsLeft: Int) {
        transaction.offer = terms.offer
        transaction.price = terms.price(in: storefront, regular: transaction.price)
        let count = terms.offer.paymentMode == .payAsYouGo ? 1 : terms.periods
        let end = controls.periodEnd(terms.period, count: count, from: start).timeIntervalSince1970
        return (end, terms.charges - 1)
    }

    /// The offer a renewal of `subscription` is charged at, if it is still in one (taking one of its
    /// renewals), with the length of the period it pays for and its price.
    func renewalOffer(
        of subscription: inout SubscriptionRecord, product: Product
    ) -> (offer: TransactionOffer, period: SubscriptionPeriod, count: Int, price: Price?)? {
        guard subscription.introPeriodsLeft > 0 else { return nil }
        let offer =
            subscription.periodOffer
            ?? product.subscription?.introductoryOffer.map {
                TransactionOffer(kind: .introductory, paymentMode: $0.mode)
            }
        subscription.introPeriodsLeft -= 1
        guard let offer, let terms = terms(of: offer, on: product) else {
            subscription.periodOffer = nil
            return nil
        }
        if subscription.introPeriodsLeft == 0 { subscription.periodOffer = nil }
        let count = terms.offer.paymentMode == .payAsYouGo ? 1 : terms.periods
        return (offer, terms.period, count, terms.price(in: storefront, regular: currentPrice(of: product)))
    }
}
