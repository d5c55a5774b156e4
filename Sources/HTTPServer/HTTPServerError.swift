/// Why an ``HTTPServer`` could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: Sendable, Hashable {
        /// The host could not be resolved to an address, or the port is out of range.
        case invalidAddress
        /// libmicrohttpd did not start (the address is in use or not available, or the system refused).
        case cannotListen
        /// ``HTTPServer/start()`` was called on a server already started.
        case alreadyStarted
    }

    /// What failed.
    public var kind: Kind
    /// The address concerned, `host:port`.
    public var address: String
    /// The system's reason when one is known (`strerror` of `errno`), else empty.
    public var reason: String

    /// An error of `kind` for `address`.
    public init(kind: Kind, address: String, reason: String = "") {
        self.kind = kind
        self.address = address
        self.reason = reason
    }

    /// A one-line English description, for logs.
    public var description: String {
        let what =
            switch kind {
            case .invalidAddress: "invalid listen address"
            case .cannotListen: "cannot listen on"
            case .alreadyStarted: "already started on"
            }
        return reason.isEmpty ? "\(what) \(address)" : "\(what) \(address): \(reason)"
    }
}
