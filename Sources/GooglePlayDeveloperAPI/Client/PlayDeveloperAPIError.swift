import Foundation

/// A request to the Play Developer API failed.
///
/// ``code`` says how, as a value a program switches on (with a `default`: new codes may be added);
/// ``httpStatus``, ``status`` and ``message`` carry Google's error body
/// (`{"error": {"code": n, "message": "...", "status": "NOT_FOUND"}}`). ``isRetryable`` says whether
/// the same request may succeed later: 429, 5xx, and a server that could not be reached or did not
/// answer in time; never another 4xx.
public struct PlayDeveloperAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// How a request failed. New codes may be added; a number is never reused.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// A stable number.
        public var rawValue: Int
        /// The code numbered `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// A 4xx not named below (400 `INVALID_ARGUMENT`, 409 `FAILED_PRECONDITION`...).
        public static let rejected = Code(rawValue: 1)
        /// 401 or 403: the access token was refused.
        public static let unauthorized = Code(rawValue: 2)
        /// 404: the purchase is not known.
        public static let notFound = Code(rawValue: 3)
        /// 429: too many requests.
        public static let rateLimited = Code(rawValue: 4)
        /// 5xx: Google's server failed.
        public static let serverError = Code(rawValue: 5)
        /// The server could not be reached, or did not answer in time.
        public static let unreachable = Code(rawValue: 6)
        /// The response body was larger than the configuration allows.
        public static let responseTooLarge = Code(rawValue: 7)
        /// The response was not the JSON the endpoint answers with.
        public static let malformedResponse = Code(rawValue: 8)
        /// The request could not be made: no access token, or a URL that cannot be built.
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

    /// How.
    public var code: Code
    /// The HTTP status, when the server answered.
    public var httpStatus: Int?
    /// Google's `error.status` (`NOT_FOUND`...), when the body carried one.
    public var status: String?
    /// Google's `error.message`, when the body carried one.
    public var message: String?
    /// More, in English, for logs (the system's error, the decoding problem).
    public var detail: String?

    /// An error with the given members.
    public init(
        _ code: Code, httpStatus: Int? = nil, status: String? = nil, message: String? = nil, detail: String? = nil
    ) {
        self.code = code
        self.httpStatus = httpStatus
        self.status = status
        self.message = message
        self.detail = detail
    }

    /// Whether the same request may succeed later: 429, 5xx, a server not reached or too slow.
    public var isRetryable: Bool {
        code == .rateLimited || code == .serverError || code == .unreachable
    }

    /// Google's error body.
    private struct Body: Decodable {
        struct Inner: Decodable {
            var code: Int?
            var message: String?
            var status: String?
        }
        var error: Inner
    }

    /// The error for an answer that is not a success: the status, and Google's body when it is one.
    static func response(status: Int, body: Data) -> PlayDeveloperAPIError {
        let payload = try? JSONDecoder().decode(Body.self, from: body)
        let code: Code =
            switch status {
            case 401, 403: .unauthorized
            case 404: .notFound
            case 429: .rateLimited
            case 500...599: .serverError
            default: .rejected
            }
        return PlayDeveloperAPIError(
            code, httpStatus: status, status: payload?.error.status, message: payload?.error.message)
    }

    /// `code (HTTP status, STATUS): message`, for logs.
    public var description: String {
        var text = code.description
        let parts = [httpStatus.map { "HTTP \($0)" }, status].compactMap { $0 }
        if !parts.isEmpty { text += " (" + parts.joined(separator: ", ") + ")" }
        if let said = message ?? detail { text += ": " + said }
        return text
    }
}
