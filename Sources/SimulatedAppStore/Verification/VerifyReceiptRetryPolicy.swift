/// How an ``AppStoreReceiptVerifier`` retries retryable answers (21002, 21005, 21009, 21100...21199 with
/// `is-retryable`) and transport failures: exponential backoff, a bounded number of times.
public struct VerifyReceiptRetryPolicy: Sendable, Hashable {
    /// How many times a request is repeated after the first try (0: never).
    public var maximumRetries: Int
    /// The wait before the first retry.
    public var initialDelay: Duration
    /// The factor each further wait grows by.
    public var multiplier: Int
    /// The longest wait.
    public var maximumDelay: Duration

    /// Creates a policy.
    public init(
        maximumRetries: Int = 3,
        initialDelay: Duration = .milliseconds(500),
        multiplier: Int = 2,
        maximumDelay: Duration = .seconds(8)
    ) {
        self.maximumRetries = max(0, maximumRetries)
        self.initialDelay = initialDelay
        self.multiplier = max(1, multiplier)
        self.maximumDelay = maximumDelay
    }

    /// Three retries after 0.5 s, 1 s and 2 s.
    public static let `default` = VerifyReceiptRetryPolicy()

    /// Never retry.
    public static let none = VerifyReceiptRetryPolicy(maximumRetries: 0)

    /// The wait before retry number `retry` (1 for the first): `initialDelay * multiplier^(retry-1)`,
    /// at most `maximumDelay`.
    public func delay(beforeRetry retry: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(1, retry) {
            delay = delay * multiplier
            if delay >= maximumDelay { return maximumDelay }
        }
        return min(delay, maximumDelay)
    }
}

/// Waits between retries. Inject a recording sleeper in tests so they never wait.
///
/// ## Implementation requirements
/// ``sleep(for:)`` returns after about `duration` (or at once, for a test double); it throws
/// `CancellationError` when the task is cancelled, which ends the verification.
public protocol VerifyReceiptSleeper: Sendable {
    /// Waits for `duration`.
    func sleep(for duration: Duration) async throws
}

/// Sleeps for real with `Task.sleep`.
public struct TaskSleeper: VerifyReceiptSleeper {
    /// Creates the sleeper.
    public init() {}

    /// `Task.sleep(for: duration)`.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
