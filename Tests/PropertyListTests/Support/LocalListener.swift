import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP listener on 127.0.0.1 that never accepts: a test points a document at it and afterwards
/// asks whether anybody tried to connect.
final class LocalListener {
    private let socketDescriptor: Int32
    /// The port it listens on.
    let port: UInt16

    init() throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard descriptor >= 0 else { throw POSIXError(.EIO) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0, listen(descriptor, 16) == 0 else {
                close(descriptor)
                throw POSIXError(.EADDRINUSE)
            }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            socketDescriptor = descriptor
            port = UInt16(bigEndian: address.sin_port)
        #else
            throw POSIXError(.ENOTSUP)
        #endif
    }

    /// Whether a connection is waiting (someone tried to reach the listener).
    var wasContacted: Bool {
        #if canImport(Glibc)
            let connection = accept(socketDescriptor, nil, nil)
            if connection >= 0 {
                close(connection)
                return true
            }
        #endif
        return false
    }

    deinit {
        #if canImport(Glibc)
            close(socketDescriptor)
        #endif
    }
}
