import PurchaseCore

/// The tool's texts that commands render alongside purchase messages (through a deployment's
/// `render`), as messages with their arguments.
extension Message {
    /// Heading of the entitlements.
    static let toolEntitlements = Message.keyed(.toolEntitlements, arguments: [])
    /// Shown when the person owns nothing yet.
    static let toolNothingOwned = Message.keyed(.toolNothingOwned, arguments: [])

    /// The catalog at `path` has errors.
    static func toolInvalidCatalog(path: String) -> Message {
        .keyed(.toolInvalidCatalog, arguments: [.text(path)])
    }

    /// Reading or writing `path` failed.
    static func toolIOError(path: String) -> Message {
        .keyed(.toolIOError, arguments: [.text(path)])
    }
}
