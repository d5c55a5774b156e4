/// A product as `queryProductDetails` answers it, shaped as Play's `ProductDetails`: a one-time
/// product's offer, or a subscription's offers (each base plan, and each offer the person may take),
/// with their pricing phases.
public struct PlayProductDetails: Sendable, Hashable, Codable {
    /// The product id.
    public var productId: String
    /// `inapp` or `subs`.
    public var productType: PlayProductType
    /// The product's title: its name followed by the app's name in parentheses, as Play shows it.
    public var title: String
    /// The product's name.
    public var name: String
    /// The product's description.
    public var description: String
    /// A one-time product's offer; `nil` for a subscription.
    public var oneTimePurchaseOfferDetails: OneTimePurchaseOfferDetails?
    /// A subscription's offers, base plans first, each followed by its offers; `nil` for a one-time product.
    public var subscriptionOfferDetails: [SubscriptionOfferDetails]?

    /// A one-time product's price (`ProductDetails.OneTimePurchaseOfferDetails`).
    public struct OneTimePurchaseOfferDetails: Sendable, Hashable, Codable {
        /// The price in the store's locale (`$4.99`).
        public var formattedPrice: String
        /// The price in micro-units.
        public var priceAmountMicros: Int64
        /// The ISO 4217 currency code.
        public var priceCurrencyCode: String
    }

    /// One way to buy a subscription (`ProductDetails.SubscriptionOfferDetails`): a base plan alone, or
    /// an offer on it; buy it by passing its ``offerToken`` to the billing flow.
    public struct SubscriptionOfferDetails: Sendable, Hashable, Codable {
        /// The base plan id.
        public var basePlanId: String
        /// The offer id; `nil` for the base plan alone.
        public var offerId: String?
        /// The opaque token that names this base plan and offer in a billing flow.
        public var offerToken: String
        /// The developer's tags (the base plan's, then the offer's).
        public var offerTags: [String]
        /// The phases charged in order; the last is the base plan's.
        public var pricingPhases: [PricingPhase]
    }

    /// A pricing phase as Play shows it (`ProductDetails.PricingPhase`).
    public struct PricingPhase: Sendable, Hashable, Codable {
        /// The price in the store's locale.
        public var formattedPrice: String
        /// The price in micro-units.
        public var priceAmountMicros: Int64
        /// The ISO 4217 currency code.
        public var priceCurrencyCode: String
        /// The billing period in ISO 8601 (`P1M`).
        public var billingPeriod: String
        /// How many cycles the phase lasts; 0 for an infinite recurring phase.
        public var billingCycleCount: Int
        /// How the phase recurs.
        public var recurrenceMode: PlayRecurrenceMode
    }
}
