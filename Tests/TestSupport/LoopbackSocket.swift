import Glibc

/// A TCP connection to a port on 127.0.0.1 for tests that speak HTTP byte by byte (malformed or
/// oversized requests, a request held in flight, a client that must see a refused connection).
package enum LoopbackSocket {
    /// Connects to `port` on 127.0.0.1 with `timeout` seconds for each send and receive; returns the
    /// descriptor (the caller closes it), or throws the `errno` of the failed step.
    package static func connect(port: Int, timeout seconds: Int) throws(Errno) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Errno(code: errno) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(socket)
            throw Errno(code: code)
        }
        return socket
    }

    /// A failed system call's `errno`.
    package struct Errno: Error, Equatable {
        package let code: Int32
    }
}
