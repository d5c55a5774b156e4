import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP/1.1 request over a fresh loopback connection (`Connection: close`), sent and read with
/// blocking socket calls on a thread of its own (never on the cooperative pool), so every way a
/// server can fail a client shows as itself: a refused connection, a reset, a timeout, a cut answer.
enum HTTPExchange {
    /// A complete answer: its status, and a body of the length its `Content-Length` announced.
    struct Answer: Sendable {
        var status: Int
        var body: Data

        /// The body as a JSON object (empty when it is not one).
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:] }
    }

    /// Why no complete answer came.
    enum Failure: Error, Sendable, Equatable {
        /// Nothing listens on the port: the request never reached a server.
        case refused
        /// The connection broke (reset, or closed before a complete answer).
        case broken(String)
        /// No answer within the socket timeout.
        case timedOut

        /// Whether the server may have handled the request (everything but a refused connection).
        var mayHaveReachedTheServer: Bool { self != .refused }
    }

    /// How long a connection waits for each read or write.
    static let socketTimeout = 20

    /// Sends `method path` with `body` (JSON), `key` as the bearer key and `headers`, and reads the answer.
    static func send(
        port: Int, method: String, path: String, body: Data?, key: String?, headers: [String: String] = [:]
    ) async -> Result<Answer, Failure> {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let key { head += "Authorization: Bearer \(key)\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        var request = Data((head + "\r\n").utf8)
        if let body { request.append(body) }
        let bytes = [UInt8](request)
        return await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: exchange(port: port, request: bytes)) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    private static func exchange(port: Int, request: [UInt8]) -> Result<Answer, Failure> {
        let socket: Int32
        do {
            socket = try LoopbackSocket.connect(port: port, timeout: socketTimeout)
        } catch {
            return .failure(error.code == ECONNREFUSED ? .refused : .broken("connect: \(error.code)"))
        }
        defer { close(socket) }
        var offset = 0
        while offset < request.count {
            let sent = request[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 {
                let code = errno
                return .failure(code == EAGAIN || code == EWOULDBLOCK ? .timedOut : .broken("send: \(code)"))
            }
            offset += sent
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                return .failure(code == EAGAIN || code == EWOULDBLOCK ? .timedOut : .broken("recv: \(code)"))
            }
            received.append(contentsOf: buffer[0..<count])
        }
        return parse(received)
    }

    /// The status and body of a whole answer read to the end of the connection.
    static func parse(_ bytes: [UInt8]) -> Result<Answer, Failure> {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            return .failure(.broken("no complete head in \(bytes.count) bytes"))
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            return .failure(.broken("status line \(lines[0])"))
        }
        var length: Int?
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        let body = Data(bytes[(end + 4)...])
        guard let length, body.count == length else {
            return .failure(.broken("a body of \(body.count) bytes, announced \(length.map(String.init) ?? "none")"))
        }
        return .success(Answer(status: status, body: body))
    }
}
