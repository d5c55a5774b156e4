public import Foundation

/// The body Cloud Pub/Sub posts to a push endpoint: one message and its subscription. Both spellings of
/// the message's identity and time are read (`messageId` or `message_id`, `publishTime` or
/// `publish_time`); unknown fields are ignored.
public struct PubSubPush: Sendable, Hashable, Decodable {
    /// The pushed message.
    public struct Message: Sendable, Hashable, Decodable {
        /// The message's attributes.
        public var attributes: [String: String]
        /// The payload, decoded from base64.
        public var data: Data
        /// Pub/Sub's identity of the message: the same on every redelivery.
        public var messageId: String
        /// When it was published, as sent.
        public var publishTime: String?

        private enum CodingKeys: String, CodingKey {
            case attributes, data, messageId, message_id, publishTime, publish_time
        }

        /// A message.
        public init(data: Data, messageId: String, attributes: [String: String] = [:], publishTime: String? = nil) {
            self.data = data
            self.messageId = messageId
            self.attributes = attributes
            self.publishTime = publishTime
        }

        /// Decodes a message; `data` must be base64 and the identity a non-empty string.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            attributes = try container.decodeIfPresent([String: String].self, forKey: .attributes) ?? [:]
            let text = try container.decode(String.self, forKey: .data)
            guard let bytes = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .data, in: container, debugDescription: "the message's data is not base64")
            }
            data = bytes
            let id =
                try container.decodeIfPresent(String.self, forKey: .messageId)
                ?? container.decodeIfPresent(String.self, forKey: .message_id)
            guard let id, !id.isEmpty else {
                throw DecodingError.keyNotFound(
                    CodingKeys.messageId,
                    DecodingError.Context(codingPath: container.codingPath, debugDescription: "no messageId"))
            }
            messageId = id
            publishTime =
                try container.decodeIfPresent(String.self, forKey: .publishTime)
                ?? container.decodeIfPresent(String.self, forKey: .publish_time)
        }
    }

    /// The message.
    public var message: Message
    /// The subscription that pushed it (`projects/<project>/subscriptions/<name>`).
    public var subscription: String?

    /// A push of `message`.
    public init(message: Message, subscription: String? = nil) {
        self.message = message
        self.subscription = subscription
    }

    /// The push in `body`, its message's data decoded as a ``DeveloperNotification``.
    ///
    /// - Throws: ``PlayNotificationError`` with code `malformedPush` saying what is wrong.
    public static func decodeNotification(_ body: Data) throws(PlayNotificationError)
        -> (push: PubSubPush, notification: DeveloperNotification)
    {
        let push: PubSubPush
        do {
            push = try JSONDecoder().decode(PubSubPush.self, from: body)
        } catch {
            throw PlayNotificationError(
                .malformedPush, detail: "the body is not a Pub/Sub push: \(PlayJSON.describe(error))")
        }
        do {
            return (push, try DeveloperNotification.decode(push.message.data))
        } catch {
            throw PlayNotificationError(
                .malformedPush,
                detail: "the message's data is not a developer notification: \(PlayJSON.describe(error))",
                messageID: push.message.messageId)
        }
    }
}
