import CMicroHTTPD
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd that hands each whole request to an async handler.
///
/// libmicrohttpd reads and parses requests on a thread of its own and answers malformed ones (400)
/// itself. Once a request's headers and body are read within the ``Limits``, its connection is
/// suspended and the handler runs as a Swift task; when the handler answers (or the request time runs
/// out first, answered 503), the connection is resumed and the response sent. libmicrohttpd's thread
/// never waits for Swift concurrency. Requests on different connections run concurrently.
///
/// ``start()`` listens; ``port`` then tells the bound port. ``shutdown()`` stops accepting
/// connections, lets every request already begun be answered (new requests on open connections
/// are answered 503), then stops the daemon: call it before the last reference goes.
public final class HTTPServer: Sendable {
    /// What answers requests: called once per request, concurrently for different connections.
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    private enum Lifecycle {
        case idle
        case running(DaemonHandle, port: Int)
        case stopping(Task<Void, Never>)
        case stopped
    }

    /// The daemon pointer, used only by ``start()`` and the shutdown it leads to.
    private struct DaemonHandle: @unchecked Sendable {
        let pointer: OpaquePointer
        let core: Unmanaged<ServerCore>
    }

    /// The configuration the server was made with.
    public let configuration: Configuration
    private let core: ServerCore
    private let lifecycle = Guarded(Lifecycle.idle)

    /// A server with `configuration` answering with `handler`; it listens once started.
    public init(configuration: Configuration = Configuration(), handler: @escaping Handler) {
        self.configuration = configuration
        self.core = ServerCore(configuration: configuration, handler: handler)
    }

    /// The port the server listens on (the one the system chose when the configuration said 0), or 0
    /// when it is not listening.
    public var port: Int {
        lifecycle.withLock { lifecycle in
            if case .running(_, let port) = lifecycle { return port }
            return 0
        }
    }

    /// Starts listening.
    ///
    /// - Throws: ``HTTPServerError`` when the host does not resolve, the address cannot be listened on,
    ///   or the server was started before.
    public func start() throws(HTTPServerError) {
        let host = configuration.host
        let shown = host.contains(":") ? "[\(host)]:\(configuration.port)" : "\(host):\(configuration.port)"
        let startable = lifecycle.withLock { lifecycle -> Bool in
            if case .idle = lifecycle { return true }
            return false
        }
        guard startable else { throw HTTPServerError(kind: .alreadyStarted, address: shown) }
        var address = try ListenAddress.resolve(host: host, port: configuration.port)
        let limits = configuration.limits
        let timeout = limits.connectionTimeout.components
        let timeoutSeconds = max(1, timeout.seconds + (timeout.attoseconds > 0 ? 1 : 0))
        let memoryLimit = max(32 << 10, limits.maximumHeaderBytes + (16 << 10))
        let retained = Unmanaged.passRetained(core)
        let context = retained.toOpaque()
        errno = 0
        let daemon = withUnsafePointer(to: &address.storage) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                pk_mhd_start(
                    0, socketAddress, address.isIPv6 ? 1 : 0, UInt32(clamping: max(1, limits.maximumConnections)),
                    UInt32(clamping: timeoutSeconds), memoryLimit,
                    { context, connection, _, method, version, upload, uploadSize, requestContext in
                        guard let context, let connection, let uploadSize, let requestContext else { return .NO }
                        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
                        return core.access(
                            connection: connection, method: method.map { String(cString: $0) } ?? "",
                            version: version.map { String(cString: $0) } ?? "", upload: upload,
                            uploadSize: uploadSize, context: requestContext)
                    }, context,
                    { context, _, requestContext, _ in
                        guard let context else { return }
                        Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
                            .completed(context: requestContext)
                    }, context,
                    { _, uri, _ in
                        let exchange = Exchange(target: uri.map { String(cString: $0) } ?? "/")
                        return Unmanaged.passRetained(exchange).toOpaque()
                    }, nil)
            }
        }
        guard let daemon else {
            let reason = errno != 0 ? String(cString: strerror(errno)) : ""
            retained.release()
            throw HTTPServerError(kind: .cannotListen, address: shown, reason: reason)
        }
        let port = Int(pk_mhd_bound_port(daemon))
        let handle = DaemonHandle(pointer: daemon, core: retained)
        let raced = lifecycle.withLock { lifecycle -> Bool in
            guard case .idle = lifecycle else { return true }
            lifecycle = .running(handle, port: port)
            return false
        }
        if raced {
            MHD_stop_daemon(daemon)
            retained.release()
            throw HTTPServerError(kind: .alreadyStarted, address: shown)
        }
    }

    /// Stops accepting connections (new ones are refused at once; those the system had queued but the
    /// server had not accepted are reset), waits until every request whose headers were read has been
    /// answered (or has failed with its connection), then stops the daemon and closes its socket. Requests begun on
    /// open connections meanwhile are answered 503 with `Connection: close`. Calls after the first
    /// wait for the same stop; on a server never started it returns at once.
    public func shutdown() async {
        let task = lifecycle.withLock { lifecycle -> Task<Void, Never>? in
            switch lifecycle {
            case .idle:
                lifecycle = .stopped
                return nil
            case .running(let handle, _):
                let core = core
                let task = Task {
                    core.beginStopping()
                    let listener = MHD_quiesce_daemon(handle.pointer)
                    // The socket stays open until the daemon stops (its thread may still hold it), but
                    // on Linux shutting a listening socket down stops it listening: new connections are
                    // refused at once rather than left in the backlog, unanswered, until it closes.
                    if listener >= 0 { _ = Glibc.shutdown(listener, Int32(SHUT_RDWR)) }
                    await core.drained()
                    MHD_stop_daemon(handle.pointer)
                    if listener >= 0 { close(listener) }
                    core.executor.stop()
                    core.deadlines.stop()
                    handle.core.release()
                }
                lifecycle = .stopping(task)
                return task
            case .stopping(let task):
                return task
            case .stopped:
                return nil
            }
        }
        await task?.value
        lifecycle.withLock { $0 = .stopped }
    }
}
