public import Foundation

/// One request to the simulated App Store Server API, in plain Foundation types so any HTTP server
/// can hand it over: the method, the path (percent-decoded, without the query), the query items,
/// the headers (names compared without case) and the body.
public struct SimulatedServerAPIRequest: Sendable {
    /// `GET`, `POST`, `PUT`...
    public var method: String
    /// The path, percent-decoded, without the query (`/inApps/v1/transactions/2000000001`).
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

    /// The values of the query items named `name`, in order.
    public func queryValues(_ name: String) -> [String] { query.filter { $0.name == name }.compactMap(\.value) }
}

/// The simulated App Store Server API's answer: a status, headers and a body (JSON, or text for a
/// 401, as Apple's server answers).
public struct SimulatedServerAPIResponse: Sendable {
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

    /// A JSON answer of `value`.
    static func json(_ value: some Encodable, status: Int = 200) -> SimulatedServerAPIResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return SimulatedServerAPIResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// Apple's error answer: `{"errorCode": code, "errorMessage": message}` with the status the
    /// code's first three digits name.
    static func error(_ code: Int64, _ message: String) -> SimulatedServerAPIResponse {
        struct Body: Encodable {
            var errorCode: Int64
            var errorMessage: String
        }
        return json(Body(errorCode: code, errorMessage: message), status: Int(code / 10_000))
    }

    /// 401, as Apple answers a token it refuses.
    static let unauthenticated = SimulatedServerAPIResponse(
        status: 401, headers: ["Content-Type": "text/plain"], body: Data("Unauthenticated\n".utf8))
}
