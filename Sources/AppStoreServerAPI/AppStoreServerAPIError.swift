public import Foundation

/// A request to the App Store Server API failed.
///
/// ``code`` says how, as a value a program switches on (with a `default`: new codes may be added);
/// ``httpStatus``, ``apiErrorCode`` and ``apiErrorMessage`` carry what the server answered (Apple's
/// `{"errorCode": n, "errorMessage": "..."}`); ``isRetryable`` says whether the same request may
/// succeed later, following Apple's documentation: 429 (after ``retryAfter``), 5xx, the `...Retryable`
/// error codes (4040002, 4040004, 4040006, 5000001) and a server that could not be reached or did
/// not answer in time.
public struct AppStoreServerAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// How a request failed. New codes may be added.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// A stable number, never reused.
        public var rawValue: Int
        /// The code numbered `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The server refused the request with an error body or status (see ``httpStatus``).
        public static let rejected = Code(rawValue: 1)
        /// 401: the server refused the token (wrong key, issuer, audience, bundle or time).
        public static let unauthorized = Code(rawValue: 2)
        /// 404: the transaction, order or account is not known (``apiErrorCode`` says which).
        public static let notFound = Code(rawValue: 3)
        /// 429: too many requests; try again after ``retryAfter``.
        public static let rateLimited = Code(rawValue: 4)
        /// 5xx: the server failed.
        public static let serverError = Code(rawValue: 5)
        /// The server could not be reached, or did not answer in time.
        public static let unreachable = Code(rawValue: 6)
        /// The response body was larger than the configuration allows.
        public static let responseTooLarge = Code(rawValue: 7)
        /// The response was not the JSON the endpoint answers with.
        public static let malformedResponse = Code(rawValue: 8)
        /// The request could not be made (its token could not be signed, its URL not built).
        public static let invalidRequest = Code(rawValue: 9)

        /// The code's name.
        public var description: String {
            switch self {
            case .rejected: "rejected"
            case .unauthorized: "unauthorized"
            case .notFound: "notFound"
            case .rateLimited: "rateLimited"
            case .serverError: "serverError"
            case .unreachable: "unreachable"
            case .responseTooLarge: "responseTooLarge"
            case .malformedResponse: "malformedResponse"
            case .invalidRequest: "invalidRequest"
            default: "code \(rawValue)"
            }
        }
    }

    /// Apple's error codes that say the same request may succeed later.
    public static let retryableAPIErrorCodes: Set<Int64> = [4_040_002, 4_040_004, 4_040_006, 5_000_001]

    /// How.
    public var code: Code
    /// The HTTP status, when the server answered.
    public var httpStatus: Int?
    /// Apple's `errorCode`, when the body carried one.
    public var apiErrorCode: Int64?
    /// Apple's `errorMessage`, when the body carried one.
    public var apiErrorMessage: String?
    /// How long to wait before retrying (`Retry-After` in seconds), when the server said.
    public var retryAfter: TimeInterval?
    /// More, in English, for logs (the system's error, the decoding problem).
    public var detail: String?

    /// An error with the given members.
    public init(
        _ code: Code, httpStatus: Int? = nil, apiErrorCode: Int64? = nil, apiErrorMessage: String? = nil,
        retryAfter: TimeInterval? = nil, detail: String? = nil
    ) {
        self.code = code
        self.httpStatus = httpStatus
        self.apiErrorCode = apiErrorCode
        self.apiErrorMessage = apiErrorMessage
        self.retryAfter = retryAfter
        self.detail = detail
    }

    /// Whether the same request may succeed later (see the type's documentation).
    public var isRetryable: Bool {
        switch code {
        case .rateLimited, .serverError, .unreachable: return true
        default: return apiErrorCode.map { Self.retryableAPIErrorCodes.contains($0) } ?? false
        }
    }

    /// The error for a response that is not a success: the status, Apple's body when it is one,
    /// and `Retry-After` for a 429.
    static func response(status: Int, body: Data, retryAfter: String?) -> AppStoreServerAPIError {
        let payload = try? JSONDecoder().decode(ErrorPayload.self, from: body)
        let code: Code =
            switch status {
            case 401: .unauthorized
            case 404: .notFound
            case 429: .rateLimited
            case 500...599: .serverError
            default: .rejected
            }
        return AppStoreServerAPIError(
            code, httpStatus: status, apiErrorCode: payload?.errorCode, apiErrorMessage: payload?.errorMessage,
            retryAfter: retryAfter.flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) })
    }

    /// `code (HTTP status, errorCode): message`, for logs.
    public var description: String {
        var text = code.description
        var parts: [String] = []
        if let httpStatus { parts.append("HTTP \(httpStatus)") }
        if let apiErrorCode { parts.append("errorCode \(apiErrorCode)") }
        if !parts.isEmpty { text += " (" + parts.joined(separator: ", ") + ")" }
        if let message = apiErrorMessage ?? detail { text += ": " + message }
        return text
    }
}
