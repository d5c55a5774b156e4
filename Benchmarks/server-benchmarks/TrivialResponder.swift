import Foundation
import Glibc

/// The smallest HTTP/1.1 keep-alive responder, for measuring the client alone: a listening socket
/// on 127.0.0.1 (ephemeral port) and a thread per connection that reads a request head and writes
/// one fixed `200` answer, until the client closes. It parses nothing, so what the client reaches
/// against it is the client's ceiling on this machine.
final class TrivialResponder: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private static let answer = Array(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{\"status\":\"ok\"}".utf8)

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 128) == 0 else {
            throw KeepAliveClient.Failure(description: "trivial responder: bind or listen failed, errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread {
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { return }
                Thread { Self.serve(connection) }.start()
            }
        }.start()
    }

    /// Stops accepting (the serving threads end when their clients close).
    func close() {
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }

    private static func serve(_ connection: Int32) {
        var one: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var tail: [UInt8] = []
        defer { Glibc.close(connection) }
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
            // Answer once per request head in what has arrived (GET requests carry no body).
            tail.append(contentsOf: buffer[0..<count])
            while let end = KeepAliveClient.Connection.headEnd(tail) {
                tail.removeFirst(end + 4)
                let sent = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent <= 0 { return }
            }
        }
    }
}
