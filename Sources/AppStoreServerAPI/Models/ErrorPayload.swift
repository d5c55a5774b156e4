/// The body of an App Store Server API error (Apple's `ErrorPayload`):
/// `{"errorCode": 4040010, "errorMessage": "Transaction id not found."}`.
public struct ErrorPayload: Sendable, Hashable, Codable {
    /// Apple's error code (seven digits, the first three the HTTP status).
    public var errorCode: Int64?
    /// Apple's description, in English.
    public var errorMessage: String?

    /// A body with the given members.
    public init(errorCode: Int64? = nil, errorMessage: String? = nil) {
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }
}
