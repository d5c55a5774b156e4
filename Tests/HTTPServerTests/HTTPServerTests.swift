import Foundation
import HTTPServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server over loopback: round trips, headers, query, limits, concurrency and shutdown.
struct HTTPServerTests {
    /// Echoes the method, the path and the body, with the request's `X-Probe` header back as `X-Reply`.
    static let echo: HTTPServer.Handler = { request in
        var headers = HTTPHeaders()
        headers["X-Reply"] = request.headers["x-probe"] ?? "none"
        let text = "\(request.method) \(request.path) \(String(decoding: request.body, as: UTF8.self))"
        return HTTPResponse(status: 200, headers: headers, body: Data(text.utf8))
    }

    @Test func listensOnTheEphemeralPortItReports() async throws {
        let test = try TestServer(handler: Self.echo)
        #expect(test.port > 0)
        await test.server.shutdown()
        #expect(test.server.port == 0)
    }

    @Test func getAndPostRoundTrip() async throws {
        let test = try TestServer(handler: Self.echo)
        let get = try await test.request("GET", "/hello")
        #expect(get.status == 200)
        #expect(String(decoding: get.body, as: UTF8.self) == "GET /hello ")
        let post = try await test.request("POST", "/echo", body: Data("{\"a\":1}".utf8))
        #expect(post.status == 200)
        #expect(String(decoding: post.body, as: UTF8.self) == "POST /echo {\"a\":1}")
        await test.server.shutdown()
    }

    @Test func headersAreCaseInsensitive() async throws {
        let test = try TestServer(handler: Self.echo)
        let answer = try await test.request("GET", "/", headers: ["X-PROBE": "loud"])
        #expect(answer.response.value(forHTTPHeaderField: "x-reply") == "loud")
        var headers = HTTPHeaders()
        headers.add(name: "Accept-Language", value: "ja")
        headers.add(name: "accept-language", value: "ru")
        #expect(headers["ACCEPT-LANGUAGE"] == "ja")
        #expect(headers.values(for: "Accept-language") == ["ja", "ru"])
        headers["ACCEPT-language"] = "fr"
        #expect(headers.values(for: "accept-language") == ["fr"])
        await test.server.shutdown()
    }

    @Test func pathAndQueryArePercentDecoded() async throws {
        let test = try TestServer { request in
            let items = request.query.map { "\($0.name)=\($0.value ?? "<nil>")" }.joined(separator: "|")
            return HTTPResponse.text("\(request.path)|\(items)")
        }
        let answer = try await RawHTTPClient.send(
            "GET /a%20b/c?q=x%20y&plus=c+d&flag&mark=%E2%9C%93&&bad=%zz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
            port: test.port)
        #expect(answer.status == 200)
        #expect(
            String(decoding: answer.body, as: UTF8.self) == "/a b/c|q=x y|plus=c d|flag=<nil>|mark=\u{2713}|bad=%zz")
        await test.server.shutdown()
    }

    @Test func bodyPastTheLimitIsAnswered413() async throws {
        let limits = HTTPServer.Limits(maximumBodyBytes: 1024)
        let handled = Counter()
        let test = try TestServer(limits: limits) { request in
            await handled.increment()
            return HTTPResponse.text("\(request.body.count)")
        }
        // Announced by Content-Length: refused before the body is read.
        let announced = try await RawHTTPClient.send(
            "POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\n\r\n" + String(repeating: "a", count: 5000),
            port: test.port)
        #expect(announced.status == 413)
        // Chunked: read through without being kept, then refused.
        let chunk = String(repeating: "b", count: 800)
        let chunked = try await RawHTTPClient.send(
            "POST /x HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n",
            port: test.port)
        #expect(chunked.status == 413)
        // At the limit it is taken.
        let fits = try await test.request("POST", "/x", body: Data(repeating: 1, count: 1024))
        #expect(fits.status == 200)
        #expect(String(decoding: fits.body, as: UTF8.self) == "1024")
        #expect(await handled.value == 1)
        await test.server.shutdown()
    }

    @Test func headersPastTheLimitAreAnswered431() async throws {
        let limits = HTTPServer.Limits(maximumHeaderBytes: 2048)
        let test = try TestServer(limits: limits, handler: Self.echo)
        let long = String(repeating: "h", count: 4000)
        let answer = try await RawHTTPClient.send(
            "GET / HTTP/1.1\r\nHost: t\r\nX-Long: \(long)\r\n\r\n", port: test.port)
        #expect(answer.status == 431)
        // Past what a connection's memory holds at all: libmicrohttpd refuses it itself.
        let huge = String(repeating: "h", count: 200_000)
        let hugeAnswer = try await RawHTTPClient.send(
            "GET / HTTP/1.1\r\nHost: t\r\nX-Huge: \(huge)\r\n\r\n", port: test.port)
        #expect(hugeAnswer.status == 431)
        let fits = try await test.request("GET", "/ok", headers: ["X-Probe": String(repeating: "s", count: 1000)])
        #expect(fits.status == 200)
        await test.server.shutdown()
    }

    /// What libmicrohttpd 0.9.75 answers malformed requests with, the handler never reached: 400 for a
    /// request line or header it cannot read, 505 for a version it does not speak, and a connection
    /// closed without an answer for a request line without a target (nil).
    static let malformed: [(String, Int?)] = [
        ("GET / FOO/1.1\r\nHost: t\r\n\r\n", 400),
        ("GET /\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost t\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: x\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("GET / HTTP/9.9\r\nHost: t\r\n\r\n", 505),
        ("GARBAGE\r\n\r\n", nil),
        (" / HTTP/1.1\r\nHost: t\r\n\r\n", nil),
    ]

    @Test func malformedRequestsAreAnsweredByLibmicrohttpd() async throws {
        let handled = Counter()
        let test = try TestServer { _ in
            await handled.increment()
            return HTTPResponse.text("reached")
        }
        for (input, expected) in Self.malformed {
            do {
                let answer = try await RawHTTPClient.send(input, port: test.port)
                #expect(answer.status == expected, "\(input.debugDescription)")
            } catch RawHTTPClient.Failure.noResponse(let received) {
                #expect(expected == nil && received.isEmpty, "\(input.debugDescription)")
            }
        }
        #expect(await handled.value == 0)
        await test.server.shutdown()
    }

    @Test func manyConcurrentRequestsAreAllAnswered() async throws {
        let handled = Counter()
        let test = try TestServer { request in
            await handled.increment()
            return HTTPResponse.text(request.queryValue("n") ?? "")
        }
        let count = 64
        let answers = try await withThrowingTaskGroup(of: (Int, Int, String).self) { group in
            for index in 0..<count {
                group.addTask {
                    let answer = try await test.request("GET", "/n?n=\(index)")
                    return (index, answer.status, String(decoding: answer.body, as: UTF8.self))
                }
            }
            var answers: [(Int, Int, String)] = []
            for try await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.count == count)
        for (index, status, body) in answers {
            #expect(status == 200)
            #expect(body == "\(index)")
        }
        #expect(await handled.value == count)
        await test.server.shutdown()
    }

    @Test func aSlowHandlerDoesNotBlockOthers() async throws {
        let gate = Gate()
        let test = try TestServer { request in
            if request.path == "/slow" { await gate.wait() }
            return HTTPResponse.text(request.path)
        }
        async let slow = test.request("GET", "/slow")
        // Answered while /slow is still waiting: the gate opens only after.
        let fast = try await test.request("GET", "/fast")
        #expect(fast.status == 200)
        await gate.open()
        let slowAnswer = try await slow
        #expect(String(decoding: slowAnswer.body, as: UTF8.self) == "/slow")
        await test.server.shutdown()
    }

    @Test func aHandlerPastTheRequestTimeIsAnswered503() async throws {
        let limits = HTTPServer.Limits(requestTimeout: .milliseconds(100))
        let test = try TestServer(limits: limits) { _ in
            try? await Task.sleep(for: .seconds(3600))
            return HTTPResponse.text("late")
        }
        let answer = try await test.request("GET", "/never")
        #expect(answer.status == 503)
        await test.server.shutdown()
    }

    @Test func shutdownWaitsForARequestInFlight() async throws {
        let started = Gate()
        let release = Gate()
        let stopped = Flag()
        let test = try TestServer { _ in
            await started.open()
            await release.wait()
            return HTTPResponse.text(await stopped.value ? "after stop" : "before stop")
        }
        async let inFlight = test.request("GET", "/in-flight")
        await started.wait()
        let shutdown = Task {
            await test.server.shutdown()
            await stopped.set()
        }
        // Once the server takes no new connection, shutting down has begun; the request is still in flight.
        var refused = false
        for _ in 0..<100_000 where !refused {
            refused = RawHTTPClient.isRefused(port: test.port)
            if !refused { await Task.yield() }
        }
        #expect(refused)
        #expect(await stopped.value == false)
        await release.open()
        let answer = try await inFlight
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self) == "before stop")
        await shutdown.value
        #expect(await stopped.value)
    }

    @Test func startingTwiceOrOnABusyPortFails() async throws {
        let test = try TestServer(handler: Self.echo)
        #expect(throws: HTTPServerError.self) { try test.server.start() }
        let second = HTTPServer(configuration: HTTPServer.Configuration(host: "127.0.0.1", port: test.port)) { _ in
            HTTPResponse(status: 204)
        }
        #expect {
            try second.start()
        } throws: { error in
            (error as? HTTPServerError)?.kind == .cannotListen
        }
        await test.server.shutdown()
    }

    @Test func theObserverSeesEveryResponse() async throws {
        let records = Records()
        let configuration = HTTPServer.Configuration(
            limits: HTTPServer.Limits(maximumBodyBytes: 16),
            responseObserver: { record in records.append(record) })
        let server = HTTPServer(configuration: configuration) { _ in HTTPResponse.text(status: 201, "made") }
        try server.start()
        let test = TestServer(started: server)
        _ = try await test.request("POST", "/a", body: Data("small".utf8))
        _ = try await test.request("POST", "/b", body: Data(repeating: 0, count: 64))
        await server.shutdown()
        let seen = records.all.map {
            "\($0.request.method) \($0.request.path) \($0.response.status) \($0.rejection.map { "\($0)" } ?? "-")"
        }
        #expect(seen.sorted() == ["POST /a 201 -", "POST /b 413 bodyTooLarge"])
    }
}

actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}

actor Flag {
    private(set) var value = false
    func set() { value = true }
}

final class Records: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [HTTPExchangeRecord] = []

    func append(_ record: HTTPExchangeRecord) {
        lock.lock()
        defer { lock.unlock() }
        records.append(record)
    }

    var all: [HTTPExchangeRecord] {
        lock.lock()
        defer { lock.unlock() }
        return records
    }
}
