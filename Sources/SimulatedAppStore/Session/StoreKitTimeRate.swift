public import Foundation
public import PurchaseCore

/// A subscription renewal rate of Xcode's StoreKit testing (`SKTestSession.TimeRate`): how long a
/// subscription period, the billing grace period and the billing retry period last on the store's clock.
///
/// Xcode's rates do not make the clock run faster: the clock goes on as it does (real time in a
/// deployment, exact steps in tests) and subscription time is shortened. There are four kinds:
/// - ``realTime``: periods last their calendar length; grace 6 days for periods of days or weeks,
///   16 days for longer ones; billing retry 60 days.
/// - Scaled rates (`monthlyRenewalEvery...`): each renewal period has the length Apple's table for the
///   rate gives (at ``monthlyRenewalEveryThirtySeconds`` a month lasts 30 seconds but a week 10 seconds),
///   and so do the grace and retry periods. Periods Apple's tables leave out are derived from the
///   table: days from the week (a day is a seventh of it), months and years from the month.
/// - Fixed rates (`oneRenewalEvery...`): every period lasts the same time whatever its length; the grace
///   period lasts as long and billing retry twice as long.
/// - The deprecated rates (`...IsOneDay`): one day lasts the rate's time, and everything scales with it.
///
/// The case names are Xcode's, and a catalog's `ProviderSettings` key `TimeRate` names one (see
/// ``SessionControls/timeRate``). Every duration returned is at least one second for a period of at
/// least one unit.
public enum StoreKitTimeRate: String, Sendable, Hashable, CaseIterable {
    /// Real time: a weekly subscription renews after a week.
    case realTime
    /// A monthly subscription renews every hour (a week: 15 minutes).
    case monthlyRenewalEveryHour
    /// A monthly subscription renews every 30 minutes (a week: 10 minutes).
    case monthlyRenewalEveryThirtyMinutes
    /// A monthly subscription renews every 15 minutes (a week: 5 minutes).
    case monthlyRenewalEveryFifteenMinutes
    /// A monthly subscription renews every 5 minutes (a week: 3 minutes).
    case monthlyRenewalEveryFiveMinutes
    /// A monthly subscription renews every 30 seconds (a week: 10 seconds).
    case monthlyRenewalEveryThirtySeconds
    /// Every subscription renews every 15 minutes, whatever its period.
    case oneRenewalEveryFifteenMinutes
    /// Every subscription renews every 5 minutes, whatever its period.
    case oneRenewalEveryFiveMinutes
    /// Every subscription renews every minute, whatever its period.
    case oneRenewalEveryMinute
    /// Every subscription renews every 30 seconds, whatever its period.
    case oneRenewalEveryThirtySeconds
    /// Every subscription renews every 10 seconds, whatever its period.
    case oneRenewalEveryTenSeconds
    /// Every subscription renews every 2 seconds, whatever its period (Xcode's fastest rate).
    case oneRenewalEveryTwoSeconds
    /// Deprecated by Apple: one hour stands for one day.
    case oneHourIsOneDay
    /// Deprecated by Apple: 30 minutes stand for one day.
    case thirtyMinutesIsOneDay
    /// Deprecated by Apple: 5 minutes stand for one day.
    case fiveMinutesIsOneDay
    /// Deprecated by Apple: one minute stands for one day.
    case oneMinuteIsOneDay
    /// Deprecated by Apple: 30 seconds stand for one day.
    case thirtySecondsIsOneDay
    /// Deprecated by Apple: one second stands for one day.
    case oneSecondIsOneDay

    /// Parses a case name as Xcode spells it (`oneRenewalEveryTwoSeconds`), also with a capital first
    /// letter (`OneRenewalEveryTwoSeconds`) as other settings are written; `nil` for anything else.
    public init?(parsing text: String) {
        guard let first = text.first else { return nil }
        self.init(rawValue: first.lowercased() + text.dropFirst())
    }

    /// When `count` periods of `period` that start at `start` end.
    public func end(of period: SubscriptionPeriod, count: Int = 1, from start: Date) -> Date {
        let count = max(1, count)
        switch schedule {
        case .calendar:
            return period.added(to: start, count: count)
        case .dayLasts(let seconds):
            let calendarLength = period.added(to: start, count: count).timeIntervalSince(start)
            return start + max(1, (calendarLength * seconds / Self.day).rounded())
        case .fixed(let renewal):
            return start + renewal * Double(count)
        case .scaled(let table):
            let length: TimeInterval
            switch period.unit {
            case .day: length = table.week * Double(period.value) / 7
            case .week: length = table.week * Double(period.value)
            case .month: length = table.month * Double(period.value)
            case .year: length = table.month * 12 * Double(period.value)
            }
            return start + max(1, (length * Double(count)).rounded())
        }
    }

    /// How long a subscription renewing every `period` keeps access in a billing grace period.
    public func gracePeriod(for period: SubscriptionPeriod) -> TimeInterval {
        let short = period.unit == .day || period.unit == .week
        switch schedule {
        case .calendar: return (short ? 6 : 16) * Self.day
        case .dayLasts(let seconds): return (short ? 6 : 16) * seconds
        case .fixed(let renewal): return renewal
        case .scaled(let table): return short ? table.weeklyGrace : table.grace
        }
    }

    /// How long the store retries billing a subscription before it expires.
    public var billingRetryPeriod: TimeInterval {
        switch schedule {
        case .calendar: 60 * Self.day
        case .dayLasts(let seconds): 60 * seconds
        case .fixed(let renewal): 2 * renewal
        case .scaled(let table): table.retry
        }
    }

    // MARK: - Apple's tables

    private static let day: TimeInterval = 86_400

    /// The lengths a scaled rate gives, in seconds, as Apple's page for the rate lists them.
    private struct Table {
        var month: TimeInterval
        var week: TimeInterval
        var weeklyGrace: TimeInterval
        var grace: TimeInterval
        var retry: TimeInterval
    }

    private enum Schedule {
        case calendar
        case scaled(Table)
        case fixed(TimeInterval)
        case dayLasts(TimeInterval)
    }

    private var schedule: Schedule {
        switch self {
        case .realTime: .calendar
        case .monthlyRenewalEveryHour:
            .scaled(Table(month: 3600, week: 900, weeklyGrace: 771, grace: 1800, retry: 7200))
        case .monthlyRenewalEveryThirtyMinutes:
            .scaled(Table(month: 1800, week: 600, weeklyGrace: 514, grace: 900, retry: 3600))
        case .monthlyRenewalEveryFifteenMinutes:
            .scaled(Table(month: 900, week: 300, weeklyGrace: 257, grace: 450, retry: 1800))
        case .monthlyRenewalEveryFiveMinutes:
            .scaled(Table(month: 300, week: 180, weeklyGrace: 154, grace: 150, retry: 600))
        case .monthlyRenewalEveryThirtySeconds:
            .scaled(Table(month: 30, week: 10, weeklyGrace: 9, grace: 15, retry: 60))
        case .oneRenewalEveryFifteenMinutes: .fixed(900)
        case .oneRenewalEveryFiveMinutes: .fixed(300)
        case .oneRenewalEveryMinute: .fixed(60)
        case .oneRenewalEveryThirtySeconds: .fixed(30)
        case .oneRenewalEveryTenSeconds: .fixed(10)
        case .oneRenewalEveryTwoSeconds: .fixed(2)
        case .oneHourIsOneDay: .dayLasts(3600)
        case .thirtyMinutesIsOneDay: .dayLasts(1800)
        case .fiveMinutesIsOneDay: .dayLasts(300)
        case .oneMinuteIsOneDay: .dayLasts(60)
        case .thirtySecondsIsOneDay: .dayLasts(30)
        case .oneSecondIsOneDay: .dayLasts(1)
        }
    }
}
