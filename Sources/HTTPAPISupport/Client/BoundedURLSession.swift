public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A `URLSession` for one API client whose responses are read up to a limit, never further.
///
/// Guarantees: every request and every whole exchange ends within the timeout given at creation; the
/// session keeps no cookies and no cache; a body larger than the limit is refused as soon as its
/// `Content-Length` or its bytes pass the limit (the request is cancelled and nothing past the limit
/// is kept); cancelling the calling task cancels the request. Safe to share between tasks. Tasks
/// still running when it goes away are allowed to finish, then the session is invalidated.
public final class BoundedURLSession: Sendable {
    /// A response body passed the limit of ``load(_:limit:)``.
    public struct ResponseTooLarge: Error, Sendable {
        /// The error.
        public init() {}
    }

    private let session: URLSession
    private let loader: BoundedResponseLoader

    /// A session with the settings of `configuration` (tests register a `URLProtocol` there), its
    /// request and resource timeouts set to `timeout`, without cookie storage or URL cache.
    ///
    /// - Parameters:
    ///   - configuration: the settings to start from; changed in place as said above.
    ///   - timeout: the longest a request, and the whole exchange, may take, in seconds.
    public init(configuration: URLSessionConfiguration, timeout: TimeInterval) {
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        let loader = BoundedResponseLoader()
        self.loader = loader
        session = URLSession(configuration: configuration, delegate: loader, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// The response to `request` with its whole body, at most `limit` bytes.
    ///
    /// - Parameters:
    ///   - request: what to send.
    ///   - limit: the largest body accepted, in bytes.
    /// - Returns: the response and its body, whatever its status.
    /// - Throws: ``ResponseTooLarge`` past the limit; the session's error (a `URLError`) when the
    ///   request fails or times out; `CancellationError` when the calling task is cancelled.
    public func load(_ request: URLRequest, limit: Int) async throws -> (HTTPURLResponse, Data) {
        try await loader.load(request, session: session, limit: limit)
    }
}
