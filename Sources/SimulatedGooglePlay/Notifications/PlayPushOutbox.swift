/// The simulated Play's Pub/Sub subscription: the developer notifications published and not yet
/// acknowledged by the push endpoint, and how they are delivered. Part of ``PlayStoreState``, so a store
/// rebuilt from its state delivers the same messages with the same ids.
///
/// Delivery is at least once, as Pub/Sub's: a message handed out stays until it is acknowledged; one
/// refused (``SimulatedGooglePlay/rejectPush(_:)``) is due again after a backoff, one never answered
/// after the acknowledgement deadline, each time with the same id. ``Settings/duplicateChance`` and
/// ``Settings/reorders`` make the store also deliver duplicates and shuffle what it hands out, drawing
/// on the outbox's own seeded random source.
public struct PlayPushOutbox: Sendable, Hashable, Codable {
    /// How the subscription delivers.
    public struct Settings: Sendable, Hashable, Codable {
        /// The subscription's name, sent in every push.
        public var subscription = "projects/simulated-google-play/subscriptions/play-developer-notifications"
        /// How long a message handed out may go unanswered before it is due again, in seconds.
        public var ackDeadlineSeconds: Int64 = 10
        /// The delay before a refused message is due again the first time, in seconds; it doubles with
        /// each attempt up to ``maximumBackoffSeconds``.
        public var minimumBackoffSeconds: Int64 = 10
        /// The longest delay before a refused message is due again, in seconds.
        public var maximumBackoffSeconds: Int64 = 600
        /// The chance (0 to 1) that a message handed out is handed out twice in the same batch.
        public var duplicateChance: Double = 0
        /// Whether each batch handed out is shuffled instead of in publishing order.
        public var reorders = false

        /// Pub/Sub's defaults: in order, no duplicates, a 10-second deadline, backoff from 10 to 600 seconds.
        public init() {}
    }

    /// How the subscription delivers.
    public var settings = Settings()
    /// The messages not yet acknowledged, in publishing order.
    public internal(set) var pending: [PlayPush] = []
    /// The sequence of the last event published (every event up to it has had its notification, if any).
    public internal(set) var publishedThrough = 0
    /// How many of the store's voided purchases the published `voided` events have taken.
    var voidedPublished = 0
    /// The next message's id.
    var nextMessageId: UInt64
    /// The random source of duplicates and shuffles.
    var random: PlayRandom

    /// An empty subscription whose message ids start at a number drawn from `random`.
    init(random: PlayRandom) {
        var random = random
        nextMessageId = 2_000_000_000_000_000 + (UInt64(random.next()) << 20) + UInt64(random.below(1 << 20))
        self.random = random
    }

    /// Adds a message of `notification` published at `time`, due at once.
    @discardableResult
    mutating func publish(_ notification: DeveloperNotification, at time: Int64) -> PlayPush {
        let push = PlayPush(
            messageId: String(nextMessageId), notification: notification, publishTime: time,
            subscription: settings.subscription, deliveryAttempt: 0, nextDelivery: time)
        nextMessageId += 1
        pending.append(push)
        return push
    }

    /// Hands out the messages due at `time` (at most `limit`), each due again after the acknowledgement
    /// deadline unless answered; with the settings, some twice and the batch shuffled.
    mutating func takeDue(at time: Int64, limit: Int) -> [PlayPush] {
        var batch: [PlayPush] = []
        for index in pending.indices where pending[index].nextDelivery <= time && batch.count < limit {
            pending[index].deliveryAttempt += 1
            pending[index].nextDelivery = time + max(0, settings.ackDeadlineSeconds) * 1000
            batch.append(pending[index])
            let chance = min(1, max(0, settings.duplicateChance))
            if chance > 0, Double(random.below(1_000_000)) < chance * 1_000_000 { batch.append(pending[index]) }
        }
        if settings.reorders && batch.count > 1 {
            for index in stride(from: batch.count - 1, to: 0, by: -1) {
                batch.swapAt(index, Int(random.below(UInt32(index + 1))))
            }
        }
        return batch
    }

    /// Removes the message `messageId`; whether it was waiting.
    mutating func acknowledge(_ messageId: String) -> Bool {
        guard let index = pending.firstIndex(where: { $0.messageId == messageId }) else { return false }
        pending.remove(at: index)
        return true
    }

    /// Makes the message `messageId` due again after the backoff of its attempts; whether it was waiting.
    mutating func reject(_ messageId: String, at time: Int64) -> Bool {
        guard let index = pending.firstIndex(where: { $0.messageId == messageId }) else { return false }
        let doublings = Int64(min(30, max(0, pending[index].deliveryAttempt - 1)))
        let minimum = max(0, settings.minimumBackoffSeconds)
        let backoff = min(max(minimum, settings.maximumBackoffSeconds), minimum << doublings)
        pending[index].nextDelivery = time + backoff * 1000
        return true
    }
}
