/// What buying an auto-renewable subscription does to another subscription of the same group, by
/// the App Store's rules for subscription groups (a person has one active subscription per group).
///
/// Levels rank the group's products with 1 the highest service level (``SubscriptionInfo/level``),
/// so a lower level number is a higher level of service. Guarantees, for a product bought while the
/// person holds another of its group:
/// - a higher level of service (a lower level number) is an ``Kind/upgrade``: it takes effect
///   ``Timing/immediately``, the held subscription ending now;
/// - a lower level of service (a higher level number) is a ``Kind/downgrade``: it takes effect
///   ``Timing/atNextRenewal``, the held subscription running to the end of its current period;
/// - the same level is a ``Kind/crossgrade``: ``Timing/immediately`` when both renew over the same
///   duration (``SubscriptionPeriod`` values of equal length: `P1Y` and `P12M`, `P1W` and `P7D`),
///   ``Timing/atNextRenewal`` otherwise.
///
/// The decision depends on the two products only, never on dates or on the store, so every store
/// applying group rules decides alike.
public struct SubscriptionGroupChange: Sendable, Hashable {
    /// How the bought product ranks against the held one.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A higher level of service (a lower level number).
        case upgrade
        /// A lower level of service (a higher level number).
        case downgrade
        /// The same level of service.
        case crossgrade
    }

    /// When the bought product replaces the held one.
    public enum Timing: String, Sendable, Hashable, CaseIterable {
        /// Now: the held subscription's current period ends at the purchase.
        case immediately
        /// When the held subscription's current period ends, in place of its renewal.
        case atNextRenewal
    }

    /// How the bought product ranks against the held one.
    public let kind: Kind
    /// When the App Store makes the change.
    public let timing: Timing

    /// The change from holding `held` to buying `bought`, or `nil` when they belong to different
    /// groups.
    ///
    /// - Parameters:
    ///   - held: the subscription the person holds.
    ///   - bought: the subscription being bought.
    public init?(from held: SubscriptionInfo, to bought: SubscriptionInfo) {
        guard held.group == bought.group else { return nil }
        if bought.level < held.level {
            kind = .upgrade
            timing = .immediately
        } else if bought.level > held.level {
            kind = .downgrade
            timing = .atNextRenewal
        } else {
            kind = .crossgrade
            timing = Self.sameDuration(held.period, bought.period) ? .immediately : .atNextRenewal
        }
    }

    /// The change from holding `held` to buying `bought`, or `nil` unless both are auto-renewable
    /// subscriptions of one group and different products.
    ///
    /// - Parameters:
    ///   - held: the product of the subscription the person holds.
    ///   - bought: the product being bought.
    public init?(from held: Product, to bought: Product) {
        guard held.productID != bought.productID, held.type == .autoRenewable, bought.type == .autoRenewable,
            let heldInfo = held.subscription, let boughtInfo = bought.subscription
        else { return nil }
        self.init(from: heldInfo, to: boughtInfo)
    }

    /// Whether two periods last as long in every calendar: equal after weeks become days and years
    /// become months.
    static func sameDuration(_ first: SubscriptionPeriod, _ second: SubscriptionPeriod) -> Bool {
        normalized(first) == normalized(second)
    }

    private static func normalized(_ period: SubscriptionPeriod) -> (days: Int, months: Int) {
        switch period.unit {
        case .day: return (period.value, 0)
        case .week: return (period.value * 7, 0)
        case .month: return (0, period.value)
        case .year: return (0, period.value * 12)
        }
    }
}
