public import Foundation

/// The JSON body Pub/Sub POSTs to a push endpoint: one message and the subscription it came through.
///
/// Coded with Pub/Sub's names; the message's id and publish time appear twice, in camel case and in
/// snake case, as Pub/Sub writes them.
public struct PubSubPushBody: Sendable, Hashable, Codable {
    /// One Pub/Sub message (`PubsubMessage`).
    public struct Message: Sendable, Hashable, Codable {
        /// The message's attributes (none for Play's notifications).
        public var attributes: [String: String]
        /// The payload, base64 (standard alphabet, padded).
        public var data: String
        /// The message's id, a decimal string, the same on every delivery of the message (`messageId` and
        /// `message_id` in the JSON).
        public var messageId: String
        /// When Pub/Sub received it, RFC 3339 in UTC (`publishTime` and `publish_time` in the JSON).
        public var publishTime: String

        private enum CodingKeys: String, CodingKey {
            case attributes, data, messageId, publishTime
            case snakeMessageId = "message_id"
            case snakePublishTime = "publish_time"
        }

        /// A message of `payload` with `messageId`, published at `publishTime` (RFC 3339).
        public init(payload: Data, messageId: String, publishTime: String, attributes: [String: String] = [:]) {
            self.attributes = attributes
            data = payload.base64EncodedString()
            self.messageId = messageId
            self.publishTime = publishTime
        }

        /// Reads a message; the snake-case id and time stand in for missing camel-case ones, and missing
        /// attributes are none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            attributes = try container.decodeIfPresent([String: String].self, forKey: .attributes) ?? [:]
            data = try container.decode(String.self, forKey: .data)
            messageId =
                try container.decodeIfPresent(String.self, forKey: .messageId)
                ?? container.decode(String.self, forKey: .snakeMessageId)
            publishTime =
                try container.decodeIfPresent(String.self, forKey: .publishTime)
                ?? container.decode(String.self, forKey: .snakePublishTime)
        }

        /// Writes the message with its id and publish time in both spellings.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(attributes, forKey: .attributes)
            try container.encode(data, forKey: .data)
            try container.encode(messageId, forKey: .messageId)
            try container.encode(messageId, forKey: .snakeMessageId)
            try container.encode(publishTime, forKey: .publishTime)
            try container.encode(publishTime, forKey: .snakePublishTime)
        }

        /// The payload's bytes, or `nil` when ``data`` is not base64.
        public var payload: Data? { Data(base64Encoded: data) }
    }

    /// The message.
    public var message: Message
    /// The subscription it came through: `projects/<project>/subscriptions/<name>`.
    public var subscription: String

    /// A body carrying `message` through `subscription`.
    public init(message: Message, subscription: String) {
        self.message = message
        self.subscription = subscription
    }

    /// The developer notification the message carries.
    ///
    /// - Throws: `DecodingError` when the payload is not a developer notification (or not base64).
    public func developerNotification() throws -> DeveloperNotification {
        guard let payload = message.payload else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "The message's data is not base64."))
        }
        return try JSONDecoder().decode(DeveloperNotification.self, from: payload)
    }

    /// The JSON text of `value` with sorted keys and unescaped slashes.
    static func json(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs of strings and numbers cannot fail.
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}
