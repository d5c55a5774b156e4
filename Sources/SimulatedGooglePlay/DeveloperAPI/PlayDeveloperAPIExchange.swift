public import Foundation

/// One request to the simulated Play Developer API, in plain Foundation types so any HTTP server can
/// hand it over: the method, the path (percent-decoded, without the query), the query items, the
/// headers (names compared without case) and the body.
public struct PlayDeveloperAPIRequest: Sendable {
    /// `GET`, `POST`...
    public var method: String
    /// The path, percent-decoded, without the query
    /// (`/androidpublisher/v3/applications/com.example.app/purchases/voidedpurchases`).
    public var path: String
    /// The query items, in order (a name may repeat).
    public var query: [URLQueryItem]
    /// The headers, by lowercased name.
    public private(set) var headers: [String: String]
    /// The body.
    public var body: Data

    /// A request; header names are lowercased.
    public init(
        method: String, path: String, query: [URLQueryItem] = [], headers: [String: String] = [:], body: Data = Data()
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The value of the header `name` (any case).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The value of the last query item named `name`.
    public func queryValue(_ name: String) -> String? { query.last { $0.name == name }?.value }
}

/// The simulated Play Developer API's answer: a status, headers and a JSON body.
public struct PlayDeveloperAPIResponse: Sendable {
    /// The HTTP status.
    public var status: Int
    /// The headers.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// An answer.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A 200 answer of `value` as JSON.
    static func json(_ value: some Encodable) -> PlayDeveloperAPIResponse {
        PlayDeveloperAPIResponse(
            status: 200, headers: ["Content-Type": "application/json; charset=UTF-8"], body: PubSubPushBody.json(value))
    }

    /// The 200 answer of an acknowledgement or consumption: an empty body.
    static let empty = PlayDeveloperAPIResponse(
        status: 200, headers: ["Content-Type": "application/json; charset=UTF-8"])
}

/// An error answer of Google's APIs: `{"error": {"code": 404, "message": "...", "status": "NOT_FOUND"}}`.
struct PlayDeveloperAPIError: Error, Sendable, Hashable, Encodable {
    struct Detail: Sendable, Hashable, Encodable {
        var code: Int
        var message: String
        var status: String
    }

    var error: Detail

    init(_ code: Int, _ status: String, _ message: String) {
        error = Detail(code: code, message: message, status: status)
    }

    /// The answer carrying it, with its status.
    var response: PlayDeveloperAPIResponse {
        var headers = ["Content-Type": "application/json; charset=UTF-8"]
        if error.code == 401 { headers["WWW-Authenticate"] = "Bearer realm=\"https://accounts.google.com/\"" }
        return PlayDeveloperAPIResponse(status: error.code, headers: headers, body: PubSubPushBody.json(self))
    }

    static func invalidArgument(_ message: String) -> PlayDeveloperAPIError {
        PlayDeveloperAPIError(400, "INVALID_ARGUMENT", message)
    }

    static func notFound(_ message: String) -> PlayDeveloperAPIError {
        PlayDeveloperAPIError(404, "NOT_FOUND", message)
    }

    static func failedPrecondition(_ message: String) -> PlayDeveloperAPIError {
        PlayDeveloperAPIError(409, "FAILED_PRECONDITION", message)
    }

    static let unauthenticated = PlayDeveloperAPIError(
        401, "UNAUTHENTICATED",
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other "
            + "valid authentication credential.")

    static let noSuchMethod = notFound("The requested URL was not found on this server.")
    static let tokenNotFound = notFound("The purchase token was not found.")
}
