public import Foundation
import PurchaseCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Delivers a simulated Play's developer notifications to a push endpoint over HTTP, as Pub/Sub does:
/// each due message (``SimulatedGooglePlay/takeDuePushes(limit:)``) POSTed as its JSON body, acknowledged
/// by a 2xx answer and otherwise handed back to be delivered again later with the same message id.
///
/// Each request takes at most ``timeout``; every attempt is recorded (``attempts``). Messages are sent one
/// at a time, in the order the store hands them out. Safe to share: the record lives behind a lock.
public final class PlayPushSender: Sendable {
    /// One delivery attempt of one message.
    public struct Attempt: Sendable, Hashable {
        /// The message's id.
        public var messageId: String
        /// Which delivery of the message it was, from 1.
        public var deliveryAttempt: Int
        /// The HTTP status the endpoint answered, or `nil` when it gave none (refused, timed out).
        public var status: Int?
        /// When it was made on the store's clock, milliseconds since 1970.
        public var time: Int64

        /// Whether the endpoint acknowledged the message (a 2xx answer).
        public var acknowledged: Bool { status.map { (200..<300).contains($0) } ?? false }
    }

    /// The store whose messages it delivers.
    public let store: SimulatedGooglePlay
    /// The push endpoint (its query may carry a shared secret, e.g. `?token=...`).
    public let endpoint: URL
    /// The longest a request may take, in seconds.
    public let timeout: TimeInterval
    private let session: URLSession
    private let record = Locked<[Attempt]>([])

    /// A sender of `store`'s messages to `endpoint`.
    ///
    /// - Parameters:
    ///   - store: the simulated Play.
    ///   - endpoint: the push endpoint's URL.
    ///   - timeout: the longest a request may take, in seconds (at least one).
    public init(store: SimulatedGooglePlay, endpoint: URL, timeout: TimeInterval = 10) {
        self.store = store
        self.endpoint = endpoint
        self.timeout = max(1, timeout)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = self.timeout
        configuration.timeoutIntervalForResource = self.timeout
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Every attempt made so far, oldest first.
    public var attempts: [Attempt] { record.withLock { $0 } }

    /// POSTs every message due now to the endpoint, one at a time; a 2xx answer acknowledges the message,
    /// anything else (or no answer) hands it back to be delivered again after the backoff.
    ///
    /// - Parameter limit: the most messages to take from the store.
    /// - Returns: this round's attempts, in order.
    @discardableResult
    public func sendDuePushes(limit: Int = 1000) async -> [Attempt] {
        var round: [Attempt] = []
        for push in await store.takeDuePushes(limit: limit) {
            let status = await post(push.body)
            let attempt = Attempt(
                messageId: push.messageId, deliveryAttempt: push.deliveryAttempt, status: status,
                time: SimulatedGooglePlay.millis(store.clock.now))
            if attempt.acknowledged {
                await store.acknowledgePush(push.messageId)
            } else {
                await store.rejectPush(push.messageId)
            }
            record.withLock { $0.append(attempt) }
            round.append(attempt)
        }
        return round
    }

    /// POSTs `body` as JSON; the answer's status, or `nil` without one.
    private func post(_ body: Data) async -> Int? {
        var request = URLRequest(url: endpoint, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        guard let (_, response) = try? await session.data(for: request) else { return nil }
        return (response as? HTTPURLResponse)?.statusCode
    }
}
