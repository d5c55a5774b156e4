public import AppStoreSignedData
public import Foundation

/// One App Store Server Notification V2 the simulated App Store emitted: the exact body a server
/// receives, and what it says, decoded.
///
/// ``body`` is the JSON `{"signedPayload": "<JWS>"}` byte for byte as it would be posted; ``payload``
/// is the JWS's payload as it was signed (its transaction and renewal info are themselves JWS, in
/// `NotificationPayload.data`).
public struct SignedNotification: Sendable, Hashable {
    /// The notification's place in its store's log: 1 for the first, one more for each next.
    public var sequence: UInt64
    /// The request body, exactly as sent.
    public var body: Data
    /// The compact JWS in the body (`signedPayload`).
    public var signedPayload: String
    /// The payload that was signed.
    public var payload: NotificationPayload

    /// Creates a notification.
    public init(sequence: UInt64, body: Data, signedPayload: String, payload: NotificationPayload) {
        self.sequence = sequence
        self.body = body
        self.signedPayload = signedPayload
        self.payload = payload
    }

    /// The notification's type.
    public var type: NotificationType? { payload.notificationType }
    /// The notification's subtype, if it has one.
    public var subtype: NotificationSubtype? { payload.subtype }
    /// The notification's unique identifier.
    public var notificationUUID: String? { payload.notificationUUID }

    /// `TYPE` or `TYPE/SUBTYPE`, as scenarios and logs write a notification.
    public var summary: String {
        let type = payload.notificationType?.rawValue ?? "?"
        return payload.subtype.map { "\(type)/\($0.rawValue)" } ?? type
    }
}
