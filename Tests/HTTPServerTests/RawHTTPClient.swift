import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A response as a raw socket read it: the status line's code, the header block and the body.
struct RawResponse {
    var status: Int
    var head: String
    var body: Data
}

/// A client on a plain TCP socket, for input URLSession will not send (malformed lines, oversized
/// headers and bodies). Each exchange runs on a thread of its own, so its blocking calls never hold a
/// thread of Swift's cooperative pool; every read is bounded by a receive timeout.
enum RawHTTPClient {
    enum Failure: Error {
        case cannotConnect(Int32)
        case noResponse(String)
    }

    /// Sends `request` to 127.0.0.1:`port` and reads one response (through `Content-Length`, or to the
    /// end of the connection).
    static func send(_ request: Data, port: Int) async throws -> RawResponse {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try sendBlocking(request, port: port) })
            }
            thread.start()
        }
    }

    /// Sends `text` (bytes as UTF-8) to 127.0.0.1:`port`; see ``send(_:port:)``.
    static func send(_ text: String, port: Int) async throws -> RawResponse {
        try await send(Data(text.utf8), port: port)
    }

    /// Whether a connection to 127.0.0.1:`port` is refused now.
    static func isRefused(port: Int) -> Bool {
        do {
            let socket = try connect(port: port)
            close(socket)
            return false
        } catch Failure.cannotConnect(let code) {
            return code == ECONNREFUSED
        } catch {
            return false
        }
    }

    private static func connect(port: Int) throws -> Int32 {
        do {
            return try LoopbackSocket.connect(port: port, timeout: 20)
        } catch {
            throw Failure.cannotConnect(error.code)
        }
    }

    private static func sendBlocking(_ request: Data, port: Int) throws -> RawResponse {
        let socket = try connect(port: port)
        defer { close(socket) }
        // The server may answer and close before taking everything (an early 413): stop sending then;
        // MSG_NOSIGNAL keeps a closed connection from raising SIGPIPE.
        request.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(socket, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { break }
                offset += sent
            }
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let response = complete(received) { return response }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(buffer, count: count)
        }
        if let response = complete(received, atEnd: true) { return response }
        throw Failure.noResponse(String(decoding: received, as: UTF8.self))
    }

    /// The response in `data` once it is whole.
    private static func complete(_ data: Data, atEnd: Bool = false) -> RawResponse? {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        let parts = head.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        let body = data[end.upperBound...]
        let lengthLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
        if let lengthLine,
            let length = Int(lengthLine.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        {
            guard body.count >= length else { return nil }
            return RawResponse(status: status, head: head, body: Data(body.prefix(length)))
        }
        return atEnd ? RawResponse(status: status, head: head, body: Data(body)) : nil
    }
}
