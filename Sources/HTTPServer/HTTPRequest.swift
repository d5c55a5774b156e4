public import Foundation

/// One item of a request's query string, its name and value percent-decoded (`+` read as a space,
/// as HTML forms send it); `value` is nil for an item without `=`.
public struct HTTPQueryItem: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value, or nil when the item had no `=`.
    public var value: String?

    /// An item named `name` with `value`.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}

/// A whole HTTP request as the server received it: method, path, query, headers and the complete
/// body, bounded by the server's limits.
///
/// The path has no query string and is percent-decoded (invalid UTF-8 replaced); the query items keep
/// their order; header names compare without regard to case.
public struct HTTPRequest: Sendable {
    /// The method, as sent (`GET`, `POST`, ...).
    public var method: String
    /// The path without the query string, percent-decoded.
    public var path: String
    /// The query string's items, in order.
    public var query: [HTTPQueryItem]
    /// The header fields.
    public var headers: HTTPHeaders
    /// The complete body (empty when there was none).
    public var body: Data
    /// The client's address without its port (`127.0.0.1`, `::1`), or empty when unknown.
    public var remoteAddress: String
    /// The protocol version, as sent (`HTTP/1.1`).
    public var version: String

    /// A request with these parts (the server makes its own; this is for handlers' tests).
    public init(
        method: String, path: String, query: [HTTPQueryItem] = [], headers: HTTPHeaders = HTTPHeaders(),
        body: Data = Data(), remoteAddress: String = "", version: String = "HTTP/1.1"
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.version = version
    }

    /// The value of the first query item named `name` (exact case), or nil when there is none or it
    /// had no value.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value ?? nil
    }
}
