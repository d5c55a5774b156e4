import Foundation

/// Fans values out to any number of `AsyncStream` listeners, for providers' transaction updates.
///
/// A listener receives every value yielded after its ``stream()`` call returned, in order. Safe to
/// use from any thread: the listener table lives behind a lock, and yielding to an
/// `AsyncStream.Continuation` is itself thread-safe.
public final class UpdateBroadcaster<Element: Sendable>: Sendable {
    private let listeners = Locked<[UUID: AsyncStream<Element>.Continuation]>([:])

    /// Creates a broadcaster with no listeners.
    public init() {}

    /// A new stream that receives every value yielded from now on, until it is dropped or ``finish()``.
    public func stream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let id = UUID()
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// How many streams are listening now (a stream stops when its consumer drops it or when
    /// ``finish()`` ends it).
    public var listenerCount: Int { listeners.withLock { $0.count } }

    /// Sends a value to every current listener.
    public func yield(_ value: Element) {
        for continuation in listeners.withLock({ Array($0.values) }) {
            continuation.yield(value)
        }
    }

    /// Ends every current stream.
    public func finish() {
        for continuation in listeners.withLock({ Array($0.values) }) {
            continuation.finish()
        }
    }
}
