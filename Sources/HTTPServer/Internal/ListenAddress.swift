import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A socket address to listen on, resolved from a host and a port.
struct ListenAddress {
    /// The address, large enough for IPv4 and IPv6.
    var storage: sockaddr_storage
    /// Whether it is an IPv6 address.
    var isIPv6: Bool

    /// The first address `host` resolves to with `port`, or an error of kind `invalidAddress`.
    static func resolve(host: String, port: Int) throws(HTTPServerError) -> ListenAddress {
        let shown = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        guard (0...65535).contains(port) else {
            throw HTTPServerError(kind: .invalidAddress, address: shown, reason: "port out of range")
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        defer { if let list { freeaddrinfo(list) } }
        guard status == 0, let first = list, let address = first.pointee.ai_addr else {
            let reason = status == 0 ? "no address" : String(cString: gai_strerror(status))
            throw HTTPServerError(kind: .invalidAddress, address: shown, reason: reason)
        }
        var storage = sockaddr_storage()
        let length = min(Int(first.pointee.ai_addrlen), MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: length))
        }
        return ListenAddress(storage: storage, isIPv6: first.pointee.ai_family == AF_INET6)
    }

    /// The numeric host of a peer address (`127.0.0.1`, `::1`), or empty.
    static func numericHost(of address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "" }
        let length =
            address.pointee.sa_family == sa_family_t(AF_INET6)
            ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard
            getnameinfo(address, socklen_t(length), &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0
        else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
