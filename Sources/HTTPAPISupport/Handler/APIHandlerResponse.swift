public import Foundation

/// An API handler's answer: a status, headers and a body, in plain Foundation types so any HTTP
/// server can send it as it is.
///
/// A simulated store's API answers with these (`SimulatedServerAPIResponse` and
/// `PlayDeveloperAPIResponse` are this type).
public struct APIHandlerResponse: Sendable {
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
}
