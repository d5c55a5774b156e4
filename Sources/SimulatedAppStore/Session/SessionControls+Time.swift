public import Foundation
public import PurchaseCore

extension SessionControls {
    /// When `count` periods of `period` starting at `start` end: the ``timeRate``'s length, or the
    /// calendar length without one.
    public func periodEnd(_ period: SubscriptionPeriod, count: Int = 1, from start: Date) -> Date {
        timeRate?.end(of: period, count: count, from: start) ?? period.added(to: start, count: count)
    }

    /// How long a subscription renewing every `period` keeps access in a billing grace period: the
    /// ``timeRate``'s grace, or ``gracePeriodDays`` without one (whether grace is enabled or not).
    public func gracePeriod(for period: SubscriptionPeriod) -> TimeInterval {
        timeRate?.gracePeriod(for: period) ?? TimeInterval(gracePeriodDays) * 86_400
    }

    /// How long the store retries billing a subscription before it expires: the ``timeRate``'s
    /// retry period, or ``billingRetryDays`` without one.
    public var billingRetryPeriod: TimeInterval {
        timeRate?.billingRetryPeriod ?? TimeInterval(billingRetryDays) * 86_400
    }
}
