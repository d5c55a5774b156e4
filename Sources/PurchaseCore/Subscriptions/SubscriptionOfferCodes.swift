/// One-time offer codes a subscription declares (App Store Connect's offer codes): a reference
/// name, the offer's terms, and the codes, each redeemable once.
///
/// Its terms have the shape of an ``IntroductoryOffer``'s; a redeemed code starts (or continues)
/// the subscription at them, and its transactions carry ``referenceName`` (`offer_code_ref_name`).
public struct SubscriptionOfferCodes: Sendable, Hashable, Codable {
    /// The reference name of the offer, which receipts name.
    public var referenceName: String
    /// How the subscriber pays.
    public var mode: IntroductoryOffer.Mode
    /// The length of one offer period.
    public var period: SubscriptionPeriod
    /// How many periods the offer lasts; at least 1.
    public var periods: Int
    /// The offer price by storefront code; empty for a free trial.
    public var prices: [String: Price]
    /// The one-time codes, as people type them (compared without regard to case).
    public var codes: [String]

    /// Creates offer codes.
    public init(
        referenceName: String, mode: IntroductoryOffer.Mode, period: SubscriptionPeriod, periods: Int = 1,
        prices: [String: Price] = [:], codes: [String]
    ) {
        self.referenceName = referenceName
        self.mode = mode
        self.period = period
        self.periods = periods
        self.prices = prices
        self.codes = codes
    }
}
