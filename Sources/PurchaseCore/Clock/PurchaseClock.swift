public import Foundation

/// The source of "now" for everything time-dependent: subscription expiry, grace periods, purchase
/// dates. Inject a ``ManualClock`` in tests to control time.
///
/// Implementation requirements: ``now`` is safe to read from any thread and never goes backwards
/// unless a test sets it so.
public protocol PurchaseClock: Sendable {
    /// The current instant.
    var now: Date { get }
}

/// The system's wall clock.
public struct SystemClock: PurchaseClock {
    /// Creates the system clock.
    public init() {}

    /// `Date()`.
    public var now: Date { Date() }
}

/// A clock that only moves when told to, for tests and simulations.
///
/// Thread-safe: the instant lives behind a lock, so a test may advance it while a store reads it.
public final class ManualClock: PurchaseClock {
    private let instant: Locked<Date>

    /// Creates a clock standing at `start` (default: 2026-01-01T00:00:00Z, so runs are reproducible).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        instant = Locked(start)
    }

    /// The instant the clock stands at.
    public var now: Date { instant.withLock { $0 } }

    /// Moves the clock forward by `interval` seconds.
    public func advance(by interval: TimeInterval) {
        instant.withLock { $0 += interval }
    }

    /// Sets the clock to `date`.
    public func set(to date: Date) {
        instant.withLock { $0 = date }
    }
}
