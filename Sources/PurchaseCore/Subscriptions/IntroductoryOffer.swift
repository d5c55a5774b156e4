/// A subscription's introductory offer: a free trial or reduced price for new subscribers.
public struct IntroductoryOffer: Sendable, Hashable, Codable {
    /// How the subscriber pays during the offer.
    public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
        /// Nothing for the offer's duration.
        case freeTrial = "FreeTrial"
        /// A reduced price every period, for ``IntroductoryOffer/periods`` periods.
        case payAsYouGo = "PayAsYouGo"
        /// One reduced price, paid once, for the whole offer.
        case payUpFront = "PayUpFront"
    }

    /// How the subscriber pays.
    public var mode: Mode
    /// The length of one offer period.
    public var period: SubscriptionPeriod
    /// How many periods the offer lasts; at least 1.
    public var periods: Int
    /// The offer price by storefront code: per period for ``Mode/payAsYouGo``, in all for
    /// ``Mode/payUpFront``; empty for a free trial.
    public var prices: [String: Price]

    /// Creates an offer.
    public init(mode: Mode, period: SubscriptionPeriod, periods: Int = 1, prices: [String: Price] = [:]) {
        self.mode = mode
        self.period = period
        self.periods = periods
        self.prices = prices
    }
}
