public import AppStoreSignedData

/// The answer of Request a Test Notification (Apple's `SendTestNotificationResponse`).
public struct SendTestNotificationResponse: Sendable, Hashable, Codable {
    /// The token that names the test notification in Get Test Notification Status.
    public var testNotificationToken: String?

    /// A response with the given token.
    public init(testNotificationToken: String? = nil) {
        self.testNotificationToken = testNotificationToken
    }
}

/// A test notification and the attempts to send it (Apple's `CheckTestNotificationResponse`).
public struct CheckTestNotificationResponse: Sendable, Hashable, Codable {
    /// The notification's signed payload (a JWS of a `NotificationPayload` of type `TEST`).
    public var signedPayload: String?
    /// Each attempt to send it to the app's server.
    public var sendAttempts: [SendAttemptItem]?

    /// A response with the given members.
    public init(signedPayload: String? = nil, sendAttempts: [SendAttemptItem]? = nil) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}

/// One attempt to send a notification (Apple's `SendAttemptItem`).
public struct SendAttemptItem: Sendable, Hashable, Codable {
    /// When.
    public var attemptDate: AppStoreDate?
    /// How it went: `SUCCESS`, `TIMED_OUT`, `TLS_ISSUE`, `CIRCULAR_REDIRECT`, `NO_RESPONSE`,
    /// `SOCKET_ISSUE`, `UNSUPPORTED_CHARSET`, `INVALID_RESPONSE`, `PREMATURE_CLOSE`,
    /// `UNSUCCESSFUL_HTTP_RESPONSE_CODE`, `OTHER`.
    public var sendAttemptResult: String?

    /// An attempt with the given members.
    public init(attemptDate: AppStoreDate? = nil, sendAttemptResult: String? = nil) {
        self.attemptDate = attemptDate
        self.sendAttemptResult = sendAttemptResult
    }
}
