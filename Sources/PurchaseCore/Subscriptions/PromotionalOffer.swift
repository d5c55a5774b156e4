/// A promotional offer a subscription declares (App Store Connect's promotional offers, StoreKit's
/// `SKProductDiscount` of type subscription): reduced terms the app's server grants to existing or
/// lapsed subscribers of the group by signing the offer for one purchase
/// (``SignedPromotionalOffer``).
///
/// Its terms have the shape of an ``IntroductoryOffer``'s: a payment mode, a period, how many
/// periods and a price by storefront (none for a free trial); ``id`` is unique within the product.
public struct PromotionalOffer: Sendable, Hashable, Codable {
    /// The offer's identifier, which the signature names (`promotional_offer_id` in receipts).
    public var id: String
    /// How the subscriber pays.
    public var mode: IntroductoryOffer.Mode
    /// The length of one offer period.
    public var period: SubscriptionPeriod
    /// How many periods the offer lasts; at least 1.
    public var periods: Int
    /// The offer price by storefront code: per period for pay as you go, in all for pay up front;
    /// empty for a free trial.
    public var prices: [String: Price]

    /// Creates an offer.
    public init(
        id: String, mode: IntroductoryOffer.Mode, period: SubscriptionPeriod, periods: Int = 1,
        prices: [String: Price] = [:]
    ) {
        self.id = id
        self.mode = mode
        self.period = period
        self.periods = periods
        self.prices = prices
    }
}
