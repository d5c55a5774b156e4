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

    /// Creates subscription information.
    public init(group: String, period: SubscriptionPeriod, level: Int, introductoryOffer: IntroductoryOffer? = nil) {
        self.group = group
        self.period = period
        self.level = level
        self.introductoryOffer = introductoryOffer
    }
}
