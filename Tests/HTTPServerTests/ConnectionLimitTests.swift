import Foundation
import HTTPServer
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Connections past ``HTTPServer/Limits/maximumConnections`` are not served until one of the open ones
/// closes.
struct ConnectionLimitTests {
    /// What became of a request sent on a connection: its status, or why none came.
    enum Reply: Equatable {
        case status(Int)
        case closed
        case noAnswerYet
    }

    @Test func aConnectionPastTheLimitIsServedOnlyOnceAnotherCloses() async throws {
        // Idle connections are kept far longer than the test takes, so none is closed for it: under a
        // loaded machine an answer may take many seconds, which must not make room for a third.
        let limits = HTTPServer.Limits(maximumConnections: 2, connectionTimeout: .seconds(600))
        let test = try TestServer(limits: limits) { _ in .text("ok") }
        // Two keep-alive connections, each served once and left open: the server holds both.
        let first = try await Self.blocking { try LoopbackSocket.connect(port: test.port, timeout: 120) }
        let second = try await Self.blocking { try LoopbackSocket.connect(port: test.port, timeout: 120) }
        #expect(try await Self.blocking { Self.exchange(on: first) } == .status(200))
        #expect(try await Self.blocking { Self.exchange(on: second) } == .status(200))

        // A third gets no answer while they stay open: closed at once, or left waiting to be accepted.
        let third = try await Self.blocking { try LoopbackSocket.connect(port: test.port, timeout: 2) }
        let refused = try await Self.blocking { Self.exchange(on: third) }
        #expect(refused != .status(200), "a connection past the limit was served")

        // Once one of the two closes, a connection is served again.
        close(first)
        var served: Reply
        if refused == .noAnswerYet {
            served = try await Self.blocking { Self.read(on: third, waitingSeconds: 120) }
        } else {
            let fourth = try await Self.blocking { try LoopbackSocket.connect(port: test.port, timeout: 120) }
            served = try await Self.blocking { Self.exchange(on: fourth) }
            close(fourth)
        }
        #expect(served == .status(200))
        close(second)
        close(third)
        await test.server.shutdown()
    }

    /// Sends a keep-alive `GET` on `socket` and reads what comes back within the socket's timeout.
    static func exchange(on socket: Int32) -> Reply {
        let request = Array("GET /limit HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n".utf8)
        guard Glibc.send(socket, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return .closed }
        return read(on: socket, waitingSeconds: nil)
    }

    /// Reads a response's status line from `socket`, waiting `waitingSeconds` (or the socket's timeout).
    static func read(on socket: Int32, waitingSeconds: Int?) -> Reply {
        if let waitingSeconds {
            var timeout = timeval(tv_sec: waitingSeconds, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(UInt8(ascii: "\n")) {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { return .closed }
            if count < 0 { return .noAnswerYet }
            received += buffer[..<count]
        }
        let line = String(decoding: received, as: UTF8.self).split(separator: " ")
        guard line.count >= 2, let status = Int(line[1]) else { return .closed }
        return .status(status)
    }

    /// Runs blocking socket calls on a thread of their own, never on Swift's cooperative pool.
    static func blocking<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}
