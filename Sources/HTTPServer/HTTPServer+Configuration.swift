import Foundation

extension HTTPServer {
    /// The bounds the server keeps every connection and request within.
    ///
    /// A body past ``maximumBodyBytes`` is answered 413 (at once when its `Content-Length` says so,
    /// else once it has been read through without being kept); a request line and headers past
    /// ``maximumHeaderBytes`` 431; connections past ``maximumConnections`` are not accepted until
    /// others close; a connection silent for ``connectionTimeout`` is closed; a handler that has not
    /// answered within ``requestTimeout`` is answered 503 for it (its task is cancelled).
    public struct Limits: Sendable, Hashable {
        /// The most body bytes a request may carry.
        public var maximumBodyBytes: Int
        /// The most bytes of the request line and header fields together.
        public var maximumHeaderBytes: Int
        /// The most connections open at once.
        public var maximumConnections: Int
        /// How long a connection may stay without activity before it is closed (whole seconds, at
        /// least one).
        public var connectionTimeout: Duration
        /// How long a handler may take to answer.
        public var requestTimeout: Duration

        /// Limits with these values; the defaults suit a small JSON API.
        public init(
            maximumBodyBytes: Int = 1 << 20, maximumHeaderBytes: Int = 16 << 10, maximumConnections: Int = 256,
            connectionTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(30)
        ) {
            self.maximumBodyBytes = maximumBodyBytes
            self.maximumHeaderBytes = maximumHeaderBytes
            self.maximumConnections = maximumConnections
            self.connectionTimeout = connectionTimeout
            self.requestTimeout = requestTimeout
        }
    }

    /// Where the server listens, its limits, and how it answers what it refuses on its own.
    public struct Configuration: Sendable {
        /// The address to listen on: a numeric IPv4 or IPv6 address or a host name resolved once at
        /// start (the first address found).
        public var host: String
        /// The port; 0 lets the system choose one, which ``HTTPServer/port`` then reports.
        public var port: Int
        /// The bounds of connections and requests.
        public var limits: Limits
        /// The response to a request the server refuses itself (see ``HTTPRejection``); by default a
        /// short text.
        public var rejectionResponder: @Sendable (HTTPRejection) -> HTTPResponse
        /// Called once for every response the server queues (the handler's or a rejection), on the
        /// server's thread: keep it short (an access-log line).
        public var responseObserver: (@Sendable (HTTPExchangeRecord) -> Void)?
        /// The most threads the handlers' tasks run on (their own, outside Swift's cooperative pool:
        /// a pool kept busy by other work never holds up the server's answers). Default: the number
        /// of processors, at least 2.
        public var handlerThreads: Int
        /// Called first on each thread the handlers' tasks run on, before any handler (to mark the
        /// thread for what the handlers call, as one that may block).
        public var handlerThreadStart: (@Sendable () -> Void)?

        /// A configuration listening on `host`:`port` with `limits`.
        public init(
            host: String = "127.0.0.1", port: Int = 0, limits: Limits = Limits(),
            rejectionResponder: @escaping @Sendable (HTTPRejection) -> HTTPResponse = HTTPRejection.plainResponse,
            responseObserver: (@Sendable (HTTPExchangeRecord) -> Void)? = nil,
            handlerThreads: Int = HTTPServer.Configuration.defaultHandlerThreads,
            handlerThreadStart: (@Sendable () -> Void)? = nil
        ) {
            self.handlerThreadStart = handlerThreadStart
            self.host = host
            self.port = port
            self.limits = limits
            self.rejectionResponder = rejectionResponder
            self.responseObserver = responseObserver
            self.handlerThreads = handlerThreads
        }

        /// The number of processors, at least 2.
        public static var defaultHandlerThreads: Int { max(2, ProcessInfo.processInfo.activeProcessorCount) }
    }
}
