public import Foundation

/// An HTTP response for the server to send: status, header fields and the whole body.
///
/// The server adds `Content-Length` itself (a field of that name given here is ignored) and
/// `Date`; a `Connection: close` field closes the connection after the response.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields to send.
    public var headers: HTTPHeaders
    /// The body.
    public var body: Data

    /// A response with `status`, `headers` and `body`.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is JSON text already encoded, with `Content-Type: application/json`.
    public static func json(status: Int = 200, _ body: Data, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers["Content-Type"] = "application/json; charset=utf-8"
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// A response whose body is `value` encoded with `encoder`, with `Content-Type: application/json`.
    ///
    /// - Throws: what `encoder` throws for `value`.
    public static func json<Value: Encodable>(
        status: Int = 200, encoding value: Value, encoder: JSONEncoder = JSONEncoder()
    ) throws -> HTTPResponse {
        json(status: status, try encoder.encode(value))
    }

    /// A response whose body is `text` in UTF-8, with `Content-Type: text/plain; charset=utf-8`.
    public static func text(status: Int = 200, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
    }
}
