public import Foundation
public import PurchaseCore

/// The simulated App Store's virtual clock: runs at a chosen rate (real time, one day per second...)
/// and can be moved by exact steps, so renewals and downloads of months run in milliseconds.
///
/// Thread-safe: its state lives behind a lock. `now` never goes backwards unless ``set(to:)``
/// moves it so.
public final class SimulationClock: PurchaseClock {
    /// How fast virtual time passes relative to real time.
    ///
    /// A clock speed moves everything that follows the clock (renewals, grace periods, downloads) by the
    /// same factor. Xcode's subscription renewal rates are not clock speeds (a fixed rate renews a
    /// yearly subscription as often as a weekly one): the session's ``SessionControls/timeRate``
    /// (a ``StoreKitTimeRate``) models those, and a catalog's `TimeRate` naming one of them
    /// (`realTime`, `monthlyRenewalEveryThirtySeconds`, `oneRenewalEveryTwoSeconds`...) sets that instead.
    public struct TimeRate: Sendable, Hashable {
        /// Virtual seconds per real second; 0 stands still between steps.
        public var factor: Double

        /// Creates a rate of `factor` virtual seconds per real second (negative values count as 0).
        public init(factor: Double) {
            self.factor = max(0, factor)
        }

        /// Time moves only by ``SimulationClock/advance(by:)``: exact and reproducible (the default).
        public static let stopped = TimeRate(factor: 0)
        /// Real time.
        public static let realTime = TimeRate(factor: 1)
        /// One virtual hour per real second.
        public static let oneHourPerSecond = TimeRate(factor: 3600)
        /// One virtual day per real second (a monthly renewal about every 30 seconds).
        public static let oneDayPerSecond = TimeRate(factor: 86_400)
        /// One virtual day per real second, which renews a monthly subscription about every 30 seconds.
        @available(*, deprecated, message: "use SessionControls.timeRate = .monthlyRenewalEveryThirtySeconds")
        public static let monthlyRenewalEveryThirtySeconds = TimeRate(factor: 86_400)
        /// Six virtual days per real second, which renews a monthly subscription about every 5 seconds.
        @available(*, deprecated, message: "use a StoreKitTimeRate in SessionControls.timeRate")
        public static let monthlyRenewalEveryFiveSeconds = TimeRate(factor: 30 * 86_400 / 5)

        /// Parses `stopped`, `realTime`, `oneHourPerSecond`, `oneDayPerSecond`,
        /// `monthlyRenewalEveryThirtySeconds`, `monthlyRenewalEveryFiveSeconds`, or a number of
        /// virtual seconds per real second.
        public init?(parsing text: String) {
            switch text {
            case "stopped", "Stopped": self = .stopped
            case "realTime", "RealTime": self = .realTime
            case "oneHourPerSecond", "OneHourPerSecond": self = .oneHourPerSecond
            case "oneDayPerSecond", "OneDayPerSecond": self = .oneDayPerSecond
            case "monthlyRenewalEveryThirtySeconds", "MonthlyRenewalEveryThirtySeconds":
                self.init(factor: 86_400)
            case "monthlyRenewalEveryFiveSeconds", "MonthlyRenewalEveryFiveSeconds":
                self.init(factor: 30 * 86_400 / 5)
            default:
                guard let factor = Double(text), factor.isFinite, factor >= 0 else { return nil }
                self.init(factor: factor)
            }
        }
    }

    private struct State {
        var anchor: Date
        var realAnchor: ContinuousClock.Instant
        var rate: TimeRate
    }

    private let state: Locked<State>

    /// Creates a clock at `start` (default 2026-01-01T00:00:00Z, so runs are reproducible) running at `rate`.
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600), rate: TimeRate = .stopped) {
        state = Locked(State(anchor: start, realAnchor: .now, rate: rate))
    }

    /// The current virtual instant.
    public var now: Date {
        state.withLock { Self.current($0) }
    }

    /// The rate virtual time passes at.
    public var rate: TimeRate {
        get { state.withLock { $0.rate } }
        set {
            state.withLock { state in
                state.anchor = Self.current(state)
                state.realAnchor = .now
                state.rate = newValue
            }
        }
    }

    /// Moves virtual time forward by `interval` seconds (whatever the rate).
    public func advance(by interval: TimeInterval) {
        state.withLock { $0.anchor += max(0, interval) }
    }

    /// Sets virtual time to `date`.
    public func set(to date: Date) {
        state.withLock { state in
            state.anchor = date
            state.realAnchor = .now
        }
    }

    private static func current(_ state: State) -> Date {
        guard state.rate.factor > 0 else { return state.anchor }
        let elapsed = ContinuousClock.now - state.realAnchor
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return state.anchor + seconds * state.rate.factor
    }
}
