import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Xcode's renewal rates give the lengths Apple's documentation of `SKTestSession.TimeRate` lists.
struct StoreKitTimeRateTests {
    /// One of Apple's tables for a scaled rate, in seconds: renewal of P1W, P1M, P2M, P3M, P6M and P1Y,
    /// then weekly grace, other grace and billing retry.
    struct ScaledCase: Sendable, CustomStringConvertible {
        var rate: StoreKitTimeRate
        var renewals: [TimeInterval]
        var weeklyGrace: TimeInterval
        var grace: TimeInterval
        var retry: TimeInterval
        var description: String { rate.rawValue }
    }

    static let minute: TimeInterval = 60
    static let hour: TimeInterval = 3600
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let periods = ["P1W", "P1M", "P2M", "P3M", "P6M", "P1Y"].map { SubscriptionPeriod($0)! }

    static let scaled: [ScaledCase] = [
        ScaledCase(
            rate: .monthlyRenewalEveryHour, renewals: [15 * minute, hour, 2 * hour, 3 * hour, 6 * hour, 12 * hour],
            weeklyGrace: 12 * minute + 51, grace: 30 * minute, retry: 2 * hour),
        ScaledCase(
            rate: .monthlyRenewalEveryThirtyMinutes,
            renewals: [10 * minute, 30 * minute, hour, hour + 30 * minute, 3 * hour, 6 * hour],
            weeklyGrace: 8 * minute + 34, grace: 15 * minute, retry: hour),
        ScaledCase(
            rate: .monthlyRenewalEveryFifteenMinutes,
            renewals: [5 * minute, 15 * minute, 30 * minute, 45 * minute, hour + 30 * minute, 3 * hour],
            weeklyGrace: 4 * minute + 17, grace: 7 * minute + 30, retry: 30 * minute),
        ScaledCase(
            rate: .monthlyRenewalEveryFiveMinutes,
            renewals: [3 * minute, 5 * minute, 10 * minute, 15 * minute, 30 * minute, hour],
            weeklyGrace: 2 * minute + 34, grace: 2 * minute + 30, retry: 10 * minute),
        ScaledCase(
            rate: .monthlyRenewalEveryThirtySeconds, renewals: [10, 30, minute, minute + 30, 3 * minute, 6 * minute],
            weeklyGrace: 9, grace: 15, retry: minute),
    ]

    @Test(arguments: scaled)
    func scaledRatesFollowApplesTables(_ expected: ScaledCase) {
        let lengths = Self.periods.map { expected.rate.end(of: $0, from: Self.start).timeIntervalSince(Self.start) }
        #expect(lengths == expected.renewals)
        #expect(expected.rate.gracePeriod(for: Self.periods[0]) == expected.weeklyGrace)
        for period in Self.periods.dropFirst() {
            #expect(expected.rate.gracePeriod(for: period) == expected.grace)
        }
        #expect(expected.rate.billingRetryPeriod == expected.retry)
    }

    @Test func scaledRatesDeriveOtherPeriodsFromTheWeekAndTheMonth() {
        let rate = StoreKitTimeRate.monthlyRenewalEveryThirtySeconds
        func length(_ text: String, count: Int = 1) -> TimeInterval {
            rate.end(of: SubscriptionPeriod(text)!, count: count, from: Self.start).timeIntervalSince(Self.start)
        }
        #expect(length("P2W") == 20)
        #expect(length("P3D") == 4)  // three sevenths of the 10-second week, rounded
        #expect(length("P2Y") == 12 * 60)
        #expect(length("P1M", count: 3) == 90)
        #expect(rate.gracePeriod(for: SubscriptionPeriod("P3D")!) == 9)
    }

    @Test(arguments: [
        (StoreKitTimeRate.oneRenewalEveryFifteenMinutes, 15 * minute), (.oneRenewalEveryFiveMinutes, 5 * minute),
        (.oneRenewalEveryMinute, minute), (.oneRenewalEveryThirtySeconds, 30), (.oneRenewalEveryTenSeconds, 10),
        (.oneRenewalEveryTwoSeconds, 2),
    ])
    func fixedRatesRenewEveryPeriodAfterTheSameTime(rate: StoreKitTimeRate, renewal: TimeInterval) {
        for text in ["P3D", "P1W", "P1M", "P6M", "P1Y"] {
            let period = SubscriptionPeriod(text)!
            #expect(rate.end(of: period, from: Self.start) == Self.start + renewal, "\(text)")
            #expect(rate.gracePeriod(for: period) == renewal, "\(text)")
        }
        #expect(rate.end(of: SubscriptionPeriod("P1W")!, count: 3, from: Self.start) == Self.start + 3 * renewal)
        #expect(rate.billingRetryPeriod == 2 * renewal)
    }

    @Test func realTimeKeepsCalendarPeriodsWithApplesGraceAndRetry() {
        let rate = StoreKitTimeRate.realTime
        let month = SubscriptionPeriod("P1M")!
        let february = Date(timeIntervalSince1970: 1_769_904_000)  // 2026-02-01: a 28-day month
        #expect(rate.end(of: month, from: february) == month.added(to: february))
        #expect(rate.end(of: month, from: february).timeIntervalSince(february) == 28 * 86_400)
        #expect(rate.gracePeriod(for: SubscriptionPeriod("P1W")!) == 6 * 86_400)
        #expect(rate.gracePeriod(for: month) == 16 * 86_400)
        #expect(rate.billingRetryPeriod == 60 * 86_400)
    }

    @Test func deprecatedRatesScaleTheDay() {
        let rate = StoreKitTimeRate.oneSecondIsOneDay
        // January 2026 has 31 days: 31 seconds; a week 7 seconds.
        #expect(rate.end(of: SubscriptionPeriod("P1M")!, from: Self.start) == Self.start + 31)
        #expect(rate.end(of: SubscriptionPeriod("P1W")!, from: Self.start) == Self.start + 7)
        #expect(rate.gracePeriod(for: SubscriptionPeriod("P1W")!) == 6)
        #expect(rate.gracePeriod(for: SubscriptionPeriod("P1Y")!) == 16)
        #expect(rate.billingRetryPeriod == 60)
        #expect(
            StoreKitTimeRate.oneHourIsOneDay.end(of: SubscriptionPeriod("P1D")!, from: Self.start) == Self.start + 3600)
    }

    @Test func parsesXcodesNames() {
        #expect(StoreKitTimeRate.allCases.count == 18)
        #expect(StoreKitTimeRate(parsing: "oneRenewalEveryTwoSeconds") == .oneRenewalEveryTwoSeconds)
        #expect(StoreKitTimeRate(parsing: "MonthlyRenewalEveryThirtySeconds") == .monthlyRenewalEveryThirtySeconds)
        #expect(StoreKitTimeRate(parsing: "oneDayPerSecond") == nil)
        #expect(StoreKitTimeRate(parsing: "") == nil)
        #expect(StoreKitTimeRate(parsing: "15") == nil)
    }

    @Test func withoutARateTheSessionUsesCalendarPeriodsAndItsDays() {
        var controls = SessionControls()
        controls.gracePeriodDays = 3
        controls.billingRetryDays = 9
        let month = SubscriptionPeriod("P1M")!
        #expect(controls.periodEnd(month, from: Self.start) == month.added(to: Self.start))
        #expect(controls.gracePeriod(for: month) == 3 * 86_400)
        #expect(controls.billingRetryPeriod == 9 * 86_400)
        controls.timeRate = .oneRenewalEveryMinute
        #expect(controls.periodEnd(month, count: 2, from: Self.start) == Self.start + 120)
        #expect(controls.gracePeriod(for: month) == 60)
        #expect(controls.billingRetryPeriod == 120)
    }
}
