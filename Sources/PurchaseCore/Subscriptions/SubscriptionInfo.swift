/// What makes an auto-renewable product a subscription: its group, renewal period and level.
public struct SubscriptionInfo: Sendable, Hashable, Codable {
    /// The subscription group; a person holds at most one active subscription per group.
    public var group: String
    /// How long each renewal lasts.
    public var period: SubscriptionPeriod
    /// The rank within the group, 1 being the highest service level. When a person has several in a
    /// group, the lowest number wins.
    public var level: Int
    /// The introductory offer for new subscribers, if any.
    public var introductoryOffer: IntroductoryOffer?
    /// The promotional offers the app's server may grant to existing or lapsed subscribers, by their
    /// unique identifiers; empty when none. (Encoded only when not empty, and missing reads as none.)
    public var promotionalOffers: [PromotionalOffer] = []
    /// The one-time offer codes people can redeem; empty when none. (Encoded only when not empty.)
    public var offerCodes: [SubscriptionOfferCodes] = []

    /// Creates subscription information.
    public init(
        group: String, period: SubscriptionPeriod, level: Int, introductoryOffer: IntroductoryOffer? = nil,
        promotionalOffers: [PromotionalOffer] = [], offerCodes: [SubscriptionOfferCodes] = []
    ) {
        self.group = group
        self.period = period
        self.level = level
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
        self.offerCodes = offerCodes
    }

    /// The promotional offer with identifier `id`, if the subscription declares one.
    public func promotionalOffer(withID id: String) -> PromotionalOffer? {
        promotionalOffers.first { $0.id == id }
    }

    private enum CodingKeys: String, CodingKey {
        case group, period, level, introductoryOffer, promotionalOffers, offerCodes
    }

    /// Reads subscription information; `promotionalOffers` may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        group = try container.decode(String.self, forKey: .group)
        period = try container.decode(SubscriptionPeriod.self, forKey: .period)
        level = try container.decode(Int.self, forKey: .level)
        introductoryOffer = try container.decodeIfPresent(IntroductoryOffer.self, forKey: .introductoryOffer)
        promotionalOffers = try container.decodeIfPresent([PromotionalOffer].self, forKey: .promotionalOffers) ?? []
        offerCodes = try container.decodeIfPresent([SubscriptionOfferCodes].self, forKey: .offerCodes) ?? []
    }

    /// Writes subscription information, leaving out an empty `promotionalOffers`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(group, forKey: .group)
        try container.encode(period, forKey: .period)
        try container.encode(level, forKey: .level)
        try container.encodeIfPresent(introductoryOffer, forKey: .introductoryOffer)
        if !promotionalOffers.isEmpty { try container.encode(promotionalOffers, forKey: .promotionalOffers) }
        if !offerCodes.isEmpty { try container.encode(offerCodes, forKey: .offerCodes) }
    }
}
