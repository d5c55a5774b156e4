public import Foundation

/// One message of the simulated Play's Pub/Sub subscription: a developer notification waiting to be
/// acknowledged by the push endpoint, with what Pub/Sub keeps of it.
///
/// Its ``messageId`` never changes: every delivery of the message, a redelivery or a duplicate, carries
/// the same id and the same ``body``.
public struct PlayPush: Sendable, Hashable, Codable {
    /// The message's id, a decimal string unique among the store's messages.
    public var messageId: String
    /// The notification it carries.
    public var notification: DeveloperNotification
    /// When it was published, milliseconds since 1970 (the event's time).
    public var publishTime: Int64
    /// The subscription it is pushed through: `projects/<project>/subscriptions/<name>`.
    public var subscription: String
    /// How many times it was handed out for delivery, this one included (0 before the first).
    public var deliveryAttempt: Int
    /// When it is due for (re)delivery, milliseconds since 1970.
    public var nextDelivery: Int64

    /// The exact JSON body Pub/Sub POSTs for it (``PubSubPushBody``): the notification's JSON in base64
    /// `data`, the id and publish time, the subscription.
    public var body: Data {
        PubSubPushBody.json(pushBody)
    }

    /// The body as a value.
    public var pushBody: PubSubPushBody {
        let message = PubSubPushBody.Message(
            payload: PubSubPushBody.json(notification), messageId: messageId,
            publishTime: PlayTimestamp.rfc3339(publishTime))
        return PubSubPushBody(message: message, subscription: subscription)
    }
}
