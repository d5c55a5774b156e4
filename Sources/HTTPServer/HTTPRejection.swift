/// A request the server answers itself, without the handler: why, and the request as far as it was
/// read (its body empty).
public struct HTTPRejection: Sendable {
    /// Why the server refused the request.
    public enum Reason: Sendable, Hashable {
        /// The body was longer than the limit (413).
        case bodyTooLarge
        /// The request line and headers were longer than the limit (431).
        case headersTooLarge
        /// The handler did not answer within the request time (503).
        case timedOut
        /// The server is shutting down and takes no new request (503).
        case shuttingDown

        /// The status the server answers with for this reason.
        public var status: Int {
            switch self {
            case .bodyTooLarge: 413
            case .headersTooLarge: 431
            case .timedOut, .shuttingDown: 503
            }
        }
    }

    /// Why.
    public var reason: Reason
    /// The request's method, path, query, headers and remote address; its body is empty.
    public var request: HTTPRequest

    /// A rejection for `reason` of `request`.
    public init(reason: Reason, request: HTTPRequest) {
        self.reason = reason
        self.request = request
    }

    /// The default answer: the reason's status and a one-line English text.
    @Sendable public static func plainResponse(_ rejection: HTTPRejection) -> HTTPResponse {
        let text =
            switch rejection.reason {
            case .bodyTooLarge: "request body too large\n"
            case .headersTooLarge: "request header fields too large\n"
            case .timedOut: "request timed out\n"
            case .shuttingDown: "server shutting down\n"
            }
        return HTTPResponse.text(status: rejection.reason.status, text)
    }
}

/// What the server answered to one request, for an access log: the request (its body as received,
/// empty for a rejection), the response queued, and how long it took from the end of the headers.
public struct HTTPExchangeRecord: Sendable {
    /// The request.
    public var request: HTTPRequest
    /// The response queued for it.
    public var response: HTTPResponse
    /// The time from the request's headers being read to its response being queued.
    public var duration: Duration
    /// Why the server answered it itself, or nil when the handler answered.
    public var rejection: HTTPRejection.Reason?
}
