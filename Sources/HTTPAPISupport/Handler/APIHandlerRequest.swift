public import Foundation

/// One request to an API handler, in plain Foundation types so any HTTP server can hand it over: the
/// method, the path (percent-decoded, without the query), the query items, the headers (names
/// compared without case) and the body.
///
/// A simulated store's API takes these (`SimulatedServerAPIRequest` and `PlayDeveloperAPIRequest` are
/// this type), so a test can call the handler directly or mount it on a server.
public struct APIHandlerRequest: Sendable {
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

    /// A request; header names are lowercased (of two names alike but for case, the first one's value
    /// is kept).
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

    /// The values of the query items named `name`, in order (items without a value left out).
    public func queryValues(_ name: String) -> [String] { query.filter { $0.name == name }.compactMap(\.value) }

    /// The value of the last query item named `name` (`nil` when there is none or that one has no value).
    public func queryValue(_ name: String) -> String? { query.last { $0.name == name }?.value }
}
