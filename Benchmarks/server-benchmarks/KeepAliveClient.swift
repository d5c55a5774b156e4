import Foundation
import Glibc

/// What one load run measured: requests answered with the expected status, the others, the wall
/// time and every answered request's latency.
struct LoadResult {
    var succeeded: Int
    var failed: Int
    var seconds: Double
    /// Latencies in microseconds, sorted.
    var latencies: [Double]
    var firstFailure: String?

    var rate: Double { seconds > 0 ? Double(succeeded) / seconds : 0 }

    func percentile(_ fraction: Double) -> Double {
        guard !latencies.isEmpty else { return 0 }
        let index = min(latencies.count - 1, Int((Double(latencies.count) * fraction).rounded(.up)) - 1)
        return latencies[max(0, index)]
    }
}

/// A blocking HTTP/1.1 client on raw sockets: each of `clients` threads holds one keep-alive
/// connection to 127.0.0.1:`port` and sends its share of `requests` (client `c` sends requests
/// `c`, `c + clients`, ...) one after the other, each the moment the previous answer is read, until
/// its share is done or `seconds` have passed. It parses only the status line and `Content-Length`,
/// so its own cost per request is a `write`, a `read` or two and a scan of the answer's head.
enum KeepAliveClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(port: Int, clients: Int, requests: [[UInt8]], seconds: Double, expect status: Int) -> LoadResult {
        let totals = Totals()
        let group = DispatchGroup()
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        for client in 0..<clients {
            group.enter()
            let thread = Thread {
                var mine: [Double] = []
                var ok = 0
                var bad = 0
                var failure: String?
                do {
                    let connection = try Connection(port: port)
                    defer { connection.close() }
                    var index = client
                    while index < requests.count && clock.now < deadline {
                        let sent = clock.now
                        let answered = try connection.exchange(requests[index])
                        let elapsed = clock.now - sent
                        if answered.status == status {
                            ok += 1
                            mine.append(microseconds(elapsed))
                        } else {
                            bad += 1
                            if failure == nil { failure = "HTTP \(answered.status): \(answered.body.prefix(300))" }
                        }
                        index += clients
                    }
                } catch {
                    bad += 1
                    failure = failure ?? "\(error)"
                }
                totals.add(ok, bad, mine, failure)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        let elapsed = clock.now - start
        return totals.result(seconds: microseconds(elapsed) / 1e6)
    }

    /// What the client threads add up, under a lock.
    final class Totals: @unchecked Sendable {
        private let lock = NSLock()
        private var succeeded = 0
        private var failed = 0
        private var latencies: [Double] = []
        private var firstFailure: String?

        func add(_ ok: Int, _ bad: Int, _ mine: [Double], _ failure: String?) {
            lock.lock()
            defer { lock.unlock() }
            succeeded += ok
            failed += bad
            latencies.append(contentsOf: mine)
            if firstFailure == nil { firstFailure = failure }
        }

        func result(seconds: Double) -> LoadResult {
            lock.lock()
            defer { lock.unlock() }
            return LoadResult(
                succeeded: succeeded, failed: failed, seconds: seconds, latencies: latencies.sorted(),
                firstFailure: firstFailure)
        }
    }

    static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    /// One keep-alive connection.
    final class Connection {
        let socket: Int32
        private var buffer = [UInt8](repeating: 0, count: 1 << 16)
        /// Bytes read past the previous answer (none with one request in flight, kept for safety).
        private var pending: [UInt8] = []

        init(port: Int) throws {
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
            var one: Int32 = 1
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard result == 0 else {
                Glibc.close(socket)
                throw Failure(description: "connect: errno \(errno)")
            }
        }

        func close() { Glibc.close(socket) }

        /// Sends `request` whole and reads one answer: its status and body.
        func exchange(_ request: [UInt8]) throws -> (status: Int, body: String) {
            try request.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = send(socket, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                    guard written > 0 else { throw Failure(description: "send: errno \(errno)") }
                    offset += written
                }
            }
            var received = pending
            pending = []
            var headEnd: Int?
            while true {
                if headEnd == nil, let end = Self.headEnd(received) { headEnd = end }
                if let end = headEnd {
                    let head = String(decoding: received[..<end], as: UTF8.self)
                    let length = Self.contentLength(head)
                    if received.count >= end + 4 + length {
                        let status = Self.status(head)
                        let body = String(decoding: received[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                        if received.count > end + 4 + length { pending = Array(received[(end + 4 + length)...]) }
                        return (status, body)
                    }
                }
                let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { throw Failure(description: "connection closed (recv \(count), errno \(errno))") }
                received.append(contentsOf: buffer[0..<count])
            }
        }

        static func headEnd(_ bytes: [UInt8]) -> Int? {
            guard bytes.count >= 4 else { return nil }
            for index in 0...(bytes.count - 4)
            where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
                return index
            }
            return nil
        }

        static func status(_ head: String) -> Int {
            let parts = head.split(separator: " ", maxSplits: 2)
            return parts.count >= 2 ? Int(parts[1]) ?? 0 : 0
        }

        static func contentLength(_ head: String) -> Int {
            for line in head.split(separator: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-length:") {
                    return Int(lower.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
            return 0
        }
    }
}
