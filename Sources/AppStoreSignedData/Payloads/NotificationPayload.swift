/// The body the App Store posts to a server: `{"signedPayload": "<JWS>"}` (Apple's `ResponseBodyV2`).
public struct NotificationBody: Sendable, Hashable, Codable {
    /// The notification, a compact JWS whose payload is a ``NotificationPayload``.
    public var signedPayload: String

    /// A body carrying `signedPayload`.
    public init(signedPayload: String) { self.signedPayload = signedPayload }
}

/// The payload of an App Store Server Notification V2 (Apple's `ResponseBodyV2DecodedPayload`).
///
/// ``notificationUUID`` identifies the notification: the App Store sends the same one again (same
/// UUID) until a server answers 200, so a server applies each UUID once. Every field is optional,
/// as in Apple's schema; fields this type does not know are ignored when decoding.
public struct NotificationPayload: Sendable, Hashable, Codable {
    /// What happened.
    public var notificationType: NotificationType?
    /// More about what happened.
    public var subtype: NotificationSubtype?
    /// The notification's identity, the same in every retry.
    public var notificationUUID: String?
    /// The app and the transaction it is about.
    public var data: NotificationData?
    /// The format's version, `2.0`.
    public var version: String?
    /// When the App Store signed the notification.
    public var signedDate: AppStoreDate?

    /// A payload with no field set.
    public init() {}
}

/// The app and the transaction a notification is about (Apple's notification `data`).
public struct NotificationData: Sendable, Hashable, Codable {
    /// The server environment.
    public var environment: AppStoreEnvironment?
    /// The app's Apple identifier (production only).
    public var appAppleId: Int64?
    /// The app's bundle identifier.
    public var bundleId: String?
    /// The app's build version.
    public var bundleVersion: String?
    /// The transaction, a compact JWS whose payload is a ``TransactionPayload``.
    public var signedTransactionInfo: String?
    /// The subscription's renewal info, a compact JWS whose payload is a ``RenewalInfoPayload``.
    public var signedRenewalInfo: String?
    /// Where the subscription stands, for subscription notifications.
    public var status: AppStoreSubscriptionStatus?
    /// Why the customer asked for a refund, for a consumption request (`UNINTENDED_PURCHASE`...).
    public var consumptionRequestReason: String?

    /// Data with no field set.
    public init() {}
}
