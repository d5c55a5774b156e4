import CMicroHTTPD
import Foundation

/// What libmicrohttpd's callbacks reach through their context pointer: the handler, the limits and
/// the count of requests in flight that shutting down waits for.
///
/// Safe to share: its constants are immutable and its mutable state is behind a lock.
final class ServerCore: @unchecked Sendable {
    struct Flight {
        var stopping = false
        var inFlight = 0
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let limits: HTTPServer.Limits
    let handler: HTTPServer.Handler
    let rejectionResponder: @Sendable (HTTPRejection) -> HTTPResponse
    let responseObserver: (@Sendable (HTTPExchangeRecord) -> Void)?
    /// Where the handlers' tasks run.
    let executor: HandlerExecutor
    /// The running requests' deadlines (``HTTPServer/Limits/requestTimeout``).
    private(set) var deadlines: RequestDeadlines!
    private let flight = Guarded(Flight())

    init(configuration: HTTPServer.Configuration, handler: @escaping HTTPServer.Handler) {
        limits = configuration.limits
        self.handler = handler
        rejectionResponder = configuration.rejectionResponder
        responseObserver = configuration.responseObserver
        executor = HandlerExecutor(
            maximumThreads: configuration.handlerThreads, threadStart: configuration.handlerThreadStart)
        deadlines = RequestDeadlines(timeout: configuration.limits.requestTimeout) { [unowned self] running in
            expire(running)
        }
    }

    // MARK: - Requests in flight

    /// Counts a request in flight; false when the server is shutting down (the request is still
    /// counted until it completes, but is to be refused).
    func begin() -> Bool {
        flight.withLock { flight in
            flight.inFlight += 1
            return !flight.stopping
        }
    }

    /// A request counted by ``begin()`` completed.
    func end() {
        let waiters = flight.withLock { flight -> [CheckedContinuation<Void, Never>] in
            flight.inFlight -= 1
            guard flight.stopping, flight.inFlight == 0 else { return [] }
            defer { flight.drainWaiters = [] }
            return flight.drainWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// From now on new requests are refused.
    func beginStopping() {
        flight.withLock { $0.stopping = true }
    }

    /// Returns once no request is in flight (after ``beginStopping()``).
    func drained() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = flight.withLock { flight -> Bool in
                if flight.inFlight == 0 { return true }
                flight.drainWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    // MARK: - On MHD's thread

    /// The access handler's work for one call (see `MHD_AccessHandlerCallback`).
    func access(
        connection: OpaquePointer, method: String, version: String, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let exchange: Exchange
        if let existing = context.pointee {
            exchange = Unmanaged<Exchange>.fromOpaque(existing).takeUnretainedValue()
        } else {
            exchange = Exchange(target: "/")
            context.pointee = Unmanaged.passRetained(exchange).toOpaque()
        }
        guard let request = exchange.request else {
            return headersRead(exchange, connection: connection, method: method, version: version)
        }
        if uploadSize.pointee > 0 {
            receive(upload, count: uploadSize.pointee, into: exchange)
            uploadSize.pointee = 0
            return .YES
        }
        switch exchange.phase {
        case .receiving:
            if exchange.bodyTooLarge {
                reject(.bodyTooLarge, exchange, connection: connection)
                return .YES
            }
            var complete = request
            complete.body = exchange.body
            exchange.body = Data()
            exchange.request = complete
            exchange.phase = .running
            MHD_suspend_connection(connection)
            run(complete, exchange, connection: ConnectionHandle(pointer: connection))
        case .running:
            let given = exchange.answer.withLock { ($0.response, $0.rejection) }
            if let response = given.0 {
                queue(response, exchange, connection: connection, rejection: given.1)
            }
        case .answered:
            break
        }
        return .YES
    }

    /// The first call of a request: its headers are read. Refuses it at once when the server is
    /// shutting down or a limit is already passed.
    private func headersRead(_ exchange: Exchange, connection: OpaquePointer, method: String, version: String)
        -> MHD_Result
    {
        var fields: [HTTPHeaderField] = []
        _ = withUnsafeMutablePointer(to: &fields) { pointer in
            MHD_get_connection_values(
                connection, .HEADER_KIND,
                { context, _, key, value in
                    guard let context, let key else { return .YES }
                    let fields = context.assumingMemoryBound(to: [HTTPHeaderField].self)
                    fields.pointee.append(
                        HTTPHeaderField(name: String(cString: key), value: value.map { String(cString: $0) } ?? ""))
                    return .YES
                }, pointer)
        }
        let target = RequestTarget(exchange.target)
        let request = HTTPRequest(
            method: method, path: target.path, query: target.query, headers: HTTPHeaders(fields),
            remoteAddress: ListenAddress.numericHost(of: pk_mhd_client_address(connection)), version: version)
        exchange.request = request
        exchange.started = .now
        exchange.counted = true
        let accepting = begin()
        let headerBytes =
            method.utf8.count + exchange.target.utf8.count + version.utf8.count + 4
            + fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        if !accepting {
            reject(.shuttingDown, exchange, connection: connection)
        } else if headerBytes > limits.maximumHeaderBytes {
            reject(.headersTooLarge, exchange, connection: connection)
        } else if let length = request.headers["Content-Length"].flatMap({ Int($0) }), length > limits.maximumBodyBytes
        {
            reject(.bodyTooLarge, exchange, connection: connection)
        }
        return .YES
    }

    /// Keeps the next piece of the body, or drops it once the body is past the limit.
    private func receive(_ upload: UnsafePointer<CChar>?, count: Int, into exchange: Exchange) {
        guard !exchange.bodyTooLarge, let upload else { return }
        if exchange.body.count + count > limits.maximumBodyBytes {
            exchange.bodyTooLarge = true
            exchange.body = Data()
        } else {
            upload.withMemoryRebound(to: UInt8.self, capacity: count) { exchange.body.append($0, count: count) }
        }
    }

    /// Starts the handler's task and watches the request's deadline; the first to answer resumes
    /// the connection.
    private func run(_ request: HTTPRequest, _ exchange: Exchange, connection: ConnectionHandle) {
        let number = deadlines.watch(exchange, connection: connection)
        let handlerTask = Task(executorPreference: executor) { [self] in
            let response = await handler(request)
            deadlines.forget(number)
            guard exchange.offer(response, rejection: nil) else { return }
            MHD_resume_connection(connection.pointer)
        }
        exchange.answer.withLock { $0.handlerTask = handlerTask }
    }

    /// Answers a request still running at its deadline with the rejection responder's 503, cancels
    /// its handler's task and resumes its connection (on the deadline watcher's thread).
    private func expire(_ running: RequestDeadlines.Running) {
        var refused = running.exchange.request ?? HTTPRequest(method: "", path: "")
        refused.body = Data()
        let response = rejectionResponder(HTTPRejection(reason: .timedOut, request: refused))
        guard running.exchange.offer(response, rejection: .timedOut) else { return }
        running.exchange.answer.withLock { $0.handlerTask }?.cancel()
        MHD_resume_connection(running.connection.pointer)
    }

    /// Answers the request with the rejection responder's response for `reason`.
    private func reject(_ reason: HTTPRejection.Reason, _ exchange: Exchange, connection: OpaquePointer) {
        var request = exchange.request ?? HTTPRequest(method: "", path: "")
        request.body = Data()
        var response = rejectionResponder(HTTPRejection(reason: reason, request: request))
        if reason != .timedOut {
            response.headers["Connection"] = "close"
        }
        queue(response, exchange, connection: connection, rejection: reason)
    }

    /// Queues `response` on the connection (on MHD's thread, in the access handler) and tells the
    /// observer.
    private func queue(
        _ response: HTTPResponse, _ exchange: Exchange, connection: OpaquePointer, rejection: HTTPRejection.Reason?
    ) {
        exchange.phase = .answered
        let made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return }
        defer { MHD_destroy_response(made) }
        for field in response.headers where !HTTPHeaders.sameName(field.name, "Content-Length") {
            _ = MHD_add_response_header(made, field.name, field.value)
        }
        _ = MHD_queue_response(connection, UInt32(clamping: response.status), made)
        if let observer = responseObserver, let request = exchange.request {
            observer(
                HTTPExchangeRecord(
                    request: request, response: response, duration: ContinuousClock.now - exchange.started,
                    rejection: rejection))
        }
    }

    /// The request-completed callback's work: releases the exchange and ends its flight.
    func completed(context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let context, let raw = context.pointee else { return }
        context.pointee = nil
        let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeRetainedValue()
        if exchange.counted { end() }
    }
}
