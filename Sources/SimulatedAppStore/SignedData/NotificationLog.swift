import PurchaseCore

/// The notifications a simulated App Store emitted, in order, with their subscribers.
///
/// Each notification gets the next ``SignedNotification/sequence`` (from 1) and is kept, so a test
/// or scenario asks what was emitted after a sequence it saw (``notifications(after:)``); the log
/// keeps the latest ``capacity`` (older ones are dropped, their sequences never reused).
/// Subscribers (``updates()``) get each notification once, in order, from the moment they
/// subscribe. Safe to use from any thread: its state lives behind a lock.
public final class NotificationLog: Sendable {
    private struct State {
        var entries: [SignedNotification] = []
        var start = 0
        var lastSequence: UInt64 = 0
        var subscribers: [UInt64: AsyncStream<SignedNotification>.Continuation] = [:]
        var nextSubscriber: UInt64 = 0
    }

    /// How many notifications the log keeps.
    public let capacity: Int
    private let state = Locked(State())

    /// Creates an empty log keeping the latest `capacity` notifications.
    public init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    /// The sequence of the latest notification, 0 before the first.
    public var lastSequence: UInt64 { state.withLock { $0.lastSequence } }

    /// The notifications kept whose sequence is greater than `sequence` (0: all kept), oldest first.
    public func notifications(after sequence: UInt64 = 0) -> [SignedNotification] {
        state.withLock { state in
            state.entries[state.start...].filter { $0.sequence > sequence }
        }
    }

    /// Every notification from now on, in order, until the store closes (``PaymentQueue/close()``
    /// ends every stream) or the consumer stops.
    public func updates() -> AsyncStream<SignedNotification> {
        let (stream, continuation) = AsyncStream<SignedNotification>.makeStream()
        let id = state.withLock { state in
            defer { state.nextSubscriber += 1 }
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Appends a notification made with the next sequence and hands it to the subscribers.
    ///
    /// - Parameter make: given the sequence, the notification.
    /// - Returns: the notification appended.
    @discardableResult
    func append(_ make: (UInt64) -> SignedNotification) -> SignedNotification {
        let (notification, subscribers) = state.withLock { state in
            state.lastSequence += 1
            let notification = make(state.lastSequence)
            state.entries.append(notification)
            if state.entries.count - state.start > capacity { state.start += 1 }
            if state.start >= 64, state.start * 2 >= state.entries.count {
                state.entries.removeFirst(state.start)
                state.start = 0
            }
            return (notification, Array(state.subscribers.values))
        }
        for subscriber in subscribers { subscriber.yield(notification) }
        return notification
    }

    /// Ends every subscriber's stream (later subscribers get a stream of their own).
    func finish() {
        let subscribers = state.withLock { state in
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}
